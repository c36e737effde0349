//! The `sprague` command: parses arguments, calls the library, prints its reports.
//! Everything that decides anything lives in the `sprague` library.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use sprague::catalogue::{self, SolveOptions, TableOptions, Verdict};
use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod play;
mod plot;
mod saved;
mod script;
mod serve;
mod stress;
mod stress_rules;

#[derive(Parser)]
#[command(
    name = "sprague",
    version,
    about = "Who wins a combinatorial game, with the winning moves, exactly"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Flags shared by `solve` and `moves`.
#[derive(clap::Args, Debug, Clone)]
struct PlayArgs {
    /// Misère play: the player who cannot move wins.
    #[arg(long)]
    misere: bool,
    /// Every-move compound: the mover moves in every component that can move.
    #[arg(long)]
    every: bool,
    /// Token vertex for games on graphs (repeat for several tokens).
    #[arg(long = "token", value_name = "V")]
    tokens: Vec<String>,
    /// Start vertex (geography).
    #[arg(long, value_name = "V")]
    start: Option<String>,
    /// Ground vertex (Hackenbush; default 0).
    #[arg(long, value_name = "V")]
    ground: Option<String>,
    /// The most positions a search may visit before giving up (default: as many as fit
    /// in about 1.5 GB for the solver used).
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    /// Stop a search after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

impl PlayArgs {
    fn options(&self, watch: &Watch) -> SolveOptions {
        SolveOptions {
            misere: self.misere,
            every: self.every,
            tokens: self.tokens.clone(),
            start: self.start.clone(),
            ground: self.ground.clone(),
            max_positions: self.max_positions.unwrap_or(0),
            deadline: watch.deadline,
            cancel: Some(watch.cancel.clone()),
            progress: Some(watch.progress()),
        }
    }
}

/// Reads `--timeout`: seconds as a whole or decimal number, exact to the millisecond
/// (no floating point: `2.5` is 2500 ms).
fn parse_seconds(text: &str) -> std::result::Result<Duration, String> {
    let bad = || {
        format!(
            "`{text}` is not a number of seconds (write e.g. `10` or `2.5`, at most 3 decimals)"
        )
    };
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && frac.is_empty()
        || !whole.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > 3
        || (text.contains('.') && frac.is_empty())
    {
        return Err(bad());
    }
    let secs: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let millis: u32 = format!("{frac:0<3}").parse().map_err(|_| bad())?;
    let d = Duration::new(secs, millis * 1_000_000);
    if d.is_zero() {
        return Err(format!("`{text}`: the timeout must be more than 0 seconds"));
    }
    Ok(d)
}

/// What watches a command's search: the deadline (`--timeout`), the flag that Ctrl-C sets,
/// and the count of positions searched that the spinner shows.
struct Watch {
    deadline: Option<sprague::limits::Deadline>,
    cancel: Arc<AtomicBool>,
    searched: Arc<AtomicU64>,
    what: Arc<Mutex<String>>,
}

impl Watch {
    fn new(timeout: Option<Duration>, cancel: Arc<AtomicBool>) -> Watch {
        Watch {
            deadline: timeout.and_then(sprague::limits::Deadline::after),
            cancel,
            searched: Arc::new(AtomicU64::new(0)),
            what: Arc::new(Mutex::new(String::new())),
        }
    }

    /// The callback the library calls every few thousand positions: it only records the
    /// count, which the spinner's thread reads.
    fn progress(&self) -> sprague::limits::ProgressFn {
        let searched = self.searched.clone();
        let what = self.what.clone();
        sprague::limits::ProgressFn::new(move |p| {
            searched.store(p.searched, Ordering::Relaxed);
            if let Ok(mut w) = what.try_lock() {
                if *w != p.what {
                    p.what.clone_into(&mut w);
                }
            }
        })
    }

    /// Runs `work`, with a spinner on standard error after a second of it when standard
    /// error is a terminal (never with `--json`), and, when there is a deadline, a
    /// watchdog that ends the process shortly after it if a loop that does not watch the
    /// deadline is still running.
    fn run<T>(&self, json: bool, work: impl FnOnce() -> Result<T>) -> Result<T> {
        use std::io::IsTerminal;
        if let Some(d) = self.deadline {
            std::thread::spawn(move || {
                // The library stops at the deadline, then frees what it stored (a second
                // or more for a large memo) before its error is printed: the grace leaves
                // it that time.
                let grace = d.timeout + Duration::from_secs(2) + d.timeout / 4;
                std::thread::sleep(grace);
                eprintln!(
                    "error: stopped after {} s (--timeout {})",
                    sprague::limits::seconds(&d.timeout),
                    sprague::limits::seconds(&d.timeout)
                );
                std::process::exit(1);
            });
        }
        if json || !std::io::stderr().is_terminal() {
            return work();
        }
        let done = Arc::new(AtomicBool::new(false));
        let spinner = {
            let done = done.clone();
            let searched = self.searched.clone();
            let what = self.what.clone();
            std::thread::spawn(move || {
                let start = std::time::Instant::now();
                let mut bar: Option<indicatif::ProgressBar> = None;
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    if start.elapsed() < Duration::from_secs(1) {
                        continue;
                    }
                    let b = bar.get_or_insert_with(|| {
                        let b = indicatif::ProgressBar::new_spinner();
                        b.set_style(
                            indicatif::ProgressStyle::with_template("{spinner} {msg} ({elapsed})")
                                .expect("valid template"),
                        );
                        b
                    });
                    let n = searched.load(Ordering::Relaxed);
                    let w = what.lock().map(|w| w.clone()).unwrap_or_default();
                    b.set_message(if n == 0 {
                        "searching".to_string()
                    } else {
                        format!("{n} {w}")
                    });
                    b.tick();
                }
                if let Some(b) = bar {
                    b.finish_and_clear();
                }
            })
        };
        let result = work();
        done.store(true, Ordering::Relaxed);
        let _ = spinner.join();
        result
    }
}

#[derive(Subcommand)]
enum Command {
    /// List the games of the catalogue.
    List {
        #[arg(long)]
        json: bool,
    },
    /// The rules, the theorem and the references of a game.
    Explain {
        /// A game name, e.g. `nim` or `subtraction`.
        game: String,
        #[arg(long)]
        json: bool,
    },
    /// Outcome, Grundy value and every winning move of a position.
    #[command(allow_negative_numbers = true)]
    Solve {
        /// The game: NAME or NAME:PARAMS, e.g. `nim`, `bash:3`, `subtraction:1,3,4`, or
        /// `rules:FILE`, a game written as a Rhai script (docs/rules-scripts.md).
        game: String,
        /// The position: numbers (components of a sum separated by `+`), a board or a graph.
        position: Vec<String>,
        #[command(flatten)]
        play: PlayArgs,
    },
    /// Every move from a position, with the outcome it leads to.
    #[command(allow_negative_numbers = true)]
    Moves {
        game: String,
        position: Vec<String>,
        #[command(flatten)]
        play: PlayArgs,
    },
    /// Grundy values of single-heap positions 0..=N.
    Table {
        game: String,
        /// Extra arguments some games need (a graph for `table graph`).
        args: Vec<String>,
        /// Largest heap to tabulate (default 100; for take-and-break games with `--period`
        /// and no `--upto`, the search goes on until a period is proven or a limit).
        #[arg(long, value_name = "N")]
        upto: Option<u64>,
        /// Stop after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        /// Report the least preperiod and period, only when proven.
        #[arg(long)]
        period: bool,
        /// Misère values.
        #[arg(long)]
        misere: bool,
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
    },
    /// The simplest pattern of a game's values (periodic, arithmetic-periodic, a formula
    /// of n, P-positions as residues; for two heaps a Beatty pair, a line, the diagonal),
    /// how far it was checked, whether it is proven, and the pattern as C++ and Python.
    Pattern {
        /// A one-heap game (`kayles`, `subtraction:1,3,4`), `wythoff`, `euclid`, or
        /// `rules:FILE`.
        game: String,
        /// Largest heap to compute (default 1000 for one heap, 40 for pairs).
        #[arg(long, value_name = "N")]
        upto: Option<u64>,
        /// Least heap of the pairs (default 0; 1 for `euclid`).
        #[arg(long, value_name = "N")]
        from: Option<u64>,
        /// Rules scripts: positions are pairs `a b` (by default tried when integers fail).
        #[arg(long)]
        pair: bool,
        /// Stop after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        #[arg(long)]
        json: bool,
    },
    /// Answer a judge problem: input on standard input, output exactly as the judge wants.
    Problem {
        /// Problem id, e.g. P4018 (`--list` shows them all).
        id: Option<String>,
        #[arg(long)]
        list: bool,
    },
    /// Canonical form and properties of a partizan game expression, e.g. `{3||2*|1*}`.
    #[command(allow_hyphen_values = true)]
    Value {
        /// The expression, or `@FILE` to read it from a file (expressions longer than a
        /// command-line word may be, about 128 KiB, live in files).
        expr: String,
        /// Print the thermograph's walls.
        #[arg(long)]
        thermograph: bool,
        /// Report the game cooled by T (a dyadic number above -1, e.g. `1/2`).
        #[arg(
            long,
            value_name = "T",
            allow_hyphen_values = true,
            conflicts_with = "heat"
        )]
        cool: Option<String>,
        /// Report the game heated by T (a game, usually a number; e.g. `1`).
        #[arg(long, value_name = "T", allow_hyphen_values = true)]
        heat: Option<String>,
        /// Stop after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        timeout: Option<Duration>,
        #[arg(long)]
        json: bool,
    },
    /// Serve the HTTP JSON API and a small web page on 127.0.0.1 (docs/api.md).
    Serve(serve::ServeArgs),
    /// Play a game against the computer in the terminal (moves from standard input).
    #[command(allow_negative_numbers = true)]
    Play(play::PlayArgs),
    /// Stress-test a contestant's program against a judge problem's reference answers:
    /// `sprague stress P2252 -- ./a.out` (docs/stress.md).
    Stress(Box<stress::StressArgs>),
    /// Draw a picture (SVG or PNG): `grundy`, `p-positions` or `thermograph` (docs/plot.md).
    Plot(plot::PlotArgs),
}

/// Prints a verdict: its JSON (keys in the schema's order) or the one text rendering.
fn print_verdict(verdict: &Verdict, json: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(verdict)?)?;
    } else {
        writeln!(out, "{}", verdict.render_text())?;
    }
    Ok(())
}

/// Replaces every word written `@path` by the contents of that file (graphs, boards and
/// long positions can live in files); other words pass through unchanged.
fn expand_files(words: Vec<String>) -> Result<Vec<String>> {
    words
        .into_iter()
        .map(|w| match w.strip_prefix('@') {
            Some(path) => {
                std::fs::read_to_string(path).with_context(|| format!("reading `{path}`"))
            }
            None => Ok(w),
        })
        .collect()
}

fn run(cli: Cli, cancel: Arc<AtomicBool>) -> Result<()> {
    match cli.command {
        Command::List { json } => {
            let list: Vec<_> = catalogue::entries()
                .iter()
                .map(catalogue::Entry::summary_info)
                .collect();
            if json {
                println!("{}", serde_json::to_string_pretty(&list)?);
            } else {
                println!("{}", catalogue::about::render_list(&list));
            }
        }
        Command::Explain { game, json } => {
            let (name, _) = catalogue::split_spec(&game);
            let e = catalogue::find_entry(name)?.details();
            if json {
                println!("{}", serde_json::to_string_pretty(&e)?);
            } else {
                println!("{}", e.render_text());
            }
        }
        Command::Solve {
            game,
            position,
            play,
        } => {
            let g = script::lookup(&game)?;
            let position = expand_files(position)?;
            let watch = Watch::new(play.timeout, cancel);
            let options = play.options(&watch);
            let verdict = watch.run(play.json, || Ok(g.solve(&position, &options)?))?;
            print_verdict(&verdict, play.json)?;
        }
        Command::Moves {
            game,
            position,
            play,
        } => {
            let g = script::lookup(&game)?;
            let position = expand_files(position)?;
            let watch = Watch::new(play.timeout, cancel);
            let options = play.options(&watch);
            let verdict = watch.run(play.json, || Ok(g.moves(&position, &options)?))?;
            print_verdict(&verdict, play.json)?;
        }
        Command::Table {
            game,
            args,
            upto,
            timeout,
            period,
            misere,
            json,
            output,
            resume,
            checkpoint_every,
            max_positions,
        } => {
            // Tables are not watched by the library: the watchdog ends them at the deadline.
            let watch = Watch::new(timeout, cancel);
            if let Some(og) = sprague::catalogue::octal_game(&game)? {
                let files = TableFiles {
                    output,
                    resume,
                    checkpoint_every,
                };
                let stop = watch.cancel.clone();
                let limits = sprague::limits::Limits::default()
                    .with_max_positions(max_positions)
                    .with_deadline(watch.deadline);
                return watch.run(true, || {
                    octal_table(og, upto, period, misere, json, files, stop, limits)
                });
            }
            if output.is_some() || resume.is_some() {
                bail!("`--output` and `--resume` are for take-and-break games");
            }
            if max_positions.is_some() {
                bail!("`--max-positions` of `sprague table` is for misère tables of take-and-break games");
            }
            let upto = upto.unwrap_or(100);
            let g = script::lookup(&game)?;
            let opts = TableOptions {
                upto,
                period,
                misere,
                args: expand_files(args)?,
                limits: sprague::limits::Limits::default()
                    .with_deadline(watch.deadline)
                    .with_cancel(watch.cancel.clone())
                    .with_progress(watch.progress()),
            };
            let table = watch.run(json, || Ok(g.table(&opts)?))?;
            print_table(&table, json, None)?;
        }
        Command::Pattern {
            game,
            upto,
            from,
            pair,
            timeout,
            json,
        } => {
            let watch = Watch::new(timeout, cancel);
            let options = sprague::pattern::PatternOptions {
                upto,
                from,
                pair: pair.then_some(true),
                limits: sprague::limits::Limits {
                    max_positions: None,
                    deadline: watch.deadline,
                    cancel: Some(watch.cancel.clone()),
                    progress: Some(watch.progress()),
                },
            };
            let found = watch.run(json, || script::pattern(&game, &options))?;
            if json {
                println!("{}", serde_json::to_string_pretty(&found)?);
            } else {
                println!("{}", found.render_text());
            }
        }
        Command::Problem { id, list } => {
            if list || id.is_none() {
                for p in sprague::problems::all() {
                    println!("{:12} {}", p.id, p.title);
                }
                if id.is_none() && !list {
                    bail!("name a problem: `sprague problem ID` (the list is above)");
                }
                return Ok(());
            }
            let id = id.expect("checked above");
            let problem = sprague::problems::find(&id)?;
            let mut input = Vec::new();
            std::io::stdin()
                .lock()
                .read_to_end(&mut input)
                .context("reading standard input")?;
            let input =
                String::from_utf8(input).context("standard input is not valid UTF-8 text")?;
            let out = sprague::problems::run(problem.id, &input)?;
            let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
            stdout.write_all(out.as_bytes())?;
            stdout.flush()?;
        }
        Command::Value {
            expr,
            thermograph,
            cool,
            heat,
            timeout,
            json,
        } => {
            let expr = expand_files(vec![expr])?.concat().trim().to_string();
            let opts = sprague::partizan::ValueOptions {
                thermograph,
                cool,
                heat,
            };
            // The library watches the comparisons it searches (deadline, Ctrl-C, a
            // default bound on their number); the watchdog backs it up.
            let watch = Watch::new(timeout, cancel);
            let limits = sprague::limits::Limits::default()
                .with_deadline(watch.deadline)
                .with_cancel(watch.cancel.clone())
                .with_progress(watch.progress());
            let report = watch.run(json, || {
                Ok(sprague::partizan::value_report_limited(
                    &expr, &opts, &limits,
                )?)
            })?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                println!("{}", report.render_text());
            }
        }
        Command::Serve(args) => serve::run(args, cancel)?,
        Command::Play(args) => play::run(args)?,
        // `main` runs it: its exit status tells a failure of the program from a usage error.
        Command::Stress(_) => bail!("`stress` is run by main"),
        Command::Plot(args) => plot::run(args, cancel)?,
    }
    Ok(())
}

/// The files of a take-and-break table.
struct TableFiles {
    output: Option<std::path::PathBuf>,
    resume: Option<std::path::PathBuf>,
    checkpoint_every: Option<u64>,
}

/// `sprague table` for take-and-break games: resumable, with progress on a terminal.
#[allow(clippy::too_many_arguments)]
fn octal_table(
    game: sprague::octal::OctalGame,
    upto: Option<u64>,
    period: bool,
    misere: bool,
    json: bool,
    files: TableFiles,
    cancel: Arc<AtomicBool>,
    limits: sprague::limits::Limits,
) -> Result<()> {
    use std::io::IsTerminal;
    let TableFiles {
        output,
        resume,
        checkpoint_every,
    } = files;
    let spec = game.rules.name.clone();
    if misere && (output.is_some() || resume.is_some()) {
        bail!("`--output` and `--resume` save normal-play Grundy sequences, not misère tables");
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
                "{bar:40} {pos}/{len} heaps ({per_sec}, {eta})",
            )
            .expect("valid template"),
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
        sprague::limits::Limits {
            cancel: None,
            ..limits
        }
    } else {
        limits
    };
    let mut save = |v: &sprague::octal::Values| match &mut checkpoints {
        Some(c) => c.save(v),
        None => std::ops::ControlFlow::Continue(()),
    };
    let req = sprague::octal::TableRequest {
        upto,
        period,
        misere,
        resume,
        progress: &mut progress,
        period_limit: sprague::octal::DEFAULT_PERIOD_LIMIT,
        checkpoint: step.map(|every| sprague::octal::Checkpoint {
            every,
            save: &mut save,
        }),
        limits,
    };
    let table = game.table_with(req)?;
    if let Some(b) = &bar {
        b.finish_and_clear();
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
                &mut sprague::octal::file::Encoder::new(&spec)?,
                &table.values,
            )?,
        }
        // The file holds every value known, which may be more than the table shows.
        count = table.values.len();
    }
    let saved = output.as_deref().map(|path| Saved { path, count });
    print_table(&table.into_table(), json, saved)
}

/// Where `--output` put a table's values, and how many the file holds (it may hold more
/// than the table shows).
struct Saved<'a> {
    path: &'a std::path::Path,
    count: usize,
}

/// Prints a table through the one path for every game: the text form line by line, or its
/// JSON with the rows written one by one (no tree of values is built). With `--output` the
/// values went to a file, and nothing is printed per value.
fn print_table(table: &catalogue::Table, json: bool, saved: Option<Saved<'_>>) -> Result<()> {
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
        if table.render_text(&mut w, line.as_deref()).is_err() {
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
    table: &catalogue::Table,
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

/// The command line, or its usage error printed and the program ended (status 2). Clap
/// repeats an invalid value in full; a 10^5-digit `--upto` is shortened, as library errors
/// shorten it.
fn parse_command_line() -> Cli {
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() && e.to_string().len() > 4096 => {
            eprint!("{}", sprague::error::shorten_words(&e.to_string()));
            std::process::exit(2);
        }
        Err(e) => e.exit(),
    }
}

/// The exit status of a search stopped by Ctrl-C, as a shell reports a SIGINT.
const INTERRUPTED: u8 = 130;

/// Interruptions closer together than this are one Ctrl-C delivered twice (far quicker than
/// a person presses twice).
const SAME_CTRL_C: Duration = Duration::from_millis(100);

/// Set while a `table --output` run saves its own checkpoint on Ctrl-C: the handler then
/// only raises the flag, and the table saves and stops (a second Ctrl-C still ends it).
pub(crate) static GRACEFUL: AtomicBool = AtomicBool::new(false);

/// Restores the default action of SIGPIPE, which Rust's runtime ignores: `sprague table …
/// | head` then ends quietly when `head` closes the pipe, instead of panicking in `println!`
/// at the first write after it.
fn end_quietly_on_closed_pipes() {
    #[cfg(unix)]
    // SAFETY: called in `main` before any thread starts; it only sets the disposition of
    // one signal to its default.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = parse_command_line();
    // Not for the commands that write to pipes and sockets of other programs: a contestant's
    // program that exits before reading its input, a client that goes away.
    if !matches!(cli.command, Command::Stress(_) | Command::Serve(_)) {
        end_quietly_on_closed_pipes();
    }
    // Ctrl-C sets the flag that searches watch, so that they end with a clean error; a
    // loop that does not watch it is ended a second later (or at a second Ctrl-C).
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let mut first: Option<std::time::Instant> = None;
    let handler = ctrlc::set_handler(move || {
        // `timeout -s INT` (and any signal sent to the process and then to its group)
        // delivers one interruption twice within microseconds: a repeat that close is the
        // same Ctrl-C, not the second one that ends the program at once.
        if first.is_some_and(|t| t.elapsed() < SAME_CTRL_C) {
            return;
        }
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(INTERRUPTED.into());
        }
        first = Some(std::time::Instant::now());
        if GRACEFUL.load(Ordering::SeqCst) {
            return;
        }
        std::thread::sleep(Duration::from_secs(1));
        eprintln!("error: interrupted");
        std::process::exit(INTERRUPTED.into());
    });
    if let Err(e) = handler {
        eprintln!("warning: Ctrl-C will end sprague without a message ({e})");
    }
    if let Command::Stress(args) = cli.command {
        return stress::main(*args, cancel);
    }
    match run(cli, cancel) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`sprague table ... | head`) is not an error worth a message.
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {e:#}");
            if let Some(sprague::Error::Interrupted { .. }) = e.downcast_ref::<sprague::Error>() {
                return ExitCode::from(INTERRUPTED);
            }
            ExitCode::FAILURE
        }
    }
}
