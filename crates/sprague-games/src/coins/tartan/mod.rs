//! Two-dimensional coin-turning games: the product of two one-dimensional rules.
//!
//! A board of coins has rows 1, 2, … (top to bottom) and columns 1, 2, … (left to right),
//! written as rows of H/T separated by `|` (`THT|HHT`). A move of the product G1 × G2 picks
//! a move of G1 turning the set of rows A and a move of G2 turning the set of columns B and
//! turns every coin of A × B; the coin at (max A, max B) must go heads→tails.
//!
//! **Tartan theorem** (Winning Ways ch. 14; Ferguson, Game Theory I §5.5): a head at (i, j)
//! has value g1(i) ⊗ g2(j), the nim product of the one-dimensional values, and a board's
//! value is the XOR over its heads. Turning Corners (twins × twins: turn the four corners
//! of a rectangle, or two coins of a row or column, or one coin) gives i ⊗ j.

use super::row::{each_set, sets_with_xor, SEARCH_STEPS};
use super::rule::CoinRule;
use crate::error::{Error, Result};
use crate::interface::listing::MAX_WINNING_LISTED;
use sprague_core::value::nim_field::{nim_inv, nim_mul};
use std::ops::ControlFlow;

/// The largest board side accepted (values of single heads are then computed exactly).
pub const MAX_SIDE: usize = 256;
/// Row moves tried when searching winning moves (rules with many coins a move have
/// astronomically many on a large board).
pub const ROW_MOVES_TRIED: u64 = 1 << 20;

/// A board: `heads[r][c]` for row r + 1, column c + 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Heads by row, then column (`true` for heads).
    pub heads: Vec<Vec<bool>>,
}

impl Board {
    /// Parses rows of H/T separated by `|` or spaces (rows may differ in length; short
    /// rows are padded with tails; an empty row is an error: a row of tails is `T`).
    pub fn parse(words: &[String]) -> Result<Board> {
        // Rows are separated by `|` or by spaces; spaces around a `|` separate nothing more.
        let joined = words.join(" ");
        let joined = joined.trim();
        if joined.is_empty() {
            return Err(Error::parse(
                "no board given: write rows of H and T separated by `|`, e.g. `THT|HHT`",
            ));
        }
        let mut rows: Vec<&str> = Vec::new();
        for piece in joined.split('|') {
            // Nothing between two `|` (or before the first, after the last) is refused, not
            // skipped: skipping it would move every row below it up one row.
            if piece.trim().is_empty() {
                return Err(Error::parse(format!(
                    "row {} of the board `{joined}` is empty; write a row of tails as `T` (rows are separated by one `|`)",
                    rows.len() + 1
                )));
            }
            rows.extend(piece.split_whitespace());
        }
        let mut heads = Vec::new();
        for (r, row) in rows.into_iter().enumerate() {
            if let Some(bad) = row.chars().find(|c| !matches!(c, 'H' | 'h' | 'T' | 't')) {
                return Err(Error::parse(format!(
                    "row {} of the board (`{row}`): `{bad}` is neither H nor T",
                    r + 1
                )));
            }
            heads.push(
                row.chars()
                    .map(|c| c.eq_ignore_ascii_case(&'h'))
                    .collect::<Vec<_>>(),
            );
        }
        let cols = heads.iter().map(Vec::len).max().unwrap_or(0);
        if heads.len() > MAX_SIDE || cols > MAX_SIDE {
            return Err(Error::unsupported(format!(
                "boards are limited to {MAX_SIDE} rows and columns"
            )));
        }
        for row in heads.iter_mut() {
            row.resize(cols, false);
        }
        Ok(Board { heads })
    }

    /// The board as the command line reads it: rows of H/T separated by `|`.
    pub fn write(&self) -> String {
        self.heads
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&h| if h { 'H' } else { 'T' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// The coins a move turns, as (row, column), sorted.
pub type Cells = Vec<(u64, u64)>;

/// The product game G1 × G2.
#[derive(Debug, Clone)]
pub struct Tartan {
    /// The 1-D rule G1 played along a column (on the rows).
    pub rows: CoinRule,
    /// The 1-D rule G2 played along a row (on the columns).
    pub cols: CoinRule,
    /// The catalogue name when the product has one (`turning-corners`).
    pub name: Option<&'static str>,
}

impl Tartan {
    /// The value tables of the two rules for a board.
    pub fn tables(&self, board: &Board) -> Result<(Vec<u64>, Vec<u64>)> {
        let r = board.heads.len() as u64;
        let c = board.heads.first().map_or(0, Vec::len) as u64;
        Ok((self.rows.values(r)?, self.cols.values(c)?))
    }

    /// The value of a board by the Tartan theorem.
    pub fn value(&self, board: &Board) -> Result<u64> {
        let (g1, g2) = self.tables(board)?;
        Ok(heads(board).fold(0, |a, (i, j)| a ^ nim_mul(g1[i as usize], g2[j as usize])))
    }

    /// The winning moves (at most [`MAX_WINNING_LISTED`]), each as the coins turned (row,
    /// column), sorted; and whether the list is complete (it is not when the cap or the
    /// bound on row moves tried was reached).
    pub fn winning_moves(&self, board: &Board) -> Result<(Vec<Cells>, bool)> {
        let (g1, g2) = self.tables(board)?;
        let total = heads(board).fold(0, |a, (i, j)| a ^ nim_mul(g1[i as usize], g2[j as usize]));
        let mut out = Vec::new();
        let mut complete = true;
        if total == 0 {
            return Ok((out, complete));
        }
        let mut tried = 0u64;
        let mut budget = SEARCH_STEPS;
        for (i, j) in heads(board) {
            let flow = each_set(&self.rows, i, &mut |a| {
                tried += 1;
                if tried > ROW_MOVES_TRIED {
                    return ControlFlow::Break(());
                }
                // Turning A × B changes the value by (⊕ g1 over A) ⊗ (⊕ g2 over B).
                let alpha = a.iter().fold(g1[i as usize], |x, &y| x ^ g1[y as usize]);
                let Some(inv) = nim_inv(alpha) else {
                    return ControlFlow::Continue(());
                };
                // The column sets whose values with g2(j) XOR to β = total ⊗ α⁻¹, by lookup.
                let beta = nim_mul(total, inv);
                let mut col_moves = Vec::new();
                let want = beta ^ g2[j as usize];
                complete &= sets_with_xor(&self.cols, &g2, j, want, &mut col_moves, &mut budget);
                if budget == 0 {
                    return ControlFlow::Break(());
                }
                for b in &col_moves {
                    out.push(cells(a, i, b, j));
                    if out.len() >= MAX_WINNING_LISTED {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                complete = false;
                break;
            }
        }
        Ok((out, complete))
    }
}

/// The coins a move turns: rows `a` and `i`, columns `b` and `j`, sorted.
pub fn cells(a: &[u64], i: u64, b: &[u64], j: u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = a
        .iter()
        .chain(std::iter::once(&i))
        .flat_map(|&r| b.iter().chain(std::iter::once(&j)).map(move |&c| (r, c)))
        .collect();
    out.sort();
    out
}

/// The heads of a board as (row, column), from 1.
pub fn heads(board: &Board) -> impl Iterator<Item = (u64, u64)> + '_ {
    board.heads.iter().enumerate().flat_map(|(r, row)| {
        row.iter()
            .enumerate()
            .filter(|(_, &h)| h)
            .map(move |(c, _)| (r as u64 + 1, c as u64 + 1))
    })
}

/// The board after turning `cells`.
pub fn turned(board: &Board, cells: &[(u64, u64)]) -> Board {
    let mut b = board.clone();
    for &(r, c) in cells {
        let h = &mut b.heads[r as usize - 1][c as usize - 1];
        *h = !*h;
    }
    b
}

mod fallback;
pub mod game;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_corners_values_are_nim_products() {
        let t = Tartan {
            rows: CoinRule::TWINS,
            cols: CoinRule::TWINS,
            name: Some("turning-corners"),
        };
        let b = Board::parse(&["TTTT|TTTT|TTTH".to_string()]).unwrap();
        assert_eq!(t.value(&b).unwrap(), nim_mul(3, 4));
        assert!(Board::parse(&["THX|HH".to_string()]).is_err());
        assert!(Board::parse(&[String::new()]).is_err());
    }

    #[test]
    fn empty_rows_are_refused_not_skipped() {
        let parse = |w: &[&str]| Board::parse(&w.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        // `H||H` once read as `H|H`, moving the second head up a row.
        for (words, row) in [
            (&["H||H"][..], 2),
            (&["|H"], 1),
            (&["H|"], 2),
            (&["H", "|", "|", "H"], 2),
            (&["TH | HT |"], 3),
        ] {
            let err = parse(words).unwrap_err().to_string();
            assert!(
                err.contains(&format!("row {row} ")) && err.contains("empty"),
                "{words:?}: {err}"
            );
        }
        // Spaces around `|`, and spaces alone, still separate rows once.
        let want = parse(&["H|T|H"]).unwrap();
        assert_eq!(want.heads.len(), 3);
        assert_eq!(parse(&["H | T | H"]).unwrap(), want);
        assert_eq!(parse(&["H", "T", "H"]).unwrap(), want);
        assert_eq!(parse(&["H", "|", "T", "|", "H"]).unwrap(), want);
    }
}
