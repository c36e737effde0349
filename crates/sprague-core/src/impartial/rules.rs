use crate::error::{Error, Result};
use std::fmt::Debug;
use std::hash::Hash;

/// The rules of an impartial game: both players have the same moves.
///
/// Positions are plain values; the rules object carries the game's parameters (the
/// subtraction set, the octal code, ...). Implementations must describe finite games
/// (every play ends); the solver reports a cycle as an error rather than looping.
pub trait Impartial {
    /// A position of the game.
    type Position: Clone + Eq + Hash + Debug;

    /// Appends every position reachable in one move from `position` to `out`.
    /// Duplicates are allowed; order is kept in reports.
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// Whether `position` has a move. The default asks [`Impartial::option_count`], else
    /// lists its options; rules that know cheaply (a row with a head, a board with a coin up) should say so, since the solvers
    /// that keep whole sums ask it of every position they meet.
    fn has_moves(&self, position: &Self::Position) -> bool {
        if let Some(n) = self.option_count(position) {
            return n > 0;
        }
        let mut opts = Vec::new();
        self.options(position, &mut opts);
        !opts.is_empty()
    }

    /// If `position` is a disjunctive sum of smaller independent positions, returns them
    /// (terminal components may be left out). `None` means the position is one component.
    /// The solver uses this to combine values by XOR instead of searching the product space.
    fn components(&self, position: &Self::Position) -> Option<Vec<Self::Position>> {
        let _ = position;
        None
    }

    /// How many options `position` has, where the rules can tell without listing them.
    /// Searches ask it before listing, so that a position with 10^9 options (Euclid's
    /// `10^9 1`) is refused instead of filling memory; `None` (the default) means unknown.
    fn option_count(&self, position: &Self::Position) -> Option<u64> {
        let _ = position;
        None
    }

    /// Whether `position` has no move and no part that has one. The default lists its
    /// options; rulesets with many options per position answer directly, since the
    /// solvers of whole sums ask it of every position they meet (a heap of 10^4 would
    /// otherwise cost 10^4 options for each of its 10^4 options).
    fn is_terminal(&self, position: &Self::Position) -> bool {
        !self.has_moves(position) && self.components(position).is_none_or(|c| c.is_empty())
    }
}

/// Appends the options of `position` to `out`, unless the rules say it has more than `max`
/// (the options a search may still generate): then the position is refused with the limit
/// error before its options fill memory.
pub fn options_within<R: Impartial + ?Sized>(
    rules: &R,
    position: &R::Position,
    max: u64,
    out: &mut Vec<R::Position>,
) -> Result<()> {
    if let Some(n) = rules.option_count(position).filter(|&n| n > max) {
        return Err(Error::Limit {
            what: format!("options of one position ({n} options)"),
            limit: max,
        });
    }
    rules.options(position, out);
    Ok(())
}

impl<R: Impartial + ?Sized> Impartial for &R {
    type Position = R::Position;
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).options(position, out)
    }
    fn has_moves(&self, position: &Self::Position) -> bool {
        (**self).has_moves(position)
    }
    fn components(&self, position: &Self::Position) -> Option<Vec<Self::Position>> {
        (**self).components(position)
    }
    fn is_terminal(&self, position: &Self::Position) -> bool {
        (**self).is_terminal(position)
    }
    fn option_count(&self, position: &Self::Position) -> Option<u64> {
        (**self).option_count(position)
    }
}
