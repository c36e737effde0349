//! Grundy values of a script's positions for tables: the values of single components
//! only are kept, so memory grows with the number of components met, not with the sums.
//!
//! The value of a position that `components` splits is the XOR of its parts' values, and
//! it is not stored; the value of a single component is the mex of its options' values,
//! and it is stored: in a dense array for the integer positions `0..dense` (the heaps of a
//! table, four bytes each) and in a hash map for the others. A heap table asks for heaps
//! `0, 1, 2, …` in order, so a heap game whose options are smaller heaps is computed
//! bottom-up, with one call of the script per heap and no search. The search is iterative
//! (an explicit stack): a game millions of moves deep does not overflow the call stack,
//! and a position met again while it is being evaluated is reported as a cycle.

use super::{engine::Expanded, ScriptPosition, ScriptProgram};
use crate::error::{Error, Result};
use crate::limits::Limits;
use rustc_hash::{FxHashMap, FxHashSet};
use sprague_core::limits::CHECK_EVERY;
use sprague_core::value::Mex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Bytes one stored component costs at most in the hash map (key, value, table slack),
/// for the position limit.
pub(super) const BYTES_PER_POSITION: u64 = 96;

/// Options the script may generate for each position the limits allow to be stored, when
/// the caller set a position limit: a work budget counted in positions (as `sprague
/// pattern` sets) then bounds the work of games with many options a position too, the
/// same on every machine. Without one, the engine's general cap applies.
const OPTIONS_PER_POSITION: u64 = 64;

/// Values of the components of a script's positions, kept across calls.
pub struct Evaluator<'p> {
    program: &'p ScriptProgram,
    /// Values of the integer positions `0..dense.len()`; `UNKNOWN` where not computed.
    dense: Vec<u32>,
    /// Values of the pairs `[a, b]` with `a, b < pair_side`, at `a * pair_side + b`
    /// (a table of pairs, [`Evaluator::share_pairs`]); `UNKNOWN` where not computed.
    pairs: Vec<u32>,
    pair_side: usize,
    /// How many positions the next call of the engine's [`ScriptProgram::solve_run`]
    /// takes, and how many are taken one by one before it is tried again after runs
    /// where it found few values.
    run_length: usize,
    one_by_one: u64,
    misses: u32,
    memo: FxHashMap<ScriptPosition, u32>,
    limits: Limits,
    max_positions: u64,
    /// Options generated so far, and the most allowed. Evaluators working on one table
    /// together count their options in one shared counter ([`Evaluator::share_work`]).
    generated: u64,
    shared_work: Option<Arc<AtomicU64>>,
    /// The components this evaluator has computed since [`Evaluator::take_found`] was
    /// last called, kept only when it works with others.
    found: Option<Vec<(ScriptPosition, u32)>>,
    max_generated: u64,
    evaluated: u64,
    mex: Mex,
}

const UNKNOWN: u32 = u32::MAX;

/// The length of the first run an evaluator hands to the script's engine, and the most.
const FIRST_RUN: usize = 64;
const MAX_RUN: usize = 1024;

/// A run of a table's positions, for [`Evaluator::run_values`]: the heaps
/// `first..first + count`, or with `pair_sum` `Some(d)` the pairs `[a, d − a]` for `a` in
/// that range (a run of one layer of a table of pairs).
#[derive(Debug, Clone, Copy)]
pub struct TableRun {
    /// The first heap, or the first number of the first pair.
    pub first: u64,
    /// How many positions.
    pub count: usize,
    /// The sum of each pair; `None` for heaps.
    pub pair_sum: Option<u64>,
}

impl TableRun {
    /// The run's `i`th position.
    pub fn position(&self, i: usize) -> ScriptPosition {
        let n = self.first + i as u64;
        match self.pair_sum {
            None => ScriptPosition::Int(n as i64),
            Some(d) => {
                let number = |x: u64| ScriptPosition::Int(x as i64);
                ScriptPosition::List(Box::new([number(n), number(d - n)]))
            }
        }
    }

    fn what(&self) -> &'static str {
        match self.pair_sum {
            None => "heaps",
            Some(_) => "positions",
        }
    }
}

/// A component being evaluated: its options (each as its components), the next to look
/// at, and the values of those seen.
struct Frame {
    position: ScriptPosition,
    options: Vec<Vec<ScriptPosition>>,
    next: usize,
    values: Vec<u64>,
}

impl<'p> Evaluator<'p> {
    /// An evaluator whose integer positions `0..dense` are kept in an array (the rest in a
    /// hash map), bounded by `limits` (positions stored, deadline, cancellation).
    pub fn new(program: &'p ScriptProgram, dense: usize, limits: Limits) -> Evaluator<'p> {
        program.share_values(dense, 0);
        Evaluator {
            program,
            dense: vec![UNKNOWN; dense],
            pairs: Vec::new(),
            pair_side: 0,
            run_length: FIRST_RUN,
            one_by_one: 0,
            misses: 0,
            memo: FxHashMap::default(),
            max_positions: limits.max_positions_at(BYTES_PER_POSITION),
            generated: 0,
            shared_work: None,
            found: None,
            max_generated: limits
                .max_positions
                .map_or(Limits::DEFAULT_MAX_OPTIONS, |p| {
                    p.saturating_mul(OPTIONS_PER_POSITION)
                }),
            limits,
            evaluated: 0,
            mex: Mex::default(),
        }
    }

    /// Lets the script's engine keep the values of the pairs `[a, b]` with `a, b < side`
    /// as they become known (besides the heaps below `dense`), so that it can answer an
    /// option made of them by its value without handing the option over (a table of
    /// pairs sets it to its side).
    pub fn share_pairs(&mut self, side: usize) {
        self.program.share_values(self.dense.len(), side);
        if side > self.pair_side {
            let mut pairs = vec![UNKNOWN; side * side];
            for a in 0..self.pair_side {
                for b in 0..self.pair_side {
                    pairs[a * side + b] = self.pairs[a * self.pair_side + b];
                }
            }
            self.pairs = pairs;
            self.pair_side = side;
        }
    }

    /// Where the value of `p` sits among the pairs kept in an array, if it is one.
    fn pair_slot(&self, p: &ScriptPosition) -> Option<usize> {
        let ScriptPosition::List(items) = p else {
            return None;
        };
        let [ScriptPosition::Int(a), ScriptPosition::Int(b)] = &**items else {
            return None;
        };
        self.pair_index(usize::try_from(*a).ok()?, usize::try_from(*b).ok()?)
    }

    /// Where the pair `a b` sits in the flat array of pairs, if it does.
    fn pair_index(&self, a: usize, b: usize) -> Option<usize> {
        (a < self.pair_side && b < self.pair_side).then(|| a * self.pair_side + b)
    }

    /// Counts the options this evaluator generates in `counter`, shared with the others
    /// computing the same table, against the one bound of options generated; and keeps
    /// the components it computes for [`Evaluator::take_found`].
    pub fn share_work(&mut self, counter: Arc<AtomicU64>) {
        counter.fetch_add(self.generated, Ordering::Relaxed);
        self.shared_work = Some(counter);
        self.found = Some(Vec::new());
    }

    /// Every component with a stored value, for another evaluator to [`Evaluator::learn`].
    pub fn stored(&self) -> Vec<(ScriptPosition, u32)> {
        let heaps = self.dense.iter().enumerate().filter(|(_, &v)| v != UNKNOWN);
        let side = self.pair_side.max(1);
        let pairs = self.pairs.iter().enumerate().filter(|(_, &v)| v != UNKNOWN);
        let pair = |i: usize| {
            let number = |x: usize| ScriptPosition::Int(x as i64);
            ScriptPosition::List(Box::new([number(i / side), number(i % side)]))
        };
        heaps
            .map(|(n, &v)| (ScriptPosition::Int(n as i64), v))
            .chain(pairs.map(|(i, &v)| (pair(i), v)))
            .chain(self.memo.iter().map(|(p, &v)| (p.clone(), v)))
            .collect()
    }

    /// The components computed here since the last call, with their values, for the
    /// other evaluators of the same script to [`Evaluator::learn`].
    pub fn take_found(&mut self) -> Vec<(ScriptPosition, u32)> {
        self.found.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// Takes the value `v` of the component `p`, computed by another evaluator of the
    /// same script.
    pub fn learn(&mut self, p: &ScriptPosition, v: u32) -> Result<()> {
        if self.known(p).is_some() {
            return Ok(());
        }
        let log = self.found.take();
        let stored = self.store(p.clone(), u64::from(v));
        self.found = log;
        stored
    }

    /// How many components have a stored value.
    pub fn components_stored(&self) -> u64 {
        self.evaluated
    }

    /// The value of `p` if it is a component already evaluated (no work is done).
    pub fn known_value(&self, p: &ScriptPosition) -> Option<u64> {
        self.known(p)
    }

    fn known(&self, p: &ScriptPosition) -> Option<u64> {
        if let ScriptPosition::Int(n) = p {
            if let Some(&v) = usize::try_from(*n).ok().and_then(|i| self.dense.get(i)) {
                return (v != UNKNOWN).then_some(u64::from(v));
            }
        }
        if let Some(i) = self.pair_slot(p) {
            let v = self.pairs[i];
            return (v != UNKNOWN).then_some(u64::from(v));
        }
        self.memo.get(p).map(|&v| u64::from(v))
    }

    fn store(&mut self, p: ScriptPosition, v: u64) -> Result<()> {
        let v = u32::try_from(v)
            .ok()
            .filter(|&v| v != UNKNOWN)
            .ok_or_else(|| {
                Error::unsupported(format!(
                    "{}: the Grundy value of {p} is {v}, larger than a table holds",
                    self.program.spec()
                ))
            })?;
        self.evaluated += 1;
        self.program.record_value(&p, v);
        if let Some(log) = &mut self.found {
            log.push((p.clone(), v));
        }
        if let ScriptPosition::Int(n) = &p {
            if let Some(slot) = usize::try_from(*n).ok().and_then(|i| self.dense.get_mut(i)) {
                *slot = v;
                return Ok(());
            }
        }
        if let Some(i) = self.pair_slot(&p) {
            self.pairs[i] = v;
            return Ok(());
        }
        if self.memo.len() as u64 >= self.max_positions {
            return Err(Error::Limit {
                what: "components of positions stored".into(),
                limit: self.max_positions,
            });
        }
        self.memo.insert(p, v);
        Ok(())
    }

    /// The components of `p` (itself when it is one), splitting parts that split again.
    fn atoms(&self, p: ScriptPosition, out: &mut Vec<ScriptPosition>) -> Result<()> {
        // The common case, a known component or a script without `components`, needs no
        // work list (this runs for every part of every option).
        if self.known(&p).is_some() || !self.program.has_components() {
            out.push(p);
            return Ok(());
        }
        let mut todo = vec![p];
        while let Some(p) = todo.pop() {
            if self.known(&p).is_some() || !self.program.has_components() {
                out.push(p);
                continue;
            }
            match self.program.call("components", Some(&p))? {
                None => out.push(p),
                Some(v) => match super::engine::split(&p, Some(v)) {
                    Ok(None) => out.push(p),
                    Ok(Some(parts)) => todo.extend(parts),
                    Err(e) => return Err(self.program.call_error("components", &p.to_string(), e)),
                },
            }
            if todo.len() + out.len() > super::LIMITS.array_size {
                return Err(Error::Limit {
                    what: "components of one position".into(),
                    limit: super::LIMITS.array_size as u64,
                });
            }
        }
        Ok(())
    }

    /// Counts `n` options generated against the bound.
    fn count_generated(&mut self, n: u64) -> Result<()> {
        self.generated += n;
        let generated = match &self.shared_work {
            Some(c) => c.fetch_add(n, Ordering::Relaxed) + n,
            None => self.generated,
        };
        if generated > self.max_generated {
            return Err(Error::Limit {
                what: "options generated".into(),
                limit: self.max_generated,
            });
        }
        Ok(())
    }

    fn frame(&mut self, position: ScriptPosition) -> Result<Frame> {
        let expanded = self.program.expand(&position)?;
        self.count_generated(expanded.len() as u64)?;
        let mut options = Vec::with_capacity(expanded.len());
        let mut values = Vec::with_capacity(expanded.len());
        for e in expanded {
            let (option, parts) = match e {
                Expanded::Known(v) => {
                    values.push(v);
                    continue;
                }
                Expanded::Move { option, parts } => (option, parts),
            };
            if parts.is_none() {
                // One component: known now, or searched as itself.
                if let Some(v) = self.known(&option) {
                    values.push(v);
                    continue;
                }
                if !self.program.has_components() {
                    options.push(vec![option]);
                    continue;
                }
            }
            let mut atoms = Vec::new();
            match parts {
                // Parts are split again only if they are not known components.
                Some(parts) => {
                    for part in parts {
                        self.atoms(part, &mut atoms)?;
                    }
                }
                None => atoms.push(option),
            }
            options.push(atoms);
        }
        Ok(Frame {
            position,
            values,
            options,
            next: 0,
        })
    }

    /// The values of `run`'s positions, in order, appended to `found`; the first error
    /// ends it. `before` counts the table's positions before the run, for the checks of
    /// the deadline and Ctrl-C.
    ///
    /// A table's positions come in order, so most of their options have known values:
    /// the script's engine then works out runs of them without a round trip to Rust for
    /// each ([`ScriptProgram::solve_run`]), and the positions it leaves are searched
    /// here. The values are the same either way. Runs are sized so that one call of the
    /// engine stays well inside the operations a call may run; where runs find few
    /// values (moves that stay in the layer), positions are taken one by one for a
    /// while, for twice as long after each such run.
    pub fn run_values(&mut self, run: TableRun, before: u64, found: &mut Vec<u64>) -> Result<()> {
        let what = run.what();
        let mut solved = Vec::new();
        let mut i = 0;
        while i < run.count {
            let at = before + i as u64;
            if self.one_by_one > 0 {
                self.one_by_one -= 1;
                self.limits.check_every(at, what)?;
                found.push(self.value(&run.position(i))?);
                i += 1;
                continue;
            }
            let n = self.run_length.min(run.count - i);
            // A check wherever one by one would have made one.
            if self.limits.watched()
                && (at.div_ceil(CHECK_EVERY) != (at + n as u64).div_ceil(CHECK_EVERY))
            {
                self.limits.check(at, what)?;
            }
            solved.clear();
            solved.resize(n, None);
            let work = self
                .program
                .solve_run(run.first + i as u64, run.pair_sum, &mut solved);
            self.count_generated(work.generated)?;
            let per_position = (work.operations / n as u64).max(1);
            self.run_length =
                (super::LIMITS.operations / 8 / per_position).clamp(1, MAX_RUN as u64) as usize;
            let mut hits = 0;
            for (j, v) in solved.iter().enumerate() {
                let Some(v) = *v else { continue };
                hits += 1;
                let p = run.first + (i + j) as u64;
                match run.pair_sum {
                    None => {
                        if let Some(slot) = self.dense.get_mut(p as usize) {
                            *slot = v;
                        }
                    }
                    Some(d) => {
                        if let Some(slot) = self.pair_index(p as usize, (d - p) as usize) {
                            self.pairs[slot] = v;
                        }
                    }
                }
            }
            self.evaluated += hits;
            if 2 * hits < n as u64 {
                self.misses = (self.misses + 1).min(16);
                self.one_by_one = 1 << self.misses;
            } else {
                self.misses = 0;
            }
            for (j, v) in solved.iter().enumerate() {
                match *v {
                    Some(v) => found.push(u64::from(v)),
                    None => found.push(self.value(&run.position(i + j))?),
                }
            }
            i += n;
        }
        Ok(())
    }

    /// The Grundy value of `position`: the XOR of its components' values.
    pub fn value(&mut self, position: &ScriptPosition) -> Result<u64> {
        if let Some(v) = self.known(position) {
            return Ok(v);
        }
        let mut atoms = Vec::new();
        self.atoms(position.clone(), &mut atoms)?;
        let mut x = 0;
        for a in atoms {
            x ^= self.component(a)?;
        }
        Ok(x)
    }

    /// The value of one component, searching its options iteratively.
    fn component(&mut self, root: ScriptPosition) -> Result<u64> {
        if let Some(v) = self.known(&root) {
            return Ok(v);
        }
        let mut on_stack: FxHashSet<ScriptPosition> = FxHashSet::default();
        on_stack.insert(root.clone());
        let mut stack = vec![self.frame(root)?];
        loop {
            let top = stack
                .last_mut()
                .expect("the stack holds the root until it is done");
            // The next option whose components are all known, or the first unknown one.
            let mut unknown = None;
            while top.next < top.options.len() {
                let mut x = 0;
                for a in &top.options[top.next] {
                    match self.known(a) {
                        Some(v) => x ^= v,
                        None => {
                            unknown = Some(a.clone());
                            break;
                        }
                    }
                }
                if unknown.is_some() {
                    break;
                }
                top.values.push(x);
                top.next += 1;
            }
            if let Some(a) = unknown {
                if !on_stack.insert(a.clone()) {
                    return Err(Error::Cycle(format!(
                        "{}: the position {a} can be reached from itself, so play may never end",
                        self.program.spec()
                    )));
                }
                self.limits.check_every(self.evaluated, "positions")?;
                let f = self.frame(a)?;
                stack.push(f);
                continue;
            }
            let done = stack.pop().expect("checked above");
            self.mex.clear();
            self.mex.extend(done.values.iter().copied());
            let v = self.mex.value();
            on_stack.remove(&done.position);
            self.store(done.position, v)?;
            if stack.is_empty() {
                return Ok(v);
            }
        }
    }
}
