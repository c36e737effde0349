//! The catalogue entry of `nim`: its rules and theorem are `sprague_games::number::nim`.

pub use sprague_games::number::nim::*;

use super::framework::NumberGameAdapter;
use crate::error::Result;
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("nim", params)?;
    Ok(Box::new(NumberGameAdapter(Nim)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "nim",
        aliases: &[],
        usage: "nim HEAP...",
        summary: "Nim: take any number of stones from one heap",
        rules: "Heaps of stones. A move takes any positive number of stones from one heap. Under normal play the player who takes the last stone wins; under misère play (--misere) that player loses.",
        theorem: "A heap of n stones has Grundy value n and a position's value is the XOR (nim-sum) of its heaps: the player to move loses exactly when the XOR is 0. Misère: the player to move wins iff (XOR ≠ 0 and some heap > 1) or (XOR = 0 and every heap ≤ 1).",
        references: "C. L. Bouton, Nim, a game with a complete mathematical theory, Annals of Mathematics 3 (1901–02) 35–39.",
        build,
    }
}
