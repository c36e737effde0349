//! A11 Euclid's game: two numbers; subtract a positive multiple of the smaller from the
//! larger, keeping it non-negative; whoever makes a 0 wins (so a position with a 0 is over).
//! Theorem (Cole & Davie 1969): with x ≥ y > 0 the mover wins iff x = y or x/y > φ, i.e.
//! iff x = y or x² − xy − y² > 0 — exact in integers.

use super::framework::{small, NumberGame, NumberGameAdapter, Numbers, Shape};
use crate::catalogue::{Entry, Game};
use crate::error::Result;
use crate::impartial::Impartial;
use crate::problems::{tokens::Tokens, Problem};
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
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(crate::error::Error::bad_params(
            "euclid",
            format!("Euclid's game takes no parameters, got `{p}`"),
        ));
    }
    Ok(Box::new(NumberGameAdapter(Euclid)))
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
        build,
    }
}

fn solve_p1290(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P1290", input);
    while !t.at_end() {
        t.next_instance();
        let c = t.count("number of games C", 100_000_000)?;
        for _ in 0..c {
            let m = t.big("M")?;
            let n = t.big("N")?;
            if m == BigUint::ZERO || n == BigUint::ZERO {
                return Err(t.error("M and N must be positive"));
            }
            out.push_str(if mover_wins(&m, &n) {
                "Stan wins\n"
            } else {
                "Ollie wins\n"
            });
        }
    }
    Ok(())
}

/// Luogu P1290: Euclid's game; Stan moves first.
pub const PROBLEM_P1290: Problem = Problem {
    id: "P1290",
    title: "Luogu P1290 Euclid's game (Stan moves first)",
    solve: solve_p1290,
};

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
    fn judge_sample() {
        let mut out = String::new();
        solve_p1290("2\n25 7\n24 15\n", &mut out).unwrap();
        assert_eq!(out, "Stan wins\nOllie wins\n");
    }
}
