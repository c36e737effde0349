//! The sparse-space method's general path: the choice of the mask (rare and common
//! values) and of the partner lists, the marks of the splits with a rare part, and the
//! least unmarked common value with the targets below it. Separate from the ways the
//! targets are then settled ([`super::strategy`]) and from the small-value path (`small`),
//! which builds on this one (it takes the rare/common helpers below); the driver (`grow`)
//! chooses between the two.

use super::{Cell, Computation, Known, Stamp, FIRST_SEARCH};
use crate::octal::simd::stamp_bits;
use crate::octal::Values;

impl Computation {
    pub(super) fn rebuild_sparse_state(&mut self) {
        let n = self.values.len();
        let max = (0..n).map(|i| self.values.get(i)).max().unwrap_or(0) as usize;
        self.counts = vec![0; max + 1];
        self.lists = vec![Vec::new(); max + 1];
        for i in 0..n {
            let v = self.values.get(i) as usize;
            self.counts[v] += 1;
            if i > 0 && self.lists[v].len() < self.tuning.stored_list_len() {
                self.lists[v].push(i as u32);
            }
        }
        self.choose_mask();
        self.next_mask_check = (n * 2).max(64);
        self.cands.clear();
        self.proven = None;
        self.residues = None;
        self.residues_tried = false;
        self.rare_stale = false;
        self.next_search = n.max(FIRST_SEARCH);
    }

    fn choose_mask(&mut self) {
        let vals = std::mem::take(&mut self.values);
        match &vals {
            Values::U8(v) => self.choose_mask_in(&v[..]),
            Values::U9(v) => self.choose_mask_in(v.view()),
            Values::U16(v) => self.choose_mask_in(&v[..]),
            Values::U32(v) => self.choose_mask_in(&v[..]),
        }
        self.values = vals;
    }

    /// Chooses the mask with the fewest rare heaps and lists those heaps (no copy of `g`).
    pub(super) fn choose_mask_in<K: Known>(&mut self, g: K) {
        let bits = 32 - (self.counts.len() as u32).leading_zeros();
        let masks = 1u32 << bits.min(12);
        let mut best = (u64::MAX, 0u32);
        for mask in 0..masks {
            let rare: u64 = self
                .counts
                .iter()
                .enumerate()
                .filter(|(v, _)| (*v as u32 & mask).count_ones() & 1 == 0)
                .map(|(_, c)| c)
                .sum();
            if rare < best.0 {
                best = (rare, mask);
            }
        }
        self.mask = best.1;
        let n = g.len();
        let mask = self.mask;
        self.rare = (0..n)
            .filter(|&i| (g.at(i) & mask).count_ones() & 1 == 0)
            .map(|i| i as u32)
            .collect();
        self.rare_vals = self.rare.iter().map(|&i| g.at(i as usize)).collect();
        self.choose_partners(n);
    }

    /// For each rare value `r`, the common values `w` to pair with `u = r ^ w` in the
    /// targeted search: pairs where both values occur, those whose `u`-list promises a
    /// hit first, then by the frequency of `w` (the chance that a step hits).
    pub(super) fn choose_partners(&mut self, n: usize) {
        let mask = self.mask;
        let counts = &self.counts;
        let l = self.tuning.list_len as u64;
        let common: Vec<u32> = (0..counts.len() as u32)
            .filter(|&v| (v & mask).count_ones() & 1 == 1 && counts[v as usize] > 0)
            .collect();
        let total = n.max(1) as u64;
        let size = counts.len().next_power_of_two();
        self.partners = (0..size as u32)
            .map(|r| {
                if (r & mask).count_ones() & 1 == 1 {
                    return Vec::new();
                }
                let mut ws: Vec<(bool, u64, u32)> = common
                    .iter()
                    .filter_map(|&w| {
                        let cu = *counts.get((r ^ w) as usize)?;
                        let cw = counts[w as usize];
                        // Expected hits over the u-list: min(count u, L)·count w / n.
                        (cu > 0).then(|| (cu.min(l) * cw < total, cw, w))
                    })
                    .collect();
                ws.sort_by_key(|&(short, cw, _)| (short, std::cmp::Reverse(cw)));
                ws.truncate(self.tuning.partners);
                ws.into_iter().map(|(_, _, w)| w).collect()
            })
            .collect();
    }

    /// The cheap part of the sparse method for heap `n` (marks prepared): `Ok(value)` when
    /// it settles the value, or `Err(c)` with `c` the least unmarked common value and the
    /// targets (rare values below `c` that only splits of two common parts can give) in
    /// `self.targets` and `want`: the value is the least target no split gives, or `c`.
    ///
    /// With `far_done = s > 0`, the splits whose rare part `a` has `m − a < s` are taken as
    /// marked already (a speculative batch from heap `s` marks them in parallel).
    pub(super) fn sparse_candidate<K: Known>(
        &mut self,
        g: K,
        n: usize,
        far_done: usize,
    ) -> std::result::Result<u32, u32> {
        self.mark_simple(g, n);
        if self.rules.tail & 4 != 0 {
            // Not reached by the catalogue's rulesets; the plain marks are exact.
            return Ok(self.plain_value(g, n));
        }
        let mask = self.mask;
        if mask == 0 {
            // Every value is rare: the plain marks.
            for k in 0..self.pair_js.len() {
                let j = self.pair_js[k];
                if j + 2 > n {
                    break;
                }
                self.mark_pairs_all(g, n - j);
            }
            return Ok(self.mex());
        }
        self.mark_near_rare_parts(g, n, far_done);
        // The least unmarked common value `c` is not an option value (all common option
        // values are marked). Rare values below `c` still unmarked (the targets) may come
        // from splits of two common parts; the value is the least target that does not,
        // or `c`.
        self.targets.clear();
        let c = self.candidate_by_blocks();
        if self.targets.is_empty() {
            return Ok(c);
        }
        self.stats.checked += 1;
        Err(c)
    }

    /// [`Computation::sparse_candidate`] for a heap of a speculative batch (mask not 0,
    /// no three-heap splits), whose far marks gave `far`: the marks of the far splits are
    /// a subset of all the marks, so every common value below `far.common` is marked,
    /// the candidate is the least unmarked common value from `far.common` on, and the
    /// targets are `far.targets` still unmarked, then the unmarked rare values from
    /// `far.common` to the candidate (the same list, in the same order, as marking
    /// everything and scanning from 0; with `far_kept`, the guess's own marks can mark no
    /// rare value, so `far.targets` are copied unread). The targets are appended to
    /// `targets` (the batch's list, so that they are not copied there after); the
    /// candidate is the guess whether there are any or not.
    pub(super) fn guess_candidate<K: Known>(
        &mut self,
        g: K,
        n: usize,
        far_done: usize,
        far: &FarCandidate,
        far_kept: bool,
        targets: &mut Vec<u32>,
    ) -> u32 {
        self.mark_simple(g, n);
        self.mark_near_rare_parts(g, n, far_done);
        let stamp = self.stamp;
        let common_bits = self.common_bits();
        let mark = &self.mark;
        let start = targets.len();
        if far_kept {
            targets.extend_from_slice(&far.targets);
        } else {
            push_unmarked(targets, &far.targets, mark, stamp);
        }
        let from = far.common as usize;
        let c = if mark[from] != stamp {
            far.common
        } else {
            least_unmarked_common(mark, stamp, self.mask, common_bits, from, targets)
        };
        #[cfg(test)]
        {
            // The same as marking everything and scanning from 0.
            let mut all = Vec::new();
            let c0 = least_unmarked_common(&self.mark, stamp, self.mask, common_bits, 0, &mut all);
            assert_eq!((c0, &all[..]), (c, &targets[start..]), "heap {n}");
        }
        self.stats.checked += u64::from(targets.len() > start);
        c
    }

    /// The splits of heap `n` with a rare part `a` whose other part `m − a` is at least
    /// `far_done` (all of them when it is 0), marked.
    fn mark_near_rare_parts<K: Known>(&mut self, g: K, n: usize, far_done: usize) {
        let unequal = self.rules.unequal;
        let stamp = self.stamp;
        let mark = &mut self.mark[..];
        for (&j, end) in self.pair_js.iter().zip(&mut self.near_ends) {
            if j + 2 > n {
                break;
            }
            let m = n - j;
            // Rare parts a with m − a ≥ far_done (the others are marked already).
            let r = 1..rare_end(&self.rare, m.min((m + 1).saturating_sub(far_done)), end);
            mark_rare_parts(
                g,
                m,
                unequal,
                &self.rare[r.clone()],
                &self.rare_vals[r],
                mark,
                stamp,
            );
        }
    }

    /// The common values below 64 as bits, for the current mask.
    pub(super) fn common_bits(&mut self) -> u64 {
        if self.common_for != self.mask {
            self.common_bits = common_low_bits(self.mask);
            self.common_for = self.mask;
        }
        self.common_bits
    }

    /// The least unmarked common value, with the unmarked rare values below it pushed
    /// to `targets` (and wanted).
    fn candidate_by_blocks(&mut self) -> u32 {
        let common_bits = self.common_bits();
        let stamp = self.stamp;
        let start = self.targets.len();
        let c = least_unmarked_common(
            &self.mark,
            stamp,
            self.mask,
            common_bits,
            0,
            &mut self.targets,
        );
        for &v in &self.targets[start..] {
            self.want[v as usize] = stamp;
        }
        c
    }
}

/// What the far marks of a speculative batch's heap settle before its near marks: the
/// least common value they leave unmarked, and the rare values below it they leave
/// unmarked (increasing).
#[derive(Debug, Clone, Default)]
pub(super) struct FarCandidate {
    pub(super) common: u32,
    pub(super) targets: Vec<u32>,
}

/// Appends the values of `from` left unmarked in `mark` (`stamp`) to `out`, in order,
/// without a branch a value: each is written and the end moves past it only when it is
/// unmarked. Whether a near split marked a far target follows no pattern a processor
/// could predict, and the branch of a filter, missed often, took most of the guessing's
/// time outside the marks.
fn push_unmarked(out: &mut Vec<u32>, from: &[u32], mark: &[Stamp], stamp: Stamp) {
    let start = out.len();
    out.resize(start + from.len(), 0);
    let kept = &mut out[start..];
    let mut k = 0;
    for &r in from {
        kept[k] = r;
        k += usize::from(mark[r as usize] != stamp);
    }
    out.truncate(start + k);
}

/// The least common value from `from` on left unmarked in `mark` (`stamp`), with the
/// unmarked rare values from `from` below it pushed to `targets`, 64 values at a time:
/// the marks of a block become a word of bits (`simd::stamp_bits`, sixteen lanes at a
/// time), and the common values of the block are the low 64's
/// (`common_bits`), complemented when the block's base has odd parity under the mask
/// (the base and the offset have no bit in common). `mark` is a power of two of at least
/// 64 long ([`mark_size`](super::marks::mark_size)).
pub(super) fn least_unmarked_common(
    mark: &[Stamp],
    stamp: Stamp,
    mask: u32,
    common_bits: u64,
    from: usize,
    targets: &mut Vec<u32>,
) -> u32 {
    let mut base = from & !63;
    // The values of the first block below `from`, left out.
    let mut before = (1u64 << (from - base)) - 1;
    loop {
        let block = mark[base..base + 64]
            .try_into()
            .expect("a block of 64 marks");
        let marked = stamp_bits(block, stamp);
        let common = if (base as u32 & mask).count_ones() & 1 == 1 {
            !common_bits
        } else {
            common_bits
        };
        let free = !marked & common & !before;
        let below = if free == 0 {
            u64::MAX
        } else {
            (1u64 << free.trailing_zeros()) - 1
        };
        // As many as the bits, from a range (a length the vector trusts: one reservation,
        // no check a target; a push a target reloaded the vector's length).
        let mut rare = !marked & !common & below & !before;
        targets.extend((0..rare.count_ones()).map(|_| {
            let t = (base + rare.trailing_zeros() as usize) as u32;
            rare &= rare - 1;
            t
        }));
        if free != 0 {
            return (base + free.trailing_zeros() as usize) as u32;
        }
        base += 64;
        before = 0;
    }
}

/// Bit v (v < 64): v is common under `mask` (odd popcount). Here, with the rest of the
/// rare/common split, for the small path as well as the general one.
pub(super) fn common_low_bits(mask: u32) -> u64 {
    (0..64u32)
        .filter(|v| (v & mask).count_ones() & 1 == 1)
        .fold(0u64, |b, v| b | 1 << v)
}

/// The indices in `rare` (increasing heaps; `rare[0]` is heap 0, which is never a part)
/// of the rare heaps `a` with `lo ≤ a < hi`.
#[inline]
pub(super) fn rare_range(rare: &[u32], lo: usize, hi: usize) -> std::ops::Range<usize> {
    let start = if lo <= 1 {
        1
    } else {
        rare.partition_point(|&a| (a as usize) < lo).max(1)
    };
    // (Usually every rare heap is below `hi`: no search.)
    let end = match rare.last() {
        Some(&a) if (a as usize) < hi => rare.len(),
        _ => rare.partition_point(|&a| (a as usize) < hi),
    };
    start..end.max(start)
}

/// The index in `rare` (as [`rare_range`]) of the first rare heap at least `hi`, found
/// from `cursor` (left there), where it was for the heap before: the bound moves by a
/// heap at a time, where a binary search of the rare heaps took a thirteenth of the
/// speculative guessing's time (Officers).
#[inline]
fn rare_end(rare: &[u32], hi: usize, cursor: &mut usize) -> usize {
    match rare.last() {
        Some(&a) if (a as usize) < hi => return rare.len(),
        None => return 1,
        _ => {}
    }
    let mut c = (*cursor).clamp(1, rare.len());
    while c < rare.len() && (rare[c] as usize) < hi {
        c += 1;
    }
    while c > 1 && (rare[c - 1] as usize) >= hi {
        c -= 1;
    }
    *cursor = c;
    c
}

/// Marks `mark[g(a) ^ g(m − a)] = stamp` for the rare parts `heaps` (values `vals`) of
/// the splits of `m` (all below `m`), skipping the equal split when the parts must differ.
/// `g` needs only the values `g(m − a)` of these parts (a speculative batch passes the
/// values before the batch). `mark` has a power-of-two length above every value: the mask
/// spares the bounds check.
pub(super) fn mark_rare_parts<K: Known>(
    below: K,
    m: usize,
    unequal: bool,
    heaps: &[u32],
    vals: &[u32],
    mark: &mut [Stamp],
    stamp: Stamp,
) {
    let mmask = mark.len() - 1;
    let (Some(&first), Some(&last)) = (heaps.first(), heaps.last()) else {
        return;
    };
    // The parts m − a as one run where the store holds them so (for nine-bit values, in
    // a 16-bit window): `parts[last − a] = g(m − a)`.
    let Some(parts) = below.stored(m - last as usize, m - first as usize + 1) else {
        // Else each part read alone: decoding the run would read every value between the
        // parts, and rare heaps spread far (0.64's reach past 150,000) made that a run of
        // the whole sequence for each heap, its work growing with n (0.64 to 3·10⁵ on two
        // threads, in the far marks of the speculative batches: 4.2 s against 0.36 s on
        // one).
        mark_parts_apart(below, m, unequal, heaps, vals, mark, stamp);
        return;
    };
    if unequal && m.is_multiple_of(2) {
        let part = |a: u32| -> u32 { parts[(last - a) as usize].into() };
        for (&a, &va) in heaps.iter().zip(vals) {
            if 2 * a as usize != m {
                mark[(va ^ part(a)) as usize & mmask] = stamp;
            }
        }
    } else {
        mark_parts(parts, last, heaps, vals, mark, stamp);
    }
}

/// [`mark_rare_parts`] where the parts are not one stored run: each part read alone. Kept
/// out of line, off the hot path of the runs.
#[cold]
#[inline(never)]
fn mark_parts_apart<K: Known>(
    below: K,
    m: usize,
    unequal: bool,
    heaps: &[u32],
    vals: &[u32],
    mark: &mut [Stamp],
    stamp: Stamp,
) {
    let mmask = mark.len() - 1;
    for (&a, &va) in heaps.iter().zip(vals) {
        if !(unequal && 2 * a as usize == m) {
            mark[(va ^ below.at(m - a as usize)) as usize & mmask] = stamp;
        }
    }
}

/// `mark[vals[i] ^ parts[last − heaps[i]]] = stamp` for every `i`, four at a time: the
/// hottest loop of Officers (1,584 marks a heap), so each mark is a few instructions.
#[inline(always)]
fn mark_parts<C: Cell>(
    parts: &[C],
    last: u32,
    heaps: &[u32],
    vals: &[u32],
    mark: &mut [Stamp],
    stamp: Stamp,
) {
    let mmask = mark.len() - 1;
    let n = heaps.len().min(vals.len());
    let (heaps, vals) = (&heaps[..n], &vals[..n]);
    // Every heap is in `first..=last` (the rare heaps increase), so `last − a` is below
    // `parts.len()`; checked once here rather than at every mark.
    assert!(heaps
        .first()
        .is_none_or(|&first| first <= last && ((last - first) as usize) < parts.len()));
    debug_assert!(heaps.windows(2).all(|w| w[0] < w[1]) && heaps.last().is_none_or(|&l| l == last));
    let part = |a: u32| -> u32 {
        // SAFETY: `first ≤ a ≤ last` (increasing heaps, asserted above for the ends), so
        // `last − a ≤ last − first < parts.len()`.
        unsafe { (*parts.get_unchecked((last - a) as usize)).into() }
    };
    let mut hs = heaps.chunks_exact(4);
    let mut vs = vals.chunks_exact(4);
    for (h, v) in (&mut hs).zip(&mut vs) {
        let x0 = (v[0] ^ part(h[0])) as usize & mmask;
        let x1 = (v[1] ^ part(h[1])) as usize & mmask;
        let x2 = (v[2] ^ part(h[2])) as usize & mmask;
        let x3 = (v[3] ^ part(h[3])) as usize & mmask;
        mark[x0] = stamp;
        mark[x1] = stamp;
        mark[x2] = stamp;
        mark[x3] = stamp;
    }
    for (&a, &va) in hs.remainder().iter().zip(vs.remainder()) {
        mark[(va ^ part(a)) as usize & mmask] = stamp;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rare_end_finds_what_a_search_finds_from_any_cursor() {
        let rare = [0u32, 3, 4, 9, 20, 21, 22, 40];
        for start in 0..=rare.len() + 2 {
            let mut cursor = start;
            // Bounds up, down and far apart, each from where the one before left it.
            for hi in [0, 1, 4, 5, 21, 22, 23, 2, 41, 40, 39, 100, 3, 0, 10] {
                let end = rare_end(&rare, hi, &mut cursor);
                assert_eq!(1..end, rare_range(&rare, 0, hi), "hi {hi} from {start}");
            }
        }
        assert_eq!(rare_end(&[], 5, &mut 3), 1);
    }
}
