//! The `sprague` command as a user runs it: README commands, JSON fields, and clean errors
//! (a message naming the bad input and a non-zero exit, never a panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn sprague(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the sprague binary runs")
}

fn with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    // A command that rejects its arguments may exit before reading its input: a closed pipe
    // is then no failure of the test (its exit status and message are checked).
    if let Err(e) = child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
    {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "stdin written: {e}"
        );
    }
    child.wait_with_output().expect("the sprague binary ends")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs a command that must succeed and returns its standard output.
fn ok(args: &[&str]) -> String {
    let o = sprague(args);
    assert!(
        o.status.success(),
        "`sprague {}` failed: {}",
        args.join(" "),
        stderr(&o)
    );
    stdout(&o)
}

/// Runs a command that must fail cleanly and returns its error message.
fn fails(o: Output, what: &str) -> String {
    assert!(!o.status.success(), "{what}: expected a failure");
    let err = stderr(&o);
    assert!(err.starts_with("error:"), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
    err
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

#[test]
fn solve_nim_text_and_json() {
    let text = ok(&["solve", "nim", "3", "4", "5"]);
    assert!(text.contains("first player wins"), "{text}");
    assert!(text.contains("grundy: 2"), "{text}");
    assert!(text.contains("1 4 5"), "{text}");
    let v = json(&["solve", "nim", "3", "4", "5", "--json"]);
    assert_eq!(v["outcome"], "first");
    assert_eq!(v["grundy"], "2");
    assert_eq!(v["winning_moves"], serde_json::json!(["1 4 5"]));
    assert_eq!(v["moves"][0]["label"], "take 2 from heap 1");
    assert_eq!(v["moves"][0]["position"], "1 4 5");
    assert!(v["method"].as_str().unwrap().starts_with("theorem"));
    assert_eq!(v["method_kind"], "theorem");
}

#[test]
fn readme_commands_work() {
    let text = ok(&["solve", "nim", "3", "4", "5", "--misere"]);
    assert!(text.contains("misère"), "{text}");
    let v = json(&["solve", "euclid", "25", "7", "+", "3", "2", "--json"]);
    assert!(v["outcome"].is_string() && v["winning_moves"].is_array());
    assert!(ok(&["moves", "euclid", "25", "7"]).contains("winning"));
    let table = ok(&["table", "nim", "--upto", "20"]);
    assert!(table.contains("20\t20"), "{table}");
    let out = with_stdin(&["problem", "P1290"], "2\n25 7\n24 15\n");
    assert!(out.status.success());
    assert_eq!(stdout(&out), "Stan wins\nOllie wins\n");
}

#[test]
fn list_and_explain() {
    let list = ok(&["list"]);
    for name in ["nim", "euclid", "wythoff", "fibonacci-nim", "redistribute"] {
        assert!(list.lines().any(|l| l.starts_with(name)), "{name}: {list}");
    }
    let e = ok(&["explain", "euclid"]);
    assert!(
        e.contains("Rules:") && e.contains("Theorem:") && e.contains("Cole"),
        "{e}"
    );
    let v = json(&["explain", "wythoff", "--json"]);
    assert_eq!(v["name"], "wythoff");
}

#[test]
fn wythoff_fibonacci_and_redistribute() {
    // The floating-point trap pair is a P-position.
    let v = json(&["solve", "wythoff", "165580140", "267914295", "--json"]);
    assert_eq!(v["outcome"], "second");
    assert_eq!(v["winning_moves"], serde_json::json!([]));
    let v = json(&["solve", "wythoff", "8", "4", "--json"]);
    assert_eq!(v["winning_moves"], serde_json::json!(["7 4"]));
    // Fibonacci Nim: 100 = 89 + 8 + 3; take 3, take 11 or take everything.
    let v = json(&["solve", "fibonacci-nim", "100", "--json"]);
    assert_eq!(
        v["winning_moves"],
        serde_json::json!(["97 6", "89 22", "0 200"])
    );
    let v = json(&["solve", "fibonacci-nim", "100", "2", "--json"]);
    assert_eq!(v["outcome"], "second");
    // A thousand-digit heap is answered by the theorem.
    let huge = format!("1{}", "0".repeat(1000));
    let v = json(&["solve", "fibonacci-nim", &huge, "--json"]);
    assert_eq!(v["outcome"], "first");
    assert!(v["method"].as_str().unwrap().starts_with("theorem"));
    let v = json(&["solve", "wythoff", &huge, &huge, "--json"]);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(moves.contains(&serde_json::json!("0 0")), "{moves:?}");
    // Redistribute: from (1, 100) the moves are to (v, v), v = 1..50.
    let v = json(&["solve", "redistribute", "1", "100", "--json"]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 50);
    assert!(v["note"].is_null());
    assert_eq!(v["complete"], true);
    let v = json(&["solve", "redistribute", "2", "2", "5", "5", "--json"]);
    assert_eq!(v["outcome"], "second");
    // From (1, 3000), 1500 moves pair the heaps; the listing policy lists 1000.
    let v = json(&["solve", "redistribute", "1", "3000", "--json"]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1000);
    assert!(v["note"].as_str().unwrap().contains("more than 1000"));
    assert_eq!(v["complete"], false);
}

#[test]
fn judge_problems_of_this_branch() {
    let out = with_stdin(&["problem", "P6487"], "4\n7\n8\n");
    assert_eq!(stdout(&out), "1\n2\n8\n");
    let out = with_stdin(&["problem", "P2252"], "8 4\n165580140 267914295\n");
    assert_eq!(stdout(&out), "1\n0\n");
    let err = fails(with_stdin(&["problem", "P2252"], "8 4\n3 x\n"), "bad token");
    assert!(
        err.contains("P2252") && err.contains("instance 2") && err.contains("`x`"),
        "{err}"
    );
}

#[test]
fn malformed_numbers_are_named() {
    for bad in ["-3", "1e5", "abc", "3.5"] {
        let err = fails(sprague(&["solve", "nim", "3", bad]), bad);
        assert!(err.contains(&format!("`{bad}`")), "{bad}: {err}");
    }
    let err = fails(sprague(&["solve", "wythoff", "3", "4", "5"]), "odd count");
    assert!(err.contains("2 numbers"), "{err}");
    let err = fails(
        sprague(&["solve", "fibonacci-nim", "3", "4", "5"]),
        "three numbers",
    );
    assert!(err.contains("Fibonacci"), "{err}");
}

#[test]
fn unknown_game_has_a_hint() {
    let err = fails(sprague(&["solve", "nimm", "3"]), "unknown game");
    assert!(err.contains("`nimm`") && err.contains("nim"), "{err}");
    let err = fails(sprague(&["solve", "wythof", "3", "4"]), "unknown game");
    assert!(err.contains("wythoff"), "{err}");
    let err = fails(sprague(&["explain", "zzzz"]), "unknown game");
    assert!(err.contains("`zzzz`"), "{err}");
}

#[test]
fn bad_parameters_are_named() {
    for spec in ["euclid:2", "wythoff:3", "fibonacci-nim:5", "redistribute:1"] {
        let game = spec.split(':').next().unwrap();
        let err = fails(sprague(&["solve", spec, "3", "4"]), spec);
        assert!(
            err.contains("bad parameters") && err.contains(game),
            "{err}"
        );
    }
}

#[test]
fn empty_positions_fail() {
    let err = fails(sprague(&["solve", "nim"]), "no position");
    assert!(err.contains("no position"), "{err}");
    let err = fails(
        sprague(&["solve", "euclid", "3", "4", "+"]),
        "empty component",
    );
    assert!(err.contains("empty"), "{err}");
}

#[test]
fn problem_errors() {
    let err = fails(with_stdin(&["problem", "P1290"], ""), "empty stdin");
    assert!(err.contains("P1290") && err.contains("empty"), "{err}");
    let err = fails(with_stdin(&["problem", "P1290"], "  \n"), "blank stdin");
    assert!(err.contains("P1290"), "{err}");
    let err = fails(
        with_stdin(&["problem", "P1290"], "2\n25 7\n"),
        "short input",
    );
    assert!(err.contains("P1290"), "{err}");
    let err = fails(with_stdin(&["problem", "P9999"], "1\n"), "unknown problem");
    assert!(err.contains("P9999") && err.contains("P1290"), "{err}");
    let err = fails(sprague(&["problem"]), "no id");
    assert!(err.contains("name a problem"), "{err}");
}

#[test]
fn too_large_to_search_is_an_error_not_a_hang() {
    // A sum of huge Wythoff games needs Grundy values, which have no closed form.
    let err = fails(
        sprague(&["solve", "wythoff", "1000000", "7", "+", "3", "5"]),
        "huge sum",
    );
    assert!(err.contains("too large to search"), "{err}");
}

#[test]
fn value_prints_cgsuite_notation_and_properties() {
    let j = json(&["value", "{3||2+*|1+*}", "--json"]);
    assert_eq!(j["canonical"], "{3||2*|1*}");
    assert_eq!(j["outcome"], "L");
    assert_eq!(j["left_stop"], "3");
    assert_eq!(j["right_stop"], "2");
    assert_eq!(j["mean"], "9/4");
    assert_eq!(j["temperature"], "3/4");
    assert_eq!(j["birthday"], 5);
    assert_eq!(j["reduced"], "{3||2|1}");
    // CGSuite's notation for up-nth, tinies and switches.
    assert_eq!(
        json(&["value", "{0||0|v*}", "--json"])["canonical"],
        "{0|^<2>}"
    );
    assert_eq!(
        json(&["value", "{0||0|-3/2}", "--json"])["canonical"],
        "Tiny(3/2)"
    );
    assert_eq!(
        json(&["value", "{1*|-1*}", "--json"])["canonical"],
        "+-(1*)"
    );
    let up = json(&["value", "^", "--json"]);
    assert_eq!(up["atomic_weight"], "1");
    assert_eq!(up["is_all_small"], true);
    // The parser reads what the printer writes: G - G = 0.
    let g = json(&["value", "{0|||0||-1|-3}", "--json"]);
    let c = g["canonical"].as_str().unwrap();
    assert_eq!(c, "Tiny({3|1})");
    let d = json(&["value", &format!("{c} - {{0|||0||-1|-3}}"), "--json"]);
    assert_eq!(d["canonical"], "0");
    let text = ok(&["value", "+-1", "--thermograph"]);
    assert!(text.contains("left wall"), "{text}");
}

#[test]
fn value_compares_calls_methods_and_names_catalogue_games() {
    // A comparison prints `true` or `false`, with `--json` a boolean.
    assert_eq!(ok(&["value", "^ > 0"]).trim(), "true");
    assert_eq!(ok(&["value", "^^ <= ^*"]).trim(), "false");
    let j = json(&["value", "* <> 0", "--json"]);
    assert_eq!(
        (j["kind"].as_str(), j["boolean"].as_bool()),
        (Some("boolean"), Some(true))
    );
    // CGSuite's methods, answers from its test suite.
    let j = json(&["value", "^.NortonProduct(^)", "--json"]);
    assert_eq!(j["canonical"], "{^^*||0|v4}");
    assert_eq!(ok(&["value", "*3.Options(Left)"]).trim(), "{0,*,*2}");
    // A catalogue game inside an expression: a 1x2 Domineering board is -1 (Right's move).
    let j = json(&["value", "domineering(\"..\") + ^", "--json"]);
    assert_eq!(j["canonical"], "-1^");
    // Loopy games are named.
    let err = fails(sprague(&["value", "on + ^"]), "on");
    assert!(err.contains("`on` is a loopy game"), "{err}");
    // `--max-positions` bounds the searches of catalogue games, and the limit message's
    // suggestion is one `value` takes.
    let board = "domineering(\"....|....|....|....\")";
    let err = fails(sprague(&["value", board, "--max-positions", "5"]), board);
    assert!(err.contains("--max-positions"), "{err}");
    let j = json(&["value", board, "--max-positions", "100000", "--json"]);
    assert_eq!(j["canonical"], "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
    let listed = "amazons(\"x...|o...\").Followers.Size";
    fails(
        sprague(&["value", listed, "--max-positions", "100"]),
        listed,
    );
    assert_eq!(
        ok(&["value", listed]).lines().next(),
        Some("canonical: 2784")
    );
}

#[test]
fn value_cool_and_heat() {
    // CGSuite's test suite: {3||2*|1*} cooled by 1/2 is {5/2|2*}, heated by 1 is
    // {4|||3|1||0|-2}, cooled by -1/2 is {7/2|||5/2|3/2||+-1/2}.
    let j = json(&["value", "{3||2*|1*}", "--cool", "1/2", "--json"]);
    assert_eq!(j["canonical"], "{5/2|2*}");
    assert_eq!(j["cooled_by"], "1/2");
    assert_eq!(j["original"], "{3||2*|1*}");
    let j = json(&["value", "{3||2*|1*}", "--cool", "-1/2", "--json"]);
    assert_eq!(j["canonical"], "{7/2|||5/2|3/2||+-1/2}");
    let j = json(&["value", "{3||2*|1*}", "--heat", "1", "--json"]);
    assert_eq!(j["canonical"], "{4|||3|1||0|-2}");
    assert_eq!(j["heated_by"], "1");
    let text = ok(&["value", "+-1", "--cool", "1"]);
    assert!(text.contains("canonical: *"), "{text}");
    for (t, what) in [
        ("-1", "greater than -1"),
        ("-2", "greater than -1"),
        ("*", "must be a number"),
        ("1/3", "`1/3`"),
        ("x", "`x`"),
    ] {
        let err = fails(sprague(&["value", "+-1", "--cool", t]), t);
        assert!(err.contains(what), "{t}: {err}");
    }
    let err = fails(sprague(&["value", "+-1", "--heat", "{1|"]), "heat {1|");
    assert!(err.contains("`{1|`"), "{err}");
    fails(
        sprague(&["value", "+-1", "--heat", "1", "--cool", "1"]),
        "cool and heat",
    );
}

#[test]
fn take_and_break_tables_stream_and_save() {
    // JSON written row by row parses, and is the library's table serialised.
    let out = ok(&["table", "kayles", "--upto", "300", "--period", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    let table = sprague::catalogue::lookup("kayles")
        .unwrap()
        .table(&sprague_games::interface::TableOptions {
            upto: 300,
            period: true,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(v, serde_json::to_value(&table).unwrap());
    // One row a line.
    assert!(out.contains(
        "\n    {\"position\":\"1\",\"value\":\"1\",\"outcome\":\"first\",\"remoteness\":null},\n"
    ));
    assert_eq!(v["rows"].as_array().unwrap().len(), 301);
    assert_eq!(v["count"], 301);
    assert_eq!(v["period"]["period"], "12");
    assert_eq!(v["period"]["preperiod"], "71");
    // The values the proof needed, whether the table stops there or goes past.
    let proof = "note: proven by the periodicity theorem with 168 values";
    for args in [&["--upto", "1000"][..], &[]] {
        let text = ok(&[&["table", "kayles", "--period"][..], args].concat());
        assert!(text.contains(proof), "{text}");
    }
    let text = ok(&["table", "lasker-nim", "--upto", "300"]);
    assert!(text.contains("\n300\t299\n"), "{text}");
    // --output: the file holds the values, the output only the summary.
    let path = std::env::temp_dir().join(format!("sprague-cli-{}.sg", std::process::id()));
    let p = path.to_str().unwrap();
    let summary = json(&["table", "kayles", "--upto", "300", "--output", p, "--json"]);
    assert_eq!(summary["count"], 301);
    assert_eq!(summary["saved"], 301);
    assert_eq!(summary["output"], p);
    assert!(summary.get("rows").is_none());
    let text = ok(&["table", "kayles", "--upto", "300", "--output", p]);
    assert!(
        text.contains("301 values written") && !text.contains("\t"),
        "{text}"
    );
    let bytes = std::fs::read(&path).unwrap();
    // Format 2: the header (spec, count, width, block, checksum), one block of 301 values
    // and its 8-byte checksum.
    assert!(bytes.starts_with(b"sprague-grundy 2 kayles 301 1 65536 "));
    assert_eq!(
        bytes.len(),
        "sprague-grundy 2 kayles 301 1 65536 ".len() + 17 + 301 + 8
    );
    let resumed = json(&["table", "kayles", "--upto", "400", "--resume", p, "--json"]);
    assert_eq!(resumed["rows"][300], v["rows"][300]);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn every_table_is_json_with_one_header() {
    // The same header keys for every kind of table (heaps, misère, coins, a graph).
    let mut header: Option<Vec<String>> = None;
    for args in [
        &["table", "nim", "--upto", "5", "--json"][..],
        &[
            "table",
            "subtraction:1,3,4",
            "--upto",
            "20",
            "--period",
            "--json",
        ],
        &["table", "kayles", "--upto", "5", "--misere", "--json"],
        &["table", "nim", "--upto", "5", "--misere", "--json"],
        &["table", "ruler", "--upto", "8", "--json"],
        &["table", "graph", "a>b b>a b>c", "--json"],
    ] {
        let v = json(args);
        let mut keys: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        keys.retain(|k| k != "rows");
        match &header {
            Some(h) => assert_eq!(&keys, h, "{args:?}"),
            None => header = Some(keys),
        }
        assert_eq!(v["schema"], 1, "{args:?}");
        let rows = v["rows"].as_array().unwrap();
        assert_eq!(rows.len() as u64, v["count"].as_u64().unwrap(), "{args:?}");
        assert!(rows.iter().all(|r| r["position"].is_string()), "{args:?}");
    }
    let v = json(&["table", "graph", "a>b b>a b>c", "--json"]);
    assert_eq!(v["rows"][1]["position"], "b");
    assert_eq!(v["rows"][1]["outcome"], "first");
    assert_eq!(v["rows"][0]["remoteness"], 2);
    let v = json(&["table", "kayles", "--upto", "3", "--misere", "--json"]);
    assert_eq!(v["play"], "misere");
    assert!(v["value_kind"].is_null() && v["rows"][1]["value"].is_null());
    assert_eq!(v["rows"][1]["outcome"], "second");
    let text = ok(&["table", "kayles", "--upto", "3", "--misere"]);
    assert!(
        text.contains("heap\toutcome\n0\tfirst\n1\tsecond\n"),
        "{text}"
    );
}

#[test]
fn take_and_break_regressions() {
    // The winning moves of a huge Lasker heap: take it all, or split it in halves.
    let v = json(&["solve", "lasker-nim", "1000000000000", "--json"]);
    assert_eq!(v["outcome"], "first");
    assert_eq!(
        v["winning_moves"],
        serde_json::json!(["0", "500000000000 500000000000"])
    );
    // Heaps no method reaches are refused at once, naming the limit.
    let err = fails(sprague(&["solve", "officers", "4294967296"]), "officers");
    assert!(err.contains("8388608"), "{err}");
    let text = ok(&["moves", "lasker-nim", "20000000"]);
    assert!(text.contains("take 1 from heap 1") && text.contains("split heap 1"));
    assert!(text.contains("30000000 moves"), "{text}");
}

#[test]
fn boards_of_128_cells_and_empty_rows() {
    // A column of n empty cells is worth ⌊n/2⌋ (Left's vertical dominoes); 128 once read 63.
    let column = vec!["."; 128].join("|");
    let v = json(&["solve", "domineering", &column, "--json"]);
    assert_eq!(v["value"], "64", "{v}");
    let v = json(&["solve", "domineering", &".".repeat(128), "--json"]);
    assert_eq!(v["value"], "-64", "{v}");
    // An empty row is refused with its number, never skipped (`H||H` once read as `H|H`).
    for (game, board) in [
        ("turning-corners", "H||H"),
        ("domineering", "..||.."),
        ("clobber", "xo||ox"),
    ] {
        let err = fails(sprague(&["solve", game, board]), board);
        assert!(err.contains("row 2") && err.contains("empty"), "{err}");
    }
}

#[test]
fn judge_counts_beyond_the_input_fail_at_once() {
    // These once panicked (capacity overflow) and aborted allocating 28 GB.
    for count in ["18446744073709551615", "2000000000"] {
        let err = fails(
            with_stdin(&["problem", "P4018"], &format!("{count}\n3\n")),
            count,
        );
        assert!(
            err.contains("instance 1") && err.contains(count) && err.contains("claims more"),
            "{err}"
        );
    }
}

#[test]
fn huge_numbers_give_bounded_answers() {
    // A 20,000-digit Fibonacci Nim heap has thousands of winning moves, each as long as the
    // heap: the list is cut with a count (a 10^5-digit heap once aborted out of memory).
    let heap: String = (0..20_000)
        .map(|i| char::from(b'1' + (i * 7 % 9) as u8))
        .collect();
    let out = ok(&["solve", "fibonacci-nim", &heap]);
    assert!(out.len() < 3 << 20, "{} bytes", out.len());
    assert!(
        out.contains("winning moves in all; the first"),
        "{}",
        &out[out.len() - 400..]
    );
}

/// An empty 6×6 Domineering board takes minutes to search.
const EMPTY_6X6: &str = "......|......|......|......|......|......";

#[test]
fn a_timeout_ends_a_long_search_with_a_clean_error() {
    let err = fails(
        // A limit high enough to let the search start (the default refuses it at once).
        sprague(&[
            "solve",
            "domineering",
            EMPTY_6X6,
            "--max-positions",
            "100000000",
            "--timeout",
            "1",
        ]),
        "timeout",
    );
    assert!(err.contains("stopped after 1 s (--timeout 1)"), "{err}");
    assert!(err.contains("searched"), "{err}");
    // (Kayles' misère sums are answered at once by its quotient; Dawson's Kayles' quotient
    // grows for seconds before it outgrows its bounds, and its search is far longer.)
    let err = fails(
        sprague(&[
            "moves",
            "dawson-kayles",
            "200",
            "+",
            "199",
            "--misere",
            "--timeout",
            "0.5",
        ]),
        "timeout",
    );
    assert!(err.contains("(--timeout 0.5)"), "{err}");
    // A search that ends in time answers as usual.
    assert!(
        ok(&["solve", "nim", "3", "4", "--timeout", "10"]).contains("outcome: first player wins")
    );
}

#[test]
fn malformed_timeouts_are_named() {
    for bad in ["abc", "-1", "1.", "1.2345", "1e3", "0", ""] {
        let err = fails(
            sprague(&["solve", "nim", "3", &format!("--timeout={bad}")]),
            bad,
        );
        assert!(err.contains("--timeout"), "{bad}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_a_search_with_an_interrupted_error() {
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args([
            "solve",
            "domineering",
            EMPTY_6X6,
            "--max-positions",
            "100000000",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the sprague binary runs");
    // Time to install the handler and start searching (not a timing assertion: a
    // search that ended first would fail below with its answer).
    std::thread::sleep(std::time::Duration::from_secs(1));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let o = child.wait_with_output().expect("the sprague binary ends");
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("interrupted"), "{}", stderr(&o));
}

#[test]
fn moves_into_a_draw_are_written_drawing() {
    let text = ok(&["moves", "graph", "a>b b>c c>b a>d a>e e>f token=a"]);
    let line = |to: &str| {
        text.lines()
            .find(|l| l.contains(&format!("from a to {to}")))
            .unwrap_or_else(|| panic!("no move to {to}: {text}"))
            .to_string()
    };
    assert!(line("b").contains("drawing"), "{text}");
    assert!(line("d").contains("winning"), "{text}");
    assert!(line("e").contains("losing"), "{text}");
    let j = json(&[
        "moves",
        "graph",
        "a>b b>c c>b a>d a>e e>f token=a",
        "--json",
    ]);
    assert_eq!(j["moves"][0]["outcome"], "draw", "{j}");
}

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["table", "kayles", "--upto", "1000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sprague starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is gone (as `| head -1` goes): the next writes meet a closed pipe.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(first.contains("kayles"), "{first}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn every_long_computation_takes_threads_and_answers_the_same() {
    // Officers' sequence to 20000 (speculative batches on several threads): solve, moves,
    // pattern and table on one thread and on three give the same answer.
    for args in [
        vec!["solve", "octal:0.6", "20000", "--json"],
        vec!["moves", "octal:0.6", "3000", "--json"],
        vec!["pattern", "octal:0.6", "--upto", "20000", "--json"],
        vec!["table", "octal:0.6", "--upto", "20000", "--checksum"],
    ] {
        let one = ok(&[args.as_slice(), &["--threads", "1"]].concat());
        let three = ok(&[args.as_slice(), &["--threads", "3"]].concat());
        assert_eq!(one, three, "{args:?}");
    }
    // A thread count that cannot be honoured is refused by name, on every command.
    for args in [
        vec!["solve", "nim", "3"],
        vec!["pattern", "kayles"],
        vec!["plot", "grundy", "kayles", "-o", "/dev/null"],
        vec!["play", "nim", "3"],
        vec!["serve", "--port", "0"],
        vec!["table", "kayles"],
    ] {
        for bad in ["0", "5000"] {
            let err = fails(
                sprague(&[args.as_slice(), &["--threads", bad]].concat()),
                "--threads",
            );
            assert!(err.contains("--threads"), "{err}");
        }
    }
}
