//! Who wins a position and how: the normal-play, misère and every-move analyses of a sum.
//!
//! Each analysis uses a game's theorems where it has them and the generic engine
//! elsewhere, and says which in its [`Derivation`]:
//! - normal play: Grundy values per component (closed form or search), XOR for the sum
//!   (Sprague–Grundy); a lone component whose outcome, but not value, has a closed form
//!   (Wythoff, Euclid, ...) is decided by that theorem;
//! - misère play: a theorem for the whole sum where the ruleset has one, else the SJ
//!   formula where its hypothesis is proven or checked, else exact misère search;
//! - every-move play: the step of each component; the first player wins iff the largest
//!   step is odd.
//!
//! An [`NumberAnalysis`] lists the winning moves of the first of several equal components only;
//! the verdict repeats them for the others.

use super::NumberGameAdapter;
use crate::compound::misere::{sj_first_wins, sj_hypothesis, sj_winning_targets, SjCheck};
use crate::compound::EverySolver;
use crate::error::{Error, Result};
use crate::impartial::{GrundySolver, Impartial, MisereSolver};
use crate::interface::{MethodKind, SolveOptions};
use crate::limits::Limits;
use crate::number::{NumberGame, Numbers};
use crate::value::{Nimber, Outcome};
use num_bigint::BigUint;

/// What decided an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Derivation {
    /// A closed form; the text names the theorem.
    Theorem(String),
    /// Exhaustive search by the generic engine.
    Search,
    /// Theorem for some components, search for others.
    Mixed(String),
    /// Exhaustive search, with the reason a theorem was not used.
    SearchBecause(String),
    /// Misère play by the SJ formula, its hypothesis proven for the ruleset; the text
    /// names the formula and the proof.
    SjProven(String),
    /// Misère play by the SJ formula, its hypothesis checked on every position reachable
    /// from the one asked.
    SjChecked(String),
}

impl Derivation {
    /// `"theorem: ..."`, `"search"`, ...: the sentence of the verdict's `method`.
    pub fn describe(&self) -> String {
        match self {
            Derivation::Theorem(t) | Derivation::SjProven(t) | Derivation::SjChecked(t) => {
                format!("theorem: {t}")
            }
            Derivation::Search => "search: the generic engine's exhaustive solver".to_string(),
            Derivation::Mixed(t) => format!("theorem ({t}) where available, search elsewhere"),
            Derivation::SearchBecause(t) => format!("search: {t}"),
        }
    }

    /// The kind of method, for programs.
    pub fn kind(&self) -> MethodKind {
        match self {
            Derivation::Theorem(_) => MethodKind::Theorem,
            Derivation::Search | Derivation::SearchBecause(_) => MethodKind::Engine,
            Derivation::Mixed(_) => MethodKind::Mixed,
            Derivation::SjProven(_) => MethodKind::SjProven,
            Derivation::SjChecked(_) => MethodKind::SjChecked,
        }
    }
}

/// A normal-play, misère or every-move analysis of a sum, before it becomes a verdict.
#[derive(Debug, Clone)]
pub struct NumberAnalysis {
    /// Who wins the sum.
    pub outcome: Outcome,
    /// Normal play only; `None` when neither a theorem nor a search could give it.
    pub grundy: Option<BigUint>,
    /// Per-component values (normal play), where known.
    pub component_values: Vec<Option<BigUint>>,
    /// The winning moves as `(component index, component after the move)`, for the first
    /// of several equal components only.
    pub winning_moves: Vec<(usize, Numbers)>,
    /// What decided the answer.
    pub method: Derivation,
    /// Every-move play only: the step of each component. `winning_moves` then holds the
    /// per-component choices (any combination of one choice per listed component wins).
    pub steps: Option<Vec<BigUint>>,
}

impl<G: NumberGame> NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    pub(super) fn limits(options: &SolveOptions) -> Limits {
        options.limits()
    }

    /// Normal-play analysis of a sum: theorem per component where known, search elsewhere.
    pub fn analyse_normal(
        &self,
        comps: &[Numbers],
        options: &SolveOptions,
    ) -> Result<NumberAnalysis> {
        let g = &self.0;
        let mut solver = GrundySolver::with_limits(g.rules(), Self::limits(options));
        let mut used_theorem = false;
        let mut used_search = false;

        // A lone component whose outcome (but not value) has a closed form.
        if comps.len() == 1 && g.grundy_theorem(&comps[0]).is_none() {
            if let (Some(outcome), Some(moves)) = (
                g.outcome_theorem(&comps[0]),
                g.winning_moves_theorem(&comps[0]),
            ) {
                // The value is a bonus: search it only when the position is small, and
                // never past the caller's own limit.
                let bonus = match options.max_positions {
                    0 => 200_000,
                    n => n.min(200_000),
                };
                let grundy = g
                    .to_position(&comps[0])
                    .ok()
                    .and_then(|p| {
                        GrundySolver::with_limits(
                            g.rules(),
                            options.limits().with_max_positions(Some(bonus)),
                        )
                        .grundy(&p)
                        .ok()
                    })
                    .map(|v| BigUint::from(v.value()));
                return Ok(NumberAnalysis {
                    outcome,
                    grundy: grundy.clone(),
                    component_values: vec![grundy],
                    winning_moves: moves.into_iter().map(|m| (0, m)).collect(),
                    method: Derivation::Theorem(g.theorem_name().unwrap_or_default()),
                    steps: None,
                });
            }
        }

        let mut values: Vec<BigUint> = Vec::with_capacity(comps.len());
        for c in comps {
            if let Some(v) = g.grundy_theorem(c) {
                used_theorem = true;
                values.push(v);
            } else {
                used_search = true;
                let p = g.to_position(c)?;
                values.push(BigUint::from(solver.grundy(&p)?.value()));
            }
        }
        let total = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let mut winning_moves = Vec::new();
        if total != BigUint::ZERO {
            for (i, c) in comps.iter().enumerate() {
                if comps[..i].contains(c) {
                    continue;
                }
                let target = &total ^ &values[i];
                match g.moves_to_value_theorem(c, &target) {
                    Some(ms) => winning_moves.extend(ms.into_iter().map(|m| (i, m))),
                    None => {
                        used_search = true;
                        let p = g.to_position(c)?;
                        let Ok(t) = u64::try_from(&target) else {
                            continue;
                        };
                        for o in solver.moves_to_value(&p, Nimber(t))? {
                            winning_moves.push((i, g.to_numbers(&o)));
                        }
                    }
                }
            }
        }
        let name = g.theorem_name().unwrap_or_default();
        let method = match (used_theorem, used_search) {
            (true, false) => Derivation::Theorem(name),
            (true, true) => Derivation::Mixed(name),
            _ => Derivation::Search,
        };
        Ok(NumberAnalysis {
            outcome: Outcome::from_grundy_is_zero(total == BigUint::ZERO),
            grundy: Some(total),
            component_values: values.into_iter().map(Some).collect(),
            winning_moves,
            method,
            steps: None,
        })
    }

    /// Misère analysis: a proven theorem for this ruleset, else exact search of the sum.
    pub fn analyse_misere(
        &self,
        comps: &[Numbers],
        options: &SolveOptions,
    ) -> Result<NumberAnalysis> {
        let g = &self.0;
        if let Some(v) = g.misere_theorem(comps) {
            return Ok(NumberAnalysis {
                outcome: v.outcome,
                grundy: None,
                component_values: vec![None; comps.len()],
                winning_moves: v.winning_moves,
                method: Derivation::Theorem(v.theorem),
                steps: None,
            });
        }
        if let Some(a) = self.misere_by_sj_theorem(comps)? {
            return Ok(a);
        }
        let positions: Vec<_> = comps
            .iter()
            .map(|c| g.to_position(c))
            .collect::<Result<_>>()?;
        // The SJ theorem where its hypothesis can be checked on this position.
        let mut gs = GrundySolver::with_limits(g.rules(), Self::limits(options));
        let why = match sj_hypothesis(&mut gs, &positions, options.limit()) {
            Ok(SjCheck::Holds) => {
                let values: Vec<BigUint> = positions
                    .iter()
                    .map(|p| gs.grundy(p).map(|v| BigUint::from(v.value())))
                    .collect::<Result<_>>()?;
                let wins = sj_first_wins(&values);
                let mut winning_moves = Vec::new();
                if wins {
                    for (i, p) in positions.iter().enumerate() {
                        if comps[..i].contains(&comps[i]) {
                            continue;
                        }
                        for t in sj_winning_targets(&values, i) {
                            let t = u64::try_from(&t).expect("a searched value fits a word");
                            for o in gs.moves_to_value(p, Nimber(t))? {
                                winning_moves.push((i, g.to_numbers(&o)));
                            }
                        }
                    }
                }
                return Ok(NumberAnalysis {
                    outcome: if wins { Outcome::First } else { Outcome::Second },
                    grundy: None,
                    component_values: values.into_iter().map(Some).collect(),
                    winning_moves,
                    method: Derivation::SjChecked(format!("{SJ_NAME}; its hypothesis was checked on every position reachable from this one: each position of Grundy value 0 is terminal and no move splits a component")),
                    steps: None,
                });
            }
            Ok(SjCheck::NotShown(why)) => why,
            // Out of time or interrupted: the search below would stop at once.
            Err(e @ (Error::Timeout { .. } | Error::Interrupted { .. })) => return Err(e),
            Err(e) => e.to_string(),
        };
        let mut solver = MisereSolver::new(g.rules(), Self::limits(options));
        let wins = solver.first_player_wins(&positions)?;
        let winning_moves = if wins {
            solver
                .winning_moves(&positions)?
                .into_iter()
                .map(|(i, p)| (i, g.to_numbers(&p)))
                .collect()
        } else {
            Vec::new()
        };
        Ok(NumberAnalysis {
            outcome: if wins {
                Outcome::First
            } else {
                Outcome::Second
            },
            grundy: None,
            component_values: vec![None; comps.len()],
            winning_moves,
            method: Derivation::SearchBecause(format!(
                "exact misère search of the sum (the SJ theorem was not used: its hypothesis is not shown for this position: {why})"
            )),
            steps: None,
        })
    }

    /// Misère play by the SJ formula where the ruleset proves the hypothesis outright.
    fn misere_by_sj_theorem(&self, comps: &[Numbers]) -> Result<Option<NumberAnalysis>> {
        let g = &self.0;
        let Some(proof) = g.sj_theorem() else {
            return Ok(None);
        };
        let Some(values) = comps
            .iter()
            .map(|c| g.grundy_theorem(c))
            .collect::<Option<Vec<BigUint>>>()
        else {
            return Ok(None);
        };
        let wins = sj_first_wins(&values);
        let mut winning_moves = Vec::new();
        if wins {
            for (i, c) in comps.iter().enumerate() {
                if comps[..i].contains(c) {
                    continue;
                }
                for t in sj_winning_targets(&values, i) {
                    let Some(ms) = g.moves_to_value_theorem(c, &t) else {
                        return Ok(None);
                    };
                    winning_moves.extend(ms.into_iter().map(|m| (i, m)));
                }
            }
        }
        Ok(Some(NumberAnalysis {
            outcome: if wins {
                Outcome::First
            } else {
                Outcome::Second
            },
            grundy: None,
            component_values: values.into_iter().map(Some).collect(),
            winning_moves,
            method: Derivation::SjProven(format!("{SJ_NAME}; hypothesis: {proof}")),
            steps: None,
        }))
    }

    /// Every-move play (Every-SG, docs/theory.md#every-sg): the step of each component by closed form
    /// or by search; the first player wins iff the largest step is odd.
    pub fn analyse_every(
        &self,
        comps: &[Numbers],
        options: &SolveOptions,
    ) -> Result<NumberAnalysis> {
        let g = &self.0;
        let mut solver = EverySolver::new(g.rules(), Self::limits(options));
        let (mut used_theorem, mut used_search) = (false, false);
        let mut steps = Vec::with_capacity(comps.len());
        for c in comps {
            if let Some(s) = g.every_step_theorem(c) {
                used_theorem = true;
                steps.push(s);
            } else {
                used_search = true;
                steps.push(BigUint::from(solver.step(&g.to_position(c)?)?));
            }
        }
        let max = steps.iter().max().cloned().unwrap_or_default();
        let wins = max.bit(0);
        let mut winning_moves = Vec::new();
        if wins {
            for (i, c) in comps.iter().enumerate() {
                if steps[i] == BigUint::ZERO || comps[..i].contains(c) {
                    continue;
                }
                let moves = match g.every_moves_theorem(c) {
                    Some(ms) => ms,
                    None => {
                        used_search = true;
                        solver
                            .strategy_moves(&g.to_position(c)?)?
                            .iter()
                            .map(|o| g.to_numbers(o))
                            .collect()
                    }
                };
                winning_moves.extend(moves.into_iter().map(|m| (i, m)));
            }
        }
        let name = format!(
            "Every-SG step rule (the first player wins iff the largest step is odd){}",
            g.every_theorem_name()
                .map(|n| format!(", steps by {n}"))
                .unwrap_or_default()
        );
        let method = match (used_theorem, used_search) {
            (true, false) => Derivation::Theorem(name),
            (true, true) => Derivation::Mixed(name),
            _ => Derivation::SearchBecause(
                "steps of the Every-SG rule by exhaustive search (the first player wins iff the largest step is odd)".to_string(),
            ),
        };
        Ok(NumberAnalysis {
            outcome: if wins {
                Outcome::First
            } else {
                Outcome::Second
            },
            grundy: None,
            component_values: vec![None; comps.len()],
            winning_moves,
            method,
            steps: Some(steps),
        })
    }

    /// NumberAnalysis under the requested play convention.
    pub fn analyse(&self, comps: &[Numbers], options: &SolveOptions) -> Result<NumberAnalysis> {
        if options.every && options.misere {
            return Err(Error::unsupported(
                "`--every` and `--misere` together are not supported",
            ));
        }
        if options.every {
            return self.analyse_every(comps, options);
        }
        if options.misere {
            self.analyse_misere(comps, options)
        } else {
            self.analyse_normal(comps, options)
        }
    }
}

/// The SJ theorem's name, for the `method` field.
const SJ_NAME: &str = "SJ theorem (anti-SG, Jia Zhihao 2009): the mover wins iff (XOR ≠ 0 and some value > 1) or (XOR = 0 and no value > 1)";
