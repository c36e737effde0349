//! Hostile inputs: searches that cannot finish within the limits stop cleanly at them, with
//! the limit that would be needed; the ones that have a
//! better method answer. Nothing here asserts a time: a refusal is checked by its message
//! and exit status under the default limits.

mod common;
use common::{answered, refused, sprague};

fn board(rows: usize, cols: usize) -> String {
    vec![".".repeat(cols); rows].join("|")
}

#[test]
fn boards_beyond_the_limit_stop_at_it_naming_the_limit_they_need() {
    // An estimate is no bound: the search starts, and stops cleanly at its limit with the
    // figure that should be enough.
    let err = refused(&[
        "solve",
        "domineering",
        &board(6, 6),
        "--max-positions",
        "20000",
    ]);
    // The limit reached may be the positions or the comparisons of canonical forms they
    // allow (64 a position): either way, the figure to ask for.
    assert!(err.contains("search limit reached"), "{err}");
    assert!(
        err.contains("should be enough (estimated from the position's size)"),
        "{err}"
    );
    let err = refused(&[
        "moves",
        "domineering",
        &board(8, 8),
        "--max-positions",
        "50000",
    ]);
    assert!(
        err.contains("--max-positions") && err.contains("should be enough"),
        "{err}"
    );
    let strip = format!("{}{}{}", "t".repeat(10), ".".repeat(108), "f".repeat(10));
    let err = refused(&[
        "solve",
        "toads-and-frogs",
        &strip,
        "--max-positions",
        "20000",
    ]);
    assert!(err.contains("--max-positions"), "{err}");
    // Small boards are answered as before.
    assert!(answered(&["solve", "domineering", &board(3, 3)]).contains("outcome:"));
    assert!(answered(&["solve", "toads-and-frogs", "ttt...fff"]).contains("outcome:"));
}

#[test]
fn canonical_form_work_is_bounded() {
    // Alternating Clobber strips have few components but values whose canonical forms
    // grow by a factor of about three a stone: the bound on comparisons that the limit
    // implies (64 for each position allowed) ends the search.
    let strip = "xo".repeat(64);
    let err = refused(&["moves", "clobber", &strip, "--max-positions", "20000"]);
    assert!(err.contains("comparisons of games searched"), "{err}");
    let err = refused(&["value", "*14", "--heat", "1"]);
    assert!(err.contains("written out"), "{err}");
    assert!(answered(&["value", "*5", "--heat", "1"]).contains("heated by 1"));
}

#[test]
fn misere_take_and_break_searches_are_estimated_before_they_run() {
    // (Kayles' and Lasker's Nim's misère quotients answer these heaps; Dawson's Kayles'
    // outgrows its bounds past heap 30, so larger heaps go to the search.)
    for args in [
        &["table", "dawson-kayles", "--misere", "--upto", "80"][..],
        &["solve", "dawson-kayles", "90", "--misere"][..],
        &["moves", "dawson-kayles", "80", "--misere"][..],
    ] {
        let err = refused(args);
        assert!(err.contains("needs exact misère search"), "{err}");
        assert!(err.contains("--max-positions"), "{err}");
        assert!(err.contains("heaps up to about"), "{err}");
    }
    // The explicit limit is the one compared with.
    let err = refused(&[
        "table",
        "dawson-kayles",
        "--misere",
        "--upto",
        "80",
        "--max-positions",
        "5000",
    ]);
    assert!(err.contains("limit of 5000 sums"), "{err}");
    let err = refused(&["table", "nim", "--max-positions", "5"]);
    assert!(
        err.contains("misère tables of take-and-break games"),
        "{err}"
    );
    assert!(answered(&["table", "kayles", "--misere", "--upto", "12"]).contains("12"));
}

#[test]
fn number_games_refuse_searches_of_huge_heaps_and_use_theorems_where_they_exist() {
    for args in [
        &["solve", "prime-power", "100000", "--every"][..],
        &["moves", "prime-power", "12281228", "--every"][..],
    ] {
        let err = refused(args);
        assert!(err.contains("too large to search"), "{err}");
    }
    let out = answered(&["solve", "wythoff", "4001", "3", "--misere"]);
    assert!(out.contains("theorem: misère Wythoff"), "{out}");
    assert!(out.contains("take 3996 from heap 1"), "{out}");
    let out = answered(&["moves", "staircase-nim", "322", "--misere"]);
    assert_eq!(out.matches("  winning").count(), 1, "{out}");
}

#[test]
fn cutcake_is_answered_by_its_closed_form() {
    let out = answered(&["solve", "cutcake", "1000x1000"]);
    assert!(out.contains("value: 0"), "{out}");
    // No cake is searched, so a tiny limit is no obstacle.
    let out = answered(&["solve", "cutcake", "2x5000", "--max-positions", "2000"]);
    assert!(out.contains("value: 2499"), "{out}");
}

#[test]
fn errors_about_huge_numbers_do_not_repeat_them() {
    let heap = "7".repeat(100_000);
    for args in [
        vec!["solve", "bash:3", heap.as_str(), "--every"],
        vec!["solve", "staircase-nim", heap.as_str(), "--misere"],
        vec!["solve", "graph", "a>b", "--token", heap.as_str()],
    ] {
        let err = refused(&args);
        assert!(err.len() < 1000, "{} bytes: {err}", err.len());
        assert!(err.contains("characters)"), "{err}");
    }
    // A usage error from the argument parser is shortened the same way.
    let o = sprague(&["table", "kayles", "--upto", &heap]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.len() < 1000 && err.contains("--upto"), "{err}");
}

#[test]
fn a_hundred_thousand_nested_braces_from_a_file_are_refused() {
    let dir = std::env::temp_dir().join(format!("sprague-braces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("deep.txt");
    std::fs::write(
        &path,
        format!("{}{}", "{".repeat(100_000), "|}".repeat(100_000)),
    )
    .unwrap();
    let arg = format!("@{}", path.display());
    let err = refused(&["value", &arg]);
    assert!(err.contains("nesting deeper than"), "{err}");
    assert!(err.len() < 1000, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_published_toads_and_frogs_value_computes_with_the_defaults() {
    // Erickson's T^9 □□ F^8, whose value {{6 | 1} | {∗ | −5}} Thanatipanonda proved (2011):
    // once refused up front by an estimate of its search; the larger members of the family
    // are timed by `cargo run --release -p sprague --example toads_and_frogs`.
    let out = answered(&["solve", "toads-and-frogs", "ttttttttt..ffffffff"]);
    assert!(out.contains("value: {6|1||*|-5}"), "{out}");
}
