//! Your own rules: a game written as a Rhai script (`rules:FILE` on the command line),
//! played by every engine of the library.
//!
//! The script defines `fn options(pos)`, the array of positions one move away from `pos`,
//! and optionally `fn components(pos)`, the independent parts of a position (a heap game
//! that splits heaps, say); `docs/rules-scripts.md` describes the format. The ruleset
//! itself (the sandboxed engine, its limits, the positions) is
//! `sprague_games::script`; this module makes it a catalogue [`Game`]: positions read
//! from command-line words (`words`), the normal-play, misère and every-move analyses by
//! the core's solvers (`analyse`), the verdicts (`game`) and the table of heaps
//! `0..=N` (`table`).
//!
//! The library does no I/O: the caller reads the script and passes its text to
//! [`game_from_script`]; [`crate::catalogue::lookup`] refuses `rules:` specs and says so.

mod analyse;
mod game;
mod table;
pub mod words;

pub use sprague_games::script::{ScriptLimits, ScriptPosition, ScriptProgram, ScriptRules, LIMITS};

use crate::error::{Error, Result};
use crate::interface::Game;
use std::sync::Arc;

/// The most bytes of script text accepted (the command line reads no more than this).
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;

/// The prefix of the spec of a script game: `rules:FILE`.
pub const PREFIX: &str = "rules:";

/// A game defined by a rules script, as a catalogue game.
pub struct ScriptGame {
    program: Arc<ScriptProgram>,
}

impl ScriptGame {
    /// Compiles the script `text` of the game named `spec` (e.g. `rules:nim.rhai`; the
    /// name only appears in answers and error messages).
    pub fn compile(spec: &str, text: &str) -> Result<ScriptGame> {
        if text.len() > MAX_SCRIPT_BYTES {
            return Err(Error::parse(format!(
                "{spec}: the script has {} bytes; at most {MAX_SCRIPT_BYTES} are read",
                text.len()
            )));
        }
        Ok(ScriptGame {
            program: Arc::new(ScriptProgram::compile(spec, text)?),
        })
    }

    /// Fresh rules for one request (a failure of the script is kept per request).
    pub fn rules(&self) -> ScriptRules {
        ScriptRules::new(self.program.clone())
    }

    /// The spec the game was compiled under.
    pub fn spec_name(&self) -> &str {
        self.program.spec()
    }
}

/// The game a rules script defines, as a catalogue [`Game`]: `spec` names it (e.g.
/// `rules:subtract.rhai`), `text` is the script. Errors name the script's line.
pub fn game_from_script(spec: &str, text: &str) -> Result<Box<dyn Game>> {
    Ok(Box::new(ScriptGame::compile(spec, text)?))
}

/// Whether a spec names a rules script (`rules:FILE`).
pub fn is_script_spec(spec: &str) -> bool {
    spec.trim()
        .get(..PREFIX.len())
        .is_some_and(|p| p.eq_ignore_ascii_case(PREFIX))
}

/// The error of [`crate::catalogue::lookup`] for a `rules:` spec: the library reads no
/// files.
pub fn lookup_error(spec: &str) -> Error {
    Error::unsupported(format!(
        "`{}` names a rules script: the library does no I/O, so read the file and pass its text to `sprague::rules::game_from_script(spec, text)` (the `sprague` command does this)",
        spec.trim()
    ))
}

#[cfg(test)]
pub(crate) mod tests;
