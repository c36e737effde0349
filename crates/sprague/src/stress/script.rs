//! A rules script as a stress target (`sprague stress rules:FILE -- COMMAND`): the game is
//! the script's, an input is a list of its positions (one a line, after a count line when
//! the template says so), and the answer per line is the winner, the Grundy value or a
//! winning move, as the [`Template`] says. The reference answers come from the script's
//! game by the engine.
//!
//! **Positions.** Where the script defines `fn small_positions()` or
//! `fn random_position(seed)` (words, boards: positions the tester cannot invent), the
//! exhaustive phase takes the small positions in order and the random phase asks the
//! script for positions. Otherwise positions are `K` numbers in `min..=max` (one number:
//! an integer position; two or more: an array), `K` given or found by asking the script
//! whether it accepts an integer, else a pair: the exhaustive phase takes every position
//! of small numbers (at most [`EXHAUSTIVE_POSITIONS`]), the random phase numbers of every
//! length up to `max`, and the adversarial phase the largest numbers and losing positions
//! among large numbers (those a guess gets wrong most often).
//!
//! **Shrinking.** Fewer lines, then smaller positions: smaller numbers (the least, half,
//! one less), or for positions the script makes, a position one move away (every play
//! ends, so this ends too).

use super::typed::{greedy, shrink_each, shrink_list, smaller};
use super::{compare_tokens, Case, Mismatch, Phase, StressTarget, END, RANDOM_SEEDS};
use crate::rng::SplitMix64;
use sprague_core::error::{Error, Result};
use sprague_core::impartial::GrundySolver;
use sprague_core::limits::Limits;
use sprague_core::value::Nimber;
use sprague_games::script::game::ScriptGame;
use sprague_games::script::words::{parse, write_component};
use sprague_games::script::ScriptPosition;
use sprague_games::script::ScriptRules;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

/// Positions of one exhaustive input.
pub const BATCH: usize = 32;
/// The most positions the exhaustive phase tries (numbers).
pub const EXHAUSTIVE_POSITIONS: u64 = 1024;
/// The most positions a random or adversarial input holds.
pub const MAX_LINES: usize = 16;
/// The smallest numbers, and the numbers just below, tried when shrinking a short input.
const NEAR: usize = 16;
/// Positions one move away offered when shrinking a position the script made.
const OPTIONS_TRIED: usize = 8;

/// What one answer line is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Who wins with the position to move: `first` when the player to move does.
    Winner {
        /// The word for a win of the player to move (`First`).
        first: String,
        /// The word for a win of the other player (`Second`).
        second: String,
    },
    /// The Grundy value of the position.
    Grundy,
    /// A winning move, written as the position after it; any winning move is accepted.
    /// Losing positions expect the word `lose`.
    Move {
        /// The answer for a losing position (`lose`, `-1`).
        lose: String,
    },
}

impl Answer {
    /// The answer line of a position of Grundy value `g`, for the answers that the value
    /// alone decides (`None` for [`Answer::Move`], which needs the position).
    pub fn of_value(&self, g: u64) -> Option<String> {
        match self {
            Answer::Winner { first, second } => Some(if g != 0 {
                first.clone()
            } else {
                second.clone()
            }),
            Answer::Grundy => Some(g.to_string()),
            Answer::Move { .. } => None,
        }
    }
}

/// The input and output template of a script target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    /// Whether the input starts with a line holding the number of positions.
    pub count: bool,
    /// What an answer line is.
    pub answer: Answer,
    /// How many numbers a position is (`None`: asked of the script); ignored when the
    /// script makes its own positions.
    pub numbers: Option<usize>,
    /// The least number of a position.
    pub min: u64,
    /// The largest number of a random position.
    pub max: u64,
}

impl Default for Template {
    fn default() -> Template {
        Template {
            count: false,
            answer: Answer::Winner {
                first: "First".into(),
                second: "Second".into(),
            },
            numbers: None,
            min: 0,
            max: 100,
        }
    }
}

/// The most numbers a position may have.
pub const MAX_NUMBERS: usize = 16;

/// Where positions come from.
enum Shape {
    /// `k` numbers in `min..=max` each.
    Numbers(usize),
    /// The script's generators: its small positions, and whether it makes random ones.
    Script {
        small: Vec<ScriptPosition>,
        random: bool,
    },
}

/// A rules script with a [`Template`], as a [`StressTarget`].
pub struct ScriptTarget {
    game: ScriptGame,
    template: Template,
    shape: Shape,
    bounds: String,
    limits: Limits,
    timeout: Option<Duration>,
    solver: Mutex<GrundySolver<ScriptRules>>,
    notes: Vec<String>,
}

impl ScriptTarget {
    /// The target of the script `text` named `spec` (`rules:FILE`) with a template; the
    /// engine's searches keep to `limits`. Fails on a bad script or template.
    pub fn new(spec: &str, text: &str, template: Template, limits: Limits) -> Result<Self> {
        if template.min > template.max || template.max > i64::MAX as u64 {
            return Err(Error::unsupported(format!(
                "numbers from {} to {}: the least must not exceed the largest, which must be below 2^63",
                template.min, template.max
            )));
        }
        if let Answer::Winner { first, second } = &template.answer {
            if first.split_whitespace().eq(second.split_whitespace()) {
                return Err(Error::unsupported(
                    "the two winner words must differ (`--words First,Second`)",
                ));
            }
        }
        let game = ScriptGame::compile(spec, text)?;
        let program = game.rules();
        let program = program.program();
        let small = program.small_positions()?;
        let random = program.defines(sprague_games::script::RANDOM_POSITION, 1);
        let solver = Mutex::new(GrundySolver::with_limits(game.rules(), limits.clone()));
        let mut target = ScriptTarget {
            game,
            template,
            shape: Shape::Numbers(1),
            bounds: String::new(),
            limits,
            timeout: None,
            solver,
            notes: Vec::new(),
        };
        target.shape = if small.is_some() || random {
            Shape::Script {
                small: small.unwrap_or_default(),
                random,
            }
        } else {
            Shape::Numbers(target.numbers()?)
        };
        target.bounds = target.describe();
        Ok(target)
    }

    /// Bounds each reference answer (and each check of a received move) to `timeout` of
    /// search: a position too large for the engine then ends the run with an error soon.
    pub fn with_reference_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// Lowers `--max` to what the reference can search, with a note, where the position of
    /// the largest numbers is beyond it (halving until one is within the limits): a run
    /// then goes on instead of stopping at its first large position.
    pub fn fit_max(mut self) -> Result<Self> {
        let Shape::Numbers(k) = self.shape else {
            return Ok(self);
        };
        let asked = self.template.max;
        loop {
            let p = self.number_position(&vec![self.template.max; k]);
            if self.fits(&p)? {
                break;
            }
            if self.template.max == self.template.min {
                return Err(Error::unsupported(format!(
                    "{}: even the position of the least numbers ({}) is beyond the reference's search",
                    self.game.spec_name(),
                    self.template.min
                )));
            }
            self.template.max = self.template.min + (self.template.max - self.template.min) / 2;
        }
        if self.template.max < asked {
            self.notes.push(format!(
                "`--max {asked}` lowered to {}: the reference cannot search positions of larger numbers within the run's limits",
                self.template.max
            ));
            self.bounds = self.describe();
        }
        Ok(self)
    }

    /// What was changed to make the run possible (a lowered `--max`).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// Whether the reference can search `p` within the limits (a script error is an error).
    fn fits(&self, p: &ScriptPosition) -> Result<bool> {
        let mut solver = self.lock();
        if let Some(t) = self.timeout {
            solver.set_limits(self.limits.clone().with_timeout(t));
        }
        let result = solver.grundy(p).map(|_| ());
        match solver.rules().finish(result) {
            Ok(()) => Ok(true),
            Err(Error::Limit { .. } | Error::Timeout { .. }) => {
                *solver = GrundySolver::with_limits(self.game.rules(), self.limits.clone());
                Ok(false)
            }
            Err(e) => {
                *solver = GrundySolver::with_limits(self.game.rules(), self.limits.clone());
                Err(e)
            }
        }
    }

    /// How many numbers a position is: the template's, or 1 when the script accepts an
    /// integer, else 2 when it accepts a pair.
    fn numbers(&self) -> Result<usize> {
        if let Some(k) = self.template.numbers {
            if !(1..=MAX_NUMBERS).contains(&k) {
                return Err(Error::unsupported(format!(
                    "positions of {k} numbers: from 1 to {MAX_NUMBERS}"
                )));
            }
            return Ok(k);
        }
        let n = ScriptPosition::Int(self.template.min as i64);
        let first = match self.grundy(&n) {
            Ok(_) => return Ok(1),
            Err(e) => e,
        };
        let pair = ScriptPosition::List(vec![n.clone(), n].into());
        match self.grundy(&pair) {
            Ok(_) => Ok(2),
            Err(e) => Err(Error::unsupported(format!(
                "{}: its positions are neither integers nor pairs of integers (say how many numbers a position is, or define `fn small_positions()` / `fn random_position(seed)`): {first}; {e}",
                self.game.spec_name()
            ))),
        }
    }

    fn describe(&self) -> String {
        let t = &self.template;
        let what = match &self.shape {
            Shape::Numbers(1) => format!("a position is one number in {}..={}", t.min, t.max),
            Shape::Numbers(k) => format!("a position is {k} numbers in {}..={}", t.min, t.max),
            Shape::Script { small, random } => format!(
                "positions from the script ({} small ones{})",
                small.len(),
                if *random {
                    ", random_position(seed)"
                } else {
                    ""
                }
            ),
        };
        let answer = match &t.answer {
            Answer::Winner { first, second } => format!("the winner ({first} / {second})"),
            Answer::Grundy => "the Grundy value".into(),
            Answer::Move { lose } => format!("a winning move ({lose} when none)"),
        };
        format!(
            "{what}; {}one position a line, at most {MAX_LINES} lines ({BATCH} when exhaustive); the answer a line: {answer}",
            if t.count { "a count line, then " } else { "" }
        )
    }

    fn lock(&self) -> MutexGuard<'_, GrundySolver<ScriptRules>> {
        self.solver.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on the shared solver; after a failure (the script's or a limit) the solver
    /// starts again empty, since a failed search may have recorded wrong values.
    fn with_solver<T>(
        &self,
        f: impl FnOnce(&mut GrundySolver<ScriptRules>) -> Result<T>,
    ) -> Result<T> {
        let mut solver = self.lock();
        if let Some(t) = self.timeout {
            solver.set_limits(self.limits.clone().with_timeout(t));
        }
        let result = f(&mut solver);
        let result = solver.rules().finish(result);
        if result.is_err() {
            *solver = GrundySolver::with_limits(self.game.rules(), self.limits.clone());
        }
        result.map_err(|e| match e {
            Error::Limit { .. } | Error::Timeout { .. } => Error::unsupported(format!(
                "{}: the reference answers need more search than a stress run allows ({e}); give smaller positions (`--max`)",
                self.game.spec_name()
            )),
            e => e,
        })
    }

    fn grundy(&self, p: &ScriptPosition) -> Result<u64> {
        self.with_solver(|s| s.grundy(p).map(Nimber::value))
    }

    /// The exhaustive positions (numbers only; the script's list otherwise).
    fn exhaustive_len(&self) -> u64 {
        match &self.shape {
            Shape::Numbers(k) => self.side(*k).pow(*k as u32),
            Shape::Script { small, .. } => small.len() as u64,
        }
    }

    /// How many small values each number takes in the exhaustive phase.
    fn side(&self, k: usize) -> u64 {
        let range = self.template.max - self.template.min + 1;
        let mut side = 1u64;
        while side < range
            && (side + 1)
                .checked_pow(k as u32)
                .is_some_and(|n| n <= EXHAUSTIVE_POSITIONS)
        {
            side += 1;
        }
        side
    }

    fn number_position(&self, numbers: &[u64]) -> ScriptPosition {
        match numbers {
            [one] => ScriptPosition::Int(*one as i64),
            many => ScriptPosition::List(
                many.iter()
                    .map(|&x| ScriptPosition::Int(x as i64))
                    .collect::<Vec<_>>()
                    .into(),
            ),
        }
    }

    fn exhaustive_position(&self, index: u64) -> ScriptPosition {
        match &self.shape {
            Shape::Numbers(k) => {
                let side = self.side(*k);
                let mut rest = index;
                let mut numbers = vec![0; *k];
                for x in numbers.iter_mut().rev() {
                    *x = self.template.min + rest % side;
                    rest /= side;
                }
                self.number_position(&numbers)
            }
            Shape::Script { small, .. } => small[index as usize].clone(),
        }
    }

    fn random_position(&self, rng: &mut SplitMix64) -> Result<ScriptPosition> {
        let t = &self.template;
        match &self.shape {
            Shape::Numbers(k) => {
                let numbers: Vec<u64> = (0..*k).map(|_| rng.spread(t.min, t.max)).collect();
                Ok(self.number_position(&numbers))
            }
            Shape::Script { small, random } => {
                if *random {
                    let program = self.game.rules();
                    if let Some(p) = program.program().random_position(rng.next_u64())? {
                        return Ok(p);
                    }
                }
                if small.is_empty() {
                    return Err(Error::unsupported(format!(
                        "{}: `fn small_positions()` gave no position",
                        self.game.spec_name()
                    )));
                }
                Ok(rng.pick(small).clone())
            }
        }
    }

    /// A trap: the largest numbers, or a losing position among large ones.
    fn adversarial_position(&self, rng: &mut SplitMix64) -> Result<ScriptPosition> {
        let t = &self.template;
        let high = |rng: &mut SplitMix64| rng.range(t.max - (t.max - t.min) / 8, t.max);
        if let Shape::Numbers(k) = self.shape {
            if rng.chance(1, 4) {
                let numbers: Vec<u64> = (0..k)
                    .map(|_| match rng.below(4) {
                        0 => t.min,
                        1 => t.max.saturating_sub(1).max(t.min),
                        _ => t.max,
                    })
                    .collect();
                return Ok(self.number_position(&numbers));
            }
        }
        let mut last = None;
        for _ in 0..16 {
            let p = match self.shape {
                Shape::Numbers(k) => {
                    let numbers: Vec<u64> = (0..k).map(|_| high(rng)).collect();
                    self.number_position(&numbers)
                }
                Shape::Script { .. } => self.random_position(rng)?,
            };
            if self.grundy(&p)? == 0 {
                return Ok(p);
            }
            last = Some(p);
        }
        Ok(last.expect("16 tries"))
    }

    fn positions(&self, seed: u64) -> Result<Vec<ScriptPosition>> {
        match Phase::of(seed) {
            Phase::Exhaustive => {
                let batches = self.exhaustive_cases();
                if seed >= batches {
                    return Err(Error::unsupported(format!(
                        "seed {seed}: {} has {batches} exhaustive cases (seeds 0 to {}); random and adversarial seeds are {RANDOM_SEEDS} or more",
                        self.game.spec_name(),
                        batches.saturating_sub(1)
                    )));
                }
                let from = seed * BATCH as u64;
                let to = (from + BATCH as u64).min(self.exhaustive_len());
                Ok((from..to).map(|i| self.exhaustive_position(i)).collect())
            }
            phase => {
                let mut rng = SplitMix64::new(seed);
                let lines = rng.size(1, MAX_LINES);
                (0..lines)
                    .map(|_| {
                        if phase == Phase::Random {
                            self.random_position(&mut rng)
                        } else {
                            self.adversarial_position(&mut rng)
                        }
                    })
                    .collect()
            }
        }
    }

    fn render(&self, positions: &[ScriptPosition]) -> String {
        let mut s = String::new();
        if self.template.count {
            s.push_str(&format!("{}\n", positions.len()));
        }
        for p in positions {
            s.push_str(&write_component(p));
            s.push('\n');
        }
        s
    }

    /// The positions of an input written by [`Self::render`].
    fn read(&self, input: &str) -> Result<Vec<ScriptPosition>> {
        let mut lines = input.lines();
        let count = if self.template.count {
            let first = lines.next().unwrap_or("").trim();
            Some(first.parse::<usize>().map_err(|_| {
                Error::parse(format!(
                    "`{first}`: the count line of the input is not a count"
                ))
            })?)
        } else {
            None
        };
        let positions = lines.map(read_one).collect::<Result<Vec<_>>>()?;
        if count.is_some_and(|c| c != positions.len()) {
            return Err(Error::parse(format!(
                "the input counts {} positions and holds {}",
                count.unwrap_or(0),
                positions.len()
            )));
        }
        Ok(positions)
    }

    /// Smaller versions of one position; `thorough` (an input of one or two lines) tries
    /// the smallest numbers one by one and the numbers just below, where halving and
    /// taking one away get stuck (a periodic game fails again a period lower).
    fn smaller_position(&self, p: &ScriptPosition, thorough: bool) -> Vec<ScriptPosition> {
        let min = self.template.min;
        let smaller = |x: u64| {
            let mut out = smaller(x, min);
            if thorough {
                out.extend((min..x).take(NEAR));
                out.extend((min..x).rev().take(NEAR));
                out.sort_unstable();
                out.dedup();
            }
            out
        };
        match (&self.shape, p) {
            (Shape::Numbers(_), ScriptPosition::Int(x)) => smaller(*x as u64)
                .into_iter()
                .map(|y| ScriptPosition::Int(y as i64))
                .collect(),
            (Shape::Numbers(_), ScriptPosition::List(items)) => {
                let numbers: Vec<u64> = items
                    .iter()
                    .map(|i| i.as_int().unwrap_or(0) as u64)
                    .collect();
                shrink_each(&numbers, |&x| smaller(x))
                    .into_iter()
                    .map(|v| self.number_position(&v))
                    .collect()
            }
            _ => {
                let rules = self.game.rules();
                let options = rules.try_options(p).map(|o| o.to_vec()).unwrap_or_default();
                let mut out: Vec<ScriptPosition> = Vec::new();
                for o in options {
                    if out.len() >= OPTIONS_TRIED {
                        break;
                    }
                    if !out.contains(&o) {
                        out.push(o);
                    }
                }
                out
            }
        }
    }

    /// Whether a received move answers position `p`: a position one move away from it
    /// whose Grundy value is 0.
    fn is_winning_move(&self, p: &ScriptPosition, received: &str) -> bool {
        let Ok(after) = read_one(received) else {
            return false;
        };
        self.with_solver(|s| {
            let options = s.options_with_values(p)?;
            Ok(options.iter().any(|(o, v)| *o == after && v.value() == 0))
        })
        .unwrap_or(false)
    }

    fn compare_moves(&self, input: &str, expected: &str, received: &str) -> Option<Mismatch> {
        let Answer::Move { lose } = &self.template.answer else {
            return compare_tokens(expected, received);
        };
        let Ok(positions) = self.read(input) else {
            return compare_tokens(expected, received);
        };
        let want: Vec<&str> = expected.lines().collect();
        let mut got: Vec<&str> = received.lines().collect();
        while got.last().is_some_and(|l| l.trim().is_empty()) {
            got.pop();
        }
        for (i, p) in positions.iter().enumerate() {
            let w = want.get(i).copied().unwrap_or("").trim();
            let g = got.get(i).map(|l| l.trim());
            let ok = match g {
                None => false,
                Some(g) if w == lose => g.split_whitespace().eq(lose.split_whitespace()),
                Some(g) => self.is_winning_move(p, g),
            };
            if !ok {
                return Some(Mismatch {
                    line: i + 1,
                    expected: if w == lose {
                        w.to_string()
                    } else {
                        format!("{w} (or another winning move)")
                    },
                    received: g.map_or(END.to_string(), cut),
                });
            }
        }
        got.get(positions.len()).map(|extra| Mismatch {
            line: positions.len() + 1,
            expected: END.into(),
            received: cut(extra.trim()),
        })
    }
}

/// One position from a line of words (one component, no `+`).
fn read_one(line: &str) -> Result<ScriptPosition> {
    let mut comps = parse(&[line.to_string()])?;
    if comps.len() != 1 {
        return Err(Error::parse(format!(
            "`{}`: one position a line, not a sum",
            line.trim()
        )));
    }
    Ok(comps.remove(0))
}

/// A received line cut to a readable length.
fn cut(line: &str) -> String {
    compare_tokens("", line).map_or_else(String::new, |m| m.received)
}

impl StressTarget for ScriptTarget {
    fn id(&self) -> &str {
        self.game.spec_name()
    }

    fn bounds(&self) -> &str {
        &self.bounds
    }

    fn exhaustive_cases(&self) -> u64 {
        self.exhaustive_len().div_ceil(BATCH as u64)
    }

    fn case(&self, seed: u64) -> Result<Case> {
        Ok(Case {
            seed,
            phase: Phase::of(seed),
            input: self.render(&self.positions(seed)?),
        })
    }

    fn reference(&self, input: &str) -> Result<String> {
        let positions = self.read(input)?;
        let mut out = String::new();
        self.with_solver(|s| {
            for p in &positions {
                let g = s.grundy(p)?.value();
                let line = match (&self.template.answer, self.template.answer.of_value(g)) {
                    (_, Some(line)) => line,
                    (Answer::Move { lose }, None) => {
                        match s.moves_to_value(p, Nimber(0))?.first() {
                            Some(after) if g != 0 => write_component(after),
                            _ => lose.clone(),
                        }
                    }
                    (_, None) => unreachable!("only a move is not decided by the value"),
                };
                out.push_str(&line);
                out.push('\n');
            }
            Ok(())
        })?;
        Ok(out)
    }

    fn compare(&self, input: &str, expected: &str, received: &str) -> Option<Mismatch> {
        self.compare_moves(input, expected, received)
    }

    fn shrink(&self, seed: u64, fails: &mut dyn FnMut(&str) -> Option<bool>) -> Result<String> {
        let best = greedy(
            self.positions(seed)?,
            |current| {
                let mut candidates = shrink_list(current, 1);
                let thorough = current.len() <= 2;
                candidates.extend(shrink_each(current, |p| self.smaller_position(p, thorough)));
                candidates
            },
            |candidate| self.reference(&self.render(candidate)).is_ok(),
            |candidate| self.render(candidate),
            fails,
        );
        Ok(self.render(&best))
    }
}
