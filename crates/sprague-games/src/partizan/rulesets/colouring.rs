//! Snort and Col on a board of squares (Winning Ways, ch. 2 "Col" and ch. 6 "Snort";
//! Siegel, *Combinatorial Game Theory*, I.1 and II.2; CGSuite's `Snort` and `Col`): the
//! players take turns colouring an uncoloured square, Left blue (`L`), Right red (`R`).
//! Squares are neighbours when they share a side.
//!
//! - **Col**: a square may not be coloured next to a square of the mover's own colour.
//! - **Snort**: a square may not be coloured next to a square of the opponent's colour.
//!
//! A board is written as rows of `.` (uncoloured), `L` (Left's), `R` (Right's) and `#` (no
//! square) separated by `|`: `L..|...`. The same games on any graph are
//! [`colouring_graph`](super::colouring_graph).
//!
//! An uncoloured square next to both colours can never be coloured by either player (it is
//! dead), and a coloured square matters only through its uncoloured neighbours. So a board
//! splits into the connected regions of its live squares (uncoloured and not dead), each
//! kept with the coloured squares next to it; squares that no longer matter become `#`.
//! Regions are cropped and put in the least of their eight images under the symmetries of
//! the rectangle (same value) and of the board with the colours swapped (negated value).

use super::game::{searched, Listed, RulesetGame};
use super::grid::{display_board, parse_board, Board};
use crate::error::Result;
use crate::interface::{Editor, Example, Glyph, Picture, Players, Solution, Square};
use crate::interface::{Entry, Method};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;

/// A board: layer 0 holds the uncoloured squares, layer 1 Left's, layer 2 Right's; a cell in
/// no layer is no square (`#`).
pub type ColourBoard = Board<3>;

const CHARS: [char; 3] = ['.', 'L', 'R'];
const NONE: char = '#';

/// Which colouring game: the rule that forbids a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rule {
    /// Never colour a square next to one of the opponent's colour.
    #[default]
    Snort,
    /// Never colour a square next to one of one's own colour.
    Col,
}

impl Rule {
    /// The catalogue's name of the game.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Snort => "snort",
            Rule::Col => "col",
        }
    }

    /// The layer (1 Left's, 2 Right's) whose neighbours `side` may not colour.
    fn forbidding_layer(self, side: Side) -> usize {
        match (self, side) {
            (Rule::Col, Side::Left) | (Rule::Snort, Side::Right) => 1,
            (Rule::Col, Side::Right) | (Rule::Snort, Side::Left) => 2,
        }
    }
}

/// Snort or Col on a board of squares.
#[derive(Debug, Clone, Copy, Default)]
pub struct ColouringGrid(pub Rule);

impl ColouringGrid {
    /// The squares `side` may colour.
    fn playable(&self, p: &ColourBoard, side: Side) -> u128 {
        let forbidden = p.neighbours(p.layers[self.0.forbidding_layer(side)], p.all());
        p.layers[0] & !forbidden
    }

    /// The uncoloured squares some player may still colour: not next to both colours.
    fn live(p: &ColourBoard) -> u128 {
        let all = p.all();
        p.layers[0] & !(p.neighbours(p.layers[1], all) & p.neighbours(p.layers[2], all))
    }

    /// The squares that matter for the cells `live` (a set of live squares): they and the
    /// coloured squares next to them.
    fn kept(p: &ColourBoard, live: u128) -> u128 {
        live | p.neighbours(live, p.layers[1] | p.layers[2])
    }

    fn each_move(&self, p: &ColourBoard, side: Side, mut f: impl FnMut(u32, ColourBoard)) {
        if p.w == 0 {
            return;
        }
        let layer = match side {
            Side::Left => 1,
            Side::Right => 2,
        };
        let mut m = self.playable(p, side);
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let mut q = *p;
            q.layers[0] &= !(1u128 << i);
            q.layers[layer] |= 1u128 << i;
            f(i, q);
        }
    }
}

impl Ruleset for ColouringGrid {
    type Position = ColourBoard;

    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn parse(&self, text: &str) -> Result<ColourBoard> {
        parse_board(self.0.name(), text, CHARS, NONE)
    }

    fn display(&self, p: &ColourBoard) -> String {
        display_board(p, CHARS, NONE)
    }

    fn options(&self, p: &ColourBoard, side: Side, out: &mut Vec<ColourBoard>) {
        self.each_move(p, side, |_, q| out.push(q));
    }

    /// Moves are named by the square coloured: `colour b2` (columns are letters from `a` at
    /// the left, rows numbers from 1 at the top).
    fn moves(&self, p: &ColourBoard, side: Side) -> Vec<(String, ColourBoard)> {
        let mut out = Vec::new();
        self.each_move(p, side, |i, q| {
            out.push((format!("colour {}", p.cell_name(i)), q))
        });
        out
    }

    fn components(&self, p: &ColourBoard, out: &mut Vec<ColourBoard>) {
        if p.w == 0 {
            return;
        }
        for region in p.regions(Self::live(p)) {
            out.push(p.restrict_crop(Self::kept(p, region)));
        }
    }

    fn normalize(&self, p: &ColourBoard) -> (ColourBoard, bool) {
        if p.w == 0 {
            return (*p, false);
        }
        let kept = Self::kept(p, Self::live(p));
        let reduced = p.restrict_crop(kept);
        if reduced.w == 0 {
            return (reduced, false);
        }
        let (a, _) = reduced.least_image(8);
        let mut swapped = reduced;
        swapped.layers.swap(1, 2);
        let (b, _) = swapped.least_image(8);
        if b < a {
            (b, true)
        } else {
            (a, false)
        }
    }
}

// The catalogue.

impl Listed for ColouringGrid {
    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the board splits into regions of squares still to be \
             coloured (each with its coloured neighbours), and the symmetries of a region (and \
             the colour swap, negating) share work",
        )
    }
}

const SQUARES: &[Square] = &[
    Square {
        symbol: '.',
        glyph: Glyph::Empty,
        name: "uncoloured",
    },
    Square {
        symbol: 'L',
        glyph: Glyph::LeftStone,
        name: "Left's colour",
    },
    Square {
        symbol: 'R',
        glyph: Glyph::RightStone,
        name: "Right's colour",
    },
    Square {
        symbol: '#',
        glyph: Glyph::Filled,
        name: "no square",
    },
];

const HINT: &str = "click a square: uncoloured, L (Left, blue), R (Right, red) or # (no square)";

const REFERENCES: &str =
    "Berlekamp, Conway, Guy, Winning Ways, ch. 2 (Col) and ch. 6 (Snort); Albert, Nowakowski, \
                          Wolfe, Lessons in Play, ch. 1; Siegel, Combinatorial Game Theory (2013).";

const THEOREM: &str = "Canonical forms by search: the board splits into regions of squares still to be coloured, each \
                       with its coloured neighbours (a square next to both colours is dead), shared by the symmetries of \
                       the rectangle and, negated, by the colour swap.";

/// The catalogue entry of Snort on a board.
pub fn entry_snort() -> Entry {
    Entry {
        name: "snort",
        aliases: &[],
        usage: "snort BOARD (rows of `.` uncoloured, `L` Left's, `R` Right's, `#` no square, separated by `|`)",
        summary: "Snort: colour a square, never next to the opponent's colour",
        rules: "Left colours an uncoloured square blue (`L`), Right red (`R`); a square may not be coloured next to a square of \
                the opponent's colour (neighbours share a side). The board is rows of `.` uncoloured, `L` Left's, `R` Right's, `#` no \
                square, separated by `|`; at most 128 cells. The same game on any graph is `snort-graph`. Moves name the square, \
                columns as letters from `a` at the left and rows as numbers from 1 at the top: `colour b2`.",
        theorem: THEOREM,
        references: REFERENCES,
        examples: const { &[Example::normal("snort", "....|....|...."), Example::normal("snort", "L...|...R")] },
        editor: Editor::Grid { squares: SQUARES, hint: HINT },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(ColouringGrid(Rule::Snort), p),
    }
}

/// The catalogue entry of Col on a board.
pub fn entry_col() -> Entry {
    Entry {
        name: "col",
        aliases: &[],
        usage: "col BOARD (rows of `.` uncoloured, `L` Left's, `R` Right's, `#` no square, separated by `|`)",
        summary: "Col: colour a square, never next to one's own colour",
        rules: "Left colours an uncoloured square blue (`L`), Right red (`R`); a square may not be coloured next to a square of \
                the mover's own colour (neighbours share a side). The board is rows of `.` uncoloured, `L` Left's, `R` Right's, `#` \
                no square, separated by `|`; at most 128 cells. The same game on any graph is `col-graph`. Moves name the square, \
                columns as letters from `a` at the left and rows as numbers from 1 at the top: `colour b2`.",
        theorem: THEOREM,
        references: REFERENCES,
        examples: const { &[Example::normal("col", "....|....|...."), Example::normal("col", "L...|#..R")] },
        editor: Editor::Grid { squares: SQUARES, hint: HINT },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(ColouringGrid(Rule::Col), p),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{boards, check_against_plain, value_text, words};
    use super::*;
    use sprague_core::partizan::solver::ValueSolver;

    const SNORT: ColouringGrid = ColouringGrid(Rule::Snort);
    const COL: ColouringGrid = ColouringGrid(Rule::Col);

    #[test]
    fn moves_follow_the_rule() {
        // `L.R`: in Snort the middle square is next to both colours: nobody may colour it.
        let b = SNORT.parse("L.R|...").unwrap();
        let names = |g: &ColouringGrid, side| -> Vec<String> {
            g.moves(&b, side).into_iter().map(|(n, _)| n).collect()
        };
        assert_eq!(names(&SNORT, Side::Left), ["colour a2", "colour b2"]);
        assert_eq!(names(&SNORT, Side::Right), ["colour b2", "colour c2"]);
        assert_eq!(names(&COL, Side::Left), ["colour b2", "colour c2"]);
        assert_eq!(names(&COL, Side::Right), ["colour a2", "colour b2"]);
        let (_, q) = &SNORT.moves(&b, Side::Left)[0];
        assert_eq!(SNORT.display(q), "L.R|L..");
        assert!(SNORT.parse("L.x").is_err());
        assert!(SNORT.parse("L.|.").is_err());
    }

    #[test]
    fn regions_keep_their_coloured_neighbours() {
        let b = COL.parse("..L..|#####|R.#.R").unwrap();
        let mut out = Vec::new();
        COL.components(&b, &mut out);
        let shown: Vec<String> = out.iter().map(|c| COL.display(c)).collect();
        assert_eq!(shown, ["..L", "L..", "R.", ".R"]);
        // A square next to both colours is dead and splits the board.
        out.clear();
        COL.components(&COL.parse("..L.R..").unwrap(), &mut out);
        assert_eq!(out.len(), 2);
    }

    /// Values worked out by hand from the rules and stated in the literature.
    #[test]
    fn known_values() {
        // One uncoloured square: either player colours it, {0|0} = *. A square next to
        // Left's colour: in Snort only Left may colour it ({0|} = 1), in Col only Right
        // ({|0} = -1) (Winning Ways ch. 2: a tinted node).
        for g in [SNORT, COL] {
            assert_eq!(value_text(&g, "."), "*");
            assert_eq!(value_text(&g, "L.R"), "0");
        }
        assert_eq!(value_text(&SNORT, "L."), "1");
        assert_eq!(value_text(&COL, "L."), "-1");
        // Two neighbours: in Snort the mover takes one and the other becomes theirs alone,
        // {1|-1} = ±1 (Winning Ways ch. 6: Snort is hot); in Col {-1|1} = 0.
        assert_eq!(value_text(&SNORT, ".."), "+-1");
        assert_eq!(value_text(&COL, ".."), "0");
        // Col `L..`: Left may only take the far end (leaving -1), Right either square
        // (leaving 1 or 0): {-1 | 0, 1} = -1/2. On a path of three, an end leaves ∓1/2 and
        // the middle ∓2: {-1/2, -2 | 1/2, 2} = 0.
        assert_eq!(value_text(&COL, "L.."), "-1/2");
        assert_eq!(value_text(&COL, "..."), "0");
        // Snort `L..`: Left leaves 1 either way, Right may only take the far end, leaving the
        // dead middle: {1 | 0}. On a path of three the middle leaves two squares only the
        // mover may take: {2 | -2} = ±2, which dominates the ends.
        assert_eq!(value_text(&SNORT, "L.."), "{1|0}");
        assert_eq!(value_text(&SNORT, "..."), "+-2");
    }

    /// Winning Ways ch. 2 (and Lessons in Play, ch. 1): every position of Col is a number
    /// or a number plus *. Checked on every board of up to 2×4 squares and 3×3.
    #[test]
    fn col_values_are_numbers_or_numbers_plus_star() {
        let mut ctx = Context::new();
        let mut s = ValueSolver::new(&COL, 10_000_000);
        let mut positions = Vec::new();
        for n in 1..=7 {
            positions.extend(words(&['.', 'L', 'R'], n));
        }
        positions.extend(boards(&['.', 'L', 'R', '#'], 2, 3));
        positions.extend(boards(&['.', 'L', 'R'], 2, 4));
        for text in positions {
            let g = s.value(&mut ctx, &COL.parse(&text).unwrap()).unwrap();
            let star = ctx.nimber(1);
            let shifted = ctx.add(g, star);
            assert!(
                ctx.is_number(g) || ctx.is_number(shifted),
                "col `{text}` = {}",
                ctx.display(g)
            );
        }
    }

    /// Values with components and symmetries equal the plain game tree's, and outcome
    /// classes the brute-force ones, on every small board.
    #[test]
    fn decomposition_and_symmetry_match_the_plain_tree() {
        for g in [SNORT, COL] {
            let mut positions = Vec::new();
            for n in 1..=6 {
                positions.extend(words(&['.', 'L', 'R'], n));
            }
            positions.extend(boards(&['.', 'L', 'R', '#'], 2, 3));
            positions.extend(boards(&['.', 'L', 'R'], 3, 3).into_iter().step_by(7));
            positions.push("....|....|....".into());
            assert!(check_against_plain(&g, &positions) > 5000);
        }
    }
}
