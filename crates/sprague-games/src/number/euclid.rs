//! Euclid's game: two numbers; subtract a positive multiple of the smaller from the
//! larger, keeping it non-negative; whoever makes a 0 wins (so a position with a 0 is over).
//! Theorem (Cole & Davie 1969): with x ≥ y > 0 the mover wins iff x = y or x/y > φ, i.e.
//! iff x = y or x² − xy − y² > 0 — exact in integers.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::default_label;
use super::{small, MoveAt, MoveList, NumberGame, Numbers, Shape};
use crate::error::Result;
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Picture, Play, Players, Solution};
use crate::value::Outcome;
use num_bigint::BigUint;
use num_integer::Integer;

/// The rules: a position is the pair as written; a pair containing 0 is terminal.
#[derive(Debug, Clone, Copy, Default)]
pub struct EuclidRules;

impl Impartial for EuclidRules {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        if a == 0 || b == 0 {
            return;
        }
        if a >= b {
            out.extend((1..=a / b).map(|k| (a - k * b, b)));
        } else {
            out.extend((1..=b / a).map(|k| (a, b - k * a)));
        }
    }
    // Directly: a pair (10^9, 1) has 10^9 options, which the default would list.
    fn has_moves(&self, &(a, b): &(u64, u64)) -> bool {
        a > 0 && b > 0
    }
    fn option_count(&self, &(a, b): &(u64, u64)) -> Option<u64> {
        Some(match (a, b) {
            (0, _) | (_, 0) => 0,
            _ => a.max(b) / a.min(b),
        })
    }
}

/// True when the player to move wins the pair (x, y) (Cole–Davie).
pub fn mover_wins(x: &BigUint, y: &BigUint) -> bool {
    let (x, y) = if x >= y { (x, y) } else { (y, x) };
    if y == &BigUint::ZERO {
        return false;
    }
    // x² − xy − y² > 0  ⇔  x² > y(x + y)
    x == y || x * x > y * (x + y)
}

/// Every winning move from (x, y), as the pair after the move in the order given.
/// Options with quotient ≥ 2 left are always winning for the opponent (ratio ≥ 2 > φ), so
/// only the two smallest results can be P-positions, and exactly one of them is when q ≥ 2.
pub fn winning_moves(x: &BigUint, y: &BigUint) -> Vec<Numbers> {
    if x == &BigUint::ZERO || y == &BigUint::ZERO {
        return vec![];
    }
    let swap = x < y;
    let (big, small) = if swap { (y, x) } else { (x, y) };
    let (q, r) = big.div_rem(small);
    let mut cands = vec![r.clone()];
    if q >= BigUint::from(2u32) {
        cands.push(&r + small);
    }
    cands
        .into_iter()
        .filter(|nb| !mover_wins(nb, small))
        .map(|nb| {
            if swap {
                vec![small.clone(), nb]
            } else {
                vec![nb, small.clone()]
            }
        })
        .collect()
}

/// Every-move play (docs/theory.md#every-sg; HDU 3595 "GG and MM"): the step of (x, y) and whether
/// the mover wins it alone, in O(log) big-number divisions along the Euclid chain.
///
/// With x ≥ y > 0, q = ⌊x/y⌋, r = x mod y, the options are (r + jy, y) for j = 0..q−1, and
/// Y = (y, r) is the next pair of the chain. Options with j ≥ 2 are wins for their mover
/// (ratio ≥ 2 > φ), and (r + y, y) has the single option Y. Hence:
/// - q = 1: the single option is Y: step = 1 + step(Y), and the mover wins iff Y is lost;
/// - q ≥ 2: the mover wins; the only option of value 0 is Y when Y is lost (step = 1 +
///   step(Y)), else (r + y, y), which is lost (step = 2 + step(Y)).
///
/// The chain ends at a pair with a 0 (terminal: step 0, lost). Folding the quotients from
/// the end gives the step. A step is odd exactly when the mover wins the pair.
pub fn every_step(x: &BigUint, y: &BigUint) -> (u64, bool) {
    // Only whether each quotient is 1 matters.
    let mut quotient_is_one: Vec<bool> = Vec::new();
    let (mut a, mut b) = if x >= y {
        (x.clone(), y.clone())
    } else {
        (y.clone(), x.clone())
    };
    while b != BigUint::ZERO {
        let (q, r) = a.div_rem(&b);
        quotient_is_one.push(q == BigUint::from(1u32));
        a = b;
        b = r;
    }
    let (mut step, mut wins) = (0u64, false);
    for &one in quotient_is_one.iter().rev() {
        if one {
            step += 1;
            wins = !wins;
        } else {
            step += if wins { 2 } else { 1 };
            wins = true;
        }
    }
    (step, wins)
}

/// The options of (x, y) that follow the every-move step strategy (see [`every_step`]):
/// the single option when q = 1, the unique losing option when q ≥ 2. Empty at a terminal.
pub fn every_moves(x: &BigUint, y: &BigUint) -> Vec<Numbers> {
    if x == &BigUint::ZERO || y == &BigUint::ZERO {
        return vec![];
    }
    let swap = x < y;
    let (big, small) = if swap { (y, x) } else { (x, y) };
    if big < &(small + small) {
        let r = big - small;
        return vec![if swap {
            vec![small.clone(), r]
        } else {
            vec![r, small.clone()]
        }];
    }
    winning_moves(x, y)
}

/// Euclid's game in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct Euclid;

impl NumberGame for Euclid {
    type Rules = EuclidRules;
    fn spec(&self) -> String {
        "euclid".into()
    }
    fn shape(&self) -> Shape {
        Shape::Groups { arity: Some(2) }
    }
    fn rules(&self) -> &EuclidRules {
        &EuclidRules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<(u64, u64)> {
        Ok((small(&c[0], "number")?, small(&c[1], "number")?))
    }
    fn to_numbers(&self, &(a, b): &(u64, u64)) -> Numbers {
        vec![a.into(), b.into()]
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        let (x, y) = (&c[0], &c[1]);
        if x == &BigUint::ZERO || y == &BigUint::ZERO {
            return Some(MoveList::Listed(vec![]));
        }
        let swap = x < y;
        let (big, small) = if swap { (y, x) } else { (x, y) };
        let q = big / small;
        Some(MoveList::bounded(q.clone(), max, || {
            let q = u64::try_from(&q).unwrap_or(0);
            (1..=q)
                .map(|j| {
                    let nb = big - small * j;
                    if swap {
                        vec![small.clone(), nb]
                    } else {
                        vec![nb, small.clone()]
                    }
                })
                .collect()
        }))
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        // One number goes down by a multiple of the other, which stays.
        let changed = (0..2).find(|&i| after[i] < before[i]);
        let Some(i) = changed.filter(|&i| after[1 - i] == before[1 - i]) else {
            return default_label(self.shape(), at, before, after);
        };
        let (from, by) = (&before[i], &before[1 - i]);
        let j = (from - &after[i]) / by;
        let times = if j == BigUint::from(1u32) {
            by.to_string()
        } else {
            format!("{j} × {by}")
        };
        format!("{}subtract {times} from {from}", at.prefix())
    }
    fn theorem_name(&self) -> Option<String> {
        Some("Cole–Davie: with x ≥ y the mover wins iff x = y or x² − xy − y² > 0".into())
    }
    fn outcome_theorem(&self, c: &[BigUint]) -> Option<Outcome> {
        Some(if mover_wins(&c[0], &c[1]) {
            Outcome::First
        } else {
            Outcome::Second
        })
    }
    fn winning_moves_theorem(&self, c: &[BigUint]) -> Option<Vec<Numbers>> {
        Some(winning_moves(&c[0], &c[1]))
    }
    fn every_step_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        Some(every_step(&c[0], &c[1]).0.into())
    }
    fn every_moves_theorem(&self, c: &[BigUint]) -> Option<Vec<Numbers>> {
        Some(every_moves(&c[0], &c[1]))
    }
    fn every_theorem_name(&self) -> Option<String> {
        Some("the Euclid chain (step += 1 for a quotient 1; for a quotient ≥ 2, += 1 if the rest of the chain is lost, += 2 if it is won)".into())
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("euclid", params)?;
    Ok(Box::new(NumberGameAdapter(Euclid)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&Euclid)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "euclid",
        aliases: &[],
        usage: "euclid X Y [+ X Y ...]",
        summary: "Euclid's game: subtract a multiple of the smaller number from the larger",
        rules: "Two non-negative numbers. A move subtracts a positive multiple of the smaller from the larger, leaving it non-negative. The player who makes a 0 wins (a pair containing 0 is a finished game).",
        theorem: "With x ≥ y > 0, the player to move wins iff x = y or x/y > φ (the golden ratio), decided exactly as x² − xy − y² > 0. From a winning position with q = ⌊x/y⌋ ≥ 2, exactly one of (x mod y, y) and (x mod y + y, y) is a losing position to move to.",
        references: "A. J. Cole and A. J. T. Davie, A game based on the Euclidean algorithm and a winning strategy for it, Math. Gazette 53 (1969) 354–357.",
        examples: const {
            &[
                Example::normal("euclid", "25 7"),
                Example::plays("euclid", "25 7 + 3 2", &[Play::Every]),
                Example::plays("euclid", "5 3 + 2 1", &[Play::Misere]),
            ]
        },
        editor: Editor::Text,
        players: Players::Impartial,
        pictures: &[Picture::PPositions],
        solution: Solution::Theorem { check: check_theorem },
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;

    #[test]
    fn theorem_agrees_with_rules_on_small_pairs() {
        let mut s = GrundySolver::new(EuclidRules);
        for a in 0..60u64 {
            for b in 0..60u64 {
                let expect = s.outcome(&(a, b)).unwrap() == Outcome::First;
                assert_eq!(mover_wins(&a.into(), &b.into()), expect, "({a}, {b})");
                let mut wm: Vec<Numbers> = s
                    .winning_moves(&(a, b))
                    .unwrap()
                    .iter()
                    .map(|&(x, y)| vec![x.into(), y.into()])
                    .collect();
                let mut got = winning_moves(&a.into(), &b.into());
                wm.sort();
                got.sort();
                assert_eq!(got, wm, "({a}, {b})");
            }
        }
    }

    #[test]
    fn every_step_agrees_with_the_generic_search() {
        use crate::limits::Limits;
        use sprague_core::compound::EverySolver;
        let mut s = EverySolver::new(EuclidRules, Limits::default());
        for a in 0..70u64 {
            for b in 0..70u64 {
                let (step, wins) = every_step(&a.into(), &b.into());
                assert_eq!(step, s.step(&(a, b)).unwrap(), "({a}, {b})");
                assert_eq!(wins, mover_wins(&a.into(), &b.into()), "({a}, {b})");
                assert_eq!(step % 2 == 1, wins, "({a}, {b})");
                let mut expect: Vec<Numbers> = s
                    .strategy_moves(&(a, b))
                    .unwrap()
                    .iter()
                    .map(|&(x, y)| vec![x.into(), y.into()])
                    .collect();
                let mut got = every_moves(&a.into(), &b.into());
                expect.sort();
                got.sort();
                assert_eq!(got, expect, "({a}, {b})");
            }
        }
        // Huge pairs: consecutive Fibonacci numbers make the longest chains.
        let (mut f0, mut f1) = (BigUint::from(1u32), BigUint::from(2u32));
        for _ in 0..300 {
            let f2 = &f0 + &f1;
            f0 = f1;
            f1 = f2;
        }
        let (step, wins) = every_step(&f1, &f0);
        assert_eq!(step % 2 == 1, wins);
        assert_eq!(wins, mover_wins(&f1, &f0));
        assert!(step > 300);
    }
}
