//! A table from `u64` keys to [`GameId`]s, open addressing with linear probing in one flat
//! array of 12-byte slots: the memo of sums and negations here, and the table of a
//! ruleset's compact keys (`CompactMemo`).
//!
//! Why not a general hash map: Domineering 6×6 stores millions of components and looks each
//! up from every position that has it as a component of an option, and millions of sums, so
//! its search spent a third of its time waiting for those tables' memory. A general map reads two places per
//! lookup (its control bytes, then the bucket); here key and value share a slot, and
//! [`KeyTable::prefetch`] lets a search ask for the slots of all of a position's options
//! before it reads any of them, so that their memory is fetched side by side rather than
//! one after another.

use super::GameId;
use std::marker::PhantomData;

/// A slot: the key in two halves (so that a slot is 12 bytes and 4-aligned) and the
/// value, [`EMPTY`] when the slot is free.
#[derive(Clone, Copy)]
struct Slot {
    lo: u32,
    hi: u32,
    val: u32,
}

/// The value of a free slot (no context holds 2^32 − 1 games).
const EMPTY: u32 = u32::MAX;
const FREE: Slot = Slot {
    lo: 0,
    hi: 0,
    val: EMPTY,
};

/// The fewest slots of a table that holds anything.
const MIN_SLOTS: usize = 64;

/// What a [`KeyTable`] holds under a key: a value written in 32 bits, never `u32::MAX`
/// (which marks a free slot).
pub trait KeyValue: Copy {
    /// The value's 32 bits.
    fn to_bits(self) -> u32;
    /// The value of bits that [`KeyValue::to_bits`] gave.
    fn from_bits(bits: u32) -> Self;
}

impl KeyValue for GameId {
    fn to_bits(self) -> u32 {
        self.0
    }
    fn from_bits(bits: u32) -> Self {
        GameId(bits)
    }
}

/// A game, or none, in 32 bits: the threads' table of positions solved keeps it so (an
/// arena makes fewer than 2^32 − 2 games, so the bits of a game are never those of none).
impl KeyValue for Option<GameId> {
    fn to_bits(self) -> u32 {
        self.map_or(NO_GAME, |g| {
            assert!(g.0 < NO_GAME, "a game with the bits of none");
            g.0
        })
    }
    fn from_bits(bits: u32) -> Self {
        (bits != NO_GAME).then_some(GameId(bits))
    }
}

/// The bits of no game in a [`KeyTable`].
const NO_GAME: u32 = u32::MAX - 1;

/// A map from `u64` keys to values of 32 bits ([`GameId`]s unless told otherwise).
pub struct KeyTable<V: KeyValue = GameId> {
    slots: Vec<Slot>,
    len: usize,
    _values: PhantomData<V>,
}

impl<V: KeyValue> Default for KeyTable<V> {
    fn default() -> Self {
        KeyTable::new()
    }
}

/// Mixes the key's bits (the finaliser of SplitMix64), so that keys that differ in a few
/// bits, as a board's cells do, land far apart.
#[inline]
fn mix(key: u64) -> u64 {
    let mut x = key;
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The slot where the search for `key` starts in a table of `len` slots (a power of two).
#[inline]
fn home_in(key: u64, len: usize) -> usize {
    mix(key) as usize & (len - 1)
}

impl<V: KeyValue> KeyTable<V> {
    /// An empty table (it allocates on the first insertion).
    pub fn new() -> Self {
        KeyTable {
            slots: Vec::new(),
            len: 0,
            _values: PhantomData,
        }
    }

    /// The keys stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no key is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The slot where the search for `key` starts (the table is not empty).
    #[inline]
    fn home(&self, key: u64) -> usize {
        home_in(key, self.slots.len())
    }

    /// Where `key` is, or else the free slot where its search ends (the table is not
    /// empty), and whether it is there.
    #[inline]
    fn find(&self, key: u64) -> (usize, bool) {
        let (lo, hi) = (key as u32, (key >> 32) as u32);
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let s = &self.slots[i];
            if s.val == EMPTY {
                return (i, false);
            }
            if s.lo == lo && s.hi == hi {
                return (i, true);
            }
            i = (i + 1) & mask;
        }
    }

    /// The value of `key`.
    #[inline]
    pub fn get(&self, key: u64) -> Option<V> {
        if self.slots.is_empty() {
            return None;
        }
        let (i, found) = self.find(key);
        found.then(|| V::from_bits(self.slots[i].val))
    }

    /// Stores `v` under `key`, replacing what was there.
    pub fn insert(&mut self, key: u64, v: V) {
        let bits = v.to_bits();
        assert!(bits != EMPTY, "a value that marks a free slot");
        // At most three quarters full, so that a search meets a free slot soon. (Robin
        // Hood order at seven eighths saved a tenth of Domineering 6×6's memory but took a
        // fifth more time.)
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        if self.put(key, bits) {
            self.len += 1;
        }
    }

    /// Puts `val` under `key` in a table with room; whether the key is new.
    fn put(&mut self, key: u64, val: u32) -> bool {
        let (i, found) = self.find(key);
        if found {
            self.slots[i].val = val;
        } else {
            self.slots[i] = Slot {
                lo: key as u32,
                hi: (key >> 32) as u32,
                val,
            };
        }
        !found
    }

    /// Doubles the slots (or makes the first ones) and puts every key back.
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(MIN_SLOTS);
        // Asked for on huge pages before it is filled: a large table is read at random.
        let old = std::mem::replace(&mut self.slots, crate::pages::filled(size, FREE));
        for s in old {
            if s.val != EMPTY {
                self.put(u64::from(s.hi) << 32 | u64::from(s.lo), s.val);
            }
        }
    }

    /// Where the table's slots lie and how many there are: what [`KeyTable::prefetch_at`]
    /// needs, for a thread that reads this table only behind a lock to ask for a slot's
    /// memory before taking the lock.
    pub(crate) fn hint(&self) -> (usize, usize) {
        (self.slots.as_ptr() as usize, self.slots.len())
    }

    /// Asks for the memory of `key`'s first slot in a table whose [`KeyTable::hint`] was
    /// `hint`. The table may have grown since, its old slots freed: a prefetch of any
    /// address is harmless (it reads nothing and cannot fault), so a stale hint only
    /// wastes the prefetch.
    #[inline]
    pub(crate) fn prefetch_at(hint: (usize, usize), key: u64) {
        let (base, len) = hint;
        if len == 0 {
            return;
        }
        let at = (base as *const Slot).wrapping_add(home_in(key, len));
        prefetch_read(at.cast::<u8>());
    }

    /// Asks the processor to fetch the memory where `key` would be, so that a
    /// [`KeyTable::get`] of it soon after does not wait for it. Only a hint: it changes
    /// nothing the table holds.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        Self::prefetch_at(self.hint(), key);
    }
}

/// Ids under the hashes of what they name, in one flat array of 8-byte slots: the arena's
/// table of general games by their option lists. Unlike [`KeyTable`], a hash may hold
/// several ids (what they name differs, the hashes collide), so a lookup asks the caller
/// whether each candidate is the one sought.
///
/// A slot keeps 32 bits of the mixed hash beside the id: the low bits place the slot, so
/// that a growth reads only the slots, and the rest tell apart most ids that share a
/// home, so that a lookup reads one place and then only the game sought. (A general hash
/// table of ids read its control bytes, then the bucket, then the game, and a growth read
/// every game again to hash it: two cache misses a game, over tens of millions of games.
/// Slots of the full hash, 12 bytes, took 35 MB more for Domineering 6×6.)
pub struct HashedIds {
    slots: Vec<(u32, u32)>,
    len: usize,
}

impl Default for HashedIds {
    fn default() -> Self {
        HashedIds::new()
    }
}

impl HashedIds {
    /// An empty table (it allocates on the first insertion).
    pub fn new() -> Self {
        HashedIds {
            slots: Vec::new(),
            len: 0,
        }
    }

    /// The ids stored.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.len
    }

    /// The bits of `hash` a slot keeps (the low ones place it).
    #[inline]
    fn tag(hash: u64) -> u32 {
        mix(hash) as u32
    }

    /// The first id stored under `hash` for which `is` answers yes.
    #[inline]
    pub fn find(&self, hash: u64, mut is: impl FnMut(GameId) -> bool) -> Option<GameId> {
        if self.slots.is_empty() {
            return None;
        }
        let tag = Self::tag(hash);
        let mask = self.slots.len() - 1;
        let mut i = tag as usize & mask;
        loop {
            let (t, id) = self.slots[i];
            if id == EMPTY {
                return None;
            }
            if t == tag && is(GameId(id)) {
                return Some(GameId(id));
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `id` under `hash` (beside any ids already there).
    pub fn insert(&mut self, hash: u64, id: GameId) {
        assert!(id.0 != EMPTY, "a value that marks a free slot");
        // At most three quarters full, as a `KeyTable`; the tag's 32 bits place the slots
        // of a table of up to 2^32.
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            let size = (self.slots.len() * 2).max(MIN_SLOTS);
            assert!(size <= 1 << 32, "more than 3·2^30 games in one shard");
            let old = std::mem::replace(&mut self.slots, crate::pages::filled(size, (0, EMPTY)));
            for (t, g) in old {
                if g != EMPTY {
                    self.put(t, g);
                }
            }
        }
        self.put(Self::tag(hash), id.0);
        self.len += 1;
    }

    /// Puts the id `id` with the tag `tag` in the first free slot from its home (the table
    /// has room).
    fn put(&mut self, tag: u32, id: u32) {
        let mask = self.slots.len() - 1;
        let mut i = tag as usize & mask;
        while self.slots[i].1 != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = (tag, id);
    }
}

/// Asks the processor to bring the memory at `p` into its cache, for a read soon after
/// (nothing on processors other than x86-64).
#[inline(always)]
pub(crate) fn prefetch_read(p: *const u8) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing and cannot fault, whatever the address. SSE, which
    // the instruction needs, is part of every x86-64 processor.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn agrees_with_a_hash_map_through_growth_and_replacement() {
        let mut t = KeyTable::new();
        let mut m = HashMap::new();
        assert_eq!(t.get(5), None);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for round in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Keys that share most bits (a few cells apart), the extremes, and repeats.
            let key = match round % 4 {
                0 => x,
                1 => x & 0xFF,
                2 => u64::MAX - (x & 3),
                _ => (x & 0x3F) << 40,
            };
            let v = GameId(round);
            t.prefetch(key);
            t.insert(key, v);
            m.insert(key, v);
            assert_eq!(t.len(), m.len());
        }
        for (&k, &v) in &m {
            assert_eq!(t.get(k), Some(v), "{k:#x}");
        }
        for k in [1u64 << 63, 0x1234_5678_9ABC_DEF0, 0] {
            assert_eq!(t.get(k), m.get(&k).copied(), "{k:#x}");
        }
    }

    #[test]
    fn hashed_ids_keep_every_id_of_a_hash() {
        let mut t = HashedIds::new();
        assert_eq!(t.find(7, |_| true), None);
        // Few hashes, many ids each, through several growths: each id is found by asking
        // for it, and none is found under another hash.
        for id in 0..5_000u32 {
            t.insert(u64::from(id % 13) << 40 | 5, GameId(id));
        }
        assert_eq!(t.len(), 5_000);
        for id in (0..5_000u32).step_by(7) {
            let hash = u64::from(id % 13) << 40 | 5;
            assert_eq!(t.find(hash, |g| g == GameId(id)), Some(GameId(id)));
            let other = u64::from((id + 1) % 13) << 40 | 5;
            assert_eq!(t.find(other, |g| g == GameId(id)), None);
        }
        assert_eq!(t.find(99, |_| true), None);
    }

    #[test]
    #[should_panic(expected = "free slot")]
    fn refuses_the_id_that_marks_a_free_slot() {
        KeyTable::new().insert(1, GameId(EMPTY));
    }
}
