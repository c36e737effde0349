//! Judge problems on Nim and misère Nim: Luogu P2197 and P4279. Heap sizes may
//! have any length; they are combined by XOR as integers of any length.

use crate::problems::{tokens::Tokens, Problem};
use num_bigint::BigUint;
use sprague_core::error::Result;

/// Reads one case (`n`, then n heap sizes): the XOR of the heaps and whether a heap > 1.
fn read_case(t: &mut Tokens<'_>, case: usize, what: &str) -> Result<(bool, bool)> {
    let n = t.count(what, usize::MAX)?;
    let mut x = BigUint::ZERO;
    let mut big = false;
    for i in 1..=n {
        t.expect_item(i, n, what)?;
        let w = t.word("a heap size")?;
        let h = sprague_games::number::words::parse_uint_token(w).ok_or_else(|| {
            t.error(format!(
                "case {case}, heap {i}: `{w}` is not a valid heap size (expected a non-negative integer)"
            ))
        })?;
        big |= h > BigUint::from(1u32);
        x ^= h;
    }
    Ok((x != BigUint::ZERO, big))
}

fn solve_p2197(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P2197", input);
    while !t.at_end() {
        t.next_instance();
        let cases = t.count("number of cases T", usize::MAX)?;
        for case in 1..=cases {
            t.expect_item(case, cases, "number of cases T")?;
            let (nonzero, _) = read_case(&mut t, case, "number of heaps n")?;
            out.push_str(if nonzero { "Yes\n" } else { "No\n" });
        }
    }
    Ok(())
}

/// The misère Nim rule (Bouton): the mover wins iff (XOR ≠ 0 and some heap > 1) or
/// (XOR = 0 and no heap > 1). "No heap > 1", not "every heap = 1": heaps of 0 are allowed.
pub fn misere_nim_first_wins(xor_nonzero: bool, some_heap_above_one: bool) -> bool {
    if some_heap_above_one {
        xor_nonzero
    } else {
        !xor_nonzero
    }
}

fn solve_p4279(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P4279", input);
    while !t.at_end() {
        t.next_instance();
        let cases = t.count("number of cases T", usize::MAX)?;
        for case in 1..=cases {
            t.expect_item(case, cases, "number of cases T")?;
            let (nonzero, big) = read_case(&mut t, case, "number of heaps N")?;
            out.push_str(if misere_nim_first_wins(nonzero, big) {
                "John\n"
            } else {
                "Brother\n"
            });
        }
    }
    Ok(())
}

/// Luogu P2197: Nim.
pub const PROBLEM_P2197: Problem = Problem {
    id: "P2197",
    title: "Luogu P2197 Nim (Yes if the first player wins)",
    solve: solve_p2197,
};

/// Luogu P4279: anti-Nim (misère Nim), John moves first.
pub const PROBLEM_P4279: Problem = Problem {
    id: "P4279",
    title: "Luogu P4279 anti-Nim (misère Nim; John moves first)",
    solve: solve_p4279,
};

#[cfg(test)]
mod tests {
    use super::*;
    use sprague_core::impartial::{Impartial, MisereSolver};
    use sprague_core::limits::Limits;

    fn run(f: fn(&str, &mut String) -> Result<()>, s: &str) -> Result<String> {
        let mut out = String::new();
        f(s, &mut out).map(|_| out)
    }

    #[test]
    fn samples() {
        assert_eq!(
            run(solve_p2197, "2\n2\n1 1\n2\n1 0\n").unwrap(),
            "No\nYes\n"
        );
        assert_eq!(
            run(solve_p4279, "2\n3\n3 5 1\n1\n1\n").unwrap(),
            "John\nBrother\n"
        );
        // Concatenated instances and huge heaps.
        assert_eq!(
            run(
                solve_p2197,
                "1 2 1 1\n1 2 100000000000000000000001 100000000000000000000000"
            )
            .unwrap(),
            "No\nYes\n"
        );
    }

    #[test]
    fn anti_nim_with_empty_heaps() {
        // Heaps 0 and 1: no heap > 1 and XOR = 1, so the mover loses (takes the last stone).
        assert_eq!(run(solve_p4279, "1 2 0 1").unwrap(), "Brother\n");
        // Heaps 0 and 0: the mover cannot move and wins under misère play.
        assert_eq!(run(solve_p4279, "1 2 0 0").unwrap(), "John\n");
        assert_eq!(run(solve_p4279, "1 3 0 1 1").unwrap(), "John\n");
    }

    struct Heap;
    impl Impartial for Heap {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(0..n);
        }
    }

    #[test]
    fn anti_nim_rule_agrees_with_exact_search() {
        let mut s = MisereSolver::new(Heap, Limits::default());
        for a in 0..5u64 {
            for b in 0..5u64 {
                for c in 0..4u64 {
                    let input = format!("1 3 {a} {b} {c}");
                    let want = if s.first_player_wins(&[a, b, c]).unwrap() {
                        "John\n"
                    } else {
                        "Brother\n"
                    };
                    assert_eq!(run(solve_p4279, &input).unwrap(), want, "{input}");
                }
            }
        }
    }

    #[test]
    fn malformed_inputs_name_instance_and_token() {
        let err = run(solve_p2197, "1 2 1 y").unwrap_err().to_string();
        assert!(err.contains("`y`") && err.contains("instance 1"), "{err}");
        let err = run(solve_p4279, "1 1 1\n1 2 3").unwrap_err().to_string();
        assert!(
            err.contains("instance 2") && err.contains("N `2` claims more than the input holds"),
            "{err}"
        );
        let err = run(solve_p4279, "1 x").unwrap_err().to_string();
        assert!(err.contains("`x`"), "{err}");
    }
}
