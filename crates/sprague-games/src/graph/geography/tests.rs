//! Tests of the algorithms: the matching rule against exhaustive search (the entry's check,
//! on more graphs), Hopcroft–Karp against Edmonds, Edmonds against an exact subset DP,
//! million-vertex paths.

use super::matching::{hopcroft_karp, Blossom, NONE};
use super::*;
use crate::graph::check::{geography_from_every_start, small_geography_graphs};

pub(super) fn rng(seed: &mut u64, k: u64) -> u32 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed % k) as u32
}

/// The graphs of the entry's check and more, from every start: every graph on up to 5
/// vertices, and 600 random ones (the check's are the first of them).
#[test]
fn matching_rule_agrees_with_exhaustive_search() {
    const RANDOM_GRAPHS: usize = 600;
    let graphs = small_geography_graphs(5, RANDOM_GRAPHS);
    let random = &graphs[graphs.len() - RANDOM_GRAPHS..];
    // Every other random graph is bipartite, so that Hopcroft–Karp is met too.
    for (n, edges) in random.iter().step_by(2) {
        assert!(
            Geography::new(*n, edges).two_colouring().is_some(),
            "{edges:?}"
        );
    }
    for (n, edges) in &graphs {
        assert_eq!(
            geography_from_every_start(*n, edges),
            Ok(2 * *n as u64),
            "{edges:?}"
        );
    }
}

#[test]
fn matching_sizes_agree_between_algorithms() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    for _ in 0..300 {
        let n = 2 + rng(&mut seed, 40) as usize;
        let edges: Vec<(u32, u32)> = (0..n * 2)
            .map(|_| (rng(&mut seed, n as u64), rng(&mut seed, n as u64)))
            .filter(|(u, v)| u % 2 != v % 2)
            .collect();
        let geo = Geography::new(n, &edges);
        let colour = geo.two_colouring().unwrap();
        let hk = hopcroft_karp(&geo.adj, &colour);
        let mut b = Blossom::new(&geo.adj);
        for v in 0..n as u32 {
            if b.mate[v as usize] == NONE {
                if let Some(e) = b.find_path(v) {
                    b.augment(e);
                }
            }
        }
        let size = |m: &[u32]| m.iter().filter(|&&x| x != NONE).count();
        assert_eq!(size(&hk), size(&b.mate));
        for v in 0..n {
            if hk[v] != NONE {
                assert_eq!(hk[hk[v] as usize], v as u32);
                assert!(geo.neighbours(v as u32).contains(&hk[v]));
            }
        }
    }
}

#[test]
fn blossom_matching_is_maximum_on_small_general_graphs() {
    let mut seed = 0x0000_ddb1_a5e5_u64;
    for _ in 0..400 {
        let n = 2 + rng(&mut seed, 11) as usize;
        let m = rng(&mut seed, 3 * n as u64);
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng(&mut seed, n as u64), rng(&mut seed, n as u64)))
            .collect();
        let geo = Geography::new(n, &edges);
        // Exact maximum matching by a DP over vertex subsets.
        let mut best = vec![0u32; 1 << n];
        for mask in 1usize..1 << n {
            let v = mask.trailing_zeros();
            let rest = mask & !(1 << v);
            let mut b = best[rest];
            for &w in geo.neighbours(v) {
                if rest >> w & 1 == 1 {
                    b = b.max(1 + best[rest & !(1 << w)]);
                }
            }
            best[mask] = b;
        }
        let mut b = Blossom::new(&geo.adj);
        b.greedy();
        for v in 0..n as u32 {
            if b.mate[v as usize] == NONE {
                if let Some(e) = b.find_path(v) {
                    b.augment(e);
                }
            }
        }
        let size = b.mate.iter().filter(|&&x| x != NONE).count() as u32 / 2;
        assert_eq!(size, best[(1 << n) - 1], "{edges:?}");
        for v in 0..n {
            if b.mate[v] != NONE {
                assert_eq!(b.mate[b.mate[v] as usize], v as u32);
                assert!(geo.neighbours(v as u32).contains(&b.mate[v]));
            }
        }
    }
}

#[test]
fn million_vertex_paths() {
    let n = 1_000_000u32;
    let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    let geo = Geography::new(n as usize, &edges);
    let a = geo.analyse(0);
    assert!(a.bipartite && a.first_wins && a.winning == vec![1]);
    // Odd length: the start is missed by a maximum matching.
    let geo = Geography::new(n as usize - 1, &edges[..n as usize - 2]);
    assert!(!geo.analyse(0).first_wins);
    // Non-bipartite: a triangle at the far end of a long path forces Edmonds.
    let mut edges = edges;
    edges.push((n - 1, n - 3));
    let geo = Geography::new(n as usize, &edges);
    let a = geo.analyse(0);
    assert!(!a.bipartite && a.first_wins, "{a:?}");
}
