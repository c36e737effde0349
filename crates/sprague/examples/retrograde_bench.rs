//! Retrograde analysis throughput on a random graph, and the text parser on a long path.
//!
//! ```text
//! cargo run --release -p sprague --example retrograde_bench [VERTICES [ARCS [PATH_VERTICES]]]
//! ```
//! Defaults: 10^7 vertices, 5·10^7 arcs (uniformly random, fixed seed), path of 10^6.
//! Prints positions per second and the bytes per position the analysis uses beyond the graph.

use sprague_core::retrograde;
use sprague_core::retrograde::Csr;
use sprague_games::graph::loopy::GraphAnalysis;
use std::time::Instant;

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numeric arguments"))
        .collect();
    let n = args.first().copied().unwrap_or(10_000_000) as usize;
    let m = args.get(1).copied().unwrap_or(50_000_000) as usize;
    let path_n = args.get(2).copied().unwrap_or(1_000_000) as u32;

    let t = Instant::now();
    let arcs = {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        (0..m).map(move |_| {
            let a = (xorshift(&mut s) % n as u64) as u32;
            let b = (xorshift(&mut s) % n as u64) as u32;
            (a, b)
        })
    };
    let graph = Csr::from_arcs(n, arcs);
    println!(
        "built random graph: {n} vertices, {m} arcs in {:.2?}",
        t.elapsed()
    );

    let t = Instant::now();
    let reverse = graph.transpose();
    let t_rev = t.elapsed();
    let t = Instant::now();
    let r = retrograde::solve_csr(&graph, Some(&reverse));
    let t_solve = t.elapsed();
    let (w, l, d) = r.counts();
    println!("transpose (predecessor lists): {t_rev:.2?}");
    println!("retrograde analysis: {t_solve:.2?}; first-player wins {w}, second-player wins {l}, draws {d}");
    println!(
        "throughput: {:.1} million positions/s ({:.1} million positions/s counting the transpose)",
        n as f64 / t_solve.as_secs_f64() / 1e6,
        n as f64 / (t_solve + t_rev).as_secs_f64() / 1e6
    );
    println!(
        "memory beyond the graph: 8 bytes/position while solving (packed status+counter 4, queue 4), 5 in the result; \
         the transpose adds {:.1} bytes/position here ((4(n+1) + 4m)/n)",
        (4.0 * (n as f64 + 1.0) + 4.0 * m as f64) / n as f64
    );

    // The same arcs oriented from the smaller to the larger index: acyclic, every position
    // decided, so the propagation visits every arc.
    drop((graph, reverse, r));
    let arcs = {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        (0..m).map(move |_| {
            let a = (xorshift(&mut s) % n as u64) as u32;
            let b = (xorshift(&mut s) % n as u64) as u32;
            (a.min(b), a.max(b))
        })
    };
    let graph = Csr::from_arcs(n, arcs);
    let reverse = graph.transpose();
    let t = Instant::now();
    let r = retrograde::solve_csr(&graph, Some(&reverse));
    let t_solve = t.elapsed();
    let (w, l, d) = r.counts();
    println!(
        "acyclic variant: {t_solve:.2?} ({:.1} million positions/s); wins {w}, losses {l}, draws {d}",
        n as f64 / t_solve.as_secs_f64() / 1e6
    );
    drop((graph, reverse, r));

    // The text format on a million-vertex path, as `sprague solve graph @path --token 0` reads it.
    let mut text = String::with_capacity(path_n as usize * 16);
    for v in 0..path_n - 1 {
        text.push_str(&format!("{v}>{}\n", v + 1));
    }
    let t = Instant::now();
    let g = sprague_games::graph::Graph::parse(&text).expect("valid graph");
    let t_parse = t.elapsed();
    let t = Instant::now();
    let a = GraphAnalysis::from_graph(g);
    let t_an = t.elapsed();
    println!(
        "path of {path_n} vertices ({} bytes of text): parse {t_parse:.2?}, analysis {t_an:.2?}; \
         vertex 0: {:?}, remoteness {:?}",
        text.len(),
        a.retro.outcome(0),
        a.retro.remoteness(0)
    );
}
