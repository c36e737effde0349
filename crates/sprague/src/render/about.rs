//! The text of `sprague list` and `sprague explain`.

use sprague_games::interface::{EntryDetails, EntrySummary};

/// The text of `sprague explain` (no trailing newline).
pub fn explain_text(details: &EntryDetails) -> String {
    let mut text = format!(
        "{} — {}\n\nUsage: sprague solve {}\n\n",
        details.name, details.summary, details.usage
    );
    if !details.aliases.is_empty() {
        text.push_str(&format!("Also called: {}\n\n", details.aliases.join(", ")));
    }
    text.push_str(&format!(
        "Rules: {}\n\nTheorem: {}\n\nReferences: {}",
        details.rules, details.theorem, details.references
    ));
    text
}

/// The text of `sprague list`: one line per entry, names aligned (no trailing newline).
pub fn list_text(entries: &[EntrySummary]) -> String {
    let width = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
    entries
        .iter()
        .map(|e| format!("{:width$}  {}", e.name, e.summary))
        .collect::<Vec<_>>()
        .join("\n")
}
