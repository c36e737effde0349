//! Take-and-break games from octal and hexadecimal codes (docs/theory.md#take-and-break):
//! rulesets, Grundy sequences by the plain and the sparse-space methods, periods proven by
//! the Guy–Smith bound, and Lasker's Nim by its formula.
//!
//! - [`rules`]: [`TakeAndBreak`] (codes `d0.d1d2…`, Grundy's game, Lasker's Nim) and the move
//!   generator [`HeapRules`] for the generic engine (positions: sorted heaps).
//! - [`values`]: [`Values`], a Grundy sequence stored one byte a value while they fit.
//! - [`seq`]: [`Computation`], an incremental, resumable Grundy-sequence computation
//!   (stored as [`Values`]), by [`Algorithm::Plain`] or [`Algorithm::Sparse`].
//! - [`period`]: proven periods ([`find_period`]).
//! - [`moves`]: the moves of one heap by kind, enumerated and counted in closed form.
//! - [`lasker`]: Lasker's Nim beyond any table.
//! - [`quotient`]: the codes as heap games of the misère-quotient engine.
//! - [`file`](mod@file): the saved-sequence format.

pub mod entries;
pub mod file;
pub mod game;
pub mod lasker;
pub mod moves;
pub mod period;
pub mod quotient;
pub mod rules;
pub mod seq;
mod simd;
pub mod values;

pub use period::{find_period, Period};
pub use rules::{HeapRules, TakeAndBreak};
pub use seq::{grundy_sequence, Algorithm, Computation, Stats, Tuning};
pub use values::Values;

#[cfg(test)]
mod tests;
