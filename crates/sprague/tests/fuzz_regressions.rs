//! Inputs the fuzz targets (`fuzz/`) found slow or crashing, as they were found: each
//! must now end with an answer or a clean error.

use sprague::catalogue::lookup;

use sprague_core::impartial::Impartial;
use sprague_games::interface::SolveOptions;

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

/// `position` target, timeout: a misère sum of Moore's Nim with a heap of 7519 under a
/// limit of 2000 positions. The search of sums asked every option whether it was terminal
/// by listing its options (7519 × 7519 of them before the limit was ever consulted).
#[test]
fn misere_moore_sum_with_a_large_heap() {
    let g = lookup("moore-nim:2").unwrap();
    let options = SolveOptions {
        misere: true,
        max_positions: 2000,
        ..SolveOptions::default()
    };
    // An answer or a limit, either is fine; what matters is that it ends.
    let _ = g.solve(&words("19 + 7519 + 73"), &options);
}

/// The direct terminal tests agree with listing the options.
#[test]
fn terminal_tests_agree_with_the_options() {
    fn by_options<R: Impartial>(r: &R, p: &R::Position) -> bool {
        let mut out = Vec::new();
        r.options(p, &mut out);
        out.is_empty()
    }
    use sprague_games::number::moore::MooreRules;
    use sprague_games::number::prime_power::PrimePowerRules;
    use sprague_games::number::wythoff::WythoffRules;
    for k in 0..3 {
        let r = MooreRules { k };
        for h in [
            vec![],
            vec![0],
            vec![0, 0],
            vec![1, 0],
            vec![0, 2, 0],
            vec![3, 3],
        ] {
            assert_eq!(r.is_terminal(&h), by_options(&r, &h), "k = {k}, {h:?}");
        }
    }
    for n in 0..5 {
        assert_eq!(
            PrimePowerRules.is_terminal(&n),
            by_options(&PrimePowerRules, &n)
        );
        for m in 0..3 {
            let p = (n, m);
            assert_eq!(WythoffRules.is_terminal(&p), by_options(&WythoffRules, &p));
        }
    }
}

/// `value` target, timeout: a sum with a large nimber, cooled (the input ends in a syntax
/// error, but the sum before it is built first). Canonical-form work is now bounded by the
/// limits, here the fuzz target's small ones.
#[test]
fn value_with_a_large_nimber_cooled() {
    let options = sprague_games::partizan::value::ValueOptions {
        cool: Some("{1| }".into()),
        ..Default::default()
    };
    let small = sprague_core::limits::Limits::positions(2000);
    for expr in [
        "{3|-1} + {1/4|-1/2} + *184|-1/4}",
        "{3|-1} + {1/4|-1/2} + *184",
    ] {
        let _ = sprague_games::partizan::value::value_report_limited(expr, &options, &small);
    }
}

/// `value` target, timeout: the thermograph of `^<6> + *5` under small limits. The limits
/// stopped the context while the form was being written; comparisons then answered `false`,
/// so the simplifications that followed only grew the forms (31 s under the fuzzer). A
/// stopped context now ends sums and simplifications at once, and the error is reported.
#[test]
fn a_context_stopped_while_writing_ends_at_once() {
    let options = sprague_games::partizan::value::ValueOptions {
        thermograph: true,
        ..Default::default()
    };
    let small = sprague_core::limits::Limits::positions(2000);
    match sprague_games::partizan::value::value_report_limited("^<6> + *5", &options, &small) {
        Ok(r) => assert_eq!(r.canonical, "^<6>*5"),
        Err(e) => assert!(e.to_string().contains("comparisons"), "{e}"),
    }
    let r = sprague_games::partizan::value::value_report_with("^<6> + *5", &options).unwrap();
    assert_eq!(r.canonical, "^<6>*5");
}

/// `cgsuite` target, round trip: nimbers as large as a literal may be (`*65535`) without the
/// work of writing out their options going unbounded. `{0|*65535}` wrote out the options of
/// every `*k` below it (4·10^9 of them) without a comparison to count them, and the heated
/// nimber likewise; both are now refused within the limits. The thermograph of
/// `*65535 + 3/4` stands on that of `*2 + 3/4` and needs none of them.
#[test]
fn large_nimbers_stay_within_the_limits() {
    let small = sprague_core::limits::Limits::positions(2000);
    let heated = sprague_games::partizan::value::ValueOptions {
        heat: Some("1".into()),
        ..Default::default()
    };
    let plain = sprague_games::partizan::value::ValueOptions::default();
    for (expr, options) in [("{0|*65535}", &plain), ("*65535", &heated)] {
        let e = sprague_games::partizan::value::value_report_limited(expr, options, &small)
            .unwrap_err();
        assert!(e.to_string().contains("comparisons"), "{expr}: {e}");
    }
    let r = sprague_games::partizan::value::value_report_limited("{0|*2047}", &plain, &small);
    assert!(r.is_err(), "{r:?}");
    let r = sprague_games::partizan::value::value_report_with("{0|*20}", &plain).unwrap();
    assert_eq!(r.canonical, "^*21");
    let thermo = sprague_games::partizan::value::ValueOptions {
        thermograph: true,
        ..Default::default()
    };
    let r = sprague_games::partizan::value::value_report_limited("*65535 + 3/4", &thermo, &small)
        .unwrap();
    assert_eq!(r.canonical, "3/4*65535");
    assert_eq!(r.temperature, "0");
}

/// `position` target, timeout: the legal moves of a ruler row with one head at 4088 (and
/// 4144 under misère play). Each of its 4088 moves writes a row of up to 4088 coins, 84 MB
/// of positions in all; the list is now refused from its counts (16 MiB at most).
#[test]
fn legal_moves_of_a_long_ruler_row() {
    let g = lookup("ruler").unwrap();
    for (pos, misere) in [("4088", false), ("4144", true)] {
        let options = SolveOptions {
            misere,
            max_positions: 2000,
            ..SolveOptions::default()
        };
        let e = g
            .legal_moves(&words(pos), &options)
            .unwrap_err()
            .to_string();
        assert!(e.contains("legal moves: too many to list"), "{e}");
    }
    // A short row still lists them all.
    let moves = g
        .legal_moves(&words("40"), &SolveOptions::default())
        .unwrap();
    assert_eq!(moves.len(), 40);
}

/// `spec` target, timeout: `hex:.A0F` (removals that split a heap into three) on a heap of
/// 4444444044 under a limit of 2000 heaps. Each heap of such a game costs about m²/12 splits,
/// so its table is bounded by its splits into three (a few seconds' worth) as well as by
/// the limit; here the limit of 2000 heaps decides.
#[test]
fn hexadecimal_game_splitting_into_three_on_a_huge_heap() {
    let g = lookup("hex:.A0F").unwrap();
    let options = SolveOptions {
        max_positions: 2000,
        ..SolveOptions::default()
    };
    let e = g
        .solve(&words("4444444044"), &options)
        .unwrap_err()
        .to_string();
    assert!(e.contains("at most 2000 heaps"), "{e}");
}

/// `position` target, slow (23 s under the fuzzer, 0.8 s in release): the winning moves of
/// `hex:0.F` on heaps 62425 and 30. Scanning the splits in three of the large heap ran to
/// its fixed budget of moves without looking at the deadline; it now honours the deadline
/// and the cancellation flag. Here the flag is raised by the first progress report of that
/// scan, after the table of values was computed.
#[test]
fn the_scan_for_winning_moves_honours_the_limits() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let g = lookup("hex:0.F").unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    let raise = flag.clone();
    let options = SolveOptions {
        cancel: Some(flag),
        progress: Some(sprague_core::limits::ProgressFn::new(move |p| {
            if p.what.contains("winning moves") {
                raise.store(true, Ordering::Relaxed);
            }
        })),
        max_positions: 2000,
        ..SolveOptions::default()
    };
    let e = g
        .solve(&words("62425 30"), &options)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("interrupted") && e.contains("winning moves"),
        "{e}"
    );
    // Without the flag the scan runs to the end.
    let options = SolveOptions {
        max_positions: 2000,
        ..SolveOptions::default()
    };
    let v = g.solve(&words("6001 30"), &options).unwrap();
    assert!(!v.moves.is_empty());
}
