//! `sprague quotient GAME`: the misère quotient of a heap game, computed heap by heap until
//! its pretending function is proven periodic or `--upto` heaps are done, saved to a file
//! now and then (`--output`) and continued from it (`--resume`); and `sprague quotient
//! --sweep SHAPE` over every octal code of a shape (`sweep`). The library computes and
//! renders (`sprague::quotient`, docs/quotients.md); this reads files and prints.

use crate::saved;
use crate::script;
use crate::signals::{GRACEFUL, INTERRUPTED};
use crate::watch::{parse_seconds, Watch};
use anyhow::{Context, Result};
use sprague::quotient::{QuotientGame, QuotientRun};
use sprague_core::limits::Limits;
use sprague_core::quotient::QuotientConfig;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The arguments of `sprague quotient`.
#[derive(clap::Args, Debug)]
pub(crate) struct QuotientArgs {
    /// The heap game: `octal:CODE`, `hex:CODE`, `kayles`, `dawson-kayles`, `subtraction:SET`,
    /// `bash:K`, `rules:FILE` (a one-heap rules script), ...
    #[arg(required_unless_present_any = ["sweep", "sum"])]
    game: Option<String>,
    /// The most heaps computed (default: 5000 for games whose period can be proven, 100
    /// for the others); the computation stops earlier once a period is proven.
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// Print one JSON object (docs/quotients.md) instead of text.
    #[arg(long)]
    json: bool,
    /// Stop after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Save the computation to FILE, atomically, every 30 seconds, at the end, and when it
    /// is stopped (timeout, Ctrl-C); with `--sweep`, the results table, code by code.
    #[arg(long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Continue a computation saved with `--output` (checked: the quotient it holds is
    /// verified again against the game).
    #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
    resume: Option<PathBuf>,
    /// The most elements of a trial quotient's basis (default 2,000,000).
    #[arg(long, value_name = "N", conflicts_with = "sweep")]
    max_positions: Option<u64>,
    /// Every octal code of SHAPE instead of one game: `0.dd`, `0.ddd`, `0.dddd`, `4.d`,
    /// `4.dd`, ... (or a number of digits: `3` is `0.ddd`), on all cores, with a results
    /// table; resumable from `--output`.
    #[arg(long, value_name = "SHAPE", conflicts_with_all = ["game", "timeout"])]
    sweep: Option<String>,
    /// With `--sweep`: the most time each code takes (default 10).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, requires = "sweep", conflicts_with = "game")]
    timeout_per_code: Option<Duration>,
    /// With `--sweep`: worker threads (default: one per core).
    #[arg(long, value_name = "N", requires = "sweep", conflicts_with = "game")]
    pub(crate) threads: Option<usize>,
    /// Instead of one game's quotient, the misère outcome of a sum through a quotient: each
    /// `--sum` is a game and its heaps, and the sum may mix games (`--sum 'octal:0.75 3 4'
    /// --sum 'kayles 5'`); a sum that no quotient covers is refused, saying why.
    #[arg(long, value_name = "GAME HEAPS", conflicts_with_all = ["game", "sweep", "resume", "output", "upto"])]
    sum: Vec<String>,
}

/// How often a long computation with `--output` saves itself.
const CHECKPOINT_INTERVAL: Duration = Duration::from_secs(30);

pub(crate) fn run(args: QuotientArgs, cancel: Arc<AtomicBool>) -> Result<()> {
    if let Some(shape) = &args.sweep {
        return super::sweep::run(
            shape,
            super::sweep::SweepFlags {
                upto: args.upto,
                per_code: args.timeout_per_code,
                threads: args.threads,
                output: args.output.clone(),
                json: args.json,
            },
            cancel,
        );
    }
    let watch = Watch::new(args.timeout, cancel);
    if !args.sum.is_empty() {
        return sum(&args.sum, &watch, args.json);
    }
    let spec = args.game.as_deref().unwrap_or_default().trim();
    let game = game(spec)?;
    let limits = Limits::default()
        .with_deadline(watch.deadline)
        .with_cancel(watch.cancel.clone())
        .with_progress(watch.progress());
    let config =
        QuotientConfig::with_limits(&Limits::default().with_max_positions(args.max_positions));
    let mut run = match &args.resume {
        Some(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading `{}`", path.display()))?;
            let run = watch
                .run(args.json, || {
                    Ok(QuotientRun::resume(game, config, &bytes, &limits)?)
                })
                .with_context(|| format!("resuming from `{}`", path.display()))?;
            eprintln!(
                "resuming {spec} from `{}`: heaps up to {}, verified",
                path.display(),
                run.bound()
            );
            run
        }
        None => QuotientRun::with_config(game, config)?,
    };
    let upto = args.upto.unwrap_or(run.default_upto());
    let output = args.output.as_deref();
    if output.is_some() {
        // Ctrl-C then only raises the flag: the computation stops, and is saved below.
        GRACEFUL.store(true, Ordering::SeqCst);
    }
    let mut last = Instant::now();
    let mut failed: Option<anyhow::Error> = None;
    let mut hook = |r: &QuotientRun| {
        let Some(path) = output else {
            return ControlFlow::Continue(());
        };
        if last.elapsed() < CHECKPOINT_INTERVAL {
            return ControlFlow::Continue(());
        }
        last = Instant::now();
        match saved::write_bytes(path, &r.checkpoint_bytes()) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                failed = Some(e);
                ControlFlow::Break(())
            }
        }
    };
    let result = watch.run(args.json, || Ok(run.run(upto, &limits, Some(&mut hook))?));
    if let Some(e) = failed {
        return Err(e);
    }
    if let Some(path) = output {
        saved::write_bytes(path, &run.checkpoint_bytes())?;
    }
    if let Err(e) = result {
        return Err(stopped(e, &run, output));
    }
    let report = run.report();
    if args.json {
        // One line: the multiplication table of a large quotient is long enough.
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", sprague::render::quotient_text(&report));
    }
    if let Some(path) = output {
        eprintln!(
            "saved the quotient of heaps up to {} in `{}`",
            run.bound(),
            path.display()
        );
    }
    Ok(())
}

/// The heap game a spec names: a catalogue game, or a rules script read from its file.
fn game(spec: &str) -> Result<QuotientGame> {
    Ok(if sprague_games::script::game::is_script_spec(spec) {
        QuotientGame::script(spec, &script::read(spec)?)?
    } else {
        QuotientGame::lookup(spec)?
    })
}

/// `--sum`: the misère outcome of a sum of heaps of one game or of several.
fn sum(parts: &[String], watch: &Watch, json: bool) -> Result<()> {
    let mut sum = Vec::new();
    for part in parts {
        let mut words = part.split_whitespace();
        let Some(spec) = words.next() else {
            anyhow::bail!("`--sum` needs a game and its heaps, e.g. `--sum 'kayles 3 4'`");
        };
        let heaps = words
            .map(|w| {
                w.parse::<u64>().map_err(|_| {
                    anyhow::anyhow!(
                        "`{w}` in `--sum '{part}'` is not a heap size (a whole number below 2^64)"
                    )
                })
            })
            .collect::<Result<Vec<u64>>>()?;
        sum.push((game(spec)?, heaps));
    }
    let limits = Limits::default()
        .with_deadline(watch.deadline)
        .with_cancel(watch.cancel.clone())
        .with_progress(watch.progress());
    let answer = watch.run(json, || {
        Ok(sprague::quotient::sum::misere_sum(&sum, &limits)?)
    })?;
    if json {
        println!("{}", serde_json::to_string(&answer)?);
    } else {
        print!("{}", sprague::render::sum_text(&answer));
    }
    Ok(())
}

/// The error of a computation stopped by its timeout or Ctrl-C, saying what was kept: with
/// `--output`, the file to resume from (Ctrl-C then ends the program at once, status 130).
fn stopped(e: anyhow::Error, run: &QuotientRun, output: Option<&Path>) -> anyhow::Error {
    let interrupted = matches!(
        e.downcast_ref::<sprague_core::Error>(),
        Some(sprague_core::Error::Interrupted { .. })
    );
    match output {
        Some(path) => {
            let kept = format!(
                "the quotient of heaps up to {} is saved in `{}`; continue with `--resume {}`",
                run.bound(),
                path.display(),
                path.display()
            );
            if interrupted {
                eprintln!("interrupted: {kept}");
                std::process::exit(INTERRUPTED.into());
            }
            e.context(kept)
        }
        None => e.context(format!(
            "the quotient of heaps up to {} was verified; `--output FILE` saves a computation to continue it",
            run.bound()
        )),
    }
}
