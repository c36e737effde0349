//! Every entry of the catalogue is complete, since the page, the README's tables and the
//! contract tests read everything from it: a usage line that starts with its name, the
//! descriptions, examples that name it, and, where it claims a theorem, the check of that
//! theorem against the engine's search, which must pass.

use super::*;
use sprague_games::interface::Solution;

/// What an entry lacks, in words (empty when complete).
fn missing(e: &sprague_games::interface::Entry) -> Vec<String> {
    let mut out = Vec::new();
    let named = |spec: &str| {
        let n = normalise(split_spec(spec).0);
        n == normalise(e.name) || e.aliases.iter().any(|a| normalise(a) == n)
    };
    let first_word = e.usage.split_whitespace().next().unwrap_or("");
    if !named(first_word) {
        out.push(format!(
            "a usage line that starts with `{}` (it is `{}`)",
            e.name, e.usage
        ));
    }
    for (what, text) in [
        ("summary", e.summary),
        ("rules", e.rules),
        ("theorem (or how it is solved)", e.theorem),
        ("references", e.references),
    ] {
        if text.trim().is_empty() {
            out.push(format!("its {what}"));
        }
    }
    if e.examples.is_empty() {
        out.push("an example".into());
    }
    for x in e.examples {
        if !named(x.spec) {
            out.push(format!(
                "an example of its own (`{}` names another game)",
                x.spec
            ));
        }
        if x.plays.is_empty() {
            out.push(format!(
                "a play for the example `{} {}`",
                x.spec, x.position
            ));
        }
    }
    out
}

#[test]
fn every_entry_has_a_usage_line_descriptions_and_examples() {
    let gaps: Vec<String> = entries()
        .iter()
        .filter_map(|e| {
            let m = missing(e);
            (!m.is_empty()).then(|| format!("entry `{}` lacks {}", e.name, m.join("; ")))
        })
        .collect();
    assert!(gaps.is_empty(), "{}", gaps.join("\n"));
}

#[test]
fn every_claimed_theorem_agrees_with_search() {
    let mut claimed = 0;
    for e in entries() {
        if let Solution::Theorem { check } = e.solution {
            claimed += 1;
            match check() {
                Ok(n) => assert!(
                    n > 0,
                    "entry `{}`: its theorem check compared nothing",
                    e.name
                ),
                Err(why) => panic!(
                    "entry `{}`: its theorem disagrees with search: {why}",
                    e.name
                ),
            }
        }
    }
    assert!(claimed >= 26, "only {claimed} entries claim a theorem");
}

#[test]
fn a_missing_example_or_usage_is_named() {
    let mut e = entries().remove(0);
    e.examples = &[];
    e.usage = "";
    let m = missing(&e).join("; ");
    assert!(m.contains("an example") && m.contains("usage line"), "{m}");
}
