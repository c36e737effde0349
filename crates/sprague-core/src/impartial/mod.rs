//! The generic engine for impartial games: a rules trait, a memoised iterative Grundy
//! solver, sums by the Sprague–Grundy theorem, and exact misère search over sums.
//!
//! A ruleset only says which positions follow a position ([`Impartial::options`]) and,
//! optionally, how a position splits into independent components. Everything else —
//! values, outcomes, winning moves, misère play — comes from the engine.

mod atoms;
mod misere;
mod rules;
mod solver;
mod sum;

pub(crate) use atoms::Atoms;
pub use misere::MisereSolver;
pub use rules::{options_within, Impartial};
pub use solver::GrundySolver;
pub use sum::SumAnalysis;
