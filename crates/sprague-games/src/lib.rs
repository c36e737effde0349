//! # sprague-games
//!
//! Every family of games in one home: for each game, its rules (a move generator that the
//! generic engines of [`sprague_core`] search), its theorem where one is proven (the closed
//! form that answers positions of any size), the glue that turns both into the one typed
//! [`interface::Verdict`], and its catalogue [`interface::Entry`] (usage, rules, theorem,
//! references, examples). The facade crate `sprague` lists the entries in its registry,
//! finds a game by spec and renders the answers as text.
//!
//! - [`interface`]: what every game implements and answers (the [`interface::Game`]
//!   trait, the entry, the verdict, the table, the bounds on listings).
//! - [`fallback`]: the engine's search where no theorem applies (misère and every-move
//!   play of games whose theorems hold in normal play only).
//! - [`number`]: games played on numbers (Nim, Bachet, subtraction games, Wythoff, Euclid,
//!   Fibonacci Nim, Moore's Nim, staircase Nim, ...) through the [`number::NumberGame`] trait.
//! - [`octal`]: take-and-break games from octal codes, Grundy sequences and proven periods.
//! - [`coins`]: coin-turning games, in a row and on boards (the Tartan theorem).
//! - [`graph`]: games on graphs (tokens with or without cycles, Hackenbush, geography).
//! - [`script`]: games defined by the user in a Rhai script (`rules:FILE`).
//! - [`partizan`]: partizan rulesets (Domineering, Clobber, Hackenbush, Toads and Frogs,
//!   Cutcake), solved to canonical forms.
//!
//! A quick start: Kayles (octal code 0.77) from its code, its Grundy values, and the period
//! that the Guy–Smith theorem proves from them.
//!
//! ```
//! use sprague_games::octal::{period, rules::TakeAndBreak, seq};
//!
//! let kayles = TakeAndBreak::parse("0.77", false).unwrap();
//! let values = seq::grundy_sequence(&kayles, 200, seq::Algorithm::Plain).unwrap();
//! assert_eq!(values.get(3), 3);
//! let proven = period::find_period(&kayles, &values).expect("proven within 200 heaps");
//! assert_eq!((proven.preperiod, proven.period), (71, 12));
//! ```

#![warn(missing_docs)]

// The core modules, under the names the rulesets use (`crate::error::Result`).
use sprague_core::{compound, error, impartial, limits, retrograde, value};

pub mod coins;
pub mod fallback;
pub mod graph;
pub mod interface;
pub mod number;
pub mod octal;
pub mod partizan;
pub mod script;
pub mod search_size;

mod test_rng;
