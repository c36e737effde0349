//! # sprague
//!
//! Combinatorial game theory, exactly: who wins a position of a two-player game of perfect
//! information, and with which moves. The library does no I/O and keeps no global state;
//! the `sprague` command and any server are thin layers over it.
//!
//! Layout (see ARCHITECTURE.md):
//! - [`value`]: nimbers, mex, outcomes — values kept apart from positions.
//! - [`impartial`]: the rules trait and the generic engine (Grundy values, sums, misère).
//! - [`games`]: the number games of part A, each by rules and by theorem.
//! - [`octal`], [`coins`], [`compound`]: take-and-break games, coin turning, compounds.
//! - [`graph`], [`retrograde`]: games on graphs, retrograde analysis.
//! - [`partizan`]: canonical forms and partizan rulesets.
//! - [`catalogue`]: every game behind one interface, by spec (`bash:3`).
//! - [`problems`]: judge problems, input text to output text.

pub mod catalogue;
pub mod coins;
pub mod games;
pub mod graph;
pub mod octal;
pub mod partizan;
pub mod problems;

// The core layer (`sprague-core`), re-exported under the names the library has always used.
pub use sprague_core::{compound, error, impartial, value};

/// Retrograde analysis (from the core layer).
pub mod retrograde {
    pub use sprague_core::retrograde::*;

    #[cfg(test)]
    pub(crate) mod tests {
        pub(crate) use sprague_core::testing::{next, random_graph};
    }
}

#[cfg(test)]
pub(crate) mod test_rng;

pub use error::{Error, Result};
