//! Games on graphs as rules for the generic engine ([`Impartial`]), on whole positions:
//! queens racing to the corner, the tree chain game, Green Hackenbush and undirected vertex
//! geography. Their theorems hold in normal play only; misère and every-move play (and the
//! checks of the theorems) search these.
//!
//! Positions are compact: sorted token lists, bit masks of black vertices, bit sets of the
//! remaining edges, the token with the bit set of visited vertices. The graphs are
//! renumbered to the part that play can reach, so a position costs bits for that part only.

use super::geography::Geography;
use super::hackenbush::Hackenbush;
use super::tree_chain::TreeChain;
use super::undirected::Adjacency;
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::search_size::{log2_ceil, SearchSize};
use rustc_hash::FxHashMap;

/// The most edges (Hackenbush) or vertices (geography) whose bit sets make the positions of
/// the engine's search: a position then costs at most 128 bytes.
pub const MAX_GRAPH_BITS: usize = 1024;

/// The most vertices of a tree chain position that play can change (black vertices and
/// their ancestors): one bit each in a `u128`.
pub const MAX_TREE_BITS: usize = 128;

const NONE: u32 = u32::MAX;

fn words(bits: usize) -> usize {
    bits.div_ceil(64)
}

fn has(set: &[u64], i: usize) -> bool {
    set[i / 64] >> (i % 64) & 1 == 1
}

fn put(set: &mut [u64], i: usize) {
    set[i / 64] |= 1 << (i % 64);
}

fn clear(set: &mut [u64], i: usize) {
    set[i / 64] &= !(1 << (i % 64));
}

fn too_large(what: &str, n: usize, max: usize) -> Error {
    Error::unsupported(format!(
        "the position has {n} {what}; the engine's search of whole positions keeps a bit set of at most {max}"
    ))
}

/// Queens racing to the corner: a position is the sorted list of tokens `(x, y)`; a move
/// shifts one token left, down or diagonally down-left; a position with a token on (0,0) is
/// over (no moves).
#[derive(Debug, Clone, Copy, Default)]
pub struct QueensRules;

impl QueensRules {
    /// How large the search from `tokens` can get: at most `∏ (x + 1)(y + 1)` positions.
    pub fn size(tokens: &[(u64, u64)]) -> SearchSize {
        let (mut log2, mut moves) = (0u32, 0u128);
        for &(x, y) in tokens {
            let cells = (u128::from(x) + 1).saturating_mul(u128::from(y) + 1);
            log2 = log2.saturating_add(log2_ceil(cells));
            let m = u128::from(x) + u128::from(y) + u128::from(x.min(y));
            moves = moves.saturating_add(m);
        }
        SearchSize {
            parts_name: "tokens",
            parts: tokens.len() as u64,
            max_parts: u64::MAX,
            log2_positions: Some(log2),
            max_moves: moves,
            work: moves.saturating_mul(tokens.len() as u128),
        }
    }

    /// The position of `tokens` (sorted); errors when a position has too many moves.
    pub fn position(tokens: &[(u64, u64)]) -> Result<Vec<(u64, u64)>> {
        Self::size(tokens).check()?;
        let mut p = tokens.to_vec();
        p.sort_unstable();
        Ok(p)
    }
}

impl Impartial for QueensRules {
    type Position = Vec<(u64, u64)>;

    fn has_moves(&self, pos: &Vec<(u64, u64)>) -> bool {
        !pos.contains(&(0, 0)) && !pos.is_empty()
    }

    fn options(&self, pos: &Vec<(u64, u64)>, out: &mut Vec<Vec<(u64, u64)>>) {
        if pos.contains(&(0, 0)) {
            return;
        }
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue; // the same moves as the equal token before it
            }
            let (x, y) = pos[i];
            let left = (0..x).map(|x2| (x2, y));
            let down = (0..y).map(|y2| (x, y2));
            let diag = (1..=x.min(y)).map(|k| (x - k, y - k));
            for t in left.chain(down).chain(diag) {
                let mut p = pos.clone();
                p[i] = t;
                p.sort_unstable();
                out.push(p);
            }
        }
    }
}

/// The tree chain game on the vertices play can change (the black ones and their
/// ancestors): bit `i` of a position is black vertex `vertices[i]`; a move whitens a black
/// vertex and flips any set of its ancestors.
#[derive(Debug, Clone)]
pub struct TreeChainRules {
    /// The original vertex of each bit.
    vertices: Vec<u32>,
    /// The bits of each bit's proper ancestors.
    ancestors: Vec<Vec<u8>>,
    /// The bit of each original vertex (`NONE` when play never changes it).
    bit: Vec<u32>,
}

/// The vertices play can change: the black ones and their ancestors, ascending.
fn chain_vertices(tree: &TreeChain) -> Vec<u32> {
    let n = tree.black.len();
    let mut marked = vec![false; n];
    for v in 0..n {
        if !tree.black[v] {
            continue;
        }
        let mut a = v as u32;
        while a != NONE && !marked[a as usize] {
            marked[a as usize] = true;
            a = tree.parent[a as usize];
        }
    }
    (0..n as u32).filter(|&v| marked[v as usize]).collect()
}

impl TreeChainRules {
    /// How large the search from `tree` can get: `2^k` colourings of the `k` vertices play
    /// can change; a black vertex at depth `d` has `2^d` moves.
    pub fn size(tree: &TreeChain) -> SearchSize {
        let vs = chain_vertices(tree);
        let moves = vs
            .iter()
            .map(|&v| {
                1u128
                    .checked_shl(tree.depth[v as usize])
                    .unwrap_or(u128::MAX)
            })
            .fold(0u128, u128::saturating_add);
        SearchSize {
            parts_name: "vertices (black ones and their ancestors)",
            parts: vs.len() as u64,
            max_parts: MAX_TREE_BITS as u64,
            log2_positions: Some(vs.len() as u32),
            max_moves: moves,
            work: moves,
        }
    }

    /// The rules for `tree` and the colourings it reaches, with its colouring as a
    /// position. Errors when play can change more than [`MAX_TREE_BITS`] vertices or a
    /// position has too many moves.
    pub fn new(tree: &TreeChain) -> Result<(TreeChainRules, u128)> {
        let vertices = chain_vertices(tree);
        if vertices.len() > MAX_TREE_BITS {
            return Err(too_large(
                "vertices that play can change (black ones and their ancestors)",
                vertices.len(),
                MAX_TREE_BITS,
            ));
        }
        Self::size(tree).check()?;
        let mut bit = vec![NONE; tree.black.len()];
        for (i, &v) in vertices.iter().enumerate() {
            bit[v as usize] = i as u32;
        }
        let ancestors = vertices
            .iter()
            .map(|&v| {
                tree.ancestors(v)
                    .map(|a| bit[a as usize] as u8) // ancestors of a marked vertex are marked
                    .collect()
            })
            .collect();
        let rules = TreeChainRules {
            vertices,
            ancestors,
            bit,
        };
        let start = rules.mask(&tree.black);
        Ok((rules, start))
    }

    /// The position of a colouring (vertices play never changes are ignored).
    pub fn mask(&self, black: &[bool]) -> u128 {
        black
            .iter()
            .enumerate()
            .filter(|&(v, &b)| b && self.bit.get(v).is_some_and(|&i| i != NONE))
            .fold(0, |m, (v, _)| m | 1u128 << self.bit[v])
    }

    /// The black vertices of a position, ascending.
    pub fn black(&self, position: u128) -> Vec<u32> {
        (0..self.vertices.len())
            .filter(|&i| position >> i & 1 == 1)
            .map(|i| self.vertices[i])
            .collect()
    }
}

impl Impartial for TreeChainRules {
    type Position = u128;

    /// A black vertex may be whitened alone.
    fn has_moves(&self, &p: &u128) -> bool {
        p != 0
    }

    fn options(&self, &p: &u128, out: &mut Vec<u128>) {
        for (i, anc) in self.ancestors.iter().enumerate() {
            if p >> i & 1 == 0 {
                continue;
            }
            let whiten = p & !(1u128 << i);
            // `new` checked that 2^depth moves fit in memory.
            for sub in 0u64..1 << anc.len() {
                let flip = anc
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| sub >> k & 1 == 1)
                    .fold(0u128, |m, (_, &a)| m | 1u128 << a);
                out.push(whiten ^ flip);
            }
        }
    }
}

/// Green Hackenbush on the edges connected to the ground: a position is the bit set of the
/// remaining edges (ids in the rules' own order); a cut removes one edge and every edge no
/// longer connected to the ground. The pieces hanging from the ground separately are the
/// components of a position (a disjunctive sum, in every play convention).
#[derive(Debug, Clone)]
pub struct HackenbushRules {
    /// The edges, on vertices renumbered to those the edges touch; the ground is 0.
    edges: Vec<(u32, u32)>,
    adj: Adjacency,
    vertices: usize,
    /// The original id of each edge.
    original: Vec<u32>,
}

impl HackenbushRules {
    /// The edges connected to the ground (original ids).
    fn grounded_edges(h: &Hackenbush) -> Vec<u32> {
        let adj = Adjacency::new(h.names.len(), &h.edges);
        let kept = h.grounded(&adj, NONE);
        (0..h.edges.len() as u32)
            .filter(|&i| kept[i as usize])
            .collect()
    }

    /// How large the search from `h` can get (no useful bound on the positions: a star of
    /// pieces has few, a broom many).
    pub fn size(h: &Hackenbush) -> SearchSize {
        let e = Self::grounded_edges(h).len() as u128;
        SearchSize {
            parts_name: "edges connected to the ground",
            parts: e as u64,
            max_parts: MAX_GRAPH_BITS as u64,
            log2_positions: None,
            max_moves: e,
            work: e * e,
        }
    }

    /// The rules for `h` and the positions it reaches, with `h` as a position. Errors when
    /// more than [`MAX_GRAPH_BITS`] edges are connected to the ground.
    pub fn new(h: &Hackenbush) -> Result<(HackenbushRules, Vec<u64>)> {
        let original = Self::grounded_edges(h);
        if original.len() > MAX_GRAPH_BITS {
            return Err(too_large(
                "edges connected to the ground",
                original.len(),
                MAX_GRAPH_BITS,
            ));
        }
        let mut id: FxHashMap<u32, u32> = FxHashMap::default();
        id.insert(h.ground, 0);
        let mut local = |v: u32| {
            let next = id.len() as u32;
            *id.entry(v).or_insert(next)
        };
        let edges: Vec<(u32, u32)> = original
            .iter()
            .map(|&e| {
                let (u, v) = h.edges[e as usize];
                (local(u), local(v))
            })
            .collect();
        let vertices = id.len();
        let rules = HackenbushRules {
            adj: Adjacency::new(vertices, &edges),
            edges,
            vertices,
            original,
        };
        let mut all = vec![0u64; words(rules.edges.len())];
        for i in 0..rules.edges.len() {
            put(&mut all, i);
        }
        Ok((rules, all))
    }

    /// The position after cutting the edge of original id `edge` from `p` (unchanged when
    /// the edge is not in `p`).
    pub fn cut(&self, p: &[u64], edge: u32) -> Vec<u64> {
        match self.original.binary_search(&edge) {
            Ok(i) if has(p, i) => self.after_cut(p, i),
            _ => p.to_vec(),
        }
    }

    /// The original ids of the edges of a position, ascending.
    pub fn edges_of(&self, p: &[u64]) -> Vec<u32> {
        (0..self.edges.len())
            .filter(|&i| has(p, i))
            .map(|i| self.original[i])
            .collect()
    }

    /// The edges of `p` without edge `i`, keeping those still connected to the ground.
    fn after_cut(&self, p: &[u64], i: usize) -> Vec<u64> {
        let mut present = p.to_vec();
        clear(&mut present, i);
        let mut kept = vec![0u64; present.len()];
        let mut seen = vec![false; self.vertices];
        seen[0] = true;
        let mut stack = vec![0u32];
        while let Some(v) = stack.pop() {
            for &(w, id) in self.adj.of(v) {
                if !has(&present, id as usize) {
                    continue;
                }
                put(&mut kept, id as usize);
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
        kept
    }
}

impl Impartial for HackenbushRules {
    type Position = Vec<u64>;

    fn has_moves(&self, p: &Vec<u64>) -> bool {
        p.iter().any(|&w| w != 0)
    }

    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for i in 0..self.edges.len() {
            if has(p, i) {
                out.push(self.after_cut(p, i));
            }
        }
    }

    fn components(&self, p: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        // Each piece: the edges reached from one neighbour of the ground without passing
        // through the ground (a loop at the ground is a piece of its own).
        let mut piece_of = vec![NONE; self.vertices];
        let mut pieces: Vec<Vec<u64>> = Vec::new();
        for &(w, id) in self.adj.of(0) {
            if !has(p, id as usize) {
                continue;
            }
            if w == 0 {
                let mut set = vec![0u64; p.len()];
                put(&mut set, id as usize);
                pieces.push(set);
                continue;
            }
            if piece_of[w as usize] != NONE {
                continue;
            }
            let k = pieces.len() as u32;
            let mut set = vec![0u64; p.len()];
            piece_of[w as usize] = k;
            let mut stack = vec![w];
            while let Some(v) = stack.pop() {
                for &(x, e) in self.adj.of(v) {
                    if !has(p, e as usize) {
                        continue;
                    }
                    put(&mut set, e as usize);
                    if x != 0 && piece_of[x as usize] == NONE {
                        piece_of[x as usize] = k;
                        stack.push(x);
                    }
                }
            }
            pieces.push(set);
        }
        (pieces.len() > 1).then_some(pieces)
    }
}

/// Undirected vertex geography on the start's connected component: a position is the token
/// and the bit set of visited vertices (the token's included); a move takes the token to an
/// unvisited neighbour.
#[derive(Debug, Clone)]
pub struct GeographyRules {
    /// Neighbours, on the component renumbered.
    adj: Vec<Vec<u32>>,
    /// The original vertex of each number.
    vertices: Vec<u32>,
    /// The number in the component of each original vertex.
    local: FxHashMap<u32, u32>,
}

/// A geography position: the token and the visited vertices (bits of the component).
pub type GeographyPosition = (u32, Vec<u64>);

impl GeographyRules {
    /// The start's connected component, in BFS order.
    fn component(geo: &Geography, start: u32) -> Vec<u32> {
        let mut seen: FxHashMap<u32, ()> = FxHashMap::default();
        seen.insert(start, ());
        let mut order = vec![start];
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in geo.neighbours(v) {
                if seen.insert(w, ()).is_none() {
                    order.push(w);
                }
            }
        }
        order
    }

    /// How large the search from `start` can get (no useful bound on the positions: a path
    /// has few, a clique factorially many).
    pub fn size(geo: &Geography, start: u32) -> SearchSize {
        let comp = Self::component(geo, start);
        let degree = comp
            .iter()
            .map(|&v| geo.neighbours(v).len() as u128)
            .max()
            .unwrap_or(0);
        SearchSize {
            parts_name: "vertices in the start's component",
            parts: comp.len() as u64,
            max_parts: MAX_GRAPH_BITS as u64,
            log2_positions: None,
            max_moves: degree,
            work: degree * words(comp.len()) as u128,
        }
    }

    /// The rules for the start's component, with the token on `start` (visited) as a
    /// position. Errors when the component has more than [`MAX_GRAPH_BITS`] vertices.
    pub fn new(geo: &Geography, start: u32) -> Result<(GeographyRules, GeographyPosition)> {
        let comp = Self::component(geo, start);
        if comp.len() > MAX_GRAPH_BITS {
            return Err(too_large(
                "vertices in the start's component",
                comp.len(),
                MAX_GRAPH_BITS,
            ));
        }
        let local: FxHashMap<u32, u32> = comp
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i as u32))
            .collect();
        let adj = comp
            .iter()
            .map(|&v| geo.neighbours(v).iter().map(|w| local[w]).collect())
            .collect();
        let rules = GeographyRules {
            adj,
            vertices: comp,
            local,
        };
        let start = rules
            .position(start, &[start])
            .ok_or_else(|| Error::invalid("the start vertex is not in the graph"))?;
        Ok((rules, start))
    }

    /// The position with the token on `token` and the vertices `visited` visited (original
    /// numbers; the token is visited too); `None` when one is outside the component.
    pub fn position(&self, token: u32, visited: &[u32]) -> Option<GeographyPosition> {
        let mut set = vec![0u64; words(self.adj.len())];
        for v in visited.iter().chain([&token]) {
            put(&mut set, *self.local.get(v)? as usize);
        }
        Some((self.local[&token], set))
    }

    /// The original vertex the token of `p` is on.
    pub fn token(&self, p: &GeographyPosition) -> u32 {
        self.vertices[p.0 as usize]
    }
}

impl Impartial for GeographyRules {
    type Position = GeographyPosition;

    fn has_moves(&self, (v, seen): &GeographyPosition) -> bool {
        self.adj[*v as usize]
            .iter()
            .any(|&w| !has(seen, w as usize))
    }

    fn options(&self, (v, seen): &GeographyPosition, out: &mut Vec<GeographyPosition>) {
        for &w in &self.adj[*v as usize] {
            if !has(seen, w as usize) {
                let mut next = seen.clone();
                put(&mut next, w as usize);
                out.push((w, next));
            }
        }
    }
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
