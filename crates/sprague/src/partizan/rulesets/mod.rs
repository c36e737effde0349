//! Partizan rulesets: the rules (crate `sprague-games`) and their catalogue entries.

pub use sprague_games::partizan::rulesets::*;

mod catalogue;
pub use catalogue::entries;

#[cfg(test)]
mod catalogue_tests;
