//! Proven periods of Grundy sequences.
//!
//! Periodicity theorem (Guy & Smith 1956; Winning Ways ch. 4): for an octal game whose
//! largest removal is `t`, if `g(n + p) = g(n)` for all `n0 ≤ n < 2·n0 + p + t`, then
//! `g(n + p) = g(n)` for all `n ≥ n0`.
//!
//! The same induction covers the other finite codes handled here, with the bound
//! `k·n0 + (k−1)·p + t` where `k` is the most heaps a move leaves (1: no splitting,
//! 2: octal, 3: hexadecimal bit 8) and `t ≥ 0` the largest `j` with a non-zero digit (so a
//! split without removal, `d0 = 4`, is covered; e.g. `4.07` uses `t = 2`). Proof sketch: for
//! `N ≥ k·n0 + (k−1)·p + t`, an option of heap `N + p` leaves parts summing to
//! `N + p − j`; its largest part `c` is at least `(N + p − j)/k ≥ n0 + p`, so replacing `c` by
//! `c − p` (in range `[n0, N)`, where the induction gives `g(c) = g(c − p)`) maps options of
//! `N + p` onto options of `N` with equal values, and conversely (the largest part of an
//! option of `N` is at least `n0`). So `g(N + p) = g(N)`. (The bound takes `n0 ≥ 1`, so
//! that `c − p` is a heap, not nothing: a preperiod of 0 is proven with the bound for 1.)
//! The map needs splits of any shape: with Grundy's game's "unequal" rule it can produce an
//! equal split, and with an infinite removal set (Lasker's Nim) there is no `t`; no period
//! is claimed for those.
//!
//! Search: [`candidates`] finds the shifts `p` under which the last values (a window of up
//! to 1024) repeat and extends each backwards to its least `n0`; a candidate is a proof as
//! soon as the values reach `k·n0 + (k−1)·p + t + p` and the equation held all along.
//! [`Computation`](super::Computation) runs this search each time the sequence has grown by half
//! and then checks each candidate's equation on every new value (one comparison), so a
//! proof is noticed at the exact length it needs (509,622 values for 0.16). Long periods
//! are noticed sooner by the computation's long-repeat finder, which hands its shifts to
//! [`candidate_at`].

use super::rules::TakeAndBreak;
use super::values::{Seq, Values};
use rayon::prelude::*;

/// A proven period: `g(n + period) = g(n)` for all `n ≥ preperiod`, both least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Period {
    /// The least `n0` from which the values repeat.
    pub preperiod: u64,
    /// The least period.
    pub period: u64,
}

/// The Guy–Smith bound: periodicity from `n0` with period `p` is proven once
/// `g(n+p) = g(n)` is checked for `n0 ≤ n <` this bound. `None` where the theorem does not
/// apply.
pub fn proof_bound(rules: &TakeAndBreak, n0: u64, p: u64) -> Option<u64> {
    if !rules.periodicity_applies() {
        return None;
    }
    let t = rules.max_removal()? as u64;
    let k = rules.max_pieces() as u64;
    // The induction replaces the largest part `c` by `c − p ≥ n0`; with `n0 = 0` that part
    // could vanish (`c = p`), changing how many heaps the move leaves, which the digit may
    // not allow. So the induction starts from 1: the equation at 0 is checked directly.
    let n0 = n0.max(1);
    Some(k * n0 + (k - 1) * p + t)
}

/// How many values (`g(0..count)`) a proof with these parameters needs.
pub fn values_needed(rules: &TakeAndBreak, n0: u64, p: u64) -> Option<u64> {
    proof_bound(rules, n0, p).map(|b| b + p)
}

/// Looks for a period proven by the values `g(0..values.len())`. Returns the least period
/// and least preperiod, or `None` when nothing is proven by these values (or the theorem
/// does not apply to the rules).
pub fn find_period(rules: &TakeAndBreak, values: &Values) -> Option<Period> {
    if !rules.periodicity_applies() {
        return None;
    }
    match values {
        Values::U8(v) => find_in(rules, &v[..]),
        Values::U9(v) => find_in(rules, v.view()),
        Values::U16(v) => find_in(rules, &v[..]),
        Values::U32(v) => find_in(rules, &v[..]),
    }
}

/// Whether `g(n + p) = g(n)` for `n0 ≤ n < bound` is checked directly (used by tests).
pub fn check_directly(values: &Values, n0: u64, p: u64, bound: u64) -> bool {
    (n0..bound).all(|n| {
        let (a, b) = (n as usize, (n + p) as usize);
        b < values.len() && values.get(a) == values.get(b)
    })
}

/// [`find_period`] on a slice: the first proven candidate of [`candidates`].
pub fn find_in<G: Seq + Sync>(rules: &TakeAndBreak, g: G) -> Option<Period> {
    let len = g.len() as u64;
    candidates(rules, g, 32)
        .into_iter()
        .find(|c| c.needed <= len)
        .map(|c| least(g, c.n0, c.p))
}

/// A possible period: `g(n + p) = g(n)` holds for every `n0 ≤ n` with `n + p` below the
/// values seen, and the proof is complete once `needed` values are known (and the
/// equation still holds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// The candidate preperiod.
    pub n0: u64,
    /// The candidate period.
    pub p: u64,
    /// How many values the periodicity theorem needs to prove it.
    pub needed: u64,
}

/// Periods `p` under which the last values repeat (a window of up to 1024 values equals
/// the window `p` earlier), at most `max` of them, each with the least `n0` from which the
/// equation holds up to the end; sorted by the number of values their proof needs.
/// Empty where the theorem does not apply.
///
/// Cost: one pass over the candidate shifts (`p ≤ len/2`, since a proof needs at least
/// `2p` values) with a two-value prefilter, plus a backward pass per match.
pub fn candidates<G: Seq + Sync>(rules: &TakeAndBreak, g: G, max: usize) -> Vec<Candidate> {
    let mut out = Vec::new();
    let len = g.len();
    if len < 4 || proof_bound(rules, 0, 1).is_none() {
        return out;
    }
    let w = (len / 16).clamp(2, 1024);
    let start = len - w; // window g[start..len]
    let window: Vec<u32> = (start..len).map(|i| g.at(i)).collect();
    // The shifts in chunks, a round of chunks at a time on the threads of the pool, each
    // chunk's first `max` matches kept: the first `max` in all, in order, as one pass
    // would find them (a long sequence's search would otherwise hold up its one chain).
    let last = (len / 2).min(start);
    let mut shifts: Vec<usize> = Vec::new();
    let mut lo = 1;
    while lo <= last && shifts.len() < max {
        let hi = (lo + SEARCH_ROUND * SEARCH_CHUNK).min(last + 1);
        let firsts: Vec<usize> = (lo..hi).step_by(SEARCH_CHUNK).collect();
        let found: Vec<Vec<usize>> = firsts
            .into_par_iter()
            .map(|a| window_matches(g, start, &window, a..(a + SEARCH_CHUNK).min(hi), max))
            .collect();
        let room = max - shifts.len();
        shifts.extend(found.into_iter().flatten().take(room));
        lo = hi;
    }
    for p in shifts {
        let q = start - p;
        // Least n0 with g(n+p) = g(n) for every n0 ≤ n < len − p.
        let mut n = q;
        while n > 0 && g.at(n - 1) == g.at(n - 1 + p) {
            n -= 1;
        }
        let needed = values_needed(rules, n as u64, p as u64).expect("the theorem applies");
        out.push(Candidate {
            n0: n as u64,
            p: p as u64,
            needed,
        });
    }
    out.sort_by_key(|c| c.needed);
    out
}

/// Shifts a task of [`candidates`] tries, and chunks a round.
const SEARCH_CHUNK: usize = 1 << 16;
const SEARCH_ROUND: usize = 64;

/// The shifts `p` of `shifts` (increasing) under which the values `window`, from `start`
/// on, equal those `p` before them, at most `max` of them: a two-value prefilter, then
/// the whole window.
fn window_matches<G: Seq>(
    g: G,
    start: usize,
    window: &[u32],
    shifts: std::ops::Range<usize>,
    max: usize,
) -> Vec<usize> {
    let (x0, x1) = (window[0], window[1]);
    let mut out = Vec::new();
    for p in shifts {
        let q = start - p;
        if g.at(q) == x0
            && g.at(q + 1) == x1
            && window.iter().enumerate().all(|(k, &x)| g.at(q + k) == x)
        {
            out.push(p);
            if out.len() >= max {
                break;
            }
        }
    }
    out
}

/// The candidate of shift `p` found where the values before `at` repeat those `p` before
/// them (`g(at − 1) = g(at − 1 − p)`, from the long-repeat finder): `None` unless
/// `g(n + p) = g(n)` holds from there to the last value; else its least `n0`, extended
/// backwards as in [`candidates`]. Costs the values from `n0` to the end.
pub fn candidate_at<G: Seq>(rules: &TakeAndBreak, g: G, p: usize, at: usize) -> Option<Candidate> {
    let len = g.len();
    if p == 0 || at < p + 1 || at > len {
        return None;
    }
    if (at - 1..len).any(|n| g.at(n) != g.at(n - p)) {
        return None;
    }
    let mut n = at - 1 - p;
    while n > 0 && g.at(n - 1) == g.at(n - 1 + p) {
        n -= 1;
    }
    let needed = values_needed(rules, n as u64, p as u64)?;
    Some(Candidate {
        n0: n as u64,
        p: p as u64,
        needed,
    })
}

/// From a proven `(n0, p)`: the least period (a divisor of `p`) and its least preperiod.
pub fn least<G: Seq>(g: G, n0: u64, p: u64) -> Period {
    let n0u = n0 as usize;
    let pu = p as usize;
    // Divisors of p in increasing order.
    let mut small = Vec::new();
    let mut large = Vec::new();
    let mut d = 1;
    while d * d <= pu {
        if pu.is_multiple_of(d) {
            small.push(d);
            if d * d != pu {
                large.push(pu / d);
            }
        }
        d += 1;
    }
    small.extend(large.into_iter().rev());
    // The sequence is periodic with period p from n0, so period d holds from n0 on once it
    // holds over one full period.
    let q = small
        .into_iter()
        .find(|&d| (n0u..n0u + pu).all(|n| g.at(n) == g.at(n + d)))
        .unwrap_or(pu);
    let mut m = n0u;
    while m > 0 && g.at(m - 1) == g.at(m - 1 + q) {
        m -= 1;
    }
    Period {
        preperiod: m as u64,
        period: q as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::xorshift;

    /// The candidates by one pass over the shifts, as [`candidates`] found them before its
    /// search went in chunks.
    fn one_pass(rules: &TakeAndBreak, g: &[u8], max: usize) -> Vec<Candidate> {
        let len = g.len();
        let w = (len / 16).clamp(2, 1024);
        let start = len - w;
        let mut out = Vec::new();
        for p in 1..=(len / 2).min(start) {
            if (0..w).any(|k| g[start - p + k] != g[start + k]) {
                continue;
            }
            let mut n = start - p;
            while n > 0 && g[n - 1] == g[n - 1 + p] {
                n -= 1;
            }
            let needed = values_needed(rules, n as u64, p as u64).unwrap();
            out.push(Candidate {
                n0: n as u64,
                p: p as u64,
                needed,
            });
            if out.len() >= max {
                break;
            }
        }
        out.sort_by_key(|c| c.needed);
        out
    }

    /// Sequences whose matching shifts lie in several chunks of the search, and far past
    /// `max` of them: the chunked search finds what one pass finds.
    #[test]
    fn the_chunked_search_finds_what_one_pass_finds() {
        let rules = TakeAndBreak::parse("0.1777", false).unwrap();
        let mut next = xorshift(0x5EED_0FCA_4D1D_A7E5u64);
        let len = 300_000;
        // Period 3 from the start (a match at every multiple of 3); a random start, then
        // period 70,001 (matches in the second and third chunks); values of two kinds
        // (many two-value prefilter hits, no match); random values.
        let mut random = |count: usize, kinds: u64| -> Vec<u8> {
            (0..count).map(|_| (next() % kinds) as u8).collect()
        };
        let head = random(100_000, 50);
        // The random start, then a random period repeated up to `len` values.
        let periodic = |period: Vec<u8>| -> Vec<u8> {
            head.iter()
                .chain(period.iter().cycle())
                .take(len)
                .copied()
                .collect()
        };
        let cases: Vec<Vec<u8>> = vec![
            (0..len).map(|i| (i % 3) as u8).collect(),
            periodic(random(70_001, 50)),
            random(len, 2),
            random(len, 50),
            // Period 65,536: the last shift of the first chunk and of the second.
            periodic(random(SEARCH_CHUNK, 50)),
        ];
        for (k, g) in cases.iter().enumerate() {
            for max in [1, 8, 32] {
                let got = candidates(&rules, &g[..], max);
                assert_eq!(got, one_pass(&rules, g, max), "case {k}, max {max}");
            }
        }
        assert_eq!(candidates(&rules, &cases[0][..], 8).len(), 8);
        assert!(candidates(&rules, &cases[1][..], 8)
            .iter()
            .any(|c| c.p == 70_001 && c.n0 == 100_000));
    }
}
