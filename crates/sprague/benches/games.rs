//! Benchmarks for the number games and the judge problems.
//!
//! ```sh
//! cargo bench -p sprague --bench games
//! cargo bench -p sprague --bench games -- wythoff     # one group
//! ```
//!
//! Groups: `problem` (judge throughput on 10^5 queries: P4018 when present, P2252, P1290,
//! P6487), `thousand_digits` (Wythoff, Fibonacci Nim and Euclid decided with their winning
//! moves on 1000-digit numbers), `solver` (the generic engine's positions per second on a
//! subtraction game played on a sum of heaps), `sequences` (take-and-break Grundy sequences:
//! every value of Kayles and Dawson's Kayles to 10^6 without copying the period, Officers
//! to 10^5 on one thread and on two; `--threads`' pools, as the command line builds them).

use criterion::{black_box, criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use num_bigint::BigUint;
use sprague_core::impartial::{GrundySolver, Impartial};
use sprague_core::limits::Limits;
use sprague_games::number::{euclid, fibonacci_nim, wythoff};

/// A small deterministic generator (xorshift), so inputs are the same on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const QUERIES: usize = 100_000;

fn problem_inputs() -> Vec<(&'static str, String)> {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let mut p4018 = format!("{QUERIES}\n");
    let mut p2252 = String::new();
    let mut p1290 = format!("{QUERIES}\n");
    let mut p6487 = String::new();
    for _ in 0..QUERIES {
        p4018.push_str(&format!("{}\n", 1 + r.below(50_000_000)));
        p2252.push_str(&format!(
            "{} {}\n",
            r.below(1_000_000_001),
            r.below(1_000_000_001)
        ));
        p1290.push_str(&format!(
            "{} {}\n",
            1 + r.below((1 << 31) - 1),
            1 + r.below((1 << 31) - 1)
        ));
        p6487.push_str(&format!("{}\n", 2 + r.below(1_000_000_000_000_000 - 1)));
    }
    vec![
        ("P4018", p4018),
        ("P2252", p2252),
        ("P1290", p1290),
        ("P6487", p6487),
    ]
}

fn problems(c: &mut Criterion) {
    let mut g = c.benchmark_group("problem");
    g.throughput(Throughput::Elements(QUERIES as u64));
    g.sample_size(10);
    for (id, input) in problem_inputs() {
        // P4018 is built on another branch; benchmark it once it is registered.
        let Ok(problem) = sprague::problems::find(id) else {
            eprintln!("problem {id} is not registered in this build; skipped");
            continue;
        };
        g.bench_function(id, |b| {
            b.iter(|| {
                let mut out = String::with_capacity(input.len());
                (problem.solve)(black_box(&input), &mut out).unwrap();
                out
            })
        });
    }
    g.finish();
}

/// A number of exactly `digits` decimal digits, pseudo-random.
fn digits(r: &mut Rng, digits: usize) -> BigUint {
    let mut s = String::with_capacity(digits);
    s.push(char::from(b'1' + (r.below(9) as u8)));
    while s.len() < digits {
        s.push(char::from(b'0' + (r.below(10) as u8)));
    }
    s.parse().unwrap()
}

fn thousand_digits(c: &mut Criterion) {
    let mut r = Rng(12345);
    let a = digits(&mut r, 1000);
    let b = digits(&mut r, 1000);
    // A Wythoff P-position of 1000 digits: (⌊dφ⌋, ⌊dφ⌋ + d).
    let d = digits(&mut r, 1000);
    let pa = wythoff::lower(&d);
    let pb = &pa + &d;
    let mut g = c.benchmark_group("thousand_digits");
    g.bench_function("wythoff_outcome", |bn| {
        bn.iter(|| wythoff::is_p_position(black_box(&a), black_box(&b)))
    });
    g.bench_function("wythoff_winning_moves", |bn| {
        bn.iter(|| wythoff::winning_moves(black_box(&a), black_box(&b)))
    });
    g.bench_function("wythoff_p_position", |bn| {
        bn.iter(|| wythoff::is_p_position(black_box(&pa), black_box(&pb)))
    });
    g.bench_function("fibonacci_least_move", |bn| {
        bn.iter(|| fibonacci_nim::least_winning_move(black_box(&a)))
    });
    g.bench_function("fibonacci_winning_moves", |bn| {
        bn.iter(|| fibonacci_nim::winning_moves(black_box(&a), black_box(&a)))
    });
    g.bench_function("euclid_outcome", |bn| {
        bn.iter(|| euclid::mover_wins(black_box(&a), black_box(&b)))
    });
    g.bench_function("euclid_winning_moves", |bn| {
        bn.iter(|| euclid::winning_moves(black_box(&a), black_box(&b)))
    });
    // The whole `sprague solve` path: parse, theorem, report.
    let words_w: Vec<String> = vec![a.to_string(), b.to_string()];
    let words_f: Vec<String> = vec![a.to_string()];
    let opts = sprague_games::interface::SolveOptions::default();
    let wy = sprague::catalogue::lookup("wythoff").unwrap();
    let fi = sprague::catalogue::lookup("fibonacci-nim").unwrap();
    let eu = sprague::catalogue::lookup("euclid").unwrap();
    g.bench_function("solve_wythoff", |bn| {
        bn.iter(|| wy.solve(black_box(&words_w), &opts).unwrap())
    });
    g.bench_function("solve_fibonacci_nim", |bn| {
        bn.iter(|| fi.solve(black_box(&words_f), &opts).unwrap())
    });
    g.bench_function("solve_euclid", |bn| {
        bn.iter(|| eu.solve(black_box(&words_w), &opts).unwrap())
    });
    g.finish();
}

/// Subtraction game S = {1, 3, 4} on a sum of heaps; the components are the heaps.
struct TakeOneThreeFour;
impl Impartial for TakeOneThreeFour {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in p.iter().enumerate() {
            for s in [1, 3, 4] {
                if h >= s {
                    let mut q = p.clone();
                    q[i] = h - s;
                    out.push(q);
                }
            }
        }
    }
    fn components(&self, p: &Vec<u64>) -> Option<Vec<Vec<u64>>> {
        (p.len() > 1).then(|| p.iter().map(|&h| vec![h]).collect())
    }
}

/// The same game on one heap, positions being machine words.
struct TakeOneThreeFourHeap;
impl Impartial for TakeOneThreeFourHeap {
    type Position = u64;
    fn options(&self, &h: &u64, out: &mut Vec<u64>) {
        out.extend([1, 3, 4].into_iter().filter(|&s| s <= h).map(|s| h - s));
    }
}

fn solver(c: &mut Criterion) {
    let heaps = vec![200_000u64, 150_001, 99_999];
    let positions = {
        let mut s = GrundySolver::new(TakeOneThreeFour);
        s.grundy(&heaps).unwrap();
        s.positions_solved() as u64
    };
    let mut g = c.benchmark_group("solver");
    g.sample_size(10);
    g.throughput(Throughput::Elements(positions));
    g.bench_function("subtraction_1_3_4_sum", |bn| {
        bn.iter_batched(
            || GrundySolver::with_limits(TakeOneThreeFour, Limits::positions(10_000_000)),
            |mut s| s.grundy(black_box(&heaps)).unwrap(),
            BatchSize::LargeInput,
        )
    });
    let heap = 1_000_000u64;
    g.throughput(Throughput::Elements(heap + 1));
    g.bench_function("subtraction_1_3_4_heap", |bn| {
        bn.iter_batched(
            || GrundySolver::new(TakeOneThreeFourHeap),
            |mut s| s.grundy(black_box(&heap)).unwrap(),
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

/// Grundy sequences of take-and-break games: `(code, upto, every value, threads)`.
fn sequences(c: &mut Criterion) {
    use sprague_games::octal::{Algorithm, Computation, TakeAndBreak};
    let mut g = c.benchmark_group("sequences");
    g.sample_size(10);
    for (code, upto, every, threads) in [
        ("0.77", 1_000_000u64, true, 1usize),
        ("0.07", 1_000_000, true, 1),
        ("0.6", 100_000, false, 1),
        ("0.6", 100_000, false, 2),
    ] {
        let rules = TakeAndBreak::parse(code, false).expect("a code");
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a pool");
        g.throughput(Throughput::Elements(upto));
        let name = format!(
            "{code} to {upto}{} on {threads} thread(s)",
            if every { ", every value" } else { "" }
        );
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut comp = Computation::new(rules.clone(), Algorithm::Sparse);
                comp.compute_every_value(every);
                pool.install(|| comp.extend_to(upto, &mut |_, _| {}))
                    .expect("computes");
                black_box(comp.values().fletcher32())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, problems, thousand_digits, solver, sequences);
criterion_main!(benches);
