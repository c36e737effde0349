//! Misère sums of heaps of several games, through a misère quotient.
//!
//! Misère quotients of different games do not combine: the quotient of a sum of heaps of
//! games `A` and `B` is not the product of theirs (misère play has no Sprague–Grundy
//! theorem), so nothing is read off two separate quotients. What is sound:
//!
//! - heaps of games with the same rules (`kayles` and `octal:0.77`) are heaps of one game,
//!   decided by its quotient, periodic or bounded;
//! - heaps of different games are heaps of their *union*, a heap game whose heap
//!   `k·h + i` is heap `h` of game `i` (a move of game `i` leaves heaps of game `i`, each
//!   smaller, so the encoding is a heap game). Its quotient is computed like any other,
//!   but the union has no take-and-break rules, so it stays bounded: it decides the sums
//!   of the heaps it covers, and a sum beyond its bound or its size is refused, saying so.

use super::game::QuotientGame;
use serde::Serialize;
use sprague_core::error::{Error, Result};
use sprague_core::limits::Limits;
use sprague_core::quotient::{HeapGame, HeapOptions, QuotientConfig, QuotientSolver, SplitRule};
use sprague_core::value::Outcome;

/// The largest heap of the union game computed for a sum of several games (`k·h + i` for
/// heap `h` of game `i` of `k`).
pub const UNION_HEAPS: u64 = 2_048;
/// The largest heap of one game computed looking for a period.
pub const ONE_GAME_HEAPS: u64 = 5_000;

/// The misère outcome of a sum, and the quotient that decided it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumOutcome {
    /// The sum, as the command line writes it (`kayles 3 4 + octal:0.75 5`).
    pub sum: String,
    /// Always `misere`: the play the quotient answers.
    pub play: &'static str,
    /// Who wins.
    pub outcome: Outcome,
    /// The quotient used, in words: its game, order and extent.
    pub method: String,
}

/// The union of several heap games (see the module comment).
struct Union<'a> {
    games: &'a [&'a QuotientGame],
}

impl HeapGame for Union<'_> {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        let k = self.games.len() as u64;
        let (h, i) = (n / k, (n % k) as usize);
        let mut own = HeapOptions::new();
        self.games[i].options(h, &mut own);
        let mut parts = Vec::new();
        for o in own.iter() {
            parts.clear();
            // Heaps of game i stay heaps of game i; their codes are below n (each h' < h).
            parts.extend(
                o.iter()
                    .map(|&m| m.saturating_mul(k).saturating_add(i as u64)),
            );
            out.push(&parts);
        }
    }
}

/// Whether two games have the same moves from every heap (the same take-and-break rules),
/// so that their heaps are heaps of one game.
fn same_rules(a: &QuotientGame, b: &QuotientGame) -> bool {
    let (Some(ra), Some(rb)) = (a.rules(), b.rules()) else {
        return a.spec() == b.spec();
    };
    let norm = |mut r: Vec<SplitRule>| {
        r.sort_unstable();
        r.dedup();
        r
    };
    norm(ra) == norm(rb)
}

/// The sum as the command line writes it: each game's spec and its heaps, joined by `+`.
fn sum_text(parts: &[(QuotientGame, Vec<u64>)]) -> String {
    parts
        .iter()
        .map(|(g, hs)| {
            std::iter::once(g.spec().to_string())
                .chain(hs.iter().map(u64::to_string))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" + ")
}

/// The misère outcome of the sum of `parts` (each a game and its heaps) through a quotient
/// that covers them, within `limits`; refused, saying why, where no quotient does.
pub fn misere_sum(parts: &[(QuotientGame, Vec<u64>)], limits: &Limits) -> Result<SumOutcome> {
    let mut games: Vec<&QuotientGame> = Vec::new();
    let mut heaps: Vec<(usize, u64)> = Vec::new();
    for (g, hs) in parts {
        let i = match games.iter().position(|x| same_rules(x, g)) {
            Some(i) => i,
            None => {
                games.push(g);
                games.len() - 1
            }
        };
        heaps.extend(hs.iter().map(|&h| (i, h)));
    }
    let Some(&first) = games.first() else {
        return Err(Error::invalid("a sum needs at least one game"));
    };
    let outcome = |is_p: bool| {
        if is_p {
            Outcome::Second
        } else {
            Outcome::First
        }
    };
    if games.len() == 1 {
        let max = heaps.iter().map(|&(_, h)| h).max().unwrap_or(0);
        let mut s = QuotientSolver::new(first, QuotientConfig::default())?;
        match first.finish(s.run(max.min(ONE_GAME_HEAPS), limits)) {
            Ok(()) => {}
            Err(Error::Limit { what, limit }) => {
                return Err(Error::unsupported(format!(
                    "the misère quotient of `{}` outgrows its bounds after heap {}: {what} (limit {limit}); `sprague solve {} ... --misere` searches the sum instead",
                    first.spec(),
                    s.bound(),
                    first.spec()
                )))
            }
            Err(e) => return Err(e),
        }
        let q = s.quotient();
        let hs: Vec<u64> = heaps.iter().map(|&(_, h)| h).collect();
        let x = q.element_of(&hs)?;
        return Ok(SumOutcome {
            sum: sum_text(parts),
            play: "misere",
            outcome: outcome(q.is_p(x)),
            method: format!(
                "the misère quotient of `{}` (|Q| = {}, {})",
                first.spec(),
                q.order(),
                match q.period() {
                    Some(p) => format!("period {} from heap {}, proven", p.period, p.preperiod),
                    None => format!("bounded: heaps up to {}", q.bound()),
                }
            ),
        });
    }
    let k = games.len() as u64;
    let names: Vec<String> = games.iter().map(|g| format!("`{}`", g.spec())).collect();
    let cannot = |why: String| {
        Error::unsupported(format!(
            "a misère sum of heaps of {} cannot be combined from their own quotients (misère quotients of different games do not multiply); {why}",
            names.join(" and ")
        ))
    };
    let codes: Vec<u64> = heaps
        .iter()
        .map(|&(i, h)| h.checked_mul(k).and_then(|c| c.checked_add(i as u64)))
        .collect::<Option<_>>()
        .unwrap_or_else(|| vec![u64::MAX]);
    let max = codes.iter().copied().max().unwrap_or(0);
    if max > UNION_HEAPS {
        return Err(cannot(format!(
            "the quotient of their union is computed only for sums whose heaps h of the i-th of the {k} games have {k}·h + i ≤ {UNION_HEAPS}"
        )));
    }
    let union = Union { games: &games };
    let mut s = QuotientSolver::new(&union, QuotientConfig::default())?;
    let mut r = s.run(max, limits);
    for g in &games {
        r = g.finish(r);
    }
    match r {
        Ok(()) => {}
        Err(Error::Limit { what, limit }) => {
            return Err(cannot(format!(
                "the quotient of their union outgrows its bounds before heap {max}: {what} (limit {limit})"
            )))
        }
        Err(e) => return Err(e),
    }
    let q = s.quotient();
    let x = q.element_of(&codes)?;
    Ok(SumOutcome {
        sum: sum_text(parts),
        play: "misere",
        outcome: outcome(q.is_p(x)),
        method: format!(
            "the misère quotient of the union of {} (|Q| = {}, bounded: verified for the sums of the heaps present)",
            names.join(" and "),
            q.order()
        ),
    })
}
