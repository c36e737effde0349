//! `sprague table`: the values of single heaps 0..=N, and the proven period where a game
//! has one.
//!
//! Only games whose positions are single heaps have such a table. Values come from the
//! game's closed form where it has one and from the engine otherwise; misère tables give
//! the outcome of each heap, by exact misère search. The answer is the catalogue's typed
//! [`Table`], its values kept as a compact sequence.

use super::{Derivation, NumberGameAdapter};
use crate::error::{Error, Result};
use crate::impartial::{GrundySolver, Impartial, MisereSolver};
use crate::interface::{HeapRows, Play, Table, TableOptions, TablePeriod, ValueKind};
use crate::limits::Limits;
use crate::number::{NumberGame, Shape};
use crate::octal::Values;
use num_bigint::BigUint;

impl<G: NumberGame> NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    /// The table of values of heaps `least_heap()..=options.upto`.
    pub fn table_report(&self, options: &TableOptions) -> Result<Table> {
        let g = &self.0;
        if g.shape() != Shape::Heaps {
            return Err(Error::unsupported(format!(
                "`sprague table` lists single-heap positions; `{}` positions are not single heaps",
                g.spec()
            )));
        }
        if let Some(why) = g.period_refused().filter(|_| options.period) {
            return Err(Error::unsupported(format!("{}: {why}", g.spec())));
        }
        if options.upto > 10_000_000 {
            return Err(Error::unsupported(
                "`--upto` is limited to 10000000 for this game",
            ));
        }
        // The request's deadline and flag reach the searches and the loop over heaps (a
        // closed form a heap is fast, but ten million of them are not instant).
        let watch = &options.limits;
        let mut solver = GrundySolver::with_limits(
            g.rules(),
            Limits {
                max_positions: Some(options.upto.saturating_mul(4) + 1000),
                ..watch.clone()
            },
        );
        // Checked above: at most 10^7 + 1 values, kept as numbers (compacted below).
        let mut values: Vec<u32> = Vec::with_capacity(options.upto as usize + 1);
        let mut wins: Vec<bool> = Vec::new();
        let mut misere = None;
        let mut method = Derivation::Search;
        // Heaps from the least one the game has (0, or 1 where 0 is no position).
        let first = g.least_heap();
        for n in first..=options.upto {
            watch.check_every(n, "heaps tabulated")?;
            let c = vec![BigUint::from(n)];
            if options.misere {
                let p = g.to_position(&c)?;
                // One solver for the whole table: heap n's sums include those of smaller heaps.
                let ms = misere.get_or_insert_with(|| MisereSolver::new(g.rules(), watch.clone()));
                wins.push(ms.first_player_wins(&[p])?);
                continue;
            }
            let v = if let Some(v) = g.grundy_theorem(&c) {
                method = Derivation::Theorem(g.theorem_name().unwrap_or_default());
                u32::try_from(&v).map_err(|_| {
                    Error::unsupported(format!(
                        "the Grundy value of heap {n} is {v}, too large for a table"
                    ))
                })?
            } else {
                u32::try_from(solver.grundy(&g.to_position(&c)?)?.value()).map_err(|_| {
                    Error::unsupported(format!(
                        "the Grundy value of heap {n} is too large for a table"
                    ))
                })?
            };
            values.push(v);
        }
        let range = format!("heaps {first}..={}", options.upto);
        let method = crate::interface::Method::new(method.kind(), method.describe());
        let mut table = if options.misere {
            Table::new(
                g.spec(),
                Play::Misere,
                None,
                method,
                format!("misère outcomes of {} for {range}", g.spec()),
                "heap",
                Box::new(HeapRows::outcomes(&wins).from_heap(first)),
            )
        } else {
            let count = values.len() as u64;
            Table::new(
                g.spec(),
                Play::Normal,
                Some(ValueKind::Grundy),
                method,
                format!("grundy values of {} for {range}", g.spec()),
                "heap",
                Box::new(HeapRows::grundy(Values::from_u32(&values), count).from_heap(first)),
            )
        };
        if options.period {
            match g.proven_period().filter(|_| !options.misere) {
                Some((p, q)) => {
                    table.period = Some(TablePeriod::new(p, q));
                    table
                        .notes
                        .push(format!("proven: g(n + {q}) = g(n) for every n >= {p}"));
                }
                None => table.notes.push("no period proven for this game".into()),
            }
        }
        Ok(table)
    }
}
