//! A row of coins as a catalogue game: parsing, value, winning moves, moves, table.
//!
//! A position is written either as a string of `H` (heads) and `T` (tails), coin 1 first
//! (`THHTH`: heads at 2, 3 and 5), or as the positions of the heads (`2 3 5`; any size,
//! each at most once). A move is written as the coins it turns, ascending; the last one is
//! the head that goes to tails.

use super::rule::{CoinRule, MAX_COMPUTED};
use crate::catalogue::{Game, Report, SolveOptions, TableOptions};
use crate::error::{Error, Result};
use crate::problems::tokens::parse_uint_token;
use crate::value::Outcome;
use num_bigint::BigUint;
use serde_json::json;

/// Heads at or below this position have their winning moves listed by enumeration.
pub const MAX_ENUMERATED: u64 = 4096;
/// The most winning moves a report lists.
pub const MAX_LISTED: usize = 1000;

/// A parsed row: the head positions (ascending, distinct) and, when written as H/T, the
/// number of coins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub heads: Vec<BigUint>,
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
            None if heads.is_empty() => "(no heads)".into(),
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

/// Every move from a head at `x` whose other coins XOR to `w` (under the values `g`,
/// indexed by position), as the other coins turned. Returns false when the enumeration
/// stopped early (too many moves or too much work).
pub(crate) fn sets_with_xor(
    rule: &CoinRule,
    g: &[u64],
    x: u64,
    w: u64,
    out: &mut Vec<Vec<u64>>,
) -> bool {
    let limit = MAX_LISTED;
    match *rule {
        CoinRule::Run(k) => {
            let longest = k.map_or(x, |k| k.min(x));
            let mut acc = 0;
            for len in 1..=longest {
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
            // Index of positions by value, to pick the last coin of a set by lookup.
            let mut by_value: rustc_hash::FxHashMap<u64, Vec<u64>> = Default::default();
            for y in 1..x {
                by_value.entry(g[y as usize]).or_default().push(y);
            }
            if w == 0 {
                out.push(vec![]);
            }
            // Sets of size s: choose s−1 coins ascending, the last (largest) by lookup.
            let mut complete = true;
            for size in 1..k as u64 {
                let mut stack: Vec<(Vec<u64>, u64)> = vec![(vec![], 0)];
                while let Some((chosen, acc)) = stack.pop() {
                    if chosen.len() as u64 == size - 1 {
                        let from = chosen.last().copied().unwrap_or(0);
                        if let Some(ys) = by_value.get(&(acc ^ w)) {
                            for &y in ys.iter().filter(|&&y| y > from) {
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
                    for y in from..x {
                        let mut s = chosen.clone();
                        s.push(y);
                        stack.push((s, acc ^ g[y as usize]));
                    }
                    if stack.len() > 5_000_000 {
                        complete = false;
                        break;
                    }
                }
            }
            complete
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
                complete &= sets_with_xor(rule, &table, x, w, &mut sets);
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

fn write_coins(c: &[BigUint]) -> String {
    c.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(", ")
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

impl Game for CoinGame {
    fn spec(&self) -> String {
        match self.rule {
            CoinRule::TWINS | CoinRule::MOCK_TURTLES | CoinRule::RULER => self.rule.spec(),
            r => format!("coins:{}", r.spec()),
        }
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        plain_play_only(&self.spec(), options)?;
        let row = Row::parse(words)?;
        let (values, by_theorem) = head_values(&self.rule, &row.heads)?;
        let total = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let (moves, complete) = winning_moves(&self.rule, &row.heads, &values, &total)?;
        let outcome = Outcome::from_grundy_is_zero(total == BigUint::ZERO);
        let method = match (by_theorem, self.rule.theorem_name()) {
            (true, Some(t)) => format!("theorem: {t}; a row's value is the XOR of its single heads' values"),
            _ => "rule: single-head values by the mex over the rule's moves (computed table); a row's value is the XOR of its single heads' values".into(),
        };
        let position = row.after(&[]);
        let mut text = format!(
            "game: {}\nposition: {position}\nplay: normal\noutcome: {} ({}-position)\ngrundy: {total}\nhead values: {}\n",
            self.spec(),
            outcome,
            outcome.letter(),
            row.heads
                .iter()
                .zip(&values)
                .map(|(h, v)| format!("{h}:{v}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
        if moves.is_empty() && total == BigUint::ZERO {
            text.push_str("winning moves: none\n");
        } else {
            text.push_str("winning moves (coins to turn; the last goes heads→tails):\n");
            for m in &moves {
                text.push_str(&format!("  turn {}  -> {}\n", write_coins(m), row.after(m)));
            }
            if !complete {
                text.push_str(&format!(
                    "  (not every winning move is listed: moves are enumerated for heads up to {MAX_ENUMERATED}, at most {MAX_LISTED} of them)\n"
                ));
            }
        }
        text.push_str(&format!("method: {method}"));
        let json = json!({
            "game": self.spec(),
            "position": position,
            "play": "normal",
            "outcome": outcome.as_str(),
            "grundy": total.to_string(),
            "head_values": row.heads.iter().zip(&values).map(|(h, v)| json!({"position": h.to_string(), "value": v.to_string()})).collect::<Vec<_>>(),
            "winning_moves": moves.iter().map(|m| json!({"turn": m.iter().map(|c| c.to_string()).collect::<Vec<_>>(), "after": row.after(m)})).collect::<Vec<_>>(),
            "winning_moves_complete": complete,
            "method": method,
        });
        Ok(Report::new(text, json))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        plain_play_only(&self.spec(), options)?;
        const MAX_MOVES: usize = 10_000;
        let row = Row::parse(words)?;
        let max = row.heads.iter().max().cloned().unwrap_or_default();
        let n = u64::try_from(&max)
            .ok()
            .filter(|&n| n <= MAX_ENUMERATED)
            .ok_or_else(|| {
                Error::unsupported(format!(
                    "head {max} is too far right to list every move; `sprague solve` gives the winning ones"
                ))
            })?;
        let g = self.rule.values(n)?;
        let total = row
            .heads
            .iter()
            .fold(0u64, |a, h| a ^ g[usize::try_from(h).expect("small")]);
        let mut text = String::new();
        let mut list = Vec::new();
        for h in &row.heads {
            let x = u64::try_from(h).expect("small");
            for s in self.rule.moves_at(x) {
                if list.len() >= MAX_MOVES {
                    return Err(Error::unsupported(format!(
                        "more than {MAX_MOVES} moves; `sprague solve` gives the winning ones"
                    )));
                }
                let after = s
                    .iter()
                    .fold(total ^ g[x as usize], |a, &y| a ^ g[y as usize]);
                let mut coins: Vec<BigUint> = s.into_iter().map(BigUint::from).collect();
                coins.push(h.clone());
                let wins = after == 0;
                text.push_str(&format!(
                    "turn {}  -> {}  {} (grundy {after})\n",
                    write_coins(&coins),
                    row.after(&coins),
                    if wins { "winning" } else { "losing" }
                ));
                list.push(json!({"turn": coins.iter().map(|c| c.to_string()).collect::<Vec<_>>(), "position": row.after(&coins), "winning": wins, "grundy": after.to_string()}));
            }
        }
        if list.is_empty() {
            text.push_str("no moves: every coin is tails\n");
        }
        Ok(Report::new(
            text.trim_end().to_string(),
            json!({"game": self.spec(), "position": row.after(&[]), "moves": list}),
        ))
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
        let r = g
            .solve(
                &w("123456789012345678901234567890 5"),
                &SolveOptions::default(),
            )
            .unwrap();
        assert_eq!(r.json["outcome"], "first");
        let moves = r.json["winning_moves"].as_array().unwrap();
        assert!(moves
            .iter()
            .any(|m| m["turn"][1] == "123456789012345678901234567890"));
        let g = CoinGame {
            rule: CoinRule::UpTo(4),
        };
        assert!(g.solve(&w("1000000000"), &SolveOptions::default()).is_err());
    }
}
