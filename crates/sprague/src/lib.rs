//! # sprague
//!
//! Combinatorial game theory, exactly: who wins a position of a two-player game of perfect
//! information, and with which moves. The library does no I/O and keeps no global state;
//! the `sprague` command and any server are thin layers over it.
//!
//! ## Quick start
//!
//! Every game of the catalogue is named by a spec and answers with one typed [`Verdict`]:
//!
//! ```
//! use sprague::catalogue::{lookup, SolveOptions, Winner};
//!
//! let nim = lookup("nim").unwrap();
//! let position: Vec<String> = ["3", "4", "5"].iter().map(|w| w.to_string()).collect();
//! let verdict = nim.solve(&position, &SolveOptions::default()).unwrap();
//! assert_eq!(verdict.outcome, Winner::First);
//! assert_eq!(verdict.value.as_deref(), Some("2")); // the Grundy value 3 ^ 4 ^ 5
//! assert_eq!(verdict.moves[0].label, "take 2 from heap 1");
//! assert_eq!(verdict.moves[0].position, "1 4 5");
//!
//! // The same object as JSON (what `sprague solve nim 3 4 5 --json` prints).
//! let json = serde_json::to_value(&verdict).unwrap();
//! assert_eq!(json["winning_moves"][0], "1 4 5");
//! ```
//!
//! The position API lists legal moves without analysing them and follows one:
//!
//! ```
//! use sprague::catalogue::{lookup, SolveOptions};
//!
//! let game = lookup("domineering").unwrap();
//! let board = vec!["..|..".to_string()];
//! let options = SolveOptions::default();
//! let legal = game.legal_moves(&board, &options).unwrap();
//! assert_eq!(legal.len(), 4); // two vertical dominoes for Left, two horizontal for Right
//! let after = game.apply(&board, &legal[0].label, &options).unwrap();
//! assert_eq!(after, legal[0].position);
//! let verdict = game.solve(&[after], &options).unwrap();
//! assert!(verdict.value.is_some()); // a canonical form, e.g. `1`
//! ```
//!
//! The engines work on any rules you write (see [`impartial::Impartial`]):
//!
//! ```
//! use sprague::impartial::{GrundySolver, Impartial};
//!
//! /// Take 1, 3 or 4 from one heap.
//! struct Subtraction134;
//! impl Impartial for Subtraction134 {
//!     type Position = u64;
//!     fn options(&self, &n: &u64, out: &mut Vec<u64>) {
//!         out.extend([1, 3, 4].iter().filter(|&&k| k <= n).map(|&k| n - k));
//!     }
//! }
//! let mut solver = GrundySolver::new(Subtraction134);
//! let values: Vec<u64> = (0..7).map(|n| solver.grundy(&n).unwrap().value()).collect();
//! assert_eq!(values, [0, 1, 0, 1, 2, 3, 2]); // period 7: 0 1 0 1 2 3 2
//! ```
//!
//! ## Layout (see ARCHITECTURE.md)
//!
//! - [`value`]: nimbers, mex, outcomes — values kept apart from positions.
//! - [`impartial`]: the rules trait and the generic engine (Grundy values, sums, misère).
//! - [`games`]: the number games, each by rules and by theorem.
//! - [`octal`], [`coins`], [`compound`]: take-and-break games, coin turning, compounds.
//! - [`graph`], [`retrograde`]: games on graphs, retrograde analysis.
//! - [`partizan`]: canonical forms and partizan rulesets.
//! - [`catalogue`]: every game behind one interface, by spec (`bash:3`).
//! - [`problems`]: judge problems, input text to output text.
//! - [`pattern`]: the simplest description of a game's values, checked and, where a
//!   theorem applies, proven; as code in C++ and Python.
//! - [`rules`]: your own rules, a game written as a Rhai script (`rules:FILE`).
//! - [`stress`]: stress tests of a contestant's solution against [`problems`].

//! - The core layer ([`value`], [`impartial`], [`compound`], [`retrograde`], the partizan
//!   values) is the crate `sprague-core`, re-exported here.
//!
//! [`Verdict`]: catalogue::Verdict

#![warn(missing_docs)]

pub mod catalogue;
pub mod pattern;
pub mod play;
pub mod problems;
pub mod stress;

// The core layer (`sprague-core`), re-exported under the names the library has always used.
pub use sprague_core::{compound, error, impartial, limits, retrograde, value};
// Transitional: the interface moved to the games layer.
pub use sprague_games::{fallback, interface};

pub use error::{Error, Result};
