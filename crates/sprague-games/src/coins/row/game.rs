//! A row of coins as a catalogue game (`twins`, `mock-turtles`, `ruler`, `coins:…`): its
//! verdicts with capped lists of winning moves and of moves, labels naming the coins
//! turned, legal moves and the table of head values, built on `position`, `search` and
//! `sets`.

use super::Row;
use super::{count_at, first_sets, kind_count, kinds};
use super::{head_values, winning_moves, HeadValues, MAX_ENUMERATED, SEARCH_STEPS};
use crate::coins::rule::CoinRule;
use crate::error::{Error, Result};
use crate::interface::listing::{
    check_legal_list, MAX_LEGAL_MOVES, MAX_MOVES_LISTED, MAX_WINNING_LISTED,
};
use crate::interface::{
    Component, Game, HeapRows, LegalMove, Listing, Method, MethodKind, Move, Play, SolveOptions,
    Table, TableOptions, ValueKind, Verdict, Winner,
};
use crate::octal::Values;
use num_bigint::BigUint;

/// Bytes one answer may spend on the coins and positions of its moves.
pub(crate) const OUTPUT_BYTES: usize = 1 << 24;

/// A coin-turning game of the catalogue.
#[derive(Debug, Clone)]
pub struct CoinGame {
    /// The rule of the moves (which sets of coins a move turns).
    pub rule: CoinRule,
}

/// The label of a move turning `coins` (ascending): `turn coin 5`, `turn coins 1 and 5`,
/// `turn coins 1, 3 and 5`, and `turn coins 3 to 7` for a run of three or more.
pub(super) fn turn_label(coins: &[String], run: bool) -> String {
    match coins {
        [] => "turn nothing".into(),
        [c] => format!("turn coin {c}"),
        [first, .., last] if run && coins.len() >= 3 => format!("turn coins {first} to {last}"),
        [init @ .., last] => format!("turn coins {} and {last}", init.join(", ")),
    }
}

/// The label of the move that turns ascending `coins`. A run is named by its ends without
/// writing every coin (a run of 2000 coins in each of 2000 moves was 4·10^6 numbers).
pub(super) fn move_label(coins: &[BigUint]) -> String {
    match coins {
        [first, .., last] if coins.len() >= 3 && consecutive(coins) => {
            format!("turn coins {first} to {last}")
        }
        _ => turn_label(&coin_words(coins), false),
    }
}

/// How many moves fit the output budget, for positions and coins of `unit` bytes.
pub(crate) fn fit(cap: usize, unit: usize) -> usize {
    cap.min(OUTPUT_BYTES / (2 * unit + 64)).max(1)
}

/// Coins written for a label or a position, once.
pub(super) fn coin_words(coins: &[BigUint]) -> Vec<String> {
    coins.iter().map(|c| c.to_string()).collect()
}

/// Whether ascending coins are consecutive.
pub(super) fn consecutive(coins: &[BigUint]) -> bool {
    coins.windows(2).all(|w| w[1] == &w[0] + 1u32)
}

impl CoinGame {
    fn verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        if options.misere || options.every {
            return self.engine_verdict(words, options, listing);
        }
        let row = Row::parse(words)?;
        let (values, by_theorem) = head_values(&self.rule, &row.heads)?;
        let total = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let method = match (by_theorem, self.rule.theorem_name()) {
            (true, Some(t)) => Method::new(
                MethodKind::Theorem,
                format!("theorem: {t}; a row's value is the XOR of its single heads' values"),
            ),
            _ => Method::engine(
                "rule: single-head values by the mex over the rule's moves (computed table); a row's value is the XOR of its single heads' values",
            ),
        };
        let position = row.after(&[]);
        let unit = position.len() + row.heads.last().map_or(1, |h| h.bits() as usize / 3 + 2);
        let mut v = Verdict::new(
            self.spec(),
            position,
            Play::Normal,
            Winner::from_first_wins(total != BigUint::ZERO),
            method,
        )
        .with_value(ValueKind::Grundy, Some(total.to_string()));
        v.listing = listing;
        v.components = row
            .heads
            .iter()
            .zip(&values)
            .map(|(h, g)| Component::grundy(h.to_string(), g, *g == BigUint::ZERO))
            .collect();
        let all_moves = row
            .heads
            .iter()
            .fold(BigUint::ZERO, |a, h| a + count_at(&self.rule, h).0);
        let describe = |coins: &[BigUint]| {
            let words = coin_words(coins);
            (turn_label(&words, consecutive(coins)), row.after(coins))
        };
        match listing {
            Listing::Winning => {
                if total == BigUint::ZERO {
                    return Ok(v);
                }
                let (moves, complete) = winning_moves(&self.rule, &row.heads, &values, &total)?;
                let cap = fit(MAX_WINNING_LISTED, unit);
                for m in moves.iter().take(cap) {
                    let (label, position) = describe(m);
                    v.moves
                        .push(Move::winning_to(label, position, Some("0".into())));
                }
                let listed = v.moves.len();
                if !complete {
                    v.incomplete(format!(
                        "{listed} winning moves are listed, not every one: moves are enumerated for heads up to {MAX_ENUMERATED}, at most {MAX_WINNING_LISTED} of them in {SEARCH_STEPS} steps ({all_moves} moves in all)"
                    ));
                } else if moves.len() > listed {
                    v.incomplete(format!(
                        "{} winning moves among {all_moves} moves; the first {listed} are listed",
                        moves.len()
                    ));
                }
            }
            Listing::All => {
                let table = HeadValues::new(&self.rule, &row.heads, by_theorem)?;
                let cap = fit(MAX_MOVES_LISTED, unit);
                for coins in self.sample(&row.heads, cap, &all_moves) {
                    let (head, others) = coins.split_last().expect("a head");
                    let after = others
                        .iter()
                        .fold(&total ^ table.get(head), |a, y| a ^ table.get(y));
                    let (label, position) = describe(&coins);
                    let mut mv = Move::new(label, position);
                    mv.winning = after == BigUint::ZERO;
                    mv.outcome = Some(Winner::from_first_wins(after != BigUint::ZERO));
                    mv.value = Some(after.to_string());
                    v.moves.push(mv);
                }
                let listed = v.moves.len();
                if all_moves > BigUint::from(listed) {
                    v.incomplete(format!(
                        "{all_moves} moves in all; {listed} are listed, the first ones of each kind for each head"
                    ));
                }
            }
        }
        Ok(v)
    }

    /// The moves listed for a row, each as the coins turned (ascending, the head last):
    /// every head's kinds of move in order; when there are more than `cap` moves, each
    /// kind of each head is cut to an equal share of `cap`, and the coins written are
    /// bounded by the output budget.
    pub(super) fn sample(
        &self,
        heads: &[BigUint],
        cap: usize,
        total: &BigUint,
    ) -> Vec<Vec<BigUint>> {
        let mut kinds_left: Vec<(usize, usize)> = Vec::new();
        for (i, h) in heads.iter().enumerate() {
            for k in 0..kinds(&self.rule) {
                if kind_count(&self.rule, h, k) != BigUint::ZERO {
                    kinds_left.push((i, k));
                }
            }
        }
        let share = if *total <= BigUint::from(cap) {
            cap
        } else {
            (cap / kinds_left.len().max(1)).max(1)
        };
        let unit = heads.last().map_or(1, |h| h.bits() as usize / 3 + 2);
        let mut coins = OUTPUT_BYTES / unit;
        let mut out = Vec::new();
        for (i, k) in kinds_left {
            let room = share.min(cap.saturating_sub(out.len()));
            for mut set in first_sets(&self.rule, &heads[i], k, room, &mut coins) {
                set.push(heads[i].clone());
                out.push(set);
            }
        }
        out
    }
}

impl Game for CoinGame {
    fn spec(&self) -> String {
        match self.rule {
            CoinRule::TWINS | CoinRule::MOCK_TURTLES | CoinRule::RULER => self.rule.spec(),
            r => format!("coins:{}", r.spec()),
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
        let row = Row::parse(words)?;
        let (mut moves, mut coins) = (BigUint::ZERO, BigUint::ZERO);
        for h in &row.heads {
            let (m, c) = count_at(&self.rule, h);
            moves += m;
            coins += c;
        }
        let unit = row.after(&[]).len() + row.heads.last().map_or(1, |h| h.bits() as usize / 3 + 2);
        let bytes = &moves * unit + &coins * (unit.min(64));
        check_legal_list("the row", &moves, &bytes)?;
        let cap = MAX_LEGAL_MOVES as usize;
        Ok(self
            .sample(&row.heads, cap, &moves)
            .into_iter()
            .map(|c| LegalMove {
                label: move_label(&c),
                position: row.after(&c),
                side: None,
            })
            .collect())
    }

    fn table(&self, options: &TableOptions) -> Result<Table> {
        if options.misere {
            return Err(Error::unsupported(
                "misère values of coin-turning games are not available",
            ));
        }
        if options.upto > 10_000_000 {
            return Err(Error::unsupported(
                "`--upto` is limited to 10000000 for coin-turning games",
            ));
        }
        let (values, method): (Vec<u32>, Method) = match self.rule.theorem_name() {
            Some(t) => (
                (0..=options.upto)
                    .map(|x| {
                        options.limits.check_every(x, "coins tabulated")?;
                        let v = self.rule.theorem(&x.into()).expect("closed form");
                        u32::try_from(&v).map_err(|_| {
                            Error::unsupported(format!(
                                "the value of a head at {x} is {v}, too large for a table"
                            ))
                        })
                    })
                    .collect::<Result<_>>()?,
                Method::theorem(format!("theorem: {t}")),
            ),
            None => (
                self.rule
                    .values(options.upto)?
                    .into_iter()
                    .enumerate()
                    .map(|(x, v)| {
                        u32::try_from(v).map_err(|_| {
                            Error::unsupported(format!(
                                "the value of a head at {x} is {v}, too large for a table"
                            ))
                        })
                    })
                    .collect::<Result<_>>()?,
                Method::engine("rule: mex over the rule's moves"),
            ),
        };
        let count = values.len() as u64;
        let mut table = Table::new(
            self.spec(),
            Play::Normal,
            Some(ValueKind::Grundy),
            method,
            format!(
                "values of a single head at positions 0..={} of {}",
                options.upto,
                self.spec()
            ),
            "coin",
            Box::new(HeapRows::grundy(Values::from_u32(&values), count)),
        );
        table.notes.push(
            "position x is the row with one head, at coin x (written `x`); 0 is the row without coins"
                .into(),
        );
        if options.period {
            table
                .notes
                .push("no period is computed for coin-turning games".into());
        }
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn huge_rows_use_the_theorems() {
        let g = CoinGame {
            rule: CoinRule::TWINS,
        };
        let v = g
            .solve(
                &w("123456789012345678901234567890 5"),
                &SolveOptions::default(),
            )
            .unwrap();
        assert_eq!(v.outcome, Winner::First);
        // Twins: turn coin 123456789012345678901234567895 ^ ... by the closed form.
        assert!(v
            .moves
            .iter()
            .any(|m| m.label.ends_with(" and 123456789012345678901234567890")));
        let heads: Vec<_> = v.components.iter().map(|c| c.position.as_str()).collect();
        assert_eq!(heads, ["5", "123456789012345678901234567890"]);
        assert_eq!(v.components[0].value.as_deref(), Some("5"));
        let g = CoinGame {
            rule: CoinRule::UpTo(4),
        };
        assert!(g.solve(&w("1000000000"), &SolveOptions::default()).is_err());
    }

    #[test]
    fn labels_name_the_coins() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(turn_label(&s(&["5"]), false), "turn coin 5");
        assert_eq!(turn_label(&s(&["1", "5"]), false), "turn coins 1 and 5");
        assert_eq!(
            turn_label(&s(&["1", "3", "5"]), false),
            "turn coins 1, 3 and 5"
        );
        assert_eq!(turn_label(&s(&["3", "4", "5"]), true), "turn coins 3 to 5");
    }

    /// For several rules and rows (both notations): moves parse back, re-solving agrees
    /// with each move's value, the moves are the legal moves and the rule's moves, and
    /// `solve` lists exactly the winning ones.
    #[test]
    fn moves_round_trip_and_agree_with_solve() {
        let rules = [
            CoinRule::TWINS,
            CoinRule::MOCK_TURTLES,
            CoinRule::RULER,
            CoinRule::UpTo(4),
            CoinRule::Run(Some(3)),
            CoinRule::UpTo(1),
        ];
        for rule in rules {
            let g = CoinGame { rule };
            for pos in ["THHTH", "2 3 5", "1", "TTTT", "HHHHHH", "7 9"] {
                let opts = SolveOptions::default();
                let all = g.moves(&w(pos), &opts).unwrap();
                let legal = g.legal_moves(&w(pos), &opts).unwrap();
                assert!(all.complete, "{rule:?} {pos}");
                let lp: Vec<_> = legal.iter().map(|m| (&m.label, &m.position)).collect();
                let mp: Vec<_> = all.moves.iter().map(|m| (&m.label, &m.position)).collect();
                assert_eq!(lp, mp);
                let row = Row::parse(&w(pos)).unwrap();
                let expect: usize = row
                    .heads
                    .iter()
                    .map(|h| rule.moves_at(u64::try_from(h).unwrap()).len())
                    .sum();
                assert_eq!(all.moves.len(), expect, "{rule:?} {pos}");
                for m in &all.moves {
                    let after = g.solve(&w(&m.position), &opts).unwrap();
                    assert_eq!(after.value, m.value, "{rule:?} {pos} {}", m.label);
                    assert_eq!(Some(after.outcome), m.outcome);
                    assert_eq!(m.winning, after.value.as_deref() == Some("0"));
                }
                let solved = g.solve(&w(pos), &opts).unwrap();
                let mut want: Vec<&str> = all
                    .moves
                    .iter()
                    .filter(|m| m.winning)
                    .map(|m| m.position.as_str())
                    .collect();
                let mut got = solved.winning_positions();
                want.sort();
                got.sort();
                assert_eq!(got, want, "{rule:?} {pos}");
                assert_eq!(solved.outcome == Winner::First, !want.is_empty());
                assert_eq!(solved.value, all.value);
            }
        }
        // Misère play is searched: a lone head at 1 loses (its only move leaves the
        // opponent without a move, who then wins).
        let v = CoinGame {
            rule: CoinRule::TWINS,
        }
        .solve(
            &w("1"),
            &SolveOptions {
                misere: true,
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(v.outcome, Winner::Second);
    }

    /// Long lists are capped samples of every kind with the count in the note; the legal
    /// moves refuse them; nothing is sized by a head's position.
    #[test]
    fn long_move_lists_are_capped() {
        let g = CoinGame {
            rule: CoinRule::MOCK_TURTLES,
        };
        let v = g.moves(&w("3000"), &SolveOptions::default()).unwrap();
        // 1 + 2999 + C(2999, 2) moves.
        let all = 1 + 2999 + 2999 * 2998 / 2;
        assert!(!v.complete && v.moves.len() <= MAX_MOVES_LISTED);
        assert!(v.note.as_deref().unwrap().contains(&format!("{all} moves")));
        assert!(v.moves.iter().any(|m| m.label == "turn coin 3000"));
        assert!(v.moves.iter().any(|m| m.label == "turn coins 1 and 3000"));
        assert!(v
            .moves
            .iter()
            .any(|m| m.label == "turn coins 1, 2 and 3000"));
        let e = g
            .legal_moves(&w("3000"), &SolveOptions::default())
            .unwrap_err();
        assert!(e.to_string().contains(&all.to_string()), "{e}");
        // A head of 10^30 under Ruler: runs of every length up to it.
        let r = CoinGame {
            rule: CoinRule::RULER,
        };
        let huge = format!("1{}", "0".repeat(30));
        let v = r.moves(&w(&huge), &SolveOptions::default()).unwrap();
        assert!(!v.complete && !v.moves.is_empty() && v.moves.len() <= MAX_MOVES_LISTED);
        assert!(v.note.as_deref().unwrap().contains(&huge));
        let m = &v.moves[3];
        assert!(m
            .label
            .starts_with("turn coins 999999999999999999999999999997 to "));
        let after = r.solve(&w(&m.position), &SolveOptions::default()).unwrap();
        assert_eq!(after.value, m.value);
        let v = r.solve(&w(&huge), &SolveOptions::default()).unwrap();
        assert!(!v.moves.is_empty(), "turning the head alone wins");
        assert!(!v.complete);
    }
}
