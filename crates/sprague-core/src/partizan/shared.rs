//! The tables that the threads of one parallel partizan search share: positions (or a
//! ruleset's compact keys of them) to their canonical values, games of the one arena the
//! threads' contexts share (`Context::sharing`). Each thread searches with its own
//! [`Context`](super::canonical::Context) and memo, looks up here what the others have
//! solved before searching it, and records what it solves.
//!
//! A table also counts the distinct positions solved by any thread: every position a
//! search solves is recorded, with its value or, where looking it up would cost more than
//! solving it again (small positions), without one. That count is the number of distinct
//! positions the search needed, the same whatever the number of threads.

use super::canonical::{lock, shard_of, GameId, KeyTable, ShardHints, SHARD_BITS};
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// One shard of a [`SharedTable`]: the positions whose hash falls in it, each with its
/// value where shared.
pub trait Shard<K>: Default {
    /// `Some(form)` when `key` was recorded (`form` as recorded), `None` when not.
    fn find(&self, key: &K) -> Option<Option<GameId>>;
    /// Records `key` with `form`, replacing what was recorded.
    fn put(&mut self, key: K, form: Option<GameId>);
    /// Where the shard's memory for keys lies, for [`Shard::prefetch_at`] (none by default).
    fn hint(&self) -> (usize, usize) {
        (0, 0)
    }
    /// Asks for the memory where `key` would be in a shard whose hint was `hint` (nothing by
    /// default).
    fn prefetch_at(_hint: (usize, usize), _key: &K) {}
}

impl<K: Hash + Eq> Shard<K> for FxHashMap<K, Option<GameId>> {
    fn find(&self, key: &K) -> Option<Option<GameId>> {
        self.get(key).copied()
    }
    fn put(&mut self, key: K, form: Option<GameId>) {
        self.insert(key, form);
    }
}

/// The shards of the table of compact keys: key and entry in one 12-byte slot, where a
/// hash map of `Option<GameId>` took 17 bytes a bucket (Domineering 6×6 on two threads
/// records 4.2 million positions).
impl Shard<u64> for KeyTable<Option<GameId>> {
    fn find(&self, key: &u64) -> Option<Option<GameId>> {
        self.get(*key)
    }
    fn put(&mut self, key: u64, form: Option<GameId>) {
        self.insert(key, form);
    }
    fn hint(&self) -> (usize, usize) {
        KeyTable::hint(self)
    }
    fn prefetch_at(hint: (usize, usize), key: &u64) {
        KeyTable::<Option<GameId>>::prefetch_at(hint, *key);
    }
}

/// Positions solved by any thread of a search, with their values where shared.
pub struct SharedTable<K, S = FxHashMap<K, Option<GameId>>> {
    shards: Box<[Mutex<S>]>,
    /// Each shard's [`Shard::hint`] as it was last written, read without the shard's lock.
    hints: ShardHints,
    len: AtomicU64,
    _keys: std::marker::PhantomData<fn(K)>,
}

/// The table of a ruleset's compact keys.
pub type SharedKeys = SharedTable<u64, KeyTable<Option<GameId>>>;

impl<K: Hash + Eq, S: Shard<K>> Default for SharedTable<K, S> {
    fn default() -> Self {
        SharedTable::new()
    }
}

impl<K: Hash + Eq, S: Shard<K>> SharedTable<K, S> {
    /// An empty table.
    pub fn new() -> Self {
        SharedTable {
            shards: (0..1 << SHARD_BITS)
                .map(|_| Mutex::new(S::default()))
                .collect(),
            hints: ShardHints::new(),
            len: AtomicU64::new(0),
            _keys: std::marker::PhantomData,
        }
    }

    fn shard_index(key: &K) -> usize {
        let mut h = FxHasher::default();
        key.hash(&mut h);
        shard_of(h.finish())
    }

    fn shard(&self, key: &K) -> std::sync::MutexGuard<'_, S> {
        lock(&self.shards[Self::shard_index(key)])
    }

    /// Asks for the memory where `key` would be, ahead of a [`SharedTable::get`] or
    /// [`SharedTable::record`] of it, without taking a lock. Only a hint.
    #[inline]
    pub fn prefetch(&self, key: &K) {
        S::prefetch_at(self.hints.read(Self::shard_index(key)), key);
    }

    /// The value of `key`, when a thread has solved it and shared its value.
    pub fn get(&self, key: &K) -> Option<GameId> {
        self.shard(key).find(key).flatten()
    }

    /// Records that `key` was solved, with its value when `form` is given (a value
    /// recorded once stays).
    pub fn record(&self, key: K, form: Option<GameId>) {
        let index = Self::shard_index(&key);
        let mut shard = lock(&self.shards[index]);
        match shard.find(&key) {
            Some(Some(_)) => {}
            Some(None) => {
                if form.is_some() {
                    shard.put(key, form);
                }
            }
            None => {
                shard.put(key, form);
                self.len.fetch_add(1, Ordering::Relaxed);
                self.hints.note(index, shard.hint());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::canonical::KeyValue;

    /// A game for the tests (the table never reads what it names).
    fn form(n: u32) -> GameId {
        Option::<GameId>::from_bits(n).expect("not the bits of none")
    }

    /// The flat shards of compact keys answer as the hash-map shards do, through a mix of
    /// positions recorded with and without forms, recorded again, and looked up.
    #[test]
    fn flat_shards_agree_with_hash_map_shards() {
        let flat = SharedKeys::new();
        let map: SharedTable<u64> = SharedTable::new();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for step in 0..40_000u32 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Few distinct keys, so that most are met again; some near the ends of u64.
            let key = match seed % 4 {
                0 => seed % 5_000,
                1 => u64::MAX - seed % 50,
                _ => (seed % 5_000) << 40,
            };
            let form = (seed >> 60 != 0).then(|| form(step));
            if seed & 1 == 0 {
                flat.record(key, form);
                map.record(key, form);
            }
            assert_eq!(flat.get(&key), map.get(&key), "key {key}");
            assert_eq!(flat.len(), map.len());
        }
        assert!(flat.len() > 1_000);
    }

    /// The hints that lookups read without a lock follow every shard as it grows.
    #[test]
    fn hints_follow_the_shards() {
        let t = SharedKeys::new();
        // Prefetching in an empty table, or a key never recorded, is harmless.
        t.prefetch(&5);
        for k in 0..50_000u64 {
            t.record(k.wrapping_mul(0x2545_F491_4F6C_DD1D), Some(form(k as u32)));
            if k % 997 == 0 {
                for (i, shard) in t.shards.iter().enumerate() {
                    let hint = t.hints.read(i);
                    let now = lock(shard).hint();
                    // (An empty shard's slots have no address worth noting.)
                    if now.1 > 0 {
                        assert_eq!(hint, now, "after {k} keys");
                    }
                }
            }
            t.prefetch(&(k * 3));
        }
        assert!((0..t.shards.len()).all(|i| t.hints.read(i).1 > 0));
    }

    #[test]
    fn a_form_once_recorded_stays() {
        let t = SharedKeys::new();
        t.record(7, None);
        assert_eq!((t.get(&7), t.len()), (None, 1));
        t.record(7, Some(form(3)));
        assert_eq!(t.get(&7), Some(form(3)));
        t.record(7, Some(form(4)));
        t.record(7, None);
        assert_eq!((t.get(&7), t.len()), (Some(form(3)), 1));
    }
}
