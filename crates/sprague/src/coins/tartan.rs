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
use super::row::{
    count_at, each_set, fit, plain_play_only, sets_with_xor, MAX_LEGAL_MOVES, MAX_LISTED,
    MAX_MOVES_SHOWN, MAX_WINNING_SHOWN, OUTPUT_BYTES, SEARCH_STEPS,
};
use super::rule::CoinRule;
use crate::catalogue::{
    Component, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, ValueKind, Verdict,
    Winner,
};
use crate::error::{Error, Result};
use num_bigint::BigUint;
use std::ops::ControlFlow;

/// The largest board side accepted (values of single heads are then computed exactly).
pub const MAX_SIDE: usize = 256;
/// Row moves tried when searching winning moves (rules with many coins a move have
/// astronomically many on a large board).
const ROW_MOVES_TRIED: u64 = 1 << 20;
/// Characters of per-head components beyond which the board is one component.
const COMPONENT_BYTES: usize = 1 << 22;

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

    /// The winning moves (at most [`MAX_LISTED`]), each as the coins turned (row,
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
                    if out.len() >= MAX_LISTED {
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
fn cells(a: &[u64], i: u64, b: &[u64], j: u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = a
        .iter()
        .chain(std::iter::once(&i))
        .flat_map(|&r| b.iter().chain(std::iter::once(&j)).map(move |&c| (r, c)))
        .collect();
    out.sort();
    out
}

/// `turn (1,2), (1,4), (3,2), (3,4)`.
fn label(cells: &[(u64, u64)]) -> String {
    let list: Vec<String> = cells.iter().map(|(r, c)| format!("({r},{c})")).collect();
    format!("turn {}", list.join(", "))
}

/// A board with only the head at (i, j): rows above it one tail each (short rows are
/// padded with tails), so that it is short to write.
fn single_head(i: u64, j: u64) -> String {
    let mut s = "T|".repeat(i as usize - 1);
    s.push_str(&"T".repeat(j as usize - 1));
    s.push('H');
    s
}

fn winner(first_wins: bool) -> Winner {
    if first_wins {
        Winner::First
    } else {
        Winner::Second
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

impl Tartan {
    /// How many moves a board has, and how many coins they turn in all.
    fn count(&self, board: &Board) -> (BigUint, BigUint) {
        let (mut moves, mut coins) = (BigUint::ZERO, BigUint::ZERO);
        for (i, j) in heads(board) {
            let (mr, cr) = count_at(&self.rows, &i.into());
            let (mc, cc) = count_at(&self.cols, &j.into());
            // Each pair of a row move and a column move turns |A| · |B| coins.
            coins += &cr * &cc;
            moves += mr * mc;
        }
        (moves, coins)
    }

    /// The moves listed: for each head, its first moves (row sets in order, each with the
    /// column sets in order); an equal share of `cap` per head when there are more, and
    /// no more coins than the output budget allows.
    fn sample(&self, board: &Board, cap: usize, total: &BigUint) -> Vec<Vec<(u64, u64)>> {
        let hs: Vec<(u64, u64)> = heads(board).collect();
        let share = if *total <= BigUint::from(cap) {
            cap
        } else {
            (cap / hs.len().max(1)).max(1)
        };
        let mut coins_left = OUTPUT_BYTES / 8;
        let mut out = Vec::new();
        for (i, j) in hs {
            let room = share.min(cap.saturating_sub(out.len()));
            let mut taken = 0;
            let _ = each_set(&self.rows, i, &mut |a| {
                each_set(&self.cols, j, &mut |b| {
                    let c = cells(a, i, b, j);
                    if taken >= room || c.len() > coins_left {
                        return ControlFlow::Break(());
                    }
                    coins_left -= c.len();
                    taken += 1;
                    out.push(c);
                    ControlFlow::Continue(())
                })
            });
        }
        out
    }

    fn verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        plain_play_only(&self.spec(), options)?;
        let board = Board::parse(words)?;
        let (g1, g2) = self.tables(&board)?;
        let total = self.value(&board)?;
        let method = Method::theorem(
            "theorem: Tartan (a head at (i, j) has value g1(i) ⊗ g2(j), the nim product; a board's value is the XOR over its heads)",
        );
        let position = board.write();
        let unit = position.len();
        let mut v = Verdict::new(
            self.spec(),
            position,
            Play::Normal,
            winner(total != 0),
            method,
        )
        .with_value(ValueKind::Grundy, Some(total.to_string()));
        v.listing = listing;
        // One component per head, each a board with that head alone, unless writing them
        // would be long (then the board is one component).
        let size: usize = heads(&board)
            .map(|(i, j)| 2 * i as usize + j as usize)
            .sum();
        if size <= COMPONENT_BYTES {
            v.components = heads(&board)
                .map(|(i, j)| {
                    let g = nim_mul(g1[i as usize], g2[j as usize]);
                    Component {
                        position: single_head(i, j),
                        value: Some(g.to_string()),
                        outcome: Some(winner(g != 0)),
                        remoteness: None,
                    }
                })
                .collect();
        } else {
            v.components = vec![Component {
                position: v.position.clone(),
                value: Some(total.to_string()),
                outcome: Some(v.outcome),
                remoteness: None,
            }];
        }
        let (all, _) = self.count(&board);
        match listing {
            Listing::Winning => {
                if total == 0 {
                    return Ok(v);
                }
                let (moves, complete) = self.winning_moves(&board)?;
                let cap = fit(MAX_WINNING_SHOWN, unit);
                for m in moves.iter().take(cap) {
                    let mut mv = Move::new(label(m), turned(&board, m).write());
                    mv.value = Some("0".into());
                    mv.outcome = Some(Winner::Second);
                    mv.winning = true;
                    v.moves.push(mv);
                }
                let listed = v.moves.len();
                if !complete {
                    v.incomplete(format!(
                        "{listed} winning moves are listed, not every one: the search stops at {MAX_LISTED} moves, {ROW_MOVES_TRIED} row moves tried or {SEARCH_STEPS} steps ({all} moves in all)"
                    ));
                } else if moves.len() > listed {
                    v.incomplete(format!(
                        "{} winning moves among {all} moves; the first {listed} are listed",
                        moves.len()
                    ));
                }
            }
            Listing::All => {
                for m in self.sample(&board, fit(MAX_MOVES_SHOWN, unit), &all) {
                    // Turning the coins flips each one's value in and out of the XOR.
                    let after = m.iter().fold(total, |a, &(r, c)| {
                        a ^ nim_mul(g1[r as usize], g2[c as usize])
                    });
                    let mut mv = Move::new(label(&m), turned(&board, &m).write());
                    mv.winning = after == 0;
                    mv.outcome = Some(winner(after != 0));
                    mv.value = Some(after.to_string());
                    v.moves.push(mv);
                }
                let listed = v.moves.len();
                if all > BigUint::from(listed) {
                    v.incomplete(format!(
                        "{all} moves in all; {listed} are listed, the first ones of each head"
                    ));
                }
            }
        }
        Ok(v)
    }
}

impl Game for Tartan {
    fn spec(&self) -> String {
        match self.name {
            Some(n) => n.to_string(),
            None => format!("tartan:{}*{}", self.rows.spec(), self.cols.spec()),
        }
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(words, options, Listing::Winning)
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(words, options, Listing::All)
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        plain_play_only(&self.spec(), options)?;
        let board = Board::parse(words)?;
        let (moves, coins) = self.count(&board);
        let unit = board.write().len();
        let bytes = &moves * (2 * unit + 64) + &coins * 8u32;
        if moves > BigUint::from(MAX_LEGAL_MOVES) || bytes > BigUint::from(1u64 << 28) {
            return Err(Error::unsupported(format!(
                "the board has {moves} legal moves: too many to list (at most {MAX_LEGAL_MOVES}, and 256 MiB of positions); `sprague moves` lists a sample, `sprague solve` the winning moves"
            )));
        }
        Ok(self
            .sample(&board, MAX_LEGAL_MOVES as usize, &moves)
            .into_iter()
            .map(|m| LegalMove {
                label: label(&m),
                position: turned(&board, &m).write(),
                side: None,
            })
            .collect())
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
                        let (got, complete) = t.winning_moves(&board).unwrap();
                        assert!(complete);
                        let got = got.len();
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

    /// Moves parse back and agree with re-solving; they are the legal moves; `solve`
    /// lists exactly the winning ones.
    #[test]
    fn moves_round_trip_and_agree_with_solve() {
        let games = [
            Tartan {
                rows: CoinRule::TWINS,
                cols: CoinRule::TWINS,
                name: Some("turning-corners"),
            },
            Tartan {
                rows: CoinRule::RULER,
                cols: CoinRule::MOCK_TURTLES,
                name: None,
            },
            Tartan {
                rows: CoinRule::UpTo(3),
                cols: CoinRule::Run(Some(2)),
                name: None,
            },
        ];
        let opts = SolveOptions::default();
        for t in &games {
            for pos in ["THT|HHT", "H", "TT|TH", "HHH|HTH|TTH", "TTT"] {
                let w = vec![pos.to_string()];
                let all = t.moves(&w, &opts).unwrap();
                let legal = t.legal_moves(&w, &opts).unwrap();
                assert!(all.complete, "{pos}");
                let lp: Vec<_> = legal.iter().map(|m| (&m.label, &m.position)).collect();
                let mp: Vec<_> = all.moves.iter().map(|m| (&m.label, &m.position)).collect();
                assert_eq!(lp, mp);
                for m in &all.moves {
                    let after = t.solve(std::slice::from_ref(&m.position), &opts).unwrap();
                    assert_eq!(after.value, m.value, "{pos} {}", m.label);
                    assert_eq!(m.winning, after.value.as_deref() == Some("0"));
                }
                let solved = t.solve(&w, &opts).unwrap();
                let mut want: Vec<&str> = all
                    .moves
                    .iter()
                    .filter(|m| m.winning)
                    .map(|m| m.position.as_str())
                    .collect();
                let mut got = solved.winning_positions();
                want.sort();
                got.sort();
                assert_eq!(got, want, "{pos}");
                assert_eq!(solved.outcome == Winner::First, !want.is_empty());
                // Components: one board per head, each with that head's value.
                for c in &solved.components {
                    let alone = t.solve(std::slice::from_ref(&c.position), &opts).unwrap();
                    assert_eq!(alone.value, c.value, "{}", c.position);
                }
            }
        }
        let corners = &games[0];
        let v = corners.solve(&["TT|TH".to_string()], &opts).unwrap();
        // 2 ⊗ 2 = 3; turning (2,2) alone wins. The four corners are a move too.
        assert_eq!(v.value.as_deref(), Some("3"));
        assert!(v
            .moves
            .iter()
            .any(|m| m.label == "turn (2,2)" && m.position == "TT|TT"));
        let all = corners.moves(&["TT|TH".to_string()], &opts).unwrap();
        assert!(all
            .moves
            .iter()
            .any(|m| m.label == "turn (1,1), (1,2), (2,1), (2,2)" && m.position == "HH|HT"));
    }

    /// A large board: the moves are a capped sample with the count in the note, the legal
    /// moves are refused, and the winning moves are still found.
    #[test]
    fn large_boards_are_capped() {
        let t = Tartan {
            rows: CoinRule::MOCK_TURTLES,
            cols: CoinRule::MOCK_TURTLES,
            name: None,
        };
        let board = vec![single_head(200, 200)];
        let opts = SolveOptions::default();
        let per_side: u64 = 1 + 199 + 199 * 198 / 2;
        let all = t.moves(&board, &opts).unwrap();
        assert!(!all.complete && all.moves.len() <= MAX_MOVES_SHOWN);
        let note = all.note.clone().unwrap();
        assert!(note.contains(&(per_side * per_side).to_string()), "{note}");
        assert!(t.legal_moves(&board, &opts).is_err());
        let v = t.solve(&board, &opts).unwrap();
        assert_eq!(v.outcome, Winner::First);
        assert!(!v.moves.is_empty() && v.moves.len() <= MAX_WINNING_SHOWN);
        for m in v.moves.iter().take(3) {
            let after = t.solve(std::slice::from_ref(&m.position), &opts).unwrap();
            assert_eq!(after.value.as_deref(), Some("0"), "{}", m.label);
        }
    }
}
