//! Tests of `sprague quotient`'s library: games found by spec, published quotients
//! reproduced through the report, checkpoints saved and resumed (and refused when altered),
//! sums of several games against an exhaustive search, and sweeps.

use super::sum::misere_sum;
use super::sweep::{read_rows, row_line, run, sweep_code, Ending, Shape, SweepOptions};
use super::*;
use crate::render::{quotient_text, sweep_text};
use sprague_core::quotient::{HeapGame, HeapOptions};
use sprague_core::value::Outcome;
use std::collections::HashMap;
use std::time::Duration;

fn report(spec: &str, upto: u64) -> QuotientReport {
    let mut run = QuotientRun::new(QuotientGame::lookup(spec).unwrap()).unwrap();
    run.run(upto, &Limits::default(), None).unwrap();
    run.report()
}

#[test]
fn games_are_found_by_spec_and_others_refused_naming_those_that_have_quotients() {
    for spec in [
        "octal:0.75",
        "hex:0.F",
        "kayles",
        "dawson-kayles",
        "grundy-game",
        "lasker-nim",
        "subtraction:1,3,4",
        "subtraction:allbut:2",
        "bash:3",
    ] {
        let g = QuotientGame::lookup(spec).unwrap();
        assert_eq!(g.spec(), spec);
        let rules = !matches!(spec, "grundy-game" | "lasker-nim" | "subtraction:allbut:2");
        assert_eq!(g.has_rules(), rules, "{spec}");
    }
    let e = QuotientGame::lookup("wythoff").err().unwrap().to_string();
    assert!(
        e.contains("`wythoff` is not a heap game") && e.contains("octal:CODE"),
        "{e}"
    );
    let e = QuotientGame::lookup("rules:mine.rhai")
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("game_from_script"), "{e}");
    assert!(QuotientGame::lookup("octal:0.8").is_err());
    assert!(QuotientGame::lookup("kayles:3").is_err());
    assert!(QuotientGame::lookup("no-such-game").is_err());
}

/// Plambeck and Siegel's R₈ (the quotient of 0.75, *Misère quotients for impartial games*,
/// JCTA 115 (2008)): `⟨a, b, c | a² = 1, b³ = b,
/// bc = ab, c² = b²⟩`, `P = {a, b²}`, `Φ` of period 2 from heap 8 (docs/theory.md#misere-quotients
/// lists the results this reproduces).
#[test]
fn the_report_of_0_75_is_r8() {
    let r = report("octal:0.75", 1_000);
    assert!(r.proven && r.stopped.is_none());
    assert_eq!((r.order, r.p_positions), (8, 2));
    assert_eq!(r.p_elements, ["a", "b^2"]);
    assert_eq!(
        r.presentation.text,
        "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"
    );
    assert_eq!(
        (r.pretending.preperiod, r.pretending.period),
        (Some(8), Some(2))
    );
    assert_eq!(r.last_change, 5);
    assert_eq!(r.bound, 21, "proven with heaps up to 2·(8 + 2) + 2 − 1");
    assert!(!r.tame);
    assert_eq!(r.multiplication.len(), 8);
    assert!(r.multiplication.iter().all(|row| row.len() == 8));
    // The table is the monoid's: identity row, commutative.
    for x in 0..8 {
        assert_eq!(r.multiplication[0][x], x as u32);
        for y in 0..8 {
            assert_eq!(r.multiplication[x][y], r.multiplication[y][x]);
        }
    }
    let j = serde_json::to_value(&r).unwrap();
    let mut keys: Vec<&String> = j.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "bound",
            "changes",
            "elements",
            "game",
            "last_change",
            "multiplication",
            "order",
            "p_elements",
            "p_positions",
            "presentation",
            "pretending",
            "proven",
            "schema",
            "stopped",
            "tame",
            "tame_rank"
        ]
    );
    assert_eq!(j["pretending"]["preperiod"], 8);
    assert_eq!(j["pretending"]["period"], 2);
    let text = quotient_text(&r);
    for want in [
        "misère quotient: <a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>",
        "order: |Q| = 8",
        "P-portion: |P| = 2: {a, b^2}",
        "tame: no (wild)",
        "period 2 from heap 8, proven with heaps up to 21",
        "last change: heap 5",
        "multiplication:",
    ] {
        assert!(text.contains(want), "{want}\n{text}");
    }
}

/// Kayles (0.77), as sprague computes and proves it (docs/theory.md's table; these are
/// sprague's figures, not quoted from a publication): 40 elements, 9 in P, period 12 from
/// heap 71 (the preperiod and period of Kayles' Grundy values), last change at heap 27.
/// The order is exact: every element is a product of heaps' images, and any two elements
/// are told apart by some third (an element `z` with exactly one of `x·z`, `y·z` in `P`),
/// so no smaller monoid decides the sums. Subtraction games and a tame game through the
/// same report.
#[test]
fn kayles_a_subtraction_game_and_a_tame_game() {
    let r = report("kayles", 5_000);
    assert!(r.proven);
    assert_eq!((r.order, r.p_positions), (40, 9));
    assert_eq!(
        (r.pretending.preperiod, r.pretending.period),
        (Some(71), Some(12))
    );
    assert_eq!(r.last_change, 27);
    let p: Vec<bool> = r.elements.iter().map(|e| e.p).collect();
    let m = &r.multiplication;
    for x in 0..r.order {
        for y in x + 1..r.order {
            assert!(
                (0..r.order).any(|z| p[m[x][z] as usize] != p[m[y][z] as usize]),
                "elements {x} and {y} are not told apart"
            );
        }
    }

    // Take one stone (0.3): heaps play as *0 and *1, the quotient is tame, {1, a}.
    let r = report("subtraction:1", 100);
    assert_eq!((r.order, r.tame_rank), (2, Some(0)));
    assert!(r.proven && r.tame, "{}", quotient_text(&r));
    let genus: Vec<Option<&str>> = r.elements.iter().map(|e| e.genus.as_deref()).collect();
    assert!(
        genus.contains(&Some("0^120")) && genus.contains(&Some("1^031")),
        "{genus:?}"
    );
    assert!(quotient_text(&r).contains("tame: yes"));
    // An all-but game has no rules: bounded, and said so.
    let r = report("subtraction:allbut:2", 30);
    assert!(!r.proven && r.pretending.period.is_none());
    assert_eq!(r.bound, 30);
    assert!(quotient_text(&r).contains("bounded: the quotient of the sums of heaps up to 30"));
}

#[test]
fn a_quotient_that_outgrows_its_bounds_stops_with_what_it_verified() {
    let small = QuotientConfig {
        max_order: 64,
        max_trial_order: 128,
        max_basis: 100_000,
    };
    let mut run =
        QuotientRun::with_config(QuotientGame::lookup("dawson-kayles").unwrap(), small).unwrap();
    run.run(60, &Limits::default(), None).unwrap();
    let r = run.report();
    assert!(!r.proven && r.bound < 60 && r.order <= 64);
    let why = r.stopped.as_deref().unwrap();
    assert!(why.contains(&format!("heap {}", r.bound + 1)), "{why}");
    assert!(quotient_text(&r).contains("stopped: "));
}

#[test]
fn checkpoints_resume_to_the_same_quotient_and_altered_ones_are_refused() {
    let game = || QuotientGame::lookup("kayles").unwrap();
    let mut whole = QuotientRun::new(game()).unwrap();
    whole.run(5_000, &Limits::default(), None).unwrap();
    // Stopped by the hook at heap 40, saved, resumed, finished.
    let mut part = QuotientRun::new(game()).unwrap();
    let mut saved = Vec::new();
    let mut hook = |r: &QuotientRun| {
        if r.bound() == 40 {
            saved = r.checkpoint_bytes();
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    part.run(5_000, &Limits::default(), Some(&mut hook))
        .unwrap();
    assert_eq!(part.bound(), 40);
    let mut resumed = QuotientRun::resume(
        game(),
        QuotientConfig::default(),
        &saved,
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(resumed.bound(), 40);
    resumed.run(5_000, &Limits::default(), None).unwrap();
    assert_eq!(resumed.report(), whole.report());
    // Another game's file, a file cut short, an altered element: refused, never believed.
    let e = QuotientRun::resume(
        QuotientGame::lookup("octal:0.75").unwrap(),
        QuotientConfig::default(),
        &saved,
        &Limits::default(),
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("not of `octal:0.75`"), "{e}");
    let e = QuotientRun::resume(
        game(),
        QuotientConfig::default(),
        &saved[..saved.len() / 2],
        &Limits::default(),
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("cut short"), "{e}");
    let mut v: serde_json::Value = serde_json::from_slice(&saved).unwrap();
    let phi = v["checkpoint"]["phi"].as_array_mut().unwrap();
    // Two heaps of different images trade them.
    let i = (2..40).find(|&i| phi[i] != phi[i + 1]).unwrap();
    phi.swap(i, i + 1);
    let bytes = serde_json::to_vec(&v).unwrap();
    let e = QuotientRun::resume(
        game(),
        QuotientConfig::default(),
        &bytes,
        &Limits::default(),
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("not valid"), "{e}");
}

#[test]
fn rules_scripts_have_bounded_quotients() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/kayles.rhai"
    ))
    .unwrap();
    let g = QuotientGame::script("rules:kayles.rhai", &text).unwrap();
    assert!(!g.has_rules());
    let mut run = QuotientRun::new(g).unwrap();
    assert_eq!(run.default_upto(), DEFAULT_UPTO_BOUNDED);
    run.run(30, &Limits::default(), None).unwrap();
    let r = run.report();
    let k = report("kayles", 30);
    assert!(!r.proven);
    assert_eq!(
        (r.order, r.p_positions, &r.pretending.values),
        (k.order, k.p_positions, &k.pretending.values)
    );
    let bad = QuotientGame::script("rules:bad.rhai", "fn options(n) { [n + 1] }").unwrap();
    let mut run = QuotientRun::new(bad).unwrap();
    let e = run.run(5, &Limits::default(), None).unwrap_err();
    assert!(e.to_string().contains("not a sum of smaller heaps"), "{e}");
}

/// Exhaustive misère search of a sum of heaps of several games: a position is the sorted
/// list of (game, heap); no quotient anywhere.
fn search(
    games: &[&QuotientGame],
    pos: Vec<(usize, u64)>,
    memo: &mut HashMap<Vec<(usize, u64)>, bool>,
) -> bool {
    if let Some(&w) = memo.get(&pos) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for (k, &(i, h)) in pos.iter().enumerate() {
        let mut o = HeapOptions::new();
        games[i].options(h, &mut o);
        for opt in o.iter() {
            any_move = true;
            let mut next: Vec<(usize, u64)> =
                pos[..k].iter().chain(&pos[k + 1..]).copied().collect();
            next.extend(opt.iter().map(|&m| (i, m)));
            next.sort_unstable();
            if !search(games, next, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    let w = wins || !any_move;
    memo.insert(pos, w);
    w
}

#[test]
fn sums_of_several_games_agree_with_an_exhaustive_search_or_are_refused() {
    let a = QuotientGame::lookup("octal:0.75").unwrap();
    let b = QuotientGame::lookup("kayles").unwrap();
    let c = QuotientGame::lookup("octal:0.77").unwrap();
    let games = [&a, &b];
    let mut memo = HashMap::new();
    let mut rng = crate::rng::SplitMix64::new(7);
    for _ in 0..60 {
        let ha: Vec<u64> = (0..rng.below(3)).map(|_| 1 + rng.below(7)).collect();
        let hb: Vec<u64> = (0..1 + rng.below(2)).map(|_| 1 + rng.below(7)).collect();
        let mut pos: Vec<(usize, u64)> = ha
            .iter()
            .map(|&h| (0, h))
            .chain(hb.iter().map(|&h| (1, h)))
            .collect();
        pos.sort_unstable();
        let want = if search(&games, pos, &mut memo) {
            Outcome::First
        } else {
            Outcome::Second
        };
        let got = misere_sum(
            &[(a.clone(), ha.clone()), (b.clone(), hb.clone())],
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(got.outcome, want, "0.75 {ha:?} + kayles {hb:?}");
        if !ha.is_empty() {
            assert!(got.method.contains("union"), "{}", got.method);
        }
    }
    // Kayles and 0.77 are one game: its quotient, with its period, for huge heaps too.
    let s = misere_sum(
        &[(b.clone(), vec![1_000_000]), (c.clone(), vec![1_000_000])],
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(
        s.outcome,
        Outcome::Second,
        "two equal heaps of Kayles: the mirror wins"
    );
    assert!(s.method.contains("period 12"), "{}", s.method);
    // Two games with huge heaps: no quotient covers them, and the refusal says why.
    let e = misere_sum(&[(a, vec![1_000_000]), (b, vec![3])], &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("cannot be combined") && e.contains("do not multiply"),
        "{e}"
    );
}

#[test]
fn sweep_shapes_rows_and_results_files() {
    let two = Shape::parse("0.dd").unwrap();
    assert_eq!(Shape::parse("2").unwrap(), two);
    let codes = two.codes();
    assert_eq!(codes.len(), 63);
    assert_eq!((codes[0].as_str(), codes[7].as_str()), ("0.1", "0.01"));
    assert!(!codes.iter().any(|c| c.ends_with('0')));
    let four = Shape::parse("4.d").unwrap().codes();
    assert_eq!(
        four,
        ["4.0", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7"]
    );
    assert_eq!(Shape::parse("0.ddd").unwrap().codes().len(), 511);
    for bad in ["0.dddddd", "5.dd", "0.dx", "x", "0", "0."] {
        assert!(Shape::parse(bad).is_err(), "{bad}");
    }
    let options = SweepOptions {
        shape: two,
        upto: 300,
        per_code: Duration::from_secs(20),
        threads: 1,
        cancel: None,
    };
    let row = sweep_code("0.75", &options).unwrap().unwrap();
    assert_eq!(row.result, Ending::Proven);
    assert_eq!(
        (row.order, row.p_positions, row.preperiod, row.period),
        (8, 2, Some(8), Some(2))
    );
    let mut rows = Vec::new();
    let done = std::sync::Mutex::new(Vec::new());
    run(
        &["0.75".into(), "0.77".into(), "0.3".into()],
        &options,
        &|r| done.lock().unwrap().push(r),
    )
    .unwrap();
    rows.extend(done.into_inner().unwrap());
    assert_eq!(rows.len(), 3);
    let mut file = super::sweep::header(&options);
    for r in &rows {
        file.push_str(&row_line(r));
    }
    assert_eq!(read_rows(&file, &options).unwrap(), rows);
    let other = SweepOptions {
        upto: 10,
        ..options.clone()
    };
    let e = read_rows(&file, &other).unwrap_err().to_string();
    assert!(e.contains("other settings"), "{e}");
    let broken = format!("{}0.75\tproven\t8\n", super::sweep::header(&options));
    assert!(read_rows(&broken, &options)
        .unwrap_err()
        .to_string()
        .contains("line 3"));
    let report = super::sweep::SweepReport {
        shape: "0.d".into(),
        upto: options.upto,
        timeout_per_code_ms: 1000,
        threads: 1,
        wall_ms: 1234,
        computed_now: 3,
        rows,
    };
    let text = sweep_text(&report);
    assert!(
        text.contains("0.75") && text.contains("3 codes: 3 proven"),
        "{text}"
    );
    assert!(
        text.contains("wall time: 1.234 s on 1 threads (3 codes computed now)"),
        "{text}"
    );
}

/// Playing misère Kayles against the computer: positions far beyond the exact search's
/// reach (its limit here 100,000 positions) are played through the quotient, the perfect
/// opponent moves to a P-position, and the reply's verdict names the quotient.
#[test]
fn misere_play_goes_through_the_quotient() {
    use crate::play::{reply, words, Opponent};
    use sprague_games::interface::{MethodKind, SolveOptions, Winner};
    let g = crate::catalogue::lookup("kayles").unwrap();
    let options = SolveOptions {
        misere: true,
        max_positions: 100_000,
        ..SolveOptions::default()
    };
    for (position, seed) in [("25 40 7", 1), ("60 61", 2), ("33 35 41 1", 3)] {
        let before = g.solve(&words(position), &options).unwrap();
        assert_eq!(before.method.kind, MethodKind::Quotient, "{position}");
        assert_eq!(before.outcome, Winner::First, "{position}");
        let r = reply(
            &*g,
            &words(position),
            &options,
            Opponent::Perfect,
            None,
            seed,
        )
        .unwrap();
        assert_eq!(r.verdict.method.kind, MethodKind::Quotient, "{position}");
        assert_eq!(
            r.verdict.outcome,
            Winner::Second,
            "{position} → {}",
            r.position
        );
    }
}
