//! The bridge between a ruleset written with numbers (heaps, pairs, stairs) and the
//! catalogue.
//!
//! A game implements [`NumberGame`]: its rules (a move generator over machine-word
//! positions, which the generic engine searches) and, optionally, its theorems (closed
//! forms over integers of any length), a closed-form list of its moves and the wording of
//! a move. [`NumberGameAdapter`] turns it into a catalogue [`Game`](crate::interface::Game),
//! which answers with a typed [`Verdict`](crate::interface::Verdict).
//!
//! The [`NumberGame`] trait, the hooks a game fills in, and the reading and writing of
//! positions as words are in `sprague_games::number`. Read this layer's modules in this
//! order:
//! - this one: [`NumberGameAdapter`];
//! - `parse`: a position read and checked by its game;
//! - [`analyse`]: who wins and the winning moves, under normal, misère and every-move play
//!   (theorem first, the engine as the fallback);
//! - `moves`: the legal moves of a position, bounded;
//! - [`verdict`]: the analyses turned into verdicts, and the `Game` implementation;
//! - [`table`]: `sprague table`, the values of single heaps.

pub mod analyse;
pub mod check;
mod misere_moves;
mod moves;
mod parse;
pub mod table;
pub mod verdict;

pub use analyse::{Derivation, NumberAnalysis};

use crate::number::NumberGame;

/// A [`NumberGame`] as a catalogue [`Game`](crate::interface::Game).
pub struct NumberGameAdapter<G: NumberGame>(pub G);
