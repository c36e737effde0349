//! `sprague stress rules:FILE`: a rules script with an input and answer template as the
//! stress target, with small contestant programs written for `sh` and `awk`.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const SPRAGUE: &str = env!("CARGO_BIN_EXE_sprague");

fn sprague(args: &[&str]) -> Output {
    Command::new(SPRAGUE)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the sprague binary runs")
}

fn example(name: &str) -> String {
    format!(
        "rules:{}/../../examples/rules/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A fresh directory (for saved failures and scripts), removed when dropped.
struct Scratch(PathBuf);
impl Scratch {
    fn new(name: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!(
            "sprague-stress-rules-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }
    fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    }
    fn saves(&self) -> String {
        self.0.join("failures").display().to_string()
    }
}
impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
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

/// Subtraction of 1, 3 or 4: the Grundy values repeat 0 1 0 1 2 3 2 with period 7.
const SUBTRACT_WINNER: &str = "{ r = $1 % 7; print (r == 0 || r == 2) ? \"Second\" : \"First\" }";
const SUBTRACT_GRUNDY: &str = "NR > 1 { split(\"0 1 0 1 2 3 2\", g, \" \"); print g[$1 % 7 + 1] }";

#[test]
fn a_correct_solution_passes() {
    let s = Scratch::new("ok");
    let spec = example("subtract-1-3-4.rhai");
    let o = sprague(&[
        "stress",
        &spec,
        "--cases",
        "80",
        "--save",
        &s.saves(),
        "--",
        "awk",
        SUBTRACT_WINNER,
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Heaps 0 to 100 in batches of 32: four exhaustive inputs.
    assert!(
        text.contains(": ok, 80 cases (4 exhaustive, 38 adversarial, 38 random)"),
        "{text}"
    );
    // Grundy values, the input starting with a count line, heaps up to 10^5.
    let o = sprague(&[
        "stress",
        &spec,
        "--answer",
        "grundy",
        "--count",
        "--max",
        "100000",
        "--cases",
        "60",
        "--json",
        "--save",
        &s.saves(),
        "--",
        "awk",
        SUBTRACT_GRUNDY,
    ]);
    let v = json_of(&o);
    assert_eq!(
        (v["verdict"].as_str(), v["cases"].as_u64()),
        (Some("ok"), Some(60)),
        "{v}"
    );
    assert_eq!(
        v["phases"]["exhaustive"], 30,
        "1024 heaps in batches of 32, at most half"
    );
    assert!(
        !s.0.join("failures").exists(),
        "nothing is saved when nothing fails"
    );
}

#[test]
fn a_wrong_solution_is_caught_and_shrunk() {
    let s = Scratch::new("wrong");
    let spec = example("subtract-1-3-4.rhai");
    // Wrong on heaps 2, 9, 16, …: it takes only the multiples of 7 for losing heaps.
    let wrong = "{ print ($1 % 7 == 0) ? \"Bob\" : \"Alice\" }";
    let o = sprague(&[
        "stress",
        &spec,
        "--words",
        "Alice,Bob",
        "--json",
        "--save",
        &s.saves(),
        "--",
        "awk",
        wrong,
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json_of(&o);
    assert_eq!(v["verdict"], "wrong-answer");
    assert_eq!(v["input"], "2\n", "{v}");
    assert_eq!(
        (v["expected"].as_str(), v["received"].as_str()),
        (Some("Bob"), Some("Alice"))
    );
    let saved = PathBuf::from(v["saved"].as_str().unwrap());
    assert!(
        saved.ends_with(format!("subtract-1-3-4.rhai-{}.in", v["seed"])),
        "{v}"
    );
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), "2\n");
    // A random case, shrunk: fewer lines and smaller heaps, down to one wrong heap. The
    // text report repeats the template in the command that reproduces it.
    let o = sprague(&[
        "stress",
        &spec,
        "--words",
        "Alice,Bob",
        "--seed",
        "4294967298",
        "--save",
        &s.saves(),
        "--",
        "awk",
        wrong,
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("input (1 line, shrunk in"), "{text}");
    assert!(text.contains("\n  2\n"), "the least wrong heap: {text}");
    assert!(
        text.contains("line 1: expected `Bob`, received `Alice`"),
        "{text}"
    );
    assert!(
        text.contains("--words Alice,Bob --seed 4294967298 -- awk '"),
        "{text}"
    );
}

/// Nim on three heaps as one position `a b c`.
const NIM3: &str = "fn options(p) {\n  let out = [];\n  for i in 0..3 {\n    for k in 0..p[i] {\n      let q = p;\n      q[i] = k;\n      out.push(q);\n    }\n  }\n  out\n}\n";

/// A winning move of three-heap Nim, taken from the last heap that allows one.
const NIM3_MOVE: &str = r#"read n
while read a b c; do
  x=$((a ^ b ^ c))
  if [ $x -eq 0 ]; then echo -1
  elif [ $((c ^ x)) -lt $c ]; then echo $a $b $((c ^ x))
  elif [ $((b ^ x)) -lt $b ]; then echo $a $((b ^ x)) $c
  else echo $((a ^ x)) $b $c; fi
done
"#;

#[test]
fn any_winning_move_is_accepted_and_a_wrong_one_is_caught() {
    let s = Scratch::new("move");
    let spec = format!("rules:{}", s.file("nim3.rhai", NIM3));
    let good = s.file("good.sh", NIM3_MOVE);
    // The reference's winning move from 1 1 1 empties the first heap; the program empties
    // the last, and is accepted.
    let v: serde_json::Value =
        serde_json::from_slice(&sprague(&["solve", &spec, "1 1 1", "--json"]).stdout).unwrap();
    assert_eq!(v["moves"][0]["position"], "0 1 1", "{v}");
    let template = [
        "--numbers",
        "3",
        "--max",
        "12",
        "--count",
        "--answer",
        "move",
        "--lose",
        "-1",
    ];
    let mut args = vec!["stress", &spec];
    args.extend(template);
    let saves = s.saves();
    let tail = [
        "--cases", "50", "--json", "--save", &saves, "--", "sh", &good,
    ];
    let o = sprague(&[&args[..], &tail[..]].concat());
    let v = json_of(&o);
    assert_eq!(v["verdict"], "ok", "{v}");
    // A move that makes a heap larger is not a move.
    let bad = s.file("bad.sh", &NIM3_MOVE.replace("-lt $c", "-ne $c"));
    let tail = ["--json", "--save", &saves, "--", "sh", &bad];
    let o = sprague(&[&args[..], &tail[..]].concat());
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json_of(&o);
    assert_eq!(v["verdict"], "wrong-answer");
    let input = v["input"].as_str().unwrap();
    assert_eq!(
        input.lines().count(),
        2,
        "a count and one position: {input}"
    );
    assert!(
        v["expected"]
            .as_str()
            .unwrap()
            .ends_with("(or another winning move)"),
        "{v}"
    );
}

#[test]
fn word_positions_come_from_the_script() {
    let s = Scratch::new("words");
    let spec = example("letters.rhai");
    // The length of the word is not its Grundy value: `aa` has value 0.
    let o = sprague(&[
        "stress",
        &spec,
        "--answer",
        "grundy",
        "--json",
        "--save",
        &s.saves(),
        "--",
        "sh",
        "-c",
        "while read w; do echo ${#w}; done",
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json_of(&o);
    assert_eq!(v["phase"], "exhaustive");
    assert_eq!(v["input"].as_str().unwrap().lines().count(), 1, "{v}");
}

#[test]
fn usage_errors_exit_with_status_2() {
    let s = Scratch::new("usage");
    let endless = s.file(
        "endless.rhai",
        "fn options(n) { [] }\nfn small_positions() {\n  loop {}\n}\n",
    );
    let words = s.file(
        "words.rhai",
        "fn options(w) {\n  if type_of(w) != \"string\" { throw \"a word\"; }\n  []\n}\n",
    );
    let subtract = example("subtract-1-3-4.rhai");
    for (args, needle) in [
        (
            vec!["P2252", "--answer", "grundy", "--", "true"],
            "options of rules scripts",
        ),
        (
            vec![&subtract, "--words", "First", "--", "true"],
            "two words",
        ),
        (
            vec![&subtract, "--lose", "x", "--", "true"],
            "--answer move",
        ),
        (
            vec![&subtract, "--min", "9", "--max", "3", "--", "true"],
            "must not exceed",
        ),
        (
            vec![&subtract, "--seed", "99", "--", "true"],
            "4 exhaustive cases",
        ),
        (vec![&format!("rules:{endless}"), "--", "true"], "line 3"),
        (
            vec![&format!("rules:{words}"), "--", "true"],
            "small_positions",
        ),
    ] {
        let o = sprague(&[&["stress"][..], &args[..]].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(needle) && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_catalogue_game_in_the_judges_format_and_a_wrong_guess() {
    let s = Scratch::new("catalogue");
    let save = s.saves();
    // "The first player always wins": wrong on the sums whose values cancel.
    let o = sprague(&[
        "stress",
        "subtraction:1,3,4",
        "--count",
        "--sum",
        "count-line",
        "--max",
        "1000000000000000000",
        "--save",
        &save,
        "--json",
        "--",
        "sh",
        "-c",
        "read t; i=0; while [ $i -lt $t ]; do read n; read piles; echo First; i=$((i+1)); done",
    ]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json_of(&o);
    assert_eq!(v["verdict"], "wrong-answer", "{v}");
    assert_eq!(v["expected"], "Second", "{v}");
}

#[test]
fn a_max_beyond_the_reference_is_lowered_with_a_note() {
    let s = Scratch::new("lowered");
    let save = s.saves();
    let o = sprague(&[
        "stress",
        &example("subtract-1-3-4.rhai"),
        "--tests",
        "one",
        "--sum",
        "inline",
        "--max",
        "100000000",
        "--cases",
        "3",
        "--save",
        &save,
        "--",
        "true",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("note: `--max 100000000` lowered to"), "{err}");
    assert_eq!(o.status.code(), Some(1), "{err}");
}
