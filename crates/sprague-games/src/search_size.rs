//! How large the exhaustive search of a ruleset's whole positions can get, so that a caller
//! can refuse at once a position the engine obviously cannot search, instead of finding out
//! after minutes and gigabytes.

use crate::error::{Error, Result};

/// Bounds on the search of one position by the generic engine (whole positions: misère and
/// every-move play where no theorem applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchSize {
    /// What the position is made of, for messages (`"coins"`, `"cells"`, `"edges"`, ...).
    pub parts_name: &'static str,
    /// How many of them the positions reachable from this one may change.
    pub parts: u64,
    /// The most parts the rules' positions can hold.
    pub max_parts: u64,
    /// The base-2 logarithm (rounded up) of an upper bound on the positions reachable,
    /// where a useful bound is known.
    pub log2_positions: Option<u32>,
    /// The most moves any reachable position has (saturating).
    pub max_moves: u128,
    /// The work of listing the moves of one position: moves times what each costs
    /// (saturating).
    pub work: u128,
}

/// The most moves one position may have for the engine to list them all (each becomes a
/// position in memory while its parent is searched).
pub const MAX_MOVES: u128 = 1 << 16;

/// The most work listing the moves of one position may cost (so that the deadline and the
/// cancellation flag, checked between positions, are seen in time).
pub const MAX_WORK: u128 = 1 << 26;

impl SearchSize {
    /// Fails when one position has too many moves, or costs too much to expand, for the
    /// engine's search of whole positions.
    pub fn check(&self) -> Result<()> {
        if self.parts > self.max_parts {
            return Err(Error::unsupported(format!(
                "the position spans {} {}; the engine's search of whole positions handles at most {}",
                self.parts, self.parts_name, self.max_parts
            )));
        }
        if self.max_moves > MAX_MOVES {
            return Err(Error::unsupported(format!(
                "a position reachable from this one has up to {} moves (over {} {}); the engine's search of whole positions lists at most {MAX_MOVES} moves of a position",
                show(self.max_moves),
                self.parts,
                self.parts_name
            )));
        }
        if self.work > MAX_WORK {
            return Err(Error::unsupported(format!(
                "listing the moves of one position costs up to {} steps here (over {} {}); the engine's search of whole positions allows at most {MAX_WORK}",
                show(self.work),
                self.parts,
                self.parts_name
            )));
        }
        Ok(())
    }
}

/// A saturating count, written as a number or as "more than 2^128".
fn show(n: u128) -> String {
    if n == u128::MAX {
        "more than 2^128".into()
    } else {
        n.to_string()
    }
}

/// The base-2 logarithm (rounded up) of the number of subsets of at most `k` of `n`
/// things, `Σ_{i ≤ k} C(n, i)`: the positions of `n` coins of which at most `k` are heads.
pub fn log2_subsets(n: u64, k: u64) -> u32 {
    let (mut c, mut sum) = (1u128, 1u128);
    for i in 0..k.min(n) {
        let Some(next) = c.checked_mul(u128::from(n - i)) else {
            return 128;
        };
        c = next / u128::from(i + 1);
        sum = sum.saturating_add(c);
    }
    log2_ceil(sum)
}

/// The base-2 logarithm of `n`, rounded up (0 for 0 and 1).
pub fn log2_ceil(n: u128) -> u32 {
    if n <= 1 {
        0
    } else {
        128 - (n - 1).leading_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logarithms_round_up() {
        let got: Vec<u32> = [0u128, 1, 2, 3, 4, 5, 8, 9].map(log2_ceil).to_vec();
        assert_eq!(got, [0, 0, 1, 2, 2, 3, 3, 4]);
        assert_eq!(log2_ceil(u128::MAX), 128);
        // 1 + 60 positions of at most one head among 60 coins; all 2^10 subsets of 10.
        assert_eq!(log2_subsets(60, 1), 6);
        assert_eq!(log2_subsets(10, 10), 10);
        assert_eq!(log2_subsets(10, 99), 10);
        assert_eq!(log2_subsets(20, 10), 20); // 2^19 + C(20, 10) / 2
        assert_eq!(log2_subsets(128, 64), 128);
    }
}
