//! The check behind every number game that claims a theorem (its entry's
//! `Solution::Theorem`): each closed form the game gives is compared with the engine's
//! search of the game's rules on every small component (and misère closed forms on every
//! sum of two small components). The rules and the theorem are written independently, so
//! agreement on all of them is evidence for both.

use crate::compound::EverySolver;
use crate::impartial::{GrundySolver, Impartial, MisereSolver};
use crate::limits::Limits;
use crate::number::{NumberGame, Numbers, Shape};
use crate::value::Outcome;
use num_bigint::BigUint;

/// Heaps checked for games whose components are single heaps: `0..=HEAPS`.
const HEAPS: u64 = 40;
/// Components that are groups of numbers are checked on every group with this many
/// members at most...
const GROUP_LEN: usize = 3;
/// ...and about this many groups in all (the range of each number is sized to fit).
const GROUPS: usize = 700;
/// Misère sums are checked on pairs of the first components (by size) up to this many.
const MISERE_COMPONENTS: usize = 24;

/// Compares `game`'s theorems with the engine on its small components; returns how many
/// comparisons were made, or the first disagreement.
pub fn theorem_against_search<G: NumberGame>(game: &G) -> Result<u64, String>
where
    <G::Rules as Impartial>::Position: Ord,
{
    let components = small_components(game);
    let rules = game.rules();
    let mut grundy = GrundySolver::new(rules);
    let mut every = EverySolver::new(rules, Limits::default());
    let mut compared = 0u64;
    let spec = game.spec();
    let mut searched = Vec::new();
    for c in &components {
        let Ok(p) = game.to_position(c) else { continue };
        let what = |claim: &str| format!("{spec} {c:?}: {claim}");
        let g = grundy
            .grundy(&p)
            .map_err(|e| what(&format!("search failed: {e}")))?
            .value();
        searched.push((c.clone(), p.clone(), g));
        let value = |q: &<G::Rules as Impartial>::Position,
                     grundy: &mut GrundySolver<&G::Rules>|
         -> Result<u64, String> {
            grundy
                .grundy(q)
                .map(|v| v.value())
                .map_err(|e| what(&format!("search failed: {e}")))
        };
        let mut options = Vec::new();
        rules.options(&p, &mut options);
        let option_numbers: Vec<Numbers> = options.iter().map(|o| game.to_numbers(o)).collect();
        // A move a theorem names must be a legal move; its value is then the search's.
        let checked_move = |m: &Numbers, grundy: &mut GrundySolver<&G::Rules>| {
            let i = option_numbers
                .iter()
                .position(|o| o == m)
                .ok_or_else(|| what(&format!("the theorem's move to {m:?} is not a legal move")))?;
            value(&options[i], grundy)
        };

        if let Some(t) = game.grundy_theorem(c) {
            compared += 1;
            if t != BigUint::from(g) {
                return Err(what(&format!("Grundy value by theorem {t}, by search {g}")));
            }
        }
        if let Some(o) = game.outcome_theorem(c) {
            compared += 1;
            if o != Outcome::from_grundy_is_zero(g == 0) {
                return Err(what(&format!(
                    "outcome by theorem {o:?}, Grundy value by search {g}"
                )));
            }
        }
        for target in 0..=g {
            let Some(moves) = game.moves_to_value_theorem(c, &BigUint::from(target)) else {
                continue;
            };
            compared += 1;
            // The mex rule: an option of every value below g exists.
            if target < g && moves.is_empty() {
                return Err(what(&format!("no move to value {target} by theorem")));
            }
            for m in &moves {
                let v = checked_move(m, &mut grundy)?;
                if v != target {
                    return Err(what(&format!(
                        "the theorem's move to {m:?} should have value {target}; search says {v}"
                    )));
                }
            }
        }
        if let Some(moves) = game.winning_moves_theorem(c) {
            compared += 1;
            if (g != 0) == moves.is_empty() {
                return Err(what(&format!(
                    "Grundy value {g} by search, but the theorem lists {} winning moves",
                    moves.len()
                )));
            }
            for m in &moves {
                if checked_move(m, &mut grundy)? != 0 {
                    return Err(what(&format!(
                        "the theorem's winning move to {m:?} does not win"
                    )));
                }
            }
        }
        if let Some(step) = game.every_step_theorem(c) {
            compared += 1;
            let searched = every.step(&p).map_err(|e| what(&e.to_string()))?;
            if step != BigUint::from(searched) {
                return Err(what(&format!(
                    "every-move step by theorem {step}, by search {searched}"
                )));
            }
            if let Some(moves) = game.every_moves_theorem(c) {
                let want: Vec<Numbers> = every
                    .strategy_moves(&p)
                    .map_err(|e| what(&e.to_string()))?
                    .iter()
                    .map(|o| game.to_numbers(o))
                    .collect();
                if moves != want {
                    return Err(what(&format!(
                        "every-move strategy by theorem {moves:?}, by search {want:?}"
                    )));
                }
            }
        }
    }
    compared += misere_sums(game, &searched)?;
    if compared == 0 {
        return Err(format!(
            "{spec}: no closed form answered any small position"
        ));
    }
    Ok(compared)
}

/// The misère closed form against exact misère search on every sum of one or two of the
/// smallest components.
fn misere_sums<G: NumberGame>(
    game: &G,
    searched: &[(Numbers, <G::Rules as Impartial>::Position, u64)],
) -> Result<u64, String>
where
    <G::Rules as Impartial>::Position: Ord,
{
    let mut solver = MisereSolver::new(game.rules(), Limits::default());
    let few = &searched[..searched.len().min(MISERE_COMPONENTS)];
    let mut compared = 0;
    for i in 0..few.len() {
        let sums = std::iter::once(vec![i]).chain((i..few.len()).map(|j| vec![i, j]));
        for parts in sums {
            let sum: Vec<Numbers> = parts.iter().map(|&k| few[k].0.clone()).collect();
            let Some(verdict) = game.misere_theorem(&sum) else {
                continue;
            };
            compared += 1;
            let positions: Vec<_> = parts.iter().map(|&k| few[k].1.clone()).collect();
            let wins = solver
                .first_player_wins(&positions)
                .map_err(|e| format!("{} {sum:?}: misère search failed: {e}", game.spec()))?;
            if (verdict.outcome == Outcome::First) != wins {
                return Err(format!(
                    "{} {sum:?}: misère outcome by theorem {:?}, by search the first player {}",
                    game.spec(),
                    verdict.outcome,
                    if wins { "wins" } else { "loses" }
                ));
            }
        }
    }
    Ok(compared)
}

/// The small components of `game`, as its shape writes them: single heaps `0..=HEAPS`, or
/// groups of up to [`GROUP_LEN`] numbers (exactly the arity, where one is fixed) of small
/// numbers; only those the game accepts.
fn small_components<G: NumberGame>(game: &G) -> Vec<Numbers> {
    let groups = |len: usize, max: u64| -> Vec<Numbers> {
        let mut all: Vec<Numbers> = vec![vec![]];
        for _ in 0..len {
            all = all
                .into_iter()
                .flat_map(|g| {
                    (0..=max).map(move |n| {
                        let mut h = g.clone();
                        h.push(BigUint::from(n));
                        h
                    })
                })
                .collect();
        }
        all
    };
    // The largest number such that (max + 1)^len groups stay within the budget.
    let range = |len: usize| -> u64 {
        let mut max = 1u64;
        while ((max + 2) as usize).pow(len as u32) <= GROUPS {
            max += 1;
        }
        max
    };
    let candidates: Vec<Numbers> = match game.shape() {
        Shape::Heaps => (0..=HEAPS).map(|n| vec![BigUint::from(n)]).collect(),
        Shape::Groups { arity: Some(k) } => groups(k, range(k)),
        Shape::Groups { arity: None } => (1..=GROUP_LEN)
            .flat_map(|len| groups(len, range(GROUP_LEN)))
            .collect(),
    };
    candidates
        .into_iter()
        .filter(|c| game.validate(c).is_ok())
        .collect()
}
