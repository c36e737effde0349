//! The catalogue game `geography`: a position (graph and start vertex) read from words and
//! flags and written back, its verdicts, moves and legal moves, built on `decision`.

use crate::error::{Error, Result};
use crate::graph::engine::GeographyRules;
use crate::graph::format::PositionWords;
use crate::graph::geography::decision::{Geography, GeographyAnalysis, MAX_MOVE_WORK};
use crate::graph::undirected::{option_vertex, parse_undirected};
use crate::interface::{
    Component, Entry, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, Verdict,
};
use crate::interface::{Editor, Example, Layout, Mark, Players, Solution};
use crate::value::Outcome;

struct GeographyGame;

/// A position: the graph as written, the game's graph, and the start vertex.
struct Position {
    graph: crate::graph::Graph,
    geo: Geography,
    start: u32,
}

fn parse(words: &[String], options: &SolveOptions) -> Result<Position> {
    crate::graph::verdicts::refuse_flags("geography", options, &["start"])?;
    let pw = PositionWords::split("geography", words, &["start"])?;
    let start = pw.single("start", options.start.as_deref())?;
    let g = parse_undirected("geography", &pw.graph)?;
    let start = start.ok_or_else(|| {
        Error::invalid(
            "geography needs a start vertex: add `start=V` to the position or `--start V`",
        )
    })?;
    let s = option_vertex(&g, "start", &start)?;
    let edges: Vec<(u32, u32)> = g.edges().iter().map(|e| (e.from, e.to)).collect();
    let geo = Geography::new(g.vertex_count(), &edges);
    Ok(Position {
        graph: g,
        geo,
        start: s,
    })
}

impl Position {
    /// The position with the token on `start` and the vertices `gone` removed, as the
    /// command line reads it.
    fn write(&self, gone: Option<u32>, start: u32) -> String {
        let g = match gone {
            Some(x) => self.graph.filtered(|v| v != x, |_| true).to_text(),
            None => self.graph.to_text(),
        };
        format!("{g} start={}", self.graph.name(start))
    }

    /// The move to `w`: the start is visited, so it leaves the graph.
    fn legal(&self, w: u32) -> (String, String) {
        (
            format!("move to {}", self.graph.name(w)),
            self.write(Some(self.start), w),
        )
    }

    fn verdict(&self, a: &GeographyAnalysis, listing: Listing) -> Verdict {
        let outcome = Outcome::from_grundy_is_zero(!a.first_wins);
        let method = format!(
            "maximum matching ({}), size {}: the start is {}in every maximum matching",
            if a.bipartite {
                "bipartite graph: Hopcroft–Karp"
            } else {
                "general graph: Edmonds' blossom algorithm"
            },
            a.matching,
            if a.first_wins { "" } else { "not " }
        );
        let position = self.write(None, self.start);
        let mut v = Verdict::new(
            "geography",
            position.clone(),
            Play::Normal,
            outcome.into(),
            Method::theorem(method),
        );
        v.listing = listing;
        v.components.push(Component {
            position,
            value: None,
            outcome: Some(outcome.into()),
            remoteness: None,
        });
        v.details.push("vertices", self.geo.len());
        v.details.push("matching", a.matching);
        v.details.push("bipartite", a.bipartite);
        // The moves: every neighbour, or the winning ones; a winning move leaves the
        // opponent lost, every other one leaves him winning.
        let chosen: Vec<u32> = match listing {
            Listing::All => self.geo.neighbours(self.start).to_vec(),
            Listing::Winning => a.winning.clone(),
        };
        let len = v.position.len();
        let shown = crate::graph::verdicts::listed(chosen.len(), len, listing);
        for &w in &chosen[..shown] {
            let (label, position) = self.legal(w);
            let mut m = Move::new(label, position);
            m.winning = a.winning.binary_search(&w).is_ok();
            m.outcome = Some(Outcome::from_grundy_is_zero(m.winning).into());
            v.moves.push(m);
        }
        let what = match listing {
            Listing::All => "moves",
            Listing::Winning => "winning moves",
        };
        if shown < chosen.len() {
            v.incomplete(crate::graph::verdicts::cut_short(
                chosen.len(),
                what,
                shown,
                len,
            ));
        }
        if !a.complete {
            v.incomplete("only the move along the matching edge is listed (the graph is too large to test every neighbour)");
        }
        v
    }
}

/// Why the matching theorem does not answer misère and every-move play.
const WHY: &str = "no theorem: the maximum-matching rule holds in normal play only";

impl Position {
    /// The verdict under `--misere` or `--every`, by the engine on (token, visited set).
    fn engine_verdict(&self, options: &SolveOptions, listing: Listing) -> Result<Verdict> {
        let size = GeographyRules::size(&self.geo, self.start);
        let reach = crate::fallback::check_size("geography", WHY, &size, options)?;
        let (rules, start) = GeographyRules::new(&self.geo, self.start)?;
        let targets = self.geo.neighbours(self.start);
        let afters = targets
            .iter()
            .map(|&w| {
                rules
                    .position(w, &[self.start])
                    .ok_or_else(|| Error::invalid("a neighbour outside the start's component"))
            })
            .collect::<Result<Vec<_>>>()?;
        let describe = |i: usize| self.legal(targets[i]);
        let mut v = crate::fallback::verdict(
            crate::fallback::EnginePosition {
                spec: "geography".into(),
                rules: &rules,
                start,
                position: self.write(None, self.start),
                why: WHY,
                reach,
            },
            &afters,
            &describe,
            options,
            listing,
        )?;
        v.details.push("vertices", self.geo.len());
        Ok(v)
    }
}

impl Game for GeographyGame {
    fn spec(&self) -> String {
        "geography".into()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let p = parse(words, options)?;
        if options.misere || options.every {
            return p.engine_verdict(options, Listing::Winning);
        }
        let a = p.geo.analyse_with(p.start, &options.limits())?;
        Ok(p.verdict(&a, Listing::Winning))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let p = parse(words, options)?;
        if options.misere || options.every {
            return p.engine_verdict(options, Listing::All);
        }
        let a = p.geo.analyse_with(p.start, &options.limits())?;
        if !a.complete {
            return Err(Error::Limit {
                what: "testing every move of geography".into(),
                limit: MAX_MOVE_WORK,
            });
        }
        Ok(p.verdict(&a, Listing::All))
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let p = parse(words, options)?;
        let targets = p.geo.neighbours(p.start);
        crate::graph::verdicts::check_legal_list(
            targets.len() as u128,
            p.write(None, p.start).len(),
        )?;
        Ok(targets
            .iter()
            .map(|&w| {
                let (label, position) = p.legal(w);
                LegalMove {
                    label,
                    position,
                    side: None,
                }
            })
            .collect())
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(Error::bad_params(
            "geography",
            format!(
                "takes no parameters (got `{p}`); give the graph and `start=V` as the position"
            ),
        ));
    }
    Ok(Box::new(GeographyGame))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "geography",
        aliases: &["vertex-geography", "undirected-geography"],
        usage: "geography GRAPH start=V   (or GRAPH --start V)",
        summary: "Undirected vertex geography: move a token to an unvisited neighbour",
        rules: "A token stands on the start vertex of an undirected graph (the word `start=V` among the graph's items, or `--start V`); the start counts as visited. A move takes the token along an edge to a vertex not visited before. The player who cannot move loses. Example: `sprague solve geography 1-2 2-3 3-4 start=1`. A move is named `move to V`; the position after it is the graph without the vertex just left (visited vertices are gone) and `start=V`.",
        theorem: "The player to move wins iff the start vertex is in every maximum matching, i.e. iff the maximum matching of G − s is smaller than that of G; moving along the matching edge at s then wins, and a move to w wins iff w is missed by some maximum matching of G − s. Matchings: Hopcroft–Karp when the graph is bipartite (BFS 2-colouring), Edmonds' blossom algorithm otherwise; all iterative. In misère and every-move play (`--misere`, `--every`) the matching rule does not hold: the engine searches the token and the visited set.",
        references: "Fraenkel, Scheinerman, Ullman, Undirected edge geography, Theoretical Computer Science 112 (1993) 371–381; Hopcroft, Karp, SIAM J. Comput. 2 (1973); Edmonds, Paths, trees, and flowers, Canad. J. Math. 17 (1965).",
        examples: const {
            &[
                Example::normal("geography", "1-2 2-3 3-4 2-5 5-6 start=1"),
                Example::plays("geography", "1-2 2-3 3-4 2-4 start=1", &[Play::Every]),
            ]
        },
        editor: Editor::Network {
            directed: false,
            coloured: false,
            layout: Layout::Circle,
            marks: &[Mark {
                    key: "start",
                    several: false,
                    verb: "set the start",
                    implicit: None,
                }],
        },
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem {
            check: crate::graph::check::check_geography,
        },
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64): a number below `k`.
    fn rng(seed: &mut u64, k: u64) -> u32 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % k) as u32
    }

    #[test]
    fn errors_are_clear() {
        let game = build(None).unwrap();
        let w = |s: &str| vec![s.to_string()];
        let e = game
            .solve(&w("1-2"), &SolveOptions::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("--start"), "{e}");
        let opts = SolveOptions {
            start: Some("9".into()),
            ..Default::default()
        };
        let e = game.solve(&w("1-2"), &opts).unwrap_err().to_string();
        assert!(e.contains("`9`"), "{e}");
        let e = game.solve(&w("1>2"), &opts).unwrap_err().to_string();
        assert!(e.contains("directed"), "{e}");
        let e = game.solve(&w(""), &opts).unwrap_err().to_string();
        assert!(e.contains("empty"), "{e}");
        let opts = SolveOptions {
            start: Some("1".into()),
            ..Default::default()
        };
        let v = game.solve(&w("1-2 2-3 3-4"), &opts).unwrap();
        assert_eq!(v.outcome, crate::interface::Winner::First);
        assert_eq!(v.position, "1-2 2-3 3-4 start=1");
        assert_eq!(v.moves.len(), 1);
        assert_eq!(v.moves[0].label, "move to 2");
        assert_eq!(v.moves[0].position, "2-3 3-4 start=2");
        let e = game
            .solve(&w("1-2 start=1"), &opts)
            .unwrap_err()
            .to_string();
        assert!(e.contains("twice"), "{e}");
        for (o, want) in [
            (
                SolveOptions {
                    tokens: vec!["1".into()],
                    ..opts.clone()
                },
                "--token",
            ),
            (
                SolveOptions {
                    ground: Some("1".into()),
                    ..opts.clone()
                },
                "--ground",
            ),
        ] {
            let e = game.solve(&w("1-2"), &o).unwrap_err().to_string();
            assert!(e.contains(want), "{e}");
            assert!(game.legal_moves(&w("1-2"), &o).is_err());
        }
    }

    #[test]
    fn positions_read_back_and_solve_agrees_with_moves() {
        let normal = SolveOptions::default();
        for words in [
            vec!["1-2 2-3 3-4 start=1"],
            vec!["1-2", "2-3", "3-4", "start=2"],
            vec!["a-b b-c c-a c-d d-e start=a"], // a triangle: Edmonds
            vec!["0-1 0-2 0-3 1-4 2-4 3-4 start=0"],
            vec!["x start=x"],
            vec!["p-p p-q p-q q-r s start=q"], // loops and parallel edges
        ] {
            crate::interface::testing::verdicts_agree_on(
                super::entry(),
                "geography",
                &words,
                &normal,
            );
        }
        let mut seed = 0x4242_4242_0000_1111u64;
        for _ in 0..40 {
            let n = 1 + rng(&mut seed, 7);
            let edges: Vec<String> = (0..rng(&mut seed, 2 * n as u64 + 1))
                .map(|_| format!("{}-{}", rng(&mut seed, n as u64), rng(&mut seed, n as u64)))
                .collect();
            let text = format!(
                "{} {} start={}",
                (0..n).map(|v| v.to_string()).collect::<Vec<_>>().join(" "),
                edges.join(" "),
                rng(&mut seed, n as u64)
            );
            crate::interface::testing::verdicts_agree_on(
                super::entry(),
                "geography",
                &[&text],
                &normal,
            );
        }
    }
}
