//! Judge problems answered by `fibonacci_nim` (rules and theorem: `sprague_games::number::fibonacci_nim`).

use crate::problems::{tokens::Tokens, Problem};
use num_bigint::BigUint;
use sprague_core::error::Result;
use sprague_games::number::fibonacci_nim::*;

fn solve_p6487(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P6487", input);
    let fib = fibonacci_u64();
    while !t.at_end() {
        t.next_instance();
        let n = t.big("n")?;
        if n == BigUint::ZERO {
            return Err(t.error("n must be positive (a heap of 0 has no first move)"));
        }
        match u64::try_from(&n) {
            Ok(small) => out.push_str(&smallest_term_u64(small, &fib).to_string()),
            Err(_) => out.push_str(&least_winning_move(&n).to_string()),
        }
        out.push('\n');
    }
    Ok(())
}

/// Luogu P6487 (COCI HRPA): the least winning first move of Fibonacci Nim.
pub const PROBLEM_P6487: Problem = Problem {
    id: "P6487",
    title: "Luogu P6487 HRPA: the least winning first move of Fibonacci Nim",
    solve: solve_p6487,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_samples() {
        let mut out = String::new();
        solve_p6487("4\n7\n8\n", &mut out).unwrap();
        assert_eq!(out, "1\n2\n8\n");
        let mut out = String::new();
        solve_p6487("1000000000000000\n", &mut out).unwrap();
        // 10^15 = … + its smallest Zeckendorf term; check against the u64 greedy.
        let mut fib = vec![1u64, 2];
        while *fib.last().unwrap() <= 1_000_000_000_000_000 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        let mut r = 1_000_000_000_000_000u64;
        let mut last = 0;
        for &x in fib.iter().rev() {
            if x <= r {
                r -= x;
                last = x;
            }
        }
        assert_eq!(out, format!("{last}\n"));
        let err = solve_p6487("4 0", &mut String::new())
            .unwrap_err()
            .to_string();
        assert!(err.contains("instance 2"), "{err}");
        assert!(solve_p6487("4 -1", &mut String::new()).is_err());
    }
}
