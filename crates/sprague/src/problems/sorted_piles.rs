//! Judge problems answered by `sorted_piles` (rules and theorem: `sprague_games::number::sorted_piles`).

use crate::problems::{tokens::Tokens, Problem};
use sprague_core::error::Result;
use std::cmp::Ordering;

/// Compares two decimal digit strings (no sign) by value.
fn cmp_decimal(a: &str, b: &str) -> Ordering {
    let a = a.trim_start_matches('0');
    let b = b.trim_start_matches('0');
    a.len().cmp(&b.len()).then_with(|| a.cmp(b))
}

fn solve_p4702(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P4702", input);
    while !t.at_end() {
        t.next_instance();
        let n = t.count("number of piles n", usize::MAX)?;
        let mut odd = false;
        let mut prev: &str = "0";
        for i in 1..=n {
            t.expect_item(i, n, "number of piles n")?;
            let w = t.word("a pile size")?;
            let d = w.strip_prefix('+').unwrap_or(w);
            if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
                return Err(t.error(format!(
                    "pile {i}: `{w}` is not a valid pile size (expected a non-negative integer)"
                )));
            }
            if cmp_decimal(d, prev) == Ordering::Less {
                return Err(t.error(format!(
                    "pile {i}: `{w}` is smaller than the pile before it ({prev}); the piles must be non-decreasing"
                )));
            }
            odd ^= (d.as_bytes()[d.len() - 1] - b'0') % 2 == 1;
            prev = d;
        }
        out.push_str(if odd { "Alice\n" } else { "Bob\n" });
    }
    Ok(())
}

/// Luogu P4702: sorted piles, Alice moves first.
pub const PROBLEM_P4702: Problem = Problem {
    id: "P4702",
    title: "Luogu P4702 sorted piles (Alice moves first)",
    solve: solve_p4702,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_p4702() {
        let run = |s: &str| {
            let mut out = String::new();
            solve_p4702(s, &mut out).map(|_| out)
        };
        assert_eq!(run("1\n1\n").unwrap(), "Alice\n");
        assert_eq!(run("1\n2\n").unwrap(), "Bob\n");
        assert_eq!(
            run("1 1\n1 2\n3 1 2 100000000000000000000000\n").unwrap(),
            "Alice\nBob\nAlice\n"
        );
        let err = run("1 1\n2 5 3").unwrap_err().to_string();
        assert!(err.contains("instance 2") && err.contains("`3`"), "{err}");
        let err = run("2 1 x").unwrap_err().to_string();
        assert!(err.contains("`x`"), "{err}");
        assert!(run("2 1").is_err());
        assert_eq!(run("0\n").unwrap(), "Bob\n");
    }
}
