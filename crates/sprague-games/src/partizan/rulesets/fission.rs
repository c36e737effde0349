//! Fission (Albert, Nowakowski, Wolfe, *Lessons in Play*; CGSuite's `Fission`): stones on a
//! board of squares. A move splits a stone: it leaves its square and two stones appear on
//! the two squares on either side of it along the mover's line, both of which must be empty
//! squares of the board. **Left splits vertically** (onto the squares above and below),
//! **Right horizontally** (left and right), as Left places vertical dominoes in
//! Domineering. A board is written as rows of `x` (stone), `.` (empty) and `#` (no square)
//! separated by `|`: `.....|..x..|.....`.
//!
//! Every move adds a stone, so play ends. Stones never leave the connected region of
//! squares they stand in: a board splits into its regions (squares connected through
//! squares of the board), and a region without a stone is worth 0. A region is cropped and
//! put in the least of its images under the reflections (same value) and transpositions
//! (the players' roles swapped: the negated value).

use super::game::{searched, Listed, RulesetGame};
use super::grid::{display_board, parse_board, shl, shr, Board};
use crate::error::Result;
use crate::interface::{Editor, Example, Glyph, Picture, Players, Solution, Square};
use crate::interface::{Entry, Method};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;

/// A Fission board: layer 0 holds the empty squares, layer 1 the stones; a cell in neither
/// is no square (`#`).
pub type FissionBoard = Board<2>;

const CHARS: [char; 2] = ['.', 'x'];
const NONE: char = '#';

/// The rules of Fission.
#[derive(Debug, Clone, Copy, Default)]
pub struct Fission;

impl Fission {
    /// The stones `side` may split, and the distance between a stone's square and each of
    /// the two squares it splits onto (the width for Left, 1 for Right).
    fn splittable(p: &FissionBoard, side: Side) -> (u128, u32) {
        let e = p.layers[0];
        match side {
            Side::Left => {
                let w = p.w as u32;
                // Bit i of `shl(e, w)`: the square above i is empty; of `shr(e, w)`: below.
                (p.layers[1] & shl(e, w) & shr(e, w), w)
            }
            Side::Right => {
                let (not_first, not_last) = p.column_masks();
                let left_empty = (e & not_last) << 1;
                let right_empty = (e & not_first) >> 1;
                (p.layers[1] & left_empty & right_empty, 1)
            }
        }
    }

    fn each_move(p: &FissionBoard, side: Side, mut f: impl FnMut(u32, FissionBoard)) {
        if p.w == 0 {
            return;
        }
        let (mut m, d) = Self::splittable(p, side);
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let halves = (1u128 << (i - d)) | (1u128 << (i + d));
            let mut q = *p;
            q.layers[1] = (q.layers[1] & !(1u128 << i)) | halves;
            q.layers[0] = (q.layers[0] | (1u128 << i)) & !halves;
            f(i, q);
        }
    }

    /// The squares of the regions that hold a stone.
    fn in_play(p: &FissionBoard) -> u128 {
        p.regions(p.occupied())
            .into_iter()
            .filter(|&r| r & p.layers[1] != 0)
            .fold(0, |a, r| a | r)
    }
}

impl Ruleset for Fission {
    type Position = FissionBoard;

    fn name(&self) -> &'static str {
        "fission"
    }

    fn parse(&self, text: &str) -> Result<FissionBoard> {
        parse_board("fission", text, CHARS, NONE)
    }

    fn display(&self, p: &FissionBoard) -> String {
        display_board(p, CHARS, NONE)
    }

    fn options(&self, p: &FissionBoard, side: Side, out: &mut Vec<FissionBoard>) {
        Self::each_move(p, side, |_, q| out.push(q));
    }

    /// Moves are named by the stone split: `split b2` (columns are letters from `a` at the
    /// left, rows numbers from 1 at the top; Left splits up and down, Right left and right).
    fn moves(&self, p: &FissionBoard, side: Side) -> Vec<(String, FissionBoard)> {
        let mut out = Vec::new();
        Self::each_move(p, side, |i, q| {
            out.push((format!("split {}", p.cell_name(i)), q))
        });
        out
    }

    fn components(&self, p: &FissionBoard, out: &mut Vec<FissionBoard>) {
        if p.w == 0 {
            return;
        }
        for region in p.regions(p.occupied()) {
            if region & p.layers[1] != 0 && region & p.layers[0] != 0 {
                out.push(p.restrict_crop(region));
            }
        }
    }

    fn normalize(&self, p: &FissionBoard) -> (FissionBoard, bool) {
        if p.w == 0 {
            return (*p, false);
        }
        let reduced = p.restrict_crop(Self::in_play(p));
        if reduced.w == 0 {
            return (reduced, false);
        }
        let (b, t) = reduced.least_image(8);
        (b, t & 4 != 0)
    }
}

// The catalogue.

impl Listed for Fission {
    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the board splits into its regions of squares, regions \
             without stones are 0, and each region is memoised with its reflections (same value) \
             and transpositions (negated value)",
        )
    }
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "fission",
        aliases: &[],
        usage: "fission BOARD (rows of `x` stone, `.` empty, `#` no square, separated by `|`)",
        summary: "Fission: split a stone onto the two empty squares beside it, Left vertically, Right horizontally",
        rules: "A move takes a stone off its square and puts two stones on the squares on either side of it, both of which \
                must be empty: Left the squares above and below, Right the squares to the left and right. The board is rows of \
                `x` (stone), `.` (empty) and `#` (no square) separated by `|`; at most 128 cells. Moves name the stone split, \
                columns as letters from `a` at the left and rows as numbers from 1 at the top: `split b2`.",
        theorem: "Canonical forms by search: the board splits into its connected regions of squares, regions without a stone \
                  are 0, and each region is shared by its reflections (same value) and transpositions (negated value).",
        references: "Albert, Nowakowski, Wolfe, Lessons in Play (2007); CGSuite's Fission.",
        examples: const {
            &[
                Example::normal("fission", ".....|..x..|....."),
                Example::normal("fission", "....|.xx.|....|...."),
            ]
        },
        editor: Editor::Grid {
            squares: &[
                Square { symbol: '.', glyph: Glyph::Empty, name: "empty" },
                Square { symbol: 'x', glyph: Glyph::Stone, name: "stone" },
                Square { symbol: '#', glyph: Glyph::Filled, name: "no square" },
            ],
            hint: "click a square: empty, x (a stone) or # (no square)",
        },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(Fission, p),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{boards, check_against_plain, value_text, words};
    use super::*;

    #[test]
    fn stones_split_along_the_movers_line() {
        let b = Fission.parse(".x.|.x.|...").unwrap();
        let named = |side| -> Vec<(String, String)> {
            Fission
                .moves(&b, side)
                .into_iter()
                .map(|(n, q)| (n, Fission.display(&q)))
                .collect()
        };
        // b1 has no square above it; b2 has a stone above it: Left cannot split either.
        assert!(named(Side::Left).is_empty());
        assert_eq!(
            named(Side::Right),
            [
                ("split b1".to_string(), "x.x|.x.|...".to_string()),
                ("split b2".to_string(), ".x.|x.x|...".to_string())
            ]
        );
        let c = Fission.parse(".|x|.").unwrap();
        assert_eq!(
            Fission.display(&Fission.moves(&c, Side::Left)[0].1),
            "x|.|x"
        );
        assert!(Fission.moves(&c, Side::Right).is_empty());
        // A square beyond the edge or a `#` is no empty square.
        assert!(Fission
            .moves(&Fission.parse("x.").unwrap(), Side::Right)
            .is_empty());
        assert!(Fission
            .moves(&Fission.parse("#x.").unwrap(), Side::Right)
            .is_empty());
        assert!(Fission.parse("x.o").is_err());
    }

    /// Values worked out by hand from the rules.
    #[test]
    fn known_values() {
        // A stone between two empty squares in a row: only Right moves, once: {|0} = -1;
        // in a column, 1. `..x..`: Right's split leaves `.x.x.`, where each of her two
        // splits ends the game: -2.
        assert_eq!(value_text(&Fission, ".x."), "-1");
        assert_eq!(value_text(&Fission, ".|x|."), "1");
        assert_eq!(value_text(&Fission, ".x.x."), "-1");
        assert_eq!(value_text(&Fission, "..x.."), "-2");
        // The plus-shaped board: either player splits once, and the other then has no
        // move: {0|0} = *.
        assert_eq!(value_text(&Fission, "#.#|.x.|#.#"), "*");
        // A lone stone with no room, and boards without stones, are 0.
        assert_eq!(value_text(&Fission, "x"), "0");
        assert_eq!(value_text(&Fission, "...|..."), "0");
    }

    #[test]
    fn regions_split_the_board() {
        let b = Fission.parse(".x.#...|...#.x.").unwrap();
        let mut out = Vec::new();
        Fission.components(&b, &mut out);
        let shown: Vec<String> = out.iter().map(|c| Fission.display(c)).collect();
        assert_eq!(shown, [".x.|...", "...|.x."]);
        let (a, na) = Fission.normalize(&Fission.parse(".x.").unwrap());
        let (c, nc) = Fission.normalize(&Fission.parse(".|x|.").unwrap());
        assert_eq!(a, c);
        assert_ne!(na, nc);
    }

    #[test]
    fn decomposition_and_symmetry_match_the_plain_tree() {
        let mut positions = Vec::new();
        for n in 1..=7 {
            positions.extend(words(&['.', 'x', '#'], n));
        }
        positions.extend(boards(&['.', 'x', '#'], 2, 3));
        positions.extend(boards(&['.', 'x', '#'], 3, 3).into_iter().step_by(3));
        positions.extend(boards(&['.', 'x'], 3, 4).into_iter().step_by(5));
        positions.push(".....|..x..|.....".into());
        assert!(check_against_plain(&Fission, &positions) > 8000);
    }
}
