//! The verdicts of `solve` and `moves`: normal play from the heaps' values (XOR, then each
//! heap's winning moves), misère play through the misère quotient where one covers the
//! position (`misere_quotient`), else by exact search; and the words of a position and of
//! its moves. Separate from how values and moves are found, which the other modules do.

use super::{heap_words, OctalGame, MISERE_LIMIT};
use crate::error::{Error, Result};
use crate::impartial::MisereSolver;
use crate::interface::listing::{MAX_MOVES_LISTED, MAX_WINNING_LISTED};
use crate::interface::{
    Component, Listing, Method, Move, Play, SolveOptions, ValueKind, Verdict, Winner,
};
use crate::octal::moves::{each_small, HeapMove, MoveCount, FAMILIES};
use crate::octal::rules::HeapRules;
use num_bigint::BigUint;
use std::ops::ControlFlow;

/// Bytes of positions one answer may write: fewer moves are listed for long positions.
const OUTPUT_BYTES: usize = 1 << 24;

/// The decimal words of a position, kept so that huge heaps are converted once.
pub(super) struct Words {
    pub(super) heaps: Vec<String>,
    pub(super) len: usize,
}

impl Words {
    pub(super) fn new(heaps: &[BigUint]) -> Words {
        let heaps: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        let len = heaps.iter().map(|w| w.len() + 1).sum();
        Words { heaps, len }
    }

    /// The position written back, as given.
    pub(super) fn position(&self) -> String {
        self.heaps.join(" ")
    }

    /// The position after a move: the heap replaced by its parts in place, empty heaps
    /// dropped (`0` when nothing is left).
    fn after(&self, m: &HeapMove, parts: &[String]) -> String {
        let mut out: Vec<&str> = Vec::new();
        for (k, w) in self.heaps.iter().enumerate() {
            if k == m.index {
                out.extend(parts.iter().map(String::as_str));
            } else if w != "0" {
                out.push(w);
            }
        }
        if out.is_empty() {
            "0".into()
        } else {
            out.join(" ")
        }
    }

    /// How many moves fit the output budget, at most `cap`.
    pub(super) fn cap(&self, cap: usize) -> usize {
        cap.min(OUTPUT_BYTES / (2 * self.len + 64)).max(1)
    }

    /// The label and the position after a move.
    pub(super) fn describe(&self, m: &HeapMove) -> (String, String) {
        let parts: Vec<String> = m.parts.iter().map(|p| p.to_string()).collect();
        let i = m.index + 1;
        let label = match parts.len() {
            0 => format!("remove heap {i}"),
            1 => format!("take {} from heap {i}", m.take),
            _ if m.take == BigUint::ZERO => format!("split heap {i} into {}", parts.join(" + ")),
            _ => format!(
                "take {} from heap {i}, split into {}",
                m.take,
                parts.join(" + ")
            ),
        };
        (label, self.after(m, &parts))
    }
}

impl OctalGame {
    pub(super) fn normal_verdict(
        &self,
        heaps: &[BigUint],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        let r = &self.rules;
        let max = heaps.iter().max().cloned().unwrap_or_default();
        let known = self.known(&max, options)?;
        let vals: Vec<BigUint> = heaps
            .iter()
            .map(|h| known.value(r, h))
            .collect::<Result<_>>()?;
        let total = vals.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let words = Words::new(heaps);
        let mut v = Verdict::new(
            r.name.clone(),
            words.position(),
            Play::Normal,
            Winner::from_first_wins(total != BigUint::ZERO),
            self.method(&known, heaps),
        )
        .with_value(ValueKind::Grundy, Some(total.to_string()));
        v.components = words
            .heaps
            .iter()
            .zip(&vals)
            .map(|(h, g)| Component::grundy(h.clone(), g, *g == BigUint::ZERO))
            .collect();
        if let Some(p) = known.period {
            v.details.push("preperiod", p.preperiod);
            v.details.push("period", p.period);
        }
        v.listing = listing;
        let count = MoveCount::new(r, heaps);
        match listing {
            Listing::Winning => {
                if total == BigUint::ZERO {
                    return Ok(v);
                }
                let cap = words.cap(MAX_WINNING_LISTED);
                let mut winning = Some(BigUint::ZERO);
                let mut why = Vec::new();
                let limits = options.limits();
                for &(i, _) in &count.per_heap {
                    let want = &total ^ &vals[i];
                    let found =
                        self.heap_winning(&known, &heaps[i], &want, cap - v.moves.len(), &limits)?;
                    winning = winning.zip(found.count).map(|(a, b)| a + b);
                    // The same limit for several heaps is said once.
                    why.extend(found.why.filter(|w| !why.contains(w)));
                    for (take, parts) in found.moves {
                        let m = HeapMove {
                            index: i,
                            take,
                            parts,
                        };
                        let (label, position) = words.describe(&m);
                        v.moves
                            .push(Move::winning_to(label, position, Some("0".into())));
                    }
                }
                let listed = v.moves.len();
                match winning {
                    Some(w) if w > BigUint::from(listed) => v.incomplete(format!(
                        "{w} winning moves among {}; the first {listed} are listed",
                        count.describe()
                    )),
                    Some(_) => {}
                    None => v.incomplete(format!(
                        "{listed} winning moves are listed, not all of them: {} ({})",
                        why.join("; "),
                        count.describe()
                    )),
                }
            }
            Listing::All => {
                for m in self.sample(&count, heaps, words.cap(MAX_MOVES_LISTED)) {
                    let mut after = &total ^ &vals[m.index];
                    for p in &m.parts {
                        after ^= known.value(r, p)?;
                    }
                    let (label, position) = words.describe(&m);
                    let mut mv = Move::new(label, position);
                    mv.winning = after == BigUint::ZERO;
                    mv.outcome = Some(Winner::from_first_wins(after != BigUint::ZERO));
                    mv.value = Some(after.to_string());
                    v.moves.push(mv);
                }
                self.note_sample(&mut v, &count);
            }
        }
        Ok(v)
    }

    pub(super) fn misere_verdict(
        &self,
        heaps: &[BigUint],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        if let Some(v) = self.through_quotient(heaps, options, listing)? {
            return Ok(v);
        }
        let r = &self.rules;
        let mut small = Vec::new();
        for h in heaps {
            let v = u64::try_from(h)
                .ok()
                .filter(|&v| v <= MISERE_LIMIT)
                .ok_or_else(|| {
                    Error::unsupported(format!(
                        "misère play is solved by exact search, limited to heaps of at most {MISERE_LIMIT}; {} is too large",
                        heap_words(h)
                    ))
                })?;
            small.push(v);
        }
        let comps = |hs: &mut dyn Iterator<Item = u64>| -> Vec<Vec<u64>> {
            hs.filter(|&h| h > 0).map(|h| vec![h]).collect()
        };
        let mut solver = MisereSolver::new(HeapRules(r.clone()), options.limits());
        // The largest heap alone first, refused at once when the growth of the sums it
        // needs says it is beyond the limits.
        if let Some(&largest) = small.iter().max() {
            let asked = || format!("misère {} heap {largest}", r.name);
            super::misere_estimate::single_heaps(&mut solver, largest, &asked)?;
        }
        let wins = solver.first_player_wins(&comps(&mut small.iter().copied()))?;
        let words = Words::new(heaps);
        let mut v = Verdict::new(
            r.name.clone(),
            words.position(),
            Play::Misere,
            Winner::from_first_wins(wins),
            Method::engine("search: exact misère search over sums of heaps"),
        );
        v.listing = listing;
        for (w, &h) in words.heaps.iter().zip(&small) {
            let alone = solver.first_player_wins(&comps(&mut std::iter::once(h)))?;
            v.components.push(Component {
                position: w.clone(),
                value: None,
                outcome: Some(Winner::from_first_wins(alone)),
                remoteness: None,
            });
        }
        let count = MoveCount::new(r, heaps);
        // Whether the player to move after `m` wins.
        let mut after_wins = |m: &HeapMove| -> Result<bool> {
            let parts = m
                .parts
                .iter()
                .map(|p| u64::try_from(p).expect("small heap"));
            let mut rest = small
                .iter()
                .enumerate()
                .filter(|(k, _)| *k != m.index)
                .map(|(_, &h)| h)
                .chain(parts);
            solver.first_player_wins(&comps(&mut rest))
        };
        let push = |v: &mut Verdict, m: &HeapMove, opp_wins: bool| {
            let (label, position) = words.describe(m);
            let mut mv = Move::new(label, position);
            mv.outcome = Some(Winner::from_first_wins(opp_wins));
            mv.winning = !opp_wins;
            v.moves.push(mv);
        };
        match listing {
            Listing::Winning => {
                if !wins {
                    return Ok(v);
                }
                if count.total == BigUint::ZERO {
                    v.note = Some(
                        "no moves: the player to move cannot move, and so wins (misère)".into(),
                    );
                    return Ok(v);
                }
                let cap = words.cap(MAX_WINNING_LISTED);
                let mut winning = 0u64;
                let mut err = None;
                for &(i, _) in &count.per_heap {
                    for fam in FAMILIES {
                        let _ = each_small(r, small[i], fam, &mut |j, parts| {
                            let m = HeapMove {
                                index: i,
                                take: j.into(),
                                parts: parts.iter().map(|&p| p.into()).collect(),
                            };
                            match after_wins(&m) {
                                Ok(true) => {}
                                Ok(false) => {
                                    winning += 1;
                                    if v.moves.len() < cap {
                                        push(&mut v, &m, false);
                                    }
                                }
                                Err(e) => {
                                    err = Some(e);
                                    return ControlFlow::Break(());
                                }
                            }
                            ControlFlow::Continue(())
                        });
                        if let Some(e) = err.take() {
                            return Err(e);
                        }
                    }
                }
                let listed = v.moves.len() as u64;
                if winning > listed {
                    v.incomplete(format!(
                        "{winning} winning moves among {}; the first {listed} are listed",
                        count.describe()
                    ));
                }
            }
            Listing::All => {
                for m in self.sample(&count, heaps, words.cap(MAX_MOVES_LISTED)) {
                    let opp = after_wins(&m)?;
                    push(&mut v, &m, opp);
                }
                self.note_sample(&mut v, &count);
            }
        }
        Ok(v)
    }
}
