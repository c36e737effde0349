//! A game's entry in the catalogue: everything the toolkit knows of a game besides its
//! rules and theorem. The entry is the one source that `sprague list` and `sprague
//! explain`, the web page (its editor, its examples, its pictures), the README's tables,
//! the contract tests and the fuzz targets read, so a new game is its own file and one
//! line in the facade's registry.

use super::{Game, Play};
use crate::error::{Error, Result};
use serde::Serialize;

/// A catalogue entry: the description a person reads, the examples and editor the
/// page shows, how the game is solved, and the constructor that turns parameters into a
/// [`Game`].
#[derive(Clone)]
pub struct Entry {
    /// The name used in specs (`nim`, `bash`, `octal`).
    pub name: &'static str,
    /// Other accepted names (`bachet` for `bash`).
    pub aliases: &'static [&'static str],
    /// How the spec and a position are written, starting with the name: `bash:M HEAP...`.
    pub usage: &'static str,
    /// One line for `sprague list`.
    pub summary: &'static str,
    /// The rules, in full sentences.
    pub rules: &'static str,
    /// The theorem (closed form) the toolkit uses, or how the game is solved.
    pub theorem: &'static str,
    /// Where the results come from.
    pub references: &'static str,
    /// Positions to try, the first one first: the page starts there, `sprague explain` and
    /// the README show them, and the contract tests hold every one to the verdict's rules.
    pub examples: &'static [Example],
    /// How the web page draws a position and lets a person edit it.
    pub editor: Editor,
    /// Whether both players have the same moves.
    pub players: Players,
    /// The pictures that apply to the game (`sprague plot`, the page's pictures panel).
    pub pictures: &'static [Picture],
    /// Whether the answers come from a closed form, and the check of that closed form
    /// against the engine's search of the rules.
    pub solution: Solution,
    /// Builds the game from the text after `NAME:` (None when there was no colon).
    pub build: fn(params: Option<&str>) -> Result<Box<dyn Game>>,
}

impl std::fmt::Debug for Entry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry").field("name", &self.name).finish()
    }
}

/// A position a person can try: the spec that names the game with its parameters, the
/// position's words as the command line reads them, and the plays it is answered under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Example {
    /// The spec (`bash:3`; the bare name for games without parameters).
    pub spec: &'static str,
    /// The position, as `sprague solve SPEC POSITION` reads it.
    pub position: &'static str,
    /// The play conventions the example is shown under, normal play first.
    pub plays: &'static [Play],
}

impl Example {
    /// An example under normal play.
    pub const fn normal(spec: &'static str, position: &'static str) -> Example {
        Example {
            spec,
            position,
            plays: &[Play::Normal],
        }
    }

    /// An example under the given plays.
    pub const fn plays(
        spec: &'static str,
        position: &'static str,
        plays: &'static [Play],
    ) -> Example {
        Example {
            spec,
            position,
            plays,
        }
    }
}

/// Whether both players have the same moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Players {
    /// Both players have the same moves: values are nimbers, outcomes first or second.
    Impartial,
    /// Left and Right have their own moves: values are canonical forms.
    Partizan,
}

/// A picture `sprague plot` draws for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Picture {
    /// The Grundy values of single heaps, with the proven period (`plot grundy`).
    Grundy,
    /// The P-positions of a game on two numbers (`plot p-positions`).
    PPositions,
    /// The thermograph of a position's value (`plot thermograph`).
    Thermograph,
}

/// How a game's answers are found.
#[derive(Clone, Copy)]
pub enum Solution {
    /// A proven closed form, named in the entry's `theorem`, for positions of any size.
    /// `check` compares it with the engine's search of the rules on every small position
    /// and returns how many positions it compared, or what disagreed.
    Theorem {
        /// The theorem against the search, on small positions.
        check: fn() -> std::result::Result<u64, String>,
    },
    /// The engine's search of the rules, or an exact algorithm that is no closed form.
    Search,
}

impl Solution {
    /// `theorem` or `search`, as `sprague list --json` and the page read it.
    pub fn kind(&self) -> &'static str {
        match self {
            Solution::Theorem { .. } => "theorem",
            Solution::Search => "search",
        }
    }
}

impl Serialize for Solution {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.kind())
    }
}

/// How the web page draws a position and lets a person edit it. The page knows editors,
/// not games: a new game picks one of these and needs no page code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Editor {
    /// No picture: the position is typed.
    Text,
    /// Heaps drawn as stacks of stones (positions of numbers separated by spaces).
    Heaps,
    /// A chessboard of queens moving left, down or diagonally towards the corner: one
    /// queen (`X Y`) or several (`X,Y X,Y`).
    Chessboard {
        /// Several queens (`X,Y ...`) rather than one (`X Y`).
        several: bool,
    },
    /// A rectangle of squares, rows separated by `|` (columns named by [`column_name`]).
    Grid {
        /// What a square can hold, the blank first; a click turns a square to the next.
        squares: &'static [Square],
        /// What a click does, for people.
        hint: &'static str,
    },
    /// One row of squares.
    Strip {
        /// What a square can hold, the blank first.
        squares: &'static [Square],
        /// What a click does, for people.
        hint: &'static str,
        /// Whether a position may also be written as the numbers of its second kind of
        /// square (coins: the positions of the heads).
        numbered: bool,
    },
    /// A graph, drawn and edited as vertices and edges.
    Network {
        /// Edges have a direction (`a>b`).
        directed: bool,
        /// Edges have a colour (`0-1:B`).
        coloured: bool,
        /// How the vertices are placed.
        layout: Layout,
        /// Vertices of note, written `KEY=V,W` after the edges.
        marks: &'static [Mark],
    },
}

/// What a square of a grid or strip holds, and how the page draws it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Square {
    /// The character the position writes.
    pub symbol: char,
    /// How it is drawn.
    pub glyph: Glyph,
    /// What it is, for people (`empty`, `toad`).
    pub name: &'static str,
}

/// How the page draws a square's content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Glyph {
    /// An empty square.
    Empty,
    /// A filled (unavailable) square.
    Filled,
    /// Left's stone (blue).
    LeftStone,
    /// Right's stone (red).
    RightStone,
    /// A stone belonging to neither player (Fission's).
    Stone,
    /// Left's piece that moves right (a toad).
    LeftPiece,
    /// Right's piece that moves left (a frog).
    RightPiece,
    /// A coin showing heads.
    Heads,
    /// A coin showing tails.
    Tails,
}

/// How the page places a graph's vertices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// On a circle.
    Circle,
    /// In layers above the ground vertex (Hackenbush).
    Ground,
    /// In layers below the root (trees).
    Tree,
}

/// A vertex of note in a graph position, written `KEY=V[,W...]` after the edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Mark {
    /// The key (`token`, `start`, `ground`, `black`, `root`).
    pub key: &'static str,
    /// Several vertices may carry it (`token=a,d`).
    pub several: bool,
    /// What a click with this tool does, for people (`toggle a token`).
    pub verb: &'static str,
    /// The vertex meant when the key is not written (Hackenbush's ground `0`).
    pub implicit: Option<&'static str>,
}

/// For games without parameters: an error naming the game when `NAME:PARAMS` was written.
pub fn no_params(game: &str, params: Option<&str>) -> Result<()> {
    match params {
        None => Ok(()),
        Some(p) => Err(Error::bad_params(
            game,
            format!("`{game}` takes no parameters, got `{p}`"),
        )),
    }
}

/// The name of column `c` (from 0) of a grid, as move labels and boards write it: `a` to
/// `z`, then `aa`, `ab`, ... as in a spreadsheet (bijective base 26: no name has a leading
/// "zero").
pub fn column_name(c: usize) -> String {
    let mut letters = Vec::new();
    let mut n = c + 1;
    while n > 0 {
        n -= 1;
        letters.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    letters.reverse();
    String::from_utf8_lossy(&letters).into_owned()
}
