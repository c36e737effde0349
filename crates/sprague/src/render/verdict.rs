//! The one text renderer of a [`Verdict`]: what `sprague solve` and `sprague moves` print.

use sprague_core::value::Side;
use sprague_games::interface::{Listing, Move, ValueKind, Verdict, Winner};
use std::fmt::Write as _;

/// The one text renderer: what `sprague solve` and `sprague moves` print.
pub fn verdict_text(verdict: &Verdict) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "game: {}", verdict.game);
    let _ = writeln!(out, "position: {}", verdict.position);
    let _ = writeln!(out, "play: {}", verdict.play.describe());
    let _ = writeln!(out, "outcome: {}", verdict.outcome.describe());
    if let (Some(kind), Some(v)) = (verdict.value_kind, &verdict.value) {
        let _ = writeln!(out, "{}: {v}", kind.label());
    }
    if let Some(r) = verdict.remoteness {
        let _ = writeln!(out, "remoteness: {r}");
    }
    for (k, v) in &verdict.details.0 {
        let _ = writeln!(out, "{}: {v}", k.replace('_', " "));
    }
    if verdict.components.len() > 1 {
        let _ = writeln!(out, "components:");
        for c in &verdict.components {
            let mut line = format!("  {}", c.position);
            if let (Some(kind), Some(v)) = (verdict.value_kind, &c.value) {
                let _ = write!(line, "  {} {v}", kind.label());
            }
            if let Some(o) = c.outcome {
                let _ = write!(line, "  {}", o.as_str());
            }
            if let Some(r) = c.remoteness {
                let _ = write!(line, "  remoteness {r}");
            }
            let _ = writeln!(out, "{line}");
        }
    }
    moves_text(verdict, &mut out);
    if let Some(n) = &verdict.note {
        let _ = writeln!(out, "note: {n}");
    }
    let _ = write!(out, "method: {}", verdict.method.text);
    out
}

fn moves_text(verdict: &Verdict, out: &mut String) {
    let partizan = matches!(
        verdict.outcome,
        Winner::L | Winner::R | Winner::N | Winner::P
    );
    let sides: &[Option<Side>] = if partizan || verdict.moves.iter().any(|m| m.side.is_some()) {
        &[Some(Side::Left), Some(Side::Right)]
    } else {
        &[None]
    };
    for &side in sides {
        let what = match verdict.listing {
            Listing::Winning => "winning moves",
            Listing::All => "moves",
        };
        let heading = match side {
            Some(Side::Left) => format!("Left's {what}"),
            Some(Side::Right) => format!("Right's {what}"),
            None => what.to_string(),
        };
        let moves: Vec<&Move> = verdict.moves.iter().filter(|m| m.side == side).collect();
        if moves.is_empty() {
            let _ = writeln!(out, "{heading}: none");
            continue;
        }
        let _ = writeln!(out, "{heading}:");
        for m in moves {
            let mut line = format!("  {}", m.label);
            // A label that already ends in the position reached (a rules script's
            // `a → b`) is not followed by it again.
            let named = m.label == m.position
                || m.label
                    .strip_suffix(m.position.as_str())
                    .is_some_and(|head| head.ends_with("→ "));
            if !named {
                let _ = write!(line, "  → {}", m.position);
            }
            if let Some(v) = &m.value {
                let kind = verdict.value_kind.map_or("value", ValueKind::label);
                let _ = write!(line, "  ({kind} {v})");
            }
            if verdict.listing == Listing::All {
                // A move into a draw neither wins nor loses.
                line.push_str(match (m.winning, m.outcome) {
                    (true, _) => "  winning",
                    (false, Some(Winner::Draw)) => "  drawing",
                    (false, _) => "  losing",
                });
            }
            if let Some(r) = m.remoteness {
                let _ = write!(line, "  remoteness {r}");
            }
            let _ = writeln!(out, "{line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_games::interface::{Method, Play};

    fn sample() -> Verdict {
        let mut v = Verdict::new(
            "nim",
            "3 4 5",
            Play::Normal,
            Winner::First,
            Method::theorem("Bouton"),
        )
        .with_value(ValueKind::Grundy, Some("2".into()));
        let mut m = Move::new("take 2 from heap 1", "1 4 5");
        m.winning = true;
        m.value = Some("0".into());
        m.outcome = Some(Winner::Second);
        v.moves.push(m);
        v
    }

    #[test]
    fn text_names_outcome_value_and_moves() {
        let t = verdict_text(&sample());
        assert!(t.contains("first player wins"), "{t}");
        assert!(t.contains("grundy: 2"), "{t}");
        assert!(t.contains("take 2 from heap 1  → 1 4 5"), "{t}");
    }

    #[test]
    fn partizan_moves_are_grouped_by_side() {
        let mut v = Verdict::new(
            "domineering",
            "..",
            Play::Normal,
            Winner::R,
            Method::engine("canonical forms"),
        );
        let mut m = Move::new("horizontal domino at a1", "##");
        m.side = Some(Side::Right);
        m.winning = true;
        v.moves.push(m);
        let t = verdict_text(&v);
        assert!(t.contains("Left's winning moves: none"), "{t}");
        assert!(t.contains("Right's winning moves:\n  horizontal"), "{t}");
    }
}
