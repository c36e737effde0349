//! A position drawn as text for a terminal (`sprague play`), chosen by the catalogue entry's
//! [`Editor`] as the web page chooses its picture: heaps as rows of stones, grids and strips
//! square by square (columns lettered from `a`, rows numbered from 1 at the top, as move
//! labels name them), a chessboard for queens with the corner marked, graphs as lists of
//! edges and marks. Colour is ANSI escapes, asked for by the caller (who knows whether it
//! writes to a terminal); without it the drawing is plain text.

use sprague_games::interface::{column_name, Editor, Glyph, Square};

/// The most stones a heap is drawn with; a taller heap is drawn with this many and its count.
const MAX_STONES: u64 = 40;

/// The largest coordinate a chessboard is drawn up to.
const MAX_BOARD: u64 = 30;

/// The most squares a grid or strip is drawn with.
const MAX_SQUARES: usize = 4096;

/// The most words of a graph drawn as a list.
const MAX_EDGES: usize = 200;

const RESET: &str = "\x1b[0m";
const BLUE: &str = "\x1b[1;34m";
const RED: &str = "\x1b[1;31m";
const YELLOW: &str = "\x1b[33m";
const MAGENTA: &str = "\x1b[1;35m";
const GREEN: &str = "\x1b[32m";
const DIM: &str = "\x1b[2m";

/// How the drawing is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Style {
    /// ANSI colours (for a terminal).
    pub colour: bool,
}

impl Style {
    fn paint(&self, colour: &str, text: &str) -> String {
        if self.colour {
            format!("{colour}{text}{RESET}")
        } else {
            text.to_string()
        }
    }
}

/// The position drawn for `editor`, lines ending in `\n`; `None` when the editor draws no
/// picture (`Text`) or the position is not one it can draw (too large, or written in a way
/// the picture does not read): the position as written is then the whole picture.
pub fn board_text(editor: &Editor, position: &str, style: Style) -> Option<String> {
    let words: Vec<&str> = position.split_whitespace().collect();
    match editor {
        Editor::Text => None,
        Editor::Heaps => heaps(&words, style),
        Editor::Chessboard { several } => chessboard(&words, *several, style),
        Editor::Grid { squares, .. } => {
            let [word] = words.as_slice() else {
                return None;
            };
            let rows: Vec<&str> = word.split('|').collect();
            grid(&rows, squares, true, style)
        }
        Editor::Strip {
            squares, numbered, ..
        } => strip(&words, squares, *numbered, style),
        Editor::Network { .. } => network(&words, style),
    }
}

fn heaps(words: &[&str], style: Style) -> Option<String> {
    let heaps: Vec<&str> = words.iter().copied().filter(|w| *w != "+").collect();
    if heaps.is_empty() || !heaps.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit())) {
        return None;
    }
    let width = heaps.len().to_string().len();
    let mut out = String::new();
    for (i, h) in heaps.iter().enumerate() {
        // A heap too long to parse is drawn with the most stones and its count.
        let n: u64 = h.parse().unwrap_or(u64::MAX);
        let shown = n.min(MAX_STONES) as usize;
        let mut stones = "●".repeat(shown);
        if n > MAX_STONES {
            stones.push('…');
        }
        out.push_str(&format!(
            "heap {:>width$} │ {} {h}\n",
            i + 1,
            style.paint(YELLOW, &stones)
        ));
    }
    Some(out)
}

fn chessboard(words: &[&str], several: bool, style: Style) -> Option<String> {
    let number = |w: &str| w.parse::<u64>().ok().filter(|&n| n <= MAX_BOARD);
    let queens: Vec<(u64, u64)> = if several {
        words
            .iter()
            .map(|w| {
                let (x, y) = w.split_once(',')?;
                Some((number(x)?, number(y)?))
            })
            .collect::<Option<_>>()?
    } else {
        match words {
            [x, y] => vec![(number(x)?, number(y)?)],
            _ => return None,
        }
    };
    let far = queens.iter().map(|&(x, y)| x.max(y)).max().unwrap_or(0);
    let n = (far + 2).clamp(4, MAX_BOARD + 1);
    let width = (n - 1).to_string().len();
    let mut out = String::new();
    for y in (0..n).rev() {
        out.push_str(&format!("{y:>width$} "));
        for x in 0..n {
            let cell = if queens.contains(&(x, y)) {
                style.paint(MAGENTA, "Q")
            } else if (x, y) == (0, 0) {
                style.paint(GREEN, "*")
            } else {
                style.paint(DIM, "·")
            };
            out.push(' ');
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str(&" ".repeat(width + 1));
    for x in 0..n {
        out.push_str(&format!(" {}", x % 10));
    }
    out.push('\n');
    out.push_str("(Q: queen; she moves left, down or diagonally towards the corner *)\n");
    Some(out)
}

/// A square's symbol as drawn: blanks as a dot, the rest as written, coloured by glyph.
fn square(symbol: char, squares: &[Square], style: Style) -> Option<String> {
    let sq = squares.iter().find(|s| s.symbol == symbol)?;
    let text = symbol.to_string();
    Some(match sq.glyph {
        Glyph::Empty => style.paint(DIM, "·"),
        Glyph::Filled => style.paint(DIM, "#"),
        Glyph::LeftStone | Glyph::LeftPiece => style.paint(BLUE, &text),
        Glyph::RightStone | Glyph::RightPiece => style.paint(RED, &text),
        Glyph::Heads => style.paint(YELLOW, &text),
        Glyph::Tails | Glyph::Stone => text,
    })
}

fn grid(rows: &[&str], squares: &[Square], lettered: bool, style: Style) -> Option<String> {
    let cells: usize = rows.iter().map(|r| r.chars().count()).sum();
    if cells == 0 || cells > MAX_SQUARES {
        return None;
    }
    let wide = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let label = rows.len().to_string().len();
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        if lettered {
            out.push_str(&format!("{:>label$} ", i + 1));
        }
        for ch in row.chars() {
            out.push(' ');
            out.push_str(&square(ch, squares, style)?);
        }
        out.push('\n');
    }
    if lettered && wide <= 26 {
        out.push_str(&" ".repeat(label + 1));
        for j in 0..wide {
            out.push_str(&format!(" {}", column_name(j)));
        }
        out.push('\n');
    }
    Some(out)
}

fn strip(words: &[&str], squares: &[Square], numbered: bool, style: Style) -> Option<String> {
    let row: String = if numbered
        && !words.is_empty()
        && words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit()))
    {
        // The positions of the second kind of square (coins: the heads), from 1.
        let places: Vec<usize> = words
            .iter()
            .map(|w| w.parse().ok().filter(|&p| (1..=MAX_SQUARES).contains(&p)))
            .collect::<Option<_>>()?;
        let (blank, other) = (squares.first()?.symbol, squares.get(1)?.symbol);
        let len = places.iter().copied().max().unwrap_or(0);
        (1..=len)
            .map(|p| if places.contains(&p) { other } else { blank })
            .collect()
    } else {
        match words {
            [w] if !w.contains('|') => w.to_string(),
            _ => return None,
        }
    };
    let mut out = grid(&[row.as_str()], squares, false, style)?;
    let n = row.chars().count();
    if n <= 99 {
        // One character a square: the units digit under each, the tens above where needed.
        if n >= 10 {
            let tens: String = (1..=n)
                .map(|i| {
                    if i >= 10 {
                        format!(" {}", i / 10)
                    } else {
                        "  ".into()
                    }
                })
                .collect();
            out.push_str(&tens);
            out.push('\n');
        }
        let units: String = (1..=n).map(|i| format!(" {}", i % 10)).collect();
        out.push_str(&units);
        out.push('\n');
    }
    Some(out)
}

fn network(words: &[&str], style: Style) -> Option<String> {
    if words.is_empty() || words.len() > MAX_EDGES {
        return None;
    }
    let mut edges = Vec::new();
    let mut marks = Vec::new();
    for w in words {
        if *w == "+" {
            continue;
        }
        match w.split_once('=') {
            Some((key, vertices)) => marks.push(format!(
                "{key}: {}",
                style.paint(MAGENTA, &vertices.replace(',', ", "))
            )),
            None => {
                let (edge, colour) = match w.rsplit_once(':') {
                    Some((e, c)) => (e, Some(c)),
                    None => (*w, None),
                };
                let drawn = edge.replace('>', " → ").replace('-', " — ");
                let painted = match colour {
                    Some("B") | Some("b") => style.paint(BLUE, &format!("{drawn} (blue)")),
                    Some("R") | Some("r") => style.paint(RED, &format!("{drawn} (red)")),
                    Some("G") | Some("g") => style.paint(GREEN, &format!("{drawn} (green)")),
                    Some(other) => format!("{drawn} ({other})"),
                    None => drawn,
                };
                edges.push(painted);
            }
        }
    }
    let mut out = String::new();
    if !edges.is_empty() {
        out.push_str(&format!("edges ({}):\n", edges.len()));
        for e in &edges {
            out.push_str(&format!("  {e}\n"));
        }
    }
    for m in &marks {
        out.push_str(&format!("{m}\n"));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::find_entry;

    fn draw(game: &str, position: &str) -> String {
        let entry = find_entry(game).unwrap();
        board_text(&entry.editor, position, Style::default()).unwrap()
    }

    #[test]
    fn heaps_are_rows_of_stones() {
        let d = draw("nim", "3 0 100");
        assert_eq!(d.lines().count(), 3, "{d}");
        assert!(d.contains("heap 1 │ ●●● 3"), "{d}");
        assert!(d.contains("heap 2 │  0"), "{d}");
        assert!(d.contains(&format!("{}… 100", "●".repeat(40))), "{d}");
    }

    #[test]
    fn a_grid_is_drawn_square_by_square_with_coordinates() {
        let d = draw("domineering", ".#..|.###|....");
        let lines: Vec<&str> = d.lines().collect();
        assert_eq!(lines[0], "1  · # · ·");
        assert_eq!(lines[1], "2  · # # #");
        assert_eq!(lines[3], "   a b c d");
        // Columns past z are named as move labels name them (boards that wide are drawn
        // without letters: two-letter names would not line up).
        assert_eq!(column_name(26), "aa");
        assert_eq!(column_name(701), "zz");
        assert_eq!(column_name(702), "aaa");
    }

    #[test]
    fn a_queen_sits_on_a_chessboard() {
        let d = draw("wythoff", "7 4");
        let row4 = d.lines().find(|l| l.starts_with("4 ")).unwrap();
        assert_eq!(
            row4.split_whitespace().position(|c| c == "Q"),
            Some(8),
            "{d}"
        );
        assert!(d.lines().any(|l| l.starts_with("0  *")), "{d}");
    }

    #[test]
    fn strips_graphs_and_colour() {
        let d = draw("toads-and-frogs", "tt..ff");
        assert!(d.starts_with(" t t · · f f\n"), "{d}");
        let entry = find_entry("toads-and-frogs").unwrap();
        let c = board_text(&entry.editor, "tt..ff", Style { colour: true }).unwrap();
        assert!(c.contains("\x1b[1;34mt\x1b[0m"), "{c}");
        let g = draw("graph", "a>b b>c token=a");
        assert!(g.contains("a → b") && g.contains("token: a"), "{g}");
        assert!(board_text(&Editor::Text, "25 7", Style::default()).is_none());
        assert!(board_text(&Editor::Heaps, "a b", Style::default()).is_none());
    }
}
