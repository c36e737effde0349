//! The one error type of the library. Every failure names what is wrong so that the
//! command line can print it as is and exit non-zero; nothing in the library panics on input.

use thiserror::Error;

/// What went wrong. Variants are broad on purpose: each carries a message that names the
/// offending input (a token, a game name, a parameter), written for a person.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// Text that does not parse: a malformed number, a bad position, a bad graph.
    #[error("{}", shorten_words(.0))]
    Parse(String),
    /// A game name that is not in the catalogue.
    #[error("unknown game `{}`{hint}", shorten_words(.name))]
    UnknownGame {
        /// The name as written.
        name: String,
        /// Close names, or where to look.
        hint: String,
    },
    /// Parameters a game does not accept (`bash:0`, `subtraction:`, ...).
    #[error("bad parameters for `{}`: {}", shorten_words(.game), shorten_words(.reason))]
    BadParams {
        /// The game whose parameters are wrong.
        game: String,
        /// What is wrong with them.
        reason: String,
    },
    /// A position that parses but is not a legal position of the game.
    #[error("invalid position: {}", shorten_words(.0))]
    InvalidPosition(String),
    /// A game graph with a cycle where the algorithm needs an acyclic one.
    #[error("the game has a cycle: {}", shorten_words(.0))]
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
    #[error("{}", shorten_words(.0))]
    Unsupported(String),
    /// A judge problem's input that is malformed; names the instance and the token.
    #[error("problem {problem}, instance {instance}: {}", shorten_words(.reason))]
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

/// The longest word an error message repeats in full; longer ones (a 10^5-digit heap, a
/// graph on one line) are shown by their ends and their length.
pub const LONGEST_WORD: usize = 96;

/// `text` with every word (a run without white space) longer than [`LONGEST_WORD`]
/// characters shortened to its first and last characters and its length: a message about
/// a huge input names it without repeating it.
pub fn shorten_words(text: &str) -> std::borrow::Cow<'_, str> {
    const KEEP: usize = 24;
    let long = |w: &str| w.chars().nth(LONGEST_WORD).is_some();
    if !text.split_whitespace().any(long) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(4096));
    let mut rest = text;
    while !rest.is_empty() {
        let start = rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len());
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        if long(word) {
            let count = word.chars().count();
            let head: String = word.chars().take(KEEP).collect();
            let tail: String = word.chars().skip(count - KEEP).collect();
            out.push_str(&format!("{head}…{tail} ({count} characters)"));
        } else {
            out.push_str(word);
        }
        rest = &rest[end..];
    }
    std::borrow::Cow::Owned(out)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_in_messages_are_shortened() {
        let heap = "7".repeat(100_000);
        let e = Error::invalid(format!("heap {heap} is too large"));
        let shown = e.to_string();
        assert!(shown.len() < 200, "{shown}");
        assert!(shown.contains("(100000 characters)"), "{shown}");
        assert!(shown.starts_with("invalid position: heap 777"), "{shown}");
        assert!(shown.ends_with(" is too large"), "{shown}");
        let short = Error::parse("a short `word` stays as it is");
        assert_eq!(short.to_string(), "a short `word` stays as it is");
        let wide = format!("`{}`", "é".repeat(200));
        assert!(shorten_words(&wide).contains("(202 characters)"));
    }
}
