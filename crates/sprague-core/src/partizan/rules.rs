//! The rules of a partizan game: what Left and Right can move to, how a position splits
//! into a disjunctive sum, and a normal form that lets symmetric positions share one memo
//! entry. The engines [`solver`](super::solver) (canonical values) and
//! [`outcome`](super::outcome) (outcome classes by brute force) run on any [`Ruleset`].

use super::memo::CompactMemo;
use crate::error::Result;
use crate::partizan::canonical::{Context, GameId};
use crate::value::Side;
use std::hash::Hash;

/// The rules of a short partizan game (every play ends; no position repeats). Shared by
/// the threads of a parallel search ([`super::solver::ValueSolver::in_parallel`]), so the
/// rules and their positions can be sent between threads.
pub trait Ruleset: Sync {
    /// A position, compact and hashable.
    type Position: Clone + Eq + Hash + std::fmt::Debug + Send + Sync;

    /// The game's name, as the catalogue knows it (or the spec of a rules script,
    /// `rules:FILE`).
    fn name(&self) -> &str;

    /// Reads a position as the command line writes it; errors name the bad input.
    fn parse(&self, text: &str) -> Result<Self::Position>;

    /// Writes a position the way [`Ruleset::parse`] reads it.
    fn display(&self, p: &Self::Position) -> String;

    /// Appends the positions `side` can move to from `p` (the hot path: no names).
    fn options(&self, p: &Self::Position, side: Side, out: &mut Vec<Self::Position>);

    /// The options that a search for `p`'s normal-play value needs: [`Ruleset::options`]
    /// less any that the rules show to be dominated by another option kept (each dropped
    /// one at most a kept one for Left, at least one for Right), so that the canonical form
    /// is the same. Only the value search reads these; the game tree (misère play, the
    /// brute-force outcome solver, followers) is read from `options`. The default drops
    /// none.
    fn value_options(&self, p: &Self::Position, side: Side, out: &mut Vec<Self::Position>) {
        self.options(p, side, out);
    }

    /// The moves of `side` from `p`, each named for a person, with the position reached.
    fn moves(&self, p: &Self::Position, side: Side) -> Vec<(String, Self::Position)> {
        let mut out = Vec::new();
        self.options(p, side, &mut out);
        out.into_iter()
            .map(|q| (format!("to {}", self.display(&q)), q))
            .collect()
    }

    /// Splits `p` into independent components whose disjunctive sum is `p`, appending them
    /// to `out`. Components whose value is known to be 0 may be left out. The default keeps
    /// `p` whole.
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        out.push(p.clone());
    }

    /// A normal form `(q, negated)` of `p`: the value of `p` equals the value of `q`, or
    /// its negative when `negated`. Must hold for every position, not only components.
    fn normalize(&self, p: &Self::Position) -> (Self::Position, bool) {
        (p.clone(), false)
    }

    /// The value of a normalised component in closed form, where a theorem gives it
    /// (e.g. blue–red Hackenbush strings); `None` to search. The default knows none.
    fn closed_form(&self, p: &Self::Position, ctx: &mut Context) -> Option<GameId> {
        let _ = (p, ctx);
        None
    }

    /// A ruleset's own search for the value of a component `p` (as
    /// [`Ruleset::components`] gives it), where it has a faster one; `None` to use the
    /// generic search. `memo` is the solver's table of components under compact `u64` keys
    /// (the ruleset chooses them; values are stored with [`CompactMemo::insert`]), and the search fails with [`crate::error::Error::Limit`]
    /// rather than store more than `limit` entries there. The default has none.
    fn solve_component(
        &self,
        p: &Self::Position,
        ctx: &mut Context,
        memo: &mut CompactMemo,
        limit: u64,
    ) -> Option<Result<GameId>> {
        let _ = (p, ctx, memo, limit);
        None
    }
}

/// The followers of `p`: every position either player can reach from it by any sequence
/// of moves, `p` itself first, each once (as CGSuite's `Followers` lists a game's). Whole
/// positions of the rules, never split into /// components nor normalised, in the order a depth-first walk expands them. Iterative; at
/// most `max` positions, within the deadline and flag of `limits`.
pub fn followers<R: Ruleset>(
    rules: &R,
    p: &R::Position,
    max: u64,
    limits: &crate::limits::Limits,
) -> Result<Vec<R::Position>> {
    let mut seen: rustc_hash::FxHashSet<R::Position> = rustc_hash::FxHashSet::default();
    let mut order = Vec::new();
    let mut stack = vec![p.clone()];
    let mut options = Vec::new();
    seen.insert(p.clone());
    while let Some(q) = stack.pop() {
        limits.check_every(order.len() as u64, "followers listed")?;
        options.clear();
        rules.options(&q, Side::Left, &mut options);
        rules.options(&q, Side::Right, &mut options);
        for o in options.drain(..) {
            if !seen.contains(&o) {
                if seen.len() as u64 >= max {
                    return Err(crate::error::Error::Limit {
                        what: format!("followers listed of the {} position", rules.name()),
                        limit: max,
                    });
                }
                seen.insert(o.clone());
                stack.push(o);
            }
        }
        order.push(q);
    }
    Ok(order)
}
