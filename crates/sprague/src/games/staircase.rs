//! The catalogue entry of `staircase`: its rules and theorem are `sprague_games::number::staircase`.

pub use sprague_games::number::staircase::*;

use super::framework::NumberGameAdapter;
use crate::error::Result;
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("staircase-nim", params)?;
    Ok(Box::new(NumberGameAdapter(Staircase)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "staircase-nim",
        aliases: &["staircase"],
        usage: "staircase-nim C1 C2 ... Cn [+ ...]  (coins on stairs 1..n)",
        summary: "Staircase Nim: move coins one stair down; from stair 1 they leave",
        rules: "Coins on stairs 1..n, written c1 c2 … cn (one component is the whole staircase). A move takes k ≥ 1 coins from one stair i and puts them on stair i − 1; coins moved from stair 1 leave the game. Normal play: whoever cannot move loses.",
        theorem: "The value is the XOR of the odd stairs c1 ^ c3 ^ c5 ^ …: moving coins down from an odd stair is a Nim move there; coins moved from an even stair onto an odd stair can be moved straight on by the opponent, so the even stairs do not count. Winning moves: lower an odd stair to its Nim target, or move coins from an even stair onto the odd stair below to raise it to its target.",
        references: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, 2nd ed., vol. 3, ch. 14 (staircase Nim); R. Sprague (1936), P. M. Grundy (1939).",
        build,
    }
}
