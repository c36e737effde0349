//! Helpers shared by the games on undirected graphs (Green Hackenbush, geography): reading
//! the graph words of the command line with clear errors, and adjacency with edge ids.

use super::format::Graph;
use crate::error::{Error, Result};

/// Parses the words of a position as one undirected graph (the words are joined by spaces,
/// so `0-1 1-2` and `"0-1 1-2"` are the same). Rejects empty graphs and directed edges.
pub fn parse_undirected(game: &str, words: &[String]) -> Result<Graph> {
    let text = words.join(" ");
    let g = Graph::parse(&text)?;
    if g.vertex_count() == 0 {
        return Err(Error::invalid(format!(
            "{game} needs a graph, e.g. `0-1 1-2 2-0`; the graph given is empty"
        )));
    }
    if let Some(e) = g.edges().iter().find(|e| e.directed) {
        return Err(Error::invalid(format!(
            "{game} is played on an undirected graph, but the edge `{}>{}` is directed (write `{}-{}`)",
            g.name(e.from),
            g.name(e.to),
            g.name(e.from),
            g.name(e.to)
        )));
    }
    Ok(g)
}

/// Looks up a vertex named by an option (`--start`, `--ground`), naming the option in the error.
pub fn option_vertex(g: &Graph, option: &str, name: &str) -> Result<u32> {
    g.vertex(name).map_err(|_| {
        Error::invalid(format!(
            "the {option} vertex `{name}` is not a vertex of the graph"
        ))
    })
}

/// Undirected adjacency with edge ids: the entries of `v` are `(neighbour, edge id)`; a
/// loop appears once in its vertex's list.
#[derive(Debug, Clone, Default)]
pub struct Adjacency {
    /// `offsets[v]..offsets[v + 1]` indexes the entries of vertex `v`.
    pub offsets: Vec<u32>,
    /// Per vertex, its `(neighbour, edge id)` pairs.
    pub entries: Vec<(u32, u32)>,
}

impl Adjacency {
    /// Builds the adjacency of `n` vertices and the edges `(u, v)` (edge id = index).
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Adjacency {
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in edges {
            offsets[u as usize + 1] += 1;
            if u != v {
                offsets[v as usize + 1] += 1;
            }
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut entries = vec![(0u32, 0u32); offsets[n] as usize];
        for (id, &(u, v)) in edges.iter().enumerate() {
            entries[fill[u as usize] as usize] = (v, id as u32);
            fill[u as usize] += 1;
            if u != v {
                entries[fill[v as usize] as usize] = (u, id as u32);
                fill[v as usize] += 1;
            }
        }
        Adjacency { offsets, entries }
    }

    /// The `(neighbour, edge id)` entries of `v`.
    pub fn of(&self, v: u32) -> &[(u32, u32)] {
        &self.entries[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }
}
