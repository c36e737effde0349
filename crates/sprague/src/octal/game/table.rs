//! `sprague table`: a table request (normal play by the sequence computation, resumable
//! and with a period search; misère by exact search) and [`OctalTable`], its summary with
//! the values as computed. Separate because tables are written value by value by the
//! command line, not answered as positions.

use super::{search_period, OctalGame, MISERE_LIMIT};
use crate::catalogue::Report;
use crate::error::{Error, Result};
use crate::impartial::{Limits, MisereSolver};
use crate::octal::period::{find_period, Period};
use crate::octal::rules::HeapRules;
use crate::octal::seq::{Computation, Method as SeqMethod, Values};
use serde_json::{json, Map, Value};

impl OctalGame {
    /// The whole table request with resumable state: see [`crate::octal::TableRequest`]. The
    /// values stay in the returned table for the caller to write out.
    pub fn table_with(&self, req: crate::octal::TableRequest<'_>) -> Result<OctalTable> {
        let r = &self.rules;
        let mut progress = req.progress;
        if req.misere {
            let upto = req.upto.unwrap_or(30);
            if upto > MISERE_LIMIT {
                return Err(Error::unsupported(format!(
                    "misère tables use exact search, limited to heaps of at most {MISERE_LIMIT}"
                )));
            }
            let mut solver = MisereSolver::new(HeapRules(r.clone()), Limits::default());
            let mut vals = Vec::new();
            for n in 0..=upto {
                let comps = if n == 0 { vec![] } else { vec![vec![n]] };
                vals.push(u32::from(solver.first_player_wins(&comps)?));
            }
            return Ok(OctalTable {
                game: r.name.clone(),
                upto,
                misere: true,
                values: Values::from_u32(&vals),
                period: None,
                period_asked: false,
                periodicity_applies: r.periodicity_applies(),
                list_in_text: true,
            });
        }
        let mut comp = match req.resume {
            Some(v) => {
                let verify = v.len().saturating_sub(1).min(256);
                Computation::resume(r.clone(), SeqMethod::Sparse, v, verify)?
            }
            None => Computation::new(r.clone(), SeqMethod::Sparse),
        };
        let (upto, period) = match req.upto {
            Some(n) => {
                let n = extend_with_checkpoints(&mut comp, n, &mut progress, req.checkpoint)?;
                let p = if req.period {
                    find_period(r, comp.values())
                } else {
                    None
                };
                (n, p)
            }
            None if req.period => {
                let p = search_period(r, &mut comp, req.period_limit, &mut progress)?;
                ((comp.len() - 1) as u64, p)
            }
            None => {
                comp.extend_to(100, &mut progress)?;
                (100, None)
            }
        };
        let shown = upto.saturating_add(1);
        Ok(OctalTable {
            game: r.name.clone(),
            upto,
            misere: false,
            values: comp.into_values(),
            period,
            period_asked: req.period,
            periodicity_applies: r.periodicity_applies(),
            list_in_text: shown <= 10_000 || req.upto.is_some() && !req.period,
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
    checkpoint: Option<crate::octal::Checkpoint<'_>>,
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
    /// Whether a period was asked for (`--period`).
    pub period_asked: bool,
    /// Whether the periodicity theorem applies to the game.
    pub periodicity_applies: bool,
    /// Whether the text form lists the values (short tables, or an explicit `--upto`
    /// without `--period`).
    pub list_in_text: bool,
}

impl OctalTable {
    /// How many values the table shows: `g(0..=upto)`.
    pub fn count(&self) -> usize {
        usize::try_from(self.upto.saturating_add(1))
            .unwrap_or(usize::MAX)
            .min(self.values.len())
    }

    /// The method line's text.
    pub fn method(&self) -> &'static str {
        if self.misere {
            "search: exact misère search"
        } else {
            "sparse-space Grundy sequence (rare and common values)"
        }
    }

    /// The first line of the text form.
    pub fn text_head(&self) -> String {
        if self.misere {
            format!(
                "misère outcome of {} for heaps 0..={} (1 = first player wins)",
                self.game, self.upto
            )
        } else {
            format!("grundy values of {} for heaps 0..={}", self.game, self.upto)
        }
    }

    /// The line that replaces the values when the text form does not list them.
    pub fn text_unlisted(&self) -> String {
        format!(
            "({} values computed; not listed, use --json or --output)",
            self.count()
        )
    }

    /// The last lines of the text form: the period (when asked for) and the method,
    /// without a trailing newline.
    pub fn text_tail(&self) -> String {
        let mut text = String::new();
        if self.period_asked {
            let upto = self.upto;
            text.push_str(&match self.period {
                Some(p) => format!(
                    "period: preperiod {} period {} (proven by the periodicity theorem with {} values)\n",
                    p.preperiod,
                    p.period,
                    self.values.len()
                ),
                None if !self.periodicity_applies => format!(
                    "no period proven up to {upto}: the periodicity theorem does not apply to {}\n",
                    self.game
                ),
                None => format!("no period proven up to {upto}\n"),
            });
        }
        text.push_str("method: ");
        text.push_str(self.method());
        text
    }

    /// The keys of the JSON form except `values` (which sorts last, so a writer can put
    /// the values after these): `game`, `method`, `period`, `upto` (misère: `game`,
    /// `period`, `play`).
    pub fn json_summary(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("game".into(), json!(self.game));
        if self.misere {
            m.insert("play".into(), json!("misere"));
            m.insert("period".into(), Value::Null);
            return m;
        }
        m.insert("upto".into(), json!(self.upto));
        m.insert(
            "period".into(),
            match self.period {
                Some(p) => json!({"preperiod": p.preperiod, "period": p.period}),
                None => Value::Null,
            },
        );
        m.insert("method".into(), json!(self.method()));
        m
    }

    /// The whole table as a report (text and JSON in memory): for short tables and for
    /// callers of [`Game::table`](crate::catalogue::Game::table); the command line writes long tables value by value.
    pub fn to_report(&self) -> Report {
        let n = self.count();
        let mut text = self.text_head();
        text.push('\n');
        if self.list_in_text {
            for k in 0..n {
                text.push_str(&format!("{k}\t{}\n", self.values.get(k)));
            }
        } else {
            text.push_str(&self.text_unlisted());
            text.push('\n');
        }
        text.push_str(&self.text_tail());
        let mut json = self.json_summary();
        json.insert(
            "values".into(),
            (0..n)
                .map(|k| self.values.get(k))
                .collect::<Vec<_>>()
                .into(),
        );
        Report::new(text, Value::Object(json))
    }
}
