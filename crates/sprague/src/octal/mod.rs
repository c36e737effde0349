//! Take-and-break games from octal and hexadecimal codes (GAMES.md A13): rulesets, Grundy
//! sequences by the plain and the sparse-space methods, periods proven by the Guy–Smith
//! bound. (Issue 3.)

use crate::catalogue::Entry;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    vec![]
}
