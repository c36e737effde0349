//! A row of coins as a catalogue game: parsing, value, winning moves, moves, table.
//!
//! A position is written either as a string of `H` (heads) and `T` (tails), coin 1 first
//! (`THHTH`: heads at 2, 3 and 5), or as the positions of the heads (`2 3 5`; any size,
//! each at most once; a row without heads is written `T`). A move is labelled by the coins
//! it turns, ascending (`turn coins 1 and 5`); the last one is the head that goes to tails.
//!
//! Moves are counted by closed forms (`C(x − 1, s)` sets of `s` other coins for "up to
//! k", `min(k, x)` runs), so long lists are capped samples with the count in the note, and
//! no list is sized by a head's position.
//!
//! - `position`: a row read from words (H/T or head positions) and written back after a move.
//! - `search`: the value of each head (closed form or the rule's table) and the winning
//!   moves of a row by enumeration within a budget.
//! - `sets`: the moves of a rule at one head: enumerated in order, counted, sampled.
//! - `game`: the catalogue game (verdicts, labels, move lists, the table).

mod game;
mod position;
mod search;
mod sets;
#[cfg(test)]
mod tests;

pub(crate) use game::{fit, OUTPUT_BYTES};
pub use game::{plain_play_only, CoinGame, MAX_LEGAL_MOVES, MAX_MOVES_SHOWN, MAX_WINNING_SHOWN};
pub use position::Row;
pub use search::{head_values, winning_moves, MAX_ENUMERATED, MAX_LISTED};
pub(crate) use search::{sets_with_xor, SEARCH_STEPS};
pub(crate) use sets::{count_at, each_set};
