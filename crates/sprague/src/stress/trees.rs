//! Generators of the judge problems on graphs: the tree chain game (`tree-chain`) and the
//! Jewel Game (`jewel-game`).

use super::typed::{shrink_list, smaller, Generator};
use crate::rng::SplitMix64;

/// A tree for `tree-chain`: colours of vertices `1..=n` (true: black) and `n − 1` edges
/// `(u, v)`, as the input writes them; the root is vertex 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tree {
    /// Colour of vertex `i + 1`.
    pub black: Vec<bool>,
    /// The edges, 1-based.
    pub edges: Vec<(u32, u32)>,
}

impl Tree {
    /// The tree with parent `parent[i]` (0-based, `< i`) for vertex `i ≥ 1`, the labels
    /// other than the root's shuffled and the edges written in a random order and way.
    fn from_parents(parent: &[usize], black: Vec<bool>, rng: Option<&mut SplitMix64>) -> Tree {
        let n = black.len();
        let mut label: Vec<u32> = (1..=n as u32).collect();
        let mut edges: Vec<(u32, u32)>;
        match rng {
            Some(rng) => {
                rng.shuffle(&mut label[1..]);
                edges = (1..n).map(|v| (label[parent[v]], label[v])).collect();
                for e in edges.iter_mut() {
                    if rng.chance(1, 2) {
                        *e = (e.1, e.0);
                    }
                }
                rng.shuffle(&mut edges);
            }
            None => {
                edges = (1..n)
                    .map(|v| (parent[v] as u32 + 1, v as u32 + 1))
                    .collect()
            }
        }
        // Colours follow the labels: vertex i's colour is written at label[i].
        let mut colours = vec![false; n];
        for (v, &b) in black.iter().enumerate() {
            colours[label[v] as usize - 1] = b;
        }
        Tree {
            black: colours,
            edges,
        }
    }

    /// The tree without the vertices in `gone` (none of them the root, and every vertex
    /// left still joined to the root), labels compacted in order.
    fn without(&self, gone: &[bool]) -> Tree {
        let mut new_label = vec![0u32; self.black.len()];
        let mut next = 0;
        for (v, g) in gone.iter().enumerate() {
            if !g {
                next += 1;
                new_label[v] = next;
            }
        }
        Tree {
            black: (0..self.black.len())
                .filter(|&v| !gone[v])
                .map(|v| self.black[v])
                .collect(),
            edges: self
                .edges
                .iter()
                .filter(|&&(u, v)| !gone[u as usize - 1] && !gone[v as usize - 1])
                .map(|&(u, v)| (new_label[u as usize - 1], new_label[v as usize - 1]))
                .collect(),
        }
    }

    /// Parents (0-based, root `usize::MAX`) and the order vertices are reached from the
    /// root, by a queue; `None` when the edges do not make a tree.
    fn rooted(&self) -> Option<(Vec<usize>, Vec<usize>)> {
        let n = self.black.len();
        if n == 0 || self.edges.len() != n - 1 {
            return None;
        }
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in &self.edges {
            let (u, v) = (u as usize, v as usize);
            if u == 0 || v == 0 || u > n || v > n {
                return None;
            }
            adj[u - 1].push(v - 1);
            adj[v - 1].push(u - 1);
        }
        let mut parent = vec![usize::MAX; n];
        let mut seen = vec![false; n];
        let mut order = vec![0];
        seen[0] = true;
        let mut i = 0;
        while i < order.len() {
            let u = order[i];
            i += 1;
            for &w in &adj[u] {
                if !seen[w] {
                    seen[w] = true;
                    parent[w] = u;
                    order.push(w);
                }
            }
        }
        (order.len() == n).then_some((parent, order))
    }
}

/// The tree chain game (nowcoder 204 H): n, the colours, n − 1 edges; root 1.
#[derive(Debug, Clone, Copy)]
pub struct TreeChain;

// The judge's bound: n ≤ 1000.
const TREE_MAX: usize = 1000;

/// Every rooted tree shape of `n` vertices, as parent lists with `parent[i] < i`.
fn parent_lists(n: usize) -> Vec<Vec<usize>> {
    let mut lists = vec![vec![usize::MAX]];
    for i in 1..n {
        lists = lists
            .into_iter()
            .flat_map(|l| {
                (0..i).map(move |p| {
                    let mut l = l.clone();
                    l.push(p);
                    l
                })
            })
            .collect();
    }
    lists
}

/// Every tree of 1 to 4 vertices with every colouring.
fn small_trees() -> Vec<Tree> {
    let mut out = Vec::new();
    for n in 1..=4 {
        for parents in parent_lists(n) {
            for mask in 0..1u32 << n {
                let black = (0..n).map(|i| mask >> i & 1 == 1).collect();
                out.push(Tree::from_parents(&parents, black, None));
            }
        }
    }
    out
}

impl Generator for TreeChain {
    type Input = Tree;

    fn id(&self) -> &'static str {
        "tree-chain"
    }

    fn bounds(&self) -> &'static str {
        "1 ≤ n ≤ 1000; one tree an input"
    }

    fn exhaustive_len(&self) -> u64 {
        small_trees().len() as u64
    }

    fn exhaustive(&self, index: u64) -> Tree {
        small_trees().swap_remove(index as usize)
    }

    fn random(&self, rng: &mut SplitMix64) -> Tree {
        let n = rng.spread(1, 60) as usize;
        let parents: Vec<usize> = (0..n)
            .map(|i| {
                if i == 0 {
                    usize::MAX
                } else {
                    rng.size(0, i - 1)
                }
            })
            .collect();
        let density = rng.range(1, 9);
        let black = (0..n).map(|_| rng.below(10) < density).collect();
        Tree::from_parents(&parents, black, Some(rng))
    }

    /// Long paths (a recursive search overflows its stack), stars, black vertices paired at
    /// one depth (an even total with an odd depth), everything black.
    fn adversarial(&self, rng: &mut SplitMix64) -> Tree {
        let n = match rng.below(8) {
            0 => rng.size(TREE_MAX / 2, TREE_MAX),
            _ => rng.size(1, 40),
        };
        let shape = rng.below(4);
        let parents: Vec<usize> = (0..n)
            .map(|i| match (i, shape) {
                (0, _) => usize::MAX,
                (_, 0) => i - 1, // a path from the root
                (_, 1) => 0,     // a star
                (1 | 2, _) => 0, // two branches, long ones
                (_, _) => i - 2,
            })
            .collect();
        let black: Vec<bool> = match rng.below(3) {
            0 => vec![true; n],
            1 => (0..n).map(|i| i % 2 == 1).collect(),
            _ => (0..n).map(|_| rng.chance(1, 2)).collect(),
        };
        Tree::from_parents(&parents, black, Some(rng))
    }

    fn render(&self, t: &Tree) -> String {
        let mut s = format!("{}\n", t.black.len());
        let colours: Vec<&str> = t.black.iter().map(|&b| if b { "1" } else { "0" }).collect();
        s.push_str(&colours.join(" "));
        s.push('\n');
        for &(u, v) in &t.edges {
            s.push_str(&format!("{u} {v}\n"));
        }
        s
    }

    fn valid(&self, t: &Tree) -> bool {
        t.black.len() <= TREE_MAX && t.rooted().is_some()
    }

    /// Cut subtrees (at sampled places, the largest cuts first), then whiten vertices.
    fn shrink(&self, t: &Tree) -> Vec<Tree> {
        let Some((parent, order)) = t.rooted() else {
            return Vec::new();
        };
        let n = t.black.len();
        let mut out = Vec::new();
        // The subtree of `order[k]` for sampled k: early vertices have large subtrees.
        let step = (n / 32).max(1);
        for k in (1..n).step_by(step) {
            let root = order[k];
            let mut gone = vec![false; n];
            gone[root] = true;
            // `order` lists parents before children.
            for &v in &order[k + 1..] {
                if gone[parent[v]] {
                    gone[v] = true;
                }
            }
            out.push(t.without(&gone));
        }
        for v in (0..n).step_by(step) {
            if t.black[v] {
                let mut w = t.clone();
                w.black[v] = false;
                out.push(w);
            }
        }
        out
    }
}

/// An instance of the Jewel Game, as the input writes it (vertices from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JewelInput {
    /// Number of vertices.
    pub n: u32,
    /// The arcs.
    pub arcs: Vec<(u32, u32)>,
    /// Alice's and Bob's start vertices.
    pub starts: (u32, u32),
    /// The jewels: vertex and worth.
    pub jewels: Vec<(u32, u64)>,
}

/// The Jewel Game (TTPC 2022 J): `N M A B`, M arcs, K, K jewels `X W`.
#[derive(Debug, Clone, Copy)]
pub struct Jewel;

const JEWEL_N: u32 = 30;
const JEWEL_K: usize = 10;
const JEWEL_W: u64 = 100_000_000;

/// The Jewel Games of 2 and 3 vertices with small worths (on 3 vertices Alice starts on 1
/// and Bob on 1 or 2).
fn small_jewel_games() -> Vec<JewelInput> {
    let mut out = Vec::new();
    for a in 1..=2 {
        for b in 1..=2 {
            for code in 1..9u64 {
                let worths = [code % 3, code / 3];
                out.push(JewelInput {
                    n: 2,
                    arcs: vec![(1, 2), (2, 1)],
                    starts: (a, b),
                    jewels: jewels_of(&worths),
                });
            }
        }
    }
    // Each vertex's out-arcs: one of the three non-empty sets of the other two vertices.
    for graph in 0..27u32 {
        let mut arcs = Vec::new();
        for v in 0..3u32 {
            let choice = graph / 3u32.pow(v) % 3;
            let others = [(v + 1) % 3, (v + 2) % 3];
            for (i, &w) in others.iter().enumerate() {
                if choice == 2 || choice == i as u32 {
                    arcs.push((v + 1, w + 1));
                }
            }
        }
        for b in 1..=2 {
            for mask in 1..8u64 {
                let worths = [mask & 1, mask >> 1 & 1, mask >> 2 & 1];
                out.push(JewelInput {
                    n: 3,
                    arcs: arcs.clone(),
                    starts: (1, b),
                    jewels: jewels_of(&worths),
                });
            }
        }
    }
    out
}

/// Jewels worth `worths[v]` on vertex `v + 1`, none where the worth is 0.
fn jewels_of(worths: &[u64]) -> Vec<(u32, u64)> {
    (0..worths.len())
        .filter(|&v| worths[v] > 0)
        .map(|v| (v as u32 + 1, worths[v]))
        .collect()
}

/// A random instance of `n` vertices, each with 1 to `max_out` out-arcs.
fn random_jewel_game(
    rng: &mut SplitMix64,
    n: u32,
    max_out: u32,
    k: usize,
    max_w: u64,
) -> JewelInput {
    let mut arcs = Vec::new();
    // The judge allows self-loops (a token may stay put); one instance in three has some.
    let loops = rng.chance(1, 3);
    for v in 1..=n {
        let mut others: Vec<u32> = (1..=n).filter(|&w| w != v || loops).collect();
        rng.shuffle(&mut others);
        let most = u64::from(max_out.min(others.len() as u32));
        others.truncate(rng.range(1, most) as usize);
        arcs.extend(others.into_iter().map(|w| (v, w)));
    }
    rng.shuffle(&mut arcs);
    let mut spots: Vec<u32> = (1..=n).collect();
    rng.shuffle(&mut spots);
    let jewels = spots
        .into_iter()
        .take(k)
        .map(|x| (x, rng.spread(1, max_w)))
        .collect();
    let starts = (rng.range(1, n.into()) as u32, rng.range(1, n.into()) as u32);
    JewelInput {
        n,
        arcs,
        starts,
        jewels,
    }
}

impl Generator for Jewel {
    type Input = JewelInput;

    fn id(&self) -> &'static str {
        "jewel-game"
    }

    fn bounds(&self) -> &'static str {
        "2 ≤ N ≤ 30, self-loops allowed, no repeated arcs, every vertex an out-arc, 1 ≤ K ≤ 10 jewels on distinct vertices, 1 ≤ W ≤ 10^8; one instance an input"
    }

    fn exhaustive_len(&self) -> u64 {
        small_jewel_games().len() as u64
    }

    fn exhaustive(&self, index: u64) -> JewelInput {
        small_jewel_games().swap_remove(index as usize)
    }

    fn random(&self, rng: &mut SplitMix64) -> JewelInput {
        let n = rng.range(2, 8) as u32;
        let k = rng.size(1, (n as usize).min(JEWEL_K));
        let max_w = *rng.pick(&[3, 100, JEWEL_W]);
        random_jewel_game(rng, n, n - 1, k, max_w)
    }

    /// The largest instances (30 vertices, 10 jewels of the largest worths), one out-arc a
    /// vertex (every play ends in a repetition), jewels under the start vertices, both
    /// tokens on one vertex, equal worths.
    fn adversarial(&self, rng: &mut SplitMix64) -> JewelInput {
        // The largest instances take the reference a fraction of a second: one case in 8.
        let big = rng.chance(1, 8);
        let n = if big {
            JEWEL_N
        } else {
            rng.range(2, 10) as u32
        };
        let k = if big {
            JEWEL_K
        } else {
            rng.size(1, (n as usize).min(JEWEL_K))
        };
        let max_out = *rng.pick(&[1, 2, n - 1]);
        let mut g = random_jewel_game(rng, n, max_out, k, JEWEL_W);
        if rng.chance(1, 2) {
            let w = *rng.pick(&[1, JEWEL_W]);
            g.jewels.iter_mut().for_each(|j| j.1 = w);
        }
        if rng.chance(1, 3) {
            g.starts.1 = g.starts.0;
        }
        if rng.chance(1, 2) {
            // A start vertex with a jewel on it.
            g.starts.0 = g.jewels[0].0;
        }
        g
    }

    fn render(&self, g: &JewelInput) -> String {
        let mut s = format!("{} {} {} {}\n", g.n, g.arcs.len(), g.starts.0, g.starts.1);
        for &(u, v) in &g.arcs {
            s.push_str(&format!("{u} {v}\n"));
        }
        s.push_str(&format!("{}\n", g.jewels.len()));
        for &(x, w) in &g.jewels {
            s.push_str(&format!("{x} {w}\n"));
        }
        s
    }

    fn valid(&self, g: &JewelInput) -> bool {
        let n = g.n;
        let inside = |v: u32| (1..=n).contains(&v);
        let mut arcs = g.arcs.clone();
        arcs.sort_unstable();
        arcs.dedup();
        let mut spots: Vec<u32> = g.jewels.iter().map(|j| j.0).collect();
        spots.sort_unstable();
        spots.dedup();
        (2..=JEWEL_N).contains(&n)
            && arcs.len() == g.arcs.len()
            && g.arcs.iter().all(|&(u, v)| inside(u) && inside(v))
            && (1..=n).all(|v| g.arcs.iter().any(|a| a.0 == v))
            && inside(g.starts.0)
            && inside(g.starts.1)
            && (1..=JEWEL_K).contains(&g.jewels.len())
            && spots.len() == g.jewels.len()
            && g.jewels
                .iter()
                .all(|&(x, w)| inside(x) && (1..=JEWEL_W).contains(&w))
    }

    /// Fewer vertices (the last one's label moves into the hole), fewer jewels, fewer arcs,
    /// smaller worths, start vertices moved to 1.
    fn shrink(&self, g: &JewelInput) -> Vec<JewelInput> {
        let mut out = Vec::new();
        for v in (1..=g.n).rev() {
            let relabel = |x: u32| if x == g.n { v } else { x };
            if g.starts.0 == v || g.starts.1 == v {
                continue;
            }
            out.push(JewelInput {
                n: g.n - 1,
                arcs: g
                    .arcs
                    .iter()
                    .filter(|&&(a, b)| a != v && b != v)
                    .map(|&(a, b)| (relabel(a), relabel(b)))
                    .collect(),
                starts: (relabel(g.starts.0), relabel(g.starts.1)),
                jewels: g
                    .jewels
                    .iter()
                    .filter(|j| j.0 != v)
                    .map(|&(x, w)| (relabel(x), w))
                    .collect(),
            });
        }
        for jewels in shrink_list(&g.jewels, 1) {
            out.push(JewelInput {
                jewels,
                ..g.clone()
            });
        }
        for arcs in shrink_list(&g.arcs, 0) {
            out.push(JewelInput { arcs, ..g.clone() });
        }
        for (i, &(x, w)) in g.jewels.iter().enumerate() {
            for w in smaller(w, 1) {
                let mut h = g.clone();
                h.jewels[i] = (x, w);
                out.push(h);
            }
        }
        for starts in [(1, g.starts.1), (g.starts.0, 1)] {
            if starts < g.starts {
                out.push(JewelInput {
                    starts,
                    ..g.clone()
                });
            }
        }
        out
    }
}
