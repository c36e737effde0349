//! Canonical forms of short partizan games, hash-consed in an arena owned by a [`Context`].
//!
//! Every [`GameId`] names a game in canonical form (dominated options removed, reversible
//! options bypassed). Canonical forms are unique, so two ids are equal exactly when the games
//! are equal, and equality is O(1).
//!
//! Games of the form `x + u·↑ + *m` (a dyadic number, a multiple of up and a nimber: "nus", as
//! CGSuite's `CanonicalShortGame` calls them) are stored by their three parameters; their options
//! are materialised only when asked for, so sums, negations and comparisons of such games cost a
//! few big-integer operations and build no option trees. Every other game is stored by its
//! canonical option lists.
//!
//! The recursive algorithms here recurse over the structure of games, whose depth is their
//! birthday; canonical forms met in practice are shallow.
//!
//! The module is split by operation: [`Nus`] and its option rule in `nus`, the
//! canonicalisation of option lists (`from_options`, interning) in `simplify`, comparison in
//! `compare`, sums and negation in `arith`, stops and birthdays in `stops`, up-nth and
//! up-sums in `ups`. This file holds the arena itself: its layout, construction of games and
//! access to their options.

mod arena;
mod arith;
mod caches;
mod compare;
mod key_table;
mod nus;
mod segments;
mod simplify;
mod stops;
mod structure;
#[cfg(test)]
mod tests;
mod ups;
mod uptimal;
mod watch;

pub(crate) use caches::{lock, shard_of, ShardHints, SHARD_BITS};
pub use caches::{DirectCache, Sharded};
pub use key_table::{KeyTable, KeyValue};
pub use nus::{Nus, MAX_UP_LITERAL};
pub use ups::{up_nth, up_sum};
pub use uptimal::{Uptimal, MAX_UPTIMAL_BIRTHDAY};
pub use watch::{COMPARISONS_PER_POSITION, DEFAULT_MAX_COMPARISONS, SEARCH_WEIGHT};

use super::dyadic::Dyadic;
use crate::limits::CHECK_EVERY;
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::fmt;
use std::sync::Arc;

/// The largest nimber a context holds, `*65535`: one below a power of two, so that a nim
/// sum of nimbers it holds is held too (nim addition is XOR). `*n` has `n` options, which a
/// sum with a game other than a number, nimber or up walks; and a larger nimber can arise
/// only as the mex of an option list of more than 65,535 nimbers. A context that meets one
/// stops (see [`Context::stopped`]) instead of holding a game no notation can write back.
pub const MAX_NIMBER: u64 = 65_535;

/// The id of a canonical game in a [`Context`]. Ids from different contexts must not be mixed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct GameId(pub u32);

/// The outcome class of a partizan game: who wins with best play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PartizanOutcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The first player wins (G is confused with 0).
    N,
    /// The second player wins (G = 0).
    P,
}

impl fmt::Display for PartizanOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PartizanOutcome::L => "L",
            PartizanOutcome::R => "R",
            PartizanOutcome::N => "N",
            PartizanOutcome::P => "P",
        })
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Side {
    Left,
    Right,
}

/// What [`Context::le`] reads first about a game, kept apart from the nodes so that the
/// comparisons decided by it touch one small array.
#[derive(Clone, Copy)]
struct Info {
    /// Left and right stops in fixed point ([`fixed_stop`]), or [`NO_STOP`] when a stop
    /// does not fit.
    ls: i64,
    rs: i64,
    /// A general game's options in the arena's pool: Left's at `start..start + nl`, Right's
    /// after them. A nus's index in the arena's list of nus, with `nl` [`UNSET`] (its
    /// options are written out apart, on first use).
    start: u32,
    nl: u32,
    nr: u32,
    kind: Kind,
    /// The adorned stops: [`AT_LEFT_STOP_OR_BELOW`] and [`AT_RIGHT_STOP_OR_ABOVE`] (see
    /// `Context::le`). Meaningful only when the stops fit.
    adorn: u8,
    /// The largest left stop of a Left option, rounded up to a multiple of
    /// 2^-[`REACH_FRACTION_BITS`] (`i32::MAX` when unknown: a number, an option whose stop
    /// does not fit). No Left option is at least a game whose left stop is larger.
    left_reach: i32,
    /// The least right stop of a Right option, rounded down (`i32::MIN` when unknown). No
    /// Right option is at most a game whose right stop is smaller.
    right_reach: i32,
}

/// Bits after the binary point of [`Info::left_reach`] and [`Info::right_reach`]: 32-bit
/// numbers, so that a record stays at 40 bytes; rounding them outwards only makes them
/// decide fewer comparisons.
const REACH_FRACTION_BITS: u32 = 12;

/// `Info::left_reach` of the largest left stop `ls` of the Left options (fixed point).
fn left_reach(ls: i64) -> i32 {
    if ls == NO_STOP {
        return i32::MAX;
    }
    let shift = STOP_FRACTION_BITS - REACH_FRACTION_BITS;
    // Rounded up: (ls + 2^shift - 1) >> shift is the ceiling.
    i32::try_from((ls + (1 << shift) - 1) >> shift).unwrap_or(i32::MAX)
}

/// `Info::right_reach` of the least right stop `rs` of the Right options (fixed point).
fn right_reach(rs: i64) -> i32 {
    if rs == NO_STOP {
        return i32::MIN;
    }
    // Rounded down: an arithmetic shift is the floor.
    i32::try_from(rs >> (STOP_FRACTION_BITS - REACH_FRACTION_BITS)).unwrap_or(i32::MIN)
}

/// `Info::adorn`: the game is at most its left stop (`G <= LS(G)`). A number is; `1*` is
/// not (it is confused with 1).
const AT_LEFT_STOP_OR_BELOW: u8 = 1;
/// `Info::adorn`: the game is at least its right stop (`G >= RS(G)`).
const AT_RIGHT_STOP_OR_ABOVE: u8 = 2;

/// `Info::nl` of a nus, whose options lie apart (see [`Info::start`]).
const UNSET: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Kind {
    /// Stored by its options (variant 0: zero bytes are a valid record, see `arena`).
    General = 0,
    /// `x + u·↑ + *m` with `u` or `m` not 0.
    Nus,
    /// A number.
    Number,
}

/// log2 of the number of entries of the cache of recent comparisons when a context is
/// made (32 KiB), so that small searches do not pay for a large one ...
const LE_RECENT_MIN_BITS: u32 = 12;
/// ... and at most (2 MiB), reached as comparisons are searched: four times its entries
/// before it quadruples. Measured on Domineering 5×6 and 6×6 (2 pairs each): 2 MiB takes
/// 0.93 times the time of 512 KiB, where a 2 MiB cache from the start made a 4×4 board
/// (4 ms) a fifth slower.
const LE_RECENT_MAX_BITS: u32 = 18;
/// log2 of the entries of the cache of sums of a context that shares its arena (16 bytes
/// each: 2 MiB), in front of the arena's table of sums.
const SHARED_SUMS_CACHE_BITS: u32 = 17;
/// A comparison whose search made at least this many further searches is kept exactly.
const LE_MEMO_WORK: u64 = 16;

/// Marks a stop that has no fixed-point form.
const NO_STOP: i64 = i64::MIN;
/// Bits after the binary point of a fixed-point stop.
const STOP_FRACTION_BITS: u32 = 24;

/// The hash of a general game's option lists, as [`Context`]'s table of games by options
/// stores it.
fn options_hash(left: &[GameId], right: &[GameId]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    left.hash(&mut h);
    right.hash(&mut h);
    h.finish()
}

/// The pair `(a, b)` as one key of a [`KeyTable`].
fn pair_key(a: GameId, b: GameId) -> u64 {
    u64::from(a.0) << 32 | u64::from(b.0)
}

/// The key of the sum `a + b` in the memo of sums: the pair, the smaller id first (the sum
/// commutes).
#[inline]
fn sum_key(a: GameId, b: GameId) -> u64 {
    if a <= b {
        pair_key(a, b)
    } else {
        pair_key(b, a)
    }
}

/// A number as `x · 2^24` in an `i64` when that is exact and far from overflow, else
/// [`NO_STOP`].
fn fixed_stop(x: &Dyadic) -> i64 {
    use num_traits::ToPrimitive;
    if x.den_log2() > STOP_FRACTION_BITS {
        return NO_STOP;
    }
    match x.numerator().to_i64() {
        Some(n) if n.unsigned_abs() < 1 << 36 => n << (STOP_FRACTION_BITS - x.den_log2()),
        _ => NO_STOP,
    }
}

/// A run of options in a context's pool (see [`Context::run`]), read one by one.
///
/// It points into the pool without borrowing the context, so that the loop reading it may
/// call the context's `&mut self` methods. That is sound because the pool's memory never
/// moves and lives as long as the arena, and a context holds its arena (`Context::arena`,
/// set once, when the context is made) for its whole life: a run is made and used inside
/// one call of a context's method and never kept past it.
struct OptionRun {
    next: *const GameId,
    left: usize,
}

impl Iterator for OptionRun {
    type Item = GameId;
    #[inline(always)]
    fn next(&mut self) -> Option<GameId> {
        if self.left == 0 {
            return None;
        }
        // SAFETY: `next` points at one of the `left` options still to read, in the pool of
        // an arena alive for the whole call that made the run (see the type's comment).
        let g = unsafe { *self.next };
        self.left -= 1;
        // SAFETY: at most one past the last option read.
        self.next = unsafe { self.next.add(1) };
        Some(g)
    }
}

/// The arena of canonical games and the memo tables of the operations on them.
/// Ids are only meaningful in the context that made them.
pub struct Context {
    /// The games: shared with the other contexts of a parallel search
    /// ([`Context::sharing`]), this context's own otherwise.
    arena: Arc<arena::Arena>,
    /// Where the arena's segments of records and of options lay when this context last
    /// looked (0: not allocated then). Reading a game through them takes one dependent
    /// load fewer than through the arena (`Arc`, then the segment table), on the hottest
    /// path of every search (each comparison reads two records); a segment allocated since
    /// is read through the arena until the context looks again.
    seen: ([usize; segments::SEGMENTS], [usize; segments::SEGMENTS]),
    /// 0, made with the context (asked for often: the start of every sum).
    zero: GameId,
    /// The nus this context has asked the arena for: their ids without taking the arena's
    /// locks (nus are few, and asked for at every sum of numbers).
    nus_ids: FxHashMap<Nus, GameId>,
    /// Sums of two nus, under [`sum_key`] (see `Context::add`).
    nus_sums: FxHashMap<u64, GameId>,
    /// The memo of one canonicalisation, kept for the next (see `simplify::FormMemo`).
    form_memo: simplify::FormMemo,
    /// Sums, under the pair of ids (the smaller first) packed in a `u64` ([`pair_key`]).
    /// A context sharing its arena keeps them in the arena instead, for every context
    /// that shares it, and the last it used in `sums_cache`.
    add_memo: KeyTable,
    /// Sharing its arena: the sums this context used last, in front of the arena's table.
    /// (The comparisons' memos stay the context's own: kept in the arena too, behind
    /// locks, Domineering 6×6 on two threads took 34.4 s where this took 28.6–30.3 s, for
    /// no memory saved.)
    sums_cache: Option<DirectCache<GameId>>,
    le_memo: FxHashMap<(GameId, GameId), bool>,
    /// A direct-mapped cache of recent comparisons: `a << 32 | b`, the answer in bit 63.
    le_recent: Box<[u64]>,
    /// log2 of `le_recent`'s length.
    le_recent_bits: u32,
    /// Comparisons searched so far (the work measure that decides what `le_memo` keeps).
    le_searches: u64,
    /// Comparisons of two different games asked, decided at once or searched: the work
    /// measure that the watch bounds.
    le_calls: u64,
    /// Options of nus written out so far (`*n` has `n` a side): work that no comparison
    /// counts, so the watch counts it too.
    materialised: u64,
    stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    birthdays: FxHashMap<GameId, u64>,
    /// The memo tables of the modules built on canonical forms (thermography keeps its
    /// thermographs here), one per type, made on first use by [`Context::memo`]: they hold
    /// this context's ids, so they live and die with it, and they are type-erased so that
    /// canonical forms do not depend on the modules above them.
    memos: FxHashMap<TypeId, Box<dyn Any + Send + Sync>>,
    /// The bound on comparisons, deadline and flag, when the caller set one.
    watch: Option<Box<watch::Watch>>,
    /// Why the context stopped, once its bound was reached.
    stopped: Option<crate::error::Error>,
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

impl Context {
    /// An empty context.
    pub fn new() -> Self {
        Context::on(Arc::new(arena::Arena::new()))
    }

    /// A context of its own (empty caches) over the games of this one: a thread of a
    /// parallel search takes one, and the ids it makes and reads mean the same here.
    pub fn sharing(&self) -> Self {
        let mut c = Context::on(Arc::clone(&self.arena));
        c.sums_cache = Some(DirectCache::new(SHARED_SUMS_CACHE_BITS));
        c
    }

    /// Whether `other` reads the same games (made by [`Context::sharing`]).
    pub fn shares_games_with(&self, other: &Context) -> bool {
        Arc::ptr_eq(&self.arena, &other.arena)
    }

    fn on(arena: Arc<arena::Arena>) -> Self {
        let zero = arena.nus_id(Nus::number(Dyadic::zero()));
        Context {
            seen: arena.addresses(),
            arena,
            zero,
            nus_ids: FxHashMap::default(),
            nus_sums: FxHashMap::default(),
            form_memo: simplify::FormMemo::default(),
            add_memo: KeyTable::new(),
            sums_cache: None,
            le_memo: FxHashMap::default(),
            le_recent: vec![0; 1 << LE_RECENT_MIN_BITS].into_boxed_slice(),
            le_recent_bits: LE_RECENT_MIN_BITS,
            le_searches: 0,
            le_calls: 0,
            materialised: 0,
            stops: FxHashMap::default(),
            birthdays: FxHashMap::default(),
            memos: FxHashMap::default(),
            watch: None,
            stopped: None,
        }
    }

    /// How many distinct games the arena holds (0 is made with it).
    pub fn len(&self) -> usize {
        self.arena.len()
    }

    /// Whether the arena holds no game but 0.
    pub fn is_empty(&self) -> bool {
        self.len() <= 1
    }

    // ----- construction -----

    /// The game `x + u·↑ + *m`. A nimber beyond [`MAX_NIMBER`] stops the context.
    pub fn nus(&mut self, nus: Nus) -> GameId {
        if nus.nim > MAX_NIMBER && self.stopped.is_none() {
            self.stopped = Some(crate::error::Error::unsupported(format!(
                "the nimber *{} arose; canonical forms hold nimbers up to *{MAX_NIMBER}",
                nus.nim
            )));
        }
        self.nus_unbounded(nus)
    }

    /// [`Context::nus`] without the bound on nimbers, for the far star of atomic weights,
    /// which is compared with but never printed or expanded.
    pub(crate) fn nus_unbounded(&mut self, nus: Nus) -> GameId {
        if let Some(&id) = self.nus_ids.get(&nus) {
            return id;
        }
        let id = self.arena.nus_id(nus.clone());
        self.nus_ids.insert(nus, id);
        self.see(id);
        id
    }

    /// Looks at the arena's segments again if `g`'s record, or its options, lie in one
    /// allocated since this context last looked.
    #[inline]
    fn see(&mut self, g: GameId) {
        let (k, _) = arena::InfoSegments::locate(g.0 as usize);
        if self.seen.0[k] == 0 {
            self.seen = self.arena.addresses();
            return;
        }
        let i = self.info(g);
        if i.nl != UNSET && i.nl + i.nr > 0 {
            self.see_options(i.start);
        }
    }

    /// Looks at the arena's segments again if the options at `start` of the pool lie in a
    /// segment allocated since this context last looked.
    #[inline]
    fn see_options(&mut self, start: u32) {
        let (k, _) = arena::PoolSegments::locate(start as usize);
        if self.seen.1[k] == 0 {
            self.seen = self.arena.addresses();
        }
    }

    /// Asks the processor for the memory of `g`'s record, which a sum or a comparison of
    /// `g` reads first, ahead of reading it. Only a hint: it changes nothing. A search that
    /// knows the games it is about to combine asks for all of them first, so that their
    /// records, scattered over the arena, are fetched side by side.
    #[inline(always)]
    pub fn prefetch_game(&self, g: GameId) {
        let (k, off) = arena::InfoSegments::locate(g.0 as usize);
        let base = self.seen.0[k];
        if base != 0 {
            key_table::prefetch_read((base as *const Info).wrapping_add(off).cast::<u8>());
        }
    }

    /// Asks for the memory that the negation of `g` reads: its record, and the entry of
    /// the arena's memo of negatives (see [`Context::prefetch_game`]).
    #[inline(always)]
    pub fn prefetch_negative(&self, g: GameId) {
        self.prefetch_game(g);
        self.arena.prefetch_neg(g);
    }

    /// Asks for the memory of the memo entry of the sum `a + b` ahead of the sum (see
    /// [`Context::prefetch_game`]).
    #[inline(always)]
    pub fn prefetch_sum(&self, a: GameId, b: GameId) {
        let key = sum_key(a, b);
        match &self.sums_cache {
            None => self.add_memo.prefetch(key),
            Some(cache) => {
                // The arena's slot too: the cache holds only the sums used last.
                cache.prefetch(key);
                self.arena.sums.prefetch(key);
            }
        }
    }

    /// What comparisons read first about `g` (see [`Context::seen`]).
    #[inline(always)]
    fn info(&self, g: GameId) -> Info {
        let (k, off) = arena::InfoSegments::locate(g.0 as usize);
        let base = self.seen.0[k];
        if base == 0 {
            return self.arena.info(g);
        }
        // SAFETY: `base` is segment `k` of the arena's records (it never moves, and the
        // context holds the arena), and `g`'s record was written before `g` was handed out.
        unsafe { *(base as *const Info).add(off) }
    }

    /// The `n` options from `start` of the arena's pool (see [`Context::seen`]).
    #[inline(always)]
    fn options(&self, start: usize, n: usize) -> &[GameId] {
        let (k, off) = arena::PoolSegments::locate(start);
        let base = self.seen.1[k];
        if base == 0 || n == 0 {
            return self.arena.options(start, n);
        }
        // SAFETY: as in `info`, for `n` options written together in segment `k`.
        unsafe { std::slice::from_raw_parts((base as *const GameId).add(off), n) }
    }

    /// The id of `nus` when the arena holds it.
    fn find_nus(&self, nus: &Nus) -> Option<GameId> {
        match self.nus_ids.get(nus) {
            Some(&id) => Some(id),
            None => self.arena.find_nus(nus),
        }
    }

    /// 0.
    pub fn zero(&mut self) -> GameId {
        self.zero
    }

    /// An integer.
    pub fn integer(&mut self, n: i64) -> GameId {
        self.nus(Nus::number(Dyadic::integer(n)))
    }

    /// The number `num / 2^den_log2`.
    pub fn dyadic(&mut self, num: BigInt, den_log2: u32) -> GameId {
        self.nus(Nus::number(Dyadic::new(num, den_log2)))
    }

    /// A number given as a [`Dyadic`].
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.nus(Nus::number(x))
    }

    /// The nimber `*n`.
    pub fn nimber(&mut self, n: u64) -> GameId {
        self.nus(Nus {
            number: Dyadic::zero(),
            up: 0,
            nim: n,
        })
    }

    /// Up, `↑ = {0|*}`.
    pub fn up(&mut self) -> GameId {
        self.up_multiple(1)
    }

    /// `n·↑` (down for negative `n`).
    pub fn up_multiple(&mut self, n: i64) -> GameId {
        self.nus(Nus {
            number: Dyadic::zero(),
            up: n,
            nim: 0,
        })
    }

    /// The `x + u·↑ + *m` parameters of a game of that form, `None` for any other game.
    pub fn as_nus(&self, g: GameId) -> Option<&Nus> {
        self.arena.as_nus(g)
    }

    /// The number part of a nus (`x` of `x + u·↑ + *m`), as a game.
    fn nus_number(&mut self, g: GameId) -> GameId {
        let x = self.as_nus(g).map(|n| n.number.clone()).unwrap_or_default();
        self.number(x)
    }

    /// The value of `g` when it is a number.
    pub fn as_number(&self, g: GameId) -> Option<&Dyadic> {
        self.as_nus(g).filter(|n| n.is_number()).map(|n| &n.number)
    }

    /// Whether `g` is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.as_number(g).is_some()
    }

    /// Writes out the options of the nus at `index` of the arena's list, if no context
    /// sharing the arena did; `(start, left count, right count)` in the pool. Once the
    /// context is stopped, nothing more is written (a stopped context's games are
    /// meaningless, and writing out `*65535`'s options for each of its own options is the
    /// work that stopped it): `None`, and the game shows no options.
    #[cold]
    #[inline(never)]
    fn materialise_cold(&mut self, index: u32) -> Option<(u32, u32, u32)> {
        let entry = self.arena.nus_entry(index);
        if let Some(&r) = entry.options.get() {
            return Some(r);
        }
        if self.is_stopped() {
            return None;
        }
        let (l, r) = entry.nus.options();
        let mut li: Vec<GameId> = l.into_iter().map(|n| self.nus(n)).collect();
        let mut ri: Vec<GameId> = r.into_iter().map(|n| self.nus(n)).collect();
        li.sort_unstable();
        ri.sort_unstable();
        let before = self.materialised;
        self.materialised += (li.len() + ri.len()) as u64;
        if before / CHECK_EVERY != self.materialised / CHECK_EVERY {
            self.check_watch();
        }
        let entry = self.arena.nus_entry(index);
        // Two contexts may write out the same nus at once: the first record stays (the
        // other's copy of the options stays unread in the pool).
        let r = *entry.options.get_or_init(|| {
            let start = self.arena.push_options(&li, &ri);
            (start, li.len() as u32, ri.len() as u32)
        });
        if r.1 + r.2 > 0 {
            self.see_options(r.0);
        }
        Some(r)
    }

    /// The options of `side` of `g`, for a loop that calls back into the context while it
    /// reads them (which a borrowed slice would forbid) without copying them.
    #[inline(always)]
    fn run(&mut self, g: GameId, side: Side) -> OptionRun {
        let (start, n) = self.range(g, side);
        let opts = self.options(start, n);
        OptionRun {
            next: opts.as_ptr(),
            left: opts.len(),
        }
    }

    /// Where the options of `side` of `g` lie in the pool: start and count.
    #[inline(always)]
    fn range(&mut self, g: GameId, side: Side) -> (usize, usize) {
        let info = self.info(g);
        let (start, nl, nr) = if info.nl != UNSET {
            (info.start, info.nl, info.nr)
        } else {
            match self.materialise_cold(info.start) {
                Some(r) => r,
                // Stopped: no options (see `materialise`).
                None => return (0, 0),
            }
        };
        match side {
            Side::Left => (start as usize, nl as usize),
            Side::Right => ((start + nl) as usize, nr as usize),
        }
    }

    /// A copy of the options of `side` of `g`, for callers that go on changing the
    /// context while they read them.
    fn opts(&mut self, g: GameId, side: Side) -> Vec<GameId> {
        let (start, n) = self.range(g, side);
        self.options(start, n).to_vec()
    }

    /// The canonical Left options of `g`, sorted by id.
    pub fn left_options(&mut self, g: GameId) -> &[GameId] {
        let (start, n) = self.range(g, Side::Left);
        self.options(start, n)
    }

    /// The canonical Right options of `g`, sorted by id.
    pub fn right_options(&mut self, g: GameId) -> &[GameId] {
        let (start, n) = self.range(g, Side::Right);
        self.options(start, n)
    }

    /// The memo table of type `T` that a module built on canonical forms keeps in this
    /// context (e.g. thermography's thermographs), made empty on first use.
    pub(crate) fn memo<T: Default + Send + Sync + 'static>(&mut self) -> &mut T {
        self.memos
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut::<T>()
            .expect("each memo is stored under its own type")
    }
}
