//! Words of the command line that name files: `@path` stands for the file's contents.

use anyhow::{Context, Result};

/// Replaces every word written `@path` by the contents of that file (graphs, boards and
/// long positions can live in files); other words pass through unchanged.
pub(crate) fn expand_files(words: Vec<String>) -> Result<Vec<String>> {
    words
        .into_iter()
        .map(|w| match w.strip_prefix('@') {
            Some(path) => {
                std::fs::read_to_string(path).with_context(|| format!("reading `{path}`"))
            }
            None => Ok(w),
        })
        .collect()
}
