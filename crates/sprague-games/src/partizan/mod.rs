//! Partizan games: the rulesets. Values (canonical forms, thermography) live in the core
//! layer, re-exported here under the names the rulesets use.

pub use crate::core_partizan::{canonical, outcome, Context, GameId};
pub mod rulesets;
