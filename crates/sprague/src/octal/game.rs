//! Take-and-break games in the catalogue: positions are heaps (`sprague solve kayles 3 7`).
//!
//! **Values.** Heaps up to [`DIRECT_LIMIT`] are answered from a table computed on demand.
//! Larger heaps need a proven period: the table grows, within the limits (the smaller of
//! `--max-positions` and [`PERIOD_SEARCH_LIMIT`]), until the periodicity theorem proves
//! one; a heap within the limits is answered from the table itself. Lasker's Nim has a
//! formula. A heap that no method reaches within the limits is refused with the limit
//! named, at once where that is known beforehand (the periodicity theorem does not apply,
//! or the game's periodicity is an open problem and its first values prove no period).
//!
//! **Moves.** A move from one heap is a *take* (remove stones, leaving no heap or one), a
//! split in two or a split in three (possibly after removing stones). Each of these
//! families is counted by a closed form, so no list is ever sized by a heap: lists are
//! capped and the note says how many moves there are. The winning moves of heaps in the
//! table are found by scanning their moves; those of heaps beyond it come from the period
//! (splits in two counted by residue class) or from Lasker's formula (the one winning take
//! by the formula's inverse, the winning splits counted by a recursion over binary digits),
//! not from splits into small parts alone.

use super::period::{find_period, Period};
use super::rules::{HeapRules, Ruleset};
use super::seq::{Computation, Method as SeqMethod, Values};
use crate::catalogue::{
    Component, Game, LegalMove, Listing, Method, MethodKind, Move, Play, Report, SolveOptions,
    TableOptions, ValueKind, Verdict, Winner,
};
use crate::error::{Error, Result};
use crate::games::framework::{parse_components, Shape};
use crate::impartial::{Limits, MisereSolver};
use num_bigint::BigUint;
use serde_json::{json, Map, Value};
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Heaps up to this size are answered from a table computed on demand.
pub const DIRECT_LIMIT: u64 = 1 << 17;
/// Beyond [`DIRECT_LIMIT`], the table is grown up to this size (or `--max-positions`, if
/// smaller) looking for a proven period.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 23;
/// Largest heap for exact misère search.
pub const MISERE_LIMIT: u64 = 200;
/// The most winning moves `solve` lists.
pub const MAX_WINNING_LISTED: usize = 100;
/// The most moves `moves` lists (a sample of every kind of move when there are more).
pub const MAX_MOVES_LISTED: usize = 1000;
/// The most moves `legal_moves` returns; longer lists are refused.
pub const MAX_LEGAL_MOVES: u64 = 100_000;
/// Bytes of positions one answer may write: fewer moves are listed for long positions.
const OUTPUT_BYTES: usize = 1 << 24;
/// Moves examined when searching the winning moves of a heap in the table (splits in
/// three of a large heap are too many to scan to the end).
const SEARCH_WORK: u64 = 1 << 27;
/// Lasker's Nim: winning splits are counted for heaps of at most this many bits.
const LASKER_COUNT_BITS: u64 = 1 << 14;
/// Splits in three of a heap beyond the table: the two smaller parts searched up to this.
const THIRDS_SCAN: u64 = 1 << 10;

/// A take-and-break game of the catalogue.
pub struct OctalGame {
    /// The ruleset (code, Grundy's game or Lasker's Nim).
    pub rules: Ruleset,
}

/// Values known for a request: a table prefix, and a proven period or Lasker's formula
/// for heaps beyond it.
pub struct Known {
    /// `g(0..len)`.
    pub values: Values,
    /// A proven period of the sequence, if one was found.
    pub period: Option<Period>,
    /// Lasker's Nim: heaps beyond the table by its formula.
    pub formula: bool,
}

impl Known {
    /// `g(n)`, from the table, the period, or Lasker's formula.
    pub fn value(&self, rules: &Ruleset, n: &BigUint) -> Result<BigUint> {
        if let Some(v) = self.in_table(n) {
            return Ok(v.into());
        }
        if self.formula {
            return Ok(lasker(n));
        }
        if let Some(p) = self.period {
            let r = (n - BigUint::from(p.preperiod)) % BigUint::from(p.period);
            let k = p.preperiod + u64::try_from(&r).expect("below the period");
            return Ok(self.values.get(k as usize).into());
        }
        Err(Error::unsupported(format!(
            "{} of `{}` is beyond the computed table (g(0..{})) and no period is proven for this game up to there",
            heap_words(n),
            rules.name,
            self.values.len()
        )))
    }

    fn in_table(&self, n: &BigUint) -> Option<u32> {
        let k = usize::try_from(n).ok()?;
        (k < self.values.len()).then(|| self.values.get(k))
    }

    /// Whether heap `n` is answered by scanning its moves (in the table, or a Lasker heap
    /// small enough that its moves are few).
    fn scannable(&self, n: &BigUint) -> Option<u64> {
        let k = u64::try_from(n).ok()?;
        let fits = (k as usize) < self.values.len() || (self.formula && k <= DIRECT_LIMIT);
        fits.then_some(k)
    }

    /// `g(n)` for a heap that [`Known::scannable`] accepts, or a smaller one.
    fn small(&self, n: u64) -> u64 {
        if (n as usize) < self.values.len() {
            u64::from(self.values.get(n as usize))
        } else {
            lasker_small(n)
        }
    }
}

/// Lasker's Nim (Winning Ways ch. 4): g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
/// g(4k+4) = 4k+3. The map is an involution, so it is its own inverse.
pub fn lasker(n: &BigUint) -> BigUint {
    let r = u32::try_from(&(n % 4u32)).expect("small");
    match r {
        0 if *n == BigUint::ZERO => BigUint::ZERO,
        0 => n - 1u32,
        3 => n + 1u32,
        _ => n.clone(),
    }
}

/// [`lasker`] for heaps up to [`DIRECT_LIMIT`] (so `n + 1` cannot overflow).
fn lasker_small(n: u64) -> u64 {
    match n % 4 {
        0 if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// Whether the ruleset is Lasker's Nim (the only one with an infinite tail).
fn is_lasker(r: &Ruleset) -> bool {
    r.tail == 3 && r.digits == [4] && !r.unequal
}

/// Refuses hand-built rulesets with a tail other than Lasker's: move counts and
/// enumerations below know the tail's takes (bits 1 and 2) only.
fn check_rules(r: &Ruleset) -> Result<()> {
    if r.tail != 0 && !is_lasker(r) {
        return Err(Error::unsupported(format!(
            "`{}`: an infinite tail of digit {} is not supported (only Lasker's Nim has one)",
            r.name, r.tail
        )));
    }
    Ok(())
}

/// Codes whose periodicity is an open problem and whose first [`PERIOD_SEARCH_LIMIT`]
/// values prove no period (checked with `sprague table officers --period --upto 8388608`),
/// so that a search within the limits is known to fail before it starts.
fn period_open(r: &Ruleset) -> bool {
    r.tail == 0 && !r.unequal && r.digits == [0, 6]
}

/// A heap in a message: the number itself, or its length when it is too long to print.
fn heap_words(n: &BigUint) -> String {
    if n.bits() <= 128 {
        format!("heap {n}")
    } else {
        format!("a heap of {} bits", n.bits())
    }
}

/// Grows a sequence up to heap `limit`, stopping as soon as a period is proven (the
/// computation watches for one as it grows: see [`Computation`]).
pub fn search_period(
    rules: &Ruleset,
    comp: &mut Computation,
    limit: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Option<Period>> {
    if let Some(p) = comp.period() {
        return Ok(Some(p));
    }
    if let Some(p) = find_period(rules, comp.values()) {
        return Ok(Some(p));
    }
    if !rules.periodicity_applies() {
        comp.extend_to(limit.min(1024).max(comp.len() as u64 - 1), progress)?;
        return Ok(None);
    }
    comp.extend_until_period(limit.max(1), progress)
}

/// The kinds of move from one heap, listed in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    /// Remove stones leaving no heap or one.
    Takes,
    /// Leave two heaps.
    Halves,
    /// Leave three heaps.
    Thirds,
}

const FAMILIES: [Family; 3] = [Family::Takes, Family::Halves, Family::Thirds];

impl Family {
    fn name(self) -> &'static str {
        match self {
            Family::Takes => "takes",
            Family::Halves => "splits in two",
            Family::Thirds => "splits in three",
        }
    }
}

/// A move from one heap: the heap (index into the position), how many stones were taken,
/// and the heaps left (none, one, two or three).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapMove {
    /// Index of the heap in the position (0-based; labels count from 1).
    pub index: usize,
    /// Stones removed.
    pub take: BigUint,
    /// The heaps left in its place.
    pub parts: Vec<BigUint>,
}

/// Calls `f(j, parts)` for the moves of `fam` from a heap of `n`, in order (`j` ascending,
/// then the smaller parts ascending), until `f` breaks. Loops only while `f` is called or
/// over the code's digits, so `f` bounds the work.
fn each_small(
    r: &Ruleset,
    n: u64,
    fam: Family,
    f: &mut dyn FnMut(u64, &[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let finite = r.digits.len() as u64;
    match fam {
        Family::Takes => {
            let mut j = 1;
            while j <= n && (j < finite || r.tail & 3 != 0) {
                let d = r.digit(j as usize);
                let m = n - j;
                if d & 1 != 0 && m == 0 {
                    f(j, &[])?;
                }
                if d & 2 != 0 && m > 0 {
                    f(j, &[m])?;
                }
                j += 1;
            }
        }
        // The tail (Lasker's) never splits: `check_rules`.
        Family::Halves => {
            for j in 0..finite.min(n.saturating_add(1)) {
                let m = n - j;
                if r.digits[j as usize] & 4 == 0 {
                    continue;
                }
                for a in 1..=m / 2 {
                    if r.unequal && 2 * a == m {
                        continue;
                    }
                    f(j, &[a, m - a])?;
                }
            }
        }
        Family::Thirds => {
            for j in 0..finite.min(n.saturating_add(1)) {
                let m = n - j;
                if r.digits[j as usize] & 8 == 0 {
                    continue;
                }
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        f(j, &[a, b, m - a - b])?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Calls `f(j, parts)` for at most `limit` moves of `fam` from heap `h`, in the order of
/// [`each_small`]. Heaps beyond `u64` have moves with small `j` and small parts first, so
/// only the first moves are ever visited.
fn each_big(
    r: &Ruleset,
    h: &BigUint,
    fam: Family,
    limit: usize,
    f: &mut dyn FnMut(BigUint, Vec<BigUint>),
) {
    let mut left = limit;
    if left == 0 {
        return;
    }
    let mut visit = |j: BigUint, parts: Vec<BigUint>| {
        f(j, parts);
        left -= 1;
        if left == 0 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    if let Ok(n) = u64::try_from(h) {
        let _ = each_small(r, n, fam, &mut |j, parts| {
            visit(j.into(), parts.iter().map(|&p| BigUint::from(p)).collect())
        });
        return;
    }
    // Beyond u64 every j of the code is below h and every m = h − j is huge, so no part
    // runs out before `limit` moves.
    let finite = r.digits.len() as u64;
    let _ = (|| -> ControlFlow<()> {
        match fam {
            Family::Takes => {
                for j in 1..finite {
                    if r.digits[j as usize] & 2 != 0 {
                        visit(j.into(), vec![h - j])?;
                    }
                }
                if r.tail & 2 != 0 {
                    let mut j = finite;
                    loop {
                        visit(j.into(), vec![h - j])?;
                        j += 1;
                    }
                }
            }
            Family::Halves => {
                for j in 0..finite {
                    if r.digits[j as usize] & 4 != 0 {
                        let m = h - j;
                        let mut a = 1u64;
                        loop {
                            visit(j.into(), vec![a.into(), &m - a])?;
                            a += 1;
                        }
                    }
                }
            }
            Family::Thirds => {
                for j in 0..finite {
                    if r.digits[j as usize] & 8 != 0 {
                        let m = h - j;
                        let mut b = 1u64;
                        loop {
                            visit(j.into(), vec![1u32.into(), b.into(), &m - 1u32 - b])?;
                            b += 1;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    })();
}

/// How many moves of `fam` heap `h` has, by closed forms: `⌊m/2⌋` splits in two of `m`
/// stones (one fewer when equal parts are barred and `m` is even), `round(m²/12)` splits in
/// three.
fn family_count(r: &Ruleset, h: &BigUint, fam: Family) -> BigUint {
    let finite = r.digits.len() as u64;
    let mut c = BigUint::ZERO;
    for j in 0..finite {
        if BigUint::from(j) > *h {
            break;
        }
        let d = r.digits[j as usize];
        let m = h - j;
        match fam {
            Family::Takes => {
                if j >= 1 && d & 1 != 0 && m == BigUint::ZERO {
                    c += 1u32;
                }
                if j >= 1 && d & 2 != 0 && m > BigUint::ZERO {
                    c += 1u32;
                }
            }
            Family::Halves => {
                if d & 4 != 0 && m >= BigUint::from(2u32) {
                    c += &m / 2u32;
                    if r.unequal && !m.bit(0) {
                        c -= 1u32;
                    }
                }
            }
            Family::Thirds => {
                if d & 8 != 0 && m >= BigUint::from(3u32) {
                    c += (&m * &m + 6u32) / 12u32;
                }
            }
        }
    }
    if fam == Family::Takes && *h >= BigUint::from(finite) {
        if r.tail & 1 != 0 {
            c += 1u32;
        }
        if r.tail & 2 != 0 {
            c += h - finite;
        }
    }
    c
}

/// The splits `a + b = h` (`1 ≤ a ≤ b`) of a heap of Lasker's Nim with `L(a) ⊕ L(b) = w`:
/// counted, and listed from the smallest `a`, without trying every `a`.
///
/// For `x ≥ 1`, `L(x) = π(x − 1) + 1`, where π exchanges the values 2 and 3 of the two
/// lowest bits (an involution that keeps the higher bits). With `Y = π(a − 1)` and
/// `Z = π(b − 1)`, `a + b = h` becomes `π(Y) + π(Z) = s` with `s = h − 2`, and the
/// condition becomes `(Y + 1) ⊕ (Z + 1) = w`. Digit by digit from the lowest (the two
/// lowest bits as one base-4 digit, since π mixes them), a state holds three carries: of
/// `π(Y) + π(Z)`, of `Y + 1` and of `Z + 1`; a digit of `Y` and the state fix the digit of
/// `Z` (the sum's digit is `s`'s). A forward pass records which states can enter each
/// position; solutions are pairs whose carries all end at 0.
pub struct LaskerSplits {
    h: BigUint,
    s: BigUint,
    w: BigUint,
    /// Positions processed: every carry has left before the last one.
    top: u64,
    /// `reach[i]`: bit set of the states that can enter position `i` (from 2 on).
    reach: Vec<u8>,
}

/// π on a base-4 digit.
fn pi(u: u64) -> u64 {
    u ^ ((u >> 1) & 1)
}

impl LaskerSplits {
    /// The forward pass for heap `h` and value `w`; `None` when no split can reach `w`
    /// (h < 2, or w too large: both parts are below h, so their values are below 2h).
    pub fn new(h: &BigUint, w: &BigUint) -> Option<LaskerSplits> {
        if *h < BigUint::from(2u32) || w.bits() > h.bits() + 1 {
            return None;
        }
        let s = h - 2u32;
        // Y and Z have at most one bit more than s; a few more positions let every carry
        // leave before the end.
        let top = s.bits().max(w.bits()) + 3;
        let mut me = LaskerSplits {
            h: h.clone(),
            s,
            w: w.clone(),
            top,
            reach: vec![0u8; top as usize + 1],
        };
        for u in 0..4 {
            if let Some(st) = me.base(u) {
                me.reach[2] |= 1 << st;
            }
        }
        for i in 2..top {
            let mut next = 0u8;
            for st in 0..8u8 {
                if me.reach[i as usize] & 1 << st != 0 {
                    for y in 0..2 {
                        if let Some(out) = me.step(i, st, y) {
                            next |= 1 << out;
                        }
                    }
                }
            }
            me.reach[i as usize + 1] = next;
        }
        Some(me)
    }

    /// The state after the base-4 digit `u` of `Y` (the digit of `Z` follows), if the
    /// digits agree with `s` and `w`.
    fn base(&self, u: u64) -> Option<u8> {
        let low = |x: &BigUint| u64::from(x.bit(0)) | u64::from(x.bit(1)) << 1;
        let (s0, w0) = (low(&self.s), low(&self.w));
        let v = pi((s0 + 4 - pi(u)) & 3);
        if ((u + 1) & 3) ^ ((v + 1) & 3) != w0 {
            return None;
        }
        let sum = pi(u) + pi(v);
        Some(((sum >> 2) | ((u + 1) >> 2) << 1 | ((v + 1) >> 2) << 2) as u8)
    }

    /// The state leaving position `i` when `st` enters it and `Y`'s bit there is `y`.
    fn step(&self, i: u64, st: u8, y: u64) -> Option<u8> {
        let st = u64::from(st);
        let (c1, c2, c3) = (st & 1, (st >> 1) & 1, (st >> 2) & 1);
        let (sb, wb) = (u64::from(self.s.bit(i)), u64::from(self.w.bit(i)));
        let z = (sb ^ y ^ c1) & 1;
        let t = y + z + c1;
        let (ny, nz) = (y + c2, z + c3);
        if (ny & 1) ^ (nz & 1) != wb {
            return None;
        }
        Some(((t >> 1) | (ny >> 1) << 1 | (nz >> 1) << 2) as u8)
    }

    /// How many splits there are, or `None` for heaps of more than `LASKER_COUNT_BITS`
    /// bits (the counts are big numbers, added at every position).
    pub fn count(&self) -> Option<BigUint> {
        if self.h.bits() > LASKER_COUNT_BITS {
            return None;
        }
        let mut cur = vec![BigUint::ZERO; 8];
        for u in 0..4 {
            if let Some(st) = self.base(u) {
                cur[st as usize] += 1u32;
            }
        }
        for i in 2..self.top {
            let mut next = vec![BigUint::ZERO; 8];
            for (st, n) in cur.iter().enumerate() {
                if *n == BigUint::ZERO {
                    continue;
                }
                for y in 0..2 {
                    if let Some(out) = self.step(i, st as u8, y) {
                        next[out as usize] += n;
                    }
                }
            }
            cur = next;
        }
        let ordered = std::mem::take(&mut cur[0]);
        // The equal split (a = b = h/2, only for w = 0) is one ordered pair; every other
        // split is two.
        let equal = u32::from(!self.h.bit(0) && self.w == BigUint::ZERO);
        Some((ordered + equal) / 2u32)
    }

    /// The smaller parts `a` of the first `k` splits, ascending. Solutions come in
    /// increasing `Y` from a depth-first walk from the top bit down (0 before 1), along
    /// which the set of states that still complete to the end is kept; since every such
    /// state is reachable from below, the walk never meets a dead end, so each solution
    /// costs two steps a position.
    pub fn first(&self, k: usize) -> Vec<BigUint> {
        let top = self.top as usize;
        let mut found: Vec<BigUint> = Vec::new();
        if k == 0 || self.reach[top] & 1 == 0 {
            return found;
        }
        let half = &self.h / 2u32;
        // A block of four values of Y gives the same block of a − 1 (π permutes inside).
        let last_block = (&half - 1u32) >> 2;
        let mut bits = vec![0u8; top];
        // Frames: (position, states accepted when leaving it, next bit of Y to try);
        // position 1 stands for the base-4 digit (bits 0 and 1).
        let mut stack: Vec<(usize, u8, u64)> = vec![(top - 1, 1, 0)];
        while let Some(frame) = stack.last_mut() {
            let (i, accept) = (frame.0, frame.1);
            if i == 1 {
                stack.pop();
                // Y's bits from position 2 up, as bytes.
                let mut bytes = vec![0u8; top / 8 + 1];
                for (p, &b) in bits.iter().enumerate().skip(2) {
                    bytes[p / 8] |= b << (p % 8);
                }
                let high = BigUint::from_bytes_le(&bytes);
                if (&high >> 2u32) > last_block {
                    break;
                }
                // One base frame is one block of four values of Y: a ascends across them.
                for u in 0..4 {
                    if self.base(u).is_some_and(|st| accept & 1 << st != 0) {
                        let a = &high + pi(u) + 1u32;
                        if a <= half {
                            found.push(a);
                        }
                    }
                }
                if found.len() >= k {
                    break;
                }
                continue;
            }
            if frame.2 > 1 {
                stack.pop();
                continue;
            }
            let y = frame.2;
            frame.2 += 1;
            let mut enter = 0u8;
            for st in 0..8u8 {
                if self.reach[i] & 1 << st != 0
                    && self
                        .step(i as u64, st, y)
                        .is_some_and(|out| accept & 1 << out != 0)
                {
                    enter |= 1 << st;
                }
            }
            if enter != 0 {
                bits[i] = y as u8;
                stack.push((if i == 2 { 1 } else { i - 1 }, enter, 0));
            }
        }
        found.sort();
        found.truncate(k);
        found
    }
}

/// The number of splits of heap `h` in Lasker's Nim whose value is `w`: see
/// [`LaskerSplits`]. `None` when `h` is too long to count.
pub fn lasker_split_count(h: &BigUint, w: &BigUint) -> Option<BigUint> {
    match LaskerSplits::new(h, w) {
        Some(sp) => sp.count(),
        None if h.bits() > LASKER_COUNT_BITS => None,
        None => Some(BigUint::ZERO),
    }
}

/// The winning moves found for one heap: the first ones (at most the cap asked for), how
/// many there are in all when counted, and why not otherwise.
struct HeapWins {
    moves: Vec<(BigUint, Vec<BigUint>)>,
    count: Option<BigUint>,
    why: Option<String>,
}

/// The decimal words of a position, kept so that huge heaps are converted once.
struct Words {
    heaps: Vec<String>,
    len: usize,
}

impl Words {
    fn new(heaps: &[BigUint]) -> Words {
        let heaps: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        let len = heaps.iter().map(|w| w.len() + 1).sum();
        Words { heaps, len }
    }

    /// The position written back, as given.
    fn position(&self) -> String {
        self.heaps.join(" ")
    }

    /// The position after a move: the heap replaced by its parts in place, empty heaps
    /// dropped (`0` when nothing is left).
    fn after(&self, m: &HeapMove, parts: &[String]) -> String {
        let mut out: Vec<&str> = Vec::new();
        for (k, w) in self.heaps.iter().enumerate() {
            if k == m.index {
                out.extend(parts.iter().map(String::as_str));
            } else if w != "0" {
                out.push(w);
            }
        }
        if out.is_empty() {
            "0".into()
        } else {
            out.join(" ")
        }
    }

    /// How many moves fit the output budget, at most `cap`.
    fn cap(&self, cap: usize) -> usize {
        cap.min(OUTPUT_BYTES / (2 * self.len + 64)).max(1)
    }

    /// The label and the position after a move.
    fn describe(&self, m: &HeapMove) -> (String, String) {
        let parts: Vec<String> = m.parts.iter().map(|p| p.to_string()).collect();
        let i = m.index + 1;
        let label = match parts.len() {
            0 => format!("remove heap {i}"),
            1 => format!("take {} from heap {i}", m.take),
            _ if m.take == BigUint::ZERO => format!("split heap {i} into {}", parts.join(" + ")),
            _ => format!(
                "take {} from heap {i}, split into {}",
                m.take,
                parts.join(" + ")
            ),
        };
        (label, self.after(m, &parts))
    }
}

fn winner(first_wins: bool) -> Winner {
    if first_wins {
        Winner::First
    } else {
        Winner::Second
    }
}

/// The moves of a position, counted by kind.
struct MoveCount {
    /// Per distinct heap (index of its first occurrence), the count of each family.
    per_heap: Vec<(usize, [BigUint; 3])>,
    total: BigUint,
}

impl MoveCount {
    fn new(r: &Ruleset, heaps: &[BigUint]) -> MoveCount {
        let mut seen = HashSet::new();
        let mut per_heap = Vec::new();
        let mut total = BigUint::ZERO;
        for (i, h) in heaps.iter().enumerate() {
            // Equal heaps have the same moves, leading to the same positions.
            if !seen.insert(h) {
                continue;
            }
            let c = FAMILIES.map(|f| family_count(r, h, f));
            for x in &c {
                total += x;
            }
            per_heap.push((i, c));
        }
        MoveCount { per_heap, total }
    }

    /// `"N moves (A takes, B splits in two)"`.
    fn describe(&self) -> String {
        let mut by = [BigUint::ZERO, BigUint::ZERO, BigUint::ZERO];
        for (_, c) in &self.per_heap {
            for (k, x) in c.iter().enumerate() {
                by[k] += x;
            }
        }
        let kinds: Vec<String> = FAMILIES
            .iter()
            .zip(&by)
            .filter(|(_, n)| **n != BigUint::ZERO)
            .map(|(f, n)| format!("{n} {}", f.name()))
            .collect();
        format!("{} moves ({})", self.total, kinds.join(", "))
    }
}

impl OctalGame {
    fn parse(&self, words: &[String]) -> Result<Vec<BigUint>> {
        let comps = parse_components(words, Shape::Heaps)?;
        Ok(comps.into_iter().flatten().collect())
    }

    /// Values for every heap up to `max`, within the limits of `options` (see the module
    /// documentation); a heap no method reaches is refused with the limit named.
    pub fn known(&self, max: &BigUint, options: &SolveOptions) -> Result<Known> {
        let r = &self.rules;
        check_rules(r)?;
        let mut comp = Computation::new(r.clone(), SeqMethod::Sparse);
        let none = &mut |_: u64, _: u64| {};
        if is_lasker(r) {
            comp.extend_to(64, none)?;
            return Ok(Known {
                values: comp.into_values(),
                period: None,
                formula: true,
            });
        }
        let m = u64::try_from(max).ok();
        if let Some(m) = m.filter(|&m| m <= DIRECT_LIMIT) {
            comp.extend_to(m.max(1), none)?;
            let period = comp.period();
            return Ok(Known {
                values: comp.into_values(),
                period,
                formula: false,
            });
        }
        let limit = options.limit().min(PERIOD_SEARCH_LIMIT);
        let within = m.filter(|&m| m <= limit);
        let refuse = |why: String| {
            Error::Limit {
            what: format!(
                "{} of `{}` is beyond the table (at most {limit} heaps: the smaller of --max-positions and {PERIOD_SEARCH_LIMIT}) and {why}",
                heap_words(max),
                r.name
            ),
            limit,
        }
        };
        if within.is_none() && !r.periodicity_applies() {
            return Err(refuse(format!(
                "no period can be proven: the periodicity theorem does not apply to `{}`",
                r.name
            )));
        }
        if within.is_none() && period_open(r) {
            return Err(refuse(format!(
                "no period is known: the periodicity of `{}` is an open problem, and its first {PERIOD_SEARCH_LIMIT} values prove none",
                r.name
            )));
        }
        let upto = within.unwrap_or(limit);
        let period = if r.periodicity_applies() {
            comp.extend_until_period(upto, none)?
        } else {
            comp.extend_to(upto, none)?;
            None
        };
        if period.is_none() && within.is_none() {
            return Err(refuse(format!(
                "no period is proven by its first {} values",
                comp.len()
            )));
        }
        Ok(Known {
            values: comp.into_values(),
            period,
            formula: false,
        })
    }

    fn method(&self, known: &Known, heaps: &[BigUint]) -> Method {
        if known.formula {
            return Method::theorem(
                "theorem: Lasker's Nim, g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3; sum by XOR",
            );
        }
        match known.period {
            Some(p) => {
                let beyond = heaps.iter().any(|h| known.in_table(h).is_none());
                Method::new(
                    if beyond {
                        MethodKind::Mixed
                    } else {
                        MethodKind::Engine
                    },
                    format!(
                        "table of Grundy values with the proven period (preperiod {}, period {})",
                        p.preperiod, p.period
                    ),
                )
            }
            None => Method::engine("table of Grundy values (sparse-space method); sum by XOR"),
        }
    }

    /// The winning moves of heap `h` (value to reach: `want`), at most `cap` listed.
    fn heap_winning(&self, known: &Known, h: &BigUint, want: &BigUint, cap: usize) -> HeapWins {
        if let Some(n) = known.scannable(h) {
            return self.scan_winning(known, n, want, cap);
        }
        if known.formula {
            return lasker_winning(h, want, cap);
        }
        match known.period {
            Some(p) => self.periodic_winning(known, p, h, want, cap),
            // `known` covers every heap it was asked for; a heap beyond it has no moves
            // found rather than a guess.
            None => HeapWins {
                moves: Vec::new(),
                count: None,
                why: Some(format!("{} is beyond the values known", heap_words(h))),
            },
        }
    }

    /// [`OctalGame::heap_winning`] in a comparable form (moves sorted), for tests.
    #[cfg(test)]
    pub(super) fn winning_of(
        &self,
        known: &Known,
        h: &BigUint,
        want: &BigUint,
        cap: usize,
    ) -> (Vec<(BigUint, Vec<BigUint>)>, Option<BigUint>) {
        let mut found = self.heap_winning(known, h, want, cap);
        found.moves.sort();
        (found.moves, found.count)
    }

    /// Winning moves of a heap in the table, by scanning its moves.
    fn scan_winning(&self, known: &Known, n: u64, want: &BigUint, cap: usize) -> HeapWins {
        let mut found = HeapWins {
            moves: Vec::new(),
            count: Some(BigUint::ZERO),
            why: None,
        };
        // Values in the table fit u32 (Lasker's below 2^18): a larger want is out of reach.
        let Ok(w) = u64::try_from(want) else {
            return found;
        };
        let mut work = 0u64;
        let mut count = 0u64;
        for fam in FAMILIES {
            let flow = each_small(&self.rules, n, fam, &mut |j, parts| {
                work += 1;
                if work > SEARCH_WORK {
                    return ControlFlow::Break(());
                }
                if parts.iter().fold(0, |a, &p| a ^ known.small(p)) == w {
                    count += 1;
                    if found.moves.len() < cap {
                        found
                            .moves
                            .push((j.into(), parts.iter().map(|&p| p.into()).collect()));
                    }
                }
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                found.count = None;
                found.why = Some(format!(
                    "the search of heap {n} stopped after {SEARCH_WORK} of its moves"
                ));
                return found;
            }
        }
        found.count = Some(count.into());
        found
    }

    /// Winning moves of a heap beyond the table, from the period (`n0`, `p`): every part
    /// left is huge except the smaller parts of splits, and `g(x) = T[n0 + (x − n0) mod p]`
    /// for `x ≥ n0` only depends on residues, computed once from `h mod p`.
    fn periodic_winning(
        &self,
        known: &Known,
        per: Period,
        h: &BigUint,
        want: &BigUint,
        cap: usize,
    ) -> HeapWins {
        let r = &self.rules;
        let mut found = HeapWins {
            moves: Vec::new(),
            count: Some(BigUint::ZERO),
            why: None,
        };
        let Ok(w) = u32::try_from(want) else {
            return found;
        };
        let (n0, p) = (per.preperiod, per.period);
        let t = &known.values;
        let g = |x: u64| t.get(x as usize);
        // ρ(x) = (x − n0) mod p, so g(x) = T[n0 + ρ(x)]; ρ(h − k) = (ρ(h) − k) mod p.
        let rho_h = u64::try_from(&((h - n0) % p)).expect("below the period");
        let rho_minus = |k: u64| (rho_h + p - k % p) % p;
        let g_big = |rho: u64| g(n0 + rho);
        let mut count = BigUint::ZERO;
        // Takes leave one huge heap.
        for j in 1..r.digits.len() as u64 {
            if r.digits[j as usize] & 2 != 0 && g_big(rho_minus(j)) == w {
                count += 1u32;
                if found.moves.len() < cap {
                    found.moves.push((j.into(), vec![h - j]));
                }
            }
        }
        // Splits in two a + (m − a), a ≤ ⌊m/2⌋: the parts below n0 one by one, the others
        // by residue class of a (each class holds ⌊(A − n0)/p⌋ or one more values of a).
        for j in 0..r.digits.len() as u64 {
            if r.digits[j as usize] & 4 == 0 {
                continue;
            }
            let m = h - j;
            let half = &m / 2u32;
            let rho_m = rho_minus(j);
            let other = |a: u64| g_big((rho_m + p - a % p) % p);
            for a in 1..n0 {
                if g(a) ^ other(a) == w {
                    count += 1u32;
                    if found.moves.len() < cap {
                        found.moves.push((j.into(), vec![a.into(), &m - a]));
                    }
                }
            }
            let good: Vec<u64> = (0..p).filter(|&c| g(n0 + c) ^ other(n0 + c) == w).collect();
            let span = &half - n0;
            let (q, rem) = (&span / p, u64::try_from(&(&span % p)).expect("below p"));
            let mut in_classes = &q * good.len() + good.iter().filter(|&&c| c <= rem).count();
            // a = 0 is not a split (only possible in class 0 when n0 = 0).
            if n0 == 0 && good.first() == Some(&0) {
                in_classes -= 1u32;
            }
            count += &in_classes;
            let mut k = 0u64;
            while found.moves.len() < cap && !good.is_empty() {
                let mut any = false;
                for &c in &good {
                    let a = n0 + c + k * p;
                    if BigUint::from(a) > half {
                        continue;
                    }
                    any = true;
                    if a > 0 && found.moves.len() < cap {
                        found.moves.push((j.into(), vec![a.into(), &m - a]));
                    }
                }
                if !any {
                    break;
                }
                k += 1;
            }
        }
        // Splits in three: the two smaller parts searched up to a bound; not counted.
        let mut thirds = false;
        for j in 0..r.digits.len() as u64 {
            if r.digits[j as usize] & 8 == 0 {
                continue;
            }
            thirds = true;
            let m = h - j;
            let rho_m = rho_minus(j);
            let small = |x: u64| {
                if (x as usize) < t.len() {
                    g(x)
                } else {
                    g_big((x - n0) % p)
                }
            };
            // The largest part, when m fits u64 (it may be small enough to be below b).
            let m_small = u64::try_from(&m).ok();
            for a in 1..=THIRDS_SCAN {
                for b in a..=THIRDS_SCAN {
                    let c = match m_small {
                        Some(ms) if ms < a + 2 * b => continue,
                        Some(ms) => small(ms - a - b),
                        None => g_big((rho_m + 2 * p - a % p - b % p) % p),
                    };
                    if small(a) ^ small(b) ^ c == w && found.moves.len() < cap {
                        found
                            .moves
                            .push((j.into(), vec![a.into(), b.into(), &m - a - b]));
                    }
                }
            }
        }
        if thirds {
            found.count = None;
            found.why = Some(format!(
                "splits in three of heaps beyond the table are searched with two parts up to {THIRDS_SCAN} only"
            ));
        } else {
            found.count = Some(count);
        }
        found
    }

    fn normal_verdict(
        &self,
        heaps: &[BigUint],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        let r = &self.rules;
        let max = heaps.iter().max().cloned().unwrap_or_default();
        let known = self.known(&max, options)?;
        let vals: Vec<BigUint> = heaps
            .iter()
            .map(|h| known.value(r, h))
            .collect::<Result<_>>()?;
        let total = vals.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let words = Words::new(heaps);
        let mut v = Verdict::new(
            r.name.clone(),
            words.position(),
            Play::Normal,
            winner(total != BigUint::ZERO),
            self.method(&known, heaps),
        )
        .with_value(ValueKind::Grundy, Some(total.to_string()));
        v.components = words
            .heaps
            .iter()
            .zip(&vals)
            .map(|(h, g)| Component {
                position: h.clone(),
                value: Some(g.to_string()),
                outcome: Some(winner(*g != BigUint::ZERO)),
                remoteness: None,
            })
            .collect();
        if let Some(p) = known.period {
            v.details.push("preperiod", p.preperiod);
            v.details.push("period", p.period);
        }
        v.listing = listing;
        let count = MoveCount::new(r, heaps);
        match listing {
            Listing::Winning => {
                if total == BigUint::ZERO {
                    return Ok(v);
                }
                let cap = words.cap(MAX_WINNING_LISTED);
                let mut winning = Some(BigUint::ZERO);
                let mut why = Vec::new();
                for &(i, _) in &count.per_heap {
                    let want = &total ^ &vals[i];
                    let found = self.heap_winning(&known, &heaps[i], &want, cap - v.moves.len());
                    winning = winning.zip(found.count).map(|(a, b)| a + b);
                    // The same limit for several heaps is said once.
                    why.extend(found.why.filter(|w| !why.contains(w)));
                    for (take, parts) in found.moves {
                        let m = HeapMove {
                            index: i,
                            take,
                            parts,
                        };
                        let (label, position) = words.describe(&m);
                        let mut mv = Move::new(label, position);
                        mv.value = Some("0".into());
                        mv.outcome = Some(Winner::Second);
                        mv.winning = true;
                        v.moves.push(mv);
                    }
                }
                let listed = v.moves.len();
                match winning {
                    Some(w) if w > BigUint::from(listed) => v.incomplete(format!(
                        "{w} winning moves among {}; the first {listed} are listed",
                        count.describe()
                    )),
                    Some(_) => {}
                    None => v.incomplete(format!(
                        "{listed} winning moves are listed, not all of them: {} ({})",
                        why.join("; "),
                        count.describe()
                    )),
                }
            }
            Listing::All => {
                for m in self.sample(&count, heaps, words.cap(MAX_MOVES_LISTED)) {
                    let mut after = &total ^ &vals[m.index];
                    for p in &m.parts {
                        after ^= known.value(r, p)?;
                    }
                    let (label, position) = words.describe(&m);
                    let mut mv = Move::new(label, position);
                    mv.winning = after == BigUint::ZERO;
                    mv.outcome = Some(winner(after != BigUint::ZERO));
                    mv.value = Some(after.to_string());
                    v.moves.push(mv);
                }
                self.note_sample(&mut v, &count);
            }
        }
        Ok(v)
    }

    /// The moves listed for a position: every distinct heap's families in order; when
    /// there are more than `cap` moves in all, each kind of move of each heap is cut to an
    /// equal share of `cap`, so that every kind appears.
    fn sample(&self, count: &MoveCount, heaps: &[BigUint], cap: usize) -> Vec<HeapMove> {
        let nonempty = count
            .per_heap
            .iter()
            .flat_map(|(_, c)| c.iter())
            .filter(|n| **n != BigUint::ZERO)
            .count();
        let share = if count.total <= BigUint::from(cap) {
            cap
        } else {
            (cap / nonempty.max(1)).max(1)
        };
        let mut out = Vec::new();
        for (i, c) in &count.per_heap {
            for (fam, n) in FAMILIES.iter().zip(c) {
                if *n == BigUint::ZERO {
                    continue;
                }
                let room = share.min(cap.saturating_sub(out.len()));
                each_big(&self.rules, &heaps[*i], *fam, room, &mut |take, parts| {
                    out.push(HeapMove {
                        index: *i,
                        take,
                        parts,
                    })
                });
            }
        }
        out
    }

    fn note_sample(&self, v: &mut Verdict, count: &MoveCount) {
        let listed = v.moves.len();
        if count.total > BigUint::from(listed) {
            v.incomplete(format!(
                "{} in all; {listed} are listed, the first ones of each kind",
                count.describe()
            ));
        }
    }

    fn misere_verdict(
        &self,
        heaps: &[BigUint],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        let r = &self.rules;
        let mut small = Vec::new();
        for h in heaps {
            let v = u64::try_from(h)
                .ok()
                .filter(|&v| v <= MISERE_LIMIT)
                .ok_or_else(|| {
                    Error::unsupported(format!(
                        "misère play is solved by exact search, limited to heaps of at most {MISERE_LIMIT}; {} is too large",
                        heap_words(h)
                    ))
                })?;
            small.push(v);
        }
        let comps = |hs: &mut dyn Iterator<Item = u64>| -> Vec<Vec<u64>> {
            hs.filter(|&h| h > 0).map(|h| vec![h]).collect()
        };
        let mut solver = MisereSolver::new(
            HeapRules(r.clone()),
            Limits {
                max_positions: options.limit(),
            },
        );
        let wins = solver.first_player_wins(&comps(&mut small.iter().copied()))?;
        let words = Words::new(heaps);
        let mut v = Verdict::new(
            r.name.clone(),
            words.position(),
            Play::Misere,
            winner(wins),
            Method::engine("search: exact misère search over sums of heaps"),
        );
        v.listing = listing;
        for (w, &h) in words.heaps.iter().zip(&small) {
            let alone = solver.first_player_wins(&comps(&mut std::iter::once(h)))?;
            v.components.push(Component {
                position: w.clone(),
                value: None,
                outcome: Some(winner(alone)),
                remoteness: None,
            });
        }
        let count = MoveCount::new(r, heaps);
        // Whether the player to move after `m` wins.
        let mut after_wins = |m: &HeapMove| -> Result<bool> {
            let parts = m
                .parts
                .iter()
                .map(|p| u64::try_from(p).expect("small heap"));
            let mut rest = small
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != m.index)
                .map(|(_, &h)| h)
                .chain(parts);
            solver.first_player_wins(&comps(&mut rest))
        };
        let push = |v: &mut Verdict, m: &HeapMove, opp_wins: bool| {
            let (label, position) = words.describe(m);
            let mut mv = Move::new(label, position);
            mv.outcome = Some(winner(opp_wins));
            mv.winning = !opp_wins;
            v.moves.push(mv);
        };
        match listing {
            Listing::Winning => {
                if !wins {
                    return Ok(v);
                }
                if count.total == BigUint::ZERO {
                    v.note = Some(
                        "no moves: the player to move cannot move, and so wins (misère)".into(),
                    );
                    return Ok(v);
                }
                let cap = words.cap(MAX_WINNING_LISTED);
                let mut winning = 0u64;
                let mut err = None;
                for &(i, _) in &count.per_heap {
                    for fam in FAMILIES {
                        let _ = each_small(r, small[i], fam, &mut |j, parts| {
                            let m = HeapMove {
                                index: i,
                                take: j.into(),
                                parts: parts.iter().map(|&p| p.into()).collect(),
                            };
                            match after_wins(&m) {
                                Ok(true) => {}
                                Ok(false) => {
                                    winning += 1;
                                    if v.moves.len() < cap {
                                        push(&mut v, &m, false);
                                    }
                                }
                                Err(e) => {
                                    err = Some(e);
                                    return ControlFlow::Break(());
                                }
                            }
                            ControlFlow::Continue(())
                        });
                        if let Some(e) = err.take() {
                            return Err(e);
                        }
                    }
                }
                let listed = v.moves.len() as u64;
                if winning > listed {
                    v.incomplete(format!(
                        "{winning} winning moves among {}; the first {listed} are listed",
                        count.describe()
                    ));
                }
            }
            Listing::All => {
                for m in self.sample(&count, heaps, words.cap(MAX_MOVES_LISTED)) {
                    let opp = after_wins(&m)?;
                    push(&mut v, &m, opp);
                }
                self.note_sample(&mut v, &count);
            }
        }
        Ok(v)
    }

    fn verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        self.plain_or_misere(options)?;
        check_rules(&self.rules)?;
        let heaps = self.parse(words)?;
        if options.misere {
            self.misere_verdict(&heaps, options, listing)
        } else {
            self.normal_verdict(&heaps, options, listing)
        }
    }

    fn plain_or_misere(&self, options: &SolveOptions) -> Result<()> {
        if options.every {
            return Err(Error::unsupported(format!(
                "every-move play is not available for `{}`",
                self.rules.name
            )));
        }
        Ok(())
    }

    /// The whole table request with resumable state: see [`super::TableRequest`]. The
    /// values stay in the returned table for the caller to write out.
    pub fn table_with(&self, req: super::TableRequest<'_>) -> Result<OctalTable> {
        let r = &self.rules;
        let mut progress = req.progress;
        if req.misere {
            let upto = req.upto.unwrap_or(30);
            if upto > MISERE_LIMIT {
                return Err(Error::unsupported(format!(
                    "misère tables use exact search, limited to heaps of at most {MISERE_LIMIT}"
                )));
            }
            let mut solver = MisereSolver::new(HeapRules(r.clone()), Limits::default());
            let mut vals = Vec::new();
            for n in 0..=upto {
                let comps = if n == 0 { vec![] } else { vec![vec![n]] };
                vals.push(u32::from(solver.first_player_wins(&comps)?));
            }
            return Ok(OctalTable {
                game: r.name.clone(),
                upto,
                misere: true,
                values: Values::from_u32(&vals),
                period: None,
                period_asked: false,
                periodicity_applies: r.periodicity_applies(),
                list_in_text: true,
            });
        }
        let mut comp = match req.resume {
            Some(v) => {
                let verify = v.len().saturating_sub(1).min(256);
                Computation::resume(r.clone(), SeqMethod::Sparse, v, verify)?
            }
            None => Computation::new(r.clone(), SeqMethod::Sparse),
        };
        let (upto, period) = match req.upto {
            Some(n) => {
                comp.extend_to(n, &mut progress)?;
                let p = if req.period {
                    find_period(r, comp.values())
                } else {
                    None
                };
                (n, p)
            }
            None if req.period => {
                let p = search_period(r, &mut comp, req.period_limit, &mut progress)?;
                ((comp.len() - 1) as u64, p)
            }
            None => {
                comp.extend_to(100, &mut progress)?;
                (100, None)
            }
        };
        let shown = upto.saturating_add(1);
        Ok(OctalTable {
            game: r.name.clone(),
            upto,
            misere: false,
            values: comp.into_values(),
            period,
            period_asked: req.period,
            periodicity_applies: r.periodicity_applies(),
            list_in_text: shown <= 10_000 || req.upto.is_some() && !req.period,
        })
    }
}

/// [`lasker_winning`] in a comparable form (moves sorted), for tests.
#[cfg(test)]
pub(super) fn lasker_winning_of(
    h: &BigUint,
    want: &BigUint,
    cap: usize,
) -> (Vec<(BigUint, Vec<BigUint>)>, Option<BigUint>) {
    let mut found = lasker_winning(h, want, cap);
    found.moves.sort();
    (found.moves, found.count)
}

/// Winning moves of a Lasker heap beyond the scanned range: the one take that reaches the
/// value (the formula is an involution, so the heap left is `L(want)`), and the splits
/// from [`LaskerSplits`].
fn lasker_winning(h: &BigUint, want: &BigUint, cap: usize) -> HeapWins {
    let mut found = HeapWins {
        moves: Vec::new(),
        count: None,
        why: None,
    };
    let k = lasker(want);
    let mut takes = 0u32;
    if k < *h {
        takes = 1;
        let parts = if k == BigUint::ZERO {
            vec![]
        } else {
            vec![k.clone()]
        };
        found.moves.push((h - &k, parts));
    }
    found.moves.truncate(cap);
    let Some(splits) = LaskerSplits::new(h, want) else {
        found.count = Some(takes.into());
        return found;
    };
    // Each split listed costs a walk over the heap's bits: fewer for longer heaps.
    let room = cap.saturating_sub(found.moves.len());
    let affordable = ((1u64 << 24) / (h.bits() + 1)).max(1);
    let room = room.min(usize::try_from(affordable).unwrap_or(usize::MAX));
    let listed = splits.first(room);
    // Fewer than asked for: the walk went through every split.
    let all_listed = listed.len() < room;
    let listed_count = listed.len();
    for a in listed {
        let b = h - &a;
        found.moves.push((BigUint::ZERO, vec![a, b]));
    }
    match splits.count() {
        Some(n) => found.count = Some(n + takes),
        None if all_listed => found.count = Some(BigUint::from(listed_count) + takes),
        None => {
            found.why = Some(format!(
                "winning splits are counted for heaps of at most {LASKER_COUNT_BITS} bits"
            ))
        }
    }
    found
}

/// A table of single-heap values (`sprague table`) for the caller to write: a summary
/// with the values kept as computed (one to four bytes each), so that a long table is
/// written value by value and never held as text or JSON.
#[derive(Debug, Clone)]
pub struct OctalTable {
    /// The game's spec.
    pub game: String,
    /// The largest heap of the table.
    pub upto: u64,
    /// Misère outcomes (1: the first player wins) instead of Grundy values.
    pub misere: bool,
    /// The values `g(0..)`: at least `upto + 1` of them where computed (see
    /// [`OctalTable::count`]).
    pub values: Values,
    /// The proven period, when one was asked for and found.
    pub period: Option<Period>,
    /// Whether a period was asked for (`--period`).
    pub period_asked: bool,
    /// Whether the periodicity theorem applies to the game.
    pub periodicity_applies: bool,
    /// Whether the text form lists the values (short tables, or an explicit `--upto`
    /// without `--period`).
    pub list_in_text: bool,
}

impl OctalTable {
    /// How many values the table shows: `g(0..=upto)`.
    pub fn count(&self) -> usize {
        usize::try_from(self.upto.saturating_add(1))
            .unwrap_or(usize::MAX)
            .min(self.values.len())
    }

    /// The method line's text.
    pub fn method(&self) -> &'static str {
        if self.misere {
            "search: exact misère search"
        } else {
            "sparse-space Grundy sequence (rare and common values)"
        }
    }

    /// The first line of the text form.
    pub fn text_head(&self) -> String {
        if self.misere {
            format!(
                "misère outcome of {} for heaps 0..={} (1 = first player wins)",
                self.game, self.upto
            )
        } else {
            format!("grundy values of {} for heaps 0..={}", self.game, self.upto)
        }
    }

    /// The line that replaces the values when the text form does not list them.
    pub fn text_unlisted(&self) -> String {
        format!(
            "({} values computed; not listed, use --json or --output)",
            self.count()
        )
    }

    /// The last lines of the text form: the period (when asked for) and the method,
    /// without a trailing newline.
    pub fn text_tail(&self) -> String {
        let mut text = String::new();
        if self.period_asked {
            let upto = self.upto;
            text.push_str(&match self.period {
                Some(p) => format!(
                    "period: preperiod {} period {} (proven by the periodicity theorem with {} values)\n",
                    p.preperiod,
                    p.period,
                    self.values.len()
                ),
                None if !self.periodicity_applies => format!(
                    "no period proven up to {upto}: the periodicity theorem does not apply to {}\n",
                    self.game
                ),
                None => format!("no period proven up to {upto}\n"),
            });
        }
        text.push_str("method: ");
        text.push_str(self.method());
        text
    }

    /// The keys of the JSON form except `values` (which sorts last, so a writer can put
    /// the values after these): `game`, `method`, `period`, `upto` (misère: `game`,
    /// `period`, `play`).
    pub fn json_summary(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("game".into(), json!(self.game));
        if self.misere {
            m.insert("play".into(), json!("misere"));
            m.insert("period".into(), Value::Null);
            return m;
        }
        m.insert("upto".into(), json!(self.upto));
        m.insert(
            "period".into(),
            match self.period {
                Some(p) => json!({"preperiod": p.preperiod, "period": p.period}),
                None => Value::Null,
            },
        );
        m.insert("method".into(), json!(self.method()));
        m
    }

    /// The whole table as a report (text and JSON in memory): for short tables and for
    /// callers of [`Game::table`]; the command line writes long tables value by value.
    pub fn to_report(&self) -> Report {
        let n = self.count();
        let mut text = self.text_head();
        text.push('\n');
        if self.list_in_text {
            for k in 0..n {
                text.push_str(&format!("{k}\t{}\n", self.values.get(k)));
            }
        } else {
            text.push_str(&self.text_unlisted());
            text.push('\n');
        }
        text.push_str(&self.text_tail());
        let mut json = self.json_summary();
        json.insert(
            "values".into(),
            (0..n)
                .map(|k| self.values.get(k))
                .collect::<Vec<_>>()
                .into(),
        );
        Report::new(text, Value::Object(json))
    }
}

impl Game for OctalGame {
    fn spec(&self) -> String {
        self.rules.name.clone()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(words, options, Listing::Winning)
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(words, options, Listing::All)
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        self.plain_or_misere(options)?;
        check_rules(&self.rules)?;
        let heaps = self.parse(words)?;
        let words = Words::new(&heaps);
        let count = MoveCount::new(&self.rules, &heaps);
        let bytes = count.total.clone() * (2 * words.len + 64);
        if count.total > BigUint::from(MAX_LEGAL_MOVES) || bytes > BigUint::from(1u64 << 28) {
            return Err(Error::unsupported(format!(
                "the position has {}: too many to list (at most {MAX_LEGAL_MOVES}, and 256 MiB of positions); `sprague moves` lists a sample, `sprague solve` the winning moves",
                count.describe()
            )));
        }
        let all = self.sample(&count, &heaps, MAX_LEGAL_MOVES as usize);
        Ok(all
            .iter()
            .map(|m| {
                let (label, position) = words.describe(m);
                LegalMove {
                    label,
                    position,
                    side: None,
                }
            })
            .collect())
    }

    fn table(&self, options: &TableOptions) -> Result<Report> {
        let req = super::TableRequest {
            upto: Some(options.upto),
            period: options.period,
            misere: options.misere,
            ..Default::default()
        };
        Ok(self.table_with(req)?.to_report())
    }
}
