//! Ski-Jumps (Berlekamp, Conway, Guy, *Winning Ways*, ch. 1; CGSuite's `SkiJumps`):
//! skiers on a board of squares, Left's moving east (right) and Right's west (left).
//!
//! - **Slide**: a skier moves one or more squares along its row in its direction, over
//!   empty squares only, and may slide off the edge of the board (then it is gone).
//! - **Jump**: a *jumper* directly above an opponent's skier (the square just below it, in
//!   the same column) may jump over it onto the square just below that one, which must be
//!   an empty square of the board. The skier jumped over becomes a *slipper*: it may still
//!   slide, but never jump again.
//!
//! A board is written as rows of `L` (Left's jumper), `R` (Right's jumper), `l` and `r`
//! (slippers) and `.` (empty) separated by `|`, top row first: `L...|..R.`.
//!
//! Skiers never move up, and a square more than one row below the lowest skier can never
//! be reached: those rows, and the empty rows above the highest skier, are cut away. A
//! jumper reaches a row only by jumping from two rows above, so each row above the first
//! row holding a jumper is a component of its own (its slippers only slide). The board
//! mirrored east–west with the colours swapped has the negated value.

use super::game::{searched, Listed, RulesetGame};
use super::grid::{display_board, parse_board, Board};
use crate::error::Result;
use crate::interface::{Editor, Example, Glyph, Picture, Players, Solution, Square};
use crate::interface::{Entry, Method};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;

/// A board: layers 0 and 1 hold Left's and Right's jumpers, 2 and 3 their slippers.
pub type SkiBoard = Board<4>;

const CHARS: [char; 4] = ['L', 'R', 'l', 'r'];

/// The rules of Ski-Jumps.
#[derive(Debug, Clone, Copy, Default)]
pub struct SkiJumps;

/// How a move goes.
enum Kind {
    /// Along the row to the cell given.
    Slide(u32),
    /// Off the edge of the board.
    Off,
    /// Down over the skier below to the cell given.
    Jump(u32),
}

impl SkiJumps {
    /// Left's layers (jumpers, slippers) and Right's, for `side` and its opponent.
    fn layers(side: Side) -> ((usize, usize), (usize, usize)) {
        match side {
            Side::Left => ((0, 2), (1, 3)),
            Side::Right => ((1, 3), (0, 2)),
        }
    }

    fn each_move(p: &SkiBoard, side: Side, mut f: impl FnMut(u32, Kind, SkiBoard)) {
        let (w, h) = (p.w as u32, p.h as u32);
        if w == 0 {
            return;
        }
        let ((jump, slip), (their_jump, their_slip)) = Self::layers(side);
        let occupied = p.occupied();
        let theirs = p.layers[their_jump] | p.layers[their_slip];
        let mut mine = p.layers[jump] | p.layers[slip];
        while mine != 0 {
            let i = mine.trailing_zeros();
            mine &= mine - 1;
            let layer = if p.layers[jump] >> i & 1 == 1 {
                jump
            } else {
                slip
            };
            let (r, c) = (i / w, i % w);
            // Slides, nearest first, then off the edge when the way is clear.
            let mut clear = true;
            let mut c2 = c;
            loop {
                match side {
                    Side::Left if c2 + 1 < w => c2 += 1,
                    Side::Right if c2 > 0 => c2 -= 1,
                    _ => break,
                }
                let j = r * w + c2;
                if occupied >> j & 1 == 1 {
                    clear = false;
                    break;
                }
                let mut q = *p;
                q.layers[layer] = (q.layers[layer] & !(1u128 << i)) | (1u128 << j);
                f(i, Kind::Slide(j), q);
            }
            if clear {
                let mut q = *p;
                q.layers[layer] &= !(1u128 << i);
                f(i, Kind::Off, q);
            }
            // A jumper over the opponent's skier just below, onto the empty square below it.
            if layer == jump && r + 2 < h {
                let below = i + w;
                let landing = i + 2 * w;
                if theirs >> below & 1 == 1 && occupied >> landing & 1 == 0 {
                    let mut q = *p;
                    q.layers[jump] = (q.layers[jump] & !(1u128 << i)) | (1u128 << landing);
                    q.layers[their_jump] &= !(1u128 << below);
                    q.layers[their_slip] |= 1u128 << below;
                    f(i, Kind::Jump(landing), q);
                }
            }
        }
    }

    /// The rows that matter: from the highest skier's row to the row below the lowest one.
    fn trimmed(p: &SkiBoard) -> SkiBoard {
        let occ = p.occupied();
        let w = p.w as u32;
        if occ == 0 || w == 0 {
            return SkiBoard {
                h: 0,
                w: 0,
                layers: [0; 4],
            };
        }
        let top = occ.trailing_zeros() / w;
        let bottom = ((127 - occ.leading_zeros()) / w + 1).min(p.h as u32 - 1);
        let mut q = *p;
        q.h = (bottom - top + 1) as u8;
        for l in q.layers.iter_mut() {
            *l >>= top * w;
        }
        q
    }
}

impl Ruleset for SkiJumps {
    type Position = SkiBoard;

    fn name(&self) -> &'static str {
        "ski-jumps"
    }

    fn parse(&self, text: &str) -> Result<SkiBoard> {
        parse_board("ski-jumps", text, CHARS, '.')
    }

    fn display(&self, p: &SkiBoard) -> String {
        display_board(p, CHARS, '.')
    }

    fn options(&self, p: &SkiBoard, side: Side, out: &mut Vec<SkiBoard>) {
        Self::each_move(p, side, |_, _, q| out.push(q));
    }

    /// Moves are named by the skier's square and where it goes: `b1 to d1`, `b1 off the
    /// board`, `b1 jumps to b3` (columns are letters from `a` at the left, rows numbers
    /// from 1 at the top).
    fn moves(&self, p: &SkiBoard, side: Side) -> Vec<(String, SkiBoard)> {
        let mut out = Vec::new();
        Self::each_move(p, side, |i, kind, q| {
            let from = p.cell_name(i);
            let label = match kind {
                Kind::Slide(j) => format!("{from} to {}", p.cell_name(j)),
                Kind::Off => format!("{from} off the board"),
                Kind::Jump(j) => format!("{from} jumps to {}", p.cell_name(j)),
            };
            out.push((label, q));
        });
        out
    }

    /// The rows from the top down to the first row holding a jumper are each a component
    /// of their own: no skier ever jumps from them (a jumper reaches a row only by jumping
    /// from two rows above), so their slippers only slide along their rows. The rows from
    /// the first jumper down make one component.
    fn components(&self, p: &SkiBoard, out: &mut Vec<SkiBoard>) {
        let (w, h) = (p.w as u32, p.h as u32);
        if w == 0 || p.occupied() == 0 {
            return;
        }
        let row_mask = if w == 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        };
        let jumpers = p.layers[0] | p.layers[1];
        // Rows r..r + n as a board of their own.
        let rows = |r: u32, n: u32| {
            let mask = if n * w == 128 {
                u128::MAX
            } else {
                (1u128 << (n * w)) - 1
            };
            SkiBoard {
                h: n as u8,
                w: p.w,
                layers: p.layers.map(|l| (l >> (r * w)) & mask),
            }
        };
        let mut r = 0;
        while r < h && (jumpers >> (r * w)) & row_mask == 0 {
            if (p.occupied() >> (r * w)) & row_mask != 0 {
                out.push(rows(r, 1));
            }
            r += 1;
        }
        if r < h {
            out.push(rows(r, h - r));
        }
    }

    fn normalize(&self, p: &SkiBoard) -> (SkiBoard, bool) {
        let a = Self::trimmed(p);
        if a.w == 0 {
            return (a, false);
        }
        // Mirrored east–west with the colours swapped: Left's skiers become Right's.
        let mut b = a.transform(1);
        b.layers.swap(0, 1);
        b.layers.swap(2, 3);
        if b < a {
            (b, true)
        } else {
            (a, false)
        }
    }
}

// The catalogue.

impl Listed for SkiJumps {
    /// Skiers only slide and jump downhill, so a board rarely splits and its positions
    /// share most of their followers: measured, two threads took twice one thread's time
    /// (`LR.....|.LR....|..LR...|...LR..|....LR.|.....LR`: 4.67 s against 2.28 s).
    fn searches_in_parallel(&self) -> bool {
        false
    }

    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: rows no skier can reach are cut away, and the board \
             mirrored with the colours swapped has the negated value",
        )
    }
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "ski-jumps",
        aliases: &["skijumps"],
        usage: "ski-jumps BOARD (rows of `L`/`R` jumpers, `l`/`r` slippers, `.` empty, separated by `|`)",
        summary: "Ski-Jumps: Left's skiers slide east, Right's west, and jump down over the opponent's",
        rules: "Left's skiers move east (right), Right's west (left): a skier slides one or more squares along its row over empty \
                squares, or off the edge of the board when the way is clear. A jumper (`L`, `R`) directly above a skier of the \
                opponent may instead jump over it onto the square just below, which must be an empty square of the board; the \
                skier jumped over becomes a slipper (`l`, `r`) that can never jump again. The board is rows of `L`, `R`, `l`, `r` \
                and `.` (empty) separated by `|`, top row first; at most 128 squares. Moves name the squares: `b1 to d1`, \
                `b1 off the board`, `b1 jumps to b3`.",
        theorem: "Canonical forms by search; rows no skier can reach are cut away, and the board mirrored east–west with the \
                  colours swapped has the negated value.",
        references: "Berlekamp, Conway, Guy, Winning Ways, ch. 1 (Ski-Jumps); CGSuite's SkiJumps.",
        examples: const {
            &[
                Example::normal("ski-jumps", "L...R|.R.L.|....."),
                Example::normal("ski-jumps", "L..R"),
            ]
        },
        editor: Editor::Grid {
            squares: &[
                Square { symbol: '.', glyph: Glyph::Empty, name: "empty" },
                Square { symbol: 'L', glyph: Glyph::LeftPiece, name: "Left's jumper (moves east)" },
                Square { symbol: 'R', glyph: Glyph::RightPiece, name: "Right's jumper (moves west)" },
                Square { symbol: 'l', glyph: Glyph::LeftStone, name: "Left's slipper" },
                Square { symbol: 'r', glyph: Glyph::RightStone, name: "Right's slipper" },
            ],
            hint: "click a square: empty, L (Left's jumper), R (Right's jumper), l or r (slippers, which cannot jump)",
        },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(SkiJumps, p),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{boards, check_against_plain, value_text, words};
    use super::*;

    #[test]
    fn slides_jumps_and_names() {
        let b = SkiJumps.parse("L.R|R..|...").unwrap();
        let named = |side| -> Vec<(String, String)> {
            SkiJumps
                .moves(&b, side)
                .into_iter()
                .map(|(n, q)| (n, SkiJumps.display(&q)))
                .collect()
        };
        assert_eq!(
            named(Side::Left),
            [
                ("a1 to b1".to_string(), ".LR|R..|...".to_string()),
                ("a1 jumps to a3".to_string(), "..R|r..|L..".to_string()),
            ]
        );
        assert_eq!(
            named(Side::Right),
            [
                ("c1 to b1".to_string(), "LR.|R..|...".to_string()),
                ("a2 off the board".to_string(), "L.R|...|...".to_string()),
            ]
        );
        // A slipper slides but never jumps; the landing square must be on the board.
        let s = SkiJumps.parse("l|R|.").unwrap();
        assert_eq!(SkiJumps.moves(&s, Side::Left).len(), 1);
        let t = SkiJumps.parse("L|R").unwrap();
        assert_eq!(SkiJumps.moves(&t, Side::Left).len(), 1);
        assert!(SkiJumps.parse("L.x").is_err());
    }

    /// Values worked out by hand from the rules of Winning Ways ch. 1.
    #[test]
    fn known_values() {
        // A lone Left skier with k empty squares to the east edge: it may stop on any of
        // them or leave, and each square is one more move for Left: k + 1.
        assert_eq!(value_text(&SkiJumps, "L"), "1");
        assert_eq!(value_text(&SkiJumps, "L.."), "3");
        assert_eq!(value_text(&SkiJumps, "..R"), "-3");
        assert_eq!(value_text(&SkiJumps, "LR"), "0");
        // `L..R`: each skier may step once or twice towards the other; one step leaves
        // {0|0} = * and two steps 0 (both blocked): {0, * | 0, *} = *2. (One peer program
        // answers otherwise; this follows the rules.)
        assert_eq!(value_text(&SkiJumps, ".L.R"), "*");
        assert_eq!(value_text(&SkiJumps, "L..R"), "*2");
        // A jumper above Right's skier: Left leaves (leaving -1) or jumps (a slipper worth
        // -1 and his skier worth 1: 0); Right leaves, leaving 1: {0 | 1} = 1/2.
        assert_eq!(value_text(&SkiJumps, "L|R|."), "1/2");
        // Without the landing square Left can only leave: {-1 | 1} = 0.
        assert_eq!(value_text(&SkiJumps, "L|R"), "0");
    }

    #[test]
    fn slipper_rows_above_the_jumpers_split_off() {
        let b = SkiJumps.parse("l.r.|....|.rl.|L...|.R..").unwrap();
        let mut out = Vec::new();
        SkiJumps.components(&b, &mut out);
        let shown: Vec<String> = out.iter().map(|c| SkiJumps.display(c)).collect();
        assert_eq!(shown, ["l.r.", ".rl.", "L...|.R.."]);
    }

    #[test]
    fn decomposition_and_symmetry_match_the_plain_tree() {
        let mut positions = Vec::new();
        for n in 1..=5 {
            positions.extend(words(&['.', 'L', 'R', 'l', 'r'], n));
        }
        positions.extend(boards(&['.', 'L', 'R'], 3, 2));
        positions.extend(boards(&['.', 'L', 'R', 'r'], 3, 2).into_iter().step_by(5));
        positions.extend(boards(&['.', 'L', 'R'], 3, 3).into_iter().step_by(11));
        positions.extend(boards(&['.', 'L', 'R'], 4, 2).into_iter().step_by(7));
        positions.extend(
            boards(&['.', 'l', 'r', 'L', 'R'], 3, 2)
                .into_iter()
                .step_by(3),
        );
        positions.push("L...R|.R.L.|.....".into());
        positions.push("l.r.|.rl.|L...|.R..|....".into());
        assert!(check_against_plain(&SkiJumps, &positions) > 4000);
    }
}
