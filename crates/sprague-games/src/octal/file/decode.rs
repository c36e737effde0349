//! Reading a saved sequence back: [`Decoder`] takes the file's bytes piece by piece, checks
//! each block as it is complete and keeps only the values and the bytes of a block not yet
//! complete, so that reading a file never holds it whole; [`decode`] reads one held in
//! memory.

use super::{block_seed, block_sum, check_spec, header_check, Saved, MAGIC, MAX_BLOCK};
use crate::error::{Error, Result};
use crate::octal::values::{Nine, Values, NINE_BITS};

/// Decodes a saved sequence (version 1 or 2). A truncated version-2 file gives its good
/// prefix; a checksum that does not match, an unknown version or a malformed header is an
/// error saying what is wrong.
pub fn decode(bytes: &[u8]) -> Result<Saved> {
    let mut decoder = Decoder::expecting(bytes.len());
    decoder.feed(bytes)?;
    decoder.finish()
}

/// A saved sequence read piece by piece: [`Decoder::feed`] the file's bytes in order, in
/// pieces of any size, then [`Decoder::finish`]. The same answers as [`decode`] of the
/// whole file; a damaged block or a malformed header is refused as soon as it is read.
#[derive(Debug, Default)]
pub struct Decoder {
    /// Bytes fed and not yet used (a header line or a block not yet complete).
    pending: Vec<u8>,
    state: State,
    /// The file's length, when known: room for the values it can hold is made at once.
    expected: usize,
}

#[derive(Debug, Default)]
enum State {
    /// Before the end of the header line.
    #[default]
    Header,
    /// Version 1: the values, no blocks.
    V1 {
        spec: String,
        count: usize,
        width: usize,
        values: Values,
        /// Body bytes fed (a version-1 file's length is checked at the end).
        body: u128,
    },
    /// Version 2: blocks, each checked as it is complete.
    V2(Blocks),
}

#[derive(Debug)]
struct Blocks {
    /// The header before its checksum (what the checksum covers).
    head: String,
    spec: String,
    count: usize,
    width: usize,
    block: usize,
    check: u64,
    seed: u64,
    values: Values,
    sums: Vec<u64>,
    /// Values read so far.
    read: usize,
    /// Bytes after the last declared value.
    extra: usize,
}

impl Decoder {
    /// A decoder at the start of a file.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// A decoder at the start of a file of `len` bytes (its length on disk, not what its
    /// header says): the values get room for what `len` bytes can hold at once, rather
    /// than by doubling as they are read.
    pub fn expecting(len: usize) -> Decoder {
        Decoder {
            expected: len,
            ..Decoder::default()
        }
    }

    /// The next bytes of the file.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<()> {
        if self.pending.is_empty() {
            // (Straight from the caller's bytes: nothing copied but a piece left over.)
            let used = self.consume(bytes)?;
            self.pending.extend_from_slice(&bytes[used..]);
        } else {
            let mut pending = std::mem::take(&mut self.pending);
            pending.extend_from_slice(bytes);
            let used = self.consume(&pending)?;
            pending.drain(..used);
            self.pending = pending;
        }
        Ok(())
    }

    /// The end of the file: the sequence read.
    pub fn finish(self) -> Result<Saved> {
        match self.state {
            State::Header => Err(malformed("no header line")),
            State::V1 {
                spec,
                count,
                width,
                values,
                body,
            } => {
                let body = body + self.pending.len() as u128;
                if body != count as u128 * width as u128 {
                    return Err(malformed(format!(
                        "expected {count} values of {width} bytes, found {body} bytes (version-1 files have no blocks to recover: compute the sequence again)"
                    )));
                }
                Ok(Saved {
                    spec,
                    values,
                    count,
                    version: 1,
                    checked: false,
                })
            }
            State::V2(b) => {
                if b.read == b.count {
                    if b.extra > 0 {
                        return Err(malformed(format!(
                            "{} bytes after the last of the {} values the header declares",
                            b.extra, b.count
                        )));
                    }
                    if header_check(&b.head, &b.sums) != b.check {
                        return Err(damaged("the header does not match its checksum"));
                    }
                }
                // (Fewer values than declared: cut short, the blocks read are the good
                // prefix.)
                Ok(Saved {
                    spec: b.spec,
                    values: b.values,
                    count: b.count,
                    version: 2,
                    checked: true,
                })
            }
        }
    }

    /// Uses what it can of `bytes` (the pending bytes and the new ones): returns how many.
    fn consume(&mut self, bytes: &[u8]) -> Result<usize> {
        let mut at = 0;
        if let State::Header = self.state {
            let Some(nl) = bytes.iter().position(|&b| b == b'\n') else {
                return Ok(0);
            };
            self.state = header(&bytes[..nl], self.expected.saturating_sub(nl + 1))?;
            at = nl + 1;
        }
        match &mut self.state {
            State::Header => unreachable!("read above"),
            State::V1 {
                width,
                values,
                body,
                ..
            } => {
                let whole = (bytes.len() - at) / *width * *width;
                values_from(&bytes[at..at + whole], *width, values);
                *body += whole as u128;
                Ok(at + whole)
            }
            State::V2(b) => {
                while b.read < b.count {
                    let n = b.block.min(b.count - b.read);
                    let len = n * b.width;
                    if bytes.len() - at < len + 8 {
                        return Ok(at);
                    }
                    let values = &bytes[at..at + len];
                    let stored =
                        u64::from_le_bytes(bytes[at + len..at + len + 8].try_into().expect("8"));
                    let k = b.sums.len();
                    if block_sum(b.seed, k, values) != stored {
                        return Err(damaged(format!(
                            "block {k} (g({}) to g({})) does not match its checksum",
                            b.read,
                            b.read + n - 1
                        )));
                    }
                    values_from(values, b.width, &mut b.values);
                    b.sums.push(stored);
                    at += len + 8;
                    b.read += n;
                }
                b.extra += bytes.len() - at;
                Ok(bytes.len())
            }
        }
    }
}

/// The state after the header line `line` (without its newline), with room for the values
/// of a body of `body` bytes.
fn header(line: &[u8], body: usize) -> Result<State> {
    let header = std::str::from_utf8(line).map_err(|_| malformed("header is not text"))?;
    let mut words = header.split(' ');
    if words.next() != Some(MAGIC) {
        return Err(malformed(format!("header does not start with `{MAGIC}`")));
    }
    let version = words.next().unwrap_or("");
    let fields: Vec<&str> = words.collect();
    match version {
        "1" => header_v1(&fields, body),
        "2" => header_v2(header, &fields, body),
        v => Err(malformed(format!(
            "format version `{v}` is not one this sprague reads (1 and 2); compute the sequence again with `sprague table … --output FILE`"
        ))),
    }
}

fn header_v1(fields: &[&str], body: usize) -> Result<State> {
    let [spec, count, width] = fields[..] else {
        return Err(malformed(
            "a version-1 header is `sprague-grundy 1 SPEC COUNT WIDTH`",
        ));
    };
    let count = number(count, "count")?;
    let width = width_of(width)?;
    Ok(State::V1 {
        spec: spec.to_string(),
        count,
        width,
        values: empty(width, body / width),
        body: 0,
    })
}

fn header_v2(header: &str, fields: &[&str], body: usize) -> Result<State> {
    let [spec, count, width, block, check] = fields[..] else {
        return Err(malformed(
            "a version-2 header is `sprague-grundy 2 SPEC COUNT WIDTH BLOCK CHECK`",
        ));
    };
    check_spec(spec).map_err(|_| malformed(format!("game spec `{spec}`")))?;
    let count = number(count, "count")?;
    let width = width_of(width)?;
    let block = number(block, "block size")?;
    if !(1..=MAX_BLOCK).contains(&block) {
        return Err(malformed(format!(
            "block size {block} is not between 1 and {MAX_BLOCK}"
        )));
    }
    let check = match check.len() {
        16 => u64::from_str_radix(check, 16).ok(),
        _ => None,
    }
    .ok_or_else(|| malformed(format!("checksum `{check}` is not 16 hexadecimal digits")))?;
    Ok(State::V2(Blocks {
        head: header
            .rsplit_once(' ')
            .map_or(header, |(h, _)| h)
            .to_string(),
        spec: spec.to_string(),
        count,
        width,
        block,
        check,
        seed: block_seed(spec, width, block),
        // (Room by the bytes there are, never by the count the header claims.)
        values: empty(width, body / width),
        sums: Vec::new(),
        read: 0,
        extra: 0,
    }))
}

fn malformed(why: impl std::fmt::Display) -> Error {
    Error::parse(format!("not a saved Grundy sequence: {why}"))
}

fn damaged(why: impl std::fmt::Display) -> Error {
    Error::parse(format!(
        "the saved sequence is damaged: {why}; compute it again with `sprague table … --output FILE`"
    ))
}

fn number(word: &str, what: &str) -> Result<usize> {
    // Digits only: `+5` and the like are not how the writer spells a number.
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return Err(malformed(format!("{what} `{word}` is not a number")));
    }
    word.parse()
        .map_err(|_| malformed(format!("{what} `{word}` is too large")))
}

fn width_of(word: &str) -> Result<usize> {
    match number(word, "width")? {
        w @ (1 | 2 | 4) => Ok(w),
        w => Err(malformed(format!("width {w} is not 1, 2 or 4"))),
    }
}

/// Values from little-endian bytes of `width` (a whole number of values). Two-byte values
/// are stored in nine bits while they stay below 512 (as a computation stores them), and
/// widened to 16 at the first that does not.
fn values_from(bytes: &[u8], width: usize, out: &mut Values) {
    match out {
        Values::U8(v) => v.extend_from_slice(bytes),
        Values::U9(v) => {
            let words = || {
                bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
            };
            let fits = words().take_while(|&x| u32::from(x) < NINE_BITS).count();
            words().take(fits).for_each(|x| v.push(x));
            if fits < bytes.len() / 2 {
                out.widen();
                values_from(&bytes[2 * fits..], width, out);
            }
        }
        Values::U16(v) => v.extend(
            bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]])),
        ),
        Values::U32(v) => v.extend(
            bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        ),
    }
    debug_assert_eq!(bytes.len() % width, 0);
}

/// No values yet, stored as a file of `width` bytes a value reads them, with room for
/// `room` of them.
fn empty(width: usize, room: usize) -> Values {
    match width {
        1 => Values::U8(Vec::with_capacity(room)),
        2 => {
            let mut nine = Nine::default();
            nine.reserve(room);
            Values::U9(nine)
        }
        _ => Values::U32(Vec::with_capacity(room)),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Encoder;
    use super::*;

    /// The answer as text, to compare answers that are errors as well.
    fn answer(r: Result<Saved>) -> String {
        match r {
            Ok(s) => format!(
                "{:?} {} {} {:?}",
                s.spec,
                s.count,
                s.version,
                s.values.to_u32()
            ),
            Err(e) => format!("error: {e}"),
        }
    }

    fn in_pieces(bytes: &[u8], piece: usize) -> Result<Saved> {
        let mut d = if piece.is_multiple_of(2) {
            Decoder::new()
        } else {
            Decoder::expecting(bytes.len())
        };
        for chunk in bytes.chunks(piece) {
            d.feed(chunk)?;
        }
        d.finish()
    }

    #[test]
    fn fed_in_pieces_it_answers_as_the_whole_file() {
        // Files in every width (nine bits, and nine bits widened in a later block),
        // cut short anywhere, with a byte changed, with bytes after the end, version 1,
        // and no header at all: the same answer whatever the pieces.
        let mut files: Vec<Vec<u8>> = Vec::new();
        let mut widened = 0;
        for scale in [1u32, 40, 300, 70_000] {
            let mut v: Vec<u32> = (0..300u32).map(|i| (i * 7 % 13) * scale).collect();
            if scale == 40 {
                v.extend([600, 3]);
            }
            let values = Values::from_u32(&v);
            let mut enc = Encoder::with_block("kayles", 16).unwrap();
            let mut out = enc.header(&values).into_bytes();
            for k in 0..enc.blocks(&values) {
                enc.push_block(&values, k, &mut out);
            }
            for cut in [0, 5, 60, out.len() / 2, out.len() - 1] {
                files.push(out[..cut].to_vec());
            }
            let mut bad = out.clone();
            let last = bad.len() - 20;
            bad[last] ^= 4;
            files.push(bad);
            let mut more = out.clone();
            more.extend_from_slice(b"xy");
            files.push(more);
            if scale == 40 {
                widened = files.len();
            }
            files.push(out);
        }
        let mut v1 = b"sprague-grundy 1 kayles 4 2\n".to_vec();
        v1.extend_from_slice(&[0, 0, 1, 0, 0, 2, 3, 1]);
        files.push(v1.clone());
        v1.pop();
        files.push(v1);
        files.push(b"no header line".to_vec());
        for bytes in &files {
            let whole = answer(decode(bytes));
            for piece in [1, 2, 3, 7, 64, 1000] {
                assert_eq!(answer(in_pieces(bytes, piece)), whole, "pieces of {piece}");
            }
        }
        // The widened file reads back in 16 bits, the others in their narrowest width.
        let widened = decode(&files[widened]).unwrap().values;
        assert!(matches!(widened, Values::U16(_)));
        assert_eq!(widened.get(300), 600);
    }
}
