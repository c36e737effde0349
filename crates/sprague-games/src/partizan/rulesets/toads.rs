//! Toads and Frogs (Winning Ways, ch. 1; CGSuite's `ToadsAndFrogs`): a strip of squares
//! holding toads (`t`, Left's) and frogs (`f`, Right's) and empty squares (`.`). Left moves
//! a toad one square to the right onto an empty square, or jumps it over exactly one frog
//! onto an empty square just beyond; Right moves frogs to the left in the same way.
//! Written as in CGSuite: `ttt..fff`.
//!
//! Decomposition: two toads followed by two frogs (`ttff`) can never move again, so the
//! strip splits there; frogs at the left end and toads at the right end are dead and
//! dropped. Reversing the strip and swapping toads with frogs negates the value.

use super::game::{searched, Listed, RulesetGame};
use crate::error::{Error, Result};
use crate::interface::{Editor, Example, Glyph, Picture, Players, Solution, Square};
use crate::interface::{Entry, Method};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;

/// The most squares a strip may have.
pub const MAX_SQUARES: usize = 128;

/// A strip: `len` squares; bit `i` of `toads`/`frogs` is square `i` from the left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Strip {
    /// Number of cells.
    pub len: u8,
    /// Cells holding a toad (bit i for cell i + 1).
    pub toads: u128,
    /// Cells holding a frog.
    pub frogs: u128,
}

impl Strip {
    fn all(len: u32) -> u128 {
        if len >= 128 {
            u128::MAX
        } else {
            (1u128 << len) - 1
        }
    }
    fn empty(&self) -> u128 {
        Self::all(self.len as u32) & !(self.toads | self.frogs)
    }
    /// The squares `lo..hi` as a strip of their own.
    fn slice(&self, lo: u32, hi: u32) -> Strip {
        let m = Self::all(hi - lo);
        Strip {
            len: (hi - lo) as u8,
            toads: (self.toads >> lo) & m,
            frogs: (self.frogs >> lo) & m,
        }
    }
    /// Reversed, toads and frogs swapped: the negated game.
    fn mirrored(&self) -> Strip {
        let rev = |x: u128| {
            if self.len == 0 {
                0
            } else {
                x.reverse_bits() >> (128 - self.len as u32)
            }
        };
        Strip {
            len: self.len,
            toads: rev(self.frogs),
            frogs: rev(self.toads),
        }
    }
    /// Without the dead frogs at the left end and dead toads at the right end.
    fn trimmed(&self) -> Strip {
        let lo = (!self.frogs).trailing_zeros().min(self.len as u32);
        let mut hi = self.len as u32;
        while hi > lo && self.toads >> (hi - 1) & 1 == 1 {
            hi -= 1;
        }
        self.slice(lo, hi)
    }
}

/// The components a search of `p` stores, about: for each component of `t` toads and `f`
/// frogs on `n` squares, the number of ways to place them, `n! / (t! f! (n−t−f)!)`, an
/// upper bound on its positions (measured: 2 to 12 times the components stored), over 3.
/// Named in the error of a search that stops at its limit.
pub fn estimated_components(p: &Strip) -> u128 {
    let mut comps = Vec::new();
    ToadsAndFrogs.components(p, &mut comps);
    let mut total = 0u128;
    for c in comps {
        let n = u128::from(c.len);
        let (t, f) = (
            u128::from(c.toads.count_ones()),
            u128::from(c.frogs.count_ones()),
        );
        // C(n, t) · C(n − t, f), each binomial built up exactly (or saturated).
        let choose =
            |n: u128, k: u128| (0..k).fold(1u128, |acc, i| acc.saturating_mul(n - i) / (i + 1));
        let ways = choose(n, t).saturating_mul(choose(n - t, f));
        total = total.saturating_add(ways / 3);
    }
    total
}

/// The rules of Toads and Frogs.
#[derive(Debug, Clone, Copy, Default)]
pub struct ToadsAndFrogs;

impl ToadsAndFrogs {
    fn each_move(p: &Strip, side: Side, mut f: impl FnMut(u32, u32, Strip)) {
        let e = p.empty();
        match side {
            Side::Left => {
                let slides = p.toads & (e >> 1);
                let jumps = p.toads & (p.frogs >> 1) & (e >> 2);
                for (mut m, d) in [(slides, 1), (jumps, 2)] {
                    while m != 0 {
                        let i = m.trailing_zeros();
                        m &= m - 1;
                        let mut q = *p;
                        q.toads = (q.toads & !(1u128 << i)) | (1u128 << (i + d));
                        f(i, i + d, q);
                    }
                }
            }
            Side::Right => {
                let slides = p.frogs & (e << 1);
                let jumps = p.frogs & (p.toads << 1) & (e << 2);
                for (mut m, d) in [(slides, 1), (jumps, 2)] {
                    while m != 0 {
                        let i = m.trailing_zeros();
                        m &= m - 1;
                        let mut q = *p;
                        q.frogs = (q.frogs & !(1u128 << i)) | (1u128 << (i - d));
                        f(i, i - d, q);
                    }
                }
            }
        }
    }
}

impl Ruleset for ToadsAndFrogs {
    type Position = Strip;

    fn name(&self) -> &'static str {
        "toads-and-frogs"
    }

    fn parse(&self, text: &str) -> Result<Strip> {
        let text = text.trim();
        let n = text.chars().count();
        if n == 0 {
            return Err(Error::parse(
                "toads-and-frogs: empty strip; write squares as `t`, `f` and `.`, e.g. `ttt..fff`",
            ));
        }
        if n > MAX_SQUARES {
            return Err(Error::unsupported(format!(
                "toads-and-frogs: strip `{text}` has {n} squares; at most {MAX_SQUARES} are supported"
            )));
        }
        let mut s = Strip {
            len: n as u8,
            toads: 0,
            frogs: 0,
        };
        for (i, ch) in text.chars().enumerate() {
            match ch {
                't' | 'T' => s.toads |= 1u128 << i,
                'f' | 'F' => s.frogs |= 1u128 << i,
                '.' => {}
                _ => {
                    return Err(Error::parse(format!(
                        "toads-and-frogs: unexpected `{ch}` at square {} of `{text}`; squares are `t` (toad), `f` (frog) or `.` (empty)",
                        i + 1
                    )))
                }
            }
        }
        Ok(s)
    }

    fn display(&self, p: &Strip) -> String {
        (0..p.len as u32)
            .map(|i| {
                if p.toads >> i & 1 == 1 {
                    't'
                } else if p.frogs >> i & 1 == 1 {
                    'f'
                } else {
                    '.'
                }
            })
            .collect()
    }

    fn options(&self, p: &Strip, side: Side, out: &mut Vec<Strip>) {
        Self::each_move(p, side, |_, _, q| out.push(q));
    }

    /// Moves are named by the squares, counted from 1 at the left: `toad at 2 moves to 3`,
    /// `frog at 5 jumps to 3`.
    fn moves(&self, p: &Strip, side: Side) -> Vec<(String, Strip)> {
        let mut out = Vec::new();
        let piece = if side == Side::Left { "toad" } else { "frog" };
        Self::each_move(p, side, |i, j, q| {
            let how = if i.abs_diff(j) == 2 { "jumps" } else { "moves" };
            out.push((format!("{piece} at {} {how} to {}", i + 1, j + 1), q))
        });
        out
    }

    fn components(&self, p: &Strip, out: &mut Vec<Strip>) {
        // Walls: toads at i, i+1 and frogs at i+2, i+3.
        let walls = p.toads & (p.toads >> 1) & (p.frogs >> 2) & (p.frogs >> 3);
        let mut start = 0u32;
        let mut m = walls;
        let mut push = |s: Strip| {
            let t = s.trimmed();
            if t.toads | t.frogs != 0 && t.len > 0 {
                out.push(t);
            }
        };
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            push(p.slice(start, i + 2));
            start = i + 2;
        }
        push(p.slice(start, p.len as u32));
    }

    fn normalize(&self, p: &Strip) -> (Strip, bool) {
        let t = p.trimmed();
        let m = t.mirrored();
        if m < t {
            (m, true)
        } else {
            (t, false)
        }
    }
}

// The catalogue.

impl Listed for ToadsAndFrogs {
    fn estimate(&self, p: &Self::Position) -> Option<u128> {
        Some(estimated_components(p))
    }

    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search: the strip splits at `ttff` walls, dead end pieces are \
             dropped, and the mirrored strip with toads and frogs swapped has the negated value",
        )
    }
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "toads-and-frogs",
        aliases: &["toads", "toadsandfrogs"],
        usage: "toads-and-frogs STRIP (squares `t` toad, `f` frog, `.` empty, e.g. `ttt..fff`)",
        summary: "Toads and Frogs: toads move right, frogs left, sliding or jumping",
        rules: "Left moves a toad one square right onto an empty square, or jumps it over one frog onto the empty square beyond; \
                Right moves frogs left likewise. At most 128 squares. Moves name the squares, counted from 1 at the left: \
                `toad at 2 moves to 3`, `frog at 5 jumps to 3`.",
        theorem: "Canonical forms by search; the strip splits at `ttff` walls, dead end pieces are dropped, and the mirrored \
                  strip with toads and frogs swapped has the negated value.",
        references: "Winning Ways, ch. 1; Erickson, New Toads and Frogs results (1996).",
        examples: const {
            &[
                Example::normal("toads-and-frogs", "tt..ff"),
            ]
        },
        editor: Editor::Strip {
            squares: &[
                Square { symbol: '.', glyph: Glyph::Empty, name: "empty" },
                Square { symbol: 't', glyph: Glyph::LeftPiece, name: "toad" },
                Square { symbol: 'f', glyph: Glyph::RightPiece, name: "frog" },
            ],
            hint: "click a square: empty, toad (Left, moves right) or frog (Right, moves left)",
            numbered: false,
        },
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Search,
        build: |p| RulesetGame::build(ToadsAndFrogs, p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::partizan::outcome::OutcomeSolver;

    #[test]
    fn moves_and_outcomes() {
        let g = ToadsAndFrogs;
        let p = g.parse("t.f").unwrap();
        let mut v = Vec::new();
        g.options(&p, Side::Left, &mut v);
        assert_eq!(v.len(), 1);
        assert_eq!(g.display(&v[0]), ".tf");
        let p = g.parse("tf.").unwrap();
        v.clear();
        g.options(&p, Side::Left, &mut v);
        assert_eq!(g.display(&v[0]), ".ft");
        v.clear();
        g.options(&p, Side::Right, &mut v);
        assert!(v.is_empty());
        assert!(g.parse("tx").is_err());
        let mut s = OutcomeSolver::new(&g, 1_000_000);
        // t.f = {0 | 0} = *: first player wins.
        assert_eq!(s.wins(&g.parse("t.f").unwrap()).unwrap().letter(), 'N');
        assert_eq!(s.wins(&g.parse("t..").unwrap()).unwrap().letter(), 'L');
        assert_eq!(s.wins(&g.parse("ttff").unwrap()).unwrap().letter(), 'P');
        assert_eq!(g.normalize(&g.parse("ft.tf").unwrap()).0.len, 4);
    }

    #[test]
    fn moves_are_named_by_squares() {
        let g = ToadsAndFrogs;
        let p = g.parse("t.tf.").unwrap();
        let named = |side| -> Vec<(String, String)> {
            g.moves(&p, side)
                .into_iter()
                .map(|(n, q)| (n, g.display(&q)))
                .collect()
        };
        assert_eq!(
            named(Side::Left),
            vec![
                ("toad at 1 moves to 2".to_string(), ".ttf.".to_string()),
                ("toad at 3 jumps to 5".to_string(), "t..ft".to_string())
            ]
        );
        assert_eq!(
            named(Side::Right),
            vec![("frog at 4 jumps to 2".to_string(), "tft..".to_string())]
        );
    }

    #[test]
    fn walls_split_the_strip() {
        let g = ToadsAndFrogs;
        let mut out = Vec::new();
        g.components(&g.parse("t.ttff.f").unwrap(), &mut out);
        let shown: Vec<String> = out.iter().map(|s| g.display(s)).collect();
        assert_eq!(shown, vec!["t.", ".f"]);
    }
}
