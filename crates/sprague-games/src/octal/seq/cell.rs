//! The [`Cell`] widths (`u8`, `u16`, `u32`) the computation is generic over: one stored
//! value of a [`Values`](crate::octal::values::Values) sequence, with the vector kernel
//! of its width.

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
