//! Compact storage of a Grundy sequence: [`Values`] holds the sequence in the narrowest
//! width and widens it when a value needs it. Separate because it is plain data, read by
//! the file format and the period search as well as by the computation (`seq`); it sits
//! below all three.

/// A Grundy sequence `g(0), g(1), …`, one byte a value while the values stay below 256.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// Every value below 256.
    U8(Vec<u8>),
    /// Every value below 65536.
    U16(Vec<u16>),
    /// Wider values.
    U32(Vec<u32>),
}

impl Default for Values {
    fn default() -> Self {
        Values::U8(Vec::new())
    }
}

impl Values {
    /// Builds a sequence from plain numbers, in the narrowest width that holds them.
    pub fn from_u32(v: &[u32]) -> Values {
        let max = v.iter().copied().max().unwrap_or(0);
        if max < 256 {
            Values::U8(v.iter().map(|&x| x as u8).collect())
        } else if max < 65536 {
            Values::U16(v.iter().map(|&x| x as u16).collect())
        } else {
            Values::U32(v.to_vec())
        }
    }
    /// Number of values.
    pub fn len(&self) -> usize {
        match self {
            Values::U8(v) => v.len(),
            Values::U16(v) => v.len(),
            Values::U32(v) => v.len(),
        }
    }
    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// `g(n)`.
    #[inline]
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Values::U8(v) => v[n] as u32,
            Values::U16(v) => v[n] as u32,
            Values::U32(v) => v[n],
        }
    }
    /// Bytes per value (1, 2 or 4).
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }
    /// All values as `u32` (copies).
    pub fn to_u32(&self) -> Vec<u32> {
        (0..self.len()).map(|i| self.get(i)).collect()
    }
    /// The Fletcher-32 checksum of the values, each value one 16-bit word (a value of
    /// 2^16 or more two words, low half first): sums modulo 65,535, the second sum in the
    /// high half. Two computations agree on every value when their checksums agree (short
    /// of an accident), which is how benchmarks compare sequences from different programs.
    pub fn fletcher32(&self) -> u32 {
        self.fletcher32_of_first(self.len())
    }

    /// [`Values::fletcher32`] of the first `count` values (all of them, if fewer).
    pub fn fletcher32_of_first(&self, count: usize) -> u32 {
        let (mut lo, mut hi) = (0u32, 0u32);
        let mut add = |w: u32| {
            lo = (lo + w) % 65535;
            hi = (hi + lo) % 65535;
        };
        for n in 0..count.min(self.len()) {
            let v = self.get(n);
            add(v & 0xFFFF);
            if v > 0xFFFF {
                add(v >> 16);
            }
        }
        hi << 16 | lo
    }
    /// Keeps the first `n` values (for the computation in `seq`).
    pub(super) fn truncate(&mut self, n: usize) {
        match self {
            Values::U8(v) => v.truncate(n),
            Values::U16(v) => v.truncate(n),
            Values::U32(v) => v.truncate(n),
        }
    }
    /// Stores the values in the next wider width (for the computation in `seq`).
    pub(super) fn widen(&mut self) {
        *self = match std::mem::take(self) {
            Values::U8(v) => Values::U16(v.into_iter().map(u16::from).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            Values::U32(v) => Values::U32(v),
        }
    }
}
