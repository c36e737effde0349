//! The table in which a ruleset's own search (`Ruleset::solve_component`) stores the
//! components it solves, under compact `u64` keys. Kept apart from the solver that owns it
//! (`ValueSolver`) because the rules trait names it too, and the rules must not depend on the
//! engines that run them (the rules and the solver name it; it names neither).

use crate::error::Result;
use crate::limits::Limits;
use crate::partizan::canonical::GameId;
use rustc_hash::FxHashMap;

/// The table of components under a ruleset's compact `u64` keys, for
/// `Ruleset::solve_component`, with an optional progress callback and the solver's
/// deadline and cancellation flag.
pub struct CompactMemo<'p> {
    /// Normal form → value.
    pub map: FxHashMap<u64, GameId>,
    progress: Option<Box<dyn FnMut(usize) + 'p>>,
    limits: Limits,
    what: String,
}

impl<'p> CompactMemo<'p> {
    /// An empty table, checking `limits` as it grows; `what` names the work in their
    /// errors.
    pub(super) fn new(limits: Limits, what: String) -> Self {
        CompactMemo {
            map: FxHashMap::default(),
            progress: None,
            limits,
            what,
        }
    }

    /// Calls `f` with the number of entries each time it passes a multiple of 65536.
    pub(super) fn set_progress(&mut self, f: Box<dyn FnMut(usize) + 'p>) {
        self.progress = Some(f);
    }

    /// Stores a value; every 2^16 entries, tells the progress callback how many there are.
    /// Every few thousand entries, checks the solver's limits: fails with
    /// [`Error::Timeout`](crate::error::Error::Timeout) past the deadline or
    /// [`Error::Interrupted`](crate::error::Error::Interrupted) once the flag is set (the
    /// value is stored all the same).
    pub fn insert(&mut self, key: u64, v: GameId) -> Result<()> {
        self.map.insert(key, v);
        let n = self.map.len();
        if n & 0xFFFF == 0 {
            if let Some(f) = self.progress.as_mut() {
                f(n);
            }
        }
        self.limits.check_every(n as u64, &self.what)
    }
}
