//! `sprague table`: a table request (normal play by the sequence computation, resumable
//! and with a period search; misère through the misère quotient where one covers the
//! heaps, else by exact search) and [`OctalTable`], its summary with
//! the values as computed, which becomes the catalogue's typed [`Table`] once the caller
//! has saved the values where asked to. Separate because tables are written value by value
//! by the command line, not answered as positions.

use super::{misere_estimate, search_period, OctalGame, MISERE_LIMIT};
use crate::error::{Error, Result};
use crate::impartial::MisereSolver;
use crate::interface::{HeapRows, Method, Play, Table, TablePeriod, ValueKind};
use crate::octal::period::{find_period, values_needed, Period};
use crate::octal::rules::{HeapRules, TakeAndBreak};
use crate::octal::seq::{Algorithm, Computation};
use crate::octal::Values;

impl OctalGame {
    /// The whole table request with resumable state: see [`super::TableRequest`]. The
    /// values stay in the returned table for the caller to write out.
    pub fn table_with(&self, req: super::TableRequest<'_>) -> Result<OctalTable> {
        let r = &self.rules;
        let mut progress = req.progress;
        if req.misere {
            let upto = req.upto.unwrap_or(30);
            if let Some((wins, method, notes)) = self.quotient_outcomes(upto, &req.limits)? {
                return Ok(OctalTable {
                    quotient: Some((method, notes)),
                    ..OctalTable::misere(r, upto, &wins)
                });
            }
            if upto > MISERE_LIMIT {
                return Err(Error::unsupported(format!(
                    "misère tables use exact search, limited to heaps of at most {MISERE_LIMIT}"
                )));
            }
            let mut solver = MisereSolver::new(HeapRules(r.clone()), req.limits.clone());
            let asked = || format!("a misère table of {} up to heap {upto}", r.name);
            let vals = misere_estimate::single_heaps(&mut solver, upto, &asked)?;
            return Ok(OctalTable::misere(r, upto, &vals));
        }
        let mut comp = match req.resume {
            Some(v) => {
                let verify = v.len().saturating_sub(1).min(256);
                Computation::resume(r.clone(), Algorithm::Sparse, v, verify)?
            }
            None => Computation::new(r.clone(), Algorithm::Sparse),
        };
        comp.watched_by(req.limits.clone());
        comp.compute_every_value(req.every_value);
        let (upto, period) = match req.upto {
            Some(n) => {
                let n = extend_with_checkpoints(&mut comp, n, &mut progress, req.checkpoint)?;
                let p = if req.period {
                    // The period the computation proved as it grew, where it did (the same
                    // least period and preperiod): searching all the values again took
                    // 9 of the 11 s of `table octal:0.16 --upto 450000000 --period`.
                    comp.period().or_else(|| find_period(r, comp.values()))
                } else {
                    None
                };
                (n, p)
            }
            None if req.period => {
                // A game splitting into three looks no further than its default table
                // (beyond, `--upto` asks for a table of that size).
                let limit = req
                    .period_limit
                    .min(self.triple_heaps().unwrap_or(u64::MAX));
                let p = search_period(r, &mut comp, limit, &mut progress)?;
                ((comp.len() - 1) as u64, p)
            }
            None => {
                comp.extend_to(100, &mut progress)?;
                (100, None)
            }
        };
        let shown = upto.saturating_add(1);
        let stats = comp.stats();
        let method = if stats.residues > 0 {
            "sparse-space Grundy sequence (rare and common values); past the proven period, every value by residue classes"
        } else if stats.copied > 0 {
            "sparse-space Grundy sequence (rare and common values); past the proven period, values copied from it"
        } else {
            SPARSE
        };
        Ok(OctalTable {
            method,
            game: r.name.clone(),
            upto,
            misere: false,
            values: comp.into_values(),
            proof_values: period.and_then(|p| values_needed(r, p.preperiod, p.period)),
            period,
            period_asked: req.period,
            periodicity_applies: r.periodicity_applies(),
            list_in_text: shown <= 10_000 || req.upto.is_some() && !req.period,
            quotient: None,
            checksum: false,
        })
    }
}

/// Extends `comp` to `g(upto)`, calling the checkpoint (if any) each time the count of
/// values reaches a multiple of its `every`; returns the last heap computed (`upto` unless
/// the checkpoint stopped it). Steps end on multiples of `every` so that, with the default
/// 2^16, they end where the computation's own periodic chores do.
fn extend_with_checkpoints(
    comp: &mut Computation,
    upto: u64,
    progress: &mut dyn FnMut(u64, u64),
    checkpoint: Option<super::Checkpoint<'_>>,
) -> Result<u64> {
    let Some(cp) = checkpoint else {
        comp.extend_to(upto, progress)?;
        return Ok(upto);
    };
    let every = cp.every.max(1);
    loop {
        let have = comp.len() as u64;
        let next = (have / every).saturating_add(1).saturating_mul(every);
        if next > upto {
            break;
        }
        // Progress is of the whole table, not of the step.
        comp.extend_to(next - 1, &mut |done, _| progress(done, upto))?;
        if (cp.save)(comp.values()).is_break() {
            return Ok(comp.len() as u64 - 1);
        }
    }
    comp.extend_to(upto, progress)?;
    Ok(upto)
}

/// The method line of a table computed by the sparse method alone.
const SPARSE: &str = "sparse-space Grundy sequence (rare and common values)";

/// A table of single-heap values (`sprague table`) for the caller to write: a summary
/// with the values kept as computed (one to four bytes each), so that a long table is
/// written value by value and never held as text or JSON.
#[derive(Debug, Clone)]
pub struct OctalTable {
    /// The game's spec.
    pub game: String,
    /// The largest heap of the table.
    pub upto: u64,
    /// Misère outcomes (1: the first player wins) instead of Grundy values.
    pub misere: bool,
    /// The values `g(0..)`: at least `upto + 1` of them where computed (see
    /// [`OctalTable::count`]).
    pub values: Values,
    /// The proven period, when one was asked for and found.
    pub period: Option<Period>,
    /// How many values the periodicity theorem needs to prove `period` (a table may have
    /// more: `--upto` past the proof).
    pub proof_values: Option<u64>,
    /// Whether a period was asked for (`--period`).
    pub period_asked: bool,
    /// Whether the periodicity theorem applies to the game.
    pub periodicity_applies: bool,
    /// Whether the text form lists the values (short tables, or an explicit `--upto`
    /// without `--period`).
    pub list_in_text: bool,
    /// Misère tables answered through the misère quotient: the method and notes on it.
    pub quotient: Option<(Method, Vec<String>)>,
    /// Whether the table shows the Fletcher-32 of its values instead of listing them in
    /// the text ([`OctalTable::show_checksum`]).
    pub checksum: bool,
    /// The method line: how the values were computed ([`OctalTable::method`]).
    pub method: &'static str,
}

impl OctalTable {
    /// A misère table of `first_wins` for heaps `0..=upto` (its outcomes are stored as
    /// values: 1 when the first player wins).
    fn misere(r: &TakeAndBreak, upto: u64, first_wins: &[bool]) -> OctalTable {
        let vals: Vec<u32> = first_wins.iter().map(|&w| u32::from(w)).collect();
        OctalTable {
            game: r.name.clone(),
            upto,
            misere: true,
            values: Values::from_u32(&vals),
            period: None,
            proof_values: None,
            period_asked: false,
            periodicity_applies: r.periodicity_applies(),
            list_in_text: true,
            quotient: None,
            checksum: false,
            method: "search: exact misère search",
        }
    }

    /// How many values the table shows: `g(0..=upto)`.
    pub fn count(&self) -> usize {
        usize::try_from(self.upto.saturating_add(1))
            .unwrap_or(usize::MAX)
            .min(self.values.len())
    }

    /// Shows the Fletcher-32 of the values `g(0..=upto)` ([`Values::fletcher32`]) in a
    /// note, and lists the values only in JSON: how a long table is compared with another
    /// computation's.
    pub fn show_checksum(&mut self) {
        self.checksum = true;
        self.list_in_text = false;
    }

    /// The Fletcher-32 of the values the table shows, `g(0..=upto)`.
    pub fn fletcher32(&self) -> u32 {
        self.values.fletcher32_of_first(self.count())
    }

    /// The method line's text: how the values were computed (past a proven period,
    /// copied from it or computed by residue classes).
    pub fn method(&self) -> &'static str {
        self.method
    }

    /// The catalogue's typed table of `g(0..=upto)` (misère: the outcomes), its rows made
    /// from the values as they are written.
    pub fn into_table(mut self) -> Table {
        let count = self.count() as u64;
        let known = self.values.len();
        let checksum = self.checksum.then(|| {
            format!(
                "Fletcher-32 of the values g(0..={}): {:08x}",
                self.upto,
                self.fletcher32()
            )
        });
        let range = format!("heaps 0..={}", self.upto);
        let (method, notes) = match self.quotient.take() {
            Some((m, notes)) => (m, notes),
            None => (Method::engine(self.method()), Vec::new()),
        };
        let mut table = if self.misere {
            let wins: Vec<bool> = (0..self.count()).map(|n| self.values.get(n) != 0).collect();
            Table::new(
                self.game.clone(),
                Play::Misere,
                None,
                method,
                format!("misère outcomes of {} for {range}", self.game),
                "heap",
                Box::new(HeapRows::outcomes(&wins)),
            )
        } else {
            Table::new(
                self.game.clone(),
                Play::Normal,
                Some(ValueKind::Grundy),
                method,
                format!("grundy values of {} for {range}", self.game),
                "heap",
                Box::new(HeapRows::grundy(self.values, count)),
            )
        };
        table.list_in_text = self.list_in_text;
        table.notes.extend(notes);
        table.notes.extend(checksum);
        if self.period_asked {
            let upto = self.upto;
            match self.period {
                Some(p) => {
                    table.period = Some(TablePeriod::new(p.preperiod, p.period));
                    // (The values the proof needs, not the table's: `--upto` may go past.)
                    let needed = self
                        .proof_values
                        .map_or(known as u64, |n| n.min(known as u64));
                    table.notes.push(format!(
                        "proven by the periodicity theorem with {needed} values"
                    ));
                }
                None if !self.periodicity_applies => table.notes.push(format!(
                    "no period proven up to {upto}: the periodicity theorem does not apply to {}",
                    self.game
                )),
                None => table.notes.push(format!("no period proven up to {upto}")),
            }
        }
        table
    }
}
