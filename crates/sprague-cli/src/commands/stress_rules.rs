//! `sprague stress rules:FILE -- COMMAND`: the template options of a rules script target
//! (docs/stress.md, *Rules scripts*), read into the library's [`Template`].

use sprague::stress::{Answer, ScriptTarget, StressTarget, Template};
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
}

/// The most positions the engine keeps for one stress run.
const MAX_POSITIONS: u64 = 5_000_000;
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
}

/// The stress target a problem argument names: a rules script with the template options,
/// or a judge problem (which takes none of them). Errors are the user's.
pub(crate) fn target(
    problem: &str,
    args: &TemplateArgs,
    cancel: Arc<AtomicBool>,
) -> Result<Box<dyn StressTarget>, String> {
    if !sprague_games::script::game::is_script_spec(problem) {
        if args.any() {
            return Err(format!(
                "`{}` are options of rules scripts (`sprague stress rules:FILE ...`), not of judge problems",
                args.words().into_iter().filter(|w| w.starts_with("--")).collect::<Vec<_>>().join(" ")
            ));
        }
        return sprague::stress::target(problem).map_err(|e| e.to_string());
    }
    let text = crate::script::read(problem).map_err(|e| format!("{e:#}"))?;
    let template = args.template()?;
    let limits = Limits::positions(MAX_POSITIONS).with_cancel(cancel);
    let t = ScriptTarget::new(problem.trim(), &text, template, limits)
        .map_err(|e| e.to_string())?
        .with_reference_timeout(REFERENCE_TIME);
    Ok(Box::new(t))
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
