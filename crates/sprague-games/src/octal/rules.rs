//! Take-and-break rulesets: octal and hexadecimal codes `d0.d1d2…`, Grundy's game and
//! Lasker's Nim, and the move generator for the generic engine.

use crate::error::{Error, Result};
use crate::impartial::Impartial;

/// A take-and-break ruleset. Digit `d_j` says what may remain after removing `j` stones
/// from one heap: bit 1 no heap, bit 2 one non-empty heap, bit 4 two non-empty heaps,
/// bit 8 (hexadecimal) three non-empty heaps.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeAndBreak {
    /// `digits[j]` for `j = 0..=t` (`digits[0]` is `d0`, splitting without removing).
    pub digits: Vec<u8>,
    /// The digit that applies to every `j > t` (Lasker's Nim: 3, remove any number);
    /// 0 for a finite code.
    pub tail: u8,
    /// Splits into two heaps must be unequal (Grundy's game).
    pub unequal: bool,
    /// The spec that names it.
    pub name: String,
}

impl TakeAndBreak {
    /// Parses `0.77`, `4.07`, `0.F` (hexadecimal when `hex`). Digits after the point are
    /// `d1 d2 …`; `d0` may only split (bit 4, or bit 8 in hex), since removing nothing and
    /// leaving one heap would be a pass.
    pub fn parse(code: &str, hex: bool) -> Result<TakeAndBreak> {
        let game = if hex { "hex" } else { "octal" };
        let bad = |reason: String| Error::bad_params(format!("{game}:{code}"), reason);
        let code = code.trim();
        let (int, frac) = code.split_once('.').ok_or_else(|| {
            bad("a code is written `d0.d1d2…`, e.g. `0.77` (missing `.`)".to_string())
        })?;
        let radix = if hex { 16 } else { 8 };
        let digit = |c: char| -> Result<u8> {
            c.to_digit(radix).map(|d| d as u8).ok_or_else(|| {
                bad(format!(
                    "`{c}` is not {} digit ({})",
                    if hex { "a hexadecimal" } else { "an octal" },
                    if hex { "0-9, A-F" } else { "0-7" }
                ))
            })
        };
        let int = if int.is_empty() { "0" } else { int };
        if int.chars().count() != 1 {
            return Err(bad(format!(
                "`{int}` before the point must be one digit (d0)"
            )));
        }
        let d0 = digit(int.chars().next().expect("one char"))?;
        if d0 & 3 != 0 {
            return Err(bad(format!(
                "d0 = {d0:X} has bit 1 or 2 set: removing no stones and leaving zero or one heap is not a move; d0 may only be 0, 4{}",
                if hex { ", 8 or C" } else { "" }
            )));
        }
        if frac.is_empty() {
            return Err(bad("no digits after the point".to_string()));
        }
        let mut digits = vec![d0];
        for c in frac.chars() {
            digits.push(digit(c)?);
        }
        while digits.len() > 1 && *digits.last().expect("non-empty") == 0 {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(bad("every digit is 0: the game has no moves".to_string()));
        }
        let name = format!("{game}:{code}");
        Ok(TakeAndBreak {
            digits,
            tail: 0,
            unequal: false,
            name,
        })
    }

    /// Grundy's game: split one heap into two unequal non-empty heaps.
    pub fn grundy_game() -> TakeAndBreak {
        TakeAndBreak {
            digits: vec![4],
            tail: 0,
            unequal: true,
            name: "grundy-game".into(),
        }
    }

    /// Lasker's Nim: remove any positive number from a heap, or split it into two
    /// non-empty heaps.
    pub fn lasker_nim() -> TakeAndBreak {
        TakeAndBreak {
            digits: vec![4],
            tail: 3,
            unequal: false,
            name: "lasker-nim".into(),
        }
    }

    /// The digit for removing `j` stones.
    #[inline]
    pub fn digit(&self, j: usize) -> u8 {
        self.digits.get(j).copied().unwrap_or(self.tail)
    }

    /// The largest removal `t` of a finite code (`None` with an infinite tail).
    pub fn max_removal(&self) -> Option<usize> {
        (self.tail == 0).then(|| self.digits.len() - 1)
    }

    /// The most heaps one move can leave (1, 2 or 3).
    pub fn max_pieces(&self) -> usize {
        let all = self.digits.iter().fold(self.tail, |a, &d| a | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// Whether the Guy–Smith periodicity theorem (as generalised in
    /// [`super::period`]) applies: finite code and splits without an equality restriction.
    pub fn periodicity_applies(&self) -> bool {
        self.tail == 0 && !self.unequal
    }

    /// About how many splits into three heaps tabulating every heap up to `n` makes: each
    /// removal that may leave three heaps splits every heap `m` in about m²/12 ways (the
    /// triples a ≤ b ≤ c of sum m), about n³/36 in all. 0 for rules that never leave three
    /// heaps; saturating. The other moves cost far less: this is what makes a table of a
    /// hexadecimal game slow.
    pub fn triple_work(&self, n: u64) -> u128 {
        let removals = self.digits.iter().filter(|&&d| d & 8 != 0).count() as u128
            + u128::from(self.tail & 8 != 0) * u128::from(n);
        let n = u128::from(n);
        n.saturating_mul(n)
            .saturating_mul(n)
            .saturating_mul(removals)
            / 36
    }

    /// Calls `f` with every position (sorted heaps, at most three) reachable from one heap
    /// `n`, together with the number of stones removed.
    pub fn heap_moves(&self, n: u64, mut f: impl FnMut(u64, &[u64])) {
        for j in 0..=n {
            let d = self.digit(j as usize);
            if d == 0 {
                if self.tail == 0 && j as usize >= self.digits.len() {
                    break;
                }
                continue;
            }
            let m = n - j;
            if d & 1 != 0 && m == 0 {
                f(j, &[]);
            }
            if d & 2 != 0 && m >= 1 && j >= 1 {
                f(j, &[m]);
            }
            if d & 4 != 0 && m >= 2 {
                for a in 1..=m / 2 {
                    if self.unequal && 2 * a == m {
                        continue;
                    }
                    f(j, &[a, m - a]);
                }
            }
            if d & 8 != 0 && m >= 3 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        f(j, &[a, b, m - a - b]);
                    }
                }
            }
        }
    }
}

/// The engine's view: a position is a sorted list of non-empty heaps, a sum of single heaps.
#[derive(Debug, Clone)]
pub struct HeapRules(pub TakeAndBreak);

impl Impartial for HeapRules {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == h {
                continue;
            }
            self.0.heap_moves(h, |_, rest| {
                let mut next: Vec<u64> = p[..i].iter().chain(&p[i + 1..]).copied().collect();
                next.extend_from_slice(rest);
                next.sort_unstable();
                out.push(next);
            });
        }
    }

    fn components(&self, p: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        (p.len() > 1).then(|| p.iter().map(|&h| vec![h]).collect())
    }
}
