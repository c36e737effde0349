//! Green Hackenbush (docs/theory.md#green-hackenbush): an undirected graph attached to a ground vertex; a move
//! cuts one edge, and whatever is no longer connected to the ground disappears.
//!
//! Theory (Berlekamp, Conway & Guy, *Winning Ways*, ch. 7; Conway, *On Numbers and Games*):
//! - colon principle: a rooted tree is worth `g(v) = XOR over children c of (g(c) + 1)`;
//! - fusion principle: the vertices of a cycle may be fused into one vertex without changing
//!   the value, the cycle's edges becoming loops, and a loop is worth `*1`.
//!
//! So the value is computed by finding the bridges (iterative Tarjan lowlink), fusing each
//! 2-edge-connected component into one vertex that carries its edges as loops (worth the
//! parity of their number), and applying the colon principle on the tree of components.
//! Everything is iterative: a million-vertex path is fine.
//!
//! Winning moves: a top-down pass gives, for every component, the value its subtree must take
//! for the whole to be worth 0; a bridge is a winning cut when removing its subtree achieves
//! that, and a cycle edge is tested by re-fusing its component without it (the component's
//! children are replaced by stalks of their values, as the colon principle allows).

use super::format::{Graph, PositionWords};
use super::undirected::{option_vertex, parse_undirected, Adjacency};
use crate::catalogue::{
    Component, Entry, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, ValueKind,
    Verdict,
};
use crate::error::{Error, Result};
use crate::value::Outcome;
use rustc_hash::FxHashMap;

const NONE: u32 = u32::MAX;

/// The fused structure of a graph seen from its ground (root) vertex.
#[derive(Debug, Clone, Default)]
pub struct Fusion {
    /// The component (2-edge-connected) of each vertex; `NONE` when not connected to the root.
    pub comp: Vec<u32>,
    /// Whether each edge is a bridge (false for edges not connected to the root).
    pub is_bridge: Vec<bool>,
    /// Whether each edge is connected to the root.
    pub reached_edge: Vec<bool>,
    /// Parent component of each component (`NONE` for the root's); component ids are
    /// topologically ordered: a parent has a smaller id than its children.
    pub parent: Vec<u32>,
    /// The bridge joining each component to its parent (`NONE` for the root's).
    pub parent_edge: Vec<u32>,
    /// The vertex by which each component hangs from its parent (the root for component 0).
    pub head: Vec<u32>,
    /// The value of each component with everything hanging from it.
    pub value: Vec<u64>,
}

impl Fusion {
    /// Fuses the graph with vertices `0..n` and `edges` (loops and parallel edges allowed),
    /// rooted at `root`. `weight[v]` (may be empty) is a nim-value hanging at `v`, as a stalk.
    pub fn new(n: usize, edges: &[(u32, u32)], weight: &[u64], root: u32) -> Fusion {
        let adj = Adjacency::new(n, edges);
        Self::with_adjacency(n, edges, &adj, weight, root, NONE)
    }

    /// As [`Fusion::new`] with the adjacency already built, ignoring edge `skip` (an edge id,
    /// or `u32::MAX` for none): the graph after that edge is cut.
    fn with_adjacency(
        n: usize,
        edges: &[(u32, u32)],
        adj: &Adjacency,
        weight: &[u64],
        root: u32,
        skip: u32,
    ) -> Fusion {
        let m = edges.len();
        // Iterative lowlink DFS for bridges.
        let mut disc = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut preorder = Vec::new();
        let mut is_bridge = vec![false; m];
        let mut tree_parent_edge = vec![NONE; n];
        let mut stack: Vec<(u32, u32, u32)> = vec![(root, NONE, 0)];
        disc[root as usize] = 0;
        low[root as usize] = 0;
        preorder.push(root);
        let mut timer = 1u32;
        while let Some(top) = stack.last_mut() {
            let (v, pe, i) = *top;
            let list = adj.of(v);
            if (i as usize) < list.len() {
                top.2 += 1;
                let (w, id) = list[i as usize];
                if id == pe || id == skip {
                    continue;
                }
                if disc[w as usize] == NONE {
                    disc[w as usize] = timer;
                    low[w as usize] = timer;
                    timer += 1;
                    preorder.push(w);
                    tree_parent_edge[w as usize] = id;
                    stack.push((w, id, 0));
                } else {
                    low[v as usize] = low[v as usize].min(disc[w as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p as usize] = low[p as usize].min(low[v as usize]);
                    if low[v as usize] > disc[p as usize] {
                        is_bridge[pe as usize] = true;
                    }
                }
            }
        }
        // Components over non-bridge edges, labelled in preorder so that ids are topological.
        let mut comp = vec![NONE; n];
        let mut head = Vec::new();
        let mut queue = Vec::new();
        for &s in &preorder {
            if comp[s as usize] != NONE {
                continue;
            }
            let c = head.len() as u32;
            head.push(s);
            comp[s as usize] = c;
            queue.clear();
            queue.push(s);
            while let Some(v) = queue.pop() {
                for &(w, id) in adj.of(v) {
                    if id != skip && !is_bridge[id as usize] && comp[w as usize] == NONE {
                        comp[w as usize] = c;
                        queue.push(w);
                    }
                }
            }
        }
        let k = head.len();
        let mut value = vec![0u64; k];
        let mut reached_edge = vec![false; m];
        for (id, &(u, _)) in edges.iter().enumerate() {
            if comp[u as usize] != NONE && id as u32 != skip {
                reached_edge[id] = true;
                if !is_bridge[id] {
                    value[comp[u as usize] as usize] ^= 1; // a loop after fusion: *1
                }
            }
        }
        for (v, &w) in weight.iter().enumerate() {
            if comp[v] != NONE {
                value[comp[v] as usize] ^= w;
            }
        }
        let mut parent = vec![NONE; k];
        let mut parent_edge = vec![NONE; k];
        for c in 1..k {
            let h = head[c] as usize;
            let id = tree_parent_edge[h];
            let (u, v) = edges[id as usize];
            let other = if u as usize == h { v } else { u };
            parent[c] = comp[other as usize];
            parent_edge[c] = id;
        }
        for c in (1..k).rev() {
            let add = value[c] + 1;
            value[parent[c] as usize] ^= add;
        }
        Fusion {
            comp,
            is_bridge,
            reached_edge,
            parent,
            parent_edge,
            head,
            value,
        }
    }

    /// The value of the whole graph.
    pub fn root_value(&self) -> u64 {
        self.value[0]
    }

    /// The value of the whole graph when the subtree of component `c` takes the value
    /// `new_value` (`None`: the subtree is cut off).
    pub fn root_after(&self, mut c: usize, mut new_value: Option<u64>) -> u64 {
        while c != 0 {
            let p = self.parent[c] as usize;
            let contribution = new_value.map_or(0, |v| v + 1);
            new_value = Some(self.value[p] ^ (self.value[c] + 1) ^ contribution);
            c = p;
        }
        new_value.unwrap_or(0)
    }

    /// Component `c` as a graph of its own (cycle edges only), its children replaced by
    /// stalks of their values at their attachment vertices, rooted where `c` hangs.
    fn local(
        &self,
        c: usize,
        edges: &[(u32, u32)],
        members: &Members,
        local_id: &mut [u32],
    ) -> Local {
        let verts = &members.vertices[c];
        for (i, &v) in verts.iter().enumerate() {
            local_id[v as usize] = i as u32;
        }
        let mut weight = vec![0u64; verts.len()];
        for &d in &members.children[c] {
            let (u, v) = edges[self.parent_edge[d as usize] as usize];
            let at = if self.comp[u as usize] == c as u32 {
                u
            } else {
                v
            };
            weight[local_id[at as usize] as usize] ^= self.value[d as usize] + 1;
        }
        let local_edges: Vec<(u32, u32)> = members.edges[c]
            .iter()
            .map(|&id| {
                let (u, v) = edges[id as usize];
                (local_id[u as usize], local_id[v as usize])
            })
            .collect();
        let adj = Adjacency::new(verts.len(), &local_edges);
        Local {
            root: local_id[self.head[c] as usize],
            adj,
            weight,
        }
    }
}

/// One component prepared for re-fusion after each of its cycle edges is cut.
struct Local {
    adj: Adjacency,
    weight: Vec<u64>,
    root: u32,
}

impl Local {
    /// The component's subtree value after cutting its `j`-th cycle edge.
    fn after_cut(&self, j: usize, scratch: &mut Scratch) -> u64 {
        quick_value(&self.adj, &self.weight, self.root, j as u32, scratch)
    }
}

/// Reusable buffers for [`quick_value`].
#[derive(Default)]
struct Scratch {
    disc: Vec<u32>,
    low: Vec<u32>,
    sub: Vec<u64>,
    stack: Vec<(u32, u32, u32)>,
}

/// The value of the graph (edge `skip` removed) in one lowlink DFS, without building the
/// components: `sub[v]` is the XOR of the weights, cycle edges (*1 each) and bridged-off
/// subtrees (g + 1) in v's DFS subtree, less the subtrees behind bridges; at a bridge the
/// child's component is complete and enters its parent as `g + 1` (colon principle).
fn quick_value(adj: &Adjacency, weight: &[u64], root: u32, skip: u32, s: &mut Scratch) -> u64 {
    let n = weight.len();
    s.disc.clear();
    s.disc.resize(n, NONE);
    s.low.clear();
    s.low.resize(n, 0);
    s.sub.clear();
    s.sub.extend_from_slice(weight);
    s.stack.clear();
    s.stack.push((root, NONE, 0));
    s.disc[root as usize] = 0;
    let mut timer = 1u32;
    while let Some(top) = s.stack.last_mut() {
        let (v, pe, i) = *top;
        let list = adj.of(v);
        if (i as usize) < list.len() {
            top.2 += 1;
            let (w, id) = list[i as usize];
            if id == pe || id == skip {
                continue;
            }
            let (v, w) = (v as usize, w as usize);
            if s.disc[w] == NONE {
                s.disc[w] = timer;
                s.low[w] = timer;
                timer += 1;
                s.stack.push((w as u32, id, 0));
            } else {
                s.low[v] = s.low[v].min(s.disc[w]);
                if s.disc[w] <= s.disc[v] {
                    s.sub[v] ^= 1; // a back edge or a loop, counted once: a cycle edge
                }
            }
        } else {
            s.stack.pop();
            if let Some(&(p, _, _)) = s.stack.last() {
                let (p, v) = (p as usize, v as usize);
                s.low[p] = s.low[p].min(s.low[v]);
                let add = if s.low[v] > s.disc[p] {
                    s.sub[v] + 1 // a bridge: the child's component hangs as a stalk
                } else {
                    s.sub[v] ^ 1 // same component; the tree edge is a cycle edge
                };
                s.sub[p] ^= add;
            }
        }
    }
    s.sub[root as usize]
}

/// Vertices, internal (non-bridge) edges and child components of each component.
struct Members {
    vertices: Vec<Vec<u32>>,
    edges: Vec<Vec<u32>>,
    children: Vec<Vec<u32>>,
}

impl Members {
    fn new(f: &Fusion, edges: &[(u32, u32)]) -> Members {
        let k = f.value.len();
        let mut m = Members {
            vertices: vec![Vec::new(); k],
            edges: vec![Vec::new(); k],
            children: vec![Vec::new(); k],
        };
        for (v, &c) in f.comp.iter().enumerate() {
            if c != NONE {
                m.vertices[c as usize].push(v as u32);
            }
        }
        for (id, &(u, _)) in edges.iter().enumerate() {
            if f.reached_edge[id] && !f.is_bridge[id] {
                m.edges[f.comp[u as usize] as usize].push(id as u32);
            }
        }
        for c in 1..k {
            m.children[f.parent[c] as usize].push(c as u32);
        }
        m
    }

    /// The work the per-edge re-fusion costs.
    fn cost(&self) -> u128 {
        (0..self.edges.len())
            .map(|c| {
                self.edges[c].len() as u128
                    * (self.edges[c].len() + self.vertices[c].len() + self.children[c].len())
                        as u128
            })
            .sum()
    }
}

/// The most work (edge × component size) spent on testing cycle edges one by one.
pub const MAX_CYCLE_WORK: u128 = 100_000_000;

/// A Green Hackenbush position: a graph and its ground vertex.
#[derive(Debug, Clone)]
pub struct Hackenbush {
    /// Vertex names.
    pub names: Vec<String>,
    /// Undirected edges in input order.
    pub edges: Vec<(u32, u32)>,
    /// The ground vertex.
    pub ground: u32,
}

/// The analysis of a position.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The Grundy value of the picture.
    pub value: u64,
    /// Edges (ids) whose cut leaves value 0.
    pub winning: Vec<u32>,
    /// Edges not connected to the ground (ignored).
    pub ignored: usize,
    /// False when cycle edges were too many to test one by one (only bridges were tested).
    pub complete: bool,
    /// Number of bridges and of 2-edge-connected components reached.
    pub bridges: usize,
    /// Number of 2-edge-connected components reached.
    pub components: usize,
}

impl Hackenbush {
    /// Reads a position from command-line words and the `--ground` option (default `0`);
    /// the words may name the ground themselves with `ground=V` (not together with the flag).
    pub fn parse(words: &[String], ground: Option<&str>) -> Result<Hackenbush> {
        let pw = PositionWords::split("green-hackenbush", words, &["ground"])?;
        let ground = pw.single("ground", ground)?;
        let g = parse_undirected("green-hackenbush", &pw.graph)?;
        let ground = option_vertex(&g, "ground", ground.as_deref().unwrap_or("0")).map_err(|e| {
            if ground.is_none() {
                Error::invalid("the graph has no vertex `0`, the default ground; name the ground vertex with `ground=V` in the position or `--ground V`")
            } else {
                e
            }
        })?;
        Ok(Hackenbush {
            names: (0..g.vertex_count() as u32)
                .map(|v| g.name(v).to_string())
                .collect(),
            edges: g.edges().iter().map(|e| (e.from, e.to)).collect(),
            ground,
        })
    }

    /// The position with the edges `keep` accepts, as the command line reads it: the graph
    /// (every vertex when `all_vertices`, else the ground and the ends of the kept edges)
    /// and `ground=V` unless the ground is the default `0`.
    pub fn write(&self, keep: impl Fn(usize) -> bool, all_vertices: bool) -> String {
        let mut g = Graph::new();
        let mut used = vec![all_vertices; self.names.len()];
        used[self.ground as usize] = true;
        for (i, &(u, v)) in self.edges.iter().enumerate() {
            if keep(i) {
                used[u as usize] = true;
                used[v as usize] = true;
            }
        }
        let mut id = vec![NONE; self.names.len()];
        for (v, name) in self.names.iter().enumerate() {
            if used[v] {
                id[v] = g.vertex_or_insert(name);
            }
        }
        for (i, &(u, v)) in self.edges.iter().enumerate() {
            if keep(i) {
                g.add_edge(id[u as usize], id[v as usize], false);
            }
        }
        let mut text = g.to_text();
        let ground = &self.names[self.ground as usize];
        if ground != "0" {
            text.push_str(" ground=");
            text.push_str(ground);
        }
        text
    }

    /// The edges still connected to the ground once edge `cut` is cut (`u32::MAX`: none).
    pub fn grounded(&self, adj: &Adjacency, cut: u32) -> Vec<bool> {
        let mut seen = vec![false; self.names.len()];
        let mut kept = vec![false; self.edges.len()];
        seen[self.ground as usize] = true;
        let mut stack = vec![self.ground];
        while let Some(v) = stack.pop() {
            for &(w, id) in adj.of(v) {
                if id == cut {
                    continue;
                }
                kept[id as usize] = true;
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        kept
    }

    /// The position after cutting edge `id`: what is no longer connected to the ground
    /// disappears (and what was not connected before).
    pub fn after_cut(&self, adj: &Adjacency, id: u32) -> String {
        let kept = self.grounded(adj, id);
        self.write(|i| kept[i], false)
    }

    /// The fused structure.
    pub fn fusion(&self) -> Fusion {
        Fusion::new(self.names.len(), &self.edges, &[], self.ground)
    }

    /// Value, winning cuts and diagnostics.
    pub fn analyse(&self) -> Analysis {
        let f = self.fusion();
        let k = f.value.len();
        let mut need: Vec<Option<u64>> = vec![None; k];
        need[0] = Some(0);
        let mut winning = Vec::new();
        for c in 1..k {
            let p = f.parent[c] as usize;
            if let Some(t) = need[p] {
                let x = f.value[p] ^ (f.value[c] + 1) ^ t;
                if x == 0 {
                    winning.push(f.parent_edge[c]);
                } else {
                    need[c] = Some(x - 1);
                }
            }
        }
        let members = Members::new(&f, &self.edges);
        let complete = members.cost() <= MAX_CYCLE_WORK;
        if complete {
            let mut scratch = Scratch::default();
            let mut local_id = vec![NONE; self.names.len()];
            for (c, t) in need.iter().enumerate() {
                let Some(t) = *t else { continue };
                if members.edges[c].is_empty() {
                    continue;
                }
                let local = f.local(c, &self.edges, &members, &mut local_id);
                for (j, &e) in members.edges[c].iter().enumerate() {
                    if local.after_cut(j, &mut scratch) == t {
                        winning.push(e);
                    }
                }
            }
        }
        winning.sort_unstable();
        Analysis {
            value: f.root_value(),
            winning,
            ignored: f.reached_edge.iter().filter(|r| !**r).count(),
            complete,
            bridges: f.is_bridge.iter().filter(|b| **b).count(),
            components: k,
        }
    }

    /// The value after each cut, for every edge connected to the ground (edge id, value).
    pub fn values_after_cuts(&self) -> Result<Vec<(u32, u64)>> {
        let f = self.fusion();
        let members = Members::new(&f, &self.edges);
        if members.cost() > MAX_CYCLE_WORK {
            return Err(Error::Limit {
                what: "testing every cut of the cycle edges one by one".into(),
                limit: MAX_CYCLE_WORK as u64,
            });
        }
        let mut after_cut = vec![0u64; self.edges.len()];
        let mut local_id = vec![NONE; self.names.len()];
        let mut scratch = Scratch::default();
        for c in 0..members.edges.len() {
            if members.edges[c].is_empty() {
                continue;
            }
            let local = f.local(c, &self.edges, &members, &mut local_id);
            for (j, &e) in members.edges[c].iter().enumerate() {
                after_cut[e as usize] = local.after_cut(j, &mut scratch);
            }
        }
        let mut out = Vec::new();
        for (id, &(u, _)) in self.edges.iter().enumerate() {
            if !f.reached_edge[id] {
                continue;
            }
            let v = if f.is_bridge[id] {
                let (a, b) = self.edges[id];
                let ca = f.comp[a as usize] as usize;
                let child = if f.parent_edge[ca] == id as u32 {
                    ca
                } else {
                    f.comp[b as usize] as usize
                };
                f.root_after(child, None)
            } else {
                let c = f.comp[u as usize] as usize;
                f.root_after(c, Some(after_cut[id]))
            };
            out.push((id as u32, v));
        }
        Ok(out)
    }

    /// The names of the edges as `u-v`, with `#k` for the k-th (in input order) of
    /// parallel edges; computed once for all edges, in linear time.
    pub fn edge_names(&self) -> EdgeNames<'_> {
        let key = |&(u, v): &(u32, u32)| (u.min(v), u.max(v));
        let mut total: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        let mut rank = Vec::with_capacity(self.edges.len());
        for e in &self.edges {
            let t = total.entry(key(e)).or_insert(0);
            *t += 1;
            rank.push(*t);
        }
        let parallel = self.edges.iter().map(|e| total[&key(e)] > 1).collect();
        EdgeNames {
            h: self,
            rank,
            parallel,
        }
    }
}

/// The names of the edges of a position (see [`Hackenbush::edge_names`]).
pub struct EdgeNames<'a> {
    h: &'a Hackenbush,
    rank: Vec<u32>,
    parallel: Vec<bool>,
}

impl EdgeNames<'_> {
    /// The name of edge `id`: `u-v`, or `u-v#k` for the k-th of parallel edges.
    pub fn name(&self, id: u32) -> String {
        let (u, v) = self.h.edges[id as usize];
        let base = format!("{}-{}", self.h.names[u as usize], self.h.names[v as usize]);
        if self.parallel[id as usize] {
            format!("{base}#{}", self.rank[id as usize])
        } else {
            base
        }
    }
}

struct GreenHackenbushGame;

fn parse(words: &[String], options: &SolveOptions) -> Result<Hackenbush> {
    if options.misere || options.every {
        return Err(Error::unsupported(
            "green-hackenbush is solved in normal play only (no --misere, no --every)",
        ));
    }
    super::refuse_flags("green-hackenbush", options, &["ground"])?;
    Hackenbush::parse(words, options.ground.as_deref())
}

/// The verdict of a position, without its moves.
fn verdict(h: &Hackenbush, a: &Analysis) -> Verdict {
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

/// Lists the cuts `(edge, value after)` in `v`, as many as fit (see [`super::listed`]).
fn list_cuts(h: &Hackenbush, v: &mut Verdict, cuts: &[(u32, u64)]) -> Option<String> {
    let names = h.edge_names();
    let adj = Adjacency::new(h.names.len(), &h.edges);
    let len = v.position.len();
    let shown = super::listed(cuts.len(), len);
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
    (shown < cuts.len()).then(|| super::cut_short(cuts.len(), what, shown, len))
}

impl Game for GreenHackenbushGame {
    fn spec(&self) -> String {
        "green-hackenbush".into()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let h = parse(words, options)?;
        let a = h.analyse();
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
        let cuts = h.values_after_cuts()?;
        let a = h.analyse();
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
        super::check_legal_list(count as u128, h.write(|_| true, true).len())?;
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
        theorem: "Colon principle: a rooted tree is worth g(v) = XOR over children c of (g(c) + 1). Fusion principle: the vertices of a cycle may be fused into one vertex without changing the value, its edges becoming loops, each loop worth *1 (so an odd cycle acts as one extra leaf edge, an even cycle as none). The toolkit finds the bridges (iterative lowlink DFS), fuses every 2-edge-connected component, and applies the colon principle to the tree of components. Winning cuts: bridges by a top-down pass, cycle edges by re-fusing their component without them.",
        references: "Berlekamp, Conway, Guy, Winning Ways for your Mathematical Plays, ch. 7 (Green Hackenbush, colon and fusion principles); Conway, On Numbers and Games, ch. 7.",
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::checks::verdicts_agree;
    use crate::impartial::{GrundySolver, Impartial};

    /// The real game: a position is the set of remaining edges (bitmask); after a cut, edges
    /// no longer connected to the ground are removed.
    struct Brute<'a> {
        n: usize,
        edges: &'a [(u32, u32)],
        ground: u32,
    }

    impl Brute<'_> {
        fn grounded(&self, mask: u32) -> u32 {
            let mut seen = vec![false; self.n];
            seen[self.ground as usize] = true;
            let mut keep = 0u32;
            loop {
                let mut changed = false;
                for (i, &(u, v)) in self.edges.iter().enumerate() {
                    if mask >> i & 1 == 1
                        && keep >> i & 1 == 0
                        && (seen[u as usize] || seen[v as usize])
                    {
                        keep |= 1 << i;
                        seen[u as usize] = true;
                        seen[v as usize] = true;
                        changed = true;
                    }
                }
                if !changed {
                    return keep;
                }
            }
        }
    }

    impl Impartial for Brute<'_> {
        type Position = u32;
        fn options(&self, &mask: &u32, out: &mut Vec<u32>) {
            for i in 0..self.edges.len() {
                if mask >> i & 1 == 1 {
                    out.push(self.grounded(mask & !(1 << i)));
                }
            }
        }
    }

    fn check(n: usize, edges: &[(u32, u32)], ground: u32) {
        let h = Hackenbush {
            names: (0..n).map(|v| v.to_string()).collect(),
            edges: edges.to_vec(),
            ground,
        };
        let b = Brute { n, edges, ground };
        let full = b.grounded((1u32 << edges.len()) - 1);
        let mut s = GrundySolver::new(&b);
        let expect = s.grundy(&full).unwrap().0;
        let a = h.analyse();
        assert_eq!(a.value, expect, "{edges:?} ground {ground}");
        let adj = Adjacency::new(n, edges);
        let quick = quick_value(&adj, &vec![0; n], ground, NONE, &mut Scratch::default());
        assert_eq!(quick, expect, "{edges:?} ground {ground}");
        assert!(a.complete);
        // Winning cuts: edge i wins iff the cut position has value 0.
        let mut want = Vec::new();
        for i in 0..edges.len() {
            if full >> i & 1 == 1 {
                let after = b.grounded(full & !(1 << i));
                let v = s.grundy(&after).unwrap().0;
                if v == 0 {
                    want.push(i as u32);
                }
            }
        }
        assert_eq!(a.winning, want, "{edges:?} ground {ground}");
        let cuts = h.values_after_cuts().unwrap();
        for (id, v) in cuts {
            let after = b.grounded(full & !(1 << id));
            assert_eq!(v, s.grundy(&after).unwrap().0, "{edges:?} cut {id}");
        }
    }

    #[test]
    fn fusion_agrees_with_brute_force_on_small_graphs() {
        // Every multigraph (with loops) of up to 7 edges on 4 vertices, from a
        // deterministic pseudo-random stream, plus every graph on 3 vertices up to 5 edges.
        let pairs: Vec<(u32, u32)> = (0..3u32)
            .flat_map(|u| (u..3).map(move |v| (u, v)))
            .collect();
        for m in 0..=5usize {
            let total = pairs.len().pow(m as u32);
            for code in 0..total {
                let mut c = code;
                let mut edges = Vec::new();
                for _ in 0..m {
                    edges.push(pairs[c % pairs.len()]);
                    c /= pairs.len();
                }
                if edges.windows(2).any(|w| w[0] > w[1]) {
                    continue; // multisets only
                }
                check(3, &edges, 0);
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |k: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % k) as u32
        };
        for _ in 0..400 {
            let n = 2 + next(4) as usize;
            let m = 1 + next(9) as usize;
            let edges: Vec<(u32, u32)> = (0..m).map(|_| (next(n as u64), next(n as u64))).collect();
            check(n, &edges, next(n as u64));
        }
    }

    #[test]
    fn known_values() {
        let v = |text: &str| {
            Hackenbush::parse(&[text.to_string()], None)
                .unwrap()
                .analyse()
                .value
        };
        assert_eq!(v("0-1"), 1);
        assert_eq!(v("0-1-2-3"), 3); // a stalk of 3 edges
        assert_eq!(v("0-1 1-2 1-3"), 1); // colon: (1+1) XOR (1+1) = 0, plus the trunk: 1
        assert_eq!(v("0-1 1-2 2-0"), 1); // a triangle fuses into 3 loops: *1
        assert_eq!(v("0-1 1-2 2-3 3-0"), 0); // an even cycle: nothing
        assert_eq!(v("0-0 0-1"), 0); // a loop and a stalk: *1 + *1
        assert_eq!(v("0-1 0-2 2-3"), 3); // a sum on one ground: *1 + *2
        assert_eq!(v("0-1 1-2 2-0 0-3 3-4 4-0"), 0); // two triangles: *1 + *1
    }

    #[test]
    fn million_vertex_path_does_not_overflow() {
        let n = 1_000_000u32;
        let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let h = Hackenbush {
            names: (0..n).map(|v| v.to_string()).collect(),
            edges,
            ground: 0,
        };
        let a = h.analyse();
        assert_eq!(a.value, (n - 1) as u64);
        assert_eq!(a.winning, vec![0]);
        // A million-vertex cycle: all one component of even length, value 0 ... plus stalk.
        let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        edges.push((5, n)); // a leaf edge hanging from the cycle
        let f = Fusion::new(n as usize + 1, &edges, &[], 0);
        assert_eq!(f.root_value(), 1); // n even: loops parity 0; the leaf edge: 0 + 1
        let h = Hackenbush {
            names: (0..=n).map(|v| v.to_string()).collect(),
            edges,
            ground: 0,
        };
        let a = h.analyse();
        assert_eq!(a.value, 1);
        assert!(
            !a.complete,
            "a million cycle edges are not tested one by one"
        );
        assert_eq!(a.winning, vec![n]); // the leaf edge (a bridge) is found all the same
    }

    #[test]
    fn errors_are_clear() {
        let w = |s: &str| vec![s.to_string()];
        let e = Hackenbush::parse(&w("a-b"), None).unwrap_err().to_string();
        assert!(e.contains("--ground"), "{e}");
        let e = Hackenbush::parse(&w("0-1"), Some("x"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("`x`"), "{e}");
        let e = Hackenbush::parse(&w("0>1"), None).unwrap_err().to_string();
        assert!(e.contains("directed"), "{e}");
        let e = Hackenbush::parse(&w(""), None).unwrap_err().to_string();
        assert!(e.contains("empty"), "{e}");
    }

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
        let t = v.render_text();
        assert!(
            t.contains("grundy: 1") && t.contains("ignored edges: 1"),
            "{t}"
        );
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
            verdicts_agree("green-hackenbush", &words, &normal);
        }
        let v = verdicts_agree(
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
                verdicts_agree("green-hackenbush", &[&text], &normal);
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
                    misere: true,
                    ..Default::default()
                },
                "--misere",
            ),
            (
                SolveOptions {
                    every: true,
                    ..Default::default()
                },
                "--every",
            ),
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
