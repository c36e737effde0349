//! What `sprague list` and `sprague explain` say about the catalogue's entries, as typed
//! answers: they serialise (serde) to the JSON objects of `--json`; the facade renders
//! them as text.

use serde::Serialize;

use super::Entry;

/// One line of `sprague list`: an entry's names, usage and summary.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntrySummary {
    /// The name used in specs.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// How parameters and positions are written.
    pub usage: &'static str,
    /// One line.
    pub summary: &'static str,
}

/// `sprague explain`: everything an entry says about its game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EntryDetails {
    /// The name used in specs.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// How parameters and positions are written.
    pub usage: &'static str,
    /// One line.
    pub summary: &'static str,
    /// The rules, in full sentences.
    pub rules: &'static str,
    /// The theorem (closed form) used, or how the game is solved.
    pub theorem: &'static str,
    /// Where the results come from.
    pub references: &'static str,
}

impl Entry {
    /// What `sprague list` shows of this entry.
    pub fn summary_info(&self) -> EntrySummary {
        EntrySummary {
            name: self.name,
            aliases: self.aliases,
            usage: self.usage,
            summary: self.summary,
        }
    }

    /// What `sprague explain` shows of this entry.
    pub fn details(&self) -> EntryDetails {
        EntryDetails {
            name: self.name,
            aliases: self.aliases,
            usage: self.usage,
            summary: self.summary,
            rules: self.rules,
            theorem: self.theorem,
            references: self.references,
        }
    }
}
