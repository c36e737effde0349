//! Tame quotients and genus, presentations, checkpoints, limits, and periods that are not
//! claimed before the theorem proves them.

use super::octal::{multisets, Nim, Octal, Search};
use crate::error::Error;
use crate::limits::{Deadline, Limits};
use crate::quotient::{
    FiniteMonoid, HeapGame, HeapOptions, Quotient, QuotientCheckpoint, QuotientConfig,
    QuotientSolver, SplitRule,
};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn solve<G: HeapGame>(game: G, upto: u64) -> QuotientSolver<G> {
    let mut s = QuotientSolver::new(game, QuotientConfig::default()).unwrap();
    s.run(upto, &Limits::default()).unwrap();
    s
}

/// Normal-play Grundy values of heaps `0..=n`, by mex, independently of the engine.
fn grundy<G: HeapGame>(game: &G, n: u64) -> Vec<u64> {
    let mut g = vec![0u64];
    for h in 1..=n {
        let mut o = HeapOptions::new();
        game.options(h, &mut o);
        let vals: Vec<u64> = o
            .iter()
            .map(|x| x.iter().fold(0, |a, &p| a ^ g[p as usize]))
            .collect();
        g.push((0..).find(|v| !vals.contains(v)).unwrap());
    }
    g
}

/// Nim's heaps below `2^r` give the tame quotient of order `2^r + 2`, and the genus of heap
/// `n ≥ 2` is `n^(n, n⊕2)`.
#[test]
fn nim_gives_the_tame_quotients() {
    for (upto, order, rank) in [(1u64, 2usize, 0u32), (3, 6, 2), (7, 10, 3), (15, 18, 4)] {
        let q = solve(Nim, upto).quotient();
        assert_eq!(q.order(), order, "heaps up to {upto}");
        assert_eq!(q.p_portion().len(), if upto == 1 { 1 } else { 2 });
        let t = q.tame().expect("Nim is tame");
        assert_eq!(t.rank, rank);
        assert_eq!(t.genus(q.phi(1).unwrap()).unwrap().to_string(), "1^031");
        assert_eq!(t.genus(0).unwrap().to_string(), "0^120");
        for n in 2..=upto {
            let want = if n >= 10 || n ^ 2 >= 10 {
                format!("{n}^({n},{})", n ^ 2)
            } else {
                format!("{n}^{n}{}", n ^ 2)
            };
            assert_eq!(t.genus(q.phi(n).unwrap()).unwrap().to_string(), want);
        }
    }
}

/// For tame octal games, the tame structure read off the quotient agrees with an
/// exhaustive search (misère Nim's rule on the nim values and the large/small split) and
/// with the Grundy values computed apart.
#[test]
fn tame_octal_games_play_like_misere_nim() {
    for code in ["0.31", "0.52", "0.12", "0.3", "0.33"] {
        let game = Octal::new(code);
        let q = solve(game.clone(), 200).quotient();
        let t = q.tame().unwrap_or_else(|| panic!("{code} is tame"));
        let g = grundy(&game, 12);
        let mut search = Search::new(&game);
        for w in multisets(12, 3) {
            let mut big = false;
            let mut nim = 0;
            for &h in &w {
                let x = q.phi(h).unwrap();
                let genus = t.genus(x).unwrap();
                assert_eq!(genus.normal, g[h as usize], "{code}: heap {h}");
                big |= x != 0 && Some(x) != t.a;
                nim ^= genus.normal;
            }
            // Bouton's misère rule: lost iff (no large heap and an odd number of ones) or
            // (a large heap and nim-sum 0).
            let lost = if big { nim == 0 } else { nim == 1 };
            assert_eq!(search.is_p(&w), lost, "{code}: {w:?}");
        }
    }
    for code in ["0.75", "0.07", "0.77"] {
        let q = solve(Octal::new(code), 20).quotient();
        assert!(q.tame().is_none(), "{code} is wild");
    }
}

/// The relations rewrite every word to the normal form of its element.
#[test]
fn presentations_present_the_quotient() {
    for code in ["0.75", "0.71", "0.53", "0.72", "0.34"] {
        let q = solve(Octal::new(code), 500).quotient();
        assert!(q.is_proven(), "{code}");
        let pr = q.presentation();
        let m = q.monoid();
        let eval = |w: &crate::quotient::Word| {
            let mut x = 0;
            for (g, &e) in pr.generators.iter().zip(&w.0) {
                x = m.product(x, m.power(g.element, e as u64).unwrap()).unwrap();
            }
            x
        };
        for (x, nf) in pr.normal_forms.iter().enumerate() {
            assert_eq!(eval(nf), x as u32, "{code}: normal form of {x}");
        }
        for (l, r) in &pr.relations {
            assert_eq!(eval(l), eval(r), "{code}: a relation that does not hold");
        }
        // Rewrite every word of degree up to 6 with the relations (any matching relation,
        // repeatedly): it must end at its element's normal form.
        let g = pr.generators.len();
        let mut words = vec![vec![0u32; g]];
        let mut frontier = words.clone();
        for _ in 0..6 {
            let mut next = Vec::new();
            for w in &frontier {
                let start = w.iter().rposition(|&e| e > 0).unwrap_or(0);
                for i in start..g {
                    let mut v = w.clone();
                    v[i] += 1;
                    next.push(v);
                }
            }
            words.extend(next.iter().cloned());
            frontier = next;
        }
        for w in words {
            let x = eval(&crate::quotient::Word(w.clone()));
            let mut v = w;
            'rewrite: loop {
                for (l, r) in &pr.relations {
                    if l.0.iter().zip(&v).all(|(a, b)| a <= b) {
                        for ((vi, li), ri) in v.iter_mut().zip(&l.0).zip(&r.0) {
                            *vi = *vi - li + ri;
                        }
                        continue 'rewrite;
                    }
                }
                break;
            }
            assert_eq!(v, pr.normal_forms[x as usize].0, "{code}");
        }
    }
}

fn checkpoint_of(code: &str, upto: u64) -> QuotientCheckpoint {
    solve(Octal::new(code), upto).checkpoint()
}

fn resume(code: &str, c: QuotientCheckpoint) -> crate::error::Result<QuotientSolver<Octal>> {
    QuotientSolver::resume(
        Octal::new(code),
        QuotientConfig::default(),
        c,
        &Limits::default(),
    )
}

#[test]
fn checkpoints_resume_and_altered_ones_are_refused() {
    let c = checkpoint_of("0.77", 15);
    let mut s = resume("0.77", c.clone()).unwrap();
    s.run(30, &Limits::default()).unwrap();
    let direct = solve(Octal::new("0.77"), 30).quotient();
    let resumed = s.quotient();
    assert_eq!(resumed.order(), direct.order());
    assert_eq!(resumed.phi_table(), direct.phi_table());
    assert_eq!(resumed.changes(), direct.changes());
    // Another game's checkpoint.
    assert!(matches!(resume("0.75", c.clone()), Err(Error::Parse(_))));
    // A flipped P-flag, a moved heap, a short table, a wrong order of changes.
    let mut bad = c.clone();
    bad.p[1] = !bad.p[1];
    assert!(resume("0.77", bad).is_err());
    let mut bad = c.clone();
    bad.phi[7] = bad.phi[6];
    assert!(resume("0.77", bad).is_err());
    let mut bad = c.clone();
    bad.phi.pop();
    assert!(resume("0.77", bad).is_err());
    let mut bad = c.clone();
    bad.changes.reverse();
    assert!(resume("0.77", bad).is_err());
    // A right but unreduced quotient: 0.75's times {1, t} (t² = t), heap 1 sent to (a, t).
    let q = solve(Octal::new("0.75"), 21).quotient();
    let n = q.order();
    let mut table = vec![0u32; 4 * n * n];
    for x in 0..2 * n {
        for y in 0..2 * n {
            let xy = q.monoid().product((x % n) as u32, (y % n) as u32).unwrap() as usize;
            table[x * 2 * n + y] = (xy + n * ((x / n) | (y / n))) as u32;
        }
    }
    let mut phi = q.phi_table().to_vec();
    phi[1] += n as u32;
    let p: Vec<bool> = (0..2 * n).map(|x| q.is_p((x % n) as u32)).collect();
    let mut gens = phi.clone();
    gens.sort_unstable();
    gens.dedup();
    let unreduced = QuotientCheckpoint {
        bound: 21,
        monoid: FiniteMonoid::from_table(2 * n, table, &gens).unwrap(),
        p,
        phi,
        changes: q.changes().to_vec(),
    };
    match resume("0.75", unreduced) {
        Err(Error::Parse(msg)) => assert!(msg.contains("indistinguishable"), "{msg}"),
        other => panic!("{:?}", other.map(|s| s.bound())),
    }
}

#[test]
fn limits_stop_the_computation_cleanly() {
    // Too small a quotient allowed: Kayles outgrows 20 elements at heap 9.
    let config = QuotientConfig {
        max_order: 20,
        ..QuotientConfig::default()
    };
    let mut s = QuotientSolver::new(Octal::new("0.77"), config).unwrap();
    let err = s.run(40, &Limits::default()).unwrap_err();
    assert!(matches!(err, Error::Limit { .. }), "{err}");
    assert_eq!(s.bound(), 11, "the heaps before the limit stay done");
    let q = s.quotient();
    let kayles = Octal::new("0.77");
    let mut search = Search::new(&kayles);
    for w in multisets(11, 3) {
        assert_eq!(
            q.outcome(&w).unwrap() == crate::value::Outcome::Second,
            search.is_p(&w)
        );
    }
    // A small trial basis.
    let config = QuotientConfig {
        max_basis: 50,
        ..QuotientConfig::default()
    };
    let mut s = QuotientSolver::new(Octal::new("0.07"), config).unwrap();
    assert!(matches!(
        s.run(30, &Limits::default()),
        Err(Error::Limit { .. })
    ));
    // Cancelled, and past the deadline.
    let flag = Arc::new(AtomicBool::new(true));
    let mut s = QuotientSolver::new(Octal::new("0.07"), QuotientConfig::default()).unwrap();
    let err = s.run(30, &Limits::default().with_cancel(flag)).unwrap_err();
    assert!(matches!(err, Error::Interrupted { .. }), "{err}");
    let passed = Deadline {
        at: Instant::now(),
        timeout: Duration::from_millis(10),
    };
    let err = s
        .run(30, &Limits::default().with_deadline(Some(passed)))
        .unwrap_err();
    assert!(matches!(err, Error::Timeout { .. }), "{err}");
}

/// A game with no rules promises nothing about heaps not listed: no period is claimed.
struct Unruled(Octal);
impl HeapGame for Unruled {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        self.0.options(n, out)
    }
}

#[test]
fn no_period_is_claimed_before_the_theorem_proves_it() {
    // 0.75: period 2 from heap 8; the theorem needs heaps up to 2·(8 + 2) + 2 − 1 = 21.
    let mut s = QuotientSolver::new(Octal::new("0.75"), QuotientConfig::default()).unwrap();
    s.run(20, &Limits::default()).unwrap();
    assert_eq!(s.bound(), 20);
    assert_eq!(s.period(), None);
    assert!(s.quotient().outcome(&[21]).is_err());
    s.run(21, &Limits::default()).unwrap();
    let p = s.period().unwrap();
    assert_eq!((p.preperiod, p.period), (8, 2));
    // 0.44 repeats with period 24 from heap 143; it is proven only at 2·(143 + 24) + 1 = 335,
    // though the values up to 300 already look periodic.
    let mut s = QuotientSolver::new(Octal::new("0.44"), QuotientConfig::default()).unwrap();
    s.run(334, &Limits::default()).unwrap();
    assert_eq!(s.period(), None);
    s.run(335, &Limits::default()).unwrap();
    let p = s.period().unwrap();
    assert_eq!((p.preperiod, p.period), (143, 24));
    // Without rules, never.
    let s = solve(Unruled(Octal::new("0.75")), 200);
    assert_eq!((s.bound(), s.period()), (200, None));
    assert!(s.quotient().outcome(&[1_000]).is_err());
    // Rules that break finiteness are refused.
    struct Loop;
    impl HeapGame for Loop {
        fn options(&self, n: u64, out: &mut HeapOptions) {
            out.push(&[n]);
        }
        fn rules(&self) -> Option<Vec<SplitRule>> {
            Some(vec![SplitRule { take: 0, parts: 1 }])
        }
    }
    assert!(QuotientSolver::new(Loop, QuotientConfig::default()).is_err());
    struct Grows;
    impl HeapGame for Grows {
        fn options(&self, n: u64, out: &mut HeapOptions) {
            out.push(&[n + 1]);
        }
    }
    let mut s = QuotientSolver::new(Grows, QuotientConfig::default()).unwrap();
    assert!(matches!(
        s.run(5, &Limits::default()),
        Err(Error::BadParams { .. })
    ));
}

/// Quotient results agree at every bound with the quotient of the bound before, on the
/// sums they share: a longer run never changes an answer.
#[test]
fn longer_runs_keep_earlier_answers() {
    let game = Octal::new("0.137");
    let mut s = QuotientSolver::new(game.clone(), QuotientConfig::default()).unwrap();
    let mut earlier: Vec<Quotient> = Vec::new();
    for upto in [6u64, 10, 14, 20] {
        s.run(upto, &Limits::default()).unwrap();
        let q = s.quotient();
        for e in &earlier {
            for w in multisets(e.bound(), 3) {
                assert_eq!(q.outcome(&w).unwrap(), e.outcome(&w).unwrap(), "{w:?}");
            }
        }
        earlier.push(q);
    }
}
