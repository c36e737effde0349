//! Undirected vertex geography (docs/theory.md#geography): a token on a start vertex; a move takes it to
//! an adjacent vertex not visited before; the player who cannot move loses.
//!
//! Theorem (Fraenkel, Scheinerman & Ullman, "Undirected edge geography", TCS 112 (1993),
//! which also settles the vertex version): the player to move wins iff the start vertex is in
//! every maximum matching, i.e. iff the maximum matching of G − s is smaller than that of G;
//! then moving along the edge of a maximum matching at s wins.
//!
//! A maximum matching is found by Hopcroft–Karp when the graph is bipartite (BFS 2-colouring)
//! and by Edmonds' blossom algorithm otherwise; both are written here, iteratively. The
//! decision then needs one more augmenting-path search (from the mate of s in G − s), and each
//! further winning move one search in G − s − w.

use super::format::{Csr, PositionWords};
use super::undirected::{option_vertex, parse_undirected};
use crate::catalogue::{
    Component, Entry, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, Verdict,
};
use crate::error::{Error, Result};
use crate::value::Outcome;

const NONE: u32 = u32::MAX;

/// A simple undirected graph for geography (loops dropped: they never give a move;
/// parallel edges merged).
#[derive(Debug, Clone)]
pub struct Geography {
    adj: Csr,
}

/// The answer for one start vertex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeographyAnalysis {
    /// True when the player to move wins.
    pub first_wins: bool,
    /// Size of a maximum matching of the whole graph.
    pub matching: usize,
    /// Whether the graph is bipartite (Hopcroft–Karp was used) or not (Edmonds).
    pub bipartite: bool,
    /// Winning moves (neighbours of the start), sorted; the matching move first when not all
    /// were tested.
    pub winning: Vec<u32>,
    /// False when only the matching move was listed (testing every neighbour was too costly).
    pub complete: bool,
}

/// The most work (neighbours × graph size) spent on listing every winning move.
pub const MAX_MOVE_WORK: u64 = 200_000_000;

impl Geography {
    /// The graph with vertices `0..n` and undirected `edges`.
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Geography {
        let arcs = edges
            .iter()
            .filter(|(u, v)| u != v)
            .flat_map(|&(u, v)| [(u, v), (v, u)]);
        let mut adj = Csr::from_arcs(n, arcs);
        // Sort and merge parallel edges.
        let mut targets = Vec::with_capacity(adj.targets.len());
        let mut offsets = vec![0u32; n + 1];
        for v in 0..n {
            let mut list = adj.successors(v as u32).to_vec();
            list.sort_unstable();
            list.dedup();
            targets.extend_from_slice(&list);
            offsets[v + 1] = targets.len() as u32;
        }
        adj.targets = targets;
        adj.offsets = offsets;
        Geography { adj }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// True when there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    /// The neighbours of `v`.
    pub fn neighbours(&self, v: u32) -> &[u32] {
        self.adj.successors(v)
    }

    /// The 2-colouring of the graph when it is bipartite (BFS).
    pub fn two_colouring(&self) -> Option<Vec<u8>> {
        let n = self.len();
        let mut colour = vec![2u8; n];
        let mut queue = Vec::new();
        for s in 0..n {
            if colour[s] != 2 {
                continue;
            }
            colour[s] = 0;
            queue.clear();
            queue.push(s as u32);
            let mut head = 0;
            while head < queue.len() {
                let v = queue[head];
                head += 1;
                for &w in self.neighbours(v) {
                    if colour[w as usize] == 2 {
                        colour[w as usize] = 1 - colour[v as usize];
                        queue.push(w);
                    } else if colour[w as usize] == colour[v as usize] {
                        return None;
                    }
                }
            }
        }
        Some(colour)
    }

    /// A maximum matching (`mate[v]`, `u32::MAX` when unmatched) and whether the graph was
    /// bipartite (Hopcroft–Karp) or not (Edmonds' blossom algorithm).
    pub fn maximum_matching(&self) -> (Vec<u32>, bool) {
        match self.two_colouring() {
            Some(colour) => (hopcroft_karp(&self.adj, &colour), true),
            None => {
                let mut b = Blossom::new(&self.adj);
                b.greedy();
                for v in 0..self.len() as u32 {
                    if b.mate[v as usize] == NONE {
                        if let Some(end) = b.find_path(v) {
                            b.augment(end);
                        }
                    }
                }
                (b.mate, false)
            }
        }
    }

    /// Decides the game from `start` and lists winning moves.
    pub fn analyse(&self, start: u32) -> GeographyAnalysis {
        let (mate, bipartite) = self.maximum_matching();
        let matching = mate.iter().filter(|&&m| m != NONE).count() / 2;
        let mut result = GeographyAnalysis {
            first_wins: false,
            matching,
            bipartite,
            winning: Vec::new(),
            complete: true,
        };
        let s = start as usize;
        let ms = mate[s];
        if ms == NONE {
            return result; // s is missed by a maximum matching: the mover loses
        }
        let mut b = Blossom::new(&self.adj);
        b.mate = mate;
        b.mate[s] = NONE;
        b.mate[ms as usize] = NONE;
        b.removed[s] = true;
        if b.find_path(ms).is_some() {
            return result; // G − s has a matching as large as G's
        }
        result.first_wins = true;
        // A move to w wins iff w is missed by some maximum matching of G − s; the matching
        // without (s, ms) is maximum there.
        let work =
            self.neighbours(start).len() as u64 * (self.len() + self.adj.targets.len()) as u64;
        if work > MAX_MOVE_WORK {
            result.winning = vec![ms];
            result.complete = false;
            return result;
        }
        for &w in self.neighbours(start) {
            let x = b.mate[w as usize];
            if x == NONE {
                result.winning.push(w);
                continue;
            }
            b.mate[w as usize] = NONE;
            b.mate[x as usize] = NONE;
            b.removed[w as usize] = true;
            if b.find_path(x).is_some() {
                result.winning.push(w);
            }
            b.removed[w as usize] = false;
            b.mate[w as usize] = x;
            b.mate[x as usize] = w;
        }
        result
    }
}

/// Hopcroft–Karp on a bipartite graph (`colour[v]` 0 = left, 1 = right), iterative.
fn hopcroft_karp(adj: &Csr, colour: &[u8]) -> Vec<u32> {
    let n = adj.len();
    let mut mate = vec![NONE; n];
    // Greedy start.
    for v in 0..n {
        if colour[v] == 0 && mate[v] == NONE {
            if let Some(&w) = adj
                .successors(v as u32)
                .iter()
                .find(|&&w| mate[w as usize] == NONE)
            {
                mate[v] = w;
                mate[w as usize] = v as u32;
            }
        }
    }
    let left: Vec<u32> = (0..n as u32).filter(|&v| colour[v as usize] == 0).collect();
    let mut dist = vec![u32::MAX; n];
    let mut it = vec![0u32; n];
    let mut queue = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    loop {
        // BFS layers from the free left vertices.
        queue.clear();
        for &u in &left {
            if mate[u as usize] == NONE {
                dist[u as usize] = 0;
                queue.push(u);
            } else {
                dist[u as usize] = u32::MAX;
            }
        }
        let mut found = false;
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            for &v in adj.successors(u) {
                let w = mate[v as usize];
                if w == NONE {
                    found = true;
                } else if dist[w as usize] == u32::MAX {
                    dist[w as usize] = dist[u as usize] + 1;
                    queue.push(w);
                }
            }
        }
        if !found {
            return mate;
        }
        for &u in &left {
            it[u as usize] = 0;
        }
        // Layered DFS (explicit stack) for a maximal set of disjoint shortest augmenting paths.
        for &root in &left {
            if mate[root as usize] != NONE {
                continue;
            }
            stack.clear();
            stack.push(root);
            while let Some(&x) = stack.last() {
                let list = adj.successors(x);
                let i = it[x as usize] as usize;
                if i < list.len() {
                    it[x as usize] += 1;
                    let v = list[i];
                    let w = mate[v as usize];
                    if w == NONE {
                        for &y in &stack {
                            let vy = adj.successors(y)[it[y as usize] as usize - 1];
                            mate[y as usize] = vy;
                            mate[vy as usize] = y;
                        }
                        break;
                    } else if dist[w as usize] == dist[x as usize] + 1 {
                        stack.push(w);
                    }
                } else {
                    dist[x as usize] = u32::MAX;
                    stack.pop();
                }
            }
        }
    }
}

/// Edmonds' blossom algorithm: single-root augmenting-path searches (BFS with blossom
/// contraction by bases), resetting only what a search touched.
struct Blossom<'a> {
    adj: &'a Csr,
    mate: Vec<u32>,
    removed: Vec<bool>,
    /// The vertex before each labelled vertex on its alternating path to the root.
    parent: Vec<u32>,
    /// Union–find over blossoms: the representative is the blossom's base.
    dsu: Vec<u32>,
    /// 0 unlabelled, 1 even (outer), 2 odd (inner).
    label: Vec<u8>,
    mark: Vec<u32>,
    stamp: u32,
    touched: Vec<u32>,
    queue: Vec<u32>,
}

const EVEN: u8 = 1;
const ODD: u8 = 2;

impl<'a> Blossom<'a> {
    fn new(adj: &'a Csr) -> Self {
        let n = adj.len();
        Blossom {
            adj,
            mate: vec![NONE; n],
            removed: vec![false; n],
            parent: vec![NONE; n],
            dsu: (0..n as u32).collect(),
            label: vec![0; n],
            mark: vec![0; n],
            stamp: 0,
            touched: Vec::new(),
            queue: Vec::new(),
        }
    }

    fn greedy(&mut self) {
        for v in 0..self.adj.len() {
            if self.mate[v] == NONE {
                if let Some(&w) = self
                    .adj
                    .successors(v as u32)
                    .iter()
                    .find(|&&w| self.mate[w as usize] == NONE)
                {
                    self.mate[v] = w;
                    self.mate[w as usize] = v as u32;
                }
            }
        }
    }

    fn find(&mut self, mut x: u32) -> u32 {
        let mut r = x;
        while self.dsu[r as usize] != r {
            r = self.dsu[r as usize];
        }
        while self.dsu[x as usize] != r {
            let next = self.dsu[x as usize];
            self.dsu[x as usize] = r;
            x = next;
        }
        r
    }

    fn reset(&mut self) {
        while let Some(v) = self.touched.pop() {
            let v = v as usize;
            self.parent[v] = NONE;
            self.dsu[v] = v as u32;
            self.label[v] = 0;
        }
    }

    /// The base of the smallest blossom-tree vertex above both `a` and `b` (bases), found by
    /// walking up from both alternately, so the cost is that of the new blossom's cycle.
    fn lca(&mut self, a: u32, b: u32) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        let (mut x, mut y) = (a, b);
        loop {
            if x != NONE {
                if self.mark[x as usize] == self.stamp {
                    return x;
                }
                self.mark[x as usize] = self.stamp;
                let m = self.mate[x as usize];
                x = if m == NONE {
                    NONE
                } else {
                    let p = self.parent[m as usize];
                    self.find(p)
                };
            }
            std::mem::swap(&mut x, &mut y);
        }
    }

    /// Contracts the path from `x` up to the base `base` into the blossom of `base`; `y` is
    /// the vertex across the edge that closed the cycle.
    fn contract(&mut self, mut x: u32, mut y: u32, base: u32) {
        while self.find(x) != base {
            self.parent[x as usize] = y;
            y = self.mate[x as usize];
            if self.label[y as usize] == ODD {
                self.label[y as usize] = EVEN;
                self.queue.push(y);
            }
            let rx = self.find(x);
            if rx != base {
                self.dsu[rx as usize] = base;
            }
            let ry = self.find(y);
            if ry != base {
                self.dsu[ry as usize] = base;
            }
            x = self.parent[y as usize];
        }
    }

    /// Searches an augmenting path from the free vertex `root`, avoiding removed vertices;
    /// returns its free end (the path is read through `parent` and `mate`) without augmenting.
    fn find_path(&mut self, root: u32) -> Option<u32> {
        self.reset();
        self.queue.clear();
        self.label[root as usize] = EVEN;
        self.touched.push(root);
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            let adj = self.adj;
            for &to in adj.successors(v) {
                if self.removed[to as usize] || self.label[to as usize] == ODD {
                    continue;
                }
                if self.label[to as usize] == 0 {
                    self.label[to as usize] = ODD;
                    self.parent[to as usize] = v;
                    self.touched.push(to);
                    let m = self.mate[to as usize];
                    if m == NONE {
                        return Some(to);
                    }
                    self.label[m as usize] = EVEN;
                    self.touched.push(m);
                    self.queue.push(m);
                } else {
                    let (bv, bt) = (self.find(v), self.find(to));
                    if bv != bt {
                        let base = self.lca(bv, bt);
                        self.contract(v, to, base);
                        self.contract(to, v, base);
                    }
                }
            }
        }
        None
    }

    fn augment(&mut self, mut v: u32) {
        while v != NONE {
            let pv = self.parent[v as usize];
            let ppv = self.mate[pv as usize];
            self.mate[v as usize] = pv;
            self.mate[pv as usize] = v;
            v = ppv;
        }
    }
}

struct GeographyGame;

/// A position: the graph as written, the game's graph, and the start vertex.
struct Position {
    graph: super::Graph,
    geo: Geography,
    start: u32,
}

fn parse(words: &[String], options: &SolveOptions) -> Result<Position> {
    if options.misere || options.every {
        return Err(Error::unsupported(
            "geography is solved in normal play only (no --misere, no --every)",
        ));
    }
    super::refuse_flags("geography", options, &["start"])?;
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
        let shown = super::listed(chosen.len(), len);
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
            v.incomplete(super::cut_short(chosen.len(), what, shown, len));
        }
        if !a.complete {
            v.incomplete("only the move along the matching edge is listed (the graph is too large to test every neighbour)");
        }
        v
    }
}

impl Game for GeographyGame {
    fn spec(&self) -> String {
        "geography".into()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let p = parse(words, options)?;
        let a = p.geo.analyse(p.start);
        Ok(p.verdict(&a, Listing::Winning))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let p = parse(words, options)?;
        let a = p.geo.analyse(p.start);
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
        super::check_legal_list(targets.len() as u128, p.write(None, p.start).len())?;
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
        theorem: "The player to move wins iff the start vertex is in every maximum matching, i.e. iff the maximum matching of G − s is smaller than that of G; moving along the matching edge at s then wins, and a move to w wins iff w is missed by some maximum matching of G − s. Matchings: Hopcroft–Karp when the graph is bipartite (BFS 2-colouring), Edmonds' blossom algorithm otherwise; all iterative.",
        references: "Fraenkel, Scheinerman, Ullman, Undirected edge geography, Theoretical Computer Science 112 (1993) 371–381; Hopcroft, Karp, SIAM J. Comput. 2 (1973); Edmonds, Paths, trees, and flowers, Canad. J. Math. 17 (1965).",
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::checks::verdicts_agree;
    use crate::impartial::{GrundySolver, Impartial};

    struct Brute<'a>(&'a Geography);

    impl Impartial for Brute<'_> {
        type Position = (u32, u32); // (token, visited mask)
        fn options(&self, &(v, seen): &(u32, u32), out: &mut Vec<(u32, u32)>) {
            for &w in self.0.neighbours(v) {
                if seen >> w & 1 == 0 {
                    out.push((w, seen | 1 << w));
                }
            }
        }
    }

    fn rng(seed: &mut u64, k: u64) -> u32 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        (*seed % k) as u32
    }

    fn check(n: usize, edges: &[(u32, u32)]) {
        let geo = Geography::new(n, edges);
        let brute = Brute(&geo);
        let mut solver = GrundySolver::new(&brute);
        for s in 0..n as u32 {
            let a = geo.analyse(s);
            let start = (s, 1u32 << s);
            let wins = solver.outcome(&start).unwrap() == Outcome::First;
            assert_eq!(a.first_wins, wins, "{edges:?} start {s}");
            let mut want: Vec<u32> = solver
                .winning_moves(&start)
                .unwrap()
                .iter()
                .map(|p| p.0)
                .collect();
            want.sort_unstable();
            let mut got = a.winning.clone();
            got.sort_unstable();
            assert_eq!(got, want, "{edges:?} start {s}");
        }
    }

    #[test]
    fn matching_rule_agrees_with_exhaustive_search() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..600 {
            let n = 1 + rng(&mut seed, 10) as usize;
            let m = rng(&mut seed, 2 * n as u64 + 2) as usize;
            let bipartite = round % 2 == 0;
            let mut edges = Vec::new();
            for _ in 0..m {
                let u = rng(&mut seed, n as u64);
                let v = rng(&mut seed, n as u64);
                if bipartite && u % 2 == v % 2 {
                    continue;
                }
                edges.push((u, v));
            }
            let geo = Geography::new(n, &edges);
            if bipartite {
                assert!(geo.two_colouring().is_some());
            }
            check(n, &edges);
        }
        // Blossoms: odd cycles with tails.
        check(5, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]);
        check(
            7,
            &[
                (0, 1),
                (1, 2),
                (2, 3),
                (3, 4),
                (4, 0),
                (0, 5),
                (5, 6),
                (2, 6),
            ],
        );
    }

    #[test]
    fn matching_sizes_agree_between_algorithms() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for _ in 0..300 {
            let n = 2 + rng(&mut seed, 40) as usize;
            let edges: Vec<(u32, u32)> = (0..n * 2)
                .map(|_| (rng(&mut seed, n as u64), rng(&mut seed, n as u64)))
                .filter(|(u, v)| u % 2 != v % 2)
                .collect();
            let geo = Geography::new(n, &edges);
            let colour = geo.two_colouring().unwrap();
            let hk = hopcroft_karp(&geo.adj, &colour);
            let mut b = Blossom::new(&geo.adj);
            for v in 0..n as u32 {
                if b.mate[v as usize] == NONE {
                    if let Some(e) = b.find_path(v) {
                        b.augment(e);
                    }
                }
            }
            let size = |m: &[u32]| m.iter().filter(|&&x| x != NONE).count();
            assert_eq!(size(&hk), size(&b.mate));
            for v in 0..n {
                if hk[v] != NONE {
                    assert_eq!(hk[hk[v] as usize], v as u32);
                    assert!(geo.neighbours(v as u32).contains(&hk[v]));
                }
            }
        }
    }

    #[test]
    fn blossom_matching_is_maximum_on_small_general_graphs() {
        let mut seed = 0x0000_ddb1_a5e5_u64;
        for _ in 0..400 {
            let n = 2 + rng(&mut seed, 11) as usize;
            let m = rng(&mut seed, 3 * n as u64);
            let edges: Vec<(u32, u32)> = (0..m)
                .map(|_| (rng(&mut seed, n as u64), rng(&mut seed, n as u64)))
                .collect();
            let geo = Geography::new(n, &edges);
            // Exact maximum matching by a DP over vertex subsets.
            let mut best = vec![0u32; 1 << n];
            for mask in 1usize..1 << n {
                let v = mask.trailing_zeros();
                let rest = mask & !(1 << v);
                let mut b = best[rest];
                for &w in geo.neighbours(v) {
                    if rest >> w & 1 == 1 {
                        b = b.max(1 + best[rest & !(1 << w)]);
                    }
                }
                best[mask] = b;
            }
            let mut b = Blossom::new(&geo.adj);
            b.greedy();
            for v in 0..n as u32 {
                if b.mate[v as usize] == NONE {
                    if let Some(e) = b.find_path(v) {
                        b.augment(e);
                    }
                }
            }
            let size = b.mate.iter().filter(|&&x| x != NONE).count() as u32 / 2;
            assert_eq!(size, best[(1 << n) - 1], "{edges:?}");
            for v in 0..n {
                if b.mate[v] != NONE {
                    assert_eq!(b.mate[b.mate[v] as usize], v as u32);
                    assert!(geo.neighbours(v as u32).contains(&b.mate[v]));
                }
            }
        }
    }

    #[test]
    fn million_vertex_paths() {
        let n = 1_000_000u32;
        let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let geo = Geography::new(n as usize, &edges);
        let a = geo.analyse(0);
        assert!(a.bipartite && a.first_wins && a.winning == vec![1]);
        // Odd length: the start is missed by a maximum matching.
        let geo = Geography::new(n as usize - 1, &edges[..n as usize - 2]);
        assert!(!geo.analyse(0).first_wins);
        // Non-bipartite: a triangle at the far end of a long path forces Edmonds.
        let mut edges = edges;
        edges.push((n - 1, n - 3));
        let geo = Geography::new(n as usize, &edges);
        let a = geo.analyse(0);
        assert!(!a.bipartite && a.first_wins, "{a:?}");
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
        assert_eq!(v.outcome, crate::catalogue::Winner::First);
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
                    misere: true,
                    ..opts.clone()
                },
                "--misere",
            ),
            (
                SolveOptions {
                    every: true,
                    ..opts.clone()
                },
                "--every",
            ),
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
            verdicts_agree("geography", &words, &normal);
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
            verdicts_agree("geography", &[&text], &normal);
        }
    }
}
