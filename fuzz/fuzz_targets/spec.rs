//! Game specs: `catalogue::lookup` on arbitrary text, then a tiny position of the game built.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::catalogue::lookup;
use sprague_fuzz::{exercise, words, Input, MAX_TEXT};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let op = input.byte();
    let text = input.rest_text(MAX_TEXT);
    // The spec is the first line; the rest, if any, is a position of the game it names.
    let (spec, position) = text.split_once('\n').unwrap_or((&text, ""));
    if let Ok(game) = lookup(spec) {
        let _ = game.spec();
        exercise(game.as_ref(), &words(position), op);
    }
});
