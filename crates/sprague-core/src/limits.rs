//! What bounds a long search, shared by every engine of the core: the most positions it
//! may store, a deadline, a cancellation flag that another thread (a Ctrl-C handler) may
//! set, and a progress callback.
//!
//! The limits are data the caller owns and passes in; nothing here is global. The clock is
//! read only when a deadline is set (WebAssembly without a clock never reads it), and the
//! checks run every [`CHECK_EVERY`] states, so they cost nothing measurable.

use crate::error::{Error, Result};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many states a search visits between two checks of the deadline, the cancellation
/// flag and the progress callback (a power of two, so the test is a mask).
pub const CHECK_EVERY: u64 = 4096;

/// What a progress callback is told.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    /// States visited so far by the search (stored plus in progress).
    pub searched: u64,
    /// What is being searched (`"positions searched"`, `"misère sums searched"`).
    pub what: &'a str,
}

/// A progress callback; called from the searching thread every [`CHECK_EVERY`] states.
#[derive(Clone)]
pub struct ProgressFn(pub Arc<dyn Fn(Progress<'_>) + Send + Sync>);

impl ProgressFn {
    /// Wraps a callback.
    pub fn new(f: impl Fn(Progress<'_>) + Send + Sync + 'static) -> Self {
        ProgressFn(Arc::new(f))
    }
}

impl fmt::Debug for ProgressFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressFn")
    }
}

/// A point in time after which a search stops, with the timeout it came from (for the
/// message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    /// When the search must stop.
    pub at: Instant,
    /// The timeout the deadline was made from, as the user gave it.
    pub timeout: Duration,
}

impl Deadline {
    /// The deadline `timeout` from now; `None` when that instant cannot be represented
    /// (a timeout of centuries: no deadline in practice).
    pub fn after(timeout: Duration) -> Option<Deadline> {
        Instant::now()
            .checked_add(timeout)
            .map(|at| Deadline { at, timeout })
    }
}

/// Bounds on a search, so that a search too large, too long or no longer wanted ends
/// cleanly with an error ([`Error::Limit`], [`Error::Timeout`], [`Error::Interrupted`])
/// instead of exhausting memory or patience.
///
/// Build it with [`Limits::default`] or [`Limits::positions`] and the `with_` methods, so
/// that new bounds never break callers.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// The most distinct positions a solver may store; `None` for the solver's default,
    /// sized from what a position costs it so that its memory stays near
    /// [`Limits::DEFAULT_MAX_BYTES`].
    pub max_positions: Option<u64>,
    /// When to stop, if ever.
    pub deadline: Option<Deadline>,
    /// Set (by another thread) to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Told how far the search has come.
    pub progress: Option<ProgressFn>,
}

impl Limits {
    /// The position limit of the solvers whose positions are small (a Grundy value of a
    /// machine word costs about 40 bytes), and of the searches that have no measured
    /// cost per position.
    pub const DEFAULT_MAX_POSITIONS: u64 = 20_000_000;

    /// The most options a search may generate when no position limit is given: the
    /// work of seconds (tens of seconds where each option is a sum to normalise), whatever
    /// the memory would allow. An explicit position limit allows 16 per position instead.
    pub const DEFAULT_MAX_OPTIONS: u64 = 100_000_000;

    /// The memory a solver's default position limit is sized for: a search stopped by the
    /// default limit has used about this much (1.5 GB), well within a laptop's memory.
    pub const DEFAULT_MAX_BYTES: u64 = 1_500_000_000;

    /// Limits storing at most `n` positions, with no deadline, flag or callback.
    pub fn positions(n: u64) -> Limits {
        Limits {
            max_positions: Some(n),
            ..Limits::default()
        }
    }

    /// The same limits with at most `n` positions (`None`: the solver's default).
    pub fn with_max_positions(mut self, n: Option<u64>) -> Limits {
        self.max_positions = n;
        self
    }

    /// The same limits, stopping `timeout` from now.
    pub fn with_timeout(mut self, timeout: Duration) -> Limits {
        self.deadline = Deadline::after(timeout);
        self
    }

    /// The same limits, stopping at `deadline`.
    pub fn with_deadline(mut self, deadline: Option<Deadline>) -> Limits {
        self.deadline = deadline;
        self
    }

    /// The same limits, stopping once `flag` is set.
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Limits {
        self.cancel = Some(flag);
        self
    }

    /// The same limits, telling `progress` how far the search has come.
    pub fn with_progress(mut self, progress: ProgressFn) -> Limits {
        self.progress = Some(progress);
        self
    }

    /// The position limit of a solver that spends about `bytes_per_position` bytes of
    /// memory on each position it stores: the explicit limit if one was given, else as
    /// many positions as fit in [`Limits::DEFAULT_MAX_BYTES`].
    pub fn max_positions_at(&self, bytes_per_position: u64) -> u64 {
        self.max_positions
            .unwrap_or(Self::DEFAULT_MAX_BYTES / bytes_per_position.max(1))
    }

    /// The position limit of a search with no measured cost per position: the explicit
    /// limit, else [`Limits::DEFAULT_MAX_POSITIONS`].
    pub fn max_positions_or_default(&self) -> u64 {
        self.max_positions.unwrap_or(Self::DEFAULT_MAX_POSITIONS)
    }

    /// Whether there is anything for [`Limits::check`] to do (a deadline, a flag or a
    /// callback), so that loops without any skip the checks.
    pub fn watched(&self) -> bool {
        self.deadline.is_some() || self.cancel.is_some() || self.progress.is_some()
    }

    /// Reports progress, then fails with [`Error::Interrupted`] when the flag is set or
    /// [`Error::Timeout`] when the deadline has passed. `searched` states of `what` were
    /// visited so far (for the callback and the message).
    pub fn check(&self, searched: u64, what: &str) -> Result<()> {
        if let Some(f) = &self.progress {
            (f.0)(Progress { searched, what });
        }
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                return Err(Error::Interrupted {
                    what: what.to_string(),
                    searched,
                });
            }
        }
        if let Some(d) = &self.deadline {
            if Instant::now() >= d.at {
                return Err(Error::Timeout {
                    limit: d.timeout,
                    what: what.to_string(),
                    searched,
                });
            }
        }
        Ok(())
    }

    /// [`Limits::check`] once every [`CHECK_EVERY`] values of `count` (a counter that a
    /// loop increments by one).
    #[inline]
    pub fn check_every(&self, count: u64, what: &str) -> Result<()> {
        if count & (CHECK_EVERY - 1) == 0 && self.watched() {
            self.check(count, what)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::seconds;
    use std::sync::Mutex;

    #[test]
    fn seconds_are_written_exactly() {
        assert_eq!(seconds(&Duration::from_secs(10)), "10");
        assert_eq!(seconds(&Duration::from_millis(2500)), "2.5");
        assert_eq!(seconds(&Duration::from_millis(125)), "0.125");
        assert_eq!(seconds(&Duration::from_millis(1010)), "1.01");
    }

    #[test]
    fn checks_fail_with_the_right_error() {
        let flag = Arc::new(AtomicBool::new(false));
        let l = Limits::positions(10).with_cancel(flag.clone());
        assert!(l.check(5, "states").is_ok());
        flag.store(true, Ordering::Relaxed);
        let err = l.check(5, "states").unwrap_err();
        assert!(
            matches!(err, Error::Interrupted { searched: 5, .. }),
            "{err}"
        );

        let passed = Deadline {
            at: Instant::now(),
            timeout: Duration::from_millis(1500),
        };
        let l = Limits::default().with_deadline(Some(passed));
        let err = l.check(7, "positions searched").unwrap_err();
        assert_eq!(
            err.to_string(),
            "stopped after 1.5 s (--timeout 1.5); 7 positions searched"
        );
    }

    #[test]
    fn progress_is_reported_every_few_thousand_states() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = seen.clone();
        let l = Limits::default().with_progress(ProgressFn::new(move |p: Progress<'_>| {
            s.lock().unwrap().push(p.searched)
        }));
        for n in 1..=3 * CHECK_EVERY {
            l.check_every(n, "states").unwrap();
        }
        assert_eq!(
            *seen.lock().unwrap(),
            vec![CHECK_EVERY, 2 * CHECK_EVERY, 3 * CHECK_EVERY]
        );
    }

    #[test]
    fn byte_sized_defaults_give_way_to_an_explicit_limit() {
        assert_eq!(
            Limits::default().max_positions_at(600),
            Limits::DEFAULT_MAX_BYTES / 600
        );
        assert_eq!(Limits::positions(7).max_positions_at(600), 7);
        // A timeout of centuries is no deadline, not a panic.
        assert!(Deadline::after(Duration::from_secs(u64::MAX)).is_none());
    }
}
