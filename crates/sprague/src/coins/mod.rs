//! Coin-turning games (GAMES.md A15) and nimber multiplication. (Issue 3.)

use crate::catalogue::Entry;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    vec![]
}
