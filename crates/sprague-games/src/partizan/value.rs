//! `sprague value`: the canonical form of a game written in CGSuite's notation and its
//! properties (outcome class, stops, mean, temperature, birthday, reduced form, atomic
//! weight, thermograph), cooled or heated where asked, as one typed [`ValueReport`].
//!
//! ```
//! use sprague_core::partizan::{notation::parse, Context, PartizanOutcome};
//! let mut ctx = Context::new();
//! let g = parse(&mut ctx, "{3||2*|1*}").unwrap();
//! assert_eq!(ctx.display(g), "{3||2*|1*}");
//! assert_eq!(ctx.outcome(g), PartizanOutcome::L);
//! assert_eq!(ctx.mean(g).to_string(), "9/4");
//! assert_eq!(ctx.temperature(g).to_string(), "3/4");
//! let report = sprague_games::partizan::value::value_report("{3||2*|1*}", false).unwrap();
//! assert_eq!(report.temperature, "3/4");
//! ```

use super::bounded;
use crate::error::Result;
use serde::Serialize;
use sprague_core::partizan::notation::{self, Answer, Catalogue, NoCatalogue};
use sprague_core::partizan::print::sort_as_cgsuite;
use sprague_core::partizan::thermo;
use sprague_core::partizan::{Context, Dyadic, GameId};

/// The latest birthday of an infinitesimal that is not all-small whose atomic weight the
/// report decides (`Tiny(1) + *100` takes half a second unoptimised, `+ *300` passes the
/// default bound on comparisons); the expression `G.AtomicWeight` decides it for any game,
/// within the limits.
pub const REPORT_ATOMIC_BIRTHDAY: u64 = 128;

/// What `sprague value` reports besides the canonical form and its properties.
#[derive(Clone, Debug, Default)]
pub struct ValueOptions {
    /// Print the thermograph's walls.
    pub thermograph: bool,
    /// Report the game cooled by this temperature (a dyadic number above -1).
    pub cool: Option<String>,
    /// Report the game heated by this game (CGSuite's `Heat`: numbers stay, otherwise
    /// `{∫G^L + t | ∫G^R - t}`).
    pub heat: Option<String>,
}

/// The answer to `sprague value`: the canonical form of a game expression and its
/// properties. It serialises (serde) to the JSON object of `--json` with every key always
/// present (`null` when it does not apply; `docs/verdict.md`), and
/// the facade's `render::value_text` is its one text renderer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// Version of the JSON schema (the verdict's).
    pub schema: u32,
    /// The expression as given.
    pub expression: String,
    /// What the expression is: `game` (a [`PropertyReport`] says `boolean`, `outcome`,
    /// `list` or `thermograph`).
    pub kind: &'static str,
    /// The canonical form (after cooling or heating, when asked), in CGSuite's notation.
    pub canonical: String,
    /// The outcome class: `L`, `R`, `N` or `P`.
    pub outcome: String,
    /// The left stop.
    pub left_stop: String,
    /// The right stop.
    pub right_stop: String,
    /// The mean value.
    pub mean: String,
    /// The temperature.
    pub temperature: String,
    /// The birthday of the canonical form.
    pub birthday: u64,
    /// Whether the value is a number.
    pub is_number: bool,
    /// The temperature it was cooled by (`--cool`), if it was.
    pub cooled_by: Option<String>,
    /// The game it was heated by (`--heat`), if it was.
    pub heated_by: Option<String>,
    /// The canonical form before cooling or heating, if either was done.
    pub original: Option<String>,
    /// The reduced canonical form (modulo infinitesimals).
    pub reduced: String,
    /// Whether the game is all-small.
    pub is_all_small: bool,
    /// The atomic weight, for every atomic infinitesimal (all-small games and some others;
    /// CGSuite's `AtomicWeight`), `None` for any other game.
    pub atomic_weight: Option<String>,
    /// The thermograph, when asked for (`--thermograph`).
    pub thermograph: Option<ThermographReport>,
}

/// A thermograph in a [`ValueReport`]: CGSuite's text and the two walls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThermographReport {
    /// CGSuite's `Thermograph(...)` text.
    pub cgsuite: String,
    /// The left wall, piece by piece.
    pub left_wall: Vec<WallPiece>,
    /// The right wall, piece by piece.
    pub right_wall: Vec<WallPiece>,
}

/// One linear piece of a thermograph's wall: from temperature `t` on, the wall is
/// `value + slope·(t' − t)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WallPiece {
    /// Where the piece starts (a dyadic number).
    pub t: String,
    /// The wall's value at `t` (a dyadic number).
    pub value: String,
    /// The slope (0, or ±1 and its multiples).
    pub slope: i64,
}

/// The answer of `sprague value` to an expression whose value is not a game: a comparison
/// (`^ > 0`), or a property such as `G.IsNumber`, `G.OutcomeClass`, `G.Options(Left)`,
/// `G.Thermograph`. It serialises to the JSON object of `--json`, every key always present.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PropertyReport {
    /// Version of the JSON schema (the verdict's).
    pub schema: u32,
    /// The expression as given.
    pub expression: String,
    /// What the answer is: `boolean`, `outcome`, `list` or `thermograph`.
    pub kind: &'static str,
    /// The answer as CGSuite prints it: `true`, `L`, `{0,*}`, `Thermograph(...)`.
    pub answer: String,
    /// The answer of a comparison or of a property such as `IsNumber` (kind `boolean`).
    pub boolean: Option<bool>,
    /// The games of a list (kind `list`), each in canonical form, sorted as CGSuite sorts.
    pub games: Option<Vec<String>>,
}

/// What `sprague value` answers: a game with its properties, or another value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ValueAnswer {
    /// The expression is a game.
    Game(Box<ValueReport>),
    /// The expression is a comparison or a property that is not a game.
    Property(PropertyReport),
}

/// `sprague value EXPR`: the canonical form of a game expression and its properties, or its
/// thermograph when `thermograph` is set.
pub fn value_report(expr: &str, thermograph: bool) -> Result<ValueReport> {
    value_report_with(
        expr,
        &ValueOptions {
            thermograph,
            ..ValueOptions::default()
        },
    )
}

/// `sprague value EXPR [--cool T | --heat T] [--thermograph]`, within the default limits.
pub fn value_report_with(expr: &str, opts: &ValueOptions) -> Result<ValueReport> {
    value_report_limited(expr, opts, &crate::limits::Limits::default())
}

/// [`value_report_with`] within `limits`: the comparisons searched are bounded (see
/// `Context::watch`), as are the deadline and the cancellation flag, and a form too large
/// to write out is refused ([`bounded::check_written`]). An expression that is not a game
/// (a comparison, `G.IsNumber`) is an error here: [`value_answer`] answers those.
pub fn value_report_limited(
    expr: &str,
    opts: &ValueOptions,
    limits: &crate::limits::Limits,
) -> Result<ValueReport> {
    match value_answer(expr, opts, limits, &NoCatalogue)? {
        ValueAnswer::Game(r) => Ok(*r),
        ValueAnswer::Property(p) => Err(crate::error::Error::unsupported(format!(
            "`{expr}` is not a game: it is a {} ({})",
            p.kind, p.answer
        ))),
    }
}

/// `sprague value EXPR`: a game expression with its properties, or the answer to a
/// comparison or a property, within `limits`; `catalogue` resolves the catalogue games
/// named in the expression (`domineering("..|..")`), which the facade knows.
pub fn value_answer(
    expr: &str,
    opts: &ValueOptions,
    limits: &crate::limits::Limits,
    catalogue: &dyn Catalogue,
) -> Result<ValueAnswer> {
    let mut ctx = Context::new();
    ctx.watch(limits);
    let answer = notation::evaluate(&mut ctx, expr, catalogue);
    ctx.stopped()?;
    let answer = answer?;
    let g = match answer {
        Answer::Game(g) => g,
        other => {
            if opts.cool.is_some() || opts.heat.is_some() || opts.thermograph {
                return Err(crate::error::Error::unsupported(format!(
                    "--cool, --heat and --thermograph apply to a game; `{expr}` is not a game"
                )));
            }
            return Ok(ValueAnswer::Property(property_report(
                &mut ctx, expr, other,
            )?));
        }
    };
    bounded::check_written(&mut ctx, g, "the game")?;
    Ok(ValueAnswer::Game(Box::new(game_report(
        &mut ctx, expr, g, opts,
    )?)))
}

/// The report on an answer that is not a game.
fn property_report(ctx: &mut Context, expr: &str, answer: Answer) -> Result<PropertyReport> {
    let (kind, text, boolean, games) = match answer {
        Answer::Game(_) => unreachable!("games are reported by game_report"),
        Answer::Bool(b) => ("boolean", b.to_string(), Some(b), None),
        Answer::Outcome(o) => ("outcome", o.to_string(), None, None),
        Answer::Games(mut v) => {
            for &g in &v {
                bounded::check_written(ctx, g, "a game of the list")?;
            }
            sort_as_cgsuite(ctx, &mut v);
            let shown: Vec<String> = v.iter().map(|&g| ctx.display(g)).collect();
            (
                "list",
                format!("{{{}}}", shown.join(",")),
                None,
                Some(shown),
            )
        }
        Answer::Positions(v) => ("list", format!("{{{}}}", v.join(",")), None, Some(v)),
        Answer::Thermograph(g) => ("thermograph", ctx.thermograph(g).cgsuite(), None, None),
        Answer::Text { kind, text } => (kind, text, None, None),
    };
    ctx.stopped()?;
    Ok(PropertyReport {
        schema: crate::interface::verdict::SCHEMA_VERSION,
        expression: expr.to_string(),
        kind,
        answer: text,
        boolean,
        games,
    })
}

/// The report on the game `g` that `expr` names, cooled or heated as `opts` asks.
fn game_report(
    ctx: &mut Context,
    expr: &str,
    mut g: GameId,
    opts: &ValueOptions,
) -> Result<ValueReport> {
    let ctx = &mut *ctx;
    let (mut cooled_by, mut heated_by, mut original) = (None, None, None);
    if opts.cool.is_some() && opts.heat.is_some() {
        return Err(crate::error::Error::unsupported(
            "cool and heat cannot be combined; apply one at a time".to_string(),
        ));
    }
    if let Some(t) = &opts.cool {
        let tg = notation::parse(ctx, t).map_err(|e| {
            crate::error::Error::parse(format!("bad cooling temperature `{t}`: {e}"))
        })?;
        let Some(tv) = ctx.as_number(tg).cloned() else {
            let shown = ctx.display(tg);
            return Err(crate::error::Error::unsupported(format!(
                "the cooling temperature must be a number, not `{shown}`"
            )));
        };
        if tv <= Dyadic::integer(-1) {
            return Err(crate::error::Error::unsupported(format!(
                "invalid cooling temperature {tv}: it must be greater than -1"
            )));
        }
        original = Some(ctx.display(g));
        g = ctx.cool(g, &tv);
        ctx.stopped()?;
        bounded::check_written(ctx, g, &format!("the game cooled by {tv}"))?;
        cooled_by = Some(tv.to_string());
    }
    if let Some(t) = &opts.heat {
        let tg = notation::parse(ctx, t).map_err(|e| {
            crate::error::Error::parse(format!("bad heating temperature `{t}`: {e}"))
        })?;
        original = Some(ctx.display(g));
        bounded::check_written(ctx, tg, "the heating temperature")?;
        g = ctx.heat(g, tg);
        ctx.stopped()?;
        let by = ctx.display(tg);
        bounded::check_written(ctx, g, &format!("the game heated by {by}"))?;
        heated_by = Some(by);
    }
    let (ls, rs) = ctx.stops(g);
    let th = ctx.thermograph(g);
    let reduced = ctx.reduced(g);
    let is_all_small = ctx.is_all_small(g);
    ctx.stopped()?;
    // Every atomic infinitesimal has an atomic weight; other games have none (CGSuite's
    // error "not atomic" is the `null` here). Whether an infinitesimal that is not
    // all-small is atomic takes comparisons with a far star's games that grow fast with the
    // birthday: the report decides it up to REPORT_ATOMIC_BIRTHDAY, `.AtomicWeight` always.
    let decide = is_all_small || ctx.birthday(g) <= REPORT_ATOMIC_BIRTHDAY;
    let atomic_weight = match decide.then(|| ctx.atomic_weight(g)) {
        Some(Ok(aw)) => {
            ctx.stopped()?;
            Some(ctx.display(aw))
        }
        _ => {
            ctx.stopped()?;
            None
        }
    };
    let walls = |w: &thermo::Trajectory| {
        w.pieces
            .iter()
            .map(|p| WallPiece {
                t: p.t.to_string(),
                value: p.v.to_string(),
                slope: p.slope,
            })
            .collect::<Vec<_>>()
    };
    let canonical = ctx.display(g);
    let reduced = ctx.display(reduced);
    let (outcome, birthday) = (ctx.outcome(g).to_string(), ctx.birthday(g));
    // Writing compares too (uptimal forms are checked by building them): everything is
    // written before the last look at the limits.
    ctx.stopped()?;
    Ok(ValueReport {
        schema: crate::interface::verdict::SCHEMA_VERSION,
        expression: expr.to_string(),
        kind: "game",
        canonical,
        outcome,
        left_stop: ls.to_string(),
        right_stop: rs.to_string(),
        mean: th.mean.to_string(),
        temperature: th.temperature.to_string(),
        birthday,
        is_number: ctx.is_number(g),
        cooled_by,
        heated_by,
        original,
        reduced,
        is_all_small,
        atomic_weight,
        thermograph: opts.thermograph.then(|| ThermographReport {
            cgsuite: th.cgsuite(),
            left_wall: walls(&th.left),
            right_wall: walls(&th.right),
        }),
    })
}

#[cfg(test)]
mod report_tests {
    use super::*;

    fn property(expr: &str) -> PropertyReport {
        let limits = crate::limits::Limits::default();
        match value_answer(expr, &ValueOptions::default(), &limits, &NoCatalogue).unwrap() {
            ValueAnswer::Property(p) => p,
            ValueAnswer::Game(r) => panic!("{expr} is the game {}", r.canonical),
        }
    }

    #[test]
    fn answers_that_are_not_games() {
        let p = property("^ <= *");
        assert_eq!(
            (p.kind, p.answer.as_str(), p.boolean),
            ("boolean", "false", Some(false))
        );
        let p = property("{0|*} |> *");
        assert_eq!(p.boolean, Some(true));
        let p = property("(+-1 + *).OutcomeClass");
        assert_eq!((p.kind, p.answer.as_str()), ("outcome", "N"));
        let p = property("*3.Options(Left)");
        assert_eq!(p.answer, "{0,*,*2}");
        assert_eq!(p.games.unwrap(), ["0", "*", "*2"]);
        let p = property("{3||2*|1*}.Thermograph");
        assert_eq!(p.kind, "thermograph");
        assert!(p.answer.starts_with("Thermograph(9/4,"), "{}", p.answer);
        // Every key is present whatever the kind.
        let keys = |p: PropertyReport| {
            serde_json::to_value(p)
                .unwrap()
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(keys(property("^ > 0")), keys(property("^.Followers")));
        let limits = crate::limits::Limits::default();
        let opts = ValueOptions {
            cool: Some("1".into()),
            ..ValueOptions::default()
        };
        assert!(value_answer("^ > 0", &opts, &limits, &NoCatalogue).is_err());
    }

    #[test]
    fn value_report_fields() {
        let r = value_report("{3||2*|1*}", true).unwrap();
        assert_eq!(r.canonical, "{3||2*|1*}");
        assert_eq!(r.outcome, "L");
        assert_eq!(r.left_stop, "3");
        assert_eq!(r.right_stop, "2");
        assert_eq!(r.mean, "9/4");
        assert_eq!(r.temperature, "3/4");
        assert!(r.thermograph.is_some());
        // Every key is present whatever was asked.
        let keys =
            |v: serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
        let bare = value_report("^", false).unwrap();
        assert!(bare.thermograph.is_none() && bare.cooled_by.is_none());
        assert_eq!(
            keys(serde_json::to_value(&r).unwrap()),
            keys(serde_json::to_value(&bare).unwrap())
        );
        assert_eq!(
            r.thermograph.as_ref().unwrap().cgsuite,
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"
        );
        let r = value_report("{3||2|1} - {3|{2|1}}", false).unwrap();
        assert_eq!(r.canonical, "0");
        assert_eq!(r.outcome, "P");
        let r = value_report("+-1", false).unwrap();
        assert_eq!(r.temperature, "1");
        assert_eq!(r.outcome, "N");
        assert!(value_report("{1|2|3}", false).is_err());
        // Infinitesimals that are not all-small have an atomic weight where CGSuite's does.
        let r = value_report("Tiny(3/2)", false).unwrap();
        assert!(!r.is_all_small);
        assert_eq!(r.atomic_weight.as_deref(), Some("0"));
        assert_eq!(value_report("1 + ^", false).unwrap().atomic_weight, None);
        // Past the report's birthday for that test, no atomic weight, and no failure.
        let r = value_report("Tiny(1) + *150", false).unwrap();
        assert_eq!(r.atomic_weight, None);
        // A comparison is not a game.
        let e = value_report("^ > 0", false).unwrap_err().to_string();
        assert!(e.contains("not a game") && e.contains("boolean"), "{e}");
        assert!(value_report("1/3", false).is_err());
    }
}
