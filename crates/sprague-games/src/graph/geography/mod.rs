//! Undirected vertex geography (docs/theory.md#geography): a token on a start vertex; a move takes it to
//! an adjacent vertex not visited before; the player who cannot move loses.
//!
//! Theorem (Fraenkel, Scheinerman & Ullman, "Undirected edge geography", TCS 112 (1993),
//! which also settles the vertex version): the player to move wins iff the start vertex is in
//! every maximum matching, i.e. iff the maximum matching of G − s is smaller than that of G;
//! then moving along the edge of a maximum matching at s wins.
//!
//! A maximum matching is found by Hopcroft–Karp when the graph is bipartite (BFS 2-colouring)
//! and by Edmonds' blossom algorithm otherwise; both are written here, iteratively. The
//! decision then needs one more augmenting-path search (from the mate of s in G − s), and each
//! further winning move one search in G − s − w.
//!
//! - `matching`: the two maximum-matching algorithms, Hopcroft–Karp and Edmonds' blossom.
//! - `decision`: the game's graph ([`Geography`]) and the decision from a start vertex
//!   with its winning moves ([`GeographyAnalysis`]).
//! - `game`: the catalogue game `geography` (positions, verdicts, moves).

pub mod decision;
pub mod game;
mod matching;
#[cfg(test)]
mod tests;

pub use decision::{Geography, GeographyAnalysis, MAX_MOVE_WORK};
