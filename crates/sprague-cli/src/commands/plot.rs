//! `sprague plot KIND ...`: pictures from `sprague-plot`, written to a file atomically (or
//! to standard output with `-o -`). The picture is made by the library; this file reads
//! the arguments, picks the format and writes the bytes.

use crate::saved;
use crate::watch::{parse_seconds, Watch};
use crate::words::expand_files;
use anyhow::{bail, Result};
use sprague::catalogue;
use sprague_games::interface::SolveOptions;
use sprague_plot::{grid, grundy, thermo, Format, Picture, PlotOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The arguments of `sprague plot`.
#[derive(clap::Args, Debug)]
pub(crate) struct PlotArgs {
    #[command(subcommand)]
    kind: Kind,
}

/// What every picture takes: where it goes, its format and size, the limits of its work.
#[derive(clap::Args, Debug)]
struct Common {
    /// The file to write (`.svg` or `.png`; `-` for standard output with `--format`).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// svg or png (default: from the file's extension).
    #[arg(long, value_name = "FORMAT")]
    format: Option<String>,
    /// The width in pixels (200 to 4096; default: the picture's own).
    #[arg(long, value_name = "PIXELS")]
    width: Option<u32>,
    /// The height in pixels (200 to 4096; default: the picture's own).
    #[arg(long, value_name = "PIXELS")]
    height: Option<u32>,
    /// Stop after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// The most positions one search may visit (positions solved one by one).
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    #[arg(long, value_name = "N", help = crate::threads::HELP)]
    pub(crate) threads: Option<usize>,
}

#[derive(clap::Subcommand, Debug)]
enum Kind {
    /// The Grundy values of heaps 0..=N as a scatter plot, the proven period shaded.
    Grundy {
        /// A game with a table of Grundy values: `kayles`, `octal:0.16`, `subtraction:1,3,4`.
        game: String,
        /// The largest heap (at most 100000).
        #[arg(long, value_name = "N", default_value_t = 1000)]
        upto: u64,
        /// Shade the period, when the values prove one.
        #[arg(long)]
        period: bool,
        #[command(flatten)]
        common: Common,
    },
    /// The P-positions (a, b) of a two-heap game, a and b below N, as filled cells.
    #[command(name = "p-positions")]
    PPositions {
        /// A game whose positions are two numbers: `wythoff`, `euclid`, `nim`, ...
        game: String,
        /// Heaps 0..N-1 on each side (at most 1000 for Wythoff and Euclid, 100 otherwise).
        #[arg(long, value_name = "N", default_value_t = 40)]
        size: u64,
        #[command(flatten)]
        common: Common,
    },
    /// The thermograph of a partizan value: an expression (`'{3|-1}'`, as `sprague value`
    /// reads) or a game and position (`domineering '...|...'`).
    #[command(allow_negative_numbers = true)]
    Thermograph {
        /// The expression, or the game followed by its position (after `--` when it
        /// starts with `-`: `-- -1/2`).
        #[arg(required = true)]
        words: Vec<String>,
        #[command(flatten)]
        common: Common,
    },
}

impl Common {
    /// The format: `--format`, else the output's extension; both must agree when both
    /// are given.
    fn plot_options(&self) -> Result<PlotOptions> {
        let by_name = self
            .output
            .to_str()
            .and_then(Format::from_file_name)
            .filter(|_| self.output != Path::new("-"));
        let format = match (&self.format, by_name) {
            (Some(f), by_name) => {
                let f = Format::parse(f)?;
                if by_name.is_some_and(|n| n != f) {
                    bail!(
                        "`--format {}` does not match the extension of `{}`",
                        self.format.as_deref().unwrap_or_default(),
                        self.output.display()
                    );
                }
                f
            }
            (None, Some(f)) => f,
            (None, None) => bail!(
                "cannot tell the picture format from `{}`: name the file .svg or .png, or pass --format",
                self.output.display()
            ),
        };
        Ok(PlotOptions {
            format,
            width: self.width.unwrap_or(0),
            height: self.height.unwrap_or(0),
        })
    }

    fn solve_options(&self, watch: &Watch) -> SolveOptions {
        SolveOptions {
            max_positions: self.max_positions.unwrap_or(0),
            deadline: watch.deadline,
            cancel: Some(watch.cancel.clone()),
            ..SolveOptions::default()
        }
    }
}

impl PlotArgs {
    fn common(&self) -> &Common {
        match &self.kind {
            Kind::Grundy { common, .. }
            | Kind::PPositions { common, .. }
            | Kind::Thermograph { common, .. } => common,
        }
    }

    /// `--threads`, for `main` (see [`crate::threads::configure`]).
    pub(crate) fn threads(&self) -> Option<usize> {
        self.common().threads
    }
}

/// Makes the picture and writes it.
pub(crate) fn run(args: PlotArgs, cancel: Arc<AtomicBool>) -> Result<()> {
    let common = args.common();
    let opts = common.plot_options()?;
    let watch = Watch::new(common.timeout, cancel);
    let options = common.solve_options(&watch);
    // No spinner: pictures are bounded; the watchdog still ends one at `--timeout`.
    let picture = watch.run(true, || -> Result<Picture> {
        Ok(match &args.kind {
            Kind::Grundy {
                game, upto, period, ..
            } => grundy::plot(game, *upto, *period, &options, &opts)?,
            Kind::PPositions { game, size, .. }
                if sprague_games::script::game::is_script_spec(game) =>
            {
                let text = crate::script::read(game)?;
                let g = sprague_games::script::game::ScriptGame::compile(game.trim(), &text)?;
                grid::grid_of_script(&g, *size, options.limits())?.picture(&opts)?
            }
            Kind::PPositions { game, size, .. } => grid::plot(game, *size, &options, &opts)?,
            Kind::Thermograph { words, .. } => thermograph(words, &options)?.picture(&opts)?,
        })
    })?;
    write_picture(&common.output, &picture)
}

/// A game and its position when the first word names a catalogue game or a rules script
/// (`rules:FILE`) and more follow; otherwise the words are one expression.
fn thermograph(words: &[String], options: &SolveOptions) -> Result<thermo::ThermoData> {
    match words {
        [game, position @ ..] if sprague_games::script::game::is_script_spec(game) => {
            let g = crate::script::lookup(game)?;
            let position = expand_files(position.to_vec())?;
            Ok(thermo::from_game(&*g, &position, options)?)
        }
        [game, position @ ..]
            if !position.is_empty()
                && catalogue::find_entry(catalogue::split_spec(game).0).is_ok() =>
        {
            let position = expand_files(position.to_vec())?;
            Ok(thermo::from_position(game, &position, options)?)
        }
        _ => Ok(thermo::from_expression(&words.join(" "))?),
    }
}

fn write_picture(path: &Path, picture: &Picture) -> Result<()> {
    if path == Path::new("-") {
        let mut out = std::io::stdout().lock();
        out.write_all(&picture.bytes)?;
        out.flush()?;
        return Ok(());
    }
    saved::write_bytes(path, &picture.bytes)?;
    eprintln!(
        "wrote {} ({}×{} {}, {} bytes)",
        path.display(),
        picture.width,
        picture.height,
        match picture.format {
            Format::Svg => "SVG",
            Format::Png => "PNG",
        },
        picture.bytes.len()
    );
    Ok(())
}
