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
        /// Print the entry as one JSON object instead of text.
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
        /// The game: NAME or NAME:PARAMS, e.g. `nim`, `bash:3`, or `rules:FILE`.
        game: String,
        /// The position, as `sprague solve` reads it.
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
        /// List the problems: id, title and source.
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
    /// Print a shell completion script, e.g. `sprague completions bash >
    /// ~/.local/share/bash-completion/completions/sprague`.
    Completions {
        /// The shell the script is for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page in roff, e.g. `sprague man > sprague.1`, or a subcommand's
    /// (`sprague man solve > sprague-solve.1`).
    Man {
        /// The subcommand whose page to print (none: the page of `sprague`).
        subcommand: Option<String>,
    },
}

/// `sprague completions SHELL`: the completion script of the command line above.
impl Command {
    /// The command's `--threads`, where it has one (the commands whose computations may
    /// be long).
    pub(crate) fn threads(&self) -> Option<usize> {
        match self {
            Command::Solve { flags, .. } | Command::Moves { flags, .. } => flags.threads,
            Command::Table(args) => args.threads,
            Command::Quotient(args) => args.threads,
            Command::Pattern(args) => args.threads,
            Command::Serve(args) => args.threads,
            Command::Play(args) => args.threads,
            Command::Stress(args) => args.threads,
            Command::Plot(args) => args.threads(),
            Command::List { .. }
            | Command::Explain { .. }
            | Command::Problem { .. }
            | Command::Value(_)
            | Command::Completions { .. }
            | Command::Man { .. } => None,
        }
    }
}

pub(crate) fn completions(shell: clap_complete::Shell, out: &mut dyn std::io::Write) {
    let mut command = <Cli as clap::CommandFactory>::command();
    clap_complete::generate(shell, &mut command, "sprague", out);
}

/// `sprague man [SUBCOMMAND]`: the manual page of the command or of one subcommand.
pub(crate) fn man(subcommand: Option<&str>, out: &mut dyn std::io::Write) -> anyhow::Result<()> {
    let command = <Cli as clap::CommandFactory>::command();
    let page = match subcommand {
        None => command,
        Some(name) => {
            let names: Vec<String> = command
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let Some(sub) = command.find_subcommand(name) else {
                anyhow::bail!(
                    "`{name}` is not a subcommand of sprague: choose one of {}",
                    names.join(", ")
                );
            };
            // The page is named `sprague-SUBCOMMAND`, as man pages of subcommands are.
            sub.clone().display_name(format!("sprague-{name}"))
        }
    };
    clap_mangen::Man::new(page).render(out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every argument and flag of every subcommand says what it is in `--help`.
    #[test]
    fn every_argument_has_help() {
        fn walk(command: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in command.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {id}"));
                }
            }
            for sub in command.get_subcommands() {
                if sub.get_about().is_none() && sub.get_long_about().is_none() {
                    missing.push(format!("{path} {} (the subcommand)", sub.get_name()));
                }
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let command = Cli::command();
        command.clone().debug_assert();
        let mut missing = Vec::new();
        walk(&command, "sprague", &mut missing);
        assert!(missing.is_empty(), "arguments without help: {missing:#?}");
    }

    #[test]
    fn completions_and_manual_pages_are_written() {
        for shell in [
            clap_complete::Shell::Bash,
            clap_complete::Shell::Zsh,
            clap_complete::Shell::Fish,
            clap_complete::Shell::Elvish,
            clap_complete::Shell::PowerShell,
        ] {
            let mut out = Vec::new();
            completions(shell, &mut out);
            let text = String::from_utf8(out).unwrap();
            // Every subcommand and a flag of one are offered.
            for word in ["solve", "quotient", "play", "completions", "misere"] {
                assert!(text.contains(word), "{shell}: no `{word}`");
            }
        }
        let mut out = Vec::new();
        man(None, &mut out).unwrap();
        let page = String::from_utf8(out).unwrap();
        assert!(
            page.starts_with(".ie") || page.contains(".TH sprague"),
            "{page}"
        );
        assert!(page.contains("solve"), "{page}");
        let mut out = Vec::new();
        man(Some("solve"), &mut out).unwrap();
        let page = String::from_utf8(out).unwrap();
        assert!(page.contains(".TH sprague-solve"), "{page}");
        assert!(page.contains("misere"), "{page}");
        let e = man(Some("nope"), &mut Vec::new()).unwrap_err().to_string();
        assert!(
            e.contains("`nope` is not a subcommand") && e.contains("solve"),
            "{e}"
        );
    }
}
