//! The optional position generators of a rules script, for stress tests of a solution:
//! `fn small_positions()` (an array of positions, the small cases tried one by one) and
//! `fn random_position(seed)` (one position made from an integer seed). A script whose
//! positions are not numbers (words, say) needs them; the stress tester makes numeric
//! positions itself. They run under the same sandbox and limits as `fn options`.

use super::{script_error, ScriptPosition, ScriptProgram};
use crate::error::Result;
use rhai::{Dynamic, INT};

/// The name of the generator of small positions.
pub const SMALL_POSITIONS: &str = "small_positions";
/// The name of the generator of random positions.
pub const RANDOM_POSITION: &str = "random_position";

impl ScriptProgram {
    /// Whether the script defines `fn NAME` with `arity` parameters.
    pub fn defines(&self, name: &str, arity: usize) -> bool {
        self.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == arity)
    }

    /// The positions of `fn small_positions()`, or `None` when the script has no such
    /// function.
    pub fn small_positions(&self) -> Result<Option<Vec<ScriptPosition>>> {
        if !self.defines(SMALL_POSITIONS, 0) {
            return Ok(None);
        }
        let value = self.call_args(SMALL_POSITIONS, Vec::new(), "")?;
        let Some(array) = value.read_lock::<rhai::Array>() else {
            return Err(script_error(
                &self.spec,
                format!(
                    "{SMALL_POSITIONS}() returned {}, not an array of positions",
                    super::position::describe(&value)
                ),
            ));
        };
        array
            .iter()
            .enumerate()
            .map(|(i, v)| {
                ScriptPosition::from_dynamic(v).map_err(|what| {
                    script_error(
                        &self.spec,
                        format!("{SMALL_POSITIONS}() returned an array whose element {} is {what}, not a position", i + 1),
                    )
                })
            })
            .collect::<Result<Vec<_>>>()
            .map(Some)
    }

    /// The position `fn random_position(seed)` makes of `seed` (a non-negative integer), or
    /// `None` when the script has no such function.
    pub fn random_position(&self, seed: u64) -> Result<Option<ScriptPosition>> {
        if !self.defines(RANDOM_POSITION, 1) {
            return Ok(None);
        }
        // Rhai's integers are signed: the seed keeps to the non-negative ones.
        let seed = (seed >> 1) as INT;
        let value = self.call_args(
            RANDOM_POSITION,
            vec![Dynamic::from_int(seed)],
            &seed.to_string(),
        )?;
        ScriptPosition::from_dynamic(&value)
            .map(Some)
            .map_err(|what| {
                script_error(
                    &self.spec,
                    format!("{RANDOM_POSITION}({seed}) returned {what}, not a position",),
                )
            })
    }
}
