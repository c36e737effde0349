//! What every catalogue game is and answers: the [`Game`] trait each family implements,
//! its [`Entry`] in the catalogue, the options of a request, and the typed answers
//! ([`Verdict`] for `solve` and `moves`, [`Table`] for `table`, [`about`] for `list` and
//! `explain`).
//!
//! This module sits below the game families and the catalogue: the families implement
//! [`Game`] and describe themselves with an [`Entry`]; the facade's
//! catalogue lists the entries and finds one by spec. Nothing here knows any
//! particular game.

pub mod about;
pub mod entry;
pub mod listing;
pub mod table;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod verdict;

pub use about::{EntryDetails, EntrySummary};
pub use entry::{
    column_name, no_params, Editor, Entry, Example, Glyph, Layout, Mark, Picture, Players,
    Solution, Square,
};
pub use table::{Cell, Grid, HeapRows, Row, Table, TablePeriod, TableRows};
pub use verdict::{
    Component, Details, LegalMove, Listing, Method, MethodKind, Move, Play, ValueKind, Verdict,
    Winner,
};

use crate::error::{Error, Result};

/// How a solve or moves request is to be played and searched. Fields that a game does not
/// use are ignored by it; a game that cannot honour a field it should (e.g. `every` on a
/// partizan game) answers [`Error::Unsupported`].
#[derive(Debug, Clone, Default)]
pub struct SolveOptions {
    /// Misère play: the player who cannot move wins.
    pub misere: bool,
    /// Every-move compound: the mover moves in every component that can move.
    pub every: bool,
    /// Token vertices for games on graphs (`--token V`, repeated).
    pub tokens: Vec<String>,
    /// Start vertex (`--start V`) for geography.
    pub start: Option<String>,
    /// Ground vertex (`--ground V`) for Hackenbush.
    pub ground: Option<String>,
    /// The most positions a search may visit before it gives up cleanly; 0 means the
    /// default (each solver's, sized from what a position costs it).
    pub max_positions: u64,
    /// When a search stops with [`Error::Timeout`] (`--timeout`), if ever.
    pub deadline: Option<crate::limits::Deadline>,
    /// Set by another thread (a Ctrl-C handler) to stop a search with [`Error::Interrupted`].
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Told how far a long search has come.
    pub progress: Option<crate::limits::ProgressFn>,
}

impl SolveOptions {
    /// Default search limit: generous but bounded, so that a search never exhausts memory.
    pub const DEFAULT_MAX_POSITIONS: u64 = crate::limits::Limits::DEFAULT_MAX_POSITIONS;

    /// The effective search limit.
    pub fn limit(&self) -> u64 {
        if self.max_positions == 0 {
            Self::DEFAULT_MAX_POSITIONS
        } else {
            self.max_positions
        }
    }

    /// The core's limits for a search of this request: the position limit (none given:
    /// the solver's default), the deadline, the cancellation flag and the progress callback.
    pub fn limits(&self) -> crate::limits::Limits {
        crate::limits::Limits {
            max_positions: (self.max_positions != 0).then_some(self.max_positions),
            deadline: self.deadline,
            cancel: self.cancel.clone(),
            progress: self.progress.clone(),
        }
    }
}

/// A request for a table of values (`sprague table`).
#[derive(Debug, Clone, Default)]
pub struct TableOptions {
    /// Largest heap (or index) to tabulate.
    pub upto: u64,
    /// Look for a proven period (Guy–Smith bound) and report it.
    pub period: bool,
    /// Misère values instead of normal-play values, where supported.
    pub misere: bool,
    /// Extra words after the game spec (e.g. a graph for `sprague table graph GRAPH`).
    pub args: Vec<String>,
    /// The first row and column of a table of pairs `a b` (`--from`; rules scripts whose
    /// positions are pairs); `None` is 0.
    pub from: Option<u64>,
    /// The deadline, cancellation flag and progress callback that tables computed heap by
    /// heap honour, and the position limit of their misère searches (none: the solver's
    /// default).
    pub limits: crate::limits::Limits,
}

/// One game of the catalogue, built from a spec: parses positions, solves them.
///
/// Every game answers with the one typed [`Verdict`]; [`Game::legal_moves`] and
/// [`Game::apply`] are the position API that a player, a web page or a stress tester drives.
pub trait Game: Send + Sync {
    /// The spec that names this game with its parameters, as the command line reads it.
    fn spec(&self) -> String;

    /// The verdict of a position with its winning moves (`sprague solve`). `position` holds
    /// the words after the spec on the command line (numbers, `+`, boards, graphs, ...).
    fn solve(&self, position: &[String], options: &SolveOptions) -> Result<Verdict>;

    /// The verdict of a position with every legal move and where it leads (`sprague moves`).
    fn moves(&self, position: &[String], options: &SolveOptions) -> Result<Verdict>;

    /// The legal moves of a position and the positions they lead to, without analysing
    /// anything. Positions with too many moves to list are refused with an error that says
    /// how many there are.
    fn legal_moves(&self, position: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>>;

    /// The position after one legal move, as the command line reads positions. The move is
    /// chosen by its label, by the position it leads to, or by its number (from 1) in
    /// [`Game::legal_moves`], tried in that order.
    fn apply(&self, position: &[String], chosen: &str, options: &SolveOptions) -> Result<String> {
        let moves = self.legal_moves(position, options)?;
        let chosen = chosen.trim();
        let by_number = || {
            chosen
                .parse::<usize>()
                .ok()
                .and_then(|i| i.checked_sub(1))
                .and_then(|i| moves.get(i))
        };
        moves
            .iter()
            .find(|m| m.label == chosen)
            .or_else(|| moves.iter().find(|m| m.position == chosen))
            .or_else(by_number)
            .map(|m| m.position.clone())
            .ok_or_else(|| {
                let shown: Vec<&str> = moves.iter().take(10).map(|m| m.label.as_str()).collect();
                Error::invalid(format!(
                    "`{chosen}` is not a legal move of {}: it has {} legal moves{}{}",
                    position.join(" "),
                    moves.len(),
                    if shown.is_empty() { "" } else { ", e.g. " },
                    shown.join("; ")
                ))
            })
    }

    /// The game tree of `position` written into `forms`, for misère play inside
    /// expressions (`sprague value 'domineering("..|..").MisereOutcomeClass'`): partizan
    /// rulesets have one; the default refuses.
    fn misere_form(
        &self,
        position: &[String],
        forms: &mut sprague_core::partizan::misere::Forms,
        options: &SolveOptions,
    ) -> Result<sprague_core::partizan::misere::FormRef> {
        let _ = (position, forms, options);
        Err(Error::unsupported(format!(
            "`{}` is not a partizan ruleset: it has no game form to play under misère rules in an expression",
            self.spec()
        )))
    }

    /// The followers of `position`, itself first: every position reachable by any moves
    /// of either player, each once, written as the game reads them (`.Followers` of a
    /// catalogue game in an expression, as CGSuite lists a game object's). Partizan
    /// rulesets have them; the default refuses.
    fn followers(&self, position: &[String], options: &SolveOptions) -> Result<Vec<String>> {
        let _ = (position, options);
        Err(Error::unsupported(format!(
            "`{}` is not a partizan ruleset: an expression does not list its followers",
            self.spec()
        )))
    }

    /// A table of values (`sprague table`); most heap games support it.
    fn table(&self, options: &TableOptions) -> Result<Table> {
        let _ = options;
        Err(Error::unsupported(format!(
            "`sprague table` is not available for `{}`",
            self.spec()
        )))
    }
}
