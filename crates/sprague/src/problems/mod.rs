//! Judge problems (`sprague problem ID`): reference solutions that read a judge's input
//! text and write exactly the output the judge accepts (formats in README, "Judge problems").
//!
//! Each problem is a pure function from the whole input text to the whole output text; the
//! command line does the reading and writing. Inputs are read instance after instance until
//! the end of the text, so a file of concatenated instances works too. Malformed input is an
//! [`Error::Input`] naming the instance and the token.

mod cycle_coin;
mod euclid;
mod fibonacci_nim;
mod jewel;
mod nim;
mod prime_power;
mod sorted_piles;
pub mod tokens;
mod tree_chain;
mod wythoff;

use sprague_core::error::{Error, Result};

/// A judge problem the toolkit answers.
#[derive(Clone, Copy)]
pub struct Problem {
    /// The id used on the command line (`P4018`, `tree-chain`).
    pub id: &'static str,
    /// A one-line description.
    pub title: &'static str,
    /// Solves the whole input, appending the output to the string.
    pub solve: fn(input: &str, out: &mut String) -> Result<()>,
}

impl std::fmt::Debug for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Problem").field("id", &self.id).finish()
    }
}

/// Every problem, in the order `sprague problem --list` shows them.
pub fn all() -> Vec<Problem> {
    let mut list = vec![
        euclid::PROBLEM_P1290,
        wythoff::PROBLEM_P2252,
        fibonacci_nim::PROBLEM_P6487,
        prime_power::PROBLEM_P4018,
        sorted_piles::PROBLEM_P4702,
        nim::PROBLEM_P2197,
        nim::PROBLEM_P4279,
    ];
    list.extend([
        jewel::problem(),
        cycle_coin::PROBLEM_P1288,
        tree_chain::PROBLEM_TREE_CHAIN,
    ]);
    list
}

/// Finds a problem by id (case-insensitive).
pub fn find(id: &str) -> Result<Problem> {
    all()
        .into_iter()
        .find(|p| p.id.eq_ignore_ascii_case(id.trim()))
        .ok_or_else(|| {
            let ids: Vec<&str> = all().iter().map(|p| p.id).collect();
            Error::unsupported(format!(
                "unknown problem `{id}`; known problems: {}",
                ids.join(", ")
            ))
        })
}

/// Runs problem `id` on `input` and returns its output.
pub fn run(id: &str, input: &str) -> Result<String> {
    let problem = find(id)?;
    if input.trim().is_empty() {
        return Err(Error::Input {
            problem: problem.id.to_string(),
            instance: 1,
            reason: "the input is empty (write the judge's input on standard input)".into(),
        });
    }
    let mut out = String::with_capacity(input.len());
    (problem.solve)(input, &mut out)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reader, fed a count far beyond its input (at the top and, where there is one,
    /// an inner count): a clean `Error::Input` naming the count, at once (a count once sized
    /// a buffer before any case was read: 28 GB for `2000000000`, a capacity overflow for
    /// `u64::MAX`).
    #[test]
    fn claimed_counts_beyond_the_input_are_clean_errors() {
        const HUGE: [&str; 2] = ["18446744073709551615", "2000000000"];
        // Inputs with `#` where the huge count goes.
        let cases = [
            ("P4018", "#\n3\n"),
            ("P2197", "#\n3\n"),
            ("P2197", "1\n#\n3\n"),
            ("P4279", "#\n3\n"),
            ("P4279", "1\n#\n3\n"),
            ("P4702", "#\n3\n"),
            ("P1290", "#\n3 4\n"),
            ("P1288", "#\n0 1\n"),
            ("tree-chain", "#\n1 0\n"),
            ("jewel-game", "# 3 1 1 1 1\n"),
            ("jewel-game", "2 # 1 1 1 2 2 1\n"),
            ("jewel-game", "2 2 1 1 1 2 2 1 # 1 1\n"),
        ];
        let mut seen = std::collections::HashSet::new();
        for (id, text) in cases {
            seen.insert(id);
            for huge in HUGE {
                let input = text.replace('#', huge);
                match run(id, &input) {
                    Err(Error::Input {
                        problem, reason, ..
                    }) => {
                        assert_eq!(problem, id);
                        assert!(reason.contains(huge), "{id} `{input}`: {reason}");
                    }
                    other => panic!("{id} `{input}`: {other:?}"),
                }
            }
        }
        // Every problem that reads a count is in the table (P2252 and P6487 read none).
        for p in all() {
            assert!(
                seen.contains(p.id) || ["P2252", "P6487"].contains(&p.id),
                "{} is not checked",
                p.id
            );
        }
    }

    /// A count that passes the bound but that the input does not fill names the count and
    /// how many items there were.
    #[test]
    fn short_inputs_name_the_count() {
        for (id, input) in [
            ("P4018", "3\n100 200\n"),
            ("P2197", "2\n2 10 20\n"),
            ("P2197", "1\n3 100 200\n"),
            ("P4279", "1\n3 100 200\n"),
            ("P4702", "3\n100 200\n"),
            ("P1290", "2\n300 400\n"),
            ("P1288", "3\n30 40\n"),
            ("tree-chain", "3\n1 0 0 1 2\n"),
            ("jewel-game", "2 3 1 1 1 2 2 1\n"),
        ] {
            let err = run(id, input).unwrap_err().to_string();
            assert!(
                err.contains(id) && err.contains("instance 1") && err.contains("ends after"),
                "{id} `{input}`: {err}"
            );
        }
    }
}
