//! Partizan rules scripts: a script that defines `left_options(pos)` and
//! `right_options(pos)` (and optionally `components(pos)`) is a partizan game, solved by
//! the same generic canonical-form engine as the catalogue's rulesets: [`ScriptRuleset`]
//! is a [`Ruleset`] whose positions are sums of script positions, made a catalogue game by
//! the one [`RulesetGame`]. Nothing partizan is computed here.
//!
//! A position is written as for impartial scripts (`words`): components separated by `+`,
//! each an integer, a string or an array. A move changes one component to one of the
//! options the script gives for the player moving; `components` splits a position the
//! search meets into independent parts (once: the parts are not split again).
//!
//! [`Ruleset::options`] cannot fail, so, as for impartial scripts, the first failure of the
//! script in a request is kept, no position has options from then on (the search winds
//! down at once), and [`Listed::finish`] answers the failure instead of the verdict. Each
//! request gets fresh rules through [`Listed::for_position`].

use super::words::{parse, write_component, write_position};
use super::{ScriptKind, ScriptPosition, ScriptProgram};
use crate::error::{Error, Result};
use crate::interface::{Game, Method, SolveOptions};
use crate::partizan::rulesets::game::{searched, Listed, RulesetGame};
use sprague_core::partizan::canonical::Context;
use sprague_core::partizan::rules::Ruleset;
use sprague_core::value::Side;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// A position of a partizan script: the components of a sum (one for a single position).
pub type ScriptSum = Vec<ScriptPosition>;

/// The rules of a partizan script, for one request: the script's first failure is kept.
pub struct ScriptRuleset {
    program: Arc<ScriptProgram>,
    failed: AtomicBool,
    failure: Mutex<Option<Error>>,
}

impl ScriptRuleset {
    /// Fresh rules (no failure recorded) over a compiled partizan program; an impartial
    /// one is refused.
    pub fn new(program: Arc<ScriptProgram>) -> Result<ScriptRuleset> {
        if program.kind() != ScriptKind::Partizan {
            return Err(Error::parse(format!(
                "{}: the script defines `options`, an impartial game, not `left_options` and \
                 `right_options`",
                program.spec()
            )));
        }
        Ok(ScriptRuleset {
            program,
            failed: AtomicBool::new(false),
            failure: Mutex::new(None),
        })
    }

    /// The compiled program.
    pub fn program(&self) -> &Arc<ScriptProgram> {
        &self.program
    }

    fn record(&self, e: Error) {
        let mut f = self.failure.lock().unwrap_or_else(|e| e.into_inner());
        if f.is_none() {
            *f = Some(e);
        }
        self.failed.store(true, Ordering::Relaxed);
    }

    fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// The options of `side` in one component, or none once the script has failed.
    fn component_options(&self, c: &ScriptPosition, side: Side) -> Arc<[ScriptPosition]> {
        if self.failed() {
            return Arc::from([]);
        }
        match self.program.side_options(side, c) {
            Ok(list) => list,
            Err(e) => {
                self.record(e);
                Arc::from([])
            }
        }
    }

    /// Calls `f(i, option)` for each option of `side` in each component `i` of `p`.
    fn each_option(&self, p: &ScriptSum, side: Side, mut f: impl FnMut(usize, &ScriptPosition)) {
        for (i, c) in p.iter().enumerate() {
            // Equal components offer the same moves.
            if p[..i].contains(c) {
                continue;
            }
            for o in self.component_options(c, side).iter() {
                f(i, o);
            }
        }
    }
}

/// `p` with its component `i` replaced by `option`.
fn replaced(p: &ScriptSum, i: usize, option: &ScriptPosition) -> ScriptSum {
    let mut q = p.clone();
    q[i] = option.clone();
    q
}

impl Ruleset for ScriptRuleset {
    type Position = ScriptSum;

    fn name(&self) -> &str {
        self.program.spec()
    }

    fn parse(&self, text: &str) -> Result<ScriptSum> {
        parse(&[text.to_string()])
    }

    fn display(&self, p: &ScriptSum) -> String {
        write_position(p)
    }

    fn options(&self, p: &ScriptSum, side: Side, out: &mut Vec<ScriptSum>) {
        self.each_option(p, side, |i, o| out.push(replaced(p, i, o)));
    }

    /// A move is named by the component it changes, as for impartial scripts: `a → b`, or
    /// `component 2: a → b` in a sum.
    fn moves(&self, p: &ScriptSum, side: Side) -> Vec<(String, ScriptSum)> {
        let mut out = Vec::new();
        self.each_option(p, side, |i, o| {
            let change = format!("{} → {}", write_component(&p[i]), write_component(o));
            let label = if p.len() > 1 {
                format!("component {}: {change}", i + 1)
            } else {
                change
            };
            out.push((label, replaced(p, i, o)));
        });
        out
    }

    /// Each component alone, split by the script's `components` where it has one.
    fn components(&self, p: &ScriptSum, out: &mut Vec<ScriptSum>) {
        for c in p {
            if self.failed() {
                return;
            }
            match self.program.components(c) {
                Ok(Some(parts)) => out.extend(parts.iter().map(|part| vec![part.clone()])),
                Ok(None) => out.push(vec![c.clone()]),
                Err(e) => self.record(e),
            }
        }
    }
}

impl Listed for ScriptRuleset {
    /// Fresh rules for each request, so that one request's failure is never another's.
    fn for_position(&self, _: &str, _: &SolveOptions) -> Result<Option<Self>> {
        ScriptRuleset::new(self.program.clone()).map(Some)
    }

    fn finish<T>(&self, result: Result<T>) -> Result<T> {
        if self.failed() {
            let f = self
                .failure
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take();
            if let Some(e) = f {
                return Err(e);
            }
        }
        result
    }

    fn method(&self, components: &[ScriptSum], _: &mut Context) -> Method {
        searched(
            components,
            "canonical forms by search over the script's `left_options` and `right_options`, \
             each component memoised",
        )
    }
}

/// The game of a compiled partizan script, answered as the catalogue's partizan rulesets
/// are.
pub fn partizan_game(program: Arc<ScriptProgram>) -> Result<Box<dyn Game>> {
    RulesetGame::build(ScriptRuleset::new(program)?, None)
}
