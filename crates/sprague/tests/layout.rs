//! The shape of the code, kept by a test: no source file over 800 lines, and no circle of
//! file imports inside any crate (a file that uses another, which uses the first, directly
//! or through others). Crates already run one way (Cargo refuses a cycle between them);
//! this holds files to the same rule, so that each can be read after the ones it uses.
//!
//! Imports are read as text: `use` statements (braces expanded) and inline paths that
//! start with `crate::`, `super::` or `self::`, each resolved to the deepest file of the
//! module path it names. Comments, string literals and `#[cfg(test)]` modules are left
//! out, and so are test-only files. A parent module (a `mod.rs`, `lib.rs`) declaring,
//! re-exporting or assembling its own children does not count as using them: in Rust a
//! module and its submodules are one unit (the children see the parent's private items).
//! Every other path counts, a child's use of its parent included, so two siblings (or
//! cousins) that use each other, directly or through others, are a circle.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

/// The most lines a source file may have.
const MAX_LINES: usize = 800;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every `.rs` file under `dir`, found iteratively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name()
                    .is_some_and(|n| n != "target" && n != "node_modules")
                {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn no_source_file_is_over_800_lines() {
    let root = workspace();
    let mut long = Vec::new();
    for dir in ["crates", "fuzz/src", "fuzz/fuzz_targets"] {
        for f in rust_files(&root.join(dir)) {
            let lines = fs::read_to_string(&f).unwrap().lines().count();
            if lines > MAX_LINES {
                long.push(format!(
                    "{} ({lines} lines)",
                    f.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

/// The text of a file with comments and string and char literals blanked (their length
/// kept), so that paths inside them are not read as imports.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    out.extend_from_slice(b"  ");
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    out.extend_from_slice(b"  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
            }
        } else if b[i] == b'r'
            && (b[i..].starts_with(b"r\"") || b[i..].starts_with(b"r#"))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            // A raw string: r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while j < b.len() && b[j] == b'#' {
                hashes += 1;
                j += 1;
            }
            if j < b.len() && b[j] == b'"' {
                let mut close = vec![b'"'];
                close.extend(std::iter::repeat_n(b'#', hashes));
                j += 1;
                while j < b.len() && !b[j..].starts_with(&close) {
                    j += 1;
                }
                let end = (j + close.len()).min(b.len());
                out.extend(
                    b[i..end]
                        .iter()
                        .map(|&c| if c == b'\n' { b'\n' } else { b' ' }),
                );
                i = end;
            } else {
                out.push(b[i]);
                i += 1;
            }
        } else if b[i] == b'"' {
            out.push(b' ');
            i += 1;
            while i < b.len() && b[i] != b'"' {
                let n = if b[i] == b'\\' { 2 } else { 1 };
                for k in 0..n {
                    if i + k < b.len() {
                        out.push(if b[i + k] == b'\n' { b'\n' } else { b' ' });
                    }
                }
                i += n;
            }
            out.push(b' ');
            i += 1;
        } else if b[i] == b'\''
            && i + 2 < b.len()
            && (b[i + 2] == b'\'' || (b[i + 1] == b'\\' && b[i + 3..].contains(&b'\'')))
        {
            // A char literal ('a', '\n', '\''); lifetimes ('a) are left alone.
            let end = if b[i + 1] == b'\\' {
                i + 2 + b[i + 2..].iter().position(|&c| c == b'\'').unwrap() + 1
            } else {
                i + 3
            };
            out.extend(std::iter::repeat_n(b' ', end - i));
            i = end;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The code with every `#[cfg(test)]` item (a module with a body, a `use`, a function)
/// removed, and the names of the test-only child modules it declares (`#[cfg(test)] mod x;`).
fn without_tests(code: &str) -> (String, Vec<String>) {
    let mut out = String::new();
    let mut test_children = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "#[cfg(test)]".len()..];
        let item = after.trim_start();
        let skipped = after.len() - item.len();
        // The item ends at its first `;` outside braces, or at the brace that closes it.
        let mut depth = 0usize;
        let mut end = item.len();
        for (k, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        let decl = &item[..end];
        let words: Vec<&str> = decl
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ';'))
            .filter(|w| !w.is_empty())
            .collect();
        if decl.ends_with(';') {
            if let Some(i) = words.iter().position(|w| *w == "mod") {
                if let Some(name) = words.get(i + 1) {
                    test_children.push(name.trim_end_matches(';').to_string());
                }
            }
        }
        rest = &after[skipped + end..];
    }
    out.push_str(rest);
    (out, test_children)
}

/// `a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (k, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| expand(p).into_iter().map(move |q| format!("{prefix}{q}")))
        .collect()
}

/// A file's place in its crate: the module path of `src/a/b.rs` or `src/a/b/mod.rs` is
/// `[a, b]`; `src/lib.rs` and `src/main.rs` are `[]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().to_string())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

struct Crate {
    /// Each file's module path.
    modules: BTreeMap<Vec<String>, PathBuf>,
    /// Each file's imports: the module paths of the files it uses.
    uses: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

/// The word paths (`crate::a::b`, `super::x`) in a stretch of code.
fn inline_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(k) = code[from..].find(start) {
            let at = from + k;
            from = at + start.len();
            if at > 0
                && (b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_' || b[at - 1] == b':')
            {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            out.push(code[at..end].trim_end_matches(':').to_string());
        }
    }
    out
}

fn read_crate(src: &Path) -> Crate {
    let files = rust_files(src);
    let mut modules = BTreeMap::new();
    let mut texts = HashMap::new();
    let mut test_only: BTreeSet<Vec<String>> = BTreeSet::new();
    for f in &files {
        let m = module_of(src, f);
        let (code, children) = without_tests(&code_only(&fs::read_to_string(f).unwrap()));
        for c in children {
            let mut child = m.clone();
            child.push(c);
            test_only.insert(child);
        }
        modules.insert(m.clone(), f.clone());
        texts.insert(m, code);
    }
    // Test-only modules and everything below them are left out.
    modules.retain(|m, _| !test_only.iter().any(|t| m.starts_with(t)));
    let mut uses = BTreeMap::new();
    for m in modules.keys() {
        let code = &texts[m];
        let is_parent = modules
            .keys()
            .any(|c| c.len() > m.len() && c.starts_with(m));
        let mut paths: Vec<String> = Vec::new();
        // `use` statements, their braces expanded.
        let mut rest = code.as_str();
        while let Some(k) = find_word(rest, "use") {
            let stmt_end = rest[k..].find(';').map_or(rest.len(), |e| k + e);
            for p in expand(&rest[k + 3..stmt_end]) {
                paths.push(p.split(" as ").next().unwrap_or(&p).to_string());
            }
            rest = &rest[stmt_end.min(rest.len())..];
            if rest.is_empty() {
                break;
            }
            rest = &rest[1..];
        }
        paths.extend(inline_paths(code));
        let mut targets = BTreeSet::new();
        for p in paths {
            let Some(target) = resolve(m, is_parent, &p, &modules) else {
                continue;
            };
            if &target == m {
                continue;
            }
            // A parent declares, re-exports and assembles its own descendants: its
            // module is theirs (Rust lets them see its private items), so its paths down
            // into them are not counted; every other path is, a child's use of its
            // parent included.
            if is_parent && target.starts_with(m) {
                continue;
            }
            targets.insert(target);
        }
        uses.insert(m.clone(), targets);
    }
    Crate { modules, uses }
}

/// The position of `word` in `text` as a whole word, if any.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let at = from + k;
        let end = at + word.len();
        let left = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
        let right = end < b.len() && b[end].is_ascii_whitespace();
        if left && right {
            return Some(at);
        }
        from = end;
    }
    None
}

/// The file a path names: its module path, followed down as far as files exist.
fn resolve(
    here: &[String],
    _is_parent: bool,
    path: &str,
    modules: &BTreeMap<Vec<String>, PathBuf>,
) -> Option<Vec<String>> {
    let mut segs = path.split("::").filter(|s| !s.is_empty());
    let mut at: Vec<String> = match segs.next()? {
        "crate" => Vec::new(),
        "self" => here.to_vec(),
        "super" => {
            let mut up = here.to_vec();
            up.pop()?;
            up
        }
        _ => return None,
    };
    for s in segs {
        if s == "super" {
            at.pop()?;
            continue;
        }
        if s == "self" {
            continue;
        }
        let mut next = at.clone();
        next.push(s.to_string());
        if modules.contains_key(&next) {
            at = next;
        } else {
            break;
        }
    }
    modules.contains_key(&at).then_some(at)
}

/// A circle of files in `uses`, if there is one: nodes that use nothing left are removed
/// until none is; whatever remains lies on a circle or leads into one.
fn circle(uses: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<Vec<String>>> {
    let mut left: BTreeSet<Vec<String>> = uses.keys().cloned().collect();
    loop {
        let sinks: Vec<Vec<String>> = left
            .iter()
            .filter(|m| uses[*m].iter().all(|t| !left.contains(t)))
            .cloned()
            .collect();
        if sinks.is_empty() {
            break;
        }
        for s in sinks {
            left.remove(&s);
        }
    }
    // Walk from any node that is left, always to a node left, until one repeats.
    let mut walk = vec![left.iter().next()?.clone()];
    loop {
        let last = walk.last().unwrap();
        let next = uses[last]
            .iter()
            .find(|t| left.contains(*t))
            .unwrap()
            .clone();
        if let Some(i) = walk.iter().position(|m| *m == next) {
            return Some(walk[i..].to_vec());
        }
        walk.push(next);
    }
}

#[test]
fn no_crate_has_a_circle_of_file_imports() {
    let root = workspace();
    let mut found = Vec::new();
    let mut crates: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .unwrap()
        .flatten()
        .map(|e| e.path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    for src in crates {
        let c = read_crate(&src);
        assert!(!c.modules.is_empty());
        if let Some(circle) = circle(&c.uses) {
            let names: Vec<String> = circle
                .iter()
                .map(|m| {
                    c.modules[m]
                        .strip_prefix(&root)
                        .unwrap()
                        .display()
                        .to_string()
                })
                .collect();
            found.push(names.join(" → "));
        }
    }
    assert!(
        found.is_empty(),
        "circles of file imports (each file uses the next, the last the first): {found:#?}"
    );
}

/// A crate of files written to a temporary folder, read as the test reads the real ones.
fn crate_of(files: &[(&str, &str)]) -> Crate {
    let dir = std::env::temp_dir().join(format!("sprague-layout-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    let c = read_crate(&dir);
    fs::remove_dir_all(&dir).unwrap();
    c
}

#[test]
fn siblings_using_each_other_are_a_circle_and_parents_are_not() {
    let lib = "pub mod a;\npub mod b;\npub mod m;\n";
    let m = "mod x;\npub use x::X;\npub struct P;\nfn f() { x::g(); }\n";
    let x = "use super::P;\npub struct X;\npub fn g() {}\n";
    let clean = crate_of(&[
        ("lib.rs", lib),
        ("a.rs", "use crate::m::P;\n"),
        ("b.rs", "pub fn h() { crate::a::k(); }\n"),
        ("m/mod.rs", m),
        ("m/x.rs", x),
    ]);
    assert_eq!(circle(&clean.uses), None);
    let tangled = crate_of(&[
        ("lib.rs", lib),
        (
            "a.rs",
            "use crate::b::h;\n// crate::m is only named in a comment\n",
        ),
        ("b.rs", "pub fn h() { crate::a::k(); }\n"),
        ("m/mod.rs", m),
        ("m/x.rs", x),
    ]);
    let found = circle(&tangled.uses).expect("a → b → a");
    assert_eq!(found.len(), 2);
}

#[test]
fn the_reader_sees_imports_and_ignores_comments_strings_and_tests() {
    assert_eq!(expand("a::{b, c::{d, e}}"), ["a::b", "a::c::d", "a::c::e"]);
    let code =
        code_only("use crate::x; // crate::y\nlet s = \"crate::z\"; /* super::w */ crate::v::f();");
    assert_eq!(inline_paths(&code), ["crate::x", "crate::v::f"]);
    let (code, children) = without_tests(
        "fn f() {}\n#[cfg(test)]\nmod tests {\n use crate::t; }\n#[cfg(test)]\nmod more;\n",
    );
    assert!(!code.contains("crate::t"));
    assert_eq!(children, ["more"]);
    let mut uses = BTreeMap::new();
    let m = |s: &str| vec![s.to_string()];
    uses.insert(m("a"), BTreeSet::from([m("b")]));
    uses.insert(m("b"), BTreeSet::from([m("c")]));
    uses.insert(m("c"), BTreeSet::new());
    assert_eq!(circle(&uses), None);
    uses.get_mut(&m("c")).unwrap().insert(m("a"));
    assert_eq!(circle(&uses).map(|c| c.len()), Some(3));
}
