//! The engine as the fallback (`sprague_games::fallback`), through the catalogue: misère and
//! every-move answers of the coin, queen and graph games keep the verdict's contract.

use crate::catalogue::lookup;
use sprague_core::error::Error;
use sprague_games::interface::{MethodKind, Play, SolveOptions, ValueKind, Winner};

/// The shared verdict checks on the game a spec names.
fn verdicts_agree(
    spec: &str,
    words: &[&str],
    options: &SolveOptions,
) -> sprague_games::interface::Verdict {
    let game = lookup(spec).unwrap();
    sprague_games::interface::testing::verdicts_agree(game.as_ref(), words, options)
}

fn opts(play: Play) -> SolveOptions {
    SolveOptions {
        misere: play == Play::Misere,
        every: play == Play::Every,
        ..Default::default()
    }
}

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// Every game the engine now answers, in both conventions: solve, moves and legal
/// moves agree, every move's position reads back and re-solves to its outcome (and
/// step), the method is the engine's.
#[test]
fn misere_and_every_answers_keep_the_verdict_contract() {
    let cases = [
        ("twins", "HTHH"),
        ("mock-turtles", "3 5"),
        ("ruler", "THHTHHT"),
        ("coins:up-to:4", "HTTHH"),
        ("coins:run:3", "THHTH"),
        ("turning-corners", "THT|HHT"),
        ("tartan:ruler*twins", "HH|TH"),
        ("queens", "3,5 4,7"),
        ("queens", "2,1 1,3 0,0"),
        ("green-hackenbush", "0-1 1-2 2-0 1-3 3-4"),
        ("green-hackenbush", "a-b b-c c-a x-y ground=a"),
        ("geography", "1-2 2-3 3-4 4-1 3-5 start=1"),
        ("tree-chain", "1-2 1-3 3-4 black=2,4"),
    ];
    for play in [Play::Misere, Play::Every] {
        for (spec, pos) in cases {
            let o = opts(play);
            let m = verdicts_agree(spec, &[pos], &o);
            assert_eq!(m.play, play, "{spec} {pos}");
            assert_eq!(m.method.kind, MethodKind::Engine, "{spec} {pos}");
            let step = play == Play::Every;
            assert_eq!(m.value_kind == Some(ValueKind::Step), step);
            assert_eq!(m.components.len(), 1);
            // The labels are those of normal play.
            let normal = lookup(spec)
                .unwrap()
                .legal_moves(&words(pos), &SolveOptions::default())
                .unwrap();
            let labels: Vec<&str> = m.moves.iter().map(|x| x.label.as_str()).collect();
            let want: Vec<&str> = normal.iter().map(|x| x.label.as_str()).collect();
            assert_eq!(labels, want, "{spec} {pos}");
        }
    }
}

/// A search asked for once the cancellation flag is set stops with the clean error, in
/// the engine's searches and in the graph family's own analyses (the queens table,
/// Edmonds' matching, retrograde analysis).
#[test]
fn cancelled_searches_stop_cleanly() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    // Retrograde analysis looks at the flag every few thousand vertices.
    let cycle: Vec<String> = (0..10_000)
        .map(|i| format!("{i}>{}", (i + 1) % 10_000))
        .chain(["token=0".to_string()])
        .collect();
    let cycle = cycle.join(" ");
    let cancelled = |misere: bool| SolveOptions {
        misere,
        cancel: Some(flag.clone()),
        ..Default::default()
    };
    for (spec, pos, misere) in [
        ("twins", "HTHH", true),
        ("queens", "300,200", false),
        ("queens", "3,5", true),
        ("geography", "1-2 2-3 3-1 start=1", false),
        ("graph", cycle.as_str(), false),
        ("graph", cycle.as_str(), true),
        ("green-hackenbush", "0-1 1-2", true),
    ] {
        let e = lookup(spec)
            .unwrap()
            .solve(&words(pos), &cancelled(misere))
            .unwrap_err();
        assert!(matches!(e, Error::Interrupted { .. }), "{spec} {pos}: {e}");
    }
}

/// Misère answers that differ from normal play, worked by hand.
#[test]
fn misere_answers_by_hand() {
    let solve = |spec: &str, pos: &str, play: Play| {
        lookup(spec)
            .unwrap()
            .solve(&words(pos), &opts(play))
            .unwrap()
    };
    // A lone coin at 1: its one move leaves nothing, and the opponent, stuck, wins.
    assert_eq!(solve("twins", "H", Play::Misere).outcome, Winner::Second);
    assert_eq!(solve("twins", "H", Play::Normal).outcome, Winner::First);
    // No coin at all: the player to move cannot move and wins, with a note.
    let v = solve("ruler", "T", Play::Misere);
    assert_eq!(v.outcome, Winner::First);
    assert!(v.moves.is_empty() && v.note.is_some());
    // A stalk of two edges: cut the top edge, leaving the opponent the last one.
    let v = solve("green-hackenbush", "0-1 1-2", Play::Misere);
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.winning_positions(), ["0-1"]);
    // Every-move play of one position: its remoteness, odd for a first-player win.
    let v = solve("geography", "1-2 2-3 3-4 start=1", Play::Every);
    assert_eq!((v.outcome, v.value.as_deref()), (Winner::First, Some("3")));
}

/// Too large for the engine: refused at once with the size needed, or stopped at the
/// position limit with the clean limit error.
#[test]
fn oversized_positions_are_refused_or_stopped_cleanly() {
    let game = lookup("mock-turtles").unwrap();
    let e = game.solve(&words("60"), &opts(Play::Misere)).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, Error::Unsupported(_)), "{text}");
    assert!(text.contains("2^60") && text.contains("60 coins"), "{text}");
    let o = SolveOptions {
        misere: true,
        max_positions: 100,
        ..Default::default()
    };
    let e = lookup("ruler")
        .unwrap()
        .solve(&words("12"), &o)
        .unwrap_err();
    assert!(matches!(e, Error::Limit { .. }), "{e}");
    // The limit the message names is enough.
    let text = e.to_string();
    let enough: u64 = text
        .split("`--max-positions ")
        .nth(1)
        .and_then(|t| t.split('`').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no limit named: {text}"));
    let o = SolveOptions {
        max_positions: enough,
        ..o
    };
    let v = lookup("ruler").unwrap().solve(&words("12"), &o).unwrap();
    assert_eq!(v.play, Play::Misere);
    // Rules turning many coins: too many moves a position, refused at once.
    let e = lookup("coins:up-to:8")
        .unwrap()
        .solve(&words("30"), &opts(Play::Every))
        .unwrap_err()
        .to_string();
    assert!(e.contains("moves"), "{e}");
    let e = lookup("queens")
        .unwrap()
        .solve(&words("1000000,1000 2000,3000"), &opts(Play::Misere))
        .unwrap_err()
        .to_string();
    assert!(e.contains("2^"), "{e}");
    let both = SolveOptions {
        misere: true,
        every: true,
        ..Default::default()
    };
    assert!(lookup("twins").unwrap().solve(&words("3"), &both).is_err());
}
