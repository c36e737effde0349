//! Geography in the catalogue: the rules and the analysis are in
//! `sprague_games::graph::geography`, re-exported here.

pub use sprague_games::graph::geography::*;

mod game;
pub use game::entry;
