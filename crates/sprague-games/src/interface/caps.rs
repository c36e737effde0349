//! The bounds on [`Game::legal_moves`](super::Game::legal_moves), shared by every family:
//! the list is the position API of `play`, the web page and the stress tester, and each
//! move carries a whole position, so a position with very many moves, or long positions,
//! would be a list of gigabytes. Such a position is refused before its list is built, with
//! the count of its moves; `sprague moves` lists a sample and `sprague solve` the winning
//! moves instead.

use crate::error::{Error, Result};
use num_bigint::BigUint;

/// The most moves a legal-move list holds.
pub const MAX_LEGAL_MOVES: u64 = 100_000;

/// The most characters the positions of a legal-move list may hold together.
pub const MAX_LEGAL_TEXT: u64 = 1 << 24;

/// Refuses the legal-move list of `what` (`"the row"`, `"the position"`) when its `count`
/// moves, or the `text` characters their positions would take (an estimate from the
/// counts, never from a list), exceed the bounds above.
pub fn check_legal_list(what: &str, count: &BigUint, text: &BigUint) -> Result<()> {
    if *count > BigUint::from(MAX_LEGAL_MOVES) || *text > BigUint::from(MAX_LEGAL_TEXT) {
        return Err(Error::unsupported(format!(
            "{what} has {count} legal moves: too many to list (at most {MAX_LEGAL_MOVES} moves, and {MAX_LEGAL_TEXT} characters of positions); `sprague moves` lists a sample, `sprague solve` the winning moves"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_within_the_bounds_pass_and_others_are_refused_with_their_count() {
        let n = BigUint::from;
        assert!(check_legal_list("x", &n(MAX_LEGAL_MOVES), &n(MAX_LEGAL_TEXT)).is_ok());
        let e = check_legal_list("the row", &n(MAX_LEGAL_MOVES + 1), &n(1))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("the row has 100001 legal moves"), "{e}");
        assert!(check_legal_list("x", &n(2), &n(MAX_LEGAL_TEXT + 1)).is_err());
    }
}
