//! The `sprague` command: parses arguments, calls the library, prints its reports.
//! Everything that decides anything lives in the `sprague` library.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use sprague::catalogue::{self, SolveOptions, TableOptions, Verdict};
use std::io::{Read, Write};
use std::process::ExitCode;

mod saved;

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
    /// The most positions a search may visit before giving up.
    #[arg(long, value_name = "N", default_value_t = SolveOptions::DEFAULT_MAX_POSITIONS)]
    max_positions: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

impl PlayArgs {
    fn options(&self) -> SolveOptions {
        SolveOptions {
            misere: self.misere,
            every: self.every,
            tokens: self.tokens.clone(),
            start: self.start.clone(),
            ground: self.ground.clone(),
            max_positions: self.max_positions,
        }
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
        /// The game: NAME or NAME:PARAMS, e.g. `nim`, `bash:3`, `subtraction:1,3,4`.
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
        #[arg(long)]
        json: bool,
    },
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

fn run(cli: Cli) -> Result<()> {
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
            let g = catalogue::lookup(&game)?;
            print_verdict(
                &g.solve(&expand_files(position)?, &play.options())?,
                play.json,
            )?;
        }
        Command::Moves {
            game,
            position,
            play,
        } => {
            let g = catalogue::lookup(&game)?;
            print_verdict(
                &g.moves(&expand_files(position)?, &play.options())?,
                play.json,
            )?;
        }
        Command::Table {
            game,
            args,
            upto,
            period,
            misere,
            json,
            output,
            resume,
            checkpoint_every,
        } => {
            if let Some(og) = sprague::octal::octal_game(&game)? {
                let files = TableFiles {
                    output,
                    resume,
                    checkpoint_every,
                };
                return octal_table(og, upto, period, misere, json, files);
            }
            if output.is_some() || resume.is_some() {
                bail!("`--output` and `--resume` are for take-and-break games");
            }
            let upto = upto.unwrap_or(100);
            let g = catalogue::lookup(&game)?;
            let opts = TableOptions {
                upto,
                period,
                misere,
                args: expand_files(args)?,
            };
            print_table(&g.table(&opts)?, json, None)?;
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
            json,
        } => {
            let opts = sprague::partizan::ValueOptions {
                thermograph,
                cool,
                heat,
            };
            let report = sprague::partizan::value_report_with(&expr, &opts)?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                println!("{}", report.render_text());
            }
        }
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
fn octal_table(
    game: sprague::octal::OctalGame,
    upto: Option<u64>,
    period: bool,
    misere: bool,
    json: bool,
    files: TableFiles,
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`sprague table ... | head`) is not an error worth a message.
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
