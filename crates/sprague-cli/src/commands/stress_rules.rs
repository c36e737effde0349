//! `sprague stress rules:FILE -- COMMAND` and `sprague stress GAME -- COMMAND`: the template
//! options of a rules script or catalogue game target (docs/stress.md, *Rules scripts* and
//! *The judge's format*), read into the library's [`Template`] or [`HeapFormat`].

use sprague::stress::{Answer, HeapFormat, Layout, ScriptTarget, StressTarget, Template, Tests};
use sprague_core::limits::Limits;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// The options of `sprague stress` that describe a rules script's input and answers.
#[derive(clap::Args, Debug, Default)]
pub(crate) struct TemplateArgs {
    /// Rules scripts: what an answer line is: `winner`, `grundy` or `move` (the position
    /// after a winning move; any winning move is accepted).
    #[arg(long, value_name = "WHAT", value_parser = ["winner", "grundy", "move"])]
    answer: Option<String>,
    /// Rules scripts: the input starts with a line holding the number of positions.
    #[arg(long)]
    count: bool,
    /// Rules scripts: the words for the winner, the player to move first (default
    /// `First,Second`).
    #[arg(long, value_name = "FIRST,SECOND")]
    words: Option<String>,
    /// Rules scripts: the answer for a losing position with `--answer move` (default `lose`).
    #[arg(long, value_name = "WORD", allow_hyphen_values = true)]
    lose: Option<String>,
    /// Rules scripts: how many numbers a position is (default: 1 when the script takes an
    /// integer, else 2).
    #[arg(long, value_name = "K")]
    numbers: Option<usize>,
    /// Rules scripts: the least number of a position (default 0).
    #[arg(long, value_name = "N")]
    min: Option<u64>,
    /// Rules scripts: the largest number of a position (default 100).
    #[arg(long, value_name = "N")]
    max: Option<u64>,
    /// Games of heaps: how many test cases an input holds: `one`, `lines` (one after
    /// another) or `count` (a count line first, as `--count`).
    #[arg(long, value_name = "HOW", value_parser = ["one", "lines", "count"])]
    tests: Option<String>,
    /// Games of heaps: a case is a sum of piles written `count-line` (a count line, the
    /// piles on the next), `count-lines` (a count line, then a pile a line), `count-inline`
    /// (the count and the piles on one line) or `inline` (the piles on one line).
    #[arg(long, value_name = "LAYOUT", value_parser = ["count-line", "count-lines", "count-inline", "inline", "single"])]
    sum: Option<String>,
    /// Games of heaps: the least and the most piles of a sum (default 1,8).
    #[arg(long, value_name = "MIN,MAX")]
    piles: Option<String>,
}

/// The most positions the engine keeps for one stress run.
const MAX_POSITIONS: u64 = 5_000_000;
/// The most time the search for a catalogue game's proven pattern takes (its table answers
/// otherwise).
const PATTERN_TIME: std::time::Duration = std::time::Duration::from_secs(30);
/// The most time the engine takes for the reference answers of one input.
const REFERENCE_TIME: std::time::Duration = std::time::Duration::from_secs(10);

impl TemplateArgs {
    /// The options as given, to repeat them in the command that reproduces a failure.
    pub(crate) fn words(&self) -> Vec<String> {
        let mut w = Vec::new();
        let mut put = |flag: &str, value: Option<String>| {
            if let Some(v) = value {
                w.push(flag.to_string());
                w.push(v);
            }
        };
        put("--answer", self.answer.clone());
        put("--words", self.words.clone());
        put("--lose", self.lose.clone());
        put("--numbers", self.numbers.map(|k| k.to_string()));
        put("--min", self.min.map(|k| k.to_string()));
        put("--max", self.max.map(|k| k.to_string()));
        put("--tests", self.tests.clone());
        put("--sum", self.sum.clone());
        put("--piles", self.piles.clone());
        if self.count {
            w.push("--count".into());
        }
        w
    }

    /// The template the options describe.
    fn template(&self) -> Result<Template, String> {
        let mut t = Template::default();
        t.count = self.count;
        t.numbers = self.numbers;
        t.min = self.min.unwrap_or(t.min);
        t.max = self.max.unwrap_or(t.max);
        let answer = self.answer.as_deref().unwrap_or("winner");
        if self.words.is_some() && answer != "winner" {
            return Err("`--words` is for `--answer winner`".into());
        }
        if self.lose.is_some() && answer != "move" {
            return Err("`--lose` is for `--answer move`".into());
        }
        t.answer = match answer {
            "grundy" => Answer::Grundy,
            "move" => {
                let lose = self.lose.clone().unwrap_or_else(|| "lose".into());
                if lose.split_whitespace().count() != 1 {
                    return Err(format!("`--lose {lose}`: one word"));
                }
                Answer::Move { lose }
            }
            _ => match self.words.as_deref() {
                None => t.answer,
                Some(words) => match words.split_once(',') {
                    Some((first, second))
                        if !first.trim().is_empty() && !second.trim().is_empty() =>
                    {
                        Answer::Winner {
                            first: first.trim().into(),
                            second: second.trim().into(),
                        }
                    }
                    _ => {
                        return Err(format!(
                            "`--words {words}`: two words separated by a comma, e.g. `First,Second`"
                        ))
                    }
                },
            },
        };
        Ok(t)
    }

    /// Whether any template option was given.
    fn any(&self) -> bool {
        !self.words().is_empty()
    }

    /// Whether the judge's format of heaps is asked for (`--tests` or `--sum`).
    fn heap_format_asked(&self) -> bool {
        self.tests.is_some() || self.sum.is_some() || self.piles.is_some()
    }

    /// The judge's format of a heap game the options describe.
    fn heap_format(&self) -> Result<HeapFormat, String> {
        let t = self.template()?;
        if self.numbers.is_some_and(|k| k != 1) {
            return Err("`--numbers`: a game of heaps has one number a pile".into());
        }
        let tests = match (self.tests.as_deref(), self.count) {
            (Some("count"), _) | (None, true) => Tests::Counted,
            (Some("one"), false) => Tests::One,
            (Some("lines") | None, false) => Tests::Lines,
            (Some(other), true) => {
                return Err(format!("`--count` and `--tests {other}` disagree"));
            }
            (Some(other), false) => return Err(format!("`--tests {other}`: one, lines or count")),
        };
        let layout = match self.sum.as_deref() {
            None => Layout::Single,
            Some(w) => Layout::parse(w).ok_or_else(|| format!("`--sum {w}`: unknown layout"))?,
        };
        let piles = match self.piles.as_deref() {
            None if layout == Layout::Single => (1, 1),
            None => (1, 8),
            Some(text) => {
                let parsed = text.split_once(',').and_then(|(a, b)| {
                    Some((
                        a.trim().parse::<usize>().ok()?,
                        b.trim().parse::<usize>().ok()?,
                    ))
                });
                match parsed {
                    Some(p) if layout != Layout::Single => p,
                    Some(_) => return Err("`--piles` is for sums (`--sum LAYOUT`)".into()),
                    None => return Err(format!("`--piles {text}`: two numbers, e.g. `1,1000`")),
                }
            }
        };
        Ok(HeapFormat {
            tests,
            layout,
            piles,
            min: t.min,
            max: t.max,
            answer: t.answer,
        })
    }
}

/// The stress target a problem argument names, with its notes (a lowered `--max`): a rules
/// script with the template options, a judge problem (which takes none of them), or a
/// one-heap catalogue game in the judge's format the options describe. Errors are the
/// user's.
pub(crate) fn target(
    problem: &str,
    args: &TemplateArgs,
    cancel: Arc<AtomicBool>,
) -> Result<(Box<dyn StressTarget>, Vec<String>), String> {
    let limits = Limits::positions(MAX_POSITIONS).with_cancel(cancel);
    if !sprague_games::script::game::is_script_spec(problem) {
        let unknown = match sprague::problems::find(problem) {
            Ok(_) => None,
            Err(e) => Some(e.to_string()),
        };
        if let (Some(why), Err(_)) = (&unknown, sprague::catalogue::lookup(problem)) {
            return Err(format!(
                "{why} (nor is `{}` a catalogue game)",
                problem.trim()
            ));
        }
        if unknown.is_none() {
            if args.any() {
                return Err(format!(
                    "`{}` are options of rules scripts and catalogue games (`sprague stress rules:FILE ...`), not of judge problems",
                    args.words().into_iter().filter(|w| w.starts_with("--")).collect::<Vec<_>>().join(" ")
                ));
            }
            return Ok((
                sprague::stress::target(problem).map_err(|e| e.to_string())?,
                Vec::new(),
            ));
        }
        let format = args.heap_format()?;
        let t =
            sprague::stress::catalogue_target(problem, format, limits.with_timeout(PATTERN_TIME))
                .map_err(|e| e.to_string())?;
        let notes = t.notes().to_vec();
        return Ok((Box::new(t), notes));
    }
    let text = crate::script::read(problem).map_err(|e| format!("{e:#}"))?;
    if args.heap_format_asked() {
        let format = args.heap_format()?;
        let game = sprague_games::script::game::ScriptGame::compile(problem.trim(), &text)
            .map_err(|e| e.to_string())?;
        let t = sprague::stress::script_target(&game, format, limits.with_timeout(REFERENCE_TIME))
            .map_err(|e| e.to_string())?;
        let notes = t.notes().to_vec();
        return Ok((Box::new(t), notes));
    }
    let template = args.template()?;
    let t = ScriptTarget::new(problem.trim(), &text, template, limits)
        .map_err(|e| e.to_string())?
        .with_reference_timeout(REFERENCE_TIME)
        .fit_max()
        .map_err(|e| e.to_string())?;
    let notes = t.notes().to_vec();
    Ok((Box::new(t), notes))
}

/// The file name a target's failures are saved under: the problem id, or the script's
/// file name without its directories.
pub(crate) fn file_id(id: &str) -> String {
    let name = id
        .strip_prefix(sprague_games::script::game::PREFIX)
        .map(|path| path.rsplit(['/', '\\']).next().unwrap_or(path))
        .unwrap_or(id);
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}
