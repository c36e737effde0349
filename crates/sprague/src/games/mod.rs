//! The number games of GAMES.md part A (A1–A12, A14): each one twice, by its rules (a move
//! generator for the generic engine) and by its theorem (a closed form over integers of any
//! length). `tests/theorems_agree.rs` checks that both agree on every small position.

pub mod euclid;
pub mod fibonacci_nim;
pub mod framework;
pub mod nim;
pub mod redistribute;
pub mod wythoff;

use crate::catalogue::Entry;
use crate::problems::Problem;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    vec![
        nim::entry(),
        euclid::entry(),
        wythoff::entry(),
        fibonacci_nim::entry(),
        redistribute::entry(),
    ]
}

/// The judge problems answered by this module.
pub fn problems() -> Vec<Problem> {
    vec![
        euclid::PROBLEM_P1290,
        wythoff::PROBLEM_P2252,
        fibonacci_nim::PROBLEM_P6487,
    ]
}
