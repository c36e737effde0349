//! The checks behind the graph entries that claim a theorem (their entries'
//! `Solution::Theorem`): Green Hackenbush's fusion and colon principles, geography's
//! matching rule and the tree chain game's parity rule, each against the engine's search of
//! the rules in [`super::engine`] on every small graph, and on seeded random ones a little
//! larger. The tests of each theorem call the same comparisons on more graphs.

use super::engine::{GeographyRules, HackenbushRules, TreeChainRules};
use super::geography::Geography;
use super::hackenbush::Hackenbush;
use super::tree_chain::TreeChain;
use crate::impartial::GrundySolver;
use crate::test_rng::xorshift;
use crate::value::Outcome;
use num_bigint::BigUint;

/// Green Hackenbush is checked on every multigraph (loops included) on 3 vertices with up
/// to this many edges...
const HACKENBUSH_TRIANGLE_EDGES: usize = 5;
/// ...and on this many random multigraphs on up to 5 vertices with up to 9 edges.
const HACKENBUSH_RANDOM_GRAPHS: usize = 100;
/// Geography is checked from every start on every graph with up to this many vertices (its
/// tests go one vertex further)...
const GEOGRAPHY_EVERY_GRAPH_VERTICES: u32 = 4;
/// ...and on this many random graphs on up to 10 vertices, every other one bipartite.
const GEOGRAPHY_RANDOM_GRAPHS: usize = 100;
/// The tree chain game is checked on every colouring of every rooted tree with up to this
/// many vertices.
pub(crate) const TREE_CHAIN_VERTICES: usize = 6;

/// A deterministic stream of numbers below the bound asked for, so that the random graphs
/// are the same on every run.
fn numbers_below(seed: u64) -> impl FnMut(u64) -> u32 {
    let mut next = xorshift(seed);
    move |k| (next() % k) as u32
}

/// The check of `green-hackenbush`.
pub(crate) fn check_green_hackenbush() -> Result<u64, String> {
    green_hackenbush_against_search(HACKENBUSH_RANDOM_GRAPHS)
}

/// The check of `geography`.
pub(crate) fn check_geography() -> Result<u64, String> {
    geography_against_search(GEOGRAPHY_EVERY_GRAPH_VERTICES, GEOGRAPHY_RANDOM_GRAPHS)
}

/// The check of `tree-chain`.
pub(crate) fn check_tree_chain() -> Result<u64, String> {
    tree_chain_against_search(TREE_CHAIN_VERTICES)
}

/// Green Hackenbush's analysis against the engine on [`small_hackenbush_graphs`].
fn green_hackenbush_against_search(random_graphs: usize) -> Result<u64, String> {
    let mut compared = 0;
    for (n, edges, ground) in small_hackenbush_graphs(random_graphs) {
        compared += hackenbush_against_search(n, &edges, ground)?;
    }
    Ok(compared)
}

/// A Green Hackenbush picture: the vertices `0..n`, the edges and the ground.
pub(crate) type Picture = (usize, Vec<(u32, u32)>, u32);

/// Every multigraph on 3 vertices (loops included) with up to
/// [`HACKENBUSH_TRIANGLE_EDGES`] edges, grounded at 0, and `random_graphs` seeded random
/// multigraphs on 2 to 5 vertices with 1 to 9 edges, grounded anywhere.
pub(crate) fn small_hackenbush_graphs(random_graphs: usize) -> Vec<Picture> {
    let pairs: Vec<(u32, u32)> = (0..3u32)
        .flat_map(|u| (u..3).map(move |v| (u, v)))
        .collect();
    let mut out = Vec::new();
    for m in 0..=HACKENBUSH_TRIANGLE_EDGES {
        for code in 0..pairs.len().pow(m as u32) {
            let mut c = code;
            let mut edges = Vec::new();
            for _ in 0..m {
                edges.push(pairs[c % pairs.len()]);
                c /= pairs.len();
            }
            // Each multiset of edges once.
            if edges.windows(2).all(|w| w[0] <= w[1]) {
                out.push((3, edges, 0));
            }
        }
    }
    let mut below = numbers_below(0x2545_f491_4f6c_dd1d);
    for _ in 0..random_graphs {
        let n = 2 + below(4) as usize;
        let m = 1 + below(9) as usize;
        let edges: Vec<(u32, u32)> = (0..m).map(|_| (below(n as u64), below(n as u64))).collect();
        let ground = below(n as u64);
        out.push((n, edges, ground));
    }
    out
}

/// Green Hackenbush on one graph: the value, the winning cuts and the value after every
/// cut, as the analysis gives them, against the engine's search of whole positions.
/// Returns the comparisons made, or the first disagreement.
pub(crate) fn hackenbush_against_search(
    n: usize,
    edges: &[(u32, u32)],
    ground: u32,
) -> Result<u64, String> {
    let h = Hackenbush {
        names: (0..n).map(|v| v.to_string()).collect(),
        edges: edges.to_vec(),
        ground,
    };
    let what = |claim: String| format!("edges {edges:?} ground {ground}: {claim}");
    let (rules, full) = HackenbushRules::new(&h).map_err(|e| what(e.to_string()))?;
    let mut search = GrundySolver::new(&rules);
    let mut searched = |p: &Vec<u64>| {
        search
            .grundy(p)
            .map(|v| v.value())
            .map_err(|e| what(format!("search failed: {e}")))
    };
    let analysis = h.analyse();
    let value = searched(&full)?;
    if analysis.value != value {
        return Err(what(format!(
            "value {} by the principles, {value} by search",
            analysis.value
        )));
    }
    if !analysis.complete {
        return Err(what("not every cut was tested".into()));
    }
    let mut winning = Vec::new();
    for id in rules.edges_of(&full) {
        if searched(&rules.cut(&full, id))? == 0 {
            winning.push(id);
        }
    }
    if analysis.winning != winning {
        return Err(what(format!(
            "winning cuts {:?} by the principles, {winning:?} by search",
            analysis.winning
        )));
    }
    let after_cuts = h.values_after_cuts().map_err(|e| what(e.to_string()))?;
    for &(id, claimed) in &after_cuts {
        let value = searched(&rules.cut(&full, id))?;
        if claimed != value {
            return Err(what(format!(
                "after cutting edge {id}: value {claimed} by the principles, {value} by search"
            )));
        }
    }
    Ok(2 + after_cuts.len() as u64)
}

/// Geography's matching rule against the engine from every start of every graph of
/// [`small_geography_graphs`].
fn geography_against_search(
    every_graph_vertices: u32,
    random_graphs: usize,
) -> Result<u64, String> {
    let mut compared = 0;
    for (n, edges) in small_geography_graphs(every_graph_vertices, random_graphs) {
        compared += geography_from_every_start(n, &edges)?;
    }
    Ok(compared)
}

/// Every simple graph on up to `every_graph_vertices` vertices, two graphs
/// with blossoms (odd cycles with tails), and `random_graphs` seeded random multigraphs on
/// up to 10 vertices, every other one bipartite (so that both matching algorithms, and the
/// blossoms of Edmonds', are met).
pub(crate) fn small_geography_graphs(
    every_graph_vertices: u32,
    random_graphs: usize,
) -> Vec<(usize, Vec<(u32, u32)>)> {
    let mut out = Vec::new();
    for n in 1..=every_graph_vertices {
        let pairs: Vec<(u32, u32)> = (0..n)
            .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
            .collect();
        for mask in 0u32..1 << pairs.len() {
            let edges = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            out.push((n as usize, edges));
        }
    }
    out.push((5, vec![(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]));
    out.push((
        7,
        vec![
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 0),
            (0, 5),
            (5, 6),
            (2, 6),
        ],
    ));
    let mut below = numbers_below(0x9e37_79b9_7f4a_7c15);
    for round in 0..random_graphs {
        let n = 1 + below(10) as usize;
        let m = below(2 * n as u64 + 2) as usize;
        let bipartite = round % 2 == 0;
        let mut edges = Vec::new();
        for _ in 0..m {
            let u = below(n as u64);
            let v = below(n as u64);
            // Edges between the even and the odd vertices only: a bipartite graph.
            if bipartite && u % 2 == v % 2 {
                continue;
            }
            edges.push((u, v));
        }
        out.push((n, edges));
    }
    out
}

/// Geography on one graph, from every start: who wins and the winning moves by the
/// matching rule, against the engine's search of the token and the visited vertices.
/// Returns the comparisons made, or the first disagreement.
pub(crate) fn geography_from_every_start(n: usize, edges: &[(u32, u32)]) -> Result<u64, String> {
    let geo = Geography::new(n, edges);
    for start in 0..n as u32 {
        let what = |claim: String| format!("edges {edges:?} start {start}: {claim}");
        let (rules, position) =
            GeographyRules::new(&geo, start).map_err(|e| what(e.to_string()))?;
        let mut search = GrundySolver::new(&rules);
        let analysis = geo.analyse(start);
        let wins = search
            .outcome(&position)
            .map_err(|e| what(format!("search failed: {e}")))?
            == Outcome::First;
        if analysis.first_wins != wins {
            return Err(what(format!(
                "the first player {} by the matching rule, {} by search",
                wins_word(analysis.first_wins),
                wins_word(wins)
            )));
        }
        let mut searched: Vec<u32> = search
            .winning_moves(&position)
            .map_err(|e| what(format!("search failed: {e}")))?
            .iter()
            .map(|p| rules.token(p))
            .collect();
        searched.sort_unstable();
        let mut claimed = analysis.winning.clone();
        claimed.sort_unstable();
        if claimed != searched {
            return Err(what(format!(
                "winning moves to {claimed:?} by the matching rule, to {searched:?} by search"
            )));
        }
    }
    Ok(2 * n as u64)
}

fn wins_word(wins: bool) -> &'static str {
    if wins {
        "wins"
    } else {
        "loses"
    }
}

/// The tree chain game's parity rule against the engine on every colouring of every rooted
/// tree on up to `max_vertices` vertices (each given by a parent array, parent[v] < v):
/// who wins, the Grundy value and the winning moves. Returns the comparisons made, or the
/// first disagreement.
pub(crate) fn tree_chain_against_search(max_vertices: usize) -> Result<u64, String> {
    let mut compared = 0;
    for n in 1..=max_vertices {
        let trees: usize = (1..n).product();
        for code in 0..trees {
            let mut c = code;
            let mut parent = vec![0u32; n];
            for (v, p) in parent.iter_mut().enumerate().skip(1) {
                *p = (c % v) as u32;
                c /= v;
            }
            let edges: Vec<(u32, u32)> = (1..n).map(|v| (parent[v], v as u32)).collect();
            compared += tree_chain_colourings_against_search(n, &edges)?;
        }
    }
    Ok(compared)
}

/// Every colouring of the tree on `n` vertices with these edges, rooted at 0.
fn tree_chain_colourings_against_search(n: usize, edges: &[(u32, u32)]) -> Result<u64, String> {
    // With every vertex black, play may change every vertex: bit v of a position is vertex v.
    let all_black = TreeChain::new(n, edges, 0, vec![true; n])?;
    let (rules, _) = TreeChainRules::new(&all_black).map_err(|e| e.to_string())?;
    let mut search = GrundySolver::new(&rules);
    for mask in 0..1u128 << n {
        let what = |claim: String| format!("tree {edges:?} black {mask:b}: {claim}");
        let black: Vec<bool> = (0..n).map(|v| mask >> v & 1 == 1).collect();
        let tree = TreeChain::new(n, edges, 0, black)?;
        let searched = search
            .grundy(&mask)
            .map_err(|e| what(format!("search failed: {e}")))?
            .value();
        if tree.first_wins() != (searched != 0) {
            return Err(what(format!(
                "the first player {} by the parity rule, Grundy value {searched} by search",
                wins_word(tree.first_wins())
            )));
        }
        let claimed = TreeChain::grundy(&tree.odd_depths());
        if claimed != Some(BigUint::from(searched)) {
            return Err(what(format!(
                "Grundy value {claimed:?} by the parity rule, {searched} by search"
            )));
        }
        let mut winning = search
            .winning_moves(&mask)
            .map_err(|e| what(format!("search failed: {e}")))?;
        winning.sort_unstable();
        winning.dedup();
        let mut claimed: Vec<u128> = tree
            .winning_moves()
            .iter()
            .map(|m| {
                m.flipped
                    .iter()
                    .fold(mask & !(1 << m.vertex), |acc, &a| acc ^ 1 << a)
            })
            .collect();
        claimed.sort_unstable();
        if claimed != winning {
            return Err(what(format!(
                "{} winning moves by the parity rule, {} by search",
                claimed.len(),
                winning.len()
            )));
        }
    }
    Ok(3 << n)
}

#[cfg(test)]
mod tests {
    use crate::graph::{geography, hackenbush, tree_chain};
    use crate::interface::Solution;

    /// The checks of the entries that claim a theorem pass.
    #[test]
    fn the_entries_theorems_agree_with_search() {
        for e in [
            hackenbush::game::entry(),
            geography::game::entry(),
            tree_chain::game::entry(),
        ] {
            let Solution::Theorem { check } = e.solution else {
                panic!("{} claims no theorem", e.name);
            };
            assert_eq!(check().map(|n| n > 0), Ok(true), "{}", e.name);
        }
    }
}
