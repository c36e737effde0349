//! Judge problems answered by `wythoff` (rules and theorem: `sprague_games::number::wythoff`).

use crate::problems::{tokens::Tokens, Problem};
use sprague_core::error::Result;
use sprague_games::number::wythoff::*;

fn solve_p2252(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("P2252", input);
    while !t.at_end() {
        t.next_instance();
        let a = t.big("a")?;
        let b = t.big("b")?;
        let p = match (u64::try_from(&a), u64::try_from(&b)) {
            (Ok(x), Ok(y)) => is_p_position_u64(x, y),
            _ => is_p_position(&a, &b),
        };
        out.push_str(if p { "0\n" } else { "1\n" });
    }
    Ok(())
}

/// Luogu P2252: Wythoff's game, one `a b` pair per line.
pub const PROBLEM_P2252: Problem = Problem {
    id: "P2252",
    title: "Luogu P2252 Wythoff's game (1 if the first player wins, else 0)",
    solve: solve_p2252,
};

#[cfg(test)]
mod tests {
    use super::*;

    use num_bigint::BigUint;

    fn big(n: u64) -> BigUint {
        BigUint::from(n)
    }

    #[test]
    fn floating_point_trap_pair() {
        let (a, b) = (big(165_580_140), big(267_914_295));
        assert!(is_p_position(&a, &b));
        assert!(winning_moves(&a, &b).is_empty());
        assert!(!is_p_position(&a, &(&b + 1u32)));
        let mut out = String::new();
        solve_p2252("165580140 267914295\n8 4\n", &mut out).unwrap();
        assert_eq!(out, "0\n1\n");
    }

    #[test]
    fn judge_reads_until_end_and_names_bad_tokens() {
        let mut out = String::new();
        solve_p2252("8 4\n0 0\n1 2\n3 5\n3 4\n", &mut out).unwrap();
        assert_eq!(out, "1\n0\n0\n0\n1\n");
        let err = solve_p2252("8 4\n1 x\n", &mut String::new())
            .unwrap_err()
            .to_string();
        assert!(err.contains("instance 2") && err.contains("`x`"), "{err}");
        assert!(solve_p2252("8\n", &mut String::new()).is_err());
    }
}
