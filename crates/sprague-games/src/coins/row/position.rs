//! A row of coins as written on the command line: read as H/T letters or as the positions
//! of the heads, and written back the same way after a move. Free of the catalogue.

use crate::error::{Error, Result};
use crate::number::words::parse_uint_token;
use num_bigint::BigUint;

/// A parsed row: the head positions (ascending, distinct) and, when written as H/T, the
/// number of coins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Positions of the heads, from 1 at the left, ascending and distinct.
    pub heads: Vec<BigUint>,
    /// The number of coins when the row was written as H/T letters.
    pub len: Option<usize>,
}

impl Row {
    /// Parses the words after the spec (see the module documentation).
    pub fn parse(words: &[String]) -> Result<Row> {
        let text = words.join(" ");
        let t = text.trim();
        if t.is_empty() {
            return Err(Error::parse(
                "no position given: write the coins as H/T (e.g. `THHTH`) or the positions of the heads (e.g. `2 3 5`)",
            ));
        }
        if t.chars().any(|c| c.is_ascii_alphabetic()) {
            let coins: String = t.chars().filter(|c| !c.is_whitespace()).collect();
            if let Some(bad) = coins.chars().find(|c| !matches!(c, 'H' | 'h' | 'T' | 't')) {
                return Err(Error::parse(format!(
                    "`{t}` is not a row of coins: `{bad}` is neither H (heads) nor T (tails)"
                )));
            }
            let heads = coins
                .chars()
                .enumerate()
                .filter(|(_, c)| c.eq_ignore_ascii_case(&'h'))
                .map(|(i, _)| BigUint::from(i + 1))
                .collect();
            return Ok(Row {
                heads,
                len: Some(coins.chars().count()),
            });
        }
        let mut heads = Vec::new();
        for tok in t.split(|c: char| c.is_whitespace() || c == ',') {
            if tok.is_empty() {
                continue;
            }
            let n = parse_uint_token(tok).ok_or_else(|| {
                Error::parse(format!(
                    "`{tok}` is not a head position (a positive integer) nor a row of H and T"
                ))
            })?;
            if n == BigUint::ZERO {
                return Err(Error::invalid(
                    "coin positions start at 1 (the leftmost coin)",
                ));
            }
            heads.push(n);
        }
        let mut sorted = heads.clone();
        sorted.sort();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::invalid(format!(
                "head position {} is given twice (a coin is heads or tails)",
                w[0]
            )));
        }
        Ok(Row {
            heads: sorted,
            len: None,
        })
    }

    /// The row after turning `coins`, written the way it was given.
    pub fn after(&self, coins: &[BigUint]) -> String {
        // A merge of two sorted lists (their symmetric difference): inserting the turned
        // coins one by one cost a shift of the row each, quadratic for long runs.
        let mut turned: Vec<&BigUint> = coins.iter().collect();
        turned.sort();
        // A coin turned twice is turned back.
        let mut odd: Vec<&BigUint> = Vec::with_capacity(turned.len());
        for c in turned {
            if odd.last() == Some(&c) {
                odd.pop();
            } else {
                odd.push(c);
            }
        }
        let turned = odd;
        let mut heads = Vec::with_capacity(self.heads.len() + turned.len());
        let (mut i, mut j) = (0, 0);
        while i < self.heads.len() || j < turned.len() {
            match (self.heads.get(i), turned.get(j)) {
                (Some(h), Some(&c)) if h == c => {
                    i += 1;
                    j += 1;
                }
                (Some(h), Some(&c)) if h < c => {
                    heads.push(h.clone());
                    i += 1;
                }
                (Some(h), None) => {
                    heads.push(h.clone());
                    i += 1;
                }
                (_, Some(&c)) => {
                    heads.push(c.clone());
                    j += 1;
                }
                (None, None) => break,
            }
        }
        match self.len {
            Some(n) => (1..=n)
                .map(|i| {
                    if heads.binary_search(&BigUint::from(i)).is_ok() {
                        'H'
                    } else {
                        'T'
                    }
                })
                .collect(),
            // A row without heads, in a form the command line reads back.
            None if heads.is_empty() => "T".into(),
            None => heads
                .iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}
