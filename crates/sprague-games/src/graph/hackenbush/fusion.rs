//! The Green Hackenbush algorithm on a graph with a root: bridges by an iterative lowlink
//! DFS, each 2-edge-connected component fused into one vertex (its edges become loops), the
//! colon principle on the tree of components ([`Fusion`]), and the quick re-fusion of one
//! component after one of its cycle edges is cut. Separate from `position`, which
//! applies it to a named position, and from the catalogue game.

use crate::graph::undirected::Adjacency;

/// No vertex (an unmatched or absent link).
pub const NONE: u32 = u32::MAX;

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
    pub(super) fn local(
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
pub(super) struct Local {
    adj: Adjacency,
    weight: Vec<u64>,
    root: u32,
}

impl Local {
    /// The component's subtree value after cutting its `j`-th cycle edge.
    pub(super) fn after_cut(&self, j: usize, scratch: &mut Scratch) -> u64 {
        quick_value(&self.adj, &self.weight, self.root, j as u32, scratch)
    }
}

/// Reusable buffers for [`quick_value`].
#[derive(Default)]
pub(super) struct Scratch {
    disc: Vec<u32>,
    low: Vec<u32>,
    sub: Vec<u64>,
    stack: Vec<(u32, u32, u32)>,
}

/// The value of the graph (edge `skip` removed) in one lowlink DFS, without building the
/// components: `sub[v]` is the XOR of the weights, cycle edges (*1 each) and bridged-off
/// subtrees (g + 1) in v's DFS subtree, less the subtrees behind bridges; at a bridge the
/// child's component is complete and enters its parent as `g + 1` (colon principle).
pub(super) fn quick_value(
    adj: &Adjacency,
    weight: &[u64],
    root: u32,
    skip: u32,
    s: &mut Scratch,
) -> u64 {
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
pub(super) struct Members {
    vertices: Vec<Vec<u32>>,
    pub(super) edges: Vec<Vec<u32>>,
    children: Vec<Vec<u32>>,
}

impl Members {
    pub(super) fn new(f: &Fusion, edges: &[(u32, u32)]) -> Members {
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

    /// The work of one cut of a cycle edge of component `c` (its share of [`Members::cost`]).
    pub(super) fn cut_cost(&self, c: usize) -> u64 {
        (self.edges[c].len() + self.vertices[c].len() + self.children[c].len()) as u64
    }

    /// The work the per-edge re-fusion costs.
    pub(super) fn cost(&self) -> u128 {
        (0..self.edges.len())
            .map(|c| {
                self.edges[c].len() as u128
                    * (self.edges[c].len() + self.vertices[c].len() + self.children[c].len())
                        as u128
            })
            .sum()
    }
}
