//! Who wins a sum of script positions and how, by the core's solvers: Grundy values and
//! the Sprague–Grundy theorem (normal play), the SJ theorem where its hypothesis is
//! checked or else exact search (misère play), the step rule (every-move play).
//!
//! A winning move is a list of `(component index, component after the move)`: one change
//! in normal and misère play, one change in every component that can move in every-move
//! play.

use super::ScriptPosition;
use super::ScriptRules;
use crate::compound::misere::{sj_first_wins, sj_hypothesis, sj_winning_targets, SjCheck};
use crate::compound::EverySolver;
use crate::error::{Error, Result};
use crate::impartial::{GrundySolver, MisereSolver};
use crate::interface::{Method, MethodKind, SolveOptions};
use crate::value::Nimber;
use num_bigint::BigUint;

/// A move of a sum: the components it changes, each with what it becomes.
pub(super) type SumMove = Vec<(usize, ScriptPosition)>;

/// The SJ theorem's name, for the `method` field.
const SJ_NAME: &str = "SJ theorem (anti-SG, Jia Zhihao 2009): the mover wins iff (XOR ≠ 0 and some value > 1) or (XOR = 0 and no value > 1)";

/// An analysis of a sum, before it becomes a verdict.
pub(super) struct ScriptAnalysis {
    /// Whether the player to move wins.
    pub first_wins: bool,
    /// The Grundy value of the sum (normal play) or its largest step (every-move play).
    pub value: Option<u64>,
    /// Per component: its Grundy value (normal play, and misère play by the SJ theorem) or
    /// its step (every-move play).
    pub values: Vec<Option<u64>>,
    /// The winning moves.
    pub winning: Vec<SumMove>,
    /// How many winning moves there are, when not all are in `winning`.
    pub winning_count: Option<u64>,
    /// What decided it.
    pub method: Method,
}

/// The solvers of one request over one set of rules, sharing their memos between the
/// analysis of a position and the rating of its moves.
pub(super) struct Solvers<'r> {
    pub grundy: GrundySolver<&'r ScriptRules>,
    pub misere: MisereSolver<&'r ScriptRules>,
    pub every: EverySolver<&'r ScriptRules>,
    options: SolveOptions,
}

impl<'r> Solvers<'r> {
    pub fn new(rules: &'r ScriptRules, options: &SolveOptions) -> Self {
        Solvers {
            grundy: GrundySolver::with_limits(rules, options.limits()),
            misere: MisereSolver::new(rules, options.limits()),
            every: EverySolver::new(rules, options.limits()),
            options: options.clone(),
        }
    }

    /// The analysis under the request's play convention.
    pub fn analyse(&mut self, comps: &[ScriptPosition]) -> Result<ScriptAnalysis> {
        if self.options.every && self.options.misere {
            return Err(Error::unsupported(
                "`--every` and `--misere` together are not supported",
            ));
        }
        if self.options.every {
            self.every(comps)
        } else if self.options.misere {
            self.misere(comps)
        } else {
            self.normal(comps)
        }
    }

    fn normal(&mut self, comps: &[ScriptPosition]) -> Result<ScriptAnalysis> {
        let values: Vec<u64> = comps
            .iter()
            .map(|c| self.grundy.grundy(c).map(Nimber::value))
            .collect::<Result<_>>()?;
        let total = values.iter().fold(0, |a, b| a ^ b);
        let mut winning = Vec::new();
        if total != 0 {
            for (i, c) in comps.iter().enumerate() {
                for o in self.grundy.moves_to_value(c, Nimber(total ^ values[i]))? {
                    winning.push(vec![(i, o)]);
                }
            }
        }
        Ok(ScriptAnalysis {
            first_wins: total != 0,
            value: Some(total),
            values: values.into_iter().map(Some).collect(),
            winning,
            winning_count: None,
            method: Method::engine(
                "search: Grundy values by the generic engine, XOR over the components (Sprague–Grundy)",
            ),
        })
    }

    fn misere(&mut self, comps: &[ScriptPosition]) -> Result<ScriptAnalysis> {
        let why = match sj_hypothesis(&mut self.grundy, comps, self.options.limit()) {
            Ok(SjCheck::Holds) => {
                let values: Vec<u64> = comps
                    .iter()
                    .map(|c| self.grundy.grundy(c).map(Nimber::value))
                    .collect::<Result<_>>()?;
                let big: Vec<BigUint> = values.iter().map(|&v| BigUint::from(v)).collect();
                let first_wins = sj_first_wins(&big);
                let mut winning = Vec::new();
                if first_wins {
                    for (i, c) in comps.iter().enumerate() {
                        for t in sj_winning_targets(&big, i) {
                            let t = u64::try_from(&t).unwrap_or(u64::MAX);
                            for o in self.grundy.moves_to_value(c, Nimber(t))? {
                                winning.push(vec![(i, o)]);
                            }
                        }
                    }
                }
                return Ok(ScriptAnalysis {
                    first_wins,
                    value: None,
                    values: values.into_iter().map(Some).collect(),
                    winning,
                    winning_count: None,
                    method: Method::new(
                        MethodKind::SjChecked,
                        format!("theorem: {SJ_NAME}; its hypothesis was checked on every position reachable from this one: each position of Grundy value 0 is terminal and no move splits a component"),
                    ),
                });
            }
            Ok(SjCheck::NotShown(why)) => why,
            // Out of time or interrupted: the search below would stop at once.
            Err(e @ (Error::Timeout { .. } | Error::Interrupted { .. })) => return Err(e),
            Err(e) => e.to_string(),
        };
        let first_wins = self.misere.first_player_wins(comps)?;
        let mut winning = Vec::new();
        if first_wins {
            let moves = self.misere.winning_moves(comps)?;
            // The solver lists the moves of the first of equal components only.
            for (j, c) in comps.iter().enumerate() {
                let first = comps.iter().position(|d| d == c).unwrap_or(j);
                for (i, o) in &moves {
                    if *i == first {
                        winning.push(vec![(j, o.clone())]);
                    }
                }
            }
        }
        Ok(ScriptAnalysis {
            first_wins,
            value: None,
            values: vec![None; comps.len()],
            winning,
            winning_count: None,
            method: Method::engine(format!(
                "search: exact misère search of the sum (the SJ theorem was not used: its hypothesis is not shown for this position: {why})"
            )),
        })
    }

    fn every(&mut self, comps: &[ScriptPosition]) -> Result<ScriptAnalysis> {
        let steps: Vec<u64> = comps
            .iter()
            .map(|c| self.every.step(c))
            .collect::<Result<_>>()?;
        let max = steps.iter().copied().max().unwrap_or(0);
        let first_wins = max % 2 == 1;
        let mut winning = Vec::new();
        let mut winning_count = None;
        if first_wins {
            let mut lists = Vec::new();
            for (i, c) in comps.iter().enumerate() {
                if steps[i] > 0 {
                    lists.push((i, self.every.strategy_moves(c)?));
                }
            }
            let (combos, count) =
                combinations(&lists, crate::interface::listing::MAX_EVERY_WINNING_LISTED);
            if count > combos.len() as u64 {
                winning_count = Some(count);
            }
            winning = combos;
        }
        Ok(ScriptAnalysis {
            first_wins,
            value: Some(max),
            values: steps.into_iter().map(Some).collect(),
            winning,
            winning_count,
            method: Method::engine(
                "search: steps of the Every-SG rule by exhaustive search (the first player wins iff the largest step is odd)",
            ),
        })
    }

    /// The step of a component under every-move play.
    pub fn step(&mut self, c: &ScriptPosition) -> Result<u64> {
        self.every.step(c)
    }
}

/// The moves that pick one option in each listed component (at most `limit` of them),
/// and how many there are in all (saturating).
pub(super) fn combinations(
    lists: &[(usize, Vec<ScriptPosition>)],
    limit: usize,
) -> (Vec<SumMove>, u64) {
    let count = lists
        .iter()
        .fold(1u64, |n, (_, l)| n.saturating_mul(l.len() as u64));
    if lists.is_empty() || count == 0 {
        return (Vec::new(), 0);
    }
    let mut out = Vec::new();
    let mut index = vec![0usize; lists.len()];
    while out.len() < limit {
        out.push(
            lists
                .iter()
                .zip(&index)
                .map(|((i, l), &k)| (*i, l[k].clone()))
                .collect(),
        );
        // The next index, as an odometer; done when it wraps around.
        let mut d = lists.len();
        loop {
            if d == 0 {
                return (out, count);
            }
            d -= 1;
            index[d] += 1;
            if index[d] < lists[d].1.len() {
                break;
            }
            index[d] = 0;
        }
    }
    (out, count)
}
