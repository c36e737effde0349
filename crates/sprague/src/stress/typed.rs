//! The typed side of a stress target: a [`Generator`] makes structured inputs and smaller
//! versions of them, and [`Typed`] adapts it to the object-safe [`StressTarget`].

use super::{Case, Phase, StressTarget, RANDOM_SEEDS};
use crate::rng::SplitMix64;
use sprague_core::error::{Error, Result};

/// Structured inputs of one judge problem: made, checked, written out and made smaller.
pub trait Generator {
    /// One input, before it is written as text.
    type Input: Clone;
    /// The problem's id (as in [`crate::problems::all`]).
    fn id(&self) -> &'static str;
    /// The bounds every input keeps to, in words.
    fn bounds(&self) -> &'static str;
    /// How many exhaustive batches there are.
    fn exhaustive_len(&self) -> u64;
    /// Exhaustive batch `index` (`< exhaustive_len()`).
    fn exhaustive(&self, index: u64) -> Self::Input;
    /// A random input within the bounds.
    fn random(&self, rng: &mut SplitMix64) -> Self::Input;
    /// An input made of the problem's known traps.
    fn adversarial(&self, rng: &mut SplitMix64) -> Self::Input;
    /// The input as the contestant reads it.
    fn render(&self, input: &Self::Input) -> String;
    /// Whether the input is valid and within the bounds (every generated input is; the
    /// shrinker drops candidates that are not).
    fn valid(&self, input: &Self::Input) -> bool;
    /// Smaller inputs, the most promising (the smallest) first: fewer cases, fewer items,
    /// smaller numbers. Each must be strictly smaller, so that shrinking ends.
    fn shrink(&self, input: &Self::Input) -> Vec<Self::Input>;
}

/// A [`Generator`] as a [`StressTarget`]; the reference answer is the judge problem's.
#[derive(Debug, Clone, Copy)]
pub struct Typed<G>(pub G);

/// At most this many candidates are tried in one shrinking, whatever the caller's budget.
const MAX_CANDIDATES: usize = 100_000;

impl<G: Generator> Typed<G> {
    /// The structured input of a seed.
    pub fn input(&self, seed: u64) -> Result<G::Input> {
        let g = &self.0;
        match Phase::of(seed) {
            Phase::Exhaustive if seed < g.exhaustive_len() => Ok(g.exhaustive(seed)),
            Phase::Exhaustive => Err(Error::unsupported(format!(
                "seed {seed}: {} has {} exhaustive cases (seeds 0 to {}); random and adversarial seeds are {RANDOM_SEEDS} or more",
                g.id(),
                g.exhaustive_len(),
                g.exhaustive_len().saturating_sub(1)
            ))),
            Phase::Random => Ok(g.random(&mut SplitMix64::new(seed))),
            Phase::Adversarial => Ok(g.adversarial(&mut SplitMix64::new(seed))),
        }
    }
}

impl<G: Generator> StressTarget for Typed<G> {
    fn id(&self) -> &str {
        self.0.id()
    }

    fn bounds(&self) -> &str {
        self.0.bounds()
    }

    fn exhaustive_cases(&self) -> u64 {
        self.0.exhaustive_len()
    }

    fn case(&self, seed: u64) -> Result<Case> {
        let input = self.input(seed)?;
        Ok(Case {
            seed,
            phase: Phase::of(seed),
            input: self.0.render(&input),
        })
    }

    fn reference(&self, input: &str) -> Result<String> {
        crate::problems::run(self.0.id(), input)
    }

    fn shrink(&self, seed: u64, fails: &mut dyn FnMut(&str) -> Option<bool>) -> Result<String> {
        let g = &self.0;
        let start = self.input(seed)?;
        let best = greedy(
            start,
            |i| g.shrink(i),
            |i| g.valid(i),
            |i| g.render(i),
            fails,
        );
        Ok(g.render(&best))
    }
}

/// Greedy shrinking: takes the first smaller valid input that still fails, and starts
/// again from it, until none does (or `fails` says stop, or too many were tried).
pub(crate) fn greedy<I>(
    start: I,
    smaller: impl Fn(&I) -> Vec<I>,
    valid: impl Fn(&I) -> bool,
    render: impl Fn(&I) -> String,
    fails: &mut dyn FnMut(&str) -> Option<bool>,
) -> I {
    let mut current = start;
    let mut tried = 0;
    'smaller: loop {
        for candidate in smaller(&current) {
            if !valid(&candidate) {
                continue;
            }
            tried += 1;
            if tried > MAX_CANDIDATES {
                break 'smaller;
            }
            match fails(&render(&candidate)) {
                None => break 'smaller,
                Some(true) => {
                    current = candidate;
                    continue 'smaller;
                }
                Some(false) => {}
            }
        }
        break;
    }
    current
}

/// Shorter lists: the first half, the second half, then the list without each one item
/// (never shorter than `min`). Long lists offer only the halves and a sample of removals.
pub fn shrink_list<T: Clone>(items: &[T], min: usize) -> Vec<Vec<T>> {
    let n = items.len();
    let mut out = Vec::new();
    if n / 2 >= min.max(1) && n >= 2 {
        out.push(items[..n / 2].to_vec());
        out.push(items[n / 2..].to_vec());
    }
    if n > min {
        // Removing one item from a long list takes many runs: a few places suffice there,
        // the halves do the rest.
        let step = (n / 64).max(1);
        for i in (0..n).step_by(step) {
            let mut v = items.to_vec();
            v.remove(i);
            out.push(v);
        }
    }
    out
}

/// Smaller numbers than `x` down to `min`: `min` itself, halfway, and one less.
pub fn smaller(x: u64, min: u64) -> Vec<u64> {
    let mut out = Vec::new();
    if x > min {
        out.push(min);
        let half = min + (x - min) / 2;
        if half > min {
            out.push(half);
        }
        if x - 1 > half {
            out.push(x - 1);
        }
    }
    out
}

/// The list with one item replaced by each of its smaller versions, item after item (a
/// sample of 64 places in a long list).
pub fn shrink_each<T: Clone>(items: &[T], smaller: impl Fn(&T) -> Vec<T>) -> Vec<Vec<T>> {
    let mut out = Vec::new();
    let step = (items.len() / 64).max(1);
    for (i, item) in items.iter().enumerate().step_by(step) {
        for s in smaller(item) {
            let mut v = items.to_vec();
            v[i] = s;
            out.push(v);
        }
    }
    out
}

/// The Fibonacci numbers 1, 2, 3, 5, … up to `max`.
pub fn fibonacci_up_to(max: u64) -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        if next > max {
            break;
        }
        f.push(next);
    }
    f.retain(|&x| x <= max);
    f
}

/// Writes numbers separated by spaces.
pub fn join(items: impl IntoIterator<Item = u64>) -> String {
    let mut s = String::new();
    for (i, x) in items.into_iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        s.push_str(&x.to_string());
    }
    s
}
