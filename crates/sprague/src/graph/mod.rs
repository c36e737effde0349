//! Games on graphs (GAMES.md part B): the plain-text graph format, games on directed graphs
//! with or without cycles, Hackenbush, geography, tree games. (Issue 4.)

pub mod format;
pub mod jewel;
pub mod loopy;

pub use format::{Csr, Edge, Graph};

use crate::catalogue::Entry;
use crate::problems::Problem;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    vec![loopy::entry()]
}

/// The judge problems answered by this module.
pub fn problems() -> Vec<Problem> {
    vec![jewel::problem()]
}
