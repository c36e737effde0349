//! How large the exhaustive search of a ruleset's whole positions can get, so that a caller
//! can refuse at once a position the engine obviously cannot search, instead of finding out
//! after minutes and gigabytes.

/// Bounds on the search of one position by the generic engine (whole positions: misère and
/// every-move play where no theorem applies).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchSize {
    /// What the position is made of, for messages (`"coins"`, `"cells"`, `"edges"`, ...).
    pub parts_name: &'static str,
    /// How many of them the positions reachable from this one may change.
    pub parts: u64,
    /// The base-2 logarithm (rounded up) of an upper bound on the positions reachable,
    /// where a useful bound is known.
    pub log2_positions: Option<u32>,
    /// The most moves any reachable position has (saturating).
    pub max_moves: u128,
    /// The work of listing the moves of one position: moves times what each costs
    /// (saturating).
    pub work: u128,
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
    }
}
