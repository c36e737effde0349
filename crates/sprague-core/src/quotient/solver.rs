//! The heap-by-heap computation of a misère quotient, under limits, with checkpoints.

use super::basis::{mark, reduce, Basis, KeyLetter};
use super::extend::{bad_option, conservative, extend, Trial};
use super::game::{check_rules, max_parts, max_take, HeapGame, HeapOptions, SplitRule};
use super::monoid::{Element, FiniteMonoid};
use super::period::{Period, PeriodTracker};
use super::verify::{least_failure, LeastWords, Letter, Scope};
use super::{Quotient, QuotientChange, QuotientConfig};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::value::Mex;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// What the progress callback is told the computation counts.
const HEAPS: &str = "heaps of the misère quotient";

/// Computes the misère quotient of a [`HeapGame`] heap by heap: [`QuotientSolver::run`]
/// goes on until the periodicity theorem proves a period or a bound is reached, and can be
/// called again to go further. After an error (a limit, a timeout, an interruption) the
/// solver still holds the verified quotient of the heaps done so far.
pub struct QuotientSolver<G: HeapGame> {
    game: G,
    rules: Option<Vec<SplitRule>>,
    config: QuotientConfig,
    trial: Trial,
    letters: Vec<Letter>,
    kinds: HashMap<Vec<Element>, usize>,
    words: LeastWords,
    grundy: Vec<u64>,
    changes: Vec<QuotientChange>,
    tracker: PeriodTracker,
    period: Option<Period>,
    opts: HeapOptions,
    mex: Mex,
    work: u64,
}

/// A snapshot of a computation, to save (`--output`) and continue later (`--resume`). It
/// holds no game: resume it with the same game; [`QuotientSolver::resume`] verifies it
/// again against the game before trusting it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientCheckpoint {
    /// The largest heap computed.
    pub bound: u64,
    /// The quotient's table (row-major) and order.
    pub monoid: FiniteMonoid,
    /// The P-portion, one flag per element.
    pub p: Vec<bool>,
    /// The pretending function on heaps `0..=bound`.
    pub phi: Vec<Element>,
    /// The heaps that changed the quotient.
    pub changes: Vec<QuotientChange>,
}

impl<G: HeapGame> QuotientSolver<G> {
    /// A computation with no heap done yet (only heap 0, the identity).
    pub fn new(game: G, config: QuotientConfig) -> Result<Self> {
        let rules = game.rules().map(check_rules).transpose()?;
        let trial = Trial {
            monoid: FiniteMonoid::trivial(),
            p: vec![false],
            phi: vec![0],
            omega: vec![None],
        };
        let words = LeastWords::compute(&trial.monoid, &[], &Limits::default(), &mut 0)?;
        Ok(QuotientSolver {
            game,
            rules,
            config,
            trial,
            letters: Vec::new(),
            kinds: HashMap::new(),
            words,
            grundy: vec![0],
            changes: Vec::new(),
            tracker: PeriodTracker::of(&[0]),
            period: None,
            opts: HeapOptions::new(),
            mex: Mex::default(),
            work: 0,
        })
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The largest heap done.
    pub fn bound(&self) -> u64 {
        self.trial.phi.len() as u64 - 1
    }

    /// The proven period, once the theorem proves one.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Adds heaps until a period is proven or `upto` heaps are done (at once if either
    /// already holds). Stops with [`Error::Timeout`] or [`Error::Interrupted`] as `limits`
    /// say, and with [`Error::Limit`] when the quotient outgrows the configuration; the
    /// heaps done before stay done.
    pub fn run(&mut self, upto: u64, limits: &Limits) -> Result<()> {
        while self.period.is_none() && self.bound() < upto {
            self.add_heap(limits)?;
            if limits.watched() {
                limits.check(self.bound(), HEAPS)?;
            }
        }
        Ok(())
    }

    /// Adds the next heap.
    pub fn add_heap(&mut self, limits: &Limits) -> Result<()> {
        let n = self.bound() + 1;
        self.opts.clear();
        self.game.options(n, &mut self.opts);
        let mut omega = Vec::with_capacity(self.opts.len());
        self.mex.clear();
        for o in self.opts.iter() {
            let mut x = 0;
            let mut g = 0;
            for &part in o {
                if part >= n {
                    return Err(bad_option(n, part));
                }
                x = self.trial.monoid.mul(x, self.trial.phi[part as usize]);
                g ^= self.grundy[part as usize];
            }
            omega.push(x);
            self.mex.insert(g);
        }
        omega.sort_unstable();
        omega.dedup();
        let grundy = self.mex.value();
        if omega.is_empty() {
            self.push(n, 0, None, grundy);
        } else if let Some(&k) = self.kinds.get(&omega) {
            // Same option images as a heap already in: same kind, same element.
            let g = self.letters[k].g;
            self.push(n, g, Some(omega), grundy);
        } else if let Some(x) = conservative(
            &self.trial.monoid,
            &self.trial.p,
            &self.letters,
            &self.words,
            n,
            &omega,
            limits,
            &mut self.work,
        )? {
            self.kinds.insert(omega.clone(), self.letters.len());
            self.letters.push(Letter {
                heap: n,
                g: x,
                omega: omega.clone(),
            });
            self.push(n, x, Some(omega), grundy);
        } else {
            let ext = extend(
                &self.game,
                &self.trial,
                n,
                &self.config,
                limits,
                &mut self.work,
            )?;
            self.trial = ext.trial;
            self.words = ext.words;
            self.letters = ext.letters;
            self.kinds = self
                .letters
                .iter()
                .enumerate()
                .map(|(i, l)| (l.omega.clone(), i))
                .collect();
            self.grundy.push(grundy);
            self.tracker = PeriodTracker::of(&self.trial.phi);
            self.changes.push(QuotientChange {
                heap: n,
                order: self.trial.monoid.order(),
                p_count: self.trial.p.iter().filter(|&&b| b).count(),
                largest_trial: ext.largest_trial,
            });
            self.prove();
        }
        Ok(())
    }

    fn push(&mut self, _n: u64, x: Element, omega: Option<Vec<Element>>, grundy: u64) {
        self.trial.phi.push(x);
        self.trial.omega.push(omega);
        self.grundy.push(grundy);
        self.tracker.push(&self.trial.phi);
        self.prove();
    }

    fn prove(&mut self) {
        if let Some(rules) = &self.rules {
            self.period = self
                .tracker
                .proven(self.bound(), max_take(rules), max_parts(rules));
        }
    }

    /// The quotient of the heaps done so far.
    pub fn quotient(&self) -> Quotient {
        Quotient {
            monoid: self.trial.monoid.clone(),
            p: self.trial.p.clone(),
            phi: self.trial.phi.clone(),
            period: self.period,
            changes: self.changes.clone(),
            grundy: self.grundy.clone(),
            rules: self.rules.clone(),
        }
    }

    /// A snapshot to continue from.
    pub fn checkpoint(&self) -> QuotientCheckpoint {
        QuotientCheckpoint {
            bound: self.bound(),
            monoid: self.trial.monoid.clone(),
            p: self.trial.p.clone(),
            phi: self.trial.phi.clone(),
            changes: self.changes.clone(),
        }
    }

    /// The computation saved in `checkpoint`, after checking it against `game`: the table
    /// must be a commutative monoid generated by the heaps, the quotient must pass the
    /// exact verification for every sum of heaps up to the bound, and it must be reduced.
    /// A checkpoint of another game, or an altered one, is refused with [`Error::Parse`].
    pub fn resume(
        game: G,
        config: QuotientConfig,
        checkpoint: QuotientCheckpoint,
        limits: &Limits,
    ) -> Result<Self> {
        let bad = |why: &str| Error::parse(format!("the quotient checkpoint is not valid: {why}"));
        let QuotientCheckpoint {
            bound,
            monoid,
            p,
            phi,
            changes,
        } = checkpoint;
        let order = monoid.order();
        if phi.len() as u64 != bound.saturating_add(1) || phi.first() != Some(&0) {
            return Err(bad("the pretending function does not cover the heaps"));
        }
        if p.len() != order || phi.iter().any(|&x| x as usize >= order) {
            return Err(bad("an element is out of range"));
        }
        if order > config.max_order {
            return Err(Error::Limit {
                what: "elements of the misère quotient".into(),
                limit: config.max_order as u64,
            });
        }
        let mut gens = phi.clone();
        gens.sort_unstable();
        gens.dedup();
        let monoid = FiniteMonoid::from_table(order, monoid.table().to_vec(), &gens)?;
        let mut s = QuotientSolver::new(game, config)?;
        // The options of every heap, their images and the Grundy values, from the game.
        let mut omegas = vec![None];
        for n in 1..=bound {
            limits.check_every(n, HEAPS)?;
            s.opts.clear();
            s.game.options(n, &mut s.opts);
            let mut omega = Vec::new();
            s.mex.clear();
            for o in s.opts.iter() {
                let mut x = 0;
                let mut g = 0;
                for &part in o {
                    if part >= n {
                        return Err(bad_option(n, part));
                    }
                    x = monoid.mul(x, phi[part as usize]);
                    g ^= s.grundy[part as usize];
                }
                omega.push(x);
                s.mex.insert(g);
            }
            omega.sort_unstable();
            omega.dedup();
            s.grundy.push(s.mex.value());
            if omega.is_empty() && phi[n as usize] != 0 {
                return Err(bad("a heap with no move is not the identity"));
            }
            omegas.push((!omega.is_empty()).then_some(omega));
        }
        let trial = Trial {
            monoid,
            p,
            phi,
            omega: omegas,
        };
        let letters = trial.letters();
        let words = LeastWords::compute(&trial.monoid, &letters, limits, &mut s.work)?;
        if least_failure(
            &trial.monoid,
            &trial.p,
            &letters,
            &words,
            Scope::Any,
            limits,
            &mut s.work,
        )?
        .is_some()
        {
            return Err(bad("it does not decide the game's sums"));
        }
        if !is_reduced(&trial, &letters, limits, &mut s.work)? {
            return Err(bad("two of its elements are indistinguishable"));
        }
        if changes.windows(2).any(|w| w[0].heap >= w[1].heap)
            || changes.last().is_some_and(|c| c.heap > bound)
        {
            return Err(bad("the list of changes is out of order"));
        }
        s.tracker = PeriodTracker::of(&trial.phi);
        s.kinds = letters
            .iter()
            .enumerate()
            .map(|(i, l)| (l.omega.clone(), i))
            .collect();
        s.trial = trial;
        s.letters = letters;
        s.words = words;
        s.changes = changes;
        s.prove();
        Ok(s)
    }
}

/// Whether no two elements of a verified quotient are indistinguishable: its marking, as a
/// basis of its own, reduces to the same order.
fn is_reduced(trial: &Trial, letters: &[Letter], limits: &Limits, work: &mut u64) -> Result<bool> {
    let basis = Basis::new(&trial.monoid, &[])?;
    let keyed: Vec<KeyLetter> = letters
        .iter()
        .map(|l| KeyLetter {
            g: basis.lift(l.g),
            omega: l.omega.iter().map(|&o| basis.lift(o)).collect(),
        })
        .collect();
    let order = trial.monoid.order();
    let marking = mark(&basis, &keyed, order + 1, limits, work)?;
    if marking.len() != order {
        return Ok(false);
    }
    let gens: Vec<u64> = keyed.iter().map(|l| l.g).collect();
    let reduced = reduce(&basis, &marking, &gens, order, limits, work)?;
    Ok(reduced.monoid.order() == order)
}
