//! Nim: heaps; a move takes any positive number of stones from one heap.
//! Theorem (Bouton 1901): g(n) = n, so a position's value is the XOR of its heaps.
//! Misère (Bouton): the mover wins iff (XOR ≠ 0 and some heap > 1) or
//! (XOR = 0 and no heap > 1).

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::take_label;
use super::{small, MisereVerdict, MoveAt, MoveList, NumberGame, Numbers, Shape};
use crate::error::Result;
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Play, Players, Solution};
use crate::value::Outcome;
use num_bigint::BigUint;

/// The rules of one Nim heap.
#[derive(Debug, Clone, Copy, Default)]
pub struct NimRules;

impl Impartial for NimRules {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        out.extend((0..n).rev());
    }
    fn has_moves(&self, &n: &u64) -> bool {
        n > 0
    }
    fn option_count(&self, &n: &u64) -> Option<u64> {
        Some(n)
    }
}

/// Nim in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

impl NumberGame for Nim {
    type Rules = NimRules;
    fn spec(&self) -> String {
        "nim".into()
    }
    fn shape(&self) -> Shape {
        Shape::Heaps
    }
    fn rules(&self) -> &NimRules {
        &NimRules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<u64> {
        small(&c[0], "heap")
    }
    fn to_numbers(&self, &p: &u64) -> Numbers {
        vec![p.into()]
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        Some(MoveList::bounded(c[0].clone(), max, || {
            // Within the bound, so the heap fits a word.
            let n = u64::try_from(&c[0]).unwrap_or(0);
            (0..n).rev().map(|m| vec![m.into()]).collect()
        }))
    }
    fn first_moves(&self, c: &[BigUint], k: usize) -> Option<Vec<Numbers>> {
        // n − 1, n − 2, …: the order of `list_moves`.
        let n = &c[0];
        Some(
            (1..=k as u64)
                .map(BigUint::from)
                .take_while(|s| s <= n)
                .map(|s| vec![n - s])
                .collect(),
        )
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        take_label(at, before, after)
    }
    fn theorem_name(&self) -> Option<String> {
        Some("Bouton: a heap of n has value n; values add by XOR".into())
    }
    fn grundy_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        Some(c[0].clone())
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        Some(if target < &c[0] {
            vec![vec![target.clone()]]
        } else {
            vec![]
        })
    }
    fn every_step_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        // A heap is won at once by taking it all (step 1); the empty heap has step 0.
        Some(BigUint::from(u8::from(c[0] != BigUint::ZERO)))
    }
    fn every_moves_theorem(&self, c: &[BigUint]) -> Option<Vec<Numbers>> {
        Some(if c[0] == BigUint::ZERO {
            vec![]
        } else {
            vec![vec![BigUint::ZERO]]
        })
    }
    fn every_theorem_name(&self) -> Option<String> {
        Some("a non-empty heap has step 1 (take it all)".into())
    }
    fn misere_theorem(&self, comps: &[Numbers]) -> Option<MisereVerdict> {
        let heaps: Vec<&BigUint> = comps.iter().map(|c| &c[0]).collect();
        let (outcome, winning_moves) = misere_nim(&heaps);
        Some(MisereVerdict {
            outcome,
            winning_moves,
            theorem: "Bouton's misère Nim: play as in Nim until every heap is at most 1, then leave an odd number of 1-heaps".into(),
        })
    }
}

/// Misère Nim outcome and every winning move, by Bouton's rule.
pub fn misere_nim(heaps: &[&BigUint]) -> (Outcome, Vec<(usize, Numbers)>) {
    let one = BigUint::from(1u32);
    let wins = |hs: &dyn Fn(usize) -> BigUint| -> bool {
        let mut x = BigUint::ZERO;
        let mut big = false;
        for i in 0..heaps.len() {
            let h = hs(i);
            big |= h > one;
            x ^= &h;
        }
        if big {
            x != BigUint::ZERO
        } else {
            x == BigUint::ZERO
        }
    };
    let first = wins(&|i| heaps[i].clone());
    let mut moves = Vec::new();
    if first {
        // A winning move leaves a losing position. Candidates per heap: the Nim target, and
        // the sizes 0 and 1 (the endgame switch); checking each candidate keeps this exact.
        let x = heaps.iter().fold(BigUint::ZERO, |a, b| a ^ *b);
        for (i, h) in heaps.iter().enumerate() {
            if heaps[..i].contains(h) {
                continue;
            }
            let mut cands = vec![&x ^ *h, BigUint::ZERO, one.clone()];
            cands.sort();
            cands.dedup();
            for c in cands {
                if &c < *h && !wins(&|j| if j == i { c.clone() } else { heaps[j].clone() }) {
                    moves.push((i, vec![c]));
                }
            }
        }
    }
    (
        if first {
            Outcome::First
        } else {
            Outcome::Second
        },
        moves,
    )
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("nim", params)?;
    Ok(Box::new(NumberGameAdapter(Nim)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&Nim)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "nim",
        aliases: &[],
        usage: "nim HEAP...",
        summary: "Nim: take any number of stones from one heap",
        rules: "Heaps of stones. A move takes any positive number of stones from one heap. Under normal play the player who takes the last stone wins; under misère play (--misere) that player loses.",
        theorem: "A heap of n stones has Grundy value n and a position's value is the XOR (nim-sum) of its heaps: the player to move loses exactly when the XOR is 0. Misère: the player to move wins iff (XOR ≠ 0 and some heap > 1) or (XOR = 0 and every heap ≤ 1).",
        references: "C. L. Bouton, Nim, a game with a complete mathematical theory, Annals of Mathematics 3 (1901–02) 35–39.",
        examples: const {
            &[
                Example::plays("nim", "3 4 5", &[Play::Normal, Play::Misere, Play::Every]),
                Example::normal("nim", "1 1"),
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
    use crate::impartial::{GrundySolver, MisereSolver};
    use crate::limits::Limits;

    #[test]
    fn theorem_agrees_with_rules() {
        let mut s = GrundySolver::new(NimRules);
        for n in 0..64u64 {
            assert_eq!(
                Nim.grundy_theorem(&[n.into()]).unwrap(),
                BigUint::from(s.grundy(&n).unwrap().value())
            );
        }
    }

    #[test]
    fn every_step_agrees_with_search() {
        use sprague_core::compound::EverySolver;
        let mut s = EverySolver::new(NimRules, Limits::default());
        for n in 0..40u64 {
            let c = [BigUint::from(n)];
            assert_eq!(
                Nim.every_step_theorem(&c).unwrap(),
                BigUint::from(s.step(&n).unwrap())
            );
            let expect: Vec<Numbers> = s
                .strategy_moves(&n)
                .unwrap()
                .iter()
                .map(|&o| vec![o.into()])
                .collect();
            assert_eq!(Nim.every_moves_theorem(&c).unwrap(), expect);
        }
    }

    #[test]
    fn misere_theorem_agrees_with_search() {
        let mut s = MisereSolver::new(NimRules, Limits::default());
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..5u64 {
                    let hs = [a, b, c];
                    let big: Vec<BigUint> = hs.iter().map(|&h| h.into()).collect();
                    let refs: Vec<&BigUint> = big.iter().collect();
                    let (outcome, moves) = misere_nim(&refs);
                    assert_eq!(
                        outcome == Outcome::First,
                        s.first_player_wins(&hs).unwrap(),
                        "{hs:?}"
                    );
                    let mut expect: Vec<(usize, Numbers)> = s
                        .winning_moves(&hs)
                        .unwrap()
                        .into_iter()
                        .map(|(i, p)| (i, vec![p.into()]))
                        .collect();
                    let mut got = moves;
                    expect.sort();
                    got.sort();
                    assert_eq!(got, expect, "{hs:?}");
                }
            }
        }
    }
}
