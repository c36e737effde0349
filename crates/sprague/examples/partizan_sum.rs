//! Benchmark: canonical forms of big sums of partizan games.
//!
//! `cargo run --release -p sprague --example partizan_sum [copies]`
//!
//! 1. A sum of `copies` rounds of eight small hot and infinitesimal games (the canonical form
//!    of the whole sum, built one addition at a time, with every intermediate canonical form).
//! 2. 100 000 sums of numbers, ups and nimbers (the fast path: no option trees).

use sprague_core::partizan::{notation::parse, Context};
use std::time::Instant;

fn main() {
    let copies: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let parts = [
        "{3||2*|1*}",
        "{1|0,^}",
        "+-1/2",
        "{2|v}",
        "^<2>",
        "Tiny(1)",
        "{5/2|*}",
        "{1*|-1}",
    ];
    let mut ctx = Context::new();
    let start = Instant::now();
    let ids: Vec<_> = parts.iter().map(|s| parse(&mut ctx, s).unwrap()).collect();
    let mut acc = ctx.zero();
    for round in 0..copies {
        for &g in &ids {
            acc = ctx.add(acc, g);
        }
        let t = start.elapsed();
        let text = ctx.display(acc);
        let th = ctx.thermograph(acc);
        println!(
            "round {}: {} games summed, canonical form of {} characters, birthday {}, mean {}, temperature {}, arena {} games, {:.3?}",
            round + 1,
            (round + 1) * ids.len(),
            text.len(),
            ctx.birthday(acc),
            th.mean,
            th.temperature,
            ctx.len(),
            t
        );
    }
    let o = ctx.outcome(acc);
    println!(
        "outcome of the whole sum: {o}; total {:.3?}",
        start.elapsed()
    );

    let mut ctx = Context::new();
    let start = Instant::now();
    let mut acc = ctx.zero();
    for i in 0..100_000u64 {
        let s = format!("{}/{} + ^ + *{}", i % 977, 1u64 << (i % 40), i % 13);
        let g = parse(&mut ctx, &s).unwrap();
        acc = ctx.add(acc, g);
    }
    println!(
        "100000 number+up+nimber sums (parsed): {} in {:.3?}",
        ctx.display(acc).len(),
        start.elapsed()
    );
}
