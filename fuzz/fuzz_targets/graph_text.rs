//! Graph text: `graph::format::Graph::parse` on arbitrary text; what parses must write as
//! text that parses to the same graph.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_games::graph::format::Graph;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(&data[..data.len().min(4096)]);
    if let Ok(g) = Graph::parse(&text) {
        let written = g.to_text();
        match Graph::parse(&written) {
            Ok(back) => assert!(
                back == g,
                "`{text}` written as `{written}` reads back differently"
            ),
            Err(e) => panic!("`{text}` written as `{written}`, which does not parse: {e}"),
        }
    }
});
