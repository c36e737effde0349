//! Grundy sequences of take-and-break games: compact storage, the plain method and the
//! sparse-space method, computed incrementally.
//!
//! Storage: values are kept one byte each while they fit, and the whole sequence is widened
//! to nine bits (with 16-bit windows where the computation reads most), 16 and then 32 bits
//! the first time a value needs it ([`Values`]). The computation reads the values through a
//! view (`cell::Known`: a slice, or the nine-bit view, which hands out runs of values as
//! slices of its windows or decoded) and grows them through a store (`cell::Store`).
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
//! the scans of one heap serve the next two). From heap 4,096 on, the first splits from
//! the middle of each size are scanned ahead, a block of heaps at a time, on another
//! thread; with at most 16 rare heaps close below the size, their marks are byte
//! shuffles of the last 128 values, or, where the parts of the next four sizes are known
//! (0.1777), one vector of four lanes for those four sizes. The heaps go in runs that
//! end at a rare value or before a period search: the rules are read once a run, and
//! the values recorded and watched in bulk at its end.
//!
//! A heap's rare-part marks read the values `g(m − a)` of its rare parts `a` as one run
//! of the latest values, four marks at a time. With many rare heaps reaching far below
//! the heap (at least 64, some above 32,768), heaps are computed in batches of 16
//! (`Computation::batch`) instead: the splits whose rare part leaves a heap below the
//! batch are marked first for all 16 heaps, rare heap by rare heap, which reads adjacent
//! values. (Officers' 1,584 rare heaps all lie below 21,000: heap by heap.)
//!
//! When the scan strategy needs many steps a heap and there are two threads or more,
//! heaps are computed in speculative batches (`Computation::speculate_until`): each
//! heap's guess is made in turn; the scans that check a batch's guesses run in parallel
//! beside the next batch's guesses and the far rare-part marks of the batch after it
//! (made as if the guesses being checked were right); a wrong guess (a rare value) is
//! corrected and the rest of its batch, the next batch and the far marks after it
//! dropped, so the sequence is exactly the sequential one.
//!
//! Exactness does not depend on the budgets ([`Tuning`]) or the strategy: phases 1 and 2
//! only ever report real splits, and a target they miss goes to phase 3. Any mask gives
//! the exact sequence too; the mask only changes the speed, and it is re-chosen from the
//! value histogram as the sequence grows. Three-heap splits (hexadecimal bit 8) are
//! enumerated in full.
//!
//! Periods: the computation watches for a period proven by the periodicity theorem as it
//! grows (see [`Computation`] and [`super::period`]), so a period search stops at the exact
//! length the proof needs. A long-repeat finder notices long periods soon after the values
//! start repeating, and once a candidate period has held for a while, on the small path
//! with two threads or more, heaps are computed in predicted batches
//! (`Computation::predict`): the batch is predicted to repeat the period and every thread
//! checks its share, the sequence kept up to the first value not predicted. A long
//! period's proof, whose second half repeats the first, then runs on every core.
//!
//! Layout: this module holds the [`Computation`] state and its accessors; `cell` the
//! stored widths, the views and the stores (the storage itself, [`Values`], is
//! `octal::values`), `grow` the driver and the period watch, `marks` the mex marks and the
//! plain method, `sparse` the sparse method's mask and candidate, `strategy` the ways the
//! targets are settled, `small` the small-value path, `batch` the sequential batches,
//! `speculate` the speculative parallel batches, `repeats` the long-repeat finder and
//! `predict` the predicted batches.

mod batch;
mod cell;
mod grow;
mod marks;
mod predict;
mod repeats;
mod residues;
mod small;
mod sparse;
mod speculate;
mod strategy;

pub use cell::Cell;
use cell::{Known, Store};

use batch::{BATCH_FROM, BATCH_MIN_RARE, BATCH_REACH};
use predict::PREDICT_FROM;
use repeats::REPEATS_FROM;
use small::SplitRecords;
use speculate::{FIRST_SPECULATION_WAIT, SPECULATION_FROM};
use strategy::{Strategy, StrategyTrial};

use super::rules::TakeAndBreak;
use super::Values;
use crate::error::{Error, Result};
use crate::limits::Limits;

/// How a sequence is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Algorithm {
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

impl Tuning {
    /// The entries kept in each value's list: the targeted search reads a list from its
    /// start and takes at most `target_budget` steps a target, so entries past that are
    /// never read (Officers to 10⁷ kept 1.1 MB of such entries, half a byte a value).
    pub(super) fn stored_list_len(&self) -> usize {
        self.list_len.min(self.target_budget)
    }
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
    /// Speculative batches guessed (far marks and guesses) while the batch before was
    /// checked, and kept.
    pub guessed_ahead: u64,
    /// Speculative batches guessed from far marks made two batches ahead (beside the
    /// checks of the batch before the one before).
    pub marked_early: u64,
    /// Speculative batches longer than the base length (on many threads, once the
    /// guesses have held for a while).
    pub wide_batches: u64,
    /// Heaps computed by the residue method (every value past a proven period).
    pub residues: u64,
    /// Values copied from a proven period rather than computed.
    pub copied: u64,
    /// Heaps whose value was predicted from a period and checked in parallel
    /// (`Computation::predict`).
    pub predicted: u64,
    /// Predicted batches ended by a value that was not the predicted one.
    pub mispredicted: u64,
    /// Candidate periods handed to the watch by the long-repeat finder.
    pub repeats_found: u64,
    /// Nanoseconds the speculative batches' guessing took: done in turn, beside the
    /// checks, it is the part of the work no number of threads shortens.
    pub guess_nanos: u64,
}

impl Stats {
    /// Adds the counts of the small path's checks made with `other`.
    pub(super) fn add_checks(&mut self, other: &Stats) {
        self.checked += other.checked;
        self.scan_steps += other.scan_steps;
        self.full_scans += other.full_scans;
    }
}

/// An incremental Grundy-sequence computation. The state is the rules plus the values
/// computed so far; it can be resumed from any correct prefix ([`Computation::resume`]).
///
/// While it grows, it also watches for a period proven by the periodicity theorem (see
/// [`super::period`]): now and then (each time the sequence has grown by half, and for
/// long periods, as soon as its long-repeat finder sees values repeat) it looks for
/// shifts under which the latest values repeat, then checks the equation
/// `g(n) = g(n − p)` for each such candidate on every new value, and the period is proven
/// the moment a candidate has held for as many values as its proof needs
/// ([`Computation::period`]). With the sparse method, values past a proven period are
/// copied.
#[derive(Debug, Clone)]
pub struct Computation {
    rules: TakeAndBreak,
    method: Algorithm,
    values: Values,
    /// `(j, digit)` for every removal `j ≤ t` with a non-zero digit.
    js: Vec<(usize, u8)>,
    /// The removals that may leave one heap (digit bit 2), apart for the small path.
    single_js: Vec<usize>,
    pair_js: Vec<usize>,
    // Sparse-space state.
    mask: u32,
    /// Heaps with rare values (increasing), and their values.
    rare: Vec<u32>,
    rare_vals: Vec<u32>,
    counts: Vec<u64>,
    next_mask_check: usize,
    /// `lists[v]`: the first `tuning.stored_list_len()` heaps `a ≥ 1` with `g(a) = v`.
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
    /// How long speculation waits next time its guesses fail too often (0: it never
    /// waits), and the speculative batches and the heaps they kept since it last looked
    /// (`Computation::weigh_batches`).
    speculation_wait: usize,
    speculation_record: (usize, usize),
    /// The last heap whose speculative guess was wrong (0 before any): wide speculative
    /// batches wait until the guesses have held for a while.
    last_wrong_guess: usize,
    /// The least heap, the fewest rare heaps and the least reach of the far marks
    /// (`Computation::rare_reach`) for sequential batches.
    batch_from: usize,
    batch_min_rare: usize,
    batch_reach: usize,
    /// Whether scans look their splits up in a set of the targets (AVX-512 present;
    /// `strategy::scan_by_set`).
    value_sets: bool,
    /// A speculative batch's marks, one array per heap.
    batch_marks: Vec<Vec<Stamp>>,
    /// What the far marks of a speculative batch settle of each heap's candidate.
    batch_far: Vec<sparse::FarCandidate>,
    /// The far marks of the speculative batch after the one being guessed.
    early: speculate::Early,
    /// Per heap of a speculative batch, the wanted targets' stamps (all 0 between checks)
    /// and the targets pending, reused from batch to batch.
    check_scratch: Vec<(Vec<Stamp>, Vec<u32>)>,
    /// The targets' list of the speculative batch checked last, kept for the next batch
    /// guessed (a new list grew by reallocations, a twentieth of the guessing's time).
    spare_targets: Vec<u32>,
    /// Per splitting removal (`pair_js`), where the rare parts of the last heap's near
    /// splits ended in `rare` ([`sparse::rare_end`]'s cursor).
    near_ends: Vec<usize>,
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
    splits_of: SplitRecords,
    /// The small path's middle splits scanned ahead, for the sizes from `middles_from` on
    /// (`Computation::prepare_middles`).
    middles: Vec<u64>,
    middles_from: usize,
    /// The small path's shuffles for the rare heaps, and the count of rare heaps and the
    /// mask they are for.
    rare_window: Option<crate::octal::simd::RareWindow>,
    rare_window_for: (usize, u32),
    // Period watch.
    cands: Vec<super::period::Candidate>,
    next_search: usize,
    /// Where the values repeat, found as they grow (long periods are noticed soon), and
    /// the least length it reads.
    repeats: repeats::Repeats,
    repeats_from: usize,
    /// The threads of the pool the growth runs in, asked once a call (asking costs tens
    /// of nanoseconds outside a pool: too much once a heap).
    threads: usize,
    /// The least heap predicted from a period (`predict`), and tests' forced period.
    predict_from: usize,
    forced_prediction: Option<usize>,
    /// A period proven by the values so far.
    proven: Option<super::period::Period>,
    /// Whether every value is computed even past a proven period (else, with the sparse
    /// method, the period is copied): see [`Computation::compute_every_value`].
    every_value: bool,
    /// The residue method's state, past a proven period when every value is computed
    /// (`residues`), and whether it was tried for the period proven.
    residues: Option<residues::Residues>,
    residues_tried: bool,
    /// Whether the residue method may be used ([`Computation::use_residue_method`]).
    residue_method: bool,
    /// Whether `rare` lacks heaps (not listed while the residue method answers).
    rare_stale: bool,
    /// The deadline, cancellation flag and progress callback the growth honours (see
    /// [`Computation::watched_by`]).
    limits: Limits,
}

impl Computation {
    /// A computation holding `g(0) = 0`.
    pub fn new(rules: TakeAndBreak, method: Algorithm) -> Computation {
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
        let single_js: Vec<usize> = js
            .iter()
            .filter(|&&(j, d)| d & 2 != 0 && j >= 1)
            .map(|&(j, _)| j)
            .collect();
        let triples = js.iter().any(|(_, d)| d & 8 != 0);
        let splits_of = SplitRecords::new(&pair_js);
        let near_ends = vec![1; pair_js.len()];
        Computation {
            rules,
            method,
            values: Values::U8(vec![0]),
            js,
            single_js,
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
            speculation_wait: FIRST_SPECULATION_WAIT,
            speculation_record: (0, 0),
            last_wrong_guess: 0,
            batch_from: BATCH_FROM,
            batch_min_rare: BATCH_MIN_RARE,
            batch_reach: BATCH_REACH,
            value_sets: super::simd::value_sets(),
            batch_marks: Vec::new(),
            batch_far: Vec::new(),
            early: speculate::Early::default(),
            check_scratch: Vec::new(),
            spare_targets: Vec::new(),
            near_ends,
            batch_flat: Vec::new(),
            triples,
            small_path: true,
            common_bits: 0,
            common_for: 0,
            splits_of,
            middles: Vec::new(),
            middles_from: 0,
            rare_window: None,
            rare_window_for: (usize::MAX, 0),
            cands: Vec::new(),
            next_search: FIRST_SEARCH,
            repeats: repeats::Repeats::default(),
            repeats_from: REPEATS_FROM,
            threads: 1,
            predict_from: PREDICT_FROM,
            forced_prediction: None,
            proven: None,
            every_value: false,
            residues: None,
            residues_tried: false,
            residue_method: true,
            rare_stale: false,
            limits: Limits::default(),
        }
    }

    /// Continues from known values `g(0..prefix.len())` (e.g. read back from a file). The
    /// prefix is trusted; `verify` recomputes its last `verify` values and checks them.
    pub fn resume(
        rules: TakeAndBreak,
        method: Algorithm,
        prefix: Values,
        verify: usize,
    ) -> Result<Computation> {
        if prefix.is_empty() || prefix.get(0) != 0 {
            return Err(Error::invalid("a saved sequence must start with g(0) = 0"));
        }
        let n = prefix.len();
        let keep = n.saturating_sub(verify).max(1);
        let mut c = Computation::new(rules, method);
        // Only the values to check are kept aside (not a copy of the whole prefix).
        let checked: Vec<u32> = (keep..n).map(|i| prefix.get(i)).collect();
        let mut kept = prefix;
        kept.truncate(keep);
        c.values = kept.narrowed();
        c.rebuild_sparse_state();
        if n > keep {
            c.extend_to((n - 1) as u64, &mut |_, _| {})?;
            for (i, &saved) in (keep..n).zip(&checked) {
                if c.values.get(i) != saved {
                    return Err(Error::invalid(format!(
                        "the saved sequence is not this game's: g({i}) is {} but the file says {saved}",
                        c.values.get(i),
                    )));
                }
            }
        }
        Ok(c)
    }

    /// Makes the growth honour the deadline, the cancellation flag and the progress
    /// callback of `limits` (not its position limit: the caller chooses how far to grow).
    /// They are looked at every few heaps: every heap's worth of work is small, except in
    /// games that split a heap into three, whose heaps cost a quadratic number of splits
    /// each and are checked more often.
    pub fn watched_by(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// How many heaps apart the limits are checked, minus one (a mask).
    fn check_mask(&self) -> usize {
        if self.triples {
            0xF
        } else {
            0x3FF
        }
    }

    /// Computes every value even past a proven period, instead of copying the period
    /// (the sparse method's default). The values are the same; computing them checks the
    /// theorem's conclusion and measures the method. Past the period, heaps are computed
    /// by the residue method (`residues`) where it applies: work a heap that does not grow
    /// with the heap.
    pub fn compute_every_value(&mut self, every: bool) {
        self.every_value = every;
    }

    /// Whether heaps past a proven period may be computed by the residue method (the
    /// default) when every value is computed; without it they are computed by the sparse
    /// method, as before the period was proven. Speed only (for benchmarks and tests).
    pub fn use_residue_method(&mut self, on: bool) {
        self.residue_method = on;
        if !on {
            // (The rare heaps it left out are listed again before the next heap.)
            self.residues = None;
        }
    }

    /// Whether every value is computed past a proven period
    /// ([`Computation::compute_every_value`]).
    pub fn computes_every_value(&self) -> bool {
        self.every_value
    }

    /// Tests: the values stored in nine bits from now on, with 16-bit windows of `head`
    /// first values, `tail` (to twice that) latest and `middle` (to twice that) on each
    /// side of the middle.
    #[cfg(test)]
    pub(crate) fn store_in_nine_bits(&mut self, head: usize, tail: usize, middle: usize) {
        let mut nine = super::values::Nine::with_windows(head, tail, middle);
        for i in 0..self.values.len() {
            nine.push(self.values.get(i) as u16);
        }
        self.values = Values::U9(nine);
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
    pub fn rules(&self) -> &TakeAndBreak {
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
}

/// Stamps of the mex marks (`mark[v] == stamp`: `v` is marked for the current heap). Two
/// bytes keep a batch's marks in the first-level cache; they wrap every 65,534 heaps, and
/// then every mark array is cleared ([`Computation::prepare_marks_for`]).
type Stamp = u16;

/// The whole sequence `g(0..=upto)` in one call.
pub fn grundy_sequence(rules: &TakeAndBreak, upto: u64, method: Algorithm) -> Result<Values> {
    let mut c = Computation::new(rules.clone(), method);
    c.extend_to(upto, &mut |_, _| {})?;
    Ok(c.into_values())
}

#[cfg(test)]
mod every_tests;
#[cfg(test)]
mod predict_tests;
#[cfg(test)]
mod tests;
