//! The catalogue game `green-hackenbush`: the flags it accepts, its verdicts (value, winning
//! cuts, every cut with its value) and its legal moves, built on `position`.

use crate::error::{Error, Result};
use crate::graph::engine::HackenbushRules;
use crate::graph::hackenbush::fusion::NONE;
use crate::graph::hackenbush::position::{Hackenbush, HackenbushAnalysis};
use crate::graph::undirected::Adjacency;
use crate::interface::{
    Component, Entry, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, ValueKind,
    Verdict,
};
use crate::interface::{Editor, Example, Layout, Mark, Players, Solution};
use crate::value::Outcome;

struct GreenHackenbushGame;

fn parse(words: &[String], options: &SolveOptions) -> Result<Hackenbush> {
    crate::graph::verdicts::refuse_flags("green-hackenbush", options, &["ground"])?;
    Hackenbush::parse(words, options.ground.as_deref())
}

/// The verdict of a position, without its moves.
fn verdict(h: &Hackenbush, a: &HackenbushAnalysis) -> Verdict {
    let outcome = Outcome::from_grundy_is_zero(a.value == 0);
    let method = format!(
        "fusion principle: {} bridges, {} fused components; colon principle on the bridge tree",
        a.bridges, a.components
    );
    let position = h.write(|_| true, true);
    let mut v = Verdict::new(
        "green-hackenbush",
        position.clone(),
        Play::Normal,
        outcome.into(),
        Method::theorem(method),
    )
    .with_value(ValueKind::Grundy, Some(a.value.to_string()));
    v.components.push(Component {
        position,
        value: Some(a.value.to_string()),
        outcome: Some(outcome.into()),
        remoteness: None,
    });
    v.details.push("ground", &h.names[h.ground as usize]);
    v.details.push("edges", h.edges.len());
    v.details.push("ignored_edges", a.ignored);
    v.details.push("bridges", a.bridges);
    v.details.push("components", a.components);
    v
}

/// Lists the cuts `(edge, value after)` in `v`, as many as fit (see [`crate::graph::verdicts::listed`]).
fn list_cuts(h: &Hackenbush, v: &mut Verdict, cuts: &[(u32, u64)]) -> Option<String> {
    let names = h.edge_names();
    let adj = Adjacency::new(h.names.len(), &h.edges);
    let len = v.position.len();
    let shown = crate::graph::verdicts::listed(cuts.len(), len, v.listing);
    for &(id, value) in &cuts[..shown] {
        let mut m = Move::new(
            format!("cut edge {}", names.name(id)),
            h.after_cut(&adj, id),
        );
        m.value = Some(value.to_string());
        m.outcome = Some(Outcome::from_grundy_is_zero(value == 0).into());
        m.winning = value == 0;
        v.moves.push(m);
    }
    let what = match v.listing {
        Listing::All => "moves",
        Listing::Winning => "winning moves",
    };
    (shown < cuts.len()).then(|| crate::graph::verdicts::cut_short(cuts.len(), what, shown, len))
}

impl Game for GreenHackenbushGame {
    fn spec(&self) -> String {
        "green-hackenbush".into()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let h = parse(words, options)?;
        if options.misere || options.every {
            return engine_verdict(&h, options, Listing::Winning);
        }
        let a = h.analyse_limited(&options.limits())?;
        let mut v = verdict(&h, &a);
        let cuts: Vec<(u32, u64)> = a.winning.iter().map(|&e| (e, 0)).collect();
        let cut_short = list_cuts(&h, &mut v, &cuts);
        let untested = (!a.complete).then_some(
            "only bridges were tested as winning cuts; the cycles are too large to test every cycle edge",
        );
        let notes: Vec<&str> = cut_short.as_deref().into_iter().chain(untested).collect();
        if !notes.is_empty() {
            v.incomplete(notes.join("; "));
        }
        Ok(v)
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let h = parse(words, options)?;
        if options.misere || options.every {
            return engine_verdict(&h, options, Listing::All);
        }
        let limits = options.limits();
        let cuts = h.values_after_cuts_limited(&limits)?;
        let a = h.analyse_limited(&limits)?;
        let mut v = verdict(&h, &a);
        v.listing = Listing::All;
        if let Some(note) = list_cuts(&h, &mut v, &cuts) {
            v.incomplete(note);
        }
        Ok(v)
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let h = parse(words, options)?;
        let adj = Adjacency::new(h.names.len(), &h.edges);
        let reached = h.grounded(&adj, NONE);
        let count = reached.iter().filter(|r| **r).count();
        crate::graph::verdicts::check_legal_list(count as u128, h.write(|_| true, true).len())?;
        let names = h.edge_names();
        Ok((0..h.edges.len() as u32)
            .filter(|&id| reached[id as usize])
            .map(|id| LegalMove {
                label: format!("cut edge {}", names.name(id)),
                position: h.after_cut(&adj, id),
                side: None,
            })
            .collect())
    }
}

/// Why the fusion and colon principles do not answer misère and every-move play.
const WHY: &str = "no theorem: the colon and fusion principles hold in normal play only";

/// The verdict under `--misere` or `--every`, by the engine on whole positions (the pieces
/// hanging from the ground separately are the components of a sum).
fn engine_verdict(h: &Hackenbush, options: &SolveOptions, listing: Listing) -> Result<Verdict> {
    let reach =
        crate::fallback::check_size("green-hackenbush", WHY, &HackenbushRules::size(h), options)?;
    let (rules, start) = HackenbushRules::new(h)?;
    let adj = Adjacency::new(h.names.len(), &h.edges);
    let names = h.edge_names();
    let ids = rules.edges_of(&start);
    let afters: Vec<Vec<u64>> = ids.iter().map(|&id| rules.cut(&start, id)).collect();
    let describe = |i: usize| {
        let id = ids[i];
        (
            format!("cut edge {}", names.name(id)),
            h.after_cut(&adj, id),
        )
    };
    let mut v = crate::fallback::verdict(
        crate::fallback::EnginePosition {
            spec: "green-hackenbush".into(),
            rules: &rules,
            start,
            position: h.write(|_| true, true),
            why: WHY,
            reach,
        },
        &afters,
        &describe,
        options,
        listing,
    )?;
    v.details.push("ground", &h.names[h.ground as usize]);
    v.details.push("edges", h.edges.len());
    v.details.push("ignored_edges", h.edges.len() - ids.len());
    Ok(v)
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(Error::bad_params(
            "green-hackenbush",
            format!("takes no parameters (got `{p}`); give the graph as the position"),
        ));
    }
    Ok(Box::new(GreenHackenbushGame))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "green-hackenbush",
        aliases: &["green-hack"],
        usage: "green-hackenbush GRAPH [ground=V]   (or GRAPH --ground V)",
        summary: "Green Hackenbush on any undirected graph (fusion + colon principles)",
        rules: "A graph of edges is attached to the ground vertex (the word `ground=V` among the graph's items, or `--ground V`; default `0`). A move cuts one edge; every edge no longer connected to the ground disappears. Loops and parallel edges are allowed. The player who cannot move (nothing left) loses. Several pictures on the same ground are a disjunctive sum; edges not connected to the ground are ignored. Example: `sprague solve green-hackenbush 0-1 1-2 2-0 1-3`, or `sprague solve green-hackenbush a-b b-c c-a ground=a`. A move is named `cut edge u-v` (`u-v#k` for the k-th of parallel edges); the position after it is the graph left connected to the ground, written the same way.",
        theorem: "Colon principle: a rooted tree is worth g(v) = XOR over children c of (g(c) + 1). Fusion principle: the vertices of a cycle may be fused into one vertex without changing the value, its edges becoming loops, each loop worth *1 (so an odd cycle acts as one extra leaf edge, an even cycle as none). The toolkit finds the bridges (iterative lowlink DFS), fuses every 2-edge-connected component, and applies the colon principle to the tree of components. Winning cuts: bridges by a top-down pass, cycle edges by re-fusing their component without them. In misère and every-move play (`--misere`, `--every`) the principles do not hold: the engine searches whole positions (pieces on the ground as components of a sum).",
        references: "Berlekamp, Conway, Guy, Winning Ways for your Mathematical Plays, ch. 7 (Green Hackenbush, colon and fusion principles); Conway, On Numbers and Games, ch. 7.",
        examples: const {
            &[
                Example::normal("green-hackenbush", "0-1 1-2 2-0 1-3 3-4"),
                Example::plays("green-hackenbush", "0-1 1-2 2-0 1-3", &[Play::Misere]),
            ]
        },
        editor: Editor::Network {
            directed: false,
            coloured: false,
            layout: Layout::Ground,
            marks: &[Mark {
                    key: "ground",
                    several: false,
                    verb: "set the ground",
                    implicit: Some("0"),
                }],
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem {
            check: crate::graph::check::check_green_hackenbush,
        },
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_name_parallel_edges_and_ignored_parts() {
        let game = build(None).unwrap();
        let v = game
            .solve(&["0-1 0-1 0-1 5-6".to_string()], &SolveOptions::default())
            .unwrap();
        assert_eq!(v.value.as_deref(), Some("1"));
        assert_eq!(v.details.get("ignored_edges"), Some("1"));
        assert_eq!(v.position, "0-1 0-1 0-1 5-6");
        let labels: Vec<&str> = v.moves.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(
            labels,
            ["cut edge 0-1#1", "cut edge 0-1#2", "cut edge 0-1#3"]
        );
        // The ignored part disappears after a move.
        assert_eq!(v.moves[0].position, "0-1 0-1");
        assert_eq!(v.value.as_deref(), Some("1"));
        assert_eq!(v.details.get("ignored_edges"), Some("1"));
    }

    #[test]
    fn positions_read_back_and_solve_agrees_with_moves() {
        let normal = SolveOptions::default();
        for words in [
            vec!["0-1 1-2 2-0 1-3 3-4"],
            vec!["0-1", "1-2", "2-0", "1-3"],
            vec!["a-b b-c c-a ground=a"],
            vec!["0-1 0-1 0-1 5-6"],
            vec!["0-0 0-1 1-1 1-2 2-0 x"],
            vec!["g ground=g"],
            vec!["0"],
        ] {
            crate::interface::testing::verdicts_agree_on(
                super::entry(),
                "green-hackenbush",
                &words,
                &normal,
            );
        }
        let v = crate::interface::testing::verdicts_agree_on(
            super::entry(),
            "green-hackenbush",
            &["a-b b-c c-a"],
            &SolveOptions {
                ground: Some("b".into()),
                ..Default::default()
            },
        );
        assert_eq!(v.position, "a-b b-c c-a ground=b");
        assert_eq!(v.moves[0].label, "cut edge a-b");
        // `a` keeps its place (the first vertex) though its first edge is gone.
        assert_eq!(v.moves[0].position, "a b-c c-a ground=b");
        // Random multigraphs with loops.
        let mut seed = 0x7777_1234_abcd_0001u64;
        let mut next = |k: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % k
        };
        for _ in 0..40 {
            let n = 2 + next(4);
            let edges: Vec<String> = (0..1 + next(6))
                .map(|_| format!("{}-{}", next(n), next(n)))
                .collect();
            let mut text = edges.join(" ");
            if next(2) == 0 {
                text.push_str(&format!(" ground={}", next(n)));
            }
            if Hackenbush::parse(&[text.clone()], None).is_ok() {
                crate::interface::testing::verdicts_agree_on(
                    super::entry(),
                    "green-hackenbush",
                    &[&text],
                    &normal,
                );
            }
        }
    }

    #[test]
    fn flags_that_do_not_apply_are_errors() {
        let game = build(None).unwrap();
        let w = ["0-1 1-2".to_string()];
        for (o, want) in [
            (
                SolveOptions {
                    tokens: vec!["0".into()],
                    ..Default::default()
                },
                "--token",
            ),
            (
                SolveOptions {
                    start: Some("0".into()),
                    ..Default::default()
                },
                "--start",
            ),
        ] {
            let e = game.solve(&w, &o).unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
            assert!(game.moves(&w, &o).is_err());
            assert!(game.legal_moves(&w, &o).is_err());
        }
        let e = game
            .solve(
                &["0-1 ground=1".to_string()],
                &SolveOptions {
                    ground: Some("0".into()),
                    ..Default::default()
                },
            )
            .unwrap_err()
            .to_string();
        assert!(e.contains("twice"), "{e}");
    }

    #[test]
    fn a_star_of_a_hundred_thousand_leaves_lists_a_few_cuts_quickly() {
        // Every leaf is a winning cut (the value is 1, the XOR of 10^5 - 1 ones... of an odd
        // number of them), and each position after a cut writes the whole star: the list is
        // cut short by its length, and naming the edges is linear.
        let n = 100_001u32;
        let text: Vec<String> = (1..n).map(|v| format!("0-{v}")).collect();
        let game = build(None).unwrap();
        let v = game
            .solve(&[text.join(" ")], &SolveOptions::default())
            .unwrap();
        assert_eq!(v.value.as_deref(), Some("0"));
        let text: Vec<String> = (1..n - 1).map(|v| format!("0-{v}")).collect();
        let v = game
            .solve(&[text.join(" ")], &SolveOptions::default())
            .unwrap();
        assert_eq!(v.value.as_deref(), Some("1"));
        assert!(!v.complete);
        assert!(
            !v.moves.is_empty() && v.moves.len() < 100,
            "{}",
            v.moves.len()
        );
        let note = v.note.as_deref().unwrap();
        assert!(note.starts_with("99999 winning moves in all"), "{note}");
        assert_eq!(v.moves[0].label, "cut edge 0-1");
        assert!(v.moves[0].position.starts_with("0-2 0-3 "));
        let m = game
            .moves(&[text.join(" ")], &SolveOptions::default())
            .unwrap();
        assert_eq!(m.moves.len(), v.moves.len());
        assert!(m.note.unwrap().starts_with("99999 moves in all"));
    }
}
