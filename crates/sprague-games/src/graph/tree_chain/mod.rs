//! The tree chain game (docs/theory.md#tree-chain; nowcoder contest 204 problem H): a rooted tree whose
//! vertices are black or white; a move turns a black vertex white and then flips the colours
//! of any subset of its (proper) ancestors. The player who cannot move (all white) loses.
//!
//! Theorem: the position is a P-position iff every depth holds an even number of black
//! vertices. Proof sketch: a move changes the parity of its own depth d and, through the
//! chosen ancestors (one per shallower depth), of any chosen set of shallower depths; from
//! all-even every move makes depth d odd, and from a position whose deepest odd depth is D,
//! a black vertex at depth D with exactly its ancestors at the other odd depths flipped
//! makes every depth even. The game ends: the black counts read from the deepest depth up
//! decrease lexicographically. The tests check the rule against exhaustive search.
//!
//! The tree and its theorem are here; `game` makes it a catalogue game.

pub mod game;

use crate::error::Result;
use num_bigint::BigUint;

/// The most bits of a Grundy value the verdicts write (beyond, `odd_depths` says it all).
pub const MAX_VALUE_BITS: usize = 4096;

/// No parent (the root).
const NONE: u32 = u32::MAX;

/// A rooted tree with black and white vertices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeChain {
    /// Parent of each vertex (`u32::MAX` for the root).
    pub parent: Vec<u32>,
    /// Depth of each vertex (root 0).
    pub depth: Vec<u32>,
    /// Colour of each vertex.
    pub black: Vec<bool>,
}

/// A winning move: the black vertex turned white and the ancestors flipped with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainMove {
    /// The black vertex turned white.
    pub vertex: u32,
    /// The ancestors whose colours flip with it.
    pub flipped: Vec<u32>,
}

impl TreeChain {
    /// Builds the tree on vertices `0..n` from `n − 1` undirected edges, rooted at `root`
    /// (iterative BFS). Errors name the problem: wrong edge count, loops, disconnection.
    pub fn new(
        n: usize,
        edges: &[(u32, u32)],
        root: u32,
        black: Vec<bool>,
    ) -> Result<TreeChain, String> {
        if n == 0 {
            return Err("the tree is empty".into());
        }
        if edges.len() != n - 1 {
            return Err(format!(
                "a tree on {n} vertices has {} edges, not {}",
                n - 1,
                edges.len()
            ));
        }
        let adj = sprague_core::retrograde::Csr::from_arcs(
            n,
            edges.iter().flat_map(|&(u, v)| [(u, v), (v, u)]),
        );
        let mut parent = vec![NONE; n];
        let mut depth = vec![NONE; n];
        depth[root as usize] = 0;
        let mut queue = vec![root];
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            for &w in adj.successors(v) {
                if depth[w as usize] == NONE {
                    depth[w as usize] = depth[v as usize] + 1;
                    parent[w as usize] = v;
                    queue.push(w);
                }
            }
        }
        if queue.len() != n {
            return Err("the edges do not connect every vertex (not a tree)".into());
        }
        Ok(TreeChain {
            parent,
            depth,
            black,
        })
    }

    /// The parity of the number of black vertices at each depth.
    pub fn odd_depths(&self) -> Vec<bool> {
        let max = self.depth.iter().copied().max().unwrap_or(0) as usize;
        let mut odd = vec![false; max + 1];
        for (v, &b) in self.black.iter().enumerate() {
            if b {
                odd[self.depth[v] as usize] ^= true;
            }
        }
        odd
    }

    /// True when the player to move wins.
    pub fn first_wins(&self) -> bool {
        self.odd_depths().iter().any(|&o| o)
    }

    /// Every winning move: a black vertex at the deepest odd depth, flipping exactly its
    /// ancestors at the other odd depths.
    pub fn winning_moves(&self) -> Vec<ChainMove> {
        let odd = self.odd_depths();
        self.winning_vertices(&odd)
            .into_iter()
            .map(|v| self.winning_move(&odd, v))
            .collect()
    }

    /// The vertices of the winning moves: the black vertices at the deepest odd depth.
    pub fn winning_vertices(&self, odd: &[bool]) -> Vec<u32> {
        let Some(deepest) = odd.iter().rposition(|&o| o) else {
            return Vec::new();
        };
        (0..self.black.len() as u32)
            .filter(|&v| self.black[v as usize] && self.depth[v as usize] as usize == deepest)
            .collect()
    }

    /// The winning move at `v` (one of [`TreeChain::winning_vertices`]): its ancestors at
    /// the odd depths are flipped.
    pub fn winning_move(&self, odd: &[bool], v: u32) -> ChainMove {
        let flipped = self
            .ancestors(v)
            .filter(|&a| odd[self.depth[a as usize] as usize])
            .collect();
        ChainMove { vertex: v, flipped }
    }

    /// The proper ancestors of `v`, from its parent up to the root.
    pub fn ancestors(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        let up = move |a: u32| {
            let p = self.parent[a as usize];
            (p != NONE).then_some(p)
        };
        std::iter::successors(up(v), move |&a| up(a))
    }

    /// The Grundy value, when it has at most [`MAX_VALUE_BITS`] bits: a black vertex at
    /// depth d is worth 2^d. This is the coin-turning principle: a move turns one black
    /// vertex white and any set of the vertices on its path to the root (whatever their
    /// colours), so the game is the sum of its black vertices played alone, and one at depth
    /// d has options worth every XOR of 2^i over sets of depths i < d, i.e. every value below
    /// 2^d. (The tests check it against exhaustive search.)
    pub fn grundy(odd: &[bool]) -> Option<BigUint> {
        let bits = odd.iter().rposition(|&o| o).map_or(0, |d| d + 1);
        if bits > MAX_VALUE_BITS {
            return None;
        }
        let mut value = BigUint::ZERO;
        for (d, &o) in odd.iter().enumerate().take(bits) {
            if o {
                value.set_bit(d as u64, true);
            }
        }
        Some(value)
    }

    /// The colouring after a move.
    pub fn after(&self, m: &ChainMove) -> Vec<bool> {
        let mut black = self.black.clone();
        black[m.vertex as usize] = false;
        for &a in &m.flipped {
            black[a as usize] ^= true;
        }
        black
    }
}
