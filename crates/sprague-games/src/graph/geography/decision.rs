//! The geography decision, free of the catalogue: the game's simple graph, its 2-colouring,
//! a maximum matching by `matching`, and the theorem applied from a start vertex (one more
//! augmenting search in G − s, one per neighbour for every winning move).

use super::matching::{hopcroft_karp, Blossom, NONE};
use crate::error::Result;
use crate::limits::Limits;
use sprague_core::retrograde::Csr;
use std::convert::Infallible;

/// A simple undirected graph for geography (loops dropped: they never give a move;
/// parallel edges merged).
#[derive(Debug, Clone)]
pub struct Geography {
    pub(super) adj: Csr,
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
        let Ok(m) = self.matching_watched::<Infallible>(&mut |_| Ok(()));
        m
    }

    /// [`Geography::maximum_matching`], calling `check` with the work done so far before
    /// each augmenting search of Edmonds' algorithm (each may cost the whole graph).
    fn matching_watched<E>(
        &self,
        check: &mut dyn FnMut(u64) -> Result<(), E>,
    ) -> Result<(Vec<u32>, bool), E> {
        Ok(match self.two_colouring() {
            Some(colour) => (hopcroft_karp(&self.adj, &colour), true),
            None => {
                let mut b = Blossom::new(&self.adj);
                b.greedy();
                for v in 0..self.len() as u32 {
                    if b.mate[v as usize] == NONE {
                        check(u64::from(v))?;
                        if let Some(end) = b.find_path(v) {
                            b.augment(end);
                        }
                    }
                }
                (b.mate, false)
            }
        })
    }

    /// Decides the game from `start` and lists winning moves.
    pub fn analyse(&self, start: u32) -> GeographyAnalysis {
        let Ok(a) = self.analyse_watched::<Infallible>(start, &mut |_| Ok(()));
        a
    }

    /// [`Geography::analyse`] that honours the deadline, the cancellation flag and the
    /// progress callback of `limits`, checked between augmenting searches.
    pub fn analyse_with(&self, start: u32, limits: &Limits) -> Result<GeographyAnalysis> {
        let mut searches = 0u64;
        self.analyse_watched(start, &mut |_| {
            searches += 1;
            if limits.watched() {
                limits.check(searches, "augmenting-path searches")
            } else {
                Ok(())
            }
        })
    }

    fn analyse_watched<E>(
        &self,
        start: u32,
        check: &mut dyn FnMut(u64) -> Result<(), E>,
    ) -> Result<GeographyAnalysis, E> {
        let (mate, bipartite) = self.matching_watched(check)?;
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
            return Ok(result); // s is missed by a maximum matching: the mover loses
        }
        let mut b = Blossom::new(&self.adj);
        b.mate = mate;
        b.mate[s] = NONE;
        b.mate[ms as usize] = NONE;
        b.removed[s] = true;
        if b.find_path(ms).is_some() {
            return Ok(result); // G − s has a matching as large as G's
        }
        result.first_wins = true;
        // A move to w wins iff w is missed by some maximum matching of G − s; the matching
        // without (s, ms) is maximum there.
        let work =
            self.neighbours(start).len() as u64 * (self.len() + self.adj.targets.len()) as u64;
        if work > MAX_MOVE_WORK {
            result.winning = vec![ms];
            result.complete = false;
            return Ok(result);
        }
        for &w in self.neighbours(start) {
            check(u64::from(w))?;
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
        Ok(result)
    }
}
