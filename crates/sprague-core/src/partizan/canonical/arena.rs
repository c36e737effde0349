//! The arena of canonical games: what a [`GameId`] names (its stops, its options, or its
//! `x + u·↑ + *m` parameters) and the tables that hash-cons new games, kept apart from a
//! [`Context`](super::Context)'s memo tables so that several contexts, one a thread, can
//! share one arena.
//!
//! Why share: the threads of a parallel search (`ValueSolver::in_parallel`) make mostly the
//! same games. With an arena each, every thread held nearly all of them (Domineering 6×6 on
//! two threads: two arenas of 150 MB each) and handed forms to the others by copying them
//! through a store; with one arena a game is made once and its id means the same to every
//! thread.
//!
//! How: the arrays are [`Segments`] (elements never move, so reads need no lock); a game's
//! record is written before its id is handed out, under the lock of the shard of the
//! hash-consing table that makes it, and ids pass between threads only through locks or
//! release stores, so whoever holds an id reads a complete record. A game is immutable once
//! made, except two things written at most once each, both safely shared: the options of a
//! nus, written out on first use (a [`OnceLock`]), and a game's negative (an atomic, the
//! same value whoever writes it first).

use super::caches::{lock, shard_of, Sharded, SHARD_BITS};
use super::key_table::HashedIds;
use super::segments::{Segments, Zeroable, SEGMENTS};
use super::{
    options_hash, GameId, Info, Kind, Nus, AT_LEFT_STOP_OR_BELOW, AT_RIGHT_STOP_OR_ABOVE, NO_STOP,
    UNSET,
};
use rustc_hash::{FxBuildHasher, FxHashMap};
use std::hash::BuildHasher;
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::{Mutex, OnceLock};

/// A nus's parameters, and where its options lie in the pool once written out
/// (`(start, left count, right count)`).
pub(super) struct NusEntry {
    pub(super) nus: Nus,
    pub(super) options: OnceLock<(u32, u32, u32)>,
}

/// The segments of the games' records.
pub(super) type InfoSegments = Segments<Info, 10>;
/// The segments of the option lists.
pub(super) type PoolSegments = Segments<GameId, 12>;

/// The arena (see the module's comment).
pub(super) struct Arena {
    /// Per game, what comparisons read first (see [`Info`]); a nus's `start` is its index
    /// in `nus`.
    info: InfoSegments,
    /// Every game's canonical options, Left's then Right's, each game's in one segment.
    pool: PoolSegments,
    /// Per game, 1 + the id of its negative once known, else 0.
    negs: Segments<AtomicU32, 10>,
    /// The parameters of the nus, each boxed (a `Nus` holds big integers, not valid as zero
    /// bytes); few games are nus.
    nus: Segments<AtomicPtr<NusEntry>, 6>,
    by_nus: Box<[Mutex<FxHashMap<Nus, GameId>>]>,
    /// The general games by their option lists: ids only, hashed and compared by their
    /// options in the pool ([`options_hash`]).
    by_options: Box<[Mutex<HashedIds>]>,
    /// The memo of sums of the contexts that share the arena (`Context::sharing`), under
    /// their pair of ids.
    pub(super) sums: Sharded<GameId>,
}

// SAFETY: an `Info` is plain integers and a `Kind`, whose variant 0 is `General`: valid as
// zero bytes, and without drop glue. A `GameId` is a `u32`.
unsafe impl Zeroable for Info {}
unsafe impl Zeroable for GameId {}

impl Arena {
    /// An empty arena.
    pub(super) fn new() -> Self {
        Arena {
            info: Segments::new(),
            pool: Segments::new(),
            negs: Segments::new(),
            nus: Segments::new(),
            by_nus: (0..1 << SHARD_BITS).map(|_| Mutex::default()).collect(),
            by_options: (0..1 << SHARD_BITS)
                .map(|_| Mutex::new(HashedIds::new()))
                .collect(),
            sums: Sharded::default(),
        }
    }

    /// Where the segments of records and of options lie now (see `Context::seen`).
    pub(super) fn addresses(&self) -> ([usize; SEGMENTS], [usize; SEGMENTS]) {
        (self.info.addresses(), self.pool.addresses())
    }

    /// Games made so far.
    pub(super) fn len(&self) -> usize {
        self.info.len()
    }

    /// What comparisons read first about `g`.
    #[inline(always)]
    pub(super) fn info(&self, g: GameId) -> Info {
        *self.info.get(g.0 as usize)
    }

    /// The `n` options from `start` of the pool.
    #[inline(always)]
    pub(super) fn options(&self, start: usize, n: usize) -> &[GameId] {
        self.pool.slice(start, n)
    }

    /// The nus at index `i` of the list of nus.
    #[inline]
    pub(super) fn nus_entry(&self, i: u32) -> &NusEntry {
        let p = self.nus.get(i as usize).load(Ordering::Acquire);
        assert!(!p.is_null(), "a nus this arena did not make");
        // SAFETY: made by `Box::into_raw` in `nus_id`, freed only when the arena drops.
        unsafe { &*p }
    }

    /// The parameters of `g` when it is a nus.
    #[inline]
    pub(super) fn as_nus(&self, g: GameId) -> Option<&Nus> {
        let i = self.info(g);
        (i.kind != Kind::General).then(|| &self.nus_entry(i.start).nus)
    }

    /// The id of the nus `nus`, when the arena holds it.
    pub(super) fn find_nus(&self, nus: &Nus) -> Option<GameId> {
        let hash = FxBuildHasher.hash_one(nus);
        lock(&self.by_nus[shard_of(hash)]).get(nus).copied()
    }

    /// The id of the nus `nus`, made if new.
    pub(super) fn nus_id(&self, nus: Nus) -> GameId {
        let hash = FxBuildHasher.hash_one(&nus);
        let mut shard = lock(&self.by_nus[shard_of(hash)]);
        if let Some(&id) = shard.get(&nus) {
            return id;
        }
        let stop = super::fixed_stop(&nus.number);
        let kind = if nus.is_number() {
            Kind::Number
        } else {
            Kind::Nus
        };
        let entry = Box::new(NusEntry {
            nus: nus.clone(),
            options: OnceLock::new(),
        });
        // x + u·↑ + *m against x: u·↑ + *m is negative for u < 0 except ↓* (confused with
        // 0), positive for u > 0 except ↑*, and confused with 0 for u = 0 and m > 0.
        let (u, m) = (nus.up, nus.nim);
        let mut adorn = 0;
        if (u, m) == (0, 0) || (u < 0 && (u, m) != (-1, 1)) {
            adorn |= AT_LEFT_STOP_OR_BELOW;
        }
        if (u, m) == (0, 0) || (u > 0 && (u, m) != (1, 1)) {
            adorn |= AT_RIGHT_STOP_OR_ABOVE;
        }
        let index = self.nus.push(AtomicPtr::new(Box::into_raw(entry)));
        let id = self.push_info(Info {
            ls: stop,
            rs: stop,
            start: u32::try_from(index).expect("fewer than 2^32 nus"),
            nl: UNSET,
            nr: 0,
            kind,
            adorn,
            // Every option of x + u·↑ + *m (not a number) is x + u'·↑ + *m' (number
            // translation), whose stops are x: both reaches are x. A number's are unused.
            left_reach: if kind == Kind::Nus {
                super::left_reach(stop)
            } else {
                i32::MAX
            },
            right_reach: if kind == Kind::Nus {
                super::right_reach(stop)
            } else {
                i32::MIN
            },
        });
        shard.insert(nus, id);
        id
    }

    fn push_info(&self, info: Info) -> GameId {
        let i = self.info.push(info);
        // Ids are u32, and u32::MAX marks "none" in the tables that hold ids.
        GameId(
            u32::try_from(i)
                .ok()
                .filter(|&i| i < u32::MAX - 1)
                .expect("fewer than 2^32 - 2 games"),
        )
    }

    /// Appends option lists to the pool (in one segment); where they start.
    pub(super) fn push_options(&self, l: &[GameId], r: &[GameId]) -> u32 {
        let start = self.pool.push_pair(l, r);
        u32::try_from(start).expect("fewer than 2^32 options in the pool")
    }

    /// The id of the general game with the canonical, sorted option lists `l` and `r`
    /// (not a nus), made if new.
    pub(super) fn general_id(&self, l: &[GameId], r: &[GameId]) -> GameId {
        let hash = options_hash(l, r);
        let mut shard = lock(&self.by_options[shard_of(hash)]);
        let same = |g: GameId| {
            let i = self.info(g);
            self.options(i.start as usize, i.nl as usize) == l
                && self.options((i.start + i.nl) as usize, i.nr as usize) == r
        };
        if let Some(id) = shard.find(hash, same) {
            return id;
        }
        // A canonical form that is not a number has options on both sides; its left stop is
        // the largest right stop of a Left option, its right stop the least left stop of a
        // Right option.
        let mut ls = NO_STOP;
        let mut rs = NO_STOP;
        let mut fits = !l.is_empty() && !r.is_empty();
        for &o in l {
            let s = self.info(o).rs;
            fits &= s != NO_STOP;
            ls = ls.max(s);
        }
        for (k, &o) in r.iter().enumerate() {
            let s = self.info(o).ls;
            fits &= s != NO_STOP;
            rs = if k == 0 { s } else { rs.min(s) };
        }
        let (ls, rs) = if fits { (ls, rs) } else { (NO_STOP, NO_STOP) };
        // The reaches (`Info::left_reach`): the largest left stop of a Left option, the
        // least right stop of a Right option.
        let (most_ls, least_rs) = if fits {
            (
                extreme_stop(l.iter().map(|&o| self.info(o).ls), i64::max),
                extreme_stop(r.iter().map(|&o| self.info(o).rs), i64::min),
            )
        } else {
            (NO_STOP, NO_STOP)
        };
        // The adorned stops, from the options' (no comparison needed). G is not a number,
        // so G <= x for a number x iff no G^L >= x. With x = LS(G), every G^L has
        // RS(G^L) <= x; one with RS(G^L) < x is not >= x (stops are monotone), and one with
        // RS(G^L) = x is >= x iff it is at least its right stop. Symmetrically for RS(G).
        let mut adorn = 0;
        if fits {
            if !l
                .iter()
                .map(|&o| self.info(o))
                .any(|i| i.rs == ls && i.adorn & AT_RIGHT_STOP_OR_ABOVE != 0)
            {
                adorn |= AT_LEFT_STOP_OR_BELOW;
            }
            if !r
                .iter()
                .map(|&o| self.info(o))
                .any(|i| i.ls == rs && i.adorn & AT_LEFT_STOP_OR_BELOW != 0)
            {
                adorn |= AT_RIGHT_STOP_OR_ABOVE;
            }
        }
        let start = self.push_options(l, r);
        let id = self.push_info(Info {
            ls,
            rs,
            start,
            nl: l.len() as u32,
            nr: r.len() as u32,
            kind: Kind::General,
            adorn,
            left_reach: super::left_reach(most_ls),
            right_reach: super::right_reach(least_rs),
        });
        shard.insert(hash, id);
        id
    }

    /// The negative of `g`, when known.
    #[inline]
    pub(super) fn neg(&self, g: GameId) -> Option<GameId> {
        match self.negs.get_or_alloc(g.0 as usize).load(Ordering::Acquire) {
            0 => None,
            v => Some(GameId(v - 1)),
        }
    }

    /// Asks for the memory where the negative of `g` is recorded (see
    /// [`Arena::neg`]). Only a hint.
    #[inline(always)]
    pub(super) fn prefetch_neg(&self, g: GameId) {
        self.negs.prefetch(g.0 as usize);
    }

    /// Records that `v` is the negative of `g` (and `g` of `v`).
    pub(super) fn set_neg(&self, g: GameId, v: GameId) {
        self.negs
            .get_or_alloc(g.0 as usize)
            .store(v.0 + 1, Ordering::Release);
        self.negs
            .get_or_alloc(v.0 as usize)
            .store(g.0 + 1, Ordering::Release);
    }
}

/// The stop that `pick` chooses of `stops`, or `NO_STOP` when one of them (or all, being
/// none) is `NO_STOP`.
fn extreme_stop(stops: impl Iterator<Item = i64>, pick: fn(i64, i64) -> i64) -> i64 {
    let mut chosen = None;
    for s in stops {
        if s == NO_STOP {
            return NO_STOP;
        }
        chosen = Some(chosen.map_or(s, |c| pick(c, s)));
    }
    chosen.unwrap_or(NO_STOP)
}

impl Drop for Arena {
    fn drop(&mut self) {
        for i in 0..self.nus.len() {
            let p = self
                .nus
                .get(i)
                .swap(std::ptr::null_mut(), Ordering::Acquire);
            if !p.is_null() {
                // SAFETY: made by `Box::into_raw` in `nus_id`; taken out once.
                drop(unsafe { Box::from_raw(p) });
            }
        }
    }
}
