//! The engine as the fallback where no theorem applies: misère and every-move play of games
//! whose theorems hold in normal play only (coin rows and boards, queens, the tree chain
//! game, Green Hackenbush, geography), searched on whole positions by the core's
//! [`MisereSolver`] and [`EverySolver`] over the rules of `crate::{coins, graph}::engine`.
//!
//! A family parses its position, builds the rules and the position, lists its legal moves
//! (labels and positions written as in normal play, and each move's position for the
//! engine), and [`verdict`] rates every move and builds the verdict. The whole position is
//! one component: under every-move play its step is its remoteness (the winner's longest
//! win, the loser's quickest loss), and the first player wins iff it is odd.
//!
//! Positions whose search obviously cannot finish are refused at once by [`check_size`]:
//! those reaching more than 2^8 times the position limit (the search's cut-offs rarely
//! save that much), and those with too many moves a position (`SearchSize::check`).

use crate::compound::EverySolver;
use crate::error::{Error, Result};
use crate::impartial::{Impartial, MisereSolver};
use crate::interface::{
    listing, Component, Listing, Method, Move, Play, SolveOptions, ValueKind, Verdict, Winner,
};
use crate::search_size::{log2_ceil, SearchSize};
use sprague_core::search::OPTIONS_PER_STATE;

/// How many times the position limit a search may reach (as a power of two) before it is
/// refused at once rather than searched up to the limit.
pub const LOG2_SLACK: u32 = 8;

/// The remark on a misère position where nobody can move.
const MISERE_NO_MOVE: &str =
    "no move is possible: under misère play the player who cannot move wins";

/// The play convention of a request the engine answers (`--misere` or `--every`, not both).
pub fn play(options: &SolveOptions) -> Result<Play> {
    match (options.misere, options.every) {
        (true, true) => Err(Error::unsupported(
            "`--every` and `--misere` together are not supported",
        )),
        (true, false) => Ok(Play::Misere),
        (false, true) => Ok(Play::Every),
        (false, false) => Ok(Play::Normal),
    }
}

fn play_name(play: Play) -> &'static str {
    match play {
        Play::Misere => "misère",
        Play::Every => "every-move",
        Play::Normal => "normal",
    }
}

/// Refuses at once a position whose search cannot finish: more than `2^LOG2_SLACK` times
/// the position limit reachable, or too many moves a position. `why` says why no theorem
/// answers (for the message). Returns the position limit certain to be enough, where one is
/// known, for [`EnginePosition::reach`].
pub fn check_size(
    spec: &str,
    why: &str,
    size: &SearchSize,
    options: &SolveOptions,
) -> Result<Option<u64>> {
    let limit = options.limit();
    let cap = log2_ceil(u128::from(limit)) + LOG2_SLACK;
    let name = play_name(play(options)?);
    if let Some(log2) = size.log2_positions.filter(|&l| l > cap) {
        return Err(Error::unsupported(format!(
            "`{spec}` in {name} play is searched by the engine on whole positions ({why}); this position reaches up to 2^{log2} positions ({} {}), far beyond a search of at most {limit} positions (positions reaching more than 2^{cap} are refused; `--max-positions` raises the limit)",
            size.parts, size.parts_name
        )));
    }
    size.check().map_err(|e| {
        Error::unsupported(format!(
            "`{spec}` in {name} play is searched by the engine on whole positions ({why}), but {e}"
        ))
    })?;
    Ok(enough_positions(size))
}

/// The position limit certain to be enough for the search of a position of `size`: every
/// reachable position stored, and the options of each generated within the search's
/// allowance of `OPTIONS_PER_STATE` a stored position. `None` where no bound is known or it
/// exceeds a machine word.
fn enough_positions(size: &SearchSize) -> Option<u64> {
    let positions = 1u64.checked_shl(size.log2_positions?)?;
    let per = u64::try_from(size.max_moves.max(1)).ok()?;
    let options = per.checked_mul(positions)?.div_ceil(OPTIONS_PER_STATE);
    Some(positions.max(options))
}

/// A search limit reached by a position for which [`enough_positions`] is known: the message
/// says which `--max-positions` is enough.
fn with_reach(e: Error, enough: Option<u64>) -> Error {
    match (e, enough) {
        (Error::Limit { what, limit }, Some(enough)) => Error::Limit {
            what: format!(
                "{what}; `--max-positions {enough}` is enough for every position this one reaches (a search that large may take minutes and gigabytes)"
            ),
            limit,
        },
        (e, _) => e,
    }
}

/// Who wins after a move (the player then to move) and its step under every-move play.
type Rated = (bool, Option<u64>);

/// A position for the engine: the rules, the position, how it is written and why no
/// theorem answers.
pub struct EnginePosition<'a, R: Impartial> {
    /// The game's spec.
    pub spec: String,
    /// The rules searched.
    pub rules: &'a R,
    /// The position, for the engine.
    pub start: R::Position,
    /// The position as the command line reads it.
    pub position: String,
    /// Why no theorem answers, for the method.
    pub why: &'a str,
    /// The position limit certain to be enough for this search, where one is known (from
    /// [`check_size`]): a search that reaches its limit names it.
    pub reach: Option<u64>,
}

/// The verdict of `position` in the play of `options` (misère or every-move): its outcome,
/// its step (every-move play), and the moves listed by `listing`, rated by the engine.
/// `moves` holds each legal move's position for the engine; `describe(i)` writes move `i`
/// as its label and the position after it.
pub fn verdict<R: Impartial>(
    position: EnginePosition<'_, R>,
    moves: &[R::Position],
    describe: &dyn Fn(usize) -> (String, String),
    options: &SolveOptions,
    listing: Listing,
) -> Result<Verdict>
where
    R::Position: Ord,
{
    let play = play(options)?;
    let limits = options.limits();
    let rules = position.rules;
    let reach = position.reach;
    // Each move: (first player wins after it, its step under every-move play).
    let (first_wins, step, rated): (bool, Option<u64>, Vec<Rated>) = match play {
        Play::Every => {
            let mut s = EverySolver::new(rules, limits);
            let step = s.step(&position.start).map_err(|e| with_reach(e, reach))?;
            let rated = moves
                .iter()
                .map(|m| s.step(m).map(|st| (st % 2 == 1, Some(st))))
                .collect::<Result<_>>()
                .map_err(|e| with_reach(e, reach))?;
            (step % 2 == 1, Some(step), rated)
        }
        _ => {
            let mut s = MisereSolver::new(rules, limits);
            let wins = s
                .first_player_wins(std::slice::from_ref(&position.start))
                .map_err(|e| with_reach(e, reach))?;
            let rated = moves
                .iter()
                .map(|m| {
                    s.first_player_wins(std::slice::from_ref(m))
                        .map(|w| (w, None))
                })
                .collect::<Result<_>>()
                .map_err(|e| with_reach(e, reach))?;
            (wins, None, rated)
        }
    };
    let outcome = Winner::from_first_wins(first_wins);
    let method = Method::engine(format!(
        "search: exact {} search of the whole position by the generic engine ({})",
        play_name(play),
        position.why
    ));
    let mut v = Verdict::new(
        position.spec,
        position.position.clone(),
        play,
        outcome,
        method,
    );
    if let Some(s) = step {
        v = v.with_value(ValueKind::Step, Some(s.to_string()));
    }
    v.listing = listing;
    v.components.push(Component {
        position: position.position,
        value: step.map(|s| s.to_string()),
        outcome: Some(outcome),
        remoteness: None,
    });
    let chosen: Vec<usize> = (0..moves.len())
        .filter(|&i| listing == Listing::All || !rated[i].0)
        .collect();
    let mut text = 0usize;
    for &i in &chosen {
        if v.moves.len() >= listing::cap(listing) || text >= listing::MAX_LISTED_TEXT {
            break;
        }
        let (label, after) = describe(i);
        text += label.len() + after.len();
        let (wins, st) = rated[i];
        let mut m = Move::new(label, after);
        m.value = st.map(|s| s.to_string());
        m.outcome = Some(Winner::from_first_wins(wins));
        m.winning = !wins;
        v.moves.push(m);
    }
    if v.moves.len() < chosen.len() {
        let what = match listing {
            Listing::All => "moves",
            Listing::Winning => "winning moves",
        };
        v.incomplete(format!(
            "{} {what} in all; the first {} are listed",
            chosen.len(),
            v.moves.len()
        ));
    }
    if play == Play::Misere && moves.is_empty() && first_wins {
        v.note = Some(MISERE_NO_MOVE.into());
    }
    Ok(v)
}
