//! Vector kernels of the sparse method's inner loops, with plain fallbacks.
//!
//! The kernels use AVX2 where the processor has it (and `sets.rs`, AVX-512), checked at run
//! time, so one build runs everywhere, and otherwise a plain loop that computes the same
//! thing; a test checks that both agree. Each one is a `#[target_feature]` function called
//! only after the feature was detected, and it reads only through the references it is
//! given.

mod hits;
mod sets;
pub(super) use hits::{find_targets_plain, find_targets_u16, find_targets_u8, HIT_TARGETS};
pub(super) use sets::{find_set_plain, find_set_u16, find_set_u8, value_sets, ValueSet};

/// Whether the AVX2 kernels can run here (the answer is cached by the standard library).
#[cfg(target_arch = "x86_64")]
#[inline]
fn avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// Blocks of splits the kernels take at once.
pub(super) const BLOCK: usize = 32;

/// The set of values `left[BLOCK − 1 − k] ^ right[k]` (taken modulo 64), as bits: the
/// values of 32 splits `a + b = m` when `left` holds `g(a)` for 32 consecutive `a` and
/// `right` the matching `g(b)`, whose order is the reverse.
#[inline(always)]
pub(super) fn xor_bits_reversed(left: &[u8; BLOCK], right: &[u8; BLOCK]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: AVX2 is present (checked above).
        return unsafe { avx2::xor_bits_reversed(left, right) };
    }
    xor_bits_reversed_plain(left, right)
}

/// [`xor_bits_reversed`] without vector instructions.
#[inline]
pub(super) fn xor_bits_reversed_plain(left: &[u8; BLOCK], right: &[u8; BLOCK]) -> u64 {
    left.iter()
        .rev()
        .zip(right)
        .fold(0u64, |bits, (x, y)| bits | 1 << ((x ^ y) & 63))
}

/// Sets `want[(left[k] ^ right[len − 1 − k]) & (want.len() − 1)] = 0` for every `k`
/// (`left` and `right` of one length, `want` of a power-of-two length): the values of the
/// splits `a + b = m` when `left` holds `g(a)` for consecutive `a` and `right` the matching
/// `g(b)`, in the reverse order. Stores for every split, wanted or not: a store is cheaper
/// than a branch on each.
#[inline]
pub(super) fn clear_xors_u16(left: &[u16], right: &[u16], want: &mut [u16]) {
    assert!(left.len() == right.len() && want.len().is_power_of_two());
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: AVX2 is present (checked above).
        return unsafe { avx2::clear_xors_u16(left, right, want) };
    }
    clear_xors_plain(left, right, want);
}

/// [`clear_xors_u16`] for byte values.
#[inline]
pub(super) fn clear_xors_u8(left: &[u8], right: &[u8], want: &mut [u16]) {
    assert!(left.len() == right.len() && want.len().is_power_of_two());
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: AVX2 is present (checked above).
        return unsafe { avx2::clear_xors_u8(left, right, want) };
    }
    clear_xors_plain(left, right, want);
}

/// The clear kernels without vector instructions (any width).
#[inline]
pub(super) fn clear_xors_plain<T: Copy + Into<u32>>(left: &[T], right: &[T], want: &mut [u16]) {
    let wmask = want.len() - 1;
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        want[(x.into() ^ y.into()) as usize & wmask] = 0;
    }
}

/// The set of values `vals[k] ^ below[m − heaps[k]]` (taken modulo 64), `m = below.len()`,
/// as bits: the values of the splits of `m` whose part `heaps[k]` (from 1 to `m − 1`,
/// increasing) is a rare heap of value `vals[k]`. (Always inlined: called out of line,
/// the call cost 0.1777 6% of its time.)
#[inline(always)]
pub(super) fn rare_part_bits_u8(below: &[u8], heaps: &[u32], vals: &[u32]) -> u64 {
    let m = below.len();
    let len = heaps.len().min(vals.len());
    // Heaps a ≤ m − 4 (m − a ≥ 4) go to the vector kernel, which reads the four bytes
    // that end at m − a; the others are done here. (Usually every rare heap is far below
    // `m`: no search. The search took an eighth of 0.1777's time.)
    let vector = match heaps[..len].last() {
        Some(&a) if a as usize + 4 <= m => len,
        _ => heaps[..len].partition_point(|&a| a as usize + 4 <= m),
    };
    let mut bits = 0u64;
    let mut done = 0;
    #[cfg(target_arch = "x86_64")]
    {
        if vector >= 8 && m <= i32::MAX as usize && avx2() {
            let whole = vector / 8 * 8;
            // SAFETY: AVX2 is present (checked above), and every heap a of
            // `heaps[..vector]` has 1 ≤ a ≤ m − 4 and m < 2³¹.
            bits = unsafe { avx2::rare_part_bits_u8(below, &heaps[..whole], &vals[..whole]) };
            if whole < vector {
                // The rest as one more block of eight that overlaps the last: a value
                // marked twice is marked once (0.1777 has 15 rare heaps after heap 0).
                let last = vector - 8..vector;
                // SAFETY: as above; these heaps are among `heaps[..vector]`.
                bits |=
                    unsafe { avx2::rare_part_bits_u8(below, &heaps[last.clone()], &vals[last]) };
            }
            done = vector;
        }
    }
    for (&a, &va) in heaps[done..len].iter().zip(&vals[done..len]) {
        bits |= 1 << ((va ^ u32::from(below[m - a as usize])) & 63);
    }
    bits
}

/// Values below the heap that [`RareWindow`] reads.
pub(super) const WINDOW: usize = 128;

/// The rare parts of the splits of a size `m`, when there are at most 16 rare heaps, all
/// within [`WINDOW`] of `m`: the values `g(m − a)` they pair with are gathered from the
/// last 128 values by byte shuffles, one for each 16-byte lane that holds one (0.1777: 15
/// rare heaps in seven lanes), where the general kernel gathers them from memory (slow
/// on some processors). Made once for each list of rare heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct RareWindow {
    /// The rare heaps (`1 ≤ a ≤ WINDOW`) and their values (below 64; 64 in the slots
    /// past the heaps, whose bit then falls off a 64-bit shift).
    heaps: Vec<u32>,
    vals: [u8; 16],
    /// For each lane that holds a part: its first value in the window, and the shuffle
    /// that moves its parts to their heaps' slots (`0x80`: none).
    lanes: Vec<(usize, [u8; 16])>,
}

impl RareWindow {
    /// The plan for the rare heaps `heaps` (increasing, each at least 1) of values
    /// `vals`; `None` unless they are at most 16, each within the window, values below 64.
    pub(super) fn new(heaps: &[u32], vals: &[u32]) -> Option<RareWindow> {
        if heaps.len() > 16 || heaps.len() != vals.len() {
            return None;
        }
        let mut plan = RareWindow {
            heaps: heaps.to_vec(),
            vals: [64; 16],
            lanes: Vec::new(),
        };
        for (slot, (&a, &v)) in heaps.iter().zip(vals).enumerate() {
            let a = a as usize;
            if a == 0 || a > WINDOW || v >= 64 {
                return None;
            }
            plan.vals[slot] = v as u8;
            // g(m − a) is the window's value WINDOW − a.
            let at = WINDOW - a;
            let lane = at / 16 * 16;
            let k = match plan.lanes.iter().position(|&(l, _)| l == lane) {
                Some(k) => k,
                None => {
                    plan.lanes.push((lane, [0x80; 16]));
                    plan.lanes.len() - 1
                }
            };
            plan.lanes[k].1[slot] = (at - lane) as u8;
        }
        Some(plan)
    }

    /// The values `vals[k] ^ g(m − heaps[k])` (taken modulo 64) as bits, where
    /// `window` holds `g(m − WINDOW..m)`.
    #[inline(always)]
    pub(super) fn bits(&self, window: &[u8; WINDOW]) -> u64 {
        #[cfg(target_arch = "x86_64")]
        {
            if avx2() {
                // SAFETY: AVX2 is present (checked above).
                return unsafe { avx2::rare_window_bits(window, &self.lanes, &self.vals) };
            }
        }
        self.bits_plain(window)
    }

    /// [`RareWindow::bits`] without vector instructions.
    pub(super) fn bits_plain(&self, window: &[u8; WINDOW]) -> u64 {
        self.heaps
            .iter()
            .zip(&self.vals)
            .fold(0u64, |bits, (&a, &v)| {
                bits | 1 << ((window[WINDOW - a as usize] & 63) ^ v)
            })
    }

    /// The values needed past `m` by [`RareWindow::block_bits`] of the sizes from `m`:
    /// `g(m + AHEAD − 1 − a)` for the least rare heap `a`.
    pub(super) fn block_len(&self) -> usize {
        let least = self.heaps.first().map_or(WINDOW, |&a| a as usize);
        WINDOW + AHEAD - least.min(WINDOW)
    }

    /// [`RareWindow::bits`] of the [`AHEAD`] sizes `m, m + 1, …` at once, where `window`
    /// holds `g(m − WINDOW..)`, at least [`RareWindow::block_len`] values: for each rare
    /// heap `a`, the four values `g(m + i − a)` are consecutive, so one load and one
    /// vector of four 64-bit lanes (one a size) take them all, with no shuffle. `None`
    /// when the window is too short.
    #[inline(always)]
    pub(super) fn block_bits(&self, window: &[u8]) -> Option<[u64; AHEAD]> {
        if window.len() < self.block_len() {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        {
            if avx2() {
                // SAFETY: AVX2 is present (checked above), and every heap `a` has
                // 1 ≤ a ≤ WINDOW, so the four bytes from `WINDOW − a` lie within the
                // `WINDOW + AHEAD − least` of the window.
                return Some(unsafe { avx2::rare_block_bits(window, &self.heaps, &self.vals) });
            }
        }
        Some(self.block_bits_plain(window))
    }

    /// [`RareWindow::block_bits`] without vector instructions (the window long enough).
    pub(super) fn block_bits_plain(&self, window: &[u8]) -> [u64; AHEAD] {
        std::array::from_fn(|i| {
            self.heaps
                .iter()
                .zip(&self.vals)
                .fold(0u64, |bits, (&a, &v)| {
                    bits | 1 << ((window[WINDOW + i - a as usize] & 63) ^ v)
                })
        })
    }
}

/// Bit `k` set where `block[k] == stamp`: which of 64 values a heap's marks hold. SSE2,
/// part of every x86-64 processor, needs no check: 16 comparisons, a pack and a mask at
/// a time, where the plain loop compiled to two lanes at a time and took a tenth of
/// Officers' time on one thread.
#[inline]
pub(super) fn stamp_bits(block: &[u16; 64], stamp: u16) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        // SAFETY: SSE2 is enabled for the whole build (x86-64 includes it).
        unsafe { sse2::stamp_bits(block, stamp) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    {
        stamp_bits_plain(block, stamp)
    }
}

/// [`stamp_bits`] without vector instructions (for other processors, and the test).
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
#[inline]
pub(super) fn stamp_bits_plain(block: &[u16; 64], stamp: u16) -> u64 {
    block
        .iter()
        .enumerate()
        .fold(0u64, |b, (k, &s)| b | u64::from(s == stamp) << k)
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use std::arch::x86_64::*;

    /// SSE2 form of [`super::stamp_bits`].
    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn stamp_bits(block: &[u16; 64], stamp: u16) -> u64 {
        let want = _mm_set1_epi16(stamp as i16);
        let mut bits = 0u64;
        for (k, sixteen) in block.chunks_exact(16).enumerate() {
            // SAFETY (loads): each chunk covers 32 readable bytes.
            let (a, b) = unsafe {
                (
                    _mm_loadu_si128(sixteen.as_ptr().cast()),
                    _mm_loadu_si128(sixteen[8..].as_ptr().cast()),
                )
            };
            // Equal lanes are −1, packed (with signed saturation) to bytes of −1.
            let equal = _mm_packs_epi16(_mm_cmpeq_epi16(a, want), _mm_cmpeq_epi16(b, want));
            bits |= u64::from(_mm_movemask_epi8(equal) as u16) << (16 * k);
        }
        bits
    }
}

/// Sizes whose rare-part marks [`RareWindow::block_bits`] makes at once.
pub(super) const AHEAD: usize = 4;

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::BLOCK;
    use std::arch::x86_64::*;

    /// AVX2 form of [`super::xor_bits_reversed`]: reverse `left` (a byte shuffle in each
    /// half and a swap of the halves), XOR, then for each group of four values a shift of
    /// 1 by each of them in 64-bit lanes, OR-ed together.
    #[target_feature(enable = "avx2")]
    pub(super) fn xor_bits_reversed(left: &[u8; BLOCK], right: &[u8; BLOCK]) -> u64 {
        // SAFETY (loads): both references cover 32 readable bytes.
        let (l, r) = unsafe {
            (
                _mm256_loadu_si256(left.as_ptr().cast()),
                _mm256_loadu_si256(right.as_ptr().cast()),
            )
        };
        let reverse = _mm256_setr_epi8(
            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
            6, 5, 4, 3, 2, 1, 0,
        );
        let l = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(l, reverse));
        let x = _mm256_and_si256(_mm256_xor_si256(l, r), _mm256_set1_epi8(63));
        let one = _mm256_set1_epi64x(1);
        let lo = _mm256_castsi256_si128(x);
        let hi = _mm256_extracti128_si256::<1>(x);
        let bits = |v: __m128i| _mm256_sllv_epi64(one, _mm256_cvtepu8_epi64(v));
        let a = _mm256_or_si256(
            _mm256_or_si256(bits(lo), bits(_mm_srli_si128::<4>(lo))),
            _mm256_or_si256(
                bits(_mm_srli_si128::<8>(lo)),
                bits(_mm_srli_si128::<12>(lo)),
            ),
        );
        let b = _mm256_or_si256(
            _mm256_or_si256(bits(hi), bits(_mm_srli_si128::<4>(hi))),
            _mm256_or_si256(
                bits(_mm_srli_si128::<8>(hi)),
                bits(_mm_srli_si128::<12>(hi)),
            ),
        );
        let v = _mm256_or_si256(a, b);
        let v = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let v = _mm_or_si128(v, _mm_unpackhi_epi64(v, v));
        _mm_cvtsi128_si64(v) as u64
    }

    /// AVX2 form of [`super::clear_xors_u16`]: 16 XORs at a time.
    #[target_feature(enable = "avx2")]
    pub(super) fn clear_xors_u16(left: &[u16], right: &[u16], want: &mut [u16]) {
        // Reverses the 16-bit values of each half.
        let reverse = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6,
            7, 4, 5, 2, 3, 0, 1,
        );
        clear_xors::<u16, 16>(left, right, want, reverse);
    }

    /// AVX2 form of [`super::clear_xors_u8`]: 32 XORs at a time.
    #[target_feature(enable = "avx2")]
    pub(super) fn clear_xors_u8(left: &[u8], right: &[u8], want: &mut [u16]) {
        // Reverses the bytes of each half.
        let reverse = _mm256_setr_epi8(
            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
            6, 5, 4, 3, 2, 1, 0,
        );
        clear_xors::<u8, 32>(left, right, want, reverse);
    }

    /// The clear kernels, `LANES` values of `T` (32 bytes) at a time: `right` reversed by
    /// `reverse` (a shuffle within each half) and a swap of the halves, the XORs, then
    /// the stores one by one.
    #[target_feature(enable = "avx2")]
    fn clear_xors<T: Copy + Default + Into<u32>, const LANES: usize>(
        left: &[T],
        right: &[T],
        want: &mut [u16],
        reverse: __m256i,
    ) {
        const { assert!(LANES * std::mem::size_of::<T>() == 32) };
        let len = left.len().min(right.len());
        let wmask = want.len() - 1;
        let mut xs = [T::default(); LANES];
        let mut k = 0;
        while k + LANES <= len {
            let l = &left[k..k + LANES];
            let r = &right[len - k - LANES..len - k];
            // SAFETY (loads, store): each slice, and `xs`, covers 32 bytes (checked above).
            unsafe {
                let lv = _mm256_loadu_si256(l.as_ptr().cast());
                let rv = _mm256_loadu_si256(r.as_ptr().cast());
                let rv = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(rv, reverse));
                _mm256_storeu_si256(xs.as_mut_ptr().cast(), _mm256_xor_si256(lv, rv));
            }
            for &x in &xs {
                want[x.into() as usize & wmask] = 0;
            }
            k += LANES;
        }
        super::clear_xors_plain(&left[k..len], &right[..len - k], want);
    }

    /// AVX2 form of [`super::RareWindow::bits`]: a byte shuffle of each lane that holds
    /// a part, OR-ed, masked, XOR-ed with the values, then a shift of 1 by each value in
    /// 64-bit lanes.
    #[target_feature(enable = "avx2")]
    pub(super) fn rare_window_bits(
        window: &[u8; super::WINDOW],
        lanes: &[(usize, [u8; 16])],
        vals: &[u8; 16],
    ) -> u64 {
        let mut parts = _mm_setzero_si128();
        for (lane, shuffle) in lanes {
            let lane = &window[*lane..*lane + 16];
            // SAFETY (loads): the lane and the shuffle are 16 readable bytes each.
            let (v, s) = unsafe {
                (
                    _mm_loadu_si128(lane.as_ptr().cast()),
                    _mm_loadu_si128(shuffle.as_ptr().cast()),
                )
            };
            parts = _mm_or_si128(parts, _mm_shuffle_epi8(v, s));
        }
        // SAFETY (load): 16 readable bytes.
        let vals = unsafe { _mm_loadu_si128(vals.as_ptr().cast()) };
        let x = _mm_xor_si128(_mm_and_si128(parts, _mm_set1_epi8(63)), vals);
        let one = _mm256_set1_epi64x(1);
        let bits = |v: __m128i| _mm256_sllv_epi64(one, _mm256_cvtepu8_epi64(v));
        let v = _mm256_or_si256(
            _mm256_or_si256(bits(x), bits(_mm_srli_si128::<4>(x))),
            _mm256_or_si256(bits(_mm_srli_si128::<8>(x)), bits(_mm_srli_si128::<12>(x))),
        );
        let v = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let v = _mm_or_si128(v, _mm_unpackhi_epi64(v, v));
        _mm_cvtsi128_si64(v) as u64
    }

    /// AVX2 form of [`super::RareWindow::block_bits`]: per rare heap, the four bytes
    /// from `g(m − a)` widened to 64-bit lanes, masked, XOR-ed with the heap's value, and
    /// a shift of 1 by each, OR-ed into the lane of its size.
    ///
    /// # Safety
    /// Every heap `a` of `heaps` has `1 ≤ a ≤ WINDOW` and `WINDOW − a + 4 ≤ window.len()`.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn rare_block_bits(
        window: &[u8],
        heaps: &[u32],
        vals: &[u8; 16],
    ) -> [u64; super::AHEAD] {
        let one = _mm256_set1_epi64x(1);
        let six_bits = _mm256_set1_epi64x(63);
        let mut acc = _mm256_setzero_si256();
        for (&a, &v) in heaps.iter().zip(vals) {
            // SAFETY: the four bytes from WINDOW − a lie in `window` (the caller's
            // promise); an unaligned read.
            let four = unsafe {
                window
                    .as_ptr()
                    .add(super::WINDOW - a as usize)
                    .cast::<i32>()
                    .read_unaligned()
            };
            let x = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(four));
            let x = _mm256_xor_si256(
                _mm256_and_si256(x, six_bits),
                _mm256_set1_epi64x(i64::from(v)),
            );
            acc = _mm256_or_si256(acc, _mm256_sllv_epi64(one, x));
        }
        let mut out = [0u64; super::AHEAD];
        // SAFETY (store): `out` is 32 writable bytes.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), acc) };
        out
    }

    /// AVX2 form of [`super::rare_part_bits_u8`], eight heaps at a time: a gather of the
    /// four bytes that end at each `m − a` (the top byte is `g(m − a)`), an XOR, and a
    /// shift of 1 by each value in 64-bit lanes.
    ///
    /// # Safety
    /// Every heap `a` of `heaps` has `4 ≤ m − a < m` (`m = below.len()`, below 2³¹), and
    /// `heaps` and `vals` have one length, a multiple of 8.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn rare_part_bits_u8(below: &[u8], heaps: &[u32], vals: &[u32]) -> u64 {
        let last = _mm256_set1_epi32(below.len() as i32 - 4);
        let one = _mm256_set1_epi64x(1);
        let six_bits = _mm256_set1_epi32(63);
        let mut acc = _mm256_setzero_si256();
        for (a, v) in heaps.chunks_exact(8).zip(vals.chunks_exact(8)) {
            // SAFETY: each chunk holds 8 values (32 bytes); the gathered bytes
            // m − a − 3 ..= m − a lie in `below` (the caller's promise).
            let x = unsafe {
                let a = _mm256_loadu_si256(a.as_ptr().cast());
                let v = _mm256_loadu_si256(v.as_ptr().cast());
                let at = _mm256_sub_epi32(last, a);
                let b = _mm256_i32gather_epi32::<1>(
                    below.as_ptr().cast(),
                    _mm256_add_epi32(at, _mm256_set1_epi32(1)),
                );
                _mm256_and_si256(_mm256_xor_si256(_mm256_srli_epi32::<24>(b), v), six_bits)
            };
            let lo = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(x));
            let hi = _mm256_cvtepu32_epi64(_mm256_extracti128_si256::<1>(x));
            acc = _mm256_or_si256(
                acc,
                _mm256_or_si256(_mm256_sllv_epi64(one, lo), _mm256_sllv_epi64(one, hi)),
            );
        }
        let v = _mm_or_si128(
            _mm256_castsi256_si128(acc),
            _mm256_extracti128_si256::<1>(acc),
        );
        let v = _mm_or_si128(v, _mm_unpackhi_epi64(v, v));
        _mm_cvtsi128_si64(v) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;

    #[test]
    fn vector_and_plain_kernels_agree() {
        // A simple generator: every byte value, and blocks with few distinct values.
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
        for round in 0..2000 {
            let spread = [256u64, 64, 8, 2][round % 4];
            let mut left = [0u8; BLOCK];
            let mut right = [0u8; BLOCK];
            for k in 0..BLOCK {
                left[k] = (next() % spread) as u8;
                right[k] = (next() % spread) as u8;
            }
            let want = (0..BLOCK).fold(0u64, |b, k| {
                b | 1 << ((left[BLOCK - 1 - k] ^ right[k]) % 64)
            });
            assert_eq!(xor_bits_reversed_plain(&left, &right), want);
            assert_eq!(xor_bits_reversed(&left, &right), want);
        }
    }

    #[test]
    fn rare_part_kernel_agrees_with_the_plain_loop() {
        let mut next = xorshift(0x1234_5678_9ABC_DEF1u64);
        for m in [2usize, 5, 9, 12, 40, 300, 5000] {
            let below: Vec<u8> = (0..m).map(|_| (next() % 64) as u8).collect();
            for density in [1u64, 3, 10] {
                // Increasing heaps 1..m, each with probability 1/density, up to m − 1.
                let heaps: Vec<u32> = (1..m as u32)
                    .filter(|_| next().is_multiple_of(density))
                    .collect();
                let vals: Vec<u32> = heaps.iter().map(|_| (next() % 64) as u32).collect();
                let want = |k: usize| {
                    heaps[..k].iter().zip(&vals).fold(0u64, |b, (&a, &v)| {
                        b | 1 << ((v ^ u32::from(below[m - a as usize])) & 63)
                    })
                };
                assert_eq!(
                    rare_part_bits_u8(&below, &heaps, &vals),
                    want(heaps.len()),
                    "m {m}"
                );
                // Every prefix of the heaps at most m − 4 (all to the vector kernel: whole
                // blocks of eight, and an overlapping last block).
                let far = heaps.partition_point(|&a| a as usize + 4 <= m);
                for k in 0..=far.min(40) {
                    let got = rare_part_bits_u8(&below, &heaps[..k], &vals[..k]);
                    assert_eq!(got, want(k), "m {m}, {k} heaps");
                }
            }
        }
    }

    #[test]
    fn rare_window_agrees_with_the_definition() {
        let mut next = xorshift(0x0DDB_1A5E_5BAD_5EEDu64);
        for round in 0..500 {
            let window: Vec<u8> = (0..WINDOW).map(|_| (next() % 64) as u8).collect();
            let window: &[u8; WINDOW] = window[..].try_into().unwrap();
            // Up to 16 increasing heaps in 1..=128 (the last round: every lane, both ends).
            let mut heaps: Vec<u32> = (1..=WINDOW as u32)
                .filter(|_| next().is_multiple_of(8))
                .take(1 + round % 16)
                .collect();
            if round == 0 {
                heaps = vec![
                    1, 2, 16, 17, 32, 33, 48, 64, 65, 80, 96, 97, 112, 113, 127, 128,
                ];
            }
            let vals: Vec<u32> = heaps.iter().map(|_| (next() % 64) as u32).collect();
            let plan = RareWindow::new(&heaps, &vals).expect("a plan");
            let want = heaps.iter().zip(&vals).fold(0u64, |b, (&a, &v)| {
                b | 1 << ((v ^ u32::from(window[WINDOW - a as usize])) & 63)
            });
            assert_eq!(plan.bits(window), want, "{heaps:?}");
            assert_eq!(plan.bits_plain(window), want);
            // The next sizes at once: size m + i reads the window shifted by i, and the
            // block reads only up to g(m + AHEAD − 1 − least).
            let long: Vec<u8> = (0..WINDOW + AHEAD).map(|_| (next() % 64) as u8).collect();
            let each: [u64; AHEAD] =
                std::array::from_fn(|i| plan.bits_plain(long[i..i + WINDOW].try_into().unwrap()));
            let short = &long[..plan.block_len()];
            assert_eq!(plan.block_bits(short), Some(each), "{heaps:?}");
            assert_eq!(plan.block_bits_plain(short), each);
            assert_eq!(plan.block_bits(&long[..plan.block_len() - 1]), None);
        }
        // No plan past 16 heaps, past the window, or for a value of 64.
        let many: Vec<u32> = (1..=17).collect();
        assert!(RareWindow::new(&many, &[1; 17]).is_none());
        assert!(RareWindow::new(&[3, 129], &[1, 2]).is_none());
        assert!(RareWindow::new(&[3], &[64]).is_none());
    }

    #[test]
    fn stamp_bits_agree_with_the_plain_loop() {
        let mut next = xorshift(0x5DEE_CE66_D1CE_4E5Bu64);
        for round in 0..500u16 {
            // Lanes from a few values, so that many equal the stamp looked for, and some
            // differ from it in the top bit only (the pack saturates as signed); the
            // stamps 7, the largest and 0 in turn.
            let stamp = [7, u16::MAX, 0][usize::from(round % 3)];
            let block: [u16; 64] = std::array::from_fn(|_| match next() % 4 {
                0 => stamp,
                1 => stamp ^ 0x8000,
                _ => (next() % 8) as u16,
            });
            let want = (0..64).fold(0u64, |b, k| b | u64::from(block[k] == stamp) << k);
            assert_eq!(stamp_bits_plain(&block, stamp), want);
            assert_eq!(stamp_bits(&block, stamp), want);
        }
        assert_eq!(stamp_bits(&[3; 64], 3), u64::MAX);
    }

    #[test]
    fn clear_kernels_agree_with_the_plain_loop() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
        // Lengths around the block sizes, values above the mask (they wrap).
        for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 100] {
            let l16: Vec<u16> = (0..len).map(|_| (next() % 3000) as u16).collect();
            let r16: Vec<u16> = (0..len).map(|_| (next() % 3000) as u16).collect();
            let mut a = vec![1u16; 2048];
            let mut b = vec![1u16; 2048];
            clear_xors_u16(&l16, &r16, &mut a);
            clear_xors_plain(&l16, &r16, &mut b);
            assert_eq!(a, b, "u16, length {len}");
            for k in 0..len {
                let x = (l16[k] ^ r16[len - 1 - k]) as usize & 2047;
                assert_eq!(a[x], 0);
            }
            let l8: Vec<u8> = l16.iter().map(|&v| v as u8).collect();
            let r8: Vec<u8> = r16.iter().map(|&v| v as u8).collect();
            let mut a = vec![1u16; 128];
            let mut b = vec![1u16; 128];
            clear_xors_u8(&l8, &r8, &mut a);
            clear_xors_plain(&l8, &r8, &mut b);
            assert_eq!(a, b, "u8, length {len}");
        }
    }
}
