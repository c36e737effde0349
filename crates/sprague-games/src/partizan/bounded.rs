//! Bounds on `sprague value`: canonical-form work is watched by the request's limits
//! through the context (see `Context::watch`), and a form too large to write out is
//! refused before it is written. Written out, a canonical form repeats every shared
//! subgame at each place it occurs, so the text of a game whose arena is small can be
//! exponential: `*14` heated by 1 has 3^14 options in its written form (5 MB of text).

use crate::error::{Error, Result};
use rustc_hash::FxHashMap;
use sprague_core::partizan::{Context, GameId};

/// The most games (each option written at its place, numbers counted once) a canonical
/// form reported by `sprague value` may have when written out: about a megabyte of text.
pub const MAX_WRITTEN_GAMES: u64 = 1 << 20;

/// How many games `g` has when written out (itself and, unless it is written in one word
/// as `x + u·↑ + *m` is, its options written out in turn; a multiple of up past one literal
/// is several words), counted up to just above `cap`:
/// iterative over the arena, each game's count computed once.
pub fn written_games(ctx: &mut Context, g: GameId, cap: u64) -> u64 {
    let mut size: FxHashMap<GameId, u64> = FxHashMap::default();
    // (game, whether its options are already counted)
    let mut stack = vec![(g, false)];
    while let Some((h, ready)) = stack.pop() {
        if size.contains_key(&h) {
            continue;
        }
        if let Some(n) = ctx.as_nus(h) {
            // A multiple of up past one literal is written as a sum of literals.
            let literals =
                1 + n.up.unsigned_abs() / sprague_core::partizan::canonical::MAX_UP_LITERAL;
            size.insert(h, literals);
            continue;
        }
        let mut opts = ctx.left_options(h).to_vec();
        opts.extend_from_slice(ctx.right_options(h));
        if ready {
            let total = opts.iter().fold(1u64, |acc, o| {
                acc.saturating_add(size.get(o).copied().unwrap_or(0))
            });
            size.insert(h, total.min(cap.saturating_add(1)));
        } else {
            stack.push((h, true));
            stack.extend(
                opts.into_iter()
                    .filter(|o| !size.contains_key(o))
                    .map(|o| (o, false)),
            );
        }
    }
    size.get(&g).copied().unwrap_or(1)
}

/// Fails when `g` is too large to write out; `what` names it in the message (`the game
/// heated by 1`).
pub fn check_written(ctx: &mut Context, g: GameId, what: &str) -> Result<()> {
    let n = written_games(ctx, g, MAX_WRITTEN_GAMES);
    if n > MAX_WRITTEN_GAMES {
        return Err(Error::unsupported(format!(
            "{what} has more than {MAX_WRITTEN_GAMES} games in its canonical form when written out (its text would be megabytes long or more); try a smaller game"
        )));
    }
    Ok(())
}

/// Writes canonical forms within a budget of written games shared by one answer, so that
/// an answer listing the values of many large positions stays a few megabytes at most.
#[derive(Debug)]
pub struct Writer {
    left: u64,
    /// How many forms were left out.
    pub skipped: usize,
}

impl Default for Writer {
    fn default() -> Self {
        Writer {
            left: MAX_WRITTEN_GAMES,
            skipped: 0,
        }
    }
}

impl Writer {
    /// `g` in CGSuite's notation, or `None` (counted in `skipped`) when writing it would
    /// pass the budget.
    pub fn display(&mut self, ctx: &mut Context, g: GameId) -> Option<String> {
        let n = written_games(ctx, g, self.left);
        if n > self.left {
            self.skipped += 1;
            return None;
        }
        self.left -= n;
        Some(ctx.display(g))
    }

    /// The note of an answer some of whose values were left out, if any were.
    pub fn note(&self) -> Option<String> {
        (self.skipped > 0).then(|| {
            format!(
                "{} canonical forms are not written: together they have more than {MAX_WRITTEN_GAMES} games when written out",
                self.skipped
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::partizan::notation::parse;

    #[test]
    fn written_sizes_count_every_place() {
        let mut ctx = Context::new();
        // Numbers, nimbers and ups are one word each.
        let g = ctx.nimber(40);
        assert_eq!(written_games(&mut ctx, g, u64::MAX), 1);
        // {3||2*|1*}: itself, 3, and {2*|1*} with its two options.
        let g = parse(&mut ctx, "{3||2*|1*}").unwrap();
        assert_eq!(written_games(&mut ctx, g, u64::MAX), 5);
        // *n heated by 1 repeats the heated smaller nimbers at every place: more than 2^n.
        let one = ctx.integer(1);
        let mut last = 0;
        for n in 1..12u64 {
            let g = ctx.nimber(n);
            let h = ctx.heat(g, one);
            let w = written_games(&mut ctx, h, u64::MAX);
            assert!(w > 1 << n && w > 2 * last, "*{n}: {w}");
            last = w;
        }
        let g = ctx.nimber(20);
        let h = ctx.heat(g, one);
        assert_eq!(written_games(&mut ctx, h, 1000), 1001);
        assert!(check_written(&mut ctx, h, "*20 heated").is_err());
    }

    #[test]
    fn heating_a_large_nimber_is_refused_and_a_long_comparison_search_stops() {
        let opts = crate::partizan::value::ValueOptions {
            heat: Some("1".into()),
            ..Default::default()
        };
        let err = crate::partizan::value::value_report_with("*14", &opts).unwrap_err();
        assert!(err.to_string().contains("written out"), "{err}");
        assert!(crate::partizan::value::value_report_with("*6", &opts).is_ok());

        let few = crate::limits::Limits::positions(100);
        let err = crate::partizan::value::value_report_limited(
            "{3||2*|1*}-+-{2|*60}",
            &Default::default(),
            &few,
        )
        .unwrap_err();
        assert!(
            matches!(&err, Error::Limit { what, .. } if what.contains("comparisons")),
            "{err}"
        );
        let r =
            crate::partizan::value::value_report_with("{3||2*|1*}-+-{2|*60}", &Default::default())
                .unwrap();
        assert_eq!(r.canonical, "{3*60||2*61|1*61}");
    }
}
