//! Judge problems answered by `prime_power` (rules and theorem: `sprague_games::number::prime_power`).

use crate::problems::{tokens::Tokens, Problem};
use sprague_core::error::Result;
use sprague_games::number::prime_power::*;

fn solve_p4018(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P4018", input);
    while !t.at_end() {
        t.next_instance();
        let count = t.count("number of games T", usize::MAX)?;
        // `count` is checked against the input's length: at most one line per number read.
        out.reserve(count.saturating_mul(14));
        for q in 1..=count {
            t.expect_item(q, count, "number of games T")?;
            let w = t.word("n")?;
            let digits = w.strip_prefix('+').unwrap_or(w).as_bytes();
            match decimal_mod6(digits) {
                Some(0) => out.push_str("Roy wins!\n"),
                Some(_) => out.push_str("October wins!\n"),
                None => {
                    return Err(t.error(format!(
                        "game {q}: `{w}` is not a valid n (expected a non-negative integer)"
                    )))
                }
            }
        }
    }
    Ok(())
}

/// Luogu P4018: prime-power subtraction, October moves first.
pub const PROBLEM_P4018: Problem = Problem {
    id: "P4018",
    title: "Luogu P4018 Roy&October: take a prime power (October moves first)",
    solve: solve_p4018,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_p4018() {
        let mut out = String::new();
        solve_p4018("4\n3\n4\n9\n14\n", &mut out).unwrap();
        assert_eq!(out, "October wins!\n".repeat(4));
        let mut out = String::new();
        solve_p4018(
            "2 6 600000000000000000000000000000000000001\n1 12",
            &mut out,
        )
        .unwrap();
        assert_eq!(out, "Roy wins!\nOctober wins!\nRoy wins!\n");
        for (bad, token) in [
            ("2 6 x", "`x`"),
            ("3 1 2", "T `3` claims more than the input holds"),
            ("3 10 20", "T is 3 but the input ends after 2"),
            ("1 -5", "`-5`"),
        ] {
            let mut out = String::new();
            let err = solve_p4018(bad, &mut out).unwrap_err().to_string();
            assert!(err.contains(token) && err.contains("instance 1"), "{err}");
        }
        let err = solve_p4018("1 6 1 7e", &mut String::new())
            .unwrap_err()
            .to_string();
        assert!(err.contains("instance 2") && err.contains("`7e`"), "{err}");
    }
}
