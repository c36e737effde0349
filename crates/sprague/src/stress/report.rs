//! The answer of a stress run, typed: `sprague stress --json` prints it as is and
//! [`Report::to_text`] is its one text renderer, so that the two never say different things.

use super::compare::cut;
use super::{Case, Phase, Shrunk};
use serde::Serialize;

/// How many cases of each phase ran.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PhaseCounts {
    /// Every small input, in order.
    pub exhaustive: u64,
    /// Random inputs within the bounds.
    pub random: u64,
    /// The known traps.
    pub adversarial: u64,
}

impl PhaseCounts {
    /// Counts one case of `phase`.
    pub fn add(&mut self, phase: Phase) {
        match phase {
            Phase::Exhaustive => self.exhaustive += 1,
            Phase::Random => self.random += 1,
            Phase::Adversarial => self.adversarial += 1,
        }
    }

    /// All the cases.
    pub fn total(&self) -> u64 {
        self.exhaustive + self.random + self.adversarial
    }
}

/// The outcome of a stress run: no failure, or the first failure shrunk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The problem (`P2252`) or rules (`rules:FILE`) tested.
    pub problem: String,
    /// How many cases ran.
    pub cases: u64,
    /// How many of each phase.
    pub phases: PhaseCounts,
    /// `ok`, or the kind of the failure (`wrong-answer`, `crash`, `time-limit`).
    pub verdict: String,
    /// The failure, when there was one (its fields sit beside the others in JSON).
    #[serde(flatten)]
    pub failure: Option<FailureReport>,
}

/// The first failing case, shrunk.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FailureReport {
    /// The phase of the failing case.
    pub phase: String,
    /// Its seed (`--seed` runs it alone again).
    pub seed: u64,
    /// The smallest failing input found.
    pub input: String,
    /// The line of the expected output where the answers first differ (from 1).
    pub line: usize,
    /// That line of the reference answer.
    pub expected: String,
    /// The program's line there.
    pub received: String,
    /// How a crashed or timed-out program ended; empty for a wrong answer.
    pub detail: String,
    /// How many smaller inputs shrinking ran.
    pub shrink_runs: u64,
    /// Where the failing input was saved, if it was.
    pub saved: Option<String>,
    /// The command that runs the failing case again.
    pub reproduce: String,
}

/// Input lines shown in the text of a failure; the rest are counted.
const SHOWN_LINES: usize = 20;

impl Report {
    /// A run without failure.
    pub fn ok(problem: &str, phases: PhaseCounts) -> Report {
        Report {
            problem: problem.to_string(),
            cases: phases.total(),
            phases,
            verdict: "ok".into(),
            failure: None,
        }
    }

    /// A run that failed on `case`, shrunk to `shrunk`; `saved` is where the input went and
    /// `reproduce` the command that runs the case again.
    pub fn failed(
        problem: &str,
        phases: PhaseCounts,
        case: &Case,
        shrunk: &Shrunk,
        saved: Option<String>,
        reproduce: String,
    ) -> Report {
        let f = &shrunk.failure;
        Report {
            problem: problem.to_string(),
            cases: phases.total(),
            phases,
            verdict: f.kind.name().into(),
            failure: Some(FailureReport {
                phase: case.phase.name().into(),
                seed: case.seed,
                input: shrunk.input.clone(),
                line: f.line,
                expected: f.expected.clone(),
                received: f.received.clone(),
                detail: f.detail.clone(),
                shrink_runs: shrunk.runs,
                saved,
                reproduce,
            }),
        }
    }

    /// The report for people: one line when nothing failed; else the failure, the shrunk
    /// input (its first lines, each cut to a readable length), the lines that differ and
    /// the command that reproduces it.
    pub fn to_text(&self) -> String {
        let p = &self.phases;
        let Some(f) = &self.failure else {
            return format!(
                "{}: ok, {} cases ({} exhaustive, {} adversarial, {} random), no failure",
                self.problem, self.cases, p.exhaustive, p.adversarial, p.random
            );
        };
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        let lines: Vec<&str> = f.input.lines().collect();
        let mut s = format!(
            "{}: {} on case {} ({}, seed {})\n",
            self.problem, self.verdict, self.cases, f.phase, f.seed
        );
        s.push_str(&format!(
            "input ({} line{}, shrunk in {} run{}{}):\n",
            lines.len(),
            plural(lines.len() as u64),
            f.shrink_runs,
            plural(f.shrink_runs),
            f.saved
                .as_ref()
                .map(|p| format!("; saved in {p}"))
                .unwrap_or_default()
        ));
        for l in lines.iter().take(SHOWN_LINES) {
            s.push_str(&format!("  {}\n", cut(l)));
        }
        if lines.len() > SHOWN_LINES {
            s.push_str(&format!("  … ({} more lines)\n", lines.len() - SHOWN_LINES));
        }
        s.push_str(&format!(
            "line {}: expected `{}`, received `{}`\n",
            f.line, f.expected, f.received
        ));
        if !f.detail.is_empty() {
            s.push_str(&format!("the program: {}\n", f.detail));
        }
        s.push_str(&format!("reproduce: {}", f.reproduce));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stress::{Failure, Kind};

    fn failed(input: &str, detail: &str) -> Report {
        let case = Case {
            seed: 7,
            phase: Phase::Adversarial,
            input: input.into(),
        };
        let shrunk = Shrunk {
            input: input.into(),
            failure: Failure {
                kind: Kind::WrongAnswer,
                line: 1,
                expected: "0".into(),
                received: "1".into(),
                detail: detail.into(),
            },
            runs: 1,
        };
        let mut phases = PhaseCounts::default();
        phases.add(Phase::Exhaustive);
        phases.add(Phase::Adversarial);
        Report::failed(
            "P1",
            phases,
            &case,
            &shrunk,
            None,
            "sprague stress P1 -- ./a".into(),
        )
    }

    #[test]
    fn text_and_json_say_the_same() {
        let r = failed("3 4", "");
        let text = r.to_text();
        assert!(
            text.starts_with("P1: wrong-answer on case 2 (adversarial, seed 7)\n"),
            "{text}"
        );
        assert!(
            text.contains("input (1 line, shrunk in 1 run):\n  3 4\n"),
            "{text}"
        );
        assert!(
            text.contains("line 1: expected `0`, received `1`"),
            "{text}"
        );
        assert!(
            text.ends_with("reproduce: sprague stress P1 -- ./a"),
            "{text}"
        );
        assert!(!text.contains("the program:"), "{text}");
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["verdict"], "wrong-answer");
        assert_eq!(v["phases"]["adversarial"], 1);
        assert_eq!(v["seed"], 7);
        assert_eq!(v["input"], "3 4");
        assert!(v["saved"].is_null());
        let ok = serde_json::to_value(Report::ok("P1", PhaseCounts::default())).unwrap();
        assert_eq!(ok["verdict"], "ok");
        assert!(ok.get("seed").is_none(), "{ok}");
    }

    #[test]
    fn long_inputs_are_cut_in_the_text_only() {
        let input: String = (0..30)
            .map(|i| format!("{}\n", "9".repeat(i * 20)))
            .collect();
        let r = failed(&input, "exit status 3");
        let text = r.to_text();
        assert!(text.contains("… (10 more lines)"), "{text}");
        assert!(text.contains("… (220 bytes)"), "{text}");
        assert!(text.contains("the program: exit status 3"), "{text}");
        assert_eq!(serde_json::to_value(&r).unwrap()["input"], input.as_str());
    }
}
