//! Judge problems (`sprague problem ID`): reference solutions that read a judge's input
//! text and write exactly the output the judge accepts (formats in README, "Judge problems").
//!
//! Each problem is a pure function from the whole input text to the whole output text; the
//! command line does the reading and writing. Inputs are read instance after instance until
//! the end of the text, so a file of concatenated instances works too. Malformed input is an
//! [`Error::Input`] naming the instance and the token.

pub mod tokens;

use crate::error::{Error, Result};

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
    let mut list = Vec::new();
    list.extend(crate::games::problems());
    list.extend(crate::graph::problems());
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
