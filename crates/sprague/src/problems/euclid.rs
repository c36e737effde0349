//! Judge problems answered by `euclid` (rules and theorem: `sprague_games::number::euclid`).

use crate::problems::{tokens::Tokens, Problem};
use num_bigint::BigUint;
use sprague_core::error::Result;
use sprague_games::number::euclid::*;

fn solve_p1290(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P1290", input);
    while !t.at_end() {
        t.next_instance();
        // Each game is two numbers, M and N.
        let c = t.count_each("number of games C", 100_000_000, 2)?;
        for i in 1..=c {
            t.expect_item(i, c, "number of games C")?;
            let m = t.big("M")?;
            let n = t.big("N")?;
            if m == BigUint::ZERO || n == BigUint::ZERO {
                return Err(t.error("M and N must be positive"));
            }
            out.push_str(if mover_wins(&m, &n) {
                "Stan wins\n"
            } else {
                "Ollie wins\n"
            });
        }
    }
    Ok(())
}

/// Luogu P1290: Euclid's game; Stan moves first.
pub const PROBLEM_P1290: Problem = Problem {
    id: "P1290",
    title: "Luogu P1290 Euclid's game (Stan moves first)",
    solve: solve_p1290,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_sample() {
        let mut out = String::new();
        solve_p1290("2\n25 7\n24 15\n", &mut out).unwrap();
        assert_eq!(out, "Stan wins\nOllie wins\n");
    }
}
