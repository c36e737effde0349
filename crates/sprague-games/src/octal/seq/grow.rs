//! The driver of a [`Computation`]: growing the sequence heap by heap in the current
//! width, choosing for each heap the path that computes it (speculative or sequential
//! batch, plain or sparse value), the bookkeeping of each new value and the period watch.
//! Separate from the paths themselves, so that the order of the periodic chores (mask
//! checks, partner lists, progress) reads in one place.

use super::batch::BATCH;
use super::{residues, Algorithm, Computation, Known, Store, MAX_HEAPS};
use crate::error::{Error, Result};
use crate::octal::period;
use crate::octal::values::Seq;
use crate::octal::Values;

/// The most candidate periods the watch checks at once.
const MAX_CANDIDATES: usize = 8;

impl Computation {
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
    ) -> Result<Option<period::Period>> {
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
        self.threads = rayon::current_num_threads();
        while self.values.len() < target && !(stop && self.proven.is_some()) {
            let done = match &mut self.values {
                Values::U8(v) => {
                    let mut v = std::mem::take(v);
                    let r = self.run(&mut v, target, stop, progress);
                    self.values = Values::U8(v);
                    r
                }
                Values::U9(v) => {
                    let mut v = std::mem::take(v);
                    let r = self.run(&mut v, target, stop, progress);
                    self.values = Values::U9(v);
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
            if let Some(next) = done? {
                // `next` did not fit: widen until it does, and store it.
                self.values.push_widening(next);
                self.record(self.values.len() - 1, next);
                let vals = std::mem::take(&mut self.values);
                match &vals {
                    Values::U9(v) => self.watch(v.view()),
                    Values::U16(v) => self.watch(&v[..]),
                    Values::U32(v) => self.watch(&v[..]),
                    Values::U8(_) => unreachable!("widened"),
                }
                self.values = vals;
            }
        }
        Ok(())
    }

    /// Bookkeeping for a new value `g(n) = v`.
    #[inline]
    pub(super) fn record(&mut self, n: usize, v: u32) {
        let vu = v as usize;
        if vu >= self.counts.len() {
            self.counts.resize(vu + 1, 0);
            self.lists.resize(vu + 1, Vec::new());
        }
        self.counts[vu] += 1;
        if self.lists[vu].len() < self.tuning.stored_list_len() {
            self.lists[vu].push(n as u32);
        }
        if (v & self.mask).count_ones() & 1 == 0 && !self.rare_stale {
            self.rare.push(n as u32);
            self.rare_vals.push(v);
        }
        if let Some(r) = &mut self.residues {
            if !r.record(n, v) {
                self.residues = None;
            }
        }
    }

    /// [`Computation::record`] for the common values `g(from..to)` (below 64): their
    /// counts added, and each value's list of heaps filled where it is short.
    pub(super) fn record_range<K: Known>(&mut self, g: K, from: usize, to: usize) {
        let mut counts = [0u64; 64];
        let mut scratch = Vec::new();
        for &x in g.run(from, to, &mut scratch) {
            counts[x.into() as usize & 63] += 1;
        }
        let keep = self.tuning.stored_list_len();
        for (v, &k) in counts.iter().enumerate() {
            if k == 0 {
                continue;
            }
            if v >= self.counts.len() {
                // A value met for the first time (the small path's runs).
                self.counts.resize(v + 1, 0);
                self.lists.resize(v + 1, Vec::new());
            }
            self.counts[v] += k;
            if self.lists[v].len() < keep {
                let list = &mut self.lists[v];
                for n in from..to {
                    if list.len() >= keep {
                        break;
                    }
                    if g.at(n) as usize == v {
                        list.push(n as u32);
                    }
                }
            }
        }
    }

    /// [`Computation::watch`] after each value of `g(from..to)` in turn, in bulk: each
    /// candidate's equation is compared over the run at once. Exact where no period
    /// search falls due inside the run: some candidate survives it (the predicting one
    /// does), or it ends before the next search (the small path's runs). Returns the
    /// length at which a period was proven, if one was.
    pub(super) fn watch_range<K: Known>(&mut self, g: K, from: usize, to: usize) -> Option<usize> {
        if self.proven.is_some() || from >= to {
            return None;
        }
        // Each candidate's first failure (`to`: none).
        let fails: Vec<usize> = self
            .cands
            .iter()
            .map(|c| first_difference(g, from, to, c.p as usize))
            .collect();
        // Per value, the watch proves the first surviving candidate once the length
        // reaches what it needs: candidate `c` can prove at length `L` when it survives the
        // value `L − 1` (`fail > L − 1`) and `needed ≤ L`.
        let proof = self
            .cands
            .iter()
            .zip(&fails)
            .filter_map(|(c, &fail)| {
                let at = (c.needed as usize).max(from + 1);
                (at <= fail).then_some(at)
            })
            .min();
        match proof {
            Some(len) => {
                // The first candidate in order that survives value `len − 1`.
                let (c, _) = self
                    .cands
                    .iter()
                    .zip(&fails)
                    .find(|&(_, &fail)| fail >= len)
                    .expect("the proving candidate survives");
                self.proven = Some(period::least(g, c.n0, c.p));
                self.cands.clear();
                Some(len)
            }
            None => {
                let mut fail = fails.iter();
                self.cands.retain(|_| fail.next() == Some(&to));
                None
            }
        }
    }

    /// The period watch, after a new last value.
    #[inline]
    pub(super) fn watch<K: Known>(&mut self, g: K) {
        if self.proven.is_some() {
            return;
        }
        let n = g.len() - 1;
        if !self.cands.is_empty() {
            let last = g.at(n);
            self.cands.retain(|c| g.at(n - c.p as usize) == last);
            if let Some(c) = self.cands.first() {
                if c.needed <= g.len() as u64 {
                    self.proven = Some(period::least(g, c.n0, c.p));
                    self.cands.clear();
                    return;
                }
            }
        }
        if g.len() >= self.next_search {
            self.next_search = g.len() + g.len() / 2;
            if self.cands.is_empty() {
                self.stats.period_searches += 1;
                self.cands = period::candidates(&self.rules, g, MAX_CANDIDATES);
                if let Some(c) = self.cands.first() {
                    if c.needed <= g.len() as u64 {
                        self.proven = Some(period::least(g, c.n0, c.p));
                        self.cands.clear();
                    }
                }
            }
        }
    }

    /// Hands the long-repeat finder's new shifts to the watch as candidates (at most
    /// [`MAX_CANDIDATES`], each shift once).
    fn find_repeats<K: Known>(&mut self, g: K) {
        if period::proof_bound(&self.rules, 0, 1).is_none() {
            return;
        }
        let mut found = Vec::new();
        self.repeats.read(g, &mut found);
        for (p, at) in found {
            if self.cands.len() >= MAX_CANDIDATES || self.cands.iter().any(|c| c.p as usize == p) {
                continue;
            }
            if let Some(c) = period::candidate_at(&self.rules, g, p, at) {
                self.stats.repeats_found += 1;
                self.cands.push(c);
                self.cands.sort_by_key(|c| c.needed);
            }
        }
    }

    /// Runs in width `T` until `target` values, a proven period (with `stop`), or a value
    /// that does not fit (returned).
    fn run<S: Store>(
        &mut self,
        g: &mut S,
        target: usize,
        stop: bool,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<Option<u32>> {
        let check = self.check_mask();
        let watched = self.limits.watched();
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
                if self.method == Algorithm::Sparse && !self.every_value {
                    // Proven periodic (periodicity theorem): copy.
                    let p = p.period as usize;
                    self.stats.copied += (target - g.len()) as u64;
                    while g.len() < target {
                        let x = g.view().at(g.len() - p);
                        g.push(S::fit(x).expect("a value stored"));
                    }
                    break;
                }
                if self.method == Algorithm::Sparse
                    && self.residue_method
                    && !self.residues_tried
                    && self.rules.tail == 0
                    && !self.triples
                {
                    // Every value, computed: by residue classes, from the last period.
                    self.residues_tried = true;
                    let p = p.period as usize;
                    self.residues = residues::Residues::new(g.view(), n.saturating_sub(p), p);
                }
            }
            if self.rare_stale && self.residues.is_none() {
                // The residue method stopped: the rare heaps it did not list, listed.
                self.choose_mask_in(g.view());
                self.rare_stale = false;
            }
            if n >= self.next_mask_check && self.method == Algorithm::Sparse && !self.rare_stale {
                // Re-choose the mask from the histogram (cheap: once per doubling).
                self.choose_mask_in(g.view());
                self.next_mask_check = n * 2;
            } else if n & 0xFFFF == 0
                && (n < 1 << 22 || n & 0xF_FFFF == 0)
                && self.method == Algorithm::Sparse
            {
                self.choose_partners(n);
            }
            if n & 0xFFFF == 0 || self.triples && n & check == 0 {
                progress(n as u64, target as u64 - 1);
            }
            if n & 0xFFFF == 0
                && n >= self.repeats_from
                && self.proven.is_none()
                && self.prediction(n).is_none()
            {
                // (Not while a candidate predicts: the finder catches up if it fails.)
                self.find_repeats(g.view());
            }
            if watched && n & check == 0 {
                self.limits.check(n as u64, "heaps tabulated")?;
            }
            if let Some(v) = self.residue_value(g.view(), n) {
                g.push(S::fit(v).expect("below 64"));
                self.record(n, v);
                self.watch(g.view());
                continue;
            }
            if let Some(pred) = self.prediction(n) {
                // Predicted batches up to the next million heaps (the chores above wait
                // for the batch: a few milliseconds), on a worker thread of the pool.
                let limit = ((n | 0xF_FFFF) + 1).min(target).min(self.next_mask_check);
                let this = &mut *self;
                let vals = &mut *g;
                if rayon::scope(move |_| this.predict(vals, pred, limit, stop)) {
                    continue;
                }
            }
            if self.small() && !self.rare_stale && self.residues.is_none() && self.middles_cover(n)
            {
                // The small path in blocks, the middle splits of the next block's sizes
                // scanned beside it.
                let end = ((n | 0xFFFF) + 1).min(target).min(self.next_mask_check);
                let this = &mut *self;
                let vals = &mut *g;
                if rayon::scope(move |_| this.small_block(vals, end, stop)) {
                    continue;
                }
            }
            if self.speculates(n) {
                // Batches up to the next periodic chore above (progress, partners) and
                // before the next mask check, on a worker thread of the pool, so that
                // their parallel loops are shared with the other workers directly (from
                // outside the pool, each loop would be handed to the pool and the caller
                // put to sleep and woken).
                // Games splitting into three stop at each check of the limits (their heaps
                // are costly enough that short batches lose nothing).
                let span = if self.triples { check } else { 0xFFFF };
                let limit = ((n | span) + 1).min(target);
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
                Algorithm::Plain => self.plain_value(g.view(), n),
                Algorithm::Sparse => self.sparse_value(g.view(), n),
            };
            match S::fit(v) {
                Some(x) => {
                    g.push(x);
                    self.record(n, v);
                    self.watch(g.view());
                }
                None => return Ok(Some(v)),
            }
        }
        Ok(None)
    }

    /// `g(n)` by the residue method, where it applies ([`residues`]). While it answers,
    /// the rare heaps are not listed (Dawson's Kayles has a rare heap in nine, 3.3 MB at
    /// 10⁶); the first heap it cannot answer after that ends it, and the list is made
    /// again from the values (once: a proven period's prediction never fails).
    fn residue_value<K: Known>(&mut self, g: K, n: usize) -> Option<u32> {
        let res = self.residues.as_ref()?;
        let single = self.single_bits(g, n);
        match res.value(g, n, single, &self.pair_js, self.rules.unequal) {
            Some(v) => {
                self.stats.residues += 1;
                self.rare_stale = true;
                Some(v)
            }
            None => {
                if self.rare_stale {
                    self.residues = None;
                    self.choose_mask_in(g);
                    self.rare_stale = false;
                }
                None
            }
        }
    }

    /// `g(n)` by the sparse method: the small path while it applies and settles the
    /// value, else the general path (its cheap part, then the targets settled). The choice
    /// is made here, with the driver's other choices of path, so that the general path
    /// does not depend on the small one.
    fn sparse_value<K: Known>(&mut self, g: K, n: usize) -> u32 {
        if self.small() {
            self.prepare_middles(g, n);
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
}

/// The first `n` in `from..to` with `g(n) ≠ g(n − p)`, or `to`.
fn first_difference<K: Known>(g: K, from: usize, to: usize, p: usize) -> usize {
    const RUN: usize = 1 << 12;
    let (mut here, mut there) = (Vec::new(), Vec::new());
    let mut a = from;
    while a < to {
        let b = (a + RUN).min(to);
        let (x, y) = (g.run(a, b, &mut here), g.run(a - p, b - p, &mut there));
        if x != y {
            let k = x
                .iter()
                .zip(y)
                .position(|(u, v)| u != v)
                .expect("a difference");
            return a + k;
        }
        a = b;
    }
    to
}
