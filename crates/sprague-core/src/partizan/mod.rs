//! Partizan values: exact dyadic numbers, hash-consed canonical forms, the CGSuite notation
//! (parser and printer), thermography, and properties of values (atomic weight, reduced
//! canonical form).
//!
//! - [`canonical`]: [`Context`] (the caller-owned arena), [`GameId`], sums, comparison,
//!   outcome classes, stops, birthday.
//! - [`dyadic`]: exact dyadic rationals of any size.
//! - [`notation`]: the CGSuite notation parser; [`print`](mod@print): CGSuite's plain-text output.
//! - [`thermo`]: thermographs, mean, temperature, cooling, heating.
//! - [`props`]: atomic weight, reduced canonical form.
//! - [`rules`]: the partizan rules trait; [`memo`]: the table a ruleset's own search fills;
//!   [`solver`]: canonical values of a ruleset's positions; [`outcome`]: outcome classes by
//!   brute force, to cross-check them.
//!
//! ```
//! use sprague_core::partizan::{notation::parse, Context, PartizanOutcome};
//! let mut ctx = Context::new();
//! let g = parse(&mut ctx, "{3||2*|1*}").unwrap();
//! assert_eq!(ctx.display(g), "{3||2*|1*}");
//! assert_eq!(ctx.outcome(g), PartizanOutcome::L);
//! assert_eq!(ctx.mean(g).to_string(), "9/4");
//! ```

pub mod canonical;
pub mod dyadic;
#[cfg(test)]
mod literature;
pub mod memo;
pub mod misere;
pub mod notation;
pub mod outcome;
pub mod print;
pub mod products;
pub mod props;
pub mod rules;
pub mod shared;
pub mod solver;
#[cfg(test)]
mod tests;
pub mod thermo;

pub use canonical::{Context, GameId, Nus, PartizanOutcome};
pub use dyadic::Dyadic;
