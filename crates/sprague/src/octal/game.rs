//! Take-and-break games in the catalogue: positions are heaps (`sprague solve kayles 3 7`).

use super::period::{find_period, Period};
use super::rules::{HeapRules, Ruleset};
use super::seq::{Computation, Method, Values};
use crate::catalogue::{Game, Report, SolveOptions, TableOptions};
use crate::error::{Error, Result};
use crate::games::framework::parse_components;
use crate::games::framework::Shape;
use crate::impartial::{Limits, MisereSolver};
use num_bigint::BigUint;
use serde_json::json;

/// Heaps up to this size are answered from a table computed on demand.
pub const DIRECT_LIMIT: u64 = 1 << 17;
/// Beyond [`DIRECT_LIMIT`], the table is grown up to this size looking for a proven period.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 23;
/// Largest heap for exact misère search.
pub const MISERE_LIMIT: u64 = 200;

/// A take-and-break game of the catalogue.
pub struct OctalGame {
    pub rules: Ruleset,
}

/// Values known for a request: a table prefix and possibly a proven period.
pub struct Known {
    pub values: Values,
    pub period: Option<Period>,
}

impl Known {
    /// `g(n)`, from the table, the period, or Lasker's formula.
    pub fn value(&self, rules: &Ruleset, n: &BigUint) -> Result<BigUint> {
        if let Ok(k) = usize::try_from(n) {
            if k < self.values.len() {
                return Ok(self.values.get(k).into());
            }
        }
        if rules.name == "lasker-nim" {
            return Ok(lasker(n));
        }
        if let Some(p) = self.period {
            let n0 = BigUint::from(p.preperiod);
            let r = (n - &n0) % BigUint::from(p.period);
            let k = p.preperiod + u64::try_from(&r).expect("below the period");
            return Ok(self.values.get(k as usize).into());
        }
        Err(Error::unsupported(format!(
            "heap {n} of `{}` is beyond the computed table (g(0..{})) and no period is proven for this game up to there",
            rules.name,
            self.values.len()
        )))
    }
}

/// Lasker's Nim (Winning Ways ch. 4): g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4,
/// g(4k+4) = 4k+3.
pub fn lasker(n: &BigUint) -> BigUint {
    let r = u32::try_from(&(n % 4u32)).expect("small");
    match r {
        0 if *n == BigUint::ZERO => BigUint::ZERO,
        0 => n - 1u32,
        3 => n + 1u32,
        _ => n.clone(),
    }
}

/// Grows a sequence up to heap `limit`, stopping as soon as a period is proven (the
/// computation watches for one as it grows: see [`Computation`]).
pub fn search_period(
    rules: &Ruleset,
    comp: &mut Computation,
    limit: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Option<Period>> {
    if let Some(p) = comp.period() {
        return Ok(Some(p));
    }
    if let Some(p) = find_period(rules, comp.values()) {
        return Ok(Some(p));
    }
    if !rules.periodicity_applies() {
        comp.extend_to(limit.min(1024).max(comp.len() as u64 - 1), progress)?;
        return Ok(None);
    }
    comp.extend_until_period(limit.max(1), progress)
}

/// A move from one heap: the heap, how many stones were taken, and the heaps left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapMove {
    pub index: usize,
    pub take: u64,
    pub parts: Vec<BigUint>,
}

impl OctalGame {
    fn parse(&self, words: &[String]) -> Result<Vec<BigUint>> {
        let comps = parse_components(words, Shape::Heaps)?;
        Ok(comps.into_iter().flatten().collect())
    }

    /// Values for every heap up to `max`.
    pub fn known(&self, max: &BigUint) -> Result<Known> {
        let mut comp = Computation::new(self.rules.clone(), Method::Sparse);
        match u64::try_from(max) {
            Ok(m) if m <= DIRECT_LIMIT => {
                comp.extend_to(m.max(1), &mut |_, _| {})?;
                Ok(Known {
                    values: comp.into_values(),
                    period: None,
                })
            }
            _ => {
                if self.rules.name == "lasker-nim" {
                    comp.extend_to(64, &mut |_, _| {})?;
                    return Ok(Known {
                        values: comp.into_values(),
                        period: None,
                    });
                }
                let limit = u64::try_from(max)
                    .unwrap_or(u64::MAX)
                    .min(PERIOD_SEARCH_LIMIT);
                let period = search_period(&self.rules, &mut comp, limit, &mut |_, _| {})?;
                Ok(Known {
                    values: comp.into_values(),
                    period,
                })
            }
        }
    }

    /// Every move from heap `h` (index `i`) leaving a heap sum of value `want` (`None`: all
    /// moves). Splits of a heap beyond the table are listed with the smaller part in the
    /// table only; the flag says whether some were left out.
    fn heap_moves(
        &self,
        known: &Known,
        i: usize,
        h: &BigUint,
        want: Option<&BigUint>,
        out: &mut Vec<HeapMove>,
    ) -> Result<bool> {
        let r = &self.rules;
        let table = known.values.len() as u64;
        let small = u64::try_from(h).ok().filter(|&x| x < table);
        if let Some(hs) = small {
            r.heap_moves(hs, |j, parts| {
                let v = parts
                    .iter()
                    .fold(0u32, |a, &p| a ^ known.values.get(p as usize));
                if want.is_none_or(|w| *w == BigUint::from(v)) {
                    out.push(HeapMove {
                        index: i,
                        take: j,
                        parts: parts.iter().map(|&p| BigUint::from(p)).collect(),
                    });
                }
            });
            return Ok(false);
        }
        // A huge heap: removals of the code's digits (and, with a tail, none listed).
        let mut truncated = r.tail != 0;
        for (j, &d) in r.digits.iter().enumerate() {
            let j = j as u64;
            if d == 0 || BigUint::from(j) > *h {
                continue;
            }
            let m = h - j;
            let mut push = |parts: Vec<BigUint>| -> Result<()> {
                let mut v = BigUint::ZERO;
                for p in &parts {
                    v ^= known.value(r, p)?;
                }
                if want.is_none_or(|w| *w == v) {
                    out.push(HeapMove {
                        index: i,
                        take: j,
                        parts,
                    });
                }
                Ok(())
            };
            if d & 2 != 0 && j >= 1 {
                push(vec![m.clone()])?;
            }
            if d & 4 != 0 {
                for a in 1..table.min(1 << 16) {
                    let b = &m - a;
                    if r.unequal && b == BigUint::from(a) {
                        continue;
                    }
                    push(vec![a.into(), b])?;
                }
                truncated = true;
            }
            if d & 8 != 0 {
                truncated = true;
            }
        }
        Ok(truncated)
    }

    fn describe(&self, heaps: &[BigUint], m: &HeapMove) -> (String, String) {
        let parts = if m.parts.is_empty() {
            "nothing".to_string()
        } else {
            m.parts
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let text = format!("heap {} -> {}", heaps[m.index], parts);
        let mut next: Vec<BigUint> = heaps
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != m.index)
            .map(|(_, h)| h.clone())
            .chain(m.parts.iter().cloned())
            .filter(|h| *h != BigUint::ZERO)
            .collect();
        next.sort();
        let pos = if next.is_empty() {
            "0".to_string()
        } else {
            next.iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        (text, pos)
    }

    fn misere(&self, heaps: &[BigUint], options: &SolveOptions) -> Result<Report> {
        let mut comps = Vec::new();
        for h in heaps {
            let v = u64::try_from(h)
                .ok()
                .filter(|&v| v <= MISERE_LIMIT)
                .ok_or_else(|| {
                    Error::unsupported(format!(
                    "misère play is solved by exact search, limited to heaps of at most {MISERE_LIMIT}; heap {h} is too large"
                ))
                })?;
            if v > 0 {
                comps.push(vec![v]);
            }
        }
        let mut solver = MisereSolver::new(
            HeapRules(self.rules.clone()),
            Limits {
                max_positions: options.limit(),
            },
        );
        let wins = solver.first_player_wins(&comps)?;
        let mut moves = Vec::new();
        if wins {
            let nz: Vec<BigUint> = comps.iter().map(|c| BigUint::from(c[0])).collect();
            for (i, after) in solver.winning_moves(&comps)? {
                let h = comps[i][0];
                let removed = h - after.iter().sum::<u64>();
                let m = HeapMove {
                    index: i,
                    take: removed,
                    parts: after.iter().map(|&p| BigUint::from(p)).collect(),
                };
                moves.push(self.describe(&nz, &m));
            }
        }
        let outcome = if wins { "first" } else { "second" };
        let mut text = format!(
            "game: {}\nposition: {}\nplay: misère\noutcome: {} player wins ({}-position)\n",
            self.rules.name,
            join(heaps),
            outcome,
            if wins { "N" } else { "P" }
        );
        text.push_str(&moves_text(&moves));
        text.push_str("method: search: exact misère search over sums of heaps");
        Ok(Report::new(
            text,
            json!({
                "game": self.rules.name,
                "position": join(heaps),
                "play": "misere",
                "outcome": outcome,
                "grundy": null,
                "winning_moves": moves.iter().map(|(t, p)| json!({"move": t, "position": p})).collect::<Vec<_>>(),
                "method": "search: exact misère search over sums of heaps",
            }),
        ))
    }

    /// The whole table request with resumable state: see [`super::TableRequest`].
    pub fn table_with(&self, req: super::TableRequest<'_>) -> Result<(Report, Values)> {
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
            let mut text = format!(
                "misère outcome of {} for heaps 0..={upto} (1 = first player wins)\n",
                r.name
            );
            for (n, v) in vals.iter().enumerate() {
                text.push_str(&format!("{n}\t{v}\n"));
            }
            text.push_str("method: search: exact misère search");
            let json = json!({"game": r.name, "play": "misere", "values": vals, "period": null});
            return Ok((Report::new(text, json), Values::from_u32(&vals)));
        }
        let mut comp = match req.resume {
            Some(v) => {
                let verify = v.len().saturating_sub(1).min(256);
                Computation::resume(r.clone(), Method::Sparse, v, verify)?
            }
            None => Computation::new(r.clone(), Method::Sparse),
        };
        let (upto, period) = match req.upto {
            Some(n) => {
                comp.extend_to(n, &mut progress)?;
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
        let values = comp.into_values();
        let shown = upto as usize + 1;
        let mut text = format!("grundy values of {} for heaps 0..={upto}\n", r.name);
        if shown <= 10_000 || req.upto.is_some() && !req.period {
            for n in 0..shown.min(values.len()) {
                text.push_str(&format!("{n}\t{}\n", values.get(n)));
            }
        } else {
            text.push_str(&format!(
                "({} values computed; not listed, use --json or --output)\n",
                shown
            ));
        }
        if req.period {
            match period {
                Some(p) => text.push_str(&format!(
                    "period: preperiod {} period {} (proven by the periodicity theorem with {} values)\n",
                    p.preperiod,
                    p.period,
                    values.len()
                )),
                None if !r.periodicity_applies() => text.push_str(&format!(
                    "no period proven up to {upto}: the periodicity theorem does not apply to {}\n",
                    r.name
                )),
                None => text.push_str(&format!("no period proven up to {upto}\n")),
            }
        }
        text.push_str("method: sparse-space Grundy sequence (rare and common values)");
        let period_json = match period {
            Some(p) => json!({"preperiod": p.preperiod, "period": p.period}),
            None => serde_json::Value::Null,
        };
        let json = json!({
            "game": r.name,
            "upto": upto,
            "values": (0..shown.min(values.len())).map(|n| values.get(n)).collect::<Vec<_>>(),
            "period": period_json,
            "method": "sparse-space Grundy sequence (rare and common values)",
        });
        Ok((Report::new(text, json), values))
    }
}

fn join(h: &[BigUint]) -> String {
    h.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn moves_text(moves: &[(String, String)]) -> String {
    if moves.is_empty() {
        return "winning moves: none\n".into();
    }
    let mut s = "winning moves:\n".to_string();
    for (t, p) in moves {
        s.push_str(&format!("  {t}   (leaves {p})\n"));
    }
    s
}

impl Game for OctalGame {
    fn spec(&self) -> String {
        self.rules.name.clone()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        if options.every {
            return Err(Error::unsupported(format!(
                "every-move play is not available for `{}`",
                self.rules.name
            )));
        }
        let heaps = self.parse(words)?;
        if options.misere {
            return self.misere(&heaps, options);
        }
        let max = heaps.iter().max().cloned().unwrap_or_default();
        let known = self.known(&max)?;
        let vals: Vec<BigUint> = heaps
            .iter()
            .map(|h| known.value(&self.rules, h))
            .collect::<Result<_>>()?;
        let total = vals.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let mut moves = Vec::new();
        let mut truncated = false;
        if total != BigUint::ZERO {
            for (i, h) in heaps.iter().enumerate() {
                if heaps[..i].contains(h) {
                    continue;
                }
                let want = &total ^ &vals[i];
                truncated |= self.heap_moves(&known, i, h, Some(&want), &mut moves)?;
            }
        }
        let described: Vec<(String, String)> =
            moves.iter().map(|m| self.describe(&heaps, m)).collect();
        let wins = total != BigUint::ZERO;
        let method = match known.period {
            Some(p) => format!(
                "table of Grundy values with the proven period (preperiod {}, period {})",
                p.preperiod, p.period
            ),
            None => "table of Grundy values (sparse-space method); sum by XOR".to_string(),
        };
        let mut text = format!(
            "game: {}\nposition: {}\nplay: normal\noutcome: {} player wins ({}-position)\ngrundy: {}\nheap values: {}\n",
            self.rules.name,
            join(&heaps),
            if wins { "first" } else { "second" },
            if wins { "N" } else { "P" },
            total,
            join(&vals)
        );
        text.push_str(&moves_text(&described));
        if truncated {
            text.push_str(
                "(splits of huge heaps with both parts beyond the table are not listed)\n",
            );
        }
        text.push_str(&format!("method: {method}"));
        Ok(Report::new(
            text,
            json!({
                "game": self.rules.name,
                "position": join(&heaps),
                "play": "normal",
                "outcome": if wins { "first" } else { "second" },
                "grundy": total.to_string(),
                "component_values": vals.iter().map(|v| v.to_string()).collect::<Vec<_>>(),
                "winning_moves": described.iter().zip(&moves).map(|((t, p), m)| json!({
                    "move": t, "heap": heaps[m.index].to_string(), "take": m.take,
                    "leaves": m.parts.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                    "position": p,
                })).collect::<Vec<_>>(),
                "moves_truncated": truncated,
                "method": method,
            }),
        ))
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Report> {
        const MAX_LISTED: usize = 10_000;
        let heaps = self.parse(words)?;
        let max = heaps.iter().max().cloned().unwrap_or_default();
        let known = self.known(&max)?;
        let mut all = Vec::new();
        let mut truncated = false;
        for (i, h) in heaps.iter().enumerate() {
            if heaps[..i].contains(h) {
                continue;
            }
            truncated |= self.heap_moves(&known, i, h, None, &mut all)?;
            if all.len() > MAX_LISTED {
                return Err(Error::unsupported(format!(
                    "more than {MAX_LISTED} moves; `sprague solve` gives the winning ones"
                )));
            }
        }
        let mut text = String::new();
        let mut list = Vec::new();
        for m in &all {
            let (t, pos) = self.describe(&heaps, m);
            let next: Vec<String> = pos
                .split_whitespace()
                .filter(|w| *w != "0")
                .map(String::from)
                .collect();
            let (winning, grundy) = if next.is_empty() {
                (!options.misere, Some(BigUint::ZERO))
            } else if options.misere {
                let r = self.misere(
                    &next
                        .iter()
                        .map(|w| w.parse().expect("printed"))
                        .collect::<Vec<_>>(),
                    options,
                )?;
                (r.json["outcome"] == "second", None)
            } else {
                let mut v = BigUint::ZERO;
                for w in &next {
                    v ^= known.value(&self.rules, &w.parse().expect("printed"))?;
                }
                (v == BigUint::ZERO, Some(v))
            };
            text.push_str(&format!(
                "{t}  -> {}{}\n",
                if winning { "winning" } else { "losing" },
                grundy
                    .as_ref()
                    .map(|g| format!(" (grundy {g})"))
                    .unwrap_or_default()
            ));
            list.push(json!({"move": t, "position": pos, "winning": winning,
                "grundy": grundy.map(|g| g.to_string())}));
        }
        if all.is_empty() {
            text.push_str("no moves: the position is terminal\n");
        }
        if truncated {
            text.push_str(
                "(splits of huge heaps with both parts beyond the table are not listed)\n",
            );
        }
        Ok(Report::new(
            text.trim_end().to_string(),
            json!({"game": self.rules.name, "position": join(&heaps), "moves": list}),
        ))
    }

    fn table(&self, options: &TableOptions) -> Result<Report> {
        let req = super::TableRequest {
            upto: Some(options.upto),
            period: options.period,
            misere: options.misere,
            ..Default::default()
        };
        Ok(self.table_with(req)?.0)
    }
}
