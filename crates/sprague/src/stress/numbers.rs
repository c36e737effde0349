//! Generators of the judge problems on numbers: Euclid's game (P1290), Wythoff (P2252),
//! Fibonacci Nim (P6487), prime-power subtraction (P4018), sorted piles (P4702).

use super::typed::{fibonacci_up_to, join, shrink_each, shrink_list, smaller, Generator};
use crate::rng::SplitMix64;
use num_integer::Roots;

/// Writes a count and then one item a line.
fn counted<T>(items: &[T], line: impl Fn(&T) -> String) -> String {
    let mut s = format!("{}\n", items.len());
    for x in items {
        s.push_str(&line(x));
        s.push('\n');
    }
    s
}

/// Batch `index` of `items`, `per` items a batch.
fn batch<T: Clone>(items: &[T], per: usize, index: u64) -> Vec<T> {
    let start = (index as usize).saturating_mul(per).min(items.len());
    items[start..(start + per).min(items.len())].to_vec()
}

/// How many batches of `per` hold `n` items.
fn batches(n: usize, per: usize) -> u64 {
    n.div_ceil(per) as u64
}

/// Smaller pairs: each number lowered on its own.
fn smaller_pairs(&(a, b): &(u64, u64), min: u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = smaller(a, min).into_iter().map(|x| (x, b)).collect();
    out.extend(smaller(b, min).into_iter().map(|y| (a, y)));
    out
}

/// Fewer lines, then smaller numbers.
fn shrink_pairs(lines: &[(u64, u64)], min: u64) -> Vec<Vec<(u64, u64)>> {
    let mut out = shrink_list(lines, 1);
    out.extend(shrink_each(lines, |p| smaller_pairs(p, min)));
    out
}

/// Fewer numbers, then smaller ones.
fn shrink_numbers(items: &[u64], min_len: usize, min: u64) -> Vec<Vec<u64>> {
    let mut out = shrink_list(items, min_len);
    out.extend(shrink_each(items, |&x| smaller(x, min)));
    out
}

/// `(⌊nφ⌋, ⌊nφ⌋ + n)`, the `n`-th cold pair of Wythoff's game, exactly: `⌊nφ⌋ =
/// ⌊(n + ⌊√(5n²)⌋) / 2⌋` because `√(5n²)` is irrational for `n > 0`.
pub fn wythoff_cold(n: u64) -> (u64, u64) {
    let n128 = u128::from(n);
    let a = (n128 + (5 * n128 * n128).sqrt()) / 2;
    (a as u64, a as u64 + n)
}

/// The largest `n` whose cold pair has both numbers at most `max`.
fn largest_cold_index(max: u64) -> u64 {
    let (mut lo, mut hi) = (0u64, max);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if wythoff_cold(mid).1 <= max {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// Luogu P2252, Wythoff's game: lines `a b` until the end of the input.
#[derive(Debug, Clone, Copy)]
pub struct Wythoff;

/// P2252's bound on a and b.
const WYTHOFF_MAX: u64 = 1_000_000_000;

impl Generator for Wythoff {
    type Input = Vec<(u64, u64)>;

    fn id(&self) -> &'static str {
        "P2252"
    }

    fn bounds(&self) -> &'static str {
        "0 ≤ a, b ≤ 10^9; any number of lines"
    }

    fn exhaustive_len(&self) -> u64 {
        batches(32 * 32, 64)
    }

    fn exhaustive(&self, index: u64) -> Self::Input {
        let all: Vec<(u64, u64)> = (0..32).flat_map(|a| (0..32).map(move |b| (a, b))).collect();
        batch(&all, 64, index)
    }

    fn random(&self, rng: &mut SplitMix64) -> Self::Input {
        let top = largest_cold_index(WYTHOFF_MAX);
        (0..rng.size(1, 40))
            .map(|_| {
                // Random pairs are almost never cold: some cold pairs and near misses too.
                let (a, b) = match rng.below(8) {
                    0 | 1 => wythoff_cold(rng.spread(0, top)),
                    2 => {
                        let (a, b) = wythoff_cold(rng.spread(1, top));
                        (a, b - 1)
                    }
                    _ => (rng.spread(0, WYTHOFF_MAX), rng.spread(0, WYTHOFF_MAX)),
                };
                if rng.chance(1, 2) {
                    (b, a)
                } else {
                    (a, b)
                }
            })
            .collect()
    }

    /// Cold pairs of Fibonacci differences (where `d·φ` is closest to a whole number, so a
    /// floating-point `φ` rounds the wrong way: `(165580140, 267914295)`), cold pairs near
    /// the bound, the same off by one, equal numbers, zeros, the largest numbers.
    fn adversarial(&self, rng: &mut SplitMix64) -> Self::Input {
        let top = largest_cold_index(WYTHOFF_MAX);
        let fib: Vec<u64> = fibonacci_up_to(top);
        let mut cold: Vec<(u64, u64)> = Vec::new();
        for (i, &f) in fib.iter().enumerate() {
            if i + 6 >= fib.len() || rng.chance(1, 3) {
                cold.push(wythoff_cold(f));
            }
        }
        for _ in 0..rng.size(2, 8) {
            cold.push(wythoff_cold(rng.range(top - top / 1000, top)));
        }
        let mut lines = cold.clone();
        for &(a, b) in &cold {
            if rng.chance(1, 3) {
                let near = [(a + 1, b), (a.saturating_sub(1), b), (a, b + 1), (a, b - 1)];
                lines.push(*rng.pick(&near));
                lines.push((a + 1, b + 1));
            }
        }
        let x = rng.spread(0, WYTHOFF_MAX);
        lines.extend([(0, 0), (x, x), (0, x), (WYTHOFF_MAX, WYTHOFF_MAX)]);
        lines.push((WYTHOFF_MAX - 1, WYTHOFF_MAX));
        lines.retain(|&(a, b)| a <= WYTHOFF_MAX && b <= WYTHOFF_MAX);
        for p in lines.iter_mut() {
            if rng.chance(1, 2) {
                *p = (p.1, p.0);
            }
        }
        rng.shuffle(&mut lines);
        lines
    }

    fn render(&self, input: &Self::Input) -> String {
        input.iter().map(|&(a, b)| format!("{a} {b}\n")).collect()
    }

    fn valid(&self, input: &Self::Input) -> bool {
        !input.is_empty()
            && input
                .iter()
                .all(|&(a, b)| a <= WYTHOFF_MAX && b <= WYTHOFF_MAX)
    }

    fn shrink(&self, input: &Self::Input) -> Vec<Self::Input> {
        shrink_pairs(input, 0)
    }
}

/// Luogu P1290, Euclid's game: C, then C lines `M N`.
#[derive(Debug, Clone, Copy)]
pub struct Euclid;

/// P1290's bound on M and N (they fit a signed 32-bit integer).
const EUCLID_MAX: u64 = (1 << 31) - 1;

impl Generator for Euclid {
    type Input = Vec<(u64, u64)>;

    fn id(&self) -> &'static str {
        "P1290"
    }

    fn bounds(&self) -> &'static str {
        "1 ≤ M, N ≤ 2^31 − 1; C ≥ 1 (at most 50 games an input here)"
    }

    fn exhaustive_len(&self) -> u64 {
        batches(24 * 24, 48)
    }

    fn exhaustive(&self, index: u64) -> Self::Input {
        let all: Vec<(u64, u64)> = (1..=24)
            .flat_map(|a| (1..=24).map(move |b| (a, b)))
            .collect();
        batch(&all, 48, index)
    }

    fn random(&self, rng: &mut SplitMix64) -> Self::Input {
        (0..rng.size(1, 40))
            .map(|_| (rng.spread(1, EUCLID_MAX), rng.spread(1, EUCLID_MAX)))
            .collect()
    }

    /// Equal numbers, multiples, consecutive Fibonacci numbers (the longest games, whose
    /// ratio is nearest `φ`), pairs at the ratio 2 and at `φ` off by one, the largest numbers.
    fn adversarial(&self, rng: &mut SplitMix64) -> Self::Input {
        let fib = fibonacci_up_to(EUCLID_MAX);
        let mut lines = Vec::new();
        for _ in 0..rng.size(4, 12) {
            let i = rng.size(1, fib.len() - 1);
            let (small, big) = (fib[i - 1], fib[i]);
            let m = rng.range(1, EUCLID_MAX / big);
            lines.push((big * m, small * m));
            lines.push((big + 1, small));
            lines.push((big, small + 1));
        }
        for _ in 0..rng.size(3, 8) {
            let x = rng.spread(1, EUCLID_MAX / 2);
            let phi_x = wythoff_cold(x).0; // ⌊xφ⌋
            lines.extend([(x, x), (2 * x, x), (2 * x - 1, x), (2 * x + 1, x)]);
            if phi_x < EUCLID_MAX {
                lines.extend([(phi_x, x), (phi_x + 1, x)]);
            }
            let k = rng.range(1, EUCLID_MAX / x);
            lines.push((x * k, x));
        }
        lines.extend([
            (EUCLID_MAX, EUCLID_MAX),
            (EUCLID_MAX, 1),
            (EUCLID_MAX, EUCLID_MAX - 1),
            (1, 1),
        ]);
        lines.retain(|&(a, b)| (1..=EUCLID_MAX).contains(&a) && (1..=EUCLID_MAX).contains(&b));
        for p in lines.iter_mut() {
            if rng.chance(1, 2) {
                *p = (p.1, p.0);
            }
        }
        rng.shuffle(&mut lines);
        lines.truncate(50);
        lines
    }

    fn render(&self, input: &Self::Input) -> String {
        counted(input, |&(m, n)| format!("{m} {n}"))
    }

    fn valid(&self, input: &Self::Input) -> bool {
        !input.is_empty()
            && input
                .iter()
                .all(|&(a, b)| (1..=EUCLID_MAX).contains(&a) && (1..=EUCLID_MAX).contains(&b))
    }

    fn shrink(&self, input: &Self::Input) -> Vec<Self::Input> {
        shrink_pairs(input, 1)
    }
}

/// Luogu P6487 (COCI HRPA), Fibonacci Nim: one number n, the least winning first move.
#[derive(Debug, Clone, Copy)]
pub struct FibonacciNim;

/// HRPA's bounds on n.
const FIB_MIN: u64 = 2;
const FIB_MAX: u64 = 1_000_000_000_000_000;

impl Generator for FibonacciNim {
    type Input = u64;

    fn id(&self) -> &'static str {
        "P6487"
    }

    fn bounds(&self) -> &'static str {
        "2 ≤ n ≤ 10^15; one n an input"
    }

    fn exhaustive_len(&self) -> u64 {
        200
    }

    fn exhaustive(&self, index: u64) -> u64 {
        FIB_MIN + index
    }

    fn random(&self, rng: &mut SplitMix64) -> u64 {
        rng.spread(FIB_MIN, FIB_MAX)
    }

    /// Fibonacci numbers (the answer is all of n), their neighbours, sums of two far-apart
    /// Fibonacci numbers (a small answer under a large n), every other Fibonacci number
    /// summed (the longest Zeckendorf form), the largest numbers.
    fn adversarial(&self, rng: &mut SplitMix64) -> u64 {
        let fib = fibonacci_up_to(FIB_MAX);
        let i = rng.size(1, fib.len() - 1);
        let n = match rng.below(7) {
            0 => fib[i],
            1 => fib[i] + 1,
            2 => fib[i] - 1,
            3 => fib[i] + fib[rng.size(0, i.saturating_sub(2))],
            4 => fib
                .iter()
                .rev()
                .skip(1)
                .step_by(2)
                .take_while(|_| rng.chance(7, 8))
                .sum(),
            5 => FIB_MAX - rng.below(1000),
            _ => *fib.last().expect("Fibonacci numbers"),
        };
        n.clamp(FIB_MIN, FIB_MAX)
    }

    fn render(&self, &n: &u64) -> String {
        format!("{n}\n")
    }

    fn valid(&self, n: &u64) -> bool {
        (FIB_MIN..=FIB_MAX).contains(n)
    }

    fn shrink(&self, &n: &u64) -> Vec<u64> {
        smaller(n, FIB_MIN)
    }
}

/// Luogu P4018, take a prime power or 1: T, then T numbers n.
#[derive(Debug, Clone, Copy)]
pub struct PrimePower;

// The judge's bound: n ≤ 5·10^7 (a contestant may rightly sieve up to it).
const PRIME_POWER_MAX: u64 = 50_000_000;

impl Generator for PrimePower {
    type Input = Vec<u64>;

    fn id(&self) -> &'static str {
        "P4018"
    }

    fn bounds(&self) -> &'static str {
        "1 ≤ n ≤ 5·10^7; 1 ≤ T ≤ 10^5 (at most 60 numbers an input here)"
    }

    fn exhaustive_len(&self) -> u64 {
        batches(600, 60)
    }

    fn exhaustive(&self, index: u64) -> Vec<u64> {
        let all: Vec<u64> = (1..=600).collect();
        batch(&all, 60, index)
    }

    fn random(&self, rng: &mut SplitMix64) -> Vec<u64> {
        (0..rng.size(1, 60))
            .map(|_| rng.spread(1, PRIME_POWER_MAX))
            .collect()
    }

    /// Multiples of 6 (the only losing heaps) and their neighbours near the bound, large
    /// prime powers and the largest prime below 5·10^7, 1 and 5·10^7.
    fn adversarial(&self, rng: &mut SplitMix64) -> Vec<u64> {
        let mut v = vec![
            1,
            6,
            PRIME_POWER_MAX,
            49_999_991,
            1 << 25,
            43_046_721,
            48_828_125,
            40_353_607,
        ];
        for _ in 0..rng.size(5, 30) {
            let k = rng.range(PRIME_POWER_MAX / 12, PRIME_POWER_MAX / 6);
            let d = *rng.pick(&[0i64, 0, 1, -1, 2, -2, 3]);
            v.push((6 * k).saturating_add_signed(d).clamp(1, PRIME_POWER_MAX));
        }
        rng.shuffle(&mut v);
        v
    }

    fn render(&self, input: &Vec<u64>) -> String {
        counted(input, |n| n.to_string())
    }

    fn valid(&self, input: &Vec<u64>) -> bool {
        !input.is_empty() && input.iter().all(|n| (1..=PRIME_POWER_MAX).contains(n))
    }

    fn shrink(&self, input: &Vec<u64>) -> Vec<Vec<u64>> {
        shrink_numbers(input, 1, 1)
    }
}

/// Luogu P4702, sorted piles: n, then a1 … an, non-decreasing.
#[derive(Debug, Clone, Copy)]
pub struct SortedPiles;

const PILES_MAX_N: usize = 100;
const PILES_MAX: u64 = 1_000_000_000;

impl Generator for SortedPiles {
    type Input = Vec<u64>;

    fn id(&self) -> &'static str {
        "P4702"
    }

    fn bounds(&self) -> &'static str {
        "1 ≤ n ≤ 100, 1 ≤ a1 ≤ … ≤ an ≤ 10^9; one instance an input"
    }

    fn exhaustive_len(&self) -> u64 {
        sorted_lists(4, 4).len() as u64
    }

    fn exhaustive(&self, index: u64) -> Vec<u64> {
        sorted_lists(4, 4).swap_remove(index as usize)
    }

    fn random(&self, rng: &mut SplitMix64) -> Vec<u64> {
        let mut v: Vec<u64> = (0..rng.spread(1, PILES_MAX_N as u64))
            .map(|_| rng.spread(1, PILES_MAX))
            .collect();
        v.sort_unstable();
        v
    }

    /// All piles equal, the largest piles, the most piles, one pile, odd and even mixed.
    fn adversarial(&self, rng: &mut SplitMix64) -> Vec<u64> {
        let any = rng.size(1, PILES_MAX_N);
        let n = *rng.pick(&[1, 2, PILES_MAX_N - 1, PILES_MAX_N, any]);
        let x = rng.spread(1, PILES_MAX);
        let mut v: Vec<u64> = match rng.below(4) {
            0 => vec![x; n],
            1 => vec![PILES_MAX; n],
            2 => (0..n).map(|_| PILES_MAX - rng.below(3)).collect(),
            _ => (0..n)
                .map(|_| 2 * rng.range(1, PILES_MAX / 2) - 1)
                .collect(),
        };
        v.sort_unstable();
        v
    }

    fn render(&self, input: &Vec<u64>) -> String {
        format!("{}\n{}\n", input.len(), join(input.iter().copied()))
    }

    fn valid(&self, input: &Vec<u64>) -> bool {
        (1..=PILES_MAX_N).contains(&input.len())
            && input.iter().all(|a| (1..=PILES_MAX).contains(a))
            && input.windows(2).all(|w| w[0] <= w[1])
    }

    fn shrink(&self, input: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = shrink_numbers(input, 1, 1);
        for v in &mut out {
            v.sort_unstable();
        }
        out
    }
}

/// Every non-decreasing list of 1 to `len` numbers in `1..=max`, shortest first.
fn sorted_lists(len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = Vec::new();
    let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..len {
        let mut next = Vec::new();
        for v in &layer {
            for x in v.last().copied().unwrap_or(1)..=max {
                let mut w = v.clone();
                w.push(x);
                next.push(w);
            }
        }
        out.extend(next.iter().cloned());
        layer = next;
    }
    out
}
