//! The catalogue entry of `redistribute`: its rules and theorem are `sprague_games::number::redistribute`.

pub use sprague_games::number::redistribute::*;

use super::framework::NumberGameAdapter;
use crate::error::Result;
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("redistribute", params)?;
    Ok(Box::new(NumberGameAdapter(Redistribute)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "redistribute",
        aliases: &["take-and-redistribute"],
        usage: "redistribute H1 H2 ... [+ H1 H2 ...]",
        summary: "Take-and-redistribute: take from a heap, spread some of the rest onto others",
        rules: "Heaps of stones; the whole list of heaps is one game. A move chooses a heap, removes at least one stone from it, then moves any number of its remaining stones onto other non-empty heaps, distributed as the mover likes. The player who cannot move loses.",
        theorem: "The player to move loses iff the heaps can be paired into equal pairs (so their number is even). From any other position the largest heap can pay for a pairing: with an odd number of heaps remove it and raise the smaller heap of each consecutive pair; with an even number lower it to the smallest heap and pair the rest. Every winning move is listed (up to 100). Grundy values are searched (up to 14 stones).",
        references: "A classic olympiad exercise (heaps with redistribution); see e.g. the pairing strategy in Berlekamp, Conway, Guy, Winning Ways, and the seeds of this project.",
        build,
    }
}
