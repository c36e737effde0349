//! Misère and every-move play of the games whose theorems hold in normal play only (coin
//! rows and boards, queens, Green Hackenbush, geography, tree chain): answered by the engine,
//! with the same JSON keys as every verdict, and oversized positions refused cleanly.

use std::process::{Command, Output, Stdio};

fn sprague(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the sprague binary runs")
}

fn json(args: &[&str]) -> serde_json::Value {
    let o = sprague(args);
    assert!(
        o.status.success(),
        "`sprague {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).expect("valid JSON")
}

fn keys(v: &serde_json::Value) -> Vec<String> {
    v.as_object().expect("an object").keys().cloned().collect()
}

#[test]
fn former_refusals_now_answer_with_the_usual_keys() {
    let usual = keys(&json(&["solve", "nim", "3", "4", "--json"]));
    let cases: [&[&str]; 9] = [
        &["solve", "twins", "HTHH", "--misere"],
        &["solve", "coins:run:3", "THHTH", "--every"],
        &["moves", "mock-turtles", "3", "5", "--misere"],
        &["solve", "turning-corners", "THT|HHT", "--misere"],
        &["solve", "queens", "4,5", "--misere"],
        &[
            "solve",
            "green-hackenbush",
            "a-b b-c",
            "--ground",
            "a",
            "--misere",
        ],
        &["solve", "geography", "a-b b-c", "--start", "a", "--every"],
        &["moves", "tree-chain", "1-2 1-3 3-4 black=2,4", "--every"],
        &["solve", "tartan:ruler*twins", "HH|TH", "--every"],
    ];
    for args in cases {
        let mut a = args.to_vec();
        a.push("--json");
        let v = json(&a);
        assert_eq!(keys(&v), usual, "{args:?}");
        let every = args.contains(&"--every");
        assert_eq!(
            v["play"],
            if every { "every" } else { "misere" },
            "{args:?}"
        );
        assert_eq!(v["method_kind"], "engine", "{args:?}");
        assert_eq!(v["value_kind"].is_null(), !every, "{args:?}");
    }
    // Worked by hand: twins HTHH in misère play wins by leaving the lone coin at 1.
    let v = json(&["solve", "twins", "HTHH", "--misere", "--json"]);
    assert_eq!(v["outcome"], "first");
    assert_eq!(v["winning_moves"], serde_json::json!(["HTTT"]));
    assert_eq!(v["moves"][0]["label"], "turn coins 3 and 4");
    // A stalk of two edges from a: cutting b-c leaves the opponent the last edge.
    let v = json(&[
        "solve",
        "green-hackenbush",
        "a-b b-c",
        "--ground",
        "a",
        "--misere",
        "--json",
    ]);
    assert_eq!(v["winning_moves"], serde_json::json!(["a-b ground=a"]));
}

#[test]
fn oversized_positions_are_refused_cleanly() {
    let o = sprague(&["solve", "mock-turtles", "60", "--misere"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with("error:") && !err.contains("panicked"),
        "{err}"
    );
    assert!(err.contains("2^60") && err.contains("60 coins"), "{err}");
    let o = sprague(&["solve", "ruler", "16", "--every", "--max-positions", "1000"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    // The budget counts positions and the options they generate, so either may stop it.
    assert!(
        err.starts_with("error: search limit reached") && err.contains("limit 1"),
        "{err}"
    );
}
