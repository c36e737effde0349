//! The moves of a rule at one head, as the sets of other coins turned with it: every set in
//! order (without collecting them), how many there are, and the first few of each kind, by
//! closed forms so that nothing is sized by a head's position. Free of the catalogue.

use crate::coins::rule::CoinRule;
use num_bigint::BigUint;
use std::ops::ControlFlow;

/// Calls `f` with every set of *other* coins (ascending, all below `x`) that a move
/// turning the head at `x` may turn with it, fewer coins first and then in lexicographic
/// order (the order of [`CoinRule::moves_at`]), until `f` breaks. Nothing is collected, so
/// rules with astronomically many moves cost only what `f` asks for.
pub fn each_set(
    rule: &CoinRule,
    x: u64,
    f: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match *rule {
        CoinRule::UpTo(k) => {
            for size in 0..k as usize {
                each_subset(size, x.saturating_sub(1), f)?;
            }
        }
        CoinRule::Run(k) => {
            let longest = k.map_or(x, |k| k.min(x));
            for len in 1..=longest {
                // The run of `len` coins ending at x: the others are x − len + 1 … x − 1.
                let run: Vec<u64> = (x + 1 - len..x).collect();
                f(&run)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The subsets of `size` elements of `1..=n`, in lexicographic order, until `f` breaks.
fn each_subset(
    size: usize,
    n: u64,
    f: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if size as u64 > n {
        return ControlFlow::Continue(());
    }
    let mut c: Vec<u64> = (1..=size as u64).collect();
    loop {
        f(&c)?;
        // The rightmost element that can still grow, then the smallest tail after it.
        let Some(i) = (0..size).rev().find(|&i| c[i] < n - (size - 1 - i) as u64) else {
            return ControlFlow::Continue(());
        };
        c[i] += 1;
        for t in i + 1..size {
            c[t] = c[t - 1] + 1;
        }
    }
}

/// How many moves a head at `x` has, and how many coins they turn in all (for the size
/// of a list): `Σ C(x − 1, s)` sets of `s < k` other coins, or runs of `1..=min(k, x)`.
pub fn count_at(rule: &CoinRule, x: &BigUint) -> (BigUint, BigUint) {
    match *rule {
        CoinRule::UpTo(k) => {
            let (mut moves, mut coins) = (BigUint::ZERO, BigUint::ZERO);
            for s in 0..k as usize {
                let c = kind_count(rule, x, s);
                coins += &c * (s + 1);
                moves += c;
            }
            (moves, coins)
        }
        CoinRule::Run(k) => {
            let l = match k {
                Some(k) => x.clone().min(BigUint::from(k)),
                None => x.clone(),
            };
            let coins = &l * (&l + 1u32) / 2u32;
            (l, coins)
        }
    }
}

/// The first `limit` sets of other coins of a head at `x` with `size` other coins
/// (`size` is ignored for runs: all lengths), in the order of [`each_set`]; heads beyond
/// `u64` have their other coins at the smallest positions (up to k) or just below them
/// (runs). Stops early once `coins` (a budget of coins written) runs out.
pub fn first_sets(
    rule: &CoinRule,
    x: &BigUint,
    size: usize,
    limit: usize,
    coins: &mut usize,
) -> Vec<Vec<BigUint>> {
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    let mut keep = |set: Vec<BigUint>, out: &mut Vec<Vec<BigUint>>| {
        if set.len() + 1 > *coins {
            return ControlFlow::Break(());
        }
        *coins -= set.len() + 1;
        out.push(set);
        if out.len() >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    match *rule {
        CoinRule::UpTo(_) => {
            // Subsets of 1..=x−1, whose first ones have small elements even for huge x.
            let n = u64::try_from(&(x - 1u32)).unwrap_or(u64::MAX);
            let _ = each_subset(size, n, &mut |c| {
                keep(c.iter().map(|&y| y.into()).collect(), &mut out)
            });
        }
        CoinRule::Run(k) => {
            let longest = match k {
                Some(k) => x.clone().min(k.into()),
                None => x.clone(),
            };
            let mut len = 1u64;
            while BigUint::from(len) <= longest {
                let set: Vec<BigUint> = (1..len).rev().map(|d| x - d).collect();
                if keep(set, &mut out).is_break() {
                    break;
                }
                len += 1;
            }
        }
    }
    out
}

/// The kinds of move of a rule at a head: the sizes `0..k` of the other coins for "up to
/// k", one kind (all runs) for runs.
pub fn kinds(rule: &CoinRule) -> usize {
    match *rule {
        CoinRule::UpTo(k) => k as usize,
        CoinRule::Run(_) => 1,
    }
}

/// How many sets of `size` other coins a head at `x` has (all runs for a run rule).
pub fn kind_count(rule: &CoinRule, x: &BigUint, size: usize) -> BigUint {
    match *rule {
        CoinRule::UpTo(_) => {
            // C(x − 1, size): a head at x has x − 1 coins to its left.
            if *x == BigUint::ZERO {
                return BigUint::ZERO;
            }
            let n = x - 1u32;
            let mut c = BigUint::from(1u32);
            for s in 0..size as u64 {
                if BigUint::from(s) >= n {
                    return BigUint::ZERO;
                }
                c = c * (&n - s) / (s + 1);
            }
            c
        }
        CoinRule::Run(_) => count_at(rule, x).0,
    }
}
