//! Where the values of a pattern come from: a take-and-break game's sequence computation
//! (with its period proof), a catalogue heap game's table (with its own period proof), the
//! rules of Wythoff's and Euclid's games searched pair by pair, or a rules script.

use super::{
    heap_pattern, pair_pattern, pairs::PairPattern, HeapProof, Pattern, PatternOptions,
    DEFAULT_HEAP_UPTO, DEFAULT_PAIR_UPTO, SCRIPT_BUDGET,
};
use crate::catalogue::{find_entry, lookup, octal_game, split_spec};
use sprague_core::error::{Error, Result};
use sprague_core::impartial::{GrundySolver, Impartial};
use sprague_core::limits::Limits;
use sprague_games::interface::{Cell, MethodKind, Solution, TableOptions};
use sprague_games::script::game::ScriptGame;

/// The most heaps a one-heap pattern computes.
pub const MAX_HEAP_UPTO: u64 = 10_000_000;
/// The largest heap of a two-heap pattern.
pub const MAX_PAIR_UPTO: u64 = 2000;
/// The largest heap a take-and-break game's period search reaches when no `--upto` is given.
pub const OCTAL_PERIOD_LIMIT: u64 = 1 << 16;
/// The least heap a take-and-break game's period search reaches with a judge's bound
/// (`--bound`) and no `--upto`.
pub const OCTAL_BOUND_SEARCH: u64 = 1 << 12;

/// How far a take-and-break game's period search goes: to [`OCTAL_PERIOD_LIMIT`], or with
/// a judge's bound `b` to twice the bound (at least [`OCTAL_BOUND_SEARCH`]). The values to
/// the bound answer it whether or not a period is proven (the table is the answer then), so
/// the search past it is kept to a few times that work instead of the quadratic cost of
/// going to 2^16 (37 s for 0.007 with the bound 2000, POJ 3537). A period is still
/// reported only when the theorem proves it within the values computed.
fn octal_period_limit(bound: Option<u64>) -> u64 {
    match bound {
        Some(b) => b
            .saturating_mul(2)
            .clamp(OCTAL_BOUND_SEARCH, OCTAL_PERIOD_LIMIT),
        None => OCTAL_PERIOD_LIMIT,
    }
}

/// The largest heap computed: `--upto`, else the judge's bound where it fits (at least
/// `default`), else `default`.
fn range(options: &PatternOptions, default: u64, max: u64) -> Result<u64> {
    match (options.upto, options.bound) {
        (Some(u), _) => check_upto(u, max),
        (None, Some(b)) if b <= max => Ok(b.max(default)),
        _ => Ok(default),
    }
}

fn check_upto(upto: u64, max: u64) -> Result<u64> {
    if upto > max {
        return Err(Error::unsupported(format!(
            "`--upto {upto}`: patterns are computed up to {max} at most here"
        )));
    }
    Ok(upto)
}

/// The pattern of a catalogue game: a game of one heap, or `wythoff` or `euclid`.
pub fn find(spec: &str, options: &PatternOptions) -> Result<Pattern> {
    if sprague_games::script::game::is_script_spec(spec) {
        return Err(crate::catalogue::script_lookup_error(spec));
    }
    let (name, _) = split_spec(spec.trim());
    if let Some(og) = octal_game(spec)? {
        return octal(spec.trim(), og, options);
    }
    match find_entry(name)?.name {
        "wythoff" => {
            return pairs_of(
                spec.trim(),
                sprague_games::number::wythoff::WythoffRules,
                0,
                options,
            )
        }
        "euclid" => {
            return pairs_of(
                spec.trim(),
                sprague_games::number::euclid::EuclidRules,
                1,
                options,
            )
        }
        _ => {}
    }
    let entry = find_entry(name)?;
    let game = lookup(spec)?;
    let upto = range(options, DEFAULT_HEAP_UPTO, MAX_HEAP_UPTO)?;
    let table = |upto| {
        // A game whose values are unbounded refuses a period search: its plain table.
        game.table(&TableOptions {
            upto,
            period: true,
            ..Default::default()
        })
        .or_else(|_| {
            game.table(&TableOptions {
                upto,
                ..Default::default()
            })
        })
        .map_err(|e| {
            Error::unsupported(format!(
                "`sprague pattern` reads one-heap games, `wythoff`, `euclid` and rules scripts; `{}` has no table of single heaps: {e}",
                spec.trim()
            ))
        })
    };
    let mut t = table(upto)?;
    let proven = t.period.as_ref().and_then(|p| {
        Some((
            p.preperiod.parse::<usize>().ok()?,
            p.period.parse::<usize>().ok()?,
        ))
    });
    // Enough values to see a proven period repeat, when the table was shorter.
    if let Some((pre, p)) = proven {
        let want = (pre + super::heap::MIN_REPEATS * p) as u64;
        if t.count() <= want && options.upto.is_none() && want <= MAX_HEAP_UPTO {
            t = table(want)?;
        }
    }
    let values = table_values(&t, spec.trim())?;
    let why = t.notes.join("; ");
    // The game's own proof of its period: its theorem, as its table names it.
    let proven = proven.map(|(pre, p)| {
        let theorem = t
            .method
            .text
            .strip_prefix("theorem: ")
            .unwrap_or(&t.method.text);
        (
            pre,
            p,
            format!("{theorem}; g(n + {p}) = g(n) for every n ≥ {pre}"),
        )
    });
    let unproven = format!(
        "checked on every heap up to {}, not proven{}",
        values.len().saturating_sub(1),
        if why.is_empty() {
            String::new()
        } else {
            format!(": {why}")
        }
    );
    // An entry that claims a theorem for every heap, answered here by it.
    let theorem = (matches!(entry.solution, Solution::Theorem { .. })
        && t.method.kind == MethodKind::Theorem
        && !entry.theorem.is_empty())
    .then(|| format!("{} ({})", entry.theorem, entry.name));
    Ok(heap_pattern(
        spec.trim(),
        &values,
        HeapProof {
            period: proven,
            theorem,
            unproven,
            bound: options.bound,
        },
    ))
}

/// The Grundy values of a table of heaps, indexed by heap: a table that starts above 0
/// (heap 0 is no position of the game) has 0 there, a position with no move.
pub(crate) fn table_values(t: &sprague_games::interface::Table, spec: &str) -> Result<Vec<u64>> {
    let mut values = Vec::new();
    for r in t.rows() {
        let (Cell::Number(n), Some(Cell::Number(v))) = (r.position, r.value) else {
            return Err(Error::unsupported(format!(
                "`{spec}`: its table holds no Grundy values of heaps"
            )));
        };
        if n as usize != values.len() {
            if values.is_empty() && n <= 16 {
                values.resize(n as usize, 0);
            } else {
                return Err(Error::unsupported(format!(
                    "`{spec}`: its table skips heaps before {n}"
                )));
            }
        }
        values.push(v);
    }
    Ok(values)
}

/// A take-and-break game: the sequence computation with its period search, the proof by
/// the periodicity theorem.
fn octal(
    spec: &str,
    game: sprague_games::octal::game::OctalGame,
    options: &PatternOptions,
) -> Result<Pattern> {
    let upto = match (options.upto, options.bound) {
        (Some(u), _) => Some(check_upto(u, MAX_HEAP_UPTO)?),
        // The period search goes to OCTAL_PERIOD_LIMIT; a larger bound is computed.
        (None, Some(b)) if b > OCTAL_PERIOD_LIMIT && b <= MAX_HEAP_UPTO => Some(b),
        _ => None,
    };
    let req = sprague_games::octal::game::TableRequest {
        upto,
        period: true,
        period_limit: octal_period_limit(options.bound),
        limits: options.limits.clone(),
        ..Default::default()
    };
    let t = game.table_with(req)?;
    let count = t.count().min(t.values.len());
    let values: Vec<u64> = (0..count).map(|i| u64::from(t.values.get(i))).collect();
    let proven = t.period.map(|p| {
        (
            p.preperiod as usize,
            p.period as usize,
            format!(
                "periodicity theorem (Guy–Smith): g(n + {q}) = g(n) was checked up to the theorem's bound within the {count} values computed",
                q = p.period
            ),
        )
    });
    let why = if t.periodicity_applies {
        format!("no period proven among the first {count} values")
    } else {
        "the periodicity theorem does not apply to this code".to_string()
    };
    Ok(heap_pattern(
        spec,
        &values,
        HeapProof {
            period: proven,
            theorem: None,
            unproven: format!(
                "checked on every heap up to {}, not proven: {why}",
                count.saturating_sub(1)
            ),
            bound: options.bound,
        },
    ))
}

/// A two-heap catalogue game searched pair by pair by its rules; the pattern is proven
/// where it is the game's theorem.
fn pairs_of<R: Impartial<Position = (u64, u64)>>(
    spec: &str,
    rules: R,
    least: u64,
    options: &PatternOptions,
) -> Result<Pattern> {
    let from = options.from.unwrap_or(least).max(least);
    let upto = range(options, DEFAULT_PAIR_UPTO, MAX_PAIR_UPTO)?.max(from);
    let mut solver = GrundySolver::with_limits(rules, options.limits.clone());
    let p = (from..=upto)
        .map(|a| {
            (from..=upto)
                .map(|b| solver.grundy(&(a, b)).map(|g| g.is_zero()))
                .collect::<Result<Vec<bool>>>()
        })
        .collect::<Result<Vec<_>>>()?;
    let name = split_spec(spec).0.to_ascii_lowercase();
    Ok(pair_pattern(spec, from, &p, options.bound, |found| {
        match (name.as_str(), found) {
        ("wythoff" | "wythoff-nim", PairPattern::Beatty(1)) => {
            Some("Wythoff's theorem (1907): the P-positions are exactly these pairs".into())
        }
        ("euclid", PairPattern::GoldenCone) => Some(
            "Cole and Davie (1969): the player to move loses exactly when the larger number is less than φ times the smaller, and they differ".into(),
        ),
        _ => None,
    }
    }))
}

/// Values of a script computed on ranges doubling from `first` while they keep to the
/// work budget (positions searched), so that the range is the same on every machine;
/// `compute(n, limits)` computes the range of size `n`. The largest range within the budget
/// is kept; a script that exceeds the budget on a range of one fails with its error.
pub(crate) fn by_budget<T>(
    first: u64,
    most: u64,
    limits: &Limits,
    compute: impl Fn(u64, Limits) -> Result<T>,
) -> Result<T> {
    let first = first.min(most).max(1);
    let mut budgeted = limits.clone();
    budgeted.max_positions = Some(SCRIPT_BUDGET as u64);
    // A range too large for the budget at the start is halved until one fits (a game
    // whose positions multiply, as a pile that remembers the amounts taken).
    let mut n = first;
    let mut best = loop {
        match compute(n, budgeted.clone()) {
            Ok(v) => break v,
            Err(Error::Limit { .. }) if n > 1 => n /= 2,
            Err(e) => return Err(e),
        }
    };
    while n * 2 <= most {
        n *= 2;
        match compute(n, budgeted.clone()) {
            Ok(v) => best = v,
            Err(Error::Limit { .. }) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(best)
}

/// The pattern of a rules script: of its integer positions `0..=N`, or of its pairs. With
/// no `--upto` (or a `--bound` too large), the range is set by a work budget.
pub fn find_in_script(game: &ScriptGame, options: &PatternOptions) -> Result<Pattern> {
    let spec = game.spec_name().to_string();
    let pair = match options.pair {
        Some(p) => p,
        None => match game.heap_values(3, options.limits.clone()) {
            Ok(_) => false,
            Err(heap_error) => {
                if game.pair_values(0, 2, options.limits.clone()).is_ok() {
                    true
                } else {
                    return Err(Error::unsupported(format!(
                        "`sprague pattern` reads scripts whose positions are integers (heaps) or pairs `a b`, and this one takes neither: {heap_error}"
                    )));
                }
            }
        },
    };
    let asked = |max: u64| -> Result<Option<u64>> {
        Ok(match (options.upto, options.bound) {
            (Some(u), _) => Some(check_upto(u, max)?),
            (None, Some(b)) if b <= max => Some(b),
            _ => None,
        })
    };
    let limits = &options.limits;
    if pair {
        let from = options.from.unwrap_or(0);
        let values = match asked(MAX_PAIR_UPTO)? {
            Some(upto) => game.pair_values(from, upto.max(from), limits.clone())?,
            None => by_budget(16, 128, limits, |side, l| {
                game.pair_values(from, from + side - 1, l)
            })?,
        };
        let p: Vec<Vec<bool>> = values
            .iter()
            .map(|row| row.iter().map(|&g| g == 0).collect())
            .collect();
        let upto = from + p.len().saturating_sub(1) as u64;
        let mut pattern = pair_pattern(&spec, from, &p, options.bound, |_| None);
        pattern.proof = format!(
            "checked on every pair up to {upto}, not proven: a rules script comes with no theorem"
        );
        return Ok(pattern);
    }
    let values = match asked(MAX_HEAP_UPTO)? {
        Some(upto) => game.heap_values(upto, limits.clone())?,
        None => by_budget(64, 1 << 14, limits, |n, l| game.heap_values(n - 1, l))?,
    };
    let upto = values.len().saturating_sub(1);
    Ok(heap_pattern(
        &spec,
        &values,
        HeapProof {
            period: None,
            theorem: None,
            unproven: format!(
                "checked on every heap up to {upto}, not proven: a rules script comes with no theorem"
            ),
            bound: options.bound,
        },
    ))
}
