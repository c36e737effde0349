//! Playing a game against the computer: how the computer chooses its move, shared by the
//! terminal player (`sprague play`) and the HTTP API (`POST /api/v1/reply`).
//!
//! Everything here is a pure function of the game, the position, the options and a seed:
//! no I/O, no clock, no global state. The computer's randomness comes from a [`SplitMix64`] the
//! caller seeds, so that the same seed replays the same game.
//!
//! ```
//! use sprague::catalogue::lookup;
//! use sprague_games::interface::{SolveOptions, Winner};
//! use sprague::play::{reply, words, Opponent};
//!
//! let nim = lookup("nim").unwrap();
//! let r = reply(&*nim, &words("3 4 5"), &SolveOptions::default(), Opponent::Perfect, None, 1)
//!     .unwrap();
//! assert_eq!(r.position, "1 4 5"); // the only winning move
//! assert_eq!(r.verdict.outcome, Winner::Second);
//! ```

mod longest;
mod opponent;

pub use opponent::{Opponent, Probability};

use crate::rng::SplitMix64;
use serde::Serialize;
use sprague_core::error::{Error, Result};
use sprague_core::value::Side;
use sprague_games::interface::{Game, LegalMove, Move, SolveOptions, ValueKind, Verdict, Winner};

/// The words of a position written as one string: split at runs of white space, as a shell
/// splits simple words (no quoting: every game reads its words joined by spaces, so a word
/// never needs to hold a space). Positions in verdicts read back this way.
pub fn words(position: &str) -> Vec<String> {
    position.split_whitespace().map(String::from).collect()
}

/// The options for the positions after a move: the same play convention and limits, but
/// without `tokens`, `start` and `ground`, which every position after a move writes into
/// itself (`token=b`), and which may not be given twice.
pub fn after_move(options: &SolveOptions) -> SolveOptions {
    SolveOptions {
        tokens: Vec::new(),
        start: None,
        ground: None,
        ..options.clone()
    }
}

/// The legal moves of the player to move: every legal move of an impartial game, and for a
/// partizan game those of `side` (Left when `None`).
pub fn legal_moves_of(
    game: &dyn Game,
    position: &[String],
    options: &SolveOptions,
    side: Option<Side>,
) -> Result<Vec<LegalMove>> {
    let side = side.unwrap_or(Side::Left);
    let mut moves = game.legal_moves(position, options)?;
    moves.retain(|m| m.side.is_none() || m.side == Some(side));
    Ok(moves)
}

/// How a move was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChoiceKind {
    /// The best move by the analysis the opponent uses.
    Best,
    /// A legal move drawn at random.
    Random,
}

/// The move the computer chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Choice {
    /// The move's label, as in [`LegalMove::label`].
    pub label: String,
    /// The position after it, written as the command line reads positions.
    pub position: String,
    /// Partizan games: the player who made it.
    pub side: Option<Side>,
    /// Whether the move was the best by analysis or drawn at random.
    pub choice: ChoiceKind,
}

/// Chooses the computer's move in `position` (the words after the spec) for the player to
/// move (`side`, for partizan games; Left when `None`), as `opponent` plays. Ties between
/// equally good moves are broken with `rng`. An error when the player to move has no move
/// (the game is over) or when the analysis fails (limits, unsupported conventions).
pub fn choose(
    game: &dyn Game,
    position: &[String],
    options: &SolveOptions,
    opponent: Opponent,
    side: Option<Side>,
    rng: &mut SplitMix64,
) -> Result<Choice> {
    let legal = legal_moves_of(game, position, options, side)?;
    if legal.is_empty() {
        return Err(Error::invalid(format!(
            "{} has no legal move for the player to move{}: the game is over",
            position.join(" "),
            side.map_or_else(String::new, |s| format!(" ({})", side_name(s)))
        )));
    }
    let random = |rng: &mut SplitMix64| {
        let m = &legal[rng.index(legal.len())];
        chosen(m, ChoiceKind::Random)
    };
    match opponent {
        Opponent::Random => Ok(random(rng)),
        Opponent::Skill(p) => {
            if p.draw(rng) {
                best(game, position, options, side, &legal, rng)
            } else {
                Ok(random(rng))
            }
        }
        Opponent::Perfect => best(game, position, options, side, &legal, rng),
        Opponent::MisereMinded => {
            if options.every {
                return Err(Error::unsupported(
                    "the misère-minded opponent plays normal or misère games, not every-move \
                     compounds (whose moves are not those of misère play)",
                ));
            }
            let misere = SolveOptions {
                misere: true,
                ..options.clone()
            };
            best(game, position, &misere, side, &legal, rng)
        }
    }
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::Left => "Left",
        Side::Right => "Right",
    }
}

fn chosen(m: &LegalMove, choice: ChoiceKind) -> Choice {
    Choice {
        label: m.label.clone(),
        position: m.position.clone(),
        side: m.side,
        choice,
    }
}

/// How good a move is for the player who makes it; smaller is better: a win (the fastest
/// first), a draw, a loss (the slowest first). Remoteness, or the step of every-move play,
/// orders moves of the same outcome where the analysis knows it.
fn rank(m: &Move, kind: Option<ValueKind>) -> (u8, u64) {
    let steps = m.remoteness.or_else(|| {
        (kind == Some(ValueKind::Step))
            .then(|| m.value.as_deref().and_then(|v| v.parse().ok()))
            .flatten()
    });
    if m.winning {
        (0, steps.unwrap_or(u64::MAX))
    } else if m.outcome == Some(Winner::Draw) {
        (1, 0)
    } else {
        (2, u64::MAX - steps.unwrap_or(0))
    }
}

/// The best legal move by the analysis of `options`; ties broken at random.
fn best(
    game: &dyn Game,
    position: &[String],
    options: &SolveOptions,
    side: Option<Side>,
    legal: &[LegalMove],
    rng: &mut SplitMix64,
) -> Result<Choice> {
    let side = side.unwrap_or(Side::Left);
    let usable = |m: &Move| {
        (m.side.is_none() || m.side == Some(side)) && legal.iter().any(|l| l.position == m.position)
    };
    let all = game.moves(position, options)?;
    let mut candidates: Vec<&Move> = all.moves.iter().filter(|m| usable(m)).collect();
    // A list cut short may have left the winning moves out: the solve lists them.
    let winning;
    if !all.complete && !candidates.iter().any(|m| m.winning) {
        winning = game.solve(position, options)?;
        if winning.moves.iter().any(|m| usable(m) && m.winning) {
            candidates = winning.moves.iter().filter(|m| usable(m)).collect();
        }
    }
    let Some(top) = candidates.iter().map(|m| rank(m, all.value_kind)).min() else {
        // The analysis listed none of the legal moves (a list cut short): any will do.
        return Ok(chosen(&legal[rng.index(legal.len())], ChoiceKind::Random));
    };
    candidates.retain(|m| rank(m, all.value_kind) == top);
    // Moves of the same outcome whose lengths the analysis does not know: the fastest win,
    // the slowest loss, by the game's length against a perfect opponent (`longest`).
    let unknown_length = top.1 == u64::MAX;
    if candidates.len() > 1 && unknown_length && top.0 != 1 && !options.every {
        candidates = by_length(game, options, candidates, top.0 == 0)?;
    }
    let m = candidates[rng.index(candidates.len())];
    let label = legal
        .iter()
        .find(|l| l.position == m.position && l.label == m.label)
        .map_or_else(|| m.label.clone(), |l| l.label.clone());
    Ok(Choice {
        label,
        position: m.position.clone(),
        side: m.side,
        choice: ChoiceKind::Best,
    })
}

/// Of moves of the same outcome, those of the best length against a perfect opponent: the
/// least remoteness when they win, the greatest when they lose, exactly where the search
/// fits ([`longest::exact`]); beyond it, losing moves leaving the opponent the most moves
/// ([`longest::mobility`]), and every winning move.
fn by_length<'m>(
    game: &dyn Game,
    options: &SolveOptions,
    candidates: Vec<&'m Move>,
    winning: bool,
) -> Result<Vec<&'m Move>> {
    let positions: Vec<&str> = candidates.iter().map(|m| m.position.as_str()).collect();
    let next = candidates[0].side.map(Side::opponent);
    if let Some(lengths) = longest::exact(game, &positions, options, next)? {
        let key = |r: &longest::Remoteness| if winning { r.moves } else { u64::MAX - r.moves };
        // The search agrees with the analysis on who wins; where it would not, keep all.
        if lengths.iter().all(|r| r.wins != winning) {
            let best = lengths.iter().map(key).min().unwrap_or(0);
            return Ok(candidates
                .into_iter()
                .zip(&lengths)
                .filter(|(_, r)| key(r) == best)
                .map(|(m, _)| m)
                .collect());
        }
        return Ok(candidates);
    }
    if winning {
        return Ok(candidates);
    }
    let counts = longest::mobility(game, &positions, options, next);
    let most = counts.iter().flatten().max().copied();
    Ok(candidates
        .into_iter()
        .zip(&counts)
        .filter(|(_, c)| most.is_none() || **c == most)
        .map(|(m, _)| m)
        .collect())
}

/// The computer's reply and the position it leads to (`POST /api/v1/reply`).
#[derive(Debug, Clone, Serialize)]
pub struct Reply {
    /// The opponent that chose, e.g. `skill:3/4`.
    pub opponent: Opponent,
    /// The seed of the choice: the same request with the same seed chooses the same move.
    pub seed: u64,
    /// The move's label.
    pub label: String,
    /// The position after the move.
    pub position: String,
    /// Partizan games: the player who made the move.
    pub side: Option<Side>,
    /// Whether the move was the best by analysis or drawn at random.
    pub choice: ChoiceKind,
    /// The position after the move with every legal move (what `moves` answers for it).
    pub verdict: Verdict,
}

/// Chooses the computer's move with a generator seeded by `seed` (see [`choose`]) and
/// analyses the position it leads to, with every move listed.
pub fn reply(
    game: &dyn Game,
    position: &[String],
    options: &SolveOptions,
    opponent: Opponent,
    side: Option<Side>,
    seed: u64,
) -> Result<Reply> {
    let mut rng = SplitMix64::new(seed);
    let c = choose(game, position, options, opponent, side, &mut rng)?;
    let verdict = game.moves(&words(&c.position), &after_move(options))?;
    Ok(Reply {
        opponent,
        seed,
        label: c.label,
        position: c.position,
        side: c.side,
        choice: c.choice,
        verdict,
    })
}

#[cfg(test)]
mod tests;
