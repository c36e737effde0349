//! The partizan searches on several threads: the same verdicts (canonical forms, moves and
//! the count of components searched) as on one thread, and limits that still fail cleanly.

use crate::interface::{Entry, Game, SolveOptions, Verdict};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn entries() -> Vec<Entry> {
    vec![
        super::domineering::entry(),
        super::clobber::entry(),
        super::toads::entry(),
        super::cutcake::entry(),
        super::hackenbush::entry(),
        super::konane::entry(),
        super::fission::entry(),
        super::ski_jumps::entry(),
        super::amazons::entry(),
        super::colouring::entry_snort(),
        super::colouring::entry_col(),
    ]
}

fn game(spec: &str) -> Box<dyn Game> {
    crate::interface::testing::game_of(&entries(), spec).unwrap()
}

/// `f` run in a pool of `threads` workers of its own.
fn on<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

fn solve(threads: usize, spec: &str, text: &str, opts: &SolveOptions) -> Verdict {
    on(threads, || game(spec).solve(&[text.to_string()], opts))
        .unwrap_or_else(|e| panic!("{spec} `{text}` on {threads} threads: {e}"))
}

#[test]
fn every_thread_count_gives_the_same_verdicts() {
    let mut cases: Vec<(String, String)> = entries()
        .iter()
        .flat_map(|e| e.examples.iter())
        .map(|x| (x.spec.to_string(), x.position.to_string()))
        .collect();
    // Positions deep enough for the threads to split the search (a frontier a few moves
    // down), with regions beyond the fast path's 8×8 (the generic search shares too).
    for (spec, text) in [
        ("domineering", "....|....|....|...."),
        ("domineering", ".....|.....|....."),
        ("domineering", "..........|.........."),
        ("clobber", "xoxo|oxox|xoxo"),
        ("toads-and-frogs", "ttt...fff"),
        ("konane", "xoxo|oxox|xo.o"),
        ("snort", "....|....|...."),
        ("col", "...|...|..."),
    ] {
        cases.push((spec.to_string(), text.to_string()));
    }
    let opts = SolveOptions::default();
    for (spec, text) in &cases {
        let one = solve(1, spec, text, &opts);
        for threads in [2, 3] {
            let many = solve(threads, spec, text, &opts);
            assert_eq!(one, many, "{spec} `{text}`: 1 thread and {threads} differ");
        }
    }
}

#[test]
fn limits_stop_every_thread_cleanly() {
    let board = "......|......|......|......";
    let small = SolveOptions {
        max_positions: 2_000,
        ..SolveOptions::default()
    };
    let err = on(3, || {
        game("domineering").solve(&[board.to_string()], &small)
    })
    .unwrap_err();
    assert!(matches!(err, crate::error::Error::Limit { .. }), "{err}");
    // The generic search (a region wider than 8 cells) too.
    let wide = "..........|..........|..........";
    let err = on(3, || game("domineering").solve(&[wide.to_string()], &small)).unwrap_err();
    assert!(matches!(err, crate::error::Error::Limit { .. }), "{err}");
    // A deadline already passed, and a flag set before the search, stop it at once.
    let late = SolveOptions {
        deadline: crate::limits::Deadline::after(std::time::Duration::ZERO),
        ..SolveOptions::default()
    };
    let err = on(3, || game("domineering").solve(&[board.to_string()], &late)).unwrap_err();
    assert!(matches!(err, crate::error::Error::Timeout { .. }), "{err}");

    let flag = Arc::new(AtomicBool::new(true));
    let cancelled = SolveOptions {
        cancel: Some(flag),
        ..SolveOptions::default()
    };
    let err = on(3, || {
        game("domineering").solve(&[board.to_string()], &cancelled)
    })
    .unwrap_err();
    assert!(
        matches!(err, crate::error::Error::Interrupted { .. }),
        "{err}"
    );
}
