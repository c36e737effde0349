//! `sprague table`: the values of single heaps 0..=N, and the proven period where a game
//! has one.
//!
//! Only games whose positions are single heaps have such a table. Values come from the
//! game's closed form where it has one and from the engine otherwise; misère tables give
//! the outcome of each heap (1 when the first player wins), by exact misère search. The
//! answer is a plain [`Report`] (text and JSON): a table is not a verdict on a position.

use super::{Method, NumberGame, NumberGameAdapter, Shape};
use crate::catalogue::{Report, TableOptions};
use crate::error::{Error, Result};
use crate::impartial::{GrundySolver, Impartial, Limits, MisereSolver};
use num_bigint::BigUint;
use serde_json::json;

impl<G: NumberGame> NumberGameAdapter<G>
where
    <G::Rules as Impartial>::Position: Ord,
{
    /// The table of values of heaps `0..=options.upto`.
    pub fn table_report(&self, options: &TableOptions) -> Result<Report> {
        let g = &self.0;
        if g.shape() != Shape::Heaps {
            return Err(Error::unsupported(format!(
                "`sprague table` lists single-heap positions; `{}` positions are not single heaps",
                g.spec()
            )));
        }
        if options.upto > 10_000_000 {
            return Err(Error::unsupported(
                "`--upto` is limited to 10000000 for this game",
            ));
        }
        let mut solver = GrundySolver::with_limits(
            g.rules(),
            Limits::positions(options.upto.saturating_mul(4) + 1000),
        );
        let mut values = Vec::with_capacity(options.upto as usize + 1);
        let mut method = Method::Search;
        for n in 0..=options.upto {
            let c = vec![BigUint::from(n)];
            let v = if options.misere {
                let p = g.to_position(&c)?;
                let mut ms = MisereSolver::new(g.rules(), Limits::default());
                BigUint::from(u8::from(ms.first_player_wins(&[p])?))
            } else if let Some(v) = g.grundy_theorem(&c) {
                method = Method::Theorem(g.theorem_name().unwrap_or_default());
                v
            } else {
                BigUint::from(solver.grundy(&g.to_position(&c)?)?.value())
            };
            values.push(v);
        }
        let heading = if options.misere {
            "misère outcome (1 = first player wins)"
        } else {
            "grundy"
        };
        let mut text = format!(
            "{} values of {} for heaps 0..={}\n",
            heading,
            g.spec(),
            options.upto
        );
        for (n, v) in values.iter().enumerate() {
            text.push_str(&format!("{n}\t{v}\n"));
        }
        let period = if options.period && !options.misere {
            g.proven_period()
        } else {
            None
        };
        if options.period {
            match period {
                Some((p, q)) => text.push_str(&format!(
                    "period: preperiod {p}, period {q} (proven: g(n + {q}) = g(n) for every n >= {p})\n"
                )),
                None => text.push_str("period: none proven for this game\n"),
            }
        }
        text.push_str(&format!("method: {}", method.describe()));
        let json = json!({
            "game": g.spec(),
            "values": values.iter().map(|v| u64::try_from(v).map(serde_json::Value::from).unwrap_or_else(|_| v.to_string().into())).collect::<Vec<_>>(),
            "period": period.map(|(p, q)| json!({"preperiod": p, "period": q})),
            "method": method.describe(),
        });
        Ok(Report::new(text, json))
    }
}
