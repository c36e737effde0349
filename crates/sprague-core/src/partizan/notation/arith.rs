//! CGSuite's arithmetic operators between games that are not sums: the product `G * H`
//! and the power `x ^ k`, with CGSuite's meanings (its `Integer`, `DyadicRational` and
//! `CanonicalShortGame` classes): an integer times a game is that many copies of it, two
//! numbers multiply, a number raised to an integer power is a number. Anything else is an
//! error naming the operands, as in CGSuite (`^ * ^` has no meaning there).

use crate::error::{Error, Result};
use crate::partizan::canonical::{Context, GameId};

/// The most bits of numerator and denominator a power may have (`2^(65536)` is refused,
/// `2^(4096)` is not): the number is written out in every report.
pub const MAX_POWER_BITS: u64 = 1 << 16;

/// `a * b`.
pub(super) fn multiply(ctx: &mut Context, a: GameId, b: GameId) -> Result<GameId> {
    if let (Some(x), Some(y)) = (ctx.as_number(a).cloned(), ctx.as_number(b).cloned()) {
        let p = x
            .mul(&y)
            .ok_or_else(|| Error::invalid(format!("the product {x} * {y} is too large")))?;
        return Ok(ctx.number(p));
    }
    let integer = |ctx: &Context, g| ctx.as_number(g).is_some_and(|x| x.is_integer());
    if integer(ctx, a) {
        return ctx.norton_product(a, b);
    }
    if integer(ctx, b) {
        return ctx.norton_product(b, a);
    }
    let (sa, sb) = (ctx.display(a), ctx.display(b));
    Err(Error::parse(format!(
        "`{sa} * {sb}`: `*` multiplies a game by an integer (n copies) or two numbers, as in \
         CGSuite; neither `{sa}` nor `{sb}` is an integer: write `G.NortonProduct(H)` or \
         `G.ConwayProduct(H)`"
    )))
}

/// `base ^ exponent`.
pub(super) fn power(ctx: &mut Context, base: GameId, exponent: GameId) -> Result<GameId> {
    let Some(x) = ctx.as_number(base).cloned() else {
        let shown = ctx.display(base);
        return Err(Error::parse(format!(
            "`^` after `{shown}` raises a number to a power, and `{shown}` is not a number \
             (ups after a game are written `+ ^`)"
        )));
    };
    let k = match ctx.as_number(exponent) {
        Some(k) if k.is_integer() => k.to_i64(),
        _ => {
            let shown = ctx.display(exponent);
            return Err(Error::parse(format!(
                "the exponent of `({x})^` must be an integer, not `{shown}`"
            )));
        }
    };
    let Some(k) = k else {
        return Err(Error::invalid(format!("the power of {x} is too large")));
    };
    if x.is_zero() && k < 0 {
        return Err(Error::invalid(format!("0^({k}) divides by zero")));
    }
    match x.pow(k, MAX_POWER_BITS) {
        Ok(p) => Ok(ctx.number(p)),
        Err(true) => Err(Error::invalid(format!(
            "{x}^({k}) is not a dyadic number (short games have dyadic numbers only)"
        ))),
        Err(false) => Err(Error::invalid(format!(
            "{x}^({k}) is too large (at most {MAX_POWER_BITS} bits)"
        ))),
    }
}
