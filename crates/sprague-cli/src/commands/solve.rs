//! `sprague solve` and `sprague moves`: one position searched, its verdict printed.

use crate::output::print_verdict;
use crate::script;
use crate::watch::{parse_seconds, Watch};
use crate::words::expand_files;
use anyhow::Result;
use sprague_games::interface::SolveOptions;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Flags shared by `solve` and `moves`.
#[derive(clap::Args, Debug, Clone)]
pub(crate) struct SearchFlags {
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
    #[arg(long, value_name = "N", help = crate::threads::HELP)]
    pub(crate) threads: Option<usize>,
}

impl SearchFlags {
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

/// Outcome, Grundy value and every winning move of a position.
pub(crate) fn solve(
    game: &str,
    position: Vec<String>,
    flags: &SearchFlags,
    cancel: Arc<AtomicBool>,
) -> Result<()> {
    let g = script::lookup(game)?;
    let position = expand_files(position)?;
    let watch = Watch::new(flags.timeout, cancel);
    let options = flags.options(&watch);
    let verdict = watch.run(flags.json, || Ok(g.solve(&position, &options)?))?;
    print_verdict(&verdict, flags.json)
}

/// Every move from a position, with the outcome it leads to.
pub(crate) fn moves(
    game: &str,
    position: Vec<String>,
    flags: &SearchFlags,
    cancel: Arc<AtomicBool>,
) -> Result<()> {
    let g = script::lookup(game)?;
    let position = expand_files(position)?;
    let watch = Watch::new(flags.timeout, cancel);
    let options = flags.options(&watch);
    let verdict = watch.run(flags.json, || Ok(g.moves(&position, &options)?))?;
    print_verdict(&verdict, flags.json)
}
