//! Tests of predicted batches: wrong predictions corrected exactly, a proven period's
//! predictions, and a long period noticed by the long-repeat finder and proven at the
//! same length as heap by heap.

use crate::octal::tests::oct;
use crate::octal::*;

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// `g(0..=upto)` on one thread (no predictions).
fn alone(r: &TakeAndBreak, upto: u64) -> Values {
    pool(1).install(|| grundy_sequence(r, upto, Algorithm::Sparse).unwrap())
}

#[test]
fn wrong_predictions_are_corrected_exactly() {
    // Predictions from heap 100 with periods that do not hold: each batch is kept up to
    // its first wrong value, which is corrected; the rest is made again.
    let four = pool(4);
    for code in ["0.1777", "0.16", "0.6", "0.356"] {
        let r = oct(code);
        let want = alone(&r, 12_000);
        for p in [1, 5, 700] {
            let mut c = Computation::new(r.clone(), Algorithm::Sparse);
            c.force_predictions(100, p);
            for upto in (1000..=12_000).step_by(1000) {
                four.install(|| c.extend_to(upto, &mut |_, _| {})).unwrap();
            }
            assert_eq!(c.values(), &want, "{code}, p = {p}");
            let s = c.stats();
            assert!(s.mispredicted > 10, "{code}, p = {p}: {s:?}");
        }
    }
}

#[test]
fn a_proven_period_predicts_every_value() {
    // Kayles with every value computed and the residue method off: past the proof (168
    // values) every value is predicted from period 12 and checked.
    let r = oct("0.77");
    let mut c = Computation::new(r.clone(), Algorithm::Sparse);
    c.compute_every_value(true);
    c.use_residue_method(false);
    c.predict_from(200);
    pool(2)
        .install(|| c.extend_to(60_000, &mut |_, _| {}))
        .unwrap();
    assert_eq!(c.values(), &alone(&r, 60_000));
    let s = c.stats();
    assert!(s.predicted > 59_000 && s.mispredicted == 0, "{s:?}");
}

#[test]
fn a_long_period_is_noticed_early_and_proven_at_the_same_length() {
    // 0.16: preperiod 105,351, period 149,459, so the values repeat from 254,810 on. The
    // long-repeat finder notices it at the next look (every 65,536 values); the watch's
    // own searches (at 1.5 times each length) would only at 2.9·10⁵ or later. The proof
    // needs 509,622 values, the second half of which are predicted.
    let r = oct("0.16");
    let mut sequential = Computation::new(r.clone(), Algorithm::Sparse);
    let p1 = pool(1)
        .install(|| sequential.extend_until_period(1_000_000, &mut |_, _| {}))
        .unwrap();
    let mut c = Computation::new(r.clone(), Algorithm::Sparse);
    c.predict_from(1 << 16);
    let p2 = pool(3)
        .install(|| c.extend_until_period(1_000_000, &mut |_, _| {}))
        .unwrap();
    assert_eq!(p1, p2);
    assert_eq!(
        p2,
        Some(period::Period {
            preperiod: 105_351,
            period: 149_459
        })
    );
    assert_eq!(c.len(), 509_622);
    assert_eq!(c.values(), sequential.values());
    let s = c.stats();
    assert!(s.repeats_found >= 1 && s.predicted > 200_000, "{s:?}");
    assert_eq!(sequential.stats().predicted, 0);
}
