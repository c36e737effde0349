//! The documentation's examples are tests: every command line starting with `sprague ` (or
//! `$ sprague `) in a code block of README.md or docs/*.md runs with the built binary and
//! must succeed, and where the documentation shows its output (the lines after a `$` prompt
//! in a `console` block, up to the next prompt), the output is exactly that (JSON compared
//! as JSON).
//!
//! Commands run in a scratch folder where `examples/` is the repository's, so the example
//! inputs resolve and pictures and saved files land in the scratch folder. `< FILE` feeds
//! standard input. A block preceded by `<!-- examples: not run (WHY) -->` is not run (a
//! server, a contestant's program, work of minutes), and one preceded by
//! `<!-- examples: fail -->` must fail (a non-zero status, no panic), its output compared as
//! well. Output shown is compared with standard output, or with standard error where the
//! command prints only there (`wrote kayles.svg ...`, an error); a line `...` ends the
//! comparison (the rest is left out). Each command has [`PER_COMMAND`] to finish:
//! documented examples are meant to answer at once.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The most one documented command may take (debug build, a loaded machine).
const PER_COMMAND: Duration = Duration::from_secs(120);

/// Splits a command line into words as a POSIX shell would for the simple quoting the
/// documentation uses (single and double quotes, no escapes inside single quotes).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The line without its comment: a `#` after white space, outside quotes.
fn without_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut after_space = false;
    for (i, c) in line.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '#' && after_space => return line[..i].trim_end(),
            None => {}
        }
        after_space = c.is_whitespace();
    }
    line.trim_end()
}

/// One documented command: its arguments, the file its standard input reads, and where
/// it is written.
struct Example {
    args: Vec<String>,
    stdin: Option<String>,
    at: String,
}

/// The command of a documentation line, if it is one.
fn command_of(line: &str) -> Option<(Vec<String>, Option<String>)> {
    let line = line.trim();
    let line = line.strip_prefix("$ ").unwrap_or(line);
    if !line.starts_with("sprague ") {
        return None;
    }
    let words = shell_words(without_comment(line));
    let mut args = Vec::new();
    let mut stdin = None;
    let mut it = words.into_iter().skip(1);
    while let Some(w) = it.next() {
        if w == "<" {
            stdin = it.next();
        } else {
            args.push(w);
        }
    }
    Some((args, stdin))
}

/// Runs an example in `dir`; its status, standard output and standard error.
fn run(example: &Example, dir: &Path) -> (bool, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sprague"));
    command
        .args(&example.args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match &example.stdin {
        Some(file) => {
            let f = std::fs::File::open(dir.join(file))
                .unwrap_or_else(|e| panic!("{}: `< {file}`: {e}", example.at));
            command.stdin(f);
        }
        None => {
            command.stdin(Stdio::null());
        }
    }
    let mut child = command.spawn().expect("the sprague binary runs");
    // Read both pipes on threads, so that a large output does not block the child.
    let mut out_pipe = child.stdout.take().unwrap();
    let mut err_pipe = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out_pipe.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err_pipe.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > PER_COMMAND {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{}: `sprague {}` took more than {} s: a documented example should answer at once (give it a smaller input, or mark its block not run)",
                example.at,
                example.args.join(" "),
                PER_COMMAND.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let out = String::from_utf8_lossy(&out.join().unwrap()).into_owned();
    let err = String::from_utf8_lossy(&err.join().unwrap()).into_owned();
    (status.success(), out, err)
}

/// What a block's marker says of its commands.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Run,
    NotRun,
    Fails,
}

/// Counts of one file's examples.
#[derive(Default, Debug)]
struct Counts {
    ran: usize,
    compared: usize,
    skipped: usize,
}

/// Runs every example of one Markdown file of the repository in `dir`.
fn check_file(root: &Path, file: &str, dir: &Path) -> Counts {
    let text = std::fs::read_to_string(root.join(file))
        .unwrap_or_else(|e| panic!("{file} is in the repository: {e}"));
    let lines: Vec<&str> = text.lines().collect();
    let mut counts = Counts::default();
    let mut block: Option<String> = None;
    let mut mark = Mark::Run;
    let mut pending = Mark::Run;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some(rest) = line.trim().strip_prefix("<!-- examples:") {
            pending = if rest.trim_start().starts_with("fail") {
                Mark::Fails
            } else {
                Mark::NotRun
            };
        }
        if let Some(tag) = line.strip_prefix("```") {
            if block.is_none() {
                block = Some(tag.trim().to_string());
                mark = pending;
            } else {
                block = None;
                pending = Mark::Run;
            }
            i += 1;
            continue;
        }
        let in_commands = matches!(block.as_deref(), Some("sh" | "console" | ""));
        let Some((args, stdin)) = in_commands.then(|| command_of(line)).flatten() else {
            i += 1;
            continue;
        };
        // In a console block the lines up to the next prompt or the block's end are the
        // output shown.
        let mut j = i + 1;
        let mut shown = String::new();
        if block.as_deref() == Some("console") {
            while j < lines.len() && !lines[j].starts_with("$ ") && !lines[j].starts_with("```") {
                shown.push_str(lines[j]);
                shown.push('\n');
                j += 1;
            }
        }
        let example = Example {
            args,
            stdin,
            at: format!("{file}:{}", i + 1),
        };
        i = j;
        if mark == Mark::NotRun {
            counts.skipped += 1;
            continue;
        }
        let (ok, out, err) = run(&example, dir);
        counts.ran += 1;
        if mark == Mark::Fails {
            assert!(!ok, "{}: `{line}` should fail", example.at);
            assert!(!err.contains("panicked"), "{}: {err}", example.at);
        } else {
            assert!(ok, "{}: `{line}` failed: {err}", example.at);
        }
        if shown.trim().is_empty() {
            continue;
        }
        let out = if out.is_empty() { err } else { out };
        if shown.trim_start().starts_with('{') {
            let want: serde_json::Value = serde_json::from_str(&shown)
                .unwrap_or_else(|e| panic!("{}: the JSON shown does not parse: {e}", example.at));
            let got: serde_json::Value = serde_json::from_str(&out)
                .unwrap_or_else(|e| panic!("{}: `{line}` printed no JSON: {e}", example.at));
            assert_eq!(
                got, want,
                "{}: the documentation shows other JSON for `{line}`",
                example.at
            );
        } else {
            let shown_lines: Vec<&str> = shown.lines().map(str::trim_end).collect();
            // A line `...` ends what is shown: compare that many lines.
            let (shown_lines, whole) = match shown_lines.iter().position(|l| *l == "...") {
                Some(k) => (shown_lines[..k].to_vec(), false),
                None => (shown_lines, true),
            };
            let mut got: Vec<&str> = out.lines().map(str::trim_end).collect();
            if !whole {
                got.truncate(shown_lines.len());
            }
            let trim = |lines: &[&str]| lines.join("\n").trim_end().to_string();
            assert_eq!(
                trim(&got),
                trim(&shown_lines),
                "{}: the documentation shows other output for `{line}`",
                example.at
            );
        }
        counts.compared += 1;
    }
    counts
}

/// A scratch folder for the examples, with the repository's `examples/` linked in.
fn scratch(root: &Path) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sprague-doc-examples-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(root.join("examples"), dir.join("examples")).unwrap();
    dir
}

#[test]
#[cfg(unix)]
fn every_documented_command_runs_and_prints_what_the_docs_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = scratch(&root);
    let mut files = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| format!("docs/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|f| f.ends_with(".md"))
        .collect();
    docs.sort();
    files.extend(docs);
    let mut all = Counts::default();
    for f in &files {
        let c = check_file(&root, f, &dir);
        all.ran += c.ran;
        all.compared += c.compared;
        all.skipped += c.skipped;
    }
    let _ = std::fs::remove_dir_all(&dir);
    // README alone has dozens of examples; most run.
    assert!(all.ran >= 60, "{all:?}");
    assert!(all.compared >= 5, "{all:?}");
    // Skipped: servers, synopses, minutes of work, commands that run your compiled solution.
    assert!(all.skipped <= 26, "{all:?}");
}

#[test]
fn shell_words_follow_quotes_and_comments() {
    assert_eq!(
        shell_words(r#"solve graph "x>x x>t" --token 'a b'"#),
        ["solve", "graph", "x>x x>t", "--token", "a b"]
    );
    assert_eq!(
        without_comment("sprague solve d '.#.'  # a # b"),
        "sprague solve d '.#.'"
    );
    let (args, stdin) = command_of("$ sprague problem P1290 < examples/x.txt  # ok").unwrap();
    assert_eq!(
        (args, stdin.as_deref()),
        (
            vec!["problem".to_string(), "P1290".into()],
            Some("examples/x.txt")
        )
    );
}

/// README's table of the catalogue is the catalogue: the text between its `catalogue`
/// markers is what `sprague list --markdown` prints. `SPRAGUE_BLESS=1 cargo test` writes the
/// table into README.md after a game is added.
#[test]
fn readme_catalogue_table_is_generated_from_the_catalogue() {
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["list", "--markdown"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let table = String::from_utf8(out.stdout).unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    let readme = std::fs::read_to_string(path).unwrap();
    let (begin, end) = ("<!-- catalogue:begin -->\n", "<!-- catalogue:end -->");
    let start = readme
        .find(begin)
        .expect("README.md has a catalogue:begin marker")
        + begin.len();
    let stop = readme[start..]
        .find(end)
        .expect("and a catalogue:end marker")
        + start;
    if readme[start..stop] != table {
        if std::env::var_os("SPRAGUE_BLESS").is_some() {
            let updated = format!("{}{table}{}", &readme[..start], &readme[stop..]);
            std::fs::write(path, updated).unwrap();
        } else {
            panic!(
                "README.md's catalogue table differs from `sprague list --markdown`; run `SPRAGUE_BLESS=1 cargo test -p sprague-cli --test readme` to write it"
            );
        }
    }
    // Every game of the catalogue has its row.
    let rows = table.lines().filter(|l| l.starts_with("| `")).count();
    assert_eq!(rows, sprague::catalogue::entries().len());
}
