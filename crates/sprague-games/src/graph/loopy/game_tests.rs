//! Tests of the `graph` game: verdicts of acyclic and cyclic positions, sums by γ, misère
//! verdicts, positions that read back, errors, the table, a million-vertex path.

use crate::error::Result;
use crate::graph::format::Graph;
use crate::interface::{Game, Play, SolveOptions, TableOptions, ValueKind, Verdict, Winner};
use sprague_core::retrograde::Csr;
use sprague_core::testing::{next, random_graph};

fn lookup(spec: &str) -> crate::error::Result<Box<dyn Game>> {
    crate::interface::testing::game_of(&[super::game::entry()], spec)
}

/// The graph text of a random test graph, vertices named by number.
fn graph_of(csr: &Csr) -> Graph {
    let mut g = Graph::new();
    for v in 0..csr.len() {
        g.vertex_or_insert(&v.to_string());
    }
    for v in 0..csr.len() as u32 {
        for &w in csr.successors(v) {
            g.add_edge(v, w, true);
        }
    }
    g
}

fn opts(tokens: &[&str]) -> SolveOptions {
    SolveOptions {
        tokens: tokens.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    }
}

fn solve(graph: &str, tokens: &[&str]) -> Result<Verdict> {
    lookup("graph")?.solve(&[graph.to_string()], &opts(tokens))
}

#[test]
fn acyclic_sum_by_xor_with_winning_moves() {
    // g(c)=0, g(b)=1, g(a)=2 (a>b>c, a>c); d>e: g(d)=1.
    let v = solve("a>b>c a>c d>e", &["a", "d"]).unwrap();
    assert_eq!(v.details.get("acyclic"), Some("true"));
    assert_eq!(v.value_kind, Some(ValueKind::Grundy));
    assert_eq!(v.value.as_deref(), Some("3"));
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.position, "a>b b>c a>c d>e token=a,d");
    // 2 xor 1 = 3: move a to b (1 xor 1 = 0).
    assert_eq!(v.moves.len(), 1);
    let m = &v.moves[0];
    assert_eq!(m.label, "move token 1 from a to b");
    assert_eq!(m.position, "a>b b>c a>c d>e token=b,d");
    assert_eq!(m.value.as_deref(), Some("0"));
    assert_eq!(m.outcome, Some(Winner::Second));
    let comps: Vec<_> = v.components.iter().map(|c| c.value.as_deref()).collect();
    assert_eq!(comps, [Some("2"), Some("1")]);
    let v = solve("a>b>c a>c d>e", &["b", "d"]).unwrap();
    assert_eq!(v.outcome, Winner::Second);
    assert!(v.moves.is_empty());
    // The same position written with the tokens in it.
    let w = lookup("graph")
        .unwrap()
        .solve(&["a>b>c a>c d>e token=b,d".into()], &opts(&[]))
        .unwrap();
    assert_eq!(w, v);
}

#[test]
fn cyclic_single_token_gives_remoteness() {
    // a <-> b, b > c > d: b's successors are a (a draw) and c (won): b is a draw.
    let v = solve("a-b b>c c>d", &["b"]).unwrap();
    assert_eq!(v.outcome, Winner::Draw);
    assert_eq!(v.remoteness, None);
    let v = solve("a-b b>c c>d", &["c"]).unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.remoteness, Some(1));
    assert_eq!(v.moves[0].label, "move token 1 from c to d");
    assert_eq!(v.moves[0].remoteness, Some(0));
    let v = solve("a>b b>a b>c", &["a"]).unwrap();
    // b wins by moving to c; a must move to b: a loses with remoteness 2.
    assert_eq!(v.outcome, Winner::Second);
    assert_eq!(v.remoteness, Some(2));
    assert!(v.moves.is_empty() && v.listing == crate::interface::Listing::Winning);
    assert_eq!(v.value_kind, Some(ValueKind::Gamma));
}

#[test]
fn cyclic_sums_use_gamma() {
    // x has a loop and an exit to the terminal t: γ(x) = ∞(0). y > t: γ(y) = 1.
    let v = solve("x>x x>t y>t", &["x", "y"]).unwrap();
    assert_eq!(v.outcome, Winner::Draw);
    assert_eq!(v.value.as_deref(), Some("∞(1)"));
    let v = solve("x>x x>t y>t", &["x", "t"]).unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.value.as_deref(), Some("∞(0)"));
    let labels: Vec<&str> = v.moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["move token 1 from x to t"]);
    assert_eq!(v.components[0].value.as_deref(), Some("∞(0)"));
    assert_eq!(v.components[0].position, "x>x x>t y>t token=x");
    let v = solve("x>x x>t y>t z>z", &["x", "z"]).unwrap();
    assert_eq!(v.outcome, Winner::Draw);
    assert_eq!(v.value.as_deref(), Some("∞()"));
}

#[test]
fn misere_single_token_verdicts() {
    // A path a>b>c under misère: the player at b must move to c, where the opponent is
    // stuck and wins; so b is lost (remoteness 1) and a is won by moving to b.
    let game = lookup("graph").unwrap();
    let mis = SolveOptions {
        misere: true,
        ..Default::default()
    };
    let v = game.solve(&["a>b>c token=a".into()], &mis).unwrap();
    assert_eq!(v.play, Play::Misere);
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.remoteness, Some(2));
    assert_eq!(v.value, None);
    assert_eq!(v.moves[0].position, "a>b b>c token=b");
    let v = game.solve(&["a>b>c token=c".into()], &mis).unwrap();
    assert_eq!((v.outcome, v.remoteness), (Winner::First, Some(0)));
}

#[test]
fn positions_read_back_and_solve_agrees_with_moves() {
    let normal = SolveOptions::default();
    let mis = SolveOptions {
        misere: true,
        ..Default::default()
    };
    for (words, o) in [
        (vec!["a>b>c a>c d>e token=a,d"], &normal),
        (vec!["a>b>c a>c d>e", "token=b", "token=d"], &normal),
        (vec!["a-b b>c c>d token=b"], &normal), // a draw
        (vec!["a-b b>c c>d token=c"], &normal),
        (vec!["x>x x>t y>t token=x,y"], &normal), // draws with γ = ∞
        (vec!["x>x x>t y>t token=x,t"], &normal),
        (vec!["x>x x>t y>t z>z token=x,z,t"], &normal),
        (vec!["1>2 2>3 3>1 3>4 lonely token=1,1"], &normal),
        (vec!["a>b b>a b>c token=a"], &mis),
        (vec!["a-b b>c c>d token=b"], &mis),
        (vec!["p>q q>r r>p r>s token=p"], &mis),
    ] {
        crate::interface::testing::verdicts_agree_on(super::game::entry(), "graph", &words, o);
    }
    // Random graphs, one or two tokens, both conventions.
    let mut seed = 0x2468_1357_9BDF_ACE0u64;
    for t in 0..60 {
        let n = 1 + t % 6;
        let m = (next(&mut seed) % (2 * n as u64 + 2)) as usize;
        let g = graph_of(&random_graph(&mut seed, n, m));
        let k = 1 + t % 2;
        let toks: Vec<String> = (0..k)
            .map(|_| (next(&mut seed) % n as u64).to_string())
            .collect();
        let text = format!("{} token={}", g.to_text(), toks.join(","));
        crate::interface::testing::verdicts_agree_on(
            super::game::entry(),
            "graph",
            &[&text],
            &normal,
        );
        if k == 1 {
            crate::interface::testing::verdicts_agree_on(
                super::game::entry(),
                "graph",
                &[&text],
                &mis,
            );
        }
    }
}

#[test]
fn errors_are_clear() {
    let e = solve("1>2", &[]).unwrap_err().to_string();
    assert!(e.contains("no token"), "{e}");
    let e = solve("1>2", &["9"]).unwrap_err().to_string();
    assert!(e.contains("no vertex `9`"), "{e}");
    let e = solve("1>>2", &["1"]).unwrap_err().to_string();
    assert!(e.contains("graph, line 1"), "{e}");
    let e = solve("  ", &["1"]).unwrap_err().to_string();
    assert!(e.contains("no graph"), "{e}");
    let e = solve("1>2 token=1", &["1"]).unwrap_err().to_string();
    assert!(e.contains("twice"), "{e}");
    let e = solve("1>2 start=1", &[]).unwrap_err().to_string();
    assert!(e.contains("`start=1`") && e.contains("`token=`"), "{e}");
    let game = lookup("graph").unwrap();
    let w = ["1>2 2>3 token=1,2".to_string()];
    let flag = |f: fn(&mut SolveOptions)| {
        let mut o = SolveOptions::default();
        f(&mut o);
        game.solve(&w, &o).unwrap_err().to_string()
    };
    let e = flag(|o| o.misere = true);
    assert!(e.contains("misère") && e.contains("2 tokens"), "{e}");
    let e = flag(|o| o.every = true);
    assert!(e.contains("--every"), "{e}");
    let e = flag(|o| o.start = Some("1".into()));
    assert!(e.contains("--start"), "{e}");
    let e = flag(|o| o.ground = Some("1".into()));
    assert!(e.contains("--ground"), "{e}");
    assert!(game
        .moves(
            &w,
            &SolveOptions {
                every: true,
                ..Default::default()
            }
        )
        .is_err());
}

/// `table graph` honours the cancellation flag (Ctrl-C) in its analyses, in both plays.
#[test]
fn table_stops_when_cancelled() {
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    // A path long enough that the analyses look at the flag.
    let text = (0..20_000)
        .map(|i| format!("{i}>{}", i + 1))
        .collect::<Vec<_>>()
        .join(" ");
    for misere in [false, true] {
        let result = lookup("graph").unwrap().table(&TableOptions {
            args: vec![text.clone()],
            misere,
            limits: crate::limits::Limits {
                cancel: Some(flag.clone()),
                ..Default::default()
            },
            ..Default::default()
        });
        assert!(
            matches!(result, Err(crate::error::Error::Interrupted { .. })),
            "misère {misere}: {:?}",
            result.map(|t| t.count())
        );
    }
}

#[test]
fn million_vertex_path_from_text() {
    use std::fmt::Write;
    let mut text = String::with_capacity(14_000_000);
    for v in 0..1_000_000u32 - 1 {
        writeln!(text, "{v}>{}", v + 1).unwrap();
    }
    let v = solve(&text, &["0"]).unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.remoteness, Some(999_999));
    assert_eq!(v.value.as_deref(), Some("1"));
    assert_eq!(v.moves.len(), 1);
}
