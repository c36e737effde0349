//! The two halves of a memo that the threads of a search share: a [`Sharded`] table behind
//! locks, which holds every entry once, and a [`DirectCache`] a thread, which holds the
//! entries that thread used last without a lock. The memo of sums of the contexts that
//! share an arena (`Context::sharing`), and the components solved (`CompactMemo`), are kept
//! so: memory then grows with the entries, not with the threads.

use super::key_table::{prefetch_read, KeyTable, KeyValue};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// log2 of the shards of each table that threads share: the arena's hash-consing tables,
/// [`Sharded`], and the positions solved (`partizan::shared`). Each shard has its own lock.
pub const SHARD_BITS: u32 = 6;

/// The shard of an entry by its hash (or by its key, where the key is a `u64`). Not the
/// hash's top bits as they are: a shard's hash map (std's) tells its entries apart
/// by the top 7 bits of the same hash, which would then be nearly equal within a shard,
/// and every lookup would compare many candidates (Domineering 6×6 took a fifth longer
/// so). A product with an odd constant mixes every bit of the hash into the top ones.
#[inline]
pub fn shard_of(hash: u64) -> usize {
    (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SHARD_BITS)) as usize
}

/// Locks a shard. A thread that panicked while holding it left no table half-written
/// (each change is one insertion), so a poisoned lock is taken as it is.
#[inline]
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Where the slots of each shard of a table lie (a [`KeyTable::hint`]), noted by the
/// thread that grows the shard, under its lock, and read without it: a lookup can then
/// ask for the memory of its slot ([`KeyTable::prefetch_at`]) before it takes the lock,
/// whose cache line passes between the threads. The notes lie apart from the locks and
/// change only when a shard grows, so reading them costs no miss; a stale note only
/// wastes a prefetch (a prefetch cannot fault).
pub(crate) struct ShardHints(Box<[(AtomicUsize, AtomicUsize)]>);

impl ShardHints {
    /// Notes for `1 << SHARD_BITS` shards, none written.
    pub fn new() -> Self {
        ShardHints(
            (0..1 << SHARD_BITS)
                .map(|_| (AtomicUsize::new(0), AtomicUsize::new(0)))
                .collect(),
        )
    }

    /// Notes `hint` for shard `index` (written only when it changed).
    #[inline]
    pub fn note(&self, index: usize, hint: (usize, usize)) {
        let (base, len) = &self.0[index];
        if len.load(Ordering::Relaxed) != hint.1 || base.load(Ordering::Relaxed) != hint.0 {
            base.store(hint.0, Ordering::Relaxed);
            len.store(hint.1, Ordering::Relaxed);
        }
    }

    /// The last note of shard `index` (`(0, 0)` before any).
    #[inline]
    pub fn read(&self, index: usize) -> (usize, usize) {
        let (base, len) = &self.0[index];
        (base.load(Ordering::Relaxed), len.load(Ordering::Relaxed))
    }
}

/// A lossy cache of `u64` keys: each key has one entry, where a newer key replaces it.
///
/// An entry holds the key and 1 + the value's bits ([`KeyValue`] bits are never
/// `u32::MAX`), so that an empty entry is zero bytes: the cache is allocated zeroed, and
/// the system backs only the pages a search touches (a small search on sixteen threads
/// does not pay for sixteen full caches).
pub struct DirectCache<V: KeyValue> {
    entries: Box<[(u64, u32)]>,
    bits: u32,
    _values: PhantomData<V>,
}

impl<V: KeyValue> DirectCache<V> {
    /// An empty cache of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Self {
        DirectCache {
            entries: vec![(0, 0); 1 << bits].into_boxed_slice(),
            bits,
            _values: PhantomData,
        }
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// The value kept for `key`, if it is still there.
    #[inline]
    pub fn get(&self, key: u64) -> Option<V> {
        let (k, v) = self.entries[self.slot(key)];
        (v != 0 && k == key).then(|| V::from_bits(v - 1))
    }

    /// Keeps `v` for `key`, in place of what its entry held.
    #[inline]
    pub fn keep(&mut self, key: u64, v: V) {
        let i = self.slot(key);
        self.entries[i] = (key, v.to_bits().wrapping_add(1));
    }

    /// Asks for the memory of `key`'s entry ahead of a lookup.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch_read((&self.entries[self.slot(key)] as *const (u64, u32)).cast::<u8>());
    }
}

/// A table of `u64` keys in shards, each behind its own lock, for threads to share.
pub struct Sharded<V: KeyValue> {
    shards: Box<[Mutex<KeyTable<V>>]>,
    hints: ShardHints,
}

impl<V: KeyValue> Default for Sharded<V> {
    fn default() -> Self {
        Sharded {
            shards: (0..1 << SHARD_BITS)
                .map(|_| Mutex::new(KeyTable::new()))
                .collect(),
            hints: ShardHints::new(),
        }
    }
}

impl<V: KeyValue> Sharded<V> {
    fn shard(&self, key: u64) -> MutexGuard<'_, KeyTable<V>> {
        // A shard's table places keys by the low bits of its own mix of them.
        lock(&self.shards[shard_of(key)])
    }

    /// The value of `key`, if stored.
    pub fn get(&self, key: u64) -> Option<V> {
        self.shard(key).get(key)
    }

    /// Stores `v` under `key`.
    pub fn insert(&self, key: u64, v: V) {
        let index = shard_of(key);
        let mut shard = lock(&self.shards[index]);
        shard.insert(key, v);
        self.hints.note(index, shard.hint());
    }

    /// Asks for the memory of `key`'s slot ahead of a lookup, without taking a lock (see
    /// [`ShardHints`]). Only a hint.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        KeyTable::<V>::prefetch_at(self.hints.read(shard_of(key)), key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::canonical::GameId;

    #[test]
    fn a_cache_forgets_but_never_misreads() {
        let mut c: DirectCache<GameId> = DirectCache::new(4);
        let table: Sharded<GameId> = Sharded::default();
        for k in 0..1000u64 {
            c.keep(k * 7, GameId(k as u32));
            table.insert(k * 7, GameId(k as u32));
        }
        let mut kept = 0;
        for k in 0..1000u64 {
            if let Some(v) = c.get(k * 7) {
                assert_eq!(v, GameId(k as u32));
                kept += 1;
            }
            assert_eq!(table.get(k * 7), Some(GameId(k as u32)));
            assert_eq!(table.get(k * 7 + 1), None);
        }
        assert!(kept > 0 && kept <= 16, "{kept}");
        assert_eq!(c.get(1), None);
    }

    /// The notes that prefetches read without a lock follow every shard of a `Sharded`
    /// table as it grows (an insert that forgot to note its shard's growth fails this).
    #[test]
    fn sharded_hints_follow_the_shards() {
        let table: Sharded<GameId> = Sharded::default();
        table.prefetch(5);
        for k in 0..40_000u64 {
            let key = k.wrapping_mul(0x2545_F491_4F6C_DD1D);
            table.insert(key, GameId(k as u32));
            table.prefetch(key ^ 1);
            if k % 1_009 == 0 {
                for (i, shard) in table.shards.iter().enumerate() {
                    let now = lock(shard).hint();
                    if now.1 > 0 {
                        assert_eq!(table.hints.read(i), now, "after {k} keys");
                    }
                }
            }
        }
        assert!((0..table.shards.len()).all(|i| table.hints.read(i).1 > 0));
        assert_eq!(
            table.get(7u64.wrapping_mul(0x2545_F491_4F6C_DD1D)),
            Some(GameId(7))
        );
    }
}
