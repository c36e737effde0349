//! Tests of the algorithm: values and winning cuts against brute force on small graphs (the
//! entry's check, on more graphs), known values, a million-vertex path and cycle, parse errors.

use super::fusion::{quick_value, Scratch, NONE};
use super::*;
use crate::graph::check::{hackenbush_against_search, small_hackenbush_graphs};
use crate::graph::undirected::Adjacency;

/// Every small graph of the entry's check and more random ones: the analysis against the
/// engine (the check), and the one-pass value of the whole graph against the analysis.
#[test]
fn fusion_agrees_with_brute_force_on_small_graphs() {
    // The check's random graphs are the first of these.
    const RANDOM_GRAPHS: usize = 400;
    let mut scratch = Scratch::default();
    for (n, edges, ground) in small_hackenbush_graphs(RANDOM_GRAPHS) {
        assert_eq!(
            hackenbush_against_search(n, &edges, ground).map(|c| c > 0),
            Ok(true)
        );
        let h = Hackenbush {
            names: (0..n).map(|v| v.to_string()).collect(),
            edges: edges.clone(),
            ground,
        };
        let adj = Adjacency::new(n, &edges);
        let quick = quick_value(&adj, &vec![0; n], ground, NONE, &mut scratch);
        assert_eq!(quick, h.analyse().value, "{edges:?} ground {ground}");
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
