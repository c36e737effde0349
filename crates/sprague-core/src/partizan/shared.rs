//! The tables that the threads of one parallel partizan search share: positions (or a
//! ruleset's compact keys of them) to their canonical forms in a [`FormStore`]. Each thread
//! searches with its own [`Context`](super::canonical::Context) and memo, looks up here what
//! the others have solved before searching it, and records what it solves.
//!
//! A table also counts the distinct positions solved by any thread: every position a
//! search solves is recorded, with its form or, where sharing it would cost more than
//! solving it again (small positions), without one. That count is the number of distinct
//! positions the search needed, the same whatever the number of threads.

use super::canonical::FormRef;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// log2 of the number of shards (each behind its own lock).
const SHARD_BITS: u32 = 6;
const SHARDS: usize = 1 << SHARD_BITS;

/// One shard: the positions whose hash falls in it, each with its form where shared.
type Shard<K> = FxHashMap<K, Option<FormRef>>;

/// Positions solved by any thread of a search, with their forms where shared.
pub struct SharedTable<K> {
    shards: Box<[Mutex<Shard<K>>]>,
    len: AtomicU64,
}

impl<K: Hash + Eq> Default for SharedTable<K> {
    fn default() -> Self {
        SharedTable::new()
    }
}

impl<K: Hash + Eq> SharedTable<K> {
    /// An empty table.
    pub fn new() -> Self {
        SharedTable {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
            len: AtomicU64::new(0),
        }
    }

    fn shard(&self, key: &K) -> std::sync::MutexGuard<'_, Shard<K>> {
        let mut h = FxHasher::default();
        key.hash(&mut h);
        // The high bits: the shard's own map hashes the same way and uses the low ones.
        let s = (h.finish() >> (64 - SHARD_BITS)) as usize;
        self.shards[s].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The form of `key`, when a thread has solved it and shared its form.
    pub fn get(&self, key: &K) -> Option<FormRef> {
        self.shard(key).get(key).copied().flatten()
    }

    /// Records that `key` was solved, with its form when `form` is given (a form recorded
    /// once stays).
    pub fn record(&self, key: K, form: Option<FormRef>) {
        let mut shard = self.shard(&key);
        match shard.get_mut(&key) {
            Some(slot) => {
                if slot.is_none() {
                    *slot = form;
                }
            }
            None => {
                shard.insert(key, form);
                self.len.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// The distinct positions recorded.
    pub fn len(&self) -> u64 {
        self.len.load(Ordering::Relaxed)
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
