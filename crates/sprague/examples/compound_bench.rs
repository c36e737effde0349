//! Timings for the compounds and coins. Run with
//! `cargo run --release -p sprague --example compound_bench`.

use num_bigint::BigUint;
use sprague_core::compound::EverySolver;
use sprague_core::limits::Limits;
use sprague_core::value::nim_field::{nim_inv, nim_mul};
use sprague_games::coins::rule::CoinRule;
use sprague_games::number::euclid::{every_step, EuclidRules};
use std::time::Instant;

fn main() {
    // Nim multiplication throughput.
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut acc = 0u64;
    let n = 2_000_000u64;
    let t = Instant::now();
    for _ in 0..n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc ^= nim_mul(x, acc | 1);
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "nim_mul: {n} products of random 64-bit nimbers in {dt:.3} s ({:.1} ns each) [{acc}]",
        dt * 1e9 / n as f64
    );
    let t = Instant::now();
    let m = 20_000u64;
    for k in 1..=m {
        acc ^= nim_inv(k.wrapping_mul(0x9E37_79B9)).unwrap_or(0);
    }
    println!(
        "nim_inv: {m} inverses in {:.3} s [{acc}]",
        t.elapsed().as_secs_f64()
    );

    // Euclid every-SG step on consecutive Fibonacci numbers of ~10^4 digits.
    let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(1u32));
    for _ in 0..50_000 {
        let c = &a + &b;
        a = b;
        b = c;
    }
    let t = Instant::now();
    let (s, w) = every_step(&b, &a);
    println!(
        "euclid every_step on F(50001), F(50000) ({} digits): step {s} (mover wins: {w}) in {:.3} s",
        b.to_string().len(),
        t.elapsed().as_secs_f64()
    );

    // Generic Every-SG search: all Euclid pairs below 300.
    let t = Instant::now();
    let mut solver = EverySolver::new(EuclidRules, Limits::default());
    let mut odd = 0;
    for p in 0..300u64 {
        for q in 0..300u64 {
            odd += solver.step(&(p, q)).unwrap() % 2;
        }
    }
    println!(
        "EverySolver: steps of all 90000 Euclid pairs below 300 in {:.3} s ({odd} odd)",
        t.elapsed().as_secs_f64()
    );

    // Coin values from the rules.
    for (rule, n) in [
        (CoinRule::MOCK_TURTLES, 65_536),
        (CoinRule::UpTo(4), 600),
        (CoinRule::RULER, 65_536),
        (CoinRule::Run(Some(100)), 65_536),
    ] {
        let t = Instant::now();
        let g = rule.values(n).unwrap();
        println!(
            "{:?}: values of {n} positions from the rule in {:.3} s (g({n}) = {})",
            rule,
            t.elapsed().as_secs_f64(),
            g[n as usize]
        );
    }
}
