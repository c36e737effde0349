//! The generators make inputs the reference accepts, seeds reproduce cases, and planted
//! mistakes are found and shrunk to small inputs.

use super::heaps::{AntiNim, CycleCoin, Nim};
use super::numbers::{wythoff_cold, Euclid, FibonacciNim, PrimePower, SortedPiles, Wythoff};
use super::trees::{Jewel, TreeChain};
use super::*;
use std::collections::HashSet;

/// Every exhaustive input and `seeds` random and adversarial ones are valid, accepted by
/// the reference, and generated again alike from their seed; so are the valid shrink
/// candidates of the first few.
fn check_generator<G: Generator>(g: G, seeds: u64) {
    let t = Typed(g);
    let id = t.0.id();
    assert!(crate::problems::find(id).is_ok(), "{id}");
    let mut inputs = Vec::new();
    for i in 0..t.0.exhaustive_len() {
        inputs.push((i, t.input(i).unwrap()));
    }
    let mut schedule = Schedule::new(0, 2 * seeds, 99);
    for seed in schedule.by_ref() {
        inputs.push((seed, t.input(seed).unwrap()));
    }
    let mut distinct = HashSet::new();
    for (k, (seed, input)) in inputs.iter().enumerate() {
        let text = t.0.render(input);
        assert!(t.0.valid(input), "{id} seed {seed}: invalid input\n{text}");
        if let Err(e) = t.reference(&text) {
            panic!("{id} seed {seed}: the reference rejects\n{text}\n{e}");
        }
        assert_eq!(t.case(*seed).unwrap().input, text, "{id} seed {seed}");
        distinct.insert(text.clone());
        // (Small inputs only: the reference takes long on the largest Jewel Games.)
        if k % 16 == 0 && text.len() < 2_000 {
            for c in t.0.shrink(input).iter().filter(|c| t.0.valid(c)).take(40) {
                let ct = t.0.render(c);
                assert!(
                    t.reference(&ct).is_ok(),
                    "{id}: shrunk input rejected\n{ct}"
                );
            }
        }
    }
    assert!(
        distinct.len() > inputs.len() / 2,
        "{id}: too few distinct inputs"
    );
}

#[test]
fn number_generators_make_valid_inputs() {
    check_generator(Wythoff, 60);
    check_generator(Euclid, 60);
    check_generator(FibonacciNim, 60);
    check_generator(PrimePower, 60);
    check_generator(SortedPiles, 60);
}

#[test]
fn heap_generators_make_valid_inputs() {
    check_generator(Nim, 30);
    check_generator(AntiNim, 60);
    check_generator(CycleCoin, 60);
}

#[test]
fn graph_generators_make_valid_inputs() {
    check_generator(TreeChain, 30);
    check_generator(Jewel, 12);
}

#[test]
fn every_problem_has_a_target() {
    for p in crate::problems::all() {
        let t = target(p.id).unwrap();
        assert_eq!(t.id(), p.id);
        assert!(t.exhaustive_cases() > 0 && !t.bounds().is_empty());
    }
    assert_eq!(target("p2252").unwrap().id(), "P2252");
    assert!(target("P9999").is_err());
}

/// docs/stress.md lists each problem's bounds as its generator states them.
#[test]
fn the_documented_bounds_are_the_generators() {
    let doc = include_str!("../../../../docs/stress.md");
    for t in targets() {
        let row = format!("| `{}` | {} |", t.id(), t.bounds());
        assert!(doc.contains(&row), "docs/stress.md lacks the row `{row}`");
    }
}

#[test]
fn seeds_name_phases_and_reproduce_cases() {
    assert_eq!(Phase::of(0), Phase::Exhaustive);
    assert_eq!(Phase::of(RANDOM_SEEDS), Phase::Random);
    assert_eq!(Phase::of(RANDOM_SEEDS + 1), Phase::Adversarial);
    let t = target("P2252").unwrap();
    let e = t.exhaustive_cases();
    let err = t.case(e).unwrap_err().to_string();
    assert!(err.contains("exhaustive cases"), "{err}");
    // Exhaustive batches first, at most half the run; then adversarial and random by turns.
    let seeds: Vec<u64> = Schedule::new(e, 40, 5).collect();
    assert_eq!(seeds.len(), 40);
    assert_eq!(seeds[..e as usize], (0..e).collect::<Vec<_>>()[..]);
    assert_eq!(Phase::of(seeds[e as usize]), Phase::Adversarial);
    assert_eq!(Phase::of(seeds[e as usize + 1]), Phase::Random);
    let few: Vec<u64> = Schedule::new(e, 6, 5).collect();
    assert_eq!(few.iter().filter(|&&s| s < RANDOM_SEEDS).count(), 3);
    // The run seed decides the random seeds, and they differ from run to run.
    assert_eq!(seeds, Schedule::new(e, 40, 5).collect::<Vec<_>>());
    let other: Vec<u64> = Schedule::new(e, 40, 6).collect();
    assert_ne!(seeds[e as usize..], other[e as usize..]);
    for &s in &seeds {
        assert!(s < 1 << 53);
        assert_eq!(t.case(s).unwrap(), t.case(s).unwrap());
    }
}

/// A contestant written as a function from input to output.
type Solution = fn(&str) -> String;

/// Runs the schedule until `solution` fails, then shrinks; returns the phase of the failing
/// case and the shrunk failure.
fn find_and_shrink(id: &str, solution: Solution, cases: u64) -> (Phase, Shrunk) {
    let t = target(id).unwrap();
    let mut run = |input: &str| {
        Some(Run::Finished {
            output: solution(input),
        })
    };
    for seed in Schedule::new(t.exhaustive_cases(), cases, 1234) {
        let case = t.case(seed).unwrap();
        if let Some(f) = judge(&*t, &case.input, &run(&case.input).unwrap()).unwrap() {
            let shrunk = shrink_failure(&*t, seed, f, &mut run).unwrap();
            return (case.phase, shrunk);
        }
    }
    panic!("{id}: the planted mistake was not found");
}

/// Wythoff by a double-precision golden ratio.
fn float_wythoff(input: &str) -> String {
    let mut out = String::new();
    for line in input.lines().filter(|l| !l.trim().is_empty()) {
        let mut it = line.split_whitespace().map(|w| w.parse::<u64>().unwrap());
        let (x, y) = (it.next().unwrap(), it.next().unwrap());
        let (a, b) = (x.min(y), x.max(y));
        let cold = ((b - a) as f64 * (1.0 + 5f64.sqrt()) / 2.0).floor() as u64 == a;
        out.push_str(if cold { "0\n" } else { "1\n" });
    }
    out
}

#[test]
fn a_floating_point_wythoff_is_caught_and_shrunk_to_one_line() {
    let (phase, shrunk) = find_and_shrink("P2252", float_wythoff, 400);
    assert_eq!(phase, Phase::Adversarial);
    assert_eq!(shrunk.failure.kind, Kind::WrongAnswer);
    let lines: Vec<&str> = shrunk.input.lines().collect();
    assert_eq!(lines.len(), 1, "{}", shrunk.input);
    let (a, b) = lines[0].split_once(' ').unwrap();
    let (a, b): (u64, u64) = (a.parse().unwrap(), b.parse().unwrap());
    // The shrunk line is a cold pair the double calls hot, or the pair one above it on the
    // same diagonal, which it calls cold: it rounds `d·φ` up.
    let (lo, hi) = (a.min(b), a.max(b));
    let cold = wythoff_cold(hi - lo) == (lo, hi);
    assert!(
        cold || wythoff_cold(hi - lo) == (lo - 1, hi - 1),
        "{lo} {hi}"
    );
    let want = if cold { ("0", "1") } else { ("1", "0") };
    let f = &shrunk.failure;
    assert_eq!((f.expected.as_str(), f.received.as_str()), want);
    assert_eq!(shrunk.failure.line, 1);
}

/// Anti-Nim that counts zero heaps as heaps of 1.
fn anti_nim_counting_zeros(input: &str) -> String {
    let mut it = input.split_whitespace().map(|w| w.parse::<u64>().unwrap());
    let mut out = String::new();
    for _ in 0..it.next().unwrap() {
        let n = it.next().unwrap();
        let heaps: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
        let x = heaps.iter().fold(0, |a, &b| a ^ b);
        let john = if heaps.iter().all(|&h| h <= 1) {
            n % 2 == 0
        } else {
            x != 0
        };
        out.push_str(if john { "John\n" } else { "Brother\n" });
    }
    out
}

#[test]
fn anti_nim_ignoring_zero_heaps_shrinks_to_one_zero_heap() {
    let (phase, shrunk) = find_and_shrink("P4279", anti_nim_counting_zeros, 100);
    assert_eq!(phase, Phase::Exhaustive);
    assert_eq!(shrunk.input, "1\n1\n0\n");
    assert_eq!(shrunk.failure.expected, "John");
    assert_eq!(shrunk.failure.received, "Brother");
}

#[test]
fn a_crash_stays_a_crash_while_shrinking() {
    // Crashes on any n above 1000: shrinking finds the least such input.
    let t = target("P4018").unwrap();
    let crashes = |input: &str| {
        input
            .split_whitespace()
            .skip(1)
            .any(|w| w.len() > 3 && w != "1000")
    };
    let mut run = |input: &str| {
        Some(if crashes(input) {
            Run::Crashed {
                how: "exit status 3".into(),
                output: String::new(),
            }
        } else {
            Run::Finished {
                output: t.reference(input).unwrap(),
            }
        })
    };
    let seed = Schedule::new(t.exhaustive_cases(), 100, 7)
        .find(|&s| crashes(&t.case(s).unwrap().input))
        .unwrap();
    let input = t.case(seed).unwrap().input;
    let f = judge(&*t, &input, &run(&input).unwrap()).unwrap().unwrap();
    assert_eq!((f.kind, f.detail.as_str()), (Kind::Crash, "exit status 3"));
    let shrunk = shrink_failure(&*t, seed, f, &mut run).unwrap();
    assert_eq!(shrunk.input, "1\n1001\n");
    assert_eq!(shrunk.failure.kind, Kind::Crash);
    // A caller's budget stops the shrinking: the seed's own input comes back.
    let first = judge(&*t, &input, &run(&input).unwrap()).unwrap().unwrap();
    let stopped = shrink_failure(&*t, seed, first, &mut |_: &str| None).unwrap();
    assert_eq!((stopped.input, stopped.runs), (input, 0));
}

#[test]
fn judging_tells_failures_apart() {
    let t = target("P1290").unwrap();
    let input = "2\n25 7\n24 15\n";
    let ok = Run::Finished {
        output: "Stan wins\r\n  Ollie wins".into(),
    };
    assert_eq!(judge(&*t, input, &ok).unwrap(), None);
    let wrong = Run::Finished {
        output: "Stan wins\nStan wins\n".into(),
    };
    let f = judge(&*t, input, &wrong).unwrap().unwrap();
    assert_eq!(f.kind, Kind::WrongAnswer);
    assert_eq!(
        (f.line, f.expected.as_str(), f.received.as_str()),
        (2, "Ollie wins", "Stan wins")
    );
    let crash = Run::Crashed {
        how: "killed by signal 11 (SIGSEGV)".into(),
        output: "Stan wins\n".into(),
    };
    let f = judge(&*t, input, &crash).unwrap().unwrap();
    assert_eq!((f.kind, f.line, f.received.as_str()), (Kind::Crash, 2, END));
    let slow = Run::TimedOut {
        limit: "2 s".into(),
    };
    let f = judge(&*t, input, &slow).unwrap().unwrap();
    assert_eq!(
        (f.kind, f.expected.as_str()),
        (Kind::TimeLimit, "Stan wins")
    );
    assert!(f.received.contains("2 s"));
    // A crash after a complete, correct answer is still a crash.
    let late = Run::Crashed {
        how: "exit status 1".into(),
        output: "Stan wins\nOllie wins\n".into(),
    };
    assert_eq!(judge(&*t, input, &late).unwrap().unwrap().kind, Kind::Crash);
    assert!(judge(&*t, "x", &ok).is_err());
}

#[test]
fn a_rules_script_is_a_target() {
    use super::{Answer, ScriptTarget, StressTarget, Template};
    use sprague_core::limits::Limits;
    let nim2 = "fn options(p) {\n  let out = [];\n  for i in 0..2 {\n    for k in 0..p[i] {\n      let q = p;\n      q[i] = k;\n      out.push(q);\n    }\n  }\n  out\n}\n";
    let template = Template {
        count: true,
        answer: Answer::Move { lose: "-1".into() },
        max: 20,
        ..Template::default()
    };
    let t = ScriptTarget::new("rules:nim2.rhai", nim2, template, Limits::default()).unwrap();
    // Pairs are found (the script refuses integers); 21×21 of them, 32 an input.
    assert_eq!(t.exhaustive_cases(), 14);
    let case = t.case(0).unwrap();
    assert!(case.input.starts_with("32\n0 0\n0 1\n"), "{}", case.input);
    let input = "2\n3 3\n5 2\n";
    assert_eq!(t.reference(input).unwrap(), "-1\n2 2\n");
    // Any winning move is accepted; a move that is not one is caught on its line.
    assert_eq!(t.compare(input, "-1\n2 2\n", "-1\n2 2\n"), None);
    let m = t.compare(input, "-1\n2 2\n", "-1\n4 2\n").unwrap();
    assert_eq!((m.line, m.received.as_str()), (2, "4 2"));
    let m = t.compare(input, "-1\n2 2\n", "-1\n").unwrap();
    assert_eq!(m.line, 2);
    // Random and adversarial inputs keep to the bounds and read back.
    for seed in [super::RANDOM_SEEDS, super::RANDOM_SEEDS + 1] {
        let case = t.case(seed).unwrap();
        assert!(t.reference(&case.input).is_ok(), "{}", case.input);
    }
    // Shrinking keeps one line still failing: here, a pair of equal heaps (each number
    // shrinks alone, so the pair stays as it is).
    let shrunk = t
        .shrink(super::RANDOM_SEEDS + 1, &mut |text: &str| {
            Some(text.lines().skip(1).any(|l| {
                let v: Vec<&str> = l.split_whitespace().collect();
                v[0] == v[1]
            }))
        })
        .unwrap();
    let lines: Vec<&str> = shrunk.lines().collect();
    assert_eq!(lines.len(), 2, "{shrunk}");
    let v: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(v[0], v[1], "{shrunk}");
}
