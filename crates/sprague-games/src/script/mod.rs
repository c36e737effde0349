//! Games defined by the user in a script, in Luau (`.luau`, `.lua`: the fast engine) or
//! Rhai (any other file): `options(pos)` returns the positions one move away, and the
//! optional `components(pos)` splits a position into independent parts. The script is the
//! ruleset; every engine of the core (Grundy values, sums, misère and every-move play)
//! searches it through [`Impartial`], and tables are computed by [`eval`], which keeps
//! the values of single components only.
//!
//! Both languages run behind one trait (`engine::Engine`), sandboxed (no files, modules,
//! clock; `print` does nothing) and bounded per call ([`LIMITS`]: operations, call depth,
//! memory), so an endless loop or recursion ends with an error. Errors name the script's
//! line.
//!
//! [`Impartial::options`] cannot fail, so [`ScriptRules`] records the first failure of a
//! request, answers no moves from then on (the search winds down at once), and
//! [`ScriptRules::finish`] returns the failure instead of the search's result. Each request
//! makes its own [`ScriptRules`] over the shared, compiled [`ScriptProgram`].

mod analyse;
mod engine;
pub mod eval;
pub mod game;
mod generate;
mod layers;
mod luau;
mod luau_flat;
mod luau_tally;
pub mod partizan;
mod position;
pub mod quotient;
mod rhai_engine;
pub mod table;
pub mod words;

pub use generate::{RANDOM_POSITION, SMALL_POSITIONS};
pub use position::ScriptPosition;

use crate::error::{Error, Result};
use crate::impartial::Impartial;
use engine::{CallError, Engine, Expanded};
use rustc_hash::FxHashMap;
use sprague_core::value::Side;
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

/// The limits of every script: about a tenth of a second of work per call at most (Rhai;
/// a hundredth in Luau). Luau's memory is bounded as a whole ([`LUAU_MEMORY`]) instead of
/// by the size of each string, array and map.
pub const LIMITS: ScriptLimits = ScriptLimits {
    operations: 1_000_000,
    call_depth: 32,
    expr_depth: 48,
    string_size: 100_000,
    array_size: 100_000,
    map_size: 10_000,
};

pub use luau::MEMORY as LUAU_MEMORY;

/// The language of a script file: Luau for `.luau` and `.lua`, Rhai for any other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// Luau (`.luau`, `.lua`).
    Luau,
    /// Rhai (`.rhai` and any other file).
    Rhai,
}

impl Language {
    /// The language of the script a spec (`rules:FILE`) names, by the file's extension.
    pub fn of(spec: &str) -> Language {
        let lower = spec.trim().to_ascii_lowercase();
        if lower.ends_with(".luau") || lower.ends_with(".lua") {
            Language::Luau
        } else {
            Language::Rhai
        }
    }
}

/// Positions (keys and the positions in their lists) that the cache of options and
/// components holds before it is emptied: tens of megabytes at most.
const CACHE_POSITIONS: usize = 1 << 19;

/// A compiled rules script: the engine (sandboxed, bounded) and a cache of the options
/// and components computed so far. Shared by the requests of one game.
pub struct ScriptProgram {
    spec: String,
    language: Language,
    kind: ScriptKind,
    engine: Box<dyn Engine>,
    has_components: bool,
    options_line: usize,
    components_line: usize,
    cache: Mutex<Cache>,
    /// The script's text, for [`ScriptProgram::fork`].
    text: Arc<str>,
}

#[derive(Default)]
struct Cache {
    /// The lists of `options`, `left_options` and `right_options`, in that order.
    options: [FxHashMap<ScriptPosition, Arc<[ScriptPosition]>>; 3],
    components: FxHashMap<ScriptPosition, Option<Arc<[ScriptPosition]>>>,
    /// Positions held, keys and lists together.
    held: usize,
}

impl Cache {
    /// Makes room for `n` more positions, emptying the cache when it is full.
    fn room(&mut self, n: usize) {
        self.held += n;
        if self.held > CACHE_POSITIONS {
            for map in &mut self.options {
                map.clear();
            }
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

impl ScriptProgram {
    /// Compiles `text`, the script of the game named `spec` (`rules:FILE`, used in error
    /// messages; its extension picks the language). It must define `options(pos)`;
    /// `components(pos)` is optional.
    pub fn compile(spec: &str, text: &str) -> Result<ScriptProgram> {
        let language = Language::of(spec);
        let engine: Box<dyn Engine> = match language {
            Language::Luau => {
                Box::new(luau::LuauScript::compile(text).map_err(|e| script_error(spec, e))?)
            }
            Language::Rhai => {
                Box::new(rhai_engine::RhaiScript::compile(text).map_err(|e| script_error(spec, e))?)
            }
        };
        let kind = kind_of(&*engine, language).map_err(|e| script_error(spec, e))?;
        Ok(ScriptProgram {
            spec: spec.to_string(),
            language,
            kind,
            options_line: engine.line_of("options"),
            components_line: engine.line_of("components"),
            has_components: engine.defines("components", 1),
            engine,
            cache: Mutex::new(Cache::default()),
            text: text.into(),
        })
    }

    /// A second copy of the script, compiled anew: its own state, for another thread
    /// (a script's state serves one call at a time).
    pub fn fork(&self) -> Result<ScriptProgram> {
        ScriptProgram::compile(&self.spec, &self.text)
    }

    /// Whether the script is an impartial game (`options`) or a partizan one
    /// (`left_options` and `right_options`).
    pub fn kind(&self) -> ScriptKind {
        self.kind
    }

    /// The language of the script.
    pub fn language(&self) -> Language {
        self.language
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

    /// The error of a failed call of `function(shown)`.
    fn call_error(&self, function: &str, shown: &str, e: CallError) -> Error {
        match e {
            CallError::Failed {
                line,
                column,
                message,
            } => script_error(
                &self.spec,
                format!("{function}({shown}) failed{}: {message}", at(line, column)),
            ),
            CallError::Returned(what) => {
                let line = match function {
                    "options" => self.options_line,
                    "components" => self.components_line,
                    other => self.engine.line_of(other),
                };
                script_error(
                    &self.spec,
                    format!("{function}({shown}) returned {what}, not an array of positions (`{function}` at line {line}); a position is an integer, a string or an array of positions"),
                )
            }
        }
    }

    /// Calls `function(position)`: `None` when it returned nothing.
    pub(crate) fn call(
        &self,
        function: &str,
        position: Option<&ScriptPosition>,
    ) -> Result<Option<ScriptPosition>> {
        self.engine.call(function, position).map_err(|e| {
            let shown = position.map(ToString::to_string).unwrap_or_default();
            self.call_error(function, &shown, e)
        })
    }

    /// Calls `function(position)`, which must return an array of positions.
    fn call_list(&self, function: &str, position: &ScriptPosition) -> Result<Vec<ScriptPosition>> {
        match self.call(function, Some(position))? {
            Some(ScriptPosition::List(items)) => Ok(items.into_vec()),
            other => Err(self.call_error(
                function,
                &position.to_string(),
                CallError::Returned(match other {
                    Some(p) => position::kind(&p),
                    None => "nothing".into(),
                }),
            )),
        }
    }

    /// See [`Engine::share_values`].
    pub(crate) fn share_values(&self, heaps: usize, side: usize) {
        self.engine.share_values(heaps, side);
    }

    /// See [`Engine::solve_run`].
    pub(crate) fn solve_run(
        &self,
        first: u64,
        pair_sum: Option<u64>,
        out: &mut [Option<u32>],
    ) -> engine::RunWork {
        self.engine.solve_run(first, pair_sum, out)
    }

    /// See [`Engine::record_value`].
    pub(crate) fn record_value(&self, position: &ScriptPosition, value: u32) {
        self.engine.record_value(position, value);
    }

    /// The options of `position`, each with its components when it splits: the step of
    /// [`eval`], without the cache.
    pub(crate) fn expand(&self, position: &ScriptPosition) -> Result<Vec<Expanded>> {
        self.engine
            .expand(position, self.has_components)
            .map_err(|(function, at, e)| self.call_error(function, &at.to_string(), e))
    }

    /// The positions one move away from `position`, by the script's `fn options`.
    pub fn options(&self, position: &ScriptPosition) -> Result<Arc<[ScriptPosition]>> {
        self.cached_list(0, "options", position)
    }

    /// The positions `side` can move to from `position`, by the script's
    /// `fn left_options` or `fn right_options` (a partizan script).
    pub fn side_options(
        &self,
        side: Side,
        position: &ScriptPosition,
    ) -> Result<Arc<[ScriptPosition]>> {
        match side {
            Side::Left => self.cached_list(1, "left_options", position),
            Side::Right => self.cached_list(2, "right_options", position),
        }
    }

    /// The list `function(position)` returns, from the cache's map `slot` when it is there.
    fn cached_list(
        &self,
        slot: usize,
        function: &str,
        position: &ScriptPosition,
    ) -> Result<Arc<[ScriptPosition]>> {
        if let Some(o) = self.cache().options[slot].get(position) {
            return Ok(o.clone());
        }
        let list: Arc<[ScriptPosition]> = self.call_list(function, position)?.into();
        let mut cache = self.cache();
        cache.room(1 + list.len());
        cache.options[slot].insert(position.clone(), list.clone());
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
        let value = self.call("components", Some(position))?;
        let parts: Option<Arc<[ScriptPosition]>> = engine::split(position, value)
            .map_err(|e| self.call_error("components", &position.to_string(), e))?
            .map(Into::into);
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

/// The kind of game a rules script defines, by the functions it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScriptKind {
    /// `options(pos)`: both players have the same moves.
    Impartial,
    /// `left_options(pos)` and `right_options(pos)`: each player has moves of their own.
    Partizan,
}

/// The kind of game the script defines, or what is wrong with its functions: it must
/// define `options` or else both `left_options` and `right_options`, never both kinds,
/// each taking exactly one parameter, the position (and so must `components`).
fn kind_of(engine: &dyn Engine, language: Language) -> std::result::Result<ScriptKind, String> {
    let keyword = match language {
        Language::Luau => "function",
        Language::Rhai => "fn",
    };
    let has = |name: &str| engine.has_function(name);
    let kind = match (has("options"), has("left_options"), has("right_options")) {
        (true, false, false) => ScriptKind::Impartial,
        (false, true, true) => ScriptKind::Partizan,
        (true, _, _) => {
            return Err(format!(
                "the script defines both `{keyword} options` (an impartial game: both players \
                 have the same moves) and `{keyword} left_options`/`right_options` (a partizan \
                 game); define one kind only"
            ))
        }
        (false, true, false) | (false, false, true) => {
            let (given, missing) = if has("left_options") {
                ("left_options", "right_options")
            } else {
                ("right_options", "left_options")
            };
            return Err(format!(
                "the script defines `{keyword} {given}` but no `{keyword} {missing}(pos)`: a \
                 partizan game needs both (the positions Left, and Right, can move to)"
            ));
        }
        (false, false, false) => {
            return Err(format!(
                "the script defines no `{keyword} options(pos)`: it must return the array of \
                 positions one move away from `pos` (or, for a partizan game, define \
                 `{keyword} left_options(pos)` and `{keyword} right_options(pos)`)"
            ))
        }
    };
    for name in ["options", "left_options", "right_options", "components"] {
        if has(name) && !engine.defines(name, 1) {
            return Err(format!(
                "`{keyword} {name}` must take exactly one parameter, the position"
            ));
        }
    }
    Ok(kind)
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
mod luau_tests;
#[cfg(test)]
mod partizan_tests;
#[cfg(test)]
mod tests;
