//! Positions of number games as command-line words (the reading and writing are
//! `crate::number::words`): a position parsed and checked by its game.

use super::NumberGameAdapter;
use crate::error::Result;
use crate::number::{parse_components, NumberGame, Numbers};

impl<G: NumberGame> NumberGameAdapter<G> {
    /// Parses and validates a position: its components, each checked by the game.
    pub fn parse(&self, words: &[String]) -> Result<Vec<Numbers>> {
        let comps = parse_components(words, self.0.shape())?;
        for c in &comps {
            self.0.validate(c)?;
        }
        Ok(comps)
    }
}
