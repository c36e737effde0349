//! Games on graphs (GAMES.md part B): the plain-text graph format, games on directed graphs
//! with or without cycles, Hackenbush, geography, tree games. (Issue 4.)

pub mod cycle_coin;
pub mod format;
pub mod geography;
pub mod hackenbush;
pub mod jewel;
pub mod loopy;
pub mod queens;
pub mod tree_chain;
pub mod undirected;

pub use format::{Csr, Edge, Graph};

use crate::catalogue::Entry;
use crate::problems::Problem;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    let mut list = vec![loopy::entry()];
    list.extend(undirected_entries());
    list
}

/// Entries of the games on undirected graphs and boards (Hackenbush, geography, tree chain, queens).
fn undirected_entries() -> Vec<Entry> {
    vec![
        hackenbush::entry(),
        geography::entry(),
        tree_chain::entry(),
        queens::entry(),
    ]
}

/// The judge problems answered by this module.
pub fn problems() -> Vec<Problem> {
    let mut list = vec![jewel::problem()];
    list.extend(undirected_problems());
    list
}

fn undirected_problems() -> Vec<Problem> {
    vec![cycle_coin::PROBLEM_P1288, tree_chain::PROBLEM_TREE_CHAIN]
}
