//! Tests of the sequence computation: known sequences and periods, the plain and the
//! sparse method against each other and the generic engine, storage and resuming, and
//! every path of the sparse method (tunings, batches, speculation, the period watch).

use crate::impartial::GrundySolver;
use crate::interface::SolveOptions;
use crate::octal::entries::{
    values_against_search, DAWSON_CHESS_PERIOD, DAWSON_KAYLES_PERIOD, KAYLES_PERIOD,
};
use crate::octal::game::OctalGame;
use crate::octal::tests::oct;
use crate::octal::values::{Nine, Seq};
use crate::octal::*;

fn seq(r: &TakeAndBreak, n: u64, m: Algorithm) -> Vec<u32> {
    grundy_sequence(r, n, m).unwrap().to_u32()
}

#[test]
fn known_sequences() {
    let k = seq(&oct("0.77"), 20, Algorithm::Sparse);
    assert_eq!(
        k[1..],
        [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1]
    );
    let d = seq(&oct("0.07"), 20, Algorithm::Sparse);
    assert_eq!(
        d[1..],
        [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3]
    );
    let g = seq(&TakeAndBreak::grundy_game(), 20, Algorithm::Sparse);
    assert_eq!(
        g[1..],
        [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    // Dawson's Chess is Dawson's Kayles shifted by one.
    let c = seq(&oct("0.137"), 300, Algorithm::Sparse);
    let d = seq(&oct("0.07"), 301, Algorithm::Sparse);
    assert_eq!(c[..], d[1..]);
    // Lasker's Nim formula.
    let l = seq(&TakeAndBreak::lasker_nim(), 200, Algorithm::Sparse);
    for (n, &v) in l.iter().enumerate() {
        let want = crate::octal::lasker::lasker(&(n as u64).into());
        assert_eq!(num_bigint::BigUint::from(v), want, "lasker {n}");
    }
}

#[test]
fn known_periods() {
    for (code, published) in [
        ("0.77", KAYLES_PERIOD),
        ("0.07", DAWSON_KAYLES_PERIOD),
        ("0.137", DAWSON_CHESS_PERIOD),
    ] {
        let (pre, per) = (published.preperiod, published.period);
        let r = oct(code);
        let v = grundy_sequence(&r, 2000, Algorithm::Sparse).unwrap();
        let p = find_period(&r, &v).expect(code);
        assert_eq!((p.preperiod, p.period), (pre, per), "{code}");
        // The proof really checked what the theorem asks.
        let b = period::proof_bound(&r, pre, per).unwrap();
        assert!(period::check_directly(&v, pre, per, b));
        assert!(!period::check_directly(&v, pre - 1, per, b));
    }
    // Past 2048 values a proven period is copied instead of computed: still exact.
    let r = oct("0.77");
    assert_eq!(
        seq(&r, 5000, Algorithm::Sparse),
        seq(&r, 5000, Algorithm::Plain)
    );
    // Not enough values: nothing claimed.
    let r = oct("0.77");
    let v = grundy_sequence(&r, 150, Algorithm::Sparse).unwrap();
    assert_eq!(find_period(&r, &v), None);
    // A preperiod of 0 is proven with the bound for 1. 0.4 (take one only to split in
    // two) starts 0, 0, 0, 1: with n0 = 0 and p = 1 the bound p + t = 2 would pass on
    // three values, but the part that replaces a split (1, 1) of heap 3 would be empty,
    // leaving one heap, which the digit 4 does not allow.
    let r = oct("0.4");
    let v = grundy_sequence(&r, 4, Algorithm::Plain).unwrap();
    assert_eq!(v.to_u32(), [0, 0, 0, 1, 1]);
    let first3 = Values::from_u32(&v.to_u32()[..3]);
    assert_eq!(find_period(&r, &first3), None);
    assert_eq!(period::proof_bound(&r, 0, 1), period::proof_bound(&r, 1, 1));
    // Nim with one token a move (0.3): periodic from 0, claimed once the bound for 1 is.
    let r = oct("0.3");
    let v = grundy_sequence(&r, 40, Algorithm::Sparse).unwrap();
    let p = find_period(&r, &v).unwrap();
    assert_eq!((p.preperiod, p.period), (0, 2));
    // No claim where the theorem does not apply.
    let g = TakeAndBreak::grundy_game();
    let v = grundy_sequence(&g, 3000, Algorithm::Sparse).unwrap();
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
                seq(&r, 1500, Algorithm::Plain),
                seq(&r, 1500, Algorithm::Sparse),
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
        let r = TakeAndBreak::parse(c, *hex).unwrap();
        let n = if *hex { 300 } else { 1200 };
        assert_eq!(
            seq(&r, n, Algorithm::Plain),
            seq(&r, n, Algorithm::Sparse),
            "{c}"
        );
    }
    let g = TakeAndBreak::grundy_game();
    assert_eq!(
        seq(&g, 1500, Algorithm::Plain),
        seq(&g, 1500, Algorithm::Sparse)
    );
}

#[test]
fn tables_match_the_generic_engine() {
    let mut rules: Vec<TakeAndBreak> = ["0.77", "0.07", "0.137", "4.07", "0.6", "0.16"]
        .iter()
        .map(|c| oct(c))
        .collect();
    rules.push(TakeAndBreak::parse("0.F", true).unwrap());
    rules.push(TakeAndBreak::parse("8.1", true).unwrap());
    rules.push(TakeAndBreak::grundy_game());
    rules.push(TakeAndBreak::lasker_nim());
    for r in rules {
        let game = OctalGame { rules: r.clone() };
        let known = game.known(&25u32.into(), &SolveOptions::default()).unwrap();
        assert_eq!(values_against_search(&game, &[&known], 25), Ok(26));
        // Sums are XORs.
        let v = seq(&r, 25, Algorithm::Sparse);
        let mut s = GrundySolver::new(HeapRules(r.clone()));
        let p = vec![3, 5, 7];
        assert_eq!(s.grundy(&p).unwrap().value() as u32, v[3] ^ v[5] ^ v[7]);
    }
}

#[test]
fn storage_widens_past_255_and_resumes() {
    // 0.6 (Officers) stays small; Lasker's Nim exceeds 255 quickly.
    let r = TakeAndBreak::lasker_nim();
    let v = grundy_sequence(&r, 600, Algorithm::Sparse).unwrap();
    assert_eq!(v.width(), 2);
    assert_eq!(v.get(599), 600);
    let r = oct("0.16");
    let full = grundy_sequence(&r, 3000, Algorithm::Sparse).unwrap();
    let mut prefix = full.to_u32();
    prefix.truncate(1000);
    let mut c =
        Computation::resume(r.clone(), Algorithm::Sparse, Values::from_u32(&prefix), 100).unwrap();
    let mut calls = 0;
    c.extend_to(3000, &mut |_, _| calls += 1).unwrap();
    assert!(calls >= 1);
    assert_eq!(c.values().to_u32(), full.to_u32());
    // A wrong prefix is caught by the verification.
    prefix[999] ^= 1;
    assert!(Computation::resume(r, Algorithm::Sparse, Values::from_u32(&prefix), 100).is_err());
    // File round trip.
    let bytes = file::encode("octal:0.16", &full).unwrap();
    let saved = file::decode(&bytes).unwrap();
    assert_eq!((saved.spec.as_str(), saved.values), ("octal:0.16", full));
    assert!(file::decode(b"garbage").is_err());
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
    let mut rules: Vec<TakeAndBreak> = ["0.6", "0.16", "0.1777", "0.77", "4.07", "0.356", "0.4"]
        .iter()
        .map(|c| oct(c))
        .collect();
    rules.push(TakeAndBreak::parse("0.9F", true).unwrap());
    rules.push(TakeAndBreak::parse("8.0F", true).unwrap());
    rules.push(TakeAndBreak::grundy_game());
    for r in &rules {
        let want = seq(r, 1500, Algorithm::Plain);
        // Each tuning with the set kernel of the scans, where the processor has it, and
        // with the marks and comparisons.
        for (i, (t, sets)) in tunings
            .iter()
            .flat_map(|t| [(t, true), (t, false)])
            .enumerate()
        {
            let i = i / 2;
            let mut c = Computation::new(r.clone(), Algorithm::Sparse);
            c.set_tuning(*t);
            c.without_small_path();
            c.use_value_sets(sets);
            c.extend_to(1500, &mut |_, _| {}).unwrap();
            assert_eq!(
                c.values().to_u32(),
                want,
                "{} tuning {i} sets {sets}",
                r.name
            );
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
    let full = seq(&r, 2000, Algorithm::Plain);
    let mut c = Computation::resume(
        r.clone(),
        Algorithm::Sparse,
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
        TakeAndBreak::grundy_game(),
        oct("0.26"),
        oct("0.36"),
        oct("0.46"),
        oct("0.56"),
        oct("0.76"),
        oct("4.6"),
    ] {
        let want = seq(&r, 3000, Algorithm::Plain);
        // The checks' scans with the marks and comparisons, exact as well.
        let mut c = Computation::new(r.clone(), Algorithm::Sparse);
        c.force_speculation_from(40);
        c.without_small_path();
        c.use_value_sets(false);
        pool.install(|| c.extend_to(3000, &mut |_, _| {})).unwrap();
        assert_eq!(c.values().to_u32(), want, "{} without sets", r.name);
        // And with the set kernel where the processor has it.
        let mut c = Computation::new(r.clone(), Algorithm::Sparse);
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
            assert!(
                s.guessed_ahead > 10,
                "batches were guessed while the one before was checked: {s:?}"
            );
            assert!(
                s.marked_early > 10,
                "far marks were made two batches ahead: {s:?}"
            );
        }
        // Again in steps: short ones, and steps long enough for far marks made two
        // batches ahead, whose arrays hold the stamps of the step before when the stamps
        // wrap.
        let c = speculate_in_steps(&r, &pool, 3000, 100);
        assert_eq!(c.values().to_u32(), want, "{} in steps", r.name);
        let c = speculate_in_steps(&r, &pool, 3000, 750);
        assert_eq!(c.values().to_u32(), want, "{} in long steps", r.name);
    }
}

/// `g(0..=upto)` of `r` on the threads of `pool`, the general path's speculative batches
/// from heap 40 on, computed in steps of `step` heaps (each step ends the batches,
/// dropping the batch guessed ahead), with the stamps of the marks near their wrap at
/// each step.
fn speculate_in_steps(
    r: &TakeAndBreak,
    pool: &rayon::ThreadPool,
    upto: u64,
    step: usize,
) -> Computation {
    let mut c = Computation::new(r.clone(), Algorithm::Sparse);
    c.force_speculation_from(40);
    c.without_small_path();
    for upto in (step as u64..=upto).step_by(step) {
        c.stamps_near_wrap();
        pool.install(|| c.extend_to(upto, &mut |_, _| {})).unwrap();
    }
    c
}

#[test]
fn wide_speculative_batches_on_many_threads_are_exact() {
    // Sixteen threads: batches of 256 heaps once the guesses have held for 1,024 heaps
    // (0.1777 has few rare values; Officers' wrong guesses keep its batches short).
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(16)
        .build()
        .unwrap();
    for r in [oct("0.6"), oct("0.16"), oct("0.1777")] {
        let want = seq(&r, 12_000, Algorithm::Plain);
        let c = speculate_in_steps(&r, &pool, 12_000, 1000);
        assert_eq!(c.values().to_u32(), want, "{}", r.name);
        let s = c.stats();
        if r.name == "octal:0.1777" {
            assert!(s.wide_batches > 3, "{}: {s:?}", r.name);
        }
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
        TakeAndBreak::grundy_game(),
    ] {
        let want = seq(&r, 2500, Algorithm::Plain);
        let mut c = Computation::new(r.clone(), Algorithm::Sparse);
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
    let mut c = Computation::new(r.clone(), Algorithm::Sparse);
    let p = c
        .extend_until_period(100_000, &mut |_, _| {})
        .unwrap()
        .unwrap();
    assert_eq!((p.preperiod, p.period), (71, 12));
    assert_eq!(c.len() as u64, period::values_needed(&r, 71, 12).unwrap());
    assert_eq!(c.len(), 168);
    // One value fewer proves nothing.
    let v = grundy_sequence(&r, 166, Algorithm::Plain).unwrap();
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
        let mut c = Computation::new(r.clone(), Algorithm::Sparse);
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
        let plain = seq(&r, len as u64 + 400, Algorithm::Plain);
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

#[test]
fn nine_bit_storage_reads_like_a_vector() {
    // Every path of the computation through the nine-bit store, with 16-bit windows of a
    // few values, so that most reads and runs fall in the packed values or across the
    // windows' edges: the plain sparse path, the general path, sequential and speculative
    // batches, every value past a period (residues), and Lasker's Nim, whose values pass
    // 511 (the store then widens to 16 bits). In steps, so that the batches guessed ahead
    // are dropped and the store truncated.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .unwrap();
    let rules = [
        oct("0.6"),
        oct("0.16"),
        oct("0.1777"),
        oct("0.356"),
        oct("4.07"),
        TakeAndBreak::grundy_game(),
        TakeAndBreak::lasker_nim(),
    ];
    for r in &rules {
        let want = seq(r, 1200, Algorithm::Plain);
        for mode in 0..5 {
            let mut c = Computation::new(r.clone(), Algorithm::Sparse);
            // (Mode 0: a first window longer than the latest one.)
            let head = if mode == 0 { 40 } else { 5 };
            c.store_in_nine_bits(head, 7, 3);
            match mode {
                0 => {}
                1 => c.without_small_path(),
                2 => {
                    c.force_batches_from(40);
                    c.without_small_path();
                }
                3 => {
                    c.force_speculation_from(40);
                    c.without_small_path();
                }
                _ => c.compute_every_value(true),
            }
            for upto in (150..=1200).step_by(150) {
                pool.install(|| c.extend_to(upto, &mut |_, _| {})).unwrap();
            }
            assert_eq!(c.values().to_u32(), want, "{} mode {mode}", r.name);
            let wide = want.iter().any(|&v| v >= 512);
            assert_eq!(
                matches!(c.values(), Values::U9(_)),
                !wide,
                "{} mode {mode}",
                r.name
            );
            let s = c.stats();
            match mode {
                2 if r.name == "octal:0.6" => assert!(s.batched > 500, "{s:?}"),
                3 if r.name == "octal:0.6" => assert!(s.speculated > 500, "{s:?}"),
                4 if r.name == "octal:4.07" => assert!(s.residues > 500, "{s:?}"),
                _ => {}
            }
        }
    }
}

#[test]
fn nine_bit_values_read_back_from_every_place() {
    // Pushes, truncations below and above the latest window, and views, against a plain
    // vector of the same values; a resumed computation narrows 16-bit values below 512.
    let mut nine = Nine::with_windows(3, 4, 2);
    let mut plain: Vec<u32> = Vec::new();
    let mut x = 12345u32;
    for step in 0..2000 {
        x = x.wrapping_mul(1103515245).wrapping_add(12345);
        if step % 97 == 96 {
            let n = (x as usize >> 8) % (plain.len() + 1);
            nine.truncate(n);
            plain.truncate(n);
        } else {
            let v = (x >> 16) % 512;
            nine.push(v as u16);
            plain.push(v);
        }
        let view = nine.view();
        assert_eq!(view.len(), plain.len());
        let k = (x as usize >> 4) % (plain.len().max(1));
        if !plain.is_empty() {
            assert_eq!(view.at(k), plain[k], "step {step}");
        }
    }
    let values = Values::U9(nine.clone());
    assert_eq!(values.to_u32(), plain);
    assert_eq!(Values::from_u32(&plain), values);
    // Files keep 2 bytes a value; read back, values below 512 are nine bits, and a file
    // whose values reach 512 in its later blocks is widened there.
    for (upto, nine) in [(400, true), (700, false)] {
        let v = grundy_sequence(&TakeAndBreak::lasker_nim(), upto, Algorithm::Sparse).unwrap();
        let bytes = file::encode("lasker", &v).unwrap();
        let back = file::decode(&bytes).unwrap().values;
        assert_eq!(matches!(back, Values::U9(_)), nine);
        assert_eq!(back.to_u32(), v.to_u32());
        assert_eq!(back, v);
    }
    // Resumed from 16-bit values (as a file gives them), the store is the narrowest:
    // nine bits for Lasker's Nim to 400 (values from 256 to 511), a byte for Officers.
    for (r, upto, nine) in [
        (TakeAndBreak::lasker_nim(), 400, true),
        (oct("0.6"), 700, false),
    ] {
        let full = seq(&r, upto, Algorithm::Plain);
        assert_eq!(full.iter().any(|&v| v >= 256), nine);
        let wide = Values::U16(full.iter().map(|&v| v as u16).collect());
        let c = Computation::resume(r, Algorithm::Sparse, wide, 10).unwrap();
        assert_eq!(matches!(c.values(), Values::U9(_)), nine);
        assert_eq!(matches!(c.values(), Values::U8(_)), !nine);
        assert_eq!(c.values().to_u32(), full);
    }
}

#[test]
fn middle_splits_scanned_ahead_are_exact() {
    // From heap 4,096 on, the small path scans the middle splits of the next heaps' sizes
    // ahead (beside the heaps, on two threads; in turn on one), and each heap's scan
    // starts past them: the plain method's values either way.
    for code in ["0.1777", "0.16", "0.356"] {
        let r = oct(code);
        let want = seq(&r, 20_000, Algorithm::Plain);
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut c = Computation::new(r.clone(), Algorithm::Sparse);
            for upto in (2_500..=20_000).step_by(2_500) {
                pool.install(|| c.extend_to(upto, &mut |_, _| {})).unwrap();
            }
            assert_eq!(c.values().to_u32(), want, "{code} on {threads} threads");
            assert!(c.middles_scanned() > 10_000, "{code}");
        }
    }
}

#[test]
fn speculation_waits_where_its_guesses_fail_every_few_heaps() {
    use super::speculate::FIRST_SPECULATION_WAIT;
    let mut c = Computation::new(oct("0.6"), Algorithm::Sparse);
    let from = c.speculate_from;
    // Eight batches that kept a few heaps each (a wrong guess every few heaps): the next
    // batch waits, and the wait after it is twice as long.
    let mut n = 5000;
    for _ in 0..8 {
        n += 6;
        c.weigh_batches(6, n);
    }
    assert_eq!(c.speculate_from, n + FIRST_SPECULATION_WAIT);
    assert!(!c.speculates(n) && c.speculate_from > from);
    assert_eq!(c.speculation_wait, 2 * FIRST_SPECULATION_WAIT);
    for _ in 0..8 {
        n += 6;
        c.weigh_batches(6, n);
    }
    assert_eq!(c.speculate_from, n + 2 * FIRST_SPECULATION_WAIT);
    // Batches that keep most of their heaps bring the wait back to its start, and leave
    // the heap speculation starts from alone.
    let resume = c.speculate_from;
    for _ in 0..8 {
        n += 64;
        c.weigh_batches(64, n);
    }
    assert_eq!(c.speculation_wait, FIRST_SPECULATION_WAIT);
    assert_eq!(c.speculate_from, resume);
    // The tests' forced speculation never waits.
    c.force_speculation_from(40);
    for _ in 0..8 {
        c.weigh_batches(1, n);
    }
    assert_eq!(c.speculate_from, 40);
}
