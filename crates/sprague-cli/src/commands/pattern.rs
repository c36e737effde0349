//! `sprague pattern`: the simplest pattern of a game's values, found and checked by the
//! library, printed.

use crate::script;
use crate::watch::{parse_seconds, Watch};
use anyhow::Result;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// The arguments of `sprague pattern`.
#[derive(clap::Args, Debug)]
pub(crate) struct PatternArgs {
    /// A one-heap game (`kayles`, `subtraction:1,3,4`), `wythoff`, `euclid`, or
    /// `rules:FILE`.
    game: String,
    /// Largest heap to compute (default: 20000 heaps or 100×100 pairs of a catalogue game;
    /// for a rules script, as far as a work budget of positions allows).
    #[arg(long, value_name = "N")]
    upto: Option<u64>,
    /// The judge's bound: the values are computed up to N where that fits (the table itself
    /// is printed when no pattern is found), else the answer says the pattern is unchecked
    /// beyond what was computed.
    #[arg(long, value_name = "N")]
    bound: Option<u64>,
    /// Least heap of the pairs (default 0; 1 for `euclid`).
    #[arg(long, value_name = "N")]
    from: Option<u64>,
    /// Rules scripts: positions are pairs `a b` (by default tried when integers fail).
    #[arg(long)]
    pair: bool,
    /// Stop after SECONDS (a whole or decimal number, e.g. 10 or 2.5).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Print one JSON object (the pattern, how far it was checked, whether it is proven,
    /// the code) instead of text.
    #[arg(long)]
    json: bool,
    #[arg(long, value_name = "N", help = crate::threads::HELP)]
    pub(crate) threads: Option<usize>,
}

/// Finds the pattern and prints it.
pub(crate) fn run(command: PatternArgs, cancel: Arc<AtomicBool>) -> Result<()> {
    let PatternArgs {
        game,
        upto,
        bound,
        from,
        pair,
        timeout,
        json,
        threads: _,
    } = command;
    let watch = Watch::new(timeout, cancel);
    let options = sprague::pattern::PatternOptions {
        upto,
        from,
        bound,
        pair: pair.then_some(true),
        limits: sprague_core::limits::Limits {
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
    Ok(())
}
