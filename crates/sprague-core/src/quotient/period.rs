//! Proving the pretending function periodic.
//!
//! **Periodicity theorem for quotients** (in the form proved and used here; Plambeck and
//! Siegel prove a theorem of this kind, *Misère quotients for impartial games*, JCTA 115
//! (2008), with the same proof idea as Guy and Smith's for Grundy values). Let the game
//! be given by take-and-break rules, let `k` be the most tokens a rule takes and `s` the
//! most heaps a rule leaves (`s = 1` if no rule leaves two). Let `Q_N` be the misère
//! quotient of the sums of heaps `≤ N`, with pretending function `Φ_N`. If for some
//! `n₀ ≥ 0` and `p ≥ 1`
//!
//! - `Φ_N(h + p) = Φ_N(h)` for all `n₀ ≤ h ≤ N − p`, and
//! - `N ≥ s·(max(n₀, 1) + p) + k − 1`,
//!
//! then `Q_N` is the quotient of the whole game and `Φ(h + p) = Φ(h)` for all `h ≥ n₀`.
//!
//! *Proof.* Induction on `m > N`, assuming `Q_{m−1} = Q_N` and `Φ` periodic from `n₀` on
//! below `m`. An option of heap `m` takes `j ≤ k` tokens and leaves at most `s` heaps
//! summing to `m − j`; since `m > k + p`, neither `m` nor `m − p` can be taken whole. The
//! largest part is at least `(m − k)/s ≥ max(n₀, 1) + p`; lowering it by `p` gives an
//! option of heap `m − p` (same rule, parts still nonempty) with the same image, since
//! `Φ` is periodic there. Conversely the largest part of an option of heap `m − p` is at
//! least `(m − p − k)/s ≥ n₀`, and raising it by `p` gives an option of heap `m` with the
//! same image. So heap `m` has the same option images `Ω` as heap `m − p`, whose kind
//! `(Φ(m − p), Ω)` the verification of `Q_N` already covers: with `Φ(m) = Φ(m − p)` the
//! set of kinds of heaps is unchanged, the verification (which depends on nothing else)
//! still passes, and `Q_m = Q_N`. ∎
//!
//! The engine tracks, for every candidate period `p`, the last heap `h` with
//! `Φ(h) ≠ Φ(h − p)`; the least `n₀` for `p` is one past `h − p`. The first `p` (from 1 up)
//! meeting the bound is the least period: the least period `q` divides every period, is a
//! period of the tail from the same `n₀` on, and so meets the bound whenever `p` does.

use super::monoid::Element;
use serde::{Deserialize, Serialize};

/// A proven period of the pretending function: `Φ(n + period) = Φ(n)` for every
/// `n ≥ preperiod`, and for no smaller period, and `preperiod` is the least such `n₀`
/// (heap 0, the identity, included), as `table --period` counts preperiods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Period {
    /// The least `n₀ ≥ 0` from which the values repeat.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

/// The heap up to which a quotient must be computed for the periodicity theorem to prove
/// `period` for rules taking at most `k` tokens and leaving at most `s` heaps:
/// `s·(max(n₀, 1) + p) + k − 1` (with `s` at least 1); `None` if that overflows.
pub fn proof_bound(period: Period, k: u64, s: u8) -> Option<u64> {
    let s = (s as u64).max(1);
    period
        .preperiod
        .max(1)
        .checked_add(period.period)?
        .checked_mul(s)?
        .checked_add(k)?
        .checked_sub(1)
}

/// For each candidate period `p`, the last heap `h ≥ p` with `Φ(h) ≠ Φ(h − p)` (0 if none).
#[derive(Debug, Clone, Default)]
pub(crate) struct PeriodTracker {
    last: Vec<u64>,
}

impl PeriodTracker {
    /// The tracker of `phi` (heaps `0..phi.len()`), from scratch.
    pub(crate) fn of(phi: &[Element]) -> Self {
        let mut t = PeriodTracker { last: vec![0] };
        for n in 1..phi.len() {
            t.push(&phi[..=n]);
        }
        t
    }

    /// Takes in the last heap of `phi` (the others were taken in before).
    pub(crate) fn push(&mut self, phi: &[Element]) {
        let n = phi.len() - 1;
        self.last.push(0);
        let x = phi[n];
        for (p, last) in self.last.iter_mut().enumerate().skip(1) {
            if phi[n - p] != x {
                *last = n as u64;
            }
        }
    }

    /// The least period that the theorem proves with heaps `0..=n` computed, for rules
    /// taking at most `k` and leaving at most `s` heaps.
    pub(crate) fn proven(&self, n: u64, k: u64, s: u8) -> Option<Period> {
        for (p, &last) in self.last.iter().enumerate().skip(1) {
            let period = Period {
                preperiod: if last == 0 { 0 } else { last - p as u64 + 1 },
                period: p as u64,
            };
            if proof_bound(period, k, s).is_some_and(|b| n >= b) {
                return Some(period);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_is_proven_only_past_the_bound() {
        // Φ = 1 a 1 a b b b …: period 1 from heap 4 on. Octal (s = 2), k = 2: the bound
        // is 2·(4 + 1) + 1 = 11.
        let mut phi: Vec<Element> = vec![0, 1, 0, 1];
        let mut t = PeriodTracker::of(&phi);
        for n in 4..=11u64 {
            phi.push(2);
            t.push(&phi);
            let got = t.proven(n, 2, 2);
            if n < 11 {
                assert_eq!(got, None, "claimed at heap {n}");
            } else {
                assert_eq!(
                    got,
                    Some(Period {
                        preperiod: 4,
                        period: 1
                    })
                );
            }
        }
        assert_eq!(
            proof_bound(
                Period {
                    preperiod: 0,
                    period: 3
                },
                1,
                1
            ),
            Some(4)
        );
        assert_eq!(
            proof_bound(
                Period {
                    preperiod: u64::MAX,
                    period: 1
                },
                1,
                2
            ),
            None
        );
    }

    #[test]
    fn the_least_period_and_preperiod_are_found() {
        // 0, then a b a b …: period 2 from heap 1.
        let mut phi: Vec<Element> = vec![0];
        for n in 1..=40u32 {
            phi.push(1 + n % 2);
        }
        let t = PeriodTracker::of(&phi);
        assert_eq!(
            t.proven(40, 1, 1),
            Some(Period {
                preperiod: 1,
                period: 2
            })
        );
        // A change at heap 30 moves the preperiod to 31: still proven for a one-heap game
        // taking 1 (bound 33), not for an octal one taking 2 (bound 67).
        phi[30] = 7;
        let t = PeriodTracker::of(&phi);
        assert_eq!(
            t.proven(40, 1, 1),
            Some(Period {
                preperiod: 31,
                period: 2
            })
        );
        assert_eq!(t.proven(40, 2, 2), None);
    }
}
