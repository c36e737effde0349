//! Subtraction games (and Bash, bounded Nim: take 1..k) as heap games of the misère-quotient
//! engine (`sprague_core::quotient`, docs/theory.md#misere-quotients).
//!
//! A finite subtraction set `S` is the take-and-break rules `(s, 0)` and `(s, 1)` for
//! `s ∈ S` (take `s` leaving no heap or one): the promise the engine needs to prove a
//! period and to find moves in huge heaps. An all-but set, and the squares
//! (`subtraction:squares`), have no finite rules: their options are listed heap by heap and
//! their quotients stay bounded by the heaps computed.

use super::bash::parse_k;
use super::subtraction::MAX_SUBTRACTION;
use crate::error::{Error, Result};
use sprague_core::quotient::{rule_options, HeapGame, HeapOptions, SplitRule};

/// A subtraction game as the quotient engine sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubtractionHeapGame {
    /// Sorted, distinct, positive.
    set: Vec<u64>,
    /// `true`: the takes are those not in `set`.
    allbut: bool,
    /// `true`: the takes are the perfect squares (`set` is empty).
    squares: bool,
    rules: Option<Vec<SplitRule>>,
}

impl SubtractionHeapGame {
    /// The game taking `s ∈ set` (or, with `allbut`, any `s ≥ 1` not in `set`).
    pub fn new(mut set: Vec<u64>, allbut: bool) -> SubtractionHeapGame {
        set.sort_unstable();
        set.dedup();
        set.retain(|&s| s > 0);
        let rules = (!allbut).then(|| {
            set.iter()
                .flat_map(|&s| [0, 1].map(|parts| SplitRule { take: s, parts }))
                .collect()
        });
        SubtractionHeapGame {
            set,
            allbut,
            squares: false,
            rules,
        }
    }

    /// The game taking any perfect square: an infinite set, so no finite rules.
    pub fn squares() -> SubtractionHeapGame {
        SubtractionHeapGame {
            set: Vec::new(),
            allbut: false,
            squares: true,
            rules: None,
        }
    }
}

/// The heap game of the catalogue entry `name` (its canonical name) with the parameters
/// written after it, if the entry is a subtraction game: `subtraction:1,3,4`,
/// `subtraction:allbut:2`, `bash:3`, `bounded-nim:4` (Bash's `k` at most
/// [`MAX_SUBTRACTION`], as a subtraction set's largest element).
pub fn heap_game_named(name: &str, params: Option<&str>) -> Result<Option<SubtractionHeapGame>> {
    match name {
        "subtraction" => {
            let p = params.ok_or_else(|| {
                Error::bad_params("subtraction", "write the set, e.g. `subtraction:1,3,4`")
            })?;
            let g = super::subtraction::Subtraction::parse(p)?;
            let r = super::NumberGame::rules(&g);
            Ok(Some(if r.squares {
                SubtractionHeapGame::squares()
            } else {
                SubtractionHeapGame::new(r.set.clone(), r.allbut)
            }))
        }
        "bash" | "bounded-nim" => {
            let k = parse_k(name, params)?;
            if k > MAX_SUBTRACTION {
                return Err(Error::bad_params(
                    name,
                    format!(
                        "the misère quotient takes `{name}:K` as the subtraction set 1..K, with K at most {MAX_SUBTRACTION}"
                    ),
                ));
            }
            Ok(Some(SubtractionHeapGame::new((1..=k).collect(), false)))
        }
        _ => Ok(None),
    }
}

impl HeapGame for SubtractionHeapGame {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        match &self.rules {
            // No cap: the engine lists heaps only up to the bound it was given.
            Some(rules) => {
                let _ = rule_options(rules, n, u64::MAX, out);
            }
            None if self.squares => {
                for k in (1u64..).take_while(|k| k.checked_mul(*k).is_some_and(|q| q <= n)) {
                    out.push(&[n - k * k]);
                }
            }
            None => {
                for s in (1..=n).filter(|s| self.set.binary_search(s).is_err()) {
                    out.push(&[n - s]);
                }
            }
        }
    }

    fn rules(&self) -> Option<Vec<SplitRule>> {
        self.rules.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::Impartial;
    use crate::number::subtraction::SubtractionRules;

    /// The options are the subtraction rules' own, heap by heap, for finite and all-but sets.
    #[test]
    fn options_are_the_rules_options() {
        for (set, allbut, squares) in [
            (vec![1, 3, 4], false, false),
            (vec![2, 5], false, false),
            (vec![2, 3], true, false),
            (vec![], false, true),
        ] {
            let g = if squares {
                SubtractionHeapGame::squares()
            } else {
                SubtractionHeapGame::new(set.clone(), allbut)
            };
            assert_eq!(g.rules().is_some(), !allbut && !squares);
            let r = SubtractionRules {
                set,
                allbut,
                squares,
            };
            for n in 0..=20u64 {
                let mut o = HeapOptions::new();
                g.options(n, &mut o);
                let mut got: Vec<u64> = o.iter().map(|x| x.first().copied().unwrap_or(0)).collect();
                let mut want = Vec::new();
                r.options(&n, &mut want);
                got.sort();
                want.sort();
                assert_eq!(got, want, "heap {n}");
            }
        }
        let bash = heap_game_named("bash", Some("3")).unwrap().unwrap();
        assert_eq!(bash, SubtractionHeapGame::new(vec![1, 2, 3], false));
        assert!(heap_game_named("bash", Some("1000000")).is_err());
        assert!(heap_game_named("subtraction", None).is_err());
        assert!(heap_game_named("nim", None).unwrap().is_none());
    }
}
