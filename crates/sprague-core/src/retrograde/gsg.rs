//! The generalized Sprague–Grundy function γ of a loopy impartial game (Smith 1966;
//! Fraenkel and Yesha 1986), which decides sums of tokens on a graph with cycles.
//!
//! γ(v) is either a finite nimber or ∞(K), where K is the set of finite values of v's
//! successors. Sums: when every component is finite the sum is a second-player win iff the
//! XOR is 0 (first-player win otherwise); when exactly one component is ∞(K), the first
//! player wins iff the XOR of the other components is in K (he moves that component to that
//! value), else the game is a draw; with two or more ∞ components the game is a draw.
//!
//! Computed by the iterative labelling algorithm of Fraenkel and Yesha (as presented in
//! A. S. Fraenkel, "Scenic trails ascending from sea-level Nim to alpine chess", 1996):
//! for m = 0, 1, 2, … (1) as long as some unlabelled vertex u has no successor labelled m
//! and every successor of u that is unlabelled or labelled ∞ has a successor labelled m,
//! label u with m; (2) label ∞ every unlabelled vertex without a successor labelled m.
//! Step (1) is a queue-driven fixpoint here (counters of "unsatisfied" successors, as in a
//! retrograde analysis), so each round costs O(vertices + arcs) and nothing recurses.

use crate::error::Result;
use crate::limits::Limits;
use crate::retrograde::{Csr, Unwatched, Watch, Watched};
use crate::value::Outcome;

const UNLABELLED: u32 = u32::MAX - 1;
const INFINITE: u32 = u32::MAX;

/// A value of the generalized Sprague–Grundy function.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A finite nimber.
    Finite(u32),
    /// ∞(K): K, sorted, is the set of finite values among the successors.
    Infinite(Vec<u32>),
}

impl Gamma {
    /// The finite value, if any.
    pub fn finite(&self) -> Option<u32> {
        match self {
            Gamma::Finite(g) => Some(*g),
            Gamma::Infinite(_) => None,
        }
    }
}

impl std::fmt::Display for Gamma {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Gamma::Finite(g) => write!(f, "{g}"),
            Gamma::Infinite(k) => {
                let k: Vec<String> = k.iter().map(|x| x.to_string()).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

/// The γ labels of every vertex of a graph (`u32::MAX` stands for ∞).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GsgLabels {
    labels: Vec<u32>,
}

impl GsgLabels {
    /// γ(v), with the set K of an infinite value.
    pub fn gamma(&self, graph: &Csr, v: u32) -> Gamma {
        match self.labels[v as usize] {
            INFINITE => {
                let mut k: Vec<u32> = graph
                    .successors(v)
                    .iter()
                    .map(|&w| self.labels[w as usize])
                    .filter(|&l| l != INFINITE)
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gamma::Infinite(k)
            }
            g => Gamma::Finite(g),
        }
    }

    /// The finite value of `v`, or `None` for ∞.
    pub fn finite(&self, v: u32) -> Option<u32> {
        let l = self.labels[v as usize];
        (l != INFINITE).then_some(l)
    }
}

/// Computes γ for every vertex of `graph`; `reverse` is its transpose.
pub fn labels(graph: &Csr, reverse: &Csr) -> GsgLabels {
    let Ok(l) = labels_watched(graph, reverse, &mut Unwatched);
    l
}

/// [`labels`] that honours the deadline, the cancellation flag and the progress callback
/// of `limits` ([`crate::error::Error::Timeout`], [`crate::error::Error::Interrupted`]);
/// the rounds make it quadratic on some graphs.
pub fn labels_with(graph: &Csr, reverse: &Csr, limits: &Limits) -> Result<GsgLabels> {
    labels_watched(graph, reverse, &mut Watched(limits, "vertex visits"))
}

fn labels_watched<W: Watch>(
    graph: &Csr,
    reverse: &Csr,
    watch: &mut W,
) -> std::result::Result<GsgLabels, W::E> {
    // Counts every vertex visited in every round, for the watch.
    let mut visits: u64 = 0;
    let n = graph.len();
    let mut label = vec![UNLABELLED; n];
    // has_m[v] == stamp: v has a successor labelled with the current m.
    let mut has_m = vec![0u32; n];
    let mut count = vec![0u32; n];
    let mut queue: Vec<u32> = Vec::new();
    let mut unlabelled: Vec<u32> = (0..n as u32).collect();
    let mut m: u32 = 0;
    while !unlabelled.is_empty() {
        let stamp = m + 1;
        queue.clear();
        // count[u]: successors of u that are unlabelled or ∞ and not yet known to have a
        // successor labelled m.
        for &u in &unlabelled {
            visits += 1;
            watch.tick(visits)?;
            let c = graph
                .successors(u)
                .iter()
                .filter(|&&w| label[w as usize] >= UNLABELLED)
                .count() as u32;
            count[u as usize] = c;
        }
        for &u in &unlabelled {
            if count[u as usize] == 0 {
                label[u as usize] = m;
                queue.push(u);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            visits += 1;
            watch.tick(visits)?;
            for &p in reverse.successors(v) {
                let pu = p as usize;
                if label[pu] < UNLABELLED || has_m[pu] == stamp {
                    continue;
                }
                has_m[pu] = stamp;
                for &q in reverse.successors(p) {
                    let qu = q as usize;
                    if label[qu] == UNLABELLED {
                        count[qu] -= 1;
                        if count[qu] == 0 && has_m[qu] != stamp {
                            label[qu] = m;
                            queue.push(q);
                        }
                    }
                }
            }
        }
        unlabelled.retain(|&u| {
            let uu = u as usize;
            if label[uu] != UNLABELLED {
                return false;
            }
            if has_m[uu] != stamp {
                label[uu] = INFINITE;
                return false;
            }
            true
        });
        m += 1;
    }
    Ok(GsgLabels { labels: label })
}

/// The outcome of a sum of components with the given γ values (see the module comment).
pub fn sum_outcome(values: &[Gamma]) -> Outcome {
    let mut xor = 0u32;
    let mut infinite: Option<&Vec<u32>> = None;
    for v in values {
        match v {
            Gamma::Finite(g) => xor ^= g,
            Gamma::Infinite(k) => {
                if infinite.is_some() {
                    return Outcome::Draw;
                }
                infinite = Some(k);
            }
        }
    }
    match infinite {
        None if xor == 0 => Outcome::Second,
        None => Outcome::First,
        Some(k) if k.binary_search(&xor).is_ok() => Outcome::First,
        Some(_) => Outcome::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::tests::{next, random_graph};
    use crate::retrograde::{solve, IndexedGame};

    /// The sum of `k` tokens on a graph as one game: position = tokens in base n.
    struct Product<'a> {
        g: &'a Csr,
        k: u32,
    }
    impl IndexedGame for Product<'_> {
        fn len(&self) -> usize {
            self.g.len().pow(self.k)
        }
        fn for_each_successor(&self, v: u32, f: &mut dyn FnMut(u32)) {
            let n = self.g.len() as u32;
            let mut place = 1u32;
            for _ in 0..self.k {
                let t = (v / place) % n;
                for &w in self.g.successors(t) {
                    f(v - t * place + w * place);
                }
                place *= n;
            }
        }
    }

    #[test]
    fn single_token_gamma_agrees_with_retrograde() {
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        for t in 0..300 {
            let n = 1 + t % 10;
            let m = (next(&mut seed) % (2 * n as u64 + 2)) as usize;
            let g = random_graph(&mut seed, n, m);
            let gs = labels(&g, &g.transpose());
            let r = solve(&g);
            for v in 0..n as u32 {
                let gamma = gs.gamma(&g, v);
                assert_eq!(sum_outcome(&[gamma]), r.outcome(v), "{g:?} v={v}");
            }
        }
    }

    #[test]
    fn loopy_sums_agree_with_brute_force_on_the_product_graph() {
        let mut seed = 0xDEAD_BEEF_0BAD_F00Du64;
        let mut kinds = [0usize; 3];
        for t in 0..400 {
            let n = 1 + t % 6;
            let m = (next(&mut seed) % (2 * n as u64 + 2)) as usize;
            let g = random_graph(&mut seed, n, m);
            let gs = labels(&g, &g.transpose());
            let k = if t % 3 == 0 { 3 } else { 2 };
            let p = Product { g: &g, k };
            let r = solve(&p);
            for pos in 0..p.len() as u32 {
                let mut vals = Vec::new();
                let mut x = pos;
                for _ in 0..k {
                    vals.push(gs.gamma(&g, x % n as u32));
                    x /= n as u32;
                }
                let o = sum_outcome(&vals);
                kinds[o as usize] += 1;
                assert_eq!(o, r.outcome(pos), "graph {g:?}, tokens {vals:?}");
            }
        }
        assert!(kinds.iter().all(|&c| c > 100), "{kinds:?}");
    }

    #[test]
    fn acyclic_graphs_get_their_grundy_values() {
        // 0 -> 1 -> 2, 0 -> 2: g(2)=0, g(1)=1, g(0)=2.
        let g = Csr::from_arcs(3, [(0, 1), (1, 2), (0, 2)].into_iter());
        let gs = labels(&g, &g.transpose());
        assert_eq!(
            (0..3).map(|v| gs.finite(v)).collect::<Vec<_>>(),
            vec![Some(2), Some(1), Some(0)]
        );
    }

    #[test]
    fn a_loop_is_infinite_with_its_exits() {
        // 0 -> 0 and 0 -> 1 (terminal): γ(0) = ∞(0), a first-player win alone.
        let g = Csr::from_arcs(2, [(0, 0), (0, 1)].into_iter());
        let gs = labels(&g, &g.transpose());
        assert_eq!(gs.gamma(&g, 0), Gamma::Infinite(vec![0]));
        assert_eq!(gs.gamma(&g, 0).to_string(), "∞(0)");
        assert_eq!(sum_outcome(&[gs.gamma(&g, 0)]), Outcome::First);
        assert_eq!(
            sum_outcome(&[gs.gamma(&g, 0), Gamma::Finite(1)]),
            Outcome::Draw
        );
    }

    #[test]
    fn million_vertex_path_and_cycle() {
        let n = 1_000_000u32;
        let path = Csr::from_arcs(n as usize, (0..n - 1).map(|v| (v, v + 1)));
        let gs = labels(&path, &path.transpose());
        assert_eq!(gs.finite(0), Some(1));
        assert_eq!(gs.finite(n - 1), Some(0));
        let cycle = Csr::from_arcs(n as usize, (0..n).map(|v| (v, (v + 1) % n)));
        let gs = labels(&cycle, &cycle.transpose());
        assert_eq!(gs.gamma(&cycle, 5), Gamma::Infinite(vec![]));
    }
}
