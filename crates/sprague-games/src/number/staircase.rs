//! Staircase Nim: coins on stairs 1..n (one component is the whole list c1 … cn); a move
//! takes k ≥ 1 coins from stair i down to stair i − 1 (from stair 1 they leave the game).
//! Theorem: g = XOR of the odd stairs c1, c3, c5, …: a move from an odd stair is a Nim move
//! on it; a move from an even stair adds to an odd stair, and can be undone by moving the
//! same coins on down from that odd stair (coins on even stairs are a reversible detour).
//! Checked against the rules by brute force.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::default_label;
use super::{MoveAt, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Players, Solution};
use num_bigint::BigUint;

/// The rules over coins per stair (index 0 is stair 1).
#[derive(Debug, Clone, Copy, Default)]
pub struct StaircaseRules;

impl Impartial for StaircaseRules {
    type Position = Vec<u64>;
    fn options(&self, c: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..c.len() {
            for k in 1..=c[i] {
                let mut d = c.clone();
                d[i] -= k;
                if i > 0 {
                    d[i - 1] += k;
                }
                out.push(d);
            }
        }
    }
    // Directly: a stair of 10^4 coins has 10^4 options, each a copy of the stairs.
    fn has_moves(&self, c: &Vec<u64>) -> bool {
        c.iter().any(|&x| x > 0)
    }
    fn option_count(&self, c: &Vec<u64>) -> Option<u64> {
        Some(c.iter().fold(0u64, |acc, &x| acc.saturating_add(x)))
    }
}

/// Staircase Nim in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct Staircase;

fn odd_xor(c: &[BigUint]) -> BigUint {
    c.iter().step_by(2).fold(BigUint::ZERO, |a, b| a ^ b)
}

impl NumberGame for Staircase {
    type Rules = StaircaseRules;
    fn spec(&self) -> String {
        "staircase-nim".into()
    }
    fn shape(&self) -> Shape {
        Shape::Groups { arity: None }
    }
    fn rules(&self) -> &StaircaseRules {
        &StaircaseRules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<Vec<u64>> {
        c.iter()
            .map(|n| {
                u64::try_from(n)
                    .ok()
                    .filter(|&v| v <= 1 << 20)
                    .ok_or_else(|| {
                        Error::unsupported(format!("stair of {n} coins is too large to search"))
                    })
            })
            .collect()
    }
    fn to_numbers(&self, p: &Vec<u64>) -> Numbers {
        p.iter().map(|&v| v.into()).collect()
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        // One move per coin that can be moved from each stair: Σ c moves.
        let count: BigUint = c.iter().sum();
        Some(MoveList::bounded(count, max, || {
            let mut out = Vec::new();
            for i in 0..c.len() {
                // Within the bound, so each stair fits a word.
                let coins = u64::try_from(&c[i]).unwrap_or(0);
                for k in 1..=coins {
                    let mut d = c.to_vec();
                    d[i] -= k;
                    if i > 0 {
                        d[i - 1] += k;
                    }
                    out.push(d);
                }
            }
            out
        }))
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        let Some(i) = (0..before.len()).find(|&i| after.get(i) < before.get(i)) else {
            return default_label(self.shape(), at, before, after);
        };
        let k = &before[i] - &after[i];
        let coins = if k == BigUint::from(1u32) {
            "1 coin".to_string()
        } else {
            format!("{k} coins")
        };
        let text = if i == 0 {
            format!("move {coins} from stair 1 off the staircase")
        } else {
            format!("move {coins} from stair {} to stair {i}", i + 1)
        };
        format!("{}{text}", at.prefix())
    }
    fn theorem_name(&self) -> Option<String> {
        Some("staircase Nim: value = XOR of the odd stairs".into())
    }
    fn grundy_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        Some(odd_xor(c))
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        let x = odd_xor(c);
        let mut out = Vec::new();
        for i in 0..c.len() {
            if i % 2 == 0 {
                // Odd stair i+1: leave c_i' = c_i ^ x ^ target coins (moving the rest down).
                let want = &c[i] ^ &x ^ target;
                if want < c[i] {
                    let k = &c[i] - &want;
                    let mut d = c.to_vec();
                    d[i] = want;
                    if i > 0 {
                        d[i - 1] += k;
                    }
                    out.push(d);
                }
            } else {
                // Even stair i+1: move k coins onto odd stair i, raising it to c_(i−1) ^ x ^ target.
                let want = &c[i - 1] ^ &x ^ target;
                if want > c[i - 1] && &want - &c[i - 1] <= c[i] {
                    let k = &want - &c[i - 1];
                    let mut d = c.to_vec();
                    d[i] -= &k;
                    d[i - 1] = want;
                    out.push(d);
                }
            }
        }
        Some(out)
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("staircase-nim", params)?;
    Ok(Box::new(NumberGameAdapter(Staircase)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&Staircase)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "staircase-nim",
        aliases: &["staircase"],
        usage: "staircase-nim C1 C2 ... Cn [+ ...]  (coins on stairs 1..n)",
        summary: "Staircase Nim: move coins one stair down; from stair 1 they leave",
        rules: "Coins on stairs 1..n, written c1 c2 … cn (one component is the whole staircase). A move takes k ≥ 1 coins from one stair i and puts them on stair i − 1; coins moved from stair 1 leave the game. Normal play: whoever cannot move loses.",
        theorem: "The value is the XOR of the odd stairs c1 ^ c3 ^ c5 ^ …: moving coins down from an odd stair is a Nim move there; coins moved from an even stair onto an odd stair can be moved straight on by the opponent, so the even stairs do not count. Winning moves: lower an odd stair to its Nim target, or move coins from an even stair onto the odd stair below to raise it to its target.",
        references: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, 2nd ed., vol. 3, ch. 14 (staircase Nim); R. Sprague (1936), P. M. Grundy (1939).",
        examples: const {
            &[
                Example::normal("staircase-nim", "3 1 4 1 5"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem { check: check_theorem },
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use crate::value::Nimber;

    #[test]
    fn theorem_agrees_with_rules() {
        let mut s = GrundySolver::new(StaircaseRules);
        let mut lists: Vec<Vec<u64>> = vec![vec![]];
        for len in 1..=4usize {
            let max = if len <= 3 { 5 } else { 3 };
            lists = lists
                .iter()
                .flat_map(|l| {
                    (0..=max).map(move |v| {
                        let mut m = l.clone();
                        m.push(v);
                        m
                    })
                })
                .collect();
            for a in &lists {
                let big: Numbers = a.iter().map(|&v| v.into()).collect();
                let v = s.grundy(a).unwrap().value();
                assert_eq!(
                    Staircase.grundy_theorem(&big).unwrap(),
                    BigUint::from(v),
                    "{a:?}"
                );
                for t in 0..8u64 {
                    let mut expect: Vec<Numbers> = s
                        .moves_to_value(a, Nimber(t))
                        .unwrap()
                        .iter()
                        .map(|p| Staircase.to_numbers(p))
                        .collect();
                    let mut got = Staircase.moves_to_value_theorem(&big, &t.into()).unwrap();
                    expect.sort();
                    got.sort();
                    assert_eq!(got, expect, "{a:?} target {t}");
                }
            }
        }
    }
}
