//! Positions: arbitrary words as positions of the catalogue's example games, asked with
//! small search limits (solve, moves, legal moves, apply).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_fuzz::{exercise, game, position_games, words, Input, MAX_TEXT};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let spec = *input.choose(position_games());
    let op = input.byte();
    let position = words(&input.rest_text(MAX_TEXT));
    exercise(game(spec).as_ref(), &position, op);
});
