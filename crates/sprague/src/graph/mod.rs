//! Games on graphs (docs/theory.md#graph-games): the plain-text graph format, games on directed graphs
//! with or without cycles, Hackenbush, geography, tree games.

pub mod geography;
pub mod hackenbush;
pub mod loopy;
pub mod queens;
pub mod tree_chain;

pub use format::{Csr, Edge, Graph, PositionWords};
pub use sprague_games::graph::{format, undirected};

use crate::error::{Error, Result};
use crate::interface::{Entry, SolveOptions};

/// The most moves a verdict lists.
pub const MAX_LISTED_MOVES: usize = 10_000;

/// The most characters the positions of a verdict's listed moves may hold together: every
/// move of a game on a graph writes the whole graph, so a long graph lists fewer moves.
pub const MAX_LISTED_TEXT: usize = 1 << 24;

/// How many of `count` moves a verdict lists when each position after a move is about
/// `len` characters long: all of them when they fit, else as many as fit (at least one).
pub fn listed(count: usize, len: usize) -> usize {
    let fit = (MAX_LISTED_TEXT / len.max(1)).clamp(1, MAX_LISTED_MOVES);
    count.min(fit)
}

/// The note of a list cut short by [`listed`].
pub fn cut_short(count: impl std::fmt::Display, what: &str, shown: usize, len: usize) -> String {
    format!(
        "{count} {what} in all; the first {shown} are listed (each position after a move is about {len} characters long)"
    )
}

/// Refuses a legal-move list of `count` moves whose positions are about `len` characters
/// long each (every move of a game on a graph writes the whole graph) beyond the bounds
/// of [`crate::interface::caps`].
pub fn check_legal_list(count: u128, len: usize) -> Result<()> {
    let count = num_bigint::BigUint::from(count);
    let text = &count * len.max(1);
    crate::interface::caps::check_legal_list("the position", &count, &text)
}

/// Refuses the flags of `options` that the game `game` cannot honour. `allowed` names the
/// ones it reads among `token`, `start` and `ground`; `--misere` and `--every` are checked
/// by each game, since some honour them in part.
pub fn refuse_flags(game: &str, options: &SolveOptions, allowed: &[&str]) -> Result<()> {
    let given = [
        ("token", !options.tokens.is_empty()),
        ("start", options.start.is_some()),
        ("ground", options.ground.is_some()),
    ];
    for (flag, set) in given {
        if set && !allowed.contains(&flag) {
            return Err(Error::unsupported(format!(
                "`{game}` has no {flag} vertex: `--{flag}` does not apply to it"
            )));
        }
    }
    Ok(())
}

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    let mut list = vec![loopy::entry()];
    list.extend(undirected_entries());
    list
}

/// Entries of the games on undirected graphs and boards (Hackenbush, geography, tree chain, queens).
fn undirected_entries() -> Vec<Entry> {
    vec![
        hackenbush::entry(),
        geography::entry(),
        tree_chain::entry(),
        queens::entry(),
    ]
}

/// Checks shared by the tests of every game of this module.
#[cfg(test)]
pub(crate) mod checks {
    use crate::catalogue::lookup;
    use crate::interface::{Listing, SolveOptions, Verdict, Winner};

    fn keys(v: &Verdict) -> Vec<String> {
        let j = serde_json::to_value(v).unwrap();
        j.as_object().unwrap().keys().cloned().collect()
    }

    /// The options a move's position is re-solved with: the play convention only, since a
    /// position carries its tokens, start and ground itself.
    fn play_only(options: &SolveOptions) -> SolveOptions {
        SolveOptions {
            misere: options.misere,
            every: options.every,
            ..Default::default()
        }
    }

    /// For one position: `solve`, `moves` and `legal_moves` agree with each other; the
    /// verdict's position reads back as the same verdict; every move's position reads back
    /// and re-solving it gives the move's value, outcome and remoteness; the JSON has the
    /// same keys everywhere. Returns the `moves` verdict for further checks.
    pub(crate) fn verdicts_agree(spec: &str, words: &[&str], options: &SolveOptions) -> Verdict {
        let game = lookup(spec).unwrap();
        let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let what = format!("{spec} {words:?}");
        let s = game.solve(&words, options).unwrap();
        let m = game.moves(&words, options).unwrap();
        let l = game.legal_moves(&words, options).unwrap();
        let bare = keys(&Verdict::new(
            "x",
            "x",
            crate::interface::Play::Normal,
            Winner::Draw,
            crate::interface::Method::engine("x"),
        ));
        assert_eq!(keys(&s), bare, "{what}");
        assert_eq!(keys(&m), bare, "{what}");
        assert_eq!(s.listing, Listing::Winning, "{what}");
        assert_eq!(m.listing, Listing::All, "{what}");
        assert_eq!(
            (&s.position, s.outcome, &s.value, s.remoteness),
            (&m.position, m.outcome, &m.value, m.remoteness),
            "{what}"
        );
        assert!(s.moves.iter().all(|x| x.winning), "{what}");
        // Misère play: a player who cannot move wins without a move, as the note says.
        let stuck = s.outcome == Winner::First && m.moves.is_empty() && s.note.is_some();
        if s.outcome == Winner::First {
            assert!(
                !s.moves.is_empty() || !s.complete || stuck,
                "{what}: no winning move"
            );
        }
        // The position is self-contained: read back without the flags, it is the same.
        let again = game
            .solve(std::slice::from_ref(&s.position), &play_only(options))
            .unwrap();
        assert_eq!(
            again, s,
            "{what}: the verdict's position does not read back"
        );
        if m.complete {
            let legal: Vec<(&str, &str)> = l
                .iter()
                .map(|x| (x.label.as_str(), x.position.as_str()))
                .collect();
            let listed: Vec<(&str, &str)> = m
                .moves
                .iter()
                .map(|x| (x.label.as_str(), x.position.as_str()))
                .collect();
            assert_eq!(legal, listed, "{what}");
            if s.complete {
                let winning: Vec<_> = m.moves.iter().filter(|x| x.winning).cloned().collect();
                assert_eq!(s.moves, winning, "{what}");
            }
            // Who wins follows from the moves.
            let to_lost = m.moves.iter().any(|x| x.outcome == Some(Winner::Second));
            let all_won = m.moves.iter().all(|x| x.outcome == Some(Winner::First));
            assert_eq!(s.outcome == Winner::First, to_lost || stuck, "{what}");
            assert_eq!(s.outcome == Winner::Second, all_won && !stuck, "{what}");
        }
        for mv in &m.moves {
            let after = game
                .solve(std::slice::from_ref(&mv.position), &play_only(options))
                .unwrap_or_else(|e| panic!("{what}: `{}` does not read back: {e}", mv.position));
            assert_eq!(after.position, mv.position, "{what}");
            assert_eq!(Some(after.outcome), mv.outcome, "{what}: {}", mv.label);
            if mv.value.is_some() {
                assert_eq!(after.value, mv.value, "{what}: {}", mv.label);
            }
            if mv.remoteness.is_some() {
                assert_eq!(after.remoteness, mv.remoteness, "{what}: {}", mv.label);
            }
            assert_eq!(mv.winning, after.outcome == Winner::Second, "{what}");
        }
        m
    }
}
