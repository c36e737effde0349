//! A heap game in the judge's own format (`sprague stress GAME --sum count-lines ...`): an
//! input holds one test case or several (one a line, perhaps after a count line), a case
//! is one heap or a sum of piles (a count, then the piles on its line, on one line each, or
//! on the next line), and the answer of a case is the winner of the sum or its Grundy
//! value. The values of single heaps come from a catalogue game (its proven pattern for
//! heaps of any size, else its table) or a rules script (the engine's table, as far as a
//! work budget allows); a `--max` beyond what the reference covers is lowered, with a note.

use super::typed::{greedy, join, shrink_each, shrink_list, smaller};
use super::{Answer, Case, Phase, StressTarget, RANDOM_SEEDS};
use crate::pattern::code::{Answer as Value, Function};
use crate::rng::SplitMix64;
use sprague_core::error::{Error, Result};

/// How many test cases an input holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tests {
    /// One: the whole input is one case.
    One,
    /// Several, each after the other (a line each, or a count and piles).
    Lines,
    /// Their number on the first line, then the cases.
    Counted,
}

/// How one case is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One heap.
    Single,
    /// The number of piles on a line, the piles on the next.
    CountLine,
    /// The number of piles on a line, then one pile a line.
    CountLines,
    /// The number of piles, then the piles, on one line.
    CountInline,
    /// The piles on one line, no count.
    Inline,
}

impl Layout {
    /// The layout of a `--sum` word.
    pub fn parse(word: &str) -> Option<Layout> {
        Some(match word {
            "count-line" => Layout::CountLine,
            "count-lines" => Layout::CountLines,
            "count-inline" => Layout::CountInline,
            "inline" => Layout::Inline,
            "single" => Layout::Single,
            _ => return None,
        })
    }
}

/// The judge's format of a heap game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapFormat {
    /// How many cases an input holds.
    pub tests: Tests,
    /// How a case is written.
    pub layout: Layout,
    /// The least and the most piles of a sum.
    pub piles: (usize, usize),
    /// The least heap.
    pub min: u64,
    /// The largest heap.
    pub max: u64,
    /// The answer of a case: the winner (`Answer::Winner`) or the Grundy value.
    pub answer: Answer,
}

/// The values of single heaps.
#[derive(Debug, Clone)]
pub enum HeapValues {
    /// `g(0..=N)`.
    Table(Vec<u64>),
    /// A proven pattern, for any 64-bit heap.
    Formula(Function),
}

/// The most piles a generated sum holds (a judge's bound may allow more).
pub const MAX_GENERATED_PILES: usize = 2000;
/// The most cases of one generated input (exhaustive batches hold [`super::script::BATCH`]).
const MAX_CASES: usize = 16;
const BATCH: usize = 32;
/// The most small sums the exhaustive phase tries.
const EXHAUSTIVE: u64 = 1024;

/// A heap game in a judge's format, as a [`StressTarget`].
pub struct HeapTarget {
    id: String,
    values: HeapValues,
    format: HeapFormat,
    bounds: String,
    notes: Vec<String>,
}

impl HeapTarget {
    /// The target `id` whose heaps have `values`, in `format`. The format's `--max` is
    /// lowered to the table's last heap, with a note, where it goes beyond.
    pub fn new(id: &str, values: HeapValues, mut format: HeapFormat) -> Result<HeapTarget> {
        let mut notes = Vec::new();
        if let Answer::Move { .. } = format.answer {
            return Err(Error::unsupported(
                "`--answer move` is for rules scripts without `--sum`: a heap game's answer is the winner or the Grundy value",
            ));
        }
        let (lo, hi) = format.piles;
        if lo == 0 || lo > hi {
            return Err(Error::unsupported(format!(
                "`--piles {lo},{hi}`: from 1 pile, the least not above the most"
            )));
        }
        if format.layout == Layout::Single && format.piles != (1, 1) {
            format.piles = (1, 1);
        }
        if format.min > format.max || format.max > i64::MAX as u64 {
            return Err(Error::unsupported(format!(
                "heaps from {} to {}: the least must not exceed the largest, which must be below 2^63",
                format.min, format.max
            )));
        }
        if let HeapValues::Table(t) = &values {
            let last = t.len().saturating_sub(1) as u64;
            if t.is_empty() || format.min > last {
                return Err(Error::unsupported(format!(
                    "{id}: the reference has no values from heap {}",
                    format.min
                )));
            }
            if format.max > last {
                notes.push(format!(
                    "`--max {}` lowered to {last}: the reference's values reach heap {last} only",
                    format.max
                ));
                format.max = last;
            }
        }
        let mut target = HeapTarget {
            id: id.to_string(),
            values,
            format,
            bounds: String::new(),
            notes,
        };
        target.bounds = target.describe();
        Ok(target)
    }

    /// What was changed to make the run possible (a lowered `--max`).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    fn describe(&self) -> String {
        let f = &self.format;
        let tests = match f.tests {
            Tests::One => "one case an input",
            Tests::Lines => "cases one after another",
            Tests::Counted => "a count line, then the cases",
        };
        let case = match f.layout {
            Layout::Single => "a case is one heap".to_string(),
            l => format!(
                "a case is {}..={} piles {}",
                f.piles.0,
                f.piles.1.min(MAX_GENERATED_PILES),
                match l {
                    Layout::CountLine => "after a count line, on one line",
                    Layout::CountLines => "after a count line, one a line",
                    Layout::CountInline => "after their count, on one line",
                    _ => "on one line",
                }
            ),
        };
        let reference = match &self.values {
            HeapValues::Formula(_) => "values by a proven pattern",
            HeapValues::Table(_) => "values by the game's table",
        };
        format!(
            "{tests}; {case}; heaps in {}..={}; {reference}",
            f.min, f.max
        )
    }

    /// The Grundy value of heap `n`.
    fn value(&self, n: u64) -> Result<u64> {
        match &self.values {
            HeapValues::Table(t) => t.get(n as usize).copied().ok_or_else(|| {
                Error::unsupported(format!(
                    "heap {n} is beyond the reference's values (up to {})",
                    t.len().saturating_sub(1)
                ))
            }),
            HeapValues::Formula(f) => match f.eval(&[n as i64]) {
                Ok(Value::Int(v)) if v >= 0 => Ok(v as u64),
                other => Err(Error::unsupported(format!(
                    "heap {n}: the pattern gives {other:?}"
                ))),
            },
        }
    }

    fn cases_per_input(&self, rng: &mut SplitMix64) -> usize {
        match self.format.tests {
            Tests::One => 1,
            _ => rng.size(1, MAX_CASES),
        }
    }

    fn pile_count(&self, rng: &mut SplitMix64) -> usize {
        let (lo, hi) = self.format.piles;
        rng.spread(lo as u64, hi.min(MAX_GENERATED_PILES) as u64) as usize
    }

    /// The small sums in order: lengths from the least, each of the heaps `min..min+side`.
    fn small(&self) -> Vec<(usize, u64)> {
        let (lo, hi) = self.format.piles;
        let range = self.format.max - self.format.min + 1;
        let lengths: Vec<usize> = (lo..=hi.min(lo + 2)).collect();
        let share = EXHAUSTIVE / lengths.len() as u64;
        lengths
            .into_iter()
            .map(|len| {
                let mut side = 1u64;
                while side < range
                    && (side + 1)
                        .checked_pow(len as u32)
                        .is_some_and(|n| n <= share)
                {
                    side += 1;
                }
                (len, side)
            })
            .collect()
    }

    fn exhaustive_len(&self) -> u64 {
        self.small()
            .iter()
            .map(|&(len, side)| side.pow(len as u32))
            .sum()
    }

    fn exhaustive_case(&self, mut index: u64) -> Vec<u64> {
        for (len, side) in self.small() {
            let count = side.pow(len as u32);
            if index < count {
                let mut piles = vec![0; len];
                for p in piles.iter_mut().rev() {
                    *p = self.format.min + index % side;
                    index /= side;
                }
                return piles;
            }
            index -= count;
        }
        vec![self.format.min]
    }

    fn per_seed(&self) -> u64 {
        if self.format.tests == Tests::One {
            1
        } else {
            BATCH as u64
        }
    }

    /// A trap: the largest heaps, or a sum whose value is 0 (equal piles in pairs, or the
    /// last pile chosen to cancel the others).
    fn adversarial_case(&self, rng: &mut SplitMix64) -> Vec<u64> {
        let f = &self.format;
        let n = self.pile_count(rng);
        let top = |rng: &mut SplitMix64| match rng.below(3) {
            0 => f.max,
            1 => f.max.saturating_sub(1).max(f.min),
            _ => rng.range(f.max - (f.max - f.min) / 8, f.max),
        };
        let mut piles: Vec<u64> = (0..n).map(|_| top(rng)).collect();
        if rng.chance(1, 2) {
            return piles;
        }
        if n >= 2 && rng.chance(1, 2) {
            for i in (1..n).step_by(2) {
                piles[i] = piles[i - 1];
            }
            rng.shuffle(&mut piles);
            return piles;
        }
        if let HeapValues::Table(t) = &self.values {
            let rest = piles[1..]
                .iter()
                .fold(0, |x, &p| x ^ t.get(p as usize).copied().unwrap_or(0));
            let start = rng.range(f.min, f.max);
            let found = (start..=f.max)
                .chain(f.min..start)
                .find(|&h| t.get(h as usize) == Some(&rest));
            if let Some(h) = found {
                piles[0] = h;
            }
        }
        piles
    }

    fn input(&self, seed: u64) -> Result<Vec<Vec<u64>>> {
        match Phase::of(seed) {
            Phase::Exhaustive => {
                let batches = self.exhaustive_cases();
                if seed >= batches {
                    return Err(Error::unsupported(format!(
                        "seed {seed}: {} has {batches} exhaustive cases (seeds 0 to {}); random and adversarial seeds are {RANDOM_SEEDS} or more",
                        self.id,
                        batches.saturating_sub(1)
                    )));
                }
                let from = seed * self.per_seed();
                let to = (from + self.per_seed()).min(self.exhaustive_len());
                Ok((from..to).map(|i| self.exhaustive_case(i)).collect())
            }
            phase => {
                let mut rng = SplitMix64::new(seed);
                let f = &self.format;
                let cases = self.cases_per_input(&mut rng);
                Ok((0..cases)
                    .map(|_| {
                        if phase == Phase::Random {
                            let n = self.pile_count(&mut rng);
                            (0..n).map(|_| rng.spread(f.min, f.max)).collect()
                        } else {
                            self.adversarial_case(&mut rng)
                        }
                    })
                    .collect())
            }
        }
    }

    fn render(&self, cases: &[Vec<u64>]) -> String {
        let mut s = String::new();
        if self.format.tests == Tests::Counted {
            s.push_str(&format!("{}\n", cases.len()));
        }
        for piles in cases {
            let n = piles.len();
            let all = join(piles.iter().copied());
            match self.format.layout {
                Layout::Single | Layout::Inline => s.push_str(&format!("{all}\n")),
                Layout::CountLine => s.push_str(&format!("{n}\n{all}\n")),
                Layout::CountInline => s.push_str(&format!("{n} {all}\n")),
                Layout::CountLines => {
                    s.push_str(&format!("{n}\n"));
                    for p in piles {
                        s.push_str(&format!("{p}\n"));
                    }
                }
            }
        }
        s
    }

    fn valid(&self, cases: &[Vec<u64>]) -> bool {
        let f = &self.format;
        let count_ok = match f.tests {
            Tests::One => cases.len() == 1,
            _ => !cases.is_empty(),
        };
        count_ok
            && cases.iter().all(|piles| {
                (f.piles.0..=f.piles.1).contains(&piles.len())
                    && piles.iter().all(|&p| (f.min..=f.max).contains(&p))
            })
    }

    /// The cases of an input in this format.
    fn read(&self, input: &str) -> Result<Vec<Vec<u64>>> {
        let bad = |what: String| Error::parse(format!("the input does not fit the format: {what}"));
        let number = |t: &str| {
            t.parse::<u64>()
                .map_err(|_| bad(format!("`{t}` is not a number")))
        };
        let lines: Vec<Vec<&str>> = input
            .lines()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .filter(|l| !l.is_empty())
            .collect();
        let mut cases = Vec::new();
        if self.format.layout == Layout::Inline {
            let mut rest = &lines[..];
            let want = if self.format.tests == Tests::Counted {
                let Some((first, tail)) = rest.split_first() else {
                    return Err(bad("no count line".into()));
                };
                rest = tail;
                Some(number(first[0])? as usize)
            } else {
                None
            };
            for line in rest {
                cases.push(line.iter().map(|t| number(t)).collect::<Result<Vec<_>>>()?);
            }
            if want.is_some_and(|w| w != cases.len()) {
                return Err(bad("the count is not the number of cases".into()));
            }
        } else {
            let tokens: Vec<u64> = lines
                .iter()
                .flatten()
                .map(|t| number(t))
                .collect::<Result<_>>()?;
            let mut it = tokens.iter().copied().peekable();
            let take = |it: &mut std::iter::Peekable<
                std::iter::Copied<std::slice::Iter<'_, u64>>,
            >| { it.next().ok_or_else(|| bad("it ends early".into())) };
            let want = match self.format.tests {
                Tests::Counted => Some(take(&mut it)?),
                Tests::One => Some(1),
                Tests::Lines => None,
            };
            while want.map_or(it.peek().is_some(), |w| (cases.len() as u64) < w) {
                let n = if self.format.layout == Layout::Single {
                    1
                } else {
                    take(&mut it)?
                };
                if n > tokens.len() as u64 {
                    return Err(bad(format!("a case counts {n} piles")));
                }
                cases.push((0..n).map(|_| take(&mut it)).collect::<Result<Vec<_>>>()?);
            }
            if it.peek().is_some() {
                return Err(bad("numbers are left after the last case".into()));
            }
        }
        if cases.is_empty() {
            return Err(bad("no case".into()));
        }
        Ok(cases)
    }
}

impl StressTarget for HeapTarget {
    fn id(&self) -> &str {
        &self.id
    }

    fn bounds(&self) -> &str {
        &self.bounds
    }

    fn exhaustive_cases(&self) -> u64 {
        self.exhaustive_len().div_ceil(self.per_seed())
    }

    fn case(&self, seed: u64) -> Result<Case> {
        Ok(Case {
            seed,
            phase: Phase::of(seed),
            input: self.render(&self.input(seed)?),
        })
    }

    fn reference(&self, input: &str) -> Result<String> {
        let mut out = String::new();
        for piles in self.read(input)? {
            let mut x = 0;
            for p in piles {
                x ^= self.value(p)?;
            }
            // A move as the answer is refused with sums: the value decides the line.
            let line = self
                .format
                .answer
                .of_value(x)
                .unwrap_or_else(|| x.to_string());
            out.push_str(&line);
            out.push('\n');
        }
        Ok(out)
    }

    fn shrink(&self, seed: u64, fails: &mut dyn FnMut(&str) -> Option<bool>) -> Result<String> {
        let min = self.format.min;
        let best = greedy(
            self.input(seed)?,
            |cases| {
                let mut out = shrink_list(cases, 1);
                out.extend(shrink_each(cases, |piles| shrink_list(piles, 1)));
                out.extend(shrink_each(cases, |piles| {
                    shrink_each(piles, |&p| smaller(p, min))
                }));
                out
            },
            |cases| self.valid(cases),
            |cases| self.render(cases),
            fails,
        );
        Ok(self.render(&best))
    }
}

/// The most heaps of a catalogue game's table used as a reference (when no proven pattern
/// covers every heap).
pub const TABLE_CAP: u64 = 1 << 16;

/// A one-heap catalogue game (`octal:0.11337`, `nim`, `subtraction:1,3,4`) in `format`:
/// its proven pattern answers heaps of any size (bounds like 10^18 are tested), else its
/// table up to [`TABLE_CAP`].
pub fn catalogue_target(
    spec: &str,
    format: HeapFormat,
    limits: sprague_core::limits::Limits,
) -> Result<HeapTarget> {
    let options = crate::pattern::PatternOptions {
        limits,
        ..Default::default()
    };
    // A pattern search that runs out of time leaves the table to answer.
    let pattern = match crate::pattern::find(spec, &options) {
        Ok(p) => Some(p),
        Err(Error::Timeout { .. }) => None,
        Err(e) => {
            return Err(Error::unsupported(format!(
                "`{spec}` is no judge problem, and as a catalogue game it is not a game of heaps a stress run can answer: {e}"
            )))
        }
    };
    if pattern.as_ref().is_some_and(|p| p.positions != "heap") {
        return Err(Error::unsupported(format!(
            "`{spec}`: positions of two numbers are stressed as a rules script (`sprague stress rules:FILE`), not as a catalogue game"
        )));
    }
    let formula = pattern.and_then(|p| match (p.function, p.proven, p.describes) {
        (Some(f), true, "grundy") => Some(f),
        _ => None,
    });
    let values = match formula {
        Some(f) => HeapValues::Formula(f),
        None => {
            let game = crate::catalogue::lookup(spec)?;
            let t = game.table(&sprague_games::interface::TableOptions {
                upto: format.max.min(TABLE_CAP),
                ..Default::default()
            })?;
            HeapValues::Table(crate::pattern::table_values(&t, spec.trim())?)
        }
    };
    HeapTarget::new(spec.trim(), values, format)
}

/// A rules script whose positions are integers, in `format`: the engine's values of the
/// heaps up to `--max` within `limits`, else as far as the work budget of a pattern allows
/// (the `--max` then lowered, with a note).
pub fn script_target(
    game: &sprague_games::script::game::ScriptGame,
    format: HeapFormat,
    limits: sprague_core::limits::Limits,
) -> Result<HeapTarget> {
    let max = format.max.min(crate::pattern::MAX_HEAP_UPTO);
    let values = match game.heap_values(max, limits.clone()) {
        Ok(v) => v,
        Err(Error::Limit { .. } | Error::Timeout { .. }) => {
            // The budget of positions bounds this search, not the deadline just passed.
            let mut budgeted = limits.clone();
            budgeted.deadline = None;
            crate::pattern::by_budget(64, max + 1, &budgeted, |n, l| game.heap_values(n - 1, l))?
        }
        Err(e) => return Err(e),
    };
    HeapTarget::new(game.spec_name(), HeapValues::Table(values), format)
}
