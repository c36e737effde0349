//! The one listing policy of every family: how many moves a verdict lists, and what it
//! lists when a position has more.
//!
//! - `sprague solve` lists at most [`MAX_WINNING_LISTED`] winning moves (under every-move
//!   play, where each move is a combination of one move per component,
//!   [`MAX_EVERY_WINNING_LISTED`]);
//! - `sprague moves` lists at most [`MAX_MOVES_LISTED`] moves: beyond that a **sample**, the
//!   first moves of each component (or heap, or region) in the order the rules generate
//!   them, shared evenly between the components that can move ([`share`]), and the verdict
//!   is marked incomplete with a note giving the count of all moves ([`sample_note`]);
//! - either list stops early once its positions and labels take [`MAX_LISTED_TEXT`]
//!   characters (a 10^5-digit heap makes each move long), with a note;
//! - the legal-move list of the position API ([`Game::legal_moves`](super::Game::legal_moves):
//!   `play`, the web page, the stress tester) is whole or refused: a position with more than
//!   [`MAX_LEGAL_MOVES`] moves, or [`MAX_LEGAL_TEXT`] characters of positions, is refused
//!   before its list is built, with the count of its moves.
//!
//! Every list is bounded before it is built, so no input makes the toolkit allocate a list
//! whose size it did not check.

use super::Listing;
use crate::error::{Error, Result};
use num_bigint::BigUint;

/// The most winning moves `solve` lists.
pub const MAX_WINNING_LISTED: usize = 1000;

/// The most winning moves `solve` lists under every-move play (each is a combination of
/// one move in every component that can move).
pub const MAX_EVERY_WINNING_LISTED: usize = 100;

/// The most moves `moves` lists; a position with more gets a sample.
pub const MAX_MOVES_LISTED: usize = 1000;

/// The most characters of positions and labels one verdict's list of moves writes: a move
/// is listed while those listed before it take fewer.
pub const MAX_LISTED_TEXT: usize = 1 << 20;

/// The most moves a verdict lists: [`MAX_MOVES_LISTED`] for all moves,
/// [`MAX_WINNING_LISTED`] for the winning ones.
pub fn cap(listing: Listing) -> usize {
    match listing {
        Listing::All => MAX_MOVES_LISTED,
        Listing::Winning => MAX_WINNING_LISTED,
    }
}

/// How many of the `cap` moves of a sample each of `parts` components that can move gets:
/// an even share, at least one.
pub fn share(cap: usize, parts: usize) -> usize {
    (cap / parts.max(1)).max(1)
}

/// The note of a sample: `total` moves in all (a count, or words such as "more than
/// 10^6"), of which `listed` are listed.
pub fn sample_note(total: impl std::fmt::Display, listed: usize) -> String {
    format!(
        "{total} moves in all; a sample of {listed} is listed, the first moves of each component"
    )
}

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
    fn shares_are_even_and_never_zero() {
        assert_eq!(share(1000, 2), 500);
        assert_eq!(share(1000, 0), 1000);
        assert_eq!(share(10, 30), 1);
        assert!(sample_note(50002, 1000).starts_with("50002 moves in all; a sample of 1000"));
    }

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
