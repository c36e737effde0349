//! The one text renderer of a [`Table`]: what `sprague table` prints without `--json`,
//! written row by row so that a table of hundreds of millions of values streams.

use sprague_games::interface::table::write_decimal;
use sprague_games::interface::{Cell, Row, Table, ValueKind, Winner};
use std::fmt;

/// The one text renderer: the title, the column headings, the rows (or, where
/// `instead_of_rows` is given or the table is not listed in text, one line in their
/// place), the period, the notes and the method, without a trailing newline. Rows are
/// written one at a time to `out`.
pub fn table_text(
    table: &Table,
    out: &mut dyn fmt::Write,
    instead_of_rows: Option<&str>,
) -> fmt::Result {
    writeln!(out, "{}", table.title)?;
    match instead_of_rows {
        Some(line) => writeln!(out, "{line}")?,
        None if table.grid.is_some() => grid_text(table, out)?,
        None if table.list_in_text => {
            headings(table, out)?;
            for row in table.rows() {
                row_text(table, out, &row)?;
            }
        }
        None => writeln!(
            out,
            "({} values computed; not listed, use --json or --output)",
            table.count()
        )?,
    }
    if let Some(p) = &table.period {
        writeln!(
            out,
            "period: preperiod {}, period {}",
            p.preperiod, p.period
        )?;
    }
    for n in &table.notes {
        writeln!(out, "note: {n}")?;
    }
    for (k, v) in &table.details.0 {
        writeln!(out, "{}: {v}", k.replace('_', " "))?;
    }
    write!(out, "method: {}", table.method.text)
}

/// A table of pairs as a grid: a heading row of the columns `b`, then one line per row `a`
/// with the value of each pair `a b` (the outcome, `P` or `N`, where there is no value).
fn grid_text(table: &Table, out: &mut dyn fmt::Write) -> fmt::Result {
    let Some(g) = table.grid else {
        return Ok(());
    };
    let width = g.width.max(1);
    write!(out, "a\\b")?;
    for b in 0..width {
        out.write_char('\t')?;
        write_decimal(out, g.first_column + b)?;
    }
    out.write_char('\n')?;
    let mut rows = table.rows().peekable();
    let mut a = g.first_row;
    while rows.peek().is_some() {
        write_decimal(out, a)?;
        for row in rows.by_ref().take(width as usize) {
            out.write_char('\t')?;
            match (&row.value, row.outcome) {
                (Some(Cell::Number(v)), _) => write_decimal(out, *v)?,
                (Some(Cell::Text(t)), _) => out.write_str(t)?,
                (None, Some(w)) => out.write_str(if w == Winner::Second { "P" } else { "N" })?,
                (None, None) => out.write_char('-')?,
            }
        }
        out.write_char('\n')?;
        a += 1;
    }
    Ok(())
}

/// The whole text form in one string: for short tables (and tests); long ones are
/// written with [`table_text`].
pub fn table_string(table: &Table) -> String {
    let mut s = String::new();
    // Writing to a String cannot fail.
    let _ = table_text(table, &mut s, None);
    s
}

fn headings(table: &Table, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str(&table.position_heading)?;
    if table.columns.value {
        let kind = match table.value_kind {
            Some(ValueKind::Grundy) => "grundy",
            Some(ValueKind::Gamma) => "gamma",
            Some(ValueKind::Canonical) => "value",
            Some(ValueKind::Step) => "step",
            None => "value",
        };
        write!(out, "\t{kind}")?;
    }
    if table.columns.outcome {
        out.write_str("\toutcome")?;
    }
    if table.columns.remoteness {
        out.write_str("\tremoteness")?;
    }
    out.write_char('\n')
}

fn row_text(table: &Table, out: &mut dyn fmt::Write, row: &Row<'_>) -> fmt::Result {
    fn cell(out: &mut dyn fmt::Write, c: &Cell<'_>) -> fmt::Result {
        match c {
            Cell::Number(n) => write_decimal(out, *n),
            Cell::Text(t) => out.write_str(t),
        }
    }
    cell(out, &row.position)?;
    if table.columns.value {
        out.write_char('\t')?;
        match &row.value {
            Some(v) => cell(out, v)?,
            None => out.write_char('-')?,
        }
    }
    if table.columns.outcome {
        out.write_char('\t')?;
        out.write_str(row.outcome.map_or("-", Winner::as_str))?;
    }
    if table.columns.remoteness {
        out.write_char('\t')?;
        match row.remoteness {
            Some(r) => write_decimal(out, r)?,
            None => out.write_char('-')?,
        }
    }
    out.write_char('\n')
}

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_games::interface::{HeapRows, Method, Play, TablePeriod};
    use sprague_games::octal::Values;

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
    fn text_lists_rows_under_headings() {
        let mut t = sample(false);
        t.period = Some(TablePeriod::new(0, 1));
        t.notes.push("a note".into());
        assert_eq!(
            table_string(&t),
            "values of nim\nheap\tgrundy\n0\t0\n1\t1\n2\t2\nperiod: preperiod 0, period 1\nnote: a note\nmethod: Bouton"
        );
        assert_eq!(
            table_string(&sample(true)),
            "values of nim\nheap\toutcome\n0\tsecond\n1\tfirst\nmethod: Bouton"
        );
        t.list_in_text = false;
        assert!(table_string(&t).contains("(3 values computed; not listed"));
        let mut s = String::new();
        table_text(&t, &mut s, Some("(saved)")).unwrap();
        assert!(s.starts_with("values of nim\n(saved)\nperiod"), "{s}");
    }
}
