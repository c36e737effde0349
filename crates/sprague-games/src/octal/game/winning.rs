//! The winning moves of one heap, by the method that reaches it: a scan of its moves for
//! heaps in the table, the period (splits counted by residue class) for heaps beyond it,
//! Lasker's formula for Lasker's Nim. Separate from the verdicts, which only add up what
//! each heap gives.

use super::{heap_words, Known, OctalGame};
use crate::error::Result;
use crate::limits::Limits;
use crate::octal::lasker::{lasker_winning, HeapWins};
use crate::octal::moves::{each_small, FAMILIES};
use crate::octal::period::Period;
use num_bigint::BigUint;
use std::ops::ControlFlow;

/// Moves examined when searching the winning moves of a heap in the table (splits in
/// three of a large heap are too many to scan to the end).
const SEARCH_WORK: u64 = 1 << 27;

/// Splits in three of a heap beyond the table: the two smaller parts searched up to this.
const THIRDS_SCAN: u64 = 1 << 10;

impl OctalGame {
    /// The winning moves of heap `h` (value to reach: `want`), at most `cap` listed. A scan
    /// of a heap's moves honours the deadline and the cancellation flag of `limits`.
    pub(super) fn heap_winning(
        &self,
        known: &Known,
        h: &BigUint,
        want: &BigUint,
        cap: usize,
        limits: &Limits,
    ) -> Result<HeapWins> {
        if let Some(n) = known.scannable(h) {
            return self.scan_winning(known, n, want, cap, limits);
        }
        if known.formula {
            return Ok(lasker_winning(h, want, cap));
        }
        Ok(match known.period {
            Some(p) => self.periodic_winning(known, p, h, want, cap),
            // `known` covers every heap it was asked for; a heap beyond it has no moves
            // found rather than a guess.
            None => HeapWins {
                moves: Vec::new(),
                count: None,
                why: Some(format!("{} is beyond the values known", heap_words(h))),
            },
        })
    }

    /// [`OctalGame::heap_winning`] in a comparable form (moves sorted), for tests.
    #[cfg(test)]
    pub(in crate::octal) fn winning_of(
        &self,
        known: &Known,
        h: &BigUint,
        want: &BigUint,
        cap: usize,
    ) -> (Vec<(BigUint, Vec<BigUint>)>, Option<BigUint>) {
        let mut found = self
            .heap_winning(known, h, want, cap, &Limits::default())
            .unwrap();
        found.moves.sort();
        (found.moves, found.count)
    }

    /// Winning moves of a heap in the table, by scanning its moves.
    fn scan_winning(
        &self,
        known: &Known,
        n: u64,
        want: &BigUint,
        cap: usize,
        limits: &Limits,
    ) -> Result<HeapWins> {
        let mut found = HeapWins {
            moves: Vec::new(),
            count: Some(BigUint::ZERO),
            why: None,
        };
        // Values in the table fit u32 (Lasker's below 2^18): a larger want is out of reach.
        let Ok(w) = u64::try_from(want) else {
            return Ok(found);
        };
        let mut work = 0u64;
        let mut count = 0u64;
        let mut stopped = Ok(());
        for fam in FAMILIES {
            let flow = each_small(&self.rules, n, fam, &mut |j, parts| {
                work += 1;
                if work > SEARCH_WORK {
                    return ControlFlow::Break(());
                }
                // Splits in three of a large heap take seconds to scan.
                if let Err(e) = limits.check_every(work, "moves searched for winning moves") {
                    stopped = Err(e);
                    return ControlFlow::Break(());
                }
                if parts.iter().fold(0, |a, &p| a ^ known.small(p)) == w {
                    count += 1;
                    if found.moves.len() < cap {
                        found
                            .moves
                            .push((j.into(), parts.iter().map(|&p| p.into()).collect()));
                    }
                }
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                stopped?;
                found.count = None;
                found.why = Some(format!(
                    "the search of heap {n} stopped after {SEARCH_WORK} of its moves"
                ));
                return Ok(found);
            }
        }
        found.count = Some(count.into());
        Ok(found)
    }

    /// Winning moves of a heap beyond the table, from the period (`n0`, `p`): every part
    /// left is huge except the smaller parts of splits, and `g(x) = T[n0 + (x − n0) mod p]`
    /// for `x ≥ n0` only depends on residues, computed once from `h mod p`.
    fn periodic_winning(
        &self,
        known: &Known,
        per: Period,
        h: &BigUint,
        want: &BigUint,
        cap: usize,
    ) -> HeapWins {
        let r = &self.rules;
        let mut found = HeapWins {
            moves: Vec::new(),
            count: Some(BigUint::ZERO),
            why: None,
        };
        let Ok(w) = u32::try_from(want) else {
            return found;
        };
        let (n0, p) = (per.preperiod, per.period);
        let t = &known.values;
        let g = |x: u64| t.get(x as usize);
        // ρ(x) = (x − n0) mod p, so g(x) = T[n0 + ρ(x)]; ρ(h − k) = (ρ(h) − k) mod p.
        let rho_h = u64::try_from(&((h - n0) % p)).expect("below the period");
        let rho_minus = |k: u64| (rho_h + p - k % p) % p;
        let g_big = |rho: u64| g(n0 + rho);
        let mut count = BigUint::ZERO;
        // Takes leave one huge heap.
        for j in 1..r.digits.len() as u64 {
            if r.digits[j as usize] & 2 != 0 && g_big(rho_minus(j)) == w {
                count += 1u32;
                if found.moves.len() < cap {
                    found.moves.push((j.into(), vec![h - j]));
                }
            }
        }
        // Splits in two a + (m − a), a ≤ ⌊m/2⌋: the parts below n0 one by one, the others
        // by residue class of a (each class holds ⌊(A − n0)/p⌋ or one more values of a).
        for j in 0..r.digits.len() as u64 {
            if r.digits[j as usize] & 4 == 0 {
                continue;
            }
            let m = h - j;
            let half = &m / 2u32;
            let rho_m = rho_minus(j);
            let other = |a: u64| g_big((rho_m + p - a % p) % p);
            for a in 1..n0 {
                if g(a) ^ other(a) == w {
                    count += 1u32;
                    if found.moves.len() < cap {
                        found.moves.push((j.into(), vec![a.into(), &m - a]));
                    }
                }
            }
            let good: Vec<u64> = (0..p).filter(|&c| g(n0 + c) ^ other(n0 + c) == w).collect();
            let span = &half - n0;
            let (q, rem) = (&span / p, u64::try_from(&(&span % p)).expect("below p"));
            let mut in_classes = &q * good.len() + good.iter().filter(|&&c| c <= rem).count();
            // a = 0 is not a split (only possible in class 0 when n0 = 0).
            if n0 == 0 && good.first() == Some(&0) {
                in_classes -= 1u32;
            }
            count += &in_classes;
            let mut k = 0u64;
            while found.moves.len() < cap && !good.is_empty() {
                let mut any = false;
                for &c in &good {
                    let a = n0 + c + k * p;
                    if BigUint::from(a) > half {
                        continue;
                    }
                    any = true;
                    if a > 0 && found.moves.len() < cap {
                        found.moves.push((j.into(), vec![a.into(), &m - a]));
                    }
                }
                if !any {
                    break;
                }
                k += 1;
            }
        }
        // Splits in three: the two smaller parts searched up to a bound; not counted.
        let mut thirds = false;
        for j in 0..r.digits.len() as u64 {
            if r.digits[j as usize] & 8 == 0 {
                continue;
            }
            thirds = true;
            let m = h - j;
            let rho_m = rho_minus(j);
            let small = |x: u64| {
                if (x as usize) < t.len() {
                    g(x)
                } else {
                    g_big((x - n0) % p)
                }
            };
            // The largest part, when m fits u64 (it may be small enough to be below b).
            let m_small = u64::try_from(&m).ok();
            for a in 1..=THIRDS_SCAN {
                for b in a..=THIRDS_SCAN {
                    let c = match m_small {
                        Some(ms) if ms < a + 2 * b => continue,
                        Some(ms) => small(ms - a - b),
                        None => g_big((rho_m + 2 * p - a % p - b % p) % p),
                    };
                    if small(a) ^ small(b) ^ c == w && found.moves.len() < cap {
                        found
                            .moves
                            .push((j.into(), vec![a.into(), b.into(), &m - a - b]));
                    }
                }
            }
        }
        if thirds {
            found.count = None;
            found.why = Some(format!(
                "splits in three of heaps beyond the table are searched with two parts up to {THIRDS_SCAN} only"
            ));
        } else {
            found.count = Some(count);
        }
        found
    }
}
