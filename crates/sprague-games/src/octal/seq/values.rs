//! Compact storage of a Grundy sequence: the [`Cell`] widths (`u8`, `u16`, `u32`) the
//! computation is generic over, and [`Values`], which holds the sequence in the narrowest
//! width and widens it when a value needs it. Separate because it is plain data, read by
//! the file format and the period search as well as by the computation.

use super::Stamp;
use crate::octal::simd;

/// One stored value: `u8`, `u16` or `u32`.
pub trait Cell: Copy + PartialEq + Send + Sync + 'static {
    /// The value as a machine word.
    fn get(self) -> u32;
    /// The value in this width, if it fits.
    fn put(v: u32) -> Option<Self>;
    /// The values as bytes, when they are bytes (for the vector kernels).
    #[inline]
    fn bytes(_values: &[Self]) -> Option<&[u8]> {
        None
    }
    /// `want[(left[k] ^ right[len − 1 − k]) & (want.len() − 1)] = 0` for every `k`: the
    /// values of splits, stored without a branch (see `simd::clear_xors_u16`).
    fn clear_xors(left: &[Self], right: &[Self], want: &mut [Stamp]);
}
impl Cell for u8 {
    #[inline]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline]
    fn put(v: u32) -> Option<Self> {
        u8::try_from(v).ok()
    }
    #[inline]
    fn bytes(values: &[u8]) -> Option<&[u8]> {
        Some(values)
    }
    #[inline]
    fn clear_xors(left: &[u8], right: &[u8], want: &mut [Stamp]) {
        simd::clear_xors_u8(left, right, want);
    }
}
impl Cell for u16 {
    #[inline]
    fn get(self) -> u32 {
        self as u32
    }
    #[inline]
    fn put(v: u32) -> Option<Self> {
        u16::try_from(v).ok()
    }
    #[inline]
    fn clear_xors(left: &[u16], right: &[u16], want: &mut [Stamp]) {
        simd::clear_xors_u16(left, right, want);
    }
}
impl Cell for u32 {
    #[inline]
    fn get(self) -> u32 {
        self
    }
    #[inline]
    fn put(v: u32) -> Option<Self> {
        Some(v)
    }
    #[inline]
    fn clear_xors(left: &[u32], right: &[u32], want: &mut [Stamp]) {
        simd::clear_xors_plain(left, right, want);
    }
}

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
    pub(super) fn truncate(&mut self, n: usize) {
        match self {
            Values::U8(v) => v.truncate(n),
            Values::U16(v) => v.truncate(n),
            Values::U32(v) => v.truncate(n),
        }
    }
    pub(super) fn widen(&mut self) {
        *self = match std::mem::take(self) {
            Values::U8(v) => Values::U16(v.into_iter().map(u16::from).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            Values::U32(v) => Values::U32(v),
        }
    }
}
