//! The saved-sequence format (`sprague table … --output FILE`, `--resume FILE`).
//!
//! One ASCII header line, then the values in binary:
//!
//! ```text
//! sprague-grundy 1 <game spec> <count> <width>\n
//! <count × width bytes: g(0), g(1), … little-endian, width 1, 2 or 4>
//! ```
//!
//! so a sequence of values below 256 takes one byte a value. The library only encodes and
//! decodes bytes; the command line reads and writes the file.

use super::seq::Values;
use crate::error::{Error, Result};

const MAGIC: &str = "sprague-grundy 1";

/// Encodes a sequence of `spec`.
pub fn encode(spec: &str, values: &Values) -> Vec<u8> {
    let mut out = header(spec, values).into_bytes();
    encode_range(values, 0, values.len(), &mut out);
    out
}

/// The header line of a saved sequence (with its newline). A writer puts the values'
/// bytes after it, range by range with [`encode_range`], so that a long sequence is never
/// copied whole.
pub fn header(spec: &str, values: &Values) -> String {
    format!("{MAGIC} {spec} {} {}\n", values.len(), values.width())
}

/// Appends the bytes of `g(start..end)` (little-endian, the sequence's width) to `out`.
pub fn encode_range(values: &Values, start: usize, end: usize, out: &mut Vec<u8>) {
    match values {
        Values::U8(v) => out.extend_from_slice(&v[start..end]),
        Values::U16(v) => v[start..end]
            .iter()
            .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
        Values::U32(v) => v[start..end]
            .iter()
            .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
    }
}

/// Decodes a saved sequence: the game spec and the values.
pub fn decode(bytes: &[u8]) -> Result<(String, Values)> {
    let bad = |why: &str| Error::parse(format!("not a saved Grundy sequence: {why}"));
    let nl = bytes
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| bad("no header line"))?;
    let header = std::str::from_utf8(&bytes[..nl]).map_err(|_| bad("header is not text"))?;
    let rest = header
        .strip_prefix(MAGIC)
        .ok_or_else(|| bad("header does not start with `sprague-grundy 1`"))?;
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [spec, count, width] = words[..] else {
        return Err(bad("header must be `sprague-grundy 1 SPEC COUNT WIDTH`"));
    };
    let count: usize = count.parse().map_err(|_| bad("bad count"))?;
    let width: usize = width.parse().map_err(|_| bad("bad width"))?;
    let body = &bytes[nl + 1..];
    if !matches!(width, 1 | 2 | 4) || body.len() != count.saturating_mul(width) {
        return Err(bad(&format!(
            "expected {count} values of {width} bytes, found {} bytes",
            body.len()
        )));
    }
    let values = match width {
        1 => Values::U8(body.to_vec()),
        2 => Values::U16(
            body.chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect(),
        ),
        _ => Values::U32(
            body.chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
    };
    Ok((spec.to_string(), values))
}
