//! The hostile-input reproducers as a user types them, each scaled down so that it runs in
//! well under a second in a debug build: the refusals by their exit status and message
//! (small `--timeout` / `--max-positions` where the full-size input would be refused only
//! after seconds of work), the answers that were once wrong by the answer itself. Nothing
//! here asserts a time.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;
use common::{answered, refused};

/// The value of a field of a text verdict (`value: 64`).
fn field<'a>(out: &'a str, name: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(": "))
        .unwrap_or_else(|| panic!("no `{name}:` in\n{out}"))
}

#[test]
fn judge_input_claiming_more_games_than_it_holds_is_refused() {
    for count in ["18446744073709551615", "2000000000"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(["problem", "P4018"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        write!(child.stdin.take().unwrap(), "{count}\n3\n").unwrap();
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains(count) && err.contains("claims more"), "{err}");
    }
}

#[test]
fn searches_too_large_are_refused_naming_what_they_need() {
    let err = refused(&["solve", "prime-power", "100000", "--every"]);
    assert!(err.contains("too large to search"), "{err}");
    let err = refused(&["solve", "dawson-kayles", "90", "--misere"]);
    assert!(err.contains("--max-positions"), "{err}");
    let err = refused(&["table", "dawson-kayles", "--misere", "--upto", "80"]);
    assert!(err.contains("--max-positions"), "{err}");
    let err = refused(&["solve", "officers", "100000000000000000000"]);
    assert!(err.contains("open problem"), "{err}");
    let err = refused(&[
        "solve",
        "ruler",
        "24",
        "--misere",
        "--max-positions",
        "1000",
    ]);
    assert!(
        err.contains("2^24") && err.contains("--max-positions"),
        "{err}"
    );
}

#[test]
fn domineering_columns_and_rows_have_their_exact_values() {
    // Left plays vertically: a column of n empty cells is worth ⌊n/2⌋ to Left, a row the
    // same to Right.
    let column = |n: usize| vec!["."; n].join("|");
    let out = answered(&["solve", "domineering", &column(128)]);
    assert_eq!(field(&out, "value"), "64");
    let out = answered(&["solve", "domineering", &".".repeat(128)]);
    assert_eq!(field(&out, "value"), "-64");
    let out = answered(&["solve", "domineering", &column(127)]);
    assert_eq!(field(&out, "value"), "63");
    let filled = format!("#|{}", column(127));
    let out = answered(&["solve", "domineering", &filled]);
    assert_eq!(field(&out, "value"), "63");
}

#[test]
fn misere_graph_play_is_misere_or_refused() {
    // The mover at `a` must move to the dead end `b`, and so loses under misère play.
    let out = answered(&["solve", "graph", "a>b", "--token", "a", "--misere"]);
    assert!(field(&out, "outcome").starts_with("second player"), "{out}");
    assert_eq!(field(&out, "winning moves"), "none");
    let err = refused(&["solve", "graph", "a>b", "--token", "a", "--every"]);
    assert!(err.contains("--every"), "{err}");
    let err = refused(&["table", "graph", "--misere"]);
    assert!(err.contains("no graph given"), "{err}");
    let out = answered(&["table", "graph", "a>b", "--misere"]);
    assert!(out.contains("misère outcomes"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("a\tsecond")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("b\tfirst")), "{out}");
}

#[test]
fn an_empty_board_row_is_named_not_dropped() {
    let err = refused(&["solve", "turning-corners", "H||H"]);
    assert!(err.contains("row 2") && err.contains("empty"), "{err}");
}

#[test]
fn misere_wythoff_and_closed_forms_answer_at_once() {
    let out = answered(&["solve", "wythoff", "4001", "3", "--misere"]);
    assert!(field(&out, "outcome").starts_with("first player"), "{out}");
    let moves: Vec<&str> = out.lines().filter(|l| l.contains("→")).collect();
    assert_eq!(moves.len(), 1, "{out}");
    assert!(moves[0].contains("take 3996 from heap 1") && moves[0].ends_with("5 3"));
    let out = answered(&["solve", "cutcake", "1000x1000"]);
    assert_eq!(field(&out, "value"), "0");
    let out = answered(&["solve", "cutcake", "2x5000"]);
    assert_eq!(field(&out, "value"), "2499");
}

#[test]
fn canonical_forms_too_large_or_too_slow_are_refused() {
    let switches = |n: u32| {
        (1..=n)
            .map(|i| format!("{{{i}|-{i}}}"))
            .collect::<Vec<_>>()
            .join("+")
    };
    let err = refused(&["value", &switches(21)]);
    assert!(err.contains("written out"), "{err}");
    // The alternating Clobber strip: its canonical forms grow by about three a stone, and
    // its search stops at the deadline (or at the bound on comparisons, about five seconds
    // of work by default).
    let strip = "xo".repeat(64);
    let err = refused(&["moves", "clobber", &strip, "--timeout", "0.2"]);
    // Which count the message names depends on where the deadline falls: the components
    // searched or the comparisons of their canonical forms.
    assert!(
        err.contains("stopped after")
            && (err.contains("canonical forms") || err.contains("components searched")),
        "{err}"
    );
}

#[test]
fn green_hackenbush_cut_tests_stop_at_the_deadline() {
    // One cycle of 7000 edges through the ground: small enough that every cycle edge is
    // tested, each test as long as the cycle (about 10^8 steps in all). The message names
    // the cut tests, so it is the library that stopped, not the command's watchdog.
    let cycle: Vec<String> = (0..7000)
        .map(|i| format!("{i}-{}", (i + 1) % 7000))
        .collect();
    let mut args = vec!["moves", "green-hackenbush"];
    args.extend(cycle.iter().map(String::as_str));
    args.extend(["--timeout", "0.05"]);
    let err = refused(&args);
    assert!(err.contains("cuts of cycle edges tested"), "{err}");
    args[0] = "solve";
    let err = refused(&args);
    assert!(err.contains("cuts of cycle edges tested"), "{err}");
    // A star of many edges on the ground is answered: the nim-sum of its single edges.
    let star: Vec<String> = (1..=1001).map(|i| format!("0-{i}")).collect();
    let mut args = vec!["solve", "green-hackenbush"];
    args.extend(star.iter().map(String::as_str));
    let out = answered(&args);
    assert_eq!(field(&out, "grundy"), "1");
}

#[test]
fn tables_of_other_families_stop_at_the_deadline() {
    // Ten million heaps, heap by heap: the library's look at the deadline ends it (the
    // message says what was being counted).
    let err = refused(&[
        "table",
        "subtraction:1,3,4",
        "--upto",
        "10000000",
        "--timeout",
        "0.05",
    ]);
    assert!(err.contains("heaps tabulated"), "{err}");
}
