//! Partizan rulesets: the rules of a game as a move generator, solved by the generic
//! engines of the core (`sprague_core::partizan::outcome`, outcome classes by brute
//! force, and `sprague_core::partizan::solver`, canonical forms), and made a catalogue game
//! by [`game`].
//!
//! A ruleset says, for a position, what Left and Right can move to, how the position splits
//! into independent components (a disjunctive sum), and how to put a position in a normal
//! form so that positions known to have the same value (reflections of a board) or opposite
//! values (a board with the players' roles swapped) share one memo entry.

pub mod amazons;
pub mod clobber;
pub mod colouring;
pub mod colouring_graph;
pub mod cutcake;
pub mod domineering;
mod domineering_fast;
pub mod fission;
pub mod game;
#[cfg(test)]
mod game_tests;
mod grid;
pub mod hackenbush;
pub mod konane;
#[cfg(test)]
mod parallel_tests;
pub mod ski_jumps;
pub mod toads;

#[cfg(test)]
pub(crate) mod tests;
