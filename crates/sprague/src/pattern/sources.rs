//! Where the values of a pattern come from: a take-and-break game's sequence computation
//! (with its period proof), a catalogue heap game's table (with its own period proof), the
//! rules of Wythoff's and Euclid's games searched pair by pair, or a rules script.

use super::{
    heap_pattern, pair_pattern, pairs::PairPattern, Pattern, PatternOptions, DEFAULT_HEAP_UPTO,
    DEFAULT_PAIR_UPTO,
};
use crate::catalogue::{find_entry, lookup, octal_game, split_spec};
use sprague_core::error::{Error, Result};
use sprague_core::impartial::{GrundySolver, Impartial};
use sprague_games::interface::{Cell, TableOptions};
use sprague_games::script::game::ScriptGame;

/// The most heaps a one-heap pattern computes.
pub const MAX_HEAP_UPTO: u64 = 10_000_000;
/// The largest heap of a two-heap pattern.
pub const MAX_PAIR_UPTO: u64 = 2000;
/// The largest heap a take-and-break game's period search reaches when no `--upto` is given.
pub const OCTAL_PERIOD_LIMIT: u64 = 1 << 16;

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
    let game = lookup(spec)?;
    let upto = check_upto(options.upto.unwrap_or(DEFAULT_HEAP_UPTO), MAX_HEAP_UPTO)?;
    let table = |upto| {
        game.table(&TableOptions {
            upto,
            period: true,
            ..Default::default()
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
    let values: Vec<u64> = t
        .rows()
        .map(|r| match r.value {
            Some(Cell::Number(v)) => Ok(v),
            _ => Err(Error::unsupported(format!(
                "`{}`: its table holds no Grundy values",
                spec.trim()
            ))),
        })
        .collect::<Result<_>>()?;
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
    Ok(heap_pattern(spec.trim(), &values, proven, unproven))
}

/// A take-and-break game: the sequence computation with its period search, the proof by
/// the periodicity theorem.
fn octal(
    spec: &str,
    game: sprague_games::octal::game::OctalGame,
    options: &PatternOptions,
) -> Result<Pattern> {
    let req = sprague_games::octal::game::TableRequest {
        upto: options
            .upto
            .map(|u| check_upto(u, MAX_HEAP_UPTO))
            .transpose()?,
        period: true,
        period_limit: OCTAL_PERIOD_LIMIT,
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
        proven,
        format!(
            "checked on every heap up to {}, not proven: {why}",
            count.saturating_sub(1)
        ),
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
    let upto = check_upto(options.upto.unwrap_or(DEFAULT_PAIR_UPTO), MAX_PAIR_UPTO)?.max(from);
    let mut solver = GrundySolver::with_limits(rules, options.limits.clone());
    let p = (from..=upto)
        .map(|a| {
            (from..=upto)
                .map(|b| solver.grundy(&(a, b)).map(|g| g.is_zero()))
                .collect::<Result<Vec<bool>>>()
        })
        .collect::<Result<Vec<_>>>()?;
    let name = split_spec(spec).0.to_ascii_lowercase();
    Ok(pair_pattern(spec, from, &p, |found| {
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

/// The pattern of a rules script: of its integer positions `0..=N`, or of its pairs.
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
    let why = "checked on every position up to the largest, not proven: a rules script comes with no theorem";
    if pair {
        let from = options.from.unwrap_or(0);
        let upto = check_upto(options.upto.unwrap_or(DEFAULT_PAIR_UPTO), MAX_PAIR_UPTO)?.max(from);
        let values = game.pair_values(from, upto, options.limits.clone())?;
        let p: Vec<Vec<bool>> = values
            .iter()
            .map(|row| row.iter().map(|&g| g == 0).collect())
            .collect();
        let mut pattern = pair_pattern(&spec, from, &p, |_| None);
        pattern.proof = why.into();
        return Ok(pattern);
    }
    let upto = check_upto(options.upto.unwrap_or(DEFAULT_HEAP_UPTO), MAX_HEAP_UPTO)?;
    let values = game.heap_values(upto, options.limits.clone())?;
    Ok(heap_pattern(&spec, &values, None, why.into()))
}
