//! Coin-turning games (GAMES.md A15), nimber multiplication, and two-dimensional
//! coin-turning games by the Tartan theorem. (Issue 3.)

pub mod nimber;
pub mod rule;

use crate::catalogue::Entry;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    vec![]
}
