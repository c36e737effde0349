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
    /// The first vertex (index into the graph's names).
    pub from: u32,
    /// The second vertex.
    pub to: u32,
    /// True for an arc `from>to`, false for an edge `from-to`.
    pub directed: bool,
}

/// A parsed graph: named vertices and the edges in input order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graph {
    names: Vec<String>,
    index: FxHashMap<String, u32>,
    edges: Vec<Edge>,
}

use sprague_core::retrograde::Csr;

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

    /// The graph written in the text format, so that [`Graph::parse`] reads back the same
    /// graph: the same vertex names and numbering (order of first appearance) and the same
    /// edges in the same order. Vertices are written alone only where the numbering needs
    /// it (isolated vertices, or vertices first named before the edges that use them).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let item = |out: &mut String, text: std::fmt::Arguments| {
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = std::fmt::Write::write_fmt(out, text);
        };
        // Vertices 0..next are written; an edge names its new vertices in the order from, to.
        let mut next = 0u32;
        for e in &self.edges {
            let (f, t) = (e.from, e.to);
            let f_new = f >= next;
            let t_new = t >= next && t != f;
            let newest = match (f_new, t_new) {
                (false, false) => None,
                (true, false) => Some(f),
                (false, true) => Some(t),
                (true, true) => Some(f.max(t)),
            };
            if let Some(m) = newest {
                // The edge numbers `from` then `to` itself only when they are consecutive
                // in that order; every other vertex below the newest is written alone first.
                let alone_until = if f_new && t_new && t == f + 1 { f } else { m };
                for v in next..alone_until {
                    item(&mut out, format_args!("{}", self.names[v as usize]));
                }
                next = m + 1;
            }
            let op = if e.directed { '>' } else { '-' };
            item(
                &mut out,
                format_args!("{}{op}{}", self.names[f as usize], self.names[t as usize]),
            );
        }
        for v in next as usize..self.names.len() {
            item(&mut out, format_args!("{}", self.names[v]));
        }
        out
    }

    /// The graph of the vertices `keep_vertex` accepts and the edges (by index) `keep_edge`
    /// accepts between them, numbered in the same relative order.
    pub fn filtered(
        &self,
        keep_vertex: impl Fn(u32) -> bool,
        keep_edge: impl Fn(usize) -> bool,
    ) -> Graph {
        let mut g = Graph::new();
        let mut new_id = vec![u32::MAX; self.names.len()];
        for v in 0..self.names.len() as u32 {
            if keep_vertex(v) {
                new_id[v as usize] = g.vertex_or_insert(&self.names[v as usize]);
            }
        }
        for (i, e) in self.edges.iter().enumerate() {
            let (f, t) = (new_id[e.from as usize], new_id[e.to as usize]);
            if f != u32::MAX && t != u32::MAX && keep_edge(i) {
                g.add_edge(f, t, e.directed);
            }
        }
        g
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

/// The words of a position split into the graph and its `key=V,W,...` words.
///
/// Games on graphs carry their vertices of note in the position itself, as words such as
/// `token=a,b`, `start=3`, `ground=0` or `black=2,4`, standing anywhere among the graph's
/// items (separated from them by white space; a word may be repeated, its lists add up).
/// This reads them out of the command-line words (which may hold several lines, e.g. a
/// file read with `@FILE`) and leaves the graph text, comments dropped, line numbers kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PositionWords {
    /// The words of the graph, one per command-line word, lines kept.
    pub graph: Vec<String>,
    /// Each key read, with the names of its comma-separated list, in the order written.
    pub keys: Vec<(&'static str, Vec<String>)>,
}

impl PositionWords {
    /// Splits `words`; `keys` are the keys the game `game` reads. A word `KEY=...` with
    /// another key is an error naming the keys that are read.
    pub fn split(game: &str, words: &[String], keys: &[&'static str]) -> Result<PositionWords> {
        let mut out = PositionWords::default();
        for word in words {
            let mut lines = Vec::new();
            for line in word.lines() {
                let code = line.split('#').next().unwrap_or("");
                let mut kept = Vec::new();
                for piece in code.split_whitespace() {
                    let Some((key, list)) = piece.split_once('=') else {
                        kept.push(piece);
                        continue;
                    };
                    let Some(&key) = keys.iter().find(|k| **k == key) else {
                        let known: Vec<String> = keys.iter().map(|k| format!("`{k}=`")).collect();
                        return Err(Error::parse(format!(
                            "{game}: unknown word `{piece}`; besides the graph, a position holds {}",
                            if known.is_empty() {
                                "nothing".to_string()
                            } else {
                                known.join(" and ")
                            }
                        )));
                    };
                    let names: Vec<String> = list
                        .split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect();
                    out.keys.push((key, names));
                }
                lines.push(kept.join(" "));
            }
            out.graph.push(lines.join("\n"));
        }
        Ok(out)
    }

    /// Whether the key was written.
    pub fn has(&self, key: &str) -> bool {
        self.keys.iter().any(|(k, _)| *k == key)
    }

    /// Every name listed under `key`, in the order written.
    pub fn list(&self, key: &str) -> Vec<String> {
        self.keys
            .iter()
            .filter(|(k, _)| *k == key)
            .flat_map(|(_, names)| names.iter().cloned())
            .collect()
    }

    /// The one vertex named by `key` (`start=3`), merged with the command-line flag that
    /// means the same (`--start 3`): giving both, or several names, is an error.
    pub fn single(&self, key: &str, flag: Option<&str>) -> Result<Option<String>> {
        let names = self.list(key);
        if self.has(key) && flag.is_some() {
            return Err(Error::invalid(format!(
                "the {key} vertex is given twice: as `{key}=` in the position and as `--{}`; give one",
                flag_name(key)
            )));
        }
        match (names.len(), flag) {
            (_, Some(f)) => Ok(Some(f.to_string())),
            (0, None) if self.has(key) => Err(Error::parse(format!(
                "`{key}=` names no vertex: write `{key}=V`"
            ))),
            (0, None) => Ok(None),
            (1, None) => Ok(names.into_iter().next()),
            _ => Err(Error::invalid(format!(
                "`{key}=` names one vertex, got {}",
                names.join(",")
            ))),
        }
    }
}

/// The command-line flag that sets the same thing as a position word.
fn flag_name(key: &str) -> &str {
    match key {
        "root" => "ground",
        k => k,
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

    #[test]
    fn text_reads_back_as_the_same_graph() {
        for text in [
            "1>2>3, a-b\nlonely # a comment\n3>1",
            "x y>x",
            "a c-b c>a",
            "p q r s r-p",
            "0-1 0-1 1-1 5 2-0",
            "b-a",
            "a-a",
        ] {
            let g = Graph::parse(text).unwrap();
            let back = Graph::parse(&g.to_text()).unwrap();
            assert_eq!(back, g, "{text} -> {}", g.to_text());
        }
        // Random graphs with isolated vertices named before and after their edges.
        let mut seed = 0x1357_9bdf_2468_ace0u64;
        let mut next = |k: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % k
        };
        for _ in 0..300 {
            let mut items = Vec::new();
            for _ in 0..1 + next(8) {
                let (u, v) = (next(6), next(6));
                items.push(match next(3) {
                    0 => format!("v{u}"),
                    1 => format!("v{u}>v{v}"),
                    _ => format!("v{u}-v{v}"),
                });
            }
            let g = Graph::parse(&items.join(" ")).unwrap();
            assert_eq!(Graph::parse(&g.to_text()).unwrap(), g, "{items:?}");
        }
        let g = Graph::parse("a-b b-c c-d d").unwrap();
        let sub = g.filtered(|v| v != 1, |i| i != 2);
        assert_eq!(sub.to_text(), "a c d");
    }

    #[test]
    fn position_words_are_read_out_of_the_graph() {
        let words = vec![
            "a>b token=a,b".to_string(),
            "b>c # token=c is a comment\nc>a".to_string(),
            "token=c".to_string(),
        ];
        let p = PositionWords::split("graph", &words, &["token"]).unwrap();
        assert_eq!(p.list("token"), vec!["a", "b", "c"]);
        assert_eq!(p.graph, vec!["a>b", "b>c\nc>a", ""]);
        let e = PositionWords::split("graph", &words, &["start"]).unwrap_err();
        assert!(e.to_string().contains("`start=`"), "{e}");
        let p =
            PositionWords::split("geography", &["1-2 start=1".to_string()], &["start"]).unwrap();
        assert_eq!(p.single("start", None).unwrap(), Some("1".to_string()));
        assert!(p.single("start", Some("2")).is_err());
        let p = PositionWords::split("geography", &["start=1,2".to_string()], &["start"]).unwrap();
        assert!(p.single("start", None).is_err());
    }
}
