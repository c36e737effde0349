//! Green Hackenbush (docs/theory.md#green-hackenbush): an undirected graph attached to a ground vertex; a move
//! cuts one edge, and whatever is no longer connected to the ground disappears.
//!
//! Theory (Berlekamp, Conway & Guy, *Winning Ways*, ch. 7; Conway, *On Numbers and Games*):
//! - colon principle: a rooted tree is worth `g(v) = XOR over children c of (g(c) + 1)`;
//! - fusion principle: the vertices of a cycle may be fused into one vertex without changing
//!   the value, the cycle's edges becoming loops, and a loop is worth `*1`.
//!
//! So the value is computed by finding the bridges (iterative Tarjan lowlink), fusing each
//! 2-edge-connected component into one vertex that carries its edges as loops (worth the
//! parity of their number), and applying the colon principle on the tree of components.
//! Everything is iterative: a million-vertex path is fine.
//!
//! Winning moves: a top-down pass gives, for every component, the value its subtree must take
//! for the whole to be worth 0; a bridge is a winning cut when removing its subtree achieves
//! that, and a cycle edge is tested by re-fusing its component without it (the component's
//! children are replaced by stalks of their values, as the colon principle allows).
//!
//! - `fusion`: the algorithm: bridges, fused components, the colon principle, and the value
//!   of a component re-fused after one of its cycle edges is cut.
//! - `position`: a position (graph and ground), its analysis (value, winning cuts, values
//!   after every cut) and the names of its edges.
//! - `game`: the catalogue game `green-hackenbush` (flags, verdicts, move lists).

pub mod fusion;
pub mod game;
pub mod position;
#[cfg(test)]
mod tests;

pub use fusion::Fusion;
pub use position::{EdgeNames, Hackenbush, HackenbushAnalysis, MAX_CYCLE_WORK};
