//! `sprague table` of a rules script: heap `n` is the integer position `n`. The values of
//! every heap come from one solver, so heap `n` reuses the values of the smaller heaps.

use super::game::ScriptGame;
use super::ScriptPosition;
use crate::error::{Error, Result};
use crate::impartial::{GrundySolver, MisereSolver};
use crate::interface::{HeapRows, Method, Play, Table, TableOptions, ValueKind};
use crate::limits::Limits;
use crate::octal::Values;

/// The largest `--upto` of a script's table.
pub const MAX_UPTO: u64 = 10_000_000;

impl ScriptGame {
    /// The Grundy values of the integer positions `0..=upto`, from one solver.
    pub fn heap_values(&self, upto: u64, limits: Limits) -> Result<Vec<u64>> {
        check_upto(upto)?;
        let rules = self.rules();
        let mut solver = GrundySolver::with_limits(&rules, limits);
        // Checked above: at most 10^7 + 1 values.
        let mut values = Vec::with_capacity(upto as usize + 1);
        let result = (0..=upto).try_for_each(|n| {
            let v = solver.grundy(&ScriptPosition::Int(n as i64))?;
            values.push(v.value());
            Ok(())
        });
        rules.finish(result)?;
        Ok(values)
    }

    /// The Grundy values of the pairs `[a, b]` for `from <= a, b <= upto`, row by row
    /// (`a` the row), from one solver.
    pub fn pair_values(&self, from: u64, upto: u64, limits: Limits) -> Result<Vec<Vec<u64>>> {
        check_upto(upto)?;
        let side = upto.saturating_sub(from) + 1;
        if side.saturating_mul(side) > MAX_UPTO {
            return Err(Error::unsupported(format!(
                "{side}×{side} pairs: at most {MAX_UPTO} positions are tabulated"
            )));
        }
        let rules = self.rules();
        let mut solver = GrundySolver::with_limits(&rules, limits);
        let mut rows = Vec::new();
        let result = (from..=upto).try_for_each(|a| {
            let mut row = Vec::new();
            for b in from..=upto {
                let p = ScriptPosition::List(
                    vec![ScriptPosition::Int(a as i64), ScriptPosition::Int(b as i64)].into(),
                );
                row.push(solver.grundy(&p)?.value());
            }
            rows.push(row);
            Ok(())
        });
        rules.finish(result)?;
        Ok(rows)
    }

    /// The table of heaps `0..=options.upto`: Grundy values, or misère outcomes.
    pub fn table_report(&self, options: &TableOptions) -> Result<Table> {
        check_upto(options.upto)?;
        let spec = self.spec_name().to_string();
        let range = format!("heaps 0..={}", options.upto);
        let mut table = if options.misere {
            let rules = self.rules();
            let mut solver = MisereSolver::new(&rules, options.limits.clone());
            let mut wins = Vec::new();
            let result = (0..=options.upto).try_for_each(|n| {
                wins.push(solver.first_player_wins(&[ScriptPosition::Int(n as i64)])?);
                Ok(())
            });
            rules.finish(result)?;
            Table::new(
                &spec,
                Play::Misere,
                None,
                Method::engine("search: exact misère search of each heap"),
                format!("misère outcomes of {spec} for {range}"),
                "heap",
                Box::new(HeapRows::outcomes(&wins)),
            )
        } else {
            let values = self.heap_values(options.upto, options.limits.clone())?;
            let small: Vec<u32> = values
                .iter()
                .enumerate()
                .map(|(n, &v)| {
                    u32::try_from(v).map_err(|_| {
                        Error::unsupported(format!(
                            "the Grundy value of heap {n} is {v}, too large for a table"
                        ))
                    })
                })
                .collect::<Result<_>>()?;
            let count = small.len() as u64;
            Table::new(
                &spec,
                Play::Normal,
                Some(ValueKind::Grundy),
                Method::engine("search: Grundy values by the generic engine"),
                format!("grundy values of {spec} for {range}"),
                "heap",
                Box::new(HeapRows::grundy(Values::from_u32(&small), count)),
            )
        };
        table
            .notes
            .push("heap n is the integer position n of the script".into());
        if options.period {
            table.notes.push(
                "no period is proven for a rules script; `sprague pattern` looks for one and says how far it was checked".into(),
            );
        }
        Ok(table)
    }
}

fn check_upto(upto: u64) -> Result<()> {
    if upto > MAX_UPTO {
        return Err(Error::unsupported(format!(
            "`--upto {upto}`: a rules script's table goes up to {MAX_UPTO} at most"
        )));
    }
    Ok(())
}
