//! The one typed answer of `solve` and `moves`, for every game of the catalogue.
//!
//! A [`Verdict`] says who wins a position, its value, the values of its components, and a
//! list of moves (the winning ones for `solve`, every legal one for `moves`), each with a
//! label a person understands and the position it leads to, written as the command line
//! reads positions. It serialises (serde) to the JSON object that `--json` and the HTTP API
//! print, always with the same keys (absent facts are `null`), and the facade's
//! `render::verdict_text` is the one text renderer. The schema is documented in `docs/verdict.md`; its version is
//! [`SCHEMA_VERSION`].

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

use crate::value::{Outcome, Side};

/// Version of the JSON schema of a verdict; bumped whenever a key changes meaning or goes.
pub const SCHEMA_VERSION: u32 = 1;

/// The play convention a verdict was computed under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
    /// Every-move compound: the mover moves in every component that can move.
    Every,
}

impl Play {
    /// How the text renderer names the convention.
    pub fn describe(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misère",
            Play::Every => {
                "every-move (the mover moves in every component that can move; the last mover wins)"
            }
        }
    }
}

/// Who wins, in one vocabulary for every game: `first`, `second` or `draw` for impartial
/// games (the player about to move, the other one, nobody), and the outcome classes `L`,
/// `R`, `N`, `P` for partizan games (Left wins whoever starts, Right does, the first player
/// does, the second player does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Winner {
    /// The player about to move wins.
    #[serde(rename = "first")]
    First,
    /// The player who just moved wins.
    #[serde(rename = "second")]
    Second,
    /// Neither player can force a win (games with cycles).
    #[serde(rename = "draw")]
    Draw,
    /// Partizan: Left wins whoever starts.
    L,
    /// Partizan: Right wins whoever starts.
    R,
    /// Partizan: whoever starts wins.
    N,
    /// Partizan: whoever starts loses.
    P,
}

impl From<Outcome> for Winner {
    fn from(o: Outcome) -> Self {
        match o {
            Outcome::First => Winner::First,
            Outcome::Second => Winner::Second,
            Outcome::Draw => Winner::Draw,
        }
    }
}

impl Winner {
    /// Who wins an impartial position: the first player when `first_wins`, else the second.
    pub fn from_first_wins(first_wins: bool) -> Self {
        if first_wins {
            Winner::First
        } else {
            Winner::Second
        }
    }

    /// The word or letter used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Winner::First => "first",
            Winner::Second => "second",
            Winner::Draw => "draw",
            Winner::L => "L",
            Winner::R => "R",
            Winner::N => "N",
            Winner::P => "P",
        }
    }

    /// A sentence for the text renderer.
    pub fn describe(self) -> &'static str {
        match self {
            Winner::First => "first player wins (N-position)",
            Winner::Second => "second player wins (P-position)",
            Winner::Draw => "draw (neither player can force a win)",
            Winner::L => "L (Left wins whoever starts)",
            Winner::R => "R (Right wins whoever starts)",
            Winner::N => "N (the first player wins)",
            Winner::P => "P (the second player wins)",
        }
    }
}

/// What kind of value the `value` fields of a verdict hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueKind {
    /// A Grundy value (nim value), a decimal string of any length.
    Grundy,
    /// The generalized Sprague–Grundy value γ of a game with cycles: a number or `∞(K)`.
    Gamma,
    /// A partizan value, as a canonical form in CGSuite's notation.
    Canonical,
    /// The step (remoteness) of every-move play.
    Step,
}

impl ValueKind {
    /// The word a person reads for this kind of value (`grundy`, `γ`, ...).
    pub fn label(self) -> &'static str {
        match self {
            ValueKind::Grundy => "grundy",
            ValueKind::Gamma => "γ",
            ValueKind::Canonical => "value",
            ValueKind::Step => "step",
        }
    }
}

/// Which way an answer was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MethodKind {
    /// A closed form (theorem) for the whole position.
    Theorem,
    /// Misère play by the Sprague–Grundy-style SJ formula, its hypothesis proven for the
    /// whole ruleset.
    SjProven,
    /// Misère play by the SJ formula, its hypothesis checked on every position reachable
    /// from this one.
    SjChecked,
    /// Exhaustive search by an engine (memoised search, retrograde analysis, tables).
    Engine,
    /// A theorem for some components, search for others.
    Mixed,
    /// Misère play through the misère quotient of the game's heaps (Plambeck–Siegel): a
    /// finite monoid, verified exactly, that decides every sum of the heaps it covers.
    Quotient,
}

/// The method that decided a verdict: its kind and a sentence naming it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Method {
    /// The kind, for programs.
    pub kind: MethodKind,
    /// The theorem's name or the search used, for people.
    pub text: String,
}

impl Method {
    /// A method of this kind with its description.
    pub fn new(kind: MethodKind, text: impl Into<String>) -> Self {
        Method {
            kind,
            text: text.into(),
        }
    }
    /// A closed form.
    pub fn theorem(text: impl Into<String>) -> Self {
        Method::new(MethodKind::Theorem, text)
    }
    /// An engine's exhaustive search.
    pub fn engine(text: impl Into<String>) -> Self {
        Method::new(MethodKind::Engine, text)
    }
}

/// A move, described for people and programs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    /// What the move does, e.g. `take 2 from heap 1`, `cut edge 1-3`, `vertical domino at b2`.
    pub label: String,
    /// The position after the move, written as the command line reads positions.
    pub position: String,
    /// Partizan games: the player who makes the move; `null` for impartial games.
    pub side: Option<Side>,
    /// The value of the position after the move (of the verdict's `value_kind`), if known.
    pub value: Option<String>,
    /// Who wins the position after the move (its player to move is the opponent).
    pub outcome: Option<Winner>,
    /// Moves until the end of the position after the move with best play, if known.
    pub remoteness: Option<u64>,
    /// Whether the move wins for the player who makes it.
    pub winning: bool,
}

impl Move {
    /// A move with a label and the position it leads to; value and outcome unknown.
    pub fn new(label: impl Into<String>, position: impl Into<String>) -> Self {
        Move {
            label: label.into(),
            position: position.into(),
            side: None,
            value: None,
            outcome: None,
            remoteness: None,
            winning: false,
        }
    }

    /// A winning move of an impartial game: it leads to a second-player win of value
    /// `value` (the Grundy value, or the step of every-move play, where known).
    pub fn winning_to(
        label: impl Into<String>,
        position: impl Into<String>,
        value: Option<String>,
    ) -> Self {
        let mut mv = Move::new(label, position);
        mv.value = value;
        mv.outcome = Some(Winner::Second);
        mv.winning = true;
        mv
    }
}

/// A component of a sum, with what is known of it alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Component {
    /// The component, written as the command line reads it.
    pub position: String,
    /// Its value (of the verdict's `value_kind`), if known.
    pub value: Option<String>,
    /// Who wins it played alone, if known.
    pub outcome: Option<Winner>,
    /// Its remoteness played alone, if known.
    pub remoteness: Option<u64>,
}

impl Component {
    /// A component of an impartial sum with its Grundy value (`zero`: the value is 0, so
    /// the component alone is a second-player win).
    pub fn grundy(position: impl Into<String>, value: impl ToString, zero: bool) -> Self {
        Component {
            position: position.into(),
            value: Some(value.to_string()),
            outcome: Some(Winner::from_first_wins(!zero)),
            remoteness: None,
        }
    }

    /// A component with a value and nothing else known.
    pub fn valued(position: impl Into<String>, value: Option<String>) -> Self {
        Component {
            position: position.into(),
            value,
            outcome: None,
            remoteness: None,
        }
    }
}

/// Which moves a verdict lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Listing {
    /// The winning moves (`sprague solve`).
    Winning,
    /// Every legal move (`sprague moves`).
    All,
}

/// Game-specific facts in a fixed order (`left_stop`, `bipartite`, ...), each a string.
/// Serialised as one JSON object.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Details(pub Vec<(String, String)>);

impl Details {
    /// Adds a fact.
    pub fn push(&mut self, key: impl Into<String>, value: impl ToString) {
        self.0.push((key.into(), value.to_string()));
    }
    /// The value of a fact, if present.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

impl Serialize for Details {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

/// The answer to `solve` or `moves` for any game of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The spec of the game (`nim`, `bash:3`).
    pub game: String,
    /// The position, written as the command line reads it.
    pub position: String,
    /// The play convention.
    pub play: Play,
    /// Who wins.
    pub outcome: Winner,
    /// What the value fields hold; `None` when no value is given (e.g. misère play).
    pub value_kind: Option<ValueKind>,
    /// The value of the whole position, if known.
    pub value: Option<String>,
    /// Moves until the end with best play, if known.
    pub remoteness: Option<u64>,
    /// The components of a sum (one entry for a position that is not a sum).
    pub components: Vec<Component>,
    /// Which moves are listed.
    pub listing: Listing,
    /// The moves: the winning ones (`Listing::Winning`) or all (`Listing::All`).
    pub moves: Vec<Move>,
    /// Whether `moves` is the complete list; when not, `note` says why.
    pub complete: bool,
    /// Why the list of moves is incomplete, or another remark on it.
    pub note: Option<String>,
    /// How the answer was decided.
    pub method: Method,
    /// Game-specific facts (stops, temperature, matching size, ...).
    pub details: Details,
}

impl Verdict {
    /// A verdict with the required facts; everything else empty or unknown, the move list
    /// complete. Games fill in the rest field by field.
    pub fn new(
        game: impl Into<String>,
        position: impl Into<String>,
        play: Play,
        outcome: Winner,
        method: Method,
    ) -> Self {
        Verdict {
            game: game.into(),
            position: position.into(),
            play,
            outcome,
            value_kind: None,
            value: None,
            remoteness: None,
            components: Vec::new(),
            listing: Listing::Winning,
            moves: Vec::new(),
            complete: true,
            note: None,
            method,
            details: Details::default(),
        }
    }

    /// Sets the value and its kind.
    pub fn with_value(mut self, kind: ValueKind, value: Option<String>) -> Self {
        self.value_kind = Some(kind);
        self.value = value;
        self
    }

    /// Marks the move list as cut short, with the reason.
    pub fn incomplete(&mut self, reason: impl Into<String>) {
        self.complete = false;
        self.note = Some(reason.into());
    }

    /// The positions after the winning moves (the README's `winning_moves`).
    pub fn winning_positions(&self) -> Vec<&str> {
        self.moves
            .iter()
            .filter(|m| m.winning)
            .map(|m| m.position.as_str())
            .collect()
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("schema", &SCHEMA_VERSION)?;
        m.serialize_entry("game", &self.game)?;
        m.serialize_entry("position", &self.position)?;
        m.serialize_entry("play", &self.play)?;
        m.serialize_entry("outcome", &self.outcome)?;
        m.serialize_entry("value_kind", &self.value_kind)?;
        m.serialize_entry("value", &self.value)?;
        // The README's contract: `grundy` is the Grundy value (normal play) as a string.
        let grundy = match self.value_kind {
            Some(ValueKind::Grundy) => self.value.as_deref(),
            _ => None,
        };
        m.serialize_entry("grundy", &grundy)?;
        m.serialize_entry("remoteness", &self.remoteness)?;
        m.serialize_entry("components", &self.components)?;
        m.serialize_entry("listing", &self.listing)?;
        m.serialize_entry("moves", &self.moves)?;
        m.serialize_entry("winning_moves", &self.winning_positions())?;
        m.serialize_entry("complete", &self.complete)?;
        m.serialize_entry("note", &self.note)?;
        m.serialize_entry("method", &self.method.text)?;
        m.serialize_entry("method_kind", &self.method.kind)?;
        m.serialize_entry("details", &self.details)?;
        m.end()
    }
}

/// A legal move of the position API: its label, the position it leads to and, for
/// partizan games, who makes it. No analysis is done to list these.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// What the move does, as in [`Move::label`].
    pub label: String,
    /// The position after the move, written as the command line reads positions.
    pub position: String,
    /// Partizan games: the player who makes the move.
    pub side: Option<Side>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Verdict {
        let mut v = Verdict::new(
            "nim",
            "3 4 5",
            Play::Normal,
            Winner::First,
            Method::theorem("Bouton"),
        )
        .with_value(ValueKind::Grundy, Some("2".into()));
        let mut m = Move::new("take 2 from heap 1", "1 4 5");
        m.winning = true;
        m.value = Some("0".into());
        m.outcome = Some(Winner::Second);
        v.moves.push(m);
        v
    }

    #[test]
    fn json_has_every_key_even_when_facts_are_missing() {
        let full = serde_json::to_value(sample()).unwrap();
        let bare = serde_json::to_value(Verdict::new(
            "graph",
            "a",
            Play::Normal,
            Winner::Draw,
            Method::engine("retrograde"),
        ))
        .unwrap();
        let keys = |v: &serde_json::Value| {
            v.as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<Vec<String>>()
        };
        assert_eq!(keys(&full), keys(&bare));
        assert_eq!(full["grundy"], "2");
        assert!(bare["grundy"].is_null());
        assert_eq!(full["winning_moves"], serde_json::json!(["1 4 5"]));
        assert_eq!(full["schema"], SCHEMA_VERSION);
        assert_eq!(bare["outcome"], "draw");
    }
}
