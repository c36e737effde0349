//! Loopy in the catalogue: the rules and the analysis are in
//! `sprague_games::graph::loopy`, re-exported here.

pub use sprague_games::graph::loopy::*;

mod game;
pub use game::entry;
#[cfg(test)]
mod game_tests;
