//! Saved sequences as a user meets them: a `table --output` run killed mid-way leaves a
//! whole checkpoint that resumes to the same values as a run never stopped; Ctrl-C saves
//! and stops; damaged, foreign and truncated files are named and explained.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn sprague() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sprague"));
    c.stdin(Stdio::null());
    c
}

fn run(args: &[&str]) -> Output {
    sprague()
        .args(args)
        .output()
        .expect("the sprague binary runs")
}

fn ok(args: &[&str]) -> Output {
    let o = run(args);
    assert!(
        o.status.success(),
        "`sprague {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn fails(args: &[&str]) -> String {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(
        !o.status.success(),
        "`sprague {}` succeeded",
        args.join(" ")
    );
    assert!(err.contains("error:") && !err.contains("panicked"), "{err}");
    err
}

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("sprague-saved-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The count a saved file's header declares (`sprague-grundy 2 SPEC COUNT …`).
fn header_count(path: &Path) -> Option<u64> {
    let bytes = std::fs::read(path).ok()?;
    let nl = bytes.iter().position(|&b| b == b'\n')?;
    std::str::from_utf8(&bytes[..nl])
        .ok()?
        .split(' ')
        .nth(3)?
        .parse()
        .ok()
}

/// Waits until the child's checkpoint file declares at least `min` values.
fn wait_for_checkpoint(child: &mut Child, path: &Path, min: u64) -> u64 {
    let start = Instant::now();
    loop {
        if let Some(n) = header_count(path).filter(|&n| n >= min) {
            return n;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the run ended before its checkpoint"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no checkpoint of {min} values"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn p(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Grundy's game: irregular (no period cuts the work short), so a run to a million heaps
/// is long enough to be caught in the middle on any machine, while a few thousand heaps
/// take well under a second.
const GAME: &str = "grundy-game";

#[test]
fn a_killed_run_resumes_to_the_values_of_a_run_never_stopped() {
    let dir = folder("kill");
    let file = dir.join("g.sg");
    let mut child = sprague()
        .args(["table", GAME, "--upto", "1000000", "--output", p(&file)])
        .args(["--checkpoint-every", "500"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill (SIGKILL: no chance to clean up) once a few checkpoints have been written over
    // one another, most likely while the next one is being written.
    wait_for_checkpoint(&mut child, &file, 1500);
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = header_count(&file).unwrap();
    assert!(
        saved >= 1500 && saved.is_multiple_of(500) && saved < 1_000_001,
        "{saved}"
    );
    // The file is whole: it resumes, and says from what.
    let upto = (saved + 700).to_string();
    let resumed = dir.join("resumed.sg");
    let o = ok(&[
        "table",
        GAME,
        "--upto",
        &upto,
        "--resume",
        p(&file),
        "--output",
        p(&resumed),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!("resuming {GAME} from")) && err.contains(&format!("{saved} values")),
        "{err}"
    );
    assert!(!err.contains("truncated"), "{err}");
    // The same bytes as one run to the same heap.
    let straight = dir.join("straight.sg");
    ok(&["table", GAME, "--upto", &upto, "--output", p(&straight)]);
    assert_eq!(
        std::fs::read(&resumed).unwrap(),
        std::fs::read(&straight).unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_values_so_far_and_stops() {
    let dir = folder("sigint");
    let file = dir.join("g.sg");
    let mut child = sprague()
        .args(["table", GAME, "--upto", "1000000", "--output", p(&file)])
        .args(["--checkpoint-every", "500"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_checkpoint(&mut child, &file, 1000);
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130));
    let err = String::from_utf8_lossy(&o.stderr);
    let saved = header_count(&file).unwrap();
    assert!(
        err.contains(&format!("interrupted: {saved} values")) && err.contains("--resume"),
        "{err}"
    );
    // What was saved is exactly the table to that heap.
    let straight = dir.join("straight.sg");
    ok(&[
        "table",
        GAME,
        "--upto",
        &(saved - 1).to_string(),
        "--output",
        p(&straight),
    ]);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        std::fs::read(&straight).unwrap()
    );
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `timeout -s INT` sends its signal to the run and then to its process group, so the run
/// gets it twice at once: that is one Ctrl-C, which saves, not two, which would end the run
/// without saving.
#[cfg(unix)]
#[test]
fn one_ctrl_c_delivered_twice_still_saves() {
    let dir = folder("sigint-twice");
    let file = dir.join("g.sg");
    let mut child = sprague()
        .args(["table", GAME, "--upto", "1000000", "--output", p(&file)])
        .args(["--checkpoint-every", "500"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_checkpoint(&mut child, &file, 1000);
    let pid = child.id().to_string();
    // One `kill` sends both signals, microseconds apart.
    let status = Command::new("kill")
        .args(["-s", "INT", &pid, &pid])
        .status()
        .unwrap();
    assert!(status.success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    let saved = header_count(&file).unwrap();
    assert!(
        err.contains(&format!("interrupted: {saved} values")) && err.contains("--resume"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_files_are_named_and_explained() {
    let dir = folder("bad");
    let file = dir.join("k.sg");
    ok(&[
        "table",
        "octal:0.16",
        "--upto",
        "70000",
        "--output",
        p(&file),
    ]);
    let good = std::fs::read(&file).unwrap();
    let name = p(&file);

    // A changed value byte.
    let mut bytes = good.clone();
    let at = bytes.len() - 100;
    bytes[at] ^= 1;
    let damaged = dir.join("damaged.sg");
    std::fs::write(&damaged, &bytes).unwrap();
    let err = fails(&[
        "table",
        "octal:0.16",
        "--upto",
        "80000",
        "--resume",
        p(&damaged),
    ]);
    assert!(
        err.contains("damaged.sg") && err.contains("damaged: block 1"),
        "{err}"
    );

    // Another game's sequence.
    let err = fails(&["table", "octal:0.17", "--upto", "80000", "--resume", name]);
    assert!(
        err.contains(name) && err.contains("`octal:0.16`, not of `octal:0.17`"),
        "{err}"
    );

    // Not a saved sequence at all.
    let other = dir.join("other.txt");
    std::fs::write(&other, "hello\n").unwrap();
    let err = fails(&["table", "octal:0.16", "--resume", p(&other)]);
    assert!(
        err.contains("other.txt") && err.contains("not a saved Grundy sequence"),
        "{err}"
    );

    // Cut short inside the second block: the first block (65,536 values) is recovered.
    let cut = dir.join("cut.sg");
    std::fs::write(&cut, &good[..good.len() - 1000]).unwrap();
    let o = ok(&[
        "table",
        "octal:0.16",
        "--upto",
        "70000",
        "--resume",
        p(&cut),
        "--json",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("truncated")
            && err.contains("declares 70001 values; recovered the first 65536"),
        "{err}"
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let straight = ok(&["table", "octal:0.16", "--upto", "70000", "--json"]);
    let w: serde_json::Value = serde_json::from_slice(&straight.stdout).unwrap();
    assert_eq!(v["rows"], w["rows"]);

    // Misère tables are not Grundy sequences.
    let err = fails(&["table", "kayles", "--misere", "--output", name]);
    assert!(err.contains("misère"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The note `--checksum` adds: `Fletcher-32 of the values g(0..=N): XXXXXXXX`.
fn checksum_note(args: &[&str]) -> String {
    let o = ok(args);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let line = text
        .lines()
        .find(|l| l.contains("Fletcher-32"))
        .unwrap_or_else(|| panic!("no checksum in {text}"))
        .to_string();
    assert!(
        !text.contains("\n0 "),
        "the values are not listed with --checksum: {text}"
    );
    line
}

#[test]
fn threads_and_every_value_change_nothing_but_the_time() {
    let dir = folder("threads");
    // Officers: speculative batches on several threads, one thread, and a run resumed
    // with another number of threads; the files are the same, byte for byte.
    let one = dir.join("one.sg");
    let three = dir.join("three.sg");
    let resumed = dir.join("resumed.sg");
    let o = "octal:0.6";
    ok(&[
        "table",
        o,
        "--upto",
        "20000",
        "--threads",
        "1",
        "--output",
        p(&one),
    ]);
    ok(&[
        "table",
        o,
        "--upto",
        "20000",
        "--threads",
        "3",
        "--output",
        p(&three),
    ]);
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&three).unwrap());
    ok(&[
        "table",
        o,
        "--upto",
        "9000",
        "--threads",
        "2",
        "--output",
        p(&resumed),
    ]);
    ok(&[
        "table",
        o,
        "--upto",
        "20000",
        "--threads",
        "1",
        "--resume",
        p(&resumed),
        "--output",
        p(&resumed),
    ]);
    assert_eq!(
        std::fs::read(&one).unwrap(),
        std::fs::read(&resumed).unwrap()
    );
    // Every value computed past the period: the same values as the period copied.
    for game in ["kayles", "octal:0.07", "octal:0.16"] {
        let copied = checksum_note(&["table", game, "--upto", "60000", "--checksum"]);
        let every = checksum_note(&[
            "table",
            game,
            "--upto",
            "60000",
            "--checksum",
            "--every-value",
            "--threads",
            "2",
        ]);
        assert_eq!(copied, every, "{game}");
        assert!(copied.contains("g(0..=60000)"), "{copied}");
    }
    // Flags a table cannot honour.
    let err = fails(&["table", "kayles", "--threads", "0"]);
    assert!(err.contains("--threads"), "{err}");
    let err = fails(&["table", "nim", "--every-value"]);
    assert!(err.contains("take-and-break"), "{err}");
    let err = fails(&["table", "kayles", "--misere", "--checksum"]);
    assert!(err.contains("misère"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
