//! Partizan games: the rulesets, each with its catalogue entry, and `sprague value`'s
//! report on a game written in CGSuite's notation. Values (canonical forms, thermography)
//! live in the core layer.

pub mod bounded;
pub mod rulesets;
pub mod value;
