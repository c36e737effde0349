//! The `sprague value` path: an expression with an optional thermograph, cooling or heating.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_core::limits::Limits;
use sprague_games::partizan::value::{value_report_limited, ValueOptions};
use sprague_fuzz::{Input, MAX_TEXT, SMALL_LIMIT};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let how = input.byte();
    let text = input.rest_text(MAX_TEXT / 2);
    // A second line, if any, is the temperature to cool by or the game to heat by.
    let (expr, t) = text.split_once('\n').unwrap_or((&text, "1"));
    let options = ValueOptions {
        thermograph: how & 1 != 0,
        cool: (how & 6 == 2).then(|| t.to_string()),
        heat: (how & 6 == 4).then(|| t.to_string()),
    };
    // Small limits, as the other targets have: the comparisons a canonical form may take
    // are bounded by them (a stop is a fine answer).
    let _ = value_report_limited(expr, &options, &Limits::positions(SMALL_LIMIT));
});
