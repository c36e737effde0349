//! CGSuite expressions: `partizan::notation::parse` on arbitrary text; what parses must
//! print as text that parses to the same value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_core::limits::Limits;
use sprague_core::partizan::{notation, Context};
use sprague_fuzz::{MAX_TEXT, SMALL_LIMIT};

fuzz_target!(|data: &[u8]| {
    // Canonical forms can grow exponentially with the text; short expressions suffice.
    let text = String::from_utf8_lossy(&data[..data.len().min(MAX_TEXT / 2)]);
    let mut ctx = Context::new();
    // Small limits, as the other targets have: `^<7> + *227` alone asks for billions of
    // comparisons. A stopped context's games are meaningless, so they are not checked.
    ctx.watch(&Limits::positions(SMALL_LIMIT));
    if let Ok(g) = notation::parse(&mut ctx, &text) {
        if ctx.stopped().is_err() {
            return;
        }
        let shown = ctx.display(g);
        match notation::parse(&mut ctx, &shown) {
            Ok(_) if ctx.stopped().is_err() => {}
            Ok(back) => assert!(
                back == g,
                "`{text}` printed as `{shown}` reads back differently"
            ),
            Err(_) if ctx.stopped().is_err() => {}
            Err(e) => panic!("`{text}` printed as `{shown}`, which does not parse: {e}"),
        }
    }
});
