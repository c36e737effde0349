//! `sprague table` of a rules script: heap `n` is the integer position `n`, and a script
//! whose positions are pairs `[a, b]` has a grid of pairs. Values come from one
//! [`Evaluator`], which keeps the values of single components only: a heap game is
//! computed bottom-up (heap `n` from the values of the smaller heaps), a pair game row by
//! row. A table stopped by its deadline or Ctrl-C keeps the rows computed until then.

use super::eval::Evaluator;
use super::game::ScriptGame;
use super::{ScriptPosition, ScriptProgram};
use crate::error::{Error, Result};
use crate::impartial::MisereSolver;
use crate::interface::{
    Cell, Grid, HeapRows, Method, Play, Row, Table, TableOptions, TableRows, ValueKind, Winner,
};
use crate::limits::Limits;
use crate::octal::Values;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

/// The largest `--upto` of a script's table.
pub const MAX_UPTO: u64 = 10_000_000;

/// The shape of a script's positions in a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Integer positions: heap `n` is `n`.
    Heap,
    /// Pairs of integers `[a, b]`.
    Pair,
}

/// The name of the optional function that declares the shape: `"heap"` or `"pair"`.
pub const SHAPE: &str = "shape";

/// Values computed before the end or a stop: the stop (a timeout, Ctrl-C), if any.
pub struct Partial<T> {
    /// The values computed.
    pub values: T,
    /// Why the computation stopped early, `None` when it is complete.
    pub stopped: Option<Error>,
}

fn is_stop(e: &Error) -> bool {
    matches!(e, Error::Timeout { .. } | Error::Interrupted { .. })
}

/// The smallest side of a table of pairs computed on several threads: below it, copying
/// the script for each thread costs more than it saves.
const PARALLEL_SIDE: u64 = 24;

/// The table of pairs of [`ScriptGame::pair_values_partial`] on `threads` threads, each
/// with its own copy of the script and its own [`Evaluator`]: the pairs of each diagonal
/// (`a + b` fixed) are split between them in runs of consecutive `a`, and after each
/// diagonal every evaluator learns the components the others computed. In most pair games a
/// move lowers the sum, so the pairs of one diagonal depend only on those before it and
/// each is computed once; in others a thread searches what it does not know yet, maybe
/// twice, with the same result. The values are the same whatever the threads; the
/// evaluators count the options they generate against one shared bound.
fn parallel_pairs(
    program: &ScriptProgram,
    from: u64,
    upto: u64,
    shared: Option<u64>,
    limits: Limits,
    threads: usize,
) -> Result<Partial<Vec<Vec<u64>>>> {
    use rayon::prelude::*;
    let copies = (1..threads)
        .map(|_| program.fork())
        .collect::<Result<Vec<_>>>()?;
    let work = Arc::new(AtomicU64::new(0));
    let mut evals: Vec<Evaluator> = std::iter::once(program)
        .chain(copies.iter())
        .map(|p| {
            let mut e = Evaluator::new(p, 0, limits.clone());
            if let Some(s) = shared {
                e.share_pairs(s as usize);
            }
            e.share_work(work.clone());
            e
        })
        .collect();
    let side = (upto - from + 1) as usize;
    let mut grid: Vec<Option<u64>> = vec![None; side * side];
    let mut stopped = None;
    for d in 2 * from..=2 * upto {
        let first = d.saturating_sub(upto).max(from);
        let cells = (d - from).min(upto) + 1 - first;
        let run = cells.div_ceil(threads as u64);
        // Each thread's values, in order from its first pair, and its error if it failed.
        let found: Vec<(Vec<u64>, Option<Error>)> = evals
            .par_iter_mut()
            .enumerate()
            .map(|(i, eval)| {
                let start = first + run * i as u64;
                let end = (start + run).min(first + cells);
                let mut values = Vec::new();
                for a in start..end {
                    match eval.value(&pair(a, d - a)) {
                        Ok(v) => values.push(v),
                        Err(e) => return (values, Some(e)),
                    }
                }
                (values, None)
            })
            .collect();
        // Every component a thread computed (the pairs, and what it searched to find
        // them) is told to the others, so that none searches it again.
        let news: Vec<_> = evals.iter_mut().map(Evaluator::take_found).collect();
        for (i, news) in news.iter().enumerate() {
            for (j, eval) in evals.iter_mut().enumerate() {
                if j != i {
                    for (p, v) in news {
                        eval.learn(p, *v)?;
                    }
                }
            }
        }
        for (i, (values, error)) in found.into_iter().enumerate() {
            let start = first + run * i as u64;
            for (k, &v) in values.iter().enumerate() {
                let a = start + k as u64;
                grid[(a - from) as usize * side + (d - a - from) as usize] = Some(v);
            }
            match error {
                // The first thread's error is that of the pair with the smallest `a`, as
                // on one thread.
                Some(e) if is_stop(&e) => {
                    stopped.get_or_insert(e);
                }
                Some(e) if stopped.is_none() => return Err(e),
                _ => {}
            }
        }
        if stopped.is_some() {
            break;
        }
    }
    // Whole rows only: after a stop, up to the first row with a pair not computed.
    let rows = grid
        .chunks(side)
        .map_while(|row| row.iter().copied().collect::<Option<Vec<u64>>>())
        .collect();
    Ok(Partial {
        values: rows,
        stopped,
    })
}

fn pair(a: u64, b: u64) -> ScriptPosition {
    ScriptPosition::List(vec![ScriptPosition::Int(a as i64), ScriptPosition::Int(b as i64)].into())
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
            return match program.call(SHAPE, None)? {
                Some(ScriptPosition::Str(s)) if &*s == "heap" => Ok((Shape::Heap, None)),
                Some(ScriptPosition::Str(s)) if &*s == "pair" => Ok((Shape::Pair, None)),
                other => Err(Error::parse(format!(
                    "{}: shape() returned {}, not \"heap\" or \"pair\"",
                    self.spec_name(),
                    other.map_or("nothing".into(), |p| super::position::kind(&p))
                ))),
            };
        }
        let heap_error = match program.expand(&ScriptPosition::Int(0)) {
            Ok(_) => return Ok((Shape::Heap, None)),
            Err(e) => e,
        };
        match program.expand(&pair(0, 0)) {
            Ok(_) => Ok((
                Shape::Pair,
                Some(format!(
                    "read as a game of pairs `a b`: heap 0 was refused ({heap_error}); declare `shape()` to say which"
                )),
            )),
            Err(_) => Err(heap_error),
        }
    }

    /// The Grundy values of the integer positions `0..=upto`, bottom-up; a stop (the
    /// deadline, Ctrl-C) keeps the values computed.
    pub fn heap_values_partial(&self, upto: u64, limits: Limits) -> Result<Partial<Vec<u64>>> {
        check_upto(upto)?;
        let program = self.program().clone();
        // Checked above: at most 10^7 + 1 values.
        let mut eval = Evaluator::new(&program, upto as usize + 1, limits.clone());
        let mut values = Vec::with_capacity(upto as usize + 1);
        for n in 0..=upto {
            if let Err(e) = limits.check_every(n, "heaps") {
                return Ok(Partial {
                    values,
                    stopped: Some(e),
                });
            }
            match eval.value(&ScriptPosition::Int(n as i64)) {
                Ok(v) => values.push(v),
                Err(e) if is_stop(&e) => {
                    return Ok(Partial {
                        values,
                        stopped: Some(e),
                    })
                }
                Err(e) => return Err(e),
            }
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
        let threads = rayon::current_num_threads();
        // A position limit is a work budget whose stopping point must not depend on the
        // threads (`sprague pattern` sets one): such a table is computed on one thread.
        if threads > 1 && side >= PARALLEL_SIDE && limits.max_positions.is_none() {
            return parallel_pairs(&program, from, upto, shared, limits, threads);
        }
        let mut eval = Evaluator::new(&program, 0, limits.clone());
        if let Some(s) = shared {
            eval.share_pairs(s as usize);
        }
        // Computed by diagonals (a + b growing) and read out by rows: in most pair games a
        // move lowers the sum (take from one pile, or from one and add less to the
        // other), so each pair's options are known when it is expanded and a script's
        // engine answers them by value. Any other game is still searched right, only
        // with more of its options handed over whole.
        let mut done = 0u64;
        let mut stopped = None;
        'diagonals: for d in 2 * from..=2 * upto {
            for a in d.saturating_sub(upto).max(from)..=(d - from).min(upto) {
                let v = limits
                    .check_every(done, "pairs")
                    .and_then(|()| eval.value(&pair(a, d - a)));
                done += 1;
                match v {
                    Ok(_) => {}
                    Err(e) if is_stop(&e) => {
                        stopped = Some(e);
                        break 'diagonals;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        // Whole rows only: after a stop, up to the first row with a pair not computed.
        let mut rows = Vec::new();
        for a in from..=upto {
            let row: Option<Vec<u64>> = (from..=upto)
                .map(|b| eval.known_value(&pair(a, b)))
                .collect();
            match row {
                Some(row) => rows.push(row),
                None if stopped.is_some() => break,
                None => {
                    // A pair that `components` splits is not stored: its parts are.
                    let row = (from..=upto)
                        .map(|b| eval.value(&pair(a, b)))
                        .collect::<Result<Vec<u64>>>()?;
                    rows.push(row);
                }
            }
        }
        Ok(Partial {
            values: rows,
            stopped,
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
                        "`--from` is for scripts whose positions are pairs `a b`",
                    ));
                }
                self.heap_table(options)?
            }
            Shape::Pair => self.pair_table(options)?,
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
        if options.misere {
            return Err(Error::unsupported(
                "a table of pairs has normal-play values only; `sprague solve --misere` answers one pair",
            ));
        }
        let spec = self.spec_name().to_string();
        let from = options.from.unwrap_or(0);
        if from > options.upto {
            return Err(Error::unsupported(format!(
                "`--from {from}` is larger than `--upto {}`",
                options.upto
            )));
        }
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

fn check_upto(upto: u64) -> Result<()> {
    if upto > MAX_UPTO {
        return Err(Error::unsupported(format!(
            "`--upto {upto}`: a rules script's table goes up to {MAX_UPTO} at most"
        )));
    }
    Ok(())
}
