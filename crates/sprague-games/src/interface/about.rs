//! What `sprague list` and `sprague explain` say about the catalogue's entries, as typed
//! answers: they serialise (serde) to the JSON objects of `--json`; the facade renders
//! them as text.

use serde::Serialize;

use super::{Editor, Entry, Example, Picture, Players};

/// One line of `sprague list`, and what the web page knows of a game (`GET /api/v1/games`):
/// its names, usage and summary, its examples, the editor that draws its positions, whose
/// moves they are, its pictures, and whether a theorem answers it.
#[derive(Debug, Clone, Serialize)]
pub struct EntrySummary {
    /// The name used in specs.
    pub name: &'static str,
    /// Other accepted names.
    pub aliases: &'static [&'static str],
    /// How parameters and positions are written.
    pub usage: &'static str,
    /// One line.
    pub summary: &'static str,
    /// Positions to try, the first one first.
    pub examples: &'static [Example],
    /// How the page draws and edits a position.
    pub editor: Editor,
    /// Impartial or partizan.
    pub players: Players,
    /// The pictures that apply.
    pub pictures: &'static [Picture],
    /// `theorem` or `search`.
    pub solution: &'static str,
}

/// `sprague explain`: everything an entry says about its game.
#[derive(Debug, Clone, Serialize)]
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
    /// Positions to try, the first one first.
    pub examples: &'static [Example],
    /// `theorem` or `search`.
    pub solution: &'static str,
}

impl Entry {
    /// What `sprague list` shows of this entry.
    pub fn summary_info(&self) -> EntrySummary {
        EntrySummary {
            name: self.name,
            aliases: self.aliases,
            usage: self.usage,
            summary: self.summary,
            examples: self.examples,
            editor: self.editor,
            players: self.players,
            pictures: self.pictures,
            solution: self.solution.kind(),
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
            examples: self.examples,
            solution: self.solution.kind(),
        }
    }
}
