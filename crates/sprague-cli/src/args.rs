//! The command line: every subcommand and its arguments, as clap reads them. The commands
//! with many flags keep them in their own module, beside the code that reads them.

use crate::commands::{pattern, play, plot, quotient, serve, solve, stress, table, value};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "sprague",
    version,
    about = "Who wins a combinatorial game, with the winning moves, exactly"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// List the games of the catalogue.
    List {
        /// Print the catalogue as JSON: every entry's names, usage, summary, examples,
        /// editor, players, pictures and how it is solved.
        #[arg(long, conflicts_with = "markdown")]
        json: bool,
        /// Print the catalogue as the Markdown table README.md holds.
        #[arg(long)]
        markdown: bool,
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
        flags: solve::SearchFlags,
    },
    /// Every move from a position, with the outcome it leads to.
    #[command(allow_negative_numbers = true)]
    Moves {
        game: String,
        position: Vec<String>,
        #[command(flatten)]
        flags: solve::SearchFlags,
    },
    /// Grundy values of single-heap positions 0..=N.
    Table(table::TableArgs),
    /// The misère quotient of a heap game (docs/quotients.md): presentation, order,
    /// P-portion, tame or wild, the pretending function with its proven period; or
    /// `--sweep SHAPE` over every octal code of a shape.
    Quotient(quotient::QuotientArgs),
    /// The simplest pattern of a game's values (periodic, arithmetic-periodic, a formula
    /// of n, P-positions as residues; for two heaps a Beatty pair, a line, the diagonal),
    /// how far it was checked, whether it is proven, and the pattern as C++ and Python.
    Pattern(pattern::PatternArgs),
    /// Answer a judge problem: input on standard input, output exactly as the judge wants.
    Problem {
        /// Problem id, e.g. P4018 (`--list` shows them all).
        id: Option<String>,
        #[arg(long)]
        list: bool,
    },
    /// Canonical form and properties of a partizan game expression, e.g. `{3||2*|1*}`.
    #[command(allow_hyphen_values = true)]
    Value(value::ValueArgs),
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
