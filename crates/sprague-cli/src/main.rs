//! The `sprague` command: parses arguments, calls the library, prints its reports.
//! Everything that decides anything lives in the `sprague` library.

use anyhow::Result;
use args::{Cli, Command};
use clap::Parser;
use commands::{list, pattern, play, plot, problem, quotient, serve, solve, stress, table, value};
use signals::INTERRUPTED;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod args;
mod commands;
mod output;
mod saved;
mod script;
mod signals;
mod threads;
mod watch;
mod words;

/// The command line, or its usage error printed and the program ended (status 2). Clap
/// repeats an invalid value in full; a 10^5-digit `--upto` is shortened, as library errors
/// shorten it.
fn parse_command_line() -> Cli {
    match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() && e.to_string().len() > 4096 => {
            eprint!("{}", sprague_core::error::shorten_words(&e.to_string()));
            std::process::exit(2);
        }
        Err(e) => e.exit(),
    }
}

/// Runs every command but `stress`, which `main` runs itself.
fn run(command: Command, cancel: Arc<AtomicBool>) -> Result<()> {
    match command {
        Command::List { json, markdown } => list::list(json, markdown),
        Command::Explain { game, json } => list::explain(&game, json),
        Command::Solve {
            game,
            position,
            flags,
        } => solve::solve(&game, position, &flags, cancel),
        Command::Moves {
            game,
            position,
            flags,
        } => solve::moves(&game, position, &flags, cancel),
        Command::Table(args) => table::run(args, cancel),
        Command::Quotient(args) => quotient::run(args, cancel),
        Command::Pattern(args) => pattern::run(args, cancel),
        Command::Problem { id, list } => problem::run(id, list),
        Command::Value(args) => value::run(args, cancel),
        Command::Serve(args) => serve::run(args, cancel),
        Command::Play(args) => play::run(args),
        // `main` runs it: its exit status tells a failure of the program from a usage error.
        Command::Stress(_) => anyhow::bail!("`stress` is run by main"),
        Command::Plot(args) => plot::run(args, cancel),
        Command::Completions { shell } => {
            args::completions(shell, &mut std::io::stdout().lock());
            Ok(())
        }
        Command::Man { subcommand } => {
            args::man(subcommand.as_deref(), &mut std::io::stdout().lock())
        }
    }
}

fn main() -> ExitCode {
    let cli = parse_command_line();
    // Not for the commands that write to pipes and sockets of other programs: a contestant's
    // program that exits before reading its input, a client that goes away.
    if !matches!(cli.command, Command::Stress(_) | Command::Serve(_)) {
        signals::end_quietly_on_closed_pipes();
    }
    let cancel = signals::catch_ctrl_c();
    if let Err(e) = threads::configure(cli.command.threads()) {
        eprintln!("error: {e:#}");
        return ExitCode::FAILURE;
    }
    if let Command::Stress(args) = cli.command {
        return stress::main(*args, cancel);
    }
    match run(cli.command, cancel) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`sprague table ... | head`) is not an error worth a message.
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("error: {e:#}");
            if let Some(sprague_core::Error::Interrupted { .. }) =
                e.downcast_ref::<sprague_core::Error>()
            {
                return ExitCode::from(INTERRUPTED);
            }
            ExitCode::FAILURE
        }
    }
}
