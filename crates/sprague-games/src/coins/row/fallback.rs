//! Misère and every-move play of a row of coins: the engine's search of whole rows
//! (`sprague_games::coins::engine::RowRules`), since a row is the sum of its single heads
//! only in normal play. Moves are listed and written as in normal play.

use super::game::{move_label, CoinGame};
use super::{count_at, Row};
use crate::coins::engine::RowRules;
use crate::error::Result;
use crate::fallback::{self, EnginePosition};
use crate::interface::{Game, Listing, SolveOptions, Verdict};
use num_bigint::BigUint;

/// Why the theorems do not answer.
pub(super) const WHY: &str = "no theorem: a row is the sum of its single heads only in normal play";

impl CoinGame {
    /// The verdict of a row under `--misere` or `--every`, by the engine.
    pub(super) fn engine_verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        let row = Row::parse(words)?;
        let spec = self.spec();
        let reach =
            fallback::check_size(&spec, WHY, &RowRules::size(&self.rule, &row.heads), options)?;
        let (rules, start) = RowRules::new(self.rule, &row.heads)?;
        let all = row
            .heads
            .iter()
            .fold(BigUint::ZERO, |a, h| a + count_at(&self.rule, h).0);
        // Every move (checked to be few by `check_size`), as the coins turned.
        let cap = usize::try_from(&all).unwrap_or(usize::MAX);
        let sets = self.sample(&row.heads, cap, &all);
        let afters: Vec<u128> = sets
            .iter()
            .map(|coins| start ^ rules.mask(coins.iter().map(|c| u64::try_from(c).unwrap_or(0))))
            .collect();
        let describe = |i: usize| {
            let coins = &sets[i];
            (move_label(coins), row.after(coins))
        };
        let mut v = fallback::verdict(
            EnginePosition {
                spec,
                rules: &rules,
                start,
                position: row.after(&[]),
                why: WHY,
                reach,
            },
            &afters,
            &describe,
            options,
            listing,
        )?;
        if BigUint::from(sets.len()) < all {
            // The listing's output budget ran out (many coins a move): say so.
            v.incomplete(format!(
                "{all} moves in all; {} were rated and at most those are listed",
                sets.len()
            ));
        }
        Ok(v)
    }
}
