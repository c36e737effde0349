//! The exact check that a trial quotient is the misère quotient.
//!
//! A trial is a finite commutative monoid `Q`, a subset `P ⊆ Q`, an image `g_h ∈ Q` for
//! each heap `h` and the set `Ω_h ⊆ Q` of the images of its options. It claims: *a sum of
//! heaps is a misère P-position iff the product of its heaps' images is in `P`*. Since a
//! sum `w` is a P-position iff it has an option and none of its options is one, the claim
//! holds for every sum iff it holds locally at every sum `w` (then induction on the length
//! of play gives it everywhere):
//!
//! `π(w) ∈ P  ⟺  T(w) ≠ ∅ and T(w) ∩ P = ∅`, where `T(w)` is the set of images of the
//! options of `w`.
//!
//! `T` is computed along the sum: `T(w + h) = T(w)·g_h ∪ π(w)·Ω_h` (an option of `w + h`
//! moves in `w` or in `h`). Two checks cover every sum:
//!
//! - **P side** (a sum claimed P has a P option): some `w + h` with `π(w)·g_h ∈ P` and
//!   `π(w)·Ω_h ∩ P ≠ ∅`. It depends on `w` only through `x = π(w)`, so the pairs
//!   `(x, h)` decide it, and the least such sum is the least word of `x` plus `h`.
//! - **N side** (a sum claimed N has no P option): the *states* `(π(w), T(w))` of all sums
//!   are explored depth first in colex order. A state with the same element and a
//!   superset of the option images of a state already explored is not explored: the
//!   successors of a superset are supersets of the successors (the rule above is monotone
//!   in `T`), a failure here needs `T ∩ P = ∅`, which a subset inherits, and the earlier
//!   state's sums are smaller. So the least failing sum is never cut off, and the search
//!   ends because there are finitely many states.
//!
//! Heaps with no option are left out (they are the identity); heaps with the same image
//! and option images are interchangeable, and only the smallest of them is kept (a
//! *letter*).

use super::basis::WORK;
use super::monoid::{Bits, Element, FiniteMonoid};
use crate::error::{Error, Result};
use crate::limits::Limits;
use std::cmp::Ordering;

/// A heap as the verification sees it: the smallest heap with this image `g` and these
/// option images `omega` (sorted, without repeats).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Letter {
    pub(crate) heap: u64,
    pub(crate) g: Element,
    pub(crate) omega: Vec<Element>,
}

/// Keeps the first letter (by heap) of each `(g, omega)`; `letters` must be sorted by heap.
pub(crate) fn dedup_letters(letters: Vec<Letter>) -> Vec<Letter> {
    let mut seen = std::collections::HashSet::new();
    letters
        .into_iter()
        .filter(|l| seen.insert((l.g, l.omega.clone())))
        .collect()
}

/// Colex order of sums written as heap sizes in nondecreasing order: compare the largest
/// heaps first, a missing heap counting as smaller.
pub(crate) fn colex(a: &[u64], b: &[u64]) -> Ordering {
    a.iter().rev().cmp(b.iter().rev())
}

/// The colex-least sum of letters reaching each element, as a tree of parents, with the
/// images of that sum's options.
pub(crate) struct LeastWords {
    parent: Vec<(u32, u32)>,
    opts: Vec<Bits>,
}

impl LeastWords {
    /// Visits sums in colex order (as `basis::mark` does) and records, for each element,
    /// the letter added to the least sum of another element to reach it first.
    pub(crate) fn compute(
        m: &FiniteMonoid,
        letters: &[Letter],
        limits: &Limits,
        work: &mut u64,
    ) -> Result<Self> {
        let order = m.order();
        let mut parent = vec![(u32::MAX, u32::MAX); order];
        let mut opts = vec![Bits::new(order); order];
        parent[0] = (0, u32::MAX);
        if letters.is_empty() {
            return Ok(LeastWords { parent, opts });
        }
        // (letter, element, descended)
        let mut stack: Vec<(usize, Element, bool)> = vec![(letters.len() - 1, 0, false)];
        while let Some(top) = stack.last_mut() {
            *work += 1;
            limits.check_every(*work, WORK)?;
            if !top.2 {
                top.2 = true;
                if top.0 > 0 {
                    let child = (top.0 - 1, top.1, false);
                    stack.push(child);
                }
                continue;
            }
            let l = &letters[top.0];
            let x = top.1;
            let y = m.mul(x, l.g);
            if parent[y as usize].0 != u32::MAX {
                stack.pop();
                continue;
            }
            parent[y as usize] = (x, top.0 as u32);
            let mut t = Bits::new(order);
            for o in opts[x as usize].iter() {
                t.insert(m.mul(o, l.g));
            }
            for &o in &l.omega {
                t.insert(m.mul(x, o));
            }
            opts[y as usize] = t;
            top.1 = y;
            top.2 = false;
        }
        Ok(LeastWords { parent, opts })
    }

    /// The least sum reaching `x` (heap sizes, nondecreasing), if some sum reaches it.
    pub(crate) fn word(&self, x: Element, letters: &[Letter]) -> Option<Vec<u64>> {
        let mut out = Vec::new();
        let mut x = x;
        while x != 0 {
            let (prev, l) = *self.parent.get(x as usize)?;
            if prev == u32::MAX {
                return None;
            }
            out.push(letters[l as usize].heap);
            x = prev;
        }
        out.sort_unstable();
        Some(out)
    }

    /// The images of the options of the least sum reaching `x`.
    pub(crate) fn options_of(&self, x: Element) -> &Bits {
        &self.opts[x as usize]
    }
}

/// Which sums a verification covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// All of them; find the colex-least failure.
    Least,
    /// All of them; stop at the first failure met.
    Any,
    /// Only the sums with the last letter, the others being known right (a heap added to
    /// a verified quotient); stop at the first failure met.
    WithLast,
}

/// A sum of heaps at which the trial (`m`, `p`, `letters`) is wrong — the colex-least one
/// with [`Scope::Least`] — or `None` if it is right for every sum in `scope`. `words` are
/// the least words of the letters without the last one when `scope` is
/// [`Scope::WithLast`] (the last letter, the largest heap, enters no least word of an
/// element reached without it).
pub(crate) fn least_failure(
    m: &FiniteMonoid,
    p: &[bool],
    letters: &[Letter],
    words: &LeastWords,
    scope: Scope,
    limits: &Limits,
    work: &mut u64,
) -> Result<Option<Vec<u64>>> {
    // Each state kept is a set of elements (a bit per element) in a vector.
    let bytes = m.order().div_ceil(64) * 8 + 24;
    let max_states = MAX_STATES.min(STATE_BYTES / bytes);
    least_failure_within(m, p, letters, words, scope, max_states, limits, work)
}

/// The most states the N side keeps.
pub(crate) const MAX_STATES: usize = 4_000_000;

/// The memory the N side's states may take (512 MB).
const STATE_BYTES: usize = 512 << 20;

/// [`least_failure`], keeping at most `max_states` states.
#[allow(clippy::too_many_arguments)]
pub(crate) fn least_failure_within(
    m: &FiniteMonoid,
    p: &[bool],
    letters: &[Letter],
    words: &LeastWords,
    scope: Scope,
    max_states: usize,
    limits: &Limits,
    work: &mut u64,
) -> Result<Option<Vec<u64>>> {
    let least = scope == Scope::Least;
    let checked = match scope {
        Scope::WithLast => &letters[letters.len().saturating_sub(1)..],
        _ => letters,
    };
    let order = m.order();
    if p.first() == Some(&true) {
        // The empty sum is an N-position (the player to move has no move, and wins).
        return Ok(Some(Vec::new()));
    }
    let mut best: Option<Vec<u64>> = None;
    // P side.
    for x in 0..order as Element {
        *work += 1;
        limits.check_every(*work, WORK)?;
        for l in checked {
            if p[m.mul(x, l.g) as usize] && l.omega.iter().any(|&o| p[m.mul(x, o) as usize]) {
                if let Some(mut w) = words.word(x, letters) {
                    w.push(l.heap);
                    w.sort_unstable();
                    if best.as_ref().is_none_or(|b| colex(&w, b) == Ordering::Less) {
                        best = Some(w);
                    }
                    if !least {
                        return Ok(best);
                    }
                }
            }
        }
    }
    // N side. To know whether a failure exists (not which is least), a letter can stand
    // for another with the same image and more option images: substituting it in a
    // failing sum keeps the element and shrinks the option images, so the sum still fails.
    let dominated = |i: usize| {
        let l = &letters[i];
        letters.iter().enumerate().any(|(j, k)| {
            j != i
                && k.g == l.g
                && k.omega.len() <= l.omega.len()
                && k.omega.iter().all(|o| l.omega.binary_search(o).is_ok())
                && (k.omega.len() < l.omega.len() || j < i)
        })
    };
    let letters: Vec<&Letter> = match scope {
        Scope::Least => letters.iter().collect(),
        Scope::Any => (0..letters.len())
            .filter(|&i| !dominated(i))
            .map(|i| &letters[i])
            .collect(),
        Scope::WithLast => {
            let last = letters.len().saturating_sub(1);
            if letters.is_empty() || dominated(last) {
                return Ok(best);
            }
            (0..letters.len())
                .filter(|&i| i == last || !dominated(i))
                .map(|i| &letters[i])
                .collect()
        }
    };
    let mut pbits = Bits::new(order);
    for (x, &is_p) in p.iter().enumerate() {
        if is_p {
            pbits.insert(x as Element);
        }
    }
    let mut seen: Vec<Vec<Bits>> = vec![Vec::new(); order];
    let mut states = 0usize;
    struct Frame {
        li: usize,
        x: Element,
        opts: Bits,
        copies: usize,
        descended: bool,
    }
    let mut word: Vec<u64> = Vec::new();
    let mut stack = Vec::new();
    if !letters.is_empty() {
        stack.push(Frame {
            li: letters.len() - 1,
            x: 0,
            opts: Bits::new(order),
            copies: 0,
            // Skipping the descent skips the sums without the last letter.
            descended: scope == Scope::WithLast,
        });
    }
    while let Some(top) = stack.last_mut() {
        *work += 1;
        limits.check_every(*work, WORK)?;
        if !top.descended {
            top.descended = true;
            if top.li > 0 {
                let child = Frame {
                    li: top.li - 1,
                    x: top.x,
                    opts: top.opts.clone(),
                    copies: 0,
                    descended: false,
                };
                stack.push(child);
            }
            continue;
        }
        let l = letters[top.li];
        let y = m.mul(top.x, l.g);
        let mut opts = Bits::new(order);
        for t in top.opts.iter() {
            opts.insert(m.mul(t, l.g));
        }
        for &o in &l.omega {
            opts.insert(m.mul(top.x, o));
        }
        let list = &mut seen[y as usize];
        if list.iter().any(|s| s.is_subset(&opts)) {
            let copies = top.copies;
            word.truncate(word.len() - copies);
            stack.pop();
            continue;
        }
        let before = list.len();
        list.retain(|s| !opts.is_subset(s));
        states = states + 1 - (before - list.len());
        if states > max_states {
            return Err(Error::Limit {
                what: "states of the misère quotient's verification".into(),
                limit: max_states as u64,
            });
        }
        list.push(opts.clone());
        word.push(l.heap);
        top.copies += 1;
        if !p[y as usize] && !opts.intersects(&pbits) {
            let mut w = word.clone();
            w.sort_unstable();
            if best.as_ref().is_none_or(|b| colex(&w, b) == Ordering::Less) {
                best = Some(w);
            }
            // Sums are visited in colex order: nothing later can be smaller.
            return Ok(best);
        }
        top.x = y;
        top.opts = opts;
        top.descended = false;
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colex_compares_largest_heaps_first() {
        assert_eq!(colex(&[1, 5], &[2, 3, 4]), Ordering::Greater);
        assert_eq!(colex(&[4], &[1, 4]), Ordering::Less);
        assert_eq!(colex(&[], &[1]), Ordering::Less);
        assert_eq!(colex(&[2, 2], &[2, 2]), Ordering::Equal);
    }

    /// Nim with heaps 1 and 2 only: the quotient T2 = ⟨a, b | a² = 1, b³ = b⟩ with
    /// P = {a, b²} is right; a wrong P-portion is refuted at the least failing sum.
    #[test]
    fn the_tame_quotient_of_two_nim_heaps_verifies() {
        // Elements: 0=1, 1=a, 2=b, 3=ab, 4=b², 5=ab².
        let exps = [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)];
        let id = |a: u32, b: u32| -> u32 {
            let b = if b >= 3 { 1 + (b - 1) % 2 } else { b };
            exps.iter().position(|&e| e == (a % 2, b)).unwrap() as u32
        };
        let mut table = vec![0; 36];
        for (i, &(a1, b1)) in exps.iter().enumerate() {
            for (j, &(a2, b2)) in exps.iter().enumerate() {
                table[i * 6 + j] = id(a1 + a2, b1 + b2);
            }
        }
        let m = FiniteMonoid::from_table(6, table, &[1, 2]).unwrap();
        let p = vec![false, true, false, false, true, false];
        let letters = vec![
            Letter {
                heap: 1,
                g: 1,
                omega: vec![0],
            },
            Letter {
                heap: 2,
                g: 2,
                omega: vec![0, 1],
            },
        ];
        let limits = Limits::default();
        let mut work = 0;
        let words = LeastWords::compute(&m, &letters, &limits, &mut work).unwrap();
        assert_eq!(words.word(5, &letters), Some(vec![1, 2, 2]));
        assert_eq!(
            least_failure(&m, &p, &letters, &words, Scope::Least, &limits, &mut work).unwrap(),
            None
        );
        // Too few states allowed: a clean error, not a wrong answer.
        assert!(matches!(
            least_failure_within(
                &m,
                &p,
                &letters,
                &words,
                Scope::Least,
                2,
                &limits,
                &mut work
            ),
            Err(Error::Limit { .. })
        ));
        // Claim that *2 + *2 (b²) is an N-position: refuted at 2 + 2.
        let wrong = vec![false, true, false, false, false, false];
        assert_eq!(
            least_failure(
                &m,
                &wrong,
                &letters,
                &words,
                Scope::Least,
                &limits,
                &mut work
            )
            .unwrap(),
            Some(vec![2, 2])
        );
    }
}
