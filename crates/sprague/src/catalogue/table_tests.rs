//! Every game of the catalogue against the table's contract (`docs/table.md`): a table has
//! the same JSON keys for every game, its rows the same keys, and its rows agree with what
//! `solve` says of the same position.

use super::*;
use sprague_core::error::Error;
use sprague_games::interface::*;

/// A spec and the extra words of `sprague table` per catalogue entry: the spec of its
/// first example (a table of `graph` is of the graph an example gives, without tokens).
fn specs() -> Vec<(&'static str, Vec<&'static str>)> {
    entries()
        .iter()
        .map(|e| {
            let first = &e.examples[0];
            let args = match e.name {
                "graph" => first
                    .position
                    .split_whitespace()
                    .filter(|w| !w.starts_with("token="))
                    .collect(),
                _ => vec![],
            };
            (first.spec, args)
        })
        .collect()
}

/// The words `solve` reads for a table's row: the position itself, or for `graph` the
/// graph with a token on the row's vertex.
fn solve_words(spec: &str, args: &[&str], position: &str) -> Vec<String> {
    match spec {
        "graph" => vec![format!("{} token={position}", args.join(" "))],
        _ => vec![position.to_string()],
    }
}

fn keys(v: &serde_json::Value) -> Vec<String> {
    v.as_object().unwrap().keys().cloned().collect()
}

#[test]
fn every_table_has_the_same_keys_and_agrees_with_solve() {
    let mut with_tables = Vec::new();
    let mut header_keys: Option<Vec<String>> = None;
    for (spec, args) in specs() {
        let game = lookup(spec).unwrap();
        for misere in [false, true] {
            let opts = TableOptions {
                upto: 12,
                period: false,
                misere,
                args: args.iter().map(|s| s.to_string()).collect(),
                ..TableOptions::default()
            };
            let table = match game.table(&opts) {
                Ok(t) => t,
                Err(Error::Unsupported(_)) => continue,
                Err(e) => panic!("{spec} (misère {misere}): not a clean refusal: {e}"),
            };
            if !misere {
                with_tables.push(spec);
            }
            let what = format!("{spec} (misère {misere})");
            let json = serde_json::to_value(&table).unwrap();
            // Rows come last, so that a reader has the header before them.
            let text = serde_json::to_string(&table).unwrap();
            assert!(text.find("\"rows\":") > text.find("\"details\":"), "{what}");
            let mut k = keys(&json);
            k.retain(|k| k != "rows");
            match &header_keys {
                Some(h) => assert_eq!(&k, h, "{what}"),
                None => header_keys = Some(k),
            }
            assert_eq!(json["schema"], verdict::SCHEMA_VERSION, "{what}");
            assert_eq!(json["game"], spec, "{what}");
            assert_eq!(table.play, if misere { Play::Misere } else { Play::Normal });
            let rows = json["rows"].as_array().unwrap();
            assert_eq!(rows.len() as u64, table.count(), "{what}");
            assert_eq!(json["count"], table.count(), "{what}");
            assert!(!rows.is_empty(), "{what}");
            for r in rows {
                // (serde_json's maps sort their keys.)
                assert_eq!(
                    keys(r),
                    ["outcome", "position", "remoteness", "value"],
                    "{what}"
                );
                assert!(r["position"].is_string(), "{what}");
                assert!(
                    r["value"].is_string() || table.value_kind.is_none(),
                    "{what}"
                );
            }
            // A few small rows agree with `solve` of the same position.
            let sopts = SolveOptions {
                misere,
                ..Default::default()
            };
            for row in table.rows().skip(1).take(6) {
                let position = row.position.to_string();
                let v = game
                    .solve(&solve_words(spec, &args, &position), &sopts)
                    .unwrap_or_else(|e| panic!("{what}: solve {position}: {e}"));
                assert_eq!(Some(v.outcome), row.outcome, "{what}: {position}");
                if !misere {
                    assert_eq!(v.value_kind, table.value_kind, "{what}: {position}");
                    assert_eq!(
                        v.value,
                        row.value.as_ref().map(|c| c.to_string()),
                        "{what}: {position}"
                    );
                }
            }
        }
    }
    for must in [
        "nim",
        "bash:3",
        "subtraction:1,3,4",
        "kayles",
        "lasker-nim",
        "ruler",
        "graph",
    ] {
        assert!(
            with_tables.contains(&must),
            "{must} has no table: {with_tables:?}"
        );
    }
}

#[test]
fn a_period_is_two_decimal_strings() {
    let t = lookup("dawson-kayles")
        .unwrap()
        .table(&TableOptions {
            upto: 200,
            period: true,
            ..Default::default()
        })
        .unwrap();
    let j = serde_json::to_value(t.header()).unwrap();
    assert_eq!(
        j["period"],
        serde_json::json!({"preperiod": "53", "period": "34"})
    );
    assert!(j.get("rows").is_none());
}

/// Tables computed heap by heap stop at the deadline and the flag.
mod deadline {
    use sprague_core::error::Error;
    use sprague_core::limits::Limits;
    use sprague_games::interface::TableOptions;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    fn table(spec: &str, misere: bool, limits: Limits) -> sprague_core::error::Result<()> {
        crate::catalogue::lookup(spec)?
            .table(&TableOptions {
                upto: 5000,
                misere,
                limits,
                ..Default::default()
            })
            .map(|_| ())
    }

    /// Tables computed heap by heap (number games, by closed form or by search, and coin
    /// rows) stop at the request's deadline and flag instead of running to their end.
    #[test]
    fn tables_honour_the_deadline_and_the_flag() {
        let raised = || Limits::default().with_cancel(Arc::new(AtomicBool::new(true)));
        let past = || Limits::default().with_timeout(std::time::Duration::ZERO);
        for (spec, misere) in [
            ("subtraction:1,3,4", false),
            ("subtraction:1,3,4", true),
            ("bash:3", false),
            ("ruler", false),
        ] {
            let e = table(spec, misere, raised()).unwrap_err();
            assert!(matches!(e, Error::Interrupted { .. }), "{spec}: {e}");
            let e = table(spec, misere, past()).unwrap_err();
            assert!(matches!(e, Error::Timeout { .. }), "{spec}: {e}");
            table(spec, misere, Limits::default()).unwrap();
        }
    }
}

/// The tokens-on-a-graph table in text: every vertex, its γ, outcome and remoteness.
#[test]
fn table_lists_every_vertex() {
    let table = |misere: bool| {
        let t = lookup("graph")
            .unwrap()
            .table(&TableOptions {
                args: vec!["a>b b>a b>c".into()],
                misere,
                ..Default::default()
            })
            .unwrap();
        crate::render::table_string(&t)
    };
    assert!(
        table(false).contains(
            "vertex\tgamma\toutcome\tremoteness\na\t0\tsecond\t2\nb\t1\tfirst\t1\nc\t0\tsecond\t0\n"
        ),
        "{}",
        table(false)
    );
    // Misère: c (stuck) wins; b's only lost... b can move to c (won for the opponent)
    // or back to a; a can only move to b: both are draws.
    assert!(
        table(true).contains("vertex\toutcome\tremoteness\na\tdraw\t-\nb\tdraw\t-\nc\tfirst\t0\n"),
        "{}",
        table(true)
    );
}
