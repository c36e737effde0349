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

use super::dyadic::Dyadic;
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

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

/// `number + up·↑ + *nim`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// The multiple of up (negative: of down).
    pub up: i64,
    /// The nimber part.
    pub nim: u64,
}

impl Nus {
    /// A number.
    pub fn number(x: Dyadic) -> Self {
        Nus {
            number: x,
            up: 0,
            nim: 0,
        }
    }
    /// Whether it is a number (no up, no nimber).
    pub fn is_number(&self) -> bool {
        self.up == 0 && self.nim == 0
    }
    fn add(&self, o: &Nus) -> Option<Nus> {
        Some(Nus {
            number: self.number.add(&o.number),
            up: self.up.checked_add(o.up)?,
            nim: self.nim ^ o.nim,
        })
    }
    fn neg(&self) -> Option<Nus> {
        Some(Nus {
            number: self.number.neg(),
            up: self.up.checked_neg()?,
            nim: self.nim,
        })
    }
    /// Whether `self >= 0`.
    fn nonnegative(&self) -> bool {
        match self.number.signum() {
            1 => true,
            -1 => false,
            // u·↑ + *m: ↑* is fuzzy, every other positive multiple of up with any nimber is
            // positive; a nimber alone is fuzzy unless it is 0.
            _ => match self.up.cmp(&0) {
                Ordering::Equal => self.nim == 0,
                Ordering::Greater => !(self.up == 1 && self.nim == 1),
                Ordering::Less => false,
            },
        }
    }
    /// The canonical options, as nus triples.
    fn options(&self) -> (Vec<Nus>, Vec<Nus>) {
        let x = &self.number;
        let at = |up: i64, nim: u64| Nus {
            number: x.clone(),
            up,
            nim,
        };
        let num = |d: Dyadic| Nus::number(d);
        match (self.up, self.nim) {
            (0, 0) => {
                if x.is_integer() {
                    match x.signum() {
                        0 => (vec![], vec![]),
                        1 => (vec![num(x.sub(&Dyadic::integer(1)))], vec![]),
                        _ => (vec![], vec![num(x.add(&Dyadic::integer(1)))]),
                    }
                } else {
                    let step = Dyadic::pow2_neg(x.den_log2());
                    (vec![num(x.sub(&step))], vec![num(x.add(&step))])
                }
            }
            (0, m) => {
                let opts: Vec<Nus> = (0..m).map(|k| at(0, k)).collect();
                (opts.clone(), opts)
            }
            (1, 1) => (vec![at(0, 0), at(0, 1)], vec![at(0, 0)]),
            (-1, 1) => (vec![at(0, 0)], vec![at(0, 0), at(0, 1)]),
            (u, m) if u > 0 => (vec![at(0, 0)], vec![at(u - 1, m ^ 1)]),
            (u, m) => (vec![at(u + 1, m ^ 1)], vec![at(0, 0)]),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Side {
    Left,
    Right,
}

/// Canonical Left and Right option lists, sorted by id.
type OptionsKey = (Arc<[GameId]>, Arc<[GameId]>);

struct Node {
    nus: Option<Nus>,
    left: Option<Arc<[GameId]>>,
    right: Option<Arc<[GameId]>>,
}

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

/// log2 of the number of entries of the cache of recent comparisons (512 KiB).
const LE_RECENT_BITS: u32 = 16;
/// A comparison whose search made at least this many further searches is kept exactly.
const LE_MEMO_WORK: u64 = 16;

/// Marks a stop that has no fixed-point form.
const NO_STOP: i64 = i64::MIN;
/// Bits after the binary point of a fixed-point stop.
const STOP_FRACTION_BITS: u32 = 24;

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
    nodes: Vec<Node>,
    info: Vec<Info>,
    /// Every game's canonical options, one after another (see [`Info`]): what the
    /// comparison searches read, without touching the nodes.
    pool: Vec<GameId>,
    by_nus: FxHashMap<Nus, GameId>,
    by_options: FxHashMap<OptionsKey, GameId>,
    add_memo: FxHashMap<(GameId, GameId), GameId>,
    le_memo: FxHashMap<(GameId, GameId), bool>,
    /// A direct-mapped cache of recent comparisons: `a << 32 | b`, the answer in bit 63.
    le_recent: Box<[u64]>,
    /// Comparisons searched so far (the work measure that decides what `le_memo` keeps).
    le_searches: u64,
    neg_memo: FxHashMap<GameId, GameId>,
    stops: FxHashMap<GameId, (Dyadic, Dyadic)>,
    birthdays: FxHashMap<GameId, u64>,
    pub(super) thermographs: FxHashMap<GameId, Arc<super::thermo::Thermograph>>,
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

/// A memo of comparisons between one option-list form and ids, valid for one canonicalisation.
#[derive(Default)]
struct FormMemo {
    form_le: FxHashMap<GameId, bool>,
    le_form: FxHashMap<GameId, bool>,
}

impl Context {
    /// An empty context.
    pub fn new() -> Self {
        Context {
            nodes: Vec::new(),
            info: Vec::new(),
            pool: Vec::new(),
            by_nus: FxHashMap::default(),
            by_options: FxHashMap::default(),
            add_memo: FxHashMap::default(),
            le_memo: FxHashMap::default(),
            le_recent: vec![0; 1 << LE_RECENT_BITS].into_boxed_slice(),
            le_searches: 0,
            neg_memo: FxHashMap::default(),
            stops: FxHashMap::default(),
            birthdays: FxHashMap::default(),
            thermographs: FxHashMap::default(),
        }
    }

    /// How many distinct games the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the arena is empty.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    // ----- construction -----

    /// The game `x + u·↑ + *m`.
    pub fn nus(&mut self, nus: Nus) -> GameId {
        if let Some(&id) = self.by_nus.get(&nus) {
            return id;
        }
        let id = GameId(self.nodes.len() as u32);
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
        self.nodes.push(Node {
            nus: Some(nus.clone()),
            left: None,
            right: None,
        });
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
        self.nodes[g.0 as usize].nus.as_ref()
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

    fn materialise(&mut self, g: GameId) {
        let node = &self.nodes[g.0 as usize];
        if node.left.is_some() {
            return;
        }
        let Some(nus) = node.nus.clone() else {
            return;
        };
        let (l, r) = nus.options();
        let mut li: Vec<GameId> = l.into_iter().map(|n| self.nus(n)).collect();
        let mut ri: Vec<GameId> = r.into_iter().map(|n| self.nus(n)).collect();
        li.sort_unstable();
        ri.sort_unstable();
        let start = self.pool_append(&li, &ri);
        let info = &mut self.info[g.0 as usize];
        info.start = start;
        info.nl = li.len() as u32;
        info.nr = ri.len() as u32;
        let node = &mut self.nodes[g.0 as usize];
        node.left = Some(li.into());
        node.right = Some(ri.into());
    }

    /// Appends option lists to the pool; where they start.
    fn pool_append(&mut self, l: &[GameId], r: &[GameId]) -> u32 {
        let start = self.pool.len() as u32;
        self.pool.extend_from_slice(l);
        self.pool.extend_from_slice(r);
        start
    }

    /// Where the options of `side` of `g` lie in the pool.
    fn range(&mut self, g: GameId, side: Side) -> std::ops::Range<usize> {
        if self.info[g.0 as usize].nl == UNSET {
            self.materialise(g);
        }
        let i = self.info[g.0 as usize];
        let (s, nl, nr) = (i.start as usize, i.nl as usize, i.nr as usize);
        match side {
            Side::Left => s..s + nl,
            Side::Right => s + nl..s + nl + nr,
        }
    }

    fn opts(&mut self, g: GameId, side: Side) -> Arc<[GameId]> {
        self.materialise(g);
        let node = &self.nodes[g.0 as usize];
        match side {
            Side::Left => node.left.clone(),
            Side::Right => node.right.clone(),
        }
        .unwrap_or_else(|| Arc::from(Vec::new()))
    }

    /// The canonical Left options of `g`, sorted by id.
    pub fn left_options(&mut self, g: GameId) -> &[GameId] {
        self.materialise(g);
        self.nodes[g.0 as usize].left.as_deref().unwrap_or(&[])
    }

    /// The canonical Right options of `g`, sorted by id.
    pub fn right_options(&mut self, g: GameId) -> &[GameId] {
        self.materialise(g);
        self.nodes[g.0 as usize].right.as_deref().unwrap_or(&[])
    }

    /// The canonical form of `{left | right}`: dominated options removed, reversible options
    /// bypassed.
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let mut l: Vec<GameId> = left.to_vec();
        let mut r: Vec<GameId> = right.to_vec();
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        // The value of the form never changes below, so one memo of comparisons against it
        // serves the whole simplification.
        let mut memo = FormMemo::default();
        loop {
            l = self.undominated(&l, Side::Left);
            r = self.undominated(&r, Side::Right);
            let mut changed = false;
            let mut nl = Vec::with_capacity(l.len());
            for &a in &l {
                let ars = self.opts(a, Side::Right);
                let mut bypass = None;
                for &ar in ars.iter() {
                    if self.id_le_form(ar, &l, &r, &mut memo) {
                        bypass = Some(ar);
                        break;
                    }
                }
                match bypass {
                    Some(ar) => {
                        changed = true;
                        nl.extend(self.opts(ar, Side::Left).iter().copied());
                    }
                    None => nl.push(a),
                }
            }
            let mut nr = Vec::with_capacity(r.len());
            for &a in &r {
                let als = self.opts(a, Side::Left);
                let mut bypass = None;
                for &al in als.iter() {
                    if self.form_le_id(&l, &r, al, &mut memo) {
                        bypass = Some(al);
                        break;
                    }
                }
                match bypass {
                    Some(al) => {
                        changed = true;
                        nr.extend(self.opts(al, Side::Right).iter().copied());
                    }
                    None => nr.push(a),
                }
            }
            if !changed {
                break;
            }
            l = nl;
            r = nr;
            l.sort_unstable();
            l.dedup();
            r.sort_unstable();
            r.dedup();
        }
        self.intern(l, r)
    }

    /// The options of one side with the dominated ones removed (input sorted and deduplicated).
    fn undominated(&mut self, opts: &[GameId], side: Side) -> Vec<GameId> {
        let mut keep = Vec::with_capacity(opts.len());
        'outer: for (i, &a) in opts.iter().enumerate() {
            for (j, &b) in opts.iter().enumerate() {
                if i == j {
                    continue;
                }
                let dominated = match side {
                    Side::Left => self.le(a, b),
                    Side::Right => self.le(b, a),
                };
                if dominated {
                    continue 'outer;
                }
            }
            keep.push(a);
        }
        keep
    }

    /// The id of a canonical form given by canonical, sorted option lists.
    fn intern(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> GameId {
        if let Some(id) = self.recognise_nus(&l, &r) {
            return id;
        }
        let key: OptionsKey = (l.into(), r.into());
        if let Some(&id) = self.by_options.get(&key) {
            return id;
        }
        let id = GameId(self.nodes.len() as u32);
        // A canonical form that is not a number has options on both sides; its left stop is
        // the largest right stop of a Left option, its right stop the least left stop of a
        // Right option.
        let mut ls = NO_STOP;
        let mut rs = NO_STOP;
        let mut fits = !key.0.is_empty() && !key.1.is_empty();
        for &o in key.0.iter() {
            let s = self.info[o.0 as usize].rs;
            fits &= s != NO_STOP;
            ls = ls.max(s);
        }
        for (k, &o) in key.1.iter().enumerate() {
            let s = self.info[o.0 as usize].ls;
            fits &= s != NO_STOP;
            rs = if k == 0 { s } else { rs.min(s) };
        }
        let (ls, rs) = if fits { (ls, rs) } else { (NO_STOP, NO_STOP) };
        let start = self.pool_append(&key.0, &key.1);
        self.info.push(Info {
            ls,
            rs,
            start,
            nl: key.0.len() as u32,
            nr: key.1.len() as u32,
            kind: Kind::General,
        });
        self.nodes.push(Node {
            nus: None,
            left: Some(key.0.clone()),
            right: Some(key.1.clone()),
        });
        self.by_options.insert(key, id);
        id
    }

    /// If the canonical form `{l | r}` is `x + u·↑ + *m`, its id. A nus's canonical options are
    /// nus, and the shape of its options names the only candidate; the candidate is checked by
    /// comparing its canonical options with `l` and `r`.
    fn recognise_nus(&mut self, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        let mut ln = Vec::with_capacity(l.len());
        for &g in l {
            ln.push(self.as_nus(g)?.clone());
        }
        let mut rn = Vec::with_capacity(r.len());
        for &g in r {
            rn.push(self.as_nus(g)?.clone());
        }
        let mut candidates: Vec<Nus> = Vec::new();
        match (ln.as_slice(), rn.as_slice()) {
            ([], []) => candidates.push(Nus::number(Dyadic::zero())),
            ([a], []) if a.is_number() && a.number.is_integer() && a.number.signum() >= 0 => {
                candidates.push(Nus::number(a.number.add(&Dyadic::integer(1))))
            }
            ([], [b]) if b.is_number() && b.number.is_integer() && b.number.signum() <= 0 => {
                candidates.push(Nus::number(b.number.sub(&Dyadic::integer(1))))
            }
            _ => {}
        }
        if let ([a], [b]) = (ln.as_slice(), rn.as_slice()) {
            if a.is_number() && b.is_number() && a.number < b.number {
                candidates.push(Nus::number(a.number.add(&b.number).half()));
            }
            if a.is_number() {
                if let Some(up) = b.up.checked_add(1) {
                    candidates.push(Nus {
                        number: b.number.clone(),
                        up,
                        nim: b.nim ^ 1,
                    });
                }
            }
            if b.is_number() {
                if let Some(up) = a.up.checked_sub(1) {
                    candidates.push(Nus {
                        number: a.number.clone(),
                        up,
                        nim: a.nim ^ 1,
                    });
                }
            }
        }
        if !ln.is_empty() && l == r {
            candidates.push(Nus {
                number: ln[0].number.clone(),
                up: 0,
                nim: ln.len() as u64,
            });
        }
        if ln.len() == 2 && rn.len() == 1 {
            candidates.push(Nus {
                number: rn[0].number.clone(),
                up: 1,
                nim: 1,
            });
        }
        if ln.len() == 1 && rn.len() == 2 {
            candidates.push(Nus {
                number: ln[0].number.clone(),
                up: -1,
                nim: 1,
            });
        }
        for c in candidates {
            let (cl, cr) = c.options();
            if cl.len() != l.len() || cr.len() != r.len() {
                continue;
            }
            let same = |opts: &[Nus], ids: &[GameId], ctx: &Context| {
                opts.iter()
                    .all(|o| ctx.by_nus.get(o).is_some_and(|id| ids.contains(id)))
            };
            if same(&cl, l, self) && same(&cr, r, self) {
                return Some(self.nus(c));
            }
        }
        None
    }

    // ----- comparison -----

    /// Whether `a <= b`.
    pub fn le(&mut self, a: GameId, b: GameId) -> bool {
        if a == b {
            return true;
        }
        let ia = self.info[a.0 as usize];
        let ib = self.info[b.0 as usize];
        if ia.kind != Kind::General && ib.kind != Kind::General {
            if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
                if let Some(d) = x.neg().and_then(|nx| y.add(&nx)) {
                    return d.nonnegative();
                }
            }
        }
        // Stops decide most comparisons: both stops are monotone (a <= b implies LS(a) <=
        // LS(b) and RS(a) <= RS(b)), and LS(a) < RS(b) implies a < b (the right stop of
        // b - a is at least RS(b) - LS(a) > 0, and a game whose right stop is positive is
        // positive).
        if ia.ls != NO_STOP && ib.ls != NO_STOP {
            if ia.ls > ib.ls || ia.rs > ib.rs {
                return false;
            }
            if ia.ls < ib.rs {
                return true;
            }
        }
        // Comparisons the stops leave open are searched, with two memos: a small
        // direct-mapped cache of recent answers (in cache, lossy), and an exact table of the
        // comparisons whose search was long. Keeping every answer (the plain memo) costs a
        // cache miss a lookup and grows without bound (65 million pairs for the 6×6
        // Domineering board), while with the stops deciding most sub-comparisons, short
        // searches are cheaper to repeat than to look up.
        let packed = (u64::from(a.0) << 32) | u64::from(b.0);
        let slot = (packed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - LE_RECENT_BITS)) as usize;
        // (Ids below 2^31 leave bit 63 free; the pair (0, 0) is never asked, so 0 marks an
        // empty entry.)
        let cacheable = a.0 < 1 << 31;
        let e = self.le_recent[slot];
        if cacheable && e & !(1 << 63) == packed {
            return e >> 63 == 1;
        }
        if !self.le_memo.is_empty() {
            if let Some(&v) = self.le_memo.get(&(a, b)) {
                if cacheable {
                    self.le_recent[slot] = packed | (u64::from(v) << 63);
                }
                return v;
            }
        }
        self.le_searches += 1;
        let before = self.le_searches;
        // x <= b for a number x and a non-number b iff no b^R <= x (number translation),
        // and symmetrically.
        let check_al = ia.kind != Kind::Number;
        let check_br = ib.kind != Kind::Number;
        let mut v = true;
        if check_al {
            for i in self.range(a, Side::Left) {
                let g = self.pool[i];
                if self.le(b, g) {
                    v = false;
                    break;
                }
            }
        }
        if v && check_br {
            for i in self.range(b, Side::Right) {
                let g = self.pool[i];
                if self.le(g, a) {
                    v = false;
                    break;
                }
            }
        }
        if cacheable {
            self.le_recent[slot] = packed | (u64::from(v) << 63);
        }
        if self.le_searches - before >= LE_MEMO_WORK {
            self.le_memo.insert((a, b), v);
        }
        v
    }

    /// Whether the form `{l | r}` is `<= x`.
    fn form_le_id(&mut self, l: &[GameId], r: &[GameId], x: GameId, memo: &mut FormMemo) -> bool {
        if let Some(&v) = memo.form_le.get(&x) {
            return v;
        }
        let mut v = !l.iter().any(|&g| self.le(x, g));
        if v {
            let xr = self.opts(x, Side::Right);
            v = !xr.iter().any(|&g| self.id_le_form(g, l, r, memo));
        }
        memo.form_le.insert(x, v);
        v
    }

    /// Whether `x <=` the form `{l | r}`.
    fn id_le_form(&mut self, x: GameId, l: &[GameId], r: &[GameId], memo: &mut FormMemo) -> bool {
        if let Some(&v) = memo.le_form.get(&x) {
            return v;
        }
        let mut v = !r.iter().any(|&g| self.le(g, x));
        if v {
            let xl = self.opts(x, Side::Left);
            v = !xl.iter().any(|&g| self.form_le_id(l, r, g, memo));
        }
        memo.le_form.insert(x, v);
        v
    }

    /// Whether `a = b` (O(1): canonical forms are unique).
    pub fn equal(&self, a: GameId, b: GameId) -> bool {
        a == b
    }

    /// `Some(order)` when `a` and `b` are comparable, `None` when they are confused.
    pub fn compare(&mut self, a: GameId, b: GameId) -> Option<Ordering> {
        if a == b {
            return Some(Ordering::Equal);
        }
        match (self.le(a, b), self.le(b, a)) {
            (true, _) => Some(Ordering::Less),
            (_, true) => Some(Ordering::Greater),
            _ => None,
        }
    }

    /// The outcome class.
    pub fn outcome(&mut self, g: GameId) -> PartizanOutcome {
        let z = self.zero();
        match (self.le(z, g), self.le(g, z)) {
            (true, true) => PartizanOutcome::P,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::N,
        }
    }

    // ----- arithmetic -----

    /// `-g`.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.as_nus(g).and_then(|n| n.neg()) {
            return self.nus(n);
        }
        if let Some(&v) = self.neg_memo.get(&g) {
            return v;
        }
        let l = self.opts(g, Side::Left);
        let r = self.opts(g, Side::Right);
        let nl: Vec<GameId> = r.iter().map(|&x| self.neg(x)).collect();
        let nr: Vec<GameId> = l.iter().map(|&x| self.neg(x)).collect();
        // The negative of a canonical form is canonical.
        let mut nl = nl;
        let mut nr = nr;
        nl.sort_unstable();
        nr.sort_unstable();
        let v = self.intern(nl, nr);
        self.neg_memo.insert(g, v);
        self.neg_memo.insert(v, g);
        v
    }

    /// `a + b`.
    pub fn add(&mut self, a: GameId, b: GameId) -> GameId {
        let (ka, kb) = (self.info[a.0 as usize].kind, self.info[b.0 as usize].kind);
        if ka != Kind::General && kb != Kind::General {
            if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
                if let Some(s) = x.add(y) {
                    return self.nus(s);
                }
            }
        }
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(&v) = self.add_memo.get(&key) {
            return v;
        }
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            if ka == Kind::Number || kb == Kind::Number {
                // Number translation: G + x = {G^L + x | G^R + x} when G is not a number.
                let (x, g) = if ka == Kind::Number { (a, b) } else { (b, a) };
                for i in self.range(g, side) {
                    let o = self.pool[i];
                    let t = self.add(o, x);
                    sides[k].push(t);
                }
            } else {
                for i in self.range(a, side) {
                    let o = self.pool[i];
                    let t = self.add(o, b);
                    sides[k].push(t);
                }
                for i in self.range(b, side) {
                    let o = self.pool[i];
                    let t = self.add(a, o);
                    sides[k].push(t);
                }
            }
        }
        let v = self.from_options(&sides[0], &sides[1]);
        self.add_memo.insert(key, v);
        v
    }

    /// `a - b`.
    pub fn sub(&mut self, a: GameId, b: GameId) -> GameId {
        let nb = self.neg(b);
        self.add(a, nb)
    }

    /// The sum of many games.
    pub fn sum(&mut self, games: &[GameId]) -> GameId {
        let mut acc = self.zero();
        for &g in games {
            acc = self.add(acc, g);
        }
        acc
    }

    // ----- properties -----

    /// Left stop and right stop.
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(n) = self.as_nus(g) {
            return (n.number.clone(), n.number.clone());
        }
        if let Some(s) = self.stops.get(&g) {
            return s.clone();
        }
        let l = self.opts(g, Side::Left);
        let r = self.opts(g, Side::Right);
        // A non-number canonical form has options on both sides.
        let mut ls: Option<Dyadic> = None;
        for &o in l.iter() {
            let (_, rs) = self.stops(o);
            if ls.as_ref().is_none_or(|m| rs > *m) {
                ls = Some(rs);
            }
        }
        let mut rs: Option<Dyadic> = None;
        for &o in r.iter() {
            let (lso, _) = self.stops(o);
            if rs.as_ref().is_none_or(|m| lso < *m) {
                rs = Some(lso);
            }
        }
        let s = (ls.unwrap_or_default(), rs.unwrap_or_default());
        self.stops.insert(g, s.clone());
        s
    }

    /// The left stop.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// The right stop.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// The birthday: 0 for 0, else 1 + the largest birthday of an option.
    pub fn birthday(&mut self, g: GameId) -> u64 {
        if let Some(n) = self.as_nus(g) {
            if n.is_number() {
                // |x| = a + f with a integer, f = m/2^k in (0,1): a + k + 1; integers: |x|.
                let x = n.number.abs();
                let a = x.floor();
                let a = u64::try_from(a).unwrap_or(u64::MAX);
                return if x.is_integer() {
                    a
                } else {
                    a.saturating_add(u64::from(x.den_log2()) + 1)
                };
            }
        }
        if let Some(n) = self.as_nus(g) {
            // x + u·↑ + *m: b(x + *m) = b(x) + m; for u >= 1 the canonical options are x and
            // x + (u-1)·↑ + *(m^1), except ↑* = {0,*|0}; down is symmetric.
            let (u, m) = (n.up.unsigned_abs(), n.nim);
            let xg = self.nus_number(g);
            let bx = self.birthday(xg);
            if u == 0 {
                return bx.saturating_add(m);
            }
            let m1 = m ^ ((u - 1) & 1);
            let tail = if m1 == 1 { 2 } else { 1 + (m1 ^ 1) };
            return bx.saturating_add(u - 1).saturating_add(tail);
        }
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        // Bottom-up with an explicit stack: chains can be long.
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.birthdays.contains_key(&x) || self.is_number(x) {
                continue;
            }
            let l = self.opts(x, Side::Left);
            let r = self.opts(x, Side::Right);
            if !expanded {
                stack.push((x, true));
                for &o in l.iter().chain(r.iter()) {
                    if !self.birthdays.contains_key(&o) && !self.is_number(o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let mut b = 0u64;
            for &o in l.iter().chain(r.iter()) {
                b = b.max(self.birthday(o).saturating_add(1));
            }
            self.birthdays.insert(x, b);
        }
        self.birthdays[&g]
    }
}

impl fmt::Display for Nus {
    /// CGSuite's notation: `3/4`, `*2`, `^`, `^^`, `v3`, `1^*`, `-1/2v*3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.number.is_zero() || (self.up == 0 && self.nim == 0) {
            write!(f, "{}", self.number)?;
        }
        match self.up {
            0 => {}
            1 => f.write_str("^")?,
            2 => f.write_str("^^")?,
            -1 => f.write_str("v")?,
            -2 => f.write_str("vv")?,
            u if u > 0 => write!(f, "^{u}")?,
            u => write!(f, "v{}", u.unsigned_abs())?,
        }
        match self.nim {
            0 => Ok(()),
            1 => f.write_str("*"),
            m => write!(f, "*{m}"),
        }
    }
}

impl Context {
    /// The game in CGSuite's notation (`^*`, `+-1`, `{3||2|1}`, `3/4`, `*2`, `v3`, `{1|0}`,
    /// `^<2>`, `Tiny(2)`): see [`print`](super::print).
    pub fn display(&mut self, g: GameId) -> String {
        super::print::print(self, g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_values() {
        let mut c = Context::new();
        let z = c.zero();
        let one = c.integer(1);
        let star = c.nimber(1);
        let up = c.up();
        // {|} = 0, {0|} = 1, {0|0} = *, {0|*} = ^.
        assert_eq!(c.from_options(&[], &[]), z);
        assert_eq!(c.from_options(&[z], &[]), one);
        assert_eq!(c.from_options(&[z], &[z]), star);
        assert_eq!(c.from_options(&[z], &[star]), up);
        let half = c.dyadic(BigInt::from(1), 1);
        assert_eq!(c.from_options(&[z], &[one]), half);
        let two = c.integer(2);
        let n = c.from_options(&[one], &[two]);
        assert_eq!(c.as_number(n).unwrap().to_string(), "3/2");
        // ^ + v = 0, *2 + *3 = *1.
        let down = c.neg(up);
        assert_eq!(c.add(up, down), z);
        let s2 = c.nimber(2);
        let s3 = c.nimber(3);
        assert_eq!(c.add(s2, s3), star);
        let three = c.integer(3);
        let t = c.from_options(&[two], &[one]);
        let g = c.from_options(&[three], &[t]);
        assert_eq!(c.display(g), "{3||2|1}");
        let m1 = c.integer(-1);
        let pm = c.from_options(&[one], &[m1]);
        assert_eq!(c.display(pm), "+-1");
        let us = c.add(up, star);
        assert_eq!(c.display(us), "^*");
        let v3 = c.up_multiple(-3);
        assert_eq!(c.display(v3), "v3");
        // Birthdays of x + u.^ + *m by formula against the general rule over options.
        for up in -4i64..=4 {
            for nim in 0..6u64 {
                for x in [0i64, 2, -1] {
                    let g = c.nus(Nus {
                        number: Dyadic::integer(x),
                        up,
                        nim,
                    });
                    let l = c.left_options(g).to_vec();
                    let r = c.right_options(g).to_vec();
                    let by_options = l
                        .iter()
                        .chain(r.iter())
                        .map(|&o| c.birthday(o) + 1)
                        .max()
                        .unwrap_or(0);
                    assert_eq!(c.birthday(g), by_options, "{}", c.display(g));
                }
            }
        }
        let onezero = c.from_options(&[one], &[z]);
        assert_eq!(c.display(onezero), "{1|0}");
    }

    /// `a <= b` by the definition alone: no memo, no stops.
    fn le_by_definition(c: &mut Context, a: GameId, b: GameId) -> bool {
        let al = c.left_options(a).to_vec();
        let br = c.right_options(b).to_vec();
        !al.iter().any(|&x| le_by_definition(c, b, x))
            && !br.iter().any(|&y| le_by_definition(c, y, a))
    }

    /// Games born by day 3 (a deterministic sample of them), from the 22 of day 2.
    fn day_three_sample(c: &mut Context) -> Vec<GameId> {
        let z = c.zero();
        let mut day1 = vec![z];
        for (l, r) in [(vec![z], vec![]), (vec![], vec![z]), (vec![z], vec![z])] {
            day1.push(c.from_options(&l, &r));
        }
        let mut day2 = Vec::new();
        for lm in 0u32..16 {
            for rm in 0u32..16 {
                let l: Vec<GameId> = (0..4)
                    .filter(|i| lm >> i & 1 == 1)
                    .map(|i| day1[i])
                    .collect();
                let r: Vec<GameId> = (0..4)
                    .filter(|i| rm >> i & 1 == 1)
                    .map(|i| day1[i])
                    .collect();
                day2.push(c.from_options(&l, &r));
            }
        }
        day2.sort_unstable();
        day2.dedup();
        assert_eq!(day2.len(), 22);
        let mut out = day2.clone();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..300 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let pick = |s: u64| -> Vec<GameId> {
                (0..22)
                    .filter(|i| (s >> i) & 7 == 0)
                    .map(|i| day2[i as usize])
                    .collect()
            };
            let l = pick(seed);
            let r = pick(seed.rotate_left(29));
            out.push(c.from_options(&l, &r));
        }
        out
    }

    #[test]
    fn stops_and_cached_comparisons_agree_with_the_definitions() {
        let mut c = Context::new();
        let games = day_three_sample(&mut c);
        for &g in &games {
            let (ls, rs) = c.stops(g);
            let info = c.info[g.0 as usize];
            assert_eq!(
                (info.ls, info.rs),
                (fixed_stop(&ls), fixed_stop(&rs)),
                "{}",
                c.display(g)
            );
        }
        // Every comparison twice (the second answer may come from the caches).
        for _ in 0..2 {
            for &a in &games {
                for &b in &games {
                    let fast = c.le(a, b);
                    assert_eq!(
                        fast,
                        le_by_definition(&mut c, a, b),
                        "{} <= {}",
                        c.display(a),
                        c.display(b)
                    );
                }
            }
        }
    }
}
