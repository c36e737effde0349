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

use super::nimber::{nim_inv, nim_mul};
use super::row::{plain_play_only, sets_with_xor};
use super::rule::CoinRule;
use crate::catalogue::{Game, Report, SolveOptions};
use crate::error::{Error, Result};
use crate::value::Outcome;
use serde_json::json;

/// The largest board side accepted (values of single heads are then computed exactly).
pub const MAX_SIDE: usize = 256;

/// A board: `heads[r][c]` for row r + 1, column c + 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub heads: Vec<Vec<bool>>,
}

impl Board {
    /// Parses rows of H/T separated by `|` or spaces (rows may differ in length; short
    /// rows are padded with tails).
    pub fn parse(words: &[String]) -> Result<Board> {
        // Rows are separated by `|` or by spaces.
        let text: String = words
            .join(" ")
            .split(|c: char| c == '|' || c.is_whitespace())
            .filter(|r| !r.is_empty())
            .collect::<Vec<_>>()
            .join("|");
        if text.is_empty() {
            return Err(Error::parse(
                "no board given: write rows of H and T separated by `|`, e.g. `THT|HHT`",
            ));
        }
        let mut heads = Vec::new();
        for (r, row) in text.split('|').enumerate() {
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

    fn write(&self) -> String {
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

/// The product game G1 × G2.
#[derive(Debug, Clone)]
pub struct Tartan {
    pub rows: CoinRule,
    pub cols: CoinRule,
    pub name: Option<&'static str>,
}

impl Tartan {
    /// The value tables of the two rules for a board.
    fn tables(&self, board: &Board) -> Result<(Vec<u64>, Vec<u64>)> {
        let r = board.heads.len() as u64;
        let c = board.heads.first().map_or(0, Vec::len) as u64;
        Ok((self.rows.values(r)?, self.cols.values(c)?))
    }

    /// The value of a board by the Tartan theorem.
    pub fn value(&self, board: &Board) -> Result<u64> {
        let (g1, g2) = self.tables(board)?;
        Ok(heads(board).fold(0, |a, (i, j)| a ^ nim_mul(g1[i as usize], g2[j as usize])))
    }

    /// Every winning move, as the coins turned (row, column), the corner last.
    pub fn winning_moves(&self, board: &Board) -> Result<Vec<Vec<(u64, u64)>>> {
        let (g1, g2) = self.tables(board)?;
        let total = heads(board).fold(0, |a, (i, j)| a ^ nim_mul(g1[i as usize], g2[j as usize]));
        let mut out = Vec::new();
        if total == 0 {
            return Ok(out);
        }
        for (i, j) in heads(board) {
            // Turning A × B changes the value by (⊕ g1 over A) ⊗ (⊕ g2 over B).
            for a in self.rows.moves_at(i) {
                let alpha = a.iter().fold(g1[i as usize], |x, &y| x ^ g1[y as usize]);
                let Some(inv) = nim_inv(alpha) else { continue };
                // The column sets whose values with g2(j) XOR to β = total ⊗ α⁻¹, by lookup.
                let beta = nim_mul(total, inv);
                let mut col_moves = Vec::new();
                sets_with_xor(&self.cols, &g2, j, beta ^ g2[j as usize], &mut col_moves);
                for b in &col_moves {
                    {
                        let mut rs = a.clone();
                        rs.push(i);
                        let mut cs = b.clone();
                        cs.push(j);
                        let mut cells: Vec<(u64, u64)> = rs
                            .iter()
                            .flat_map(|&r| cs.iter().map(move |&c| (r, c)))
                            .collect();
                        cells.sort();
                        out.push(cells);
                        if out.len() >= 1000 {
                            return Ok(out);
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

fn heads(board: &Board) -> impl Iterator<Item = (u64, u64)> + '_ {
    board.heads.iter().enumerate().flat_map(|(r, row)| {
        row.iter()
            .enumerate()
            .filter(|(_, &h)| h)
            .map(move |(c, _)| (r as u64 + 1, c as u64 + 1))
    })
}

fn turned(board: &Board, cells: &[(u64, u64)]) -> Board {
    let mut b = board.clone();
    for &(r, c) in cells {
        let h = &mut b.heads[r as usize - 1][c as usize - 1];
        *h = !*h;
    }
    b
}

impl Game for Tartan {
    fn spec(&self) -> String {
        match self.name {
            Some(n) => n.to_string(),
            None => format!("tartan:{}*{}", self.rows.spec(), self.cols.spec()),
        }
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        plain_play_only(&self.spec(), options)?;
        let board = Board::parse(words)?;
        let total = self.value(&board)?;
        let moves = self.winning_moves(&board)?;
        let outcome = Outcome::from_grundy_is_zero(total == 0);
        let method = "theorem: Tartan (a head at (i, j) has value g1(i) ⊗ g2(j), the nim product; a board's value is the XOR over its heads)";
        let mut text = format!(
            "game: {}\nposition: {}\nplay: normal\noutcome: {} ({}-position)\ngrundy: {total}\n",
            self.spec(),
            board.write(),
            outcome,
            outcome.letter()
        );
        if moves.is_empty() {
            text.push_str("winning moves: none\n");
        } else {
            text.push_str(
                "winning moves (coins turned as (row, column); the last goes heads→tails):\n",
            );
            for m in &moves {
                text.push_str(&format!(
                    "  turn {}  -> {}\n",
                    m.iter()
                        .map(|(r, c)| format!("({r},{c})"))
                        .collect::<Vec<_>>()
                        .join(" "),
                    turned(&board, m).write()
                ));
            }
        }
        text.push_str(&format!("method: {method}"));
        let json = json!({
            "game": self.spec(),
            "position": board.write(),
            "play": "normal",
            "outcome": outcome.as_str(),
            "grundy": total.to_string(),
            "winning_moves": moves.iter().map(|m| json!({"turn": m, "after": turned(&board, m).write()})).collect::<Vec<_>>(),
            "method": method,
        });
        Ok(Report::new(text, json))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        plain_play_only(&self.spec(), options)?;
        let board = Board::parse(words)?;
        let total = self.value(&board)?;
        let (g1, g2) = self.tables(&board)?;
        let mut text = String::new();
        let mut list = Vec::new();
        for (i, j) in heads(&board) {
            for a in self.rows.moves_at(i) {
                for b in self.cols.moves_at(j) {
                    if list.len() >= 10_000 {
                        return Err(Error::unsupported(
                            "more than 10000 moves; `sprague solve` gives the winning ones",
                        ));
                    }
                    let alpha = a.iter().fold(g1[i as usize], |x, &y| x ^ g1[y as usize]);
                    let beta = b.iter().fold(g2[j as usize], |x, &y| x ^ g2[y as usize]);
                    let after = total ^ nim_mul(alpha, beta);
                    let mut rs = a.clone();
                    rs.push(i);
                    let mut cs = b.clone();
                    cs.push(j);
                    let cells: Vec<(u64, u64)> = rs
                        .iter()
                        .flat_map(|&r| cs.iter().map(move |&c| (r, c)))
                        .collect();
                    let pos = turned(&board, &cells).write();
                    text.push_str(&format!(
                        "{pos}  {} (grundy {after})\n",
                        if after == 0 { "winning" } else { "losing" }
                    ));
                    list.push(json!({"turn": cells, "position": pos, "winning": after == 0, "grundy": after.to_string()}));
                }
            }
        }
        if list.is_empty() {
            text.push_str("no moves: every coin is tails\n");
        }
        Ok(Report::new(
            text.trim_end().to_string(),
            json!({"game": self.spec(), "position": board.write(), "moves": list}),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundySolver, Impartial};

    /// A small board as a bit mask (bit (r−1)·cols + (c−1)), played by the product rule.
    struct Product {
        rows: CoinRule,
        cols: CoinRule,
        r: u64,
        c: u64,
    }
    impl Impartial for Product {
        type Position = u32;
        fn options(&self, &m: &u32, out: &mut Vec<u32>) {
            let bit = |i: u64, j: u64| 1u32 << ((i - 1) * self.c + (j - 1));
            for i in 1..=self.r {
                for j in 1..=self.c {
                    if m & bit(i, j) == 0 {
                        continue;
                    }
                    for a in self.rows.moves_at(i) {
                        for b in self.cols.moves_at(j) {
                            let mut next = m;
                            for &x in a.iter().chain([i].iter()) {
                                for &y in b.iter().chain([j].iter()) {
                                    next ^= bit(x, y);
                                }
                            }
                            out.push(next);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn tartan_theorem_agrees_with_brute_force_on_small_boards() {
        let pairs = [
            (CoinRule::TWINS, CoinRule::TWINS),
            (CoinRule::RULER, CoinRule::TWINS),
            (CoinRule::MOCK_TURTLES, CoinRule::RULER),
            (CoinRule::Run(Some(2)), CoinRule::MOCK_TURTLES),
        ];
        for (rows, cols) in pairs {
            for (r, c) in [(3u64, 4u64), (4, 3), (2, 5)] {
                let t = Tartan {
                    rows,
                    cols,
                    name: None,
                };
                let mut s = GrundySolver::new(Product { rows, cols, r, c });
                for m in 0u32..(1 << (r * c)) {
                    let board = Board {
                        heads: (0..r)
                            .map(|i| (0..c).map(|j| m & (1 << (i * c + j)) != 0).collect())
                            .collect(),
                    };
                    let v = s.grundy(&m).unwrap().value();
                    assert_eq!(
                        t.value(&board).unwrap(),
                        v,
                        "{rows:?}×{cols:?} {}",
                        board.write()
                    );
                    if m % 37 == 0 {
                        // Winning moves: exactly the options of value 0.
                        let got = t.winning_moves(&board).unwrap().len();
                        let mut opts = Vec::new();
                        s.rules().options(&m, &mut opts);
                        let expect = opts
                            .iter()
                            .filter(|o| s.grundy(o).unwrap().is_zero())
                            .count();
                        assert_eq!(got, expect, "{}", board.write());
                    }
                }
            }
        }
    }

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
}
