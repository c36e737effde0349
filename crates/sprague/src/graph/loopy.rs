//! Tokens on a directed graph, with or without cycles (docs/theory.md#dag): the `graph` entry.
//!
//! A move takes one token along one arc; the player who cannot move loses. Acyclic graphs
//! get Grundy values (computed from the sinks up, in reverse topological order) and sums by
//! XOR. Graphs with cycles get, for one token, win/lose/draw with remoteness by retrograde
//! analysis ([`crate::retrograde::solve_csr`]) and, for sums, the generalized Sprague–Grundy
//! function γ ([`crate::retrograde::gsg`]). Everything is iterative.

use super::format::{Csr, Graph, PositionWords};
use crate::catalogue::{
    Component, Entry, Game, LegalMove, Listing, Method, Move, Play, Report, SolveOptions,
    TableOptions, ValueKind, Verdict,
};
use crate::error::{Error, Result};
use crate::retrograde::gsg::{self, Gamma};
use crate::retrograde::{self, Retro};
use crate::value::Outcome;
use serde_json::{json, Value};

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
        build: |params| match params {
            None | Some("") => Ok(Box::new(GraphGame)),
            Some(p) => Err(Error::bad_params(
                "graph",
                format!("`graph` takes no parameters (got `{p}`); give the graph as a word after the name"),
            )),
        },
    }
}

/// Everything known about a graph: values of every vertex and the single-token analysis.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The graph as read, with its vertex names.
    pub graph: Graph,
    /// Its arcs as flat adjacency lists.
    pub arcs: Csr,
    /// True when the graph has no cycle (then every γ is a finite Grundy value).
    pub acyclic: bool,
    values: Values,
    /// Win/lose/draw and remoteness of one token on each vertex.
    pub retro: Retro,
}

#[derive(Debug, Clone)]
enum Values {
    Grundy(Vec<u32>),
    Gsg(gsg::GsgLabels),
}

impl Analysis {
    /// Parses and analyses a graph given as text.
    pub fn new(text: &str) -> Result<Analysis> {
        let graph = Graph::parse(text)?;
        if graph.vertex_count() == 0 {
            return Err(Error::parse(
                "the graph is empty: give edges like `1>2 2>3` or `a-b` (or @FILE)",
            ));
        }
        if graph.vertex_count() >= u32::MAX as usize - 2 {
            return Err(Error::parse("the graph has too many vertices"));
        }
        Ok(Self::from_graph(graph))
    }

    /// Analyses a parsed graph.
    pub fn from_graph(graph: Graph) -> Analysis {
        let arcs = graph.arcs();
        let reverse = arcs.transpose();
        let retro = retrograde::solve_csr(&arcs, Some(&reverse));
        let (acyclic, values) = match grundy_acyclic(&arcs, &reverse) {
            Some(g) => (true, Values::Grundy(g)),
            None => (false, Values::Gsg(gsg::labels(&arcs, &reverse))),
        };
        Analysis {
            graph,
            arcs,
            acyclic,
            values,
            retro,
        }
    }

    /// The value of one token on `v`: its Grundy value, or γ(v) on a graph with cycles.
    pub fn gamma(&self, v: u32) -> Gamma {
        match &self.values {
            Values::Grundy(g) => Gamma::Finite(g[v as usize]),
            Values::Gsg(l) => l.gamma(&self.arcs, v),
        }
    }

    /// The outcome of tokens on the given vertices.
    pub fn outcome(&self, tokens: &[u32]) -> Outcome {
        if let [v] = tokens {
            return self.retro.outcome(*v);
        }
        let vals: Vec<Gamma> = tokens.iter().map(|&v| self.gamma(v)).collect();
        gsg::sum_outcome(&vals)
    }

    /// Every move (token index, target vertex) with the outcome of the position it leads to
    /// (for the player then to move). Parallel arcs give one move.
    pub fn moves(&self, tokens: &[u32]) -> Vec<(usize, u32, Outcome)> {
        let mut out = Vec::new();
        let mut next = tokens.to_vec();
        for (i, &v) in tokens.iter().enumerate() {
            let mut succ: Vec<u32> = self.arcs.successors(v).to_vec();
            succ.sort_unstable();
            succ.dedup();
            for w in succ {
                next[i] = w;
                out.push((i, w, self.outcome(&next)));
            }
            next[i] = v;
        }
        out
    }
}

/// Grundy values of an acyclic graph, or `None` when it has a cycle. Kahn's algorithm from
/// the sinks: a vertex is valued once all its successors are.
fn grundy_acyclic(arcs: &Csr, reverse: &Csr) -> Option<Vec<u32>> {
    let n = arcs.len();
    let mut remaining: Vec<u32> = (0..n as u32)
        .map(|v| arcs.offsets[v as usize + 1] - arcs.offsets[v as usize])
        .collect();
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&v| remaining[v as usize] == 0)
        .collect();
    let mut value = vec![0u32; n];
    let mut seen: Vec<u32> = Vec::new(); // seen[g] == stamp: value g among the successors
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let succ = arcs.successors(v);
        if seen.len() < succ.len() + 1 {
            seen.resize(succ.len() + 1, u32::MAX);
        }
        for &w in succ {
            let g = value[w as usize] as usize;
            if g < seen.len() {
                seen[g] = v;
            }
        }
        let mut g = 0;
        while g < seen.len() && seen[g] == v {
            g += 1;
        }
        value[v as usize] = g as u32;
        for &p in reverse.successors(v) {
            remaining[p as usize] -= 1;
            if remaining[p as usize] == 0 {
                queue.push(p);
            }
        }
    }
    (queue.len() == n).then_some(value)
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

fn gamma_json(g: &Gamma) -> Value {
    match g {
        Gamma::Finite(x) => json!(x),
        Gamma::Infinite(k) => json!({ "infinite": true, "k": k }),
    }
}

/// The generalized nim-sum of two γ values (Smith; Fraenkel–Yesha): finite values add by
/// XOR; ∞(K) + x = ∞(K ⊕ x), since the followers of finite value are those that move the
/// ∞ component to a value of K; two ∞ make ∞(∅), since every follower keeps an ∞ component.
pub fn gamma_sum(a: &Gamma, b: &Gamma) -> Gamma {
    match (a, b) {
        (Gamma::Finite(x), Gamma::Finite(y)) => Gamma::Finite(x ^ y),
        (Gamma::Infinite(k), Gamma::Finite(x)) | (Gamma::Finite(x), Gamma::Infinite(k)) => {
            let mut k: Vec<u32> = k.iter().map(|v| v ^ x).collect();
            k.sort_unstable();
            Gamma::Infinite(k)
        }
        (Gamma::Infinite(_), Gamma::Infinite(_)) => Gamma::Infinite(Vec::new()),
    }
}

/// The outcome of the sum of two γ values without building it (see [`gamma_sum`]).
fn pair_outcome(a: &Gamma, b: &Gamma) -> Outcome {
    match (a, b) {
        (Gamma::Finite(x), Gamma::Finite(y)) => Outcome::from_grundy_is_zero(x == y),
        (Gamma::Infinite(k), Gamma::Finite(x)) | (Gamma::Finite(x), Gamma::Infinite(k)) => {
            if k.binary_search(x).is_ok() {
                Outcome::First
            } else {
                Outcome::Draw
            }
        }
        (Gamma::Infinite(_), Gamma::Infinite(_)) => Outcome::Draw,
    }
}

impl Analysis {
    /// Win, loss or draw and remoteness of one token on every vertex under misère play (the
    /// player who cannot move wins). This is normal play on the graph with one new sink and
    /// an arc to it from every vertex without moves: there the player to move still has
    /// one move, to the sink, which leaves the opponent stuck; every play gets that one
    /// move longer, so the misère remoteness is one less (and 0 at the old sinks).
    pub fn misere_retro(&self) -> (Retro, u32) {
        let n = self.arcs.len() as u32;
        let arcs = (0..n)
            .flat_map(|v| {
                let succ = self.arcs.successors(v);
                let sink = succ.is_empty().then_some((v, n));
                succ.iter().map(move |&w| (v, w)).chain(sink)
            })
            .collect::<Vec<_>>();
        let csr = Csr::from_arcs(n as usize + 1, arcs.iter().copied());
        (retrograde::solve_csr(&csr, None), n)
    }
}

/// The misère remoteness of `v` from [`Analysis::misere_retro`]: one less than on the
/// graph with the extra sink (every vertex of the graph has a move there).
fn misere_remoteness(r: &Retro, v: u32) -> Option<u32> {
    r.remoteness(v).map(|x| x.saturating_sub(1))
}

/// One position of the `graph` game: the graph, its tokens and the play convention.
struct Position {
    a: Analysis,
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
        super::refuse_flags("graph", options, &["token"])?;
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
        let a = Analysis::new(&graph_text(&pw.graph)?)?;
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
            Some(a.misere_retro().0)
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
        let shown = super::listed(chosen.len(), len);
        for &(i, w, o) in &chosen[..shown] {
            v.moves.push(self.verdict_move(i, w, o));
        }
        if shown < chosen.len() {
            let what = match listing {
                Listing::All => "moves",
                Listing::Winning => "winning moves",
            };
            v.incomplete(super::cut_short(chosen.len(), what, shown, len));
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
        super::check_legal_list(count as u128, p.write(&p.tokens).len())?;
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

    fn table(&self, options: &TableOptions) -> Result<Report> {
        if options.period {
            return Err(Error::unsupported(
                "`table graph` lists every vertex; it has no period (--period)",
            ));
        }
        let pw = PositionWords::split("graph", &options.args, &[])?;
        let a = Analysis::new(&graph_text(&pw.graph)?)?;
        let g = &a.graph;
        if options.misere {
            // One token per vertex under misère play: outcome and remoteness only (misère
            // play has no values that add up).
            let (r, _) = a.misere_retro();
            let mut text = String::from("vertex\toutcome\tremoteness\n");
            let mut rows = Vec::with_capacity(g.vertex_count());
            for v in 0..g.vertex_count() as u32 {
                let (o, rem) = (r.outcome(v), misere_remoteness(&r, v));
                text.push_str(&format!(
                    "{}\t{}\t{}\n",
                    g.name(v),
                    o.letter(),
                    rem.map(|r| r.to_string()).unwrap_or_else(|| "-".into())
                ));
                rows.push(json!({"vertex": g.name(v), "outcome": o.as_str(), "remoteness": rem}));
            }
            text.pop();
            return Ok(Report::new(
                text,
                json!({"game": "graph", "play": "misere", "acyclic": a.acyclic, "vertices": rows}),
            ));
        }
        let kind = if a.acyclic { "grundy" } else { "gamma" };
        let mut text = format!("vertex\t{kind}\toutcome\tremoteness\n");
        let mut rows = Vec::with_capacity(g.vertex_count());
        for v in 0..g.vertex_count() as u32 {
            let val = a.gamma(v);
            let o = a.retro.outcome(v);
            let r = a.retro.remoteness(v);
            text.push_str(&format!(
                "{}\t{val}\t{}\t{}\n",
                g.name(v),
                o.letter(),
                r.map(|r| r.to_string()).unwrap_or_else(|| "-".into())
            ));
            rows.push(json!({"vertex": g.name(v), "value": gamma_json(&val),
                "outcome": o.as_str(), "remoteness": r}));
        }
        text.pop();
        Ok(Report::new(
            text,
            json!({"game": "graph", "acyclic": a.acyclic, "vertices": rows}),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{lookup, Winner};
    use crate::graph::checks::verdicts_agree;
    use crate::retrograde::tests::{next, random_graph};

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
        assert!(v.render_text().contains("winning moves: none"));
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
    fn every_winning_move_reaches_a_lost_position_on_random_graphs() {
        let mut seed = 0xABCD_EF01_2345_6789u64;
        for t in 0..200 {
            let n = 1 + t % 7;
            let m = (next(&mut seed) % (2 * n as u64 + 2)) as usize;
            let csr = random_graph(&mut seed, n, m);
            let a = Analysis::from_graph(graph_of(&csr));
            let toks = [
                (next(&mut seed) % n as u64) as u32,
                (next(&mut seed) % n as u64) as u32,
            ];
            let o = a.outcome(&toks);
            let mv = a.moves(&toks);
            // First iff some move reaches a Second position; Second iff all moves reach First.
            let some_p = mv.iter().any(|m| m.2 == Outcome::Second);
            let all_n = mv.iter().all(|m| m.2 == Outcome::First);
            assert_eq!(o == Outcome::First, some_p);
            assert_eq!(o == Outcome::Second, all_n);
        }
    }

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

    #[test]
    fn generalized_nim_sum_is_gamma_of_the_sum() {
        // γ of two tokens, labelled on the product graph, against the generalized nim-sum.
        let mut seed = 0x0F1E_2D3C_4B5A_6978u64;
        for t in 0..150 {
            let n = 1 + t % 6;
            let m = (next(&mut seed) % (2 * n as u64 + 3)) as usize;
            let csr = random_graph(&mut seed, n, m);
            let a = Analysis::from_graph(graph_of(&csr));
            let nn = n as u32;
            let prod = Csr::from_arcs(
                n * n,
                (0..nn * nn).flat_map(|p| {
                    let (x, y) = (p / nn, p % nn);
                    let xs = csr.successors(x).iter().map(move |&w| (p, w * nn + y));
                    let ys = csr.successors(y).iter().map(move |&w| (p, x * nn + w));
                    xs.chain(ys).collect::<Vec<_>>()
                }),
            );
            let labels = gsg::labels(&prod, &prod.transpose());
            for p in 0..nn * nn {
                let want = labels.gamma(&prod, p);
                let got = gamma_sum(&a.gamma(p / nn), &a.gamma(p % nn));
                assert_eq!(got, want, "{csr:?} tokens {} {}", p / nn, p % nn);
            }
        }
    }

    /// Misère play of one token by brute force: the fixpoint of "won if some move reaches
    /// a lost vertex, lost if every move reaches a won one", starting from the sinks won.
    fn misere_brute(csr: &Csr) -> Vec<Outcome> {
        let n = csr.len();
        let mut o = vec![Outcome::Draw; n];
        loop {
            let mut changed = false;
            for v in 0..n {
                if o[v] != Outcome::Draw {
                    continue;
                }
                let succ = csr.successors(v as u32);
                let new =
                    if succ.is_empty() || succ.iter().any(|&w| o[w as usize] == Outcome::Second) {
                        Outcome::First
                    } else if succ.iter().all(|&w| o[w as usize] == Outcome::First) {
                        Outcome::Second
                    } else {
                        continue;
                    };
                o[v] = new;
                changed = true;
            }
            if !changed {
                return o;
            }
        }
    }

    #[test]
    fn misere_single_token_agrees_with_brute_force() {
        let mut seed = 0x5555_AAAA_1234_0F0Fu64;
        for t in 0..300 {
            let n = 1 + t % 8;
            let m = (next(&mut seed) % (2 * n as u64 + 2)) as usize;
            let csr = random_graph(&mut seed, n, m);
            let a = Analysis::from_graph(graph_of(&csr));
            let (r, _) = a.misere_retro();
            let want = misere_brute(&csr);
            for v in 0..n as u32 {
                assert_eq!(r.outcome(v), want[v as usize], "{csr:?} at {v}");
                // Remoteness: 0 exactly at the sinks, and a won vertex is one more than
                // its best lost successor.
                let rem = misere_remoteness(&r, v);
                assert_eq!(rem == Some(0), csr.successors(v).is_empty());
                if want[v as usize] == Outcome::First && rem != Some(0) {
                    let best = csr
                        .successors(v)
                        .iter()
                        .filter(|&&w| want[w as usize] == Outcome::Second)
                        .filter_map(|&w| misere_remoteness(&r, w))
                        .min();
                    assert_eq!(rem, best.map(|b| b + 1));
                }
            }
        }
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
            verdicts_agree("graph", &words, o);
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
            verdicts_agree("graph", &[&text], &normal);
            if k == 1 {
                verdicts_agree("graph", &[&text], &mis);
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

    #[test]
    fn table_lists_every_vertex() {
        let table = |misere: bool| {
            lookup("graph")
                .unwrap()
                .table(&TableOptions {
                    args: vec!["a>b b>a b>c".into()],
                    misere,
                    ..Default::default()
                })
                .unwrap()
                .text
        };
        assert_eq!(
            table(false),
            "vertex\tgamma\toutcome\tremoteness\na\t0\tP\t2\nb\t1\tN\t1\nc\t0\tP\t0"
        );
        // Misère: c (stuck) wins; b's only lost... b can move to c (won for the opponent)
        // or back to a; a can only move to b: both are draws.
        assert_eq!(
            table(true),
            "vertex\toutcome\tremoteness\na\tD\t-\nb\tD\t-\nc\tN\t0"
        );
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
}
