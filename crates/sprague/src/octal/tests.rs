//! Tests of the take-and-break family in the catalogue: specs that name no game, and the
//! helper the tests of [`super::game`] share.

use super::*;
use crate::catalogue::lookup;

pub(super) fn oct(code: &str) -> Ruleset {
    Ruleset::parse(code, false).unwrap()
}

#[test]
fn malformed_specs_are_refused() {
    assert!(lookup("octal").is_err());
    assert!(lookup("kayles:3").is_err());
    assert!(lookup("octal:0.8").is_err());
}
