//! `rules:FILE` (games written as Rhai scripts) and `sprague pattern`, as a user runs them.

use std::process::{Command, Output, Stdio};

fn sprague(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the sprague binary runs")
}

fn ok(args: &[&str]) -> String {
    let o = sprague(args);
    assert!(
        o.status.success(),
        "`sprague {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn fails(args: &[&str]) -> String {
    let o = sprague(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        !o.status.success(),
        "`sprague {}` succeeded",
        args.join(" ")
    );
    assert!(!err.contains("panicked"), "{err}");
    err
}

fn example(name: &str) -> String {
    format!(
        "rules:{}/../../examples/rules/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A script written to a fresh temporary file, removed when dropped.
struct TempScript(std::path::PathBuf);
impl TempScript {
    fn new(name: &str, text: &str) -> TempScript {
        let path = std::env::temp_dir().join(format!("sprague-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        TempScript(path)
    }
    fn spec(&self) -> String {
        format!("rules:{}", self.0.display())
    }
}
impl Drop for TempScript {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn solve_moves_and_table_of_a_script() {
    let spec = example("subtract-1-3-4.rhai");
    let out = ok(&["solve", &spec, "10", "+", "6"]);
    assert!(out.contains("grundy: 3"), "{out}");
    assert!(out.contains("component 1: 10 → 6  → 6 + 6"), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", &spec, "7", "--misere", "--json"])).unwrap();
    assert_eq!(v["play"], "misere");
    let out = ok(&["moves", &example("letters.rhai"), "aab"]);
    assert!(out.contains("aab → ab  → ab  (grundy 0)  winning"), "{out}");
    let out = ok(&["table", &spec, "--upto", "8"]);
    assert!(out.contains("7\t0\n8\t1"), "{out}");
}

#[test]
fn script_errors_are_clean_and_name_the_line() {
    let missing = fails(&["solve", "rules:/no/such/file.rhai", "3"]);
    assert!(missing.contains("/no/such/file.rhai"), "{missing}");
    let syntax = TempScript::new("syntax.rhai", "fn options(n) {\n  let = 3;\n}\n");
    let err = fails(&["solve", &syntax.spec(), "3"]);
    assert!(err.contains("syntax error at line 2"), "{err}");
    let endless = TempScript::new("endless.rhai", "fn options(n) {\n  loop {}\n}\n");
    let err = fails(&["solve", &endless.spec(), "3"]);
    assert!(
        err.contains("line 2") && err.contains("operations"),
        "{err}"
    );
    let big = TempScript::new("big.rhai", &" ".repeat((1 << 20) + 10));
    let err = fails(&["solve", &big.spec(), "3"]);
    assert!(err.contains("larger than"), "{err}");
}
