//! Boards: one arbitrary word (rows separated by `|`) as a board of Domineering, Clobber,
//! Toads and Frogs, Turning Corners, Tartan, Cutcake or a Hackenbush picture.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_fuzz::{board_games, exercise, game, Input};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let spec = *input.choose(board_games());
    let op = input.byte();
    // One word, white space and all: the parser, not the shell, has to cope with it.
    let board = input.rest_text(256);
    exercise(game(spec).as_ref(), &[board], op);
});
