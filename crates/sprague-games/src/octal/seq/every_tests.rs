//! Tests of every value computed past a proven period: the same values as the period
//! copied and as the plain method, by the residue method and without it, and the residue
//! method's count of splits checked against the definition on sequences with exceptions
//! placed anywhere.

use super::residues::Residues;
use crate::octal::tests::oct;
use crate::octal::*;

/// `g(0..=upto)` with every value computed (residue method on or off).
fn every(r: &TakeAndBreak, upto: u64, residues: bool) -> Computation {
    let mut c = Computation::new(r.clone(), Algorithm::Sparse);
    c.compute_every_value(true);
    c.use_residue_method(residues);
    c.extend_to(upto, &mut |_, _| {}).unwrap();
    c
}

#[test]
fn every_value_equals_the_copied_period() {
    let mut codes: Vec<String> = ["0.77", "0.07", "0.137", "0.4", "0.3", "4.07", "0.51"]
        .iter()
        .map(|c| c.to_string())
        .collect();
    let mut x: u64 = 0x2545F4914F6CDD1D;
    for _ in 0..30 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let d = |k: u32| ((x >> (3 * k)) & 7) as u8;
        codes.push(format!("0.{}{}{}", d(0), d(1), d(2) | 1));
    }
    let mut by_residues = 0;
    for code in &codes {
        let r = oct(code);
        let upto = 20_000;
        let mut copied = Computation::new(r.clone(), Algorithm::Sparse);
        copied.extend_to(upto, &mut |_, _| {}).unwrap();
        let fast = every(&r, upto, true);
        assert_eq!(fast.values(), copied.values(), "{code}");
        // Without the residue method (the sparse method past the period): shorter, as it
        // is quadratic where zeros recur (0 is always rare).
        let slow = every(&r, 5000, false);
        assert_eq!(
            slow.values().to_u32()[..],
            copied.values().to_u32()[..5001],
            "{code}"
        );
        assert_eq!(
            fast.values().fletcher32(),
            copied.values().fletcher32(),
            "{code}"
        );
        assert_eq!(fast.period(), copied.period(), "{code}");
        assert_eq!(slow.stats().residues, 0, "{code}");
        if copied.period().is_some_and(|p| p.period <= 64) && fast.stats().residues > 15_000 {
            by_residues += 1;
        }
        // And the plain method, on a shorter range (it is quadratic).
        let plain = grundy_sequence(&r, 4000, Algorithm::Plain).unwrap();
        assert_eq!(plain.to_u32()[..], fast.values().to_u32()[..4001], "{code}");
    }
    // Kayles, Dawson's Kayles, Dawson's Chess and others: nearly every heap by residues.
    assert!(by_residues >= 10, "{by_residues}");
    for code in ["0.77", "0.07", "0.137"] {
        assert!(
            every(&oct(code), 20_000, true).stats().residues > 19_000,
            "{code}"
        );
    }
}

#[test]
fn every_value_resumes_and_widens() {
    // Resumed from a prefix, the period is proven again and the residue method takes over.
    let r = oct("0.07");
    let whole = every(&r, 30_000, true);
    let prefix = Values::from_u32(&whole.values().to_u32()[..10_000]);
    let mut c = Computation::resume(r.clone(), Algorithm::Sparse, prefix, 100).unwrap();
    c.compute_every_value(true);
    c.extend_to(30_000, &mut |_, _| {}).unwrap();
    assert_eq!(c.values(), whole.values());
    assert!(c.stats().residues > 15_000, "{:?}", c.stats());
    // Values of 64 and more: no residue method, still exact (Lasker's Nim has no period;
    // 0.3F is hexadecimal).
    for (code, hex) in [("0.3F", true), ("4.07", false)] {
        let r = TakeAndBreak::parse(code, hex).unwrap();
        let plain = grundy_sequence(&r, 1500, Algorithm::Plain).unwrap();
        assert_eq!(&every(&r, 1500, true).into_values(), &plain, "{code}");
    }
}

/// The mex of the options of heap `n` of a sequence `g` (any numbers below 64, not
/// necessarily a game's): single heaps `g(n − j)` for `j` in `singles`, and every split
/// `a + b = n − j` for `j` in `pair_js` (unequal parts only with `unequal`).
fn mex_by_definition(
    g: &[u8],
    n: usize,
    singles: &[usize],
    pair_js: &[usize],
    unequal: bool,
) -> u32 {
    let mut bits = 0u64;
    for &j in singles {
        if j <= n && j >= 1 && n - j >= 1 {
            bits |= 1 << g[n - j];
        }
    }
    for &j in pair_js {
        if j + 2 > n {
            continue;
        }
        let m = n - j;
        for a in 1..m {
            if !(unequal && 2 * a == m) {
                bits |= 1 << (g[a] ^ g[m - a]);
            }
        }
    }
    (!bits).trailing_zeros()
}

#[test]
fn the_residue_count_is_exact_with_exceptions_anywhere() {
    // Periodic sequences with exceptions placed at random (early, late, on the heaps
    // that decide the threshold): wherever the residue method answers, it answers the
    // definition's mex; and it does answer for heaps well past its threshold.
    let mut x: u64 = 0x9E3779B97F4A7C15;
    let mut next = |k: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % k
    };
    let mut answered = 0;
    for trial in 0..40 {
        let p = 1 + next(13) as usize;
        let pattern: Vec<u8> = (0..p).map(|_| next(16) as u8).collect();
        let len = 1500;
        let mut g: Vec<u8> = (0..len).map(|a| pattern[a % p]).collect();
        g[0] = 0;
        let exceptions = next(6) as usize;
        for _ in 0..exceptions {
            let a = 1 + next(if trial % 2 == 0 { 60 } else { len as u64 - 1 }) as usize;
            g[a] = next(16) as u8;
        }
        let pair_js: Vec<usize> = match trial % 3 {
            0 => vec![0],
            1 => vec![1, 2],
            _ => vec![2, 3, 5],
        };
        let singles = [1, 2];
        let unequal = trial % 4 == 3;
        // The prediction from the last period of the prefix known at each step; the
        // exceptions are recorded as the heaps come.
        let start = len / 3;
        let mut res = Residues::new(&g[..start + p], start, p).unwrap();
        for n in start + p..len {
            let single = singles
                .iter()
                .filter(|&&j| n > j)
                .fold(0u64, |b, &j| b | 1 << g[n - j]);
            if let Some(v) = res.value(&g[..], n, single, &pair_js, unequal) {
                answered += 1;
                let want = mex_by_definition(&g, n, &singles, &pair_js, unequal);
                assert_eq!(v, want, "trial {trial}: heap {n}, period {p}, {pattern:?}");
            }
            assert!(res.record(n, u32::from(g[n])));
        }
    }
    assert!(answered > 10_000, "{answered}");
}
