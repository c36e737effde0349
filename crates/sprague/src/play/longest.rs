//! The length of the game against a perfect opponent, for the computer's choice between
//! moves of the same outcome: the fastest of its winning moves, the slowest of its losing
//! ones, so that a lost computer is still a sparring partner (in Nim `2 2` it plays to
//! `2 1`, not `2 0`).
//!
//! **Exact** where the game is small enough: the remoteness (Steinhaus) of each position
//! reached, by the core's one search skeleton over the position API
//! ([`Game::legal_moves`]), bounded by [`SEARCH_STATES`] positions and the request's deadline.
//! A position lost for its mover has even remoteness, 1 + the greatest remoteness of its
//! options; a position won has odd remoteness, 1 + the least remoteness of its losing options;
//! a position without moves has remoteness 0 (lost in normal play, won in misère play).
//!
//! **Beyond the budget**, the rule for a losing move is to keep the most play on the board:
//! the move after which the opponent has the most legal moves (ties at random). Where
//! moving less leaves more moves, as in heap games, this is the smallest step in the largest
//! component. In Nim `n n` it takes one counter: the winner can only mirror, so every move
//! of the loser lasts the game `2k` more moves where `k` is the heap it leaves, and taking
//! one leaves the largest `k` = `n - 1`, the longest game there is (remoteness `2n`). The
//! count of moves is bounded by [`MOBILITY_WORK`] listed moves in all; children past it
//! are not counted. A winning move beyond the budget is any winning move: it wins.

use rustc_hash::FxHashMap;
use sprague_core::error::{Error, Result};
use sprague_core::search::{evaluate, Budget, Recurrence};
use sprague_core::value::Side;
use sprague_games::interface::{Game, SolveOptions};

/// The most positions the exact search of one choice stores: small enough to answer within
/// a request's time on any game (each position is parsed and its moves listed as text).
pub const SEARCH_STATES: u64 = 20_000;

/// The most legal moves the rule beyond the budget lists to count the moves of each
/// option.
pub const MOBILITY_WORK: usize = 250_000;

/// Whether the player to move wins, and in how many moves the game ends with best play
/// (the winner hurrying, the loser delaying).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Remoteness {
    /// The player to move wins.
    pub wins: bool,
    /// Moves until the end with best play.
    pub moves: u64,
}

/// A position and the side to move (`None` for impartial games).
type State = (String, Option<Side>);

struct Length<'a> {
    game: &'a dyn Game,
    options: SolveOptions,
}

impl Recurrence for Length<'_> {
    type State = State;
    type Value = Remoteness;
    type Tag = ();

    fn expand(&mut self, state: &State) -> Result<(Vec<State>, ())> {
        let (position, side) = state;
        let words = super::words(position);
        let moves = self.game.legal_moves(&words, &self.options)?;
        let next = side.map(|s| s.opponent());
        let children = moves
            .into_iter()
            .filter(|m| m.side.is_none() || m.side == *side)
            .map(|m| (m.position, next))
            .collect();
        Ok((children, ()))
    }

    fn combine(&mut self, _: (), children: &[Remoteness]) -> Remoteness {
        if children.is_empty() {
            return Remoteness {
                wins: self.options.misere,
                moves: 0,
            };
        }
        let fastest_win = children.iter().filter(|c| !c.wins).map(|c| c.moves).min();
        match fastest_win {
            Some(m) => Remoteness {
                wins: true,
                moves: m + 1,
            },
            None => Remoteness {
                wins: false,
                moves: 1 + children.iter().map(|c| c.moves).max().unwrap_or(0),
            },
        }
    }
}

/// The remoteness of each of `positions` (positions after a move, written as verdicts write
/// them, with `side` to move in them), or `None` when the search does not fit
/// [`SEARCH_STATES`] positions or meets a cycle. A timeout or an interruption is an error.
pub fn exact(
    game: &dyn Game,
    positions: &[&str],
    options: &SolveOptions,
    side: Option<Side>,
) -> Result<Option<Vec<Remoteness>>> {
    let mut rec = Length {
        game,
        options: super::after_move(options),
    };
    let limits = options.limits();
    let budget =
        Budget::new(SEARCH_STATES, "positions searched for the longest game").watched_by(&limits);
    let mut memo: FxHashMap<State, Remoteness> = FxHashMap::default();
    let mut out = Vec::with_capacity(positions.len());
    for p in positions {
        match evaluate(&mut rec, &mut memo, (p.to_string(), side), budget) {
            Ok(r) => out.push(r),
            Err(Error::Limit { .. } | Error::Cycle(_)) => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    Ok(Some(out))
}

/// How many legal moves the player to move (`side`) has in each of `positions`, counted
/// while at most [`MOBILITY_WORK`] moves have been listed (`None` past it, or where the list
/// is refused as too long: such a position has more moves than any counted).
pub fn mobility(
    game: &dyn Game,
    positions: &[&str],
    options: &SolveOptions,
    side: Option<Side>,
) -> Vec<Option<usize>> {
    let options = super::after_move(options);
    let mut work = 0usize;
    positions
        .iter()
        .map(|p| {
            if work > MOBILITY_WORK {
                return None;
            }
            let n = super::legal_moves_of(game, &super::words(p), &options, side)
                .map(|m| m.len())
                .unwrap_or(usize::MAX);
            work = work.saturating_add(n);
            Some(n)
        })
        .collect()
}
