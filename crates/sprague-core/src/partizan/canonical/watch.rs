//! The bound on the work of a [`Context`]: comparisons are the work of canonical forms
//! (simplifying an option list, adding, heating all compare games), and a game of a few
//! hundred characters can ask for billions of them. A context can be given the caller's
//! [`Limits`] and a most number of comparisons; past it, or past the deadline, or once
//! the cancellation flag is set, the context stops: every comparison from then on answers
//! `false`, and every sum and simplification 0, at once (so that every operation under way
//! ends quickly), and
//! [`Context::stopped`] returns the error. Its games are then meaningless: the caller
//! reports the error and drops the context.

use super::Context;
use crate::error::{Error, Result};
use crate::limits::{Limits, CHECK_EVERY};

/// The work a context may do when its limits give no position limit, in comparisons, each
/// that is searched (not decided at once by stops or caches) counting [`SEARCH_WEIGHT`]
/// more: about five seconds of work (measured: 1.5·10^8 a second on Clobber strips, where
/// 40% of the comparisons are searched, and on sums with large nimbers, where 3% are), so
/// that a request refused by this bound still ends well within ten seconds on a loaded
/// machine.
pub const DEFAULT_MAX_COMPARISONS: u64 = 750_000_000;

/// How much more than a comparison decided at once a searched comparison counts.
pub const SEARCH_WEIGHT: u64 = 16;

/// How many comparisons a context may search for each position of an explicit limit.
pub const COMPARISONS_PER_POSITION: u64 = 64;

/// What a watched context honours.
pub(super) struct Watch {
    max: u64,
    /// The counts of comparisons made and searched when the watch began.
    calls: u64,
    searches: u64,
    materialised: u64,
    limits: Limits,
}

const WHAT: &str = "comparisons of games searched for canonical forms (weighted)";

impl Context {
    /// Bounds the work of this context by `limits`: its deadline and cancellation flag, and
    /// at most [`COMPARISONS_PER_POSITION`] comparisons for each position of its position
    /// limit ([`DEFAULT_MAX_COMPARISONS`] without one).
    pub fn watch(&mut self, limits: &Limits) {
        let max = limits.max_positions.map_or(DEFAULT_MAX_COMPARISONS, |n| {
            n.saturating_mul(COMPARISONS_PER_POSITION)
        });
        self.watch_comparisons(limits, max);
    }

    /// Bounds the work of this context: at most `max` comparisons from now (each searched one,
    /// and each option of a nus written out, counting [`SEARCH_WEIGHT`] more), and
    /// the deadline and flag of `limits`.
    pub fn watch_comparisons(&mut self, limits: &Limits, max: u64) {
        self.watch = Some(Box::new(Watch {
            max,
            calls: self.le_calls,
            searches: self.le_searches,
            materialised: self.materialised,
            limits: limits.clone(),
        }));
    }

    /// The limits this context was given (the default limits when it is not watched), for
    /// the searches run beside it (misère outcomes).
    pub fn limits(&self) -> Limits {
        self.watch
            .as_ref()
            .map_or_else(Limits::default, |w| w.limits.clone())
    }

    /// The comparisons made so far (of two different games), the work measure of the
    /// bound.
    pub fn comparisons(&self) -> u64 {
        self.le_calls
    }

    /// The comparisons that were searched (not decided at once by stops or caches).
    pub fn comparisons_searched(&self) -> u64 {
        self.le_searches
    }

    /// The error that stopped this context, if its limits did: its games are then
    /// meaningless, and the context should be dropped.
    pub fn stopped(&self) -> Result<()> {
        match &self.stopped {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    /// Whether the limits stopped this context (see [`Context::stopped`]).
    #[inline]
    pub(super) fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// Called once per comparison: checks the bound every [`CHECK_EVERY`]
    /// comparisons. True when the context is stopped.
    #[inline]
    pub(super) fn over(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if self.le_calls & (CHECK_EVERY - 1) != 0 {
            return false;
        }
        self.check_watch()
    }

    /// Checks the bound now. True when the context is stopped.
    pub(super) fn check_watch(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        let Some(w) = &self.watch else {
            return false;
        };
        let n = self.le_calls;
        let weighted = (self.le_searches - w.searches) + (self.materialised - w.materialised);
        let work = (n - w.calls).saturating_add(SEARCH_WEIGHT.saturating_mul(weighted));
        if work > w.max {
            self.stopped = Some(Error::Limit {
                what: WHAT.to_string(),
                limit: w.max,
            });
        } else if let Err(e) = w.limits.check(n, WHAT) {
            self.stopped = Some(e);
        }
        self.stopped.is_some()
    }
}
