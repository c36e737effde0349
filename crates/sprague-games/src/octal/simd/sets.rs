//! The search kernel for a scan's targets as one set: where the processor has AVX-512
//! (BW), the targets (values below 512) are a 512-bit set held in one register, and each
//! block of 32 splits is looked up in it, a few instructions for the whole block however
//! many targets are left. The AVX2 kernels mark each split (a store a split,
//! [`super::clear_xors_u16`]) while many targets are left and compare with each one
//! ([`super::find_targets_u16`]) once at most eight are; the lookup costs less than either.
//!
//! The lookup: the set is 32 words of 16 bits (bit `v & 15` of word `v >> 4` for the value
//! `v`); a permutation by `v >> 4` fetches each split's word (`vpermw`), a shift by
//! `v & 15` its bit (`vpsrlvw`), and a test gathers the hits of the block in a mask.

/// A set of values below 512: value `v` is bit `v % 64` of word `v / 64`.
pub(in crate::octal) type ValueSet = [u64; 8];

/// Whether the set kernels can run here.
#[inline]
pub(in crate::octal) fn value_sets() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi2")
            && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Looks at the splits `k = 0, 1, …` of value `left[k] ^ right[len − 1 − k]` (as
/// [`super::clear_xors_u16`] does), removing each split's value from `set`, until `set` is
/// empty. Returns the splits looked at: all of them when the set does not empty, else at
/// least up to the split that empties it and at most [`SPAN`] splits past it (the kernel
/// updates the set a few blocks at a time). Every value of `left` and `right` must be
/// below 512, and the kernel must be available ([`value_sets`]; else this is the plain
/// loop).
#[inline]
pub(in crate::octal) fn find_set_u16(left: &[u16], right: &[u16], set: &mut ValueSet) -> usize {
    assert!(left.len() == right.len());
    #[cfg(target_arch = "x86_64")]
    if value_sets() {
        // SAFETY: AVX-512 BW and VBMI2, and POPCNT, are present (checked above).
        return unsafe { avx512::find_set::<u16>(left, right, set) };
    }
    find_set_plain(left, right, set)
}

/// [`find_set_u16`] for byte values.
#[inline]
pub(in crate::octal) fn find_set_u8(left: &[u8], right: &[u8], set: &mut ValueSet) -> usize {
    assert!(left.len() == right.len());
    #[cfg(target_arch = "x86_64")]
    if value_sets() {
        // SAFETY: AVX-512 BW and VBMI2, and POPCNT, are present (checked above).
        return unsafe { avx512::find_set::<u8>(left, right, set) };
    }
    find_set_plain(left, right, set)
}

/// The set kernels without vector instructions: the definition, in blocks of 32.
pub(in crate::octal) fn find_set_plain<T: Copy + Into<u32>>(
    left: &[T],
    right: &[T],
    set: &mut ValueSet,
) -> usize {
    let len = left.len().min(right.len());
    let mut k = 0;
    while k < len && set.iter().any(|&w| w != 0) {
        let end = (k + BLOCK).min(len);
        for i in k..end {
            let v = (left[i].into() ^ right[len - 1 - i].into()) & 511;
            set[v as usize / 64] &= !(1 << (v % 64));
        }
        k = end;
    }
    k
}

/// Splits a block.
const BLOCK: usize = 32;
/// The most splits looked at past the one that empties the set: the kernel updates the set
/// once every 16 blocks (Officers to 3·10⁶ on one thread: 4 blocks took 1.07 times as
/// long as 8, 16 blocks 0.94 to 0.97 times, 32 blocks 0.98).
pub(in crate::octal) const SPAN: usize = 16 * BLOCK;

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::{ValueSet, BLOCK, SPAN};
    use std::arch::x86_64::*;

    /// A value type the kernel reads 32 at a time, widened to 16 bits.
    pub(super) trait Lanes: Copy + Into<u32> {
        /// The 32 values from `p`, as 16-bit lanes.
        ///
        /// # Safety
        /// `p` points to 32 readable values, and AVX-512 BW is present.
        unsafe fn load32(p: *const Self) -> __m512i;
    }
    impl Lanes for u16 {
        #[inline]
        #[target_feature(enable = "avx512bw")]
        unsafe fn load32(p: *const u16) -> __m512i {
            // SAFETY: 64 readable bytes (the caller's promise).
            unsafe { _mm512_loadu_si512(p.cast()) }
        }
    }
    impl Lanes for u8 {
        #[inline]
        #[target_feature(enable = "avx512bw")]
        unsafe fn load32(p: *const u8) -> __m512i {
            // SAFETY: 32 readable bytes (the caller's promise).
            unsafe { _mm512_cvtepu8_epi16(_mm256_loadu_si256(p.cast())) }
        }
    }

    /// [`super::find_set_u16`] and [`super::find_set_u8`]. The set is updated once every
    /// [`SPAN`] splits, not at each block that holds a target: a block's hits are packed
    /// into a buffer (`vpcompressw`) without a branch, since which blocks hold targets
    /// follows no pattern a processor could predict (updating at each such block took
    /// Officers 6% longer than the marks and comparisons it was to replace).
    #[target_feature(enable = "avx512bw,avx512vbmi2,popcnt")]
    pub(super) fn find_set<T: Lanes>(left: &[T], right: &[T], set: &mut ValueSet) -> usize {
        let len = left.len().min(right.len());
        if set.iter().all(|&w| w == 0) {
            return 0;
        }
        // Lane i takes lane 31 − i: the right side's values in the left side's order.
        let reverse = _mm512_set_epi16(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
            24, 25, 26, 27, 28, 29, 30, 31,
        );
        let (low4, nine, one) = (
            _mm512_set1_epi16(15),
            _mm512_set1_epi16(511),
            _mm512_set1_epi16(1),
        );
        // SAFETY (load): `set` is 64 bytes.
        let mut words = unsafe { _mm512_loadu_si512(set.as_ptr().cast()) };
        // The hits of a chunk, packed (a block's store writes 32 lanes from the count).
        let mut hit_values = [0u16; SPAN];
        let mut seen = [0u8; 512];
        let mut k = 0;
        while k + BLOCK <= len {
            let blocks = (SPAN / BLOCK).min((len - k) / BLOCK);
            let mut count = 0;
            for _ in 0..blocks {
                let l = &left[k..k + BLOCK];
                let r = &right[len - k - BLOCK..len - k];
                // SAFETY (loads): each slice holds 32 values (checked above).
                let (lv, rv) = unsafe { (T::load32(l.as_ptr()), T::load32(r.as_ptr())) };
                let x = _mm512_and_si512(
                    _mm512_xor_si512(lv, _mm512_permutexvar_epi16(reverse, rv)),
                    nine,
                );
                let word = _mm512_permutexvar_epi16(_mm512_srli_epi16::<4>(x), words);
                let bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, low4));
                let hits = _mm512_test_epi16_mask(bit, one);
                // At most 32 a block before this one, so 32 lanes from `count` fit.
                let out = &mut hit_values[count..count + BLOCK];
                // SAFETY (store): `out` is 64 bytes.
                unsafe {
                    _mm512_storeu_si512(
                        out.as_mut_ptr().cast(),
                        _mm512_maskz_compress_epi16(hits, x),
                    )
                };
                count += hits.count_ones() as usize;
                k += BLOCK;
            }
            if count != 0 {
                // A byte a value, then the bytes as bits: clearing the set's bits one hit
                // at a time made a chain through memory where one target is hit many times.
                for &v in &hit_values[..count] {
                    seen[usize::from(v) & 511] = 1;
                }
                for (w, bytes) in set.iter_mut().zip(seen.chunks_exact_mut(64)) {
                    // SAFETY (load, store): `bytes` is 64 bytes.
                    unsafe {
                        let b = _mm512_loadu_si512(bytes.as_ptr().cast());
                        *w &= !_mm512_test_epi8_mask(b, b);
                        _mm512_storeu_si512(bytes.as_mut_ptr().cast(), _mm512_setzero_si512());
                    }
                }
                if set.iter().all(|&w| w == 0) {
                    return k;
                }
                // SAFETY (load): as above.
                words = unsafe { _mm512_loadu_si512(set.as_ptr().cast()) };
            }
        }
        // The last values, fewer than a block.
        k + super::find_set_plain(&left[k..len], &right[..len - k], set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;

    /// Checks a kernel's answer against the definition, split by split: the set left,
    /// and the splits looked at (all of them, or from the one that empties the set to at
    /// most [`SPAN`] past it).
    fn check(x: &dyn Fn(usize) -> u64, len: usize, set: ValueSet, got: (usize, ValueSet)) {
        let mut s = set;
        let mut emptied = None;
        for i in 0..len {
            if s.iter().all(|&w| w == 0) {
                break;
            }
            s[(x(i) / 64) as usize] &= !(1 << (x(i) % 64));
            if s.iter().all(|&w| w == 0) {
                emptied = Some(i + 1);
            }
        }
        match (emptied, set.iter().all(|&w| w == 0)) {
            (_, true) => assert_eq!(got, (0, set)),
            (None, false) => assert_eq!(got, (len, s)),
            (Some(at), false) => {
                assert_eq!(got.1, [0; 8]);
                assert!(
                    at <= got.0 && got.0 <= (at + SPAN).min(len),
                    "{at} {}",
                    got.0
                );
            }
        }
    }

    #[test]
    fn set_kernels_remove_the_splits_values_until_the_set_empties() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
        for round in 0..3000 {
            let len = [
                0usize, 1, 31, 32, 33, 63, 64, 65, 200, 255, 256, 257, 700, 2000,
            ][round % 14];
            // Few distinct values, so that the set empties anywhere, or not at all.
            let spread = [512u64, 300, 40, 6][round / 14 % 4];
            let l16: Vec<u16> = (0..len).map(|_| (next() % spread) as u16).collect();
            let r16: Vec<u16> = (0..len).map(|_| (next() % spread) as u16).collect();
            let mut set = [0u64; 8];
            for _ in 0..round % 70 {
                let v = next() % (spread + 2).min(512);
                set[(v / 64) as usize] |= 1 << (v % 64);
            }
            let x16 = |k: usize| u64::from(l16[k] ^ r16[len - 1 - k]);
            let mut s = set;
            check(&x16, len, set, (find_set_u16(&l16, &r16, &mut s), s));
            let mut s = set;
            check(&x16, len, set, (find_set_plain(&l16, &r16, &mut s), s));
            let l8: Vec<u8> = l16.iter().map(|&v| v as u8).collect();
            let r8: Vec<u8> = r16.iter().map(|&v| v as u8).collect();
            let x8 = |k: usize| u64::from(l8[k] ^ r8[len - 1 - k]);
            let mut s = set;
            check(&x8, len, set, (find_set_u8(&l8, &r8, &mut s), s));
            let mut s = set;
            check(&x8, len, set, (find_set_plain(&l8, &r8, &mut s), s));
        }
        // Value 511 is the last bit of the last word.
        let mut s = [0, 0, 0, 0, 0, 0, 0, 1 << 63];
        assert!(find_set_u16(&[511; 80], &[0; 80], &mut s) <= 80);
        assert_eq!(s, [0; 8]);
        // A value not in the set is not taken out of it.
        let mut s = [4u64, 0, 0, 0, 0, 0, 0, 0];
        assert_eq!(find_set_u16(&[1; 800], &[0; 800], &mut s), 800);
        assert_eq!(s, [4, 0, 0, 0, 0, 0, 0, 0]);
    }
}
