//! Analyses turned into verdicts, and the catalogue [`Game`] implementation of every
//! number game.
//!
//! `solve` lists the winning moves of the analysis (repeated for equal components, capped
//! with a note); `moves` lists every legal move with who wins after it, computed from the
//! components' values where they are known (one value per option, not a new analysis of
//! the whole sum). Under every-move play a move changes every component that can move, so
//! the winning moves of `solve` are the combinations of one winning choice per component.
//! Values are Grundy values (normal play), steps (every-move play) or absent (misère).

use super::analyse::NumberAnalysis;
use super::NumberGameAdapter;
use crate::compound::EverySolver;
use crate::error::{Error, Result};
use crate::impartial::{GrundySolver, Impartial};
use crate::interface::{
    Component, Game, LegalMove, Listing, Method, Move, Play, SolveOptions, Table, TableOptions,
    ValueKind, Verdict, Winner,
};
use crate::number::moves::{combination_count, combinations, SumMove};
use crate::number::{write_numbers, write_position, NumberGame, Numbers};
use crate::value::Outcome;
use num_bigint::BigUint;
use std::collections::{HashMap, HashSet};

use crate::interface::listing::{MAX_EVERY_WINNING_LISTED, MAX_LISTED_TEXT, MAX_WINNING_LISTED};

/// The remark on a misère position where nobody can move.
const MISERE_NO_MOVE: &str =
    "no move is possible: under misère play the player who cannot move wins";

fn play(options: &SolveOptions) -> Play {
    if options.every {
        Play::Every
    } else if options.misere {
        Play::Misere
    } else {
        Play::Normal
    }
}

fn after_zero(value: &BigUint) -> Winner {
    Winner::from(Outcome::from_grundy_is_zero(value == &BigUint::ZERO))
}

fn step_winner(step: &BigUint) -> Winner {
    // A step is odd exactly when the player to move wins.
    if step.bit(0) {
        Winner::First
    } else {
        Winner::Second
    }
}

/// The winning moves of an analysis for every component: equal components have the same
/// winning moves, and the analysis lists them for the first one only.
fn spread(comps: &[Numbers], moves: &[(usize, Numbers)]) -> Vec<(usize, Numbers)> {
    let mut first: HashMap<&Numbers, usize> = HashMap::new();
    for (j, c) in comps.iter().enumerate() {
        first.entry(c).or_insert(j);
    }
    let mut of: HashMap<usize, Vec<&Numbers>> = HashMap::new();
    let mut seen = HashSet::new();
    for (i, m) in moves {
        let i = first[&comps[*i]];
        if seen.insert((i, m)) {
            of.entry(i).or_default().push(m);
        }
    }
    let mut out = Vec::new();
    for (j, c) in comps.iter().enumerate() {
        for m in of.get(&first[c]).into_iter().flatten() {
            out.push((j, (*m).clone()));
        }
    }
    out
}

impl<G: NumberGame> NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    /// The verdict's facts that `solve` and `moves` share: outcome, value, components,
    /// method; no moves yet.
    fn base(&self, comps: &[Numbers], a: &NumberAnalysis, options: &SolveOptions) -> Verdict {
        let play = play(options);
        let method = Method::new(a.method.kind(), a.method.describe());
        let position = write_position(comps, self.0.shape());
        let mut v = Verdict::new(self.0.spec(), position, play, a.outcome.into(), method);
        let lone = (comps.len() == 1).then_some(Winner::from(a.outcome));
        let steps = a.steps.as_deref().unwrap_or(&[]);
        match play {
            Play::Normal => {
                v = v.with_value(ValueKind::Grundy, a.grundy.as_ref().map(|g| g.to_string()))
            }
            Play::Every => {
                let max = steps.iter().max().cloned().unwrap_or_default();
                v = v.with_value(ValueKind::Step, Some(max.to_string()));
            }
            Play::Misere => {}
        }
        v.components = comps
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (value, outcome) = match play {
                    Play::Normal => {
                        let value = a.component_values.get(i).cloned().flatten();
                        let outcome = value.as_ref().map(after_zero).or(lone);
                        (value.map(|x| x.to_string()), outcome)
                    }
                    Play::Every => {
                        let s = steps.get(i);
                        (s.map(|s| s.to_string()), s.map(step_winner))
                    }
                    Play::Misere => (None, lone),
                };
                let mut comp = Component::valued(write_numbers(c), value);
                comp.outcome = outcome;
                comp
            })
            .collect();
        v
    }

    /// The verdict of `sprague solve`: the winning moves.
    pub fn solve_numbers(&self, comps: &[Numbers], options: &SolveOptions) -> Result<Verdict> {
        let a = self.analyse(comps, options)?;
        let mut v = self.base(comps, &a, options);
        let moves = spread(comps, &a.winning_moves);
        let mut notes = Vec::new();
        if let Some(steps) = &a.steps {
            self.every_winning(comps, &moves, steps, &mut v, &mut notes);
        } else {
            let value = a.grundy.as_ref().map(|_| "0".to_string());
            let mut chars = 0usize;
            for (i, m) in moves.iter().take(MAX_WINNING_LISTED) {
                if chars >= MAX_LISTED_TEXT {
                    break;
                }
                let sm = vec![(*i, m.clone())];
                let mv = Move::winning_to(
                    self.label(comps, &sm),
                    self.write(comps, &sm),
                    value.clone(),
                );
                chars += mv.label.len() + mv.position.len();
                v.moves.push(mv);
            }
            let listed = v.moves.len();
            if moves.len() > listed {
                let long = if listed < MAX_WINNING_LISTED.min(moves.len()) {
                    " (the positions are long)"
                } else {
                    ""
                };
                notes.push(format!(
                    "{} winning moves in all; the first {listed} are listed{long}",
                    moves.len()
                ));
            }
            notes.extend(self.0.moves_note(comps, options.misere));
        }
        if !notes.is_empty() {
            v.incomplete(notes.join("; "));
        }
        if a.outcome == Outcome::First && v.moves.is_empty() && v.complete {
            if options.misere && comps.iter().all(|c| self.is_terminal(c)) {
                v.note = Some(MISERE_NO_MOVE.into());
            } else {
                // The analyses always find a winning move; this keeps the verdict honest
                // should a theorem's move list ever come back empty.
                v.incomplete("the player to move wins, but the method used listed no winning move");
            }
        }
        Ok(v)
    }

    /// Every-move play: the combinations of one winning choice per component that can move.
    fn every_winning(
        &self,
        comps: &[Numbers],
        moves: &[(usize, Numbers)],
        steps: &[BigUint],
        v: &mut Verdict,
        notes: &mut Vec<String>,
    ) {
        let lists: Vec<(usize, Vec<Numbers>)> = (0..comps.len())
            .filter(|&i| steps[i] != BigUint::ZERO)
            .map(|i| {
                let ms = moves.iter().filter(|(j, _)| *j == i);
                (i, ms.map(|(_, m)| m.clone()).collect())
            })
            .collect();
        if lists.is_empty() || lists.iter().any(|(_, l)| l.is_empty()) {
            return;
        }
        // Each choice follows the step strategy, so its step is one less.
        let after = steps.iter().max().map(|s| s - 1u32).unwrap_or_default();
        for sm in combinations(&lists, MAX_EVERY_WINNING_LISTED) {
            v.moves.push(Move::winning_to(
                self.label(comps, &sm),
                self.write(comps, &sm),
                Some(after.to_string()),
            ));
        }
        let count = combination_count(&lists);
        if count > BigUint::from(MAX_EVERY_WINNING_LISTED) {
            notes.push(format!(
                "{count} winning moves in all (one choice in every component that can move); the first {MAX_EVERY_WINNING_LISTED} are listed"
            ));
        }
    }

    /// The verdict of `sprague moves`: every legal move with who wins after it (a sample
    /// when there are too many to list, with a note).
    pub fn moves_numbers(&self, comps: &[Numbers], options: &SolveOptions) -> Result<Verdict> {
        let a = self.analyse(comps, options)?;
        let mut v = self.base(comps, &a, options);
        v.listing = Listing::All;
        let (mut legal, sampled) = self.sampled_moves(comps, options.every)?;
        // Written before they are rated, so that moves past the budget cost nothing more.
        let mut written = Vec::new();
        let mut chars = 0usize;
        for m in &legal {
            if chars >= MAX_LISTED_TEXT {
                break;
            }
            let (label, position) = (self.label(comps, m), self.write(comps, m));
            chars += label.len() + position.len();
            written.push((label, position));
        }
        let mut notes: Vec<String> = sampled.into_iter().collect();
        if written.len() < legal.len() {
            notes.push(format!(
                "{} moves {}; the first {} are listed (the positions are long)",
                legal.len(),
                if notes.is_empty() {
                    "in all"
                } else {
                    "in the sample"
                },
                written.len()
            ));
            legal.truncate(written.len());
        }
        if !notes.is_empty() {
            v.incomplete(notes.join("; "));
        }
        let rated = if options.every {
            self.rate_every(&a, &legal, options)?
        } else if options.misere {
            self.rate_misere(comps, &a, &legal, options)?
        } else {
            self.rate_normal(comps, &a, &legal, options)?
        };
        for ((label, position), (value, outcome)) in written.into_iter().zip(rated) {
            let mut mv = Move::new(label, position);
            mv.value = value;
            mv.outcome = Some(outcome);
            // After the move the opponent is to play: their loss is the mover's win.
            mv.winning = outcome == Winner::Second;
            v.moves.push(mv);
        }
        if options.misere && legal.is_empty() && a.outcome == Outcome::First {
            v.note = Some(MISERE_NO_MOVE.into());
        }
        Ok(v)
    }

    /// Normal play: the value after each move from the value of the option, where the
    /// components' values are known; else the outcome by the lone component's theorem.
    fn rate_normal(
        &self,
        comps: &[Numbers],
        a: &NumberAnalysis,
        legal: &[SumMove],
        options: &SolveOptions,
    ) -> Result<Vec<(Option<String>, Winner)>> {
        let g = &self.0;
        let mut solver = GrundySolver::with_limits(g.rules(), Self::limits(options));
        let mut out = Vec::with_capacity(legal.len());
        for m in legal {
            let (i, opt) = &m[0];
            if let (Some(total), Some(Some(vi))) = (&a.grundy, a.component_values.get(*i)) {
                let vo = match g.grundy_theorem(opt) {
                    Some(vo) => Some(vo),
                    None => g
                        .to_position(opt)
                        .and_then(|p| solver.grundy(&p))
                        .ok()
                        .map(|n| BigUint::from(n.value())),
                };
                if let Some(vo) = vo {
                    let after = total ^ vi ^ vo;
                    out.push((Some(after.to_string()), after_zero(&after)));
                    continue;
                }
            }
            if comps.len() == 1 {
                if let Some(o) = g.outcome_theorem(opt) {
                    out.push((None, o.into()));
                    continue;
                }
            }
            let b = self.analyse_normal(&self.after(comps, m), options)?;
            out.push((b.grundy.map(|x| x.to_string()), b.outcome.into()));
        }
        Ok(out)
    }

    /// Every-move play: the largest step after each combination.
    fn rate_every(
        &self,
        a: &NumberAnalysis,
        legal: &[SumMove],
        options: &SolveOptions,
    ) -> Result<Vec<(Option<String>, Winner)>> {
        let g = &self.0;
        let steps = a.steps.as_deref().unwrap_or(&[]);
        let mut solver = EverySolver::new(g.rules(), Self::limits(options));
        let mut known: HashMap<(usize, Numbers), BigUint> = HashMap::new();
        let mut out = Vec::with_capacity(legal.len());
        for m in legal {
            let mut after: Vec<BigUint> = steps.to_vec();
            for (i, c) in m {
                let key = (*i, c.clone());
                let s = match known.get(&key) {
                    Some(s) => s.clone(),
                    None => {
                        let s = match g.every_step_theorem(c) {
                            Some(s) => s,
                            None => BigUint::from(solver.step(&g.to_position(c)?)?),
                        };
                        known.insert(key, s.clone());
                        s
                    }
                };
                after[*i] = s;
            }
            let max = after.into_iter().max().unwrap_or_default();
            let w = step_winner(&max);
            out.push((Some(max.to_string()), w));
        }
        Ok(out)
    }

    fn write(&self, comps: &[Numbers], m: &SumMove) -> String {
        write_position(&self.after(comps, m), self.0.shape())
    }
}

impl<G: NumberGame> Game for NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let comps = self.parse(words)?;
        self.solve_numbers(&comps, options)
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        let comps = self.parse(words)?;
        self.moves_numbers(&comps, options)
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        if options.every && options.misere {
            return Err(Error::unsupported(
                "`--every` and `--misere` together are not supported",
            ));
        }
        let comps = self.parse(words)?;
        Ok(self
            .position_moves(&comps, options.every)?
            .iter()
            .map(|m| LegalMove {
                label: self.label(&comps, m),
                position: self.write(&comps, m),
                side: None,
            })
            .collect())
    }

    fn table(&self, options: &TableOptions) -> Result<Table> {
        self.table_report(options)
    }
}
