//! The table in which a ruleset's own search (`Ruleset::solve_component`) stores the
//! components it solves, under compact `u64` keys. Kept apart from the solver that owns it
//! (`ValueSolver`) because the rules trait names it too, and the rules must not depend on the
//! engines that run them (the rules and the solver name it; it names neither).
//!
//! A dense table beside the keys holds the smallest components under indices the caller
//! computes ([`CompactMemo::dense_get`]).
//!
//! In a search on several threads the table is also linked to the keys all threads share
//! ([`SharedTable`]): a key missing here is looked up there (its value a game of the arena
//! the threads' contexts share), and every key solved here is recorded there.

use super::shared::SharedKeys;
use crate::error::Result;
use crate::limits::Limits;
use crate::partizan::canonical::{DirectCache, GameId, KeyTable};
use std::sync::Arc;

/// This thread's side of the tables shared by the threads of a search: the table, and a
/// small cache of it (the table is behind locks, and a search reads the same few entries
/// again and again).
pub(super) struct Link {
    pub(super) table: Arc<SharedKeys>,
    cache: DirectCache<GameId>,
}

/// log2 of the entries of a thread's cache (16 bytes each: 2 MiB), so that memory does not
/// grow with the threads: a thread alone keeps every component in `CompactMemo::map`, the
/// threads of a search keep them once, in the shared table, and these caches.
const CACHE_BITS: u32 = 17;

impl Link {
    /// A link to `table`, with an empty cache.
    pub(super) fn new(table: Arc<SharedKeys>) -> Self {
        Link {
            table,
            cache: DirectCache::new(CACHE_BITS),
        }
    }
}

/// The table of components under a ruleset's compact `u64` keys, for
/// `Ruleset::solve_component`, with an optional progress callback and the solver's
/// deadline and cancellation flag.
pub struct CompactMemo<'p> {
    /// Normal form → value, when the search runs alone (linked to the threads' table, the
    /// values are there, and in the link's cache).
    map: KeyTable,
    progress: Option<Box<dyn FnMut(usize) + 'p>>,
    limits: Limits,
    what: String,
    pub(super) link: Option<Link>,
    /// Which thread of a search this is (0 alone), of `threads`: searches may order their
    /// work by it, so that threads start on different parts.
    salt: u32,
    threads: u32,
    /// Values stored by [`CompactMemo::insert`] (not imported): the clock of the checks.
    inserted: u64,
    /// See [`CompactMemo::dense_get`]: 1 + the value's id, 0 when not known; empty until
    /// first written.
    dense: Vec<u32>,
}

impl<'p> CompactMemo<'p> {
    /// An empty table, checking `limits` as it grows; `what` names the work in their
    /// errors.
    pub(super) fn new(limits: Limits, what: String) -> Self {
        CompactMemo {
            map: KeyTable::new(),
            progress: None,
            limits,
            what,
            link: None,
            salt: 0,
            threads: 1,
            inserted: 0,
            dense: Vec::new(),
        }
    }

    /// Links the table to the keys shared by the threads of a search; `salt` numbers this
    /// thread, of `threads`.
    pub(super) fn link(&mut self, link: Link, salt: u32, threads: u32) {
        self.link = Some(link);
        self.salt = salt;
        self.threads = threads.max(1);
    }

    /// The value kept under the caller's small index `i` (see [`CompactMemo::dense_set`]).
    #[inline(always)]
    pub fn dense_get(&self, i: u16) -> Option<GameId> {
        match self.dense.get(usize::from(i)) {
            Some(&v) if v != 0 => Some(GameId(v - 1)),
            _ => None,
        }
    }

    /// Keeps `v` under the caller's small index `i`: a table apart from the keys, indexed
    /// directly, for the smallest components, which a search asks for most (Domineering:
    /// the regions inside 4×4 cells, each orientation apart, so that they need neither
    /// a normal form nor a hash).
    pub fn dense_set(&mut self, i: u16, v: GameId) {
        if self.dense.is_empty() {
            self.dense = vec![0; 1 << 16];
        }
        self.dense[usize::from(i)] = v.0 + 1;
    }

    /// Whether the table is linked to the threads' table (a search on several threads).
    #[inline]
    pub fn is_linked(&self) -> bool {
        self.link.is_some()
    }

    /// Calls `f` with the number of entries each time it passes a multiple of 65536.
    pub(super) fn set_progress(&mut self, f: Box<dyn FnMut(usize) + 'p>) {
        self.progress = Some(f);
    }

    /// Where this thread starts among a position's `n` children: thread k of t at child
    /// k·n/t, so that the threads spread over the children rather than start side by side
    /// (each searching what the other is about to share).
    pub fn first_child(&self, n: usize) -> usize {
        (self.salt as usize * n / self.threads as usize) % n.max(1)
    }

    /// The keys that count against the search's limit: those solved by every thread of
    /// the search (this table's alone when it runs on one).
    pub fn len(&self) -> u64 {
        match &self.link {
            Some(link) => link.table.len(),
            None => self.map.len() as u64,
        }
    }

    /// Whether the keys solved have reached `limit` ([`CompactMemo::len`]). On several
    /// threads the count, a word every thread writes, is read only once every 64 values
    /// this thread stores (read for every position, it cost 0.7% of a two-thread search's
    /// time on Domineering), so a search on `t` threads may pass its limit by up to `64·t`
    /// keys.
    #[inline]
    pub fn reached(&self, limit: u64) -> bool {
        match &self.link {
            Some(link) => self.inserted.is_multiple_of(64) && link.table.len() >= limit,
            None => self.map.len() as u64 >= limit,
        }
    }

    /// Whether no key was solved.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Keys held by this table itself (not the threads' table).
    pub(super) fn own_len(&self) -> usize {
        self.map.len()
    }

    /// The value of `key` if solved: from this table alone, or, on several threads, from
    /// this thread's cache, or, when `shared`, from the threads' table too (a game of the
    /// arena the threads' contexts share). Small components may be left to be solved
    /// again (`shared` false) where looking them up would cost more.
    #[inline(always)]
    pub fn get(&mut self, key: u64, shared: bool) -> Option<GameId> {
        let Some(link) = self.link.as_mut() else {
            return self.map.get(key);
        };
        if let Some(v) = link.cache.get(key) {
            return Some(v);
        }
        if !shared {
            return None;
        }
        let v = link.table.get(&key)?;
        link.cache.keep(key, v);
        Some(v)
    }

    /// The value of `key`, which a search solved (on several threads, looked up in the
    /// threads' table when no longer cached).
    #[inline]
    pub fn solved(&mut self, key: u64) -> Option<GameId> {
        self.get(key, true)
    }

    /// Asks for the memory of `key`'s entry ahead of a [`CompactMemo::get`] of it (see
    /// [`KeyTable::prefetch`]).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        match &self.link {
            None => self.map.prefetch(key),
            Some(link) => link.cache.prefetch(key),
        }
    }

    /// Asks for the memory of `key`'s entry in the threads' table, when there is one,
    /// ahead of a lookup there (see [`SharedTable::prefetch`](super::shared::SharedTable::prefetch)).
    #[inline]
    pub fn prefetch_shared(&self, key: u64) {
        if let Some(link) = &self.link {
            link.table.prefetch(&key);
        }
    }

    /// Stores a value (on several threads, in the threads' table, where every thread finds
    /// it); every 2^16 entries, tells the progress callback how many there are.
    /// Every few thousand entries, checks the solver's limits: fails with
    /// [`Error::Timeout`](crate::error::Error::Timeout) past the deadline or
    /// [`Error::Interrupted`](crate::error::Error::Interrupted) once the flag is set (the
    /// value is stored all the same).
    pub fn insert(&mut self, key: u64, v: GameId) -> Result<()> {
        match self.link.as_mut() {
            None => self.map.insert(key, v),
            Some(link) => {
                link.cache.keep(key, v);
                link.table.record(key, Some(v));
            }
        }
        self.inserted += 1;
        let n = self.inserted;
        if n & 0xFFFF == 0 {
            if let Some(f) = self.progress.as_mut() {
                f(n as usize);
            }
        }
        self.limits.check_every(n, &self.what)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dense table answers only what was kept, at both ends of its index, and a value
    /// kept again replaces the first.
    #[test]
    fn the_dense_table_keeps_what_it_is_given() {
        let mut m = CompactMemo::new(Limits::default(), "test".into());
        assert_eq!(m.dense_get(0), None);
        assert_eq!(m.dense_get(u16::MAX), None);
        m.dense_set(0, GameId(0));
        m.dense_set(u16::MAX, GameId(7));
        m.dense_set(300, GameId(u32::MAX - 2));
        assert_eq!(m.dense_get(0), Some(GameId(0)));
        assert_eq!(m.dense_get(u16::MAX), Some(GameId(7)));
        assert_eq!(m.dense_get(300), Some(GameId(u32::MAX - 2)));
        assert_eq!(m.dense_get(1), None);
        m.dense_set(u16::MAX, GameId(9));
        assert_eq!(m.dense_get(u16::MAX), Some(GameId(9)));
        // Apart from the keys.
        assert_eq!(m.get(0, true), None);
        assert!(m.is_empty());
    }
}
