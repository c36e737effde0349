//! Times misère quotient computations (release build).
//!
//! - `cargo run --release -p sprague-core --example quotient_bench`: the figures for 0.75
//!   (its quotient, then a sum of six heaps of 10^6 decided and its winning moves found,
//!   everything included), Dawson's Kayles up to heap 30, Kayles until its period is proven.
//! - `… --example quotient_bench -- CODE [UPTO]`: one octal code, with its presentation.
//! - `… --example quotient_bench -- sweep DIGITS [UPTO] [SECONDS]`: every code 0.d₁…d_DIGITS
//!   on all cores, each up to UPTO heaps (default 2000) and SECONDS (default 10): a table
//!   with each code's result and time, and the wall time of the sweep.
use sprague_core::limits::Limits;
use sprague_core::quotient::{
    rule_options, HeapGame, HeapOptions, QuotientConfig, QuotientSolver, SplitRule,
};
use sprague_core::Error;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// An octal code as take-and-break rules (bit 1: take all; 2: leave one heap; 4: two).
struct Octal(Vec<SplitRule>);

impl Octal {
    fn new(code: &str) -> Octal {
        let (d0, rest) = code.split_once('.').expect("a code like 0.75");
        let mut digits = vec![d0.parse::<u8>().expect("a digit before the point")];
        digits.extend(
            rest.chars()
                .map(|c| c.to_digit(16).expect("hex digits") as u8),
        );
        let mut rules = Vec::new();
        for (k, &d) in digits.iter().enumerate() {
            for (bit, parts) in [(1, 0), (2, 1), (4, 2), (8, 3)] {
                if d & bit != 0 && !(k == 0 && parts < 2) {
                    rules.push(SplitRule {
                        take: k as u64,
                        parts,
                    });
                }
            }
        }
        Octal(rules)
    }
}

impl HeapGame for Octal {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        // Heaps are listed only up to the bound asked for.
        let _ = rule_options(&self.0, n, u64::MAX, out);
    }
    fn rules(&self) -> Option<Vec<SplitRule>> {
        Some(self.0.clone())
    }
}

fn ms(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

fn figures() {
    let start = Instant::now();
    let mut s = QuotientSolver::new(Octal::new("0.75"), QuotientConfig::default()).unwrap();
    s.run(1_000_000, &Limits::default()).unwrap();
    let q = s.quotient();
    let computed = start.elapsed();
    let pr = q.presentation();
    let period = q.period().unwrap();
    println!(
        "0.75: quotient {} (|Q| = {}, |P| = {}), period {} from heap {}, proven with heaps up to {}: {}",
        pr.text(),
        q.order(),
        q.p_portion().len(),
        period.period,
        period.preperiod,
        q.bound(),
        ms(computed)
    );
    let mixed: Vec<u64> = (0..6).map(|i| 1_000_000 + i).collect();
    for heaps in [
        vec![1_000_000u64; 6],
        mixed,
        vec![1_000_000_000_000_000_000; 6],
    ] {
        let t = Instant::now();
        let outcome = q.outcome(&heaps).unwrap();
        let decided = t.elapsed();
        let t = Instant::now();
        let moves = q
            .winning_moves(&Octal::new("0.75"), &heaps, &Limits::default())
            .unwrap();
        let found = t.elapsed();
        println!(
            "0.75: {:?}: {outcome} (decided in {}); {} winning move(s) by residues in {}",
            heaps,
            ms(decided),
            moves.moves.len(),
            ms(found)
        );
        if let Some(m) = moves.moves.first() {
            println!("      e.g. heap {} → {:?}", m.heap, m.leaves);
        }
    }
    println!(
        "0.75: everything (quotient, both sums, their moves): {}",
        ms(start.elapsed())
    );
    for (code, upto) in [("0.07", 30u64), ("0.77", 1_000)] {
        let t = Instant::now();
        let mut s = QuotientSolver::new(Octal::new(code), QuotientConfig::default()).unwrap();
        let r = s.run(upto, &Limits::default());
        let q = s.quotient();
        let period = q.period().map_or(String::new(), |p| {
            format!(", period {} from heap {} (proven)", p.period, p.preperiod)
        });
        println!(
            "{code}: quotient of heaps up to {}: |Q| = {}, |P| = {}{period}{} ({})",
            q.bound(),
            q.order(),
            q.p_portion().len(),
            r.err()
                .map(|e| format!(", stopped: {e}"))
                .unwrap_or_default(),
            ms(t.elapsed())
        );
    }
}

fn one(code: &str, upto: u64) {
    let t = Instant::now();
    let mut s = QuotientSolver::new(Octal::new(code), QuotientConfig::default()).unwrap();
    let r = s.run(upto, &Limits::default());
    let q = s.quotient();
    let pr = q.presentation();
    println!(
        "{code}: heaps 0..={} |Q| = {} |P| = {} period {:?} changes {:?} tame {} ({}){}",
        q.bound(),
        q.order(),
        q.p_portion().len(),
        q.period(),
        q.changes()
            .iter()
            .map(|c| (c.heap, c.order))
            .collect::<Vec<_>>(),
        q.tame().is_some(),
        ms(t.elapsed()),
        r.err()
            .map(|e| format!(" stopped: {e}"))
            .unwrap_or_default()
    );
    println!("  {}", pr.text());
    let p: Vec<String> = q
        .p_portion()
        .iter()
        .map(|&x| pr.element_text(x).unwrap())
        .collect();
    println!("  P = {{{}}}", p.join(", "));
    let phi: Vec<String> = q
        .phi_table()
        .iter()
        .take(60)
        .map(|&x| pr.element_text(x).unwrap())
        .collect();
    println!("  Φ = {} …", phi.join(" "));
}

fn sweep(digits: u32, upto: u64, seconds: u64) {
    let codes: Vec<String> = (0..8u32.pow(digits))
        .map(|i| {
            let s: String = (0..digits)
                .rev()
                .map(|j| char::from(b'0' + ((i / 8u32.pow(j)) % 8) as u8))
                .collect();
            format!("0.{s}")
        })
        .collect();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let rows = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(code) = codes.get(i) else { break };
                let t = Instant::now();
                let limits = Limits::default().with_timeout(Duration::from_secs(seconds));
                // Wild games grow without end: stop them at quotients of a few thousand.
                let config = QuotientConfig {
                    max_order: 2_048,
                    max_trial_order: 4_096,
                    max_basis: 1_000_000,
                };
                let mut s = QuotientSolver::new(Octal::new(code), config).unwrap();
                let r = s.run(upto, &limits);
                let q = s.quotient();
                let result = match (q.period(), r) {
                    (Some(p), _) => format!(
                        "proven      |Q| {:>5}  |P| {:>4}  period {:>4} from {:>5}  last change {:>5}",
                        q.order(),
                        q.p_portion().len(),
                        p.period,
                        p.preperiod,
                        q.last_change()
                    ),
                    (None, r) => format!(
                        "{:<11} |Q| {:>5}  |P| {:>4}  heaps up to {:>5}          last change {:>5}",
                        match r {
                            Ok(()) => "bounded",
                            Err(Error::Timeout { .. }) => "timeout",
                            Err(_) => "limit",
                        },
                        q.order(),
                        q.p_portion().len(),
                        q.bound(),
                        q.last_change()
                    ),
                };
                rows.lock().unwrap().push((i, code.clone(), result, t.elapsed()));
            });
        }
    });
    let wall = start.elapsed();
    let mut rows = rows.into_inner().unwrap();
    rows.sort_by_key(|r| r.0);
    let mut count = std::collections::BTreeMap::new();
    for (_, code, result, t) in &rows {
        println!("{code:<8} {result}  {:>10}", ms(*t));
        *count
            .entry(result.split_whitespace().next().unwrap().to_string())
            .or_insert(0) += 1;
    }
    let cpu: Duration = rows.iter().map(|r| r.3).sum();
    println!(
        "{} codes 0.{} up to {upto} heaps / {seconds} s each: {count:?}; wall {:.1} s on {threads} threads, {:.1} s of computation",
        rows.len(),
        "d".repeat(digits as usize),
        wall.as_secs_f64(),
        cpu.as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        None => figures(),
        Some("sweep") => sweep(
            args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2),
            args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2_000),
            args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10),
        ),
        Some(code) => one(
            code,
            args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2_000),
        ),
    }
}
