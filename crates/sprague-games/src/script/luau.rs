//! Rules scripts in Luau (`.luau`, `.lua`), the fast engine, behind [`Engine`].
//!
//! The state is sandboxed: only the `table`, `string`, `math`, `bit32` and `utf8` libraries
//! (no `os`, `io`, `require`, `loadstring`, `collectgarbage`, `getfenv`, `setfenv`;
//! `print` does nothing), the libraries and the script's globals read-only
//! (`Lua::sandbox`). Every call is bounded: an interrupt counts the operations (loop
//! iterations and function calls) against [`LIMITS`]`.operations` and the nested calls
//! against [`LIMITS`]`.call_depth`, and the state's memory is capped at [`MEMORY`].
//!
//! A position's options come back flattened into one buffer (`luau_flat.rs`), the slow
//! way value by value only when that cannot say them exactly.
//!
//! Luau's numbers are doubles: a position's integers travel as numbers and must be
//! integers of at most 2^53 in size, both ways.

use super::engine::{split, CallError, Engine, Expanded, RunWork};
use super::position::MAX_DEPTH;
use super::{luau_flat, luau_tally};
use super::{ScriptPosition, LIMITS};
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::io::Read;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// The most memory the Luau state of one script may hold (its functions, tables and the
/// garbage not yet collected).
pub const MEMORY: usize = 256 << 20;

/// The largest integer a Luau number holds exactly.
const EXACT: i64 = 1 << 53;

/// What stopped a call, as the interrupt found it (the error it raises carries no line).
const STOPPED_OPERATIONS: usize = 1;
const STOPPED_DEPTH: usize = 2;

/// Runs every option through `components` inside Luau, so that a position's options and
/// their parts come back from one call: `{options, parts}`, `parts[i]` false when option
/// `i` is one component.
const EXPAND: &str = r#"
local options, components = ...
return function(pos)
    local opts = options(pos)
    if type(opts) ~= "table" or components == nil then
        return opts, nil
    end
    local parts = table.create(#opts, false)
    for i = 1, #opts do
        local c = components(opts[i])
        if c ~= nil then parts[i] = c end
    end
    return opts, parts
end
"#;

/// The buffers in the script's state that hold the values Rust records: heaps
/// `0..heaps` and pairs `[a, b]` with `a, b < side`, four bytes each.
struct Recorded {
    heap_values: mlua::Buffer,
    heaps: usize,
    pair_values: mlua::Buffer,
    side: usize,
}

/// A compiled Luau script.
pub(crate) struct LuauScript {
    lua: Lua,
    functions: Vec<(String, Function)>,
    expand: Option<Function>,
    /// The same as `expand`, flattened into a buffer (`luau_flat::FLATTEN`).
    flatten: Option<Function>,
    /// Makes room for recorded values (`luau_flat::FLATTEN`), and where they are.
    share: Option<Function>,
    /// Works out a run of a table's positions inside Luau (`luau_flat::FLATTEN`), with
    /// the buffer it writes them to.
    solve: Option<Function>,
    run_out: Mutex<Option<mlua::Buffer>>,
    recorded: Mutex<Option<Recorded>>,
    /// The recorded values of components outside those tables (`luau_flat::Recorded`),
    /// kept while values are shared.
    others: Mutex<luau_flat::Recorded>,
    operations: Arc<AtomicU64>,
    stopped: Arc<AtomicUsize>,
    /// The line the interrupt saw when it stopped a call.
    stopped_line: Arc<AtomicUsize>,
    /// The interrupt's cheap counter; declared after `lua`, so dropped after the state
    /// whose interrupt reads it.
    tally: Option<Box<luau_tally::Tally>>,
}

fn lua_error(e: &mlua::Error) -> (Option<usize>, String) {
    let text = match e {
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::MemoryError(_) => {
            format!("the script used more than {} MiB of memory", MEMORY >> 20)
        }
        mlua::Error::CallbackError { cause, .. } => return lua_error(cause),
        other => other.to_string(),
    };
    // The message is `script:LINE: what` followed by a traceback.
    let first = text.split("\nstack traceback").next().unwrap_or("").trim();
    if let Some(rest) = first.strip_prefix("script:") {
        if let Some((line, what)) = rest.split_once(':') {
            if let Ok(l) = line.parse() {
                return (Some(l), what.trim().to_string());
            }
        }
    }
    (None, first.to_string())
}

impl LuauScript {
    /// Compiles and runs `text` (its top level defines the functions), bounded as a call.
    pub(crate) fn compile(text: &str) -> Result<LuauScript, String> {
        // `buffer` is the flattening's; a script may use it too (bounded by the memory cap).
        let libs = StdLib::TABLE
            | StdLib::STRING
            | StdLib::MATH
            | StdLib::BIT
            | StdLib::UTF8
            | StdLib::BUFFER;
        let lua = Lua::new_with(libs, LuaOptions::new()).map_err(|e| e.to_string())?;
        let setup = || -> mlua::Result<Function> {
            lua.set_memory_limit(MEMORY)?;
            let g = lua.globals();
            for name in [
                "require",
                "loadstring",
                "collectgarbage",
                "getfenv",
                "setfenv",
                "newproxy",
                "gcinfo",
            ] {
                g.raw_set(name, Value::Nil)?;
            }
            g.raw_set("print", lua.create_function(|_, ()| Ok(()))?)?;
            // Calls of `setmetatable` go to the global (the wrapper of METATABLES), not to
            // the built-in fast path that would bypass it.
            lua.set_compiler(mlua::chunk::Compiler::new().set_mutable_globals(["setmetatable"]));
            let metatables = lua
                .load(luau_flat::METATABLES)
                .set_name("=metatables")
                .into_function()?
                .call::<Function>(())?;
            lua.sandbox(true)?;
            // Native code for the script's functions where the machine has Luau's code
            // generator (x86-64, arm64); the interpreter elsewhere. Limits hold alike.
            lua.enable_jit(true);
            // Collect garbage when the heap has grown to four times what was live (Luau's
            // default is twice): a script makes a short table for every option, and its
            // live data is small, so this halves the collector's work for little memory.
            lua.gc_set_mode(mlua::prelude::LuaGcMode::Incremental(
                mlua::prelude::LuaGcIncParams::default().goal(400),
            ));
            Ok(metatables)
        };
        let metatables = setup().map_err(|e| e.to_string())?;
        let operations = Arc::new(AtomicU64::new(0));
        let stopped = Arc::new(AtomicUsize::new(0));
        let stopped_line = Arc::new(AtomicUsize::new(0));
        // Operations each call of the callback stands for: 1, or the tally's stride once
        // the tally counts in front of it (luau_tally.rs).
        let step = Arc::new(AtomicU64::new(1));
        {
            let (ops, stop, line) = (operations.clone(), stopped.clone(), stopped_line.clone());
            let step = step.clone();
            lua.set_interrupt(move |lua| {
                let s = step.load(Ordering::Relaxed);
                let n = ops.fetch_add(s, Ordering::Relaxed);
                let why = if n >= LIMITS.operations {
                    STOPPED_OPERATIONS
                } else if (s > 1 || n % 64 == 0)
                    && lua.inspect_stack(LIMITS.call_depth + 1, |_| ()).is_some()
                {
                    STOPPED_DEPTH
                } else {
                    return Ok(VmState::Continue);
                };
                stop.store(why, Ordering::Relaxed);
                let at = lua
                    .inspect_stack(0, |d| d.current_line())
                    .flatten()
                    .unwrap_or(0);
                line.store(at, Ordering::Relaxed);
                Err(mlua::Error::runtime("stopped"))
            });
        }
        let tally = luau_tally::install(&lua);
        if tally.is_some() {
            step.store(u64::from(luau_tally::STRIDE), Ordering::Relaxed);
        }
        let script = LuauScript {
            lua,
            functions: Vec::new(),
            expand: None,
            flatten: None,
            share: None,
            solve: None,
            run_out: Mutex::new(None),
            recorded: Mutex::new(None),
            others: Mutex::default(),
            operations,
            stopped,
            stopped_line,
            tally,
        };
        script.reset();
        let chunk = script.lua.load(text).set_name("=script");
        if let Err(e) = chunk.exec() {
            let (line, message) = script.failure(&e);
            let what = if matches!(e, mlua::Error::SyntaxError { .. }) {
                "syntax error"
            } else {
                "the script failed when it was loaded"
            };
            return Err(format!("{what}{}: {message}", super::at(line, None)));
        }
        let mut script = script;
        let globals = script.lua.globals();
        for name in [
            "options",
            "left_options",
            "right_options",
            "components",
            "shape",
            super::SMALL_POSITIONS,
            super::RANDOM_POSITION,
        ] {
            match globals.get::<Value>(name) {
                Ok(Value::Function(f)) => script.functions.push((name.to_string(), f)),
                Ok(Value::Nil) => {}
                _ => return Err(format!("`{name}` must be a function")),
            }
        }
        // Which functions a script must define (and with which parameters) is checked
        // by the caller, for both languages alike; a partizan script has no `options`.
        let Some(options) = script.function("options").cloned() else {
            return Ok(script);
        };
        // `components` as the rest of `script` sees it: defined with one parameter.
        let components = if script.defines("components", 1) {
            script.function("components").cloned()
        } else {
            None
        };
        let expand = script
            .lua
            .load(EXPAND)
            .set_name("=expand")
            .into_function()
            .and_then(|f| f.call::<Function>((options.clone(), components.clone())))
            .map_err(|e| e.to_string())?;
        script.expand = Some(expand);
        let (flatten, share, solve) = script
            .lua
            .load(luau_flat::FLATTEN)
            .set_name("=flatten")
            .into_function()
            .and_then(|f| {
                f.call::<(Function, Function, Function)>((
                    options, components, MAX_DEPTH, metatables,
                ))
            })
            .map_err(|e| e.to_string())?;
        script.flatten = Some(flatten);
        script.share = Some(share);
        script.solve = Some(solve);
        Ok(script)
    }

    fn function(&self, name: &str) -> Option<&Function> {
        self.functions
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, f)| f)
    }

    fn reset(&self) {
        if let Some(t) = &self.tally {
            t.reset();
        }
        self.operations.store(0, Ordering::Relaxed);
        self.stopped.store(0, Ordering::Relaxed);
    }

    /// The line and message of a failed call.
    fn failure(&self, e: &mlua::Error) -> (Option<usize>, String) {
        let line = || Some(self.stopped_line.load(Ordering::Relaxed)).filter(|&l| l > 0);
        match self.stopped.load(Ordering::Relaxed) {
            STOPPED_OPERATIONS => (
                line(),
                format!(
                    "it ran more than {} operations in one call (an endless loop?)",
                    LIMITS.operations
                ),
            ),
            STOPPED_DEPTH => (
                line(),
                format!(
                    "function calls nested deeper than {} (an endless recursion?)",
                    LIMITS.call_depth
                ),
            ),
            _ => lua_error(e),
        }
    }

    fn to_lua(&self, p: &ScriptPosition) -> Result<Value, CallError> {
        Ok(match p {
            ScriptPosition::Int(n) => {
                if n.unsigned_abs() > EXACT as u64 {
                    return Err(CallError::Failed {
                        line: None,
                        column: None,
                        message: format!(
                            "the integer {n} is larger than 2^53, the most a Luau number holds exactly"
                        ),
                    });
                }
                Value::Number(*n as f64)
            }
            ScriptPosition::Str(s) => Value::String(self.lua.create_string(&**s).map_err(mem)?),
            ScriptPosition::List(items) => {
                let t = self
                    .lua
                    .create_table_with_capacity(items.len(), 0)
                    .map_err(mem)?;
                for (i, item) in items.iter().enumerate() {
                    t.raw_set(i + 1, self.to_lua(item)?).map_err(mem)?;
                }
                Value::Table(t)
            }
        })
    }

    fn run(
        &self,
        f: &Function,
        arg: Option<&ScriptPosition>,
    ) -> Result<mlua::MultiValue, CallError> {
        let arg = match arg {
            Some(p) => Some(self.to_lua(p)?),
            None => None,
        };
        self.reset();
        let result = match arg {
            Some(a) => f.call::<mlua::MultiValue>(a),
            None => f.call::<mlua::MultiValue>(()),
        };
        result.map_err(|e| {
            let (line, message) = self.failure(&e);
            CallError::Failed {
                line,
                column: None,
                message,
            }
        })
    }
}

impl LuauScript {
    /// The options of `position` through the flattening function, or `None` when they
    /// must be read the slow way (which then names what is wrong with them).
    #[allow(clippy::type_complexity)]
    pub(super) fn expand_flat(
        &self,
        position: &ScriptPosition,
        has_components: bool,
    ) -> Result<Option<Vec<Expanded>>, (&'static str, ScriptPosition, CallError)> {
        let Some(flatten) = &self.flatten else {
            return Ok(None);
        };
        let values = self
            .run(flatten, Some(position))
            .map_err(|e| (blame(&e), position.clone(), e))?;
        let (Some(len), Some(Value::Buffer(buffer)), Some(Value::Table(strings))) =
            (values.front(), values.get(1), values.get(2))
        else {
            return Ok(None);
        };
        let len = match len {
            Value::Integer(n) => usize::try_from(*n).ok(),
            Value::Number(x) if x.fract() == 0.0 && *x >= 0.0 => Some(*x as usize),
            _ => None,
        };
        let Some(len) = len.filter(|&n| n <= buffer.len()) else {
            return Ok(None);
        };
        let slow = |e: mlua::Error| ("options", position.clone(), mem(e));
        let mut bytes = vec![0; len];
        buffer
            .clone()
            .cursor()
            .read_exact(&mut bytes)
            .map_err(|e| slow(mlua::Error::external(e)))?;
        let mut texts = Vec::new();
        for i in 1..=strings.raw_len() {
            let s: mlua::LuaString = strings.raw_get(i).map_err(slow)?;
            match s.to_str() {
                Ok(s) => texts.push(Box::from(&*s)),
                Err(_) => return Ok(None),
            }
        }
        let others = self.others.lock().ok();
        let Some(mut out) = luau_flat::read(&bytes, &texts, others.as_deref()) else {
            return Ok(None);
        };
        // A caller that asks for no components gets none (the flattening is given
        // `components` only where the script defines it with one parameter).
        if !has_components {
            for e in &mut out {
                if let Expanded::Move { parts, .. } = e {
                    *parts = None;
                }
            }
        }
        Ok(Some(out))
    }
}

fn mem(e: mlua::Error) -> CallError {
    CallError::Failed {
        line: None,
        column: None,
        message: lua_error(&e).1,
    }
}

/// The position a Luau value stands for, or what it is instead.
fn position(v: &Value, depth: usize) -> Result<ScriptPosition, String> {
    match v {
        Value::Integer(i) => Ok(ScriptPosition::Int(*i)),
        Value::Number(x) => {
            if x.fract() == 0.0 && x.abs() <= EXACT as f64 {
                Ok(ScriptPosition::Int(*x as i64))
            } else {
                Err(format!(
                    "a number that is not an integer of at most 2^53 ({x})"
                ))
            }
        }
        Value::String(s) => match s.to_str() {
            Ok(s) => Ok(ScriptPosition::Str((*s).into())),
            Err(_) => Err("a string that is not UTF-8".into()),
        },
        Value::Table(t) => {
            if depth >= MAX_DEPTH {
                return Err(format!("tables nested more than {MAX_DEPTH} deep"));
            }
            list(t, depth)
        }
        Value::Nil => Err("nothing (`nil`)".into()),
        Value::Boolean(b) => Err(format!("a boolean ({b})")),
        other => Err(format!("a value of type {}", other.type_name())),
    }
}

fn list(t: &Table, depth: usize) -> Result<ScriptPosition, String> {
    let n = t.raw_len();
    let mut items = Vec::with_capacity(n);
    for i in 1..=n {
        let v: Value = t.raw_get(i).map_err(|e| e.to_string())?;
        items.push(position(&v, depth + 1).map_err(|what| {
            if depth == 0 {
                format!("a table whose element {i} is {what}")
            } else {
                what
            }
        })?);
    }
    if n == 0 && t.clone().pairs::<Value, Value>().next().is_some() {
        return Err("a table with keys other than 1, 2, 3, … (positions are arrays)".into());
    }
    Ok(ScriptPosition::List(items.into_boxed_slice()))
}

fn returned(v: Option<&Value>) -> Result<Option<ScriptPosition>, CallError> {
    match v {
        None | Some(Value::Nil) => Ok(None),
        Some(v) => position(v, 0).map(Some).map_err(CallError::Returned),
    }
}

impl Engine for LuauScript {
    fn has_function(&self, name: &str) -> bool {
        self.function(name).is_some()
    }

    fn defines(&self, name: &str, arity: usize) -> bool {
        self.function(name)
            .is_some_and(|f| usize::from(f.info().num_params) == arity)
    }

    fn line_of(&self, name: &str) -> usize {
        self.function(name)
            .and_then(|f| f.info().line_defined)
            .unwrap_or(0)
    }

    fn call(
        &self,
        name: &str,
        arg: Option<&ScriptPosition>,
    ) -> Result<Option<ScriptPosition>, CallError> {
        let Some(f) = self.function(name) else {
            return Err(CallError::Failed {
                line: None,
                column: None,
                message: format!("the script defines no `{name}`"),
            });
        };
        let values = self.run(f, arg)?;
        returned(values.front())
    }

    fn share_values(&self, heaps: usize, side: usize) {
        let Some(share) = &self.share else { return };
        let Ok(mut recorded) = self.recorded.lock() else {
            return;
        };
        if recorded
            .as_ref()
            .is_some_and(|r| r.heaps >= heaps && r.side >= side)
        {
            return;
        }
        // A state out of memory only shares nothing: options then travel whole.
        self.reset();
        if let Ok((heap_values, heaps, pair_values, side)) =
            share.call::<(mlua::Buffer, usize, mlua::Buffer, usize)>((heaps, side))
        {
            *recorded = Some(Recorded {
                heap_values,
                heaps,
                pair_values,
                side,
            });
        }
    }

    fn record_value(&self, position: &ScriptPosition, value: u32) {
        let Ok(recorded) = self.recorded.lock() else {
            return;
        };
        let Some(r) = recorded.as_ref() else { return };
        let bytes = value.to_le_bytes();
        match position {
            ScriptPosition::Int(n) => {
                if let Some(i) = usize::try_from(*n).ok().filter(|&i| i < r.heaps) {
                    r.heap_values.write_bytes(i * 4, &bytes);
                    return;
                }
            }
            ScriptPosition::List(items) => {
                if let [ScriptPosition::Int(a), ScriptPosition::Int(b)] = &**items {
                    let a = usize::try_from(*a).ok().filter(|&a| a < r.side);
                    let b = usize::try_from(*b).ok().filter(|&b| b < r.side);
                    if let (Some(a), Some(b)) = (a, b) {
                        r.pair_values.write_bytes((a * r.side + b) * 4, &bytes);
                        return;
                    }
                }
            }
            ScriptPosition::Str(_) => return,
        }
        if let Ok(mut others) = self.others.lock() {
            others.insert(position, value);
        }
    }

    fn solve_run(&self, first: u64, pair_sum: Option<u64>, out: &mut [Option<u32>]) -> RunWork {
        out.fill(None);
        let n = out.len();
        let (Some(solve), Ok(mut held)) = (&self.solve, self.run_out.lock()) else {
            return RunWork::default();
        };
        // Positions past 2^53 are not numbers Luau holds exactly (a table never has them).
        let last = first.saturating_add(n as u64).max(pair_sum.unwrap_or(0));
        if self.recorded.lock().map_or(true, |r| r.is_none()) || last > EXACT as u64 {
            return RunWork::default();
        }
        let bytes = (n + 1) * 4;
        if held.as_ref().is_none_or(|b| b.len() < bytes) {
            match self
                .lua
                .create_buffer_with_capacity(bytes.next_power_of_two())
            {
                Ok(b) => *held = Some(b),
                Err(_) => return RunWork::default(),
            }
        }
        let Some(buffer) = held.as_ref() else {
            return RunWork::default();
        };
        self.reset();
        // A failure leaves the positions after it unknown; the caller's own calls then
        // report it.
        let _ = solve.call::<()>((first as f64, n, pair_sum.map(|d| d as f64), buffer));
        let operations = self.operations.load(Ordering::Relaxed);
        let mut read = vec![0; bytes];
        if buffer.clone().cursor().read_exact(&mut read).is_err() {
            return RunWork {
                generated: 0,
                operations,
            };
        }
        let word =
            |i: usize| u32::from_le_bytes(read[i * 4..i * 4 + 4].try_into().expect("four bytes"));
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = Some(word(i)).filter(|&v| v != u32::MAX);
        }
        RunWork {
            generated: u64::from(word(n)),
            operations,
        }
    }

    fn expand(
        &self,
        position: &ScriptPosition,
        has_components: bool,
    ) -> Result<Vec<Expanded>, (&'static str, ScriptPosition, CallError)> {
        match self.expand_flat(position, has_components)? {
            Some(out) => Ok(out),
            None => self.expand_slow(position, has_components),
        }
    }
}

impl LuauScript {
    /// The options of `position` read value by value from the tables the script
    /// returned: the way that names what is wrong with them.
    #[allow(clippy::type_complexity)]
    pub(super) fn expand_slow(
        &self,
        position: &ScriptPosition,
        has_components: bool,
    ) -> Result<Vec<Expanded>, (&'static str, ScriptPosition, CallError)> {
        let Some(expand) = &self.expand else {
            let message = "the script defines no `function options(pos)`".to_string();
            let e = CallError::Failed {
                line: None,
                column: None,
                message,
            };
            return Err(("options", position.clone(), e));
        };
        let values = self
            .run(expand, Some(position))
            .map_err(|e| (blame(&e), position.clone(), e))?;
        let opts = match values.front() {
            Some(Value::Table(t)) => t.clone(),
            other => {
                let what = match returned(other) {
                    Ok(Some(p)) => super::position::kind(&p),
                    Ok(None) => "nothing (`nil`)".into(),
                    Err(CallError::Returned(w)) => w,
                    Err(e) => return Err(("options", position.clone(), e)),
                };
                return Err(("options", position.clone(), CallError::Returned(what)));
            }
        };
        let parts = match values.get(1) {
            Some(Value::Table(t)) if has_components => Some(t),
            _ => None,
        };
        let n = opts.raw_len();
        let mut out = Vec::with_capacity(n);
        for i in 1..=n {
            let v: Value = opts
                .raw_get(i)
                .map_err(|e| ("options", position.clone(), mem(e)))?;
            let option = super::luau::position(&v, 1).map_err(|what| {
                (
                    "options",
                    position.clone(),
                    CallError::Returned(format!("a table whose element {i} is {what}")),
                )
            })?;
            let split_parts = match parts {
                Some(p) => {
                    let c: Value = p
                        .raw_get(i)
                        .map_err(|e| ("components", option.clone(), mem(e)))?;
                    let c = match c {
                        Value::Boolean(false) => None,
                        other => Some(other),
                    };
                    let r = returned(c.as_ref()).map_err(|e| ("components", option.clone(), e))?;
                    split(&option, r).map_err(|e| ("components", option.clone(), e))?
                }
                None => None,
            };
            out.push(Expanded::Move {
                option,
                parts: split_parts,
            });
        }
        Ok(out)
    }
}

/// Which function a failure inside the expansion belongs to: the one on the line that
/// failed is not known, so `options` unless the script has only failed in `components`.
fn blame(_e: &CallError) -> &'static str {
    "options"
}
