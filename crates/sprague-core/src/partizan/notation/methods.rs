//! CGSuite's methods and properties of a short game, by the names CGSuite gives them
//! (`G.Cool(t)`, `G.AtomicWeight`, `G.Options(Left)`, ...): the table that the parser's
//! `.Name(args)` calls.

use super::Answer;
use crate::error::{Error, Result};
use crate::partizan::canonical::{Context, GameId};

/// An argument of a method: a game, or a player.
#[derive(Clone, Copy, Debug)]
pub(super) enum Arg {
    Game(GameId),
    Left,
    Right,
}

/// Every method and property, as `sprague value` lists them in its errors and the
/// documentation: name and arguments.
pub const METHODS: &[&str] = &[
    "AtomicWeight",
    "Birthday",
    "Class",
    "Companion",
    "ConwayProduct(H)",
    "Cool(t)",
    "Degree",
    "FollowerCount",
    "Followers",
    "Freeze",
    "Heat(t)",
    "Incentives",
    "IsAllSmall",
    "IsAtomic",
    "IsEven",
    "IsEvenTempered",
    "IsIdempotent",
    "IsInfinitesimal",
    "IsInteger",
    "IsLoopfree",
    "IsNimber",
    "IsNumber",
    "IsNumberish",
    "IsNumberTiny",
    "IsOdd",
    "IsOddTempered",
    "IsOrdinal",
    "IsPlumtree",
    "IsPseudonumber",
    "IsStopper",
    "IsStopperSided",
    "IsUptimal",
    "IsZero",
    "LeftIncentives",
    "LeftOptions",
    "LeftStop",
    "Mean",
    "MisereOutcomeClass",
    "NimValue",
    "NortonProduct(U)",
    "Offside",
    "Onside",
    "Options(Left)",
    "OrdinalSum(H)",
    "OutcomeClass",
    "Overheat(s,t)",
    "Pow(x)",
    "PowTo(x)",
    "ReducedCanonicalForm",
    "RightIncentives",
    "RightOptions",
    "RightStop",
    "Stop(Left)",
    "StopCount",
    "Temperature",
    "Thermograph",
    "UptimalExpansion",
    "Variety",
];

fn games<const N: usize>(name: &str, args: &[Arg]) -> Result<[GameId; N]> {
    let wrong = || {
        Error::parse(format!(
            "`.{name}` takes {N} game argument{}",
            if N == 1 { "" } else { "s" }
        ))
    };
    if args.len() != N {
        return Err(wrong());
    }
    let mut out = [GameId(0); N];
    for (o, a) in out.iter_mut().zip(args) {
        match a {
            Arg::Game(g) => *o = *g,
            _ => return Err(wrong()),
        }
    }
    Ok(out)
}

/// `g.name(args)`.
pub(super) fn call(ctx: &mut Context, g: GameId, name: &str, args: &[Arg]) -> Result<Answer> {
    use Answer::{Bool, Game, Games};
    let none = |n: &str| games::<0>(n, args);
    Ok(match name {
        "Cool" => {
            let [t] = games::<1>(name, args)?;
            let t = number_arg(ctx, t, "the cooling temperature")?;
            if t <= crate::partizan::Dyadic::integer(-1) {
                return Err(Error::invalid(format!(
                    "invalid cooling temperature (must be > -1): {t}"
                )));
            }
            Game(ctx.cool(g, &t))
        }
        "Heat" => {
            let [t] = games::<1>(name, args)?;
            Game(ctx.heat(g, t))
        }
        "Overheat" => {
            let [s, t] = games::<2>(name, args)?;
            Game(ctx.overheat(g, s, t)?)
        }
        // Older CGSuite releases (and their tests) name the products `...Multiply`.
        "NortonProduct" | "NortonMultiply" => {
            let [u] = games::<1>(name, args)?;
            Game(ctx.norton_product(g, u)?)
        }
        "ConwayProduct" | "ConwayMultiply" => {
            let [h] = games::<1>(name, args)?;
            Game(ctx.conway_product(g, h)?)
        }
        "OrdinalSum" => {
            let [h] = games::<1>(name, args)?;
            Game(ctx.ordinal_sum(g, h)?)
        }
        "Pow" | "PowTo" => {
            let [x] = games::<1>(name, args)?;
            let x = number_arg(ctx, x, "the exponent")?;
            Game(if name == "Pow" {
                ctx.pow(g, &x)?
            } else {
                ctx.pow_to(g, &x)?
            })
        }
        "AtomicWeight" => {
            none(name)?;
            Game(ctx.atomic_weight(g)?)
        }
        "IsAtomic" => {
            none(name)?;
            Bool(ctx.atomic_weight(g).is_ok())
        }
        "ReducedCanonicalForm" => {
            none(name)?;
            Game(ctx.reduced(g))
        }
        "Freeze" => {
            none(name)?;
            // A number is frozen already (its temperature is negative).
            if ctx.is_number(g) {
                Game(g)
            } else {
                let t = ctx.temperature(g);
                Game(ctx.cool(g, &t))
            }
        }
        "LeftStop" | "RightStop" | "Mean" | "Temperature" => {
            none(name)?;
            let x = match name {
                "LeftStop" => ctx.left_stop(g),
                "RightStop" => ctx.right_stop(g),
                "Mean" => ctx.mean(g),
                _ => ctx.temperature(g),
            };
            Game(ctx.number(x))
        }
        "Birthday" => {
            none(name)?;
            let b = ctx.birthday(g);
            Game(integer(ctx, b))
        }
        "IsInfinitesimal" | "IsNumberish" => {
            none(name)?;
            let (l, r) = ctx.stops(g);
            Bool(l == r && (name == "IsNumberish" || l.is_zero()))
        }
        "FollowerCount" => {
            none(name)?;
            let n = ctx.follower_count(g);
            Game(integer(ctx, num_bigint::BigInt::from(n)))
        }
        "Companion" => {
            none(name)?;
            Game(ctx.companion(g))
        }
        // A short game is its own onside and offside, loopfree, a stopper and a plumtree;
        // its degree and variety (of loopy games) are 0.
        "Onside" | "Offside" => {
            none(name)?;
            Game(g)
        }
        "IsLoopfree" | "IsPlumtree" | "IsStopper" | "IsStopperSided" => {
            none(name)?;
            Bool(true)
        }
        "Degree" | "Variety" => {
            none(name)?;
            Game(ctx.zero())
        }
        "IsZero" | "IsIdempotent" => {
            none(name)?;
            let z = ctx.zero();
            Bool(g == z)
        }
        "IsPseudonumber" => {
            none(name)?;
            Bool(ctx.is_number(g))
        }
        "IsOrdinal" => {
            none(name)?;
            Bool(
                ctx.as_number(g)
                    .is_some_and(|x| x.is_integer() && x.signum() >= 0),
            )
        }
        "Stop" => {
            let x = match args {
                [Arg::Left] => ctx.left_stop(g),
                [Arg::Right] => ctx.right_stop(g),
                _ => return Err(Error::parse("`.Stop` takes a player: `Left` or `Right`")),
            };
            Game(ctx.number(x))
        }
        "NimValue" => {
            none(name)?;
            match ctx.as_nus(g) {
                Some(n) if n.number.is_zero() && n.up == 0 => {
                    let m = n.nim;
                    Game(integer(ctx, m))
                }
                _ => {
                    return Err(Error::unsupported(format!(
                        "`{}` is not a nimber, so it has no nim value",
                        ctx.display(g)
                    )))
                }
            }
        }
        "IsNumberTiny" => {
            none(name)?;
            Bool(ctx.is_number_tiny(g))
        }
        "IsUptimal" => {
            none(name)?;
            Bool(ctx.uptimal(g)?.is_some())
        }
        "UptimalExpansion" => {
            none(name)?;
            let Some(u) = ctx.uptimal(g)? else {
                return Err(Error::unsupported(format!(
                    "`{}` is not an uptimal (a number, a nimber and a sum of up-nths ^<n>), so it has no uptimal expansion",
                    ctx.display(g)
                )));
            };
            Answer::Text {
                kind: "uptimal expansion",
                text: u.to_string(),
            }
        }
        "StopCount" => {
            none(name)?;
            let n = ctx.stop_count(g);
            Game(integer(ctx, num_bigint::BigInt::from(n)))
        }
        "Class" => {
            none(name)?;
            Answer::Text {
                kind: "class",
                text: format!("⟪game.{}⟫", class_of(ctx, g)),
            }
        }
        "IsAllSmall" => {
            none(name)?;
            Bool(ctx.is_all_small(g))
        }
        "IsNumber" => {
            none(name)?;
            Bool(ctx.is_number(g))
        }
        "IsInteger" => {
            none(name)?;
            Bool(ctx.as_number(g).is_some_and(|x| x.is_integer()))
        }
        "IsNimber" => {
            none(name)?;
            Bool(
                ctx.as_nus(g)
                    .is_some_and(|n| n.number.is_zero() && n.up == 0),
            )
        }
        "IsEven" | "IsOdd" | "IsEvenTempered" | "IsOddTempered" => {
            none(name)?;
            let tempered = name.ends_with("Tempered");
            let (even, odd) = ctx.parity(g, tempered)?;
            Bool(if name.starts_with("IsEven") {
                even
            } else {
                odd
            })
        }
        "OutcomeClass" => {
            none(name)?;
            Answer::Outcome(ctx.outcome(g))
        }
        "MisereOutcomeClass" => {
            // The parser answers it on the form written; a game reached here is a value.
            none(name)?;
            let mut forms = crate::partizan::misere::Forms::new();
            let f = forms.canonical(ctx, g)?;
            Answer::Outcome(forms.misere_outcome(f, &ctx.limits())?)
        }
        "Options" => {
            let left = match args {
                [Arg::Left] => true,
                [Arg::Right] => false,
                _ => return Err(Error::parse("`.Options` takes a player: `Left` or `Right`")),
            };
            Games(side(ctx, g, left))
        }
        "LeftOptions" | "RightOptions" => {
            none(name)?;
            Games(side(ctx, g, name == "LeftOptions"))
        }
        "Followers" => {
            none(name)?;
            Games(ctx.followers(g)?)
        }
        "LeftIncentives" | "RightIncentives" | "Incentives" => {
            none(name)?;
            let mut v = Vec::new();
            if name != "RightIncentives" {
                v.extend(ctx.incentives(g, true));
            }
            if name != "LeftIncentives" {
                v.extend(ctx.incentives(g, false));
            }
            v.sort_unstable();
            v.dedup();
            if name == "Incentives" {
                // Both sides together keep only the best: those no other one exceeds.
                let all = v.clone();
                v.retain(|&x| !all.iter().any(|&y| y != x && ctx.le(x, y)));
            }
            Games(v)
        }
        "Thermograph" => {
            none(name)?;
            Answer::Thermograph(g)
        }
        _ => {
            return Err(Error::parse(format!(
                "unknown method `.{name}`; known: {}",
                METHODS.join(", ")
            )))
        }
    })
}

fn side(ctx: &mut Context, g: GameId, left: bool) -> Vec<GameId> {
    if left {
        ctx.left_options(g).to_vec()
    } else {
        ctx.right_options(g).to_vec()
    }
}

fn number_arg(ctx: &mut Context, x: GameId, what: &str) -> Result<crate::partizan::Dyadic> {
    match ctx.as_number(x) {
        Some(t) => Ok(t.clone()),
        None => {
            let shown = ctx.display(x);
            Err(Error::invalid(format!(
                "{what} must be a number, not `{shown}`"
            )))
        }
    }
}

/// The class CGSuite gives a canonical form: the narrowest of `Zero`, `Integer`,
/// `DyadicRational`, `Nimber`, `Uptimal` (`x + *m + a₁·^ + a₂·^<2> + …`) and
/// `CanonicalShortGame`.
fn class_of(ctx: &mut Context, g: GameId) -> &'static str {
    match ctx.as_nus(g) {
        Some(n) if n.is_number() && n.number.is_zero() => "Zero",
        Some(n) if n.is_number() && n.number.is_integer() => "Integer",
        Some(n) if n.is_number() => "DyadicRational",
        Some(n) if n.number.is_zero() && n.up == 0 => "Nimber",
        Some(_) => "Uptimal",
        // Too old to search for an expansion: the general class.
        None => match ctx.uptimal(g) {
            Ok(Some(_)) => "Uptimal",
            _ => "CanonicalShortGame",
        },
    }
}

/// The integer `n` as a game (a count or a size an answer gives).
fn integer(ctx: &mut Context, n: impl Into<num_bigint::BigInt>) -> GameId {
    ctx.number(crate::partizan::Dyadic::integer(n))
}
