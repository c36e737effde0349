//! Partizan games (docs/theory.md#partizan): canonical forms, numbers, thermography, rulesets.
//!
//!
//! - [`canonical`]: [`Context`] (the caller-owned arena), [`GameId`], sums, comparison,
//!   outcome classes, stops, birthday, CGSuite-style printing.
//! - [`dyadic`]: exact dyadic rationals of any size.
//! - [`notation`]: the CGSuite notation parser.
//! - [`thermo`]: thermographs, mean, temperature, cooling, heating.
//! - [`props`]: atomic weight, reduced canonical form.
//!
//! ```
//! use sprague::partizan::{notation::parse, Context, PartizanOutcome};
//! let mut ctx = Context::new();
//! let g = parse(&mut ctx, "{3||2*|1*}").unwrap();
//! assert_eq!(ctx.display(g), "{3||2*|1*}");
//! assert_eq!(ctx.outcome(g), PartizanOutcome::L);
//! assert_eq!(ctx.mean(g).to_string(), "9/4");
//! assert_eq!(ctx.temperature(g).to_string(), "3/4");
//! let up = ctx.up();
//! let down = ctx.neg(up);
//! assert_eq!(ctx.add(up, down), ctx.zero());
//! ```

pub mod rulesets;

// Values (canonical forms, numbers, notation, thermography) live in the core layer.
pub use sprague_core::partizan::{canonical, dyadic, notation, outcome, print, props, thermo};
pub use sprague_core::partizan::{Context, Dyadic, GameId, Nus, PartizanOutcome};

use crate::catalogue::Entry;

/// The catalogue entries of this module.
pub fn entries() -> Vec<Entry> {
    rulesets::entries()
}
use crate::catalogue::Report;
use crate::error::Result;

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

/// `sprague value EXPR`: the canonical form of a game expression and its properties, or its
/// thermograph when `thermograph` is set.
pub fn value_report(expr: &str, thermograph: bool) -> Result<Report> {
    value_report_with(
        expr,
        &ValueOptions {
            thermograph,
            ..ValueOptions::default()
        },
    )
}

/// `sprague value EXPR [--cool T | --heat T] [--thermograph]`.
pub fn value_report_with(expr: &str, opts: &ValueOptions) -> Result<Report> {
    let mut ctx = Context::new();
    let mut g = notation::parse(&mut ctx, expr)?;
    let mut transform: Option<(&str, String, String)> = None;
    if opts.cool.is_some() && opts.heat.is_some() {
        return Err(crate::error::Error::unsupported(
            "cool and heat cannot be combined; apply one at a time".to_string(),
        ));
    }
    if let Some(t) = &opts.cool {
        let tg = notation::parse(&mut ctx, t).map_err(|e| {
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
        let before = ctx.display(g);
        g = ctx.cool(g, &tv);
        transform = Some(("cooled_by", tv.to_string(), before));
    }
    if let Some(t) = &opts.heat {
        let tg = notation::parse(&mut ctx, t).map_err(|e| {
            crate::error::Error::parse(format!("bad heating temperature `{t}`: {e}"))
        })?;
        let before = ctx.display(g);
        g = ctx.heat(g, tg);
        transform = Some(("heated_by", ctx.display(tg), before));
    }
    let canonical = ctx.display(g);
    let outcome = ctx.outcome(g);
    let (ls, rs) = ctx.stops(g);
    let th = ctx.thermograph(g);
    let birthday = ctx.birthday(g);
    let who = match outcome {
        PartizanOutcome::L => "Left wins",
        PartizanOutcome::R => "Right wins",
        PartizanOutcome::N => "the first player wins",
        PartizanOutcome::P => "the second player wins",
    };
    let mut text = String::new();
    if let Some((how, t, before)) = &transform {
        let verb = if *how == "cooled_by" {
            "cooled"
        } else {
            "heated"
        };
        text.push_str(&format!("{before} {verb} by {t}\n"));
    }
    text.push_str(&format!(
        "canonical: {canonical}\noutcome: {outcome} ({who})\nleft stop: {ls}\nright stop: {rs}\nmean: {}\ntemperature: {}\nbirthday: {birthday}",
        th.mean, th.temperature
    ));
    let mut json = serde_json::json!({
        "expression": expr,
        "canonical": canonical,
        "outcome": outcome.to_string(),
        "left_stop": ls.to_string(),
        "right_stop": rs.to_string(),
        "mean": th.mean.to_string(),
        "temperature": th.temperature.to_string(),
        "birthday": birthday,
        "is_number": ctx.is_number(g),
    });
    if let Some((how, t, before)) = &transform {
        json[*how] = serde_json::json!(t);
        json["original"] = serde_json::json!(before);
    }
    let reduced = ctx.reduced(g);
    let reduced = ctx.display(reduced);
    text.push_str(&format!("\nreduced canonical form: {reduced}"));
    json["reduced"] = serde_json::json!(reduced);
    let all_small = ctx.is_all_small(g);
    json["is_all_small"] = serde_json::json!(all_small);
    if all_small {
        let aw = ctx.atomic_weight(g)?;
        let aw = ctx.display(aw);
        text.push_str(&format!("\natomic weight: {aw}"));
        json["atomic_weight"] = serde_json::json!(aw);
    }
    if opts.thermograph {
        text.push_str(&format!("\nthermograph: {}\n", th.cgsuite()));
        text.push_str(&th.describe());
        let walls = |w: &thermo::Trajectory| {
            w.pieces
                .iter()
                .map(|p| {
                    serde_json::json!({
                        "t": p.t.to_string(),
                        "value": p.v.to_string(),
                        "slope": p.slope,
                    })
                })
                .collect::<Vec<_>>()
        };
        json["thermograph"] = serde_json::json!({
            "cgsuite": th.cgsuite(),
            "left_wall": walls(&th.left),
            "right_wall": walls(&th.right),
        });
    }
    Ok(Report::new(text, json))
}

#[cfg(test)]
mod report_tests {
    use super::*;

    #[test]
    fn value_report_fields() {
        let r = value_report("{3||2*|1*}", true).unwrap();
        assert_eq!(r.json["canonical"], "{3||2*|1*}");
        assert_eq!(r.json["outcome"], "L");
        assert_eq!(r.json["left_stop"], "3");
        assert_eq!(r.json["right_stop"], "2");
        assert_eq!(r.json["mean"], "9/4");
        assert_eq!(r.json["temperature"], "3/4");
        assert!(r.text.contains("right wall"));
        assert_eq!(
            r.json["thermograph"]["cgsuite"],
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"
        );
        let r = value_report("{3||2|1} - {3|{2|1}}", false).unwrap();
        assert_eq!(r.json["canonical"], "0");
        assert_eq!(r.json["outcome"], "P");
        let r = value_report("+-1", false).unwrap();
        assert_eq!(r.json["temperature"], "1");
        assert_eq!(r.json["outcome"], "N");
        assert!(value_report("{1|2|3}", false).is_err());
        assert!(value_report("1/3", false).is_err());
    }
}
