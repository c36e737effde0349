//! Coin on a cycle (docs/theory.md#cycle-coin; Luogu P1288): a cycle of edges carrying non-negative values,
//! at least one of them 0, and a coin on a vertex. A move picks an edge next to the coin
//! with a non-zero value, lowers it to any smaller value (0 allowed) and moves the coin
//! across it. The player who cannot move loses.
//!
//! Theorem: the mover wins iff, walking from the coin in either direction, the number of
//! non-zero edges before the first zero edge is odd in at least one direction. (Walking in
//! a direction with an odd run, lower the first edge to 0 behind you: the opponent now faces
//! an even run ahead and a zero behind; the tests check the rule by exhaustive search.)

use crate::problems::tokens::Tokens;
use crate::problems::Problem;
use sprague_core::error::Result;

/// True when the player to move wins; `values[0]` is the edge after the coin and
/// `values[n-1]` the edge before it. `None` when no edge is 0 (outside the theorem).
pub fn mover_wins(values: &[u64]) -> Option<bool> {
    let forward = values.iter().position(|&v| v == 0)?;
    let backward = values.iter().rev().position(|&v| v == 0)?;
    Some(forward % 2 == 1 || backward % 2 == 1)
}

fn solve_p1288(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P1288", input);
    while !t.at_end() {
        t.next_instance();
        let n = t.count("N (number of edges)", 10_000_000)?;
        if n == 0 {
            return Err(t.error("N must be at least 1"));
        }
        let mut values = Vec::new();
        for i in 1..=n {
            t.expect_item(i, n, "N (number of edges)")?;
            values.push(t.uint::<u64>("edge value")?);
        }
        match mover_wins(&values) {
            Some(w) => out.push_str(if w { "YES\n" } else { "NO\n" }),
            None => return Err(t.error("no edge value is 0; the problem guarantees at least one")),
        }
    }
    Ok(())
}

/// `sprague problem P1288`.
pub const PROBLEM_P1288: Problem = Problem {
    id: "P1288",
    title: "Luogu P1288 coin on a cycle: YES if the first player wins",
    solve: solve_p1288,
};

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::impartial::{GrundySolver, Impartial};
    use sprague_core::value::Outcome;

    /// Position: edge values and the coin's vertex; vertex p lies between edge p−1 and edge p.
    struct Brute;

    impl Impartial for Brute {
        type Position = (Vec<u8>, usize);
        fn options(&self, (vals, p): &(Vec<u8>, usize), out: &mut Vec<(Vec<u8>, usize)>) {
            let n = vals.len();
            let (p, prev) = (*p, (*p + n - 1) % n);
            for (edge, to) in [(p, (p + 1) % n), (prev, prev)] {
                for smaller in 0..vals[edge] {
                    let mut v = vals.clone();
                    v[edge] = smaller;
                    out.push((v, to));
                }
            }
        }
    }

    #[test]
    fn rule_agrees_with_exhaustive_search_on_small_cycles() {
        let mut s = GrundySolver::new(Brute);
        for n in 1..=5usize {
            for code in 0..4usize.pow(n as u32) {
                let vals: Vec<u8> = (0..n)
                    .map(|i| (code / 4usize.pow(i as u32) % 4) as u8)
                    .collect();
                let Some(rule) = mover_wins(&vals.iter().map(|&v| v as u64).collect::<Vec<_>>())
                else {
                    assert!(vals.iter().all(|&v| v > 0));
                    continue;
                };
                let wins = s.outcome(&(vals.clone(), 0)).unwrap() == Outcome::First;
                assert_eq!(rule, wins, "{vals:?}");
            }
        }
    }

    #[test]
    fn judge_samples_and_errors() {
        let mut out = String::new();
        solve_p1288("4\n2 5 3 0\n", &mut out).unwrap();
        assert_eq!(out, "YES\n");
        out.clear();
        solve_p1288("3\n0 0 0\n4\n2 5 3 0\n", &mut out).unwrap();
        assert_eq!(out, "NO\nYES\n");
        let e = solve_p1288("2\n1 1\n", &mut out).unwrap_err().to_string();
        assert!(e.contains("0"), "{e}");
        let e = solve_p1288("2\n1 x\n", &mut out).unwrap_err().to_string();
        assert!(e.contains("`x`"), "{e}");
    }
}
