//! The partizan rulesets through the catalogue: verdicts, move lists that read back and
//! agree with brute force, refused conventions and capped lists.

use crate::interface::{Game, SolveOptions};
use crate::partizan::rulesets::clobber::Clobber;
use crate::partizan::rulesets::cutcake::Cutcake;
use crate::partizan::rulesets::domineering::Domineering;
use crate::partizan::rulesets::hackenbush::Hackenbush;
use crate::partizan::rulesets::toads::ToadsAndFrogs;
use sprague_core::partizan::outcome::OutcomeSolver;
use sprague_core::partizan::rules::Ruleset;

/// The game a spec names, among the partizan rulesets' entries.
fn lookup(spec: &str) -> crate::error::Result<Box<dyn Game>> {
    let entries = [
        super::hackenbush::entry(),
        super::domineering::entry(),
        super::cutcake::entry(),
        super::toads::entry(),
        super::clobber::entry(),
    ];
    crate::interface::testing::game_of(&entries, spec)
}

const LIMIT: u64 = 10_000_000;

fn word(s: &str) -> Vec<String> {
    vec![s.to_string()]
}

#[test]
fn catalogue_reports() {
    use crate::interface::{Listing, ValueKind, Winner};
    use sprague_core::value::Side;
    let opts = SolveOptions::default();
    let v = lookup("domineering")
        .unwrap()
        .solve(&word("..|.."), &opts)
        .unwrap();
    assert_eq!(v.value_kind, Some(ValueKind::Canonical));
    assert_eq!(v.value.as_deref(), Some("+-1"));
    assert_eq!(v.outcome, Winner::N);
    assert_eq!(v.details.get("left_stop"), Some("1"));
    assert_eq!(v.details.get("right_stop"), Some("-1"));
    assert_eq!(v.details.get("mean"), Some("0"));
    assert_eq!(v.details.get("temperature"), Some("1"));
    assert!(v.details.get("components_searched").is_some());
    assert_eq!(v.listing, Listing::Winning);
    let left: Vec<&str> = v
        .moves
        .iter()
        .filter(|m| m.side == Some(Side::Left))
        .map(|m| m.label.as_str())
        .collect();
    assert_eq!(
        left,
        ["vertical domino at a1-a2", "vertical domino at b1-b2"]
    );
    assert!(v.moves.iter().all(|m| m.winning));
    let v = lookup("hackenbush")
        .unwrap()
        .solve(&word("BRB"), &opts)
        .unwrap();
    assert_eq!(v.value.as_deref(), Some("3/4"));
    assert_eq!(v.outcome, Winner::L);
    assert_eq!(v.method.kind, crate::interface::MethodKind::Theorem);
    // What the command line prints is rendered from the verdict.
    let v = lookup("cutcake")
        .unwrap()
        .moves(&word("2x4"), &opts)
        .unwrap();
    assert!(
        v.moves.iter().any(|m| m.position == "2x2 + 2x2"),
        "{:?}",
        v.moves
    );
    assert_eq!(serde_json::to_value(&v).unwrap()["listing"], "all");
    assert_eq!(serde_json::to_value(&v).unwrap()["value_kind"], "canonical");
    for (game, bad) in [
        ("domineering", "..|."),
        ("domineering", "..|.o"),
        ("clobber", "xo|x"),
        ("toads-and-frogs", "tq"),
        ("cutcake", "3x"),
        ("hackenbush", "0-1:X"),
        ("hackenbush", "1-2:B"),
    ] {
        let g = lookup(game).unwrap();
        let err = g.solve(&word(bad), &opts).unwrap_err();
        assert!(err.to_string().contains(game), "{game} {bad}: {err}");
        assert!(g.legal_moves(&word(bad), &opts).is_err(), "{game} {bad}");
    }
}

/// Sample positions of every ruleset of the catalogue, small enough for brute force:
/// sums, positions whose components the search splits off, and each outcome class.
const SAMPLES: &[(&str, &[&str])] = &[
    (
        "domineering",
        &[
            "..|..",
            "...|...",
            "..#|...|.#.",
            "....",
            ".|.|.",
            "..#..|..#..",
            "#",
        ],
    ),
    ("clobber", &["xo|ox", "xxo", "xo.ox|o.x.o", "xox|oxo", "xx"]),
    (
        "toads-and-frogs",
        &["t.f", "tt.ff", "t.tf.", "tf.tf", "t..f.tf", "ttff"],
    ),
    (
        "cutcake",
        &["2x3", "3x4 + 2x2", "1x3 + 2x2 + 2x2", "4x4", "1x1"],
    ),
    (
        "hackenbush",
        &[
            "BRB",
            "BRB RR",
            "BG R",
            "0-1:B 1-2:R 1-3:G",
            "0-1:G 1-2:G 2-0:G",
            "0-1:B 1-2:R 2-0:B 1-1:G",
            "0",
        ],
    ),
];

/// Who wins `text` of `game` with each player moving first, by brute force over the
/// whole position (no canonical forms, no components).
fn brute(game: &str, text: &str) -> sprague_core::partizan::outcome::Wins {
    fn run<R: Ruleset>(rules: &R, text: &str) -> sprague_core::partizan::outcome::Wins {
        let p = rules.parse(text).unwrap();
        OutcomeSolver::new(rules, LIMIT).wins(&p).unwrap()
    }
    match game {
        "domineering" => run(&Domineering, text),
        "clobber" => run(&Clobber, text),
        "toads-and-frogs" => run(&ToadsAndFrogs, text),
        "cutcake" => run(&Cutcake, text),
        "hackenbush" => run(&Hackenbush::parse_picture(text, None).unwrap(), text),
        _ => unreachable!("{game}"),
    }
}

/// Every listed move: its position reads back with the same game and re-solving it gives
/// the move's value and outcome; `winning` and the outcome classes agree with brute force;
/// the moves are the legal moves; `solve` lists exactly the winning ones.
#[test]
fn catalogue_moves_round_trip_and_agree_with_brute_force() {
    use crate::interface::{Listing, Winner};
    use sprague_core::value::Side;
    let opts = SolveOptions::default();
    let letter = |w: Winner| w.as_str().chars().next().unwrap();
    for &(game, positions) in SAMPLES {
        let g = lookup(game).unwrap();
        for &text in positions {
            let all = g.moves(&word(text), &opts).unwrap();
            let solved = g.solve(&word(text), &opts).unwrap();
            let root = brute(game, text);
            assert_eq!(letter(all.outcome), root.letter(), "{game} {text}");
            assert_eq!(all.listing, Listing::All);
            assert!(all.complete && solved.complete, "{game} {text}");
            assert_eq!(
                (&solved.value, solved.outcome, &solved.position),
                (&all.value, all.outcome, &all.position),
                "{game} {text}"
            );
            // The verdict's own position reads back as the same position.
            let again = g.solve(&word(&all.position), &opts).unwrap();
            assert_eq!(again.position, all.position, "{game} {text}");
            assert_eq!(again.value, all.value, "{game} {text}");
            let legal = g.legal_moves(&word(text), &opts).unwrap();
            let listed: Vec<(&str, &str, Option<Side>)> = all
                .moves
                .iter()
                .map(|m| (m.label.as_str(), m.position.as_str(), m.side))
                .collect();
            let legal: Vec<(&str, &str, Option<Side>)> = legal
                .iter()
                .map(|m| (m.label.as_str(), m.position.as_str(), m.side))
                .collect();
            assert_eq!(listed, legal, "{game} {text}");
            let winners: Vec<_> = all.moves.iter().filter(|m| m.winning).cloned().collect();
            assert_eq!(solved.moves, winners, "{game} {text}");
            for (side, wins_first) in [
                (Side::Left, root.left_first),
                (Side::Right, root.right_first),
            ] {
                // A side that wins moving first has a winning move listed, and no other does.
                let has = solved.moves.iter().any(|m| m.side == Some(side));
                assert_eq!(has, wins_first, "{game} {text} {side:?}");
            }
            for m in &all.moves {
                let after = g.solve(&word(&m.position), &opts).unwrap();
                assert_eq!(after.position, m.position, "{game} {text}: {}", m.label);
                assert_eq!(after.value, m.value, "{game} {text}: {}", m.label);
                assert_eq!(Some(after.outcome), m.outcome, "{game} {text}: {}", m.label);
                let w = brute(game, &m.position);
                let side = match m.side {
                    Some(Side::Left) => sprague_core::value::Side::Left,
                    Some(Side::Right) => sprague_core::value::Side::Right,
                    None => panic!("{game} {text}: a partizan move without a side"),
                };
                assert_eq!(
                    m.winning,
                    w.second(side),
                    "{game} {text}: {} → {}",
                    m.label,
                    m.position
                );
                assert_eq!(m.outcome.map(letter), Some(w.letter()), "{game} {text}");
            }
        }
    }
}

#[test]
fn catalogue_verdicts_have_the_verdict_keys_and_components() {
    use crate::interface::{Method, Play, Verdict, Winner};
    let opts = SolveOptions::default();
    let bare = serde_json::to_value(Verdict::new(
        "x",
        "x",
        Play::Normal,
        Winner::P,
        Method::engine("x"),
    ))
    .unwrap();
    let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    for (game, text) in [
        ("domineering", "..#..|..#.."),
        ("cutcake", "3x4 + 2x2"),
        ("hackenbush", "BRB RR"),
    ] {
        let g = lookup(game).unwrap();
        for v in [
            g.solve(&word(text), &opts).unwrap(),
            g.moves(&word(text), &opts).unwrap(),
        ] {
            let json = serde_json::to_value(&v).unwrap();
            assert_eq!(keys(&json), keys(&bare), "{game} {text}");
            assert_eq!(json["value_kind"], "canonical");
            assert!(json["grundy"].is_null());
            for key in [
                "left_stop",
                "right_stop",
                "mean",
                "temperature",
                "components_searched",
            ] {
                assert!(json["details"][key].is_string(), "{game} {text}: {key}");
            }
            assert_eq!(v.components.len(), 2, "{game} {text}");
        }
    }
    // Two 2x2 Domineering regions: ±1 each, written as boards of their own.
    let v = lookup("domineering")
        .unwrap()
        .solve(&word("..#..|..#.."), &opts)
        .unwrap();
    assert_eq!(v.components[0].position, "..|..");
    assert_eq!(v.components[0].value.as_deref(), Some("+-1"));
    assert_eq!(v.components[0].outcome, Some(Winner::N));
    assert_eq!(v.value.as_deref(), Some("0"));
    let v = lookup("cutcake")
        .unwrap()
        .solve(&word("3x4 + 2x2"), &opts)
        .unwrap();
    let comps: Vec<(&str, Option<&str>)> = v
        .components
        .iter()
        .map(|c| (c.position.as_str(), c.value.as_deref()))
        .collect();
    assert_eq!(comps, [("2x2", Some("0")), ("3x4", Some("1"))]);
}

#[test]
fn catalogue_refuses_other_conventions_and_options() {
    let g = lookup("domineering").unwrap();
    for opts in [
        SolveOptions {
            every: true,
            ..SolveOptions::default()
        },
        SolveOptions {
            tokens: vec!["a".into()],
            ..SolveOptions::default()
        },
        SolveOptions {
            start: Some("a".into()),
            ..SolveOptions::default()
        },
        SolveOptions {
            ground: Some("a".into()),
            ..SolveOptions::default()
        },
    ] {
        for r in [
            g.solve(&word(".."), &opts).map(|_| ()),
            g.moves(&word(".."), &opts).map(|_| ()),
            g.legal_moves(&word(".."), &opts).map(|_| ()),
        ] {
            let err = r.unwrap_err();
            assert!(err.to_string().starts_with("domineering"), "{err}");
        }
    }
    assert!(g.solve(&word("  "), &SolveOptions::default()).is_err());
    // --ground is Hackenbush's: a graph on another ground, and its moves, read back.
    let h = lookup("hackenbush").unwrap();
    let opts = SolveOptions {
        ground: Some("a".into()),
        ..SolveOptions::default()
    };
    let v = h.moves(&word("a-b:B b-c:R"), &opts).unwrap();
    assert_eq!(v.moves[0].label, "cut edge a-b (blue)");
    assert_eq!(v.moves[0].position, "a");
    let after = h.solve(&word("a"), &opts).unwrap();
    assert_eq!(after.value.as_deref(), Some("0"));
    assert!(after.moves.is_empty());
    // The search limit stays a clean error.
    let small = SolveOptions {
        max_positions: 10,
        ..SolveOptions::default()
    };
    let err = g.solve(&word("....|....|....|...."), &small).unwrap_err();
    assert!(matches!(err, crate::error::Error::Limit { .. }), "{err}");
}

#[test]
fn long_move_lists_are_capped_or_refused() {
    use sprague_core::value::Side;
    let g = lookup("cutcake").unwrap();
    let opts = SolveOptions::default();
    // Cakes 1x3 to 1x64: every vertical cut of a 1xC cake (worth C-1) loses 2, and the sum
    // has 1023 of them; Left wins with each, more than the list holds.
    let many: String = (3..=64)
        .map(|c| format!("1x{c}"))
        .collect::<Vec<_>>()
        .join(" + ");
    let v = g.solve(&word(&many), &opts).unwrap();
    let left = v
        .moves
        .iter()
        .filter(|m| m.side == Some(Side::Left))
        .count();
    assert_eq!(left, 1000);
    assert!(!v.complete);
    let note = v.note.as_deref().unwrap();
    assert!(
        note.contains("Left has 1023 winning moves in all; the first 1000 are listed"),
        "{note}"
    );
    let v = g.moves(&word(&many), &opts).unwrap();
    assert!(!v.complete && v.moves.len() == 1000, "{:?}", v.note);
    // Three long cakes: 14 998 moves are listed; thirty-one would be about 155 000 moves
    // (a 1xC cake has ⌊C/2⌋ cuts up to symmetry), more than a legal-move list holds:
    // refused.
    let moves = g
        .legal_moves(&word("1x10000 + 1x9999 + 1x9998"), &opts)
        .unwrap();
    assert_eq!(moves.len(), 14998);
    let many: String = (9970..=10000)
        .map(|c| format!("1x{c}"))
        .collect::<Vec<_>>()
        .join(" + ");
    let err = g.legal_moves(&word(&many), &opts).map(|m| m.len());
    assert!(
        err.as_ref()
            .is_err_and(|e| e.to_string().contains("legal moves: too many to list")),
        "{err:?}"
    );
    // Valuing millions of moves in a sum of thousands of cakes: refused before searching.
    let huge: String = (2..=3000)
        .map(|c| format!("1x{c}"))
        .collect::<Vec<_>>()
        .join(" + ");
    let err = g.solve(&word(&huge), &opts).unwrap_err();
    assert!(err.to_string().contains("component look-ups"), "{err}");
}

/// Misère play through the catalogue: the outcome class of the game tree, each side's
/// moves with the class they lead to, winning exactly when the opponent then loses moving
/// first; no value (misère play has none to add).
#[test]
fn catalogue_misere_verdicts() {
    use crate::interface::{Listing, Play, Winner};
    use sprague_core::value::Side;
    let misere = SolveOptions {
        misere: true,
        ..SolveOptions::default()
    };
    let g = lookup("domineering").unwrap();
    let v = g.solve(&word(".."), &misere).unwrap();
    assert_eq!(v.play, Play::Misere);
    assert_eq!((v.outcome, v.value.as_deref()), (Winner::L, None));
    // Left has no move in `..`: the verdict says why Left still wins moving first.
    assert!(v.complete);
    assert!(
        v.note
            .as_deref()
            .is_some_and(|n| n.starts_with("Left cannot move")),
        "{:?}",
        v.note
    );
    // `...|...` : every move of both players, each with its class; the winning ones are
    // those whose class says the mover wins moving second.
    let all = g.moves(&word("...|..."), &misere).unwrap();
    assert_eq!(all.listing, Listing::All);
    assert_eq!(all.moves.len(), 3 + 4);
    for m in &all.moves {
        let o = m.outcome.unwrap();
        let second = match m.side.unwrap() {
            Side::Left => matches!(o, Winner::L | Winner::P),
            Side::Right => matches!(o, Winner::R | Winner::P),
        };
        assert_eq!(m.winning, second, "{}", m.label);
    }
    let winning = g.solve(&word("...|..."), &misere).unwrap();
    let listed: Vec<_> = all
        .moves
        .iter()
        .filter(|m| m.winning)
        .map(|m| &m.label)
        .collect();
    let won: Vec<_> = winning.moves.iter().map(|m| &m.label).collect();
    assert_eq!(listed, won);
    // Clobber and Toads and Frogs answer too; every-move play is still refused.
    let c = lookup("clobber")
        .unwrap()
        .solve(&word("xo"), &misere)
        .unwrap();
    assert_eq!(c.outcome, Winner::P);
    let every = SolveOptions {
        every: true,
        ..SolveOptions::default()
    };
    let e = g.solve(&word(".."), &every).unwrap_err().to_string();
    assert!(e.contains("every-move"), "{e}");
}
