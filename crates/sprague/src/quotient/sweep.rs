//! `sprague quotient --sweep`: the misère quotient of every octal code of a shape, on all
//! cores, one row of results per code, resumable from the results written so far.
//!
//! A shape is `0.dd` (every code `0.d₁` and `0.d₁d₂`: each game once, its last digit not 0,
//! so `0.70` is `0.7`), `0.ddd`, `0.dddd`, or `4.d`… (the same after a `4.`, with `4.0`,
//! splitting alone, once); a bare number `N` is `0.` followed by `N` digits. Each code is
//! computed until its pretending function is proven periodic, `upto` heaps are done, its
//! time is up or its quotient outgrows [`SWEEP_CONFIG`] (wild games grow without end).
//!
//! The results are lines of text (the caller keeps them in a file, [`header`] first, then
//! one [`row_line`] a code); [`read_rows`] reads such a file back, refusing one made with
//! other settings, so that an interrupted sweep goes on with the codes not done.

use super::game::QuotientGame;
use rayon::prelude::*;
use serde::Serialize;
use sprague_core::error::{Error, Result};
use sprague_core::limits::Limits;
use sprague_core::quotient::{QuotientConfig, QuotientSolver};
use std::fmt::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The bounds of each code's quotient in a sweep: quotients of a few thousand elements.
pub const SWEEP_CONFIG: QuotientConfig = QuotientConfig {
    max_order: 2_048,
    max_trial_order: 4_096,
    max_basis: 1_000_000,
};
/// The most digits after the point a shape may have.
pub const MAX_DIGITS: u32 = 4;

/// The codes a sweep covers: `d0.` and up to `digits` digits after the point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// The digit before the point: 0 or 4.
    pub d0: u8,
    /// How many digits after the point, at most.
    pub digits: u32,
}

impl Shape {
    /// Reads `0.dd`, `4.ddd` or a number of digits (`3` is `0.ddd`).
    pub fn parse(text: &str) -> Result<Shape> {
        let bad = |why: &str| {
            Error::parse(format!(
                "`{text}` is not a sweep shape ({why}): write `0.dd`, `0.ddd`, `0.dddd`, `4.d`, `4.dd`, … or a number of digits such as `3`"
            ))
        };
        let t = text.trim();
        let (d0, digits) = match t.split_once('.') {
            Some((d0, ds)) => {
                let d0 = match d0 {
                    "0" | "" => 0,
                    "4" => 4,
                    _ => return Err(bad("the digit before the point is 0 or 4")),
                };
                if ds.is_empty() || !ds.chars().all(|c| c == 'd') {
                    return Err(bad("after the point, one `d` for each digit"));
                }
                (d0, ds.len() as u32)
            }
            None => (
                0,
                t.parse::<u32>()
                    .map_err(|_| bad("not a number of digits"))?,
            ),
        };
        if digits == 0 || digits > MAX_DIGITS {
            return Err(bad(&format!("1 to {MAX_DIGITS} digits after the point")));
        }
        Ok(Shape { d0, digits })
    }

    /// `0.ddd`.
    pub fn text(&self) -> String {
        format!("{}.{}", self.d0, "d".repeat(self.digits as usize))
    }

    /// Every code of the shape, each game once, shorter codes first, then in octal order.
    pub fn codes(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.d0 == 4 {
            out.push("4.0".to_string());
        }
        for len in 1..=self.digits {
            for i in 0..8u32.pow(len) {
                if i % 8 == 0 {
                    continue; // the last digit 0: a shorter code
                }
                let s: String = (0..len)
                    .rev()
                    .map(|j| char::from(b'0' + ((i / 8u32.pow(j)) % 8) as u8))
                    .collect();
                out.push(format!("{}.{s}", self.d0));
            }
        }
        out
    }
}

/// How a code's computation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Ending {
    /// The pretending function is proven periodic: the quotient of the whole game.
    Proven,
    /// `upto` heaps done, no period proven: the quotient of the sums of those heaps.
    Bounded,
    /// The quotient outgrew [`SWEEP_CONFIG`]: the quotient of the heaps done before.
    Limit,
    /// The code's time ran out: the quotient of the heaps done before.
    Timeout,
}

impl Ending {
    fn word(self) -> &'static str {
        match self {
            Ending::Proven => "proven",
            Ending::Bounded => "bounded",
            Ending::Limit => "limit",
            Ending::Timeout => "timeout",
        }
    }

    fn read(w: &str) -> Option<Ending> {
        [
            Ending::Proven,
            Ending::Bounded,
            Ending::Limit,
            Ending::Timeout,
        ]
        .into_iter()
        .find(|e| e.word() == w)
    }
}

/// One code's result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SweepRow {
    /// The code, `0.75`.
    pub code: String,
    /// How the computation ended.
    pub result: Ending,
    /// `|Q|` of the quotient reached.
    pub order: usize,
    /// `|P|`.
    pub p_positions: usize,
    /// The proven preperiod and period, if proven.
    pub preperiod: Option<u64>,
    /// The least period, if proven.
    pub period: Option<u64>,
    /// The largest heap done.
    pub bound: u64,
    /// The last heap that changed the quotient.
    pub last_change: u64,
    /// Whether the quotient reached is tame.
    pub tame: bool,
    /// The code's computing time, in milliseconds.
    pub millis: u64,
}

/// A finished sweep: its settings, each code's result in the order of the shape's codes,
/// and its time. The text and `--json` are both made from it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SweepReport {
    /// The shape, as written (`0.dd`).
    pub shape: String,
    /// The most heaps a code computed.
    pub upto: u64,
    /// The most time a code took, in milliseconds.
    pub timeout_per_code_ms: u64,
    /// Worker threads.
    pub threads: usize,
    /// The whole sweep's wall time, in milliseconds.
    pub wall_ms: u64,
    /// How many codes were computed by this run (the others were read from its file).
    pub computed_now: usize,
    /// One row a code.
    pub rows: Vec<SweepRow>,
}

/// The settings of a sweep, which a results file records.
#[derive(Debug, Clone)]
pub struct SweepOptions {
    /// The codes.
    pub shape: Shape,
    /// The most heaps a code computes.
    pub upto: u64,
    /// The most time a code takes.
    pub per_code: Duration,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Set (Ctrl-C) to stop the sweep: the codes under way are dropped, not recorded.
    pub cancel: Option<Arc<AtomicBool>>,
}

/// The misère quotient of one code within the options' bounds; `None` if the sweep was
/// stopped during it.
pub fn sweep_code(code: &str, options: &SweepOptions) -> Result<Option<SweepRow>> {
    let start = Instant::now();
    let game = QuotientGame::lookup(&format!("octal:{code}"))?;
    let mut limits = Limits::default().with_timeout(options.per_code);
    if let Some(c) = &options.cancel {
        limits = limits.with_cancel(c.clone());
    }
    let mut s = QuotientSolver::new(game, SWEEP_CONFIG)?;
    let result = match s.run(options.upto, &limits) {
        Ok(()) if s.period().is_some() => Ending::Proven,
        Ok(()) => Ending::Bounded,
        Err(Error::Limit { .. }) => Ending::Limit,
        Err(Error::Timeout { .. }) => Ending::Timeout,
        Err(Error::Interrupted { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let q = s.quotient();
    Ok(Some(SweepRow {
        code: code.to_string(),
        result,
        order: q.order(),
        p_positions: q.p_portion().len(),
        preperiod: q.period().map(|p| p.preperiod),
        period: q.period().map(|p| p.period),
        bound: q.bound(),
        last_change: q.last_change(),
        tame: q.tame().is_some(),
        millis: start.elapsed().as_millis() as u64,
    }))
}

/// Computes `codes` on `options.threads` threads, calling `done` with each row as it is
/// finished (from the worker threads, in any order). Stops early, without error, when the
/// cancel flag is set; the first error of a code ends the sweep with it.
pub fn run(
    codes: &[String],
    options: &SweepOptions,
    done: &(dyn Fn(SweepRow) + Sync),
) -> Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads.max(1))
        .build()
        .map_err(|e| Error::unsupported(format!("cannot start the sweep's threads: {e}")))?;
    let stopped = || {
        options
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    };
    pool.install(|| {
        codes.par_iter().with_max_len(1).try_for_each(|code| {
            if stopped() {
                return Ok(());
            }
            if let Some(row) = sweep_code(code, options)? {
                done(row);
            }
            Ok(())
        })
    })
}

/// The first line of a results file: the settings it was made with.
pub fn header(options: &SweepOptions) -> String {
    format!(
        "# sprague quotient sweep: shape {}, upto {}, timeout-per-code {} s\ncode\tresult\torder\tp\tpreperiod\tperiod\tbound\tlast_change\ttame\tms\n",
        options.shape.text(),
        options.upto,
        sprague_core::error::seconds(&options.per_code)
    )
}

/// One row of a results file (a line, with its newline).
pub fn row_line(r: &SweepRow) -> String {
    let opt = |x: Option<u64>| x.map_or("-".to_string(), |v| v.to_string());
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        r.code,
        r.result.word(),
        r.order,
        r.p_positions,
        opt(r.preperiod),
        opt(r.period),
        r.bound,
        r.last_change,
        if r.tame { "tame" } else { "wild" },
        r.millis
    );
    s
}

/// The rows of a results file made with `options` (its header must say the same shape,
/// `upto` and time per code), in file order, each code once.
pub fn read_rows(text: &str, options: &SweepOptions) -> Result<Vec<SweepRow>> {
    let want = header(options);
    let mut want_lines = want.lines();
    let mut lines = text.lines().enumerate();
    for w in want_lines.by_ref() {
        match lines.next() {
            Some((_, l)) if l == w => {}
            Some((_, l)) => {
                return Err(Error::parse(format!(
                    "the results file was made with other settings: it starts `{l}`, this sweep writes `{w}`"
                )))
            }
            None => return Err(Error::parse("the results file has no header")),
        }
    }
    let codes = options.shape.codes();
    let mut rows: Vec<SweepRow> = Vec::new();
    for (i, line) in lines {
        if line.is_empty() {
            continue;
        }
        let bad = |why: &str| Error::parse(format!("line {} of the results file: {why}", i + 1));
        let f: Vec<&str> = line.split('\t').collect();
        let [code, result, order, p, pre, per, bound, last, tame, ms] = f[..] else {
            return Err(bad("not 10 fields"));
        };
        if !codes.iter().any(|c| c == code) {
            return Err(bad(&format!("`{code}` is not a code of the shape")));
        }
        let num = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| bad(&format!("`{s}` is not a number")))
        };
        let opt = |s: &str| if s == "-" { Ok(None) } else { num(s).map(Some) };
        let row = SweepRow {
            code: code.to_string(),
            result: Ending::read(result).ok_or_else(|| bad(&format!("`{result}` is no result")))?,
            order: num(order)? as usize,
            p_positions: num(p)? as usize,
            preperiod: opt(pre)?,
            period: opt(per)?,
            bound: num(bound)?,
            last_change: num(last)?,
            tame: match tame {
                "tame" => true,
                "wild" => false,
                _ => return Err(bad("`tame` or `wild` expected")),
            },
            millis: num(ms)?,
        };
        if !rows.iter().any(|r| r.code == row.code) {
            rows.push(row);
        }
    }
    Ok(rows)
}
