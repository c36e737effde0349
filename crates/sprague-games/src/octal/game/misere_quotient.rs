//! Misère play through the misère quotient (docs/theory.md#misere-quotients): where the
//! quotient of the game's heaps can be computed within the request's limits and covers
//! the position (a proven period covers every heap; a bounded quotient the heaps up to
//! its bound), `solve`, `moves` and `table --misere` answer from it; elsewhere the exact
//! search of `verdict` answers, as before.
//!
//! A sum is lost for the player to move iff the product of its heaps' images is in the
//! P-portion, so an outcome costs one product a heap, whatever the heaps' sizes. A move
//! wins iff the image of what it leaves, times the other heaps' product, is in the
//! P-portion: in heaps up to a few thousand the options are scanned; beyond, with a proven
//! period, the options are searched by residues (one option for each element a move can
//! reach), so a heap of 10^18 costs what a heap of thirty does.
//!
//! Which method answers must not depend on more than the limits allow: the quotient is
//! given a bounded configuration and at most [`QUOTIENT_TIME`] (never past the request's
//! deadline). A quotient that outgrows them (a wild game such as Dawson's Kayles, whose
//! quotient has thousands of elements beyond heap 30) leaves the position to the search.

use super::verdict::Words;
use super::OctalGame;
use crate::error::{Error, Result};
use crate::interface::listing::{MAX_MOVES_LISTED, MAX_WINNING_LISTED};
use crate::interface::{
    Component, Listing, Method, MethodKind, Move, Play, SolveOptions, Verdict, Winner,
};
use crate::limits::{Deadline, Limits};
use crate::octal::moves::{HeapMove, MoveCount};
use crate::octal::quotient::OctalHeapGame;
use num_bigint::BigUint;
use sprague_core::quotient::{Period, Quotient, QuotientConfig, QuotientSolver};
use sprague_core::value::Outcome;
use std::time::{Duration, Instant};

/// The most heaps computed looking for a proven period, when the position holds a larger
/// heap (Kayles' period is proven at heap 167, 0.44's at 335).
pub const QUOTIENT_HEAPS: u64 = 2_048;
/// The longest a request spends on the quotient before the exact search takes over.
pub const QUOTIENT_TIME: Duration = Duration::from_secs(2);
/// The bounds of the quotient a request computes: quotients of a few hundred elements are
/// quick; larger ones belong to `sprague quotient`.
pub const QUOTIENT_CONFIG: QuotientConfig = QuotientConfig {
    max_order: 1_024,
    max_trial_order: 2_048,
    max_basis: 500_000,
};
/// The most rows of a misère table answered through the quotient.
pub const QUOTIENT_TABLE_LIMIT: u64 = 1 << 23;

/// The misère outcomes of single heaps read off a quotient (1 when the first player
/// wins), the method that names it and notes on it, for a misère table.
pub(super) type QuotientOutcomes = (Vec<bool>, Method, Vec<String>);

/// A quotient that covers a request, with the heap game it was computed for.
pub(super) struct Covering {
    pub(super) quotient: Quotient,
    pub(super) game: OctalHeapGame,
}

impl Covering {
    /// The method line: the quotient, its size and how far it holds.
    pub(super) fn method(&self) -> Method {
        let q = &self.quotient;
        let extent = match q.period() {
            Some(p) => format!(
                "its pretending function periodic with period {} from heap {} (proven with heaps up to {})",
                p.period,
                p.preperiod,
                q.bound()
            ),
            None => format!(
                "bounded: the quotient of the sums of heaps up to {}, verified",
                q.bound()
            ),
        };
        Method::new(
            MethodKind::Quotient,
            format!(
                "misère quotient: |Q| = {}, |P| = {}, {extent}; a sum is decided by the product of its heaps' images",
                q.order(),
                q.p_portion().len()
            ),
        )
    }

    fn details(&self, v: &mut Verdict) {
        let q = &self.quotient;
        v.details.push("quotient_order", q.order());
        v.details.push("quotient_p_portion", q.p_portion().len());
        v.details.push("quotient_bound", q.bound());
        if let Some(p) = q.period() {
            v.details.push("quotient_preperiod", p.preperiod);
            v.details.push("quotient_period", p.period);
        }
    }

    fn outcome(&self, heaps: &[u64]) -> Result<bool> {
        Ok(self.quotient.outcome(heaps)? == Outcome::First)
    }
}

/// Heaps this large and beyond are played as a representative of their class modulo the
/// period: at least the preperiod and above [`QUOTIENT_HEAPS`], so that moves are searched
/// by residues, and leaving room in a machine word.
const REPRESENTED_FROM: u64 = 1 << 62;

/// A heap of a machine word: itself; a larger one: the heap from [`REPRESENTED_FROM`] on
/// congruent to it modulo the period, which has the same image (both are past the
/// preperiod).
fn representative(h: &BigUint, period: Period) -> u64 {
    if let Ok(w) = u64::try_from(h) {
        return w;
    }
    let base = BigUint::from(REPRESENTED_FROM);
    let r = (h - &base) % BigUint::from(period.period);
    // Below the period, a machine word.
    REPRESENTED_FROM + u64::try_from(r).unwrap_or(0)
}

impl OctalGame {
    /// The misère quotient that decides every sum of heaps up to `max`, if it can be had
    /// within `limits` and the bounds above; `None` leaves the request to the search. Only
    /// the request's own deadline and Ctrl-C end the request.
    pub(super) fn misere_quotient(&self, max: u64, limits: &Limits) -> Result<Option<Covering>> {
        let Ok(game) = OctalHeapGame::new(self.rules.clone()) else {
            return Ok(None);
        };
        let periodic = game.split_rules().is_some();
        if max > QUOTIENT_HEAPS && !periodic {
            return Ok(None);
        }
        let own = Deadline::after(QUOTIENT_TIME);
        let deadline = match (limits.deadline, own) {
            (Some(d), Some(o)) if d.at <= o.at => Some(d),
            (_, o) => o.or(limits.deadline),
        };
        let bounded = Limits {
            max_positions: None,
            deadline,
            cancel: limits.cancel.clone(),
            progress: limits.progress.clone(),
        };
        let mut solver = QuotientSolver::new(&game, QUOTIENT_CONFIG)?;
        match solver.run(max.min(QUOTIENT_HEAPS), &bounded) {
            Ok(()) => {}
            Err(Error::Limit { .. }) => return Ok(None),
            // The quotient's own time is up, not the request's: the search takes over.
            Err(Error::Timeout { .. }) if limits.deadline.is_none_or(|d| Instant::now() < d.at) => {
                return Ok(None)
            }
            Err(e) => return Err(e),
        }
        let quotient = solver.quotient();
        if quotient.bound() < max && quotient.period().is_none() {
            return Ok(None);
        }
        Ok(Some(Covering { quotient, game }))
    }

    /// The misère verdict through the quotient, if one covers the heaps; `None` leaves the
    /// position to the search. Heaps beyond a machine word need a proven period: each is
    /// replaced by a representative of its class (see [`representative`]).
    pub(super) fn through_quotient(
        &self,
        heaps: &[BigUint],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Option<Verdict>> {
        let words: Option<Vec<u64>> = heaps.iter().map(|h| u64::try_from(h).ok()).collect();
        let max = words
            .as_ref()
            .map_or(u64::MAX, |w| w.iter().copied().max().unwrap_or(0));
        let Some(cover) = self.misere_quotient(max, &options.limits())? else {
            return Ok(None);
        };
        let small = match words {
            Some(w) => w,
            None => {
                let Some(period) = cover.quotient.period() else {
                    return Ok(None);
                };
                heaps.iter().map(|h| representative(h, period)).collect()
            }
        };
        self.quotient_verdict(&cover, heaps, &small, options, listing)
            .map(Some)
    }

    /// The verdict of a misère position through a quotient that covers its heaps.
    fn quotient_verdict(
        &self,
        cover: &Covering,
        heaps: &[BigUint],
        small: &[u64],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        let r = &self.rules;
        let wins = cover.outcome(small)?;
        let words = Words::new(heaps);
        let mut v = Verdict::new(
            r.name.clone(),
            words.position(),
            Play::Misere,
            Winner::from_first_wins(wins),
            cover.method(),
        );
        cover.details(&mut v);
        v.listing = listing;
        for (w, &h) in words.heaps.iter().zip(small) {
            v.components.push(Component {
                position: w.clone(),
                value: None,
                outcome: Some(Winner::from_first_wins(cover.outcome(&[h])?)),
                remoteness: None,
            });
        }
        let count = MoveCount::new(r, heaps);
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
                let found = cover
                    .quotient
                    .winning_moves(&cover.game, small, &options.limits())?;
                let cap = words.cap(MAX_WINNING_LISTED);
                for m in found.moves.iter().take(cap) {
                    let taken: u64 = m.leaves.iter().sum();
                    let mut parts: Vec<BigUint> =
                        m.leaves.iter().map(|&p| BigUint::from(p)).collect();
                    // A heap beyond a machine word was played as its representative: the
                    // difference (a multiple of the period) goes back to the largest part,
                    // which is past the preperiod, so its image is the same.
                    let offset = &heaps[m.index] - BigUint::from(m.heap);
                    if let Some(last) = parts.last_mut() {
                        *last += offset;
                    }
                    let hm = HeapMove {
                        index: m.index,
                        take: BigUint::from(m.heap - taken),
                        parts,
                    };
                    push(&mut v, &hm, false);
                }
                let listed = v.moves.len();
                if !found.complete {
                    v.incomplete(format!(
                        "{listed} winning moves are listed, not all of them: in heaps beyond those whose moves are scanned they are found by residues modulo the period, one for each element of the quotient a winning move can reach ({})",
                        count.describe()
                    ));
                } else if found.moves.len() > listed {
                    v.incomplete(format!(
                        "{} winning moves among {}; the first {listed} are listed",
                        found.moves.len(),
                        count.describe()
                    ));
                }
            }
            Listing::All => {
                let period = cover.quotient.period();
                for m in self.sample(&count, heaps, words.cap(MAX_MOVES_LISTED)) {
                    let mut after: Vec<u64> = small
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| *k != m.index)
                        .map(|(_, &h)| h)
                        .collect();
                    for p in &m.parts {
                        after.push(match (u64::try_from(p), period) {
                            (Ok(p), _) => p,
                            (Err(_), Some(period)) => representative(p, period),
                            // Parts are smaller than their heap, a machine word here.
                            (Err(_), None) => {
                                return Err(Error::unsupported(
                                    "a heap beyond 2^64 needs a proven period of the quotient",
                                ))
                            }
                        });
                    }
                    let opp = cover.outcome(&after)?;
                    push(&mut v, &m, opp);
                }
                self.note_sample(&mut v, &count);
            }
        }
        Ok(v)
    }

    /// The misère outcomes of heaps `0..=upto` through the quotient, if one covers them
    /// (see [`OctalGame::misere_quotient`]): the outcomes, the method and notes on the
    /// quotient.
    pub(super) fn quotient_outcomes(
        &self,
        upto: u64,
        limits: &Limits,
    ) -> Result<Option<QuotientOutcomes>> {
        if upto > QUOTIENT_TABLE_LIMIT {
            return Ok(None);
        }
        let Some(cover) = self.misere_quotient(upto, limits)? else {
            return Ok(None);
        };
        let wins = (0..=upto)
            .map(|n| cover.outcome(&[n]))
            .collect::<Result<Vec<bool>>>()?;
        let q = &cover.quotient;
        let mut notes = vec![format!(
            "misère quotient: |Q| = {}, |P| = {}, last changed by heap {}; `sprague quotient {}` shows it",
            q.order(),
            q.p_portion().len(),
            q.last_change(),
            self.rules.name
        )];
        if let Some(p) = q.period() {
            notes.push(format!(
                "the pretending function has period {} from heap {} (proven with heaps up to {}), so the outcomes repeat with it",
                p.period,
                p.preperiod,
                q.bound()
            ));
        }
        Ok(Some((wins, cover.method(), notes)))
    }
}
