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
        heaps
            .map(|(n, &v)| (ScriptPosition::Int(n as i64), v))
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

    fn frame(&mut self, position: ScriptPosition) -> Result<Frame> {
        let expanded = self.program.expand(&position)?;
        self.generated += expanded.len() as u64;
        let generated = match &self.shared_work {
            Some(c) => {
                c.fetch_add(expanded.len() as u64, Ordering::Relaxed) + expanded.len() as u64
            }
            None => self.generated,
        };
        if generated > self.max_generated {
            return Err(Error::Limit {
                what: "options generated".into(),
                limit: self.max_generated,
            });
        }
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
