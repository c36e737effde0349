//! The catalogue game `graph`: its entry, a position (graph, tokens, play convention) read
//! from words and flags and written back, its verdicts, moves, legal moves and the table of
//! every vertex, built on `analysis`.

use crate::error::{Error, Result};
use crate::graph::format::PositionWords;
use crate::graph::loopy::analysis::{gamma_sum, misere_remoteness, pair_outcome, GraphAnalysis};
use crate::interface::{
    Cell, Component, Entry, Game, LegalMove, Listing, Method, Move, Play, Row, SolveOptions, Table,
    TableOptions, TableRows, ValueKind, Verdict,
};
use crate::interface::{Editor, Example, Layout, Mark, Players, Solution};
use crate::retrograde::gsg::Gamma;
use crate::retrograde::Retro;
use crate::value::Outcome;

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "graph",
        aliases: &["digraph", "loopy-graph", "tokens"],
        usage: "graph GRAPH token=V[,W,...]   (or GRAPH --token V [--token W ...])",
        summary: "tokens on a directed graph (cycles allowed): Grundy / generalized SG values, draws, remoteness",
        rules: "GRAPH is text in the graph format: `u>v` is an arc from u to v, `u-v` an undirected \
edge (both arcs), chains are allowed (`a>b>c`, `a-b-c`), a lone name is a vertex without edges, \
items are separated by spaces, commas, semicolons or newlines, `#` starts a comment; vertex names \
use letters, digits, `_` and `.`; `@FILE` reads the graph from a file. Tokens stand on vertices: \
the word `token=V,W,...` among the graph's items (or `--token V`, repeated; several tokens may \
share a vertex), e.g. `sprague solve graph \"a>b>c a>c d>e token=a,d\"`; the moves' positions are \
written that way. A move takes one token along one arc. The player who cannot move loses; on a \
graph with cycles play may go on forever (a draw). With `--misere` (one token only) the player \
who cannot move wins.",
        theorem: "Acyclic graph: g(v) = mex of g over the successors of v, and a sum of tokens has \
the XOR of their values (Sprague–Grundy); the first player wins iff it is non-zero, by moving a \
token to a vertex that makes the XOR 0. Graph with cycles, one token: retrograde analysis — a \
vertex without moves is lost (remoteness 0); a vertex with a lost successor is won (remoteness 1 + \
the least remoteness of a lost successor); a vertex all of whose successors are won is lost \
(remoteness 1 + the largest); every other vertex is a draw. Several tokens: the generalized \
Sprague–Grundy function γ, where γ(v) is a nimber or ∞(K) with K the finite values of the \
successors, computed by the Fraenkel–Yesha labelling algorithm. A sum whose values are all finite \
is decided by their XOR; with exactly one ∞(K), the first player wins iff the XOR of the others \
lies in K (he moves that token to that value), else it is a draw; with two or more ∞ it is a draw. \
The value of the sum is the generalized nim-sum: ∞(K) + x = ∞(K ⊕ x), and two ∞ make ∞(∅). \
A winning move is a move to a position the opponent loses. Misère play, one token: normal play \
on the graph with one more sink and an arc to it from every vertex without moves (a player who \
cannot move wins); the remoteness is one less than there.",
        references: "C. A. B. Smith, Graphs and composite games, J. Combin. Theory 1 (1966); \
A. S. Fraenkel and Y. Yesha, The generalized Sprague–Grundy function and its invariance under \
certain mappings, J. Combin. Theory A 43 (1986); A. S. Fraenkel, Scenic trails ascending from \
sea-level Nim to alpine chess (1996); Berlekamp, Conway, Guy, Winning Ways, ch. 11 (loopy games).",
examples: const {
    &[
        Example::normal("graph", "a>b>c a>c d>e token=a,d"),
        Example::normal("graph", "a>b b>a b>c token=a"),
    ]
},
editor: Editor::Network {
    directed: true,
    coloured: false,
    layout: Layout::Circle,
    marks: &[Mark {
            key: "token",
            several: true,
            verb: "toggle a token",
            implicit: None,
        }],
},
players: Players::Impartial,
pictures: &[],
solution: Solution::Search,
        build: |params| match params {
            None | Some("") => Ok(Box::new(GraphGame)),
            Some(p) => Err(Error::bad_params(
                "graph",
                format!("`graph` takes no parameters (got `{p}`); give the graph as a word after the name"),
            )),
        },
    }
}

struct GraphGame;

fn graph_text(words: &[String]) -> Result<String> {
    if words.iter().all(|w| w.trim().is_empty()) {
        return Err(Error::parse(
            "no graph given: write it after the name, e.g. `sprague solve graph \"1>2 2>3 token=1\"`, or `@FILE`",
        ));
    }
    Ok(words.join("\n"))
}

/// One position of the `graph` game: the graph, its tokens and the play convention.
struct Position {
    a: GraphAnalysis,
    tokens: Vec<u32>,
    /// The graph written back as text, without the tokens.
    text: String,
    /// Misère play (one token only): the retrograde analysis of the misère game.
    misere: Option<Retro>,
    /// The value of each token alone (normal play).
    vals: Vec<Gamma>,
    /// The XOR of the finite values among `vals`.
    xor: u32,
    /// The tokens (indices) of infinite value; the first two are all that matter.
    infinite: Vec<usize>,
}

/// The most characters the components' positions may hold together before they name
/// only their token (`token=V`) instead of repeating the graph.
const MAX_COMPONENT_TEXT: usize = 1 << 20;

impl Position {
    fn parse(words: &[String], options: &SolveOptions) -> Result<Position> {
        crate::graph::verdicts::refuse_flags("graph", options, &["token"])?;
        if options.every {
            return Err(Error::unsupported(
                "`graph` is solved in normal and misère play; the every-move compound (--every) is not supported",
            ));
        }
        let pw = PositionWords::split("graph", words, &["token"])?;
        if pw.has("token") && !options.tokens.is_empty() {
            return Err(Error::invalid(
                "the tokens are given twice: as `token=` in the position and with `--token`; give them one way",
            ));
        }
        let names = if pw.has("token") {
            pw.list("token")
        } else {
            options.tokens.clone()
        };
        let a = GraphAnalysis::new_with(&graph_text(&pw.graph)?, &options.limits())?;
        if names.is_empty() {
            return Err(Error::invalid(
                "no token: place at least one with `token=V` in the position (`token=a,b` for several) or `--token V` (a vertex name of the graph)",
            ));
        }
        let tokens = names
            .iter()
            .map(|t| a.graph.vertex(t))
            .collect::<Result<Vec<u32>>>()?;
        let misere = if options.misere {
            if tokens.len() != 1 {
                return Err(Error::unsupported(format!(
                    "misère play on `graph` is solved for one token; {} tokens make a misère sum, which is not supported",
                    tokens.len()
                )));
            }
            Some(a.misere_retro_with(&options.limits())?.0)
        } else {
            None
        };
        let text = a.graph.to_text();
        let vals: Vec<Gamma> = tokens.iter().map(|&t| a.gamma(t)).collect();
        let xor = vals.iter().fold(0, |x, v| x ^ v.finite().unwrap_or(0));
        let infinite = (0..vals.len())
            .filter(|&i| vals[i].finite().is_none())
            .take(3)
            .collect();
        Ok(Position {
            a,
            tokens,
            text,
            misere,
            vals,
            xor,
            infinite,
        })
    }

    fn play(&self) -> Play {
        if self.misere.is_some() {
            Play::Misere
        } else {
            Play::Normal
        }
    }

    /// The position with the tokens on `tokens`, as the command line reads it.
    fn write(&self, tokens: &[u32]) -> String {
        let names: Vec<&str> = tokens.iter().map(|&v| self.a.graph.name(v)).collect();
        format!("{} token={}", self.text, names.join(","))
    }

    /// Outcome and remoteness of one token alone on `v`.
    fn alone(&self, v: u32) -> (Outcome, Option<u32>) {
        match &self.misere {
            Some(r) => (r.outcome(v), misere_remoteness(r, v)),
            None => (self.a.retro.outcome(v), self.a.retro.remoteness(v)),
        }
    }

    fn value_kind(&self) -> ValueKind {
        if self.a.acyclic {
            ValueKind::Grundy
        } else {
            ValueKind::Gamma
        }
    }

    /// The value of the tokens but token `skip` (all of them for `None`), in normal play:
    /// the XOR of the finite values and at most two of the ∞ ones decide it.
    fn others(&self, skip: Option<usize>) -> Gamma {
        let x = match skip {
            Some(i) => self.xor ^ self.vals[i].finite().unwrap_or(0),
            None => self.xor,
        };
        let mut inf = self.infinite.iter().filter(|&&j| Some(j) != skip);
        match (inf.next(), inf.next()) {
            (None, _) => Gamma::Finite(x),
            (Some(&j), None) => gamma_sum(&self.vals[j], &Gamma::Finite(x)),
            _ => Gamma::Infinite(Vec::new()),
        }
    }

    /// Every move, grouped by token: for each token, its distinct targets with the outcome
    /// of the position after the move for the opponent, who moves next. Tokens on the same
    /// vertex share one computation (their moves lead to the same outcomes).
    fn moves(&self) -> Vec<Vec<(u32, Outcome)>> {
        let mut by_vertex: rustc_hash::FxHashMap<u32, usize> = Default::default();
        let mut groups: Vec<Vec<(u32, Outcome)>> = Vec::new();
        let mut out = Vec::with_capacity(self.tokens.len());
        for (i, &v) in self.tokens.iter().enumerate() {
            let g = *by_vertex.entry(v).or_insert_with(|| {
                let mut succ: Vec<u32> = self.a.arcs.successors(v).to_vec();
                succ.sort_unstable();
                succ.dedup();
                let others = (self.tokens.len() > 1).then(|| self.others(Some(i)));
                let list = succ
                    .into_iter()
                    .map(|w| {
                        let o = match &others {
                            Some(rest) => pair_outcome(rest, &self.a.gamma(w)),
                            None => self.alone(w).0,
                        };
                        (w, o)
                    })
                    .collect();
                groups.push(list);
                groups.len() - 1
            });
            out.push(g);
        }
        out.into_iter().map(|g| groups[g].clone()).collect()
    }

    /// The verdict's move for moving token `i` to `w`.
    fn verdict_move(&self, i: usize, w: u32, o: Outcome) -> Move {
        let g = &self.a.graph;
        let mut after = self.tokens.clone();
        after[i] = w;
        let mut m = Move::new(
            format!(
                "move token {} from {} to {}",
                i + 1,
                g.name(self.tokens[i]),
                g.name(w)
            ),
            self.write(&after),
        );
        m.outcome = Some(o.into());
        m.winning = o == Outcome::Second;
        if self.misere.is_none() {
            let value = if self.tokens.len() == 1 {
                self.a.gamma(w)
            } else {
                gamma_sum(&self.others(Some(i)), &self.a.gamma(w))
            };
            m.value = Some(value.to_string());
        }
        if self.tokens.len() == 1 {
            m.remoteness = self.alone(w).1.map(u64::from);
        }
        m
    }

    /// The verdict without its moves.
    fn verdict(&self) -> Verdict {
        let g = &self.a.graph;
        let outcome = match &self.misere {
            Some(r) => r.outcome(self.tokens[0]),
            None => self.a.outcome(&self.tokens),
        };
        let method = if self.misere.is_some() {
            "misère retrograde analysis: a vertex without moves is won for the player to move (remoteness 0), a vertex with a lost successor is won, one whose successors are all won is lost, every other vertex is a draw"
        } else if self.a.acyclic {
            "Grundy values of the vertices from the sinks up (Kahn's order); a sum of tokens is worth the XOR of their values (Sprague–Grundy)"
        } else if self.tokens.len() == 1 {
            "retrograde analysis (win, loss or draw with remoteness); γ by the Fraenkel–Yesha labelling"
        } else {
            "generalized Sprague–Grundy function γ (Fraenkel–Yesha labelling); the tokens' values add by the generalized nim-sum: finite values by XOR, ∞(K) + x = ∞(K ⊕ x), two ∞ make ∞(∅), a draw"
        };
        let mut v = Verdict::new(
            "graph",
            self.write(&self.tokens),
            self.play(),
            outcome.into(),
            Method::engine(method),
        );
        if self.misere.is_none() {
            v = v.with_value(self.value_kind(), Some(self.others(None).to_string()));
        }
        if let [t] = self.tokens[..] {
            v.remoteness = self.alone(t).1.map(u64::from);
            if self.misere.is_some() && self.a.arcs.successors(t).is_empty() {
                v.note = Some("the player to move cannot move, and so wins (misère play)".into());
            }
        }
        let full = self.text.len().saturating_mul(self.tokens.len()) <= MAX_COMPONENT_TEXT;
        for (&t, val) in self.tokens.iter().zip(&self.vals) {
            let (o, r) = self.alone(t);
            let position = if full {
                self.write(&[t])
            } else {
                format!("token={}", g.name(t))
            };
            v.components.push(Component {
                position,
                value: self.misere.is_none().then(|| val.to_string()),
                outcome: Some(o.into()),
                remoteness: r.map(u64::from),
            });
        }
        v.details.push("vertices", g.vertex_count());
        v.details.push("arcs", self.a.arcs.targets.len());
        v.details.push("acyclic", self.a.acyclic);
        v
    }

    /// The verdict listing every move or the winning ones.
    fn answer(&self, listing: Listing) -> Verdict {
        let mut v = self.verdict();
        v.listing = listing;
        let moves = self.moves();
        let chosen: Vec<(usize, u32, Outcome)> = moves
            .iter()
            .enumerate()
            .flat_map(|(i, list)| list.iter().map(move |&(w, o)| (i, w, o)))
            .filter(|&(_, _, o)| listing == Listing::All || o == Outcome::Second)
            .collect();
        let len = v.position.len();
        let shown = crate::graph::verdicts::listed(chosen.len(), len, listing);
        for &(i, w, o) in &chosen[..shown] {
            v.moves.push(self.verdict_move(i, w, o));
        }
        if shown < chosen.len() {
            let what = match listing {
                Listing::All => "moves",
                Listing::Winning => "winning moves",
            };
            v.incomplete(crate::graph::verdicts::cut_short(
                chosen.len(),
                what,
                shown,
                len,
            ));
        }
        v
    }
}

impl Game for GraphGame {
    fn spec(&self) -> String {
        "graph".to_string()
    }

    fn solve(&self, position: &[String], options: &SolveOptions) -> Result<Verdict> {
        Ok(Position::parse(position, options)?.answer(Listing::Winning))
    }

    fn moves(&self, position: &[String], options: &SolveOptions) -> Result<Verdict> {
        Ok(Position::parse(position, options)?.answer(Listing::All))
    }

    fn legal_moves(&self, position: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let p = Position::parse(position, options)?;
        let g = &p.a.graph;
        let targets: Vec<Vec<u32>> = p
            .tokens
            .iter()
            .map(|&v| {
                let mut succ = p.a.arcs.successors(v).to_vec();
                succ.sort_unstable();
                succ.dedup();
                succ
            })
            .collect();
        let count: usize = targets.iter().map(Vec::len).sum();
        crate::graph::verdicts::check_legal_list(count as u128, p.write(&p.tokens).len())?;
        let mut out = Vec::with_capacity(count);
        let mut after = p.tokens.clone();
        for (i, list) in targets.iter().enumerate() {
            for &w in list {
                after[i] = w;
                out.push(LegalMove {
                    label: format!(
                        "move token {} from {} to {}",
                        i + 1,
                        g.name(p.tokens[i]),
                        g.name(w)
                    ),
                    position: p.write(&after),
                    side: None,
                });
            }
            after[i] = p.tokens[i];
        }
        Ok(out)
    }

    fn table(&self, options: &TableOptions) -> Result<Table> {
        if options.period {
            return Err(Error::unsupported(
                "`table graph` lists every vertex; it has no period (--period)",
            ));
        }
        let pw = PositionWords::split("graph", &options.args, &[])?;
        let a = GraphAnalysis::new_with(&graph_text(&pw.graph)?, &options.limits)?;
        let acyclic = a.acyclic;
        let mut table = if options.misere {
            // One token per vertex under misère play: outcome and remoteness only (misère
            // play has no values that add up).
            let (misere, _) = a.misere_retro_with(&options.limits)?;
            Table::new(
                "graph",
                Play::Misere,
                None,
                Method::engine("retrograde analysis (misère play: a sink after every dead end)"),
                "misère outcomes of one token on each vertex",
                "vertex",
                Box::new(VertexRows {
                    a,
                    misere: Some(misere),
                }),
            )
        } else {
            let (kind, method) = if acyclic {
                (
                    ValueKind::Grundy,
                    "Grundy values in topological order and retrograde analysis",
                )
            } else {
                (
                    ValueKind::Gamma,
                    "generalized Sprague–Grundy function (Fraenkel–Yesha) and retrograde analysis",
                )
            };
            Table::new(
                "graph",
                Play::Normal,
                Some(kind),
                Method::engine(method),
                format!(
                    "{} of one token on each vertex",
                    if acyclic {
                        "grundy values"
                    } else {
                        "γ values"
                    }
                ),
                "vertex",
                Box::new(VertexRows { a, misere: None }),
            )
        };
        // Draws and remoteness are not said by the value: both columns are always shown.
        table.columns.outcome = true;
        table.columns.remoteness = true;
        table.details.push("acyclic", acyclic);
        table
            .notes
            .push("a position is one token on the vertex (`token=V`)".into());
        Ok(table)
    }
}

/// The rows of `table graph`: one per vertex, made from the analysis when written.
struct VertexRows {
    a: GraphAnalysis,
    /// The retrograde analysis of misère play, for a misère table.
    misere: Option<Retro>,
}

impl TableRows for VertexRows {
    fn count(&self) -> u64 {
        self.a.graph.vertex_count() as u64
    }

    fn row(&self, i: u64) -> Row<'_> {
        let v = i as u32;
        let name = Cell::Text(self.a.graph.name(v).into());
        match &self.misere {
            Some(r) => Row {
                position: name,
                value: None,
                outcome: Some(r.outcome(v).into()),
                remoteness: misere_remoteness(r, v).map(u64::from),
            },
            None => Row {
                position: name,
                value: Some(match self.a.gamma(v) {
                    Gamma::Finite(x) => Cell::Number(u64::from(x)),
                    g => Cell::Text(g.to_string().into()),
                }),
                outcome: Some(self.a.retro.outcome(v).into()),
                remoteness: self.a.retro.remoteness(v).map(u64::from),
            },
        }
    }
}
