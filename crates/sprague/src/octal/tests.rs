use super::*;
use crate::catalogue::{lookup, Listing, MethodKind, SolveOptions, TableOptions, Winner};
use crate::impartial::GrundySolver;
use num_bigint::BigUint;

fn oct(code: &str) -> Ruleset {
    Ruleset::parse(code, false).unwrap()
}

fn seq(r: &Ruleset, n: u64, m: Method) -> Vec<u32> {
    grundy_sequence(r, n, m).unwrap().to_u32()
}

#[test]
fn codes_parse_and_malformed_codes_are_named() {
    assert_eq!(oct("0.77").digits, vec![0, 7, 7]);
    assert_eq!(oct("4.07").digits, vec![4, 0, 7]);
    assert_eq!(Ruleset::parse("0.F", true).unwrap().digits, vec![0, 15]);
    for bad in ["077", "0.8", "0.", "1.7", "2.7", "0.00", "12.7", "0.7x"] {
        let e = Ruleset::parse(bad, false).unwrap_err().to_string();
        assert!(e.contains(bad), "{bad}: {e}");
    }
    assert!(Ruleset::parse("0.G", true).is_err());
    assert!(lookup("octal").is_err());
    assert!(lookup("kayles:3").is_err());
}

#[test]
fn known_sequences() {
    let k = seq(&oct("0.77"), 20, Method::Sparse);
    assert_eq!(
        k[1..],
        [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
    );
    let d = seq(&oct("0.07"), 20, Method::Sparse);
    assert_eq!(
        d[1..],
        [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    );
    let g = seq(&Ruleset::grundy_game(), 20, Method::Sparse);
    assert_eq!(
        g[1..],
        [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    // Dawson's Chess is Dawson's Kayles shifted by one.
    let c = seq(&oct("0.137"), 300, Method::Sparse);
    let d = seq(&oct("0.07"), 301, Method::Sparse);
    assert_eq!(c[..], d[1..]);
    // Lasker's Nim formula.
    let l = seq(&Ruleset::lasker_nim(), 200, Method::Sparse);
    for (n, &v) in l.iter().enumerate() {
        let want = game::lasker(&(n as u64).into());
        assert_eq!(num_bigint::BigUint::from(v), want, "lasker {n}");
    }
}

#[test]
fn known_periods() {
    for (code, pre, per) in [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34)] {
        let r = oct(code);
        let v = grundy_sequence(&r, 2000, Method::Sparse).unwrap();
        let p = find_period(&r, &v).expect(code);
        assert_eq!((p.preperiod, p.period), (pre, per), "{code}");
        // The proof really checked what the theorem asks.
        let b = period::proof_bound(&r, pre, per).unwrap();
        assert!(period::check_directly(&v, pre, per, b));
        assert!(!period::check_directly(&v, pre - 1, per, b));
    }
    // Past 2048 values a proven period is copied instead of computed: still exact.
    let r = oct("0.77");
    assert_eq!(seq(&r, 5000, Method::Sparse), seq(&r, 5000, Method::Plain));
    // Not enough values: nothing claimed.
    let r = oct("0.77");
    let v = grundy_sequence(&r, 150, Method::Sparse).unwrap();
    assert_eq!(find_period(&r, &v), None);
    // A preperiod of 0 is proven with the bound for 1. 0.4 (take one only to split in
    // two) starts 0, 0, 0, 1: with n0 = 0 and p = 1 the bound p + t = 2 would pass on
    // three values, but the part that replaces a split (1, 1) of heap 3 would be empty,
    // leaving one heap, which the digit 4 does not allow.
    let r = oct("0.4");
    let v = grundy_sequence(&r, 4, Method::Plain).unwrap();
    assert_eq!(v.to_u32(), [0, 0, 0, 1, 1]);
    let first3 = Values::from_u32(&v.to_u32()[..3]);
    assert_eq!(find_period(&r, &first3), None);
    assert_eq!(period::proof_bound(&r, 0, 1), period::proof_bound(&r, 1, 1));
    // Nim with one token a move (0.3): periodic from 0, claimed once the bound for 1 is.
    let r = oct("0.3");
    let v = grundy_sequence(&r, 40, Method::Sparse).unwrap();
    let p = find_period(&r, &v).unwrap();
    assert_eq!((p.preperiod, p.period), (0, 2));
    // No claim where the theorem does not apply.
    let g = Ruleset::grundy_game();
    let v = grundy_sequence(&g, 3000, Method::Sparse).unwrap();
    assert_eq!(find_period(&g, &v), None);
}

#[test]
fn plain_and_sparse_agree_on_all_two_digit_codes() {
    for d1 in 0..8u8 {
        for d2 in 0..8u8 {
            if d1 == 0 && d2 == 0 {
                continue;
            }
            let r = oct(&format!("0.{d1}{d2}"));
            assert_eq!(
                seq(&r, 1500, Method::Plain),
                seq(&r, 1500, Method::Sparse),
                "0.{d1}{d2}"
            );
        }
    }
}

#[test]
fn plain_and_sparse_agree_on_other_codes() {
    let mut x: u64 = 0x9E3779B97F4A7C15;
    let mut codes: Vec<(String, bool)> = Vec::new();
    for _ in 0..40 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let d = |k: u32| ((x >> (3 * k)) & 7) as u8;
        codes.push((format!("0.{}{}{}", d(0), d(1), d(2) | 1), false));
    }
    for c in ["4.07", "4.7", "4.37", "0.16", "0.1777", "0.6", "4.6"] {
        codes.push((c.into(), false));
    }
    for c in ["0.F", "0.8", "0.B", "0.9F", "8.0F", "0.3F", "C.1"] {
        codes.push((c.into(), true));
    }
    for (c, hex) in &codes {
        let r = Ruleset::parse(c, *hex).unwrap();
        let n = if *hex { 300 } else { 1200 };
        assert_eq!(seq(&r, n, Method::Plain), seq(&r, n, Method::Sparse), "{c}");
    }
    let g = Ruleset::grundy_game();
    assert_eq!(seq(&g, 1500, Method::Plain), seq(&g, 1500, Method::Sparse));
}

#[test]
fn tables_match_the_generic_engine() {
    let mut rules: Vec<Ruleset> = ["0.77", "0.07", "0.137", "4.07", "0.6", "0.16"]
        .iter()
        .map(|c| oct(c))
        .collect();
    rules.push(Ruleset::parse("0.F", true).unwrap());
    rules.push(Ruleset::parse("8.1", true).unwrap());
    rules.push(Ruleset::grundy_game());
    rules.push(Ruleset::lasker_nim());
    for r in rules {
        let v = seq(&r, 25, Method::Sparse);
        let hr = HeapRules(r.clone());
        let mut s = GrundySolver::new(&hr);
        for n in 0..=25u64 {
            let p = if n == 0 { vec![] } else { vec![n] };
            assert_eq!(
                s.grundy(&p).unwrap().value(),
                v[n as usize] as u64,
                "{} {n}",
                r.name
            );
        }
        // Sums are XORs.
        let p = vec![3, 5, 7];
        assert_eq!(s.grundy(&p).unwrap().value() as u32, v[3] ^ v[5] ^ v[7]);
    }
}

#[test]
fn storage_widens_past_255_and_resumes() {
    // 0.6 (Officers) stays small; Lasker's Nim exceeds 255 quickly.
    let r = Ruleset::lasker_nim();
    let v = grundy_sequence(&r, 600, Method::Sparse).unwrap();
    assert_eq!(v.width(), 2);
    assert_eq!(v.get(599), 600);
    let r = oct("0.16");
    let full = grundy_sequence(&r, 3000, Method::Sparse).unwrap();
    let mut prefix = full.to_u32();
    prefix.truncate(1000);
    let mut c =
        Computation::resume(r.clone(), Method::Sparse, Values::from_u32(&prefix), 100).unwrap();
    let mut calls = 0;
    c.extend_to(3000, &mut |_, _| calls += 1).unwrap();
    assert!(calls >= 1);
    assert_eq!(c.values().to_u32(), full.to_u32());
    // A wrong prefix is caught by the verification.
    prefix[999] ^= 1;
    assert!(Computation::resume(r, Method::Sparse, Values::from_u32(&prefix), 100).is_err());
    // File round trip.
    let bytes = file::encode("octal:0.16", &full);
    let (spec, back) = file::decode(&bytes).unwrap();
    assert_eq!((spec.as_str(), back), ("octal:0.16", full));
    assert!(file::decode(b"garbage").is_err());
}

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
    let mut rules: Vec<Ruleset> = ["0.77", "4.07", "0.6", "0.137", "0.4"]
        .iter()
        .map(|c| oct(c))
        .collect();
    rules.push(Ruleset::parse("0.F", true).unwrap());
    rules.push(Ruleset::parse("C.1", true).unwrap());
    rules.push(Ruleset::grundy_game());
    rules.push(Ruleset::lasker_nim());
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
                    let l = |x: u64| game::lasker(&x.into());
                    (l(a) ^ l(h - a)) == want.into()
                })
                .collect();
            let (hb, wb) = (BigUint::from(h), BigUint::from(want));
            assert_eq!(
                game::lasker_split_count(&hb, &wb),
                Some(brute.len().into()),
                "h {h} w {want}"
            );
            if let Some(sp) = game::LaskerSplits::new(&hb, &wb) {
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
        rules: Ruleset::lasker_nim(),
    };
    let known = g0
        .known(&BigUint::from(300u32), &SolveOptions::default())
        .unwrap();
    for h in 1..=200u64 {
        let hb = BigUint::from(h);
        let lh = game::lasker(&hb);
        let wants = (0..40u64)
            .map(BigUint::from)
            .chain((0..8u32).map(|x| &lh ^ BigUint::from(x)));
        for want in wants {
            let scan = g0.winning_of(&known, &hb, &want, 10_000);
            let formula = game::lasker_winning_of(&hb, &want, 10_000);
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
    assert_eq!(v.moves.len(), game::MAX_WINNING_LISTED);
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
    assert!(v.moves.len() <= game::MAX_MOVES_LISTED);
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
    assert!(!v.complete && v.moves.len() <= game::MAX_MOVES_LISTED);
    assert!(v
        .moves
        .iter()
        .any(|m| m.label.starts_with("take 2 from heap 1")));
    let note = v.note.as_deref().unwrap();
    assert!(note.contains(&digits[..40]), "{note}");
    // Kayles' periodic values are never 0: the first player wins a single huge heap.
    let v = k.solve(&w(&digits), &SolveOptions::default()).unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert!(!v.moves.is_empty() && v.moves.len() <= game::MAX_WINNING_LISTED);
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
        matches!(e, crate::Error::Limit { limit: 8388608, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("open problem"), "{e}");
    let small = SolveOptions {
        max_positions: 200_000,
        ..Default::default()
    };
    let e = o.solve(&w("300000"), &small).unwrap_err();
    assert!(
        matches!(e, crate::Error::Limit { limit: 200_000, .. }),
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
    assert_eq!(v.play, crate::catalogue::Play::Misere);
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
    assert_eq!(r.json["period"]["preperiod"], 71);
    assert_eq!(r.json["period"]["period"], 12);
    assert_eq!(r.json["values"].as_array().unwrap().len(), 201);
    let r = g
        .table(&TableOptions {
            upto: 100,
            period: true,
            ..Default::default()
        })
        .unwrap();
    assert!(r.json["period"].is_null());
    assert!(r.text.contains("no period proven up to 100"));
    // The typed table: the summary has every key but `values`, which sorts last.
    let t = OctalGame { rules: oct("0.77") }
        .table_with(TableRequest {
            upto: Some(20_000),
            period: true,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(t.count(), 20_001);
    assert!(!t.list_in_text);
    let keys: Vec<String> = t.json_summary().keys().cloned().collect();
    assert_eq!(keys, ["game", "method", "period", "upto"]);
    assert!(keys.iter().all(|k| k.as_str() < "values"));
    assert!(t
        .to_report()
        .text
        .contains("20001 values computed; not listed"));
    let m = OctalGame { rules: oct("0.77") }
        .table_with(TableRequest {
            upto: Some(10),
            misere: true,
            ..Default::default()
        })
        .unwrap();
    let keys: Vec<String> = m.json_summary().keys().cloned().collect();
    assert_eq!(keys, ["game", "period", "play"]);
}

#[test]
fn every_path_of_the_sparse_method_is_exact() {
    // Tunings forcing each path: no quick scan (targeted search only, tiny lists), no
    // targeted search (full scans), and tiny budgets everywhere.
    let tunings = [
        Tuning {
            scan_per_target: 0,
            target_budget: 1 << 20,
            list_len: 3,
            partners: 2,
        },
        Tuning {
            scan_per_target: 0,
            target_budget: 0,
            list_len: 0,
            partners: 0,
        },
        Tuning {
            scan_per_target: 1,
            target_budget: 2,
            list_len: 4,
            partners: 24,
        },
    ];
    let mut rules: Vec<Ruleset> = ["0.6", "0.16", "0.1777", "0.77", "4.07", "0.356", "0.4"]
        .iter()
        .map(|c| oct(c))
        .collect();
    rules.push(Ruleset::parse("0.9F", true).unwrap());
    rules.push(Ruleset::parse("8.0F", true).unwrap());
    rules.push(Ruleset::grundy_game());
    for r in &rules {
        let want = seq(r, 1500, Method::Plain);
        for (i, t) in tunings.iter().enumerate() {
            let mut c = Computation::new(r.clone(), Method::Sparse);
            c.set_tuning(*t);
            c.without_small_path();
            c.extend_to(1500, &mut |_, _| {}).unwrap();
            assert_eq!(c.values().to_u32(), want, "{} tuning {i}", r.name);
            let s = c.stats();
            if r.name == "octal:0.6" {
                match i {
                    0 => assert!(s.targeted > 100 && s.scan_steps == 0, "{s:?}"),
                    1 => assert!(s.targeted == 0 && s.full_scans > 100, "{s:?}"),
                    _ => assert!(s.scan_steps > 0 && s.full_scans > 0, "{s:?}"),
                }
            }
        }
    }
    // Resuming keeps the tuning's exactness (state rebuilt from the prefix).
    let r = oct("0.6");
    let full = seq(&r, 2000, Method::Plain);
    let mut c = Computation::resume(
        r.clone(),
        Method::Sparse,
        Values::from_u32(&full[..700]),
        50,
    )
    .unwrap();
    c.set_tuning(tunings[0]);
    c.without_small_path();
    c.extend_to(2000, &mut |_, _| {}).unwrap();
    assert_eq!(c.values().to_u32(), full);
}

#[test]
fn speculative_batches_are_exact() {
    // Four threads (more than this machine's cores, so tasks interleave); speculation from
    // heap 40 on. Officers has rare values (wrong guesses) well past 40, 0.16 and 0.1777
    // have few, Grundy's game splits into unequal heaps; the other codes have rare values
    // at the ends of batches too.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    for r in [
        oct("0.6"),
        oct("0.16"),
        oct("0.1777"),
        oct("4.07"),
        Ruleset::grundy_game(),
        oct("0.26"),
        oct("0.36"),
        oct("0.46"),
        oct("0.56"),
        oct("0.76"),
        oct("4.6"),
    ] {
        let want = seq(&r, 3000, Method::Plain);
        let mut c = Computation::new(r.clone(), Method::Sparse);
        c.force_speculation_from(40);
        c.without_small_path();
        pool.install(|| c.extend_to(3000, &mut |_, _| {})).unwrap();
        assert_eq!(c.values().to_u32(), want, "{}", r.name);
        let s = c.stats();
        // (A proven period copies values instead: 4.07's comes early.)
        assert!(
            c.period().is_some() || s.speculated > 2000,
            "{}: {s:?}",
            r.name
        );
        if r.name == "octal:0.6" {
            assert!(s.full_scans > 10, "wrong guesses were corrected: {s:?}");
            assert!(s.marked_ahead > 10, "marks were made ahead: {s:?}");
        }
        // Again in steps (each step ends the batches, and the marks made ahead for the
        // next batch wait over the step), with the stamps of the marks near their wrap.
        let mut c = Computation::new(r.clone(), Method::Sparse);
        c.force_speculation_from(40);
        c.without_small_path();
        for upto in (100..=3000).step_by(100) {
            c.stamps_near_wrap();
            pool.install(|| c.extend_to(upto, &mut |_, _| {})).unwrap();
        }
        assert_eq!(c.values().to_u32(), want, "{} in steps", r.name);
    }
}

#[test]
fn sequential_batches_are_exact_and_stamps_wrap() {
    // Batches from heap 40 (Officers' rare values end batches early; Grundy's game splits
    // into unequal heaps), with the stamps of the marks made to wrap every 100 heaps,
    // while stale stamps lie in every batch's marks.
    for r in [
        oct("0.6"),
        oct("0.16"),
        oct("0.356"),
        Ruleset::grundy_game(),
    ] {
        let want = seq(&r, 2500, Method::Plain);
        let mut c = Computation::new(r.clone(), Method::Sparse);
        c.force_batches_from(40);
        c.without_small_path();
        for upto in (100..=2500).step_by(100) {
            c.stamps_near_wrap();
            c.extend_to(upto, &mut |_, _| {}).unwrap();
        }
        assert_eq!(c.values().to_u32(), want, "{}", r.name);
        let s = c.stats();
        assert!(s.batched > 2000, "{}: {s:?}", r.name);
    }
}

#[test]
fn the_period_watch_stops_when_the_proof_is_complete() {
    // Kayles: preperiod 71, period 12; the proof needs g(0..2·71 + 2·12 + 2) = 168 values.
    let r = oct("0.77");
    let mut c = Computation::new(r.clone(), Method::Sparse);
    let p = c
        .extend_until_period(100_000, &mut |_, _| {})
        .unwrap()
        .unwrap();
    assert_eq!((p.preperiod, p.period), (71, 12));
    assert_eq!(c.len() as u64, period::values_needed(&r, 71, 12).unwrap());
    assert_eq!(c.len(), 168);
    // One value fewer proves nothing.
    let v = grundy_sequence(&r, 166, Method::Plain).unwrap();
    assert_eq!(find_period(&r, &v), None);
    // Many codes: whatever the watch proves is what the theorem needs, and the periodic
    // extension agrees with the plain method further on.
    let mut x: u64 = 0x2545F4914F6CDD1D;
    let mut proven = 0;
    for _ in 0..60 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let d = |k: u32| ((x >> (3 * k)) & 7) as u8;
        let r = oct(&format!("0.{}{}{}", d(0), d(1), d(2) | 1));
        let mut c = Computation::new(r.clone(), Method::Sparse);
        let Some(p) = c.extend_until_period(3000, &mut |_, _| {}).unwrap() else {
            continue;
        };
        proven += 1;
        let len = c.len();
        let (pre, per) = (p.preperiod, p.period);
        let b = period::proof_bound(&r, pre, per).unwrap();
        assert!(b + per <= len as u64, "{}", r.name);
        assert!(
            period::check_directly(c.values(), pre, per, b),
            "{}",
            r.name
        );
        assert_eq!(find_period(&r, c.values()), Some(p), "{}", r.name);
        let plain = seq(&r, len as u64 + 400, Method::Plain);
        for n in pre as usize..plain.len() {
            let k = pre as usize + (n - pre as usize) % per as usize;
            assert_eq!(plain[n], plain[k], "{} at {n}", r.name);
        }
        // Past the proof, the sparse method copies: still exact.
        c.extend_to(len as u64 + 400, &mut |_, _| {}).unwrap();
        assert_eq!(c.values().to_u32(), plain, "{}", r.name);
        assert_eq!(c.period(), Some(p));
    }
    assert!(proven >= 20, "{proven}");
}
