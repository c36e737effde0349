//! Who wins after each move of `sprague moves --misere`, with one solver for the whole
//! request: analysing every position after a move from scratch would repeat, per move,
//! the check of the SJ hypothesis or the exhaustive search that the position's own
//! analysis has just done (hundreds of moves, each as long as the whole analysis).

use super::analyse::{Derivation, NumberAnalysis};
use super::NumberGameAdapter;
use crate::compound::misere::sj_first_wins;
use crate::error::Result;
use crate::impartial::{GrundySolver, Impartial, MisereSolver};
use crate::interface::{SolveOptions, Winner};
use crate::number::moves::SumMove;
use crate::number::NumberGame;
use crate::number::Numbers;
use crate::value::Outcome;
use num_bigint::BigUint;

fn first_wins(wins: bool) -> Winner {
    Winner::from(if wins {
        Outcome::First
    } else {
        Outcome::Second
    })
}

impl<G: NumberGame> NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    /// Misère play: who wins after each of `legal`, the moves of `comps`, whose analysis
    /// is `a`. Misère values are not numbers, so no value is given.
    pub(super) fn rate_misere(
        &self,
        comps: &[Numbers],
        a: &NumberAnalysis,
        legal: &[SumMove],
        options: &SolveOptions,
    ) -> Result<Vec<(Option<String>, Winner)>> {
        let g = &self.0;
        let mut out = Vec::with_capacity(legal.len());
        match &a.method {
            Derivation::SjProven(_) | Derivation::SjChecked(_) => {
                // The hypothesis holds on every position reachable from this one (for the
                // whole ruleset, or as checked), so after every move: the formula decides
                // each from the components' values, only the moved one's being new.
                if let Some(values) = a
                    .component_values
                    .iter()
                    .cloned()
                    .collect::<Option<Vec<_>>>()
                {
                    let mut solver = GrundySolver::with_limits(g.rules(), Self::limits(options));
                    for m in legal {
                        let mut after = values.clone();
                        for (i, c) in m {
                            after[*i] = match g.grundy_theorem(c) {
                                Some(v) => v,
                                None => BigUint::from(solver.grundy(&g.to_position(c)?)?.value()),
                            };
                        }
                        out.push((None, first_wins(sj_first_wins(&after))));
                    }
                    return Ok(out);
                }
            }
            Derivation::Theorem(_) => {
                // The ruleset's misère theorem, where it covers the position after the move.
                let mut rest = Vec::new();
                for (k, m) in legal.iter().enumerate() {
                    match g.misere_theorem(&self.after(comps, m)) {
                        Some(v) => out.push((None, Winner::from(v.outcome))),
                        None => {
                            rest.push(k);
                            out.push((None, Winner::First));
                        }
                    }
                }
                if rest.is_empty() {
                    return Ok(out);
                }
                let picked: Vec<SumMove> = rest.iter().map(|&k| legal[k].clone()).collect();
                for (k, r) in rest
                    .into_iter()
                    .zip(self.rate_misere_by_search(comps, &picked, options)?)
                {
                    out[k] = r;
                }
                return Ok(out);
            }
            _ => {}
        }
        self.rate_misere_by_search(comps, legal, options)
    }

    /// Exact misère search of the position after each move, with one memo for them all
    /// (the sums after different moves share most of their own options).
    fn rate_misere_by_search(
        &self,
        comps: &[Numbers],
        legal: &[SumMove],
        options: &SolveOptions,
    ) -> Result<Vec<(Option<String>, Winner)>> {
        let g = &self.0;
        let positions: Vec<_> = comps
            .iter()
            .map(|c| g.to_position(c))
            .collect::<Result<_>>()?;
        let mut solver = MisereSolver::new(g.rules(), Self::limits(options));
        let mut out = Vec::with_capacity(legal.len());
        for m in legal {
            let mut next = positions.clone();
            for (i, c) in m {
                next[*i] = g.to_position(c)?;
            }
            out.push((None, first_wins(solver.first_player_wins(&next)?)));
        }
        Ok(out)
    }
}
