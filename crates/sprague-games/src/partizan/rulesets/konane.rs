//! Konane (Hawaiian checkers; Ernst, "Playing Konane mathematically" (1995); Albert,
//! Nowakowski, Wolfe, *Lessons in Play*; CGSuite's `Konane`): Left's stones `x` and
//! Right's `o` on a board of squares. A move jumps one of one's stones orthogonally over an
//! adjacent stone of the opponent onto the empty square just beyond, removing the stone
//! jumped; the same stone may go on jumping in the same direction, and may stop after any
//! jump. A board is written as rows of `x`, `o`, `.` (empty) and `#` (no square) separated
//! by `|`: `xo.|.ox`.
//!
//! Stones never leave the connected region of squares they stand in (a jump passes over
//! squares of the board), so a board splits into its regions; a region holding stones of
//! only one colour is worth 0 (nobody can ever capture there). A region is cropped and put
//! in the least of its eight images under the symmetries of the rectangle (same value) and
//! of the board with the colours swapped (negated value).

use super::game::{searched, Listed, RulesetGame};
use super::grid::{display_board, parse_board, Board};
use crate::error::Result;
use crate::interface::{Editor, Example, Glyph, Picture, Players, Solution, Square};
use crate::interface::{Entry, Method};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;

/// A Konane board: layer 0 holds Left's stones, 1 Right's, 2 the empty squares; a cell in
/// none of them is no square (`#`).
pub type KonaneBoard = Board<3>;

const CHARS: [char; 3] = ['x', 'o', '.'];
const NONE: char = '#';

/// The rules of Konane.
#[derive(Debug, Clone, Copy, Default)]
pub struct Konane;

impl Konane {
    fn each_move(p: &KonaneBoard, side: Side, mut f: impl FnMut(u32, u32, KonaneBoard)) {
        let (w, h) = (p.w as i32, p.h as i32);
        if w == 0 {
            return;
        }
        let (me, them) = match side {
            Side::Left => (0, 1),
            Side::Right => (1, 0),
        };
        let cell = |r: i32, c: i32| -> Option<u32> {
            (r >= 0 && r < h && c >= 0 && c < w).then_some((r * w + c) as u32)
        };
        let mut mine = p.layers[me];
        while mine != 0 {
            let i = mine.trailing_zeros();
            mine &= mine - 1;
            let (r0, c0) = (i as i32 / w, i as i32 % w);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let mut q = *p;
                let (mut r, mut c) = (r0, c0);
                let mut at = i;
                while let (Some(over), Some(land)) =
                    (cell(r + dr, c + dc), cell(r + 2 * dr, c + 2 * dc))
                {
                    if q.layers[them] >> over & 1 == 0 || q.layers[2] >> land & 1 == 0 {
                        break;
                    }
                    q.layers[them] &= !(1u128 << over);
                    q.layers[me] = (q.layers[me] & !(1u128 << at)) | (1u128 << land);
                    q.layers[2] =
                        (q.layers[2] | (1u128 << at) | (1u128 << over)) & !(1u128 << land);
                    f(i, land, q);
                    at = land;
                    r += 2 * dr;
                    c += 2 * dc;
                }
            }
        }
    }

    /// The regions of squares holding stones of both colours.
    fn contested(p: &KonaneBoard) -> Vec<u128> {
        p.regions(p.occupied())
            .into_iter()
            .filter(|&r| r & p.layers[0] != 0 && r & p.layers[1] != 0)
            .collect()
    }
}

impl Ruleset for Konane {
    type Position = KonaneBoard;

    fn name(&self) -> &'static str {
        "konane"
    }

    fn parse(&self, text: &str) -> Result<KonaneBoard> {
        parse_board("konane", text, CHARS, NONE)
    }

    fn display(&self, p: &KonaneBoard) -> String {
        display_board(p, CHARS, NONE)
    }

    fn options(&self, p: &KonaneBoard, side: Side, out: &mut Vec<KonaneBoard>) {
        Self::each_move(p, side, |_, _, q| out.push(q));
    }

    /// Moves are named by the stone's square and where it lands: `a1 jumps to c1`, `a1
    /// jumps to e1` for two jumps (columns are letters from `a` at the left, rows numbers
    /// from 1 at the top).
    fn moves(&self, p: &KonaneBoard, side: Side) -> Vec<(String, KonaneBoard)> {
        let mut out = Vec::new();
        Self::each_move(p, side, |i, j, q| {
            out.push((format!("{} jumps to {}", p.cell_name(i), p.cell_name(j)), q));
        });
        out
    }

    fn components(&self, p: &KonaneBoard, out: &mut Vec<KonaneBoard>) {
        if p.w == 0 {
            return;
        }
        for region in Self::contested(p) {
            out.push(p.restrict_crop(region));
        }
    }

    fn normalize(&self, p: &KonaneBoard) -> (KonaneBoard, bool) {
        if p.w == 0 {
            return (*p, false);
        }
        let keep = Self::contested(p).into_iter().fold(0, |a, r| a | r);
        let reduced = p.restrict_crop(keep);
        if reduced.w == 0 {
            return (reduced, false);
        }
        let (a, _) = reduced.least_image(8);
        let mut swapped = reduced;
        swapped.layers.swap(0, 1);
        let (b, _) = swapped.least_image(8);
        if b < a {
            (b, true)
        } else {
            (a, false)
        }
    }
}

// The catalogue.

impl Listed for Konane {
    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the board splits into its regions of squares, regions \
             with stones of one colour are 0, and the symmetries of a region (and the colour \
             swap, negating) share work",
        )
    }
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "konane",
        aliases: &[],
        usage: "konane BOARD (rows of `x` Left's stone, `o` Right's, `.` empty, `#` no square, separated by `|`)",
        summary: "Konane: jump over an adjacent opposing stone, capturing it, perhaps several times in a line",
        rules: "A move jumps one of one's stones orthogonally over an adjacent stone of the opponent onto the empty square just \
                beyond, removing the stone jumped; the same stone may go on jumping in the same direction, stopping after any \
                jump. Left plays `x`, Right `o`. The board is rows of `x`, `o`, `.` (empty) and `#` (no square) separated by `|`; \
                at most 128 cells. Moves name the squares, columns as letters from `a` at the left and rows as numbers from 1 at \
                the top: `a1 jumps to c1`.",
        theorem: "Canonical forms by search: the board splits into its connected regions of squares, regions with stones of one \
                  colour are 0, and the eight symmetries of a region (and the colour swap, negating) share work.",
        references: "Ernst, Playing Konane mathematically, UMAP Journal 16 (1995); Albert, Nowakowski, Wolfe, Lessons in Play \
                     (2007); CGSuite's Konane.",
        examples: const {
            &[
                Example::normal("konane", "xox.|o.ox|x.xo"),
                Example::normal("konane", "xo.o.o."),
            ]
        },
        editor: Editor::Grid {
            squares: &[
                Square { symbol: '.', glyph: Glyph::Empty, name: "empty" },
                Square { symbol: 'x', glyph: Glyph::LeftStone, name: "Left's stone" },
                Square { symbol: 'o', glyph: Glyph::RightStone, name: "Right's stone" },
                Square { symbol: '#', glyph: Glyph::Filled, name: "no square" },
            ],
            hint: "click a square: empty, x (Left, blue), o (Right, red) or # (no square)",
        },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(Konane, p),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{boards, check_against_plain, value_text, words};
    use super::*;

    #[test]
    fn jumps_in_a_line() {
        let b = Konane.parse("xo.o.|o....|.....").unwrap();
        let named: Vec<(String, String)> = Konane
            .moves(&b, Side::Left)
            .into_iter()
            .map(|(n, q)| (n, Konane.display(&q)))
            .collect();
        assert_eq!(
            named,
            [
                (
                    "a1 jumps to a3".to_string(),
                    ".o.o.|.....|x....".to_string()
                ),
                (
                    "a1 jumps to c1".to_string(),
                    "..xo.|o....|.....".to_string()
                ),
                (
                    "a1 jumps to e1".to_string(),
                    "....x|o....|.....".to_string()
                ),
            ]
        );
        // No jump over a gap, over one's own stone, or onto a `#`.
        assert!(Konane
            .moves(&Konane.parse("x.o.").unwrap(), Side::Left)
            .is_empty());
        assert!(Konane
            .moves(&Konane.parse("xx.").unwrap(), Side::Left)
            .is_empty());
        assert!(Konane
            .moves(&Konane.parse("xo#").unwrap(), Side::Left)
            .is_empty());
        assert!(Konane.parse("xq").is_err());
    }

    /// Values worked out by hand from the rules.
    #[test]
    fn known_values() {
        // `xo.`: Left jumps and the game is over; Right cannot move: {0|} = 1.
        assert_eq!(value_text(&Konane, "xo."), "1");
        // `.xo.`: either player jumps once, ending the game: {0|0} = *.
        assert_eq!(value_text(&Konane, ".xo."), "*");
        // `xo.o.`: Left stops after one jump (leaving `..xo.` = *) or goes on (0); Right
        // has no move: {0, * |} = 1.
        assert_eq!(value_text(&Konane, "..xo."), "*");
        assert_eq!(value_text(&Konane, "xo.o."), "1");
        // Stones of one colour only, or with no room to land, are 0.
        assert_eq!(value_text(&Konane, "xx.x"), "0");
        assert_eq!(value_text(&Konane, "xo"), "0");
    }

    /// `len` stones alternating from `first` (`x` or `o`) in a line with an empty square at
    /// each end.
    fn solid_line(first: char, len: usize) -> String {
        let other = if first == 'x' { 'o' } else { 'x' };
        let stones: String = (0..len)
            .map(|i| if i % 2 == 0 { first } else { other })
            .collect();
        format!(".{stones}.")
    }

    /// Published values of 1 × n lines. Sources: M. D. Ernst, "Playing Konane
    /// mathematically: a combinatorial game-theoretic analysis", UMAP Journal 16:2 (1995),
    /// the solid linear pattern; A. Chan, A. Tsai, "1 × n Konane: a summary of results", More
    /// Games of No Chance, MSRI Publications 42 (2002), three solid patterns. Both as restated
    /// in I. Shehadeh, "Auto Conjecturing and Konane" (St. Mary's College of Maryland),
    /// section "Known Facts". Its figures draw both patterns starting with the same colour,
    /// but the signs say which player owns it: the stones at the ends of an odd pattern can
    /// never jump first (they would land on stones), so Ernst's -j has them Left's and
    /// Chan and Tsai's +(a + b + c) has them Right's.
    #[test]
    fn published_values_of_lines() {
        // A solid line of N stones, empty squares at both ends, starting and (N odd) ending
        // with Left's: -j for N = 2j + 1, 0 for N = 4j, * for N = 4j + 2 (Ernst).
        for n in 1..=13 {
            let want = match n % 4 {
                _ if n == 1 => "0".to_string(),
                1 | 3 => format!("-{}", n / 2),
                0 => "0".to_string(),
                _ => "*".to_string(),
            };
            assert_eq!(value_text(&Konane, &solid_line('x', n)), want, "N = {n}");
        }
        // S(2a + 1, 2b + 1, 2c + 1): three solid lines of odd lengths, one empty square
        // between them, each starting and ending with Right's stones: a + b + c (Chan, Tsai).
        for (a, b, c) in [
            (1, 1, 1),
            (0, 1, 2),
            (2, 1, 0),
            (1, 2, 3),
            (3, 1, 2),
            (0, 0, 2),
        ] {
            let lines = [a, b, c].map(|k| solid_line('o', 2 * k + 1));
            let inner: Vec<&str> = lines.iter().map(|l| &l[1..l.len() - 1]).collect();
            let board = format!(".{}.", inner.join("."));
            assert_eq!(
                value_text(&Konane, &board),
                (a + b + c).to_string(),
                "S({}, {}, {}) = {board}",
                2 * a + 1,
                2 * b + 1,
                2 * c + 1
            );
        }
    }

    #[test]
    fn decomposition_and_symmetry_match_the_plain_tree() {
        let mut positions = Vec::new();
        for n in 1..=7 {
            positions.extend(words(&['.', 'x', 'o', '#'], n));
        }
        positions.extend(boards(&['.', 'x', 'o'], 3, 3));
        positions.extend(boards(&['.', 'x', 'o', '#'], 3, 3).into_iter().step_by(13));
        positions.extend(boards(&['.', 'x', 'o'], 3, 4).into_iter().step_by(31));
        positions.push("xox.|o.ox|x.xo".into());
        assert!(check_against_plain(&Konane, &positions) > 30000);
    }
}
