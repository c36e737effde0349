//! Saved sequence files: `octal::file::decode` and `decode_for` on arbitrary bytes; what
//! decodes must encode and decode to the same values.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague_games::octal::file;

fuzz_target!(|data: &[u8]| {
    let _ = file::decode_for(data, "octal:0.77");
    if let Ok(saved) = file::decode(data) {
        if let Ok(bytes) = file::encode(&saved.spec, &saved.values) {
            let back = file::decode(&bytes).expect("an encoded sequence decodes");
            assert_eq!(back.spec, saved.spec);
            assert_eq!(back.values, saved.values);
            assert!(!back.is_truncated());
        }
    }
});
