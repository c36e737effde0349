//! Speculative parallel batches: each heap's value is guessed in turn, the scans that
//! check the guesses (and the next batch's far marks) run in parallel, and the values
//! are committed in order up to the first wrong guess, so the sequence is exactly the
//! sequential one. Separate because it is the only multi-threaded path of the sparse
//! method, with its own thresholds.

use super::marks::mark_size;
use super::sparse::{mark_rare_parts, rare_range};
use super::strategy::{scan_chunked, Strategy};
use super::{Algorithm, Cell, Computation, Stamp};
use rayon::prelude::*;

impl Computation {
    /// Whether heap `n` starts a speculative batch: the sparse method with the scan
    /// strategy, enough threads, and heaps large enough for the work to be worth it.
    pub(super) fn speculates(&self, n: usize) -> bool {
        self.method == Algorithm::Sparse
            && self.strategy == Strategy::Scan
            && self.speculation_pays()
            && n >= self.speculate_from
            && n < self.next_mask_check
    }

    /// Whether the heaps are costly enough to check, and the threads many enough, for
    /// speculative batches to pay. Then the scan strategy is kept without trials of the
    /// other: it runs on every core, the targeted search on one.
    pub(super) fn speculation_pays(&self) -> bool {
        self.strategy_trial.recent >= SPECULATION_STEPS
            && self.mask != 0
            && self.rules.tail & 4 == 0
            && self.counts.len() <= MAX_SPECULATION_VALUE
            && rayon::current_num_threads() >= SPECULATION_THREADS
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
    pub(super) fn speculate_until<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        limit: usize,
        stop: bool,
    ) -> bool {
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

    /// Tests: the scan strategy for good (no trials), speculative batches from heap `from`.
    #[cfg(test)]
    pub(crate) fn force_speculation_from(&mut self, from: usize) {
        self.strategy = Strategy::Scan;
        self.strategy_trial.wait = u32::MAX;
        self.strategy_trial.recent = u64::MAX;
        self.speculate_from = from;
    }
}

/// Heaps per speculative batch ([`Computation::speculate`]): small, since a rare value
/// drops the rest of its batch (Officers has about one in 400 heaps at 10⁶).
const SPECULATION_BATCH: usize = 64;
/// The least heap that starts a speculative batch.
pub(super) const SPECULATION_FROM: usize = 1 << 12;
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

/// A speculative batch whose far marks were made ahead of it.
#[derive(Debug, Clone, Copy)]
pub(super) struct MarkedAhead {
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
