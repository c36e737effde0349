//! Sorted piles (Luogu P4702): piles a1 ≤ a2 ≤ … ≤ an; a move takes one stone from a
//! pile i with a_i > a_(i−1) (a_0 = 0), so the list stays non-decreasing.
//! Theorem: every non-empty position has a move (the first non-empty pile) and each move
//! removes one stone, so every play lasts exactly Σa moves; hence g = Σa mod 2 (all options
//! have the other parity) and the first player wins iff Σa is odd. From a winning position
//! every move wins.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::default_label;
use super::{MisereVerdict, MoveAt, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Players, Solution};
use crate::value::Outcome;
use num_bigint::BigUint;

/// The rules over a non-decreasing list of piles.
#[derive(Debug, Clone, Copy, Default)]
pub struct SortedPilesRules;

impl Impartial for SortedPilesRules {
    type Position = Vec<u64>;
    fn options(&self, a: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..a.len() {
            let prev = if i == 0 { 0 } else { a[i - 1] };
            if a[i] > prev {
                let mut b = a.clone();
                b[i] -= 1;
                out.push(b);
            }
        }
    }
}

/// Sorted piles in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct SortedPiles;

fn sum(c: &[BigUint]) -> BigUint {
    c.iter().sum()
}

/// Every option of a non-decreasing list of any length: one stone off each pile that is
/// larger than the pile before it.
pub fn options_big(c: &[BigUint]) -> Vec<Numbers> {
    let mut out = Vec::new();
    for i in 0..c.len() {
        let bigger = if i == 0 {
            c[i] > BigUint::ZERO
        } else {
            c[i] > c[i - 1]
        };
        if bigger {
            let mut b = c.to_vec();
            b[i] -= 1u32;
            out.push(b);
        }
    }
    out
}

impl NumberGame for SortedPiles {
    type Rules = SortedPilesRules;
    fn spec(&self) -> String {
        "sorted-piles".into()
    }
    fn shape(&self) -> Shape {
        Shape::Groups { arity: None }
    }
    fn rules(&self) -> &SortedPilesRules {
        &SortedPilesRules
    }
    fn validate(&self, c: &[BigUint]) -> Result<()> {
        if let Some(i) = (1..c.len()).find(|&i| c[i] < c[i - 1]) {
            return Err(Error::invalid(format!(
                "sorted piles must be non-decreasing, but pile {} ({}) is smaller than pile {} ({})",
                i + 1,
                c[i],
                i,
                c[i - 1]
            )));
        }
        Ok(())
    }
    fn to_position(&self, c: &[BigUint]) -> Result<Vec<u64>> {
        c.iter()
            .map(|n| {
                u64::try_from(n)
                    .ok()
                    .filter(|&v| v <= 1 << 20)
                    .ok_or_else(|| Error::unsupported(format!("pile {n} is too large to search")))
            })
            .collect()
    }
    fn to_numbers(&self, p: &Vec<u64>) -> Numbers {
        p.iter().map(|&v| v.into()).collect()
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        // One move per pile larger than the pile before it.
        let count = (0..c.len())
            .filter(|&i| {
                if i == 0 {
                    c[0] > BigUint::ZERO
                } else {
                    c[i] > c[i - 1]
                }
            })
            .count();
        Some(MoveList::bounded(count, max, || options_big(c)))
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        match (0..before.len()).find(|&i| after.get(i) < before.get(i)) {
            Some(i) => format!("{}take 1 from pile {}", at.prefix(), i + 1),
            None => default_label(self.shape(), at, before, after),
        }
    }
    fn theorem_name(&self) -> Option<String> {
        Some("every play lasts exactly Σa moves: value Σa mod 2".into())
    }
    fn grundy_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        Some(sum(c) % 2u32)
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        let s = sum(c);
        if s == BigUint::ZERO {
            return Some(vec![]);
        }
        // Every option has value (Σa − 1) mod 2.
        Some(if (s - 1u32) % 2u32 == *target {
            options_big(c)
        } else {
            vec![]
        })
    }
    fn misere_theorem(&self, comps: &[Numbers]) -> Option<MisereVerdict> {
        Some(misere_verdict(comps))
    }
}

/// Misère play of a sum of sorted-pile games: every play of the sum lasts exactly the total
/// number of stones T, so the player to move makes the last move (and loses) iff T is odd;
/// with T even every move wins (with T = 0 the mover cannot move and wins).
pub fn misere_verdict(comps: &[Numbers]) -> MisereVerdict {
    let total: BigUint = comps.iter().map(|c| sum(c)).sum();
    let first = (&total % 2u32) == BigUint::ZERO;
    let mut winning_moves = Vec::new();
    if first {
        for (i, c) in comps.iter().enumerate() {
            if !comps[..i].contains(c) {
                winning_moves.extend(options_big(c).into_iter().map(|m| (i, m)));
            }
        }
    }
    MisereVerdict {
        outcome: if first { Outcome::First } else { Outcome::Second },
        winning_moves,
        theorem: "every play lasts exactly as many moves as there are stones: the player to move wins misère play iff that number is even".into(),
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("sorted-piles", params)?;
    Ok(Box::new(NumberGameAdapter(SortedPiles)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&SortedPiles)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "sorted-piles",
        aliases: &[],
        usage: "sorted-piles A1 A2 ... An [+ ...]  (A1 ≤ A2 ≤ ... ≤ An)",
        summary: "Sorted piles: take one stone, keeping the piles non-decreasing (Luogu P4702)",
        rules: "Piles a1 ≤ a2 ≤ … ≤ an (one component is the whole list). A move takes one stone from a pile i with a_i > a_(i−1), where a_0 = 0, so the list stays non-decreasing. Normal play: whoever cannot move loses.",
        theorem: "A non-empty position always has a move (the first non-empty pile) and every move removes exactly one stone, so every play lasts exactly Σa moves: the first player wins iff Σa is odd, the Grundy value is Σa mod 2, and from a winning position every move wins. Misère (also for sums): the player to move wins iff the total number of stones is even.",
        references: "Luogu P4702 取石子 (Alice moves first).",
        examples: const {
            &[
                Example::normal("sorted-piles", "1 2 2 5"),
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

    fn sorted_lists(len: usize, max: u64) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for _ in 0..len {
            let mut next = Vec::new();
            for l in &all {
                let lo = l.last().copied().unwrap_or(0);
                for v in lo..=max {
                    let mut m = l.clone();
                    m.push(v);
                    next.push(m);
                }
            }
            all = next;
        }
        all
    }

    #[test]
    fn theorem_agrees_with_rules() {
        let mut s = GrundySolver::new(SortedPilesRules);
        for len in 1..=4 {
            for a in sorted_lists(len, 5) {
                let big: Numbers = a.iter().map(|&v| v.into()).collect();
                let v = s.grundy(&a).unwrap().value();
                assert_eq!(
                    SortedPiles.grundy_theorem(&big).unwrap(),
                    BigUint::from(v),
                    "{a:?}"
                );
                for t in 0..3u64 {
                    let mut expect: Vec<Numbers> = s
                        .moves_to_value(&a, Nimber(t))
                        .unwrap()
                        .iter()
                        .map(|p| SortedPiles.to_numbers(p))
                        .collect();
                    let mut got = SortedPiles.moves_to_value_theorem(&big, &t.into()).unwrap();
                    expect.sort();
                    got.sort();
                    assert_eq!(got, expect, "{a:?} target {t}");
                }
            }
        }
    }

    #[test]
    fn misere_theorem_agrees_with_exact_search() {
        use crate::impartial::MisereSolver;
        use crate::limits::Limits;
        let mut s = MisereSolver::new(SortedPilesRules, Limits::default());
        let small: Vec<Vec<u64>> = (1..=3).flat_map(|l| sorted_lists(l, 3)).collect();
        for a in &small {
            for b in small.iter().take(12) {
                let comps = vec![a.clone(), b.clone()];
                let big: Vec<Numbers> = comps.iter().map(|c| SortedPiles.to_numbers(c)).collect();
                let v = misere_verdict(&big);
                assert_eq!(
                    v.outcome == Outcome::First,
                    s.first_player_wins(&comps).unwrap(),
                    "{comps:?}"
                );
                let mut expect: Vec<(usize, Numbers)> = s
                    .winning_moves(&comps)
                    .unwrap()
                    .into_iter()
                    .map(|(i, p)| (i, SortedPiles.to_numbers(&p)))
                    .collect();
                let mut got = v.winning_moves;
                expect.sort();
                got.sort();
                assert_eq!(got, expect, "{comps:?}");
            }
        }
    }

    #[test]
    fn order_is_validated() {
        let g = crate::interface::testing::game_of(&[entry()], "sorted-piles").unwrap();
        let err = g
            .solve(&["1 3 2".into()], &Default::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("non-decreasing") && err.contains("pile 3"),
            "{err}"
        );
        let v = g
            .moves(
                &["1 2 100000000000000000000000000000".into()],
                &Default::default(),
            )
            .unwrap();
        assert_eq!(v.outcome, crate::interface::Winner::First);
        // Every move wins: every play lasts exactly Σa moves.
        assert_eq!(v.moves.len(), 3);
        assert!(v.moves.iter().all(|m| m.winning));
    }
}
