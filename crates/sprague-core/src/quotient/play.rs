//! Playing misère sums through the quotient: outcomes, and winning moves found by the
//! images of options, by residues modulo the period in heaps too large to list.
//!
//! A sum `h₁ + … + h_r` is a P-position iff `Φ(h₁)·…·Φ(h_r) ∈ P`. A move replaces one heap
//! `h` by an option `O`; it wins iff `y·Φ(O) ∈ P`, where `y` is the product over the other
//! heaps. So for each heap the targets `{q : y·q ∈ P}` are computed once, and the options
//! are searched for one whose image is a target.
//!
//! In a heap beyond the listed ones, with a proven period `p` from `n₀` on, an option of
//! rule `(j, s)` is `s` parts summing to `h − j`. Every part `≥ n₀` can be moved down by a
//! multiple of `p` into `[n₀, n₀ + p)` without changing its image, the difference going to
//! another part (which stays `≥ n₀`): so every image an option can have is already the
//! image of an option whose first `s − 1` parts are below `L = max(n₀, 1) + p`, the last
//! part taking the rest. That is `O(L^(s−1))` options per rule, whatever the heap.

use super::game::{HeapGame, HeapOptions, SplitRule};
use super::monoid::Element;
use super::Quotient;
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::value::Outcome;
use serde::Serialize;

/// What the limits are told the move search counts.
const MOVES: &str = "options searched through the quotient";

/// A move in a sum of heaps: the heap at `index` (of `heap` tokens) is replaced by the
/// heaps `leaves`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumMove {
    /// The position of the heap in the sum.
    pub index: usize,
    /// Its size.
    pub heap: u64,
    /// What the move leaves in its place (nondecreasing; empty if it takes the heap).
    pub leaves: Vec<u64>,
}

/// The winning moves of a sum: all of them when `complete`, otherwise at least one for
/// each heap that has one (in a huge heap, one option per image the rules can reach).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinningMoves {
    /// The moves, heap by heap in the order of the sum (repeated heaps once, at their first
    /// position).
    pub moves: Vec<SumMove>,
    /// Whether every winning move is listed.
    pub complete: bool,
}

/// Heaps up to this size have their options listed (those beyond the quotient's bound
/// through its proven period); larger ones, with rules and a proven period, are searched by
/// residues.
const LIST_UP_TO: u64 = 4_096;

impl Quotient {
    /// The element of the sum of `heaps`: the product of their images. Fails for a heap
    /// beyond the bound of a quotient with no proven period.
    pub fn element_of(&self, heaps: &[u64]) -> Result<Element> {
        let mut x = 0;
        for &h in heaps {
            x = self.monoid.mul(x, self.image(h)?);
        }
        Ok(x)
    }

    /// The misère outcome of the sum of `heaps`.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome> {
        Ok(if self.is_p(self.element_of(heaps)?) {
            Outcome::Second
        } else {
            Outcome::First
        })
    }

    /// The elements `q` with `rest·q ∈ P`: the images an option must have to win when the
    /// other heaps of the sum multiply to `rest` (empty if `rest` is not an element).
    pub fn targets(&self, rest: Element) -> Vec<Element> {
        (0..self.order() as Element)
            .filter(|&q| self.monoid.product(rest, q).is_some_and(|x| self.is_p(x)))
            .collect()
    }

    fn image(&self, h: u64) -> Result<Element> {
        self.phi(h).ok_or_else(|| {
            Error::unsupported(format!(
                "heap {h} is beyond the misère quotient, which covers heaps up to {} and has \
                 no proven period",
                self.bound()
            ))
        })
    }

    /// The winning moves of the sum of `heaps` in misère play (none if it is a P-position),
    /// found through the quotient. `game` must be the game the quotient was computed for.
    pub fn winning_moves<G: HeapGame + ?Sized>(
        &self,
        game: &G,
        heaps: &[u64],
        limits: &Limits,
    ) -> Result<WinningMoves> {
        let images = heaps
            .iter()
            .map(|&h| self.image(h))
            .collect::<Result<Vec<_>>>()?;
        // prefix[i] = product of images[..i]; suffix[i] = product of images[i..].
        let mut prefix = vec![0; images.len() + 1];
        for (i, &x) in images.iter().enumerate() {
            prefix[i + 1] = self.monoid.mul(prefix[i], x);
        }
        let mut suffix = vec![0; images.len() + 1];
        for i in (0..images.len()).rev() {
            suffix[i] = self.monoid.mul(images[i], suffix[i + 1]);
        }
        let mut out = WinningMoves {
            moves: Vec::new(),
            complete: true,
        };
        if self.is_p(prefix[images.len()]) {
            return Ok(out);
        }
        let mut done = std::collections::HashSet::new();
        let mut opts = HeapOptions::new();
        let mut work = 0u64;
        for (i, &h) in heaps.iter().enumerate() {
            if !done.insert(h) {
                continue;
            }
            // Once per heap (the targets cost the order of the quotient).
            if limits.watched() {
                limits.check(work, MOVES)?;
            }
            let y = self.monoid.mul(prefix[i], suffix[i + 1]);
            let mut target = vec![false; self.order()];
            for q in self.targets(y) {
                target[q as usize] = true;
            }
            // Large heaps by residues where the rules and a period allow; other heaps have
            // their options listed, those beyond the bound through the period.
            let periodic = self.period.is_some();
            let residues = h > LIST_UP_TO && periodic && self.rules().is_some();
            let listed = h <= self.bound() || (periodic && h <= LIST_UP_TO);
            match (residues, listed, self.rules()) {
                (true, _, Some(rules)) => {
                    out.complete = false;
                    self.by_residues(rules, h, &target, limits, &mut work, |leaves| {
                        out.moves.push(SumMove {
                            index: i,
                            heap: h,
                            leaves,
                        })
                    })?;
                }
                (_, false, _) => {
                    return Err(Error::unsupported(format!(
                        "heap {h} is beyond the {} heaps whose options the quotient lists, and \
                         without take-and-break rules and a proven period its moves cannot be \
                         searched by residues",
                        self.bound()
                    )))
                }
                _ => {
                    opts.clear();
                    game.options(h, &mut opts);
                    let mut seen = std::collections::HashSet::new();
                    for o in opts.iter() {
                        work += 1;
                        limits.check_every(work, MOVES)?;
                        let mut q = 0;
                        for &part in o {
                            // Parts of an option are smaller than the heap: listed, or
                            // beyond the bound with a proven period.
                            q = self.monoid.mul(q, self.image(part)?);
                        }
                        if target[q as usize] {
                            let mut leaves = o.to_vec();
                            leaves.sort_unstable();
                            if seen.insert(leaves.clone()) {
                                out.moves.push(SumMove {
                                    index: i,
                                    heap: h,
                                    leaves,
                                });
                            }
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    /// Calls `found` with one option of heap `h` for each element in `target` that the rules
    /// can reach (see the module comment).
    fn by_residues(
        &self,
        rules: &[SplitRule],
        h: u64,
        target: &[bool],
        limits: &Limits,
        work: &mut u64,
        mut found: impl FnMut(Vec<u64>),
    ) -> Result<()> {
        let Some(period) = self.period else {
            return Ok(());
        };
        let small = period.preperiod.max(1) + period.period;
        let mut reached = vec![false; self.order()];
        for r in rules {
            let Some(rest) = h.checked_sub(r.take) else {
                continue;
            };
            let mut try_parts = |parts: &[u64]| -> Result<()> {
                *work += 1;
                limits.check_every(*work, MOVES)?;
                let q = self.element_of(parts)?;
                if target[q as usize] && !reached[q as usize] {
                    reached[q as usize] = true;
                    let mut leaves = parts.to_vec();
                    leaves.sort_unstable();
                    found(leaves);
                }
                Ok(())
            };
            match r.parts {
                0 if rest == 0 => try_parts(&[])?,
                1 if rest >= 1 => try_parts(&[rest])?,
                2 => {
                    for a in 1..small.min(rest / 2 + 1) {
                        try_parts(&[a, rest - a])?;
                    }
                }
                3 => {
                    for a in 1..small.min(rest / 3 + 1) {
                        for b in a..small.min((rest - a) / 2 + 1) {
                            try_parts(&[a, b, rest - a - b])?;
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}
