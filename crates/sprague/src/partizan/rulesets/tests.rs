//! Cross-checks of the rulesets: canonical values (generic solver over the core) against
//! brute-force outcome classes on every small position, closed forms against search, and
//! known values from the literature.

use super::clobber::Clobber;
use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::hackenbush::{blue_red_string_value, Hackenbush};
use super::solver::ValueSolver;
use super::toads::ToadsAndFrogs;
use super::Ruleset;
use crate::catalogue::SolveOptions;
use crate::partizan::canonical::{Context, GameId};
use crate::partizan::outcome::OutcomeSolver;

const LIMIT: u64 = 10_000_000;

fn value_of<R: Ruleset>(rules: &R, text: &str) -> String {
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(rules, LIMIT);
    let p = rules.parse(text).unwrap();
    let g = s.value(&mut ctx, &p).unwrap();
    ctx.display(g)
}

/// For every position: the outcome class of the canonical value equals the brute-force
/// class (which never splits positions into components), and the normal form keeps the
/// value (up to the sign it reports).
fn check_all<R: Ruleset>(rules: &R, positions: &[String]) {
    let mut ctx = Context::new();
    let mut values = ValueSolver::new(rules, LIMIT);
    let mut brute = OutcomeSolver::new(rules, LIMIT);
    for text in positions {
        let p = rules.parse(text).unwrap();
        let g = values.value(&mut ctx, &p).unwrap();
        let class = ctx.outcome(g).to_string();
        let wins = brute.wins(&p).unwrap();
        assert_eq!(
            class,
            wins.letter().to_string(),
            "{} `{text}`: value {} but brute force says {}",
            rules.name(),
            ctx.display(g),
            wins.letter()
        );
        let (q, neg) = rules.normalize(&p);
        let h = values.value(&mut ctx, &q).unwrap();
        let h = if neg { ctx.neg(h) } else { h };
        assert_eq!(
            g,
            h,
            "{} `{text}`: normal form changes the value",
            rules.name()
        );
    }
}

/// Every word of length `n` over `alphabet`.
fn words(alphabet: &[char], n: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for _ in 0..n {
        out = out
            .iter()
            .flat_map(|w| alphabet.iter().map(move |&c| format!("{w}{c}")))
            .collect();
    }
    out
}

/// Every board of `rows` × `cols` over `alphabet`.
fn boards(alphabet: &[char], rows: usize, cols: usize) -> Vec<String> {
    words(alphabet, rows * cols)
        .into_iter()
        .map(|w| {
            let cs: Vec<char> = w.chars().collect();
            cs.chunks(cols)
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

#[test]
fn domineering_known_values() {
    // Winning Ways ch. 1: the 2×2 board is ±1; a vertical slot is Left's move.
    assert_eq!(value_of(&Domineering, "..|.."), "+-1");
    assert_eq!(value_of(&Domineering, ".|."), "1");
    assert_eq!(value_of(&Domineering, ".."), "-1");
    assert_eq!(value_of(&Domineering, "."), "0");
    // A 1×n strip: only Right can move, and she can make ⌊n/2⌋ moves: -⌊n/2⌋.
    assert_eq!(value_of(&Domineering, "..."), "-1");
    assert_eq!(value_of(&Domineering, "...."), "-2");
    assert_eq!(value_of(&Domineering, "......"), "-3");
    // The 3×3 board is ±1 (Winning Ways ch. 1, CGSuite).
    assert_eq!(value_of(&Domineering, "...|...|..."), "+-1");
    // Two independent 2×2 boards: ±1 + ±1 = 0.
    assert_eq!(value_of(&Domineering, "..#..|..#.."), "0");
}

#[test]
fn domineering_small_boards_match_brute_force() {
    let mut all = Vec::new();
    for (r, c) in [(1, 6), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
        all.extend(boards(&['.', '#'], r, c));
    }
    check_all(&Domineering, &all);
}

#[test]
fn hackenbush_strings() {
    // docs/theory.md#numbers: blue-red-blue = 3/4.
    assert_eq!(
        value_of(&Hackenbush::parse_picture("BRB", None).unwrap(), "BRB"),
        "3/4"
    );
    // Closed form (sign expansion) = search, for every blue-red string of length ≤ 8.
    for n in 1..=8 {
        for w in words(&['B', 'R'], n) {
            let h = Hackenbush::parse_picture(&w, None).unwrap();
            let p = h.parse(&w).unwrap();
            let mut ctx = Context::new();
            let mut s = ValueSolver::new(&h, LIMIT).without_closed_forms();
            let g = s.value(&mut ctx, &p).unwrap();
            let colours: Vec<_> = (0..n)
                .map(|i| {
                    if w.as_bytes()[i] == b'B' {
                        super::hackenbush::Colour::Blue
                    } else {
                        super::hackenbush::Colour::Red
                    }
                })
                .collect();
            let (num, e) = blue_red_string_value(&colours).unwrap();
            let closed: GameId = ctx.dyadic(num, e);
            assert_eq!(g, closed, "string {w}: search {}", ctx.display(g));
        }
    }
    // A green string of n edges is *n; the closed form and the search agree.
    for n in 1..=6 {
        let w = "G".repeat(n);
        let h = Hackenbush::parse_picture(&w, None).unwrap();
        let mut ctx = Context::new();
        let mut s = ValueSolver::new(&h, LIMIT).without_closed_forms();
        let g = s.value(&mut ctx, &h.full()).unwrap();
        assert_eq!(g, ctx.nimber(n as u64));
    }
}

#[test]
fn hackenbush_graphs_match_brute_force() {
    // Strings over three colours, and a few trees and graphs with cycles.
    for n in 1..=4 {
        for w in words(&['B', 'R', 'G'], n) {
            let h = Hackenbush::parse_picture(&w, None).unwrap();
            check_all(&h, std::slice::from_ref(&w));
        }
    }
    for pic in [
        "0-1:B 1-2:R 1-3:G",
        "0-1:G 1-2:G 2-0:G",
        "0-1:B 1-2:R 2-0:B 1-1:G",
        "0-1:R 1-2:B 1-3:B 3-4:G 0-5:G 5-6:R",
        "0-1:B 0-1:R 1-2:G",
    ] {
        let h = Hackenbush::parse_picture(pic, None).unwrap();
        check_all(&h, &[pic.to_string()]);
    }
    // A green triangle on the ground: by the fusion principle (Winning Ways ch. 7) its
    // vertices fuse into the ground with three loops, *1 + *1 + *1 = *.
    let h = Hackenbush::parse_picture("0-1:G 1-2:G 2-0:G", None).unwrap();
    assert_eq!(value_of(&h, "0-1:G 1-2:G 2-0:G"), "*");
}

#[test]
fn toads_and_frogs_match_brute_force() {
    let mut all = Vec::new();
    for n in 1..=7 {
        all.extend(words(&['t', 'f', '.'], n));
    }
    check_all(&ToadsAndFrogs, &all);
    // Small values checked by hand: t.f = {0|0} = *, one toad with k free squares = k.
    assert_eq!(value_of(&ToadsAndFrogs, "t.f"), "*");
    assert_eq!(value_of(&ToadsAndFrogs, "t."), "1");
    assert_eq!(value_of(&ToadsAndFrogs, "t.."), "2");
}

#[test]
fn clobber_matches_brute_force() {
    let mut all = Vec::new();
    for n in 1..=7 {
        all.extend(words(&['x', 'o', '.'], n));
    }
    all.extend(boards(&['x', 'o', '.'], 2, 3));
    all.extend(boards(&['x', 'o'], 3, 3));
    check_all(&Clobber, &all);
    // Albert, Grossman, Nowakowski, Wolfe (2005): xo = *, xxo = ^ (up).
    assert_eq!(value_of(&Clobber, "xo"), "*");
    assert_eq!(value_of(&Clobber, "xxo"), "^");
    assert_eq!(value_of(&Clobber, "oox"), "v");
}

#[test]
fn cutcake_matches_brute_force_and_winning_ways() {
    let mut all = Vec::new();
    for r in 1..=5 {
        for c in 1..=5 {
            all.push(format!("{r}x{c}"));
            all.push(format!("{r}x{c} + 2x3"));
        }
    }
    check_all(&Cutcake, &all);
    // Winning Ways ch. 2 (Cutcake table): with Left cutting vertically, an R×C cake is
    // worth ⌊C / 2^⌊log2 R⌋⌋ − 1 when that is ≥ 0, and the negative of the transposed
    // formula otherwise; in particular every value is an integer.
    let f = |r: u32, c: u32| -> i64 { (c >> (31 - r.leading_zeros())) as i64 - 1 };
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&Cutcake, LIMIT);
    for r in 1..=12u32 {
        for c in 1..=12u32 {
            let g = s.value(&mut ctx, &vec![(r, c)]).unwrap();
            let expect = if f(r, c) >= 0 { f(r, c) } else { -f(c, r) };
            let e = ctx.integer(expect);
            assert_eq!(g, e, "{r}x{c} = {}", ctx.display(g));
        }
    }
}

#[test]
fn search_limit_is_a_clean_error() {
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&Domineering, 10);
    let b = Domineering::empty(4, 4).unwrap();
    let err = s.value(&mut ctx, &b).unwrap_err();
    assert!(matches!(err, crate::error::Error::Limit { .. }), "{err}");
    let mut o = OutcomeSolver::new(&Domineering, 10);
    assert!(o.wins(&b).is_err());
}

#[test]
fn long_strings_use_the_closed_form_and_deep_searches_do_not_recurse() {
    // 120 alternating edges: value by sign expansion, exact (denominator 2^119).
    let w: String = (0..120)
        .map(|i| if i % 2 == 0 { 'B' } else { 'R' })
        .collect();
    let h = Hackenbush::parse_picture(&w, None).unwrap();
    let v = value_of(&h, &w);
    assert!(v.ends_with("/664613997892457936451903530140172288"), "{v}");
    // A 120-edge string with a green edge on top is searched, 120 levels deep.
    let w2 = format!("{}G", &w[..119]);
    let h2 = Hackenbush::parse_picture(&w2, None).unwrap();
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&h2, LIMIT);
    let g = s.value(&mut ctx, &h2.full()).unwrap();
    assert!(ctx.display(g).contains('*'), "{}", ctx.display(g));
}

fn word(s: &str) -> Vec<String> {
    vec![s.to_string()]
}

#[test]
fn catalogue_reports() {
    use crate::catalogue::{lookup, Listing, Mover, ValueKind, Winner};
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
        .filter(|m| m.side == Some(Mover::Left))
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
    assert_eq!(v.method.kind, crate::catalogue::MethodKind::Theorem);
    // What the command line prints is rendered from the verdict.
    let v = lookup("cutcake")
        .unwrap()
        .moves(&word("2x4"), &opts)
        .unwrap();
    let text = v.render_text();
    assert!(text.contains("2x2 + 2x2"), "{text}");
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
fn brute(game: &str, text: &str) -> crate::partizan::outcome::Wins {
    fn run<R: Ruleset>(rules: &R, text: &str) -> crate::partizan::outcome::Wins {
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
    use crate::catalogue::{lookup, Listing, Mover, Winner};
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
            let listed: Vec<(&str, &str, Option<Mover>)> = all
                .moves
                .iter()
                .map(|m| (m.label.as_str(), m.position.as_str(), m.side))
                .collect();
            let legal: Vec<(&str, &str, Option<Mover>)> = legal
                .iter()
                .map(|m| (m.label.as_str(), m.position.as_str(), m.side))
                .collect();
            assert_eq!(listed, legal, "{game} {text}");
            let winners: Vec<_> = all.moves.iter().filter(|m| m.winning).cloned().collect();
            assert_eq!(solved.moves, winners, "{game} {text}");
            for (side, wins_first) in [
                (Mover::Left, root.left_first),
                (Mover::Right, root.right_first),
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
                    Some(Mover::Left) => super::Side::Left,
                    Some(Mover::Right) => super::Side::Right,
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
    use crate::catalogue::{lookup, Method, Play, Verdict, Winner};
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
    use crate::catalogue::lookup;
    let g = lookup("domineering").unwrap();
    for opts in [
        SolveOptions {
            misere: true,
            ..SolveOptions::default()
        },
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
    use crate::catalogue::{lookup, Mover};
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
        .filter(|m| m.side == Some(Mover::Left))
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
    // Listing the moves of three long cakes would write 15 000 positions: refused.
    let err = g
        .legal_moves(&word("1x10000 + 1x9999 + 1x9998"), &opts)
        .unwrap_err();
    assert!(err.to_string().contains("14998 legal moves"), "{err}");
    // Valuing millions of moves in a sum of thousands of cakes: refused before searching.
    let huge: String = (2..=3000)
        .map(|c| format!("1x{c}"))
        .collect::<Vec<_>>()
        .join(" + ");
    let err = g.solve(&word(&huge), &opts).unwrap_err();
    assert!(err.to_string().contains("component look-ups"), "{err}");
}

/// Values stated in the literature.
#[test]
fn literature_values() {
    // Domineering (Left places vertical dominoes). Wikipedia, "Domineering": the 2x3 board
    // (2 rows, 3 columns) is {2 | -1/2}, mean 3/4, temperature 5/4; a column of 2n or 2n+1
    // squares is n, a row -n. Berlekamp, "2xN Domineering" (Berkeley class notes, 2003):
    // the 3x2 board is {1/2 | -2}.
    assert_eq!(value_of(&Domineering, "...|..."), "{2|-1/2}");
    assert_eq!(value_of(&Domineering, "..|..|.."), "{1/2|-2}");
    let mut ctx = Context::new();
    let g = crate::partizan::notation::parse(&mut ctx, "{2|-1/2}").unwrap();
    assert_eq!(ctx.mean(g).to_string(), "3/4");
    assert_eq!(ctx.temperature(g).to_string(), "5/4");
    for n in 1..=9usize {
        let col = vec!["."; n].join("|");
        assert_eq!(
            value_of(&Domineering, &col),
            (n / 2).to_string(),
            "column {n}"
        );
        let row = ".".repeat(n);
        let expected = if n >= 2 {
            format!("-{}", n / 2)
        } else {
            "0".into()
        };
        assert_eq!(value_of(&Domineering, &row), expected, "row {n}");
    }
    // Toads and Frogs (Left's toads move right), from Winning Ways ch. 1 as retold in
    // Mark S., "Combinatorial Games: Toads and Frogs" (combinatorialgames.wordpress.com,
    // 2013): TFTF□ = 0, TF□TF = 0, TFT□F = *, T□TFF = {0|*} = ^. Erickson, "New Toads and
    // Frogs results" (Games of No Chance, 1996), plays TT□FF with Left first and Left wins,
    // and by symmetry Right wins moving first: the first player wins.
    assert_eq!(value_of(&ToadsAndFrogs, "tftf."), "0");
    assert_eq!(value_of(&ToadsAndFrogs, "tf.tf"), "0");
    assert_eq!(value_of(&ToadsAndFrogs, "tft.f"), "*");
    assert_eq!(value_of(&ToadsAndFrogs, "t.tff"), "^");
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&ToadsAndFrogs, LIMIT);
    let p = ToadsAndFrogs.parse("tt.ff").unwrap();
    let g = s.value(&mut ctx, &p).unwrap();
    assert_eq!(ctx.outcome(g), crate::partizan::PartizanOutcome::N);
}

/// Wolfe, "Clobber research" (homepages.gac.edu/~wolfe/games/clobber): every Clobber
/// position is all-small (a player can move exactly when the other can), so every one has
/// an atomic weight. Checked on every row of up to 7 stones and every 2x3 board.
#[test]
fn clobber_positions_are_all_small() {
    let mut ctx = Context::new();
    let mut s = ValueSolver::new(&Clobber, LIMIT);
    let mut positions = Vec::new();
    for n in 1..=7 {
        positions.extend(words(&['x', 'o', '.'], n));
    }
    positions.extend(boards(&['x', 'o', '.'], 2, 3));
    for text in positions {
        let p = Clobber.parse(&text).unwrap();
        let g = s.value(&mut ctx, &p).unwrap();
        assert!(ctx.is_all_small(g), "{text}");
        assert!(ctx.atomic_weight(g).is_ok(), "{text}");
    }
}
