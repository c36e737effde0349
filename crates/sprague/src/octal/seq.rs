//! Grundy sequences of take-and-break games: compact storage, the plain method and the
//! sparse-space method, computed incrementally.
//!
//! Storage: values are kept one byte each while they fit, and the whole sequence is widened
//! to 16 and then 32 bits the first time a value needs it ([`Values`]).
//!
//! The plain method takes the mex over every option: for a heap `n`, `O(n)` splits for each
//! removal that may leave two heaps (`O(n²)` for the sequence; rayon splits the work for
//! large heaps).
//!
//! The sparse-space method (Gangolli & Plambeck 1989; Flammenkamp): choose a bit mask and
//! call a value *rare* when `popcount(v & mask)` is even (0 is rare) and *common* otherwise.
//! The XOR of two common values and the XOR of two rare values are rare; a rare XOR a common
//! value is common. So every common option value of a heap comes from a single heap, or a
//! split with at least one rare part, and only those splits are enumerated (few heaps have
//! rare values when the mask is chosen well: 16 for 0.1777, 53 for 0.16, 1584 for
//! Officers). Let `c` be the least common value left unmarked: it is not an option value,
//! so `g(n) ≤ c`, and `g(n)` is the least of `c` and the rare values below `c` (the
//! *targets*) that are not option values. A target that no enumerated split gave can only
//! come from a split of two common parts. The targets are settled by one of two
//! strategies, and the computation now and then runs the other one for a while and keeps
//! whichever needed fewer steps:
//!
//! - **targeted**, in up to three phases:
//!   1. a scan of the splits from the middle, a bounded number of steps, each step
//!      clearing whichever target it hits (most targets fall here);
//!   2. a targeted search, least target first: for target `r` and a common value `w` from
//!      `r`'s partner list, the heaps `a` with `g(a) = r ^ w` (the first `list_len` of
//!      them are remembered per value) are tried with the check `g(m − a) = w`. The
//!      partner list starts with the frequent common values whose pairs occur, and a
//!      partner that worked moves to the front: witnesses come in runs of the same kind;
//!   3. if a target is not found within its budget, a scan of every split, which is the
//!      definition: the targets it does not find are not option values.
//! - **scan**: every split from the ends inwards, branch-free, until no target is missing
//!   (witnesses scarce and of many kinds, as in Officers).
//!
//! Which is faster depends on the game and the heap sizes; the computation times the
//! other one now and then and keeps the faster.
//!
//! While every value is below 64 (most octal games), the marks are the bits of one word
//! and both the marking and the scan are a few instructions a split
//! (`Computation::small_value`, with the vector kernels of `octal::simd`). Each heap
//! size's rare-part marks and scanned splits are remembered for the next heaps that split
//! the same size (0.1777 splits `n − 2`, `n − 3` and `n − 4`: a third of the marks, and
//! the scans of one heap serve the next two).
//!
//! With many rare heaps (Officers: 1,584), heaps are computed in batches of 16
//! (`Computation::batch`): the splits whose rare part leaves a heap below the batch are
//! marked first for all 16 heaps, rare heap by rare heap, which reads adjacent values.
//!
//! When the scan strategy needs many steps a heap and there are two threads or more,
//! heaps are computed in speculative batches (`Computation::speculate`): each heap's guess
//! is made in turn, then the scans that check the guesses and the next batch's rare-part
//! marks (made from the guesses) run in parallel; a wrong guess (a rare value) is
//! corrected and the rest of its batch, and the marks made ahead, dropped, so the
//! sequence is exactly the sequential one.
//!
//! Exactness does not depend on the budgets ([`Tuning`]) or the strategy: phases 1 and 2
//! only ever report real splits, and a target they miss goes to phase 3. Any mask gives
//! the exact sequence too; the mask only changes the speed, and it is re-chosen from the
//! value histogram as the sequence grows. Three-heap splits (hexadecimal bit 8) are
//! enumerated in full.
//!
//! Periods: the computation watches for a period proven by the periodicity theorem as it
//! grows (see [`Computation`] and [`super::period`]), so a period search stops at the exact
//! length the proof needs.

use super::rules::Ruleset;
use super::simd::{self, BLOCK};
use crate::error::{Error, Result};
use rayon::prelude::*;

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
    fn truncate(&mut self, n: usize) {
        match self {
            Values::U8(v) => v.truncate(n),
            Values::U16(v) => v.truncate(n),
            Values::U32(v) => v.truncate(n),
        }
    }
    fn widen(&mut self) {
        *self = match std::mem::take(self) {
            Values::U8(v) => Values::U16(v.into_iter().map(u16::from).collect()),
            Values::U16(v) => Values::U32(v.into_iter().map(u32::from).collect()),
            Values::U32(v) => Values::U32(v),
        }
    }
}

/// How a sequence is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Mex over every option.
    Plain,
    /// Rare and common values (Gangolli–Plambeck, Flammenkamp).
    Sparse,
}

/// Length at which the period watch first looks for candidates.
const FIRST_SEARCH: usize = 64;

/// The most heaps a computation accepts (the stamps of the mex marks are 32-bit).
pub const MAX_HEAPS: u64 = u32::MAX as u64 - 2;

/// Work limits of the sparse method's search for rare values. They change only the speed:
/// whatever they are, a value the quick searches do not find is looked for among all the
/// splits. Exposed so that tests can force every path on small inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tuning {
    /// Splits scanned from the middle, per missing rare value, before the targeted search.
    pub scan_per_target: usize,
    /// Targeted-search steps per missing rare value before the full scan.
    pub target_budget: usize,
    /// Positions remembered per value for the targeted search (the first ones).
    pub list_len: usize,
    /// Most common values tried per target by the targeted search.
    pub partners: usize,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            scan_per_target: 64,
            target_budget: 256,
            list_len: 2048,
            partners: 24,
        }
    }
}

/// Counters of the sparse method's paths (for tests and benchmarks).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Heaps whose value needed the check of rare values below the common candidate.
    pub checked: u64,
    /// Rare values found by the targeted search.
    pub targeted: u64,
    /// Heaps that fell back to the scan of every split.
    pub full_scans: u64,
    /// Candidate-period searches run.
    pub period_searches: u64,
    /// Splits looked at by the scans that look for the targets (the targeted strategy's
    /// first phase, the scan strategy, the checks of speculative batches).
    pub scan_steps: u64,
    /// Steps of the targeted search.
    pub target_steps: u64,
    /// Heaps whose value came from a speculative batch.
    pub speculated: u64,
    /// Heaps computed in sequential batches (`Computation::batch`).
    pub batched: u64,
    /// Speculative batches whose far marks were made while the batch before was checked.
    pub marked_ahead: u64,
}

/// An incremental Grundy-sequence computation. The state is the rules plus the values
/// computed so far; it can be resumed from any correct prefix ([`Computation::resume`]).
///
/// While it grows, it also watches for a period proven by the periodicity theorem (see
/// [`super::period`]): now and then (each time the sequence has grown by half) it looks
/// for shifts under which the latest values repeat, then checks the equation
/// `g(n) = g(n − p)` for each such candidate on every new value, and the period is proven
/// the moment a candidate has held for as many values as its proof needs
/// ([`Computation::period`]). With the sparse method, values past a proven period are
/// copied.
#[derive(Debug, Clone)]
pub struct Computation {
    rules: Ruleset,
    method: Method,
    values: Values,
    /// `(j, digit)` for every removal `j ≤ t` with a non-zero digit.
    js: Vec<(usize, u8)>,
    pair_js: Vec<usize>,
    // Sparse-space state.
    mask: u32,
    /// Heaps with rare values (increasing), and their values.
    rare: Vec<u32>,
    rare_vals: Vec<u32>,
    counts: Vec<u64>,
    next_mask_check: usize,
    /// `lists[v]`: the first `tuning.list_len` heaps `a ≥ 1` with `g(a) = v`.
    lists: Vec<Vec<u32>>,
    /// `partners[r]`: the common values to pair with for a rare target `r`.
    partners: Vec<Vec<u32>>,
    tuning: Tuning,
    stats: Stats,
    // Mex marks: `mark[v] == stamp` when v is an option value of the current heap;
    // `want[v] == stamp` when v is a rare value still looked for.
    mark: Vec<Stamp>,
    want: Vec<Stamp>,
    stamp: Stamp,
    targets: Vec<u32>,
    /// The strategy in use for the targets, and the trial that compares it with the other.
    strategy: Strategy,
    strategy_trial: StrategyTrial,
    /// The least heap that starts a speculative batch.
    speculate_from: usize,
    /// The least heap, and the fewest rare heaps, for sequential batches.
    batch_from: usize,
    batch_min_rare: usize,
    /// A speculative batch's marks, one array per heap.
    batch_marks: Vec<Vec<Stamp>>,
    /// The next speculative batch, when its far marks are in `batch_marks` already (made
    /// while the batch before it was checked).
    marked_ahead: Option<MarkedAhead>,
    /// A sequential batch's marks, heap after heap (`mark.len()` each).
    batch_flat: Vec<Stamp>,
    /// Whether some removal may leave three heaps (hexadecimal bit 8).
    triples: bool,
    /// Whether values below 64 take [`Computation::small_value`] (tests turn it off to
    /// reach the general method on small heaps).
    small_path: bool,
    /// The common values below 64 as bits, for the mask `common_for`.
    common_bits: u64,
    common_for: u32,
    /// The small path's knowledge of the splits of the last few heap sizes `m`, slot
    /// `m % len` (a power of two above the spread of the splitting removals): heap `n`
    /// splits `n − j` for each splitting removal `j`, so heaps close together share sizes
    /// (0.1777 splits `n − 2`, `n − 3` and `n − 4`, each size serving three heaps).
    splits_of: Vec<SplitsOf>,
    // Period watch.
    cands: Vec<super::period::Candidate>,
    next_search: usize,
    /// A period proven by the values so far.
    proven: Option<super::period::Period>,
}

impl Computation {
    /// A computation holding `g(0) = 0`.
    pub fn new(rules: Ruleset, method: Method) -> Computation {
        let js: Vec<(usize, u8)> = rules
            .digits
            .iter()
            .enumerate()
            .filter(|(_, &d)| d != 0)
            .map(|(j, &d)| (j, d))
            .collect();
        let pair_js: Vec<usize> = js
            .iter()
            .filter(|(_, d)| d & 4 != 0)
            .map(|&(j, _)| j)
            .collect();
        let triples = js.iter().any(|(_, d)| d & 8 != 0);
        let ring = splits_ring(&pair_js);
        Computation {
            rules,
            method,
            values: Values::U8(vec![0]),
            js,
            pair_js,
            mask: 0,
            rare: vec![0],
            rare_vals: vec![0],
            counts: vec![1],
            next_mask_check: 64,
            lists: vec![Vec::new()],
            partners: Vec::new(),
            tuning: Tuning::default(),
            stats: Stats::default(),
            mark: vec![0; 2],
            want: vec![0; 2],
            stamp: 0,
            targets: Vec::new(),
            strategy: Strategy::Targeted,
            strategy_trial: StrategyTrial::default(),
            speculate_from: SPECULATION_FROM,
            batch_from: BATCH_FROM,
            batch_min_rare: BATCH_MIN_RARE,
            batch_marks: Vec::new(),
            marked_ahead: None,
            batch_flat: Vec::new(),
            triples,
            small_path: true,
            common_bits: 0,
            common_for: 0,
            splits_of: vec![SplitsOf::EMPTY; ring],
            cands: Vec::new(),
            next_search: FIRST_SEARCH,
            proven: None,
        }
    }

    /// Continues from known values `g(0..prefix.len())` (e.g. read back from a file). The
    /// prefix is trusted; `verify` recomputes its last `verify` values and checks them.
    pub fn resume(
        rules: Ruleset,
        method: Method,
        prefix: Values,
        verify: usize,
    ) -> Result<Computation> {
        if prefix.is_empty() || prefix.get(0) != 0 {
            return Err(Error::invalid("a saved sequence must start with g(0) = 0"));
        }
        let n = prefix.len();
        let keep = n.saturating_sub(verify).max(1);
        let mut c = Computation::new(rules, method);
        let mut kept = prefix.clone();
        kept.truncate(keep);
        c.values = kept;
        c.rebuild_sparse_state();
        if n > keep {
            c.extend_to((n - 1) as u64, &mut |_, _| {})?;
            for i in keep..n {
                if c.values.get(i) != prefix.get(i) {
                    return Err(Error::invalid(format!(
                        "the saved sequence is not this game's: g({i}) is {} but the file says {}",
                        c.values.get(i),
                        prefix.get(i)
                    )));
                }
            }
        }
        Ok(c)
    }

    /// Sets the search limits of the sparse method (speed only; see [`Tuning`]).
    pub fn set_tuning(&mut self, tuning: Tuning) {
        self.tuning = tuning;
        self.rebuild_sparse_state();
    }
    /// How often each path of the sparse method ran.
    pub fn stats(&self) -> Stats {
        self.stats
    }
    /// The rules.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }
    /// The values computed so far, `g(0..len)`.
    pub fn values(&self) -> &Values {
        &self.values
    }
    /// Takes the values out.
    pub fn into_values(self) -> Values {
        self.values
    }
    /// How many values are known.
    pub fn len(&self) -> usize {
        self.values.len()
    }
    /// Always false: `g(0)` is known from the start.
    pub fn is_empty(&self) -> bool {
        false
    }
    /// The period proven by the values so far, if any (least period, least preperiod).
    pub fn period(&self) -> Option<super::period::Period> {
        self.proven
    }
    /// The current mask of the sparse method (a value `v` is rare when
    /// `popcount(v & mask)` is even) and the number of heaps with rare values.
    pub fn sparse_mask(&self) -> (u32, usize) {
        (self.mask, self.rare.len())
    }

    fn rebuild_sparse_state(&mut self) {
        let n = self.values.len();
        let max = (0..n).map(|i| self.values.get(i)).max().unwrap_or(0) as usize;
        self.counts = vec![0; max + 1];
        self.lists = vec![Vec::new(); max + 1];
        for i in 0..n {
            let v = self.values.get(i) as usize;
            self.counts[v] += 1;
            if i > 0 && self.lists[v].len() < self.tuning.list_len {
                self.lists[v].push(i as u32);
            }
        }
        self.choose_mask();
        self.next_mask_check = (n * 2).max(64);
        self.cands.clear();
        self.proven = None;
        self.next_search = n.max(FIRST_SEARCH);
    }

    fn choose_mask(&mut self) {
        let vals = std::mem::take(&mut self.values);
        match &vals {
            Values::U8(v) => self.choose_mask_in(v),
            Values::U16(v) => self.choose_mask_in(v),
            Values::U32(v) => self.choose_mask_in(v),
        }
        self.values = vals;
    }

    /// Chooses the mask with the fewest rare heaps and lists those heaps (no copy of `g`).
    fn choose_mask_in<T: Cell>(&mut self, g: &[T]) {
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
            .filter(|&i| (g[i].get() & mask).count_ones() & 1 == 0)
            .map(|i| i as u32)
            .collect();
        self.rare_vals = self.rare.iter().map(|&i| g[i as usize].get()).collect();
        self.choose_partners(n);
    }

    /// For each rare value `r`, the common values `w` to pair with `u = r ^ w` in the
    /// targeted search: pairs where both values occur, those whose `u`-list promises a
    /// hit first, then by the frequency of `w` (the chance that a step hits).
    fn choose_partners(&mut self, n: usize) {
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

    /// Computes `g(n)` for every `n ≤ upto`. `progress(done, upto)` is called now and then.
    pub fn extend_to(&mut self, upto: u64, progress: &mut dyn FnMut(u64, u64)) -> Result<()> {
        self.grow(upto, false, progress)?;
        progress(upto, upto);
        Ok(())
    }

    /// Computes values until a period is proven (then stops: the values reach exactly as
    /// far as the proof needs) or `g(upto)` is known. Returns the proven period.
    pub fn extend_until_period(
        &mut self,
        upto: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Option<super::period::Period>> {
        self.grow(upto, true, progress)?;
        let done = (self.len() - 1) as u64;
        progress(done, done);
        Ok(self.proven)
    }

    fn grow(&mut self, upto: u64, stop: bool, progress: &mut dyn FnMut(u64, u64)) -> Result<()> {
        if upto > MAX_HEAPS {
            return Err(Error::Limit {
                what: format!("a Grundy sequence up to heap {upto}"),
                limit: MAX_HEAPS,
            });
        }
        let target = upto as usize + 1;
        while self.values.len() < target && !(stop && self.proven.is_some()) {
            let done = match &mut self.values {
                Values::U8(v) => {
                    let mut v = std::mem::take(v);
                    let r = self.run(&mut v, target, stop, progress);
                    self.values = Values::U8(v);
                    r
                }
                Values::U16(v) => {
                    let mut v = std::mem::take(v);
                    let r = self.run(&mut v, target, stop, progress);
                    self.values = Values::U16(v);
                    r
                }
                Values::U32(v) => {
                    let mut v = std::mem::take(v);
                    let r = self.run(&mut v, target, stop, progress);
                    self.values = Values::U32(v);
                    r
                }
            };
            if let Some(next) = done {
                // `next` did not fit: widen and store it.
                self.values.widen();
                match &mut self.values {
                    Values::U16(v) => v.push(next as u16),
                    Values::U32(v) => v.push(next),
                    Values::U8(_) => unreachable!("widened"),
                }
                self.record(self.values.len() - 1, next);
                let vals = std::mem::take(&mut self.values);
                match &vals {
                    Values::U16(v) => self.watch(v),
                    Values::U32(v) => self.watch(v),
                    Values::U8(_) => unreachable!("widened"),
                }
                self.values = vals;
            }
        }
        Ok(())
    }

    /// Bookkeeping for a new value `g(n) = v`.
    #[inline]
    fn record(&mut self, n: usize, v: u32) {
        let vu = v as usize;
        if vu >= self.counts.len() {
            self.counts.resize(vu + 1, 0);
            self.lists.resize(vu + 1, Vec::new());
        }
        self.counts[vu] += 1;
        if self.lists[vu].len() < self.tuning.list_len {
            self.lists[vu].push(n as u32);
        }
        if (v & self.mask).count_ones() & 1 == 0 {
            self.rare.push(n as u32);
            self.rare_vals.push(v);
        }
    }

    /// The period watch, after a new last value.
    #[inline]
    fn watch<T: Cell>(&mut self, g: &[T]) {
        if self.proven.is_some() {
            return;
        }
        let n = g.len() - 1;
        if !self.cands.is_empty() {
            let last = g[n];
            self.cands.retain(|c| g[n - c.p as usize] == last);
            if let Some(c) = self.cands.first() {
                if c.needed <= g.len() as u64 {
                    self.proven = Some(super::period::least(g, c.n0, c.p));
                    self.cands.clear();
                    return;
                }
            }
        }
        if g.len() >= self.next_search {
            self.next_search = g.len() + g.len() / 2;
            if self.cands.is_empty() {
                self.stats.period_searches += 1;
                self.cands = super::period::candidates(&self.rules, g, 8);
                if let Some(c) = self.cands.first() {
                    if c.needed <= g.len() as u64 {
                        self.proven = Some(super::period::least(g, c.n0, c.p));
                        self.cands.clear();
                    }
                }
            }
        }
    }

    /// Runs in width `T` until `target` values, a proven period (with `stop`), or a value
    /// that does not fit (returned).
    fn run<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        target: usize,
        stop: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<u32> {
        if !stop {
            // (A period search may stop long before its limit: let it grow as it goes.)
            g.reserve(target.saturating_sub(g.len()));
        }
        while g.len() < target {
            let n = g.len();
            if let Some(p) = self.proven {
                if stop {
                    break;
                }
                if self.method == Method::Sparse {
                    // Proven periodic (periodicity theorem): copy.
                    let p = p.period as usize;
                    while g.len() < target {
                        let x = g[g.len() - p];
                        g.push(x);
                    }
                    break;
                }
            }
            if n >= self.next_mask_check && self.method == Method::Sparse {
                // Re-choose the mask from the histogram (cheap: once per doubling).
                self.choose_mask_in(g);
                self.next_mask_check = n * 2;
            } else if n & 0xFFFF == 0
                && (n < 1 << 22 || n & 0xF_FFFF == 0)
                && self.method == Method::Sparse
            {
                self.choose_partners(n);
            }
            if n & 0xFFFF == 0 {
                progress(n as u64, target as u64 - 1);
            }
            if self.speculates(n) {
                // Batches up to the next periodic chore above (progress, partners) and
                // before the next mask check, on a worker thread of the pool, so that
                // their parallel loops are shared with the other workers directly (from
                // outside the pool, each loop would be handed to the pool and the caller
                // put to sleep and woken).
                let limit = ((n | 0xFFFF) + 1).min(target);
                let this = &mut *self;
                let vals = &mut *g;
                if rayon::scope(move |_| this.speculate_until(vals, limit, stop)) {
                    continue;
                }
            }
            if self.batches(n) {
                let mut end = (n / BATCH + 1) * BATCH;
                end = end.min(target).min(self.next_mask_check.max(n + 1));
                if self.batch(g, end, stop) {
                    continue;
                }
            }
            let v = match self.method {
                Method::Plain => self.plain_value(g, n),
                Method::Sparse => self.sparse_value(g, n),
            };
            match T::put(v) {
                Some(x) => {
                    g.push(x);
                    self.record(n, v);
                    self.watch(g);
                }
                None => return Some(v),
            }
        }
        None
    }

    /// Tests: the general method even for values below 64.
    #[cfg(test)]
    pub(crate) fn without_small_path(&mut self) {
        self.small_path = false;
    }

    /// Tests: the scan strategy for good (no trials), speculative batches from heap `from`.
    #[cfg(test)]
    pub(crate) fn force_speculation_from(&mut self, from: usize) {
        self.strategy = Strategy::Scan;
        self.strategy_trial.wait = u32::MAX;
        self.strategy_trial.recent = u64::MAX;
        self.speculate_from = from;
    }

    /// Tests: sequential batches from heap `from` on, whatever the number of rare heaps.
    #[cfg(test)]
    pub(crate) fn force_batches_from(&mut self, from: usize) {
        self.batch_from = from;
        self.batch_min_rare = 0;
    }

    /// Tests: the mark stamps a few heaps before they wrap.
    #[cfg(test)]
    pub(crate) fn stamps_near_wrap(&mut self) {
        self.stamp = Stamp::MAX - 20;
        self.marked_ahead = None;
    }

    /// Whether heap `n` starts a speculative batch: the sparse method with the scan
    /// strategy, enough threads, and heaps large enough for the work to be worth it.
    fn speculates(&self, n: usize) -> bool {
        self.method == Method::Sparse
            && self.strategy == Strategy::Scan
            && self.speculation_pays()
            && n >= self.speculate_from
            && n < self.next_mask_check
    }

    /// Whether the heaps are costly enough to check, and the threads many enough, for
    /// speculative batches to pay. Then the scan strategy is kept without trials of the
    /// other: it runs on every core, the targeted search on one.
    fn speculation_pays(&self) -> bool {
        self.strategy_trial.recent >= SPECULATION_STEPS
            && self.mask != 0
            && self.rules.tail & 4 == 0
            && self.counts.len() <= MAX_SPECULATION_VALUE
            && rayon::current_num_threads() >= SPECULATION_THREADS
    }

    /// Whether heap `n` starts a batch (`Computation::batch`): the sparse method's general
    /// path with many rare heaps.
    fn batches(&self, n: usize) -> bool {
        self.method == Method::Sparse
            && self.mask != 0
            && self.rules.tail & 4 == 0
            && !self.small()
            && self.rare.len() >= self.batch_min_rare
            && n >= self.batch_from
            && n < self.next_mask_check
    }

    /// Computes heaps `g.len()..end` in turn, with the marks of their far splits (rare part
    /// `a`, other part `m − a` below the batch) made first, rare heap by rare heap: the
    /// parts `m − a` of one rare heap's splits are then adjacent values, read once for
    /// the whole batch, where heap by heap they are one cache line per rare heap (Officers:
    /// 1,584 lines a heap, spread over the whole sequence). A heap with a rare value ends
    /// the batch, since the later heaps' marks were made without it as a rare part; so
    /// does a new largest value (the marks are sized for the values so far). Returns
    /// false when nothing was computed.
    fn batch<T: Cell>(&mut self, g: &mut Vec<T>, end: usize, stop: bool) -> bool {
        let start = g.len();
        let len = end - start;
        let base = self.prepare_marks_for(self.counts.len() as u32, len);
        let size = self.mark.len();
        // Rows a cache line longer than the marks: rows of a power-of-two length would
        // map the same value of every heap to the same few cache sets.
        let stride = size + 64 / std::mem::size_of::<Stamp>();
        if self.batch_flat.len() != len * stride {
            self.batch_flat = vec![0; len * stride];
        }
        {
            let known: &[T] = &g[..start];
            let (rare, rare_vals) = (&self.rare[1..], &self.rare_vals[1..]);
            let unequal = self.rules.unequal;
            let mmask = size - 1;
            for &j in &self.pair_js {
                for (&a, &va) in rare.iter().zip(rare_vals) {
                    let a = a as usize;
                    // Heaps n = m + j whose split with rare part a has m − a below the
                    // batch: a < m and m − a < start.
                    let lo = start.max(a + j + 1);
                    let hi = end.min(a + start + j);
                    if lo >= hi {
                        if a + j + 1 >= end {
                            break;
                        }
                        continue;
                    }
                    let parts = &known[lo - j - a..hi - j - a];
                    let flat = &mut self.batch_flat[..];
                    // Heap lo + k: row (lo + k − start)·stride, stamp base + 1 + (lo + k − start).
                    let mut row = (lo - start) * stride;
                    for (k, &b) in parts.iter().enumerate() {
                        if !(unequal && 2 * a == lo + k - j) {
                            let stamp = base + 1 + (lo + k - start) as Stamp;
                            flat[row + ((va ^ b.get()) as usize & mmask)] = stamp;
                        }
                        row += stride;
                    }
                }
            }
        }
        for n in start..end {
            let i = n - start;
            self.mark
                .copy_from_slice(&self.batch_flat[i * stride..i * stride + size]);
            self.stamp = base + 1 + i as Stamp;
            let v = match self.sparse_candidate(g, n, start) {
                Ok(v) => v,
                Err(c) => self.settle(g, n, c),
            };
            let Some(x) = T::put(v) else {
                // Widening: the caller computes this heap again.
                break;
            };
            g.push(x);
            self.stats.batched += 1;
            self.record(n, v);
            self.watch(g);
            if (v & self.mask).count_ones() & 1 == 0
                || 2 * v as usize >= size
                || (stop && self.proven.is_some())
            {
                break;
            }
        }
        self.stamp = base + len as Stamp;
        g.len() > start
    }

    /// Marks for `len` heaps of a batch, sized for the values so far, and the stamp
    /// before the batch's (heap `i` of the batch marks with `base + 1 + i`).
    fn prepare_batch_marks(&mut self, len: usize) -> Stamp {
        let base = self.prepare_marks_for(self.counts.len() as u32, len);
        let size = self.mark.len();
        if self.batch_marks.len() < len || self.batch_marks[0].len() != size {
            self.batch_marks = vec![vec![0; size]; len];
        }
        base
    }

    /// Speculative batches ([`Computation::speculate`]) one after the other while they
    /// apply, up to heap `limit`. Returns false when nothing was committed.
    fn speculate_until<T: Cell>(&mut self, g: &mut Vec<T>, limit: usize, stop: bool) -> bool {
        let start = g.len();
        loop {
            let n = g.len();
            if n >= limit || !self.speculates(n) || (stop && self.proven.is_some()) {
                break;
            }
            let end = self.speculation_end(n, limit);
            if !self.speculate(g, end, limit, stop) {
                break;
            }
        }
        g.len() > start
    }

    /// Computes heaps `g.len()..end` speculatively on all cores. One thread runs the cheap
    /// part of each heap in turn ([`Computation::sparse_candidate`]) and guesses that every
    /// target has a witness, so that the value is the common candidate `c`; then the
    /// guesses are checked in parallel, each by a scan of every split that only reads the
    /// values before its heap. A guess is right when its scan finds every target. The
    /// values are committed in order up to the first wrong guess, whose scan gives the
    /// right value (the least target without a witness, a rare value); the later guesses
    /// were made from a wrong value and are dropped. So the result is exactly the
    /// sequential one. Returns false when nothing was committed (the caller then computes
    /// the heap alone).
    fn speculate<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        end: usize,
        target: usize,
        stop: bool,
    ) -> bool {
        let start = g.len();
        let len = end - start;
        // Marks for every heap of the batch, sized for the values so far; a guess that
        // would need more ends the batch.
        let size_needed = mark_size(self.counts.len() as u32);
        let base = match self.marked_ahead.take() {
            Some(ahead)
                if ahead.start == start
                    && ahead.end == end
                    && ahead.size == self.mark.len()
                    && size_needed <= ahead.size =>
            {
                self.stats.marked_ahead += 1;
                #[cfg(test)]
                self.check_marked_ahead(&g[..start], len, ahead.base);
                ahead.base
            }
            _ => {
                let base = self.prepare_batch_marks(len);
                // 1. In parallel: the splits whose rare part `a` leaves a known heap (m − a
                // below the batch), which are nearly all of them.
                mark_far_parts(
                    &g[..start],
                    &self.rare,
                    &self.rare_vals,
                    &self.pair_js,
                    self.rules.unequal,
                    &mut self.batch_marks[..len],
                    base,
                );
                base
            }
        };
        let size = self.mark.len();
        // 2. In turn: the other marks and the guess, on each heap's own marks.
        // Per heap: the guess, and its targets (a range of `all_targets`), if any.
        let mut guesses: Vec<(u32, usize, usize)> = Vec::with_capacity(len);
        let mut all_targets: Vec<u32> = Vec::new();
        for n in start..end {
            let i = n - start;
            std::mem::swap(&mut self.mark, &mut self.batch_marks[i]);
            self.stamp = base + 1 + i as Stamp;
            let candidate = self.sparse_candidate(g, n, start);
            std::mem::swap(&mut self.mark, &mut self.batch_marks[i]);
            let (v, from) = match candidate {
                Ok(v) => (v, all_targets.len()),
                Err(c) => {
                    let from = all_targets.len();
                    all_targets.extend_from_slice(&self.targets);
                    (c, from)
                }
            };
            let Some(x) = T::put(v) else {
                break;
            };
            if 2 * v as usize >= size {
                break;
            }
            g.push(x);
            guesses.push((v, from, all_targets.len()));
        }
        self.stamp = base + len as Stamp;
        // The next batch, whose far marks are made beside the checks (from the guesses,
        // so only if all of them hold), if nothing before it would change the marks: a
        // mask check, a wider array, the end, or stamps that would wrap.
        let next_end = self.speculation_end(end, target);
        let ahead = (guesses.len() == len
            && end < target
            && end < self.next_mask_check
            && next_end - end <= self.batch_marks.len()
            && usize::from(self.stamp) + (next_end - end) < usize::from(Stamp::MAX))
        .then_some(MarkedAhead {
            start: end,
            end: next_end,
            base: self.stamp,
            size,
        });
        // 3. In parallel: the checks (`None`: the guess holds; `Some(r)`: the value is r),
        // and the next batch's far marks.
        let rules = &self.rules;
        let pair_js = &self.pair_js;
        let shared: &[T] = g;
        let (rare, rare_vals) = (&self.rare, &self.rare_vals);
        let batch_marks = &mut self.batch_marks;
        let (checks, ()) = rayon::join(
            || -> Vec<(Option<u32>, usize)> {
                // One heap per task: a few heaps' scans take most of a batch's time, and
                // without it they would share a task, leaving a thread idle at the end.
                guesses
                    .par_iter()
                    .with_max_len(1)
                    .enumerate()
                    .map_init(
                        || (vec![0 as Stamp; size], Vec::new()),
                        |(want, pending), (i, &(_, from, to))| {
                            if from == to {
                                return (None, 0);
                            }
                            let n = start + i;
                            pending.clear();
                            pending.extend_from_slice(&all_targets[from..to]);
                            for &r in pending.iter() {
                                want[r as usize] = 1;
                            }
                            let mut steps = 0;
                            for &j in pair_js {
                                if j + 2 > n || pending.is_empty() {
                                    break;
                                }
                                steps +=
                                    scan_chunked(shared, n - j, rules.unequal, want, 1, pending);
                            }
                            let wrong = pending.first().copied();
                            for &r in pending.iter() {
                                want[r as usize] = 0;
                            }
                            (wrong, steps)
                        },
                    )
                    .collect()
            },
            || {
                if let Some(a) = &ahead {
                    mark_far_parts(
                        shared,
                        rare,
                        rare_vals,
                        pair_js,
                        rules.unequal,
                        &mut batch_marks[..a.end - a.start],
                        a.base,
                    );
                }
            },
        );
        if let Some(a) = &ahead {
            // The stamps are taken whether or not the marks are used.
            self.stamp = a.base + (a.end - a.start) as Stamp;
        }
        // 4. Commit in order, up to the first wrong guess.
        g.truncate(start);
        let mut all_right = true;
        for (i, (&(guess, from, to), &(wrong, steps))) in guesses.iter().zip(&checks).enumerate() {
            let n = start + i;
            self.stats.scan_steps += steps as u64;
            let v = match wrong {
                None => {
                    if from < to {
                        self.choose_strategy(steps);
                    }
                    guess
                }
                Some(r) => {
                    self.stats.full_scans += 1;
                    r
                }
            };
            g.push(T::put(v).expect("below a guess that fits"));
            self.stats.speculated += 1;
            self.record(n, v);
            self.watch(g);
            if wrong.is_some() || (stop && self.proven.is_some()) {
                all_right = false;
                break;
            }
        }
        if all_right && g.len() == end {
            self.marked_ahead = ahead;
        }
        g.len() > start
    }

    /// Tests: the marks made ahead for a batch of `len` heaps from `known.len()` (stamps
    /// from `base + 1`) are the ones made now from the values committed.
    #[cfg(test)]
    fn check_marked_ahead<T: Cell>(&self, known: &[T], len: usize, base: Stamp) {
        let mut fresh = vec![vec![0; self.mark.len()]; len];
        mark_far_parts(
            known,
            &self.rare,
            &self.rare_vals,
            &self.pair_js,
            self.rules.unequal,
            &mut fresh,
            base,
        );
        for (i, (made, now)) in self.batch_marks.iter().zip(&fresh).enumerate() {
            let stamp = base + 1 + i as Stamp;
            for (v, (&x, &y)) in made.iter().zip(now).enumerate() {
                assert_eq!(
                    x == stamp,
                    y == stamp,
                    "heap {}: value {v} marked ahead or not",
                    known.len() + i
                );
            }
        }
    }

    /// The end of a speculative batch from heap `n`: the next multiple of
    /// [`SPECULATION_BATCH`] (so the periodic chores of [`Computation::run`] keep their
    /// places), at most `target`, and not past the next mask check.
    fn speculation_end(&self, n: usize, target: usize) -> usize {
        ((n / SPECULATION_BATCH + 1) * SPECULATION_BATCH)
            .min(target)
            .min(self.next_mask_check.max(n + 1))
    }

    fn prepare_marks(&mut self) {
        self.prepare_marks_for(self.counts.len() as u32, 1);
    }

    /// New mex marks for values below `max` (and their XORs), with stamps for `heaps`
    /// heaps: `base + 1 ..= base + heaps`, where `base` is returned and the current stamp
    /// is set to `base + 1`. When the stamps would wrap, every mark array is cleared.
    fn prepare_marks_for(&mut self, max: u32, heaps: usize) -> Stamp {
        // Marks made ahead for a speculative batch are only used by the batch that comes
        // right after the one that made them; these marks come between.
        self.marked_ahead = None;
        let size = mark_size(max);
        if self.mark.len() < size {
            self.mark = vec![0; size];
            self.want = vec![0; size];
            self.stamp = 0;
        }
        if usize::from(self.stamp) + heaps >= usize::from(Stamp::MAX) {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.want.iter_mut().for_each(|m| *m = 0);
            self.batch_marks
                .iter_mut()
                .for_each(|b| b.iter_mut().for_each(|m| *m = 0));
            self.batch_flat.iter_mut().for_each(|m| *m = 0);
            self.stamp = 0;
        }
        let base = self.stamp;
        self.stamp += 1;
        base
    }
    #[inline]
    fn set(&mut self, v: u32) {
        self.mark[v as usize] = self.stamp;
    }

    #[inline]
    fn is_set(&self, v: u32) -> bool {
        self.mark.get(v as usize) == Some(&self.stamp)
    }

    /// Marks the values of options leaving zero or one heap, and three-heap splits.
    fn mark_simple<T: Cell>(&mut self, g: &[T], n: usize) {
        let t = self.rules.digits.len() - 1;
        for k in 0..self.js.len() {
            let (j, d) = self.js[k];
            if j > n {
                break;
            }
            let m = n - j;
            if d & 1 != 0 && m == 0 {
                self.set(0);
            }
            if d & 2 != 0 && m >= 1 && j >= 1 {
                self.set(g[m].get());
            }
            if d & 8 != 0 && m >= 3 {
                self.mark_triples(g, m);
            }
        }
        let tail = self.rules.tail;
        if tail != 0 && n > t {
            for j in t + 1..=n {
                let m = n - j;
                if tail & 1 != 0 && m == 0 {
                    self.set(0);
                }
                if tail & 2 != 0 && m >= 1 {
                    self.set(g[m].get());
                }
                if tail & 4 != 0 {
                    self.mark_pairs_all(g, m);
                }
                if tail & 8 != 0 && m >= 3 {
                    self.mark_triples(g, m);
                }
            }
        }
    }

    fn mark_triples<T: Cell>(&mut self, g: &[T], m: usize) {
        for a in 1..=m / 3 {
            let ga = g[a].get();
            for b in a..=(m - a) / 2 {
                self.set(ga ^ g[b].get() ^ g[m - a - b].get());
            }
        }
    }

    fn mark_pairs_all<T: Cell>(&mut self, g: &[T], m: usize) {
        if m < 2 {
            return;
        }
        let unequal = self.rules.unequal;
        const PAR_MIN: usize = 1 << 15;
        if m >= PAR_MIN {
            let words = self.mark.len().div_ceil(64);
            let bits = (1..m / 2 + 1)
                .into_par_iter()
                .with_min_len(4096)
                .fold(
                    || vec![0u64; words],
                    |mut acc, a| {
                        if !(unequal && 2 * a == m) {
                            let v = (g[a].get() ^ g[m - a].get()) as usize;
                            acc[v / 64] |= 1 << (v % 64);
                        }
                        acc
                    },
                )
                .reduce(
                    || vec![0u64; words],
                    |mut x, y| {
                        x.iter_mut().zip(y).for_each(|(a, b)| *a |= b);
                        x
                    },
                );
            for (w, &word) in bits.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let b = word.trailing_zeros() as usize;
                    self.set((w * 64 + b) as u32);
                    word &= word - 1;
                }
            }
            return;
        }
        for a in 1..=m / 2 {
            if unequal && 2 * a == m {
                continue;
            }
            self.set(g[a].get() ^ g[m - a].get());
        }
    }

    fn mex(&self) -> u32 {
        let mut v = 0;
        while self.is_set(v) {
            v += 1;
        }
        v
    }

    fn plain_value<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        self.prepare_marks();
        self.mark_simple(g, n);
        for k in 0..self.pair_js.len() {
            let j = self.pair_js[k];
            if j + 2 > n {
                break;
            }
            self.mark_pairs_all(g, n - j);
        }
        self.mex()
    }

    fn sparse_value<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        if self.small() {
            if let Some(v) = self.small_value(g, n) {
                return v;
            }
        }
        self.prepare_marks();
        match self.sparse_candidate(g, n, 0) {
            Ok(v) => v,
            Err(c) => self.settle(g, n, c),
        }
    }

    /// Whether the small path ([`Computation::small_value`]) computes the next values.
    fn small(&self) -> bool {
        self.small_path
            && self.counts.len() <= 64
            && self.mask != 0
            && self.rules.tail == 0
            && !self.triples
    }

    /// The value of heap `n` from its common candidate `c` and its targets (in
    /// `self.targets` and `want`), by the strategy in use.
    fn settle<T: Cell>(&mut self, g: &[T], n: usize, c: u32) -> u32 {
        let (value, steps) = match self.strategy {
            Strategy::Scan => self.settle_by_scan(g, n, c),
            Strategy::Targeted => self.settle_targeted(g, n, c),
        };
        if let Some(steps) = steps {
            self.choose_strategy(steps);
        }
        value
    }

    /// The sparse method while every value is below 64 (most octal games: 0.16's values
    /// stay below 24, 0.1777's below 40): the marks are the bits of one machine word, so
    /// marking a split is an OR into a register, the least unmarked common value is a
    /// `trailing_zeros`, and the scan for the targets ORs in every split without a branch
    /// and checks the word every 32 splits. `None` when the value may be 64 or more (the
    /// general method decides).
    fn small_value<T: Cell>(&mut self, g: &[T], n: usize) -> Option<u32> {
        if self.common_for != self.mask {
            // Bit v: v is common (odd popcount under the mask).
            self.common_bits = common_low_bits(self.mask);
            self.common_for = self.mask;
        }
        let unequal = self.rules.unequal;
        let mut marks = 0u64;
        // Nothing left, and one heap left.
        for &(j, d) in &self.js {
            if j > n {
                break;
            }
            let m = n - j;
            if d & 1 != 0 && m == 0 {
                marks |= 1;
            }
            if d & 2 != 0 && m >= 1 && j >= 1 {
                marks |= 1 << (g[m].get() & 63);
            }
        }
        // Splits with a rare part: every common option value of a split comes from these.
        // Each size's marks are computed once, for the first heap that splits it, and so
        // are its splits scanned so far (`found`).
        let ring = self.splits_of.len() - 1;
        let mut found = 0u64;
        for &j in &self.pair_js {
            if j + 2 > n {
                break;
            }
            let m = n - j;
            let slot = &mut self.splits_of[m & ring];
            if slot.m != m || slot.mask != self.mask {
                let r = rare_range(&self.rare, 0, m);
                *slot = SplitsOf {
                    m,
                    mask: self.mask,
                    rare_marks: rare_part_bits(
                        &g[..m],
                        unequal,
                        &self.rare[r.clone()],
                        &self.rare_vals[r],
                    ),
                    found: 0,
                    scanned: 0,
                };
            }
            marks |= slot.rare_marks;
            found |= slot.found;
        }
        let free = !marks & self.common_bits;
        if free == 0 {
            return None;
        }
        let c = free.trailing_zeros();
        let targets = !marks & !self.common_bits & ((1u64 << c) - 1);
        if targets == 0 {
            return Some(c);
        }
        // The targets: from splits of two common parts, or the least one missing is the
        // value. The scans of earlier heaps may have found them already.
        self.stats.checked += 1;
        for &j in &self.pair_js {
            if targets & !found == 0 {
                return Some(c);
            }
            if j + 2 > n {
                break;
            }
            let m = n - j;
            let slot = &mut self.splits_of[m & ring];
            let steps = scan_bits(g, m, unequal, targets & !found, slot);
            self.stats.scan_steps += steps as u64;
            found |= slot.found;
        }
        if targets & !found == 0 {
            return Some(c);
        }
        self.stats.full_scans += 1;
        Some((targets & !found).trailing_zeros())
    }

    /// The cheap part of the sparse method for heap `n` (marks prepared): `Ok(value)` when
    /// it settles the value, or `Err(c)` with `c` the least unmarked common value and the
    /// targets (rare values below `c` that only splits of two common parts can give) in
    /// `self.targets` and `want`: the value is the least target no split gives, or `c`.
    ///
    /// With `far_done = s > 0`, the splits whose rare part `a` has `m − a < s` are taken as
    /// marked already (a speculative batch from heap `s` marks them in parallel).
    fn sparse_candidate<T: Cell>(
        &mut self,
        g: &[T],
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
        let unequal = self.rules.unequal;
        let stamp = self.stamp;
        // Splits with a rare part: every common option value of a split comes from these.
        {
            let mark = &mut self.mark[..];
            for &j in &self.pair_js {
                if j + 2 > n {
                    break;
                }
                let m = n - j;
                // Rare parts a with m − a ≥ far_done (the others are marked already).
                let r = rare_range(&self.rare, 0, m.min((m + 1).saturating_sub(far_done)));
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

    /// The least unmarked common value, with the unmarked rare values below it pushed
    /// to `targets` (and wanted), 64 values at a time: the marks of a block become a
    /// word of bits (a comparison the compiler does many lanes at a time), and the
    /// common values of the block are the low 64's, complemented when the block's base
    /// has odd parity under the mask (the base and the offset have no bit in common).
    /// The mark arrays are a power of two of at least 64 long ([`mark_size`]).
    fn candidate_by_blocks(&mut self) -> u32 {
        let mask = self.mask;
        if self.common_for != mask {
            self.common_bits = common_low_bits(mask);
            self.common_for = mask;
        }
        let stamp = self.stamp;
        let mut base = 0;
        loop {
            let block = &self.mark[base..base + 64];
            let marked = block
                .iter()
                .enumerate()
                .fold(0u64, |b, (k, &s)| b | u64::from(s == stamp) << k);
            let common = if (base as u32 & mask).count_ones() & 1 == 1 {
                !self.common_bits
            } else {
                self.common_bits
            };
            let free = !marked & common;
            let below = if free == 0 {
                u64::MAX
            } else {
                (1u64 << free.trailing_zeros()) - 1
            };
            let mut rare = !marked & !common & below;
            while rare != 0 {
                let v = base + rare.trailing_zeros() as usize;
                self.targets.push(v as u32);
                self.want[v] = stamp;
                rare &= rare - 1;
            }
            if free != 0 {
                return (base + free.trailing_zeros() as usize) as u32;
            }
            base += 64;
        }
    }

    /// [`Strategy::Scan`]: every split from the ends, branch-free, until no target is
    /// missing. Returns the value and, when every target was found, the splits looked at.
    fn settle_by_scan<T: Cell>(&mut self, g: &[T], n: usize, c: u32) -> (u32, Option<usize>) {
        let mut pending = std::mem::take(&mut self.targets);
        let mut steps = 0;
        for &j in &self.pair_js {
            if j + 2 > n || pending.is_empty() {
                break;
            }
            steps += scan_chunked(
                g,
                n - j,
                self.rules.unequal,
                &mut self.want,
                self.stamp,
                &mut pending,
            );
        }
        self.stats.scan_steps += steps as u64;
        let value = pending.first().copied();
        pending.clear();
        self.targets = pending;
        match value {
            Some(r) => {
                self.stats.full_scans += 1;
                (r, None)
            }
            None => (c, Some(steps)),
        }
    }

    /// [`Strategy::Targeted`]: in three phases, as the module documentation says.
    fn settle_targeted<T: Cell>(&mut self, g: &[T], n: usize, c: u32) -> (u32, Option<usize>) {
        let unequal = self.rules.unequal;
        let stamp = self.stamp;
        let mut need = self.targets.len();
        let mut steps = 0;
        // 1. Splits from the middle (each step may find any target): finds most targets.
        let budget = need * self.tuning.scan_per_target;
        let j = self.pair_js.first().copied().unwrap_or(n);
        if j + 2 <= n && budget > 0 {
            let left = scan(g, n - j, unequal, &mut self.want, stamp, need, 0, budget);
            self.stats.scan_steps += left.1 as u64;
            steps += left.1;
            need = left.0;
            if need == 0 {
                return (c, Some(steps));
            }
        }
        // 2. The targets left, least first, by a targeted search: for a target r and a
        // frequent common value w, heaps a with g(a) = r ^ w (from `lists`) and the check
        // g(m − a) = w.
        let mut budget = self.tuning.target_budget;
        for t in 0..self.targets.len() {
            let r = self.targets[t];
            if self.want[r as usize] != stamp {
                continue;
            }
            let found = self.find_target(g, n, r, &mut budget);
            let used = self.tuning.target_budget - budget;
            self.stats.target_steps += used as u64;
            steps += used;
            let Some(k) = found else {
                break;
            };
            // Witnesses come in runs of the same kind: try this partner first next time.
            self.partners[r as usize][..=k].rotate_right(1);
            self.want[r as usize] = 0;
            self.stats.targeted += 1;
            need -= 1;
            if need == 0 {
                return (c, Some(steps));
            }
            budget = self.tuning.target_budget;
        }
        // 3. Every split, until no target is missing; the value is the least target left.
        // (From the ends, in blocks: the splits phase 1 looked at are looked at again, a
        // small part of the work.)
        self.stats.full_scans += 1;
        let mut pending = std::mem::take(&mut self.targets);
        pending.retain(|&r| self.want[r as usize] == stamp);
        for &j in &self.pair_js {
            if j + 2 > n || pending.is_empty() {
                break;
            }
            steps += scan_chunked(g, n - j, unequal, &mut self.want, stamp, &mut pending);
        }
        let value = pending.first().copied();
        pending.clear();
        self.targets = pending;
        match value {
            Some(r) => (r, None),
            None => (c, Some(steps)),
        }
    }

    /// Now and then runs [`STRATEGY_TRIAL`] heaps with the other strategy and keeps the one
    /// that needed fewer steps (the values do not depend on it).
    fn choose_strategy(&mut self, steps: usize) {
        let t = &mut self.strategy_trial;
        if t.count == 0 {
            t.clock = Clock::start();
        }
        t.sum += steps as u64;
        t.count += 1;
        if t.count < STRATEGY_TRIAL {
            return;
        }
        t.recent = t.sum / u64::from(t.count);
        if self.method == Method::Sparse && self.speculation_pays() {
            let t = &mut self.strategy_trial;
            self.strategy = Strategy::Scan;
            t.trying = false;
            t.sum = 0;
            t.count = 0;
            return;
        }
        let t = &mut self.strategy_trial;
        let cost = t.clock.cost(t.sum);
        if t.trying {
            // The other strategy has run its heaps: keep it only if it did better.
            if cost >= t.before {
                self.strategy = self.strategy.other();
            }
            t.trying = false;
            t.gap = (t.gap * 2).clamp(1, MAX_STRATEGY_GAP);
            t.wait = t.gap;
        } else if t.wait > 0 {
            t.wait -= 1;
        } else {
            // The last heaps are the yardstick; try the other strategy.
            t.before = cost;
            t.trying = true;
            self.strategy = self.strategy.other();
        }
        t.sum = 0;
        t.count = 0;
    }

    /// Whether a split of some `n − j` (j a splitting removal) has parts of common values
    /// `u`, `w` with `u ^ w = r`, looked for within `budget` steps.
    /// Returns the index in `partners[r]` of the `w` that worked.
    fn find_target<T: Cell>(&self, g: &[T], n: usize, r: u32, budget: &mut usize) -> Option<usize> {
        let unequal = self.rules.unequal;
        let ws = self.partners.get(r as usize)?;
        for (i, &w) in ws.iter().enumerate() {
            let u = (r ^ w) as usize;
            let Some(list) = self.lists.get(u) else {
                continue;
            };
            for &j in &self.pair_js {
                if j + 2 > n {
                    break;
                }
                let m = n - j;
                let below = &g[..m];
                let k = match list.last() {
                    Some(&a) if (a as usize) < m => list.len(),
                    _ => list.partition_point(|&a| (a as usize) < m),
                };
                let steps = k.min(*budget);
                let hit = list[..steps].iter().position(|&a| {
                    let a = a as usize;
                    below[m - a].get() == w && !(unequal && 2 * a == m)
                });
                if let Some(pos) = hit {
                    *budget -= pos + 1;
                    return Some(i);
                }
                *budget -= steps;
                if *budget == 0 {
                    return None;
                }
            }
        }
        None
    }
}

/// Heaps per speculative batch ([`Computation::speculate`]): small, since a rare value
/// drops the rest of its batch (Officers has about one in 400 heaps at 10⁶).
const SPECULATION_BATCH: usize = 64;
/// The least heap that starts a speculative batch.
const SPECULATION_FROM: usize = 1 << 12;
/// The fewest threads for speculative batches. Measured on 2 cores (Officers to 10⁷,
/// `octal_bench officers`): 33.6 s, against 47.8 s on one thread. (They once paid only
/// from 3 threads: the batches then started from outside the pool, one at a time, and
/// their heaps were shared out in few tasks.)
const SPECULATION_THREADS: usize = 2;
/// The least number of scan steps per heap (lately) for speculative batches: below it,
/// the threads' start-up costs more than the work they share.
const SPECULATION_STEPS: u64 = 256;
/// Values at most this large while speculating (a batch holds marks for every value, per
/// heap).
const MAX_SPECULATION_VALUE: usize = 1 << 12;

/// Heaps per batch of the sequential general path (`Computation::batch`).
const BATCH: usize = 16;
/// The least heap that starts a batch.
const BATCH_FROM: usize = 1 << 10;
/// The fewest rare heaps for batches (with few, the far marks are cheap anyway).
const BATCH_MIN_RARE: usize = 64;

/// Heaps per measurement when the strategies are compared.
const STRATEGY_TRIAL: u32 = 2048;
/// The most measurements between two trials of the other strategy.
const MAX_STRATEGY_GAP: u32 = 64;

/// How the sparse method settles the targets (rare values that only splits of two common
/// parts can give). Which is faster depends on the game, so the computation tries the
/// other one now and then and keeps the faster ([`Computation::choose_strategy`]).
/// Measured (`octal_bench`, both forced): Officers to 10⁶ 6.5 s targeted, 6.9 s by scan,
/// and left to choose, 6.5 s (it changes as the heaps grow).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strategy {
    /// A short scan from the middle, a search by value lists, then every split: best
    /// when the values are few and a target has frequent witnesses (0.16, 0.1777).
    Targeted,
    /// Every split from the ends, branch-free, until no target is missing: good when
    /// witnesses are scarce and of many kinds (Officers). The small heaps hold the early,
    /// irregular values, so their splits reach more kinds of values than splits from the
    /// middle (Officers at 3·10⁵: 2,700 splits a heap against 4,000).
    Scan,
}

impl Strategy {
    fn other(self) -> Strategy {
        match self {
            Strategy::Targeted => Strategy::Scan,
            Strategy::Scan => Strategy::Targeted,
        }
    }
}

/// The state of the comparison of the two strategies.
#[derive(Debug, Clone, Copy, Default)]
struct StrategyTrial {
    /// Steps and heaps of the current measurement, and when it started.
    sum: u64,
    count: u32,
    clock: Clock,
    /// Whether the current measurement is of the other strategy, and the yardstick (its
    /// cost: see [`Clock::cost`]).
    trying: bool,
    before: u64,
    /// Measurements to wait before the next trial, and the current gap.
    wait: u32,
    gap: u32,
    /// Steps per heap in the last measurement.
    recent: u64,
}

/// When a measurement of [`StrategyTrial`] started. The strategies are compared by time
/// (their steps cost differently: a step of the targeted search reads a value anywhere in
/// the sequence, the scan reads adjacent values 16 or 32 at a time), except where the
/// platform has no clock (WebAssembly in a browser), where the steps are the cost. The
/// values never depend on it.
#[derive(Debug, Clone, Copy, Default)]
struct Clock {
    #[cfg(not(target_family = "wasm"))]
    started: Option<std::time::Instant>,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            #[cfg(not(target_family = "wasm"))]
            started: Some(std::time::Instant::now()),
        }
    }
    /// The cost of the measurement: nanoseconds since the start, or else `steps`.
    fn cost(&self, steps: u64) -> u64 {
        #[cfg(not(target_family = "wasm"))]
        if let Some(t) = self.started {
            return u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX);
        }
        steps
    }
}

/// The indices in `rare` (increasing heaps; `rare[0]` is heap 0, which is never a part)
/// of the rare heaps `a` with `lo ≤ a < hi`.
#[inline]
fn rare_range(rare: &[u32], lo: usize, hi: usize) -> std::ops::Range<usize> {
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

/// Bit v (v < 64): v is common under `mask` (odd popcount).
fn common_low_bits(mask: u32) -> u64 {
    (0..64u32)
        .filter(|v| (v & mask).count_ones() & 1 == 1)
        .fold(0u64, |b, v| b | 1 << v)
}

/// The length of the mark arrays for values below `max`: a power of two above every XOR
/// of two such values, and at least 64 ([`Computation::candidate_by_blocks`] reads
/// blocks of 64).
fn mark_size(max: u32) -> usize {
    (max.max(1).next_power_of_two() as usize * 2).max(64)
}

/// A speculative batch whose far marks were made ahead of it.
#[derive(Debug, Clone, Copy)]
struct MarkedAhead {
    /// The batch's heaps.
    start: usize,
    end: usize,
    /// Its stamps are `base + 1 + i`; made for marks of this length.
    base: Stamp,
    size: usize,
}

/// A speculative batch's far marks, in parallel: for heap `n = known.len() + i`, the
/// splits of `n − j` (`j` in `pair_js`) whose rare part `a` leaves a known heap
/// (`m − a < known.len()`), marked in `marks[i]` with stamp `base + 1 + i`.
fn mark_far_parts<T: Cell>(
    known: &[T],
    rare: &[u32],
    rare_vals: &[u32],
    pair_js: &[usize],
    unequal: bool,
    marks: &mut [Vec<Stamp>],
    base: Stamp,
) {
    let start = known.len();
    // Heap by heap: marking several heaps together, rare part by rare part, reads their
    // parts `m − a` together but scatters the stores over their arrays, which measured
    // slower (Officers).
    marks
        .par_iter_mut()
        .with_max_len(1)
        .enumerate()
        .for_each(|(i, mark)| {
            let n = start + i;
            let stamp = base + 1 + i as Stamp;
            for &j in pair_js {
                if j + 2 > n {
                    break;
                }
                let m = n - j;
                // Rare parts a with m − start < a < m.
                let r = rare_range(rare, (m + 1).saturating_sub(start), m);
                mark_rare_parts(
                    known,
                    m,
                    unequal,
                    &rare[r.clone()],
                    &rare_vals[r],
                    mark,
                    stamp,
                );
            }
        });
}

/// Marks `mark[g(a) ^ g(m − a)] = stamp` for the rare parts `heaps` (values `vals`) of
/// the splits of `m` (all below `m`), skipping the equal split when the parts must differ.
/// `g` needs only the values `g(m − a)` of these parts (a speculative batch passes the
/// values before the batch). `mark` has a power-of-two length above every value: the mask
/// spares the bounds check.
fn mark_rare_parts<T: Cell>(
    below: &[T],
    m: usize,
    unequal: bool,
    heaps: &[u32],
    vals: &[u32],
    mark: &mut [Stamp],
    stamp: Stamp,
) {
    let mmask = mark.len() - 1;
    if unequal && m.is_multiple_of(2) {
        for (&a, &va) in heaps.iter().zip(vals) {
            if 2 * a as usize != m {
                mark[(va ^ below[m - a as usize].get()) as usize & mmask] = stamp;
            }
        }
    } else {
        for (&a, &va) in heaps.iter().zip(vals) {
            mark[(va ^ below[m - a as usize].get()) as usize & mmask] = stamp;
        }
    }
}

/// Stamps of the mex marks (`mark[v] == stamp`: `v` is marked for the current heap). Two
/// bytes keep a batch's marks in the first-level cache; they wrap every 65,534 heaps, and
/// then every mark array is cleared ([`Computation::prepare_marks_for`]).
type Stamp = u16;

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

/// The small path's record of the splits `a + b = m` of one heap size.
#[derive(Debug, Clone, Copy)]
struct SplitsOf {
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
    const EMPTY: SplitsOf = SplitsOf {
        m: usize::MAX,
        mask: 0,
        rare_marks: 0,
        found: 0,
        scanned: 0,
    };
}

/// Slots of the small path's ring of split records: a power of two above the spread of
/// the splitting removals, so that every size a heap splits has its own slot.
fn splits_ring(pair_js: &[usize]) -> usize {
    match (pair_js.first(), pair_js.last()) {
        (Some(&lo), Some(&hi)) => (hi - lo + 1).next_power_of_two(),
        _ => 1,
    }
}

/// The values `g(a) ^ g(m − a)` (all below 64) of the splits of `m = below.len()` whose
/// part `a` is one of the rare heaps `heaps` (values `vals`, all below `m`), as bits;
/// the equal split is left out when the parts must differ.
fn rare_part_bits<T: Cell>(below: &[T], unequal: bool, heaps: &[u32], vals: &[u32]) -> u64 {
    let m = below.len();
    if let Some(bytes) = T::bytes(below) {
        if !(unequal && m.is_multiple_of(2)) {
            return simd::rare_part_bits_u8(bytes, heaps, vals);
        }
    }
    let mut bits = 0u64;
    for (&a, &va) in heaps.iter().zip(vals) {
        let a = a as usize;
        if !(unequal && 2 * a == m) {
            bits |= BIT[((va ^ below[m - a].get()) & 63) as usize];
        }
    }
    bits
}

/// Goes on scanning the splits `a + b = m` from the middle outwards where `splits` (the
/// record of size `m`) stopped, OR-ing the bit of each value `g(a) ^ g(b)` (all below 64)
/// into `splits.found`, until it covers `targets` (checked every 32 splits) or the splits
/// run out. Returns the number of splits looked at.
fn scan_bits<T: Cell>(
    g: &[T],
    m: usize,
    unequal: bool,
    targets: u64,
    splits: &mut SplitsOf,
) -> usize {
    let h = m / 2;
    if h == 0 {
        return 0;
    }
    // Pairs (left[h−1−i], right[i]) = (g(h − i), g(m − h + i)); the equal split (i = 0
    // when m is even) is not a move when the parts must differ.
    let left = &g[1..=h];
    let right = &g[m - h..m];
    let skip = usize::from(unequal && m.is_multiple_of(2));
    let mut f = splits.found;
    let start = splits.scanned.max(skip);
    let mut i = start;
    while i < h && targets & !f != 0 {
        let end = (i + BLOCK).min(h);
        let (l, r) = (&left[h - end..h - i], &right[i..end]);
        // A whole block of byte values goes to the vector kernel.
        match (
            T::bytes(l).map(<&[u8; BLOCK]>::try_from),
            T::bytes(r).map(<&[u8; BLOCK]>::try_from),
        ) {
            (Some(Ok(l)), Some(Ok(r))) => f |= simd::xor_bits_reversed(l, r),
            _ => {
                for (x, y) in l.iter().rev().zip(r) {
                    // A table rather than a shift: the compiler would vectorize the shifts
                    // with SSE2, which has no per-lane shift (measured slower).
                    f |= BIT[((x.get() ^ y.get()) & 63) as usize];
                }
            }
        }
        i = end;
    }
    splits.found = f;
    splits.scanned = i;
    i - start
}

/// Looks at every split `a + b = m` from the ends inwards (`a = 1, 2, …`) and clears
/// `want[x]` for each value `x = g(a) ^ g(b)` until `pending` (the targets still wanted,
/// `want[r] == stamp`) is empty; `pending` keeps the targets no split gave. Returns the
/// number of splits looked at.
///
/// The loop stores unconditionally (`want[x] = 0` also for values not wanted, which leaves
/// them not wanted) instead of branching on every split, and looks at `pending` only once
/// a chunk.
fn scan_chunked<T: Cell>(
    g: &[T],
    m: usize,
    unequal: bool,
    want: &mut [Stamp],
    stamp: Stamp,
    pending: &mut Vec<u32>,
) -> usize {
    let h = m / 2;
    // The splits are a = 1..=last (the equal split m = 2a is not a move when parts must
    // differ).
    let last = if unequal && m.is_multiple_of(2) {
        h.saturating_sub(1)
    } else {
        h
    };
    // (`want` has a power-of-two length above every value.)
    debug_assert!(want.len().is_power_of_two());
    let mut i = 0;
    while i < last && !pending.is_empty() {
        // 32 splits per target still wanted: the check of `pending` stays a small part of
        // the work (with 4 a target it took a third as long as the splits), and as the
        // targets are found the chunks shrink, so few splits are looked at past the last.
        let chunk = (32 * pending.len()).max(32).min(last - i);
        // Split number i + k (k < chunk): a = i + k + 1, b = m − a.
        T::clear_xors(&g[i + 1..i + 1 + chunk], &g[m - i - chunk..m - i], want);
        i += chunk;
        pending.retain(|&r| want[r as usize] == stamp);
    }
    i
}

/// Scans the splits `a + b = m` from the middle outwards (`a` down from `m/2`), skipping
/// the first `from` and looking at most at `budget` of them, clearing `want[x]` for each
/// value `x = g(a) ^ g(b)` still wanted; returns how many are still wanted (`need` at the
/// start) and how many splits it looked at.
#[allow(clippy::too_many_arguments)]
fn scan<T: Cell>(
    g: &[T],
    m: usize,
    unequal: bool,
    want: &mut [Stamp],
    stamp: Stamp,
    mut need: usize,
    from: usize,
    budget: usize,
) -> (usize, usize) {
    let h = m / 2;
    if h == 0 {
        return (need, 0);
    }
    // Pairs (left[h−1−i], right[i]) = (g(h − i), g(m − h + i)).
    let left = &g[1..=h];
    let right = &g[m - h..m];
    let skip = usize::from(unequal && m.is_multiple_of(2));
    let steps = h.min(budget.saturating_add(skip).saturating_add(from));
    let first = (skip + from).min(steps);
    let mut done = 0;
    for (x, y) in left[h - steps..h - first]
        .iter()
        .rev()
        .zip(&right[first..steps])
    {
        done += 1;
        let v = (x.get() ^ y.get()) as usize;
        if want[v] == stamp {
            want[v] = 0;
            need -= 1;
            if need == 0 {
                break;
            }
        }
    }
    (need, done)
}

/// The whole sequence `g(0..=upto)` in one call.
pub fn grundy_sequence(rules: &Ruleset, upto: u64, method: Method) -> Result<Values> {
    let mut c = Computation::new(rules.clone(), method);
    c.extend_to(upto, &mut |_, _| {})?;
    Ok(c.into_values())
}
