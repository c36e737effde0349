//! Up-nth and up-sums, the games CGSuite writes `^<n>` and `^[n]`: built here, below both
//! the parser in `notation` that reads those literals and the printer in `print` that
//! writes them.

use super::{Context, GameId};

/// Up-nth `↑^n` (CGSuite's `^<n>`): `↑^1 = ↑` and `↑^n = ↑^[n] - ↑^[n-1]`, which is
/// `{0 | ↓^[n-1] *}` (`^<2> = {0|v*}`; the tests check both forms).
pub fn up_nth(ctx: &mut Context, n: u64) -> GameId {
    if n <= 1 {
        return ctx.up();
    }
    let s = up_sum(ctx, n - 1);
    let z = ctx.zero();
    let star = ctx.nimber(1);
    let d = ctx.neg(s);
    let ds = ctx.add(d, star);
    ctx.from_options(&[z], &[ds])
}

/// Up-sum `↑^[n] = ↑ + ↑^2 + ... + ↑^n` (CGSuite's `^[n]`): `↑^[1] = ↑`,
/// `↑^[n] = {↑^[n-1] | *}` (CGSuite's test suite: `{0|*||*|||*||||*}` is `^[4]`, with left
/// option `^[3]` and right option `*`).
pub fn up_sum(ctx: &mut Context, n: u64) -> GameId {
    let mut g = ctx.up();
    let star = ctx.nimber(1);
    for _ in 2..=n {
        g = ctx.from_options(&[g], &[star]);
    }
    g
}
