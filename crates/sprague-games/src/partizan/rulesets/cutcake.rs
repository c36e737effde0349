//! Cutcake (Winning Ways, ch. 2; CGSuite's `Cutcake`, an instance of `GenCutcake` where
//! Left splits the number of columns and Right the number of rows): a sum of rectangular
//! cakes `RxC` (R rows, C columns) scored into unit squares. **Left cuts vertically**
//! along a score line, splitting an `RxC` cake into `Rxa + Rx(C-a)`; **Right cuts
//! horizontally**, giving `axC + (R-a)xC`. Written `3x4`, or a sum `3x4 + 2x2`.
//!
//! Every rectangle is its own component; transposing every cake swaps the players'
//! roles (the negated value).

use super::game::{searched, Listed, RulesetGame};
use crate::error::{Error, Result};
use crate::interface::{Editor, Example, Picture, Players, Solution};
use crate::interface::{Entry, Method};
use sprague_core::partizan::canonical::{Context, GameId};
use sprague_core::partizan::rules::Ruleset;
use sprague_core::partizan::solver::ValueSolver;
use sprague_core::value::Side;

/// The largest side accepted.
pub const MAX_SIDE: u32 = 10_000;

/// A sum of cakes `(rows, columns)`, sorted.
pub type Cakes = Vec<(u32, u32)>;

/// The rules of Cutcake.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cutcake;

impl Cutcake {
    /// Calls `f` with each move of `side`: the cake cut, the size of the smaller piece, and
    /// the cakes after the cut. The 1×1 pieces (worth 0) are dropped from the cakes after
    /// unless `keep_units`, so that the search's positions stay small while the positions
    /// shown to a person keep every piece of the cake.
    fn each_move(p: &Cakes, side: Side, keep_units: bool, mut f: impl FnMut(usize, u32, Cakes)) {
        for (k, &(r, c)) in p.iter().enumerate() {
            // Cutting either of two equal cakes leads to the same position.
            if k > 0 && p[k - 1] == (r, c) {
                continue;
            }
            let n = if side == Side::Left { c } else { r };
            for a in 1..=n / 2 {
                let mut q = p.clone();
                q.remove(k);
                if side == Side::Left {
                    q.push((r, a));
                    q.push((r, c - a));
                } else {
                    q.push((a, c));
                    q.push((r - a, c));
                }
                if !keep_units {
                    q.retain(|&(r, c)| r * c > 1);
                }
                q.sort_unstable();
                f(k, a, q);
            }
        }
    }

    /// The value of one cake of `r` rows and `c` columns, an integer (Winning Ways, ch. 2):
    /// with `2^k` the largest power of two at most the shorter side, the longer side's
    /// player has `⌊longer / 2^k⌋ − 1` free moves (positive for Left, who cuts the columns,
    /// when the cake is at least as wide as it is tall). Checked against the search in
    /// the tests below.
    pub fn cake_value(r: u32, c: u32) -> i64 {
        let free = |long: u32, short: u32| {
            let k = 31 - short.max(1).leading_zeros();
            i64::from(long >> k) - 1
        };
        if c >= r {
            free(c, r)
        } else {
            -free(r, c)
        }
    }

    /// The number of moves of both players from `p`, counted without listing them: a cake
    /// of R rows and C columns has ⌊C/2⌋ vertical cuts and ⌊R/2⌋ horizontal ones, and equal
    /// cakes offer the same moves.
    pub fn move_count(p: &Cakes) -> u128 {
        p.iter()
            .enumerate()
            .filter(|&(k, rc)| k == 0 || p[k - 1] != *rc)
            .map(|(_, &(r, c))| u128::from(r / 2) + u128::from(c / 2))
            .sum()
    }
}

impl Ruleset for Cutcake {
    type Position = Cakes;

    fn name(&self) -> &'static str {
        "cutcake"
    }

    fn parse(&self, text: &str) -> Result<Cakes> {
        let mut out = Vec::new();
        let mut zero = false;
        for word in text.split(|c: char| c == '+' || c.is_whitespace()) {
            // `0` is the empty sum, as `display` writes it.
            if word == "0" {
                zero = true;
                continue;
            }
            if word.is_empty() {
                continue;
            }
            let (a, b) = word.split_once(['x', 'X', '*']).ok_or_else(|| {
                Error::parse(format!(
                    "cutcake: `{word}` is not a cake; write ROWSxCOLUMNS, e.g. `3x4`"
                ))
            })?;
            let side = |s: &str| -> Result<u32> {
                let v: u32 = s.trim().parse().map_err(|_| {
                    Error::parse(format!(
                        "cutcake: `{s}` in `{word}` is not a positive integer"
                    ))
                })?;
                if v == 0 || v > MAX_SIDE {
                    return Err(Error::parse(format!(
                        "cutcake: side `{s}` in `{word}` must be between 1 and {MAX_SIDE}"
                    )));
                }
                Ok(v)
            };
            out.push((side(a)?, side(b)?));
        }
        if out.is_empty() && !zero {
            return Err(Error::parse(
                "cutcake: no cake given; write ROWSxCOLUMNS, e.g. `3x4`",
            ));
        }
        out.sort_unstable();
        Ok(out)
    }

    fn display(&self, p: &Cakes) -> String {
        if p.is_empty() {
            return "0".into();
        }
        p.iter()
            .map(|(r, c)| format!("{r}x{c}"))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    fn options(&self, p: &Cakes, side: Side, out: &mut Vec<Cakes>) {
        Self::each_move(p, side, false, |_, _, q| out.push(q));
    }

    /// Moves are named by the cut, e.g. `cut 3x4 vertically into 3x1 + 3x3`; the positions
    /// after them keep the 1×1 pieces, so that they read as the whole cake.
    fn moves(&self, p: &Cakes, side: Side) -> Vec<(String, Cakes)> {
        let mut out = Vec::new();
        Self::each_move(p, side, true, |k, a, q| {
            let (r, c) = p[k];
            let how = if side == Side::Left {
                format!("cut {r}x{c} vertically into {r}x{a} + {r}x{}", c - a)
            } else {
                format!("cut {r}x{c} horizontally into {a}x{c} + {}x{c}", r - a)
            };
            out.push((how, q));
        });
        out
    }

    fn components(&self, p: &Cakes, out: &mut Vec<Cakes>) {
        for &rc in p {
            if rc.0 * rc.1 > 1 {
                out.push(vec![rc]);
            }
        }
    }

    /// A single cake by [`Cutcake::cake_value`], so that no cake is ever searched.
    fn closed_form(&self, p: &Cakes, ctx: &mut Context) -> Option<GameId> {
        match p.as_slice() {
            [] => Some(ctx.zero()),
            &[(r, c)] => Some(ctx.integer(Self::cake_value(r, c))),
            _ => None,
        }
    }

    fn normalize(&self, p: &Cakes) -> (Cakes, bool) {
        let mut q: Cakes = p.iter().copied().filter(|&(r, c)| r * c > 1).collect();
        q.sort_unstable();
        let mut t: Cakes = q.iter().map(|&(r, c)| (c, r)).collect();
        t.sort_unstable();
        if t < q {
            (t, true)
        } else {
            (q, false)
        }
    }
}

// The catalogue.

impl Listed for Cutcake {
    fn move_count(&self, p: &Self::Position) -> u128 {
        // Sides go up to 10^4 and sums have any number of cakes: count, do not list.
        Cutcake::move_count(p)
    }

    fn method(&self, components: &[Self::Position], _: &mut Context) -> Method {
        if components.is_empty() {
            return searched(components, "");
        }
        // Every cake has a closed form (`Cutcake::cake_value`): nothing is searched.
        Method::theorem(
            "every cake is an integer (Winning Ways, ch. 2): with 2^k the largest power of \
             two at most the shorter side, ⌊longer side / 2^k⌋ − 1 free moves for the player \
             who cuts across the longer side; a sum adds them",
        )
    }
}

/// The entry's check compares every cake of up to this many rows...
const CHECKED_ROWS: u32 = 9;
/// ...and this many columns: cakes wider than tall and taller than wide, so that the closed
/// form is met for both players.
const CHECKED_COLUMNS: u32 = 17;
/// The most positions the check's search may store (far more than these cakes need).
const CHECK_SEARCH_LIMIT: u64 = 1_000_000;

/// The theorem against the search of the rules (the entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    cakes_against_search(CHECKED_ROWS, CHECKED_COLUMNS)
}

/// Every cake of up to `rows` × `columns`: its value as the catalogue answers it (the
/// closed form) against the canonical value by a search of the rules that uses no closed
/// form. Returns the cakes compared, or the first that disagrees.
fn cakes_against_search(rows: u32, columns: u32) -> std::result::Result<u64, String> {
    let mut ctx = Context::new();
    let mut search = ValueSolver::new(&Cutcake, CHECK_SEARCH_LIMIT).without_closed_forms();
    for r in 1..=rows {
        for c in 1..=columns {
            let cake = vec![(r, c)];
            let claimed = Cutcake
                .closed_form(&cake, &mut ctx)
                .ok_or_else(|| format!("cutcake {r}x{c}: no closed form"))?;
            let searched = search
                .value(&mut ctx, &cake)
                .map_err(|e| format!("cutcake {r}x{c}: search failed: {e}"))?;
            if claimed != searched {
                return Err(format!(
                    "cutcake {r}x{c}: {} by the closed form, {} by search",
                    ctx.display(claimed),
                    ctx.display(searched)
                ));
            }
        }
    }
    Ok(u64::from(rows * columns))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "cutcake",
        aliases: &[],
        usage: "cutcake RxC [+ RxC ...] (R rows, C columns)",
        summary: "Cutcake: Left cuts vertically, Right horizontally",
        rules: "A cake of R rows and C columns of unit squares. Left cuts it vertically along a score line into two cakes \
                (R×a and R×(C−a)); Right cuts horizontally (a×C and (R−a)×C). Sums are written `3x4 + 2x2`; `0` is the empty sum. \
                Moves read `cut 3x4 vertically into 3x1 + 3x3`.",
        theorem: "Every cake is an integer: with 2^k the largest power of two at most the shorter side, ⌊longer / 2^k⌋ − 1 free moves for the player who cuts across the longer side (Left when it is at least as wide as tall); a sum adds them, so no cake is searched.",
        references: "Winning Ways, ch. 2; CGSuite's Cutcake (GenCutcake: Left splits the columns).",
        examples: const {
            &[
                Example::normal("cutcake", "3x4 + 2x2"),
            ]
        },
        editor: Editor::Text,
        players: Players::Partizan,
        pictures: &[Picture::Thermograph],
        solution: Solution::Theorem {
            check: check_theorem,
        },
        build: |p| RulesetGame::build(Cutcake, p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::partizan::outcome::OutcomeSolver;

    #[test]
    fn strips_and_outcomes() {
        let g = Cutcake;
        let mut s = OutcomeSolver::new(&g, 1_000_000);
        // 1x3: Left (vertical cuts) has moves, Right none: L.  3x1: R.  2x2 = 0: P.
        assert_eq!(s.wins(&g.parse("1x3").unwrap()).unwrap().letter(), 'L');
        assert_eq!(s.wins(&g.parse("3x1").unwrap()).unwrap().letter(), 'R');
        assert_eq!(s.wins(&g.parse("2x2").unwrap()).unwrap().letter(), 'P');
        assert!(g.parse("3y4").is_err());
        assert!(g.parse("0x4").is_err());
        assert!(g.parse("").is_err());
        assert_eq!(g.parse("0").unwrap(), Vec::<(u32, u32)>::new());
    }

    #[test]
    fn the_closed_form_agrees_with_the_search() {
        assert_eq!(
            check_theorem(),
            Ok(u64::from(CHECKED_ROWS * CHECKED_COLUMNS))
        );
        // Huge cakes are answered without search.
        let g = Cutcake;
        let mut ctx = Context::new();
        let mut s = ValueSolver::new(&g, 10);
        let v = s
            .value(&mut ctx, &g.parse("1000x1000 + 2x5000").unwrap())
            .unwrap();
        assert_eq!(v, ctx.integer(2499));
    }

    #[test]
    fn moves_keep_every_piece_and_are_counted() {
        let g = Cutcake;
        let p = g.parse("1x3 + 2x2 + 2x2").unwrap();
        let left: Vec<(String, String)> = g
            .moves(&p, Side::Left)
            .into_iter()
            .map(|(n, q)| (n, g.display(&q)))
            .collect();
        assert_eq!(
            left,
            vec![
                (
                    "cut 1x3 vertically into 1x1 + 1x2".to_string(),
                    "1x1 + 1x2 + 2x2 + 2x2".to_string()
                ),
                (
                    "cut 2x2 vertically into 2x1 + 2x1".to_string(),
                    "1x3 + 2x1 + 2x1 + 2x2".to_string()
                )
            ]
        );
        let both = g.moves(&p, Side::Left).len() + g.moves(&p, Side::Right).len();
        assert_eq!(Cutcake::move_count(&p), both as u128);
        assert_eq!(Cutcake::move_count(&g.parse("3x10000").unwrap()), 5001);
    }
}
