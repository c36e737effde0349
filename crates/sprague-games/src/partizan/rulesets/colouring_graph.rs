//! Snort and Col on any graph (Winning Ways, ch. 2 and 6; Siegel, *Combinatorial Game
//! Theory*; CGSuite's `Snort` and `Col` on graphs): the rules of
//! [`colouring`](super::colouring), with neighbours the ends of an edge. A position is an
//! undirected graph in the text format of [`crate::graph::format`] with the coloured
//! vertices named after it: `0-1 1-2 2-3 left=0 right=3` (Left's `left=`, Right's
//! `right=`). A loop changes nothing (a vertex is never next to itself once coloured).
//!
//! The graph is fixed by the position given; a position of the search is the set of
//! uncoloured vertices still in play and the sets of Left's and Right's coloured vertices
//! (at most 128 vertices). As on a board, a vertex next to both colours is dead and a
//! coloured vertex matters only through its uncoloured neighbours, so a position splits
//! into the connected sets of live vertices, each with its coloured neighbours; swapping
//! the colours negates the value. The graph's symmetries (up to [`SYMMETRIES`] of its
//! automorphisms, found once per graph) map a position to equal ones, and the least image
//! is the memo key.

use super::colouring::Rule;
use super::game::{searched, Listed, RulesetGame};
use crate::error::{Error, Result};
use crate::graph::automorphisms::{automorphisms, map_set, Permutation};
use crate::graph::undirected::parse_undirected;
use crate::graph::{Graph, PositionWords};
use crate::interface::{Editor, Example, Layout, Mark, Picture, Players, Solution};
use crate::interface::{Entry, Method, SolveOptions};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;
use std::sync::Arc;

/// The most vertices a graph may have.
pub const MAX_VERTICES: usize = 128;

/// The most automorphisms a graph's positions are normalised under: each costs a few
/// operations per vertex of every position normalised, and a graph with more (a complete
/// graph has n!) gains little from the rest.
pub const SYMMETRIES: usize = 63;

/// The steps the search for automorphisms may take (a fraction of a second).
const SYMMETRY_SEARCH_STEPS: u64 = 1 << 20;

/// A position: the uncoloured vertices in play and Left's and Right's coloured ones (bit
/// `v` for vertex `v`); a vertex in none of them is out of play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colours {
    /// Uncoloured vertices.
    pub open: u128,
    /// Left's vertices.
    pub left: u128,
    /// Right's vertices.
    pub right: u128,
}

impl Colours {
    fn present(&self) -> u128 {
        self.open | self.left | self.right
    }
}

/// The graph a position is played on.
#[derive(Debug)]
struct Board {
    graph: Graph,
    /// The neighbours of each vertex (loops left out).
    adjacent: Vec<u128>,
    /// The position the board was built from.
    start: Colours,
    /// Automorphisms of the graph other than the identity ([`SYMMETRIES`] at most).
    symmetries: Vec<Permutation>,
}

/// Snort or Col on a graph: the rule, and the graph of the position given.
#[derive(Debug, Clone)]
pub struct ColouringGraph {
    rule: Rule,
    board: Option<Arc<Board>>,
}

impl ColouringGraph {
    /// The ruleset before a position is given: each position brings its own graph
    /// ([`Listed::for_position`]).
    pub fn catalogue(rule: Rule) -> Self {
        ColouringGraph { rule, board: None }
    }

    /// The game's name: `snort-graph` or `col-graph`.
    fn game(rule: Rule) -> &'static str {
        match rule {
            Rule::Snort => "snort-graph",
            Rule::Col => "col-graph",
        }
    }

    /// The rules on the graph of `text`, which they read as their starting position.
    pub fn from_text(rule: Rule, text: &str) -> Result<Self> {
        let game = Self::game(rule);
        let words = PositionWords::split(game, &[text.to_string()], &["left", "right"])?;
        let graph = parse_undirected(game, &words.graph)?;
        let n = graph.vertex_count();
        if n > MAX_VERTICES {
            return Err(Error::unsupported(format!(
                "{game}: the graph has {n} vertices; at most {MAX_VERTICES} are supported"
            )));
        }
        let mut adjacent = vec![0u128; n];
        for e in graph.edges() {
            if e.from != e.to {
                adjacent[e.from as usize] |= 1u128 << e.to;
                adjacent[e.to as usize] |= 1u128 << e.from;
            }
        }
        let mut coloured = [0u128; 2];
        for (k, key) in ["left", "right"].into_iter().enumerate() {
            for name in words.list(key) {
                let v = graph.vertex(&name).map_err(|_| {
                    Error::invalid(format!(
                        "{game}: `{key}={name}` names no vertex of the graph"
                    ))
                })?;
                coloured[k] |= 1u128 << v;
            }
        }
        if coloured[0] & coloured[1] != 0 {
            let v = (coloured[0] & coloured[1]).trailing_zeros();
            return Err(Error::invalid(format!(
                "{game}: vertex `{}` is named both `left=` and `right=`",
                graph.name(v)
            )));
        }
        let all = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        let start = Colours {
            open: all & !(coloured[0] | coloured[1]),
            left: coloured[0],
            right: coloured[1],
        };
        let symmetries = automorphisms(&adjacent, SYMMETRIES, SYMMETRY_SEARCH_STEPS);
        Ok(ColouringGraph {
            rule,
            board: Some(Arc::new(Board {
                graph,
                adjacent,
                start,
                symmetries,
            })),
        })
    }

    fn board(&self) -> Result<&Board> {
        self.board
            .as_deref()
            .ok_or_else(|| Error::invalid(format!("{}: no graph given", Self::game(self.rule))))
    }

    /// The vertices next to a vertex of `set`.
    fn neighbours(&self, set: u128) -> u128 {
        let Some(b) = self.board.as_deref() else {
            return 0;
        };
        let mut out = 0u128;
        let mut m = set;
        while m != 0 {
            let v = m.trailing_zeros();
            m &= m - 1;
            out |= b.adjacent[v as usize];
        }
        out
    }

    /// The uncoloured vertices some player may still colour: not next to both colours.
    fn live(&self, p: &Colours) -> u128 {
        p.open & !(self.neighbours(p.left) & self.neighbours(p.right))
    }

    /// The position restricted to the live vertices `live` and their coloured neighbours.
    fn kept(&self, p: &Colours, live: u128) -> Colours {
        let near = self.neighbours(live);
        Colours {
            open: live,
            left: p.left & near,
            right: p.right & near,
        }
    }

    fn each_move(&self, p: &Colours, side: Side, mut f: impl FnMut(u32, Colours)) {
        let forbidding = match (self.rule, side) {
            (Rule::Col, Side::Left) | (Rule::Snort, Side::Right) => p.left,
            (Rule::Col, Side::Right) | (Rule::Snort, Side::Left) => p.right,
        };
        let mut m = p.open & !self.neighbours(forbidding);
        while m != 0 {
            let v = m.trailing_zeros();
            m &= m - 1;
            let mut q = *p;
            q.open &= !(1u128 << v);
            match side {
                Side::Left => q.left |= 1u128 << v,
                Side::Right => q.right |= 1u128 << v,
            }
            f(v, q);
        }
    }
}

impl Ruleset for ColouringGraph {
    type Position = Colours;

    fn name(&self) -> &'static str {
        Self::game(self.rule)
    }

    /// Reads the position the rules were built from (the graph is fixed by it), or another
    /// colouring of the same graph.
    fn parse(&self, text: &str) -> Result<Colours> {
        let b = self.board()?;
        let other = Self::from_text(self.rule, text)?;
        let o = other.board()?;
        if o.graph != b.graph {
            return Err(Error::unsupported(format!(
                "{}: this position is played on `{}`, not on `{}`",
                self.name(),
                b.graph.to_text(),
                o.graph.to_text()
            )));
        }
        Ok(o.start)
    }

    /// The graph of the vertices in play, then `left=` and `right=` with the coloured ones.
    fn display(&self, p: &Colours) -> String {
        let Some(b) = self.board.as_deref() else {
            return String::new();
        };
        let present = p.present();
        let mut text = b
            .graph
            .filtered(|v| present >> v & 1 == 1, |_| true)
            .to_text();
        for (key, set) in [("left", p.left), ("right", p.right)] {
            if set != 0 {
                let names: Vec<&str> = (0..b.graph.vertex_count() as u32)
                    .filter(|&v| set >> v & 1 == 1)
                    .map(|v| b.graph.name(v))
                    .collect();
                text.push_str(&format!(" {key}={}", names.join(",")));
            }
        }
        text.trim_start().to_string()
    }

    fn options(&self, p: &Colours, side: Side, out: &mut Vec<Colours>) {
        self.each_move(p, side, |_, q| out.push(q));
    }

    /// Moves are named by the vertex coloured: `colour 2`.
    fn moves(&self, p: &Colours, side: Side) -> Vec<(String, Colours)> {
        let Some(b) = self.board.as_deref() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        self.each_move(p, side, |v, q| {
            out.push((format!("colour {}", b.graph.name(v)), q))
        });
        out
    }

    fn components(&self, p: &Colours, out: &mut Vec<Colours>) {
        let mut live = self.live(p);
        while live != 0 {
            let mut region = live & live.wrapping_neg();
            loop {
                let grown = (region | self.neighbours(region)) & live;
                if grown == region {
                    break;
                }
                region = grown;
            }
            live &= !region;
            out.push(self.kept(p, region));
        }
    }

    /// The least of the position's images under the graph's symmetries, each with its
    /// colours as they are and swapped (which negates).
    fn normalize(&self, p: &Colours) -> (Colours, bool) {
        let a = self.kept(p, self.live(p));
        let least = |best: (Colours, bool), q: Colours| {
            let swapped = Colours {
                open: q.open,
                left: q.right,
                right: q.left,
            };
            best.min((q, false)).min((swapped, true))
        };
        let mut best = least((a, false), a);
        if let Some(b) = self.board.as_deref() {
            for s in &b.symmetries {
                let image = Colours {
                    open: map_set(s, a.open),
                    left: map_set(s, a.left),
                    right: map_set(s, a.right),
                };
                best = least(best, image);
            }
        }
        best
    }
}

// The catalogue.

impl Listed for ColouringGraph {
    fn for_position(&self, text: &str, options: &SolveOptions) -> Result<Option<Self>> {
        let _ = options;
        Self::from_text(self.rule, text).map(Some)
    }

    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the graph splits into connected sets of vertices still \
             to be coloured (each with its coloured neighbours), each memoised with its images under \
             the graph's symmetries, and the colour swap negates",
        )
    }
}

const MARKS: &[Mark] = &[
    Mark {
        key: "left",
        several: true,
        verb: "colour for Left",
        implicit: None,
    },
    Mark {
        key: "right",
        several: true,
        verb: "colour for Right",
        implicit: None,
    },
];

const EDITOR: Editor = Editor::Network {
    directed: false,
    coloured: false,
    layout: Layout::Circle,
    marks: MARKS,
};

const REFERENCES: &str =
    "Berlekamp, Conway, Guy, Winning Ways, ch. 2 (Col) and ch. 6 (Snort); Albert, Nowakowski, \
                          Wolfe, Lessons in Play, ch. 1; Siegel, Combinatorial Game Theory (2013).";

const THEOREM: &str = "Canonical forms by search: the graph splits into connected sets of vertices still to be coloured, \
                       each with its coloured neighbours (a vertex next to both colours is dead); a position shares its value with its images \
                       under the graph's automorphisms, and the colour swap negates.";

/// The catalogue entry of Snort on a graph.
pub fn entry_snort() -> Entry {
    Entry {
        name: "snort-graph",
        aliases: &[],
        usage: "snort-graph GRAPH [left=V,...] [right=V,...] (undirected edges `u-v`; coloured vertices after them)",
        summary: "Snort on a graph: colour a vertex, never next to the opponent's colour",
        rules: "Left colours an uncoloured vertex blue, Right red; a vertex may not be coloured next to a vertex of the \
                opponent's colour (the ends of an edge are neighbours). The graph is undirected edges `u-v` in the graph text \
                format, with Left's coloured vertices named `left=V,W` and Right's `right=V` after it; at most 128 vertices. \
                The game on a board of squares is `snort`. Moves name the vertex: `colour 2`.",
        theorem: THEOREM,
        references: REFERENCES,
        examples: const {
            &[
                Example::normal("snort-graph", "0-1 1-2 2-3 3-4 4-0 0-5"),
                Example::normal("snort-graph", "a-b b-c c-d b-e left=a right=d"),
            ]
        },
        editor: EDITOR,
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(ColouringGraph::catalogue(Rule::Snort), p),
    }
}

/// The catalogue entry of Col on a graph.
pub fn entry_col() -> Entry {
    Entry {
        name: "col-graph",
        aliases: &[],
        usage: "col-graph GRAPH [left=V,...] [right=V,...] (undirected edges `u-v`; coloured vertices after them)",
        summary: "Col on a graph: colour a vertex, never next to one's own colour",
        rules: "Left colours an uncoloured vertex blue, Right red; a vertex may not be coloured next to a vertex of the \
                mover's own colour (the ends of an edge are neighbours). The graph is undirected edges `u-v` in the graph text \
                format, with Left's coloured vertices named `left=V,W` and Right's `right=V` after it; at most 128 vertices. \
                The game on a board of squares is `col`. Moves name the vertex: `colour 2`.",
        theorem: THEOREM,
        references: REFERENCES,
        examples: const {
            &[
                Example::normal("col-graph", "0-1 1-2 2-3 3-4 4-0 0-5"),
                Example::normal("col-graph", "a-b b-c c-d b-e left=a right=d"),
            ]
        },
        editor: EDITOR,
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(ColouringGraph::catalogue(Rule::Col), p),
    }
}

#[cfg(test)]
mod tests {
    use super::super::colouring::ColouringGrid;
    use super::super::tests::{check_against_plain, value_text};
    use super::*;
    use sprague_core::partizan::solver::ValueSolver;

    fn rules(rule: Rule, text: &str) -> ColouringGraph {
        ColouringGraph::from_text(rule, text).unwrap()
    }

    #[test]
    fn parse_display_and_moves() {
        let g = rules(Rule::Snort, "a-b b-c left=a right=c");
        let p = g.parse("a-b b-c left=a right=c").unwrap();
        assert_eq!(g.display(&p), "a-b b-c left=a right=c");
        let left: Vec<(String, String)> = g
            .moves(&p, Side::Left)
            .into_iter()
            .map(|(n, q)| (n, g.display(&q)))
            .collect();
        // b is next to both colours: dead.
        assert!(left.is_empty());
        assert!(ColouringGraph::from_text(Rule::Col, "a>b").is_err());
        assert!(ColouringGraph::from_text(Rule::Col, "a-b left=c").is_err());
        assert!(ColouringGraph::from_text(Rule::Col, "a-b left=a right=a").is_err());
        assert!(ColouringGraph::from_text(Rule::Col, "a-b top=a").is_err());
        assert!(g.parse("a-b").is_err());
        let q = rules(Rule::Col, "0-1 1-2");
        let p = q.parse("0-1 1-2").unwrap();
        let right: Vec<(String, String)> = q
            .moves(&p, Side::Right)
            .into_iter()
            .map(|(n, q2)| (n, q.display(&q2)))
            .collect();
        assert_eq!(right[0], ("colour 0".into(), "0-1 1-2 right=0".into()));
    }

    /// A path or grid written as a graph has the value of the same board.
    #[test]
    fn graphs_of_boards_agree_with_boards() {
        for rule in [Rule::Snort, Rule::Col] {
            let grid = ColouringGrid(rule);
            for (graph, board) in [
                ("0-1 1-2 2-3 3-4", "....."),
                ("0-1 1-2 2-3 left=0", "L..."),
                ("0-1 1-2 3-4 4-5 0-3 1-4 2-5 right=4", "...|.R."),
                ("0-1 1-2 2-3 3-4 4-5 5-6 right=6 left=0", "L.....R"),
            ] {
                assert_eq!(
                    value_text(&rules(rule, graph), graph),
                    value_text(&grid, board),
                    "{graph}"
                );
            }
        }
    }

    /// Stars and cycles: with components and the colour swap the values equal the plain
    /// tree's, and the outcome classes the brute-force ones.
    #[test]
    fn decomposition_matches_the_plain_tree() {
        let graphs = [
            "0-1 0-2 0-3 0-4",
            "0-1 1-2 2-3 3-4 4-5 5-0",
            "0-1 1-2 2-0 2-3 3-4 4-5",
            "0-1 1-2 2-3 3-0 0-2 left=1",
            "0-1 1-2 2-3 3-4 4-5 5-6 6-7 right=3",
            "0-1 0-2 0-3 1-4 2-5 3-6 left=4 right=5",
            "0-0 0-1 1-2 2-2 right=2",
            // Symmetric graphs, whose positions are normalised under automorphisms: the
            // Petersen graph, a 3×3 grid, K4 with a coloured vertex, a cube.
            "0-1 1-2 2-3 3-4 4-0 0-5 1-6 2-7 3-8 4-9 5-7 7-9 9-6 6-8 8-5",
            "0-1 1-2 3-4 4-5 6-7 7-8 0-3 3-6 1-4 4-7 2-5 5-8 left=4",
            "0-1 0-2 0-3 1-2 1-3 2-3 4-0 right=4",
            "0-1 1-2 2-3 3-0 4-5 5-6 6-7 7-4 0-4 1-5 2-6 3-7",
        ];
        for rule in [Rule::Snort, Rule::Col] {
            for text in graphs {
                let g = rules(rule, text);
                check_against_plain(&g, &[text.to_string()]);
            }
        }
    }

    /// The symmetries are found once per graph, and positions that are images of each other
    /// share a normal form.
    #[test]
    fn symmetric_positions_share_a_normal_form() {
        let g = rules(Rule::Snort, "0-1 1-2 2-3 3-4 4-5 5-0");
        assert_eq!(g.board().unwrap().symmetries.len(), 11);
        let one = g.parse("0-1 1-2 2-3 3-4 4-5 5-0 left=1").unwrap();
        let other = g.parse("0-1 1-2 2-3 3-4 4-5 5-0 left=4").unwrap();
        let swapped = g.parse("0-1 1-2 2-3 3-4 4-5 5-0 right=2").unwrap();
        assert_eq!(g.normalize(&one), g.normalize(&other));
        let (a, na) = g.normalize(&one);
        let (b, nb) = g.normalize(&swapped);
        assert_eq!((a, na), (b, !nb));
        let path = rules(Rule::Col, "c-a c-b b-e c-d d-f f-g");
        assert!(path.board().unwrap().symmetries.is_empty());
    }

    /// Winning Ways ch. 2: a Col position is a number or a number plus *.
    #[test]
    fn col_on_graphs_is_numbers_or_numbers_plus_star() {
        for text in [
            "0-1 0-2 0-3 0-4 0-5",
            "0-1 1-2 2-3 3-4 4-0",
            "0-1 1-2 2-0 2-3 3-4 4-2",
            "a-b b-c c-d d-a a-c b-d",
        ] {
            let g = rules(Rule::Col, text);
            let mut ctx = Context::new();
            let mut s = ValueSolver::new(&g, 1_000_000);
            let v = s.value(&mut ctx, &g.parse(text).unwrap()).unwrap();
            let star = ctx.nimber(1);
            let shifted = ctx.add(v, star);
            assert!(ctx.is_number(v) || ctx.is_number(shifted), "{text}");
        }
    }
}
