//! Judge inputs: `problems::run` for every problem on arbitrary (short) input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::problems;
use sprague_fuzz::{Input, MAX_TEXT};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let all = problems::all();
    let id = input.choose(&all).id;
    let text = input.rest_text(MAX_TEXT);
    let _ = problems::run(id, &text);
});
