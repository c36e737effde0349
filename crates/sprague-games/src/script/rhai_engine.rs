//! Rules scripts in Rhai (`.rhai`, and any file that is not Luau): the engine, sandboxed and
//! bounded by [`LIMITS`], behind [`Engine`].
//!
//! Rhai measures an array again after each operation that changes it while its array size
//! limit is on (the bound on a script's memory here), so a script that pushes `n` options
//! one by one spends time in `n²`; Luau scripts (`luau.rs`) have no such cost.

use super::engine::{CallError, Engine};
use super::{ScriptPosition, LIMITS};
use rhai::{CallFnOptions, Dynamic, EvalAltResult, Scope, AST};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

/// The longest time spent running a failed call again to find the statement it stopped
/// at (see [`RhaiScript::locate`]).
const LOCATE_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// A compiled Rhai script.
pub(crate) struct RhaiScript {
    engine: rhai::Engine,
    ast: AST,
    text_lines: Vec<(String, usize)>,
}

/// The sandboxed engine: standard functions only, no modules, no `eval`, silent `print`
/// and `debug`, and the [`LIMITS`].
fn engine() -> rhai::Engine {
    let mut e = rhai::Engine::new();
    e.set_max_operations(LIMITS.operations)
        .set_max_call_levels(LIMITS.call_depth)
        .set_max_expr_depths(LIMITS.expr_depth, LIMITS.expr_depth)
        .set_max_string_size(LIMITS.string_size)
        .set_max_array_size(LIMITS.array_size)
        .set_max_map_size(LIMITS.map_size)
        .set_max_variables(10_000)
        .set_max_functions(10_000);
    e.on_print(|_| {});
    e.on_debug(|_, _, _| {});
    e.disable_symbol("eval");
    e
}

impl RhaiScript {
    /// Compiles `text`; the error says what is wrong (`syntax error at line …`).
    pub(crate) fn compile(text: &str) -> Result<RhaiScript, String> {
        let engine = engine();
        let ast = engine.compile(text).map_err(|e| {
            let pos = e.position();
            format!(
                "syntax error{}: {}",
                super::at(pos.line(), pos.position()),
                e.err_type()
            )
        })?;
        // Which functions a script must define (and with which parameters) is checked by
        // the caller, for both languages alike.
        let text_lines = [
            "options",
            "left_options",
            "right_options",
            "components",
            "shape",
        ]
        .iter()
        .map(|n| (n.to_string(), definition_line(text, n)))
        .collect();
        Ok(RhaiScript {
            engine,
            ast,
            text_lines,
        })
    }

    fn call_args(&self, function: &str, args: Vec<Dynamic>) -> Result<Dynamic, CallError> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.engine
            .call_fn_with_options::<Dynamic>(
                options,
                &mut Scope::new(),
                &self.ast,
                function,
                args.clone(),
            )
            .map_err(|e| self.runtime_error(function, &args, &e))
    }

    /// Where a call stopped, found by running it again step by step: Rhai gives a limit
    /// hit (operations, call depth, data size) the position of the outermost call, which
    /// is none for a call from Rust. Only run on that error path.
    ///
    /// Under a debugger Rhai copies the arguments of every native call, so a script that
    /// pushed a hundred thousand elements one by one takes a minute to run again: the run
    /// stops after [`LOCATE_TIME`], and the statement it was at then (inside the loop
    /// that builds the data or runs on) is the one named.
    #[allow(deprecated)] // `register_debugger` is marked volatile, not deprecated.
    fn locate(&self, function: &str, args: &[Dynamic]) -> rhai::Position {
        use rhai::debugger::{DebuggerCommand, DebuggerEvent};
        let last = Arc::new(Mutex::new(rhai::Position::NONE));
        let mut engine = engine();
        let seen = last.clone();
        let started = std::time::Instant::now();
        let steps = std::sync::atomic::AtomicU32::new(0);
        engine.register_debugger(
            |_, debugger| debugger,
            move |_, event, _, _, pos| {
                if matches!(event, DebuggerEvent::Start | DebuggerEvent::Step) && !pos.is_none() {
                    *seen.lock().unwrap_or_else(|e| e.into_inner()) = pos;
                }
                let n = steps.fetch_add(1, Ordering::Relaxed);
                if n.is_multiple_of(64) && started.elapsed() > LOCATE_TIME {
                    return Err(EvalAltResult::ErrorTerminated(Dynamic::UNIT, pos).into());
                }
                Ok(DebuggerCommand::StepInto)
            },
        );
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let _ = engine.call_fn_with_options::<Dynamic>(
            options,
            &mut Scope::new(),
            &self.ast,
            function,
            args.to_vec(),
        );
        let pos = *last.lock().unwrap_or_else(|e| e.into_inner());
        pos
    }

    fn runtime_error(&self, function: &str, args: &[Dynamic], error: &EvalAltResult) -> CallError {
        // The innermost error says what went wrong; the innermost known position says
        // where (a limit hit deep in a call may carry none of its own).
        let mut inner = error;
        let mut pos = error.position();
        while let EvalAltResult::ErrorInFunctionCall(.., e, _) = inner {
            inner = e;
            if !e.position().is_none() {
                pos = e.position();
            }
        }
        if pos.is_none() {
            pos = self.locate(function, args);
        }
        let message = match inner {
            EvalAltResult::ErrorTooManyOperations(_) => format!(
                "it ran more than {} operations in one call (an endless loop?)",
                LIMITS.operations
            ),
            EvalAltResult::ErrorStackOverflow(_) => format!(
                "function calls nested deeper than {} (an endless recursion?)",
                LIMITS.call_depth
            ),
            EvalAltResult::ErrorDataTooLarge(what, _) => format!(
                "{what} is larger than the script limit (strings {} characters, arrays {} elements, maps {} entries)",
                LIMITS.string_size, LIMITS.array_size, LIMITS.map_size
            ),
            EvalAltResult::ErrorRuntime(value, _) => format!("{value}"),
            other => {
                let text = other.to_string();
                let suffix = format!(" ({pos})");
                match text.strip_suffix(&suffix) {
                    Some(t) if !pos.is_none() => t.to_string(),
                    _ => text,
                }
            }
        };
        CallError::Failed {
            line: pos.line(),
            column: pos.position(),
            message,
        }
    }
}

impl Engine for RhaiScript {
    fn has_function(&self, name: &str) -> bool {
        self.ast.iter_functions().any(|f| f.name == name)
    }

    fn defines(&self, name: &str, arity: usize) -> bool {
        self.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == arity)
    }

    fn line_of(&self, name: &str) -> usize {
        self.text_lines
            .iter()
            .find(|(n, _)| n == name)
            .map_or(0, |(_, l)| *l)
    }

    fn call(
        &self,
        name: &str,
        arg: Option<&ScriptPosition>,
    ) -> Result<Option<ScriptPosition>, CallError> {
        let args = match arg {
            // Rhai's integers are signed, as the positions' are.
            Some(p) => vec![p.to_dynamic()],
            None => Vec::new(),
        };
        let value = self.call_args(name, args)?;
        if value.is_unit() {
            return Ok(None);
        }
        ScriptPosition::from_dynamic(&value)
            .map(Some)
            .map_err(CallError::Returned)
    }
}

/// The line (from 1) where `fn NAME` is defined, for messages about what it returned.
pub(crate) fn definition_line(text: &str, name: &str) -> usize {
    text.lines()
        .position(|l| {
            let l = l.trim_start();
            let l = l.strip_prefix("private ").unwrap_or(l).trim_start();
            l.strip_prefix("fn")
                .filter(|rest| rest.starts_with(char::is_whitespace))
                .map(|rest| {
                    let rest = rest.trim_start();
                    rest.strip_prefix(name)
                        .is_some_and(|r| r.trim_start().starts_with('('))
                })
                .unwrap_or(false)
        })
        .map_or(0, |i| i + 1)
}
