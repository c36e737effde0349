//! What a caller asks of a take-and-break table beyond `sprague table`'s options: a prefix
//! to resume from, a progress callback, a period search without a fixed `upto`, and a hook
//! to save the values as they grow.

use crate::octal::Values;

/// A table request with the extras the command line offers: a prefix to resume from, a
/// progress callback, and a period search without a fixed `upto`.
pub struct TableRequest<'a> {
    /// Largest heap; `None` with `period` searches until proven or `period_limit`.
    pub upto: Option<u64>,
    /// Look for a proven period (and go on until one is proven when `upto` is open).
    pub period: bool,
    /// Misère values instead of normal-play values.
    pub misere: bool,
    /// Values already known (e.g. read from a file by the caller).
    pub resume: Option<Values>,
    /// Compute every value even past a proven period instead of copying the period
    /// (normal play; see [`Computation::compute_every_value`](crate::octal::Computation::compute_every_value)).
    pub every_value: bool,
    /// Called with `(heaps done, heaps wanted)` now and then.
    pub progress: &'a mut dyn FnMut(u64, u64),
    /// Largest heap a period search without `upto` computes.
    pub period_limit: u64,
    /// Normal play with `upto`: hand the values to the caller as they grow (to save them).
    pub checkpoint: Option<Checkpoint<'a>>,
    /// The deadline, cancellation flag and progress callback the table honours, and the
    /// position limit of misère tables' exact search.
    pub limits: crate::limits::Limits,
}

/// A caller's hook into a long table ([`TableRequest::checkpoint`]): the library stays
/// free of I/O, the caller saves the values where it wants.
pub struct Checkpoint<'a> {
    /// Heaps between calls (at least 1): the values count is a multiple of it at each call.
    pub every: u64,
    /// Called with the values computed so far (never with the finished table). Returning
    /// `Break` stops the table there: it then ends at the last heap computed, with an
    /// `upto` below the one asked for.
    pub save: &'a mut dyn FnMut(&Values) -> std::ops::ControlFlow<()>,
}

fn no_progress(_: u64, _: u64) {}

impl Default for TableRequest<'_> {
    fn default() -> Self {
        // A `'static` zero-sized function item, borrowed mutably through a leak-free box.
        TableRequest {
            upto: None,
            period: false,
            misere: false,
            resume: None,
            every_value: false,
            progress: Box::leak(Box::new(no_progress)),
            period_limit: DEFAULT_PERIOD_LIMIT,
            checkpoint: None,
            limits: crate::limits::Limits::default(),
        }
    }
}

/// How far `sprague table GAME --period` (no `--upto`) computes before giving up.
pub const DEFAULT_PERIOD_LIMIT: u64 = 1 << 24;
