//! Games defined by the user in a Rhai script: `fn options(pos)` returns the positions one
//! move away, and the optional `fn components(pos)` splits a position into independent
//! parts. The script is the ruleset; every engine of the core (Grundy values, sums, misère
//! and every-move play) searches it through [`Impartial`].
//!
//! The script runs sandboxed: no modules (`import` does not parse), no `eval`, no clock,
//! no floating point, `print` and `debug` do nothing, and every call is bounded
//! ([`LIMITS`]: operations, call depth, expression depth, string, array and map sizes), so
//! an endless loop or recursion ends with an error. Errors name the script's line.
//!
//! [`Impartial::options`] cannot fail, so [`ScriptRules`] records the first failure of a
//! request, answers no moves from then on (the search winds down at once), and
//! [`ScriptRules::finish`] returns the failure instead of the search's result. Each request
//! makes its own [`ScriptRules`] over the shared, compiled [`ScriptProgram`].

mod analyse;
pub mod game;
mod generate;
mod position;
pub mod quotient;
mod table;
pub mod words;

pub use generate::{RANDOM_POSITION, SMALL_POSITIONS};
pub use position::ScriptPosition;

use crate::error::{Error, Result};
use crate::impartial::Impartial;
use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Scope, AST};
use rustc_hash::FxHashMap;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The bounds every call into a script runs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScriptLimits {
    /// Operations one call may run (an endless loop stops here).
    pub operations: u64,
    /// Nested function calls (an endless recursion stops here).
    pub call_depth: usize,
    /// Nesting of expressions, at the top level and in functions.
    pub expr_depth: usize,
    /// Characters in one string.
    pub string_size: usize,
    /// Elements in one array.
    pub array_size: usize,
    /// Entries in one object map.
    pub map_size: usize,
}

/// The limits of every script: about a tenth of a second of work per call at most.
pub const LIMITS: ScriptLimits = ScriptLimits {
    operations: 1_000_000,
    call_depth: 32,
    expr_depth: 48,
    string_size: 100_000,
    array_size: 100_000,
    map_size: 10_000,
};

/// The longest time spent running a failed call again to find the statement it stopped
/// at (see `ScriptProgram::locate`).
const LOCATE_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// Positions (keys and the positions in their lists) that the cache of options and
/// components holds before it is emptied: tens of megabytes at most.
const CACHE_POSITIONS: usize = 1 << 19;

/// A compiled rules script: the engine (sandboxed, bounded), the syntax tree, and a cache
/// of the options and components computed so far. Shared by the requests of one game.
pub struct ScriptProgram {
    spec: String,
    engine: Engine,
    ast: AST,
    has_components: bool,
    options_line: usize,
    components_line: usize,
    cache: Mutex<Cache>,
}

#[derive(Default)]
struct Cache {
    options: FxHashMap<ScriptPosition, Arc<[ScriptPosition]>>,
    components: FxHashMap<ScriptPosition, Option<Arc<[ScriptPosition]>>>,
    /// Positions held, keys and lists together.
    held: usize,
}

impl Cache {
    /// Makes room for `n` more positions, emptying the cache when it is full.
    fn room(&mut self, n: usize) {
        self.held += n;
        if self.held > CACHE_POSITIONS {
            self.options.clear();
            self.components.clear();
            self.held = n;
        }
    }
}

impl fmt::Debug for ScriptProgram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptProgram")
            .field("spec", &self.spec)
            .field("has_components", &self.has_components)
            .finish_non_exhaustive()
    }
}

/// The sandboxed engine: standard functions only, no modules, no `eval`, silent `print`
/// and `debug`, and the [`LIMITS`].
fn engine() -> Engine {
    let mut e = Engine::new();
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

impl ScriptProgram {
    /// Compiles `text`, the script of the game named `spec` (`rules:FILE`, used in error
    /// messages). It must define `fn options(pos)`; `fn components(pos)` is optional.
    pub fn compile(spec: &str, text: &str) -> Result<ScriptProgram> {
        let bad = |reason: String| script_error(spec, reason);
        let engine = engine();
        let ast = engine.compile(text).map_err(|e| {
            let pos = e.position();
            bad(format!(
                "syntax error{}: {}",
                at(pos.line(), pos.position()),
                e.err_type()
            ))
        })?;
        let arity = |name: &str| {
            ast.iter_functions()
                .filter(|f| f.name == name)
                .map(|f| f.params.len())
                .collect::<Vec<_>>()
        };
        let options = arity("options");
        if !options.contains(&1) {
            return Err(bad(if options.is_empty() {
                "the script defines no `fn options(pos)`: it must return the array of positions one move away from `pos`".into()
            } else {
                "`fn options` must take exactly one parameter, the position".into()
            }));
        }
        let components = arity("components");
        if !components.is_empty() && !components.contains(&1) {
            return Err(bad(
                "`fn components` must take exactly one parameter, the position".into(),
            ));
        }
        Ok(ScriptProgram {
            spec: spec.to_string(),
            options_line: definition_line(text, "options"),
            components_line: definition_line(text, "components"),
            has_components: components.contains(&1),
            engine,
            ast,
            cache: Mutex::new(Cache::default()),
        })
    }

    /// The spec the game was compiled under.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// Whether the script defines `fn components(pos)`.
    pub fn has_components(&self) -> bool {
        self.has_components
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn call(&self, function: &str, position: &ScriptPosition) -> Result<Dynamic> {
        self.call_args(function, vec![position.to_dynamic()], &position.to_string())
    }

    /// Calls `function` with `args`; `shown` is how the arguments are written in an error
    /// message (`function(shown) failed at line …`).
    fn call_args(&self, function: &str, args: Vec<Dynamic>, shown: &str) -> Result<Dynamic> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.engine
            .call_fn_with_options::<Dynamic>(
                options,
                &mut Scope::new(),
                &self.ast,
                function,
                args.clone(),
            )
            .map_err(|e| self.runtime_error(function, &args, shown, &e))
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

    fn runtime_error(
        &self,
        function: &str,
        args: &[Dynamic],
        shown: &str,
        error: &EvalAltResult,
    ) -> Error {
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
        script_error(
            &self.spec,
            format!(
                "{function}({shown}) failed{}: {message}",
                at(pos.line(), pos.position())
            ),
        )
    }

    fn positions(
        &self,
        function: &str,
        line: usize,
        position: &ScriptPosition,
        value: &Dynamic,
    ) -> Result<Vec<ScriptPosition>> {
        let wrong = |what: String| {
            script_error(
                &self.spec,
                format!("{function}({position}) returned {what}, not an array of positions (`fn {function}` at line {line}); a position is an integer, a string or an array of integers and strings"),
            )
        };
        let Some(array) = value.read_lock::<rhai::Array>() else {
            return Err(wrong(position::describe(value)));
        };
        array
            .iter()
            .enumerate()
            .map(|(i, v)| {
                ScriptPosition::from_dynamic(v)
                    .map_err(|what| wrong(format!("an array whose element {} is {what}", i + 1)))
            })
            .collect()
    }

    /// The positions one move away from `position`, by the script's `fn options`.
    pub fn options(&self, position: &ScriptPosition) -> Result<Arc<[ScriptPosition]>> {
        if let Some(o) = self.cache().options.get(position) {
            return Ok(o.clone());
        }
        let value = self.call("options", position)?;
        let list: Arc<[ScriptPosition]> = self
            .positions("options", self.options_line, position, &value)?
            .into();
        let mut cache = self.cache();
        cache.room(1 + list.len());
        cache.options.insert(position.clone(), list.clone());
        Ok(list)
    }

    /// The independent parts of `position` by the script's `fn components`, or `None` when
    /// it is one component: the script has no such function, or returned `()`, or an array
    /// holding only the position itself.
    pub fn components(&self, position: &ScriptPosition) -> Result<Option<Arc<[ScriptPosition]>>> {
        if !self.has_components {
            return Ok(None);
        }
        if let Some(c) = self.cache().components.get(position) {
            return Ok(c.clone());
        }
        let value = self.call("components", position)?;
        let parts = if value.is_unit() {
            None
        } else {
            let parts = self.positions("components", self.components_line, position, &value)?;
            match parts.as_slice() {
                [only] if only == position => None,
                _ => Some(parts.into()),
            }
        };
        let mut cache = self.cache();
        cache.room(
            1 + parts
                .as_ref()
                .map_or(0, |p: &Arc<[ScriptPosition]>| p.len()),
        );
        cache.components.insert(position.clone(), parts.clone());
        Ok(parts)
    }
}

/// An error of the script named `spec`: `rules:FILE: what went wrong`.
fn script_error(spec: &str, message: String) -> Error {
    Error::parse(format!("{spec}: {message}"))
}

/// ` at line L, column C`, or nothing when the script gave no position.
fn at(line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(l), Some(c)) => format!(" at line {l}, column {c}"),
        (Some(l), None) => format!(" at line {l}"),
        _ => String::new(),
    }
}

/// The line (from 1) where `fn NAME` is defined, for messages about what it returned.
fn definition_line(text: &str, name: &str) -> usize {
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

impl fmt::Display for ScriptPosition {
    /// The position as the script writes it: `7`, `"abc"`, `[3, 4]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptPosition::Int(n) => write!(f, "{n}"),
            ScriptPosition::Str(s) => write!(f, "{s:?}"),
            ScriptPosition::List(items) => {
                f.write_str("[")?;
                for (i, p) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{p}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// The rules of a script for one request: the engines search these. The first failure of
/// the script is kept, and from then on no position has options, so the search ends soon;
/// [`ScriptRules::finish`] then returns the failure.
pub struct ScriptRules {
    program: Arc<ScriptProgram>,
    failed: AtomicBool,
    failure: Mutex<Option<Error>>,
}

impl ScriptRules {
    /// Fresh rules (no failure recorded) over a compiled program.
    pub fn new(program: Arc<ScriptProgram>) -> ScriptRules {
        ScriptRules {
            program,
            failed: AtomicBool::new(false),
            failure: Mutex::new(None),
        }
    }

    /// The compiled program.
    pub fn program(&self) -> &ScriptProgram {
        &self.program
    }

    fn record(&self, e: Error) {
        let mut f = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        if f.is_none() {
            *f = Some(e);
        }
        self.failed.store(true, Ordering::Relaxed);
    }

    /// The result of a computation over these rules, or the script's first failure during
    /// it, which takes precedence (the computation saw no moves after it).
    pub fn finish<T>(&self, result: Result<T>) -> Result<T> {
        if self.failed.load(Ordering::Relaxed) {
            let f = self
                .failure
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take();
            self.failed.store(false, Ordering::Relaxed);
            if let Some(e) = f {
                return Err(e);
            }
        }
        result
    }

    /// The options of a position, failing with the script's error.
    pub fn try_options(&self, position: &ScriptPosition) -> Result<Arc<[ScriptPosition]>> {
        self.program.options(position)
    }

    /// The components of a position, failing with the script's error.
    pub fn try_components(
        &self,
        position: &ScriptPosition,
    ) -> Result<Option<Arc<[ScriptPosition]>>> {
        self.program.components(position)
    }
}

impl Impartial for ScriptRules {
    type Position = ScriptPosition;

    fn options(&self, position: &ScriptPosition, out: &mut Vec<ScriptPosition>) {
        if self.failed.load(Ordering::Relaxed) {
            return;
        }
        match self.program.options(position) {
            Ok(list) => out.extend(list.iter().cloned()),
            Err(e) => self.record(e),
        }
    }

    fn components(&self, position: &ScriptPosition) -> Option<Vec<ScriptPosition>> {
        if self.failed.load(Ordering::Relaxed) {
            return None;
        }
        match self.program.components(position) {
            Ok(parts) => parts.map(|p| p.to_vec()),
            Err(e) => {
                self.record(e);
                None
            }
        }
    }
}

#[cfg(test)]
mod game_tests;
#[cfg(test)]
mod tests;
