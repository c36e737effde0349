//! A whitespace tokenizer for judge inputs that keeps track of the instance being read, so
//! that every error names the instance and the offending token.

use num_bigint::BigUint;
use sprague_core::error::{Error, Result};
use sprague_games::number::words::parse_uint_token;
use std::str::FromStr;

/// Reads whitespace-separated tokens of a judge input.
#[derive(Debug)]
pub struct Tokens<'a> {
    problem: &'static str,
    /// The whole input, so that [`Tokens::count`] can bound how many tokens remain.
    input: &'a str,
    /// The tokens not yet read.
    rest: std::str::SplitAsciiWhitespace<'a>,
    /// Where the text after the last token read starts (a byte offset into `input`).
    read_to: usize,
    peeked: Option<&'a str>,
    instance: u64,
}

impl<'a> Tokens<'a> {
    /// Starts reading `input` for `problem` (used in error messages).
    pub fn new(problem: &'static str, input: &'a str) -> Self {
        Tokens {
            problem,
            input,
            rest: input.split_ascii_whitespace(),
            read_to: 0,
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
            if let Some(word) = self.peeked {
                // The word is a slice of `input`: its end is where the unread text starts.
                self.read_to = word.as_ptr() as usize - self.input.as_ptr() as usize + word.len();
            }
        }
        self.peeked
    }

    /// At most how many tokens remain: a token takes a byte and is followed by a separator.
    fn tokens_left_at_most(&self) -> usize {
        (self.input.len() - self.read_to).div_ceil(2) + usize::from(self.peeked.is_some())
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

    /// The next token as a count (`T`, `n`) of items that take at least one token each, no
    /// larger than `max`: see [`Tokens::count_each`].
    pub fn count(&mut self, what: &str, max: usize) -> Result<usize> {
        self.count_each(what, max, 1)
    }

    /// The next token as a count of items that take at least `each` tokens each, no larger
    /// than `max` and than the rest of the input can hold, so that a corrupt count fails at
    /// once instead of sizing a buffer or a loop by a number the input merely claims.
    pub fn count_each(&mut self, what: &str, max: usize, each: usize) -> Result<usize> {
        let w = self.word(what)?;
        let b = parse_uint_token(w).ok_or_else(|| {
            self.error(format!(
                "`{w}` is not a valid {what} (expected a non-negative integer)"
            ))
        })?;
        let n = usize::try_from(&b).unwrap_or(usize::MAX);
        if n > max {
            return Err(self.error(format!(
                "{what} `{w}` is larger than the {max} this command accepts"
            )));
        }
        let left = self.tokens_left_at_most();
        if n.saturating_mul(each.max(1)) > left {
            let per = if each > 1 {
                format!(" ({each} numbers each)")
            } else {
                String::new()
            };
            return Err(self.error(format!(
                "{what} `{w}` claims more than the input holds{per}: the rest of it holds at most {left} number{}",
                if left == 1 { "" } else { "s" }
            )));
        }
        Ok(n)
    }

    /// Checks, before item `i` (from 1) of the `n` that the count `what` claimed, that the
    /// input goes on: a short input is an error naming the count.
    pub fn expect_item(&mut self, i: usize, n: usize, what: &str) -> Result<()> {
        if self.at_end() {
            return Err(self.error(format!(
                "{what} is {n} but the input ends after {} of them",
                i - 1
            )));
        }
        Ok(())
    }
}

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
    fn counts_are_bounded_by_the_input() {
        for huge in [
            "18446744073709551615",
            "2000000000",
            "99999999999999999999999",
        ] {
            let text = format!("{huge}\n3\n");
            let mut t = Tokens::new("T", &text);
            t.next_instance();
            let err = t
                .count("number of games T", usize::MAX)
                .unwrap_err()
                .to_string();
            assert!(err.contains(huge) && err.contains("instance 1"), "{err}");
        }
        assert_eq!(Tokens::new("T", "3 1 2 3").count("n", 10).unwrap(), 3);
        assert!(Tokens::new("T", "3 1 2 3").count_each("n", 10, 3).is_err());
        assert!(Tokens::new("T", "11 1").count("n", 10).is_err());
        let mut t = Tokens::new("T", "3 10 20");
        let n = t.count("number of games T", 10).unwrap();
        for i in 1..=n {
            match t.expect_item(i, n, "number of games T") {
                Ok(()) => assert_eq!(t.word("n").unwrap(), (10 * i).to_string()),
                Err(e) => {
                    let e = e.to_string();
                    assert!(i == 3 && e.contains("is 3") && e.contains("after 2"), "{e}");
                }
            }
        }
    }

    #[test]
    fn rejects_signs_and_overflow() {
        let mut t = Tokens::new("T", "-3 99999999999999999999 1e5");
        assert!(t.uint::<u64>("n").is_err());
        assert!(t.uint::<u64>("n").is_err());
        assert!(t.big("n").is_err());
    }
}
