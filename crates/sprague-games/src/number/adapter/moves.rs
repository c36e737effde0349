//! The legal moves of a position of a number game, bounded, and their labels.
//!
//! Moves are listed per component: in closed form where the game has
//! [`NumberGame::list_moves`] (any size of numbers), else by the engine's move generator
//! (components that `to_position` accepts). A move of the whole position is a [`SumMove`]:
//! under normal and misère play one component changes; under every-move play the mover
//! changes every component that can move, so the moves of the position are the
//! combinations of one option per such component.
//!
//! Every list is bounded before it is built, by the shared policy of
//! [`crate::interface::listing`]: the legal-move list is whole or refused with the count of
//! the moves ([`NumberGameAdapter::position_moves`]); `sprague moves` gets a sample of a
//! position with more moves than it lists ([`NumberGameAdapter::sampled_moves`]).

use super::NumberGameAdapter;
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::listing::{sample_note, share, MAX_LEGAL_MOVES, MAX_MOVES_LISTED};
use crate::number::moves::{combinations, MoveAt, MoveCount, MoveList, SumMove};
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

/// The most options the engine generates for a sample of a component's moves.
const SAMPLE_ROOM: u64 = 1 << 20;

/// The legal-move list of the position API holds at most this many moves.
const MAX_LEGAL: usize = MAX_LEGAL_MOVES as usize;

fn too_many(what: &str, count: impl fmt::Display) -> Error {
    let count = shortened(&count.to_string());
    Error::unsupported(format!(
        "{what} has {count} moves, too many to list (at most {MAX_LEGAL} are listed); `sprague moves` lists a sample, `sprague solve` the winning ones"
    ))
}

/// One component's moves: all of them, or the first of them and how many there are.
struct ComponentList {
    moves: Vec<Numbers>,
    /// `None` when `moves` are all the moves.
    more: Option<MoveCount>,
}

impl<G: NumberGame> NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    /// The moves of one component (the components after them, without repetition), or an
    /// error when it has more than `max`.
    pub fn component_moves(&self, c: &[BigUint], max: usize) -> Result<Vec<Numbers>> {
        let list = self.component_list(c, max, false)?;
        match list.more {
            None => Ok(list.moves),
            Some(n) => Err(too_many(
                &format!("component `{}`", shortened(&write_numbers(c))),
                n,
            )),
        }
    }

    /// The moves of one component when it has at most `max`; else, when `sample`, the
    /// first `max` of them in the rules' order (none when they cannot be generated within
    /// [`SAMPLE_ROOM`] options) and their count.
    fn component_list(&self, c: &[BigUint], max: usize, sample: bool) -> Result<ComponentList> {
        let g = &self.0;
        let what = || format!("component `{}`", shortened(&write_numbers(c)));
        let count = match g.list_moves(c, max) {
            Some(MoveList::Listed(moves)) => return Ok(ComponentList { moves, more: None }),
            Some(MoveList::TooMany(n)) if !sample => return Err(too_many(&what(), n)),
            Some(MoveList::TooMany(n)) => Some(n),
            None => None,
        };
        let p = match (g.to_position(c), count.clone()) {
            (Ok(p), _) => p,
            // Counted in closed form, but too large for the rules to list any.
            (Err(_), Some(n)) if sample => {
                return Ok(ComponentList {
                    moves: g.first_moves(c, max).unwrap_or_default(),
                    more: Some(n),
                })
            }
            (Err(e), _) => {
                return Err(Error::unsupported(format!(
                "{} is too large to list its moves ({e}); `sprague solve` gives the winning ones",
                what()
            )))
            }
        };
        // Rules that count their options are refused (or sampled) from the count,
        // repetitions included, before a list is built.
        let room = if sample {
            SAMPLE_ROOM
        } else {
            (max as u64).saturating_mul(16).max(1 << 16)
        };
        if let Some(n) = g.rules().option_count(&p).filter(|&n| n > room) {
            // The closed-form count, where there is one, counts without repetition.
            let n = count.unwrap_or(MoveCount::Exactly(n.into()));
            return if sample {
                Ok(ComponentList {
                    moves: Vec::new(),
                    more: Some(n),
                })
            } else {
                Err(too_many(&what(), n))
            };
        }
        let mut opts = Vec::new();
        g.rules().options(&p, &mut opts);
        let mut seen = HashSet::new();
        opts.retain(|o| seen.insert(o.clone()));
        let more = (opts.len() > max).then(|| MoveCount::Exactly(opts.len().into()));
        if more.is_some() && !sample {
            return Err(too_many(&what(), opts.len()));
        }
        opts.truncate(max);
        Ok(ComponentList {
            moves: opts.iter().map(|o| g.to_numbers(o)).collect(),
            more,
        })
    }

    /// True when the component has no move at all.
    pub fn is_terminal(&self, c: &[BigUint]) -> bool {
        self.component_moves(c, 0).is_ok_and(|v| v.is_empty())
    }

    /// Every legal move of a position, at most [`MAX_LEGAL_MOVES`]: a move in one
    /// component, or under every-move play (`every`) a combination of one move in every
    /// component that can move.
    pub fn position_moves(&self, comps: &[Numbers], every: bool) -> Result<Vec<SumMove>> {
        let mut lists: Vec<(usize, Vec<Numbers>)> = Vec::new();
        let mut listed = 0usize;
        let mut product = BigUint::from(1u32);
        for (i, c) in comps.iter().enumerate() {
            let ms = self.component_moves(c, MAX_LEGAL)?;
            listed += ms.len();
            if !ms.is_empty() {
                product *= ms.len();
                lists.push((i, ms));
            }
            // Checked after each component, so at most twice the bound is ever held.
            if !every && listed > MAX_LEGAL {
                return Err(too_many("the position", format!("more than {MAX_LEGAL}")));
            }
            if every && product > BigUint::from(MAX_LEGAL) {
                return Err(too_many(
                    "the position (a move changes every component that can move)",
                    format!("more than {MAX_LEGAL}"),
                ));
            }
        }
        Ok(self.sum_moves(lists, every, MAX_LEGAL))
    }

    /// The moves `sprague moves` lists: every legal move when there are at most
    /// [`MAX_MOVES_LISTED`], else a sample — the first moves of each component, an even
    /// share of them (under every-move play, the first combinations of each component's
    /// first moves) — and the note saying how many there are in all.
    pub fn sampled_moves(
        &self,
        comps: &[Numbers],
        every: bool,
    ) -> Result<(Vec<SumMove>, Option<String>)> {
        let cap = MAX_MOVES_LISTED;
        // First every move, while they fit; the first component past the cap stops it.
        let mut lists: Vec<(usize, Vec<Numbers>)> = Vec::new();
        let mut listed = 0usize;
        let mut product = BigUint::from(1u32);
        let mut fits = true;
        for (i, c) in comps.iter().enumerate() {
            let l = self.component_list(c, cap, true)?;
            if l.more.is_some() {
                fits = false;
                break;
            }
            listed += l.moves.len();
            if !l.moves.is_empty() {
                product *= l.moves.len();
                lists.push((i, l.moves));
            }
            if (every && product > BigUint::from(cap)) || (!every && listed > cap) {
                fits = false;
                break;
            }
        }
        if fits {
            return Ok((self.sum_moves(lists, every, cap), None));
        }
        // A sample: each component gets an even share of the cap; the room that components
        // with fewer moves leave is shared again among those that were cut.
        let each = share(cap, comps.len());
        let mut sample: Vec<ComponentList> = Vec::with_capacity(comps.len());
        for c in comps {
            sample.push(self.component_list(c, each, true)?);
        }
        let used: usize = sample.iter().map(|l| l.moves.len()).sum();
        let cut: Vec<usize> = (0..comps.len())
            .filter(|&i| sample[i].more.is_some() && sample[i].moves.len() == each)
            .collect();
        if !cut.is_empty() && used < cap {
            let more = each + (cap - used) / cut.len();
            for &i in &cut {
                sample[i] = self.component_list(&comps[i], more, true)?;
            }
        }
        let mut lists = Vec::new();
        let mut total = BigUint::ZERO;
        let mut product = BigUint::from(1u32);
        let mut exact = true;
        for (i, l) in sample.into_iter().enumerate() {
            let n = match &l.more {
                None => BigUint::from(l.moves.len()),
                Some(MoveCount::Exactly(n)) => n.clone(),
                Some(MoveCount::MoreThan(n)) => {
                    exact = false;
                    n.clone()
                }
            };
            if n != BigUint::ZERO {
                product *= &n;
            }
            total += n;
            if !l.moves.is_empty() {
                lists.push((i, l.moves));
            }
        }
        let moves = self.sum_moves(lists, every, cap);
        let count = if every { product } else { total };
        let count = if exact {
            shortened(&count.to_string())
        } else {
            format!("more than {}", shortened(&count.to_string()))
        };
        let note = sample_note(count, moves.len());
        Ok((moves, Some(note)))
    }

    /// The moves of a position from its components' lists: one option in one component,
    /// or under every-move play one option in each (their combinations, at most `cap`).
    fn sum_moves(
        &self,
        lists: Vec<(usize, Vec<Numbers>)>,
        every: bool,
        cap: usize,
    ) -> Vec<SumMove> {
        if every {
            if lists.is_empty() {
                Vec::new()
            } else {
                combinations(&lists, cap)
            }
        } else {
            lists
                .into_iter()
                .flat_map(|(i, ms)| ms.into_iter().map(move |m| vec![(i, m)]))
                .take(cap)
                .collect()
        }
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
