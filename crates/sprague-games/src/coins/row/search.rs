//! The values of a row's heads (by a rule's closed form, or from its table of values) and
//! its winning moves: the sets of other coins whose values XOR to what a head must become,
//! enumerated within a budget of steps. Free of the catalogue.

use crate::coins::rule::{CoinRule, MAX_COMPUTED};
use crate::error::{Error, Result};
use crate::interface::listing::MAX_WINNING_LISTED;
use num_bigint::BigUint;

/// Heads at or below this position have their winning moves listed by enumeration.
pub const MAX_ENUMERATED: u64 = 4096;

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
pub const SEARCH_STEPS: u64 = 1 << 25;

/// Every move from a head at `x` whose other coins XOR to `w` (under the values `g`,
/// indexed by position), as the other coins turned. Each step taken is paid from
/// `budget`. Returns false when the enumeration stopped early (too many moves, or the
/// budget spent).
pub fn sets_with_xor(
    rule: &CoinRule,
    g: &[u64],
    x: u64,
    w: u64,
    out: &mut Vec<Vec<u64>>,
    budget: &mut u64,
) -> bool {
    let limit = MAX_WINNING_LISTED;
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
        if moves.len() >= MAX_WINNING_LISTED {
            moves.truncate(MAX_WINNING_LISTED);
            complete = false;
            break;
        }
    }
    Ok((moves, complete))
}

/// Values of single heads at any position of a row (coins left of a head included).
pub enum HeadValues {
    /// A closed form for every position.
    Theorem(CoinRule),
    /// Computed values up to the rightmost head.
    Table(Vec<u64>),
}

impl HeadValues {
    /// The values of `rule` for the heads given: by closed form, or a table up to the
    /// rightmost head.
    pub fn new(rule: &CoinRule, heads: &[BigUint], by_theorem: bool) -> Result<HeadValues> {
        if by_theorem {
            return Ok(HeadValues::Theorem(*rule));
        }
        // head_values checked that every head is within the computed range.
        let max = heads.iter().max().cloned().unwrap_or_default();
        let n = u64::try_from(&max).map_err(|_| Error::unsupported("head too far right"))?;
        Ok(HeadValues::Table(rule.values(n)?))
    }

    /// The value of a single head at position `y`.
    pub fn get(&self, y: &BigUint) -> BigUint {
        match self {
            HeadValues::Theorem(r) => r.theorem(y).expect("a closed form for every position"),
            HeadValues::Table(t) => {
                BigUint::from(t[usize::try_from(y).expect("left of a head in the table")])
            }
        }
    }
}
