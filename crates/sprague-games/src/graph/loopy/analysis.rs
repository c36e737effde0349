//! The analysis of tokens on a directed graph, free of the catalogue: Grundy values from the
//! sinks up on an acyclic graph, γ by retrograde labelling on a graph with cycles, the
//! outcome and moves of any set of tokens, the generalized nim-sum of two γ values, and
//! misère play of one token. The `graph` game (`game`) writes its verdicts from these.

use crate::error::{Error, Result};
use crate::graph::format::Graph;
use crate::limits::Limits;
use crate::retrograde::gsg::{self, Gamma};
use crate::retrograde::{self, Retro};
use crate::value::Outcome;
use sprague_core::retrograde::Csr;

/// Everything known about a graph: values of every vertex and the single-token analysis.
#[derive(Debug, Clone)]
pub struct GraphAnalysis {
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

impl GraphAnalysis {
    /// Parses and analyses a graph given as text.
    pub fn new(text: &str) -> Result<GraphAnalysis> {
        Self::new_with(text, &Limits::default())
    }

    /// [`GraphAnalysis::new`] that honours the deadline, the cancellation flag and the progress
    /// callback of `limits` (the analyses take memory proportional to the graph given, so
    /// the position limit is not read).
    pub fn new_with(text: &str, limits: &Limits) -> Result<GraphAnalysis> {
        let graph = Graph::parse(text)?;
        if graph.vertex_count() == 0 {
            return Err(Error::parse(
                "the graph is empty: give edges like `1>2 2>3` or `a-b` (or @FILE)",
            ));
        }
        if graph.vertex_count() >= u32::MAX as usize - 2 {
            return Err(Error::parse("the graph has too many vertices"));
        }
        Self::from_graph_with(graph, limits)
    }

    /// Analyses a parsed graph.
    pub fn from_graph(graph: Graph) -> GraphAnalysis {
        let arcs = graph.arcs();
        let reverse = arcs.transpose();
        let retro = retrograde::solve_csr(&arcs, Some(&reverse));
        let (acyclic, values) = match grundy_acyclic(&arcs, &reverse, &Limits::default()) {
            Ok(Some(g)) => (true, Values::Grundy(g)),
            _ => (false, Values::Gsg(gsg::labels(&arcs, &reverse))),
        };
        GraphAnalysis {
            graph,
            arcs,
            acyclic,
            values,
            retro,
        }
    }

    /// [`GraphAnalysis::from_graph`] that honours the deadline, the cancellation flag and the
    /// progress callback of `limits`.
    pub fn from_graph_with(graph: Graph, limits: &Limits) -> Result<GraphAnalysis> {
        let arcs = graph.arcs();
        let reverse = arcs.transpose();
        let retro = retrograde::solve_csr_with(&arcs, Some(&reverse), limits)?;
        let (acyclic, values) = match grundy_acyclic(&arcs, &reverse, limits)? {
            Some(g) => (true, Values::Grundy(g)),
            None => (
                false,
                Values::Gsg(gsg::labels_with(&arcs, &reverse, limits)?),
            ),
        };
        Ok(GraphAnalysis {
            graph,
            arcs,
            acyclic,
            values,
            retro,
        })
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
/// the sinks: a vertex is valued once all its successors are. `limits` is watched every
/// few thousand vertices.
fn grundy_acyclic(arcs: &Csr, reverse: &Csr, limits: &Limits) -> Result<Option<Vec<u32>>> {
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
        limits.check_every(head as u64, "vertices valued")?;
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
    Ok((queue.len() == n).then_some(value))
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
pub fn pair_outcome(a: &Gamma, b: &Gamma) -> Outcome {
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

impl GraphAnalysis {
    /// Win, loss or draw and remoteness of one token on every vertex under misère play (the
    /// player who cannot move wins). This is normal play on the graph with one new sink and
    /// an arc to it from every vertex without moves: there the player to move still has
    /// one move, to the sink, which leaves the opponent stuck; every play gets that one
    /// move longer, so the misère remoteness is one less (and 0 at the old sinks).
    pub fn misere_retro(&self) -> (Retro, u32) {
        let (csr, n) = self.misere_graph();
        (retrograde::solve_csr(&csr, None), n)
    }

    /// [`GraphAnalysis::misere_retro`] that honours the deadline, the cancellation flag and the
    /// progress callback of `limits`.
    pub fn misere_retro_with(&self, limits: &Limits) -> Result<(Retro, u32)> {
        let (csr, n) = self.misere_graph();
        Ok((retrograde::solve_csr_with(&csr, None, limits)?, n))
    }

    /// The graph with a new sink (numbered `n`, returned) and an arc to it from every
    /// vertex without moves.
    fn misere_graph(&self) -> (Csr, u32) {
        let n = self.arcs.len() as u32;
        let arcs = (0..n)
            .flat_map(|v| {
                let succ = self.arcs.successors(v);
                let sink = succ.is_empty().then_some((v, n));
                succ.iter().map(move |&w| (v, w)).chain(sink)
            })
            .collect::<Vec<_>>();
        let csr = Csr::from_arcs(n as usize + 1, arcs.iter().copied());
        (csr, n)
    }
}

/// The misère remoteness of `v` from [`GraphAnalysis::misere_retro`]: one less than on the
/// graph with the extra sink (every vertex of the graph has a move there).
pub fn misere_remoteness(r: &Retro, v: u32) -> Option<u32> {
    r.remoteness(v).map(|x| x.saturating_sub(1))
}
