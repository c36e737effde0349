//! The sparse method while every value is below 64: the marks are the bits of one word,
//! each heap size's rare-part marks and scanned splits are remembered in a ring of
//! [`SplitsOf`] records, and whole blocks of byte values go to the vector kernels of
//! `octal::simd`. Separate because it is a self-contained fast path with its own state.

use super::sparse::rare_range;
use super::Store;
use super::{Cell, Computation, Known, Stats};
use crate::octal::simd::{self, RareWindow, AHEAD, BLOCK, WINDOW};
use std::ops::Range;

impl Computation {
    /// Whether the small path ([`Computation::small_value`]) computes the next values.
    pub(super) fn small(&self) -> bool {
        self.small_path
            && self.counts.len() <= 64
            && self.mask != 0
            && self.rules.tail == 0
            && !self.triples
    }

    /// The sparse method while every value is below 64 (most octal games: 0.16's values
    /// stay below 24, 0.1777's below 40): see [`SmallRules::value`]. `None` when the value
    /// may be 64 or more (the general method decides).
    pub(super) fn small_value<K: Known>(&mut self, g: K, n: usize) -> Option<u32> {
        let (rules, ring, stats) = self.small_parts();
        rules.value(ring, stats, g, n)
    }

    /// What the small path reads (fixed while heaps are computed), its ring of split
    /// records, and the counters it adds to.
    #[inline(always)]
    pub(super) fn small_parts(&mut self) -> (SmallRules<'_>, &mut SplitRecords, &mut Stats) {
        let common_bits = self.common_bits();
        if self.rare_window_for != (self.rare.len(), self.mask) {
            self.rare_window_for = (self.rare.len(), self.mask);
            self.rare_window = RareWindow::new(&self.rare[1..], &self.rare_vals[1..]);
        }
        (
            SmallRules {
                js: &self.js,
                single_js: &self.single_js,
                pair_js: &self.pair_js,
                rare: &self.rare,
                rare_vals: &self.rare_vals,
                mask: self.mask,
                common_bits,
                unequal: self.rules.unequal,
                middles: &self.middles,
                middles_from: self.middles_from,
                window: self.rare_window.as_ref(),
            },
            &mut self.splits_of,
            &mut self.stats,
        )
    }

    /// The values below 64 of the options of heap `n` that leave no heap or one, as bits
    /// (the rules have no infinite tail and no three-heap splits).
    pub(super) fn single_bits<K: Known>(&self, g: K, n: usize) -> u64 {
        single_bits(&self.js, g, n)
    }

    /// Makes sure that the middle splits of the sizes heap `n` splits are scanned
    /// ahead: if not, scans those of the sizes of the next heaps, up to [`MIDDLES_AHEAD`]
    /// of them (a quarter of `n` at most, so that the parts they read are known). The
    /// scan of a heap's splits then starts past them. Nothing while the heaps are small
    /// or the parts must differ (the equal split is not a move).
    pub(super) fn prepare_middles<K: Known>(&mut self, g: K, n: usize) {
        if self.middles_cover(n) {
            return;
        }
        if let Some(sizes) = self.middle_sizes(n, (n / 4).min(MIDDLES_AHEAD)) {
            let parts = MiddleParts::of(g, sizes.clone());
            self.middles_from = sizes.start;
            parts.bits(sizes, &mut self.middles);
        }
    }

    /// Whether the middle splits of every size heap `n` splits are scanned ahead.
    pub(super) fn middles_cover(&self, n: usize) -> bool {
        match (self.pair_js.first(), self.pair_js.last()) {
            (Some(&lo), Some(&hi)) => {
                n >= hi + self.middles_from && n - lo < self.middles_from + self.middles.len()
            }
            _ => false,
        }
    }

    /// The sizes that heaps `n..n + heaps` split, when their middle splits are worth
    /// scanning ahead.
    fn middle_sizes(&self, n: usize, heaps: usize) -> Option<Range<usize>> {
        let (&lo, &hi) = (self.pair_js.first()?, self.pair_js.last()?);
        (n >= MIDDLES_FROM && !self.rules.unequal).then(|| n - hi..n + heaps - lo)
    }

    /// Heaps `g.len()..end` by the small path in turn, while the next heaps' middle
    /// splits are scanned on another thread (from a copy of the parts they read: a
    /// quarter of the heaps' count). Stops early where the small path leaves a heap to
    /// the general method, or at a proof with `stop`. Returns false when nothing was
    /// computed. (The periodic chores wait for the end: a few milliseconds.)
    pub(super) fn small_block<S: Store>(&mut self, g: &mut S, end: usize, stop: bool) -> bool {
        let n = g.len();
        self.prepare_middles(g.view(), n);
        // The next heaps' sizes, if the parts they read are known now.
        let next = self
            .middle_sizes(end, MIDDLES_AHEAD)
            .filter(|s| s.end.div_ceil(2) + MIDDLE_SPLITS < n);
        let parts = next.clone().map(|s| MiddleParts::of(g.view(), s));
        let mut scanned = Vec::new();
        // This thread computes the heaps; another takes the scans when it is free (else
        // this one does, after the heaps).
        let (computed, ()) = rayon::join(
            || {
                while g.len() < end && !(stop && self.proven.is_some()) {
                    if !self.small_run(g, end, stop) {
                        break;
                    }
                }
                g.len() > n
            },
            || {
                if let (Some(p), Some(s)) = (&parts, next.clone()) {
                    p.bits(s, &mut scanned);
                }
            },
        );
        if let Some(s) = next {
            if g.len() == end {
                self.middles_from = s.start;
                self.middles = scanned;
            }
        }
        computed
    }

    /// A run of heaps by the small path from `g.len()`, up to `end`: the rules stay the
    /// same through the run, so they are read once, and the values are recorded and
    /// watched at its end, in bulk. So the run ends after a rare value (which the rules
    /// then list), and before the value after which a period search falls due (that one
    /// is computed alone, and watched as usual). With `stop`, the values end at a proof.
    /// Returns false when the small path left the first heap to the general method.
    fn small_run<S: Store>(&mut self, g: &mut S, end: usize, stop: bool) -> bool {
        let from = g.len();
        let run_end = end.min(self.next_search.saturating_sub(1));
        if run_end <= from {
            let Some(v) = self.small_value(g.view(), from) else {
                return false;
            };
            g.push(S::fit(v).expect("below 64"));
            self.record(from, v);
            self.watch(g.view());
            return true;
        }
        let (rules, records, stats) = self.small_parts();
        // The checks' counters in a local, added at the end (kept in registers).
        let mut checks = Stats::default();
        let mut rare = None;
        while g.len() < run_end {
            let k = g.len();
            let Some(v) = rules.value(records, &mut checks, g.view(), k) else {
                break;
            };
            g.push(S::fit(v).expect("below 64"));
            if (v & rules.mask).count_ones() & 1 == 0 {
                rare = Some(v);
                break;
            }
        }
        stats.add_checks(&checks);
        let to = g.len();
        let upto = match self.watch_range(g.view(), from, to) {
            Some(proof) if stop => proof,
            _ => to,
        };
        g.truncate(upto);
        match rare {
            Some(v) if upto == to => {
                self.record_range(g.view(), from, to - 1);
                self.record(to - 1, v);
            }
            _ => self.record_range(g.view(), from, upto),
        }
        upto > from
    }

    /// Tests: how many sizes have their middle splits scanned ahead now.
    #[cfg(test)]
    pub(crate) fn middles_scanned(&self) -> usize {
        self.middles_from + self.middles.len()
    }

    /// Tests: the general method even for values below 64.
    #[cfg(test)]
    pub(crate) fn without_small_path(&mut self) {
        self.small_path = false;
    }
}

/// `BIT[v] = 1 << v`.
const BIT: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut v = 0;
    while v < 64 {
        t[v] = 1 << v;
        v += 1;
    }
    t
};

/// What the small path reads of a computation: the removals, the rare heaps and the
/// mask. Apart from the computation, so that the checks of predicted values
/// (`super::predict`) can run it on every core, each with its own split records.
#[derive(Debug, Clone, Copy)]
pub(super) struct SmallRules<'a> {
    /// `(j, digit)` for every removal with a non-zero digit (increasing), those that
    /// may leave one heap, and the splitting removals.
    pub(super) js: &'a [(usize, u8)],
    pub(super) single_js: &'a [usize],
    pub(super) pair_js: &'a [usize],
    /// The rare heaps (increasing) and their values.
    pub(super) rare: &'a [u32],
    pub(super) rare_vals: &'a [u32],
    pub(super) mask: u32,
    /// The common values below 64 as bits.
    pub(super) common_bits: u64,
    pub(super) unequal: bool,
    /// The values of the first [`MIDDLE_SPLITS`] splits from the middle of the sizes from
    /// `middles_from` on, as bits, scanned ahead (`Computation::prepare_middles`).
    pub(super) middles: &'a [u64],
    pub(super) middles_from: usize,
    /// The rare heaps as shuffles of the last values, where they allow it.
    pub(super) window: Option<&'a RareWindow>,
}

impl SmallRules<'_> {
    /// `g(n)` while every value is below 64: the marks are the bits of one machine word,
    /// so marking a split is an OR into a register, the least unmarked common value is a
    /// `trailing_zeros`, and the scan for the targets ORs in every split without a branch
    /// and checks the word every 32 splits. `records` remembers, for each of the last
    /// few split sizes, its rare-part marks and the splits scanned so far (any empty
    /// [`SplitRecords`] for the same splitting removals will do: a record of another size
    /// or mask is made again). `None` when the value may be 64 or more.
    #[inline(always)]
    pub(super) fn value<K: Known>(
        &self,
        records: &mut SplitRecords,
        stats: &mut Stats,
        g: K,
        n: usize,
    ) -> Option<u32> {
        let common_bits = self.common_bits;
        let unequal = self.unequal;
        let mut marks = match self.js.last() {
            // Past every removal, none leaves no heap: one load a removal that leaves one.
            Some(&(reach, _)) if n > reach => self
                .single_js
                .iter()
                .fold(0u64, |bits, &j| bits | 1 << (g.at(n - j) & 63)),
            _ => single_bits(self.js, g, n),
        };
        // Splits with a rare part: every common option value of a split comes from these.
        // Each size's marks are computed once, for the first heap that splits it, and so
        // are its splits scanned so far (`found`).
        let slots = records.ring.len() - 1;
        let mut found = 0u64;
        for &j in self.pair_js {
            if j + 2 > n {
                break;
            }
            let m = n - j;
            let at = m & slots;
            if records.ring[at].m != m || records.ring[at].mask != self.mask {
                // The middle splits, when scanned ahead.
                let (found, scanned) = match m
                    .checked_sub(self.middles_from)
                    .and_then(|k| self.middles.get(k))
                {
                    Some(&bits) => (bits, MIDDLE_SPLITS),
                    None => (0, 0),
                };
                records.ring[at] = SplitsOf {
                    m,
                    mask: self.mask,
                    rare_marks: self.rare_marks(&mut records.ahead, g, n, m),
                    found,
                    scanned,
                };
            }
            let slot = &records.ring[at];
            marks |= slot.rare_marks;
            found |= slot.found;
        }
        let free = !marks & common_bits;
        if free == 0 {
            return None;
        }
        let c = free.trailing_zeros();
        let targets = !marks & !common_bits & ((1u64 << c) - 1);
        if targets == 0 {
            return Some(c);
        }
        // The targets: from splits of two common parts, or the least one missing is the
        // value. The scans of earlier heaps may have found them already.
        stats.checked += 1;
        for &j in self.pair_js {
            if targets & !found == 0 {
                return Some(c);
            }
            if j + 2 > n {
                break;
            }
            let m = n - j;
            let slot = &mut records.ring[m & slots];
            let steps = scan_bits(g, m, unequal, targets & !found, slot);
            stats.scan_steps += steps as u64;
            found |= slot.found;
        }
        if targets & !found == 0 {
            return Some(c);
        }
        stats.full_scans += 1;
        Some((targets & !found).trailing_zeros())
    }

    /// The rare-part marks of size `m`, split by heap `n` (the values below `n` known):
    /// from the marks made ahead when they hold it, else made for the next [`AHEAD`]
    /// sizes at once when their parts are known (0.1777: the sizes from `n − 2` read
    /// values up to `g(n − 2)`), else by the window's shuffles, else by the general
    /// kernel.
    #[inline(always)]
    fn rare_marks<K: Known>(&self, ahead: &mut RareAhead, g: K, n: usize, m: usize) -> u64 {
        if let Some(bits) = ahead.get(m, self.mask, self.rare.len()) {
            return bits;
        }
        if let Some(bits) = self.window_bits(ahead, g, n, m) {
            return bits;
        }
        let r = rare_range(self.rare, 0, m);
        rare_part_bits(
            g,
            m,
            self.unequal,
            &self.rare[r.clone()],
            &self.rare_vals[r],
        )
    }

    /// The rare-part marks of size `m` by the window's plan, where it applies: byte
    /// values, and `m` past twice the window (so that every rare heap is a part below
    /// `m`, and none is half of `m`). Those of the next sizes too, kept in `ahead`, when
    /// the values they read are below `n`.
    #[inline(always)]
    fn window_bits<K: Known>(
        &self,
        ahead: &mut RareAhead,
        g: K,
        n: usize,
        m: usize,
    ) -> Option<u64> {
        let plan = self.window?;
        if !K::C::BYTES || m <= 2 * WINDOW {
            return None;
        }
        let mut scratch = Vec::new();
        let block_end = m - WINDOW + plan.block_len();
        if block_end <= n {
            let values = K::C::bytes(g.run(m - WINDOW, block_end, &mut scratch))?;
            let bits = plan.block_bits(values)?;
            *ahead = RareAhead {
                from: m,
                mask: self.mask,
                rare: self.rare.len(),
                bits,
            };
            return Some(bits[0]);
        }
        let values = K::C::bytes(g.run(m - WINDOW, m, &mut scratch))?;
        Some(plan.bits(values.try_into().ok()?))
    }
}

/// The values below 64 of the options of heap `n` that leave no heap or one, as bits.
#[inline(always)]
fn single_bits<K: Known>(js: &[(usize, u8)], g: K, n: usize) -> u64 {
    let mut marks = 0u64;
    for &(j, d) in js {
        if j > n {
            break;
        }
        let m = n - j;
        if d & 1 != 0 && m == 0 {
            marks |= 1;
        }
        if d & 2 != 0 && m >= 1 && j >= 1 {
            marks |= 1 << (g.at(m) & 63);
        }
    }
    marks
}

/// The small path's record of the splits `a + b = m` of one heap size.
#[derive(Debug, Clone, Copy)]
pub(super) struct SplitsOf {
    /// The size (`usize::MAX`: none yet).
    m: usize,
    /// The mask that `rare_marks` is for.
    mask: u32,
    /// The values of the splits with a rare part, as bits.
    rare_marks: u64,
    /// The values of the splits scanned from the middle so far, as bits, and how many
    /// splits that is.
    found: u64,
    scanned: usize,
}

impl SplitsOf {
    pub(super) const EMPTY: SplitsOf = SplitsOf {
        m: usize::MAX,
        mask: 0,
        rare_marks: 0,
        found: 0,
        scanned: 0,
    };
}

/// The small path's records of the sizes it splits: a ring of [`SplitsOf`], one a size,
/// and the rare-part marks of the next few sizes, made ahead.
#[derive(Debug, Clone)]
pub(super) struct SplitRecords {
    /// A power of two above the spread of the splitting removals, so that every size a
    /// heap splits has its own slot.
    ring: Vec<SplitsOf>,
    ahead: RareAhead,
}

impl SplitRecords {
    /// Empty records for the splitting removals `pair_js`.
    pub(super) fn new(pair_js: &[usize]) -> SplitRecords {
        let slots = match (pair_js.first(), pair_js.last()) {
            (Some(&lo), Some(&hi)) => (hi - lo + 1).next_power_of_two(),
            _ => 1,
        };
        SplitRecords {
            ring: vec![SplitsOf::EMPTY; slots],
            ahead: RareAhead::NONE,
        }
    }
}

/// The rare-part marks of the sizes `from..from + AHEAD`, made at once
/// ([`RareWindow::block_bits`]) for the mask `mask` and the first `rare` rare heaps.
#[derive(Debug, Clone, Copy)]
struct RareAhead {
    from: usize,
    mask: u32,
    rare: usize,
    bits: [u64; AHEAD],
}

impl RareAhead {
    const NONE: RareAhead = RareAhead {
        from: usize::MAX,
        mask: 0,
        rare: 0,
        bits: [0; AHEAD],
    };

    /// The marks of size `m`, if made for it with this mask and these rare heaps.
    #[inline(always)]
    fn get(&self, m: usize, mask: u32, rare: usize) -> Option<u64> {
        let i = m.wrapping_sub(self.from);
        (i < AHEAD && self.mask == mask && self.rare == rare).then(|| self.bits[i])
    }
}

/// Splits scanned ahead from the middle of each size (two vector blocks).
pub(super) const MIDDLE_SPLITS: usize = 2 * BLOCK;
/// The most heaps whose sizes' middle splits are scanned ahead at a time.
const MIDDLES_AHEAD: usize = 1 << 16;
/// The least heap whose sizes' middle splits are scanned ahead.
const MIDDLES_FROM: usize = 1 << 12;

/// The parts that the middle splits of some sizes read, copied (so that another thread
/// can scan them while the values grow).
struct MiddleParts<C> {
    /// `g(base..base + values.len())`.
    values: Vec<C>,
    base: usize,
}

impl<C: Cell> MiddleParts<C> {
    /// The parts of the middle splits of `sizes` (each at least `2·MIDDLE_SPLITS`; the
    /// parts up to `⌈end/2⌉ + MIDDLE_SPLITS` must be known).
    fn of<K: Known<C = C>>(g: K, sizes: Range<usize>) -> MiddleParts<C> {
        let base = sizes.start / 2 - MIDDLE_SPLITS;
        let end = sizes.end.div_ceil(2) + MIDDLE_SPLITS;
        let mut scratch = Vec::new();
        let values = g.run(base, end, &mut scratch).to_vec();
        MiddleParts { values, base }
    }

    /// For each size `m` of `sizes`, the values of its first [`MIDDLE_SPLITS`] splits
    /// from the middle (`a = ⌊m/2⌋, ⌊m/2⌋ − 1, …`) as bits, into `out`.
    fn bits(&self, sizes: Range<usize>, out: &mut Vec<u64>) {
        out.clear();
        let g = |a: usize, b: usize| &self.values[a - self.base..b - self.base];
        for m in sizes {
            let h = m / 2;
            let mut bits = 0u64;
            for i in (0..MIDDLE_SPLITS).step_by(BLOCK) {
                // Pairs (g(h − i − k), g(m − h + i + k)) for k < BLOCK, as in `scan_bits`.
                let (l, r) = (
                    g(1 + h - i - BLOCK, 1 + h - i),
                    g(m - h + i, m - h + i + BLOCK),
                );
                match (
                    C::bytes(l).map(<&[u8; BLOCK]>::try_from),
                    C::bytes(r).map(<&[u8; BLOCK]>::try_from),
                ) {
                    (Some(Ok(l)), Some(Ok(r))) => bits |= simd::xor_bits_reversed(l, r),
                    _ => {
                        for (&x, &y) in l.iter().rev().zip(r) {
                            bits |= BIT[((x.into() ^ y.into()) & 63) as usize];
                        }
                    }
                }
            }
            out.push(bits);
        }
    }
}

/// The values `g(a) ^ g(m − a)` (all below 64) of the splits of `m = below.len()` whose
/// part `a` is one of the rare heaps `heaps` (values `vals`, all below `m`), as bits;
/// the equal split is left out when the parts must differ.
#[inline(always)]
fn rare_part_bits<K: Known>(below: K, m: usize, unequal: bool, heaps: &[u32], vals: &[u32]) -> u64 {
    if K::C::BYTES && !(unequal && m.is_multiple_of(2)) {
        // (Bytes: the run is borrowed, not copied.)
        let mut scratch = Vec::new();
        if let Some(bytes) = K::C::bytes(below.run(0, m, &mut scratch)) {
            return simd::rare_part_bits_u8(bytes, heaps, vals);
        }
    }
    let mut bits = 0u64;
    for (&a, &va) in heaps.iter().zip(vals) {
        let a = a as usize;
        if !(unequal && 2 * a == m) {
            bits |= BIT[((va ^ below.at(m - a)) & 63) as usize];
        }
    }
    bits
}

/// Goes on scanning the splits `a + b = m` from the middle outwards where `splits` (the
/// record of size `m`) stopped, OR-ing the bit of each value `g(a) ^ g(b)` (all below 64)
/// into `splits.found`, until it covers `targets` (checked every 32 splits) or the splits
/// run out. Returns the number of splits looked at.
#[inline(always)]
fn scan_bits<K: Known>(
    g: K,
    m: usize,
    unequal: bool,
    targets: u64,
    splits: &mut SplitsOf,
) -> usize {
    let h = m / 2;
    if h == 0 {
        return 0;
    }
    // Pairs (left[h−1−i], right[i]) = (g(h − i), g(m − h + i)), with left = g(1..=h)
    // and right = g(m − h..m); the equal split (i = 0 when m is even) is not a move when
    // the parts must differ.
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let skip = usize::from(unequal && m.is_multiple_of(2));
    let mut f = splits.found;
    let start = splits.scanned.max(skip);
    let mut i = start;
    while i < h && targets & !f != 0 {
        let end = (i + BLOCK).min(h);
        let (l, r) = (
            g.run(1 + h - end, 1 + h - i, &mut left),
            g.run(m - h + i, m - h + end, &mut right),
        );
        // A whole block of byte values goes to the vector kernel.
        match (
            K::C::bytes(l).map(<&[u8; BLOCK]>::try_from),
            K::C::bytes(r).map(<&[u8; BLOCK]>::try_from),
        ) {
            (Some(Ok(l)), Some(Ok(r))) => f |= simd::xor_bits_reversed(l, r),
            _ => {
                for (&x, &y) in l.iter().rev().zip(r) {
                    // A table rather than a shift: the compiler would vectorize the shifts
                    // with SSE2, which has no per-lane shift (measured slower).
                    f |= BIT[((x.into() ^ y.into()) & 63) as usize];
                }
            }
        }
        i = end;
    }
    splits.found = f;
    splits.scanned = i;
    i - start
}
