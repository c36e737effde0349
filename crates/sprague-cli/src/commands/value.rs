//! `sprague value`: the canonical form and properties of a partizan game expression.

use crate::watch::{parse_seconds, Watch};
use crate::words::expand_files;
use anyhow::Result;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The arguments of `sprague value`.
#[derive(clap::Args, Debug)]
pub(crate) struct ValueArgs {
    /// The expression in CGSuite's notation, or `@FILE` to read it from a file (expressions
    /// longer than a command-line word may be, about 128 KiB, live in files). Also
    /// comparisons (`^ > 0`), CGSuite's methods (`G.Cool(1)`, `G.AtomicWeight`,
    /// `G.NortonProduct(^)`, `G:H`) and catalogue games (`domineering("..|..") + ^`), and
    /// the games of rules scripts named by `--rules`.
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
    /// Name a rules script for the expression: `--rules dom=examples/rules/domineering.luau`
    /// lets it write `dom("..|..")` as it writes a catalogue game (repeatable).
    #[arg(long, value_name = "NAME=FILE")]
    rules: Vec<String>,
    /// Stop after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// The most positions a search may visit before giving up: the searches of catalogue
    /// games and scripts, misère outcomes and the followers listed; the comparisons of the
    /// expression's own arithmetic grow with it (default: as for `sprague solve`).
    #[arg(long, value_name = "N")]
    max_positions: Option<u64>,
    /// Print one JSON object (canonical form, outcome, stops, mean, temperature, ...)
    /// instead of text.
    #[arg(long)]
    json: bool,
}

/// Computes the report on the expression and prints it.
pub(crate) fn run(command: ValueArgs, cancel: Arc<AtomicBool>) -> Result<()> {
    let ValueArgs {
        expr,
        thermograph,
        cool,
        heat,
        timeout,
        max_positions,
        json,
        rules,
    } = command;
    // The files are read here: the library does no I/O.
    let mut scripts = Vec::new();
    for r in &rules {
        let Some((name, file)) = r.split_once('=') else {
            anyhow::bail!("--rules takes NAME=FILE, e.g. `--rules dom=examples/rules/domineering.luau`; got `{r}`");
        };
        let spec = format!("{}{}", sprague_games::script::game::PREFIX, file.trim());
        let text = crate::script::read(&spec)?;
        scripts.push((name.trim().to_string(), spec, text));
    }
    let named: Vec<sprague::value::NamedScript<'_>> = scripts
        .iter()
        .map(|(name, spec, text)| sprague::value::NamedScript { name, spec, text })
        .collect();
    let expr = expand_files(vec![expr])?.concat().trim().to_string();
    let opts = sprague_games::partizan::value::ValueOptions {
        thermograph,
        cool,
        heat,
    };
    // The library watches the comparisons it searches (deadline, Ctrl-C, a
    // default bound on their number); the watchdog backs it up.
    let watch = Watch::new(timeout, cancel);
    let mut limits = sprague_core::limits::Limits::default()
        .with_deadline(watch.deadline)
        .with_cancel(watch.cancel.clone())
        .with_progress(watch.progress());
    // 0 is the default, as for `sprague solve`.
    limits.max_positions = max_positions.filter(|&n| n > 0);
    let answer = watch.run(json, || {
        Ok(sprague::value::value_answer_with_scripts(
            &expr, &opts, &limits, &named,
        )?)
    })?;
    if json {
        println!("{}", serde_json::to_string_pretty(&answer)?);
    } else {
        println!("{}", sprague::render::value_answer_text(&answer));
    }
    Ok(())
}
