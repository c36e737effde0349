//! The text of `sprague list` and `sprague explain`.

use sprague_games::interface::{EntryDetails, EntrySummary, Play};

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
    if !details.examples.is_empty() {
        text.push_str("\n\nExamples:");
        for x in details.examples {
            for play in x.plays {
                let flag = match play {
                    Play::Normal => "",
                    Play::Misere => " --misere",
                    Play::Every => " --every",
                };
                text.push_str(&format!(
                    "\n  sprague solve {} {}{flag}",
                    x.spec,
                    quoted(x.position)
                ));
            }
        }
    }
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

/// The README's table of the catalogue (`sprague list --markdown`): one row per entry with
/// its usage, its first example as a command, and whether a theorem answers it. README.md
/// holds exactly this text between its `catalogue` markers, and a test keeps it so.
pub fn catalogue_markdown(entries: &[EntrySummary]) -> String {
    // A `|` inside a cell would end it.
    let cell = |text: &str| text.replace('|', "\\|");
    let mut out = String::from("| game | written as | try | answered by |\n|---|---|---|---|\n");
    for e in entries {
        let try_it = e
            .examples
            .first()
            .map(|x| {
                format!(
                    "`sprague solve {} {}`",
                    cell(x.spec),
                    cell(&quoted(x.position))
                )
            })
            .unwrap_or_default();
        out.push_str(&format!(
            "| `{}` — {} | `{}` | {} | {} |\n",
            e.name,
            cell(e.summary),
            cell(e.usage),
            try_it,
            e.solution
        ));
    }
    out
}

/// A position as a shell reads it back: quoted where it holds characters a shell treats
/// specially (`|`, `>`, `*`, `;`).
fn quoted(position: &str) -> String {
    if position.contains(['|', '>', '<', '*', ';', '&', '#']) {
        format!("'{position}'")
    } else {
        position.to_string()
    }
}
