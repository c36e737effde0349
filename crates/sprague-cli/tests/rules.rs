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
        // Tests run in parallel in one process: each file gets its own number.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("sprague-{}-{k}-{name}", std::process::id()));
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
    assert!(out.contains("aab → ab  (grundy 0)  winning"), "{out}");
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

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("JSON output")
}

/// Runs a Python 3 program, or `None` when there is no `python3` (the Rust evaluation of
/// the same code, checked by the library's tests, then stands in for it).
fn python(program: &str) -> Option<String> {
    let dir = TempScript::new("prog.py", program);
    let o = Command::new("python3").arg(&dir.0).output().ok()?;
    assert!(
        o.status.success(),
        "python3 failed: {}\n{program}",
        String::from_utf8_lossy(&o.stderr)
    );
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

/// Compiles and runs a C++ program, or `None` when there is no `c++` compiler.
fn cpp(program: &str) -> Option<String> {
    let src = TempScript::new("prog.cpp", program);
    let exe = TempScript::new("prog.out", "");
    let built = Command::new("c++")
        .arg("-O1")
        .arg("-o")
        .arg(&exe.0)
        .arg(&src.0)
        .output()
        .ok()?;
    assert!(
        built.status.success(),
        "c++ failed: {}\n{program}",
        String::from_utf8_lossy(&built.stderr)
    );
    let o = Command::new(&exe.0).output().expect("the program runs");
    Some(String::from_utf8_lossy(&o.stdout).into_owned())
}

fn table_values(spec: &str, upto: u64) -> String {
    let t = json(&["table", spec, "--upto", &upto.to_string(), "--json"]);
    let values: Vec<&str> = t["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["value"].as_str().unwrap())
        .collect();
    values.join(" ")
}

#[test]
fn pattern_of_kayles_is_proven_and_its_code_reproduces_the_table() {
    let p = json(&["pattern", "kayles", "--json"]);
    assert_eq!(p["preperiod"], "71");
    assert_eq!(p["period"], "12");
    assert_eq!(p["proven"], true);
    let want = table_values("kayles", 400);
    let py = format!(
        "{}\nprint(' '.join(str(grundy(n)) for n in range(401)))\n",
        p["python"].as_str().unwrap()
    );
    if let Some(out) = python(&py) {
        assert_eq!(out.trim(), want);
    }
    let main = format!(
        "#include <cstdio>\n{}\nint main() {{ for (long long n = 0; n <= 400; ++n) std::printf(n ? \" %lld\" : \"%lld\", grundy(n)); std::printf(\"\\n\"); }}\n",
        p["cpp"].as_str().unwrap()
    );
    if let Some(out) = cpp(&main) {
        assert_eq!(out.trim(), want);
    }
}

#[test]
fn pattern_of_scripts_one_heap_and_pairs() {
    let spec = example("take-at-least-two.rhai");
    let p = json(&["pattern", &spec, "--upto", "200", "--json"]);
    assert_eq!(p["kind"], "arithmetic-periodic");
    assert_eq!(p["proven"], false);
    let want = table_values(&spec, 200);
    let py = format!(
        "{}\nprint(' '.join(str(grundy(n)) for n in range(201)))\n",
        p["python"].as_str().unwrap()
    );
    if let Some(out) = python(&py) {
        assert_eq!(out.trim(), want);
    }
    let text = ok(&["pattern", &example("wythoff.rhai"), "--upto", "25"]);
    assert!(text.contains("pattern: beatty pair"), "{text}");
    // The Python code against Wythoff's P-positions built by the mex rule.
    let p = json(&["pattern", "wythoff", "--json"]);
    let py = format!(
        "{}\nN = 300\np = set()\nused = set()\nk = 0\nfor a in range(N):\n    if a in used: continue\n    b = a + k\n    used.update((a, b)); p.update(((a, b), (b, a))); k += 1\nbad = [(a, b) for a in range(N) for b in range(N) if is_p_position(a, b) != ((a, b) in p)]\nprint(len(bad))\n",
        p["python"].as_str().unwrap()
    );
    if let Some(out) = python(&py) {
        assert_eq!(out.trim(), "0");
    }
}

#[test]
fn pattern_refuses_what_it_cannot_read() {
    let err = fails(&["pattern", "domineering"]);
    assert!(err.contains("one-heap games"), "{err}");
    let err = fails(&["pattern", &example("letters.rhai")]);
    assert!(err.contains("integers (heaps) or pairs"), "{err}");
}

#[test]
fn a_partizan_script_is_solved_as_the_catalogue_game_is() {
    let spec = example("domineering.luau");
    for board in ["...|...|...", "....|..#.", "..#...|..#..."] {
        let script = json(&["solve", &spec, board, "--json"]);
        let catalogue = json(&["solve", "domineering", board, "--json"]);
        assert_eq!(script["value_kind"], "canonical", "{script}");
        for key in ["value", "outcome", "position"] {
            assert_eq!(script[key], catalogue[key], "{key} of {board}");
        }
        let details = |v: &serde_json::Value| {
            ["left_stop", "right_stop", "mean", "temperature"].map(|k| v["details"][k].clone())
        };
        assert_eq!(details(&script), details(&catalogue), "{board}");
    }
    let out = ok(&["moves", &example("toads-and-frogs.rhai"), "tt.f"]);
    assert!(
        out.contains("Left's moves:") && out.contains("Right's moves:"),
        "{out}"
    );
    assert!(out.contains("tt.f → t.tf"), "{out}");
    assert_eq!(
        json(&[
            "solve",
            &example("toads-and-frogs.rhai"),
            "t.tf.f",
            "--json"
        ])["value"],
        json(&["solve", "toads-and-frogs", "t.tf.f", "--json"])["value"]
    );
}

#[test]
fn a_partizan_script_draws_the_catalogue_games_thermograph() {
    let dir = std::env::temp_dir().join(format!("sprague-pscript-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("script.svg"), dir.join("catalogue.svg"));
    let spec = example("domineering.luau");
    ok(&[
        "plot",
        "thermograph",
        &spec,
        "...|...|...",
        "-o",
        a.to_str().unwrap(),
    ]);
    ok(&[
        "plot",
        "thermograph",
        "domineering",
        "...|...|...",
        "-o",
        b.to_str().unwrap(),
    ]);
    let (a, b) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    // The same walls; only the subject written on the picture differs.
    assert!(a.starts_with("<svg") || a.starts_with("<?xml"), "{a}");
    let polylines = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.contains("<polyline") || l.contains("<path"))
            .map(String::from)
            .collect()
    };
    assert!(!polylines(&a).is_empty());
    assert_eq!(polylines(&a), polylines(&b));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn partizan_script_errors_are_clean() {
    let spec = example("domineering.luau");
    let err = fails(&["table", &spec, "--upto", "5"]);
    assert!(err.contains("not available"), "{err}");
    // The commands of impartial scripts say why they refuse a partizan one.
    let err = fails(&["pattern", &spec]);
    assert!(err.contains("partizan"), "{err}");
    let err = fails(&["solve", &spec, "..", "--every"]);
    assert!(err.contains("every-move"), "{err}");
    // Misère play searches the script's game tree: `..` is Right's one move, and Left,
    // left without a move, wins.
    let misere = ok(&["solve", &spec, "..", "--misere", "--json"]);
    assert!(misere.contains("\"outcome\": \"L\""), "{misere}");
    let both = TempScript::new(
        "both.luau",
        "function options(p) return {} end\nfunction left_options(p) return {} end\nfunction right_options(p) return {} end\n",
    );
    let err = fails(&["solve", &both.spec(), "1"]);
    assert!(err.contains("both") && err.contains("one kind"), "{err}");
    let throws = TempScript::new(
        "throws.rhai",
        "fn left_options(n) {\n  throw \"no\";\n}\nfn right_options(n) { [] }\n",
    );
    let err = fails(&["solve", &throws.spec(), "3"]);
    assert!(err.contains("left_options(3) failed at line 2"), "{err}");
    let err = fails(&[
        "solve",
        &spec,
        "....|....|....|....",
        "--max-positions",
        "20",
    ]);
    assert!(err.contains("components searched"), "{err}");
}

/// `sprague value --rules NAME=FILE`: a partizan script inside an expression, valued as the
/// catalogue game it rewrites.
#[test]
fn value_names_a_partizan_script_in_expressions() {
    let file = example("domineering.luau");
    let path = file.trim_start_matches("rules:");
    let named = format!("dom={path}");
    for board in ["..|..", "...|...", "..#|...|..."] {
        let script = json(&[
            "value",
            "--rules",
            &named,
            &format!("dom(\"{board}\") + ^"),
            "--json",
        ]);
        let catalogue = json(&["value", &format!("domineering(\"{board}\") + ^"), "--json"]);
        assert_eq!(script["canonical"], catalogue["canonical"], "{board}");
        assert!(script["canonical"].is_string(), "{script}");
    }
    let e = fails(&["value", "--rules", "dom", "dom(\"..\")"]);
    assert!(e.contains("NAME=FILE"), "{e}");
    let e = fails(&["value", "--rules", "dom=no/such/file.luau", "dom(\"..\")"]);
    assert!(e.contains("no/such/file.luau"), "{e}");
    let e = fails(&["value", "--rules", &format!("domineering={path}"), "1"]);
    assert!(e.contains("catalogue game"), "{e}");
}
