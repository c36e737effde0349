//! Two-dimensional coin-turning games in the catalogue: verdicts, move lists and labels for
//! the product rules of [`super`] (the Tartan theorem).

use super::ROW_MOVES_TRIED;
use super::{cells, heads, turned, Board, Tartan};
use crate::coins::row::game::{fit, OUTPUT_BYTES};
use crate::coins::row::SEARCH_STEPS;
use crate::coins::row::{count_at, each_set};
use crate::error::Result;
use crate::interface::listing::{
    check_legal_list, MAX_LEGAL_MOVES, MAX_MOVES_LISTED, MAX_WINNING_LISTED,
};
use crate::interface::{
    Component, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, ValueKind, Verdict,
    Winner,
};
use num_bigint::BigUint;
use sprague_core::value::nim_field::nim_mul;
use std::ops::ControlFlow;

/// Characters of per-head components beyond which the board is one component.
const COMPONENT_BYTES: usize = 1 << 22;

/// A product rule as a catalogue game.
#[derive(Debug, Clone)]
pub struct TartanGame(pub Tartan);

impl std::ops::Deref for TartanGame {
    type Target = Tartan;
    fn deref(&self) -> &Tartan {
        &self.0
    }
}

impl TartanGame {
    /// How many moves a board has, and how many coins they turn in all.
    pub(super) fn count(&self, board: &Board) -> (BigUint, BigUint) {
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
    pub(super) fn sample(
        &self,
        board: &Board,
        cap: usize,
        total: &BigUint,
    ) -> Vec<Vec<(u64, u64)>> {
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
        if options.misere || options.every {
            return self.engine_verdict(words, options, listing);
        }
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
            Winner::from_first_wins(total != 0),
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
                    Component::grundy(single_head(i, j), g, g == 0)
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
                let cap = fit(MAX_WINNING_LISTED, unit);
                for m in moves.iter().take(cap) {
                    v.moves.push(Move::winning_to(
                        label(m),
                        turned(&board, m).write(),
                        Some("0".into()),
                    ));
                }
                let listed = v.moves.len();
                if !complete {
                    v.incomplete(format!(
                        "{listed} winning moves are listed, not every one: the search stops at {MAX_WINNING_LISTED} moves, {ROW_MOVES_TRIED} row moves tried or {SEARCH_STEPS} steps ({all} moves in all)"
                    ));
                } else if moves.len() > listed {
                    v.incomplete(format!(
                        "{} winning moves among {all} moves; the first {listed} are listed",
                        moves.len()
                    ));
                }
            }
            Listing::All => {
                for m in self.sample(&board, fit(MAX_MOVES_LISTED, unit), &all) {
                    // Turning the coins flips each one's value in and out of the XOR.
                    let after = m.iter().fold(total, |a, &(r, c)| {
                        a ^ nim_mul(g1[r as usize], g2[c as usize])
                    });
                    let mut mv = Move::new(label(&m), turned(&board, &m).write());
                    mv.winning = after == 0;
                    mv.outcome = Some(Winner::from_first_wins(after != 0));
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

impl Game for TartanGame {
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

    /// The moves are the same in every play convention, so the options are not read.
    fn legal_moves(&self, words: &[String], _options: &SolveOptions) -> Result<Vec<LegalMove>> {
        let board = Board::parse(words)?;
        let (moves, coins) = self.count(&board);
        let unit = board.write().len();
        let bytes = &moves * (2 * unit + 64) + &coins * 8u32;
        check_legal_list("the board", &moves, &bytes)?;
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

/// `turn (1,2), (1,4), (3,2), (3,4)`.
pub(super) fn label(cells: &[(u64, u64)]) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::rule::CoinRule;

    /// Moves parse back and agree with re-solving; they are the legal moves; `solve`
    /// lists exactly the winning ones.
    #[test]
    fn moves_round_trip_and_agree_with_solve() {
        let games = [
            TartanGame(Tartan {
                rows: CoinRule::TWINS,
                cols: CoinRule::TWINS,
                name: Some("turning-corners"),
            }),
            TartanGame(Tartan {
                rows: CoinRule::RULER,
                cols: CoinRule::MOCK_TURTLES,
                name: None,
            }),
            TartanGame(Tartan {
                rows: CoinRule::UpTo(3),
                cols: CoinRule::Run(Some(2)),
                name: None,
            }),
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
        let t = TartanGame(Tartan {
            rows: CoinRule::MOCK_TURTLES,
            cols: CoinRule::MOCK_TURTLES,
            name: None,
        });
        let board = vec![single_head(200, 200)];
        let opts = SolveOptions::default();
        let per_side: u64 = 1 + 199 + 199 * 198 / 2;
        let all = t.moves(&board, &opts).unwrap();
        assert!(!all.complete && all.moves.len() <= MAX_MOVES_LISTED);
        let note = all.note.clone().unwrap();
        assert!(note.contains(&(per_side * per_side).to_string()), "{note}");
        assert!(t.legal_moves(&board, &opts).is_err());
        let v = t.solve(&board, &opts).unwrap();
        assert_eq!(v.outcome, Winner::First);
        assert!(!v.moves.is_empty() && v.moves.len() <= MAX_WINNING_LISTED);
        for m in v.moves.iter().take(3) {
            let after = t.solve(std::slice::from_ref(&m.position), &opts).unwrap();
            assert_eq!(after.value.as_deref(), Some("0"), "{}", m.label);
        }
    }
}
