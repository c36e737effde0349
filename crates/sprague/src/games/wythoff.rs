//! The catalogue entry of `wythoff`: its rules and theorem are `sprague_games::number::wythoff`.

pub use sprague_games::number::wythoff::*;

use super::framework::NumberGameAdapter;
use crate::error::Result;
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("wythoff", params)?;
    Ok(Box::new(NumberGameAdapter(Wythoff)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "wythoff",
        aliases: &["wythoff-nim"],
        usage: "wythoff A B [+ A B ...]",
        summary: "Wythoff's game: take from one heap, or the same number from both",
        rules: "Two heaps. A move takes any positive number of stones from one heap, or the same positive number from both heaps. The player who cannot move loses.",
        theorem: "The P-positions are (⌊nφ⌋, ⌊nφ⌋ + n) and their mirror images, n ≥ 0. Exactly, with a ≤ b and d = b − a: P iff a = (d + isqrt(5d²)) div 2. From an N-position the winning moves are among three: the diagonal move to (⌊dφ⌋, ⌊dφ⌋ + d), and lowering either heap to the partner of the other. Grundy values have no known closed form and are searched (small positions only).",
        references: "W. A. Wythoff, A modification of the game of Nim, Nieuw Archief voor Wiskunde 7 (1907) 199–202; Berlekamp, Conway, Guy, Winning Ways, ch. 3.",
        build,
    }
}
