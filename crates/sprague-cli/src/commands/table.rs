//! `sprague table`: Grundy values of heaps 0..=N, and for take-and-break games the
//! resumable computation saved to a file.

use crate::output::{print_table, Saved};
use crate::saved;
use crate::script;
use crate::watch::{parse_seconds, Watch};
use crate::words::expand_files;
use anyhow::{bail, Result};
use sprague_games::interface::TableOptions;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The arguments of `sprague table`.
#[derive(clap::Args, Debug)]
pub(crate) struct TableArgs {
    /// The game: NAME or NAME:PARAMS, e.g. `kayles`, `subtraction:1,3,4`, or `rules:FILE`.
    game: String,
    /// Extra arguments some games need (a graph for `table graph`).
    args: Vec<String>,
    /// Largest heap to tabulate (default 100; for take-and-break games with `--period`
    /// and no `--upto`, the search goes on until a period is proven or a limit); for rules
    /// scripts of pairs `a b`, the last row and column.
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// Rules scripts of pairs `a b`: the first row and column (default 0).
    #[arg(long, value_name = "N")]
    from: Option<u64>,
    /// Stop after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Report the least preperiod and period, only when proven.
    #[arg(long)]
    period: bool,
    /// Misère values.
    #[arg(long)]
    misere: bool,
    /// Print one JSON object (docs/table.md) instead of text.
    #[arg(long)]
    json: bool,
    /// Take-and-break games: save the sequence to FILE (docs/saved-sequences.md),
    /// atomically, with checkpoints as it grows (Ctrl-C stops after saving).
    #[arg(long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Take-and-break games: continue from a sequence saved with `--output` (checked;
    /// a truncated file's complete blocks are used).
    #[arg(long, value_name = "FILE")]
    resume: Option<std::path::PathBuf>,
    /// With `--output` and `--upto`: save a checkpoint after every N more heaps
    /// (default: every 30 seconds of work).
    #[arg(long, value_name = "N", requires = "output")]
    checkpoint_every: Option<u64>,
    /// Misère tables of take-and-break games: the most sums their exact search may
    /// store (default: as many as fit in about 1.5 GB).
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    /// Take-and-break games: compute every value, even past a proven period, instead of
    /// copying the period (the same values: a check of the theorem, and a benchmark).
    #[arg(long)]
    every_value: bool,
    /// Take-and-break games: show the Fletcher-32 checksum of the values g(0..=N)
    /// (docs/sequences.md) instead of listing them in the text.
    #[arg(long)]
    checksum: bool,
    #[arg(long, value_name = "N", help = crate::threads::HELP)]
    pub(crate) threads: Option<usize>,
}

/// Tabulates the game: take-and-break games by their own resumable computation, every other
/// game through the library's one table of values.
pub(crate) fn run(command: TableArgs, cancel: Arc<AtomicBool>) -> Result<()> {
    let TableArgs {
        game,
        args,
        upto,
        from,
        timeout,
        period,
        misere,
        json,
        output,
        resume,
        checkpoint_every,
        max_positions,
        every_value,
        checksum,
        threads: _,
    } = command;
    // Tables are not watched by the library: the watchdog ends them at the deadline.
    let watch = Watch::new(timeout, cancel);
    if let Some(og) = sprague::catalogue::octal_game(&game)? {
        let files = TableFiles {
            output,
            resume,
            checkpoint_every,
        };
        let stop = watch.cancel.clone();
        let limits = sprague_core::limits::Limits::default()
            .with_max_positions(max_positions)
            .with_deadline(watch.deadline);
        let how = OctalOptions {
            period,
            misere,
            json,
            every_value,
            checksum,
        };
        return watch.run(true, || {
            crate::threads::on_worker(|| octal_table(og, upto, how, files, stop, limits))
        });
    }
    if output.is_some() || resume.is_some() {
        bail!("`--output` and `--resume` are for take-and-break games");
    }
    if every_value || checksum {
        bail!("`--every-value` and `--checksum` are for take-and-break games");
    }
    if max_positions.is_some() {
        bail!("`--max-positions` of `sprague table` is for misère tables of take-and-break games");
    }
    if from.is_some() && !sprague_games::script::game::is_script_spec(&game) {
        bail!("`--from` is for rules scripts whose positions are pairs `a b`");
    }
    let upto = upto.unwrap_or(100);
    let g = script::lookup(&game)?;
    let opts = TableOptions {
        upto,
        period,
        misere,
        args: expand_files(args)?,
        from,
        limits: sprague_core::limits::Limits::default()
            .with_deadline(watch.deadline)
            .with_cancel(watch.cancel.clone())
            .with_progress(watch.progress()),
    };
    let table = watch.run(json, || crate::threads::on_worker(|| Ok(g.table(&opts)?)))?;
    print_table(&table, json, None)?;
    if !table.complete {
        // The rows computed are printed; the exit status says that they are not all.
        let why = table
            .notes
            .iter()
            .find(|n| n.starts_with("incomplete"))
            .cloned()
            .unwrap_or_else(|| "the table is incomplete".into());
        eprintln!("error: {why}");
        std::process::exit(if watch.cancel.load(std::sync::atomic::Ordering::Relaxed) {
            130
        } else {
            1
        });
    }
    Ok(())
}

/// How a take-and-break table is computed and shown.
struct OctalOptions {
    period: bool,
    misere: bool,
    json: bool,
    every_value: bool,
    checksum: bool,
}

/// The files of a take-and-break table.
struct TableFiles {
    output: Option<std::path::PathBuf>,
    resume: Option<std::path::PathBuf>,
    checkpoint_every: Option<u64>,
}

/// `sprague table` for take-and-break games: resumable, with progress on a terminal.
fn octal_table(
    game: sprague_games::octal::game::OctalGame,
    upto: Option<u64>,
    how: OctalOptions,
    files: TableFiles,
    cancel: Arc<AtomicBool>,
    limits: sprague_core::limits::Limits,
) -> Result<()> {
    use std::io::IsTerminal;
    let OctalOptions {
        period,
        misere,
        json,
        every_value,
        checksum,
    } = how;
    let TableFiles {
        output,
        resume,
        checkpoint_every,
    } = files;
    let spec = game.rules.name.clone();
    if misere && (output.is_some() || resume.is_some()) {
        bail!("`--output` and `--resume` save normal-play Grundy sequences, not misère tables");
    }
    if misere && (every_value || checksum) {
        bail!("`--every-value` and `--checksum` are for normal-play Grundy sequences, not misère tables");
    }
    if checkpoint_every == Some(0) {
        bail!("`--checkpoint-every` needs at least 1 heap");
    }
    let resume = match &resume {
        Some(path) => Some(saved::read(path, &spec)?),
        None => None,
    };
    let upto = if upto.is_none() && !period {
        Some(100)
    } else {
        upto
    };
    if checkpoint_every.is_some() && upto.is_none() {
        bail!("`--checkpoint-every` needs `--upto`: a period search is saved when it ends");
    }
    // Checkpoints (and Ctrl-C caught) when the values go to a file and the table has an end;
    // a period search without `--upto` is saved when it ends.
    let mut checkpoints = match (&output, upto) {
        (Some(path), Some(_)) => Some(saved::Checkpoints::new(
            path,
            &spec,
            match checkpoint_every {
                Some(n) => saved::Every::Heaps(n),
                None => saved::Every::Time(saved::CHECKPOINT_INTERVAL),
            },
            cancel,
        )?),
        _ => None,
    };
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(upto.unwrap_or(0));
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} heaps ({rate}, {eta} left)",
            )
            .expect("valid template")
            // Whole heaps a second: indicatif's own `per_sec` writes four decimals.
            .with_key(
                "rate",
                |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{} heaps/s", s.per_sec().round() as u64);
                },
            ),
        );
        b
    });
    let mut progress = |done: u64, total: u64| {
        if let Some(b) = &bar {
            b.set_length(total);
            b.set_position(done);
        }
    };
    let step = checkpoints.as_ref().map(|c| c.step());
    // With checkpoints, Ctrl-C is the checkpoint's to handle (it saves, then stops the
    // table): the computation itself must not end first with the values unsaved.
    let limits = if checkpoints.is_some() {
        sprague_core::limits::Limits {
            cancel: None,
            ..limits
        }
    } else {
        limits
    };
    let mut save = |v: &sprague_games::octal::Values| match &mut checkpoints {
        Some(c) => c.save(v),
        None => std::ops::ControlFlow::Continue(()),
    };
    let req = sprague_games::octal::game::TableRequest {
        upto,
        period,
        misere,
        resume,
        every_value,
        progress: &mut progress,
        period_limit: sprague_games::octal::game::DEFAULT_PERIOD_LIMIT,
        checkpoint: step.map(|every| sprague_games::octal::game::Checkpoint {
            every,
            save: &mut save,
        }),
        limits,
    };
    let mut table = game.table_with(req)?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    if checksum {
        table.show_checksum();
    }
    let mut count = table.count();
    if let Some(path) = &output {
        match checkpoints.as_mut().and_then(|c| c.stopped.take()) {
            Some(saved::Stop::Failed(e)) => return Err(e),
            Some(saved::Stop::Interrupted(n)) => {
                eprintln!(
                    "interrupted: {n} values (g(0..={})) of {spec} saved in `{}`; continue with `--resume {}`",
                    n - 1,
                    path.display(),
                    path.display()
                );
                std::process::exit(130);
            }
            None => {}
        }
        match &mut checkpoints {
            Some(c) => c.finish(&table.values)?,
            None => saved::write(
                path,
                &mut sprague_games::octal::file::Encoder::new(&spec)?,
                &table.values,
            )?,
        }
        // The file holds every value known, which may be more than the table shows.
        count = table.values.len();
    }
    let saved = output.as_deref().map(|path| Saved { path, count });
    print_table(&table.into_table(), json, saved)
}
