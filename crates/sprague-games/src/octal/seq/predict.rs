//! Predicted batches: once a candidate period `p` has held for a while (or a period is
//! proven and every value is computed), the next heaps are predicted to repeat,
//! `g(n) = g(n − p)`, and the predictions are checked on every core: each thread computes
//! the values of its share of the batch by the small path, reading the predicted values
//! before them. The batch is kept up to the first heap whose value is not the predicted
//! one; that heap's computed value is right too (every value before it was), and the rest
//! is dropped. So the sequence is exactly the sequential one, whatever the threads.
//!
//! Values that depend on the last few (0.1777's on `g(n − 2)`) leave nothing else to run
//! in parallel: this is how a long period's proof, whose second half repeats the first
//! (0.1777: 2.2·10⁸ of 4.4·10⁸ values), uses every core. Separate because it is the small
//! path's only multi-threaded mode, with its own bookkeeping in bulk.

use super::small::{SmallRules, SplitRecords};
use super::{Computation, Known, Stats, Store};
use crate::octal::values::Seq;
use rayon::prelude::*;

/// Values a candidate must have held before its predictions are used: a chance repeat
/// rarely lasts that long, and a wrong prediction wastes at most a batch of this length.
const PREDICT_AFTER: usize = 1 << 12;
/// The least heap predicted (below it the period watch's own searches are soon enough).
pub(super) const PREDICT_FROM: usize = 1 << 16;
/// Heaps a thread checks at least (each starts with an empty ring of split records).
const MIN_SHARE: usize = 1 << 10;

/// A prediction: the period, and the most heaps a batch predicts (as many as the
/// candidate has held).
#[derive(Debug, Clone, Copy)]
pub(super) struct Prediction {
    p: usize,
    batch: usize,
}

/// What one thread's share of a batch found: the first heap whose value is not the
/// predicted one or is rare, with that value if the small path settles it (`None`: every
/// value as predicted), and the small path's counters.
struct Share {
    stop: Option<(usize, Option<u32>)>,
    stats: Stats,
}

impl Computation {
    /// The period that heap `n` is predicted with, if any: the small path, two threads or
    /// more, no mask check due, and a proven period (when every value is computed) or a
    /// candidate that has held for [`PREDICT_AFTER`] values.
    #[inline]
    pub(super) fn prediction(&self, n: usize) -> Option<Prediction> {
        // (Usually there is nothing to predict with: that is looked at first.)
        let (p, batch) = match (self.proven, self.cands.first()) {
            (Some(p), _) if self.every_value => (p.period as usize, usize::MAX),
            (Some(_), _) => return None,
            (None, Some(c)) => {
                let held = n.checked_sub((c.n0 + c.p) as usize)?;
                if held < PREDICT_AFTER {
                    return None;
                }
                (c.p as usize, held)
            }
            // (Tests: a forced prediction, a batch at a time.)
            (None, None) => (self.forced_prediction?, PREDICT_AFTER),
        };
        let applies = self.small()
            && n >= self.predict_from
            && n < self.next_mask_check
            && !self.rare_stale
            && self.residues.is_none()
            && self.threads >= 2;
        applies.then_some(Prediction { p, batch })
    }

    /// Tests: predictions from heap `from` on, with the period `p` (most likely wrong)
    /// whenever no candidate or proven period gives one.
    #[cfg(test)]
    pub(crate) fn force_predictions(&mut self, from: usize, p: usize) {
        self.predict_from = from;
        self.forced_prediction = Some(p);
    }

    /// Tests: the long-repeat finder and the predictions from length `from` on.
    #[cfg(test)]
    pub(crate) fn predict_from(&mut self, from: usize) {
        self.repeats_from = from;
        self.predict_from = from;
    }

    /// One predicted batch of heaps `g.len()..` up to `limit` (at most `pred.batch`),
    /// checked on every core and committed up to the first value not predicted (or up to
    /// the proof, with `stop`). Returns false when nothing was committed.
    pub(super) fn predict<S: Store>(
        &mut self,
        g: &mut S,
        pred: Prediction,
        limit: usize,
        stop: bool,
    ) -> bool {
        let n = g.len();
        let end = limit.min(n.saturating_add(pred.batch));
        if end <= n || pred.p > n {
            return false;
        }
        g.extend_periodic(pred.p, end - n);
        let shares = self.check_predictions(g.view(), n, end);
        // The first share that stopped ends the batch.
        let (mut upto, mut value) = (end, None);
        for s in &shares {
            self.stats.add_checks(&s.stats);
            if let Some((at, v)) = s.stop {
                (upto, value) = (at, v);
                if v.is_some_and(|v| v != g.view().at(at)) {
                    self.stats.mispredicted += 1;
                }
                break;
            }
        }
        if let Some(proof) = self.watch_range(g.view(), n, upto) {
            if stop {
                // The values end where the proof does (as they would heap by heap).
                upto = proof;
                value = None;
            }
        }
        self.stats.predicted += (upto - n) as u64;
        self.record_range(g.view(), n, upto);
        g.truncate(upto);
        if let Some(v) = value {
            // Computed from right values, so right: kept as the sequential path would.
            g.push(S::fit(v).expect("a value below 64 fits"));
            self.record(upto, v);
            self.watch(g.view());
        }
        g.len() > n
    }

    /// The values of heaps `from..to` computed on every core from the values before them
    /// (the predicted ones included), each share up to its first value that is not the
    /// stored one or is rare (later values would need it listed), or that the small path
    /// leaves to the general method.
    fn check_predictions<K: Known>(&mut self, g: K, from: usize, to: usize) -> Vec<Share> {
        let threads = self.threads;
        let (rules, _, _) = self.small_parts();
        let share = (to - from).div_ceil(4 * threads).max(MIN_SHARE);
        let starts: Vec<usize> = (from..to).step_by(share).collect();
        starts
            .into_par_iter()
            .map(|a| check_share(&rules, g, a, (a + share).min(to)))
            .collect()
    }
}

/// One thread's share of a predicted batch: heaps `from..to`.
fn check_share<K: Known>(rules: &SmallRules, g: K, from: usize, to: usize) -> Share {
    let mut splits = SplitRecords::new(rules.pair_js);
    let mut stats = Stats::default();
    let stop = (from..to).find_map(|n| {
        let v = rules.value(&mut splits, &mut stats, g, n);
        let as_predicted =
            v.is_some_and(|v| v == g.at(n) && (v & rules.mask).count_ones() & 1 == 1);
        (!as_predicted).then_some((n, v))
    });
    Share { stop, stats }
}
