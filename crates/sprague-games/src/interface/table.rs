//! The one typed answer of `sprague table`, for every game that has a table.
//!
//! A [`Table`] is a header (game, play convention, what the values are, the method, the
//! proven period, notes) and its rows, one per position (a heap, a coin, a vertex): the
//! position as the command line reads it, its value and who wins it. The rows are not kept
//! as rows: each game keeps its values in its own compact form (a Grundy sequence stays one
//! to four bytes a value) behind [`TableRows`], and a row is made when it is asked for, so
//! that a table of hundreds of millions of values is written row by row and never held as
//! text or as a JSON tree.
//!
//! A table serialises (serde) to the JSON object documented in `docs/table.md`, with the
//! same keys for every game and the verdict's [`SCHEMA_VERSION`]; serialising it to a
//! writer streams the rows. The facade's `render::table_text` is the one text renderer.

use std::borrow::Cow;
use std::fmt;

use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::Serialize;

use super::verdict::{Details, Method, Play, ValueKind, Winner, SCHEMA_VERSION};
use crate::octal::Values;

/// A proven period of the values: `g(n + period) = g(n)` for every `n >= preperiod`.
/// Both are decimal strings, as every big number of the JSON answers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TablePeriod {
    /// The least preperiod.
    pub preperiod: String,
    /// The least period.
    pub period: String,
}

impl TablePeriod {
    /// A period from its two numbers.
    pub fn new(preperiod: impl ToString, period: impl ToString) -> Self {
        TablePeriod {
            preperiod: preperiod.to_string(),
            period: period.to_string(),
        }
    }
}

/// One cell of a row: a number (written in decimal) or text. Both serialise as strings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell<'a> {
    /// A number: a heap, a coin, a Grundy value.
    Number(u64),
    /// Text: a vertex name, a value such as `∞(0,1)`.
    Text(Cow<'a, str>),
}

impl fmt::Display for Cell<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cell::Number(n) => write_decimal(f, *n),
            Cell::Text(t) => f.write_str(t),
        }
    }
}

impl Serialize for Cell<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Writes the decimal digits of `v` without the formatting machinery: tables write
/// hundreds of millions of numbers.
pub fn write_decimal(out: &mut dyn fmt::Write, mut v: u64) -> fmt::Result {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.write_str(std::str::from_utf8(&digits[i..]).map_err(|_| fmt::Error)?)
}

/// One row of a table: a position and what is known of it. Every key is always present in
/// JSON (`null` when unknown).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row<'a> {
    /// The position: a heap or a coin as a decimal string, a vertex by its name; written
    /// as the command line reads positions of the game where that is a single word.
    pub position: Cell<'a>,
    /// Its value, of the table's `value_kind`; `None` in tables of outcomes (misère).
    pub value: Option<Cell<'a>>,
    /// Who wins it, the player to move being the first player.
    pub outcome: Option<Winner>,
    /// Moves to the end with best play, where the table knows it (games on graphs).
    pub remoteness: Option<u64>,
}

/// Where a table's rows come from: each game keeps its values in its own form and makes a
/// row when asked. Rows are numbered `0..count()`.
pub trait TableRows: Send + Sync {
    /// How many rows there are.
    fn count(&self) -> u64;
    /// Row `i`, for `i < count()`.
    fn row(&self, i: u64) -> Row<'_>;
}

/// The rows of a table of single heaps (or coins) `0, 1, 2, …`: their values kept as a
/// compact sequence, one to four bytes each.
#[derive(Debug, Clone)]
pub struct HeapRows {
    values: Values,
    count: u64,
    outcomes_only: bool,
    /// The heap of the first row (1 for games whose 0 is no position).
    first: u64,
}

impl HeapRows {
    /// Rows `g(0..count)` of Grundy values (`count` at most `values.len()`): the outcome
    /// of a heap is a first-player win exactly when its value is not 0.
    pub fn grundy(values: Values, count: u64) -> Self {
        let count = count.min(values.len() as u64);
        HeapRows {
            values,
            count,
            outcomes_only: false,
            first: 0,
        }
    }

    /// The same rows for heaps `first, first + 1, …` (value `i` of the sequence is heap
    /// `first + i`).
    pub fn from_heap(mut self, first: u64) -> Self {
        self.first = first;
        self
    }

    /// Rows of outcomes only (misère tables): `1` when the first player wins, `0` when
    /// the second does; rows have no value.
    pub fn outcomes(first_wins: &[bool]) -> Self {
        let v: Vec<u32> = first_wins.iter().map(|&w| u32::from(w)).collect();
        HeapRows {
            count: v.len() as u64,
            values: Values::from_u32(&v),
            outcomes_only: true,
            first: 0,
        }
    }
}

impl TableRows for HeapRows {
    fn count(&self) -> u64 {
        self.count
    }

    fn row(&self, i: u64) -> Row<'_> {
        let v = self.values.get(i as usize);
        let outcome = if v == 0 {
            Winner::Second
        } else {
            Winner::First
        };
        Row {
            position: Cell::Number(self.first + i),
            value: (!self.outcomes_only).then_some(Cell::Number(u64::from(v))),
            outcome: Some(outcome),
            remoteness: None,
        }
    }
}

/// Which columns the text form shows after the position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Columns {
    /// The value (tables with a `value_kind`).
    pub value: bool,
    /// The outcome (shown where the value does not already say it).
    pub outcome: bool,
    /// The remoteness.
    pub remoteness: bool,
}

/// The answer to `sprague table` for any game that has a table.
pub struct Table {
    /// The spec of the game (`kayles`, `subtraction:1,3,4`).
    pub game: String,
    /// The play convention of the values.
    pub play: Play,
    /// What the rows' values are; `None` in tables of outcomes only.
    pub value_kind: Option<ValueKind>,
    /// The proven period of the values, when one was asked for and proven.
    pub period: Option<TablePeriod>,
    /// How the values were computed.
    pub method: Method,
    /// Remarks on the table: what a position is, how a period was proven or why none was.
    pub notes: Vec<String>,
    /// Facts particular to a family of games (as the verdict's `details`).
    pub details: Details,
    /// The first line of the text form.
    pub title: String,
    /// The heading of the position column of the text form (`heap`, `vertex`).
    pub position_heading: String,
    /// The columns of the text form.
    pub columns: Columns,
    /// Whether the text form lists the rows (a long table computed for its period is
    /// summed up in one line instead; `--json` always lists them).
    pub list_in_text: bool,
    /// Whether every position asked for has its row; `false` when the computation was
    /// stopped (a timeout, Ctrl-C) and the rows are those computed until then.
    pub complete: bool,
    /// The text form as a grid: rows of positions `a b` with `b` across (a table of pairs).
    pub grid: Option<Grid>,
    rows: Box<dyn TableRows>,
}

/// The layout of a table of pairs `a b` in its text form: rows numbered `a` from
/// `first_row`, `width` columns numbered `b` from `first_column`; the table's rows are the
/// cells, row by row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// The number of the first row.
    pub first_row: u64,
    /// The number of the first column.
    pub first_column: u64,
    /// The number of columns.
    pub width: u64,
}

impl fmt::Debug for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.game)
            .field("play", &self.play)
            .field("value_kind", &self.value_kind)
            .field("count", &self.count())
            .field("period", &self.period)
            .field("method", &self.method)
            .finish_non_exhaustive()
    }
}

impl Table {
    /// A table of `rows` with the required facts; no period, notes or details, the text
    /// columns those of `value_kind` (the value; the outcome where the value is not a
    /// Grundy value, which says it), the rows listed in text.
    pub fn new(
        game: impl Into<String>,
        play: Play,
        value_kind: Option<ValueKind>,
        method: Method,
        title: impl Into<String>,
        position_heading: impl Into<String>,
        rows: Box<dyn TableRows>,
    ) -> Self {
        Table {
            game: game.into(),
            play,
            value_kind,
            period: None,
            method,
            notes: Vec::new(),
            details: Details::default(),
            title: title.into(),
            position_heading: position_heading.into(),
            columns: Columns {
                value: value_kind.is_some(),
                outcome: value_kind != Some(ValueKind::Grundy),
                remoteness: false,
            },
            list_in_text: true,
            complete: true,
            grid: None,
            rows,
        }
    }

    /// How many rows the table has.
    pub fn count(&self) -> u64 {
        self.rows.count()
    }

    /// Row `i` (`i < count()`).
    pub fn row(&self, i: u64) -> Row<'_> {
        self.rows.row(i)
    }

    /// The rows in order, made one at a time.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> + '_ {
        (0..self.count()).map(|i| self.rows.row(i))
    }

    /// The header: the JSON object without `rows` (what `--output` prints, the values
    /// having gone to a file).
    pub fn header(&self) -> TableHeader<'_> {
        TableHeader(self)
    }

    fn serialize_header<M: SerializeMap>(&self, m: &mut M) -> Result<(), M::Error> {
        m.serialize_entry("schema", &SCHEMA_VERSION)?;
        m.serialize_entry("game", &self.game)?;
        m.serialize_entry("play", &self.play)?;
        m.serialize_entry("value_kind", &self.value_kind)?;
        m.serialize_entry("count", &self.count())?;
        m.serialize_entry("complete", &self.complete)?;
        m.serialize_entry("period", &self.period)?;
        m.serialize_entry("method", &self.method.text)?;
        m.serialize_entry("method_kind", &self.method.kind)?;
        m.serialize_entry("notes", &self.notes)?;
        m.serialize_entry("details", &self.details)
    }
}

/// The header of a table: its JSON object without `rows`.
pub struct TableHeader<'a>(&'a Table);

impl Serialize for TableHeader<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        self.0.serialize_header(&mut m)?;
        m.end()
    }
}

/// The rows of a table as a JSON array, made one at a time as they are serialised.
struct RowsSer<'a>(&'a Table);

impl Serialize for RowsSer<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(usize::try_from(self.0.count()).ok())?;
        for row in self.0.rows() {
            seq.serialize_element(&row)?;
        }
        seq.end()
    }
}

impl Serialize for Table {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        self.serialize_header(&mut m)?;
        m.serialize_entry("rows", &RowsSer(self))?;
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(misere: bool) -> Table {
        let (rows, kind, play) = if misere {
            (HeapRows::outcomes(&[false, true]), None, Play::Misere)
        } else {
            (
                HeapRows::grundy(Values::from_u32(&[0, 1, 2, 0]), 3),
                Some(ValueKind::Grundy),
                Play::Normal,
            )
        };
        Table::new(
            "nim",
            play,
            kind,
            Method::theorem("Bouton"),
            "values of nim",
            "heap",
            Box::new(rows),
        )
    }

    #[test]
    fn json_has_the_same_keys_and_rows_for_values_and_outcomes() {
        let keys = |v: &serde_json::Value| {
            v.as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect::<Vec<String>>()
        };
        let normal = serde_json::to_value(sample(false)).unwrap();
        let misere = serde_json::to_value(sample(true)).unwrap();
        assert_eq!(keys(&normal), keys(&misere));
        assert_eq!(normal["schema"], SCHEMA_VERSION);
        assert_eq!(normal["count"], 3);
        assert_eq!(
            normal["rows"][2],
            serde_json::json!({"position": "2", "value": "2", "outcome": "first", "remoteness": null})
        );
        assert_eq!(
            misere["rows"][0],
            serde_json::json!({"position": "0", "value": null, "outcome": "second", "remoteness": null})
        );
        let header = serde_json::to_value(sample(false).header()).unwrap();
        let mut without_rows = keys(&normal);
        without_rows.retain(|k| k != "rows");
        assert_eq!(keys(&header), without_rows);
    }
}
