//! Generators of the judge problems on heaps: Nim (P2197), anti-Nim (P4279), and the coin on
//! a cycle (P1288).

use super::typed::{join, shrink_each, shrink_list, smaller, Generator};
use crate::rng::SplitMix64;

/// Every list of 1 to `len` heaps of `0..=max`, shortest first.
fn all_heaps(len: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = Vec::new();
    let mut layer: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..len {
        let mut next = Vec::new();
        for v in &layer {
            for x in 0..=max {
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

/// Cases of heaps: fewer cases, then fewer heaps in a case, then smaller heaps.
fn shrink_cases(cases: &[Vec<u64>]) -> Vec<Vec<Vec<u64>>> {
    let mut out = shrink_list(cases, 1);
    out.extend(shrink_each(cases, |heaps| shrink_list(heaps, 1)));
    out.extend(shrink_each(cases, |heaps| {
        shrink_each(heaps, |&h| smaller(h, 0))
    }));
    out
}

/// `T`, then per case `n` and the heaps on one line.
fn render_cases(cases: &[Vec<u64>]) -> String {
    let mut s = format!("{}\n", cases.len());
    for heaps in cases {
        s.push_str(&format!(
            "{}\n{}\n",
            heaps.len(),
            join(heaps.iter().copied())
        ));
    }
    s
}

/// Whether every case has 1 to `max_n` heaps of at most `max`, and there are 1 to
/// `max_t` cases.
fn cases_within(cases: &[Vec<u64>], max_t: usize, max_n: usize, max: u64) -> bool {
    (1..=max_t).contains(&cases.len())
        && cases
            .iter()
            .all(|h| (1..=max_n).contains(&h.len()) && h.iter().all(|&x| x <= max))
}

/// Heap lists that trip the usual mistakes: zero heaps, all heaps 1 (odd and even counts,
/// with zeros among them), one large heap among ones, a zero XOR with large heaps.
fn trap_heaps(rng: &mut SplitMix64, max_n: usize, max: u64) -> Vec<u64> {
    let n = rng.size(1, max_n);
    // Values below this XOR to at most `max`: the zero-XOR lists stay in bounds.
    let xor_cap = (max + 1).next_power_of_two() / 2 - 1;
    let mut heaps: Vec<u64> = match rng.below(7) {
        0 => vec![0; n],
        1 => vec![1; n],
        2 => (0..n).map(|_| rng.below(2)).collect(),
        3 => {
            let mut v = vec![1; n];
            v[0] = rng.range(2, max);
            v
        }
        4 => {
            let mut v: Vec<u64> = (0..n).map(|_| rng.range(0, xor_cap)).collect();
            let x = v[1..].iter().fold(0, |a, &b| a ^ b);
            v[0] = x;
            v
        }
        5 => (0..n).map(|_| max - rng.below(2)).collect(),
        _ => {
            let mut v: Vec<u64> = (0..n).map(|_| rng.below(2)).collect();
            v.push(0);
            v.push(rng.range(2, max));
            v.truncate(max_n);
            v
        }
    };
    rng.shuffle(&mut heaps);
    heaps
}

/// Luogu P2197, Nim: T cases, each n then n heaps.
#[derive(Debug, Clone, Copy)]
pub struct Nim;

const NIM_T: usize = 10;
const NIM_N: usize = 10_000;
const NIM_MAX: u64 = 1_000_000_000;

impl Generator for Nim {
    type Input = Vec<Vec<u64>>;

    fn id(&self) -> &'static str {
        "P2197"
    }

    fn bounds(&self) -> &'static str {
        "1 ≤ T ≤ 10, 1 ≤ n ≤ 10^4, 0 ≤ heap ≤ 10^9"
    }

    fn exhaustive_len(&self) -> u64 {
        all_heaps(3, 3).len().div_ceil(NIM_T) as u64
    }

    fn exhaustive(&self, index: u64) -> Self::Input {
        all_heaps(3, 3)
            .chunks(NIM_T)
            .nth(index as usize)
            .unwrap_or_default()
            .to_vec()
    }

    fn random(&self, rng: &mut SplitMix64) -> Self::Input {
        (0..rng.size(1, NIM_T))
            .map(|_| {
                let n = rng.spread(1, 200) as usize;
                (0..n).map(|_| rng.spread(0, NIM_MAX)).collect()
            })
            .collect()
    }

    fn adversarial(&self, rng: &mut SplitMix64) -> Self::Input {
        let mut cases: Vec<Vec<u64>> = (0..rng.size(1, NIM_T))
            .map(|_| trap_heaps(rng, 40, NIM_MAX))
            .collect();
        // Now and then the most heaps, all large.
        if rng.chance(1, 8) {
            cases[0] = (0..NIM_N).map(|_| NIM_MAX - rng.below(1 << 20)).collect();
        }
        cases
    }

    fn render(&self, input: &Self::Input) -> String {
        render_cases(input)
    }

    fn valid(&self, input: &Self::Input) -> bool {
        cases_within(input, NIM_T, NIM_N, NIM_MAX)
    }

    fn shrink(&self, input: &Self::Input) -> Vec<Self::Input> {
        shrink_cases(input)
    }
}

/// Luogu P4279, anti-Nim (misère Nim): T cases, each N then N heaps.
#[derive(Debug, Clone, Copy)]
pub struct AntiNim;

const ANTI_T: usize = 500;
const ANTI_N: usize = 50;
const ANTI_MAX: u64 = 5000;

impl Generator for AntiNim {
    type Input = Vec<Vec<u64>>;

    fn id(&self) -> &'static str {
        "P4279"
    }

    fn bounds(&self) -> &'static str {
        "1 ≤ T ≤ 500, 1 ≤ N ≤ 50, 0 ≤ heap ≤ 5000 (zero heaps included)"
    }

    fn exhaustive_len(&self) -> u64 {
        all_heaps(4, 3).len().div_ceil(50) as u64
    }

    fn exhaustive(&self, index: u64) -> Self::Input {
        all_heaps(4, 3)
            .chunks(50)
            .nth(index as usize)
            .unwrap_or_default()
            .to_vec()
    }

    fn random(&self, rng: &mut SplitMix64) -> Self::Input {
        (0..rng.size(1, 30))
            .map(|_| {
                let n = rng.size(1, ANTI_N);
                (0..n).map(|_| rng.spread(0, ANTI_MAX)).collect()
            })
            .collect()
    }

    fn adversarial(&self, rng: &mut SplitMix64) -> Self::Input {
        (0..rng.size(1, 30))
            .map(|_| trap_heaps(rng, ANTI_N, ANTI_MAX))
            .collect()
    }

    fn render(&self, input: &Self::Input) -> String {
        render_cases(input)
    }

    fn valid(&self, input: &Self::Input) -> bool {
        cases_within(input, ANTI_T, ANTI_N, ANTI_MAX)
    }

    fn shrink(&self, input: &Self::Input) -> Vec<Self::Input> {
        shrink_cases(input)
    }
}

/// Luogu P1288, the coin on a cycle: N, then the N edge values (at least one 0).
#[derive(Debug, Clone, Copy)]
pub struct CycleCoin;

const CYCLE_N: usize = 20;
const CYCLE_MAX: u64 = 30;

impl Generator for CycleCoin {
    type Input = Vec<u64>;

    fn id(&self) -> &'static str {
        "P1288"
    }

    fn bounds(&self) -> &'static str {
        "1 ≤ N ≤ 20, 0 ≤ value ≤ 30, at least one value 0; one instance an input"
    }

    fn exhaustive_len(&self) -> u64 {
        cycles().len() as u64
    }

    fn exhaustive(&self, index: u64) -> Vec<u64> {
        cycles().swap_remove(index as usize)
    }

    fn random(&self, rng: &mut SplitMix64) -> Vec<u64> {
        let n = rng.size(1, CYCLE_N);
        let zeros = rng.range(1, 4);
        let mut v: Vec<u64> = (0..n)
            .map(|_| {
                if rng.below(10) < zeros {
                    0
                } else {
                    rng.range(1, CYCLE_MAX)
                }
            })
            .collect();
        let at = rng.size(0, n - 1);
        if !v.contains(&0) {
            v[at] = 0;
        }
        v
    }

    /// One zero at every distance from the coin (the parity of the run before it decides),
    /// zeros on both sides of the coin, every value 0, the longest cycle of large values.
    fn adversarial(&self, rng: &mut SplitMix64) -> Vec<u64> {
        let any = rng.size(1, CYCLE_N);
        let n = *rng.pick(&[CYCLE_N, CYCLE_N - 1, any]);
        let mut v: Vec<u64> = (0..n)
            .map(|_| {
                let any = rng.range(1, CYCLE_MAX);
                *rng.pick(&[1, CYCLE_MAX, any])
            })
            .collect();
        match rng.below(4) {
            0 => v.iter_mut().for_each(|x| *x = 0),
            1 => {
                v[0] = 0;
                v[n - 1] = 0;
            }
            _ => {
                let at = rng.size(0, n - 1);
                v[at] = 0;
            }
        }
        v
    }

    fn render(&self, input: &Vec<u64>) -> String {
        format!("{}\n{}\n", input.len(), join(input.iter().copied()))
    }

    fn valid(&self, input: &Vec<u64>) -> bool {
        (1..=CYCLE_N).contains(&input.len())
            && input.contains(&0)
            && input.iter().all(|&x| x <= CYCLE_MAX)
    }

    fn shrink(&self, input: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = shrink_list(input, 1);
        out.extend(shrink_each(input, |&x| smaller(x, 0)));
        out
    }
}

/// Every cycle of 1 to 4 edges of values 0 to 2 and of 5 edges of values 0 and 1, with a 0.
fn cycles() -> Vec<Vec<u64>> {
    let mut all = all_heaps(4, 2);
    all.extend(all_heaps(5, 1).into_iter().filter(|v| v.len() == 5));
    all.retain(|v| v.contains(&0));
    all
}
