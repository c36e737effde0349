//! `sprague quotient` as a user runs it: the report of a published quotient in text and
//! JSON, clean errors, a computation saved, refused when damaged and resumed to the same
//! quotient as a run never stopped, a timeout and Ctrl-C that save, a small sweep resumed
//! from its results file, misère play through the quotient in `solve`, `moves` and
//! `table`, and `--sum` over one game or several.

mod common;

use common::{answered, refused, sprague};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn json(args: &[&str]) -> serde_json::Value {
    let out = answered(args);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}\n{out}"))
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sprague-quotient-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Plambeck and Siegel's R₈, the quotient of 0.75 (JCTA 115 (2008); docs/theory.md's table).
#[test]
fn the_quotient_of_0_75_in_text_and_json() {
    let text = answered(&["quotient", "octal:0.75"]);
    for want in [
        "game: octal:0.75\n",
        "misère quotient: <a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>\n",
        "order: |Q| = 8\n",
        "P-portion: |P| = 2: {a, b^2}\n",
        "tame: no (wild)\n",
        "pretending function: period 2 from heap 8, proven with heaps up to 21",
        "last change: heap 5",
    ] {
        assert!(text.contains(want), "{want}\n{text}");
    }
    let v = json(&["quotient", "octal:0.75", "--json"]);
    assert_eq!(v["order"], 8);
    assert_eq!(v["p_positions"], 2);
    assert_eq!(v["p_elements"], serde_json::json!(["a", "b^2"]));
    assert_eq!(v["tame"], false);
    assert_eq!(v["proven"], true);
    assert_eq!(v["pretending"]["preperiod"], 8);
    assert_eq!(v["pretending"]["period"], 2);
    assert_eq!(v["last_change"], 5);
    assert_eq!(v["multiplication"].as_array().unwrap().len(), 8);
    assert_eq!(v["elements"][1]["word"], "a");
    assert_eq!(v["elements"][1]["p"], true);
    assert_eq!(v["presentation"]["generators"][0]["heap"], 1);
    // Kayles: 40 elements, 9 in P, period 12 from heap 71.
    let v = json(&["quotient", "kayles", "--json"]);
    assert_eq!(
        (v["order"].as_u64(), v["p_positions"].as_u64()),
        (Some(40), Some(9))
    );
    assert_eq!(v["pretending"]["preperiod"], 71);
    assert_eq!(v["pretending"]["period"], 12);
    // A bounded quotient says so.
    let v = json(&["quotient", "kayles", "--upto", "20", "--json"]);
    assert_eq!(v["proven"], false);
    assert!(v["pretending"]["period"].is_null());
    assert_eq!(v["bound"], 20);
    let script = format!(
        "rules:{}/../../examples/rules/subtract-1-3-4.rhai",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = answered(&["quotient", &script]);
    assert!(
        text.contains("bounded: the quotient of the sums of heaps up to 100"),
        "{text}"
    );
    assert!(text.contains("tame: yes"), "{text}");
}

#[test]
fn errors_are_clean() {
    let err = refused(&["quotient", "wythoff"]);
    assert!(
        err.contains("not a heap game") && err.contains("octal:CODE"),
        "{err}"
    );
    let err = refused(&["quotient", "octal:0.9"]);
    assert!(err.contains("octal:0.9"), "{err}");
    let err = refused(&["quotient", "rules:no-such-file.rhai"]);
    assert!(err.contains("no-such-file.rhai"), "{err}");
    let err = refused(&["quotient", "kayles", "--resume", "no-such-file.json"]);
    assert!(err.contains("no-such-file.json"), "{err}");
    let err = refused(&["quotient", "--sweep", "0.dx"]);
    assert!(err.contains("not a sweep shape"), "{err}");
    // Usage errors are clap's (status 2).
    let o = sprague(&["quotient"]);
    assert_eq!(o.status.code(), Some(2));
    let o = sprague(&["quotient", "kayles", "--sweep", "2"]);
    assert_eq!(o.status.code(), Some(2));
    let o = sprague(&["quotient", "kayles", "--threads", "2"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_saved_computation_resumes_to_the_quotient_of_a_run_never_stopped() {
    let dir = folder("resume");
    let file = dir.join("kayles.json");
    let v = json(&[
        "quotient",
        "kayles",
        "--upto",
        "60",
        "--output",
        p(&file),
        "--json",
    ]);
    assert_eq!(
        (v["bound"].as_u64(), v["proven"].as_bool()),
        (Some(60), Some(false))
    );
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(br#"{"format":"sprague-quotient","version":1,"game":"kayles""#));
    let resumed = json(&["quotient", "kayles", "--resume", p(&file), "--json"]);
    let straight = json(&["quotient", "kayles", "--json"]);
    assert_eq!(resumed, straight);
    // Damaged, cut short, or another game's: refused, naming the file.
    let cut = dir.join("cut.json");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let err = refused(&["quotient", "kayles", "--resume", p(&cut)]);
    assert!(
        err.contains("cut.json") && err.contains("cut short"),
        "{err}"
    );
    let err = refused(&["quotient", "octal:0.75", "--resume", p(&file)]);
    assert!(err.contains("not of `octal:0.75`"), "{err}");
    let mut v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let p_flags = v["checkpoint"]["p"].as_array_mut().unwrap();
    p_flags[0] = serde_json::json!(true);
    let altered = dir.join("altered.json");
    std::fs::write(&altered, serde_json::to_vec(&v).unwrap()).unwrap();
    let err = refused(&["quotient", "kayles", "--resume", p(&altered)]);
    assert!(err.contains("not valid"), "{err}");
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 3, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_timeout_saves_what_was_verified() {
    let dir = folder("timeout");
    let file = dir.join("dk.json");
    let err = refused(&[
        "quotient",
        "dawson-kayles",
        "--upto",
        "200",
        "--timeout",
        "1",
        "--output",
        p(&file),
    ]);
    assert!(
        err.contains("stopped after 1 s") && err.contains("--resume"),
        "{err}"
    );
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let bound = saved["checkpoint"]["bound"].as_u64().unwrap();
    assert!(
        err.contains(&format!("heaps up to {bound} is saved")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn ctrl_c_saves_and_stops() {
    let dir = folder("sigint");
    let file = dir.join("dk.json");
    let child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args([
            "quotient",
            "dawson-kayles",
            "--upto",
            "200",
            "--output",
            p(&file),
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted: the quotient of heaps up to"),
        "{err}"
    );
    assert!(err.contains("--resume"), "{err}");
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(saved["game"], "dawson-kayles");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_small_sweep_and_its_resumption() {
    let dir = folder("sweep");
    let file = dir.join("sweep.tsv");
    let args = [
        "quotient",
        "--sweep",
        "0.d",
        "--upto",
        "200",
        "--timeout-per-code",
        "1",
        "--threads",
        "2",
        "--output",
        p(&file),
    ];
    let first = answered(&args);
    assert!(first.contains("0.7      proven"), "{first}");
    assert!(first.contains("7 codes: "), "{first}");
    assert!(first.contains("(7 codes computed now)"), "{first}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.starts_with("# sprague quotient sweep: shape 0.d, upto 200, timeout-per-code 1 s\n"),
        "{saved}"
    );
    assert_eq!(saved.lines().count(), 2 + 7);
    // Run again: every code is read back, none computed.
    let o = sprague(&args);
    assert!(o.status.success());
    let again = String::from_utf8_lossy(&o.stdout);
    assert!(again.contains("(0 codes computed now)"), "{again}");
    assert!(String::from_utf8_lossy(&o.stderr).contains("7 of 7 codes done"));
    let rows = |t: &str| {
        t.lines()
            .filter(|l| l.starts_with("0."))
            .map(|l| l[..40].to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(rows(&first), rows(&again));
    // Other settings: the file is not mixed with them.
    let err = refused(&[
        "quotient",
        "--sweep",
        "0.d",
        "--upto",
        "100",
        "--output",
        p(&file),
    ]);
    assert!(err.contains("other settings"), "{err}");
    let v = json(&[
        "quotient",
        "--sweep",
        "0.d",
        "--upto",
        "50",
        "--timeout-per-code",
        "1",
        "--json",
    ]);
    assert_eq!(v["rows"].as_array().unwrap().len(), 7);
    assert_eq!(v["rows"][6]["code"], "0.7");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Misère play through the quotient on the command line: six heaps of a million of 0.75,
/// the quotient computed included, in well under two seconds even unoptimised.
#[test]
fn misere_sums_through_the_quotient() {
    let heaps = ["1000000"; 6];
    let mut args = vec!["solve", "octal:0.75"];
    args.extend(heaps);
    args.extend(["--misere", "--json"]);
    let start = Instant::now();
    let v = json(&args);
    let took = start.elapsed();
    assert_eq!(v["outcome"], "second");
    assert_eq!(v["method_kind"], "quotient");
    assert!(took < Duration::from_secs(2), "{took:?}");
    let text = answered(&["solve", "kayles", "1000", "2000", "--misere"]);
    assert!(text.contains("misère quotient: |Q| = 40"), "{text}");
    // Lasker's Nim (no finite take-and-break rules): a bounded quotient, where the exact
    // search would need about ten million positions.
    let v = json(&["solve", "lasker-nim", "50", "--misere", "--json"]);
    assert_eq!(v["method_kind"], "quotient");
    assert!(v["method"].as_str().unwrap().contains("bounded"), "{v}");
    let table = answered(&["table", "kayles", "--misere", "--upto", "500"]);
    assert!(table.contains("misère quotient"), "{table}");
    // `moves` rates every move through the quotient too.
    let v = json(&["moves", "kayles", "30", "41", "--misere", "--json"]);
    assert_eq!(v["method_kind"], "quotient");
    let winning: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["position"].as_str().unwrap())
        .collect();
    assert!(!winning.is_empty());
    for w in winning {
        let mut args = vec!["solve", "kayles"];
        args.extend(w.split_whitespace());
        args.extend(["--misere", "--json"]);
        assert_eq!(json(&args)["outcome"], "second", "{w}");
    }
}

/// `--sum`: one game's heaps through its quotient (of any size, with a period), heaps of
/// several games through the quotient of their union, and a mix no quotient covers
/// refused, saying why.
#[test]
fn sums_of_one_game_or_several() {
    let v = json(&["quotient", "--sum", "kayles 1000000 1000000", "--json"]);
    assert_eq!(v["outcome"], "second", "{v}");
    assert!(v["method"].as_str().unwrap().contains("period 12"), "{v}");
    let v = json(&[
        "quotient",
        "--sum",
        "octal:0.75 3 4",
        "--sum",
        "kayles 5",
        "--json",
    ]);
    assert!(v["method"].as_str().unwrap().contains("union"), "{v}");
    // Kayles and 0.77 have the same rules: one game, whose outcome `solve` gives too.
    let one = json(&[
        "quotient",
        "--sum",
        "kayles 3 4",
        "--sum",
        "octal:0.77 5",
        "--json",
    ]);
    let same = json(&["solve", "kayles", "3", "4", "5", "--misere", "--json"]);
    assert_eq!(one["outcome"], same["outcome"]);
    let err = refused(&[
        "quotient",
        "--sum",
        "octal:0.75 1000000",
        "--sum",
        "kayles 3",
    ]);
    assert!(
        err.contains("cannot be combined") && err.contains("do not multiply"),
        "{err}"
    );
    let err = refused(&["quotient", "--sum", "kayles 3 x"]);
    assert!(
        err.contains("`x`") && err.contains("not a heap size"),
        "{err}"
    );
    let err = refused(&["quotient", "--sum", "wythoff 3"]);
    assert!(err.contains("not a heap game"), "{err}");
    let o = sprague(&["quotient", "kayles", "--sum", "kayles 3"]);
    assert_eq!(o.status.code(), Some(2));
}
