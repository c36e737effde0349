//! Checks over every number game of the catalogue: `solve` and `moves` tell the same
//! story, every move's position parses back and re-solves to what the move says, and huge
//! positions get bounded, honest answers.

use crate::catalogue::lookup;

use sprague_games::interface::listing::MAX_MOVES_LISTED;
use sprague_games::interface::{Game, Listing, Play, SolveOptions, Verdict, Winner};

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// Edge cases per game beside its entry's examples: lone components, sums, terminal
/// positions.
fn edge_cases(name: &str) -> &'static [&'static str] {
    match name {
        "nim" => &["3 4 5", "1 1", "2 2 1", "0 0", "7"],
        "euclid" => &["25 7", "3 2 + 1 1", "5 0", "4 4", "24 15"],
        "wythoff" => &["8 4", "3 5", "2 2 + 1 0", "0 0"],
        "fibonacci-nim" => &["10", "7 3", "4 + 3", "0"],
        "redistribute" => &["1 3", "2 2", "1 2 3", "3 + 1 1"],
        "bash" => &["5 7", "4", "1", "0"],
        "bounded-nim" => &["3 4", "0 2"],
        "subtraction" => &["5 6", "7", "2"],
        "prime-power" => &["6 7", "10", "0 1"],
        "sorted-piles" => &["1 2 3", "0 1 + 2 2", "1 1", "0"],
        "staircase-nim" => &["3 1 2", "1 0 + 2", "0 0"],
        "moore-nim" => &["1 2 3", "3 3 3", "2 2 + 1", "0 0"],
        "divisor" => &["1", "2 3", "16", "1 1"],
        _ => &[],
    }
}

fn plays() -> Vec<(&'static str, SolveOptions)> {
    vec![
        ("normal", SolveOptions::default()),
        (
            "misère",
            SolveOptions {
                misere: true,
                ..Default::default()
            },
        ),
        (
            "every",
            SolveOptions {
                every: true,
                ..Default::default()
            },
        ),
    ]
}

fn keys(v: &Verdict) -> Vec<String> {
    serde_json::to_value(v)
        .expect("a verdict serialises")
        .as_object()
        .expect("an object")
        .keys()
        .cloned()
        .collect()
}

/// The checks of one position under one play convention.
fn check(game: &dyn Game, position: &str, play: &str, opts: &SolveOptions) {
    let at = format!("{} {position} ({play})", game.spec());
    let s = game.solve(&words(position), opts).expect(&at);
    let m = game.moves(&words(position), opts).expect(&at);
    assert_eq!(s.listing, Listing::Winning, "{at}");
    assert_eq!(m.listing, Listing::All, "{at}");
    assert_eq!(s.outcome, m.outcome, "{at}");
    assert_eq!(keys(&s), keys(&m), "{at}");
    // Under misère play a player who cannot move wins without a move to list.
    let stuck = opts.misere && m.moves.is_empty();
    let first = s.outcome == Winner::First;
    assert_eq!(first, m.moves.iter().any(|x| x.winning) || stuck, "{at}");
    if first && !stuck {
        assert!(!s.moves.is_empty() || !s.complete, "{at}: no winning move");
    }
    for w in &s.moves {
        assert!(
            w.winning && w.outcome == Some(Winner::Second),
            "{at}: {w:?}"
        );
        let listed = m.moves.iter().find(|x| x.position == w.position);
        let listed = listed.unwrap_or_else(|| panic!("{at}: {w:?} is not among the moves"));
        assert!(
            listed.winning && listed.label == w.label,
            "{at}: {listed:?}"
        );
    }
    let legal = game.legal_moves(&words(position), opts).expect(&at);
    assert_eq!(legal.len(), m.moves.len(), "{at}");
    for (l, x) in legal.iter().zip(&m.moves) {
        assert_eq!((&l.label, &l.position), (&x.label, &x.position), "{at}");
        assert!(l.side.is_none());
    }
    for x in &m.moves {
        let again = game
            .solve(&words(&x.position), opts)
            .unwrap_or_else(|e| panic!("{at}: move to `{}`: {e}", x.position));
        assert_eq!(Some(again.outcome), x.outcome, "{at}: move {x:?}");
        if let (Some(a), Some(b)) = (&again.value, &x.value) {
            assert_eq!(a, b, "{at}: move {x:?}");
        }
    }
}

/// The number games: the entries built on `sprague_games::number`.
fn number_entries() -> Vec<sprague_games::interface::Entry> {
    use sprague_games::number::*;
    vec![
        nim::entry(),
        euclid::entry(),
        wythoff::entry(),
        fibonacci_nim::entry(),
        redistribute::entry(),
        bash::entry_bash(),
        bash::entry_bounded(),
        subtraction::entry(),
        prime_power::entry(),
        sorted_piles::entry(),
        staircase::entry(),
        moore::entry(),
        divisor::entry(),
    ]
}

#[test]
fn solve_and_moves_agree_on_every_number_game() {
    for e in number_entries() {
        let mut specs: Vec<&str> = e.examples.iter().map(|x| x.spec).collect();
        specs.dedup();
        for spec in specs {
            let game = lookup(spec).unwrap();
            // The examples under the plays they declare; the edge cases under every play.
            for x in e.examples.iter().filter(|x| x.spec == spec) {
                for (play, opts) in plays() {
                    let declared = match play {
                        "misère" => Play::Misere,
                        "every" => Play::Every,
                        _ => Play::Normal,
                    };
                    if x.plays.contains(&declared) {
                        check(game.as_ref(), x.position, play, &opts);
                    }
                }
            }
            for position in edge_cases(e.name) {
                for (play, opts) in plays() {
                    check(game.as_ref(), position, play, &opts);
                }
            }
        }
    }
}

#[test]
fn labels_say_what_a_move_does() {
    let label_of = |spec: &str, position: &str, after: &str| {
        let game = lookup(spec).unwrap();
        let moves = game
            .legal_moves(&words(position), &SolveOptions::default())
            .unwrap();
        let m = moves.iter().find(|m| m.position == after);
        m.unwrap_or_else(|| panic!("{spec} {position}: no move to {after}"))
            .label
            .clone()
    };
    assert_eq!(label_of("nim", "3 4 5", "3 1 5"), "take 3 from heap 2");
    assert_eq!(label_of("bash:3", "7", "4"), "take 3 from heap 1");
    assert_eq!(label_of("wythoff", "8 4", "5 1"), "take 3 from both heaps");
    assert_eq!(label_of("wythoff", "8 4", "8 0"), "take 4 from heap 2");
    assert_eq!(label_of("fibonacci-nim", "100", "97 6"), "take 3");
    assert_eq!(
        label_of("euclid", "25 7 + 3 2", "11 7 + 3 2"),
        "component 1: subtract 2 × 7 from 25"
    );
    assert_eq!(label_of("euclid", "3 2", "1 2"), "subtract 2 from 3");
    assert_eq!(
        label_of("staircase-nim", "3 1 2", "3 3 0"),
        "move 2 coins from stair 3 to stair 2"
    );
    assert_eq!(
        label_of("staircase-nim", "3 1 2", "2 1 2"),
        "move 1 coin from stair 1 off the staircase"
    );
    assert_eq!(
        label_of("moore-nim:2", "1 2 3", "0 2 1"),
        "take 1 from heap 1 and 2 from heap 3"
    );
    assert_eq!(
        label_of("sorted-piles", "1 2 3", "1 2 2"),
        "take 1 from pile 3"
    );
    assert_eq!(label_of("redistribute", "1 3", "1 1"), "1 3 → 1 1");
}

#[test]
fn every_move_play_lists_combinations() {
    let every = SolveOptions {
        every: true,
        ..Default::default()
    };
    let euclid = lookup("euclid").unwrap();
    let v = euclid.solve(&words("25 7 + 3 2 + 10 10"), &every).unwrap();
    assert_eq!(v.outcome, Winner::First);
    let steps: Vec<_> = v.components.iter().map(|c| c.value.clone()).collect();
    assert_eq!(
        steps,
        [Some("5".into()), Some("2".into()), Some("1".into())]
    );
    assert_eq!(v.value.as_deref(), Some("5"));
    assert_eq!(v.winning_positions(), ["11 7 + 1 2 + 0 10"]);
    assert_eq!(
        v.moves[0].label,
        "component 1: subtract 2 × 7 from 25, component 2: subtract 2 from 3, component 3: subtract 10 from 10"
    );
    assert_eq!(v.moves[0].value.as_deref(), Some("4"));
    // Heap 5 wins with step 3; each heap of 4 loses in 2 by any of its 3 moves: 3^5
    // winning combinations, of which 100 are listed.
    let bash = lookup("bash:3").unwrap();
    let v = bash.solve(&words("5 4 4 4 4 4"), &every).unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.moves.len(), 100);
    assert!(!v.complete);
    assert!(
        v.note.as_deref().unwrap().contains("243 winning moves"),
        "{v:?}"
    );
    // Nim: 3 × 3 × 3 ways to move in every heap.
    let nim = lookup("nim").unwrap();
    let m = nim.moves(&words("3 3 3"), &every).unwrap();
    assert_eq!(m.moves.len(), 27);
    assert_eq!(m.moves.iter().filter(|x| x.winning).count(), 1);
}

#[test]
fn equal_components_get_their_winning_moves_too() {
    let nim = lookup("nim").unwrap();
    let v = nim
        .solve(&words("1 1 1"), &SolveOptions::default())
        .unwrap();
    assert_eq!(v.winning_positions(), ["0 1 1", "1 0 1", "1 1 0"]);
    let misere = SolveOptions {
        misere: true,
        ..Default::default()
    };
    let v = nim.solve(&words("0 0"), &misere).unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert!(
        v.moves.is_empty() && v.complete && v.note.is_some(),
        "{v:?}"
    );
}

#[test]
fn huge_positions_are_bounded_and_honest() {
    let huge = format!("1{}", "0".repeat(40));
    let opts = SolveOptions::default();
    for (spec, position) in [
        ("nim", format!("{huge} 5")),
        ("euclid", format!("{huge} 7")),
        ("wythoff", format!("{huge} {huge}")),
        ("fibonacci-nim", huge.clone()),
        ("redistribute", format!("3 {huge}")),
        ("prime-power", format!("{huge}1")),
        ("moore-nim:2", format!("{huge} 5 3")),
        ("staircase-nim", format!("{huge} 3")),
        ("sorted-piles", format!("1 {huge}")),
        ("subtraction:1,3,4", format!("{huge}1")),
    ] {
        let game = lookup(spec).unwrap();
        let v = game.solve(&words(&position), &opts).unwrap();
        if v.outcome == Winner::First {
            assert!(!v.moves.is_empty(), "{spec} {position}");
        }
        for m in &v.moves {
            let again = game.solve(&words(&m.position), &opts).unwrap();
            assert_eq!(again.outcome, Winner::Second, "{spec} {}", m.position);
        }
    }
    // Too many moves to list: the error says how many.
    let nim = lookup("nim").unwrap();
    let err = nim
        .legal_moves(&words("100000000000000000000 3"), &opts)
        .unwrap_err()
        .to_string();
    assert!(err.contains("has 100000000000000000000 moves"), "{err}");
    // `moves` lists a sample of them instead.
    assert!(!nim.moves(&words(&huge), &opts).unwrap().complete);
    // Few moves of huge numbers are listed in closed form.
    let euclid = lookup("euclid").unwrap();
    let m = euclid
        .moves(&words(&format!("{huge} 9{}", "9".repeat(39))), &opts)
        .unwrap();
    assert_eq!(m.moves.len(), 1);
    let sub = lookup("subtraction:1,3,4").unwrap();
    let m = sub.moves(&words(&huge), &opts).unwrap();
    assert_eq!(m.moves.len(), 3);
    assert!(m.moves.iter().all(|x| x.value.is_some()));
}

/// Winning moves whose positions are long stop at the character budget with a count: 301
/// equal 900-digit Nim heaps have 301 winning moves, each writing all 301 heaps (before,
/// the list grew with the square of the input).
#[test]
fn long_winning_positions_are_cut_with_a_count() {
    use sprague_games::interface::listing::MAX_LISTED_TEXT;
    let heap = format!("1{}", "0".repeat(900));
    let position = vec![heap.as_str(); 301].join(" ");
    let v = lookup("nim")
        .unwrap()
        .solve(&words(&position), &SolveOptions::default())
        .unwrap();
    assert_eq!(v.outcome, Winner::First);
    let each = v.moves[0].label.len() + v.moves[0].position.len();
    let listed = MAX_LISTED_TEXT.div_ceil(each);
    assert_eq!(v.moves.len(), listed);
    assert!(!v.complete);
    assert_eq!(
        v.note.as_deref(),
        Some(
            format!(
                "301 winning moves in all; the first {listed} are listed (the positions are long)"
            )
            .as_str()
        )
    );
}

/// `moves` stops at the same budget, with the count of moves.
#[test]
fn long_move_lists_are_cut_with_a_count() {
    let position = vec!["2"; 2000].join(" ");
    let v = lookup("nim")
        .unwrap()
        .moves(&words(&position), &SolveOptions::default())
        .unwrap();
    let listed = v.moves.len();
    assert!(listed > 1 && listed < MAX_MOVES_LISTED, "{listed}");
    assert!(!v.complete);
    let note = v.note.unwrap();
    assert!(
        note.starts_with(&format!(
            "4000 moves in all; a sample of {MAX_MOVES_LISTED} is listed"
        )) && note.ends_with(&format!(
            "the first {listed} are listed (the positions are long)"
        )),
        "{note}"
    );
    // The moves listed are rated as before: to 0 wins (XOR of the rest is 0).
    assert!(v.moves.iter().all(|m| m.outcome.is_some()));
}

/// The one listing policy: a position with more moves than `moves` lists gets a sample —
/// the first moves of each component, sharing the cap — never a refusal; the legal-move
/// list of the position API is whole or refused with the count.
#[test]
fn too_many_moves_give_a_sample_of_every_component() {
    let nim = lookup("nim").unwrap();
    let o = SolveOptions::default();
    let v = nim.moves(&words("50000 2"), &o).unwrap();
    assert_eq!(v.moves.len(), MAX_MOVES_LISTED);
    assert!(!v.complete);
    let note = v.note.clone().unwrap();
    assert!(
        note.starts_with("50002 moves in all; a sample of 1000"),
        "{note}"
    );
    // Both heaps' moves are in the sample, each a real move rated as before.
    for (label, after) in [
        ("take 1 from heap 1", "49999 2"),
        ("take 2 from heap 2", "50000 0"),
    ] {
        let m = v.moves.iter().find(|m| m.label == label).expect(label);
        assert_eq!(m.position, after);
        assert_eq!(m.winning, m.value.as_deref() == Some("0"));
    }
    // Heaps past a machine word are sampled in closed form.
    let huge = format!("1{} 3", "0".repeat(30));
    let v = nim.moves(&words(&huge), &o).unwrap();
    assert_eq!(v.moves.len(), MAX_MOVES_LISTED);
    assert!(v
        .note
        .unwrap()
        .starts_with(&format!("1{}3 moves in all", "0".repeat(29))));
    // Within the cap every move is listed and the verdict is complete.
    let v = nim.moves(&words("600 300"), &o).unwrap();
    assert!(v.complete && v.moves.len() == 900);
    // The position API lists all or refuses, naming the count.
    let err = nim
        .legal_moves(&words("200000"), &o)
        .unwrap_err()
        .to_string();
    assert!(err.contains("200000 moves, too many to list"), "{err}");
}
