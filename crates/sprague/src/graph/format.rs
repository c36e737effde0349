//! The plain-text graph format shared by every game on graphs.
//!
//! ```text
//! 1>2 2>3 3>1        directed edges (u>v), chains allowed: 1>2>3
//! a-b, b-c           undirected edges (u-v), chains allowed: a-b-c
//! lonely             a vertex without edges
//! # comment          to the end of the line
//! ```
//! Vertices are named by numbers or words (letters, digits, `_`, `.`); items are separated
//! by spaces, commas, semicolons or newlines. Loops (`a-a`, `a>a`) and repeated edges are
//! kept: Hackenbush needs both. Vertices are numbered in order of first appearance.

use crate::error::{Error, Result};
use rustc_hash::FxHashMap;

/// An edge as written: from, to (vertex indices) and whether it is directed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Edge {
    pub from: u32,
    pub to: u32,
    pub directed: bool,
}

/// A parsed graph: named vertices and the edges in input order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    index: FxHashMap<String, u32>,
    edges: Vec<Edge>,
}

pub use sprague_core::retrograde::Csr;

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '.'
}

impl Graph {
    /// An empty graph.
    pub fn new() -> Self {
        Self::default()
    }

    /// Parses the text format described in the module documentation.
    pub fn parse(text: &str) -> Result<Graph> {
        let mut g = Graph::new();
        for (line_no, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            for item in line.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
                if item.is_empty() {
                    continue;
                }
                g.parse_item(item)
                    .map_err(|e| Error::parse(format!("graph, line {}: {e}", line_no + 1)))?;
            }
        }
        Ok(g)
    }

    fn parse_item(&mut self, item: &str) -> Result<(), String> {
        // An item is NAME (OP NAME)* with OP one of '>' and '-'.
        let mut prev: Option<u32> = None;
        let mut pending: Option<bool> = None; // Some(directed) after an operator
        let mut rest = item;
        while !rest.is_empty() {
            let c = rest.chars().next().expect("non-empty");
            if c == '>' || c == '-' {
                if prev.is_none() || pending.is_some() {
                    return Err(format!(
                        "`{item}`: an edge needs a vertex name on each side of `{c}`"
                    ));
                }
                pending = Some(c == '>');
                rest = &rest[1..];
                continue;
            }
            let len = rest
                .find(|ch: char| !is_name_char(ch))
                .unwrap_or(rest.len());
            if len == 0 {
                return Err(format!("`{item}`: unexpected character `{c}` (vertex names use letters, digits, `_` and `.`; edges are `u>v` or `u-v`)"));
            }
            let v = self.vertex_or_insert(&rest[..len]);
            rest = &rest[len..];
            if let (Some(p), Some(directed)) = (prev, pending.take()) {
                self.edges.push(Edge {
                    from: p,
                    to: v,
                    directed,
                });
            } else if prev.is_some() {
                return Err(format!(
                    "`{item}`: two vertex names without an edge between them"
                ));
            }
            prev = Some(v);
        }
        if pending.is_some() {
            return Err(format!(
                "`{item}`: an edge needs a vertex name after the operator"
            ));
        }
        Ok(())
    }

    /// The index of a vertex, adding it when new.
    pub fn vertex_or_insert(&mut self, name: &str) -> u32 {
        if let Some(&v) = self.index.get(name) {
            return v;
        }
        let v = self.names.len() as u32;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), v);
        v
    }

    /// The index of a named vertex, or an error naming it.
    pub fn vertex(&self, name: &str) -> Result<u32> {
        self.index
            .get(name.trim())
            .copied()
            .ok_or_else(|| Error::invalid(format!("the graph has no vertex `{name}`")))
    }

    /// A vertex's name.
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// The edges in input order.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Adds an edge between existing vertices.
    pub fn add_edge(&mut self, from: u32, to: u32, directed: bool) {
        self.edges.push(Edge { from, to, directed });
    }

    /// True when every edge is directed.
    pub fn is_directed(&self) -> bool {
        self.edges.iter().all(|e| e.directed)
    }

    /// The move graph: a directed edge is one arc, an undirected edge two (one for a loop).
    pub fn arcs(&self) -> Csr {
        let arcs = self.edges.iter().flat_map(|e| {
            let back = (!e.directed && e.from != e.to).then_some((e.to, e.from));
            std::iter::once((e.from, e.to)).chain(back)
        });
        Csr::from_arcs(self.names.len(), arcs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_edges_chains_and_lone_vertices() {
        let g = Graph::parse("1>2>3, a-b\nlonely # a comment\n3>1").unwrap();
        assert_eq!(g.vertex_count(), 6);
        assert_eq!(g.edges().len(), 4);
        assert!(g.edges()[0].directed && !g.edges()[2].directed);
        let csr = g.arcs();
        assert_eq!(
            csr.successors(g.vertex("1").unwrap()),
            &[g.vertex("2").unwrap()]
        );
        assert_eq!(
            csr.successors(g.vertex("a").unwrap()),
            &[g.vertex("b").unwrap()]
        );
        assert_eq!(
            csr.successors(g.vertex("b").unwrap()),
            &[g.vertex("a").unwrap()]
        );
        assert!(csr.successors(g.vertex("lonely").unwrap()).is_empty());
        let t = csr.transpose();
        assert_eq!(
            t.successors(g.vertex("1").unwrap()),
            &[g.vertex("3").unwrap()]
        );
    }

    #[test]
    fn loops_and_repeated_edges_are_kept() {
        let g = Graph::parse("0-1 0-1 1-1").unwrap();
        assert_eq!(g.edges().len(), 3);
        assert_eq!(g.arcs().successors(1).len(), 3); // back to 0 twice, and the loop once
    }

    #[test]
    fn malformed_items_are_named() {
        for bad in ["1>", ">2", "1>>2", "a-", "1>2!", "a b>c-"] {
            let err = Graph::parse(bad).unwrap_err().to_string();
            assert!(err.contains("graph"), "{bad}: {err}");
        }
        assert!(Graph::parse("1>2").unwrap().vertex("9").is_err());
    }
}
