//! The number games of docs/theory.md#heap-games in the catalogue. Each game's rules and
//! theorem are in `sprague_games::number` (re-exported by each module here); this layer
//! names the games (`bash:3`), builds them as catalogue games through
//! [`framework::NumberGameAdapter`], and answers their positions.

pub mod bash;
pub mod euclid;
pub mod fibonacci_nim;
pub mod framework;
pub mod moore;
pub mod nim;
pub mod prime_power;
pub mod redistribute;
pub mod sorted_piles;
pub mod staircase;
pub mod subtraction;
pub mod wythoff;

use crate::interface::Entry;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    vec![
        nim::entry(),
        euclid::entry(),
        wythoff::entry(),
        fibonacci_nim::entry(),
        redistribute::entry(),
        bash::entry_bash(),
        bash::entry_bounded(),
        subtraction::entry(),
        prime_power::entry(),
        sorted_piles::entry(),
        staircase::entry(),
        moore::entry(),
    ]
}
