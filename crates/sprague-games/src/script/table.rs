//! `sprague table` of a rules script: heap `n` is the integer position `n`, and a script
//! whose positions are pairs `[a, b]` has a grid of pairs. Values come from one
//! [`Evaluator`], which keeps the values of single components only: a heap game is
//! computed bottom-up (heap `n` from the values of the smaller heaps), a pair game row by
//! row. A table stopped by its deadline or Ctrl-C keeps the rows computed until then.

use super::eval::{Evaluator, TableRun};
use super::game::ScriptGame;
pub use super::layers::Partial;
use super::layers::{heaps_on_threads, is_stop, tuple, tuple_values};
use super::ScriptPosition;
use crate::error::{Error, Result};
use crate::impartial::MisereSolver;
use crate::interface::{
    Cell, Grid, HeapRows, Method, Play, Row, Table, TableOptions, TableRows, ValueKind, Winner,
};
use crate::limits::Limits;
use crate::octal::Values;

/// The heap from which a table of heaps looks whether its heaps need searches of other
/// positions, to compute the rest on every thread.
const SEARCHES_SEEN_FROM: u64 = 16;

/// Heaps a table hands to [`Evaluator::run_values`] at a time (between the checks of
/// whether to go on every thread).
const HEAP_RUN: u64 = 1024;

/// The largest `--upto` of a script's table.
pub const MAX_UPTO: u64 = 10_000_000;

/// The shape of a script's positions in a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Integer positions: heap `n` is `n`.
    Heap,
    /// Pairs of integers `[a, b]`.
    Pair,
    /// Tuples of that many integers (three to [`MAX_TUPLE`]): `[a, b, c]`.
    Tuple(usize),
}

/// The most numbers in a tuple of a table.
pub const MAX_TUPLE: usize = 8;

/// The name of the optional function that declares the shape: `"heap"`, `"pair"`,
/// `"triple"` or `"tuple N"`.
pub const SHAPE: &str = "shape";

fn pair(a: u64, b: u64) -> ScriptPosition {
    tuple(&[a, b])
}

impl ScriptGame {
    /// The shape of the script's positions: the one `shape()` declares, else heaps when
    /// `options(0)` answers, else pairs when `options([0, 0])` does; then the note says
    /// that heap 0 was refused, and with what error, so that a heap game whose script fails
    /// at 0 is not silently read as a game of pairs. Neither answering is the error of
    /// heap 0.
    pub fn shape(&self) -> Result<(Shape, Option<String>)> {
        let program = self.program().clone();
        if program.defines(SHAPE, 0) {
            let declared = program.call(SHAPE, None)?;
            let shape = match &declared {
                Some(ScriptPosition::Str(s)) => match &**s {
                    "heap" => Some(Shape::Heap),
                    "pair" => Some(Shape::Pair),
                    "triple" => Some(Shape::Tuple(3)),
                    s => s
                        .strip_prefix("tuple ")
                        .and_then(|k| k.trim().parse::<usize>().ok())
                        .and_then(|k| match k {
                            2 => Some(Shape::Pair),
                            3..=MAX_TUPLE => Some(Shape::Tuple(k)),
                            _ => None,
                        }),
                },
                _ => None,
            };
            return shape.map(|s| (s, None)).ok_or_else(|| {
                Error::parse(format!(
                    "{}: shape() returned {}, not \"heap\", \"pair\", \"triple\" or \"tuple N\" (N from 2 to {MAX_TUPLE})",
                    self.spec_name(),
                    declared.map_or("nothing".into(), |p| match p {
                        ScriptPosition::Str(s) => format!("\"{s}\""),
                        p => super::position::kind(&p),
                    })
                ))
            });
        }
        let heap_error = match program.expand(&ScriptPosition::Int(0)) {
            Ok(_) => return Ok((Shape::Heap, None)),
            Err(e) => e,
        };
        let (shape, what) = if program.expand(&pair(0, 0)).is_ok() {
            (Shape::Pair, "pairs `a b`")
        } else if program.expand(&tuple(&[0, 0, 0])).is_ok() {
            (Shape::Tuple(3), "triples `a b c`")
        } else {
            return Err(heap_error);
        };
        Ok((
            shape,
            Some(format!(
                "read as a game of {what}: heap 0 was refused ({heap_error}); declare `shape()` to say which"
            )),
        ))
    }

    /// The Grundy values of the integer positions `0..=upto`, bottom-up; a stop (the
    /// deadline, Ctrl-C) keeps the values computed.
    pub fn heap_values_partial(&self, upto: u64, limits: Limits) -> Result<Partial<Vec<u64>>> {
        check_upto(upto)?;
        let program = self.program().clone();
        // Checked above: at most 10^7 + 1 values.
        let mut eval = Evaluator::new(&program, upto as usize + 1, limits.clone());
        let mut values = Vec::with_capacity(upto as usize + 1);
        let threads = rayon::current_num_threads();
        // A position limit is a work budget whose stopping point must not depend on the
        // threads (`sprague pattern` sets one).
        let parallel = threads > 1 && limits.max_positions.is_none();
        let mut n = 0;
        while n <= upto {
            // Heaps whose values need searches of other positions (a pile with the
            // amounts taken from it) go on every thread; those whose options are smaller
            // heaps, known, stay here.
            if parallel && n >= SEARCHES_SEEN_FROM && eval.components_stored() > 4 * n {
                return heaps_on_threads(&program, eval, values, n, upto, limits, threads);
            }
            // Runs end at SEARCHES_SEEN_FROM, so that the test above sees it.
            let end = if n < SEARCHES_SEEN_FROM {
                SEARCHES_SEEN_FROM
            } else {
                n + HEAP_RUN
            };
            let run = TableRun {
                first: n,
                count: (end.min(upto + 1) - n) as usize,
                pair_sum: None,
            };
            match eval.run_values(run, n, &mut values) {
                Ok(()) => {}
                Err(e) if is_stop(&e) => {
                    return Ok(Partial {
                        values,
                        stopped: Some(e),
                    })
                }
                Err(e) => return Err(e),
            }
            n += run.count as u64;
        }
        Ok(Partial {
            values,
            stopped: None,
        })
    }

    /// The Grundy values of the integer positions `0..=upto`, bottom-up.
    pub fn heap_values(&self, upto: u64, limits: Limits) -> Result<Vec<u64>> {
        let p = self.heap_values_partial(upto, limits)?;
        match p.stopped {
            Some(e) => Err(e),
            None => Ok(p.values),
        }
    }

    /// The Grundy values of the pairs `[a, b]` for `from <= a, b <= upto`, row by row
    /// (`a` the row); a stop keeps the whole rows computed.
    pub fn pair_values_partial(
        &self,
        from: u64,
        upto: u64,
        limits: Limits,
    ) -> Result<Partial<Vec<Vec<u64>>>> {
        check_upto(upto)?;
        let side = upto.saturating_sub(from) + 1;
        if side.saturating_mul(side) > MAX_UPTO {
            return Err(Error::unsupported(format!(
                "{side}×{side} pairs: at most {MAX_UPTO} positions are tabulated"
            )));
        }
        let program = self.program().clone();
        // Pairs from [0, 0]: the options of most pair games are smaller pairs, and those
        // of many others (one pile grows as the other shrinks) keep the sum below twice
        // the side. The square is the larger of the two that is no larger than a table
        // may be.
        let shared = [2 * (upto + 1), upto + 1]
            .into_iter()
            .find(|&s| s.saturating_mul(s) <= MAX_UPTO);
        let p = tuple_values(&program, 2, from, upto, shared, limits)?;
        Ok(Partial {
            values: whole_rows(p.values, side as usize),
            stopped: p.stopped,
        })
    }

    /// The Grundy values of the tuples of `k` numbers (from 2 to [`MAX_TUPLE`]) in
    /// `from..=upto`, in lexicographic order; a stop keeps the whole rows computed (a row:
    /// the last number running through `from..=upto`).
    pub fn tuple_values_partial(
        &self,
        k: usize,
        from: u64,
        upto: u64,
        limits: Limits,
    ) -> Result<Partial<Vec<u64>>> {
        check_upto(upto)?;
        let side = upto.saturating_sub(from) + 1;
        if !(2..=MAX_TUPLE).contains(&k) {
            return Err(Error::unsupported(format!(
                "tuples of {k} numbers: a table holds tuples of 2 to {MAX_TUPLE}"
            )));
        }
        if side.checked_pow(k as u32).is_none_or(|n| n > MAX_UPTO) {
            return Err(Error::unsupported(format!(
                "{side}^{k} tuples: at most {MAX_UPTO} positions are tabulated"
            )));
        }
        let p = tuple_values(&self.program().clone(), k, from, upto, None, limits)?;
        Ok(Partial {
            values: whole_rows(p.values, side as usize).concat(),
            stopped: p.stopped,
        })
    }

    /// The Grundy values of the pairs `[a, b]` for `from <= a, b <= upto`, row by row.
    pub fn pair_values(&self, from: u64, upto: u64, limits: Limits) -> Result<Vec<Vec<u64>>> {
        let p = self.pair_values_partial(from, upto, limits)?;
        match p.stopped {
            Some(e) => Err(e),
            None => Ok(p.values),
        }
    }

    /// The table: of heaps `0..=options.upto` (Grundy values, or misère outcomes), or of
    /// the pairs `a b` for `from <= a, b <= upto` as a grid.
    pub fn table_report(&self, options: &TableOptions) -> Result<Table> {
        check_upto(options.upto)?;
        let (shape, note) = self.shape()?;
        let mut table = match shape {
            Shape::Heap => {
                if options.from.is_some() {
                    return Err(Error::unsupported(
                        "`--from` is for scripts whose positions are pairs `a b` or tuples of numbers",
                    ));
                }
                self.heap_table(options)?
            }
            Shape::Pair => self.pair_table(options)?,
            Shape::Tuple(k) => self.tuple_table(k, options)?,
        };
        table.notes.extend(note);
        if options.period {
            table.notes.push(
                "no period is proven for a rules script; `sprague pattern` looks for one and says how far it was checked".into(),
            );
        }
        Ok(table)
    }

    fn heap_table(&self, options: &TableOptions) -> Result<Table> {
        let spec = self.spec_name().to_string();
        let range = format!("heaps 0..={}", options.upto);
        let (mut table, stopped) = if options.misere {
            let rules = self.rules();
            let mut solver = MisereSolver::new(&rules, options.limits.clone());
            let mut wins = Vec::new();
            let mut stopped = None;
            for n in 0..=options.upto {
                match rules.finish(solver.first_player_wins(&[ScriptPosition::Int(n as i64)])) {
                    Ok(w) => wins.push(w),
                    Err(e) if is_stop(&e) => {
                        stopped = Some(e);
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
            let t = Table::new(
                &spec,
                Play::Misere,
                None,
                Method::engine("search: exact misère search of each heap"),
                format!("misère outcomes of {spec} for {range}"),
                "heap",
                Box::new(HeapRows::outcomes(&wins)),
            );
            (t, stopped)
        } else {
            let p = self.heap_values_partial(options.upto, options.limits.clone())?;
            let small: Vec<u32> = p
                .values
                .iter()
                .enumerate()
                .map(|(n, &v)| {
                    u32::try_from(v).map_err(|_| {
                        Error::unsupported(format!(
                            "the Grundy value of heap {n} is {v}, too large for a table"
                        ))
                    })
                })
                .collect::<Result<_>>()?;
            let count = small.len() as u64;
            let t = Table::new(
                &spec,
                Play::Normal,
                Some(ValueKind::Grundy),
                Method::engine("search: Grundy values bottom-up, heap by heap"),
                format!("grundy values of {spec} for {range}"),
                "heap",
                Box::new(HeapRows::grundy(Values::from_u32(&small), count)),
            );
            (t, p.stopped)
        };
        table
            .notes
            .push("heap n is the integer position n of the script".into());
        if let Some(e) = stopped {
            stop_note(&mut table, &e, "heaps");
        }
        Ok(table)
    }

    fn pair_table(&self, options: &TableOptions) -> Result<Table> {
        let from = first_number(options, "pair")?;
        let spec = self.spec_name().to_string();
        let p = self.pair_values_partial(from, options.upto, options.limits.clone())?;
        let width = options.upto - from + 1;
        let rows = PairRows {
            from,
            width,
            values: p.values.into_iter().flatten().collect(),
        };
        let mut table = Table::new(
            &spec,
            Play::Normal,
            Some(ValueKind::Grundy),
            Method::engine("search: Grundy values of the pairs, row by row"),
            format!(
                "grundy values of {spec} for the pairs a b, {from} <= a, b <= {} (rows a, columns b)",
                options.upto
            ),
            "pair",
            Box::new(rows),
        );
        table.grid = Some(Grid {
            first_row: from,
            first_column: from,
            width,
        });
        table
            .notes
            .push("the pair a b is the position [a, b] of the script".into());
        if let Some(e) = p.stopped {
            stop_note(&mut table, &e, "rows");
        }
        Ok(table)
    }
}

impl ScriptGame {
    fn tuple_table(&self, k: usize, options: &TableOptions) -> Result<Table> {
        let from = first_number(options, "tuple")?;
        let spec = self.spec_name().to_string();
        let p = self.tuple_values_partial(k, from, options.upto, options.limits.clone())?;
        let names: Vec<String> = (0..k).map(|i| letter(i).to_string()).collect();
        let rows = TupleRows {
            k,
            from,
            side: options.upto - from + 1,
            values: p.values,
        };
        let what = if k == 3 { "triple" } else { "tuple" };
        let mut table = Table::new(
            &spec,
            Play::Normal,
            Some(ValueKind::Grundy),
            Method::engine("search: Grundy values of the tuples, by growing sum"),
            format!(
                "grundy values of {spec} for the {what}s {}, {from} <= {} <= {}",
                names.join(" "),
                names.join(", "),
                options.upto
            ),
            what,
            Box::new(rows),
        );
        table.notes.push(format!(
            "the {what} {} is the position [{}] of the script",
            names.join(" "),
            names.join(", ")
        ));
        if let Some(e) = p.stopped {
            stop_note(&mut table, &e, "rows");
        }
        Ok(table)
    }
}

/// The first number of a table of pairs or tuples (`--from`), checked with the options
/// such a table takes (normal play only).
fn first_number(options: &TableOptions, what: &str) -> Result<u64> {
    if options.misere {
        return Err(Error::unsupported(format!(
            "a table of {what}s has normal-play values only; `sprague solve --misere` answers one {what}"
        )));
    }
    let from = options.from.unwrap_or(0);
    if from > options.upto {
        return Err(Error::unsupported(format!(
            "`--from {from}` is larger than `--upto {}`",
            options.upto
        )));
    }
    Ok(from)
}

/// The name of the `i`th number of a tuple: a, b, c, …
fn letter(i: usize) -> char {
    (b'a' + i as u8) as char
}

/// The rows of a table of tuples, in lexicographic order.
struct TupleRows {
    k: usize,
    from: u64,
    side: u64,
    values: Vec<u64>,
}

impl TableRows for TupleRows {
    fn count(&self) -> u64 {
        self.values.len() as u64
    }

    fn row(&self, i: u64) -> Row<'_> {
        let mut t = vec![0; self.k];
        let mut rest = i;
        for x in t.iter_mut().rev() {
            *x = self.from + rest % self.side;
            rest /= self.side;
        }
        let v = self.values[i as usize];
        let shown: Vec<String> = t.iter().map(u64::to_string).collect();
        Row {
            position: Cell::Text(shown.join(" ").into()),
            value: Some(Cell::Number(v)),
            outcome: Some(Winner::from_first_wins(v != 0)),
            remoteness: None,
        }
    }
}

/// Marks a table stopped early: not complete, and a note saying why and what it holds.
fn stop_note(table: &mut Table, e: &Error, what: &str) {
    table.complete = false;
    table.notes.push(format!(
        "incomplete: {e}; the {} {what} computed until then are listed",
        match what {
            "rows" => table.count() / table.grid.map_or(1, |g| g.width.max(1)),
            _ => table.count(),
        }
    ));
}

/// The cells of a grid of pairs, row by row.
struct PairRows {
    from: u64,
    width: u64,
    values: Vec<u64>,
}

impl TableRows for PairRows {
    fn count(&self) -> u64 {
        self.values.len() as u64
    }

    fn row(&self, i: u64) -> Row<'_> {
        let (a, b) = (self.from + i / self.width, self.from + i % self.width);
        let v = self.values[i as usize];
        Row {
            position: Cell::Text(format!("{a} {b}").into()),
            value: Some(Cell::Number(v)),
            outcome: Some(Winner::from_first_wins(v != 0)),
            remoteness: None,
        }
    }
}

/// The rows of `side` values, up to the first with a value not computed.
fn whole_rows(values: Vec<Option<u64>>, side: usize) -> Vec<Vec<u64>> {
    values
        .chunks(side)
        .map_while(|row| row.iter().copied().collect::<Option<Vec<u64>>>())
        .collect()
}

fn check_upto(upto: u64) -> Result<()> {
    if upto > MAX_UPTO {
        return Err(Error::unsupported(format!(
            "`--upto {upto}`: a rules script's table goes up to {MAX_UPTO} at most"
        )));
    }
    Ok(())
}
