//! Every game of the catalogue against the verdict's contract (`docs/verdict.md`): solve and
//! moves agree, a first-player win lists a winning move or says why not, every legal move's
//! position reads back and its re-solved outcome matches, and `apply` follows a move.

use super::*;
use sprague_games::interface::*;

/// Sample positions per catalogue entry: (spec, position words, play convention). Every
/// entry must appear here, so a new game cannot skip the contract.
fn samples() -> Vec<(&'static str, &'static str, Play)> {
    use Play::*;
    vec![
        ("nim", "3 4 5", Normal),
        ("nim", "1 1", Normal),
        ("nim", "3 4 5", Misere),
        ("nim", "2 3", Every),
        ("euclid", "25 7", Normal),
        ("euclid", "25 7 + 3 2", Every),
        ("euclid", "5 3 + 2 1", Misere),
        ("wythoff", "8 4", Normal),
        ("wythoff", "3 5", Normal),
        ("fibonacci-nim", "20", Normal),
        ("fibonacci-nim", "20 3", Normal),
        ("redistribute", "3 5 7", Normal),
        ("bash:3", "10", Normal),
        ("bash:3", "10", Misere),
        ("bounded-nim:4", "7 9 12", Normal),
        ("subtraction:1,3,4", "9 4", Normal),
        ("subtraction:allbut:2,3", "9", Normal),
        ("prime-power", "13", Normal),
        ("sorted-piles", "1 2 2 5", Normal),
        ("staircase-nim", "3 1 4 1 5", Normal),
        ("moore-nim:2", "3 5 6 7", Normal),
        ("octal:0.137", "9", Normal),
        ("hex:0.F", "6 3", Normal),
        ("kayles", "3 4", Normal),
        ("kayles", "8", Misere),
        ("dawson-kayles", "7", Normal),
        ("dawson-chess", "6", Normal),
        ("officers", "10", Normal),
        ("grundy-game", "9", Normal),
        ("lasker-nim", "5 2", Normal),
        ("lasker-nim", "1000000000000", Normal),
        ("twins", "THHTH", Normal),
        ("mock-turtles", "3 5 9", Normal),
        ("ruler", "THHTHHT", Normal),
        ("coins:up-to:4", "HTTHH", Normal),
        ("turning-corners", "THT|HHT|TTH", Normal),
        ("tartan:ruler*twins", "HH|TH", Normal),
        ("graph", "a>b>c a>c d>e token=a,d", Normal),
        ("graph", "a>b b>a b>c token=a", Normal),
        ("green-hackenbush", "0-1 1-2 2-0 1-3 3-4", Normal),
        ("geography", "1-2 2-3 3-4 start=1", Normal),
        ("tree-chain", "1-2 1-3 3-4 black=2,4", Normal),
        ("queens", "3,5 4,7", Normal),
        ("queens", "2,3 3,1", Misere),
        ("queens", "2,3 3,1", Every),
        ("twins", "HTHH", Misere),
        ("coins:run:3", "THHTH", Every),
        ("tartan:ruler*twins", "HH|TH", Misere),
        ("green-hackenbush", "0-1 1-2 2-0 1-3", Misere),
        ("geography", "1-2 2-3 3-4 2-4 start=1", Every),
        ("tree-chain", "1-2 1-3 3-4 black=2,4", Misere),
        ("hackenbush", "BRB", Normal),
        ("hackenbush", "0-1:B 1-2:R 1-3:G 2-0:G", Normal),
        ("domineering", "...|...", Normal),
        ("cutcake", "3x4 + 2x2", Normal),
        ("toads-and-frogs", "tt..ff", Normal),
        ("clobber", "xxo|o.x", Normal),
    ]
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
fn every_entry_has_a_sample() {
    let specs: Vec<&str> = samples().iter().map(|s| s.0).collect();
    for e in entries() {
        assert!(
            specs.iter().any(|s| split_spec(s).0 == e.name),
            "catalogue entry `{}` has no sample in verdict_tests",
            e.name
        );
    }
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
