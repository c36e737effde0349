//! The one interface of the script languages: the rest of `script` calls a script's
//! functions through [`Engine`] and never sees Rhai or Luau values.
//!
//! A call returns a [`ScriptPosition`] tree (an array of options is a list of positions)
//! or nothing; a failure says what went wrong and, where the language knows, the line.

use super::ScriptPosition;

/// Why a call into a script failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CallError {
    /// The script stopped: an error, a `throw`, a limit. The line (and column) where it
    /// stopped, when known, and what went wrong, in the user's terms.
    Failed {
        line: Option<usize>,
        column: Option<usize>,
        message: String,
    },
    /// The call returned a value that is not a position: what it was instead.
    Returned(String),
}

/// One option of a position.
pub(crate) enum Expanded {
    /// The position one move away, with its parts when the script's `components` splits
    /// it.
    Move {
        /// The position one move away.
        option: ScriptPosition,
        /// Its components, when it has several (`components` returned more than the
        /// position itself); `None` when it is one component or the script has no
        /// `components`.
        parts: Option<Vec<ScriptPosition>>,
    },
    /// An option whose components all have values recorded with
    /// [`Engine::record_value`]: the XOR of those values (the option itself is not said).
    Known(u64),
}

/// What [`Engine::solve_run`] cost: the options generated for the values it found, and
/// the operations it ran (against the limit of one call).
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct RunWork {
    pub generated: u64,
    pub operations: u64,
}

/// A compiled script in one of the languages, sandboxed and bounded.
pub(crate) trait Engine: Send + Sync {
    /// Whether the script defines a function `name`, whatever its parameters.
    fn has_function(&self, name: &str) -> bool;

    /// Whether the script defines the function `name` taking `arity` parameters (where the
    /// language records the number of parameters).
    fn defines(&self, name: &str, arity: usize) -> bool;

    /// The line (from 1) where `name` is defined, or 0 when unknown.
    fn line_of(&self, name: &str) -> usize;

    /// Calls `name(arg)`, or `name()` when `arg` is `None`. `Ok(None)` when it returned
    /// nothing (`()` in Rhai, `nil` in Luau).
    fn call(
        &self,
        name: &str,
        arg: Option<&ScriptPosition>,
    ) -> Result<Option<ScriptPosition>, CallError>;

    /// Offers the engine a table of the values of the heaps `0..heaps` and the pairs
    /// `[a, b]` with `a, b < side`, filled by [`Engine::record_value`], so that it may
    /// answer an option whose components are all in it by their value
    /// ([`Expanded::Known`]). An engine that cannot read values while it expands ignores
    /// it (the default).
    fn share_values(&self, heaps: usize, side: usize) {
        let _ = (heaps, side);
    }

    /// Records the value of a component for the table of [`Engine::share_values`];
    /// positions outside it are ignored (the default ignores all).
    fn record_value(&self, position: &ScriptPosition, value: u32) {
        let _ = (position, value);
    }

    /// Works out, inside the engine, the values of a run of a table's positions all of
    /// whose options have values recorded ([`Engine::share_values`]): the heaps
    /// `first..first + out.len()` when `pair_sum` is `None`, else the pairs `[a, d − a]`
    /// for `a` in that range, `d` the sum. Each value found is recorded and written to
    /// `out` (`None` where the caller must search the position itself); a failure only
    /// ends the run early. Returns the options generated for the values found and the
    /// operations the call ran. The default finds none.
    fn solve_run(&self, first: u64, pair_sum: Option<u64>, out: &mut [Option<u32>]) -> RunWork {
        let _ = (first, pair_sum);
        out.fill(None);
        RunWork::default()
    }

    /// The options of `position` with the components of each (the engine may do both in
    /// one call into the script). Errors say which function failed and how.
    fn expand(
        &self,
        position: &ScriptPosition,
        has_components: bool,
    ) -> Result<Vec<Expanded>, (&'static str, ScriptPosition, CallError)> {
        let list = match self.call("options", Some(position)) {
            Ok(Some(ScriptPosition::List(items))) => items.into_vec(),
            Ok(Some(other)) => {
                return Err((
                    "options",
                    position.clone(),
                    CallError::Returned(super::position::kind(&other)),
                ))
            }
            Ok(None) => {
                return Err((
                    "options",
                    position.clone(),
                    CallError::Returned("nothing".into()),
                ))
            }
            Err(e) => return Err(("options", position.clone(), e)),
        };
        let mut out = Vec::with_capacity(list.len());
        for option in list {
            let parts = if has_components {
                match self.call("components", Some(&option)) {
                    Ok(v) => split(&option, v).map_err(|e| ("components", option.clone(), e))?,
                    Err(e) => return Err(("components", option, e)),
                }
            } else {
                None
            };
            out.push(Expanded::Move { option, parts });
        }
        Ok(out)
    }
}

/// The parts of `position` from what `components(position)` returned: `None` when it is
/// one component (nothing, or a list holding just the position).
pub(crate) fn split(
    position: &ScriptPosition,
    returned: Option<ScriptPosition>,
) -> Result<Option<Vec<ScriptPosition>>, CallError> {
    match returned {
        None => Ok(None),
        Some(ScriptPosition::List(items)) => match &*items {
            [only] if only == position => Ok(None),
            _ => Ok(Some(items.into_vec())),
        },
        Some(other) => Err(CallError::Returned(super::position::kind(&other))),
    }
}
