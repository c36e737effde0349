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

mod arith;
mod compare;
mod key_table;
mod nus;
mod portable;
mod simplify;
mod stops;
mod structure;
#[cfg(test)]
mod tests;
mod ups;
mod uptimal;
mod watch;

pub use key_table::{KeyTable, KeyValue};
pub use nus::{Nus, MAX_UP_LITERAL};
pub use portable::{FormRef, FormStore, Porter};
pub use ups::{up_nth, up_sum};
pub use uptimal::{Uptimal, MAX_UPTIMAL_BIRTHDAY};
pub use watch::{COMPARISONS_PER_POSITION, DEFAULT_MAX_COMPARISONS, SEARCH_WEIGHT};

use super::dyadic::Dyadic;
use crate::limits::CHECK_EVERY;
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};
use std::fmt;

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

/// `Context::neg_of` of a game whose negative is not known yet.
const NO_NEG: u32 = u32::MAX;

/// `Context::nus_of` of a game that is not a nus.
const NOT_NUS: u32 = u32::MAX;

/// What [`Context::le`] reads first about a game, kept apart from the nodes so that the
/// comparisons decided by it touch one small array.
#[derive(Clone, Copy)]
struct Info {
    /// Left and right stops in fixed point ([`fixed_stop`]), or [`NO_STOP`] when a stop
    /// does not fit.
    ls: i64,
    rs: i64,
    /// The options in [`Context::pool`]: Left's at `start..start + nl`, Right's after them
    /// (`nl` is [`UNSET`] until a nus's options are materialised).
    start: u32,
    nl: u32,
    nr: u32,
    kind: Kind,
}

impl Info {
    /// Where the Left and the Right options lie in the pool (options materialised).
    fn ranges(&self) -> (std::ops::Range<usize>, std::ops::Range<usize>) {
        let (s, nl, nr) = (self.start as usize, self.nl as usize, self.nr as usize);
        (s..s + nl, s + nl..s + nl + nr)
    }
}

/// `Info::nl` of a game whose options are not materialised yet.
const UNSET: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Stored by its options.
    General,
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

/// The arena of canonical games and the memo tables of the operations on them.
/// Ids are only meaningful in the context that made them.
pub struct Context {
    /// What the comparisons read first about each game, and where its options lie.
    info: Vec<Info>,
    /// Every game's canonical options, one after another (see [`Info`]): the only copy of
    /// the option lists (append-only, so a range of it stays valid).
    pool: Vec<GameId>,
    /// Per game, its index in `nus_list` when it is a nus, else [`NOT_NUS`]: the
    /// parameters of the few nus apart, so that a general game costs a few bytes besides
    /// its options (Domineering 6×6 makes millions of games).
    nus_of: Vec<u32>,
    nus_list: Vec<Nus>,
    by_nus: FxHashMap<Nus, GameId>,
    /// The general games by their option lists: the table holds ids only, hashed and
    /// compared by the options in the pool ([`options_hash`]).
    by_options: hashbrown::HashTable<GameId>,
    /// Sums, under the pair of ids (the smaller first) packed in a `u64` ([`pair_key`]).
    add_memo: KeyTable,
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
    /// Per game, its negative once computed ([`NO_NEG`] before): indexed by id, so a
    /// lookup is one read and an entry 4 bytes.
    neg_of: Vec<u32>,
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
        Context {
            info: Vec::new(),
            pool: Vec::new(),
            nus_of: Vec::new(),
            nus_list: Vec::new(),
            by_nus: FxHashMap::default(),
            by_options: hashbrown::HashTable::new(),
            add_memo: KeyTable::new(),
            le_memo: FxHashMap::default(),
            le_recent: vec![0; 1 << LE_RECENT_MIN_BITS].into_boxed_slice(),
            le_recent_bits: LE_RECENT_MIN_BITS,
            le_searches: 0,
            le_calls: 0,
            materialised: 0,
            neg_of: Vec::new(),
            stops: FxHashMap::default(),
            birthdays: FxHashMap::default(),
            memos: FxHashMap::default(),
            watch: None,
            stopped: None,
        }
    }

    /// How many distinct games the arena holds.
    pub fn len(&self) -> usize {
        self.info.len()
    }

    /// Whether the arena is empty.
    pub fn is_empty(&self) -> bool {
        self.info.is_empty()
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
        if let Some(&id) = self.by_nus.get(&nus) {
            return id;
        }
        let id = GameId(self.info.len() as u32);
        let stop = fixed_stop(&nus.number);
        self.info.push(Info {
            ls: stop,
            rs: stop,
            start: 0,
            nl: UNSET,
            nr: 0,
            kind: if nus.is_number() {
                Kind::Number
            } else {
                Kind::Nus
            },
        });
        self.nus_of.push(self.nus_list.len() as u32);
        self.nus_list.push(nus.clone());
        self.by_nus.insert(nus, id);
        id
    }

    /// 0.
    pub fn zero(&mut self) -> GameId {
        self.nus(Nus::number(Dyadic::zero()))
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
        match self.nus_of[g.0 as usize] {
            NOT_NUS => None,
            i => Some(&self.nus_list[i as usize]),
        }
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

    /// Writes out the options of a nus. Once the context is stopped, nothing more is
    /// written (a stopped context's games are meaningless, and writing out `*65535`'s
    /// options for each of its own options is the work that stopped it): the game then
    /// shows no options.
    fn materialise(&mut self, g: GameId) {
        if self.info[g.0 as usize].nl != UNSET || self.is_stopped() {
            return;
        }
        let Some(nus) = self.as_nus(g).cloned() else {
            return;
        };
        let (l, r) = nus.options();
        let mut li: Vec<GameId> = l.into_iter().map(|n| self.nus(n)).collect();
        let mut ri: Vec<GameId> = r.into_iter().map(|n| self.nus(n)).collect();
        li.sort_unstable();
        ri.sort_unstable();
        let before = self.materialised;
        self.materialised += (li.len() + ri.len()) as u64;
        if before / CHECK_EVERY != self.materialised / CHECK_EVERY {
            self.check_watch();
        }
        let start = self.pool_append(&li, &ri);
        let info = &mut self.info[g.0 as usize];
        info.start = start;
        info.nl = li.len() as u32;
        info.nr = ri.len() as u32;
    }

    /// Appends option lists to the pool; where they start.
    fn pool_append(&mut self, l: &[GameId], r: &[GameId]) -> u32 {
        let start = self.pool.len() as u32;
        crate::pages::reserve(&mut self.pool, l.len() + r.len());
        self.pool.extend_from_slice(l);
        self.pool.extend_from_slice(r);
        start
    }

    /// Where the options of `side` of `g` lie in the pool.
    fn range(&mut self, g: GameId, side: Side) -> std::ops::Range<usize> {
        if self.info[g.0 as usize].nl == UNSET {
            self.materialise(g);
            if self.info[g.0 as usize].nl == UNSET {
                // Stopped: no options (see `materialise`).
                return 0..0;
            }
        }
        let (left, right) = self.info[g.0 as usize].ranges();
        match side {
            Side::Left => left,
            Side::Right => right,
        }
    }

    /// A copy of the options of `side` of `g`, for callers that go on changing the
    /// context while they read them.
    fn opts(&mut self, g: GameId, side: Side) -> Vec<GameId> {
        let r = self.range(g, side);
        self.pool[r].to_vec()
    }

    /// The canonical Left options of `g`, sorted by id.
    pub fn left_options(&mut self, g: GameId) -> &[GameId] {
        let r = self.range(g, Side::Left);
        &self.pool[r]
    }

    /// The canonical Right options of `g`, sorted by id.
    pub fn right_options(&mut self, g: GameId) -> &[GameId] {
        let r = self.range(g, Side::Right);
        &self.pool[r]
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
