//! `sprague quotient`: misère quotients of heap games (docs/quotients.md; the theory and the
//! engine are `sprague_core::quotient` and docs/theory.md#misere-quotients).
//!
//! - [`game`]: [`QuotientGame`], the heap game a spec names (octal and hexadecimal codes,
//!   subtraction games, one-heap rules scripts), found through the catalogue's registry.
//! - [`QuotientRun`] (here): the computation heap by heap under [`Limits`], until the
//!   pretending function is proven periodic or `upto` heaps are done, with a hook for
//!   checkpoints; [`checkpoint`] the bytes of a saved computation.
//! - [`report`]: [`QuotientReport`], the typed answer (serde; its text renderer is
//!   `crate::render::quotient_text`).
//! - [`sweep`]: every octal code of a shape, on all cores, a row of results per code.
//! - [`sum`]: misère sums that mix heaps of several games, answered where one quotient
//!   covers them and refused, saying why, where none does.
//!
//! The library does no I/O: the caller reads scripts and saved files and writes them.
//!
//! ```
//! use sprague::quotient::{QuotientGame, QuotientRun};
//! use sprague_core::limits::Limits;
//!
//! let game = QuotientGame::lookup("octal:0.75").unwrap();
//! let mut run = QuotientRun::new(game).unwrap();
//! run.run(1_000, &Limits::default(), None).unwrap();
//! let report = run.report();
//! assert!(report.proven);
//! assert_eq!((report.order, report.p_positions), (8, 2));
//! assert_eq!(report.pretending.period, Some(2));
//! ```

pub mod checkpoint;
pub mod game;
pub mod report;
pub mod sum;
pub mod sweep;

pub use game::QuotientGame;
pub use report::QuotientReport;

use sprague_core::error::{Error, Result};
use sprague_core::limits::Limits;
use sprague_core::quotient::{Period, Quotient, QuotientConfig, QuotientSolver};
use std::ops::ControlFlow;

/// How far `sprague quotient` goes without `--upto` for a game with take-and-break rules,
/// looking for a proven period (Kayles' is proven at heap 167, 0.44's at 335).
pub const DEFAULT_UPTO: u64 = 5_000;
/// How far it goes without `--upto` for a game with no rules to prove a period from (a
/// rules script, Grundy's game, Lasker's Nim, an all-but subtraction game).
pub const DEFAULT_UPTO_BOUNDED: u64 = 100;

/// A hook called after every heap with the computation (to save it now and then); `Break`
/// stops the computation there.
pub type CheckpointHook<'a> = &'a mut dyn FnMut(&QuotientRun) -> ControlFlow<()>;

/// A misère quotient computation of one game: heap by heap, resumable, reporting.
pub struct QuotientRun {
    solver: QuotientSolver<QuotientGame>,
    spec: String,
    stopped: Option<String>,
}

impl QuotientRun {
    /// A computation of `game` with the default bounds ([`QuotientConfig::default`]).
    pub fn new(game: QuotientGame) -> Result<QuotientRun> {
        QuotientRun::with_config(game, QuotientConfig::default())
    }

    /// A computation of `game` within `config`.
    pub fn with_config(game: QuotientGame, config: QuotientConfig) -> Result<QuotientRun> {
        let spec = game.spec().to_string();
        Ok(QuotientRun {
            solver: QuotientSolver::new(game, config)?,
            spec,
            stopped: None,
        })
    }

    /// The computation saved in `bytes` ([`checkpoint::encode`]), which must be of `game`:
    /// the quotient it holds is verified again against the game before it is trusted.
    pub fn resume(
        game: QuotientGame,
        config: QuotientConfig,
        bytes: &[u8],
        limits: &Limits,
    ) -> Result<QuotientRun> {
        let cp = checkpoint::decode(bytes, game.spec())?;
        let spec = game.spec().to_string();
        // (A clone shares a script's record of its failure, which is then the cause.)
        let probe = game.clone();
        let solver = probe.finish(QuotientSolver::resume(game, config, cp, limits))?;
        Ok(QuotientRun {
            solver,
            spec,
            stopped: None,
        })
    }

    /// The default `upto` of the game: [`DEFAULT_UPTO`] where a period can be proven,
    /// [`DEFAULT_UPTO_BOUNDED`] otherwise.
    pub fn default_upto(&self) -> u64 {
        if self.solver.game().has_rules() {
            DEFAULT_UPTO
        } else {
            DEFAULT_UPTO_BOUNDED
        }
    }

    /// Adds heaps until a period is proven or `upto` heaps are done, calling `hook` (if any)
    /// after every heap. When the quotient outgrows its bounds the computation stops with
    /// what it verified so far, and the report says why ([`QuotientRun::stopped`]); a
    /// timeout or an interruption is returned as the error, the heaps done staying done (a
    /// caller can still save them).
    pub fn run(
        &mut self,
        upto: u64,
        limits: &Limits,
        mut hook: Option<CheckpointHook<'_>>,
    ) -> Result<()> {
        while self.solver.period().is_none() && self.solver.bound() < upto {
            let next = self.solver.bound() + 1;
            let r = self.solver.run(next, limits);
            match self.solver.game().finish(r) {
                Ok(()) => {}
                Err(Error::Limit { what, limit }) => {
                    self.stopped = Some(format!(
                        "heap {next} makes the quotient outgrow its bounds: {what} (limit {limit})"
                    ));
                    return Ok(());
                }
                Err(e) => return Err(e),
            }
            if let Some(h) = hook.as_deref_mut() {
                if h(self).is_break() {
                    break;
                }
            }
        }
        Ok(())
    }

    /// The game's spec.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The largest heap done.
    pub fn bound(&self) -> u64 {
        self.solver.bound()
    }

    /// The proven period, once proven.
    pub fn period(&self) -> Option<Period> {
        self.solver.period()
    }

    /// Why the computation stopped early (the quotient outgrew its bounds), if it did.
    pub fn stopped(&self) -> Option<&str> {
        self.stopped.as_deref()
    }

    /// The quotient of the heaps done so far (verified for every sum of them).
    pub fn quotient(&self) -> Quotient {
        self.solver.quotient()
    }

    /// The bytes of a checkpoint to save, for [`QuotientRun::resume`].
    pub fn checkpoint_bytes(&self) -> Vec<u8> {
        checkpoint::encode(&self.spec, &self.solver.checkpoint())
    }

    /// The report of the quotient so far.
    pub fn report(&self) -> QuotientReport {
        QuotientReport::new(&self.spec, &self.solver.quotient(), self.stopped.clone())
    }
}

#[cfg(test)]
mod tests;
