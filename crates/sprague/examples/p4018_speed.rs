//! Times `sprague problem P4018` on 10^5 queries with n ≤ 5·10^7 (the judge's bounds).
//! Run: `cargo run --release -p sprague --example p4018_speed`

use std::time::Instant;

fn main() {
    // A fixed pseudo-random input (xorshift), so runs are comparable.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut input = String::from("100000\n");
    for _ in 0..100_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        input.push_str(&(x % 50_000_001).to_string());
        input.push('\n');
    }
    let mut best = f64::MAX;
    let mut out = String::new();
    for _ in 0..20 {
        let t = Instant::now();
        out = sprague::problems::run("P4018", &input).expect("valid input");
        best = best.min(t.elapsed().as_secs_f64());
    }
    let roy = out.lines().filter(|l| l.starts_with("Roy")).count();
    println!(
        "P4018: 100000 queries, {} bytes in, best of 20: {:.3} ms ({} Roy wins)",
        input.len(),
        best * 1e3,
        roy
    );
}
