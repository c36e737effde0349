//! How reports reach standard output: verdicts, and tables streamed row by row.

use anyhow::{Context, Result};
use sprague_games::interface::Verdict;
use std::io::Write;

/// Prints a verdict: its JSON (keys in the schema's order) or the one text rendering.
pub(crate) fn print_verdict(verdict: &Verdict, json: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(verdict)?)?;
    } else {
        writeln!(out, "{}", sprague::render::verdict_text(verdict))?;
    }
    Ok(())
}

/// Where `--output` put a table's values, and how many the file holds (it may hold more
/// than the table shows).
pub(crate) struct Saved<'a> {
    pub(crate) path: &'a std::path::Path,
    pub(crate) count: usize,
}

/// Prints a table through the one path for every game: the text form line by line, or its
/// JSON with the rows written one by one (no tree of values is built). With `--output` the
/// values went to a file, and nothing is printed per value.
pub(crate) fn print_table(
    table: &sprague_games::interface::Table,
    json: bool,
    saved: Option<Saved<'_>>,
) -> Result<()> {
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    if json {
        write_json_table(&mut out, table, saved.as_ref())?;
    } else {
        let line = saved
            .as_ref()
            .map(|s| format!("({} values written to `{}`)", s.count, s.path.display()));
        let mut w = FmtWriter {
            out: &mut out,
            error: None,
        };
        if sprague::render::table_text(table, &mut w, line.as_deref()).is_err() {
            return Err(w.error.map_or_else(
                || anyhow::anyhow!("formatting the table failed"),
                Into::into,
            ));
        }
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}

/// A `fmt::Write` over an `io::Write`, keeping the I/O error that stopped it (a closed
/// pipe must stay recognisable).
struct FmtWriter<'a, W: Write> {
    out: &'a mut W,
    error: Option<std::io::Error>,
}

impl<W: Write> std::fmt::Write for FmtWriter<'_, W> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.out.write_all(s.as_bytes()).map_err(|e| {
            self.error = Some(e);
            std::fmt::Error
        })
    }
}

/// Writes a table as one JSON object: the header pretty-printed, then `rows`, one compact
/// object a line, written one by one; with `--output`, the header and where the values went
/// instead of the rows.
fn write_json_table(
    out: &mut impl Write,
    table: &sprague_games::interface::Table,
    saved: Option<&Saved<'_>>,
) -> Result<()> {
    let head = serde_json::to_string_pretty(&table.header())?;
    // The header is an object with keys: drop its closing `\n}` and go on after its last key.
    let head = head
        .strip_suffix("\n}")
        .context("a table header is a JSON object")?;
    out.write_all(head.as_bytes())?;
    if let Some(s) = saved {
        let path = serde_json::to_string(&s.path.display().to_string())?;
        writeln!(
            out,
            ",\n  \"output\": {path},\n  \"saved\": {}\n}}",
            s.count
        )?;
        return Ok(());
    }
    if table.count() == 0 {
        out.write_all(b",\n  \"rows\": []\n}\n")?;
        return Ok(());
    }
    out.write_all(b",\n  \"rows\": [")?;
    let mut buf = Vec::with_capacity(1 << 17);
    for (i, row) in table.rows().enumerate() {
        buf.extend_from_slice(if i == 0 { b"\n    " } else { b",\n    " });
        serde_json::to_writer(&mut buf, &row)?;
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    out.write_all(b"\n  ]\n}\n")?;
    Ok(())
}
