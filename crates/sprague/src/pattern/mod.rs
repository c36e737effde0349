//! `sprague pattern`: the simplest description that fits a game's values, how far it was
//! checked, whether it is proven, and the pattern as a function in C++ and Python that
//! was itself checked against every value.
//!
//! - One heap (catalogue heap games, take-and-break games, rules scripts on integers): the
//!   values periodic from some point, arithmetic-periodic (`g(n + p) = g(n) + s`), a
//!   formula of `n` (`n`, `n mod k`, `⌊n/k⌋`), or, when the values have none of these, the
//!   P-positions as residues ([`heap`]). Proven where a theorem applies: the Guy–Smith
//!   periodicity theorem for take-and-break codes (`octal::period`), the repetition of a
//!   window of `max(S)` values for finite subtraction sets, the games' own period proofs.
//! - Two heaps (`wythoff`, `euclid`, rules scripts on pairs): the P-positions as the
//!   diagonal, a congruence, a line, a Beatty pair or the golden cone ([`pairs`]).
//!
//! The pattern is an expression tree ([`code`]) printed as C++ and Python and evaluated
//! here as they compute it, over the whole checked range, before it is reported.

pub mod code;
pub mod heap;
pub mod pairs;
mod sources;

pub use sources::{find, find_in_script};

use code::{Answer, Function};
use serde::Serialize;
use std::fmt::Write as _;

/// The largest heap tabulated when none is asked for: one-heap games.
pub const DEFAULT_HEAP_UPTO: u64 = 1000;
/// The largest heap tabulated when none is asked for: two-heap games.
pub const DEFAULT_PAIR_UPTO: u64 = 40;
/// Tables longer than this are not printed as code (the formula still says it all).
pub const MAX_CODE_ENTRIES: usize = 100_000;

/// What `sprague pattern` is asked.
#[derive(Debug, Clone, Default)]
pub struct PatternOptions {
    /// The largest heap to compute (default [`DEFAULT_HEAP_UPTO`] or [`DEFAULT_PAIR_UPTO`];
    /// take-and-break games search for a proven period up to 2^16 by default).
    pub upto: Option<u64>,
    /// The least heap of pairs (default 0; 1 for `euclid`).
    pub from: Option<u64>,
    /// Rules scripts: `Some(true)` when positions are pairs `a b`, `Some(false)` for one
    /// integer; `None` tries one integer, then pairs.
    pub pair: Option<bool>,
    /// Bounds of the searches (positions, deadline, cancel flag).
    pub limits: sprague_core::limits::Limits,
}

/// The answer of `sprague pattern`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pattern {
    /// The game's spec.
    pub game: String,
    /// `heap` (one heap `n`) or `pair` (two heaps `a`, `b`).
    pub positions: &'static str,
    /// What the pattern describes: `grundy` (values) or `outcome` (P-positions).
    pub describes: &'static str,
    /// `periodic`, `arithmetic-periodic`, `outcome-periodic`, `diagonal`, `congruence`,
    /// `linear`, `beatty-pair`, `golden-cone`, or `none`.
    pub kind: &'static str,
    /// The pattern for people.
    pub formula: String,
    /// Periodic patterns: the least preperiod (a decimal string).
    pub preperiod: Option<String>,
    /// Periodic patterns: the least period (a decimal string).
    pub period: Option<String>,
    /// Arithmetic-periodic patterns: what each period adds (a decimal string).
    pub saltus: Option<String>,
    /// Whether the pattern holds for every position, by a theorem.
    pub proven: bool,
    /// The theorem that proves it, or why it is not proven.
    pub proof: String,
    /// The least heap checked.
    pub checked_from: u64,
    /// The largest heap checked: every position up to it agrees with the code below.
    pub checked_upto: u64,
    /// The pattern as a C++ function, when there is one and its tables are not too long.
    pub cpp: Option<String>,
    /// The same in Python 3.
    pub python: Option<String>,
    /// Remarks (what was computed, why no code is printed).
    pub notes: Vec<String>,
}

impl Pattern {
    /// The text `sprague pattern` prints.
    pub fn render_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "game: {}", self.game);
        let _ = writeln!(
            out,
            "checked: {}",
            match self.positions {
                "pair" => format!(
                    "every pair (a, b) with {} ≤ a, b ≤ {}",
                    self.checked_from, self.checked_upto
                ),
                _ => format!("every heap {}..={}", self.checked_from, self.checked_upto),
            }
        );
        let mut kind = self.kind.replace('-', " ");
        if let (Some(p), Some(q)) = (&self.preperiod, &self.period) {
            let _ = write!(kind, " (preperiod {p}, period {q}");
            if let Some(s) = &self.saltus {
                let _ = write!(kind, ", saltus {s}");
            }
            kind.push(')');
        }
        let _ = writeln!(out, "pattern: {kind}");
        let _ = writeln!(out, "formula: {}", self.formula);
        let _ = writeln!(
            out,
            "proven: {} ({})",
            if self.proven { "yes" } else { "no" },
            self.proof
        );
        for n in &self.notes {
            let _ = writeln!(out, "note: {n}");
        }
        if let Some(c) = &self.cpp {
            let _ = writeln!(out, "\nC++:\n{c}");
        }
        if let Some(p) = &self.python {
            let _ = writeln!(out, "Python:\n{p}");
        }
        out.truncate(out.trim_end().len());
        out
    }

    /// Sets the code of `f` (checked by the caller), unless its tables are too long.
    fn set_code(&mut self, f: &Function, comment: &str) {
        if f.table_entries() > MAX_CODE_ENTRIES {
            self.notes.push(format!(
                "no code printed: its tables would hold {} values (at most {MAX_CODE_ENTRIES})",
                f.table_entries()
            ));
            return;
        }
        self.cpp = Some(f.cpp(comment));
        self.python = Some(f.python(comment));
    }
}

/// Checks `f` on every heap `from..from + values.len()`: it must return the value, or
/// (`outcomes`) whether the first player wins. Returns the first heap where it does not.
fn check_heaps(f: &Function, values: &[u64], outcomes: bool) -> Result<(), String> {
    for (n, &v) in values.iter().enumerate() {
        let want = if outcomes {
            Answer::Bool(v != 0)
        } else {
            Answer::Int(v as i64)
        };
        match f.eval(&[n as i64]) {
            Ok(got) if got == want => {}
            Ok(got) => {
                return Err(format!(
                    "heap {n}: the code gives {got:?}, the game {want:?}"
                ))
            }
            Err(e) => return Err(format!("heap {n}: {e}")),
        }
    }
    Ok(())
}

/// The pattern of one-heap values `g(0..=N)`: the proven period where one is given, else
/// the simplest fit. `proof` says why it is proven (with a period) or why not.
fn heap_pattern(
    game: &str,
    values: &[u64],
    proven: Option<(usize, usize, String)>,
    unproven_why: String,
) -> Pattern {
    let upto = values.len().saturating_sub(1) as u64;
    let mut pattern = Pattern {
        game: game.to_string(),
        positions: "heap",
        describes: "grundy",
        kind: "none",
        formula: String::new(),
        preperiod: None,
        period: None,
        saltus: None,
        proven: false,
        proof: unproven_why,
        checked_from: 0,
        checked_upto: upto,
        cpp: None,
        python: None,
        notes: Vec::new(),
    };
    let fit = match &proven {
        Some((pre, p, _)) if pre + p <= values.len() => {
            Some(heap::Periodic::from_values(values, *pre, *p, 0))
        }
        _ => heap::find(values, false).or_else(|| heap::find(values, true)),
    };
    if let Some(fit) = fit {
        let f = fit.function("grundy");
        if check_heaps(&f, values, false).is_ok() {
            pattern.kind = if fit.saltus > 0 {
                "arithmetic-periodic"
            } else {
                "periodic"
            };
            pattern.formula = fit.formula("g");
            pattern.preperiod = Some(fit.preperiod().to_string());
            pattern.period = Some(fit.period().to_string());
            pattern.saltus = (fit.saltus > 0).then(|| fit.saltus.to_string());
            if let Some((pre, p, why)) = proven {
                if (pre, p) == (fit.preperiod(), fit.period()) {
                    pattern.proven = true;
                    pattern.proof = why;
                }
            }
            let comment = format!("{game}: {}", pattern.formula);
            pattern.set_code(&f, &first_line(&comment));
            return pattern;
        }
    }
    // No pattern of the values: perhaps of the outcomes.
    let bits: Vec<u64> = values.iter().map(|&v| u64::from(v != 0)).collect();
    if let Some(fit) = heap::find(&bits, false) {
        let f = fit.outcome_function();
        if check_heaps(&f, values, true).is_ok() {
            pattern.describes = "outcome";
            pattern.kind = "outcome-periodic";
            pattern.formula = fit.outcome_formula();
            pattern.preperiod = Some(fit.preperiod().to_string());
            pattern.period = Some(fit.period().to_string());
            pattern
                .notes
                .push("the Grundy values show no period here; the outcomes do".into());
            let comment = format!("{game}: {}", pattern.formula);
            pattern.set_code(&f, &first_line(&comment));
            return pattern;
        }
    }
    pattern.formula = format!(
        "none found: the values of heaps 0..={upto} are neither periodic nor arithmetic-periodic, and neither are the outcomes (a fit must repeat {} times)",
        heap::MIN_REPEATS
    );
    pattern
}

/// The pattern of the P-positions of pairs `[from, upto]²`.
fn pair_pattern(
    game: &str,
    from: u64,
    p: &[Vec<bool>],
    theorem: impl Fn(&pairs::PairPattern) -> Option<String>,
) -> Pattern {
    let square = pairs::Square { from, p };
    let upto = from + p.len().saturating_sub(1) as u64;
    let mut pattern = Pattern {
        game: game.to_string(),
        positions: "pair",
        describes: "outcome",
        kind: "none",
        formula: String::new(),
        preperiod: None,
        period: None,
        saltus: None,
        proven: false,
        proof: format!(
            "checked on every pair up to {upto}, not proven: no theorem is known here for this game"
        ),
        checked_from: from,
        checked_upto: upto,
        cpp: None,
        python: None,
        notes: Vec::new(),
    };
    match square.find() {
        Some(found) => {
            pattern.kind = found.kind();
            pattern.formula = found.formula();
            if let Some(why) = theorem(&found) {
                pattern.proven = true;
                pattern.proof = why;
            }
            pattern.set_code(&found.function(), &format!("{game}: P-positions"));
        }
        None => {
            pattern.formula = format!(
                "none found: {} P-positions among the pairs up to {upto} fit none of the diagonal, a congruence, a line, a Beatty pair or the golden cone",
                square.count()
            );
        }
    }
    pattern
}

fn first_line(s: &str) -> String {
    let line = s.lines().next().unwrap_or_default();
    if line.chars().count() > 200 {
        let cut: String = line.chars().take(200).collect();
        format!("{cut} …")
    } else {
        line.to_string()
    }
}

#[cfg(test)]
mod tests;
