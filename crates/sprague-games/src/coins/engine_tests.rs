//! The engine's rules for rows and boards: normal-play values against the theorems on every
//! small position, misère outcomes and every-move steps against a direct table over the
//! positions (each move clears the highest coin it touches, so a position's options are
//! smaller numbers and one pass in increasing order decides them all).

use super::*;
use crate::coins::check::{board_of_mask, boards_against_engine, rows_against_engine};
use crate::coins::tartan::Tartan;
use crate::impartial::{GrundySolver, MisereSolver};
use crate::limits::Limits;
use sprague_core::compound::EverySolver;

fn big(v: impl IntoIterator<Item = u64>) -> Vec<BigUint> {
    v.into_iter().map(BigUint::from).collect()
}

/// Misère wins and every-move steps of every position below `1 << bits`, from `options`
/// (which must only lead to smaller numbers): `(misère win, normal win, step)`.
fn direct(bits: u32, options: impl Fn(u32) -> Vec<u32>) -> Vec<(bool, bool, u64)> {
    let mut out: Vec<(bool, bool, u64)> = Vec::with_capacity(1 << bits);
    for m in 0u32..1 << bits {
        let opts = options(m);
        assert!(
            opts.iter().all(|&o| o < m),
            "a move must clear its highest coin"
        );
        let misere = opts.is_empty() || opts.iter().any(|&o| !out[o as usize].0);
        let normal = opts.iter().any(|&o| !out[o as usize].1);
        let step = if opts.is_empty() {
            0
        } else if normal {
            1 + opts
                .iter()
                .filter(|&&o| !out[o as usize].1)
                .map(|&o| out[o as usize].2)
                .max()
                .unwrap_or(0)
        } else {
            1 + opts.iter().map(|&o| out[o as usize].2).min().unwrap_or(0)
        };
        out.push((misere, normal, step));
    }
    out
}

fn rules() -> Vec<CoinRule> {
    let mut r: Vec<CoinRule> = (1..=4).map(CoinRule::UpTo).collect();
    r.extend([1, 2, 3].map(|k| CoinRule::Run(Some(k))));
    r.push(CoinRule::RULER);
    r
}

/// A row is the sum of its single heads in normal play: the engine's value of every row of
/// up to 10 coins is the XOR of the head values.
#[test]
fn rows_are_sums_of_single_heads_by_the_engine() {
    for rule in rules() {
        let n = if rule == CoinRule::UpTo(4) { 8 } else { 10 };
        let g = rule.values(n).unwrap();
        let (_, full) = RowRules::new(rule, &big(1..=n)).unwrap();
        assert_eq!(full, (1u128 << n) - 1);
        let by_table = |x: u64| g[x as usize];
        assert_eq!(rows_against_engine(&rule, n, &by_table), Ok(1 << n));
    }
}

/// Misère outcomes and every-move steps of every row of up to 8 coins, against the direct
/// table over the rule's exhaustive list of moves.
#[test]
fn rows_misere_and_every_agree_with_the_direct_table() {
    for rule in rules() {
        let n = 8u32;
        let table = direct(n, |m| {
            let mut out = Vec::new();
            for x in 1..=n as u64 {
                if m >> (x - 1) & 1 == 1 {
                    for set in rule.moves_at(x) {
                        let flip = set.iter().fold(1u32 << (x - 1), |a, &y| a | 1 << (y - 1));
                        out.push(m ^ flip);
                    }
                }
            }
            out
        });
        let (rows, _) = RowRules::new(rule, &big(1..=n as u64)).unwrap();
        let mut mis = MisereSolver::new(&rows, Limits::default());
        let mut every = EverySolver::new(&rows, Limits::default());
        for (m, &(misere, normal, step)) in table.iter().enumerate() {
            let p = m as u128;
            assert_eq!(
                mis.first_player_wins(&[p]).unwrap(),
                misere,
                "{rule:?} {m:b}"
            );
            assert_eq!(every.step(&p).unwrap(), step, "{rule:?} {m:b}");
            let mut opts = Vec::new();
            rows.options(&p, &mut opts);
            assert_eq!(rows.has_moves(&p), !opts.is_empty());
            assert_eq!(every.analyse(&[p]).unwrap().first_wins, normal);
        }
    }
}

/// Rows built from their heads alone: one-coin rules keep far heads, others span every coin
/// left of the rightmost head; sizes say so.
#[test]
fn rows_span_the_coins_play_can_turn() {
    let (r, p) = RowRules::new(CoinRule::UpTo(1), &big([3, 1_000_000_000_000])).unwrap();
    assert_eq!(r.heads(p), [3, 1_000_000_000_000]);
    let mut opts = Vec::new();
    r.options(&p, &mut opts);
    assert_eq!(opts.len(), 2);
    let (r, p) = RowRules::new(CoinRule::TWINS, &big([2, 5])).unwrap();
    assert_eq!(r.heads(p), [2, 5]);
    // Twins never adds a head: at most 2 heads among 5 coins, 1 + 5 + 10 positions.
    let size = RowRules::size(&CoinRule::TWINS, &big([2, 5]));
    assert_eq!((size.parts, size.log2_positions), (5, Some(4)));
    // Moves of a full row of 5: 1 + 2 + 3 + 4 + 5.
    assert_eq!(size.max_moves, 15);
    let huge = RowRules::size(&CoinRule::MOCK_TURTLES, &big([60]));
    assert_eq!(huge.log2_positions, Some(60));
    assert!(RowRules::new(CoinRule::TWINS, &big([129])).is_err());
    let far = RowRules::size(&CoinRule::TWINS, &[BigUint::from(10u32).pow(30)]);
    assert!(far.parts > MAX_COINS && far.check().is_err());
    assert!(RowRules::size(&CoinRule::TWINS, &big([128]))
        .check()
        .is_ok());
}

/// The Tartan theorem against the engine on every board of up to 12 cells (the entries'
/// check on larger boards), and misère and every-move play against the direct table.
#[test]
fn boards_agree_with_the_tartan_theorem_and_the_direct_table() {
    let pairs = [
        (CoinRule::TWINS, CoinRule::TWINS),
        (CoinRule::RULER, CoinRule::TWINS),
        (CoinRule::MOCK_TURTLES, CoinRule::RULER),
        (CoinRule::Run(Some(2)), CoinRule::MOCK_TURTLES),
        (CoinRule::UpTo(1), CoinRule::TWINS),
    ];
    let shapes = [(3u64, 4u64), (4, 3), (2, 5)];
    for (rows, cols) in pairs {
        let t = Tartan {
            rows,
            cols,
            name: None,
        };
        assert!(boards_against_engine(&t, &shapes).unwrap() > 0);
        for (r, c) in shapes {
            let full = board_of_mask(r, c, u32::MAX);
            let (rules, p) = BoardRules::new(rows, cols, &full).unwrap();
            assert_eq!(p, (1u128 << (r * c)) - 1, "{rows:?}×{cols:?}");
            let table = direct((r * c) as u32, |m| {
                let mut out = Vec::new();
                let bit = |i: u64, j: u64| 1u32 << ((i - 1) * c + (j - 1));
                for i in 1..=r {
                    for j in 1..=c {
                        if m & bit(i, j) == 0 {
                            continue;
                        }
                        for a in rows.moves_at(i) {
                            for b in cols.moves_at(j) {
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
                out
            });
            let mut g = GrundySolver::new(&rules);
            let mut mis = MisereSolver::new(&rules, Limits::default());
            let mut every = EverySolver::new(&rules, Limits::default());
            for (m, &(misere, normal, step)) in table.iter().enumerate() {
                let b = board_of_mask(r, c, m as u32);
                let p = rules.mask(&b);
                assert_eq!(p, m as u128);
                assert_eq!(!g.grundy(&p).unwrap().is_zero(), normal);
                assert_eq!(
                    mis.first_player_wins(&[p]).unwrap(),
                    misere,
                    "{}",
                    b.write()
                );
                assert_eq!(every.step(&p).unwrap(), step, "{}", b.write());
                assert_eq!(rules.has_moves(&p), p != 0);
            }
        }
    }
}

/// A board spans the cells its heads reach: the staircase below and left of them, or only
/// their own row or column under a one-coin rule.
#[test]
fn boards_span_the_cells_play_can_turn() {
    let b = Board::parse(&["TTT|TTH".to_string()]).unwrap();
    let s = BoardRules::size(&CoinRule::TWINS, &CoinRule::TWINS, &b);
    assert_eq!(s.parts, 6);
    let s = BoardRules::size(&CoinRule::UpTo(1), &CoinRule::TWINS, &b);
    assert_eq!(s.parts, 3);
    let big_board = vec!["T".repeat(11) + "|" + "T".repeat(11).as_str(); 6].join("|") + "H";
    let big_board = Board::parse(&[big_board]).unwrap();
    let s = BoardRules::size(&CoinRule::TWINS, &CoinRule::TWINS, &big_board);
    assert!(s.parts > MAX_COINS, "{s:?}");
    assert!(BoardRules::new(CoinRule::TWINS, CoinRule::TWINS, &big_board).is_err());
}
