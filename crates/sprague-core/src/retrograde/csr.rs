//! Compressed adjacency lists: the flat graph representation the retrograde solvers run on.

use crate::pages;

/// Compressed adjacency (CSR): the successors of `v` are `targets[offsets[v]..offsets[v+1]]`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Csr {
    /// `offsets[v]..offsets[v + 1]` indexes the successors of `v`; `n + 1` entries.
    pub offsets: Vec<u32>,
    /// The successors of every vertex, vertex after vertex.
    pub targets: Vec<u32>,
}

impl Csr {
    /// Builds a CSR over `n` vertices from arcs `(from, to)`.
    pub fn from_arcs(n: usize, arcs: impl Iterator<Item = (u32, u32)> + Clone) -> Csr {
        // On huge pages when large: the arcs are written and read at random places.
        let mut offsets = pages::filled(n + 1, 0u32);
        for (f, _) in arcs.clone() {
            offsets[f as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = pages::copy_of(&offsets);
        let mut targets = pages::filled(offsets[n] as usize, 0u32);
        for (f, t) in arcs {
            targets[fill[f as usize] as usize] = t;
            fill[f as usize] += 1;
        }
        Csr { offsets, targets }
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    /// True when there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The successors of `v`.
    pub fn successors(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// The reverse graph (predecessor lists).
    pub fn transpose(&self) -> Csr {
        let n = self.len();
        let arcs = (0..n as u32).flat_map(|v| self.successors(v).iter().map(move |&w| (w, v)));
        Csr::from_arcs(n, arcs)
    }
}
