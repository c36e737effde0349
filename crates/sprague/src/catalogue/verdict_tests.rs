//! Every game of the catalogue against the verdict's contract (`docs/verdict.md`): solve and
//! moves agree, a first-player win lists a winning move or says why not, every legal move's
//! position reads back and its re-solved outcome matches, and `apply` follows a move.

use super::*;
use sprague_games::interface::*;

/// Every example of every catalogue entry, under each of its plays: (spec, position,
/// play). The entries carry them, so a new game is held to the contract by its examples.
fn samples() -> Vec<(&'static str, &'static str, Play)> {
    entries()
        .iter()
        .flat_map(|e| e.examples.iter())
        .flat_map(|x| x.plays.iter().map(move |&p| (x.spec, x.position, p)))
        .collect()
}

fn options(play: Play) -> SolveOptions {
    SolveOptions {
        misere: play == Play::Misere,
        every: play == Play::Every,
        max_positions: 2_000_000,
        ..Default::default()
    }
}

fn words(position: &str) -> Vec<String> {
    position.split_whitespace().map(String::from).collect()
}

#[test]
fn every_game_keeps_the_verdict_contract() {
    for (spec, position, play) in samples() {
        let what = format!("{spec} {position} ({play:?})");
        let game = lookup(spec).unwrap_or_else(|e| panic!("{what}: {e}"));
        let opts = options(play);
        let pos = words(position);
        let solved = game
            .solve(&pos, &opts)
            .unwrap_or_else(|e| panic!("{what}: solve: {e}"));
        let all = game
            .moves(&pos, &opts)
            .unwrap_or_else(|e| panic!("{what}: moves: {e}"));
        assert_eq!(solved.play, play, "{what}");
        assert_eq!(solved.listing, Listing::Winning, "{what}");
        assert_eq!(all.listing, Listing::All, "{what}");
        assert_eq!(solved.outcome, all.outcome, "{what}");
        assert!(solved.moves.iter().all(|m| m.winning), "{what}");

        // A first-player win shows a winning move, or says why none is listed.
        let first_wins = matches!(solved.outcome, Winner::First | Winner::N);
        if first_wins && solved.moves.is_empty() {
            assert!(
                solved.note.is_some(),
                "{what}: the first player wins but no winning move is listed or explained"
            );
        }
        // solve's winning moves are among the winning moves of `moves` (when it lists all).
        if all.complete {
            for m in &solved.moves {
                assert!(
                    all.moves
                        .iter()
                        .any(|n| n.winning && n.position == m.position && n.side == m.side),
                    "{what}: winning move {} missing from moves",
                    m.label
                );
            }
            if play == Play::Normal && matches!(solved.outcome, Winner::First | Winner::Second) {
                let some_win = all.moves.iter().any(|m| m.winning);
                assert_eq!(some_win, first_wins, "{what}: outcome vs moves");
            }
        }

        // The same keys in JSON for solve and moves, for every game.
        let keys = |v: &Verdict| -> Vec<String> {
            serde_json::to_value(v)
                .unwrap()
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect()
        };
        assert_eq!(keys(&solved), keys(&all), "{what}");

        // The position API: the legal moves are the moves listed, each reads back.
        if play != Play::Every {
            // A position with too many moves to list may refuse `legal_moves` (and then
            // `moves` says its list is a sample).
            let legal = match game.legal_moves(&pos, &opts) {
                Ok(legal) => legal,
                Err(e) => {
                    assert!(!all.complete, "{what}: legal_moves: {e}");
                    Vec::new()
                }
            };
            if all.complete {
                assert_eq!(legal.len(), all.moves.len(), "{what}");
                for (l, m) in legal.iter().zip(&all.moves) {
                    assert_eq!((&l.label, &l.position), (&m.label, &m.position), "{what}");
                }
            }
            for m in all.moves.iter().take(12) {
                let after = game
                    .solve(&words(&m.position), &opts)
                    .unwrap_or_else(|e| panic!("{what}: move {} → {}: {e}", m.label, m.position));
                if let Some(o) = m.outcome {
                    assert_eq!(after.outcome, o, "{what}: move {}", m.label);
                }
            }
            if let Some(first) = legal.first() {
                let applied = game.apply(&pos, &first.label, &opts).unwrap();
                assert_eq!(applied, first.position, "{what}");
            }
            assert!(game.apply(&pos, "no such move", &opts).is_err());
        }
    }
}
