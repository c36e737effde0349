//! Tests of the catalogue game: positions solved, moves listed and counted, Lasker's
//! Nim and heaps beyond the table, limits, misère play and tables.

use crate::interface::{Game, Listing, MethodKind, SolveOptions, TableOptions, Winner};
use crate::octal::game::{Checkpoint, OctalGame, TableRequest};
use crate::octal::tests::oct;
use crate::octal::*;

fn lookup(spec: &str) -> crate::error::Result<Box<dyn crate::interface::Game>> {
    crate::interface::testing::game_of(&entries::all(), spec)
}
use num_bigint::BigUint;

fn w(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn misere() -> SolveOptions {
    SolveOptions {
        misere: true,
        ..Default::default()
    }
}

#[test]
fn solve_multi_heap_positions() {
    let g = lookup("kayles").unwrap();
    let v = g.solve(&w("3 4"), &SolveOptions::default()).unwrap();
    // g(3) ^ g(4) = 3 ^ 1 = 2
    assert_eq!(v.value.as_deref(), Some("2"));
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.listing, Listing::Winning);
    let comps: Vec<_> = v
        .components
        .iter()
        .map(|c| c.value.clone().unwrap())
        .collect();
    assert_eq!(comps, ["3", "1"]);
    let labels: Vec<&str> = v.moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "take 2 from heap 1",
            "take 1 from heap 2",
            "take 1 from heap 2, split into 1 + 2"
        ]
    );
    assert_eq!(v.winning_positions(), ["1 4", "3 3", "3 1 2"]);
    assert!(v.complete && v.note.is_none());
    for m in &v.moves {
        let after = g.solve(&w(&m.position), &SolveOptions::default()).unwrap();
        assert_eq!(after.value.as_deref(), Some("0"), "{}", m.label);
        assert_eq!((m.winning, m.outcome), (true, Some(Winner::Second)));
    }
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["grundy"], "2");
    assert_eq!(json["components"][1]["position"], "4");
    let v = g.solve(&w("7"), &SolveOptions::default()).unwrap();
    assert!(v
        .moves
        .iter()
        .any(|m| m.label == "take 1 from heap 1, split into 3 + 3" && m.position == "3 3"));
    // Huge heaps use the proven period.
    let v = g
        .solve(&w("1000000000000000000000 5"), &SolveOptions::default())
        .unwrap();
    assert!(v.method.text.contains("period 12"), "{}", v.method.text);
    assert_eq!(v.method.kind, MethodKind::Mixed);
    assert_eq!(v.details.get("period"), Some("12"));
    assert_eq!(v.details.get("preperiod"), Some("71"));
    // Grundy's game has no provable period: a clear error for a huge heap, at once.
    let o = lookup("grundy-game").unwrap();
    let e = o
        .solve(&w("100000000000000"), &SolveOptions::default())
        .unwrap_err();
    assert!(
        e.to_string().contains("periodicity theorem does not apply"),
        "{e}"
    );
    assert!(g.solve(&w("3 x"), &SolveOptions::default()).is_err());
    let every = SolveOptions {
        every: true,
        ..Default::default()
    };
    assert!(g.solve(&w("3"), &every).is_err());
}

/// For sample positions of several rulesets, in both conventions: every listed move's
/// position parses back, re-solving it agrees with the move's value and outcome, the
/// moves are the legal moves, and `solve` lists exactly the winning ones.
#[test]
fn moves_round_trip_and_agree_with_solve() {
    let specs = [
        "kayles",
        "dawson-kayles",
        "octal:4.07",
        "hex:0.F",
        "grundy-game",
        "lasker-nim",
        "officers",
    ];
    let positions = ["5", "3 4", "7 0 2", "1 1 6", "0", "9"];
    for spec in specs {
        let g = lookup(spec).unwrap();
        for pos in positions {
            for opts in [SolveOptions::default(), misere()] {
                let all = g.moves(&w(pos), &opts).unwrap();
                let legal = g.legal_moves(&w(pos), &opts).unwrap();
                assert!(all.complete, "{spec} {pos}");
                assert_eq!(all.listing, Listing::All);
                let lp: Vec<&str> = legal.iter().map(|m| m.position.as_str()).collect();
                let mp: Vec<&str> = all.moves.iter().map(|m| m.position.as_str()).collect();
                assert_eq!(lp, mp, "{spec} {pos}");
                let ll: Vec<&str> = legal.iter().map(|m| m.label.as_str()).collect();
                let ml: Vec<&str> = all.moves.iter().map(|m| m.label.as_str()).collect();
                assert_eq!(ll, ml, "{spec} {pos}");
                let mut seen = std::collections::HashSet::new();
                for m in &all.moves {
                    assert!(
                        seen.insert(&m.position),
                        "{spec} {pos}: {} twice",
                        m.position
                    );
                    let after = g.solve(&w(&m.position), &opts).unwrap();
                    assert_eq!(after.value, m.value, "{spec} {pos} {}", m.label);
                    assert_eq!(Some(after.outcome), m.outcome, "{spec} {pos} {}", m.label);
                    assert_eq!(m.winning, after.outcome == Winner::Second);
                }
                let solved = g.solve(&w(pos), &opts).unwrap();
                assert!(solved.complete, "{spec} {pos}");
                let mut want: Vec<&str> = all
                    .moves
                    .iter()
                    .filter(|m| m.winning)
                    .map(|m| m.position.as_str())
                    .collect();
                let mut got = solved.winning_positions();
                want.sort();
                got.sort();
                assert_eq!(got, want, "{spec} {pos} misère {}", opts.misere);
                // (Misère: with no move at all, the player to move wins.)
                let terminal_win = opts.misere && all.moves.is_empty();
                assert_eq!(
                    solved.outcome == Winner::First,
                    !want.is_empty() || terminal_win
                );
                assert_eq!(solved.note.is_some(), terminal_win, "{spec} {pos}");
                assert_eq!(solved.outcome, all.outcome);
            }
        }
    }
}

#[test]
fn move_counts_are_the_closed_forms() {
    let mut rules: Vec<TakeAndBreak> = ["0.77", "4.07", "0.6", "0.137", "0.4"]
        .iter()
        .map(|c| oct(c))
        .collect();
    rules.push(TakeAndBreak::parse("0.F", true).unwrap());
    rules.push(TakeAndBreak::parse("C.1", true).unwrap());
    rules.push(TakeAndBreak::grundy_game());
    rules.push(TakeAndBreak::lasker_nim());
    for r in rules {
        let hr = HeapRules(r.clone());
        for n in 0..60u64 {
            let mut opts = Vec::new();
            if n > 0 {
                crate::impartial::Impartial::options(&hr, &vec![n], &mut opts);
            }
            let g = OctalGame { rules: r.clone() };
            let legal = g.legal_moves(&w(&n.to_string()), &SolveOptions::default());
            assert_eq!(legal.unwrap().len(), opts.len(), "{} {n}", r.name);
        }
    }
}

#[test]
fn lasker_splits_are_counted_and_listed_exactly() {
    for h in 0..=130u64 {
        for want in 0..=270u64 {
            let brute: Vec<u64> = (1..=h / 2)
                .filter(|&a| {
                    let l = |x: u64| crate::octal::lasker::lasker(&x.into());
                    (l(a) ^ l(h - a)) == want.into()
                })
                .collect();
            let (hb, wb) = (BigUint::from(h), BigUint::from(want));
            assert_eq!(
                crate::octal::lasker::lasker_split_count(&hb, &wb),
                Some(brute.len().into()),
                "h {h} w {want}"
            );
            if let Some(sp) = crate::octal::lasker::LaskerSplits::new(&hb, &wb) {
                for k in [1, 2, 5, 1000] {
                    let got = sp.first(k);
                    let want: Vec<BigUint> =
                        brute.iter().take(k).map(|&a| BigUint::from(a)).collect();
                    assert_eq!(got, want, "h {h} w {want:?} k {k}");
                }
            } else {
                assert!(brute.is_empty());
            }
        }
    }
}

/// Regression: `solve lasker-nim 1000000000000` said "first player wins" with no winning
/// move (the takes of the infinite tail were never tried, and the winning split is the
/// middle one).
#[test]
fn huge_lasker_heaps_have_their_winning_moves() {
    let g = lookup("lasker-nim").unwrap();
    let v = g
        .solve(&w("1000000000000"), &SolveOptions::default())
        .unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert_eq!(v.winning_positions(), ["0", "500000000000 500000000000"]);
    assert_eq!(v.moves[0].label, "remove heap 1");
    assert!(v.complete, "{:?}", v.note);
    // The formula's path (inverse take, counted and listed splits) finds what a scan of
    // every move finds.
    let g0 = OctalGame {
        rules: TakeAndBreak::lasker_nim(),
    };
    let known = g0
        .known(&BigUint::from(300u32), &SolveOptions::default())
        .unwrap();
    for h in 1..=200u64 {
        let hb = BigUint::from(h);
        let lh = crate::octal::lasker::lasker(&hb);
        let wants = (0..40u64)
            .map(BigUint::from)
            .chain((0..8u32).map(|x| &lh ^ BigUint::from(x)));
        for want in wants {
            let scan = g0.winning_of(&known, &hb, &want, 10_000);
            let formula = crate::octal::lasker::lasker_winning_of(&hb, &want, 10_000);
            assert_eq!(scan, formula, "h {h} want {want}");
        }
    }
    // Heaps beyond the scanned range: every listed move wins.
    for h in [game::DIRECT_LIMIT + 1, 1 << 40, (1 << 40) + 3] {
        for other in [0u64, 1, 6, 1000, 77777] {
            let pos = format!("{h} {other}");
            let v = g.solve(&w(&pos), &SolveOptions::default()).unwrap();
            assert!(v.complete, "{pos}: {:?}", v.note);
            assert_eq!(v.outcome == Winner::First, !v.moves.is_empty(), "{pos}");
            for m in &v.moves {
                let after = g.solve(&w(&m.position), &SolveOptions::default());
                assert_eq!(
                    after.unwrap().value.as_deref(),
                    Some("0"),
                    "{pos}: {}",
                    m.label
                );
            }
        }
    }
    // Huge: 10^20, and counting stops (with a note) past the counting limit.
    let v = g
        .solve(&w("100000000000000000000 3"), &SolveOptions::default())
        .unwrap();
    assert!(!v.moves.is_empty() && v.complete, "{:?}", v.note);
    // Past the counting limit (16384 bits), splits are still listed from the smallest,
    // and when fewer than asked for turn up, the list is known to be whole.
    let digits = format!("1{}", "0".repeat(6000));
    let v = g
        .solve(&w(&format!("{digits} 5")), &SolveOptions::default())
        .unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert!(v.moves.iter().any(|m| m.label.starts_with("take ")));
    let v = g.solve(&w(&digits), &SolveOptions::default()).unwrap();
    assert_eq!(v.moves.len(), 2, "remove it, or split it in halves");
    assert!(v.complete, "{:?}", v.note);
    // 2^20000 − 1 beside 2^20000: the first heap must be split into parts with no common
    // bit, of which there are too many to count or list.
    let all_ones = (BigUint::from(1u32) << 20000u32) - 1u32;
    let pos = format!("{all_ones} {}", &all_ones + 1u32);
    let v = g.solve(&w(&pos), &SolveOptions::default()).unwrap();
    let listed = v.moves.len();
    assert!(
        listed > 100 && listed <= crate::interface::listing::MAX_WINNING_LISTED,
        "{listed}"
    );
    assert!(!v.complete);
    assert!(v
        .note
        .as_deref()
        .unwrap()
        .contains("counted for heaps of at most 16384 bits"));
    for m in v.moves.iter().take(3) {
        let after = g.solve(&w(&m.position), &SolveOptions::default());
        assert_eq!(after.unwrap().value.as_deref(), Some("0"), "{}", m.label);
    }
}

/// The winning moves of heaps beyond the table (from the period) are those a scan of the
/// whole table finds.
#[test]
fn periodic_winning_moves_agree_with_a_full_table() {
    for code in ["0.77", "0.07", "4.07", "0.137"] {
        let g = OctalGame { rules: oct(code) };
        let big = g
            .known(&BigUint::from(1u64 << 40), &SolveOptions::default())
            .unwrap();
        let p = big.period.expect(code);
        let len = big.values.len() as u64;
        assert!(len < 2000, "{code}: {len}");
        let full = g
            .known(&BigUint::from(len + 300), &SolveOptions::default())
            .unwrap();
        for h in len..len + 300 {
            let hb = BigUint::from(h);
            let gh = full.values.get(h as usize);
            for want in [0u32, 1, 2, 3, 5, gh, gh ^ 1] {
                let a = g.winning_of(&big, &hb, &want.into(), 10_000);
                let b = g.winning_of(&full, &hb, &want.into(), 10_000);
                assert_eq!(a, b, "{code} h {h} want {want} (period {p:?})");
            }
        }
    }
}

/// Regression: `moves lasker-nim 20000000` listed splits only; long lists are samples of
/// every kind of move with the count in the note, and `legal_moves` refuses them.
#[test]
fn long_move_lists_are_capped_samples_of_every_kind() {
    let g = lookup("lasker-nim").unwrap();
    let v = g.moves(&w("20000000"), &SolveOptions::default()).unwrap();
    assert!(!v.complete);
    assert!(v.moves.len() <= crate::interface::listing::MAX_MOVES_LISTED);
    assert!(v.moves.iter().any(|m| m.label.starts_with("take ")));
    assert!(v.moves.iter().any(|m| m.label.starts_with("split ")));
    let note = v.note.as_deref().unwrap();
    assert!(note.contains("30000000 moves"), "{note}");
    let e = g
        .legal_moves(&w("20000000"), &SolveOptions::default())
        .unwrap_err();
    assert!(e.to_string().contains("30000000"), "{e}");
    // A heap of 3001 digits: samples and notes, nothing sized by the heap.
    let k = lookup("kayles").unwrap();
    let digits = format!("1{}", "0".repeat(3000));
    let v = k.moves(&w(&digits), &SolveOptions::default()).unwrap();
    assert!(!v.complete && v.moves.len() <= crate::interface::listing::MAX_MOVES_LISTED);
    assert!(v
        .moves
        .iter()
        .any(|m| m.label.starts_with("take 2 from heap 1")));
    let note = v.note.as_deref().unwrap();
    assert!(note.contains(&digits[..40]), "{note}");
    // Kayles' periodic values are never 0: the first player wins a single huge heap.
    let v = k.solve(&w(&digits), &SolveOptions::default()).unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert!(!v.moves.is_empty() && v.moves.len() <= crate::interface::listing::MAX_WINNING_LISTED);
    assert!(!v.complete, "winning splits of a huge heap are many");
    assert!(v.note.as_deref().unwrap().contains("winning moves among"));
    for m in v.moves.iter().take(5) {
        let after = k.solve(&w(&m.position), &SolveOptions::default());
        assert_eq!(after.unwrap().value.as_deref(), Some("0"));
    }
}

/// Regression: `solve officers 4294967296` ran for a minute before failing; a heap that no
/// method reaches within the limits is refused at once, naming the limit.
#[test]
fn heaps_beyond_every_method_are_refused_naming_the_limit() {
    let o = lookup("officers").unwrap();
    let e = o
        .solve(&w("4294967296"), &SolveOptions::default())
        .unwrap_err();
    assert!(
        matches!(e, crate::error::Error::Limit { limit: 8388608, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("open problem"), "{e}");
    let small = SolveOptions {
        max_positions: 200_000,
        ..Default::default()
    };
    let e = o.solve(&w("300000"), &small).unwrap_err();
    assert!(
        matches!(e, crate::error::Error::Limit { limit: 200_000, .. }),
        "{e}"
    );
    // A code whose period needs more values than the limit allows: searched, then refused.
    let c = lookup("octal:0.16").unwrap();
    let tiny = SolveOptions {
        max_positions: 3000,
        ..Default::default()
    };
    let e = c.solve(&w("1000000000"), &tiny).unwrap_err();
    assert!(
        e.to_string()
            .contains("no period is proven by its first 3001 values"),
        "{e}"
    );
    assert!(o.moves(&w("4294967296"), &SolveOptions::default()).is_err());
    // Misère search is limited too.
    assert!(o.solve(&w("201"), &misere()).is_err());
}

#[test]
fn misere_kayles() {
    let g = lookup("kayles").unwrap();
    let v = g.solve(&w("8"), &misere()).unwrap();
    assert_eq!(v.play, crate::interface::Play::Misere);
    assert_eq!(v.value, None);
    // Brute force: same as a direct recursive evaluation of the single row.
    fn wins(
        r: &HeapRules,
        p: Vec<u64>,
        memo: &mut std::collections::HashMap<Vec<u64>, bool>,
    ) -> bool {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let mut o = Vec::new();
        crate::impartial::Impartial::options(r, &p, &mut o);
        let v = o.is_empty() || o.into_iter().any(|q| !wins(r, q, memo));
        memo.insert(p, v);
        v
    }
    let hr = HeapRules(oct("0.77"));
    let mut memo = Default::default();
    // Misère: a player with no move wins, so "to move and terminal" = win.
    for n in 1..=12u64 {
        let v = g.solve(&w(&n.to_string()), &misere()).unwrap();
        assert_eq!(
            v.outcome == Winner::First,
            wins(&hr, vec![n], &mut memo),
            "{n}"
        );
    }
}

#[test]
fn table_reports() {
    let g = lookup("kayles").unwrap();
    let r = g
        .table(&TableOptions {
            upto: 200,
            period: true,
            ..Default::default()
        })
        .unwrap();
    let p = r.period.clone().unwrap();
    assert_eq!((p.preperiod.as_str(), p.period.as_str()), ("71", "12"));
    assert_eq!(r.count(), 201);
    // Kayles from heap 72 on: 4 1 2 8 1 4 7 2 1 8 2 7 for n mod 12 = 0..11.
    assert_eq!(r.row(200).value, Some(crate::interface::Cell::Number(1)));
    let r = g
        .table(&TableOptions {
            upto: 100,
            period: true,
            ..Default::default()
        })
        .unwrap();
    assert!(r.period.is_none());
    assert!(r
        .notes
        .iter()
        .any(|n| n.contains("no period proven up to 100")));
    // A long table computed for its period is summed up in its text form.
    let t = OctalGame { rules: oct("0.77") }
        .table_with(TableRequest {
            upto: Some(20_000),
            period: true,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(t.count(), 20_001);
    assert!(!t.list_in_text);
    let t = t.into_table();
    assert_eq!(t.count(), 20_001);
    assert!(!t.list_in_text);
    let m = OctalGame { rules: oct("0.77") }
        .table_with(TableRequest {
            upto: Some(10),
            misere: true,
            ..Default::default()
        })
        .unwrap()
        .into_table();
    assert_eq!(m.play, crate::interface::Play::Misere);
    assert!(m.value_kind.is_none() && m.period.is_none());
    assert_eq!(m.count(), 11);
    assert_eq!(m.row(0).outcome, Some(crate::interface::Winner::First));
}

#[test]
fn table_checkpoints_see_the_values_as_they_grow_and_can_stop_the_table() {
    use std::ops::ControlFlow;
    let game = OctalGame { rules: oct("0.16") };
    let full = game
        .table_with(TableRequest {
            upto: Some(1000),
            ..Default::default()
        })
        .unwrap();
    let mut seen = Vec::new();
    let mut save = |v: &Values| {
        assert_eq!(v.to_u32()[..], full.values.to_u32()[..v.len()]);
        seen.push(v.len());
        ControlFlow::Continue(())
    };
    let t = game
        .table_with(TableRequest {
            upto: Some(1000),
            checkpoint: Some(Checkpoint {
                every: 300,
                save: &mut save,
            }),
            ..Default::default()
        })
        .unwrap();
    assert_eq!(t.values, full.values);
    assert_eq!(seen, [300, 600, 900]);
    // Break at the second call: the table ends at heap 599.
    let mut calls = 0;
    let mut stop = |_: &Values| {
        calls += 1;
        if calls == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let t = game
        .table_with(TableRequest {
            upto: Some(1000),
            checkpoint: Some(Checkpoint {
                every: 300,
                save: &mut stop,
            }),
            ..Default::default()
        })
        .unwrap();
    assert_eq!((t.upto, t.count()), (599, 600));
}

/// A game splitting heaps into three costs a quadratic number of splits per heap: a heap
/// whose table would take long is refused at once, naming the `--max-positions` that allows
/// it; with that limit the table grows, watched by the deadline and the cancellation flag.
#[test]
fn games_splitting_into_three_are_bounded() {
    let g = lookup("hex:0.A0F").unwrap();
    let e = g.solve(&w("10000"), &SolveOptions::default()).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("--max-positions 10000"), "{text}");
    // A huge heap: the period search stops at the default table.
    let e = g
        .solve(&w("4444444044"), &SolveOptions::default())
        .unwrap_err();
    assert!(matches!(e, crate::error::Error::Limit { .. }), "{e}");
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = SolveOptions {
        max_positions: 10_000,
        cancel: Some(flag.clone()),
        ..Default::default()
    };
    let e = g.solve(&w("10000"), &cancelled).unwrap_err();
    assert!(matches!(e, crate::error::Error::Interrupted { .. }), "{e}");
    let e = g
        .table(&TableOptions {
            upto: 10_000,
            limits: crate::limits::Limits {
                cancel: Some(flag),
                ..Default::default()
            },
            ..Default::default()
        })
        .unwrap_err();
    assert!(matches!(e, crate::error::Error::Interrupted { .. }), "{e}");
    // Small heaps are answered as before.
    let v = g.solve(&w("60"), &SolveOptions::default()).unwrap();
    assert_eq!(v.method.kind, MethodKind::Engine);
}

/// The method line says how the values past a proven period were made: copied from the
/// period by default, computed by residue classes when every value is asked for, and
/// neither where the table ends before the period is proven.
#[test]
fn the_method_line_says_how_values_past_the_period_were_made() {
    let kayles = OctalGame { rules: oct("0.77") };
    let method = |upto: u64, every_value: bool| {
        kayles
            .table_with(TableRequest {
                upto: Some(upto),
                every_value,
                ..Default::default()
            })
            .unwrap()
            .method()
    };
    assert_eq!(
        method(20, false),
        "sparse-space Grundy sequence (rare and common values)"
    );
    assert!(method(5000, false).ends_with("values copied from it"));
    assert!(method(5000, true).ends_with("every value by residue classes"));
}
