//! A row of coins as a catalogue game: parsing, value, winning moves, moves, table.
//!
//! A position is written either as a string of `H` (heads) and `T` (tails), coin 1 first
//! (`THHTH`: heads at 2, 3 and 5), or as the positions of the heads (`2 3 5`; any size,
//! each at most once; a row without heads is written `T`). A move is labelled by the coins
//! it turns, ascending (`turn coins 1 and 5`); the last one is the head that goes to tails.
//!
//! Moves are counted by closed forms (`C(x − 1, s)` sets of `s` other coins for "up to
//! k", `min(k, x)` runs), so long lists are capped samples with the count in the note, and
//! no list is sized by a head's position.

use super::rule::{CoinRule, MAX_COMPUTED};
use crate::catalogue::{
    Component, Game, LegalMove, Listing, Method, MethodKind, Move, Play, Report, SolveOptions,
    TableOptions, ValueKind, Verdict, Winner,
};
use crate::error::{Error, Result};
use crate::problems::tokens::parse_uint_token;
use num_bigint::BigUint;
use serde_json::json;
use std::ops::ControlFlow;

/// Heads at or below this position have their winning moves listed by enumeration.
pub const MAX_ENUMERATED: u64 = 4096;
/// The most winning moves the search collects.
pub const MAX_LISTED: usize = 1000;
/// The most winning moves `solve` lists.
pub const MAX_WINNING_SHOWN: usize = 100;
/// The most moves `moves` lists (a sample of every kind when there are more).
pub const MAX_MOVES_SHOWN: usize = 1000;
/// The most moves `legal_moves` returns; longer lists are refused.
pub const MAX_LEGAL_MOVES: u64 = 100_000;
/// Bytes one answer may spend on the coins and positions of its moves.
pub(crate) const OUTPUT_BYTES: usize = 1 << 24;

/// A parsed row: the head positions (ascending, distinct) and, when written as H/T, the
/// number of coins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Positions of the heads, from 1 at the left, ascending and distinct.
    pub heads: Vec<BigUint>,
    /// The number of coins when the row was written as H/T letters.
    pub len: Option<usize>,
}

impl Row {
    /// Parses the words after the spec (see the module documentation).
    pub fn parse(words: &[String]) -> Result<Row> {
        let text = words.join(" ");
        let t = text.trim();
        if t.is_empty() {
            return Err(Error::parse(
                "no position given: write the coins as H/T (e.g. `THHTH`) or the positions of the heads (e.g. `2 3 5`)",
            ));
        }
        if t.chars().any(|c| c.is_ascii_alphabetic()) {
            let coins: String = t.chars().filter(|c| !c.is_whitespace()).collect();
            if let Some(bad) = coins.chars().find(|c| !matches!(c, 'H' | 'h' | 'T' | 't')) {
                return Err(Error::parse(format!(
                    "`{t}` is not a row of coins: `{bad}` is neither H (heads) nor T (tails)"
                )));
            }
            let heads = coins
                .chars()
                .enumerate()
                .filter(|(_, c)| c.eq_ignore_ascii_case(&'h'))
                .map(|(i, _)| BigUint::from(i + 1))
                .collect();
            return Ok(Row {
                heads,
                len: Some(coins.chars().count()),
            });
        }
        let mut heads = Vec::new();
        for tok in t.split(|c: char| c.is_whitespace() || c == ',') {
            if tok.is_empty() {
                continue;
            }
            let n = parse_uint_token(tok).ok_or_else(|| {
                Error::parse(format!(
                    "`{tok}` is not a head position (a positive integer) nor a row of H and T"
                ))
            })?;
            if n == BigUint::ZERO {
                return Err(Error::invalid(
                    "coin positions start at 1 (the leftmost coin)",
                ));
            }
            heads.push(n);
        }
        let mut sorted = heads.clone();
        sorted.sort();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::invalid(format!(
                "head position {} is given twice (a coin is heads or tails)",
                w[0]
            )));
        }
        Ok(Row {
            heads: sorted,
            len: None,
        })
    }

    /// The row after turning `coins`, written the way it was given.
    pub fn after(&self, coins: &[BigUint]) -> String {
        let mut heads = self.heads.clone();
        for c in coins {
            match heads.binary_search(c) {
                Ok(i) => {
                    heads.remove(i);
                }
                Err(i) => heads.insert(i, c.clone()),
            }
        }
        match self.len {
            Some(n) => (1..=n)
                .map(|i| {
                    if heads.binary_search(&BigUint::from(i)).is_ok() {
                        'H'
                    } else {
                        'T'
                    }
                })
                .collect(),
            // A row without heads, in a form the command line reads back.
            None if heads.is_empty() => "T".into(),
            None => heads
                .iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

/// A coin-turning game of the catalogue.
#[derive(Debug, Clone)]
pub struct CoinGame {
    /// The rule of the moves (which sets of coins a move turns).
    pub rule: CoinRule,
}

/// The values of single heads at the given positions, and whether a theorem gave them.
pub fn head_values(rule: &CoinRule, heads: &[BigUint]) -> Result<(Vec<BigUint>, bool)> {
    if let Some(vs) = heads
        .iter()
        .map(|h| rule.theorem(h))
        .collect::<Option<Vec<_>>>()
    {
        return Ok((vs, true));
    }
    let max = heads.iter().max().cloned().unwrap_or_default();
    let n = u64::try_from(&max)
        .ok()
        .filter(|&n| n <= MAX_COMPUTED)
        .ok_or_else(|| {
            Error::unsupported(format!(
                "head position {max} is too large: `{}` has no closed form here and its values are computed up to {MAX_COMPUTED}",
                rule.spec()
            ))
        })?;
    let g = rule.values(n)?;
    Ok((
        heads
            .iter()
            .map(|h| BigUint::from(g[usize::try_from(h).expect("checked above")]))
            .collect(),
        false,
    ))
}

/// Steps (sets visited, coins indexed) that the winning-move search of one answer may
/// spend: rules that turn many coins have astronomically many moves on long rows.
pub(crate) const SEARCH_STEPS: u64 = 1 << 25;

/// Every move from a head at `x` whose other coins XOR to `w` (under the values `g`,
/// indexed by position), as the other coins turned. Each step taken is paid from
/// `budget`. Returns false when the enumeration stopped early (too many moves, or the
/// budget spent).
pub(crate) fn sets_with_xor(
    rule: &CoinRule,
    g: &[u64],
    x: u64,
    w: u64,
    out: &mut Vec<Vec<u64>>,
    budget: &mut u64,
) -> bool {
    let limit = MAX_LISTED;
    let mut pay = |n: u64| {
        let ok = *budget >= n;
        *budget = budget.saturating_sub(n);
        ok
    };
    match *rule {
        CoinRule::Run(k) => {
            let longest = k.map_or(x, |k| k.min(x));
            let mut acc = 0;
            for len in 1..=longest {
                if !pay(1) {
                    return false;
                }
                if len > 1 {
                    acc ^= g[(x + 1 - len) as usize];
                }
                if acc == w {
                    out.push((x + 1 - len..x).collect());
                    if out.len() >= limit {
                        return false;
                    }
                }
            }
            true
        }
        CoinRule::UpTo(k) => {
            if !pay(x) {
                return false;
            }
            // Index of positions by value, to pick the last coin of a set by lookup.
            let mut by_value: rustc_hash::FxHashMap<u64, Vec<u64>> = Default::default();
            for y in 1..x {
                by_value.entry(g[y as usize]).or_default().push(y);
            }
            if w == 0 {
                out.push(vec![]);
            }
            // Sets of size s: choose s−1 coins ascending, the last (largest) by lookup.
            for size in 1..k as u64 {
                let mut stack: Vec<(Vec<u64>, u64)> = vec![(vec![], 0)];
                while let Some((chosen, acc)) = stack.pop() {
                    if chosen.len() as u64 == size - 1 {
                        let from = chosen.last().copied().unwrap_or(0);
                        if let Some(ys) = by_value.get(&(acc ^ w)) {
                            for &y in ys.iter().filter(|&&y| y > from) {
                                if !pay(1) {
                                    return false;
                                }
                                let mut s = chosen.clone();
                                s.push(y);
                                out.push(s);
                                if out.len() >= limit {
                                    return false;
                                }
                            }
                        }
                        continue;
                    }
                    let from = chosen.last().copied().unwrap_or(0) + 1;
                    if !pay(x.saturating_sub(from) + 1) {
                        return false;
                    }
                    for y in from..x {
                        let mut s = chosen.clone();
                        s.push(y);
                        stack.push((s, acc ^ g[y as usize]));
                    }
                }
            }
            true
        }
    }
}

/// The winning moves of a row with values `values` (per head) and nim-sum `total`, each
/// as the coins turned (ascending, the head last). The flag is false when the list is
/// not complete (heads too far right to enumerate, or too many moves).
pub fn winning_moves(
    rule: &CoinRule,
    heads: &[BigUint],
    values: &[BigUint],
    total: &BigUint,
) -> Result<(Vec<Vec<BigUint>>, bool)> {
    let mut moves = Vec::new();
    let mut complete = true;
    if total == &BigUint::ZERO {
        return Ok((moves, true));
    }
    let small: Vec<u64> = heads
        .iter()
        .filter_map(|h| u64::try_from(h).ok())
        .filter(|&h| h <= MAX_ENUMERATED)
        .collect();
    let table = match small.iter().max() {
        Some(&m) => rule.values(m)?,
        None => vec![],
    };
    let mut budget = SEARCH_STEPS;
    for (h, v) in heads.iter().zip(values) {
        let w = v ^ total;
        let x = u64::try_from(h).ok().filter(|&x| x <= MAX_ENUMERATED);
        match x {
            Some(x) => {
                // Coins left of a small head have small values: a huge target is out of reach.
                let Ok(w) = u64::try_from(&w) else {
                    continue;
                };
                let mut sets = Vec::new();
                complete &= sets_with_xor(rule, &table, x, w, &mut sets, &mut budget);
                for mut s in sets {
                    s.push(x);
                    moves.push(s.into_iter().map(BigUint::from).collect());
                }
            }
            None => {
                // Far heads: the moves turning the head alone or with one coin, by closed form.
                complete = false;
                if w == BigUint::ZERO {
                    moves.push(vec![h.clone()]);
                } else if *rule == CoinRule::TWINS && &w < h {
                    moves.push(vec![w.clone(), h.clone()]);
                } else if *rule == CoinRule::MOCK_TURTLES && w.count_ones() % 2 == 1 {
                    let y: BigUint = (&w >> 1u32) + 1u32;
                    if &y < h {
                        moves.push(vec![y, h.clone()]);
                    }
                }
            }
        }
        if moves.len() >= MAX_LISTED {
            moves.truncate(MAX_LISTED);
            complete = false;
            break;
        }
    }
    Ok((moves, complete))
}

/// The label of a move turning `coins` (ascending): `turn coin 5`, `turn coins 1 and 5`,
/// `turn coins 1, 3 and 5`, and `turn coins 3 to 7` for a run of three or more.
pub(crate) fn turn_label(coins: &[String], run: bool) -> String {
    match coins {
        [] => "turn nothing".into(),
        [c] => format!("turn coin {c}"),
        [first, .., last] if run && coins.len() >= 3 => format!("turn coins {first} to {last}"),
        [init @ .., last] => format!("turn coins {} and {last}", init.join(", ")),
    }
}

/// Calls `f` with every set of *other* coins (ascending, all below `x`) that a move
/// turning the head at `x` may turn with it, fewer coins first and then in lexicographic
/// order (the order of [`CoinRule::moves_at`]), until `f` breaks. Nothing is collected, so
/// rules with astronomically many moves cost only what `f` asks for.
pub(crate) fn each_set(
    rule: &CoinRule,
    x: u64,
    f: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match *rule {
        CoinRule::UpTo(k) => {
            for size in 0..k as usize {
                each_subset(size, x.saturating_sub(1), f)?;
            }
        }
        CoinRule::Run(k) => {
            let longest = k.map_or(x, |k| k.min(x));
            for len in 1..=longest {
                // The run of `len` coins ending at x: the others are x − len + 1 … x − 1.
                let run: Vec<u64> = (x + 1 - len..x).collect();
                f(&run)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The subsets of `size` elements of `1..=n`, in lexicographic order, until `f` breaks.
fn each_subset(
    size: usize,
    n: u64,
    f: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if size as u64 > n {
        return ControlFlow::Continue(());
    }
    let mut c: Vec<u64> = (1..=size as u64).collect();
    loop {
        f(&c)?;
        // The rightmost element that can still grow, then the smallest tail after it.
        let Some(i) = (0..size).rev().find(|&i| c[i] < n - (size - 1 - i) as u64) else {
            return ControlFlow::Continue(());
        };
        c[i] += 1;
        for t in i + 1..size {
            c[t] = c[t - 1] + 1;
        }
    }
}

/// How many moves a head at `x` has, and how many coins they turn in all (for the size
/// of a list): `Σ C(x − 1, s)` sets of `s < k` other coins, or runs of `1..=min(k, x)`.
pub(crate) fn count_at(rule: &CoinRule, x: &BigUint) -> (BigUint, BigUint) {
    match *rule {
        CoinRule::UpTo(k) => {
            let (mut moves, mut coins) = (BigUint::ZERO, BigUint::ZERO);
            for s in 0..k as usize {
                let c = kind_count(rule, x, s);
                coins += &c * (s + 1);
                moves += c;
            }
            (moves, coins)
        }
        CoinRule::Run(k) => {
            let l = match k {
                Some(k) => x.clone().min(BigUint::from(k)),
                None => x.clone(),
            };
            let coins = &l * (&l + 1u32) / 2u32;
            (l, coins)
        }
    }
}

/// The first `limit` sets of other coins of a head at `x` with `size` other coins
/// (`size` is ignored for runs: all lengths), in the order of [`each_set`]; heads beyond
/// `u64` have their other coins at the smallest positions (up to k) or just below them
/// (runs). Stops early once `coins` (a budget of coins written) runs out.
fn first_sets(
    rule: &CoinRule,
    x: &BigUint,
    size: usize,
    limit: usize,
    coins: &mut usize,
) -> Vec<Vec<BigUint>> {
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    let mut keep = |set: Vec<BigUint>, out: &mut Vec<Vec<BigUint>>| {
        if set.len() + 1 > *coins {
            return ControlFlow::Break(());
        }
        *coins -= set.len() + 1;
        out.push(set);
        if out.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    match *rule {
        CoinRule::UpTo(_) => {
            // Subsets of 1..=x−1, whose first ones have small elements even for huge x.
            let n = u64::try_from(&(x - 1u32)).unwrap_or(u64::MAX);
            let _ = each_subset(size, n, &mut |c| {
                keep(c.iter().map(|&y| y.into()).collect(), &mut out)
            });
        }
        CoinRule::Run(k) => {
            let longest = match k {
                Some(k) => x.clone().min(k.into()),
                None => x.clone(),
            };
            let mut len = 1u64;
            while BigUint::from(len) <= longest {
                let set: Vec<BigUint> = (1..len).rev().map(|d| x - d).collect();
                if keep(set, &mut out).is_break() {
                    break;
                }
                len += 1;
            }
        }
    }
    out
}

/// The kinds of move of a rule at a head: the sizes `0..k` of the other coins for "up to
/// k", one kind (all runs) for runs.
fn kinds(rule: &CoinRule) -> usize {
    match *rule {
        CoinRule::UpTo(k) => k as usize,
        CoinRule::Run(_) => 1,
    }
}

/// How many sets of `size` other coins a head at `x` has (all runs for a run rule).
fn kind_count(rule: &CoinRule, x: &BigUint, size: usize) -> BigUint {
    match *rule {
        CoinRule::UpTo(_) => {
            // C(x − 1, size): a head at x has x − 1 coins to its left.
            if *x == BigUint::ZERO {
                return BigUint::ZERO;
            }
            let n = x - 1u32;
            let mut c = BigUint::from(1u32);
            for s in 0..size as u64 {
                if BigUint::from(s) >= n {
                    return BigUint::ZERO;
                }
                c = c * (&n - s) / (s + 1);
            }
            c
        }
        CoinRule::Run(_) => count_at(rule, x).0,
    }
}

/// How many moves fit the output budget, for positions and coins of `unit` bytes.
pub(crate) fn fit(cap: usize, unit: usize) -> usize {
    cap.min(OUTPUT_BYTES / (2 * unit + 64)).max(1)
}

/// Refuses play conventions that coin-turning rows do not support.
pub fn plain_play_only(spec: &str, options: &SolveOptions) -> Result<()> {
    if options.misere || options.every {
        return Err(Error::unsupported(format!(
            "`{spec}` is solved under normal play only: a row is a sum of its single heads only in normal play (drop `--misere` / `--every`)"
        )));
    }
    Ok(())
}

/// Values of single heads at any position of a row (coins left of a head included).
enum HeadValues {
    /// A closed form for every position.
    Theorem(CoinRule),
    /// Computed values up to the rightmost head.
    Table(Vec<u64>),
}

impl HeadValues {
    fn new(rule: &CoinRule, heads: &[BigUint], by_theorem: bool) -> Result<HeadValues> {
        if by_theorem {
            return Ok(HeadValues::Theorem(*rule));
        }
        // head_values checked that every head is within the computed range.
        let max = heads.iter().max().cloned().unwrap_or_default();
        let n = u64::try_from(&max).map_err(|_| Error::unsupported("head too far right"))?;
        Ok(HeadValues::Table(rule.values(n)?))
    }

    fn get(&self, y: &BigUint) -> BigUint {
        match self {
            HeadValues::Theorem(r) => r.theorem(y).expect("a closed form for every position"),
            HeadValues::Table(t) => {
                BigUint::from(t[usize::try_from(y).expect("left of a head in the table")])
            }
        }
    }
}

fn winner(first_wins: bool) -> Winner {
    if first_wins {
        Winner::First
    } else {
        Winner::Second
    }
}

/// Coins written for a label or a position, once.
fn coin_words(coins: &[BigUint]) -> Vec<String> {
    coins.iter().map(|c| c.to_string()).collect()
}

/// Whether ascending coins are consecutive.
fn consecutive(coins: &[BigUint]) -> bool {
    coins.windows(2).all(|w| w[1] == &w[0] + 1u32)
}

impl CoinGame {
    fn verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        plain_play_only(&self.spec(), options)?;
        let row = Row::parse(words)?;
        let (values, by_theorem) = head_values(&self.rule, &row.heads)?;
        let total = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let method = match (by_theorem, self.rule.theorem_name()) {
            (true, Some(t)) => Method::new(
                MethodKind::Theorem,
                format!("theorem: {t}; a row's value is the XOR of its single heads' values"),
            ),
            _ => Method::engine(
                "rule: single-head values by the mex over the rule's moves (computed table); a row's value is the XOR of its single heads' values",
            ),
        };
        let position = row.after(&[]);
        let unit = position.len() + row.heads.last().map_or(1, |h| h.bits() as usize / 3 + 2);
        let mut v = Verdict::new(
            self.spec(),
            position,
            Play::Normal,
            winner(total != BigUint::ZERO),
            method,
        )
        .with_value(ValueKind::Grundy, Some(total.to_string()));
        v.listing = listing;
        v.components = row
            .heads
            .iter()
            .zip(&values)
            .map(|(h, g)| Component {
                position: h.to_string(),
                value: Some(g.to_string()),
                outcome: Some(winner(*g != BigUint::ZERO)),
                remoteness: None,
            })
            .collect();
        let all_moves = row
            .heads
            .iter()
            .fold(BigUint::ZERO, |a, h| a + count_at(&self.rule, h).0);
        let describe = |coins: &[BigUint]| {
            let words = coin_words(coins);
            (turn_label(&words, consecutive(coins)), row.after(coins))
        };
        match listing {
            Listing::Winning => {
                if total == BigUint::ZERO {
                    return Ok(v);
                }
                let (moves, complete) = winning_moves(&self.rule, &row.heads, &values, &total)?;
                let cap = fit(MAX_WINNING_SHOWN, unit);
                for m in moves.iter().take(cap) {
                    let (label, position) = describe(m);
                    let mut mv = Move::new(label, position);
                    mv.value = Some("0".into());
                    mv.outcome = Some(Winner::Second);
                    mv.winning = true;
                    v.moves.push(mv);
                }
                let listed = v.moves.len();
                if !complete {
                    v.incomplete(format!(
                        "{listed} winning moves are listed, not every one: moves are enumerated for heads up to {MAX_ENUMERATED}, at most {MAX_LISTED} of them in {SEARCH_STEPS} steps ({all_moves} moves in all)"
                    ));
                } else if moves.len() > listed {
                    v.incomplete(format!(
                        "{} winning moves among {all_moves} moves; the first {listed} are listed",
                        moves.len()
                    ));
                }
            }
            Listing::All => {
                let table = HeadValues::new(&self.rule, &row.heads, by_theorem)?;
                let cap = fit(MAX_MOVES_SHOWN, unit);
                for coins in self.sample(&row.heads, cap, &all_moves) {
                    let (head, others) = coins.split_last().expect("a head");
                    let after = others
                        .iter()
                        .fold(&total ^ table.get(head), |a, y| a ^ table.get(y));
                    let (label, position) = describe(&coins);
                    let mut mv = Move::new(label, position);
                    mv.winning = after == BigUint::ZERO;
                    mv.outcome = Some(winner(after != BigUint::ZERO));
                    mv.value = Some(after.to_string());
                    v.moves.push(mv);
                }
                let listed = v.moves.len();
                if all_moves > BigUint::from(listed) {
                    v.incomplete(format!(
                        "{all_moves} moves in all; {listed} are listed, the first ones of each kind for each head"
                    ));
                }
            }
        }
        Ok(v)
    }

    /// The moves listed for a row, each as the coins turned (ascending, the head last):
    /// every head's kinds of move in order; when there are more than `cap` moves, each
    /// kind of each head is cut to an equal share of `cap`, and the coins written are
    /// bounded by the output budget.
    fn sample(&self, heads: &[BigUint], cap: usize, total: &BigUint) -> Vec<Vec<BigUint>> {
        let mut kinds_left: Vec<(usize, usize)> = Vec::new();
        for (i, h) in heads.iter().enumerate() {
            for k in 0..kinds(&self.rule) {
                if kind_count(&self.rule, h, k) != BigUint::ZERO {
                    kinds_left.push((i, k));
                }
            }
        }
        let share = if *total <= BigUint::from(cap) {
            cap
        } else {
            (cap / kinds_left.len().max(1)).max(1)
        };
        let unit = heads.last().map_or(1, |h| h.bits() as usize / 3 + 2);
        let mut coins = OUTPUT_BYTES / unit;
        let mut out = Vec::new();
        for (i, k) in kinds_left {
            let room = share.min(cap.saturating_sub(out.len()));
            for mut set in first_sets(&self.rule, &heads[i], k, room, &mut coins) {
                set.push(heads[i].clone());
                out.push(set);
            }
        }
        out
    }
}

impl Game for CoinGame {
    fn spec(&self) -> String {
        match self.rule {
            CoinRule::TWINS | CoinRule::MOCK_TURTLES | CoinRule::RULER => self.rule.spec(),
            r => format!("coins:{}", r.spec()),
        }
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(words, options, Listing::Winning)
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(words, options, Listing::All)
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        plain_play_only(&self.spec(), options)?;
        let row = Row::parse(words)?;
        let (mut moves, mut coins) = (BigUint::ZERO, BigUint::ZERO);
        for h in &row.heads {
            let (m, c) = count_at(&self.rule, h);
            moves += m;
            coins += c;
        }
        let unit = row.after(&[]).len() + row.heads.last().map_or(1, |h| h.bits() as usize / 3 + 2);
        let bytes = &moves * unit + &coins * (unit.min(64));
        if moves > BigUint::from(MAX_LEGAL_MOVES) || bytes > BigUint::from(1u64 << 28) {
            return Err(Error::unsupported(format!(
                "the row has {moves} legal moves: too many to list (at most {MAX_LEGAL_MOVES}, and 256 MiB of positions); `sprague moves` lists a sample, `sprague solve` the winning moves"
            )));
        }
        let cap = MAX_LEGAL_MOVES as usize;
        Ok(self
            .sample(&row.heads, cap, &moves)
            .into_iter()
            .map(|c| LegalMove {
                label: turn_label(&coin_words(&c), consecutive(&c)),
                position: row.after(&c),
                side: None,
            })
            .collect())
    }

    fn table(&self, options: &TableOptions) -> Result<Report> {
        if options.misere {
            return Err(Error::unsupported(
                "misère values of coin-turning games are not available",
            ));
        }
        if options.upto > 10_000_000 {
            return Err(Error::unsupported(
                "`--upto` is limited to 10000000 for coin-turning games",
            ));
        }
        let (values, method): (Vec<BigUint>, String) = match self.rule.theorem_name() {
            Some(t) => (
                (0..=options.upto)
                    .map(|x| self.rule.theorem(&x.into()).expect("closed form"))
                    .collect(),
                format!("theorem: {t}"),
            ),
            None => (
                self.rule
                    .values(options.upto)?
                    .into_iter()
                    .map(BigUint::from)
                    .collect(),
                "rule: mex over the rule's moves".into(),
            ),
        };
        let mut text = format!(
            "values of a single head at positions 0..={} of {} (0: no coin)\n",
            options.upto,
            self.spec()
        );
        for (x, v) in values.iter().enumerate() {
            text.push_str(&format!("{x}\t{v}\n"));
        }
        text.push_str(&format!("method: {method}"));
        Ok(Report::new(
            text,
            json!({
                "game": self.spec(),
                "values": values.iter().map(|v| u64::try_from(v).map(serde_json::Value::from).unwrap_or_else(|_| v.to_string().into())).collect::<Vec<_>>(),
                "period": null,
                "method": method,
            }),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn rows_parse_both_ways() {
        let a = Row::parse(&w("THHTH")).unwrap();
        assert_eq!(a.heads, [2u32, 3, 5].map(BigUint::from).to_vec());
        assert_eq!(a.after(&[]), "THHTH");
        let b = Row::parse(&w("5 2 3")).unwrap();
        assert_eq!(b.heads, a.heads);
        assert_eq!(
            b.after(&[BigUint::from(1u32), BigUint::from(5u32)]),
            "1 2 3"
        );
        for bad in ["THX", "0", "2 2", "", "3 -1", "1.5"] {
            assert!(Row::parse(&w(bad)).is_err(), "{bad}");
        }
    }

    /// Every listed winning move leaves value 0, and for small rows every move to value 0
    /// is listed.
    #[test]
    fn winning_moves_are_exactly_the_moves_to_zero() {
        for rule in [
            CoinRule::TWINS,
            CoinRule::MOCK_TURTLES,
            CoinRule::RULER,
            CoinRule::UpTo(4),
            CoinRule::Run(Some(3)),
        ] {
            let g = rule.values(9).unwrap();
            for m in 1u32..(1 << 9) {
                let heads: Vec<BigUint> = (1..=9u32)
                    .filter(|x| m & (1 << (x - 1)) != 0)
                    .map(BigUint::from)
                    .collect();
                let (values, _) = head_values(&rule, &heads).unwrap();
                let total = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
                let (mut got, complete) = winning_moves(&rule, &heads, &values, &total).unwrap();
                assert!(complete);
                let mut expect: Vec<Vec<BigUint>> = Vec::new();
                for h in &heads {
                    let x = u64::try_from(h).unwrap();
                    for s in rule.moves_at(x) {
                        let v = s
                            .iter()
                            .fold(u64::try_from(&total).unwrap() ^ g[x as usize], |a, &y| {
                                a ^ g[y as usize]
                            });
                        if v == 0 {
                            let mut c: Vec<BigUint> = s.into_iter().map(BigUint::from).collect();
                            c.push(h.clone());
                            expect.push(c);
                        }
                    }
                }
                got.sort();
                expect.sort();
                assert_eq!(got, expect, "{rule:?} heads {m:b}");
            }
        }
    }

    #[test]
    fn huge_rows_use_the_theorems() {
        let g = CoinGame {
            rule: CoinRule::TWINS,
        };
        let v = g
            .solve(
                &w("123456789012345678901234567890 5"),
                &SolveOptions::default(),
            )
            .unwrap();
        assert_eq!(v.outcome, Winner::First);
        // Twins: turn coin 123456789012345678901234567895 ^ ... by the closed form.
        assert!(v
            .moves
            .iter()
            .any(|m| m.label.ends_with(" and 123456789012345678901234567890")));
        let heads: Vec<_> = v.components.iter().map(|c| c.position.as_str()).collect();
        assert_eq!(heads, ["5", "123456789012345678901234567890"]);
        assert_eq!(v.components[0].value.as_deref(), Some("5"));
        let g = CoinGame {
            rule: CoinRule::UpTo(4),
        };
        assert!(g.solve(&w("1000000000"), &SolveOptions::default()).is_err());
    }

    #[test]
    fn labels_name_the_coins() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(turn_label(&s(&["5"]), false), "turn coin 5");
        assert_eq!(turn_label(&s(&["1", "5"]), false), "turn coins 1 and 5");
        assert_eq!(
            turn_label(&s(&["1", "3", "5"]), false),
            "turn coins 1, 3 and 5"
        );
        assert_eq!(turn_label(&s(&["3", "4", "5"]), true), "turn coins 3 to 5");
    }

    /// For several rules and rows (both notations): moves parse back, re-solving agrees
    /// with each move's value, the moves are the legal moves and the rule's moves, and
    /// `solve` lists exactly the winning ones.
    #[test]
    fn moves_round_trip_and_agree_with_solve() {
        let rules = [
            CoinRule::TWINS,
            CoinRule::MOCK_TURTLES,
            CoinRule::RULER,
            CoinRule::UpTo(4),
            CoinRule::Run(Some(3)),
            CoinRule::UpTo(1),
        ];
        for rule in rules {
            let g = CoinGame { rule };
            for pos in ["THHTH", "2 3 5", "1", "TTTT", "HHHHHH", "7 9"] {
                let opts = SolveOptions::default();
                let all = g.moves(&w(pos), &opts).unwrap();
                let legal = g.legal_moves(&w(pos), &opts).unwrap();
                assert!(all.complete, "{rule:?} {pos}");
                let lp: Vec<_> = legal.iter().map(|m| (&m.label, &m.position)).collect();
                let mp: Vec<_> = all.moves.iter().map(|m| (&m.label, &m.position)).collect();
                assert_eq!(lp, mp);
                let row = Row::parse(&w(pos)).unwrap();
                let expect: usize = row
                    .heads
                    .iter()
                    .map(|h| rule.moves_at(u64::try_from(h).unwrap()).len())
                    .sum();
                assert_eq!(all.moves.len(), expect, "{rule:?} {pos}");
                for m in &all.moves {
                    let after = g.solve(&w(&m.position), &opts).unwrap();
                    assert_eq!(after.value, m.value, "{rule:?} {pos} {}", m.label);
                    assert_eq!(Some(after.outcome), m.outcome);
                    assert_eq!(m.winning, after.value.as_deref() == Some("0"));
                }
                let solved = g.solve(&w(pos), &opts).unwrap();
                let mut want: Vec<&str> = all
                    .moves
                    .iter()
                    .filter(|m| m.winning)
                    .map(|m| m.position.as_str())
                    .collect();
                let mut got = solved.winning_positions();
                want.sort();
                got.sort();
                assert_eq!(got, want, "{rule:?} {pos}");
                assert_eq!(solved.outcome == Winner::First, !want.is_empty());
                assert_eq!(solved.value, all.value);
            }
        }
        let e = CoinGame {
            rule: CoinRule::TWINS,
        }
        .solve(
            &w("3"),
            &SolveOptions {
                misere: true,
                ..Default::default()
            },
        );
        assert!(e.is_err());
    }

    /// Long lists are capped samples of every kind with the count in the note; the legal
    /// moves refuse them; nothing is sized by a head's position.
    #[test]
    fn long_move_lists_are_capped() {
        let g = CoinGame {
            rule: CoinRule::MOCK_TURTLES,
        };
        let v = g.moves(&w("3000"), &SolveOptions::default()).unwrap();
        // 1 + 2999 + C(2999, 2) moves.
        let all = 1 + 2999 + 2999 * 2998 / 2;
        assert!(!v.complete && v.moves.len() <= MAX_MOVES_SHOWN);
        assert!(v.note.as_deref().unwrap().contains(&format!("{all} moves")));
        assert!(v.moves.iter().any(|m| m.label == "turn coin 3000"));
        assert!(v.moves.iter().any(|m| m.label == "turn coins 1 and 3000"));
        assert!(v
            .moves
            .iter()
            .any(|m| m.label == "turn coins 1, 2 and 3000"));
        let e = g
            .legal_moves(&w("3000"), &SolveOptions::default())
            .unwrap_err();
        assert!(e.to_string().contains(&all.to_string()), "{e}");
        // A head of 10^30 under Ruler: runs of every length up to it.
        let r = CoinGame {
            rule: CoinRule::RULER,
        };
        let huge = format!("1{}", "0".repeat(30));
        let v = r.moves(&w(&huge), &SolveOptions::default()).unwrap();
        assert!(!v.complete && !v.moves.is_empty() && v.moves.len() <= MAX_MOVES_SHOWN);
        assert!(v.note.as_deref().unwrap().contains(&huge));
        let m = &v.moves[3];
        assert!(m
            .label
            .starts_with("turn coins 999999999999999999999999999997 to "));
        let after = r.solve(&w(&m.position), &SolveOptions::default()).unwrap();
        assert_eq!(after.value, m.value);
        let v = r.solve(&w(&huge), &SolveOptions::default()).unwrap();
        assert!(!v.moves.is_empty(), "turning the head alone wins");
        assert!(!v.complete);
    }
}
