//! Games on graphs: the graph text format, undirected graphs, and the analyses of tokens
//! on directed graphs (with or without cycles), Hackenbush and geography.
//!
//! - [`format`](mod@format): graphs as text (`a>b b>c`, `0-1 1-2`), vertices by name, the position
//!   words that read a graph game back.
//! - [`undirected`]: adjacency of undirected multigraphs.
//! - [`automorphisms`]: symmetries of a small undirected graph, for memo keys.
//! - [`loopy`]: tokens on directed graphs: Grundy values, γ with cycles, misère play.
//! - [`hackenbush`]: Green Hackenbush by the fusion principle and colon principle.
//! - [`geography`]: undirected vertex geography by maximum matchings.
//! - [`jewel`]: the Jewel Game, by value-carrying retrograde analysis layered by jewels.
//! - [`queens`]: queens racing to the corner: a Grundy table and sums by XOR.
//! - [`tree_chain`]: the tree chain game by the parity of black vertices per depth.
//! - [`engine`]: queens, tree chain, Green Hackenbush and geography as whole positions for
//!   the generic engine (misère and every-move play, checks of the theorems).
//! - `check`: the theorems of the Hackenbush, geography and tree chain entries against the
//!   engine's search, on small graphs.

pub mod automorphisms;
mod check;
pub mod engine;
pub mod format;
pub mod geography;
pub mod hackenbush;
pub mod jewel;
pub mod loopy;
pub mod queens;
pub mod tree_chain;
pub mod undirected;
pub mod verdicts;

pub use format::{Edge, Graph, PositionWords};
