//! Clobber (Albert, Grossman, Nowakowski, Wolfe 2001; CGSuite's `Clobber`): stones of
//! Left (`x`) and Right (`o`) on a board; a move takes one of one's own stones onto an
//! orthogonally adjacent opposing stone, which is removed ("clobbered"). A board is
//! written as rows of `x`, `o` and `.` (empty) separated by `|`: `xo|ox`.
//!
//! A board splits into the orthogonally connected groups of stones; a group of one colour
//! has value 0 and is dropped. Groups are cropped and put in the least of their eight
//! images under the symmetries of the rectangle (same value) and of the colour-swapped
//! board (negated value).

use super::game::{searched, Listed, RulesetGame};
use super::grid::{display_board, parse_board, Board};
use crate::error::Result;
use crate::interface::{Editor, Example, Glyph, Picture, Players, Solution, Square};
use crate::interface::{Entry, Method};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;

/// A Clobber board: layer 0 holds Left's stones (`x`), layer 1 Right's (`o`).
pub type ClobberBoard = Board<2>;

/// The rules of Clobber.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clobber;

const CHARS: [char; 2] = ['x', 'o'];

impl Clobber {
    fn each_move(p: &ClobberBoard, side: Side, mut f: impl FnMut(u32, u32, ClobberBoard)) {
        if p.w == 0 {
            return;
        }
        let (me, them) = match side {
            Side::Left => (0, 1),
            Side::Right => (1, 0),
        };
        let mut mine = p.layers[me];
        while mine != 0 {
            let i = mine.trailing_zeros();
            mine &= mine - 1;
            let mut targets = p.neighbours(1u128 << i, p.layers[them]);
            while targets != 0 {
                let j = targets.trailing_zeros();
                targets &= targets - 1;
                let mut q = *p;
                q.layers[me] = (q.layers[me] & !(1u128 << i)) | (1u128 << j);
                q.layers[them] &= !(1u128 << j);
                f(i, j, q);
            }
        }
    }
}

impl Ruleset for Clobber {
    type Position = ClobberBoard;

    fn name(&self) -> &'static str {
        "clobber"
    }

    fn parse(&self, text: &str) -> Result<ClobberBoard> {
        parse_board("clobber", text, CHARS, '.')
    }

    fn display(&self, p: &ClobberBoard) -> String {
        display_board(p, CHARS, '.')
    }

    fn options(&self, p: &ClobberBoard, side: Side, out: &mut Vec<ClobberBoard>) {
        Self::each_move(p, side, |_, _, q| out.push(q));
    }

    /// Moves are named by the cell of the moving stone and the cell of the stone it
    /// takes: `b2 clobbers b3` (columns are letters from `a` at the left, rows numbers
    /// from 1 at the top).
    fn moves(&self, p: &ClobberBoard, side: Side) -> Vec<(String, ClobberBoard)> {
        let mut out = Vec::new();
        Self::each_move(p, side, |i, j, q| {
            out.push((format!("{} clobbers {}", p.cell_name(i), p.cell_name(j)), q));
        });
        out
    }

    fn components(&self, p: &ClobberBoard, out: &mut Vec<ClobberBoard>) {
        if p.w == 0 {
            return;
        }
        for region in p.regions(p.occupied()) {
            if region & p.layers[0] != 0 && region & p.layers[1] != 0 {
                out.push(p.restrict_crop(region));
            }
        }
    }

    fn normalize(&self, p: &ClobberBoard) -> (ClobberBoard, bool) {
        if p.w == 0 {
            return (*p, false);
        }
        let cropped = if p.is_cropped() {
            *p
        } else {
            p.restrict_crop(p.occupied())
        };
        let (a, _) = cropped.least_image(8);
        let mut swapped = cropped;
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

impl Listed for Clobber {
    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the board splits into groups of stones, one-coloured \
             groups are 0, and the symmetries of a group (and the colour swap, negating) share work",
        )
    }
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "clobber",
        aliases: &[],
        usage: "clobber BOARD (rows of `x` Left's stone, `o` Right's stone, `.` empty, separated by `|`)",
        summary: "Clobber: move a stone onto an adjacent opposing stone, removing it",
        rules: "A move takes one of one's stones onto an orthogonally adjacent stone of the opponent, which is removed. \
                Left plays `x`, Right `o`. At most 128 squares. Moves name the squares, columns as letters from `a` at the left and \
                rows as numbers from 1 at the top: `b2 clobbers b3`.",
        theorem: "Canonical forms by search; the board splits into groups of stones, one-coloured groups are 0, and the \
                  eight symmetries of a group (and the colour swap, negating) share work.",
        references: "Albert, Grossman, Nowakowski, Wolfe, An introduction to Clobber (2005); Siegel, Combinatorial Game Theory (2013).",
        examples: const {
            &[
                Example::normal("clobber", "xox|oxo"),
                Example::normal("clobber", "xxo|o.x"),
            ]
        },
        editor: Editor::Grid {
            squares: &[
                Square { symbol: '.', glyph: Glyph::Empty, name: "empty" },
                Square { symbol: 'x', glyph: Glyph::LeftStone, name: "Left's stone" },
                Square { symbol: 'o', glyph: Glyph::RightStone, name: "Right's stone" },
            ],
            hint: "click a square: empty, x (Left, blue) or o (Right, red)",
        },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(Clobber, p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::partizan::outcome::OutcomeSolver;

    #[test]
    fn small_outcomes() {
        let c = Clobber;
        let mut s = OutcomeSolver::new(&c, 1_000_000);
        let mut class = |t: &str| s.wins(&c.parse(t).unwrap()).unwrap().letter();
        // xo = {0|0} = * (N); xxo: Left's move leaves a lone pair... known: `xo` = *.
        assert_eq!(class("xo"), 'N');
        assert_eq!(class("xx"), 'P');
        assert_eq!(class("x.o"), 'P');
        assert!(c.parse("xq").is_err());
    }

    #[test]
    fn moves_are_named_by_cells() {
        let c = Clobber;
        let b = c.parse("xo|.x").unwrap();
        let right: Vec<(String, String)> = c
            .moves(&b, Side::Right)
            .into_iter()
            .map(|(n, q)| (n, c.display(&q)))
            .collect();
        assert_eq!(
            right,
            vec![
                ("b1 clobbers a1".to_string(), "o.|.x".to_string()),
                ("b1 clobbers b2".to_string(), "x.|.o".to_string())
            ]
        );
    }
}
