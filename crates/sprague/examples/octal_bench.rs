//! Grundy-sequence benchmarks for take-and-break games.
//!
//! cargo run --release -p sprague --example octal_bench -- [CASE ...]
//! Cases: 0.16 (period proof: computes until the period is proven), kayles (10^6 values),
//! officers (10^7 values; `officers8`: 10^8; `officers:N`: N values), 0.1777 (computes
//! until the period is proven, ~4.43·10^8 values; `0.1777:N` stops at N values), plain (the
//! plain algorithm's figures beside the sparse one's), every:CODE:N (every value of CODE up to
//! N, computed even past a proven period: `every:0.77:1000000`, `every:0.07:1000000`).
//! RAYON_NUM_THREADS=N sets the threads.

use sprague_games::octal::{Algorithm, Computation, TakeAndBreak, Tuning};
use std::time::Instant;

/// Computes `g(0..=upto)`, or with `period` until the period is proven (at most `upto`).
fn run(code: &str, upto: u64, algorithm: Algorithm, period: bool) {
    run_with(code, upto, algorithm, period, false)
}

/// [`run`], with `every` computing every value past a proven period instead of copying it.
fn run_with(code: &str, upto: u64, algorithm: Algorithm, period: bool, every: bool) {
    let r = TakeAndBreak::parse(code, false).expect("code");
    let t = Instant::now();
    let mut c = Computation::new(r.clone(), algorithm);
    c.compute_every_value(every);
    // OCTAL_TUNING="scan,budget,list,partners" overrides the sparse algorithm's search limits.
    if let Ok(t) = std::env::var("OCTAL_TUNING") {
        let x: Vec<usize> = t.split(',').map(|v| v.parse().expect("number")).collect();
        c.set_tuning(Tuning {
            scan_per_target: x[0],
            target_budget: x[1],
            list_len: x[2],
            partners: x[3],
        });
    }
    let p = if period {
        c.extend_until_period(upto, &mut |_, _| {})
            .expect("computes")
    } else {
        c.extend_to(upto, &mut |_, _| {}).expect("computes");
        None
    };
    let el = t.elapsed().as_secs_f64();
    let n = c.len();
    let s = c.stats();
    let (mask, rare) = c.sparse_mask();
    println!(
        "{code:8} {algorithm:?}{}: {n} values in {el:.3} s ({:.3e} values/s), width {} B{}; values hash {:016x}, Fletcher-32 {:08x}",
        if every { " every value" } else { "" },
        n as f64 / el,
        c.values().width(),
        match p {
            Some(p) => format!(
                "; period proven: preperiod {} period {}",
                p.preperiod, p.period
            ),
            None if period => "; no period proven".to_string(),
            None => String::new(),
        },
        // FNV-1a over the values: two runs computed the same sequence when it agrees.
        (0..n).fold(0xcbf29ce484222325u64, |h, i| {
            (h ^ u64::from(c.values().get(i))).wrapping_mul(0x100000001b3)
        }),
        c.values().fletcher32()
    );
    if algorithm == Algorithm::Sparse {
        println!(
            "         mask {mask:#x}, {rare} rare heaps; checked {} targeted {} full scans {} period searches {} (repeats found {}) by residues {} predicted {} speculated {} (guessed in turn in {:.2} s); steps per value: scan {:.1} targeted {:.1}",
            s.checked, s.targeted, s.full_scans, s.period_searches, s.repeats_found, s.residues, s.predicted, s.speculated,
            s.guess_nanos as f64 * 1e-9,
            s.scan_steps as f64 / n as f64, s.target_steps as f64 / n as f64
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cases = if args.is_empty() {
        vec![
            "0.16".to_string(),
            "kayles".into(),
            "officers".into(),
            "plain".into(),
        ]
    } else {
        args
    };
    for case in cases {
        match case.as_str() {
            // Preperiod 105351, period 149459: the proof needs g(0..509622).
            "0.16" => run("0.16", 10_000_000, Algorithm::Sparse, true),
            "kayles" => run("0.77", 1_000_000, Algorithm::Sparse, false),
            "officers" => run("0.6", 10_000_000, Algorithm::Sparse, false),
            c if c.starts_with("officers:") => run(
                "0.6",
                c[9..].parse().expect("number"),
                Algorithm::Sparse,
                false,
            ),
            "officers8" => run("0.6", 100_000_000, Algorithm::Sparse, false),
            "plain" => {
                for code in ["0.16", "0.6", "0.77"] {
                    run(code, 50_000, Algorithm::Plain, false);
                    run(code, 50_000, Algorithm::Sparse, false);
                }
            }
            c if c.starts_with("0.1777") => match c.strip_prefix("0.1777:") {
                Some(n) => run(
                    "0.1777",
                    n.parse().expect("number"),
                    Algorithm::Sparse,
                    false,
                ),
                // Preperiod 160,949,018, period 60,620,715: ~4.43·10^8 values.
                None => run("0.1777", 1_000_000_000, Algorithm::Sparse, true),
            },
            // Every value of CODE up to N, even past a proven period (no copying).
            c if c.starts_with("every:") => {
                let (code, n) = c[6..].rsplit_once(':').expect("every:CODE:N");
                run_with(
                    code,
                    n.parse().expect("number"),
                    Algorithm::Sparse,
                    false,
                    true,
                )
            }
            other => eprintln!("unknown case `{other}`"),
        }
    }
}
