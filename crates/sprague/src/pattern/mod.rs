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
//!   Not periodic: a closed form `c·S(n) + d` after a few exceptions, `S` a bit function
//!   (`v₂`, popcount) or constant on intervals (triangular numbers, squares, powers of two)
//!   ([`forms`]). None of these: with `--bound N` covered, the table itself.
//! - Two heaps (`wythoff`, `euclid`, rules scripts on pairs): the P-positions as the
//!   diagonal, a band, a congruence, a line, a linear inequality through the origin
//!   (`p·a ≤ q·b`, its mirror, or both), residue classes of both coordinates, a Beatty
//!   pair or the golden cone, the zero row and column apart where they differ ([`pairs`]).
//!
//! A catalogue game whose entry claims a theorem makes its pattern proven by it; else a
//! pattern is "checked to N", and the code printed says so in a comment.
//!
//! The pattern is an expression tree ([`code`]) printed as C++ and Python and evaluated
//! here as they compute it, over the whole checked range, before it is reported.

pub mod code;
pub mod forms;
pub mod heap;
pub mod helpers;
pub mod pairs;
mod sources;

pub(crate) use sources::{by_budget, table_values};
pub use sources::{find, find_in_script, MAX_HEAP_UPTO};

use code::{Answer, Function};
use serde::Serialize;
use std::fmt::Write as _;

/// The largest heap tabulated when none is asked for: one-heap catalogue games (their
/// tables cost a value a heap).
pub const DEFAULT_HEAP_UPTO: u64 = 20_000;
/// The largest heap tabulated when none is asked for: two-heap catalogue games.
pub const DEFAULT_PAIR_UPTO: u64 = 100;
/// The work a rules script's pattern may take when no range is asked for: positions
/// searched (the same on every machine, a few seconds of the script engine).
pub const SCRIPT_BUDGET: usize = 50_000;
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
    /// The judge's bound: values are computed up to it where that fits, else the answer
    /// says the pattern is unchecked beyond what was computed.
    pub bound: Option<u64>,
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
    /// `periodic`, `arithmetic-periodic`, `form` (a closed form of `n`), `outcome-periodic`,
    /// `table`, `diagonal`, `band`, `congruence`, `linear`, `periodic-2d`, `beatty-pair`,
    /// `golden-cone`, or `none`.
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
    /// The judge's bound asked for (`--bound`), if any.
    pub bound: Option<u64>,
    /// The pattern as a C++ function, when there is one and its tables are not too long.
    pub cpp: Option<String>,
    /// The same in Python 3.
    pub python: Option<String>,
    /// Remarks (what was computed, why no code is printed).
    pub notes: Vec<String>,
    /// The pattern as the library evaluates it (the code above, checked on every value).
    #[serde(skip)]
    pub function: Option<Function>,
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

    /// What the code's comment says of its range: the theorem, or how far it was checked.
    fn range_comment(&self) -> String {
        let what = if self.positions == "pair" {
            format!(
                "every pair {} <= a, b <= {}",
                self.checked_from, self.checked_upto
            )
        } else {
            format!("every n <= {}", self.checked_upto)
        };
        if self.proven {
            format!("Proven for every 64-bit input: {}", first_line(&self.proof))
        } else if self.kind == "table" {
            format!("A table of {what}: it answers -1 beyond.")
        } else {
            format!("Checked on {what} only; UNCHECKED beyond (no theorem).")
        }
    }

    /// Notes the judge's bound beyond what was checked, when the pattern is not proven.
    fn note_bound(&mut self) {
        if let Some(b) = self.bound {
            if !self.proven && b > self.checked_upto {
                self.notes.push(format!(
                    "the judge's bound {b} is beyond the {} checked: the pattern is unchecked there",
                    self.checked_upto
                ));
            }
        }
    }

    /// Sets the code of `f` (checked by the caller), unless its tables are too long; its
    /// comment is `comment` and the range the code holds for.
    fn set_code(&mut self, f: &Function, comment: &str) {
        self.function = Some(f.clone());
        let comment = format!("{comment}\n{}", self.range_comment());
        let comment = comment.as_str();
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

/// What is known of a game's values beyond the table, for [`heap_pattern`].
pub(crate) struct HeapProof {
    /// A proven period: preperiod, period, and the theorem that proves it.
    pub period: Option<(usize, usize, String)>,
    /// The entry's theorem, where the catalogue entry claims one for every heap: any
    /// pattern of its values is then that theorem's.
    pub theorem: Option<String>,
    /// Why the pattern is not proven otherwise.
    pub unproven: String,
    /// The judge's bound (`--bound`).
    pub bound: Option<u64>,
}

/// The pattern of one-heap values `g(0..=N)`: the proven period where one is given, else
/// the simplest fit, each checked on every value before it is reported.
fn heap_pattern(game: &str, values: &[u64], proof: HeapProof) -> Pattern {
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
        proof: proof.unproven.clone(),
        checked_from: 0,
        checked_upto: upto,
        bound: proof.bound,
        cpp: None,
        python: None,
        notes: Vec::new(),
        function: None,
    };
    let code = find_heap(&mut pattern, values, &proof);
    if pattern.kind != "none" {
        if let Some(theorem) = &proof.theorem {
            if !pattern.proven && pattern.kind != "table" {
                pattern.proven = true;
                pattern.proof = format!(
                    "the game's theorem: {}; the pattern agrees with it on every heap up to {upto}",
                    first_line(theorem)
                );
            }
        }
    }
    if let Some(f) = code {
        let comment = first_line(&format!("{game}: {}", pattern.formula));
        pattern.set_code(&f, &comment);
    }
    pattern.note_bound();
    pattern
}

/// Fills in the pattern's kind and formula; returns its code (checked on every value).
fn find_heap(pattern: &mut Pattern, values: &[u64], proof: &HeapProof) -> Option<Function> {
    let fit = match &proof.period {
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
            if let Some((pre, p, why)) = &proof.period {
                if (*pre, *p) == (fit.preperiod(), fit.period()) {
                    pattern.proven = true;
                    pattern.proof = why.clone();
                }
            }
            return Some(f);
        }
    }
    if let Some(form) = forms::find(values) {
        let f = form.function("grundy");
        if check_heaps(&f, values, false).is_ok() {
            pattern.kind = "form";
            pattern.formula = form.formula("g");
            return Some(f);
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
            return Some(f);
        }
    }
    let upto = pattern.checked_upto;
    // The table itself answers a judge's bound it covers.
    if let Some(b) = proof.bound.filter(|&b| b <= upto) {
        let table: Vec<i64> = values[..=b as usize].iter().map(|&v| v as i64).collect();
        let f = Function {
            name: "grundy",
            params: vec![code::Var::N],
            tables: vec![table],
            body: code::Body::Int(code::if_(
                code::Cond::Lt(code::var(code::Var::N), code::int(b as i64 + 1)),
                code::table(0, code::var(code::Var::N)),
                code::int(-1),
            )),
        };
        pattern.kind = "table";
        pattern.checked_upto = b;
        pattern.formula = format!(
            "no pattern among heaps 0..={upto}: the table of g(0..={b}) itself answers the bound {b}"
        );
        return Some(f);
    }
    pattern.formula = format!(
        "none found: the values of heaps 0..={upto} are neither periodic, arithmetic-periodic nor a closed form, and neither are the outcomes (a fit must repeat {} times); `--bound N` (N ≤ {upto}) prints the table to N",
        heap::MIN_REPEATS
    );
    None
}

/// The pattern of the P-positions of pairs `[from, upto]²`.
fn pair_pattern(
    game: &str,
    from: u64,
    p: &[Vec<bool>],
    bound: Option<u64>,
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
        bound,
        cpp: None,
        python: None,
        notes: Vec::new(),
        function: None,
    };
    match square.find() {
        Some(found) => {
            pattern.kind = found.kind();
            pattern.formula = found.formula();
            if found.zero_lines.is_none() {
                if let Some(why) = theorem(&found.rule) {
                    pattern.proven = true;
                    pattern.proof = why;
                }
            }
            pattern.set_code(&found.function(), &format!("{game}: P-positions"));
        }
        None => {
            pattern.formula = format!(
                "none found: {} P-positions among the pairs up to {upto} fit none of the diagonal, a band, a congruence, a line, a linear inequality, residue classes of both heaps, a Beatty pair or the golden cone",
                square.count()
            );
        }
    }
    pattern.note_bound();
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
