//! The tree chain game as a catalogue game: parsing a position, its verdicts (the parity
//! theorem under normal play, the engine otherwise), legal moves and the catalogue entry.

use super::{ChainMove, TreeChain};
use crate::error::{Error, Result};
use crate::graph::engine::TreeChainRules;
use crate::graph::format::PositionWords;
use crate::graph::undirected::{option_vertex, parse_undirected};
use crate::interface::{
    Component, Entry, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, ValueKind,
    Verdict,
};
use crate::interface::{Editor, Example, Layout, Mark, Players, Solution};
use crate::value::Outcome;

struct TreeChainGame;

/// A position: the graph as written, the tree and its root.
struct Position {
    graph: crate::graph::Graph,
    tree: TreeChain,
    root: u32,
}

fn parse(words: &[String], options: &SolveOptions) -> Result<Position> {
    crate::graph::verdicts::refuse_flags("tree-chain", options, &["ground"])?;
    let pw = PositionWords::split("tree-chain", words, &["black", "root"])?;
    let root = pw.single("root", options.ground.as_deref())?;
    let g = parse_undirected("tree-chain", &pw.graph)?;
    let root = match root.as_deref() {
        Some(r) => option_vertex(&g, "root", r)?,
        None => 0,
    };
    let mut black = vec![false; g.vertex_count()];
    for name in pw.list("black") {
        black[g.vertex(&name)? as usize] = true;
    }
    let edges: Vec<(u32, u32)> = g.edges().iter().map(|e| (e.from, e.to)).collect();
    if let Some(&(u, _)) = edges.iter().find(|(u, v)| u == v) {
        return Err(Error::invalid(format!(
            "tree-chain needs a tree, but `{0}-{0}` is a loop",
            g.name(u)
        )));
    }
    let tree = TreeChain::new(g.vertex_count(), &edges, root, black)
        .map_err(|e| Error::invalid(format!("tree-chain: {e}")))?;
    Ok(Position {
        graph: g,
        tree,
        root,
    })
}

/// A move's label: `whiten 4` or `whiten 4, flip 3,1`.
fn label(g: &crate::graph::Graph, m: &ChainMove) -> String {
    let mut s = format!("whiten {}", g.name(m.vertex));
    if !m.flipped.is_empty() {
        let names: Vec<&str> = m.flipped.iter().map(|&a| g.name(a)).collect();
        s.push_str(&format!(", flip {}", names.join(",")));
    }
    s
}

impl Position {
    /// The position with the colouring `black`, as the command line reads it.
    fn write(&self, black: &[bool]) -> String {
        let mut s = self.graph.to_text();
        if self.root != 0 {
            s.push_str(&format!(" root={}", self.graph.name(self.root)));
        }
        let names: Vec<&str> = (0..black.len() as u32)
            .filter(|&v| black[v as usize])
            .map(|v| self.graph.name(v))
            .collect();
        if !names.is_empty() {
            s.push_str(&format!(" black={}", names.join(",")));
        }
        s
    }

    /// The number of moves: every black vertex with every set of its ancestors
    /// (saturating at `u128::MAX`).
    fn move_count(&self) -> u128 {
        let t = &self.tree;
        (0..t.black.len())
            .filter(|&v| t.black[v])
            .map(|v| 1u128.checked_shl(t.depth[v]).unwrap_or(u128::MAX))
            .fold(0u128, u128::saturating_add)
    }

    /// The first `limit` moves: black vertices in order, each with the sets of its
    /// ancestors in binary counting order (bit i: the ancestor i + 1 levels up).
    fn first_moves(&self, limit: usize) -> Vec<ChainMove> {
        let t = &self.tree;
        let mut out = Vec::new();
        for v in 0..t.black.len() as u32 {
            if !t.black[v as usize] {
                continue;
            }
            let anc: Vec<u32> = t.ancestors(v).take(64).collect();
            let sets = 1u128 << anc.len();
            let mut set = 0u128;
            while set < sets && out.len() < limit {
                let flipped = (0..anc.len())
                    .filter(|&i| set >> i & 1 == 1)
                    .map(|i| anc[i])
                    .collect();
                out.push(ChainMove { vertex: v, flipped });
                set += 1;
            }
            if out.len() >= limit {
                break;
            }
        }
        out
    }

    fn verdict_move(&self, m: &ChainMove) -> Move {
        let black = self.tree.after(m);
        let after = TreeChain {
            black,
            ..self.tree.clone()
        };
        let odd = after.odd_depths();
        let mut mv = Move::new(label(&self.graph, m), self.write(&after.black));
        let first = odd.iter().any(|&o| o);
        mv.value = TreeChain::grundy(&odd).map(|g| g.to_string());
        mv.outcome = Some(Outcome::from_grundy_is_zero(!first).into());
        mv.winning = !first;
        mv
    }

    fn verdict(&self, listing: Listing) -> Verdict {
        let t = &self.tree;
        let odd = t.odd_depths();
        let first = odd.iter().any(|&o| o);
        let outcome = Outcome::from_grundy_is_zero(!first);
        let value = TreeChain::grundy(&odd).map(|g| g.to_string());
        let position = self.write(&t.black);
        let mut v = Verdict::new(
            "tree-chain",
            position.clone(),
            Play::Normal,
            outcome.into(),
            Method::theorem(
                "theorem: P iff every depth has an even number of black vertices; a black vertex at depth d is worth 2^d (coin-turning principle)",
            ),
        )
        .with_value(ValueKind::Grundy, value.clone());
        v.listing = listing;
        v.components.push(Component {
            position,
            value,
            outcome: Some(outcome.into()),
            remoteness: None,
        });
        let odd_list: Vec<String> = (0..odd.len())
            .filter(|&d| odd[d])
            .map(|d| d.to_string())
            .collect();
        v.details.push("root", self.graph.name(self.root));
        v.details.push("odd_depths", odd_list.join(","));
        let len = v.position.len();
        let (count, moves) = match listing {
            Listing::Winning => {
                let wins = t.winning_vertices(&odd);
                let shown = crate::graph::verdicts::listed(wins.len(), len, listing);
                let moves = wins[..shown]
                    .iter()
                    .map(|&w| t.winning_move(&odd, w))
                    .collect();
                (wins.len() as u128, moves)
            }
            Listing::All => {
                let count = self.move_count();
                let shown = crate::graph::verdicts::listed(
                    usize::try_from(count).unwrap_or(usize::MAX),
                    len,
                    listing,
                );
                (count, self.first_moves(shown))
            }
        };
        for m in &moves {
            v.moves.push(self.verdict_move(m));
        }
        if (moves.len() as u128) < count {
            let what = match listing {
                Listing::All => "moves",
                Listing::Winning => "winning moves",
            };
            v.incomplete(crate::graph::verdicts::cut_short(
                count_text(count),
                what,
                moves.len(),
                len,
            ));
        }
        v
    }
}

/// Why the parity theorem does not answer misère and every-move play.
const WHY: &str = "no theorem: the parity rule and the values 2^d hold in normal play only";

impl Position {
    /// The verdict under `--misere` or `--every`, by the engine on whole colourings.
    fn engine_verdict(&self, options: &SolveOptions, listing: Listing) -> Result<Verdict> {
        let size = TreeChainRules::size(&self.tree);
        let reach = crate::fallback::check_size("tree-chain", WHY, &size, options)?;
        let (rules, start) = TreeChainRules::new(&self.tree)?;
        let count = usize::try_from(self.move_count()).unwrap_or(usize::MAX);
        let moves = self.first_moves(count);
        let colourings: Vec<Vec<bool>> = moves.iter().map(|m| self.tree.after(m)).collect();
        let afters: Vec<u128> = colourings.iter().map(|b| rules.mask(b)).collect();
        let describe = |i: usize| (label(&self.graph, &moves[i]), self.write(&colourings[i]));
        crate::fallback::verdict(
            crate::fallback::EnginePosition {
                spec: "tree-chain".into(),
                rules: &rules,
                start,
                position: self.write(&self.tree.black),
                why: WHY,
                reach,
            },
            &afters,
            &describe,
            options,
            listing,
        )
    }
}

/// A move count for people: saturated counts are astronomically large.
fn count_text(count: u128) -> String {
    if count == u128::MAX {
        "more than 2^127".to_string()
    } else {
        count.to_string()
    }
}

impl Game for TreeChainGame {
    fn spec(&self) -> String {
        "tree-chain".into()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let p = parse(words, options)?;
        if options.misere || options.every {
            return p.engine_verdict(options, Listing::Winning);
        }
        Ok(p.verdict(Listing::Winning))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let p = parse(words, options)?;
        if options.misere || options.every {
            return p.engine_verdict(options, Listing::All);
        }
        Ok(p.verdict(Listing::All))
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let p = parse(words, options)?;
        let count = p.move_count();
        let len = p.write(&p.tree.black).len();
        if count == u128::MAX {
            return Err(Error::unsupported(format!(
                "the position has {} legal moves (a black vertex may flip any set of its ancestors): the list is too long",
                count_text(count)
            )));
        }
        crate::graph::verdicts::check_legal_list(count, len)?;
        Ok(p.first_moves(count as usize)
            .iter()
            .map(|m| LegalMove {
                label: label(&p.graph, m),
                position: p.write(&p.tree.after(m)),
                side: None,
            })
            .collect())
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(Error::bad_params(
            "tree-chain",
            format!("takes no parameters (got `{p}`)"),
        ));
    }
    Ok(Box::new(TreeChainGame))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "tree-chain",
        aliases: &[],
        usage: "tree-chain TREE black=V,V,... [root=R]   (or TREE black=V,... --ground R)",
        summary: "Tree chain game: whiten a black vertex, flip any of its ancestors",
        rules: "A rooted tree (root: the word `root=V` among the tree's items, or `--ground V`; default the first vertex written) has black and white vertices (`black=V,V,...`). A move turns a black vertex white and then flips the colours of any subset of its ancestors. The player who cannot move (every vertex white) loses. Example: `sprague solve tree-chain 1-2 1-3 3-4 black=2,4`. A move is named `whiten 4, flip 3` (the flipped ancestors from the parent up); the position after it is the tree with its new `black=` list.",
        theorem: "P-position iff every depth holds an even number of black vertices. The winning moves whiten a black vertex at the deepest odd depth and flip exactly its ancestors at the other odd depths. The Grundy value is the sum of 2^d over the depths d with an odd number of black vertices: by the coin-turning principle a black vertex at depth d is worth 2^d (its options are worth every value below 2^d). In misère and every-move play (`--misere`, `--every`) the parity rule does not hold: the engine searches whole colourings.",
        references: "nowcoder contest 204 problem H; the parity argument is in the module documentation and checked by exhaustive search on small trees.",
        examples: const {
            &[
                Example::plays("tree-chain", "1-2 1-3 3-4 black=2,4", &[Play::Normal, Play::Misere]),
            ]
        },
        editor: Editor::Network {
            directed: false,
            coloured: false,
            layout: Layout::Tree,
            marks: &[
                Mark {
                    key: "black",
                    several: true,
                    verb: "toggle black",
                    implicit: None,
                },
                Mark {
                    key: "root",
                    several: false,
                    verb: "set the root",
                    implicit: None,
                },
            ],
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem {
            check: crate::graph::check::check_tree_chain,
        },
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;

    /// The entry's check on trees one vertex larger: every colouring of every rooted tree
    /// on up to 7 vertices.
    #[test]
    fn parity_rule_agrees_with_exhaustive_search() {
        let compared = crate::graph::check::tree_chain_against_search(
            crate::graph::check::TREE_CHAIN_VERTICES + 1,
        );
        assert!(compared.unwrap() > 0);
    }

    #[test]
    fn million_vertex_path() {
        let n = 1_000_000usize;
        let edges: Vec<(u32, u32)> = (0..n as u32 - 1).map(|i| (i, i + 1)).collect();
        let mut black = vec![false; n];
        black[n - 1] = true;
        let tree = TreeChain::new(n, &edges, 0, black).unwrap();
        assert!(tree.first_wins());
        let m = tree.winning_moves();
        assert_eq!(m.len(), 1);
        assert!(m[0].flipped.is_empty());
    }

    #[test]
    fn catalogue_solve() {
        let game = build(None).unwrap();
        let w: Vec<String> = ["1-2", "1-3", "3-4", "black=2,4"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let v = game.solve(&w, &SolveOptions::default()).unwrap();
        assert_eq!(v.outcome, crate::interface::Winner::First);
        assert_eq!(v.position, "1-2 1-3 3-4 black=2,4");
        // Depth 1 holds 2 (odd), depth 2 holds 4 (odd): 2 + 4 = 6.
        assert_eq!(v.value.as_deref(), Some("6"));
        assert_eq!(v.details.get("odd_depths"), Some("1,2"));
        assert_eq!(v.moves.len(), 1);
        assert_eq!(v.moves[0].label, "whiten 4, flip 3");
        assert_eq!(v.moves[0].position, "1-2 1-3 3-4 black=2,3");
        assert_eq!(v.moves[0].value.as_deref(), Some("0"));
    }

    #[test]
    fn positions_read_back_and_solve_agrees_with_moves() {
        let normal = SolveOptions::default();
        for words in [
            vec!["1-2 1-3 3-4 black=2,4"],
            vec!["1-2", "1-3", "3-4", "black=2", "black=4"],
            vec!["1-2 1-3 3-4 black=1,2,3,4"],
            vec!["1-2 1-3 3-4 black=2,4 root=3"],
            vec!["a-b b-c c-d d-e black=e,c"],
            vec!["x"],
            vec!["x black=x"],
        ] {
            crate::interface::testing::verdicts_agree_on(
                super::entry(),
                "tree-chain",
                &words,
                &normal,
            );
        }
        let v = crate::interface::testing::verdicts_agree_on(
            super::entry(),
            "tree-chain",
            &["1-2 1-3 3-4 black=4"],
            &SolveOptions {
                ground: Some("4".into()),
                ..Default::default()
            },
        );
        assert_eq!(v.position, "1-2 1-3 3-4 root=4 black=4");
        // The root has no ancestors: whitening it is its only move.
        assert_eq!(v.moves.len(), 1);
        let v = crate::interface::testing::verdicts_agree_on(
            super::entry(),
            "tree-chain",
            &["1-2 2-3 3-4 black=4,2"],
            &normal,
        );
        // 4 has ancestors 3, 2, 1: eight moves; 2 has 1: two moves.
        let labels: Vec<&str> = v.moves.iter().map(|m| m.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "whiten 2",
                "whiten 2, flip 1",
                "whiten 4",
                "whiten 4, flip 3",
                "whiten 4, flip 2",
                "whiten 4, flip 3,2",
                "whiten 4, flip 1",
                "whiten 4, flip 3,1",
                "whiten 4, flip 2,1",
                "whiten 4, flip 3,2,1",
            ]
        );
    }

    #[test]
    fn deep_trees_cap_the_move_list_and_refuse_the_legal_list() {
        // A path of 200 vertices with its far end black: 2^199 moves.
        let text: Vec<String> = (1..200).map(|v| format!("{v}-{}", v + 1)).collect();
        let words = vec![format!("{} black=200", text.join(" "))];
        let game = build(None).unwrap();
        let o = SolveOptions::default();
        let m = game.moves(&words, &o).unwrap();
        assert!(!m.complete);
        // As many as the policy lists of positions this long (each about 1400 characters).
        let fit = crate::graph::verdicts::listed(usize::MAX, m.position.len(), Listing::All);
        assert!(fit > 100 && fit <= crate::interface::listing::MAX_MOVES_LISTED);
        assert_eq!(m.moves.len(), fit);
        let note = m.note.unwrap();
        assert!(note.starts_with("more than 2^127 moves in all"), "{note}");
        let v = game.solve(&words, &o).unwrap();
        assert_eq!(v.value, Some((BigUint::from(1u8) << 199u32).to_string()));
        assert_eq!(v.moves.len(), 1);
        let e = game.legal_moves(&words, &o).unwrap_err().to_string();
        assert!(e.contains("more than 2^127 legal moves"), "{e}");
    }

    #[test]
    fn flags_that_do_not_apply_are_errors() {
        let game = build(None).unwrap();
        let w = ["1-2 black=2".to_string()];
        for (o, want) in [
            (
                SolveOptions {
                    tokens: vec!["1".into()],
                    ..Default::default()
                },
                "--token",
            ),
            (
                SolveOptions {
                    start: Some("1".into()),
                    ..Default::default()
                },
                "--start",
            ),
        ] {
            let e = game.solve(&w, &o).unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
            assert!(game.moves(&w, &o).is_err());
        }
        let o = SolveOptions {
            ground: Some("2".into()),
            ..Default::default()
        };
        let e = game
            .solve(&["1-2 root=1".to_string()], &o)
            .unwrap_err()
            .to_string();
        assert!(e.contains("twice") && e.contains("--ground"), "{e}");
        let e = game
            .solve(&["1-2 black=9".to_string()], &SolveOptions::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("`9`"), "{e}");
    }
}
