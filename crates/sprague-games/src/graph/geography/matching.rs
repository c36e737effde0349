//! Maximum matchings, iteratively: Hopcroft–Karp on a bipartite graph and Edmonds' blossom
//! algorithm on any graph (also used for single augmenting-path searches by the decision).
//! Separate from `decision` because they are general graph algorithms, not geography.

use sprague_core::retrograde::Csr;

pub(super) const NONE: u32 = u32::MAX;

/// Hopcroft–Karp on a bipartite graph (`colour[v]` 0 = left, 1 = right), iterative.
pub(super) fn hopcroft_karp(adj: &Csr, colour: &[u8]) -> Vec<u32> {
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
pub(super) struct Blossom<'a> {
    adj: &'a Csr,
    pub(super) mate: Vec<u32>,
    pub(super) removed: Vec<bool>,
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
    pub(super) fn new(adj: &'a Csr) -> Self {
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

    pub(super) fn greedy(&mut self) {
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
    pub(super) fn find_path(&mut self, root: u32) -> Option<u32> {
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

    pub(super) fn augment(&mut self, mut v: u32) {
        while v != NONE {
            let pv = self.parent[v as usize];
            let ppv = self.mate[pv as usize];
            self.mate[v as usize] = pv;
            self.mate[pv as usize] = v;
            v = ppv;
        }
    }
}
