//! Tests of the algorithm: values and winning cuts against brute force on small graphs,
//! known values, a million-vertex path and cycle, parse errors.

use super::fusion::{quick_value, Scratch, NONE};
use super::*;
use crate::graph::engine::HackenbushRules;
use crate::graph::undirected::Adjacency;
use crate::impartial::GrundySolver;

fn check(n: usize, edges: &[(u32, u32)], ground: u32) {
    let h = Hackenbush {
        names: (0..n).map(|v| v.to_string()).collect(),
        edges: edges.to_vec(),
        ground,
    };
    let (rules, full) = HackenbushRules::new(&h).unwrap();
    let mut s = GrundySolver::new(&rules);
    let expect = s.grundy(&full).unwrap().0;
    let a = h.analyse();
    assert_eq!(a.value, expect, "{edges:?} ground {ground}");
    let adj = Adjacency::new(n, edges);
    let quick = quick_value(&adj, &vec![0; n], ground, NONE, &mut Scratch::default());
    assert_eq!(quick, expect, "{edges:?} ground {ground}");
    assert!(a.complete);
    // Winning cuts: edge i wins iff the cut position has value 0.
    let mut want = Vec::new();
    for i in rules.edges_of(&full) {
        let v = s.grundy(&rules.cut(&full, i)).unwrap().0;
        if v == 0 {
            want.push(i);
        }
    }
    assert_eq!(a.winning, want, "{edges:?} ground {ground}");
    let cuts = h.values_after_cuts().unwrap();
    for (id, v) in cuts {
        let after = rules.cut(&full, id);
        assert_eq!(v, s.grundy(&after).unwrap().0, "{edges:?} cut {id}");
    }
}

#[test]
fn fusion_agrees_with_brute_force_on_small_graphs() {
    // Every multigraph (with loops) of up to 7 edges on 4 vertices, from a
    // deterministic pseudo-random stream, plus every graph on 3 vertices up to 5 edges.
    let pairs: Vec<(u32, u32)> = (0..3u32)
        .flat_map(|u| (u..3).map(move |v| (u, v)))
        .collect();
    for m in 0..=5usize {
        let total = pairs.len().pow(m as u32);
        for code in 0..total {
            let mut c = code;
            let mut edges = Vec::new();
            for _ in 0..m {
                edges.push(pairs[c % pairs.len()]);
                c /= pairs.len();
            }
            if edges.windows(2).any(|w| w[0] > w[1]) {
                continue; // multisets only
            }
            check(3, &edges, 0);
        }
    }
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |k: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % k) as u32
    };
    for _ in 0..400 {
        let n = 2 + next(4) as usize;
        let m = 1 + next(9) as usize;
        let edges: Vec<(u32, u32)> = (0..m).map(|_| (next(n as u64), next(n as u64))).collect();
        check(n, &edges, next(n as u64));
    }
}

#[test]
fn known_values() {
    let v = |text: &str| {
        Hackenbush::parse(&[text.to_string()], None)
            .unwrap()
            .analyse()
            .value
    };
    assert_eq!(v("0-1"), 1);
    assert_eq!(v("0-1-2-3"), 3); // a stalk of 3 edges
    assert_eq!(v("0-1 1-2 1-3"), 1); // colon: (1+1) XOR (1+1) = 0, plus the trunk: 1
    assert_eq!(v("0-1 1-2 2-0"), 1); // a triangle fuses into 3 loops: *1
    assert_eq!(v("0-1 1-2 2-3 3-0"), 0); // an even cycle: nothing
    assert_eq!(v("0-0 0-1"), 0); // a loop and a stalk: *1 + *1
    assert_eq!(v("0-1 0-2 2-3"), 3); // a sum on one ground: *1 + *2
    assert_eq!(v("0-1 1-2 2-0 0-3 3-4 4-0"), 0); // two triangles: *1 + *1
}

#[test]
fn million_vertex_path_does_not_overflow() {
    let n = 1_000_000u32;
    let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    let h = Hackenbush {
        names: (0..n).map(|v| v.to_string()).collect(),
        edges,
        ground: 0,
    };
    let a = h.analyse();
    assert_eq!(a.value, (n - 1) as u64);
    assert_eq!(a.winning, vec![0]);
    // A million-vertex cycle: all one component of even length, value 0 ... plus stalk.
    let mut edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
    edges.push((5, n)); // a leaf edge hanging from the cycle
    let f = Fusion::new(n as usize + 1, &edges, &[], 0);
    assert_eq!(f.root_value(), 1); // n even: loops parity 0; the leaf edge: 0 + 1
    let h = Hackenbush {
        names: (0..=n).map(|v| v.to_string()).collect(),
        edges,
        ground: 0,
    };
    let a = h.analyse();
    assert_eq!(a.value, 1);
    assert!(
        !a.complete,
        "a million cycle edges are not tested one by one"
    );
    assert_eq!(a.winning, vec![n]); // the leaf edge (a bridge) is found all the same
}

#[test]
fn errors_are_clear() {
    let w = |s: &str| vec![s.to_string()];
    let e = Hackenbush::parse(&w("a-b"), None).unwrap_err().to_string();
    assert!(e.contains("--ground"), "{e}");
    let e = Hackenbush::parse(&w("0-1"), Some("x"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("`x`"), "{e}");
    let e = Hackenbush::parse(&w("0>1"), None).unwrap_err().to_string();
    assert!(e.contains("directed"), "{e}");
    let e = Hackenbush::parse(&w(""), None).unwrap_err().to_string();
    assert!(e.contains("empty"), "{e}");
}

#[test]
fn cut_tests_watch_the_flag_and_the_deadline() {
    use sprague_core::limits::Limits;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    // One cycle of 1000 edges through the ground: every edge is cut in turn, each cut as
    // long as the cycle. The flag is raised from the progress callback once the tests are
    // under way, so only a look inside the loop can see it.
    let n = 1000u32;
    let h = Hackenbush {
        names: (0..n).map(|v| v.to_string()).collect(),
        edges: (0..n).map(|i| (i, (i + 1) % n)).collect(),
        ground: 0,
    };
    let stopping = |flag: &Arc<AtomicBool>| {
        let raise = flag.clone();
        Limits::default().with_cancel(flag.clone()).with_progress(
            sprague_core::limits::ProgressFn::new(move |p| {
                if p.searched > 0 {
                    raise.store(true, Ordering::Relaxed);
                }
            }),
        )
    };
    let flag = Arc::new(AtomicBool::new(false));
    match h.analyse_limited(&stopping(&flag)) {
        Err(crate::error::Error::Interrupted { searched, .. }) => {
            assert!(searched > 0 && searched < n as u64, "{searched}")
        }
        other => panic!("{other:?}"),
    }
    let flag = Arc::new(AtomicBool::new(false));
    assert!(matches!(
        h.values_after_cuts_limited(&stopping(&flag)),
        Err(crate::error::Error::Interrupted { .. })
    ));
    // A deadline already past ends it at once.
    let past = Limits::default().with_timeout(std::time::Duration::ZERO);
    assert!(matches!(
        h.analyse_limited(&past),
        Err(crate::error::Error::Timeout { .. })
    ));
    // Unwatched, the same position is answered: an even cycle through the ground is 0.
    let a = h.analyse_limited(&Limits::default()).unwrap();
    assert!(a.complete);
    assert_eq!(a.value, 0);
}
