//! How a heap game gives its moves to the quotient engine: the options of one heap, each a
//! multiset of smaller heaps, and, for take-and-break games, the rules that generate them
//! (which the periodicity theorem and the search for moves in huge heaps need).

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};

/// The options of one heap, each a multiset of heap sizes, kept in one flat buffer so that
/// listing the options of a heap allocates nothing per option. Empty heaps in an option are
/// dropped as it is pushed (a heap of 0 is no heap).
#[derive(Debug, Clone, Default)]
pub struct HeapOptions {
    parts: Vec<u64>,
    ends: Vec<usize>,
}

impl HeapOptions {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }

    /// Forgets every option (the buffers are kept for reuse).
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
    }

    /// Appends one option: the heaps a move leaves (in any order; zeros are dropped).
    pub fn push(&mut self, heaps: &[u64]) {
        self.parts.extend(heaps.iter().copied().filter(|&h| h > 0));
        self.ends.push(self.parts.len());
    }

    /// How many options were pushed.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether no option was pushed (the heap is terminal).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The `i`-th option's heaps, if there is one.
    pub fn get(&self, i: usize) -> Option<&[u64]> {
        let end = *self.ends.get(i)?;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        self.parts.get(start..end)
    }

    /// The options in the order they were pushed.
    pub fn iter(&self) -> impl Iterator<Item = &[u64]> + '_ {
        (0..self.ends.len()).filter_map(move |i| self.get(i))
    }
}

/// One way to move in a take-and-break game: remove `take` tokens from a heap and leave
/// the rest as exactly `parts` nonempty heaps. With `parts = 0` the heap must hold exactly
/// `take` tokens (the move takes it all).
///
/// Octal digit `d_k` of a code `0.d₁d₂…` (or `4.d₁…`, where `d₀ = 4`) stands for the rules
/// `(k, 0)` if bit 1 is set, `(k, 1)` if bit 2, `(k, 2)` if bit 4 and, in hexadecimal
/// codes, `(k, 3)` if bit 8. A subtraction game with set `S` is the rules `(s, 0)` and
/// `(s, 1)` for `s ∈ S`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct SplitRule {
    /// Tokens removed.
    pub take: u64,
    /// Nonempty heaps left (0 to [`MAX_PARTS`]).
    pub parts: u8,
}

/// The most heaps a [`SplitRule`] may leave: 3, as in hexadecimal codes.
pub const MAX_PARTS: u8 = 3;

/// A game whose positions are sums of heaps, each heap a number of tokens, in which a move
/// replaces one heap by a multiset of strictly smaller heaps (the options of that heap).
///
/// The quotient engine asks for the options of heaps `1, 2, 3, …` in turn, never of a heap
/// larger than the bound it was given. Every option's heaps must be smaller than the heap
/// moved from, so that the game is finite; the engine checks this and reports a rule that
/// breaks it as an error.
pub trait HeapGame {
    /// Appends the options of a heap of `n` tokens to `out` (which the caller cleared).
    fn options(&self, n: u64, out: &mut HeapOptions);

    /// The take-and-break rules that generate exactly the options of every heap, when the
    /// game has such rules (octal and hexadecimal games, finite subtraction games). They
    /// are a promise about [`HeapGame::options`] for all heaps, including those never
    /// listed: the engine uses them to prove the pretending function periodic and to find
    /// moves in heaps too large to list. `None` (the default): no promise, so quotients of
    /// the game stay bounded by the heaps computed.
    fn rules(&self) -> Option<Vec<SplitRule>> {
        None
    }
}

impl<G: HeapGame + ?Sized> HeapGame for &G {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        (**self).options(n, out)
    }
    fn rules(&self) -> Option<Vec<SplitRule>> {
        (**self).rules()
    }
}

impl<G: HeapGame + ?Sized> HeapGame for Box<G> {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        (**self).options(n, out)
    }
    fn rules(&self) -> Option<Vec<SplitRule>> {
        (**self).rules()
    }
}

/// Checks that `rules` describe a finite take-and-break game: at most [`MAX_PARTS`] parts,
/// and no rule that leaves a heap as large as the one moved from (`take = 0` with fewer
/// than two parts). Returns them sorted and without repeats.
pub fn check_rules(mut rules: Vec<SplitRule>) -> Result<Vec<SplitRule>> {
    for r in &rules {
        if r.parts > MAX_PARTS {
            return Err(Error::bad_params(
                "quotient",
                format!(
                    "a rule leaves {} heaps; at most {MAX_PARTS} are supported",
                    r.parts
                ),
            ));
        }
        if r.take == 0 && r.parts < 2 {
            return Err(Error::bad_params(
                "quotient",
                "a rule that takes nothing must split the heap in two or more",
            ));
        }
    }
    rules.sort_unstable();
    rules.dedup();
    Ok(rules)
}

/// The largest `take` among `rules` (0 if there are none): the `k` of the periodicity
/// theorem.
pub fn max_take(rules: &[SplitRule]) -> u64 {
    rules.iter().map(|r| r.take).max().unwrap_or(0)
}

/// The most heaps a rule leaves (0 if there are no rules): the `s` of the periodicity
/// theorem.
pub fn max_parts(rules: &[SplitRule]) -> u8 {
    rules.iter().map(|r| r.parts).max().unwrap_or(0)
}

/// Appends to `out` the options that `rules` give a heap of `n` tokens, each multiset once
/// (parts in nondecreasing order), failing with [`Error::Limit`] rather than listing more
/// than `max_options` of them (a heap of `10^9` split in two has `5·10^8` options).
pub fn rule_options(
    rules: &[SplitRule],
    n: u64,
    max_options: u64,
    out: &mut HeapOptions,
) -> Result<()> {
    let mut count = 0u64;
    let mut bump = || -> Result<()> {
        count += 1;
        if count > max_options {
            Err(Error::Limit {
                what: format!("options of a heap of {n}"),
                limit: max_options,
            })
        } else {
            Ok(())
        }
    };
    for r in rules {
        let Some(rest) = n.checked_sub(r.take) else {
            continue;
        };
        match r.parts {
            0 if rest == 0 => {
                bump()?;
                out.push(&[]);
            }
            1 if rest >= 1 && r.take >= 1 => {
                bump()?;
                out.push(&[rest]);
            }
            2 => {
                for a in 1..=rest / 2 {
                    bump()?;
                    out.push(&[a, rest - a]);
                }
            }
            3 => {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        bump()?;
                        out.push(&[a, b, rest - a - b]);
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_flat_and_drop_empty_heaps() {
        let mut o = HeapOptions::new();
        o.push(&[]);
        o.push(&[3, 0, 2]);
        assert_eq!(o.len(), 2);
        assert_eq!(o.get(0), Some(&[][..]));
        assert_eq!(o.get(1), Some(&[3, 2][..]));
        assert_eq!(o.get(2), None);
        o.clear();
        assert!(o.is_empty());
    }

    #[test]
    fn rules_list_each_multiset_once_and_refuse_too_many() {
        // Kayles, 0.77: take 1 or 2, leaving 0, 1 or 2 heaps.
        let rules: Vec<SplitRule> = [1, 2]
            .iter()
            .flat_map(|&t| (0..3).map(move |p| SplitRule { take: t, parts: p }))
            .collect();
        let rules = check_rules(rules).unwrap();
        let mut o = HeapOptions::new();
        rule_options(&rules, 5, 100, &mut o).unwrap();
        let mut got: Vec<Vec<u64>> = o.iter().map(|x| x.to_vec()).collect();
        got.sort();
        assert_eq!(
            got,
            vec![vec![1, 2], vec![1, 3], vec![2, 2], vec![3], vec![4]]
        );
        let mut o = HeapOptions::new();
        assert!(matches!(
            rule_options(&rules, 1_000_000_000, 1_000, &mut o),
            Err(Error::Limit { .. })
        ));
        assert!(check_rules(vec![SplitRule { take: 0, parts: 1 }]).is_err());
        assert!(check_rules(vec![SplitRule { take: 1, parts: 4 }]).is_err());
    }
}
