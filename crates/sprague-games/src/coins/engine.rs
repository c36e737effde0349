//! Coin rows and boards as rules for the generic engine ([`Impartial`]): a position is the
//! whole row (or board), one bit per coin that play can ever turn.
//!
//! In normal play a row is the sum of its single heads (turning a coin twice undoes it), and
//! the theorems of [`super::rule`] and [`super::tartan`] answer. That identity needs
//! `G + G = 0`, which fails in misère play, so misère (and every-move) play of a row is
//! searched here on whole positions. No `components` are declared: the heads of a row are not
//! independent games (a move at one head may turn the coins of another).
//!
//! Which coins can ever be turned: under a rule that turns one coin only, the heads
//! themselves; under any other, every coin left of the rightmost head (a head at `x` may turn
//! any coin below it, or a run reaching down to it step by step). On boards, the same per
//! direction: a head at `(i, j)` turns cells of `R(i) × C(j)`.

use super::row::{count_at, each_set};
use super::rule::CoinRule;
use super::tartan::Board;
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::search_size::{log2_subsets, SearchSize};
use num_bigint::BigUint;
use std::ops::ControlFlow;

/// The most coins (or cells) a position may span: one bit each in a `u128`.
pub const MAX_COINS: u64 = 128;

/// The most coins a move of the rule turns.
fn max_turned(rule: &CoinRule) -> u64 {
    match *rule {
        CoinRule::UpTo(k) => u64::from(k),
        CoinRule::Run(k) => k.unwrap_or(u64::MAX),
    }
}

/// The base-2 logarithm of a bound on the positions of `n` coins reachable from `heads`
/// heads: a move turning at most two coins never adds a head, so at most `heads` of the
/// `n` coins are heads; otherwise any of the `2^n` sets.
fn log2_positions(n: u64, heads: u64, turned: u64) -> u32 {
    if turned <= 2 {
        log2_subsets(n, heads)
    } else {
        u32::try_from(n).unwrap_or(u32::MAX)
    }
}

/// Whether a rule turns one coin only (its moves never reach another coin).
fn one_coin(rule: &CoinRule) -> bool {
    matches!(rule, CoinRule::UpTo(1) | CoinRule::Run(Some(1)))
}

fn to_u128(n: &BigUint) -> u128 {
    u128::try_from(n).unwrap_or(u128::MAX)
}

/// The coins a row's play may turn (ascending), or their count when there are more than
/// [`MAX_COINS`].
fn row_coins(rule: &CoinRule, heads: &[BigUint]) -> std::result::Result<Vec<u64>, u64> {
    let small = |h: &BigUint| u64::try_from(h).ok().filter(|&h| h <= MAX_COINS);
    if one_coin(rule) {
        if heads.len() as u64 > MAX_COINS {
            return Err(heads.len() as u64);
        }
        // One-coin rules: distant heads are fine, only the heads themselves change.
        return heads
            .iter()
            .map(|h| u64::try_from(h).map_err(|_| u64::MAX))
            .collect();
    }
    let max = heads.iter().max().cloned().unwrap_or_default();
    match small(&max) {
        Some(m) => Ok((1..=m).collect()),
        None => Err(u64::try_from(&max).unwrap_or(u64::MAX)),
    }
}

/// A row of coins under a rule, for the engine: bit `i` of a position is the coin at
/// `coins[i]` (heads when set).
#[derive(Debug, Clone)]
pub struct RowRules {
    rule: CoinRule,
    coins: Vec<u64>,
}

impl RowRules {
    /// How large the search from the row with heads `heads` can get.
    pub fn size(rule: &CoinRule, heads: &[BigUint]) -> SearchSize {
        let coins = match row_coins(rule, heads) {
            Ok(c) => c,
            Err(n) => {
                return SearchSize {
                    parts_name: "coins",
                    parts: n,
                    max_parts: MAX_COINS,
                    log2_positions: None,
                    max_moves: u128::MAX,
                    work: u128::MAX,
                }
            }
        };
        let mut moves = 0u128;
        let mut work = 0u128;
        for &c in &coins {
            let (m, turned) = count_at(rule, &BigUint::from(c));
            moves = moves.saturating_add(to_u128(&m));
            work = work.saturating_add(to_u128(&turned));
        }
        let n = coins.len() as u64;
        SearchSize {
            parts_name: "coins",
            parts: n,
            max_parts: MAX_COINS,
            log2_positions: Some(log2_positions(n, heads.len() as u64, max_turned(rule))),
            max_moves: moves,
            work,
        }
    }

    /// The rules for the row with heads `heads` and the positions it reaches, with that row
    /// as a position. Errors when it spans more than [`MAX_COINS`] coins, or when a position
    /// has too many moves ([`SearchSize::check`]).
    pub fn new(rule: CoinRule, heads: &[BigUint]) -> Result<(RowRules, u128)> {
        let coins = row_coins(&rule, heads).map_err(|n| too_many("coins", n))?;
        Self::size(&rule, heads).check()?;
        let rules = RowRules { rule, coins };
        let start = rules.mask(heads.iter().map(|h| u64::try_from(h).unwrap_or(0)));
        Ok((rules, start))
    }

    /// The position with heads at `heads` (coins outside the rules' range are ignored).
    pub fn mask(&self, heads: impl IntoIterator<Item = u64>) -> u128 {
        heads
            .into_iter()
            .filter_map(|h| self.bit(h))
            .fold(0, |m, b| m | b)
    }

    fn bit(&self, coin: u64) -> Option<u128> {
        self.coins.binary_search(&coin).ok().map(|i| 1u128 << i)
    }

    /// The heads of a position, ascending.
    pub fn heads(&self, position: u128) -> Vec<u64> {
        (0..self.coins.len())
            .filter(|&i| position >> i & 1 == 1)
            .map(|i| self.coins[i])
            .collect()
    }
}

impl Impartial for RowRules {
    type Position = u128;

    /// Every rule lets a head be turned alone.
    fn has_moves(&self, &p: &u128) -> bool {
        p != 0
    }

    fn options(&self, &p: &u128, out: &mut Vec<u128>) {
        for (i, &x) in self.coins.iter().enumerate() {
            if p >> i & 1 == 0 {
                continue;
            }
            let head = p ^ 1u128 << i;
            let _ = each_set(&self.rule, x, &mut |others| {
                // Every coin below a head is in range (see `row_coins`).
                let next = others
                    .iter()
                    .fold(head, |m, &y| m ^ self.bit(y).unwrap_or(0));
                out.push(next);
                ControlFlow::Continue(())
            });
        }
    }
}

fn too_many(what: &str, n: u64) -> Error {
    Error::unsupported(format!(
        "the position spans {n} {what}; the engine's search of whole positions handles at most {MAX_COINS}"
    ))
}

/// A board under the product of two rules, for the engine: bit `k` of a position is the
/// cell `cells[k]` (row, column; heads when set).
#[derive(Debug, Clone)]
pub struct BoardRules {
    rows: CoinRule,
    cols: CoinRule,
    cells: Vec<(u64, u64)>,
}

/// The cells a board's play may turn (row-major), or their count when there are more than
/// [`MAX_COINS`].
fn board_cells(
    rows: &CoinRule,
    cols: &CoinRule,
    board: &Board,
) -> std::result::Result<Vec<(u64, u64)>, u64> {
    let height = board.heads.len();
    let width = board.heads.first().map_or(0, Vec::len);
    // Per row, the columns reachable: a head at (i, j) reaches rows R(i), columns C(j).
    let mut reach = vec![vec![false; width]; height];
    for (i, row) in board.heads.iter().enumerate() {
        for (j, &h) in row.iter().enumerate() {
            if !h {
                continue;
            }
            let rs = if one_coin(rows) { i..i + 1 } else { 0..i + 1 };
            let cs = if one_coin(cols) { j..j + 1 } else { 0..j + 1 };
            for r in rs {
                for c in cs.clone() {
                    reach[r][c] = true;
                }
            }
        }
    }
    let count = reach.iter().flatten().filter(|&&b| b).count() as u64;
    if count > MAX_COINS {
        return Err(count);
    }
    let mut cells = Vec::new();
    for (r, row) in reach.iter().enumerate() {
        for (c, &b) in row.iter().enumerate() {
            if b {
                cells.push((r as u64 + 1, c as u64 + 1));
            }
        }
    }
    Ok(cells)
}

impl BoardRules {
    /// How large the search from `board` can get.
    pub fn size(rows: &CoinRule, cols: &CoinRule, board: &Board) -> SearchSize {
        let cells = match board_cells(rows, cols, board) {
            Ok(c) => c,
            Err(n) => {
                return SearchSize {
                    parts_name: "cells",
                    parts: n,
                    max_parts: MAX_COINS,
                    log2_positions: None,
                    max_moves: u128::MAX,
                    work: u128::MAX,
                }
            }
        };
        let (mut moves, mut work) = (0u128, 0u128);
        for &(i, j) in &cells {
            let (mr, cr) = count_at(rows, &i.into());
            let (mc, cc) = count_at(cols, &j.into());
            moves = moves.saturating_add(to_u128(&(mr * mc)));
            work = work.saturating_add(to_u128(&(cr * cc)));
        }
        let heads = board.heads.iter().flatten().filter(|&&h| h).count() as u64;
        let turned = max_turned(rows).saturating_mul(max_turned(cols));
        SearchSize {
            parts_name: "cells",
            parts: cells.len() as u64,
            max_parts: MAX_COINS,
            log2_positions: Some(log2_positions(cells.len() as u64, heads, turned)),
            max_moves: moves,
            work,
        }
    }

    /// The rules for `board` and the positions it reaches, with the board as a position.
    /// Errors when its play spans more than [`MAX_COINS`] cells, or when a position has too
    /// many moves ([`SearchSize::check`]).
    pub fn new(rows: CoinRule, cols: CoinRule, board: &Board) -> Result<(BoardRules, u128)> {
        let cells = board_cells(&rows, &cols, board).map_err(|n| too_many("cells", n))?;
        Self::size(&rows, &cols, board).check()?;
        let rules = BoardRules { rows, cols, cells };
        let start = rules.mask(board);
        Ok((rules, start))
    }

    /// The position of a board (cells outside the rules' range are ignored).
    pub fn mask(&self, board: &Board) -> u128 {
        let mut m = 0;
        for (r, row) in board.heads.iter().enumerate() {
            for (c, &h) in row.iter().enumerate() {
                if h {
                    m |= self.bit((r as u64 + 1, c as u64 + 1)).unwrap_or(0);
                }
            }
        }
        m
    }

    fn bit(&self, cell: (u64, u64)) -> Option<u128> {
        self.cells.binary_search(&cell).ok().map(|k| 1u128 << k)
    }
}

impl Impartial for BoardRules {
    type Position = u128;

    /// Every product rule lets a head be turned alone.
    fn has_moves(&self, &p: &u128) -> bool {
        p != 0
    }

    fn options(&self, &p: &u128, out: &mut Vec<u128>) {
        for (k, &(i, j)) in self.cells.iter().enumerate() {
            if p >> k & 1 == 0 {
                continue;
            }
            let _ = each_set(&self.rows, i, &mut |a| {
                each_set(&self.cols, j, &mut |b| {
                    let mut next = p;
                    for &r in a.iter().chain([&i]) {
                        for &c in b.iter().chain([&j]) {
                            // Every cell of A × B is reachable (see `board_cells`).
                            next ^= self.bit((r, c)).unwrap_or(0);
                        }
                    }
                    out.push(next);
                    ControlFlow::Continue(())
                })
            });
        }
    }
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
