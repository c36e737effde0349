//! The optional position generators of a rules script, for stress tests of a solution:
//! `fn small_positions()` (an array of positions, the small cases tried one by one) and
//! `fn random_position(seed)` (one position made from an integer seed). A script whose
//! positions are not numbers (words, say) needs them; the stress tester makes numeric
//! positions itself. They run under the same sandbox and limits as `fn options`.

use super::{script_error, ScriptPosition, ScriptProgram};
use crate::error::Result;

/// The name of the generator of small positions.
pub const SMALL_POSITIONS: &str = "small_positions";
/// The name of the generator of random positions.
pub const RANDOM_POSITION: &str = "random_position";

impl ScriptProgram {
    /// Whether the script defines the function `name` with `arity` parameters.
    pub fn defines(&self, name: &str, arity: usize) -> bool {
        self.engine.defines(name, arity)
    }

    /// The positions of `small_positions()`, or `None` when the script has no such
    /// function.
    pub fn small_positions(&self) -> Result<Option<Vec<ScriptPosition>>> {
        if !self.defines(SMALL_POSITIONS, 0) {
            return Ok(None);
        }
        match self.call(SMALL_POSITIONS, None)? {
            Some(ScriptPosition::List(items)) => Ok(Some(items.into_vec())),
            other => Err(script_error(
                &self.spec,
                format!(
                    "{SMALL_POSITIONS}() returned {}, not an array of positions",
                    other.map_or("nothing".into(), |p| super::position::kind(&p))
                ),
            )),
        }
    }

    /// The position `random_position(seed)` makes of `seed` (a non-negative integer), or
    /// `None` when the script has no such function.
    pub fn random_position(&self, seed: u64) -> Result<Option<ScriptPosition>> {
        if !self.defines(RANDOM_POSITION, 1) {
            return Ok(None);
        }
        // Kept below 2^53, the integers both languages hold exactly.
        let seed = (seed >> 11) as i64;
        match self.call(RANDOM_POSITION, Some(&ScriptPosition::Int(seed)))? {
            Some(p) => Ok(Some(p)),
            None => Err(script_error(
                &self.spec,
                format!("{RANDOM_POSITION}({seed}) returned nothing, not a position"),
            )),
        }
    }
}
