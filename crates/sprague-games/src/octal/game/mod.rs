//! Take-and-break games in the catalogue: positions are heaps (`sprague solve kayles 3 7`).
//!
//! **Values.** Heaps up to [`DIRECT_LIMIT`] are answered from a table computed on demand.
//! Larger heaps need a proven period: the table grows, within the limits (the smaller of
//! `--max-positions` and [`PERIOD_SEARCH_LIMIT`]), until the periodicity theorem proves
//! one; a heap within the limits is answered from the table itself. Lasker's Nim has a
//! formula. A heap that no method reaches within the limits is refused with the limit
//! named, at once where that is known beforehand (the periodicity theorem does not apply,
//! or the game's periodicity is an open problem and its first values prove no period).
//!
//! **Moves.** A move from one heap is a *take* (remove stones, leaving no heap or one), a
//! split in two or a split in three (possibly after removing stones). Each of these
//! families is counted by a closed form, so no list is ever sized by a heap: lists are
//! capped and the note says how many moves there are. The winning moves of heaps in the
//! table are found by scanning their moves; those of heaps beyond it come from the period
//! (splits in two counted by residue class) or from Lasker's formula (the one winning take
//! by the formula's inverse, the winning splits counted by a recursion over binary digits),
//! not from splits into small parts alone.
//!
//! **Misère play** goes through the misère quotient where one is computed within the limits
//! and covers the position (`misere_quotient`: a proven period covers heaps of any size),
//! and by exact search of sums of heaps otherwise (`verdict`, `misere_estimate`).
//!
//! Layout: this module holds the game, the values known for a request ([`Known`]) and
//! the [`Game`] implementation; `moves` the moves of one heap and their counts, `winning`
//! the winning moves of one heap, `lasker` Lasker's Nim beyond the table, `verdict` the
//! answers of `solve` and `moves`, `misere_quotient` misère play through the quotient, and
//! `table` the tables of `sprague table`.

mod misere_estimate;
mod misere_quotient;
mod moves;
pub mod request;
mod table;
mod verdict;
mod winning;

pub use misere_quotient::{QUOTIENT_CONFIG, QUOTIENT_HEAPS, QUOTIENT_TIME};
pub use request::{Checkpoint, TableRequest, DEFAULT_PERIOD_LIMIT};
pub use table::OctalTable;

use crate::octal::lasker::{lasker, lasker_small};
use crate::octal::moves::MoveCount;
use verdict::Words;

use super::period::{find_period, Period};
use super::rules::TakeAndBreak;
use super::seq::{Algorithm, Computation};
use super::Values;
use crate::error::{Error, Result};
use crate::interface::listing::{check_legal_list, MAX_LEGAL_MOVES};
use crate::interface::{
    Game, LegalMove, Listing, Method, MethodKind, SolveOptions, Table, TableOptions, Verdict,
};
use crate::number::{parse_components, Shape};
use num_bigint::BigUint;

/// Heaps up to this size are answered from a table computed on demand.
pub const DIRECT_LIMIT: u64 = 1 << 17;
/// Beyond [`DIRECT_LIMIT`], the table is grown up to this size (or `--max-positions`, if
/// smaller) looking for a proven period.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 23;
/// The most splits into three heaps a table made without `--max-positions` may cost: a
/// game that splits a heap into three costs a quadratic number of splits per heap (about
/// 10^9 a second), so its table stops far below [`DIRECT_LIMIT`].
pub const TRIPLE_WORK_LIMIT: u128 = 4_000_000_000;
/// How [`TRIPLE_WORK_LIMIT`] reads in messages.
const TRIPLE_HEAPS_NOTE: &str = "a few seconds of work";
/// Largest heap for exact misère search (the quotient, where it applies, has no such bound).
pub const MISERE_LIMIT: u64 = 200;

/// A take-and-break game of the catalogue.
pub struct OctalGame {
    /// The ruleset (code, Grundy's game or Lasker's Nim).
    pub rules: TakeAndBreak,
}

/// Values known for a request: a table prefix, and a proven period or Lasker's formula
/// for heaps beyond it.
pub struct Known {
    /// `g(0..len)`.
    pub values: Values,
    /// A proven period of the sequence, if one was found.
    pub period: Option<Period>,
    /// Lasker's Nim: heaps beyond the table by its formula.
    pub formula: bool,
}

impl Known {
    /// `g(n)`, from the table, the period, or Lasker's formula.
    pub fn value(&self, rules: &TakeAndBreak, n: &BigUint) -> Result<BigUint> {
        if let Some(v) = self.in_table(n) {
            return Ok(v.into());
        }
        if self.formula {
            return Ok(lasker(n));
        }
        if let Some(p) = self.period {
            let r = (n - BigUint::from(p.preperiod)) % BigUint::from(p.period);
            let k = p.preperiod + u64::try_from(&r).expect("below the period");
            return Ok(self.values.get(k as usize).into());
        }
        Err(Error::unsupported(format!(
            "{} of `{}` is beyond the computed table (g(0..{})) and no period is proven for this game up to there",
            heap_words(n),
            rules.name,
            self.values.len()
        )))
    }

    fn in_table(&self, n: &BigUint) -> Option<u32> {
        let k = usize::try_from(n).ok()?;
        (k < self.values.len()).then(|| self.values.get(k))
    }

    /// Whether heap `n` is answered by scanning its moves (in the table, or a Lasker heap
    /// small enough that its moves are few).
    fn scannable(&self, n: &BigUint) -> Option<u64> {
        let k = u64::try_from(n).ok()?;
        let fits = (k as usize) < self.values.len() || (self.formula && k <= DIRECT_LIMIT);
        fits.then_some(k)
    }

    /// `g(n)` for a heap that [`Known::scannable`] accepts, or a smaller one.
    fn small(&self, n: u64) -> u64 {
        if (n as usize) < self.values.len() {
            u64::from(self.values.get(n as usize))
        } else {
            lasker_small(n)
        }
    }
}

/// Whether the ruleset is Lasker's Nim (the only one with an infinite tail).
fn is_lasker(r: &TakeAndBreak) -> bool {
    r.tail == 3 && r.digits == [4] && !r.unequal
}

/// Refuses hand-built rulesets with a tail other than Lasker's: move counts and
/// enumerations below know the tail's takes (bits 1 and 2) only.
fn check_rules(r: &TakeAndBreak) -> Result<()> {
    if r.tail != 0 && !is_lasker(r) {
        return Err(Error::unsupported(format!(
            "`{}`: an infinite tail of digit {} is not supported (only Lasker's Nim has one)",
            r.name, r.tail
        )));
    }
    Ok(())
}

/// Codes whose periodicity is an open problem and whose first [`PERIOD_SEARCH_LIMIT`]
/// values prove no period (checked with `sprague table officers --period --upto 8388608`),
/// so that a search within the limits is known to fail before it starts.
fn period_open(r: &TakeAndBreak) -> bool {
    r.tail == 0 && !r.unequal && r.digits == [0, 6]
}

/// A heap in a message: the number itself, or its length when it is too long to print.
fn heap_words(n: &BigUint) -> String {
    if n.bits() <= 128 {
        format!("heap {n}")
    } else {
        format!("a heap of {} bits", n.bits())
    }
}

/// Grows a sequence up to heap `limit`, stopping as soon as a period is proven (the
/// computation watches for one as it grows: see [`Computation`]).
pub fn search_period(
    rules: &TakeAndBreak,
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

impl OctalGame {
    fn parse(&self, words: &[String]) -> Result<Vec<BigUint>> {
        let comps = parse_components(words, Shape::Heaps)?;
        Ok(comps.into_iter().flatten().collect())
    }

    /// Values for every heap up to `max`, within the limits of `options` (see the module
    /// documentation); a heap no method reaches is refused with the limit named.
    pub fn known(&self, max: &BigUint, options: &SolveOptions) -> Result<Known> {
        let r = &self.rules;
        check_rules(r)?;
        let mut comp = Computation::new(r.clone(), Algorithm::Sparse);
        comp.watched_by(options.limits());
        let none = &mut |_: u64, _: u64| {};
        if is_lasker(r) {
            comp.extend_to(64, none)?;
            return Ok(Known {
                values: comp.into_values(),
                period: None,
                formula: true,
            });
        }
        let m = u64::try_from(max).ok();
        // An explicit --max-positions is the user's choice of table size.
        let triple_cap = self.triple_heaps().filter(|_| options.max_positions == 0);
        if let Some(cap) = triple_cap.filter(|&c| m.is_some_and(|m| m <= DIRECT_LIMIT && m > c)) {
            return Err(self.too_costly(max, cap));
        }
        if let Some(m) = m.filter(|&m| m <= DIRECT_LIMIT) {
            comp.extend_to(m.max(1), none)?;
            let period = comp.period();
            return Ok(Known {
                values: comp.into_values(),
                period,
                formula: false,
            });
        }
        let limit = options
            .limit()
            .min(PERIOD_SEARCH_LIMIT)
            .min(triple_cap.unwrap_or(u64::MAX));
        let within = m.filter(|&m| m <= limit);
        let refuse = |why: String| {
            Error::Limit {
            what: format!(
                "{} of `{}` is beyond the table (at most {limit} heaps: the smaller of --max-positions and {PERIOD_SEARCH_LIMIT}{}) and {why}",
                heap_words(max),
                r.name,
                if triple_cap.is_some() {
                    format!(", and {} for a game that splits heaps into three", TRIPLE_HEAPS_NOTE)
                } else {
                    String::new()
                }
            ),
            limit,
        }
        };
        if within.is_none() && !r.periodicity_applies() {
            return Err(refuse(format!(
                "no period can be proven: the periodicity theorem does not apply to `{}`",
                r.name
            )));
        }
        if within.is_none() && period_open(r) {
            return Err(refuse(format!(
                "no period is known: the periodicity of `{}` is an open problem, and its first {PERIOD_SEARCH_LIMIT} values prove none",
                r.name
            )));
        }
        let upto = within.unwrap_or(limit);
        let period = if r.periodicity_applies() {
            comp.extend_until_period(upto, none)?
        } else {
            comp.extend_to(upto, none)?;
            None
        };
        if period.is_none() && within.is_none() {
            return Err(refuse(format!(
                "no period is proven by its first {} values",
                comp.len()
            )));
        }
        Ok(Known {
            values: comp.into_values(),
            period,
            formula: false,
        })
    }

    /// The most heaps tabulated for a game that splits heaps into three, unless the user
    /// chose a limit: the heap up to which the splits into three stay within
    /// [`TRIPLE_WORK_LIMIT`]. `None` for games that never split into three.
    pub fn triple_heaps(&self) -> Option<u64> {
        if self.rules.max_pieces() < 3 {
            return None;
        }
        // The largest n with triple_work(n) ≤ the limit, by bisection (work grows with n).
        let (mut lo, mut hi) = (0u64, PERIOD_SEARCH_LIMIT);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.rules.triple_work(mid) <= TRIPLE_WORK_LIMIT {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        Some(lo)
    }

    /// The refusal of a heap the table could reach, but only with more splits into three
    /// than the default allows.
    fn too_costly(&self, max: &BigUint, cap: u64) -> Error {
        let work = self
            .rules
            .triple_work(u64::try_from(max).unwrap_or(u64::MAX));
        Error::Limit {
            what: format!(
                "{} of `{}` needs the table up to it, which splits heaps into three about {work} times (heaps up to {cap} take at most {TRIPLE_WORK_LIMIT}, {TRIPLE_HEAPS_NOTE}); `--max-positions {max}` allows it (`--timeout` bounds the time)",
                heap_words(max),
                self.rules.name
            ),
            limit: cap,
        }
    }

    fn method(&self, known: &Known, heaps: &[BigUint]) -> Method {
        if known.formula {
            return Method::theorem(
                "theorem: Lasker's Nim, g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3; sum by XOR",
            );
        }
        match known.period {
            Some(p) => {
                let beyond = heaps.iter().any(|h| known.in_table(h).is_none());
                Method::new(
                    if beyond {
                        MethodKind::Mixed
                    } else {
                        MethodKind::Engine
                    },
                    format!(
                        "table of Grundy values with the proven period (preperiod {}, period {})",
                        p.preperiod, p.period
                    ),
                )
            }
            None => Method::engine("table of Grundy values (sparse-space method); sum by XOR"),
        }
    }

    fn verdict(
        &self,
        words: &[String],
        options: &SolveOptions,
        listing: Listing,
    ) -> Result<Verdict> {
        self.plain_or_misere(options)?;
        check_rules(&self.rules)?;
        let heaps = self.parse(words)?;
        if options.misere {
            self.misere_verdict(&heaps, options, listing)
        } else {
            self.normal_verdict(&heaps, options, listing)
        }
    }

    fn plain_or_misere(&self, options: &SolveOptions) -> Result<()> {
        if options.every {
            return Err(Error::unsupported(format!(
                "every-move play is not available for `{}`",
                self.rules.name
            )));
        }
        Ok(())
    }
}

impl Game for OctalGame {
    fn spec(&self) -> String {
        self.rules.name.clone()
    }

    fn solve(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(words, options, Listing::Winning)
    }

    fn moves(&self, words: &[String], options: &SolveOptions) -> Result<Verdict> {
        self.verdict(words, options, Listing::All)
    }

    fn legal_moves(&self, words: &[String], options: &SolveOptions) -> Result<Vec<LegalMove>> {
        self.plain_or_misere(options)?;
        check_rules(&self.rules)?;
        let heaps = self.parse(words)?;
        let words = Words::new(&heaps);
        let count = MoveCount::new(&self.rules, &heaps);
        let bytes = count.total.clone() * (2 * words.len + 64);
        check_legal_list("the position", &count.total, &bytes)?;
        let all = self.sample(&count, &heaps, MAX_LEGAL_MOVES as usize);
        Ok(all
            .iter()
            .map(|m| {
                let (label, position) = words.describe(m);
                LegalMove {
                    label,
                    position,
                    side: None,
                }
            })
            .collect())
    }

    fn table(&self, options: &TableOptions) -> Result<Table> {
        let req = TableRequest {
            upto: Some(options.upto),
            period: options.period,
            misere: options.misere,
            limits: options.limits.clone(),
            ..Default::default()
        };
        Ok(self.table_with(req)?.into_table())
    }
}

#[cfg(test)]
mod quotient_tests;
#[cfg(test)]
mod tests;
