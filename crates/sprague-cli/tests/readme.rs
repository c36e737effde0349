//! README's JSON examples are tests: every `sprague ... --json` command in README.md runs
//! and prints JSON (a verdict with its schema version for `solve` and `moves`), and where
//! README shows the output (`$ sprague ...` followed by JSON in a `console` block), the
//! output is exactly that JSON. The same holds for docs/table.md.

use std::process::{Command, Stdio};

/// Splits a command line into words as a POSIX shell would for the simple quoting README
/// uses (single and double quotes, no escapes inside single quotes).
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

/// The command of a README line: `sprague ...` without a trailing `# comment`.
fn command_of(line: &str) -> Option<Vec<String>> {
    let line = line.trim().trim_start_matches("$ ");
    if !line.starts_with("sprague ") || !line.contains("--json") {
        return None;
    }
    // A comment starts at ` #` outside quotes; README's commands have no `#` inside quotes
    // except in graphs, which never follow a space.
    let code = match line.find("  #").or_else(|| line.find(" # ")) {
        Some(i) => &line[..i],
        None => line,
    };
    let words = shell_words(code);
    // Commands that read files (`@graph.txt`, `--output`, `--resume`) are not run.
    if words
        .iter()
        .any(|w| w.starts_with('@') || w == "--output" || w == "--resume")
    {
        return None;
    }
    Some(words[1..].to_vec())
}

fn run(args: &[String]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the sprague binary runs");
    assert!(
        out.status.success(),
        "README command `sprague {}` failed: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "README command `sprague {}` printed no JSON: {e}",
            args.join(" ")
        )
    })
}

#[test]
fn readme_json_examples_hold() {
    let (ran, compared) = check_examples("README.md");
    assert!(
        ran >= 5,
        "only {ran} README commands with --json were found"
    );
    assert!(compared >= 1, "no README JSON output was compared");
    // The table's documentation shows its output too.
    let (_, compared) = check_examples("docs/table.md");
    assert!(
        compared >= 1,
        "no JSON output of docs/table.md was compared"
    );
}

/// Runs the `sprague ... --json` commands of a Markdown file of the repository and compares
/// the output it shows; returns how many commands ran and how many outputs were compared.
fn check_examples(file: &str) -> (usize, usize) {
    let readme = std::fs::read_to_string(format!("{}/../../{file}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{file} is in the repository: {e}"));
    let lines: Vec<&str> = readme.lines().collect();
    let mut ran = 0;
    let mut compared = 0;
    let mut in_console = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.starts_with("```") {
            in_console = line.trim() == "```console";
            i += 1;
            continue;
        }
        let Some(args) = command_of(line) else {
            i += 1;
            continue;
        };
        let got = run(&args);
        ran += 1;
        if matches!(args[0].as_str(), "solve" | "moves") {
            assert_eq!(got["schema"], 1, "`sprague {}`", args.join(" "));
        }
        // In a console block, the lines up to the next prompt or the block's end are the
        // output README shows.
        let mut j = i + 1;
        let mut shown = String::new();
        while in_console
            && j < lines.len()
            && !lines[j].starts_with("$ ")
            && !lines[j].starts_with("```")
        {
            shown.push_str(lines[j]);
            shown.push('\n');
            j += 1;
        }
        if shown.trim_start().starts_with('{') {
            let want: serde_json::Value = serde_json::from_str(&shown)
                .unwrap_or_else(|e| panic!("README's JSON after `{line}` does not parse: {e}"));
            assert_eq!(got, want, "README shows other JSON for `{line}`");
            compared += 1;
        }
        i = j.max(i + 1);
    }
    (ran, compared)
}

#[test]
fn shell_words_follow_quotes() {
    assert_eq!(
        shell_words(r#"solve graph "x>x x>t" --token 'a b'"#),
        ["solve", "graph", "x>x x>t", "--token", "a b"]
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
