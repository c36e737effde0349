//! Hackenbush in the catalogue: the rules and the analysis are in
//! `sprague_games::graph::hackenbush`, re-exported here.

pub use sprague_games::graph::hackenbush::*;

mod game;
pub use game::entry;
