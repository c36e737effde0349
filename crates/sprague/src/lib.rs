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
//! use sprague::catalogue::lookup;
//! use sprague_games::interface::{SolveOptions, Winner};
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
//! use sprague::catalogue::lookup;
//! use sprague_games::interface::SolveOptions;
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
//! The engines work on any rules you write (see `sprague_core::impartial::Impartial`):
//!
//! ```
//! use sprague_core::impartial::{GrundySolver, Impartial};
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
//! This crate is the facade over the two layers below it: `sprague-core` (values, rules
//! traits, the engines, canonical forms, retrograde analysis) and `sprague-games` (every
//! family of games in one home: rules, theorems and catalogue entries, and the interface
//! they answer through: `sprague_games::interface`).
//!
//! - [`catalogue`]: the registry of every game, found by spec (`bash:3`).
//! - [`render`]: the text renderers of the typed answers.
//! - [`play`]: the computer as an opponent.
//! - [`rng`]: the one seeded pseudo-random generator (stress inputs, the computer's choices).
//! - [`problems`]: judge problems, input text to output text.
//! - [`pattern`]: the simplest description of a game's values, checked and, where a
//!   theorem applies, proven; as code in C++ and Python.
//! - [`quotient`]: misère quotients of heap games (`sprague quotient`), and sweeps over
//!   octal codes.
//! - [`stress`]: stress tests of a contestant's solution against [`problems`].
//!
//! [`Verdict`]: sprague_games::interface::Verdict

#![warn(missing_docs)]

pub mod catalogue;
pub mod pattern;
pub mod play;
pub mod problems;
pub mod quotient;
pub mod render;
pub mod rng;
pub mod stress;
pub mod value;
