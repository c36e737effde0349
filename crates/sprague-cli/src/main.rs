//! The `sprague` command: parses arguments, calls the library, prints its reports.
//! Everything that decides anything lives in the `sprague` library.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use sprague::catalogue::{self, Report, SolveOptions, TableOptions, Verdict};
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

fn print_report(report: &Report, json: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string_pretty(&report.json)?)?;
    } else {
        writeln!(out, "{}", report.text)?;
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
            let entries = catalogue::entries();
            if json {
                let list: Vec<_> = entries
                    .iter()
                    .map(|e| serde_json::json!({"name": e.name, "aliases": e.aliases, "usage": e.usage, "summary": e.summary}))
                    .collect();
                println!("{}", serde_json::to_string_pretty(&list)?);
            } else {
                let width = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
                for e in &entries {
                    println!("{:width$}  {}", e.name, e.summary);
                }
            }
        }
        Command::Explain { game, json } => {
            let (name, _) = catalogue::split_spec(&game);
            let e = catalogue::find_entry(name)?;
            if json {
                let v = serde_json::json!({"name": e.name, "aliases": e.aliases, "usage": e.usage, "summary": e.summary,
                    "rules": e.rules, "theorem": e.theorem, "references": e.references});
                println!("{}", serde_json::to_string_pretty(&v)?);
            } else {
                println!(
                    "{} — {}\n\nUsage: sprague solve {}\n",
                    e.name, e.summary, e.usage
                );
                if !e.aliases.is_empty() {
                    println!("Also called: {}\n", e.aliases.join(", "));
                }
                println!(
                    "Rules: {}\n\nTheorem: {}\n\nReferences: {}",
                    e.rules, e.theorem, e.references
                );
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
            print_report(&g.table(&opts)?, json)?;
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
            print_report(&sprague::partizan::value_report_with(&expr, &opts)?, json)?;
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
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if json {
        let mut summary = table.json_summary();
        match &output {
            // The values went to the file: the summary says how many and where.
            Some(path) => {
                summary.insert("count".into(), count.into());
                summary.insert("output".into(), path.display().to_string().into());
                writeln!(out, "{}", serde_json::to_string_pretty(&summary)?)?;
            }
            None => write_json_table(&mut out, &summary, &table.values, count)?,
        }
    } else {
        writeln!(out, "{}", table.text_head())?;
        match &output {
            Some(path) => writeln!(out, "({count} values written to `{}`)", path.display())?,
            None if table.list_in_text => {
                write_values(&mut out, &table.values, count, Layout::Lines)?
            }
            None => writeln!(out, "{}", table.text_unlisted())?,
        }
        writeln!(out, "{}", table.text_tail())?;
    }
    out.flush()?;
    Ok(())
}

/// Writes a table as one JSON object, laid out as `serde_json::to_string_pretty` would:
/// the summary's keys (which sort before `values`), then the values written one by one,
/// so that no tree of values is built.
fn write_json_table(
    out: &mut impl Write,
    summary: &serde_json::Map<String, serde_json::Value>,
    values: &sprague::octal::Values,
    count: usize,
) -> Result<()> {
    out.write_all(b"{\n")?;
    for (k, v) in summary {
        let v = serde_json::to_string_pretty(v)?.replace('\n', "\n  ");
        writeln!(out, "  {}: {v},", serde_json::to_string(k)?)?;
    }
    out.write_all(b"  \"values\": [")?;
    write_values(out, values, count, Layout::Json)?;
    out.write_all(b"\n  ]\n}\n")?;
    Ok(())
}

/// How [`write_values`] lays values out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// `n<TAB>g(n)` lines.
    Lines,
    /// Elements of a pretty-printed JSON array, each on its own line.
    Json,
}

/// Writes `g(0..count)` through a buffer refilled in blocks, formatting numbers by hand:
/// tables hold hundreds of millions of values.
fn write_values(
    out: &mut impl Write,
    values: &sprague::octal::Values,
    count: usize,
    layout: Layout,
) -> Result<()> {
    let mut buf = Vec::with_capacity(1 << 17);
    for n in 0..count {
        match layout {
            Layout::Lines => {
                push_u64(&mut buf, n as u64);
                buf.push(b'\t');
            }
            Layout::Json if n > 0 => buf.extend_from_slice(b",\n    "),
            Layout::Json => buf.extend_from_slice(b"\n    "),
        }
        push_u64(&mut buf, u64::from(values.get(n)));
        if layout == Layout::Lines {
            buf.push(b'\n');
        }
        if buf.len() >= 1 << 16 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    Ok(())
}

/// Appends the decimal digits of `v`.
fn push_u64(buf: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
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
