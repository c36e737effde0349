//! Amazons (Walter Zamkauskas, 1988; Berlekamp, "Sums of N × 2 Amazons" (2000); Siegel,
//! *Combinatorial Game Theory*; CGSuite's `Amazons`): Left's amazons `x` and Right's `o`
//! on a board of squares, some of them burnt (`#`). A move has two parts: one of one's
//! amazons moves like a chess queen (any number of empty squares in one of the eight
//! directions, never over an amazon or a burnt square), then, from where it landed, shoots
//! an arrow the same way onto an empty square (the square it left counts as empty), which
//! is burnt. A board is written as in CGSuite: rows of `x`, `o`, `.` (empty) and `#`
//! (burnt) separated by `|`: `x...|..#.|...o`.
//!
//! Nothing ever crosses a burnt square or the edge, so a board splits into its regions of
//! unburnt squares connected through the eight directions; a region without an amazon is
//! worth 0. A region is cropped and put in the least of its eight images under the
//! symmetries of the rectangle (same value) and of the board with the colours swapped
//! (negated value).

use super::game::{searched, Listed, RulesetGame};
use super::grid::{display_board, parse_board, shl, shr, Board};
use crate::error::Result;
use crate::interface::{Editor, Example, Glyph, Picture, Players, Solution, Square};
use crate::interface::{Entry, Method};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;

/// An Amazons board: layer 0 holds Left's amazons, 1 Right's, 2 the empty squares; a cell
/// in none of them is burnt (`#`).
pub type AmazonsBoard = Board<3>;

const CHARS: [char; 3] = ['x', 'o', '.'];
const NONE: char = '#';

/// The eight directions of a queen, as (row, column) steps.
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The rules of Amazons.
#[derive(Debug, Clone, Copy, Default)]
pub struct Amazons;

impl Amazons {
    /// Calls `f` with each square reached from `from` by a queen's move over the squares of
    /// `empty`.
    fn queen_moves(p: &AmazonsBoard, from: u32, empty: u128, mut f: impl FnMut(u32)) {
        let (w, h) = (p.w as i32, p.h as i32);
        let (r0, c0) = (from as i32 / w, from as i32 % w);
        for (dr, dc) in DIRECTIONS {
            let (mut r, mut c) = (r0 + dr, c0 + dc);
            while r >= 0 && r < h && c >= 0 && c < w {
                let j = (r * w + c) as u32;
                if empty >> j & 1 == 0 {
                    break;
                }
                f(j);
                r += dr;
                c += dc;
            }
        }
    }

    fn each_move(p: &AmazonsBoard, side: Side, mut f: impl FnMut(u32, u32, u32, AmazonsBoard)) {
        if p.w == 0 {
            return;
        }
        let me = match side {
            Side::Left => 0,
            Side::Right => 1,
        };
        let mut mine = p.layers[me];
        while mine != 0 {
            let i = mine.trailing_zeros();
            mine &= mine - 1;
            Self::queen_moves(p, i, p.layers[2], |j| {
                // The amazon stands on j; the square it left is empty.
                let empty = (p.layers[2] | (1u128 << i)) & !(1u128 << j);
                Self::queen_moves(p, j, empty, |k| {
                    let mut q = *p;
                    q.layers[me] = (q.layers[me] & !(1u128 << i)) | (1u128 << j);
                    q.layers[2] = empty & !(1u128 << k);
                    f(i, j, k, q);
                });
            });
        }
    }

    /// The regions of unburnt squares connected through the eight directions that hold an
    /// amazon.
    fn regions(p: &AmazonsBoard) -> Vec<u128> {
        let mut out = Vec::new();
        if p.w == 0 {
            return out;
        }
        let (not_first, not_last) = p.column_masks();
        let w = p.w as u32;
        let all = p.all();
        let mut cells = p.occupied();
        while cells != 0 {
            let mut region = cells & cells.wrapping_neg();
            loop {
                // The row itself, then the rows above and below with the same spread.
                let row = region | ((region & not_last) << 1) | ((region & not_first) >> 1);
                let grown = (row | shr(row, w) | (shl(row, w) & all)) & cells;
                if grown == region {
                    break;
                }
                region = grown;
            }
            cells &= !region;
            if region & (p.layers[0] | p.layers[1]) != 0 {
                out.push(region);
            }
        }
        out
    }
}

impl Ruleset for Amazons {
    type Position = AmazonsBoard;

    fn name(&self) -> &'static str {
        "amazons"
    }

    fn parse(&self, text: &str) -> Result<AmazonsBoard> {
        parse_board("amazons", text, CHARS, NONE)
    }

    fn display(&self, p: &AmazonsBoard) -> String {
        display_board(p, CHARS, NONE)
    }

    fn options(&self, p: &AmazonsBoard, side: Side, out: &mut Vec<AmazonsBoard>) {
        Self::each_move(p, side, |_, _, _, q| out.push(q));
    }

    /// Moves are named by the amazon's square, where it goes and where its arrow lands:
    /// `a1-c3/c1` (columns are letters from `a` at the left, rows numbers from 1 at the
    /// top).
    fn moves(&self, p: &AmazonsBoard, side: Side) -> Vec<(String, AmazonsBoard)> {
        let mut out = Vec::new();
        Self::each_move(p, side, |i, j, k, q| {
            out.push((
                format!("{}-{}/{}", p.cell_name(i), p.cell_name(j), p.cell_name(k)),
                q,
            ));
        });
        out
    }

    fn components(&self, p: &AmazonsBoard, out: &mut Vec<AmazonsBoard>) {
        for region in Self::regions(p) {
            out.push(p.restrict_crop(region));
        }
    }

    fn normalize(&self, p: &AmazonsBoard) -> (AmazonsBoard, bool) {
        if p.w == 0 {
            return (*p, false);
        }
        let keep = Self::regions(p).into_iter().fold(0, |a, r| a | r);
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

impl Listed for Amazons {
    fn move_count(&self, p: &AmazonsBoard) -> u128 {
        let mut n = 0u128;
        for side in [Side::Left, Side::Right] {
            Self::each_move(p, side, |_, _, _, _| n += 1);
        }
        n
    }

    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the board splits into its regions of unburnt squares \
             (connected in the eight directions), regions without amazons are 0, and the \
             symmetries of a region (and the colour swap, negating) share work",
        )
    }
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "amazons",
        aliases: &[],
        usage: "amazons BOARD (rows of `x` Left's amazon, `o` Right's, `.` empty, `#` burnt, separated by `|`)",
        summary: "Amazons: move an amazon like a queen, then shoot an arrow like a queen, burning a square",
        rules: "A move takes one of one's amazons like a chess queen over empty squares (never over an amazon or a burnt square), \
                then shoots an arrow from where it landed, again like a queen, onto an empty square (the square it left counts as \
                empty), which is burnt. Left plays `x`, Right `o`. The board is rows of `x`, `o`, `.` (empty) and `#` (burnt) \
                separated by `|`, as CGSuite writes it; at most 128 squares. Moves name the squares, columns as letters from `a` at \
                the left and rows as numbers from 1 at the top: `a1-c3/c1` (from, to, arrow).",
        theorem: "Canonical forms by search: the board splits into its regions of unburnt squares connected in the eight \
                  directions, regions without amazons are 0, and the eight symmetries of a region (and the colour swap, negating) \
                  share work.",
        references: "Berlekamp, Sums of N x 2 Amazons (2000); Snatzke, Exhaustive search in Amazons (2002); Siegel, \
                     Combinatorial Game Theory (2013); CGSuite's Amazons.",
        examples: const {
            &[
                Example::normal("amazons", "x...|..#.|...o"),
                Example::normal("amazons", "x..|.#.|..o"),
            ]
        },
        editor: Editor::Grid {
            squares: &[
                Square { symbol: '.', glyph: Glyph::Empty, name: "empty" },
                Square { symbol: 'x', glyph: Glyph::LeftStone, name: "Left's amazon" },
                Square { symbol: 'o', glyph: Glyph::RightStone, name: "Right's amazon" },
                Square { symbol: '#', glyph: Glyph::Filled, name: "burnt" },
            ],
            hint: "click a square: empty, x (Left's amazon), o (Right's amazon) or # (burnt)",
        },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(Amazons, p),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{boards, check_against_plain, value_text, words};
    use super::*;

    #[test]
    fn queen_move_then_arrow() {
        let b = Amazons.parse("x.|.#").unwrap();
        let named: Vec<(String, String)> = Amazons
            .moves(&b, Side::Left)
            .into_iter()
            .map(|(n, q)| (n, Amazons.display(&q)))
            .collect();
        assert_eq!(
            named,
            [
                ("a1-b1/a1".to_string(), "#x|.#".to_string()),
                ("a1-b1/a2".to_string(), ".x|##".to_string()),
                ("a1-a2/a1".to_string(), "#.|x#".to_string()),
                ("a1-a2/b1".to_string(), ".#|x#".to_string()),
            ]
        );
        // Diagonal moves pass between burnt squares: `x#|#.` has a move.
        assert_eq!(
            Amazons
                .moves(&Amazons.parse("x#|#.").unwrap(), Side::Left)
                .len(),
            1
        );
        assert!(Amazons
            .moves(&Amazons.parse("xo").unwrap(), Side::Left)
            .is_empty());
        assert!(Amazons.parse("xq").is_err());
    }

    /// Values worked out by hand from the rules.
    #[test]
    fn known_values() {
        // `x.`: Left's one move burns the square he left; then nobody moves: {0|} = 1.
        assert_eq!(value_text(&Amazons, "x."), "1");
        // `x..`: Left can make two moves in a row however he plays first: 2.
        assert_eq!(value_text(&Amazons, "x.."), "2");
        // `x.o`: whoever moves into the middle burns the square left, and the game is over:
        // {0|0} = *.
        assert_eq!(value_text(&Amazons, "x.o"), "*");
        // Regions are joined diagonally; a region without amazons is 0.
        assert_eq!(value_text(&Amazons, "x#|#."), "1");
        assert_eq!(
            value_text(&Amazons, "x.#..|..#.."),
            value_text(&Amazons, "x.|..")
        );
    }

    #[test]
    fn regions_join_diagonally() {
        let mut out = Vec::new();
        Amazons.components(&Amazons.parse("x#.|#.#|..#|###|.o.").unwrap(), &mut out);
        let shown: Vec<String> = out.iter().map(|c| Amazons.display(c)).collect();
        assert_eq!(shown, ["x#.|#.#|..#", ".o."]);
    }

    #[test]
    fn decomposition_and_symmetry_match_the_plain_tree() {
        let mut positions = Vec::new();
        for n in 1..=6 {
            positions.extend(words(&['.', 'x', 'o', '#'], n));
        }
        positions.extend(boards(&['.', 'x', 'o', '#'], 2, 3));
        positions.extend(boards(&['.', 'x', 'o', '#'], 3, 3).into_iter().step_by(41));
        positions.push("x..|.#.|..o".into());
        assert!(check_against_plain(&Amazons, &positions) > 5000);
    }
}
