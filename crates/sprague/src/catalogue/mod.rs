//! The catalogue: every game the command line can name, behind one object-safe interface.
//!
//! A *spec* is `NAME` or `NAME:PARAMS` (`nim`, `bash:3`, `subtraction:1,3,4`, `octal:0.77`).
//! Every game is one [`Entry`] of `sprague_games`, listed once in the registry
//! ([`entries`]); [`lookup`] finds the entry for a spec and builds a [`Game`], which parses
//! positions written as command-line words and answers `solve` and `moves` with a
//! [`Verdict`] and `table` with a [`Table`].
//!
//! [`Verdict`]: sprague_games::interface::Verdict
//! [`Table`]: sprague_games::interface::Table
//!
//! The library does no I/O: a report is data that the command line prints.

#[cfg(test)]
mod compound_tests;
#[cfg(test)]
mod entry_tests;
#[cfg(test)]
mod fallback_tests;
#[cfg(test)]
mod number_tests;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod verdict_tests;

mod registry;

pub use registry::entries;

use sprague_core::error::{Error, Result};
use sprague_games::interface::{Entry, Game};
use sprague_games::script::game::is_script_spec;

/// Splits a spec into its name and optional parameter text.
pub fn split_spec(spec: &str) -> (&str, Option<&str>) {
    match spec.split_once(':') {
        Some((name, params)) => (name, Some(params)),
        None => (spec, None),
    }
}

/// Finds the entry a name refers to (case-insensitive; `_` and `-` are the same).
pub fn find_entry(name: &str) -> Result<Entry> {
    let norm = normalise(name);
    let all = entries();
    if let Some(e) = all
        .iter()
        .find(|e| normalise(e.name) == norm || e.aliases.iter().any(|a| normalise(a) == norm))
    {
        return Ok(e.clone());
    }
    let close: Vec<&str> = all
        .iter()
        .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
        .filter(|cand| {
            edit_distance(&normalise(cand), &norm) <= 2 || normalise(cand).starts_with(&norm)
        })
        .collect();
    let hint = if close.is_empty() {
        "; `sprague list` shows the catalogue".to_string()
    } else {
        format!(
            "; did you mean {}?",
            close
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    Err(Error::UnknownGame {
        name: name.to_string(),
        hint,
    })
}

/// The take-and-break game a spec names, if it is one (`kayles`, `octal:0.77`, ...): what
/// `sprague table` streams and saves.
pub fn octal_game(spec: &str) -> Result<Option<sprague_games::octal::game::OctalGame>> {
    let (name, params) = split_spec(spec.trim());
    match find_entry(name) {
        Ok(entry) => sprague_games::octal::entries::octal_game_named(entry.name, params),
        Err(_) => Ok(None),
    }
}

/// Builds the game a spec names, e.g. `lookup("bash:3")`.
pub fn lookup(spec: &str) -> Result<Box<dyn Game>> {
    let spec = spec.trim();
    if spec.is_empty() {
        return Err(Error::parse(
            "empty game name; `sprague list` shows the catalogue",
        ));
    }
    if is_script_spec(spec) {
        return Err(script_lookup_error(spec));
    }
    let (name, params) = split_spec(spec);
    let entry = find_entry(name)?;
    (entry.build)(params)
}

/// The error of [`lookup`] for a `rules:` spec: the library reads no
/// files.
pub fn script_lookup_error(spec: &str) -> Error {
    Error::unsupported(format!(
        "`{}` names a rules script: the library does no I/O, so read the file and pass its text to `sprague_games::script::game::game_from_script(spec, text)` (the `sprague` command does this)",
        spec.trim()
    ))
}

fn normalise(s: &str) -> String {
    s.trim().to_ascii_lowercase().replace('_', "-")
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_split_at_the_first_colon() {
        assert_eq!(split_spec("nim"), ("nim", None));
        assert_eq!(split_spec("bash:3"), ("bash", Some("3")));
        assert_eq!(
            split_spec("subtraction:allbut:2,3"),
            ("subtraction", Some("allbut:2,3"))
        );
    }

    #[test]
    fn unknown_games_are_named_in_the_error() {
        let err = lookup("no-such-game").err().expect("must fail");
        assert!(err.to_string().contains("no-such-game"), "{err}");
        assert!(lookup("").is_err());
    }

    #[test]
    fn lookup_says_the_script_text_must_be_given() {
        let err = lookup("rules:mine.rhai")
            .err()
            .expect("no I/O in the library");
        let msg = err.to_string();
        assert!(msg.contains("game_from_script"), "{msg}");
        assert!(msg.contains("rules:mine.rhai"), "{msg}");
    }

    #[test]
    fn entry_names_are_unique() {
        let all = entries();
        let mut names: Vec<String> = all
            .iter()
            .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()))
            .map(normalise)
            .collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n, "two entries share a name");
    }
}

#[cfg(test)]
mod about_tests {
    use super::*;
    use crate::render::{explain_text, list_text};
    use sprague_games::interface::EntrySummary;

    #[test]
    fn list_and_explain_serialise_every_field() {
        let list: Vec<EntrySummary> = entries().iter().map(Entry::summary_info).collect();
        let j = serde_json::to_value(&list).unwrap();
        assert_eq!(j.as_array().unwrap().len(), list.len());
        assert_eq!(j[0]["name"], list[0].name);
        let keys: Vec<&String> = j[0].as_object().unwrap().keys().collect();
        // (serde_json's maps sort their keys.)
        assert_eq!(
            keys,
            [
                "aliases", "editor", "examples", "name", "pictures", "players", "solution",
                "summary", "usage"
            ]
        );
        assert!(list_text(&list).lines().count() == list.len());
        let e = find_entry("euclid").unwrap().details();
        let j = serde_json::to_value(&e).unwrap();
        assert_eq!(j["theorem"], e.theorem);
        assert!(j["aliases"].is_array());
        let text = explain_text(&e);
        assert!(text.starts_with("euclid — ") && text.contains("\n\nReferences: "));
    }
}
