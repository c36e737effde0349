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
//! The rules (positions, head values, winning moves, the moves at one head) are in
//! `sprague_games::coins::row`, re-exported here; `game` is the catalogue game (verdicts,
//! labels, move lists, the table).

mod game;
#[cfg(test)]
mod tests;

pub use sprague_games::coins::row::*;

pub(crate) use game::{fit, OUTPUT_BYTES};
pub use game::{CoinGame, MAX_MOVES_SHOWN, MAX_WINNING_SHOWN};
