//! Grundy-sequence benchmarks for take-and-break games.
//!
//! cargo run --release -p sprague --example octal_bench -- [CASE ...]
//! Cases: 0.16 (period proof), kayles (10^6 values), officers (10^7 values; `officers8`:
//! 10^8), 0.1777 (period search, ~4.4·10^8 values needed; `0.1777:N` stops at N values),
//! plain (the plain method's figures beside the sparse one's).

use sprague::octal::{find_period, Computation, Method, Ruleset};
use std::time::Instant;

fn run(code: &str, upto: u64, method: Method, period: bool) {
    let r = Ruleset::parse(code, false).expect("code");
    let t = Instant::now();
    let mut c = Computation::new(r.clone(), method);
    c.extend_to(upto, &mut |_, _| {}).expect("computes");
    let el = t.elapsed().as_secs_f64();
    let p = if period {
        find_period(&r, c.values())
    } else {
        None
    };
    let pel = t.elapsed().as_secs_f64();
    println!(
        "{code:8} {method:?}: {} values in {el:.3} s ({:.3e} values/s), width {} B{}",
        upto + 1,
        (upto + 1) as f64 / el,
        c.values().width(),
        match p {
            Some(p) => format!(
                "; period proven: preperiod {} period {} (total with check {pel:.3} s)",
                p.preperiod, p.period
            ),
            None if period => format!("; no period proven (total {pel:.3} s)"),
            None => String::new(),
        }
    );
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
            // 105351 + 149459: the proof needs g up to 2·n0 + 2p + t ≈ 509,622.
            "0.16" => run("0.16", 509_700, Method::Sparse, true),
            "kayles" => run("0.77", 1_000_000, Method::Sparse, true),
            "officers" => run("0.6", 10_000_000, Method::Sparse, false),
            c if c.starts_with("officers:") => run(
                "0.6",
                c[9..].parse().expect("number"),
                Method::Sparse,
                false,
            ),
            "officers8" => run("0.6", 100_000_000, Method::Sparse, false),
            "plain" => {
                run("0.16", 50_000, Method::Plain, false);
                run("0.16", 50_000, Method::Sparse, false);
                run("0.6", 50_000, Method::Plain, false);
                run("0.6", 50_000, Method::Sparse, false);
                run("0.77", 50_000, Method::Plain, false);
                run("0.77", 50_000, Method::Sparse, false);
            }
            c if c.starts_with("0.1777") => {
                let n: u64 = c
                    .strip_prefix("0.1777:")
                    .map(|s| s.parse().expect("number"))
                    .unwrap_or(443_200_000);
                run("0.1777", n, Method::Sparse, true)
            }
            other => eprintln!("unknown case `{other}`"),
        }
    }
}
