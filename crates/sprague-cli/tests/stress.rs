//! `sprague stress` with small contestant programs written for `sh` and `awk`: a correct
//! one passes, a floating-point Wythoff is caught and shrunk, a crash and a sleeper are told
//! apart, and usage errors exit with status 2.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const SPRAGUE: &str = env!("CARGO_BIN_EXE_sprague");

fn stress(args: &[&str]) -> Output {
    Command::new(SPRAGUE)
        .arg("stress")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the sprague binary runs")
}

/// A fresh directory for saved failures.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sprague-stress-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn json_of(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

/// P2252 by a double-precision golden ratio: wrong on some cold pairs below 10^9.
const FLOAT_WYTHOFF: &str =
    "{ a = $1; b = $2; if (a > b) { t = a; a = b; b = t }; if (a == int((b - a) * (1 + sqrt(5)) / 2)) print 0; else print 1 }";

#[test]
fn a_correct_solution_passes() {
    // P4018 in awk (the losing heaps are the multiples of 6), and sprague itself for P2252.
    let awk = "NR > 1 { print ($1 % 6 == 0) ? \"Roy wins!\" : \"October wins!\" }";
    let dir = scratch("ok");
    let dir_arg = dir.to_str().unwrap();
    let o = stress(&[
        "P4018", "--cases", "120", "--save", dir_arg, "--", "awk", awk,
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.starts_with("P4018: ok, 120 cases (10 exhaustive"),
        "{text}"
    );
    let o = stress(&[
        "P2252", "--cases", "60", "--json", "--save", dir_arg, "--", SPRAGUE, "problem", "P2252",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v = json_of(&o);
    assert_eq!(
        (v["verdict"].as_str(), v["cases"].as_u64()),
        (Some("ok"), Some(60))
    );
    assert_eq!(v["phases"]["exhaustive"], 16);
    assert!(v["phases"]["adversarial"].as_u64().unwrap() >= 22);
    assert!(!dir.exists(), "nothing is saved when nothing fails");
}

#[test]
fn floating_point_wythoff_is_caught_and_shrunk_to_one_line() {
    let dir = scratch("wythoff");
    let dir_arg = dir.to_str().unwrap();
    let o = stress(&[
        "P2252",
        "--json",
        "--save",
        dir_arg,
        "--",
        "awk",
        FLOAT_WYTHOFF,
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json_of(&o);
    assert_eq!(v["verdict"], "wrong-answer");
    assert_eq!(v["phase"], "adversarial");
    let input = v["input"].as_str().unwrap();
    assert_eq!(input.lines().count(), 1, "{input}");
    // A cold pair called hot, or its neighbour `(a + 1, b + 1)` called cold: the double
    // rounds `d·φ` up.
    let answers = (
        v["expected"].as_str().unwrap(),
        v["received"].as_str().unwrap(),
    );
    assert!(answers == ("0", "1") || answers == ("1", "0"), "{v}");
    let saved = PathBuf::from(v["saved"].as_str().unwrap());
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), input);
    let seed = v["seed"].as_u64().unwrap();
    assert!(saved.ends_with(format!("P2252-{seed}.in")));
    // The seed reproduces the case and its shrinking; the text report names it.
    let seed = seed.to_string();
    let o = stress(&[
        "P2252",
        "--seed",
        &seed,
        "--save",
        dir_arg,
        "--",
        "awk",
        FLOAT_WYTHOFF,
    ]);
    assert_eq!(o.status.code(), Some(1));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains(&format!("  {}", input.trim())), "{text}");
    let line = format!("line 1: expected `{}`, received `{}`", answers.0, answers.1);
    assert!(text.contains(&line), "{text}");
    assert!(
        text.contains(&format!(
            "reproduce: sprague stress P2252 --seed {seed} -- awk '"
        )),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn crashes_and_time_outs_are_told_apart() {
    let dir = scratch("crash");
    let dir_arg = dir.to_str().unwrap();
    let o = stress(&[
        "P2252", "--json", "--save", dir_arg, "--", "sh", "-c", "exit 3",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v = json_of(&o);
    assert_eq!(
        (v["verdict"].as_str(), v["detail"].as_str()),
        (Some("crash"), Some("exit status 3"))
    );
    // Shrunk to the first line of the smallest exhaustive input.
    assert_eq!(v["input"], "0 0\n");
    assert_eq!(v["cases"], 1);
    // A program that reads its input, then sleeps past the time limit (and a child of it:
    // the whole process group is ended).
    let o = stress(&[
        "P6487",
        "--json",
        "--time-limit",
        "0.3",
        "--save",
        dir_arg,
        "--",
        "sh",
        "-c",
        "cat > /dev/null; sleep 30",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let v = json_of(&o);
    assert_eq!(v["verdict"], "time-limit");
    assert_eq!(
        (v["input"].as_str(), v["seed"].as_u64()),
        (Some("2\n"), Some(0))
    );
    assert!(v["received"].as_str().unwrap().contains("0.3 s"), "{v}");
    let o = stress(&[
        "P6487",
        "--save",
        dir_arg,
        "--",
        "sh",
        "-c",
        "kill -SEGV $$",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("crash on case 1") && text.contains("SIGSEGV"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn usage_errors_exit_with_status_2() {
    for (args, needle) in [
        (&["P9999", "--", "true"][..], "unknown problem"),
        (&["P2252"][..], "COMMAND"),
        (
            &["P2252", "--", "/nonexistent/contestant"][..],
            "cannot run",
        ),
        (
            &["P2252", "--seed", "99", "--", "true"][..],
            "16 exhaustive cases",
        ),
        (&["P2252", "--cases", "0", "--", "true"][..], "at least 1"),
        (
            &["P2252", "--time-limit", "x", "--", "true"][..],
            "not a number of seconds",
        ),
    ] {
        let o = stress(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(needle) && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_budget_of_time_ends_the_run() {
    let o = stress(&[
        "P6487",
        "--cases",
        "100000000",
        "--budget",
        "0.5",
        "--json",
        "--",
        SPRAGUE,
        "problem",
        "P6487",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v = json_of(&o);
    let cases = v["cases"].as_u64().unwrap();
    assert!((1..100_000_000).contains(&cases), "{v}");
}
