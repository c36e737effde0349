//! Comparing a contestant's output with the reference answer the way judges usually do:
//! token by token, whitespace of any kind and amount being only a separator.

/// Where two outputs first differ: the line of the expected output holding the first
/// differing token, and the received line holding the token in the same place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The line (from 1) of the expected output where the difference is; for extra output,
    /// one past the expected output's last line.
    pub line: usize,
    /// That line of the expected output, trimmed; `(end of output)` when the contestant
    /// printed more than expected.
    pub expected: String,
    /// The received line holding the differing token, trimmed; `(end of output)` when the
    /// contestant's output stopped early.
    pub received: String,
}

/// What stands for a missing line in a [`Mismatch`].
pub const END: &str = "(end of output)";

/// The tokens of `text` with the index of the line each is on.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .flat_map(|(i, line)| line.split_whitespace().map(move |t| (i, t)))
}

/// Compares token by token; `None` when the outputs agree.
pub fn compare_tokens(expected: &str, received: &str) -> Option<Mismatch> {
    let mut want = tokens(expected);
    let mut got = tokens(received);
    loop {
        match (want.next(), got.next()) {
            (None, None) => return None,
            (Some((wl, w)), Some((gl, g))) if w != g => {
                return Some(Mismatch {
                    line: wl + 1,
                    expected: line(expected, wl),
                    received: line(received, gl),
                })
            }
            (Some((wl, _)), None) => {
                return Some(Mismatch {
                    line: wl + 1,
                    expected: line(expected, wl),
                    received: END.into(),
                })
            }
            (None, Some((gl, _))) => {
                return Some(Mismatch {
                    line: expected.lines().count() + 1,
                    expected: END.into(),
                    received: line(received, gl),
                })
            }
            _ => {}
        }
    }
}

/// Line `i` of `text`, trimmed and cut to a readable length (a runaway output may print one
/// huge line).
fn line(text: &str, i: usize) -> String {
    cut(text.lines().nth(i).unwrap_or("").trim())
}

/// A line cut to a readable length (200 bytes), saying how long it was.
pub(super) fn cut(line: &str) -> String {
    const MAX: usize = 200;
    if line.len() <= MAX {
        return line.to_string();
    }
    let mut end = MAX;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &line[..end], line.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_only_a_separator() {
        assert_eq!(
            compare_tokens("Stan wins\nOllie wins\n", "Stan  wins\r\n\nOllie wins"),
            None
        );
        assert_eq!(compare_tokens("", "  \n"), None);
    }

    #[test]
    fn the_first_differing_line_is_named() {
        let m = compare_tokens("0\n1\n0\n", "0\n1\n1\n").unwrap();
        assert_eq!(
            (m.line, m.expected.as_str(), m.received.as_str()),
            (3, "0", "1")
        );
        let m = compare_tokens("Stan wins\nOllie wins\n", "Stan wins Stan wins\n").unwrap();
        assert_eq!((m.line, m.expected.as_str()), (2, "Ollie wins"));
        assert_eq!(m.received, "Stan wins Stan wins");
        let m = compare_tokens("1\n2\n", "1\n").unwrap();
        assert_eq!((m.line, m.received.as_str()), (2, END));
        let m = compare_tokens("1\n", "1\n2\n").unwrap();
        assert_eq!(
            (m.line, m.expected.as_str(), m.received.as_str()),
            (2, END, "2")
        );
    }

    #[test]
    fn long_lines_are_cut() {
        let long = "x".repeat(5000);
        let m = compare_tokens("1\n", &long).unwrap();
        assert!(m.received.len() < 300 && m.received.contains("5000 bytes"));
    }
}
