//! Rules scripts: `rules::game_from_script` on arbitrary Rhai text, then a small position of
//! the game it defines asked like any catalogue game. A script that loops, allocates or
//! recurses without end must stop at the sandbox's limits with an error, never hang or crash.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_games::script::game::game_from_script;
use sprague_fuzz::{exercise_script, words, Input, MAX_TEXT};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let op = input.byte();
    // Scripts are longer than other inputs: the examples run to a few kilobytes.
    let text = input.rest_text(8 * MAX_TEXT);
    // The script comes first; a line `----` ends it and the rest is a position.
    let (script, position) = text.split_once("\n----\n").unwrap_or((&text, "3"));
    if let Ok(game) = game_from_script("rules:fuzz.rhai", script) {
        exercise_script(game.as_ref(), &words(position), op);
    }
});
