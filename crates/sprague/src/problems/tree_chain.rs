//! The tree chain game as a judge problem (nowcoder 204 H): the rules and the parity
//! theorem are `sprague_games::graph::tree_chain`.

use crate::problems::tokens::Tokens;
use crate::problems::Problem;
use sprague_core::error::Result;
use sprague_games::graph::tree_chain::TreeChain;

fn solve_tree_chain(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("tree-chain", input);
    while !t.at_end() {
        t.next_instance();
        let n = t.count("n", 10_000_000)?;
        if n == 0 {
            return Err(t.error("n must be at least 1"));
        }
        let mut black = Vec::new();
        for i in 1..=n {
            t.expect_item(i, n, "n (colours)")?;
            let w: u8 = t.uint("colour (0 or 1)")?;
            if w > 1 {
                return Err(t.error(format!("colour `{w}` must be 0 (white) or 1 (black)")));
            }
            black.push(w == 1);
        }
        let mut edges = Vec::new();
        for i in 1..n {
            t.expect_item(i, n - 1, "n - 1 (edges)")?;
            let u: u32 = t.uint("vertex")?;
            let v: u32 = t.uint("vertex")?;
            for x in [u, v] {
                if x == 0 || x as usize > n {
                    return Err(t.error(format!("vertex `{x}` is not in 1..{n}")));
                }
            }
            edges.push((u - 1, v - 1));
        }
        let tree = TreeChain::new(n, &edges, 0, black).map_err(|e| t.error(e))?;
        out.push_str(if tree.first_wins() {
            "First\n"
        } else {
            "Second\n"
        });
    }
    Ok(())
}

/// `sprague problem tree-chain`.
pub const PROBLEM_TREE_CHAIN: Problem = Problem {
    id: "tree-chain",
    title: "tree chain game (nowcoder 204 H): First or Second",
    solve: solve_tree_chain,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_sample_and_errors() {
        let mut out = String::new();
        solve_tree_chain("2\n1 0\n1 2\n", &mut out).unwrap();
        assert_eq!(out, "First\n");
        out.clear();
        solve_tree_chain("3\n0 1 1\n1 2\n1 3\n2\n1 1\n1 2\n", &mut out).unwrap();
        assert_eq!(out, "Second\nFirst\n");
        let e = solve_tree_chain("3\n0 1 1\n1 2\n1 2\n", &mut out)
            .unwrap_err()
            .to_string();
        assert!(e.contains("not a tree"), "{e}");
        let e = solve_tree_chain("2\n0 2\n1 2\n", &mut out)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`2`"), "{e}");
    }
}
