//! Helpers for tests of the games, here and in the crates above (the `testing` feature):
//! building a game from one of its entries by spec, as the facade's registry does.

use super::{Entry, Game};
use super::{Listing, SolveOptions, Verdict, Winner};
use crate::error::{Error, Result};

/// Builds the game `spec` (`NAME` or `NAME:PARAMS`) from the entry among `entries` that has
/// that name or alias.
pub fn game_of(entries: &[Entry], spec: &str) -> Result<Box<dyn Game>> {
    let (name, params) = match spec.split_once(':') {
        Some((name, params)) => (name, Some(params)),
        None => (spec, None),
    };
    let entry = entries
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name))
        .ok_or_else(|| Error::invalid(format!("no entry `{name}` among those given")))?;
    (entry.build)(params)
}

/// [`verdicts_agree`] on the game `spec` that `entry` builds.
pub fn verdicts_agree_on(
    entry: Entry,
    spec: &str,
    words: &[&str],
    options: &SolveOptions,
) -> Verdict {
    let game = game_of(&[entry], spec).unwrap();
    verdicts_agree(game.as_ref(), words, options)
}

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
pub fn verdicts_agree(game: &dyn Game, words: &[&str], options: &SolveOptions) -> Verdict {
    let spec = game.spec();
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let what = format!("{spec} {words:?}");
    let s = game.solve(&words, options).unwrap();
    let m = game.moves(&words, options).unwrap();
    let l = game.legal_moves(&words, options).unwrap();
    let bare = keys(&Verdict::new(
        "x",
        "x",
        super::Play::Normal,
        Winner::Draw,
        super::Method::engine("x"),
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
