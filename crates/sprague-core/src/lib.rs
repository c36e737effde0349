//! # sprague-core
//!
//! The bottom layer of sprague: values kept apart from positions, the rules traits, the
//! generic engines, canonical forms and retrograde analysis. It knows no particular game,
//! no catalogue, no text format beyond the CGSuite notation of values, and does no I/O.
//!
//! - [`value`]: nimbers, mex, the impartial outcome.
//! - [`impartial`]: the impartial rules trait and its memoised, iterative, limited engines
//!   (Grundy values, sums, misère search).
//! - [`compound`]: every-move sums (Every-SG) and misère sums (the SJ formula where its
//!   hypothesis is checked, exact search elsewhere) over any impartial ruleset.
//! - [`limits`]: what bounds a search (positions, a deadline, a cancellation flag, a
//!   progress callback).
//! - [`search`]: the one memoised, iterative, limited search skeleton the solvers share.
//! - [`retrograde`]: win/lose/draw with remoteness over flat arrays, the generalized
//!   Sprague–Grundy function, scoring games with repetition.
//! - [`partizan`]: dyadic numbers, hash-consed canonical forms, CGSuite notation and
//!   printing, thermography.
//!
//! The crates above it: `sprague-games` (rulesets and theorems) ← `sprague` (catalogue,
//! verdicts) ← `sprague-cli`. Nothing here imports upward.
//!
//! ```
//! use sprague_core::impartial::{GrundySolver, Impartial};
//!
//! /// Take 1 or 2 from one heap.
//! struct TakeOneOrTwo;
//! impl Impartial for TakeOneOrTwo {
//!     type Position = u64;
//!     fn options(&self, &n: &u64, out: &mut Vec<u64>) {
//!         out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
//!     }
//! }
//! let mut solver = GrundySolver::new(TakeOneOrTwo);
//! assert_eq!(solver.grundy(&7).unwrap().value(), 1); // 7 mod 3
//! ```

#![warn(missing_docs)]

pub mod compound;
pub mod error;
pub mod impartial;
pub mod limits;
pub mod pages;
pub mod partizan;
pub mod quotient;
pub mod retrograde;
pub mod search;
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
pub mod testing;
pub mod value;

pub use error::{Error, Result};
