//! Take-and-break games as heap games of the misère-quotient engine
//! (`sprague_core::quotient`, docs/theory.md#misere-quotients).
//!
//! A finite octal or hexadecimal code is exactly a list of [`SplitRule`]s: digit `d_k`
//! gives `(k, 0)` for bit 1, `(k, 1)` for bit 2, `(k, 2)` for bit 4 and `(k, 3)` for bit 8.
//! Those rules are the promise the engine needs to prove a period of the pretending
//! function and to find moves in huge heaps by residues. Grundy's game (splits into equal
//! heaps barred) and Lasker's Nim (an infinite tail of takes) are not such lists: their
//! options are listed heap by heap and their quotients stay bounded by the heaps computed.

use super::rules::TakeAndBreak;
use crate::error::{Error, Result};
use sprague_core::quotient::{rule_options, HeapGame, HeapOptions, SplitRule};

/// A take-and-break game as the quotient engine sees it.
#[derive(Debug, Clone)]
pub struct OctalHeapGame {
    rules: TakeAndBreak,
    split: Option<Vec<SplitRule>>,
}

impl OctalHeapGame {
    /// The heap game of `rules`. Refuses an infinite tail other than Lasker's Nim's (the
    /// catalogue builds no other), whose options could not be listed.
    pub fn new(rules: TakeAndBreak) -> Result<OctalHeapGame> {
        let lasker = rules.tail == 3 && rules.digits == [4] && !rules.unequal;
        if rules.tail != 0 && !lasker {
            return Err(Error::unsupported(format!(
                "`{}`: an infinite tail of digit {} is not supported (only Lasker's Nim has one)",
                rules.name, rules.tail
            )));
        }
        let split = split_rules(&rules);
        Ok(OctalHeapGame { rules, split })
    }

    /// The ruleset.
    pub fn rules(&self) -> &TakeAndBreak {
        &self.rules
    }

    /// The take-and-break rules of the code, when it has them (see the module comment).
    pub fn split_rules(&self) -> Option<&[SplitRule]> {
        self.split.as_deref()
    }
}

/// The [`SplitRule`]s of a finite code without the equal-split restriction; `None` for
/// Grundy's game and Lasker's Nim.
pub fn split_rules(rules: &TakeAndBreak) -> Option<Vec<SplitRule>> {
    if rules.tail != 0 || rules.unequal {
        return None;
    }
    let mut out = Vec::new();
    for (k, &d) in rules.digits.iter().enumerate() {
        for (bit, parts) in [(1u8, 0u8), (2, 1), (4, 2), (8, 3)] {
            // d0 may only split (the parser refuses bits 1 and 2 there): taking nothing
            // and leaving one heap or none is no move.
            if d & bit != 0 && (k > 0 || parts >= 2) {
                out.push(SplitRule {
                    take: k as u64,
                    parts,
                });
            }
        }
    }
    Some(out)
}

impl HeapGame for OctalHeapGame {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        match &self.split {
            // No cap: the engine lists heaps only up to the bound it was given.
            Some(rules) => {
                let _ = rule_options(rules, n, u64::MAX, out);
            }
            None => self.rules.heap_moves(n, |_, parts| out.push(parts)),
        }
    }

    fn rules(&self) -> Option<Vec<SplitRule>> {
        self.split.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::tests::oct;

    /// The options the rules give are the moves the ruleset lists, heap by heap.
    #[test]
    fn split_rules_give_the_moves_of_the_code() {
        let mut games: Vec<TakeAndBreak> = ["0.77", "4.07", "0.137", "0.6", "0.75", "0.4"]
            .iter()
            .map(|c| oct(c))
            .collect();
        games.push(TakeAndBreak::parse("0.F", true).unwrap());
        games.push(TakeAndBreak::parse("8.3", true).unwrap());
        games.push(TakeAndBreak::grundy_game());
        games.push(TakeAndBreak::lasker_nim());
        for r in games {
            let g = OctalHeapGame::new(r.clone()).unwrap();
            assert_eq!(
                g.split_rules().is_some(),
                r.periodicity_applies(),
                "{}",
                r.name
            );
            for n in 0..=14u64 {
                let mut o = HeapOptions::new();
                g.options(n, &mut o);
                let mut got: Vec<Vec<u64>> = o
                    .iter()
                    .map(|x| {
                        let mut v = x.to_vec();
                        v.sort_unstable();
                        v
                    })
                    .collect();
                let mut want = Vec::new();
                r.heap_moves(n, |_, parts| want.push(parts.to_vec()));
                got.sort();
                want.sort();
                assert_eq!(got, want, "{} heap {n}", r.name);
            }
        }
        let odd = TakeAndBreak {
            tail: 1,
            ..oct("0.7")
        };
        assert!(OctalHeapGame::new(odd).is_err());
    }
}
