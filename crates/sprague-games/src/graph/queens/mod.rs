//! Queens racing to the corner (docs/theory.md#queens): tokens on a grid; a move shifts one token
//! left, down, or diagonally down-left by any distance (cells may hold several tokens); the
//! first player to move a token onto (0,0) wins.
//!
//! A token on row y = 0, column x = 0 or the diagonal x = y reaches (0,0) in one move, so the
//! player to move wins at once. Otherwise neither player ever moves a token onto those lines
//! (the opponent would win at once), so the game is the sum of single-token games whose
//! moves onto the lines are removed, played in normal play: the XOR of their Grundy values
//! decides it (Sprague–Grundy). The single-token values come from a table computed row by
//! row: `g(x, y) = mex(row y left of x ∪ column x below y ∪ the diagonal below)`, with one
//! bitset of seen values per row, column and diagonal, so a cell costs O(N/64).

use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::value::Outcome;

/// The largest coordinate the table accepts (memory grows as the square: about 4 bytes per
/// cell for the values plus the bitsets, ~90 MB at this size).
pub const MAX_COORD: u64 = 4_000;

/// The Grundy values of single tokens for all cells with coordinates `0..=size`.
#[derive(Debug, Clone)]
pub struct QueensTable {
    size: usize,
    values: Vec<u32>,
}

impl QueensTable {
    /// Computes the table up to coordinate `size` (inclusive).
    pub fn new(size: u64) -> Result<QueensTable> {
        Self::new_with(size, &Limits::default())
    }

    /// [`QueensTable::new`] that honours the deadline, the cancellation flag and the
    /// progress callback of `limits`, checked row by row.
    pub fn new_with(size: u64, limits: &Limits) -> Result<QueensTable> {
        if size > MAX_COORD {
            return Err(Error::Limit {
                what: format!(
                    "queens: coordinate {size} needs a Grundy table of ({size}+1)² cells"
                ),
                limit: MAX_COORD,
            });
        }
        let n = size as usize + 1;
        // A cell has fewer than 3n options, so its value is below 3n.
        let words = (3 * n).div_ceil(64) + 1;
        let mut col = vec![0u64; n * words];
        let mut diag = vec![0u64; 2 * n * words]; // index x − y + n
        let mut row = vec![0u64; words];
        let mut values = vec![0u32; n * n];
        let set = |bits: &mut [u64], v: u32| bits[v as usize / 64] |= 1 << (v % 64);
        for y in 1..n {
            if limits.watched() {
                limits.check((y * n) as u64, "cells of the queens table")?;
            }
            row.iter_mut().for_each(|w| *w = 0);
            for x in 1..n {
                if x == y {
                    continue;
                }
                let c = &col[x * words..(x + 1) * words];
                let d0 = (x + n - y) * words;
                let d = &diag[d0..d0 + words];
                let mut g = 0u32;
                for i in 0..words {
                    let seen = row[i] | c[i] | d[i];
                    if seen != u64::MAX {
                        g = (i * 64) as u32 + (!seen).trailing_zeros();
                        break;
                    }
                }
                values[y * n + x] = g;
                set(&mut row, g);
                set(&mut col[x * words..(x + 1) * words], g);
                set(&mut diag[d0..d0 + words], g);
            }
        }
        Ok(QueensTable {
            size: size as usize,
            values,
        })
    }

    /// The Grundy value of a single token at (x, y), x, y ≥ 1, x ≠ y, within the table.
    pub fn value(&self, x: u64, y: u64) -> u32 {
        self.values[y as usize * (self.size + 1) + x as usize]
    }

    /// The options of a single token off the lines (cells off the lines only).
    pub fn options(x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for x2 in 1..x {
            if x2 != y {
                out.push((x2, y));
            }
        }
        for y2 in 1..y {
            if y2 != x {
                out.push((x, y2));
            }
        }
        for k in 1..x.min(y) {
            out.push((x - k, y - k));
        }
        out
    }
}

/// True when a token at (x, y) reaches (0,0) in one move.
pub fn on_a_line(x: u64, y: u64) -> bool {
    x == 0 || y == 0 || x == y
}

/// A move: the token (index from 0) and the cell it moves to.
pub type QueenMove = (usize, (u64, u64));

/// The analysis of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueensAnalysis {
    /// True when the player to move wins.
    pub first_wins: bool,
    /// XOR of the single-token values (None when a token is on a line: immediate win; 0
    /// when the game is over).
    pub grundy: Option<u32>,
    /// Winning moves: (token index, new cell).
    pub winning: Vec<QueenMove>,
}

/// Solves a position given by its tokens. A token on (0,0) means the game is over: the
/// player who moved there won, so the player to move has lost (no moves, value 0).
pub fn analyse(tokens: &[(u64, u64)]) -> Result<QueensAnalysis> {
    let e = Eval::new(tokens, false)?;
    let (winning, _) = e.winning();
    Ok(QueensAnalysis {
        first_wins: e.outcome() == Outcome::First,
        grundy: e.value(),
        winning,
    })
}

/// A position with what values it and the positions after its moves: the tokens on a
/// line, and the Grundy table when the coordinates allow it.
pub struct Eval {
    /// The tokens, as given.
    pub tokens: Vec<(u64, u64)>,
    /// Tokens on row 0, column 0 or the diagonal (those on (0,0) included).
    pub on_line: usize,
    /// Whether a token is on (0,0): the game is over.
    pub finished: bool,
    /// The single-token values, when built (always when no token is on a line).
    pub table: Option<QueensTable>,
    /// The XOR of the values of the tokens off the lines (with the table).
    pub xor_off: u32,
}

impl Eval {
    /// Reads the position; the table is built when the position needs it (no token on a
    /// line), and when the coordinates are within [`MAX_COORD`] also where the winning
    /// moves need it (one token on a line) or `want_table` asks for the values after
    /// every move.
    pub fn new(tokens: &[(u64, u64)], want_table: bool) -> Result<Eval> {
        Self::new_with(tokens, want_table, &Limits::default())
    }

    /// [`Eval::new`] that honours the deadline, the cancellation flag and the progress
    /// callback of `limits` while the table is computed.
    pub fn new_with(tokens: &[(u64, u64)], want_table: bool, limits: &Limits) -> Result<Eval> {
        if tokens.is_empty() {
            return Err(Error::invalid(
                "queens needs at least one token, e.g. `3,5`",
            ));
        }
        let on_line = tokens.iter().filter(|&&(x, y)| on_a_line(x, y)).count();
        let finished = tokens.contains(&(0, 0));
        let size = tokens.iter().map(|&(x, y)| x.max(y)).max().unwrap_or(0);
        let table = if finished {
            None
        } else if on_line == 0 || ((want_table || on_line == 1) && size <= MAX_COORD) {
            Some(QueensTable::new_with(size, limits)?)
        } else {
            None
        };
        let mut e = Eval {
            tokens: tokens.to_vec(),
            on_line,
            finished,
            table,
            xor_off: 0,
        };
        e.xor_off = (0..tokens.len()).fold(0, |acc, i| acc ^ e.single(tokens[i]).unwrap_or(0));
        Ok(e)
    }

    /// The value of one token off the lines, from the table.
    pub fn single(&self, (x, y): (u64, u64)) -> Option<u32> {
        if on_a_line(x, y) {
            return None;
        }
        self.table.as_ref().map(|t| t.value(x, y))
    }

    /// Who wins the position under normal play.
    pub fn outcome(&self) -> Outcome {
        if self.finished {
            Outcome::Second
        } else if self.on_line > 0 {
            Outcome::First
        } else {
            Outcome::from_grundy_is_zero(self.xor_off == 0)
        }
    }

    /// The Grundy value: 0 when the game is over, unknown (not computed) when a token is
    /// on a line, else the XOR of the table values.
    pub fn value(&self) -> Option<u32> {
        if self.finished {
            Some(0)
        } else if self.on_line > 0 {
            None
        } else {
            Some(self.xor_off)
        }
    }

    /// The winning moves, in the order of [`Eval::first_moves`], and whether the list is
    /// complete. With two tokens on a line, only the moves to (0,0) win (any other move
    /// leaves a token on a line for the opponent). With one, its moves to (0,0) and to the
    /// cells off the lines that make the XOR 0 win (the latter need the table: without it
    /// the list is incomplete). With none, the moves that make the XOR 0 (never onto a
    /// line, which lets the opponent win).
    pub fn winning(&self) -> (Vec<QueenMove>, bool) {
        if self.finished {
            return (Vec::new(), true);
        }
        let on: Vec<usize> = (0..self.tokens.len())
            .filter(|&i| on_a_line(self.tokens[i].0, self.tokens[i].1))
            .collect();
        match (on.as_slice(), &self.table) {
            ([], None) => (Vec::new(), false),
            ([i], Some(_)) => {
                let wins = self
                    .targets(*i)
                    .filter(|&t| self.after(*i, t).0 == Some(Outcome::Second))
                    .map(|t| (*i, t))
                    .collect();
                (wins, true)
            }
            ([_], None) => (on.iter().map(|&i| (i, (0, 0))).collect(), false),
            ([_, _, ..], _) => (on.iter().map(|&i| (i, (0, 0))).collect(), true),
            ([], Some(table)) => {
                let mut winning = Vec::new();
                if self.xor_off != 0 {
                    for (i, &(x, y)) in self.tokens.iter().enumerate() {
                        let want = self.xor_off ^ table.value(x, y);
                        for (x2, y2) in QueensTable::options(x, y) {
                            if table.value(x2, y2) == want {
                                winning.push((i, (x2, y2)));
                            }
                        }
                    }
                }
                (winning, true)
            }
        }
    }

    /// The cells token `i` can move to: left, then down, then diagonally, each the
    /// nearest to the corner first (the order of [`QueensTable::options`], with the cells
    /// on the lines too).
    pub fn targets(&self, i: usize) -> impl Iterator<Item = (u64, u64)> {
        let (x, y) = self.tokens[i];
        let left = (0..x).map(move |x2| (x2, y));
        let down = (0..y).map(move |y2| (x, y2));
        let diag = (1..=x.min(y)).map(move |k| (x - k, y - k));
        left.chain(down).chain(diag)
    }

    /// The number of moves: a token at (x, y) has x + y + min(x, y) of them.
    pub fn move_count(&self) -> u128 {
        if self.finished {
            return 0;
        }
        self.tokens
            .iter()
            .map(|&(x, y)| x as u128 + y as u128 + x.min(y) as u128)
            .sum()
    }

    /// The first `limit` moves: token by token, in the order of [`Eval::targets`].
    pub fn first_moves(&self, limit: usize) -> Vec<QueenMove> {
        let mut out = Vec::new();
        if self.finished {
            return out;
        }
        for i in 0..self.tokens.len() {
            for t in self.targets(i) {
                if out.len() >= limit {
                    return out;
                }
                out.push((i, t));
            }
        }
        out
    }

    /// The outcome and value of the position after token `i` moves to `t`, for the
    /// opponent; `None` when the table is not built.
    pub fn after(&self, i: usize, t: (u64, u64)) -> (Option<Outcome>, Option<u32>) {
        if t == (0, 0) {
            return (Some(Outcome::Second), Some(0));
        }
        let from = self.tokens[i];
        let on_after = self.on_line - usize::from(on_a_line(from.0, from.1))
            + usize::from(on_a_line(t.0, t.1));
        if on_after > 0 {
            return (Some(Outcome::First), None);
        }
        match (self.single(from).or(Some(0)), self.single(t)) {
            (Some(old), Some(new)) if self.table.is_some() => {
                let v = self.xor_off ^ old ^ new;
                (Some(Outcome::from_grundy_is_zero(v == 0)), Some(v))
            }
            _ => (None, None),
        }
    }
}

/// Reads tokens written `3,5 4,7` or `3 5 + 4 7`.
pub fn parse_tokens(words: &[String]) -> Result<Vec<(u64, u64)>> {
    let text = words.join(" ");
    let mut tokens = Vec::new();
    for part in text.split('+') {
        let nums: Vec<&str> = part
            .split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')')
            .filter(|s| !s.is_empty())
            .collect();
        if nums.len() & 1 == 1 {
            return Err(Error::parse(format!(
                "queens: `{}` does not split into x,y pairs (write `3,5 4,7` or `3 5 + 4 7`)",
                part.trim()
            )));
        }
        for pair in nums.chunks(2) {
            let mut xy = [0u64; 2];
            for (k, s) in pair.iter().enumerate() {
                xy[k] = s.parse().map_err(|_| {
                    Error::parse(format!(
                        "queens: `{s}` is not a non-negative integer coordinate"
                    ))
                })?;
            }
            tokens.push((xy[0], xy[1]));
        }
    }
    Ok(tokens)
}

pub mod game;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::engine::QueensRules;
    use crate::impartial::GrundySolver;

    #[test]
    fn sum_rule_agrees_with_the_real_game() {
        let mut s = GrundySolver::new(QueensRules);
        let cells: Vec<(u64, u64)> = (0..6u64)
            .flat_map(|x| (0..6u64).map(move |y| (x, y)))
            .filter(|&c| c != (0, 0))
            .collect();
        for &a in &cells {
            let wins = s.outcome(&vec![a]).unwrap() == Outcome::First;
            let r = analyse(&[a]).unwrap();
            assert_eq!(r.first_wins, wins, "{a:?}");
            for &b in &cells {
                if b < a {
                    continue;
                }
                let pos = vec![a, b];
                let wins = s.outcome(&pos).unwrap() == Outcome::First;
                let toks = [a, b];
                let r = analyse(&toks).unwrap();
                assert_eq!(r.first_wins, wins, "{a:?} {b:?}");
                // Every listed winning move leads to a losing position for the opponent.
                for &(i, (x, y)) in &r.winning {
                    let mut p = pos.clone();
                    p[i] = (x, y);
                    p.sort_unstable();
                    let after = s.outcome(&p).unwrap();
                    assert!(
                        p.contains(&(0, 0)) || after == Outcome::Second,
                        "{pos:?} -> {p:?}"
                    );
                }
                assert_eq!(r.winning.is_empty(), !wins);
                // And every winning move is listed.
                let mut want = s.winning_moves(&pos).unwrap();
                want.sort_unstable();
                want.dedup();
                let mut got: Vec<Vec<(u64, u64)>> = r
                    .winning
                    .iter()
                    .map(|&(i, (x, y))| {
                        let mut p = pos.clone();
                        p[i] = (x, y);
                        p.sort_unstable();
                        p
                    })
                    .collect();
                got.sort_unstable();
                got.dedup();
                assert_eq!(got, want, "{pos:?}");
            }
        }
        // Three tokens on a smaller grid.
        for a in 0..16u64 {
            for b in a..16 {
                for c in b..16 {
                    let t = |k: u64| (k % 4 + 1, k / 4 + 1);
                    let mut pos = vec![t(a), t(b), t(c)];
                    pos.sort_unstable();
                    let wins = s.outcome(&pos).unwrap() == Outcome::First;
                    assert_eq!(analyse(&pos).unwrap().first_wins, wins, "{pos:?}");
                }
            }
        }
    }

    #[test]
    fn table_matches_direct_mex() {
        let t = QueensTable::new(40).unwrap();
        for y in 1..=40u64 {
            for x in 1..=40u64 {
                if x == y {
                    continue;
                }
                let opts: Vec<u64> = QueensTable::options(x, y)
                    .iter()
                    .map(|&(a, b)| t.value(a, b) as u64)
                    .collect();
                let mex = (0..).find(|v| !opts.contains(v)).unwrap();
                assert_eq!(t.value(x, y) as u64, mex, "({x},{y})");
            }
        }
    }
}
