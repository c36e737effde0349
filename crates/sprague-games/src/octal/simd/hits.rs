//! The search kernels for a scan's last few targets: where few targets are left, the
//! splits are compared with each of them, a few vector instructions for 16 or 32 splits,
//! rather than marked, which is a store a split ([`super::clear_xors_u16`]). Officers has
//! at most eight targets left for three quarters of its scan's splits, and one for a third.

/// The most targets [`find_targets_u16`] and [`find_targets_u8`] look for at once. One
/// block's comparisons cost (one thread, 16-bit values) 0.06 ns a split for one target,
/// 0.12 for eight, against 0.53 for the stores of [`super::clear_xors_u16`]; sixteen
/// targets made Officers to 2·10⁶ a tenth slower than eight (each target found costs a
/// mispredicted branch and a new start).
pub(in crate::octal) const HIT_TARGETS: usize = 8;

/// Looks at the splits `k = 0, 1, …` of value `left[k] ^ right[len − 1 − k]` (as
/// [`super::clear_xors_u16`] does), in blocks of 16, until each of `targets` (1 to
/// [`HIT_TARGETS`] values) has been the value of one. Returns the splits looked at (up to
/// the end of the block where the last target was found, else all of them) and the
/// targets found (bit `t` for `targets[t]`).
#[inline]
pub(in crate::octal) fn find_targets_u16(
    left: &[u16],
    right: &[u16],
    targets: &[u32],
) -> (usize, u32) {
    assert!(left.len() == right.len() && (1..=HIT_TARGETS).contains(&targets.len()));
    #[cfg(target_arch = "x86_64")]
    if super::avx2() && targets.iter().all(|&r| r <= u32::from(u16::MAX)) {
        // SAFETY: AVX2 is present (checked above).
        return unsafe { avx2::find_targets::<u16, 16>(left, right, targets) };
    }
    find_targets_plain(left, right, targets, 16)
}

/// [`find_targets_u16`] for byte values, in blocks of 32.
#[inline]
pub(in crate::octal) fn find_targets_u8(
    left: &[u8],
    right: &[u8],
    targets: &[u32],
) -> (usize, u32) {
    assert!(left.len() == right.len() && (1..=HIT_TARGETS).contains(&targets.len()));
    #[cfg(target_arch = "x86_64")]
    if super::avx2() && targets.iter().all(|&r| r <= u32::from(u8::MAX)) {
        // SAFETY: AVX2 is present (checked above).
        return unsafe { avx2::find_targets::<u8, 32>(left, right, targets) };
    }
    find_targets_plain(left, right, targets, 32)
}

/// The search kernels without vector instructions (any width), in blocks of `lanes`.
pub(in crate::octal) fn find_targets_plain<T: Copy + Into<u32>>(
    left: &[T],
    right: &[T],
    targets: &[u32],
    lanes: usize,
) -> (usize, u32) {
    let len = left.len().min(right.len());
    let all = (1u32 << targets.len()) - 1;
    let mut found = 0;
    let mut k = 0;
    while k < len && found != all {
        let end = (k + lanes).min(len);
        found |= block_hits(left, right, k..end, targets);
        k = end;
    }
    (k, found)
}

/// Which of `targets` the splits `range` hold (bit `t` for `targets[t]`).
fn block_hits<T: Copy + Into<u32>>(
    left: &[T],
    right: &[T],
    range: std::ops::Range<usize>,
    targets: &[u32],
) -> u32 {
    let len = left.len().min(right.len());
    let mut hits = 0;
    for i in range {
        let x = left[i].into() ^ right[len - 1 - i].into();
        for (t, &r) in targets.iter().enumerate() {
            hits |= u32::from(x == r) << t;
        }
    }
    hits
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{block_hits, HIT_TARGETS};
    use std::arch::x86_64::*;

    /// [`super::find_targets_u16`] and [`super::find_targets_u8`], `LANES` values of `T`
    /// (32 bytes) a block: the blocks go by with as many comparisons as the targets still
    /// wanted (rounded up to a power of two) until one holds a target; the comparisons'
    /// lanes say which, and the search goes on with the rest.
    #[target_feature(enable = "avx2")]
    pub(super) fn find_targets<T: Copy + Into<u32>, const LANES: usize>(
        left: &[T],
        right: &[T],
        targets: &[u32],
    ) -> (usize, u32) {
        let len = left.len().min(right.len());
        let all = (1u32 << targets.len()) - 1;
        let mut found = 0;
        // The targets still wanted, and their places in `targets`.
        let mut wanted = [0u32; HIT_TARGETS];
        let mut places = [0u32; HIT_TARGETS];
        let mut k = 0;
        while found != all {
            // Without a branch a target: which are found follows no pattern a processor
            // could predict, and a branch cost more than the comparisons of the blocks.
            let mut n = 0;
            for (t, &r) in targets.iter().enumerate() {
                wanted[n] = r;
                places[n] = t as u32;
                n += (found >> t & 1 ^ 1) as usize;
            }
            let wanted = &wanted[..n];
            let (at, hits) = match n {
                1 => next_hit::<T, LANES, 1>(left, right, k, wanted),
                2 => next_hit::<T, LANES, 2>(left, right, k, wanted),
                3 | 4 => next_hit::<T, LANES, 4>(left, right, k, wanted),
                _ => next_hit::<T, LANES, HIT_TARGETS>(left, right, k, wanted),
            };
            if hits == 0 {
                // No whole block left holds one: the last values one by one.
                if at < len {
                    found |= block_hits(left, right, at..len, targets);
                }
                return (len, found);
            }
            for (i, &t) in places[..n].iter().enumerate() {
                found |= (hits >> i & 1) << t;
            }
            k = at + LANES;
        }
        (k, found)
    }

    /// The first whole block from split `k` that holds one of `wanted` (`K` at least
    /// their number; the extra comparisons repeat the last): its first split and which of
    /// `wanted` it holds (bit `i` for `wanted[i]`), or where the whole blocks end and 0.
    #[target_feature(enable = "avx2")]
    fn next_hit<T: Copy, const LANES: usize, const K: usize>(
        left: &[T],
        right: &[T],
        mut k: usize,
        wanted: &[u32],
    ) -> (usize, u32) {
        const { assert!(LANES * std::mem::size_of::<T>() == 32 && (LANES == 16 || LANES == 32)) };
        // Reverses the values of each half: 16-bit ones, or bytes.
        let reverse = if LANES == 16 {
            _mm256_setr_epi8(
                14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9,
                6, 7, 4, 5, 2, 3, 0, 1,
            )
        } else {
            _mm256_setr_epi8(
                15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                7, 6, 5, 4, 3, 2, 1, 0,
            )
        };
        let mut w = [_mm256_setzero_si256(); K];
        for (i, v) in w.iter_mut().enumerate() {
            let r = wanted[i.min(wanted.len() - 1)];
            *v = if LANES == 16 {
                _mm256_set1_epi16(r as u16 as i16)
            } else {
                _mm256_set1_epi8(r as u8 as i8)
            };
        }
        let len = left.len().min(right.len());
        while k + LANES <= len {
            let l = &left[k..k + LANES];
            let r = &right[len - k - LANES..len - k];
            // SAFETY (loads): each slice covers 32 bytes (checked above).
            let x = unsafe {
                let lv = _mm256_loadu_si256(l.as_ptr().cast());
                let rv = _mm256_loadu_si256(r.as_ptr().cast());
                let rv = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(rv, reverse));
                _mm256_xor_si256(lv, rv)
            };
            let mut eq = [_mm256_setzero_si256(); K];
            let mut any = _mm256_setzero_si256();
            for (e, &v) in eq.iter_mut().zip(&w) {
                *e = if LANES == 16 {
                    _mm256_cmpeq_epi16(x, v)
                } else {
                    _mm256_cmpeq_epi8(x, v)
                };
                any = _mm256_or_si256(any, *e);
            }
            if _mm256_testz_si256(any, any) == 0 {
                // Which targets: the comparisons' lanes, for the wanted ones (not the
                // repeats).
                let mut hits = 0;
                for (i, e) in eq[..wanted.len()].iter().enumerate() {
                    hits |= u32::from(_mm256_movemask_epi8(*e) != 0) << i;
                }
                return (k, hits);
            }
            k += LANES;
        }
        (k, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;

    /// The definition: blocks of `lanes` splits until every target was found.
    fn expect(len: usize, lanes: usize, x: &dyn Fn(usize) -> u32, targets: &[u32]) -> (usize, u32) {
        let all = (1u32 << targets.len()) - 1;
        let mut found = 0;
        let mut k = 0;
        while k < len && found != all {
            let end = (k + lanes).min(len);
            for i in k..end {
                for (t, &r) in targets.iter().enumerate() {
                    if x(i) == r {
                        found |= 1 << t;
                    }
                }
            }
            k = end;
        }
        (k, found)
    }

    #[test]
    fn search_kernels_stop_at_the_block_of_the_last_target() {
        let mut next = xorshift(0x5851_F42D_4C95_7F2Du64);
        for round in 0..3000 {
            let len = [0usize, 1, 15, 16, 17, 31, 32, 33, 64, 65, 200, 700][round % 12];
            // Few distinct values, so that targets are found anywhere, or not at all.
            let spread = [300u64, 40, 6][round / 12 % 3];
            let l16: Vec<u16> = (0..len).map(|_| (next() % spread) as u16).collect();
            let r16: Vec<u16> = (0..len).map(|_| (next() % spread) as u16).collect();
            let targets: Vec<u32> = (0..1 + round % HIT_TARGETS)
                .map(|_| (next() % (spread + 2)) as u32)
                .collect();
            let x16 = |k: usize| u32::from(l16[k] ^ r16[len - 1 - k]);
            let want = expect(len, 16, &x16, &targets);
            assert_eq!(find_targets_u16(&l16, &r16, &targets), want, "u16 {round}");
            assert_eq!(find_targets_plain(&l16, &r16, &targets, 16), want);
            let l8: Vec<u8> = l16.iter().map(|&v| v as u8).collect();
            let r8: Vec<u8> = r16.iter().map(|&v| v as u8).collect();
            let x8 = |k: usize| u32::from(l8[k] ^ r8[len - 1 - k]);
            let want = expect(len, 32, &x8, &targets);
            assert_eq!(find_targets_u8(&l8, &r8, &targets), want, "u8 {round}");
            assert_eq!(find_targets_plain(&l8, &r8, &targets, 32), want);
        }
        // A target no byte can make (above 255) is never found, not taken modulo 256.
        assert_eq!(find_targets_u8(&[1; 40], &[0; 40], &[257]), (40, 0));
        assert_eq!(find_targets_u8(&[1; 40], &[0; 40], &[257, 1]), (40, 2));
        // Found in the first block: the search stops there.
        assert_eq!(find_targets_u16(&[1; 40], &[0; 40], &[1]), (16, 1));
    }
}
