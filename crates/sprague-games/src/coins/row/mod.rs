//! A row of coins: positions, the values of heads, winning moves and the moves of a rule at
//! one head.
//!
//! A position is written either as a string of `H` (heads) and `T` (tails), coin 1 first
//! (`THHTH`: heads at 2, 3 and 5), or as the positions of the heads (`2 3 5`; any size,
//! each at most once; a row without heads is written `T`).
//!
//! Moves are counted by closed forms (`C(x − 1, s)` sets of `s` other coins for "up to
//! k", `min(k, x)` runs), so no list is sized by a head's position.
//!
//! - [`position`]: a row read from words (H/T or head positions) and written back after a move.
//! - [`search`]: the value of each head (closed form or the rule's table) and the winning
//!   moves of a row by enumeration within a budget.
//! - [`sets`]: the moves of a rule at one head: enumerated in order, counted, sampled.

mod fallback;
pub mod game;
pub mod position;
pub mod search;
pub mod sets;

pub use position::Row;
pub use search::{
    head_values, sets_with_xor, winning_moves, HeadValues, MAX_ENUMERATED, SEARCH_STEPS,
};
pub use sets::{count_at, each_set, first_sets, kind_count, kinds};

#[cfg(test)]
mod tests;
