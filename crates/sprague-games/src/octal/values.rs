//! Compact storage of a Grundy sequence: [`Values`] holds the sequence in the narrowest
//! width and widens it when a value needs it. Separate because it is plain data, read by
//! the file format and the period search as well as by the computation (`seq`); it sits
//! below all three.

/// A Grundy sequence `g(0), g(1), …`, one byte a value while the values stay below 256,
/// then nine bits a value while they stay below 512.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Values {
    /// Every value below 256.
    U8(Vec<u8>),
    /// Every value below 512, nine bits each (with copies of the first and the latest
    /// values in 16 bits, where a computation reads most).
    U9(Nine),
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
        } else if max < NINE_BITS {
            let mut nine = Nine::default();
            v.iter().for_each(|&x| nine.push(x as u16));
            Values::U9(nine)
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
            Values::U9(v) => v.len(),
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
            Values::U9(v) => v.view().at(n),
            Values::U16(v) => v[n] as u32,
            Values::U32(v) => v[n],
        }
    }
    /// Bytes per value in a saved file (1, 2 or 4; nine-bit values are saved in 2).
    pub fn width(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U9(_) | Values::U16(_) => 2,
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
        let count = count.min(self.len());
        let mut f = Fletcher32::default();
        match self {
            Values::U8(v) => v[..count].iter().for_each(|&x| f.word(u32::from(x))),
            Values::U16(v) => v[..count].iter().for_each(|&x| f.word(u32::from(x))),
            Values::U9(v) => {
                let view = v.view();
                (0..count).for_each(|n| f.word(view.at(n)));
            }
            Values::U32(v) => v[..count].iter().for_each(|&x| f.value(x)),
        }
        f.finish()
    }
    /// Keeps the first `n` values (for the computation in `seq`).
    pub(super) fn truncate(&mut self, n: usize) {
        match self {
            Values::U8(v) => v.truncate(n),
            Values::U9(v) => v.truncate(n),
            Values::U16(v) => v.truncate(n),
            Values::U32(v) => v.truncate(n),
        }
    }
    /// Stores the values in the next wider width (for the computation in `seq`).
    pub(super) fn widen(&mut self) {
        *self = match std::mem::take(self) {
            Values::U8(v) => {
                let mut nine = Nine::default();
                v.into_iter().for_each(|x| nine.push(u16::from(x)));
                Values::U9(nine)
            }
            Values::U9(v) => Values::U16((0..v.len()).map(|i| v.view().at(i) as u16).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            Values::U32(v) => Values::U32(v),
        }
    }

    /// Appends `v`, widening the values first as often as it needs (for the computation in
    /// `seq`, when its store's width does not hold the next value).
    pub(super) fn push_widening(&mut self, v: u32) {
        loop {
            match self {
                Values::U8(x) if v < 256 => x.push(v as u8),
                Values::U9(x) if v < NINE_BITS => x.push(v as u16),
                Values::U16(x) if v < 1 << 16 => x.push(v as u16),
                Values::U32(x) => x.push(v),
                _ => {
                    self.widen();
                    continue;
                }
            }
            return;
        }
    }

    /// The narrowest width for values that a file gave in 16 bits: nine bits where every
    /// value is below 512 (a computation resumed from a file then holds it in less memory),
    /// one byte where every value is below 256.
    pub(super) fn narrowed(self) -> Values {
        match self {
            Values::U16(v) if v.iter().all(|&x| x < 256) => {
                Values::U8(v.into_iter().map(|x| x as u8).collect())
            }
            Values::U16(v) if v.iter().all(|&x| u32::from(x) < NINE_BITS) => {
                let mut nine = Nine::default();
                nine.reserve(v.len());
                v.into_iter().for_each(|x| nine.push(x));
                Values::U9(nine)
            }
            other => other,
        }
    }
}

/// Read access to a sequence's first values, by index: a slice of any width, or a view
/// of nine-bit values ([`NineView`]). What the period search and the computation read.
pub trait Seq: Copy {
    /// How many values.
    fn len(self) -> usize;
    /// `g(i)`, `i < len`.
    fn at(self, i: usize) -> u32;
    /// Whether there are no values.
    fn is_empty(self) -> bool {
        self.len() == 0
    }
}

impl<T: Copy + Into<u32>> Seq for &[T] {
    #[inline(always)]
    fn len(self) -> usize {
        <[T]>::len(self)
    }
    #[inline(always)]
    fn at(self, i: usize) -> u32 {
        self[i].into()
    }
}

/// Values below 512 in nine bits each: the low byte of every value, and its ninth bit in
/// a bit array. A computation reads some places far more than the others: next to both
/// ends of the sequence (the splits of a heap from its ends inwards, the splits with a
/// small part) and around its middle (the splits of a heap from the middle outwards). So
/// 16-bit copies are kept of the first [`NINE_HEAD`] values, of the latest [`NINE_TAIL`]
/// (to twice that) and of [`NINE_MIDDLE`] (to twice that) on each side of the middle:
/// there a run of values is read as a plain slice. Officers to 10⁷: 1.23 bytes a value of
/// memory in all, where 16 bits a value would take 2.
#[derive(Debug, Clone, Default)]
pub struct Nine {
    low: Vec<u8>,
    /// Bit `i % 64` of word `i / 64`: bit 8 of `g(i)`; the bits past the length are 0.
    high: Vec<u64>,
    /// `g(0..head.len())`, `head.len() = min(len, head_len)`.
    head: Vec<u16>,
    /// `g(tail_base..len)`.
    tail: Vec<u16>,
    tail_base: usize,
    /// `g(middle_base..middle_base + middle.len())`, around `len / 2`.
    middle: Vec<u16>,
    middle_base: usize,
    /// The window lengths (tests make them small; 0 until the first value: the defaults).
    head_len: usize,
    tail_len: usize,
    middle_len: usize,
}

/// The values a [`Nine`] sequence holds: those below 512.
pub const NINE_BITS: u32 = 1 << 9;
/// The values kept in 16 bits at the start of a [`Nine`] sequence.
pub const NINE_HEAD: usize = 1 << 16;
/// The fewest latest values kept in 16 bits in a [`Nine`] sequence (at most twice as many).
/// Above the reach of most reads near the end (Officers' rare heaps, the parts of the
/// splits that read the latest values, are all below 21,000 up to 10⁷).
pub const NINE_TAIL: usize = 1 << 16;
/// The fewest values kept in 16 bits on each side of the middle of a [`Nine`] sequence.
pub const NINE_MIDDLE: usize = 1 << 13;

impl PartialEq for Nine {
    fn eq(&self, other: &Nine) -> bool {
        self.low == other.low && self.high == other.high
    }
}
impl Eq for Nine {}

impl Nine {
    /// An empty sequence with windows of `head`, `tail` and `middle` values (tests: small
    /// windows, so that short sequences read every kind of place).
    pub fn with_windows(head: usize, tail: usize, middle: usize) -> Nine {
        Nine {
            head_len: head,
            tail_len: tail.max(1),
            middle_len: middle.max(1),
            ..Nine::default()
        }
    }
    fn windows(&mut self) {
        if self.tail_len == 0 {
            self.head_len = NINE_HEAD;
            self.tail_len = NINE_TAIL;
            self.middle_len = NINE_MIDDLE;
        }
    }
    /// How many values.
    pub fn len(&self) -> usize {
        self.low.len()
    }
    /// Whether there are no values.
    pub fn is_empty(&self) -> bool {
        self.low.is_empty()
    }
    /// Room for `extra` more values.
    pub fn reserve(&mut self, extra: usize) {
        self.low.reserve(extra);
        self.high.reserve(
            (self.len() + extra)
                .div_ceil(64)
                .saturating_sub(self.high.len()),
        );
    }
    /// Appends `v` (below 512).
    pub fn push(&mut self, v: u16) {
        debug_assert!(u32::from(v) < NINE_BITS);
        self.windows();
        let i = self.low.len();
        self.low.push(v as u8);
        if i.is_multiple_of(64) {
            self.high.push(0);
        }
        self.high[i / 64] |= u64::from(v >> 8) << (i % 64);
        if i < self.head_len {
            self.head.push(v);
        }
        if self.tail.len() >= 2 * self.tail_len {
            self.tail.drain(..self.tail_len);
            self.tail_base += self.tail_len;
        }
        self.tail.push(v);
        // The middle window reaches middle_len past the middle (every value there known).
        let len = i + 1;
        let reach = (len / 2 + self.middle_len).min(len);
        while self.middle_base + self.middle.len() < reach {
            if self.middle.len() >= 4 * self.middle_len {
                self.middle.drain(..2 * self.middle_len);
                self.middle_base += 2 * self.middle_len;
            }
            let k = self.middle_base + self.middle.len();
            let x = packed_view(&self.low, &self.high).packed(k) as u16;
            self.middle.push(x);
        }
    }
    /// Keeps the first `n` values.
    pub fn truncate(&mut self, n: usize) {
        if n >= self.len() {
            return;
        }
        self.low.truncate(n);
        self.high.truncate(n.div_ceil(64));
        if !n.is_multiple_of(64) {
            if let Some(w) = self.high.last_mut() {
                *w &= (1u64 << (n % 64)) - 1;
            }
        }
        self.head.truncate(n);
        let view = packed_view(&self.low, &self.high);
        if n >= self.tail_base {
            self.tail.truncate(n - self.tail_base);
        } else {
            let base = n.saturating_sub(self.tail_len);
            self.tail.clear();
            view.decode(base, n, &mut self.tail);
            self.tail_base = base;
        }
        if n >= self.middle_base && n / 2 >= self.middle_base + self.middle_len {
            // The window still reaches middle_len below the middle (a speculative batch
            // drops a few values): only its values past the end go.
            self.middle.truncate(n - self.middle_base);
        } else {
            let base = (n / 2).saturating_sub(self.middle_len);
            self.middle.clear();
            view.decode(base, (n / 2 + self.middle_len).min(n), &mut self.middle);
            self.middle_base = base;
        }
    }
    /// A view of the values other than the latest (its `tail` empty), the latest values
    /// in 16 bits, `g(base..len)`, and `base`: for the computation's speculative batches,
    /// which write their guesses after the latest values while the rest stays fixed.
    pub(crate) fn open_latest(&mut self) -> (NineView<'_>, &mut Vec<u16>, usize) {
        self.windows();
        let fixed = NineView {
            head: &self.head,
            low: &self.low,
            high: &self.high,
            middle: &self.middle,
            middle_base: self.middle_base,
            tail: &[],
            tail_base: self.tail_base,
        };
        (fixed, &mut self.tail, self.tail_base)
    }
    /// A view of every value.
    #[inline]
    pub fn view(&self) -> NineView<'_> {
        NineView {
            head: &self.head,
            low: &self.low,
            high: &self.high,
            middle: &self.middle,
            middle_base: self.middle_base,
            tail: &self.tail,
            tail_base: self.tail_base,
        }
    }
}

/// A view of the packed values `low` and `high` of a [`Nine`] alone (no 16-bit windows).
fn packed_view<'a>(low: &'a [u8], high: &'a [u64]) -> NineView<'a> {
    NineView {
        head: &[],
        low,
        high,
        middle: &[],
        middle_base: 0,
        tail: &[],
        tail_base: low.len(),
    }
}

/// A view of nine-bit values ([`Nine`]): `g(i)` is read from the 16-bit copy of the first
/// or the latest values where it lies in one, else from its low byte and ninth bit; a run
/// of values is a slice of any of the 16-bit copies that holds it, else decoded.
#[derive(Debug, Clone, Copy)]
pub struct NineView<'a> {
    pub(crate) head: &'a [u16],
    pub(crate) low: &'a [u8],
    pub(crate) high: &'a [u64],
    /// `g(middle_base..middle_base + middle.len())`.
    pub(crate) middle: &'a [u16],
    pub(crate) middle_base: usize,
    /// `g(tail_base..tail_base + tail.len())`, the last values of the view.
    pub(crate) tail: &'a [u16],
    pub(crate) tail_base: usize,
}

impl NineView<'_> {
    /// `g(i)` from its low byte and ninth bit (any `i` of the packed values).
    #[inline(always)]
    pub(crate) fn packed(&self, i: usize) -> u32 {
        u32::from(self.low[i]) | (((self.high[i / 64] >> (i % 64)) as u32 & 1) << 8)
    }

    /// Appends `g(from..to)` from the low bytes and ninth bits, a bit word at a time.
    pub(crate) fn decode(&self, from: usize, to: usize, out: &mut Vec<u16>) {
        let mut i = from;
        while i < to {
            let end = ((i / 64 + 1) * 64).min(to);
            let word = self.high[i / 64] >> (i % 64);
            out.extend(
                self.low[i..end]
                    .iter()
                    .enumerate()
                    .map(|(k, &low)| u16::from(low) | ((word >> k) as u16 & 1) << 8),
            );
            i = end;
        }
    }
}

impl Seq for NineView<'_> {
    #[inline(always)]
    fn len(self) -> usize {
        self.tail_base + self.tail.len()
    }
    #[inline(always)]
    fn at(self, i: usize) -> u32 {
        if i >= self.tail_base {
            u32::from(self.tail[i - self.tail_base])
        } else if i < self.head.len() {
            u32::from(self.head[i])
        } else {
            self.packed(i)
        }
    }
}

/// Fletcher-32 over 16-bit words ([`Values::fletcher32`]), with the sums reduced modulo
/// 65,535 once every 2^20 words rather than at each word: the same sums, at a fraction of
/// the cost (a checksum of the 4.5·10⁸ values of the .1777 proof took about a second).
#[derive(Default)]
struct Fletcher32 {
    lo: u64,
    hi: u64,
    /// Words added since the last reduction (below 2^20: `lo` stays below 2^37 and `hi`
    /// below 2^57).
    pending: u32,
}

impl Fletcher32 {
    /// Adds one word (below 2^16).
    #[inline]
    fn word(&mut self, w: u32) {
        self.lo += u64::from(w);
        self.hi += self.lo;
        self.pending += 1;
        if self.pending == 1 << 20 {
            self.reduce();
        }
    }

    /// Adds a value: one word, or two (low half first) from 2^16 on.
    #[inline]
    fn value(&mut self, v: u32) {
        self.word(v & 0xFFFF);
        if v > 0xFFFF {
            self.word(v >> 16);
        }
    }

    fn reduce(&mut self) {
        self.lo %= 65_535;
        self.hi %= 65_535;
        self.pending = 0;
    }

    /// The checksum: the second sum in the high half.
    fn finish(mut self) -> u32 {
        self.reduce();
        (self.hi as u32) << 16 | self.lo as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fletcher-32 by its definition: both sums reduced at every word.
    fn by_definition(vals: &[u32]) -> u32 {
        let (mut lo, mut hi) = (0u32, 0u32);
        let mut add = |w: u32| {
            lo = (lo + w) % 65535;
            hi = (hi + lo) % 65535;
        };
        for &v in vals {
            add(v & 0xFFFF);
            if v > 0xFFFF {
                add(v >> 16);
            }
        }
        hi << 16 | lo
    }

    #[test]
    fn fletcher32_agrees_with_its_definition_in_every_width() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        // Past 2^20 words (the reductions), and words of 65,535 (0 modulo 65,535).
        for (len, max) in [
            (0usize, 1u64),
            (10, 300),
            (2_500_000, 256),
            (1_200_000, 512),
            (1_100_000, 65_536),
            (600_000, 1 << 20),
        ] {
            let vals: Vec<u32> = (0..len)
                .map(|_| match next() % 16 {
                    0 => 65_535.min(max - 1) as u32,
                    _ => (next() % max) as u32,
                })
                .collect();
            let v = Values::from_u32(&vals);
            assert_eq!(
                v.fletcher32(),
                by_definition(&vals),
                "{len} values below {max}"
            );
            let part = len / 3;
            assert_eq!(v.fletcher32_of_first(part), by_definition(&vals[..part]));
        }
    }
}
