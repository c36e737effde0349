//! Undirected vertex geography (GAMES.md B6): a token on a start vertex; a move takes it to
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

use super::format::Csr;
use super::undirected::{option_vertex, parse_undirected};
use crate::catalogue::{Entry, Game, Report, SolveOptions};
use crate::error::{Error, Result};
use crate::value::Outcome;
use serde_json::json;

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

fn check_options(options: &SolveOptions) -> Result<()> {
    if options.misere || options.every {
        return Err(Error::unsupported(
            "geography is solved in normal play only (no --misere, no --every)",
        ));
    }
    Ok(())
}

fn parse(words: &[String], options: &SolveOptions) -> Result<(super::Graph, Geography, u32)> {
    let g = parse_undirected("geography", words)?;
    let start = options
        .start
        .as_deref()
        .ok_or_else(|| Error::invalid("geography needs a start vertex: add `--start V`"))?;
    let s = option_vertex(&g, "start", start)?;
    let edges: Vec<(u32, u32)> = g.edges().iter().map(|e| (e.from, e.to)).collect();
    let geo = Geography::new(g.vertex_count(), &edges);
    Ok((g, geo, s))
}

impl Game for GeographyGame {
    fn spec(&self) -> String {
        "geography".into()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        check_options(options)?;
        let (g, geo, s) = parse(words, options)?;
        let a = geo.analyse(s);
        let outcome = Outcome::from_grundy_is_zero(!a.first_wins);
        let moves: Vec<String> = a.winning.iter().map(|&w| g.name(w).to_string()).collect();
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
        let mut text = format!(
            "game: geography (undirected vertex geography)\nstart: {}\nvertices: {}\nplay: normal\noutcome: {} ({}-position)\n",
            g.name(s),
            geo.len(),
            outcome,
            outcome.letter()
        );
        if moves.is_empty() {
            text.push_str("winning moves: none\n");
        } else {
            text.push_str("winning moves (move the token to):\n");
            for m in &moves {
                text.push_str(&format!("  {m}\n"));
            }
            if !a.complete {
                text.push_str("note: only the move along the matching edge is listed (the graph is too large to test every neighbour)\n");
            }
        }
        text.push_str(&format!("method: {method}"));
        let json = json!({
            "game": "geography",
            "start": g.name(s),
            "play": "normal",
            "outcome": outcome.as_str(),
            "matching": a.matching,
            "bipartite": a.bipartite,
            "winning_moves": moves,
            "winning_moves_complete": a.complete,
            "method": method,
        });
        Ok(Report::new(text, json))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        check_options(options)?;
        let (g, geo, s) = parse(words, options)?;
        let a = geo.analyse(s);
        if !a.complete {
            return Err(Error::Limit {
                what: "testing every move of geography".into(),
                limit: MAX_MOVE_WORK,
            });
        }
        let mut text = String::from("move -> outcome for the player who moved\n");
        let mut list = Vec::new();
        for &w in geo.neighbours(s) {
            let wins = a.winning.contains(&w);
            text.push_str(&format!(
                "  {} -> {}\n",
                g.name(w),
                if wins { "wins" } else { "loses" }
            ));
            list.push(json!({"move": g.name(w), "winning": wins}));
        }
        if list.is_empty() {
            text.push_str("  (no move: the player to move loses)\n");
        }
        Ok(Report::new(
            text.trim_end().to_string(),
            json!({"game": "geography", "start": g.name(s), "moves": list}),
        ))
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(Error::bad_params(
            "geography",
            format!(
                "takes no parameters (got `{p}`); give the graph as the position and `--start V`"
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
        usage: "geography GRAPH --start V",
        summary: "Undirected vertex geography: move a token to an unvisited neighbour",
        rules: "A token stands on the start vertex (`--start V`) of an undirected graph; the start counts as visited. A move takes the token along an edge to a vertex not visited before. The player who cannot move loses. Example: `sprague solve geography 1-2 2-3 3-4 --start 1`.",
        theorem: "The player to move wins iff the start vertex is in every maximum matching, i.e. iff the maximum matching of G − s is smaller than that of G; moving along the matching edge at s then wins, and a move to w wins iff w is missed by some maximum matching of G − s. Matchings: Hopcroft–Karp when the graph is bipartite (BFS 2-colouring), Edmonds' blossom algorithm otherwise; all iterative.",
        references: "Fraenkel, Scheinerman, Ullman, Undirected edge geography, Theoretical Computer Science 112 (1993) 371–381; Hopcroft, Karp, SIAM J. Comput. 2 (1973); Edmonds, Paths, trees, and flowers, Canad. J. Math. 17 (1965).",
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let r = game.solve(&w("1-2 2-3 3-4"), &opts).unwrap();
        assert!(
            r.text.contains("first player wins") && r.text.contains("  2"),
            "{}",
            r.text
        );
    }
}
