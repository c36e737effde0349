//! Benchmark for the games on undirected graphs: geography (maximum matchings) on graphs with
//! 10⁵ vertices, Green Hackenbush on large graphs, the queens table.
//!
//! Run: `cargo run -p sprague --release --example graph_games_bench`

use sprague_games::graph::geography::Geography;
use sprague_games::graph::hackenbush::Hackenbush;
use sprague_games::graph::queens::QueensTable;
use std::time::Instant;

fn rng(seed: &mut u64, k: u64) -> u32 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed % k) as u32
}

fn geography(label: &str, n: usize, edges: &[(u32, u32)]) {
    let t = Instant::now();
    let geo = Geography::new(n, edges);
    let build = t.elapsed();
    let t = Instant::now();
    let a = geo.analyse(0);
    let solve = t.elapsed();
    println!(
        "geography {label}: n = {n}, m = {}, bipartite = {}, matching = {}, first wins = {}, winning moves = {} (complete: {}); build {:.1} ms, solve {:.1} ms",
        edges.len(),
        a.bipartite,
        a.matching,
        a.first_wins,
        a.winning.len(),
        a.complete,
        build.as_secs_f64() * 1e3,
        solve.as_secs_f64() * 1e3
    );
}

fn main() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let n = 100_000usize;
    for &deg in &[1usize, 3, 10] {
        let m = n * deg;
        let bip: Vec<(u32, u32)> = (0..m)
            .map(|_| {
                let u = 2 * rng(&mut seed, n as u64 / 2);
                let v = 2 * rng(&mut seed, n as u64 / 2) + 1;
                (u, v)
            })
            .collect();
        geography(&format!("random bipartite, m = {deg}n"), n, &bip);
        let gen: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng(&mut seed, n as u64), rng(&mut seed, n as u64)))
            .collect();
        geography(&format!("random general, m = {deg}n"), n, &gen);
    }
    // Path and cycle-with-tail: worst cases for recursion depth.
    let path: Vec<(u32, u32)> = (0..n as u32 - 1).map(|i| (i, i + 1)).collect();
    geography("path", n, &path);

    // Green Hackenbush: a random graph on 10⁶ vertices (value only), and a random graph with
    // thousands of edges (value and every winning cut).
    for &(nv, ne) in &[(1_000_000usize, 1_500_000usize), (2_000, 5_000)] {
        let edges: Vec<(u32, u32)> = (0..ne)
            .map(|_| (rng(&mut seed, nv as u64), rng(&mut seed, nv as u64)))
            .collect();
        let h = Hackenbush {
            names: (0..nv).map(|v| v.to_string()).collect(),
            edges,
            ground: 0,
        };
        let t = Instant::now();
        let f = h.fusion();
        let fuse = t.elapsed();
        println!(
            "hackenbush: n = {nv}, m = {ne}: value {} ({} components), fusion {:.1} ms",
            f.root_value(),
            f.value.len(),
            fuse.as_secs_f64() * 1e3
        );
        if ne <= 10_000 {
            let t = Instant::now();
            let a = h.analyse();
            println!(
                "  every winning cut: {} found (complete: {}), {:.1} ms",
                a.winning.len(),
                a.complete,
                t.elapsed().as_secs_f64() * 1e3
            );
        }
    }

    for &size in &[1_000u64, 4_000] {
        let t = Instant::now();
        let table = QueensTable::new(size).expect("within the limit");
        println!(
            "queens table up to {size}: g({size},1) = {}, {:.1} ms",
            table.value(size, 1),
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}
