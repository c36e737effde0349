//! CGSuite expressions: `partizan::notation::parse` on arbitrary text; what parses must
//! print as text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::partizan::{notation, Context};
use sprague_fuzz::MAX_TEXT;

fuzz_target!(|data: &[u8]| {
    // Canonical forms can grow exponentially with the text; short expressions suffice.
    let text = String::from_utf8_lossy(&data[..data.len().min(MAX_TEXT / 2)]);
    let mut ctx = Context::new();
    if let Ok(g) = notation::parse(&mut ctx, &text) {
        let shown = ctx.display(g);
        match notation::parse(&mut ctx, &shown) {
            Ok(back) => assert!(
                back == g,
                "`{text}` printed as `{shown}` reads back differently"
            ),
            Err(e) => panic!("`{text}` printed as `{shown}`, which does not parse: {e}"),
        }
    }
});
