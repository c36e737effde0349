//! The catalogue entry of `sorted_piles`: its rules and theorem are `sprague_games::number::sorted_piles`.

pub use sprague_games::number::sorted_piles::*;

use super::framework::NumberGameAdapter;
use crate::error::Result;
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("sorted-piles", params)?;
    Ok(Box::new(NumberGameAdapter(SortedPiles)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "sorted-piles",
        aliases: &[],
        usage: "sorted-piles A1 A2 ... An [+ ...]  (A1 ≤ A2 ≤ ... ≤ An)",
        summary: "Sorted piles: take one stone, keeping the piles non-decreasing (Luogu P4702)",
        rules: "Piles a1 ≤ a2 ≤ … ≤ an (one component is the whole list). A move takes one stone from a pile i with a_i > a_(i−1), where a_0 = 0, so the list stays non-decreasing. Normal play: whoever cannot move loses.",
        theorem: "A non-empty position always has a move (the first non-empty pile) and every move removes exactly one stone, so every play lasts exactly Σa moves: the first player wins iff Σa is odd, the Grundy value is Σa mod 2, and from a winning position every move wins. Misère (also for sums): the player to move wins iff the total number of stones is even.",
        references: "Luogu P4702 取石子 (Alice moves first).",
        build,
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn order_is_validated() {
        let g = crate::catalogue::lookup("sorted-piles").unwrap();
        let err = g
            .solve(&["1 3 2".into()], &Default::default())
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("non-decreasing") && err.contains("pile 3"),
            "{err}"
        );
        let v = g
            .moves(
                &["1 2 100000000000000000000000000000".into()],
                &Default::default(),
            )
            .unwrap();
        assert_eq!(v.outcome, crate::interface::Winner::First);
        // Every move wins: every play lasts exactly Σa moves.
        assert_eq!(v.moves.len(), 3);
        assert!(v.moves.iter().all(|m| m.winning));
    }
}
