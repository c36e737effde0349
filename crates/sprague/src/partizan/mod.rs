//! Partizan games (GAMES.md part C): canonical forms, numbers, thermography, rulesets.
//! (Issue 5.)

pub mod canonical;
pub mod dyadic;
pub mod notation;
pub mod outcome;
pub mod rulesets;
#[cfg(test)]
mod tests;

pub use canonical::{Context, GameId, Nus, PartizanOutcome};
pub use dyadic::Dyadic;

use crate::catalogue::Entry;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    rulesets::entries()
}
use crate::catalogue::Report;
use crate::error::{Error, Result};

/// `sprague value EXPR`: the canonical form of a game expression and its properties, or its
/// thermograph when `thermograph` is set.
pub fn value_report(expr: &str, thermograph: bool) -> Result<Report> {
    let _ = thermograph;
    Err(Error::unsupported(format!(
        "partizan values are not implemented yet (asked for `{expr}`)"
    )))
}
