//! Misère and every-move play of a board: the engine's search of whole boards
//! (`sprague_games::coins::engine::BoardRules`), since the Tartan theorem (a board is the
//! sum of its single heads) holds in normal play only. Moves are listed and written as in
//! normal play.

use super::game::{label, TartanGame};
use super::turned;
use super::Board;
use crate::coins::engine::BoardRules;
use crate::error::Result;
use crate::fallback::{self, EnginePosition};
use crate::interface::{Game, Listing, SolveOptions, Verdict};
use num_bigint::BigUint;

/// Why the theorem does not answer.
const WHY: &str =
    "no theorem: a board is the sum of its single heads (Tartan theorem) only in normal play";

impl TartanGame {
    /// The verdict of a board under `--misere` or `--every`, by the engine.
    pub(super) fn engine_verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        let board = Board::parse(words)?;
        let spec = self.spec();
        let size = BoardRules::size(&self.rows, &self.cols, &board);
        let reach = fallback::check_size(&spec, WHY, &size, options)?;
        let (rules, start) = BoardRules::new(self.rows, self.cols, &board)?;
        let (all, _) = self.count(&board);
        // Every move (checked to be few by `check_size`), as the cells turned.
        let cap = usize::try_from(&all).unwrap_or(usize::MAX);
        let moves = self.sample(&board, cap, &all);
        let boards: Vec<Board> = moves.iter().map(|m| turned(&board, m)).collect();
        let afters: Vec<u128> = boards.iter().map(|b| rules.mask(b)).collect();
        let describe = |i: usize| (label(&moves[i]), boards[i].write());
        let mut v = fallback::verdict(
            EnginePosition {
                spec,
                rules: &rules,
                start,
                position: board.write(),
                why: WHY,
                reach,
            },
            &afters,
            &describe,
            options,
            listing,
        )?;
        if BigUint::from(moves.len()) < all {
            // The listing's output budget ran out (many coins a move): say so.
            v.incomplete(format!(
                "{all} moves in all; {} were rated and at most those are listed",
                moves.len()
            ));
        }
        Ok(v)
    }
}
