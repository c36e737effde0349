//! `sprague quotient --sweep SHAPE`: the misère quotient of every octal code of a shape on
//! all cores (`sprague::quotient::sweep`), the results table printed with each code's time
//! and the sweep's wall time, and kept in `--output` code by code (atomically), so that a
//! sweep stopped by Ctrl-C, or killed, goes on where it was when run again.

use crate::saved;
use crate::signals::{GRACEFUL, INTERRUPTED};
use anyhow::{Context, Result};
use sprague::quotient::sweep::{self, Shape, SweepOptions, SweepRow};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many heaps each code computes without `--upto`.
const SWEEP_UPTO: u64 = 2_000;
/// How long each code may take without `--timeout-per-code`.
const SWEEP_TIME: Duration = Duration::from_secs(10);

/// The flags of a sweep.
pub(crate) struct SweepFlags {
    pub(crate) upto: Option<u64>,
    pub(crate) per_code: Option<Duration>,
    pub(crate) threads: Option<usize>,
    pub(crate) output: Option<PathBuf>,
    pub(crate) json: bool,
}

/// What the workers share: the rows so far (in the order they finished) and the first
/// failure to save them.
struct Done {
    rows: Vec<SweepRow>,
    failed: Option<anyhow::Error>,
}

pub(crate) fn run(shape: &str, flags: SweepFlags, cancel: Arc<AtomicBool>) -> Result<()> {
    let shape = Shape::parse(shape)?;
    let threads = crate::threads::count(flags.threads)?;
    let options = SweepOptions {
        shape,
        upto: flags.upto.unwrap_or(SWEEP_UPTO),
        per_code: flags.per_code.unwrap_or(SWEEP_TIME),
        threads,
        cancel: Some(cancel.clone()),
    };
    let codes = shape.codes();
    let header = sweep::header(&options);
    let mut rows = Vec::new();
    if let Some(path) = flags.output.as_deref().filter(|p| p.exists()) {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("reading `{}`", path.display()))?;
        rows = sweep::read_rows(&text, &options)
            .with_context(|| format!("reading `{}`", path.display()))?;
        eprintln!(
            "resuming the sweep from `{}`: {} of {} codes done",
            path.display(),
            rows.len(),
            codes.len()
        );
    }
    if flags.output.is_some() {
        // Ctrl-C then stops the sweep, whose rows are already saved.
        GRACEFUL.store(true, Ordering::SeqCst);
    }
    let todo: Vec<String> = codes
        .iter()
        .filter(|c| !rows.iter().any(|r: &SweepRow| &r.code == *c))
        .cloned()
        .collect();
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(codes.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} codes ({eta})")
                .expect("valid template"),
        );
        b.set_position(rows.len() as u64);
        b
    });
    let done = Mutex::new(Done { rows, failed: None });
    let save = |d: &mut Done| {
        let Some(path) = &flags.output else { return };
        let mut text = header.clone();
        for r in &d.rows {
            text.push_str(&sweep::row_line(r));
        }
        if let Err(e) = saved::write_bytes(path, text.as_bytes()) {
            d.failed.get_or_insert(e);
        }
    };
    let start = Instant::now();
    let result = sweep::run(&todo, &options, &|row| {
        let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
        d.rows.push(row);
        save(&mut d);
        if let Some(b) = &bar {
            b.inc(1);
        }
    });
    let wall = start.elapsed();
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let Done { mut rows, failed } = done.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = failed {
        return Err(e);
    }
    result?;
    if cancel.load(Ordering::Relaxed) {
        let kept = match &flags.output {
            Some(p) => format!(
                "{} of {} codes are saved in `{}`; the same command goes on from there",
                rows.len(),
                codes.len(),
                p.display()
            ),
            None => format!("{} of {} codes were done", rows.len(), codes.len()),
        };
        eprintln!("interrupted: {kept}");
        std::process::exit(INTERRUPTED.into());
    }
    rows.sort_by_key(|r| codes.iter().position(|c| *c == r.code));
    let report = sweep::SweepReport {
        shape: shape.text(),
        upto: options.upto,
        timeout_per_code_ms: u64::try_from(options.per_code.as_millis()).unwrap_or(u64::MAX),
        threads,
        wall_ms: u64::try_from(wall.as_millis()).unwrap_or(u64::MAX),
        computed_now: todo.len(),
        rows,
    };
    if flags.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", sprague::render::sweep_text(&report));
    }
    Ok(())
}
