//! What the verdicts of the games on graphs share: how many moves they list (every move
//! writes the whole graph, so a long graph lists fewer), and the flags a game refuses.

use crate::error::{Error, Result};
use crate::interface::listing::{self, MAX_LISTED_TEXT};
use crate::interface::{Listing, SolveOptions};

/// How many of `count` moves a verdict lists (`listing`: all moves, or the winning ones)
/// when each position after a move is about `len` characters long: within the shared
/// policy's bounds ([`crate::interface::listing`]), at least one.
pub fn listed(count: usize, len: usize, listing: Listing) -> usize {
    let fit = (MAX_LISTED_TEXT / len.max(1)).clamp(1, listing::cap(listing));
    count.min(fit)
}

/// The note of a list cut short by [`listed`].
pub fn cut_short(count: impl std::fmt::Display, what: &str, shown: usize, len: usize) -> String {
    format!(
        "{count} {what} in all; the first {shown} are listed (each position after a move is about {len} characters long)"
    )
}

/// Refuses a legal-move list of `count` moves whose positions are about `len` characters
/// long each (every move of a game on a graph writes the whole graph) beyond the bounds
/// of [`crate::interface::listing`].
pub fn check_legal_list(count: u128, len: usize) -> Result<()> {
    let count = num_bigint::BigUint::from(count);
    let text = &count * len.max(1);
    crate::interface::listing::check_legal_list("the position", &count, &text)
}

/// Refuses the flags of `options` that the game `game` cannot honour. `allowed` names the
/// ones it reads among `token`, `start` and `ground`; `--misere` and `--every` are checked
/// by each game, since some honour them in part.
pub fn refuse_flags(game: &str, options: &SolveOptions, allowed: &[&str]) -> Result<()> {
    let given = [
        ("token", !options.tokens.is_empty()),
        ("start", options.start.is_some()),
        ("ground", options.ground.is_some()),
    ];
    for (flag, set) in given {
        if set && !allowed.contains(&flag) {
            return Err(Error::unsupported(format!(
                "`{game}` has no {flag} vertex: `--{flag}` does not apply to it"
            )));
        }
    }
    Ok(())
}
