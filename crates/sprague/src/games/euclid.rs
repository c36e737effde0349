//! The catalogue entry of `euclid`: its rules and theorem are `sprague_games::number::euclid`.

pub use sprague_games::number::euclid::*;

use super::framework::NumberGameAdapter;
use crate::error::Result;
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("euclid", params)?;
    Ok(Box::new(NumberGameAdapter(Euclid)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "euclid",
        aliases: &[],
        usage: "euclid X Y [+ X Y ...]",
        summary: "Euclid's game: subtract a multiple of the smaller number from the larger",
        rules: "Two non-negative numbers. A move subtracts a positive multiple of the smaller from the larger, leaving it non-negative. The player who makes a 0 wins (a pair containing 0 is a finished game).",
        theorem: "With x ≥ y > 0, the player to move wins iff x = y or x/y > φ (the golden ratio), decided exactly as x² − xy − y² > 0. From a winning position with q = ⌊x/y⌋ ≥ 2, exactly one of (x mod y, y) and (x mod y + y, y) is a losing position to move to.",
        references: "A. J. Cole and A. J. T. Davie, A game based on the Euclidean algorithm and a winning strategy for it, Math. Gazette 53 (1969) 354–357.",
        build,
    }
}
