//! The file a quotient computation is saved to (`sprague quotient --output`) and resumed
//! from (`--resume`): bytes in and out only, the caller reads and writes the file.
//!
//! The file is one JSON object: `format` (`"sprague-quotient"`), `version` (1), `game` (the
//! spec) and `checkpoint` (the largest heap done, the table, the P-portion, the pretending
//! function and the heaps that changed the quotient). Nothing in it is trusted: a file cut
//! short does not parse, a file of another game is refused by its spec, and the quotient it
//! holds is verified again against the game's rules before the computation goes on
//! (`QuotientSolver::resume`), so an altered file is refused, never believed.

use serde::{Deserialize, Serialize};
use sprague_core::error::{Error, Result};
use sprague_core::quotient::QuotientCheckpoint;

/// What the `format` key of a saved quotient says.
pub const FORMAT: &str = "sprague-quotient";
/// The version of the format written.
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct Saved {
    format: String,
    version: u32,
    game: String,
    checkpoint: QuotientCheckpoint,
}

/// The bytes of a saved computation of `game`.
pub fn encode(game: &str, checkpoint: &QuotientCheckpoint) -> Vec<u8> {
    #[derive(Serialize)]
    struct SavedRef<'a> {
        format: &'a str,
        version: u32,
        game: &'a str,
        checkpoint: &'a QuotientCheckpoint,
    }
    let saved = SavedRef {
        format: FORMAT,
        version: VERSION,
        game,
        checkpoint,
    };
    let mut bytes = serde_json::to_vec(&saved).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

/// The computation saved in `bytes`, which must be of `game`: its shape is checked here,
/// its content by the solver that resumes it.
pub fn decode(bytes: &[u8], game: &str) -> Result<QuotientCheckpoint> {
    let bad = |why: String| Error::parse(format!("not a saved quotient: {why}"));
    let saved: Saved = serde_json::from_slice(bytes).map_err(|e| {
        if e.is_eof() {
            bad("the file is cut short".into())
        } else {
            bad(e.to_string())
        }
    })?;
    if saved.format != FORMAT {
        return Err(bad(format!("its format is `{}`", saved.format)));
    }
    if saved.version != VERSION {
        return Err(bad(format!(
            "format version {} (this sprague reads version {VERSION})",
            saved.version
        )));
    }
    if saved.game != game.trim() {
        return Err(Error::parse(format!(
            "the file holds the misère quotient of `{}`, not of `{}`",
            saved.game,
            game.trim()
        )));
    }
    Ok(saved.checkpoint)
}
