//! The one error type of the library. Every failure names what is wrong so that the
//! command line can print it as is and exit non-zero; nothing in the library panics on input.

use thiserror::Error;

/// What went wrong. Variants are broad on purpose: each carries a message that names the
/// offending input (a token, a game name, a parameter), written for a person.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// Text that does not parse: a malformed number, a bad position, a bad graph.
    #[error("{0}")]
    Parse(String),
    /// A game name that is not in the catalogue.
    #[error("unknown game `{name}`{hint}")]
    UnknownGame {
        /// The name as written.
        name: String,
        /// Close names, or where to look.
        hint: String,
    },
    /// Parameters a game does not accept (`bash:0`, `subtraction:`, ...).
    #[error("bad parameters for `{game}`: {reason}")]
    BadParams {
        /// The game whose parameters are wrong.
        game: String,
        /// What is wrong with them.
        reason: String,
    },
    /// A position that parses but is not a legal position of the game.
    #[error("invalid position: {0}")]
    InvalidPosition(String),
    /// A game graph with a cycle where the algorithm needs an acyclic one.
    #[error("the game has a cycle: {0}")]
    Cycle(String),
    /// A search that reached its limit before it could decide.
    #[error("search limit reached: {what} (limit {limit}); the position is too large to search")]
    Limit {
        /// What was counted (`positions searched`).
        what: String,
        /// The limit that was reached.
        limit: u64,
    },
    /// A search that ran past its deadline.
    #[error("stopped after {} s (--timeout {}); {searched} {what}", seconds(.limit), seconds(.limit))]
    Timeout {
        /// The timeout that ran out.
        limit: std::time::Duration,
        /// What was counted (`positions searched`).
        what: String,
        /// How many were visited before the search stopped.
        searched: u64,
    },
    /// A search stopped by its cancellation flag (Ctrl-C on the command line).
    #[error("interrupted; {searched} {what}")]
    Interrupted {
        /// What was counted (`positions searched`).
        what: String,
        /// How many were visited before the search stopped.
        searched: u64,
    },
    /// A request the game or the method does not support (e.g. a table of a two-heap game).
    #[error("{0}")]
    Unsupported(String),
    /// A judge problem's input that is malformed; names the instance and the token.
    #[error("problem {problem}, instance {instance}: {reason}")]
    Input {
        /// The problem's id.
        problem: String,
        /// The instance (from 1) whose input is wrong.
        instance: u64,
        /// What is wrong, naming the token.
        reason: String,
    },
}

/// Shorthand used throughout the library.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A parse error with a formatted message.
    pub fn parse(msg: impl Into<String>) -> Self {
        Error::Parse(msg.into())
    }
    /// A bad-parameter error for `game`.
    pub fn bad_params(game: impl Into<String>, reason: impl Into<String>) -> Self {
        Error::BadParams {
            game: game.into(),
            reason: reason.into(),
        }
    }
    /// An invalid-position error.
    pub fn invalid(msg: impl Into<String>) -> Self {
        Error::InvalidPosition(msg.into())
    }
    /// An unsupported-request error.
    pub fn unsupported(msg: impl Into<String>) -> Self {
        Error::Unsupported(msg.into())
    }
}

/// A duration written in seconds, exactly to the millisecond (`10`, `2.5`, `0.125`): how
/// the command line's `--timeout` reads it.
pub fn seconds(d: &std::time::Duration) -> String {
    let ms = d.subsec_millis();
    if ms == 0 {
        format!("{}", d.as_secs())
    } else {
        let frac = format!("{ms:03}");
        format!("{}.{}", d.as_secs(), frac.trim_end_matches('0'))
    }
}
