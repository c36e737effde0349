//! Tokens on a directed graph, with or without cycles (GAMES.md B1–B3): the `graph` entry.
//!
//! A move takes one token along one arc; the player who cannot move loses. Acyclic graphs
//! get Grundy values (computed from the sinks up, in reverse topological order) and sums by
//! XOR. Graphs with cycles get, for one token, win/lose/draw with remoteness by retrograde
//! analysis ([`crate::retrograde::solve_csr`]) and, for sums, the generalized Sprague–Grundy
//! function γ ([`crate::retrograde::gsg`]). Everything is iterative.

use super::format::{Csr, Graph};
use crate::catalogue::{Entry, Game, Report, SolveOptions, TableOptions};
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
        usage: "graph GRAPH --token V [--token W ...]",
        summary: "tokens on a directed graph (cycles allowed): Grundy / generalized SG values, draws, remoteness",
        rules: "GRAPH is text in the graph format: `u>v` is an arc from u to v, `u-v` an undirected \
edge (both arcs), chains are allowed (`a>b>c`, `a-b-c`), a lone name is a vertex without edges, \
items are separated by spaces, commas, semicolons or newlines, `#` starts a comment; vertex names \
use letters, digits, `_` and `.`; `@FILE` reads the graph from a file. Tokens stand on vertices \
(`--token V`, repeated; several tokens may share a vertex). A move takes one token along one arc. \
The player who cannot move loses; on a graph with cycles play may go on forever (a draw).",
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
A winning move is a move to a position the opponent loses.",
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
    pub graph: Graph,
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
            "no graph given: write it after the name, e.g. `sprague solve graph \"1>2 2>3\" --token 1`, or `@FILE`",
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

fn parse_tokens(a: &Analysis, options: &SolveOptions) -> Result<Vec<u32>> {
    if options.tokens.is_empty() {
        return Err(Error::invalid(
            "no token: place at least one with `--token V` (a vertex name of the graph)",
        ));
    }
    options.tokens.iter().map(|t| a.graph.vertex(t)).collect()
}

fn describe(o: Outcome) -> &'static str {
    match o {
        Outcome::First => "first player wins",
        Outcome::Second => "second player wins",
        Outcome::Draw => "draw (play goes on forever)",
    }
}

impl Game for GraphGame {
    fn spec(&self) -> String {
        "graph".to_string()
    }

    fn solve(&self, position: &[String], options: &SolveOptions) -> Result<Report> {
        let a = Analysis::new(&graph_text(position)?)?;
        let tokens = parse_tokens(&a, options)?;
        let g = &a.graph;
        let mut text = format!(
            "graph: {} vertices, {} arcs, {}\n",
            g.vertex_count(),
            a.arcs.targets.len(),
            if a.acyclic { "acyclic" } else { "with cycles" }
        );
        let vals: Vec<Gamma> = tokens.iter().map(|&v| a.gamma(v)).collect();
        let outcome = a.outcome(&tokens);
        let kind = if a.acyclic { "Grundy value" } else { "γ" };
        let mut tok_json = Vec::new();
        for (i, (&v, val)) in tokens.iter().zip(&vals).enumerate() {
            let o = a.retro.outcome(v);
            let rem = a.retro.remoteness(v);
            text.push_str(&format!(
                "token {} on {}: {kind} {val}; alone: {}{}\n",
                i + 1,
                g.name(v),
                describe(o),
                rem.map(|r| format!(", remoteness {r}")).unwrap_or_default()
            ));
            tok_json.push(json!({"vertex": g.name(v), "value": gamma_json(val),
                "outcome": o.as_str(), "remoteness": rem}));
        }
        let xor = vals.iter().try_fold(0u32, |x, v| v.finite().map(|f| x ^ f));
        if tokens.len() > 1 {
            match xor {
                Some(x) => text.push_str(&format!("sum: {x} (XOR): {}\n", describe(outcome))),
                None => text.push_str(&format!("sum: {}\n", describe(outcome))),
            }
        }
        let mut winning = Vec::new();
        let mut wjson = Vec::new();
        if outcome == Outcome::First {
            for (i, w, o) in a.moves(&tokens) {
                if o != Outcome::Second {
                    continue;
                }
                let mut m = json!({"token": i + 1, "from": g.name(tokens[i]), "to": g.name(w)});
                let mut line = format!("token {} {} -> {}", i + 1, g.name(tokens[i]), g.name(w));
                if tokens.len() == 1 {
                    let r = a.retro.remoteness(w);
                    m["remoteness"] = json!(r);
                    if let Some(r) = r {
                        line.push_str(&format!(" (opponent lost, remoteness {r})"));
                    }
                }
                winning.push(line);
                wjson.push(m);
            }
        }
        if winning.is_empty() {
            text.push_str("winning moves: none");
        } else {
            text.push_str(&format!("winning moves: {}", winning.join("; ")));
        }
        let mut j = json!({
            "game": "graph",
            "vertices": g.vertex_count(),
            "arcs": a.arcs.targets.len(),
            "acyclic": a.acyclic,
            "tokens": tok_json,
            "value": xor,
            "outcome": outcome.as_str(),
            "winning_moves": wjson,
        });
        if let [v] = tokens[..] {
            j["remoteness"] = json!(a.retro.remoteness(v));
        }
        Ok(Report::new(text, j))
    }

    fn moves(&self, position: &[String], options: &SolveOptions) -> Result<Report> {
        let a = Analysis::new(&graph_text(position)?)?;
        let tokens = parse_tokens(&a, options)?;
        let g = &a.graph;
        let mut lines = Vec::new();
        let mut js = Vec::new();
        for (i, w, o) in a.moves(&tokens) {
            // `o` is the outcome for the opponent, who moves next.
            let verdict = match o {
                Outcome::Second => "wins",
                Outcome::First => "loses",
                Outcome::Draw => "draws",
            };
            let rem = if tokens.len() == 1 {
                a.retro.remoteness(w)
            } else {
                None
            };
            lines.push(format!(
                "token {} {} -> {}: {verdict}{}",
                i + 1,
                g.name(tokens[i]),
                g.name(w),
                rem.map(|r| format!(" (remoteness after it {r})"))
                    .unwrap_or_default()
            ));
            js.push(
                json!({"token": i + 1, "from": g.name(tokens[i]), "to": g.name(w),
                "result": o.as_str(), "remoteness": rem}),
            );
        }
        if lines.is_empty() {
            lines.push("no moves: the player to move loses".to_string());
        }
        Ok(Report::new(
            lines.join("\n"),
            json!({"game": "graph", "moves": js}),
        ))
    }

    fn table(&self, options: &TableOptions) -> Result<Report> {
        let a = Analysis::new(&graph_text(&options.args)?)?;
        let g = &a.graph;
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
    use crate::catalogue::lookup;

    fn solve(graph: &str, tokens: &[&str]) -> Result<Report> {
        let opts = SolveOptions {
            tokens: tokens.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        };
        lookup("graph")?.solve(&[graph.to_string()], &opts)
    }

    #[test]
    fn acyclic_sum_by_xor_with_winning_moves() {
        // g(c)=0, g(b)=1, g(a)=2 (a>b>c, a>c); d>e: g(d)=1.
        let r = solve("a>b>c a>c d>e", &["a", "d"]).unwrap();
        assert_eq!(r.json["acyclic"], true);
        assert_eq!(r.json["value"], 3);
        assert_eq!(r.json["outcome"], "first");
        // 2 xor 1 = 3: move a to b (1 xor 1 = 0).
        assert_eq!(
            r.json["winning_moves"],
            json!([{"token": 1, "from": "a", "to": "b"}])
        );
        let r = solve("a>b>c a>c d>e", &["b", "d"]).unwrap();
        assert_eq!(r.json["outcome"], "second");
        assert_eq!(r.json["winning_moves"], json!([]));
    }

    #[test]
    fn cyclic_single_token_gives_remoteness() {
        // a <-> b, b > c > d: d loses (0), c wins (1), b wins (moves to... b>c wins? no)
        let r = solve("a-b b>c c>d", &["b"]).unwrap();
        // b's successors: a (draw?), c (win). a's successor: b. b: no losing successor,
        // not all successors win (a undecided) -> draw.
        assert_eq!(r.json["outcome"], "draw");
        let r = solve("a-b b>c c>d", &["c"]).unwrap();
        assert_eq!(r.json["outcome"], "first");
        assert_eq!(r.json["remoteness"], 1);
        let r = solve("a>b b>a b>c", &["a"]).unwrap();
        // b wins by moving to c; a must move to b: a loses with remoteness 2.
        assert_eq!(r.json["outcome"], "second");
        assert_eq!(r.json["remoteness"], 2);
        assert!(r.text.contains("winning moves: none"));
    }

    #[test]
    fn cyclic_sums_use_gamma() {
        // x has a loop and an exit to the terminal t: γ(x) = ∞(0). y > t: γ(y) = 1.
        let r = solve("x>x x>t y>t", &["x", "y"]).unwrap();
        assert_eq!(r.json["outcome"], "draw");
        let r = solve("x>x x>t y>t", &["x", "t"]).unwrap();
        assert_eq!(r.json["outcome"], "first");
        assert_eq!(
            r.json["winning_moves"],
            json!([{"token": 1, "from": "x", "to": "t"}])
        );
        assert_eq!(
            r.json["tokens"][0]["value"],
            json!({"infinite": true, "k": [0]})
        );
        let r = solve("x>x x>t y>t z>z", &["x", "z"]).unwrap();
        assert_eq!(r.json["outcome"], "draw");
    }

    #[test]
    fn every_winning_move_reaches_a_lost_position_on_random_graphs() {
        use crate::retrograde::tests::{next, random_graph};
        let mut seed = 0xABCD_EF01_2345_6789u64;
        for t in 0..200 {
            let n = 1 + t % 7;
            let m = (next(&mut seed) % (2 * n as u64 + 2)) as usize;
            let csr = random_graph(&mut seed, n, m);
            let mut g = Graph::new();
            for v in 0..n {
                g.vertex_or_insert(&v.to_string());
            }
            for v in 0..n as u32 {
                for &w in csr.successors(v) {
                    g.add_edge(v, w, true);
                }
            }
            let a = Analysis::from_graph(g);
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
    }

    #[test]
    fn table_lists_every_vertex() {
        let t = lookup("graph")
            .unwrap()
            .table(&TableOptions {
                args: vec!["a>b b>a b>c".into()],
                ..Default::default()
            })
            .unwrap();
        assert_eq!(
            t.text,
            "vertex\tgamma\toutcome\tremoteness\na\t0\tP\t2\nb\t1\tN\t1\nc\t0\tP\t0"
        );
    }

    #[test]
    fn million_vertex_path_from_text() {
        use std::fmt::Write;
        let mut text = String::with_capacity(14_000_000);
        for v in 0..1_000_000u32 - 1 {
            writeln!(text, "{v}>{}", v + 1).unwrap();
        }
        let r = solve(&text, &["0"]).unwrap();
        assert_eq!(r.json["outcome"], "first");
        assert_eq!(r.json["remoteness"], 999_999);
        assert_eq!(r.json["value"], 1);
    }
}
