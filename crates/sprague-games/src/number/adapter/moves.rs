//! The legal moves of a position of a number game, bounded, and their labels.
//!
//! Moves are listed per component: in closed form where the game has
//! [`NumberGame::list_moves`] (any size of numbers), else by the engine's move generator
//! (components that `to_position` accepts). A move of the whole position is a [`SumMove`]:
//! under normal and misère play one component changes; under every-move play the mover
//! changes every component that can move, so the moves of the position are the
//! combinations of one option per such component.
//!
//! Every list is bounded before it is built: a position with more than
//! [`MAX_LISTED_MOVES`] moves is refused with an error saying how many moves it has, so that
//! no input can make the toolkit allocate a list whose size it did not check.

use super::NumberGameAdapter;
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::number::moves::{combinations, MoveAt, MoveList, SumMove, MAX_LISTED_MOVES};
use crate::number::words::write_numbers;
use crate::number::{NumberGame, Numbers};
use num_bigint::BigUint;
use std::collections::HashSet;
use std::fmt;

/// A component as an error message names it: in full when short, else its first and last
/// digits and its length (an error about a 10^5-digit heap should not repeat it).
fn shortened(text: &str) -> String {
    const KEEP: usize = 24;
    if text.len() <= 3 * KEEP {
        return text.to_string();
    }
    // The text is ASCII (digits, spaces, commas), so any byte index is a boundary.
    format!(
        "{}…{} ({} characters)",
        &text[..KEEP],
        &text[text.len() - KEEP..],
        text.len()
    )
}

fn too_many(what: &str, count: impl fmt::Display) -> Error {
    let count = shortened(&count.to_string());
    Error::unsupported(format!(
        "{what} has {count} moves, too many to list (at most {MAX_LISTED_MOVES} are listed); `sprague solve` gives the winning ones"
    ))
}

impl<G: NumberGame> NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    /// The moves of one component (the components after them, without repetition), or an
    /// error when it has more than `max`.
    pub fn component_moves(&self, c: &[BigUint], max: usize) -> Result<Vec<Numbers>> {
        let g = &self.0;
        let what = || format!("component `{}`", shortened(&write_numbers(c)));
        match g.list_moves(c, max) {
            Some(MoveList::Listed(v)) => return Ok(v),
            Some(MoveList::TooMany(n)) => return Err(too_many(&what(), n)),
            None => {}
        }
        let p = g.to_position(c).map_err(|e| {
            Error::unsupported(format!(
                "{} is too large to list its moves ({e}); `sprague solve` gives the winning ones",
                what()
            ))
        })?;
        // Rules that count their options are refused from the count (repetitions
        // included, so with room for them) before a list is built.
        let room = (max as u64).saturating_mul(16).max(1 << 16);
        if let Some(n) = g.rules().option_count(&p).filter(|&n| n > room) {
            return Err(too_many(&what(), n));
        }
        let mut opts = Vec::new();
        g.rules().options(&p, &mut opts);
        let mut seen = HashSet::new();
        opts.retain(|o| seen.insert(o.clone()));
        if opts.len() > max {
            return Err(too_many(&what(), opts.len()));
        }
        Ok(opts.iter().map(|o| g.to_numbers(o)).collect())
    }

    /// True when the component has no move at all.
    pub fn is_terminal(&self, c: &[BigUint]) -> bool {
        self.component_moves(c, 0).is_ok_and(|v| v.is_empty())
    }

    /// Every legal move of a position, at most [`MAX_LISTED_MOVES`]: a move in one
    /// component, or under every-move play (`every`) a combination of one move in every
    /// component that can move.
    pub fn position_moves(&self, comps: &[Numbers], every: bool) -> Result<Vec<SumMove>> {
        let mut lists: Vec<(usize, Vec<Numbers>)> = Vec::new();
        let mut listed = 0usize;
        let mut product = BigUint::from(1u32);
        for (i, c) in comps.iter().enumerate() {
            let ms = self.component_moves(c, MAX_LISTED_MOVES)?;
            listed += ms.len();
            if !ms.is_empty() {
                product *= ms.len();
                lists.push((i, ms));
            }
            // Checked after each component, so at most twice the bound is ever held.
            if !every && listed > MAX_LISTED_MOVES {
                return Err(too_many(
                    "the position",
                    format!("more than {MAX_LISTED_MOVES}"),
                ));
            }
            if every && product > BigUint::from(MAX_LISTED_MOVES) {
                return Err(too_many(
                    "the position (a move changes every component that can move)",
                    format!("more than {MAX_LISTED_MOVES}"),
                ));
            }
        }
        Ok(if every {
            if lists.is_empty() {
                Vec::new()
            } else {
                combinations(&lists, MAX_LISTED_MOVES)
            }
        } else {
            lists
                .into_iter()
                .flat_map(|(i, ms)| ms.into_iter().map(move |m| vec![(i, m)]))
                .collect()
        })
    }

    /// The position after a move.
    pub fn after(&self, comps: &[Numbers], m: &SumMove) -> Vec<Numbers> {
        let mut next = comps.to_vec();
        for (i, c) in m {
            next[*i] = c.clone();
        }
        next
    }

    /// The label of a move: the game's label of each component it changes, joined by `, `.
    pub fn label(&self, comps: &[Numbers], m: &SumMove) -> String {
        m.iter()
            .map(|(i, c)| {
                let at = MoveAt {
                    index: i + 1,
                    of: comps.len(),
                };
                self.0.move_label(at, &comps[*i], c)
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::shortened;

    #[test]
    fn long_components_are_shortened_in_messages() {
        assert_eq!(shortened("12 34"), "12 34");
        let long = "7".repeat(100_000);
        let short = shortened(&long);
        assert!(short.len() < 100, "{short}");
        assert!(short.ends_with("(100000 characters)"), "{short}");
    }
}
