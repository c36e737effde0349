//! A whitespace tokenizer for judge inputs that keeps track of the instance being read, so
//! that every error names the instance and the offending token.

use crate::error::{Error, Result};
use num_bigint::BigUint;
use std::str::FromStr;

/// Reads whitespace-separated tokens of a judge input.
#[derive(Debug)]
pub struct Tokens<'a> {
    problem: &'static str,
    rest: std::str::SplitAsciiWhitespace<'a>,
    peeked: Option<&'a str>,
    instance: u64,
}

impl<'a> Tokens<'a> {
    /// Starts reading `input` for `problem` (used in error messages).
    pub fn new(problem: &'static str, input: &'a str) -> Self {
        Tokens {
            problem,
            rest: input.split_ascii_whitespace(),
            peeked: None,
            instance: 0,
        }
    }

    /// True when only whitespace remains.
    pub fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }

    /// Starts the next instance (numbering starts at 1); call before reading it.
    pub fn next_instance(&mut self) -> u64 {
        self.instance += 1;
        self.instance
    }

    /// The instance being read.
    pub fn instance(&self) -> u64 {
        self.instance
    }

    fn peek(&mut self) -> Option<&'a str> {
        if self.peeked.is_none() {
            self.peeked = self.rest.next();
        }
        self.peeked
    }

    /// The next raw token; `what` says what was expected, for the error message.
    pub fn word(&mut self, what: &str) -> Result<&'a str> {
        self.peek();
        self.peeked
            .take()
            .ok_or_else(|| self.error(format!("input ended where {what} was expected")))
    }

    /// An error about the current instance.
    pub fn error(&self, reason: impl Into<String>) -> Error {
        Error::Input {
            problem: self.problem.to_string(),
            instance: self.instance.max(1),
            reason: reason.into(),
        }
    }

    /// The next token as an unsigned integer of a fixed width.
    pub fn uint<T: FromStr>(&mut self, what: &str) -> Result<T> {
        let w = self.word(what)?;
        parse_uint_token(w)
            .and_then(|_| w.parse::<T>().ok())
            .ok_or_else(|| {
                self.error(format!(
                    "`{w}` is not a valid {what} (expected a non-negative integer in range)"
                ))
            })
    }

    /// The next token as an unsigned integer of any length.
    pub fn big(&mut self, what: &str) -> Result<BigUint> {
        let w = self.word(what)?;
        parse_uint_token(w).ok_or_else(|| {
            self.error(format!(
                "`{w}` is not a valid {what} (expected a non-negative integer)"
            ))
        })
    }

    /// The next token as a count (`T`, `n`) no larger than `max`, so that a corrupt count
    /// cannot make the reader allocate without bound.
    pub fn count(&mut self, what: &str, max: usize) -> Result<usize> {
        let w = self.word(what)?;
        let n = parse_uint_token(w)
            .and_then(|b| usize::try_from(b).ok())
            .ok_or_else(|| self.error(format!("`{w}` is not a valid {what}")))?;
        if n > max {
            return Err(self.error(format!(
                "{what} `{w}` is larger than the {max} this command accepts"
            )));
        }
        Ok(n)
    }
}

pub use sprague_games::numbers::parse_uint_token;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_numbers_and_names_bad_tokens() {
        let mut t = Tokens::new("T", "3 12345678901234567890123 x");
        t.next_instance();
        assert_eq!(t.uint::<u32>("n").unwrap(), 3);
        assert_eq!(t.big("n").unwrap().to_string(), "12345678901234567890123");
        let err = t.uint::<u64>("heap size").unwrap_err().to_string();
        assert!(err.contains("`x`") && err.contains("instance 1"), "{err}");
        assert!(t.at_end());
        assert!(t.word("n").is_err());
    }

    #[test]
    fn rejects_signs_and_overflow() {
        let mut t = Tokens::new("T", "-3 99999999999999999999 1e5");
        assert!(t.uint::<u64>("n").is_err());
        assert!(t.uint::<u64>("n").is_err());
        assert!(t.big("n").is_err());
    }
}
