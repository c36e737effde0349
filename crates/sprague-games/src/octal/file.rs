//! The saved-sequence format (`sprague table … --output FILE`, `--resume FILE`), described
//! for users in `docs/saved-sequences.md`.
//!
//! Version 2 (written): one ASCII header line, then the values in checksummed blocks.
//!
//! ```text
//! sprague-grundy 2 <spec> <count> <width> <block> <check>\n
//! block 0: min(block, count) values × width bytes, then its 8-byte checksum
//! block 1: …
//! ```
//!
//! Values are little-endian, `width` 1, 2 or 4 bytes. A block's checksum is FNV-1a 64
//! (little-endian) over `spec`, a zero byte, `width` (one byte), `block` and the block's
//! index (8 bytes little-endian each), then the block's value bytes: so a changed value, a
//! block moved elsewhere and a spec edited in the header are all caught, block by block.
//! `check` (16 hexadecimal digits) is FNV-1a 64 over the header before it (from `sprague`
//! to `<block>`, no trailing space) followed by every block's checksum bytes: it covers the
//! count and, through the blocks' checksums, every value.
//!
//! A file cut short (a partial copy, a full disk) keeps its complete blocks: [`decode`]
//! (or [`Decoder`], fed the file piece by piece, so that it is never held whole) returns them as the good prefix ([`Saved::is_truncated`]). A block whose checksum does
//! not match is damage, not truncation, and is refused.
//!
//! Version 1 (read only): `sprague-grundy 1 <spec> <count> <width>\n` and the values, no
//! checksum.
//!
//! The library only encodes and decodes bytes; the command line reads and writes the file
//! (to a temporary file, renamed into place).

use super::values::Values;
use crate::error::{Error, Result};

mod decode;
pub use decode::{decode, Decoder};

const MAGIC: &str = "sprague-grundy";

/// The version [`Encoder`] writes.
pub const VERSION: u32 = 2;

/// Values per block unless asked otherwise: 64 KiB of one-byte values.
pub const DEFAULT_BLOCK: usize = 1 << 16;

/// The largest block a file may declare (so that a block's byte count cannot overflow).
pub const MAX_BLOCK: usize = 1 << 28;

/// FNV-1a 64 of `bytes`, continuing from `state` (start from [`FNV_OFFSET`]).
pub fn fnv1a64(mut state: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        state ^= u64::from(b);
        state = state.wrapping_mul(FNV_PRIME);
    }
    state
}

/// The FNV-1a 64 offset basis: the state before any byte.
pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// The checksum state after a file's spec, width and block size: every block's checksum
/// starts from it, so a block belongs to one game and one layout.
fn block_seed(spec: &str, width: usize, block: usize) -> u64 {
    let mut s = fnv1a64(FNV_OFFSET, spec.as_bytes());
    s = fnv1a64(s, &[0, width as u8]);
    fnv1a64(s, &(block as u64).to_le_bytes())
}

fn block_sum(seed: u64, index: usize, bytes: &[u8]) -> u64 {
    fnv1a64(fnv1a64(seed, &(index as u64).to_le_bytes()), bytes)
}

/// The header's checksum: the header text before it, then every block's checksum.
fn header_check(head: &str, sums: &[u64]) -> u64 {
    sums.iter()
        .fold(fnv1a64(FNV_OFFSET, head.as_bytes()), |s, x| {
            fnv1a64(s, &x.to_le_bytes())
        })
}

/// Whether `spec` can stand in a header: one word of visible ASCII.
fn check_spec(spec: &str) -> Result<()> {
    if spec.is_empty() || !spec.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(Error::parse(format!(
            "cannot save a sequence of `{spec}`: a game spec in a file must be one word of visible ASCII"
        )));
    }
    Ok(())
}

/// Writes a sequence in the current format, block by block, so that a long sequence is
/// never copied whole; it keeps the checksums of the blocks it has summed, so that saving
/// a growing sequence again (a checkpoint) sums only the new blocks.
#[derive(Debug, Clone)]
pub struct Encoder {
    spec: String,
    block: usize,
    width: usize,
    seed: u64,
    /// The checksums of blocks `0..sums.len()` of the values seen last; the last may be
    /// of a partial block.
    sums: Vec<u64>,
    /// How many values `sums` covers.
    summed: usize,
}

impl Encoder {
    /// An encoder for sequences of `spec` in blocks of [`DEFAULT_BLOCK`] values.
    pub fn new(spec: &str) -> Result<Encoder> {
        Encoder::with_block(spec, DEFAULT_BLOCK)
    }

    /// An encoder with `block` values a block (1 to [`MAX_BLOCK`]).
    pub fn with_block(spec: &str, block: usize) -> Result<Encoder> {
        check_spec(spec)?;
        if !(1..=MAX_BLOCK).contains(&block) {
            return Err(Error::parse(format!(
                "a block holds 1 to {MAX_BLOCK} values, not {block}"
            )));
        }
        Ok(Encoder {
            spec: spec.to_string(),
            block,
            width: 0,
            seed: 0,
            sums: Vec::new(),
            summed: 0,
        })
    }

    /// How many blocks `values` take.
    pub fn blocks(&self, values: &Values) -> usize {
        values.len().div_ceil(self.block)
    }

    /// Sums the blocks of `values` not summed yet and returns the header line (with its
    /// newline). Between calls, the values may only grow or widen (as a computation's do):
    /// the blocks summed before are kept while the width stays.
    pub fn header(&mut self, values: &Values) -> String {
        let width = values.width();
        if width != self.width || values.len() < self.summed {
            self.width = width;
            self.seed = block_seed(&self.spec, width, self.block);
            self.sums.clear();
            self.summed = 0;
        }
        // The last block summed may have been partial: sum it again.
        let complete = self.summed / self.block;
        self.sums.truncate(complete);
        let mut buf = Vec::new();
        for k in complete..self.blocks(values) {
            buf.clear();
            let (start, end) = self.range(values, k);
            encode_range(values, start, end, &mut buf);
            self.sums.push(block_sum(self.seed, k, &buf));
        }
        self.summed = values.len();
        let head = format!(
            "{MAGIC} {VERSION} {} {} {width} {}",
            self.spec,
            values.len(),
            self.block
        );
        let check = header_check(&head, &self.sums);
        format!("{head} {check:016x}\n")
    }

    /// Appends block `k` of `values` and its checksum, after [`Encoder::header`] was called
    /// with the same values.
    pub fn push_block(&self, values: &Values, k: usize, out: &mut Vec<u8>) {
        debug_assert_eq!(self.summed, values.len(), "header() first");
        let (start, end) = self.range(values, k);
        encode_range(values, start, end, out);
        out.extend_from_slice(&self.sums[k].to_le_bytes());
    }

    fn range(&self, values: &Values, k: usize) -> (usize, usize) {
        let start = k * self.block;
        (start, values.len().min(start + self.block))
    }
}

/// Encodes a whole sequence of `spec` in the current format.
pub fn encode(spec: &str, values: &Values) -> Result<Vec<u8>> {
    let mut enc = Encoder::new(spec)?;
    let mut out = enc.header(values).into_bytes();
    for k in 0..enc.blocks(values) {
        enc.push_block(values, k, &mut out);
    }
    Ok(out)
}

/// Appends the bytes of `g(start..end)` (little-endian, the sequence's width) to `out`.
pub fn encode_range(values: &Values, start: usize, end: usize, out: &mut Vec<u8>) {
    match values {
        Values::U8(v) => out.extend_from_slice(&v[start..end]),
        Values::U9(_) => {
            (start..end).for_each(|i| out.extend_from_slice(&(values.get(i) as u16).to_le_bytes()))
        }
        Values::U16(v) => v[start..end]
            .iter()
            .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
        Values::U32(v) => v[start..end]
            .iter()
            .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
    }
}

/// A sequence read back by [`decode`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    /// The game's spec, as the header names it.
    pub spec: String,
    /// The values read: all `count` of them, or the good prefix of a truncated file.
    pub values: Values,
    /// How many values the header declares.
    pub count: usize,
    /// The format version of the file.
    pub version: u32,
    /// Whether the values were checked against checksums (version 2 and later).
    pub checked: bool,
}

impl Saved {
    /// The sequence, refused when it is of another game than `spec`.
    pub fn of_game(self, spec: &str) -> Result<Saved> {
        if self.spec != spec {
            return Err(Error::parse(format!(
                "it holds a sequence of `{}`, not of `{spec}`",
                self.spec
            )));
        }
        Ok(self)
    }

    /// Whether the file was cut short: fewer values than its header declares were read
    /// (the complete blocks before the cut).
    pub fn is_truncated(&self) -> bool {
        self.values.len() < self.count
    }
}

/// Decodes a saved sequence and refuses one of another game than `spec`.
pub fn decode_for(bytes: &[u8], spec: &str) -> Result<Saved> {
    decode(bytes)?.of_game(spec)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(n: u32, scale: u32) -> Values {
        Values::from_u32(&(0..n).map(|i| (i * 7 % 13) * scale).collect::<Vec<_>>())
    }

    fn small(spec: &str, values: &Values, block: usize) -> Vec<u8> {
        let mut enc = Encoder::with_block(spec, block).unwrap();
        let mut out = enc.header(values).into_bytes();
        for k in 0..enc.blocks(values) {
            enc.push_block(values, k, &mut out);
        }
        out
    }

    #[test]
    fn fnv_matches_the_published_vectors() {
        assert_eq!(fnv1a64(FNV_OFFSET, b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(FNV_OFFSET, b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(FNV_OFFSET, b"foobar"), 0x85944171f73967e8);
    }

    #[test]
    fn round_trip_in_every_width() {
        for values in [
            seq(1000, 1),
            seq(1000, 40),
            seq(1000, 300),
            seq(1000, 70_000),
            seq(1, 0),
        ] {
            for block in [1, 7, 1000, DEFAULT_BLOCK] {
                let bytes = small("octal:0.16", &values, block);
                let saved = decode(&bytes).unwrap();
                assert_eq!(saved.spec, "octal:0.16");
                assert_eq!(saved.values, values);
                assert_eq!(
                    (saved.count, saved.version, saved.checked),
                    (1000.min(values.len()), 2, true)
                );
                assert!(!saved.is_truncated());
            }
        }
        let bytes = encode("kayles", &seq(10, 1)).unwrap();
        assert!(bytes.starts_with(b"sprague-grundy 2 kayles 10 1 65536 "));
        assert!(encode("two words", &seq(10, 1)).is_err());
    }

    #[test]
    fn a_growing_sequence_is_saved_as_a_fresh_encoder_would() {
        // The first part (g(0) = 0 alone) is one byte wide, the others two: the sums
        // start again when the width changes.
        let all = seq(100, 300);
        let mut enc = Encoder::with_block("kayles", 16).unwrap();
        for n in [1, 5, 16, 17, 40, 64, 100] {
            let part = Values::from_u32(&all.to_u32()[..n]);
            let mut out = enc.header(&part).into_bytes();
            for k in 0..enc.blocks(&part) {
                enc.push_block(&part, k, &mut out);
            }
            assert_eq!(out, small("kayles", &part, 16), "{n} values");
        }
        // Widening starts the sums again.
        let wide = seq(100, 70_000);
        let mut out = enc.header(&wide).into_bytes();
        for k in 0..enc.blocks(&wide) {
            enc.push_block(&wide, k, &mut out);
        }
        assert_eq!(decode(&out).unwrap().values, wide);
    }

    #[test]
    fn a_changed_byte_anywhere_is_detected() {
        let values = seq(200, 300);
        let bytes = small("kayles", &values, 32);
        let nl = bytes.iter().position(|&b| b == b'\n').unwrap();
        for i in 0..bytes.len() {
            if i == nl {
                continue;
            }
            let mut bad = bytes.clone();
            bad[i] ^= 0x01;
            match decode(&bad) {
                Err(_) => {}
                // A header edit that still parses (a count one less, a longer block) can
                // only read as a truncated file, never as other values.
                Ok(s) => assert!(
                    s.is_truncated() && s.values.to_u32()[..] == values.to_u32()[..s.values.len()],
                    "byte {i} changed and accepted"
                ),
            }
        }
        let mut bad = bytes.clone();
        bad[nl + 1 + 40] ^= 0x10;
        let e = decode(&bad).unwrap_err().to_string();
        assert!(e.contains("damaged") && e.contains("block 0"), "{e}");
    }

    #[test]
    fn a_foreign_game_is_refused() {
        let bytes = encode("kayles", &seq(50, 1)).unwrap();
        assert_eq!(decode_for(&bytes, "kayles").unwrap().values.len(), 50);
        let e = decode_for(&bytes, "octal:0.77").unwrap_err().to_string();
        assert!(e.contains("`kayles`") && e.contains("`octal:0.77`"), "{e}");
        // The spec is in every block's checksum: editing it in the header is damage.
        let text = String::from_utf8_lossy(&bytes).replacen("kayles", "kaylez", 1);
        let e = decode(&text.into_bytes()[..]).unwrap_err().to_string();
        assert!(e.contains("damaged"), "{e}");
    }

    #[test]
    fn a_truncated_file_gives_its_complete_blocks() {
        let values = seq(100, 300);
        let bytes = small("kayles", &values, 16);
        let nl = bytes.iter().position(|&b| b == b'\n').unwrap();
        let per_block = 16 * 2 + 8;
        for cut in nl + 1..bytes.len() {
            let saved = decode(&bytes[..cut]).unwrap();
            let blocks = (cut - nl - 1) / per_block;
            assert_eq!(saved.values.len(), blocks * 16, "cut at {cut}");
            assert_eq!(saved.values.to_u32()[..], values.to_u32()[..blocks * 16]);
            assert!(saved.is_truncated());
            assert_eq!(saved.count, 100);
        }
        // The header itself cut short is malformed.
        assert!(decode(&bytes[..nl]).is_err());
        assert!(decode(&bytes[..5]).is_err());
        // Extra bytes after the last block are not a sequence.
        let mut long = bytes.clone();
        long.push(0);
        assert!(decode(&long)
            .unwrap_err()
            .to_string()
            .contains("1 bytes after"));
    }

    #[test]
    fn version_1_is_still_read_and_malformed_headers_are_named() {
        let mut v1 = b"sprague-grundy 1 kayles 3 1\n".to_vec();
        v1.extend_from_slice(&[0, 1, 2]);
        let saved = decode(&v1).unwrap();
        assert_eq!(
            (saved.values.to_u32(), saved.version, saved.checked),
            (vec![0, 1, 2], 1, false)
        );
        assert!(decode(&v1[..v1.len() - 1]).is_err());
        for (bytes, why) in [
            (&b"garbage"[..], "no header line"),
            (b"sprague-grundy 3 kayles\n", "version `3`"),
            (b"other 2 kayles 1 1 1 0000000000000000\n", "does not start"),
            (
                b"sprague-grundy 2 kayles 1 3 1 0000000000000000\n",
                "width 3",
            ),
            (
                b"sprague-grundy 2 kayles x 1 1 0000000000000000\n",
                "count `x`",
            ),
            (
                b"sprague-grundy 2 kayles 1 1 0 0000000000000000\n",
                "block size 0",
            ),
            (b"sprague-grundy 2 kayles 1 1 1 00\n", "checksum `00`"),
            (
                b"sprague-grundy 2 kayles 99999999999999999999999 1 1 0000000000000000\n",
                "too large",
            ),
        ] {
            let e = decode(bytes).unwrap_err().to_string();
            assert!(e.contains(why), "{e} (wanted {why})");
        }
    }
}
