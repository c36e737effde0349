//! The one text renderer of a [`ValueReport`]: what `sprague value` prints without `--json`.

use sprague_games::partizan::value::{ValueAnswer, ValueReport};
use std::fmt::Write as _;

/// What `sprague value` prints without `--json`: the game's report, or the answer to a
/// comparison or property as CGSuite prints it (`true`, `L`, `{0,*}`).
pub fn value_answer_text(answer: &ValueAnswer) -> String {
    match answer {
        ValueAnswer::Game(report) => value_text(report),
        ValueAnswer::Property(p) => p.answer.clone(),
    }
}

/// The one text renderer: what `sprague value` prints without `--json` (no trailing
/// newline).
pub fn value_text(report: &ValueReport) -> String {
    let mut text = String::new();
    let transform = match (&report.cooled_by, &report.heated_by) {
        (Some(t), _) => Some(("cooled", t)),
        (None, Some(t)) => Some(("heated", t)),
        _ => None,
    };
    if let (Some((verb, t)), Some(before)) = (transform, &report.original) {
        let _ = writeln!(text, "{before} {verb} by {t}");
    }
    let who = match report.outcome.as_str() {
        "L" => "Left wins",
        "R" => "Right wins",
        "N" => "the first player wins",
        _ => "the second player wins",
    };
    let _ = write!(
        text,
        "canonical: {}\noutcome: {} ({who})\nleft stop: {}\nright stop: {}\nmean: {}\ntemperature: {}\nbirthday: {}",
        report.canonical, report.outcome, report.left_stop, report.right_stop, report.mean, report.temperature, report.birthday
    );
    let _ = write!(text, "\nreduced canonical form: {}", report.reduced);
    if let Some(aw) = &report.atomic_weight {
        let _ = write!(text, "\natomic weight: {aw}");
    }
    if let Some(th) = &report.thermograph {
        let _ = writeln!(text, "\nthermograph: {}", th.cgsuite);
        // One line per piece: `t >= T: v + s·(t - T)`, as the core's `describe`.
        for (name, w) in [("left wall", &th.left_wall), ("right wall", &th.right_wall)] {
            let _ = writeln!(text, "{name}:");
            for (i, p) in w.iter().enumerate() {
                let upto = match w.get(i + 1) {
                    Some(q) => format!("{} <= t <= {}", p.t, q.t),
                    None => format!("t >= {}", p.t),
                };
                let line = match p.slope {
                    0 => p.value.clone(),
                    s => {
                        format!(
                            "{} {} (t - {})",
                            p.value,
                            if s > 0 { "+" } else { "-" },
                            p.t
                        )
                        .replace("(t - -", "(t + ")
                            + if s.abs() != 1 {
                                format!(" * {}", s.abs())
                            } else {
                                String::new()
                            }
                            .as_str()
                    }
                };
                let _ = writeln!(text, "  {upto}: {line}");
            }
        }
        text.pop();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::partizan::{notation, Context};
    use sprague_games::partizan::value::value_report;

    #[test]
    fn the_text_ends_with_the_walls_the_core_describes() {
        let r = value_report("{3||2*|1*}", true).unwrap();
        let mut ctx = Context::new();
        let g = notation::parse(&mut ctx, "{3||2*|1*}").unwrap();
        let walls = ctx.thermograph(g).describe();
        let text = value_text(&r);
        assert!(text.ends_with(&format!("\n{walls}")), "{text}");
        assert!(
            text.starts_with("canonical: {3||2*|1*}\noutcome: L (Left wins)"),
            "{text}"
        );
    }
}
