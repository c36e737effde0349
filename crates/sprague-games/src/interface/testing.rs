//! Helpers for tests of the games, here and in the crates above (the `testing` feature):
//! building a game from one of its entries by spec, as the facade's registry does.

use super::{Entry, Game};
use crate::error::{Error, Result};

/// Builds the game `spec` (`NAME` or `NAME:PARAMS`) from the entry among `entries` that has
/// that name or alias.
pub fn game_of(entries: &[Entry], spec: &str) -> Result<Box<dyn Game>> {
    let (name, params) = match spec.split_once(':') {
        Some((name, params)) => (name, Some(params)),
        None => (spec, None),
    };
    let entry = entries
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name))
        .ok_or_else(|| Error::invalid(format!("no entry `{name}` among those given")))?;
    (entry.build)(params)
}
