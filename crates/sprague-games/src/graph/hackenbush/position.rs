//! A Green Hackenbush position (named vertices, edges, ground): reading and writing it, the
//! edges still grounded after a cut, and its analysis by `fusion` (value, winning
//! cuts, the value after every cut). Free of the catalogue: the game's verdicts are in
//! `game`.

use super::fusion::{Fusion, Members, Scratch, NONE};
use crate::error::{Error, Result};
use crate::graph::format::{Graph, PositionWords};
use crate::graph::undirected::{option_vertex, parse_undirected, Adjacency};
use rustc_hash::FxHashMap;
use sprague_core::limits::Limits;

/// The most work (edge × component size) spent on testing cycle edges one by one.
pub const MAX_CYCLE_WORK: u128 = 100_000_000;

/// How much work (component size per cut tested) passes between two looks at the deadline
/// and the cancellation flag: a few milliseconds.
const CHECK_WORK: u64 = 1 << 16;

/// What the cut tests are called in timeout and interruption messages.
const CUTS_WHAT: &str = "cuts of cycle edges tested";

/// Looks at the deadline and the flag of `limits` once [`CHECK_WORK`] more work has been
/// done since the last look: `work` is the work so far, `next` when to look again.
fn watch_cuts(limits: &Limits, tested: u64, work: u64, next: &mut u64) -> Result<()> {
    if work >= *next {
        *next = work.saturating_add(CHECK_WORK);
        if limits.watched() {
            limits.check(tested, CUTS_WHAT)?;
        }
    }
    Ok(())
}

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
pub struct HackenbushAnalysis {
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
    pub fn analyse(&self) -> HackenbushAnalysis {
        self.analyse_limited(&Limits::default())
            .expect("no deadline and no flag: nothing stops the analysis")
    }

    /// [`Hackenbush::analyse`] under the deadline and the cancellation flag of `limits`
    /// (the work itself is bounded by [`MAX_CYCLE_WORK`]): the cuts of cycle edges, each
    /// as long as its component, are the part that can take seconds.
    pub fn analyse_limited(&self, limits: &Limits) -> Result<HackenbushAnalysis> {
        limits.check(0, CUTS_WHAT)?;
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
            let (mut tested, mut work, mut next) = (0u64, 0u64, 0u64);
            for (c, t) in need.iter().enumerate() {
                let Some(t) = *t else { continue };
                if members.edges[c].is_empty() {
                    continue;
                }
                let local = f.local(c, &self.edges, &members, &mut local_id);
                let size = members.cut_cost(c);
                for (j, &e) in members.edges[c].iter().enumerate() {
                    watch_cuts(limits, tested, work, &mut next)?;
                    if local.after_cut(j, &mut scratch) == t {
                        winning.push(e);
                    }
                    tested += 1;
                    work = work.saturating_add(size);
                }
            }
        }
        winning.sort_unstable();
        Ok(HackenbushAnalysis {
            value: f.root_value(),
            winning,
            ignored: f.reached_edge.iter().filter(|r| !**r).count(),
            complete,
            bridges: f.is_bridge.iter().filter(|b| **b).count(),
            components: k,
        })
    }

    /// The value after each cut, for every edge connected to the ground (edge id, value).
    pub fn values_after_cuts(&self) -> Result<Vec<(u32, u64)>> {
        self.values_after_cuts_limited(&Limits::default())
    }

    /// [`Hackenbush::values_after_cuts`] under the deadline and the cancellation flag of
    /// `limits`.
    pub fn values_after_cuts_limited(&self, limits: &Limits) -> Result<Vec<(u32, u64)>> {
        limits.check(0, CUTS_WHAT)?;
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
        let (mut tested, mut work, mut next) = (0u64, 0u64, 0u64);
        for c in 0..members.edges.len() {
            if members.edges[c].is_empty() {
                continue;
            }
            let local = f.local(c, &self.edges, &members, &mut local_id);
            let size = members.cut_cost(c);
            for (j, &e) in members.edges[c].iter().enumerate() {
                watch_cuts(limits, tested, work, &mut next)?;
                after_cut[e as usize] = local.after_cut(j, &mut scratch);
                tested += 1;
                work = work.saturating_add(size);
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
