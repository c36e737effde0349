//! Positions of number games as command-line words, and back.
//!
//! The words after the spec are decimal numbers of any length; `+` separates the
//! components of a sum, and commas or spaces separate numbers. [`write_position`] writes a
//! position exactly the way [`parse_components`] reads it, so that every position a verdict
//! prints (the position after a move included) can be passed back to `sprague solve`.

use super::{Numbers, Shape};
use crate::error::{Error, Result};
use num_bigint::BigUint;

/// Parses a decimal token of digits only (an optional leading `+` is accepted), as the
/// command line and judge inputs write numbers.
pub fn parse_uint_token(w: &str) -> Option<BigUint> {
    let digits = w.strip_prefix('+').unwrap_or(w);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    BigUint::parse_bytes(digits.as_bytes(), 10)
}

/// Parses the words after the spec into components. `+` separates components; numbers are
/// decimal of any length.
pub fn parse_components(words: &[String], shape: Shape) -> Result<Vec<Numbers>> {
    let mut groups: Vec<Numbers> = vec![Vec::new()];
    for raw in words {
        for (k, piece) in raw.split('+').enumerate() {
            if k > 0 {
                groups.push(Vec::new());
            }
            for tok in piece.split(|c: char| c.is_whitespace() || c == ',') {
                if tok.is_empty() {
                    continue;
                }
                let n = parse_uint_token(tok).ok_or_else(|| {
                    Error::parse(format!("`{tok}` is not a non-negative integer (positions are written as numbers, components separated by `+`)"))
                })?;
                groups.last_mut().expect("non-empty").push(n);
            }
        }
    }
    if groups.iter().all(|g| g.is_empty()) {
        return Err(Error::parse(
            "no position given: write numbers after the game, e.g. `sprague solve nim 3 4 5`",
        ));
    }
    if let Some(i) = groups.iter().position(|g| g.is_empty()) {
        return Err(Error::parse(format!(
            "component {} is empty: a `+` must stand between two components",
            i + 1
        )));
    }
    Ok(match shape {
        Shape::Heaps => groups.into_iter().flatten().map(|n| vec![n]).collect(),
        Shape::Groups { arity: None } => groups,
        Shape::Groups { arity: Some(k) } => {
            // Without `+`, a run of numbers is cut into consecutive groups of `k`.
            let mut out = Vec::new();
            for g in groups {
                if g.len() % k != 0 {
                    return Err(Error::parse(format!(
                        "a component of this game is {k} numbers, but {} were given in `{}`",
                        g.len(),
                        write_numbers(&g)
                    )));
                }
                out.extend(g.chunks(k).map(|c| c.to_vec()));
            }
            out
        }
    })
}

/// Writes one component: its numbers separated by spaces.
pub fn write_numbers(c: &[BigUint]) -> String {
    c.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes a position the way the command line reads it.
pub fn write_position(components: &[Numbers], shape: Shape) -> String {
    let sep = match shape {
        Shape::Heaps => " ",
        Shape::Groups { .. } => " + ",
    };
    components
        .iter()
        .map(|c| write_numbers(c))
        .collect::<Vec<_>>()
        .join(sep)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn heaps_and_groups_parse() {
        let h = parse_components(&words("3 4 5"), Shape::Heaps).unwrap();
        assert_eq!(h.len(), 3);
        let g = parse_components(&words("25 7 + 3 2"), Shape::Groups { arity: Some(2) }).unwrap();
        assert_eq!(
            g,
            vec![
                vec![25u32.into(), 7u32.into()],
                vec![3u32.into(), 2u32.into()]
            ]
        );
        let g = parse_components(&words("25 7 3 2"), Shape::Groups { arity: Some(2) }).unwrap();
        assert_eq!(g.len(), 2);
        let g = parse_components(&words("1 2 3+4"), Shape::Groups { arity: None }).unwrap();
        assert_eq!(g.len(), 2);
    }

    #[test]
    fn written_positions_parse_back() {
        for (text, shape) in [
            ("3 4 5", Shape::Heaps),
            ("25 7 + 3 2", Shape::Groups { arity: Some(2) }),
            ("1 2 3 + 4", Shape::Groups { arity: None }),
        ] {
            let c = parse_components(&words(text), shape).unwrap();
            assert_eq!(write_position(&c, shape), text);
        }
    }

    #[test]
    fn malformed_positions_are_named() {
        for bad in ["3 x 5", "-1", "1.5", "", "3 + + 4", "+"] {
            let err = parse_components(&words(bad), Shape::Heaps).unwrap_err();
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        let err = parse_components(&words("3 x"), Shape::Heaps)
            .unwrap_err()
            .to_string();
        assert!(err.contains("`x`"), "{err}");
        assert!(parse_components(&words("1 2 3"), Shape::Groups { arity: Some(2) }).is_err());
    }
}
