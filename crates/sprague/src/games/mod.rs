//! The number games of docs/theory.md#heap-games: each one twice, by its rules (a move
//! generator for the generic engine) and by its theorem (a closed form over integers of any
//! length). `tests/theorems_agree.rs` checks that both agree on every small position.

pub mod bash;
pub mod euclid;
pub mod fibonacci_nim;
pub mod framework;
pub mod moore;
pub mod nim;
pub mod nim_judges;
pub mod prime_power;
pub mod redistribute;
pub mod sorted_piles;
pub mod staircase;
pub mod subtraction;
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
        bash::entry_bash(),
        bash::entry_bounded(),
        subtraction::entry(),
        prime_power::entry(),
        sorted_piles::entry(),
        staircase::entry(),
        moore::entry(),
    ]
}

/// The judge problems answered by this module.
pub fn problems() -> Vec<Problem> {
    vec![
        euclid::PROBLEM_P1290,
        wythoff::PROBLEM_P2252,
        fibonacci_nim::PROBLEM_P6487,
        prime_power::PROBLEM_P4018,
        sorted_piles::PROBLEM_P4702,
        nim_judges::PROBLEM_P2197,
        nim_judges::PROBLEM_P4279,
    ]
}
