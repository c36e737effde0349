//! Numbers as the command line and judge inputs write them.

use num_bigint::BigUint;

/// Parses a decimal token of digits only (an optional leading `+` is accepted).
pub fn parse_uint_token(w: &str) -> Option<BigUint> {
    let digits = w.strip_prefix('+').unwrap_or(w);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    BigUint::parse_bytes(digits.as_bytes(), 10)
}
