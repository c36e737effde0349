//! Partizan rulesets: the rules of a game as a move generator, solved by the generic
//! engines of [`outcome`](crate::partizan::outcome) (outcome classes by brute force) and
//! [`solver`] (canonical forms through the core).
//!
//! A ruleset says, for a position, what Left and Right can move to, how the position splits
//! into independent components (a disjunctive sum), and how to put a position in a normal
//! form so that positions known to have the same value (reflections of a board) or opposite
//! values (a board with the players' roles swapped) share one memo entry.

pub mod clobber;
pub mod cutcake;
pub mod domineering;
mod domineering_fast;
mod grid;
pub mod hackenbush;
pub mod toads;

// The rules trait, the table its own-search hook fills, and its engines live in the core
// layer.
pub use sprague_core::partizan::memo::CompactMemo;
pub use sprague_core::partizan::rules::{Ruleset, Side};
pub use sprague_core::partizan::solver;

#[cfg(test)]
mod tests;
