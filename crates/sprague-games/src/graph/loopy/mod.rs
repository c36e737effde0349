//! Tokens on a directed graph, with or without cycles (docs/theory.md#dag): the `graph` entry.
//!
//! A move takes one token along one arc; the player who cannot move loses. Acyclic graphs
//! get Grundy values (computed from the sinks up, in reverse topological order) and sums by
//! XOR. Graphs with cycles get, for one token, win/lose/draw with remoteness by retrograde
//! analysis ([`crate::retrograde::solve_csr`]) and, for sums, the generalized Sprague–Grundy
//! function γ ([`crate::retrograde::gsg`]). Everything is iterative.
//!
//! - `analysis`: the algorithm: Grundy values of an acyclic graph, γ of a graph with cycles,
//!   the outcome and moves of any set of tokens, the generalized nim-sum, misère play of one
//!   token.
//! - `game`: the catalogue game `graph` (positions with tokens, verdicts, moves, the table).

pub mod analysis;
pub mod game;
#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod tests;

pub use analysis::{gamma_sum, GraphAnalysis};
