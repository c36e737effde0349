//! The Jewel Game (Universal Cup / TTPC 2022 J) as the judge problem `jewel-game`: reading
//! instances. The rules and the layered retrograde solver are
//! `sprague_games::graph::jewel`.

use crate::problems::tokens::Tokens;
use crate::problems::Problem;
use sprague_core::error::Result;
use sprague_games::graph::jewel::{solve, Instance, MAX_JEWELS, MAX_STATES, MAX_WORTH};

/// The judge problem.
pub fn problem() -> Problem {
    Problem {
        id: "jewel-game",
        title: "Jewel Game (TTPC 2022 J): Alice's total minus Bob's under optimal play",
        solve: solve_problem,
    }
}

fn solve_problem(input: &str, out: &mut String) -> Result<()> {
    let mut t = Tokens::new("jewel-game", input);
    while !t.at_end() {
        t.next_instance();
        let inst = read_instance(&mut t)?;
        out.push_str(&solve(&inst).to_string());
        out.push('\n');
    }
    Ok(())
}

fn read_instance(t: &mut Tokens) -> Result<Instance> {
    let n = t.count("N (number of vertices)", 1 << 20)?;
    if n == 0 {
        return Err(t.error("N must be at least 1"));
    }
    let m = t.count_each("M (number of edges)", 1 << 24, 2)?;
    // Checked before anything is sized by N: each vertex needs an out-edge of its own.
    if m < n {
        return Err(t.error(format!(
            "M = {m} edges cannot give each of the N = {n} vertices an out-edge"
        )));
    }
    let vertex = |t: &mut Tokens, what: &str| -> Result<u32> {
        let w = t.word(what)?;
        match w.parse::<usize>() {
            Ok(v) if (1..=n).contains(&v) => Ok(v as u32 - 1),
            _ => Err(t.error(format!(
                "`{w}` is not a valid {what}: vertices are numbered 1 to {n}"
            ))),
        }
    };
    let alice = vertex(t, "A (Alice's start vertex)")?;
    let bob = vertex(t, "B (Bob's start vertex)")?;
    let mut edges = Vec::new();
    for i in 0..m {
        t.expect_item(i + 1, m, "M (number of edges)")?;
        let u = vertex(t, &format!("start of edge {}", i + 1))?;
        let v = vertex(t, &format!("end of edge {}", i + 1))?;
        edges.push((u, v));
    }
    let mut has_out = vec![false; n];
    for &(u, _) in &edges {
        has_out[u as usize] = true;
    }
    if let Some(v) = has_out.iter().position(|&h| !h) {
        return Err(t.error(format!(
            "vertex {} has no out-edge (every vertex needs one)",
            v + 1
        )));
    }
    // Not a count bounded by the input: K is checked against MAX_JEWELS at once.
    let k: usize = t.uint("K (number of jewels)")?;
    if k > MAX_JEWELS {
        return Err(t.error(format!(
            "K = {k} jewels: this solver accepts at most {MAX_JEWELS} (the judge's bound is 10)"
        )));
    }
    let states = (1u64 << k) * 2 * (n as u64) * (n as u64);
    if states > MAX_STATES {
        return Err(t.error(format!(
            "N = {n} and K = {k} need 2^K·2N² = {states} states, more than the {MAX_STATES} this solver accepts"
        )));
    }
    let mut jewels = Vec::new();
    for i in 0..k {
        t.expect_item(i + 1, k, "K (number of jewels)")?;
        let x = vertex(t, &format!("vertex of jewel {}", i + 1))?;
        let w: u64 = t.uint(&format!("worth of jewel {}", i + 1))?;
        if w > MAX_WORTH {
            return Err(t.error(format!(
                "worth {w} of jewel {} is larger than {MAX_WORTH}",
                i + 1
            )));
        }
        if jewels.iter().any(|&(y, _)| y == x) {
            return Err(t.error(format!("two jewels on vertex {} (jewel {})", x + 1, i + 1)));
        }
        jewels.push((x, w as i64));
    }
    Ok(Instance {
        n,
        edges,
        alice,
        bob,
        jewels,
    })
}

#[cfg(test)]
mod tests {
    const SAMPLE: &str = "5 16 1 1\n1 2\n1 3\n1 4\n1 5\n2 3\n2 4\n2 5\n3 2\n3 4\n3 5\n4 2\n4 3\n4 5\n5 2\n5 3\n5 4\n4\n2 4\n3 84\n4 38\n5 96\n";

    #[test]
    fn official_sample() {
        assert_eq!(crate::problems::run("jewel-game", SAMPLE).unwrap(), "46\n");
        let two = format!("{SAMPLE}{SAMPLE}");
        assert_eq!(
            crate::problems::run("jewel-game", &two).unwrap(),
            "46\n46\n"
        );
    }

    #[test]
    fn bad_input_is_named() {
        for (input, needle) in [
            ("2 2 1 1\n1 2\n1 1\n0\n", "vertex 2 has no out-edge"),
            (
                "2 1 1 1\n1 2\n0\n",
                "M = 1 edges cannot give each of the N = 2 vertices",
            ),
            ("2 2 1 1\n1 3\n2 1\n0\n", "`3` is not a valid end of edge 1"),
            ("1 1 1 1\n1 1\n21\n", "at most 20"),
            ("1 1 1 1\n1 1\n2\n1 5\n1 6\n", "two jewels on vertex 1"),
            ("1 1 1 1\n1 1\n1\n1 x\n", "worth of jewel 1"),
            ("1 1 1 1\n1 1\n", "input ended"),
            ("0 0 1 1\n", "N must be at least 1"),
        ] {
            let e = crate::problems::run("jewel-game", input)
                .unwrap_err()
                .to_string();
            assert!(e.contains(needle), "{input:?}: {e}");
        }
    }

    #[test]
    fn the_judge_reads_the_regression_instance() {
        // Vertices 1-based in the input: the instance where a depth-first shortcut fails.
        let input = "3 5 3 2\n1 2\n1 3\n2 3\n3 1\n3 3\n2\n3 16\n2 16\n";
        assert_eq!(crate::problems::run("jewel-game", input).unwrap(), "32\n");
    }
}
