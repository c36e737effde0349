//! Heap games in the judge's format: every layout is read back as written, a wrong
//! solution of CF 768E (Game of Stones) is caught and shrunk, a proven pattern answers
//! heaps near 10^18, and a `--max` beyond the reference is lowered with a note.

use super::sums::{
    catalogue_target, script_target, HeapFormat, HeapTarget, HeapValues, Layout, Tests,
};
use super::{judge, shrink_failure, Answer, Run, Schedule, StressTarget};
use sprague_core::limits::Limits;
use sprague_games::script::game::ScriptGame;

fn format(tests: Tests, layout: Layout, min: u64, max: u64) -> HeapFormat {
    HeapFormat {
        tests,
        layout,
        piles: if layout == Layout::Single {
            (1, 1)
        } else {
            (1, 8)
        },
        min,
        max,
        answer: Answer::Winner {
            first: "NO".into(),
            second: "YES".into(),
        },
    }
}

/// The largest t with t(t + 1)/2 ≤ s, by counting.
fn tri(s: u64) -> u64 {
    (0..).take_while(|t| t * (t + 1) / 2 <= s).last().unwrap()
}

/// A solution of CF 768E: `n`, then `n` piles one a line; `g` the value of a pile.
fn solve(input: &str, g: impl Fn(u64) -> u64) -> String {
    let mut tokens = input.split_whitespace().map(|t| t.parse::<u64>().unwrap());
    let n = tokens.next().unwrap();
    let x = (0..n).fold(0, |x, _| x ^ g(tokens.next().unwrap()));
    if x == 0 {
        "YES\n".into()
    } else {
        "NO\n".into()
    }
}

fn stones() -> ScriptGame {
    let text = include_str!("../../../../examples/rules/game-of-stones.rhai");
    ScriptGame::compile("rules:game-of-stones.rhai", text).unwrap()
}

#[test]
fn every_layout_reads_back_what_it_writes() {
    let values = HeapValues::Table((0..200).map(|n| n % 3).collect());
    for tests in [Tests::One, Tests::Lines, Tests::Counted] {
        for layout in [
            Layout::Single,
            Layout::CountLine,
            Layout::CountLines,
            Layout::CountInline,
            Layout::Inline,
        ] {
            let t = HeapTarget::new("t", values.clone(), format(tests, layout, 0, 150)).unwrap();
            for seed in [0, 1, (1 << 32) + 7, (1 << 32) + 8] {
                let case = t.case(seed).unwrap();
                let answer = t.reference(&case.input).unwrap();
                let lines = answer.lines().count();
                if tests == Tests::One {
                    assert_eq!(lines, 1, "{tests:?} {layout:?}\n{}", case.input);
                }
                assert!(lines >= 1);
            }
        }
    }
}

#[test]
fn a_wrong_game_of_stones_solution_is_caught_and_shrunk() {
    let mut f = format(Tests::One, Layout::CountLines, 1, 35);
    f.piles = (1, 1000);
    let t = script_target(&stones(), f, Limits::positions(5_000_000)).unwrap();
    assert!(t.notes().is_empty(), "{:?}", t.notes());
    // The right solution passes.
    for seed in Schedule::new(t.exhaustive_cases(), 200, 5) {
        let input = t.case(seed).unwrap().input;
        let run = Run::Finished {
            output: solve(&input, tri),
        };
        assert_eq!(judge(&t, &input, &run).unwrap(), None, "{input}");
    }
    // ⌊√(2s)⌋ is off just below the triangular numbers (s = 2: 2, not 1).
    let wrong = |s: u64| (0..).take_while(|r: &u64| r * r <= 2 * s).last().unwrap();
    let failing = Schedule::new(t.exhaustive_cases(), 200, 5).find_map(|seed| {
        let input = t.case(seed).unwrap().input;
        let run = Run::Finished {
            output: solve(&input, wrong),
        };
        judge(&t, &input, &run).unwrap().map(|f| (seed, f))
    });
    let (seed, first) = failing.expect("the wrong solution is caught");
    let shrunk = shrink_failure(&t, seed, first, &mut |input| {
        Some(Run::Finished {
            output: solve(input, wrong),
        })
    })
    .unwrap();
    // Two piles at most (one pile of 2 is answered alike by both: 1 and 2 are not 0).
    assert!(shrunk.input.lines().count() <= 3, "{}", shrunk.input);
    assert_eq!(
        t.reference(&shrunk.input).unwrap(),
        solve(&shrunk.input, tri)
    );
}

#[test]
fn a_proven_pattern_answers_heaps_near_10_18() {
    let f = HeapFormat {
        answer: Answer::Grundy,
        ..format(
            Tests::Counted,
            Layout::CountLine,
            0,
            1_000_000_000_000_000_000,
        )
    };
    let t = catalogue_target("subtraction:1,3,4", f, Limits::default()).unwrap();
    assert!(t.notes().is_empty());
    let input = "1\n2\n999999999999999999 1000000000000000000\n";
    // 10^18 − 1 ≡ 0 and 10^18 ≡ 1 (mod 7): g = 0 and 1.
    assert_eq!(t.reference(input).unwrap(), "1\n");
    let mut adversarial = 0;
    for seed in Schedule::new(0, 40, 3) {
        let case = t.case(seed).unwrap();
        adversarial += usize::from(case.input.contains("1000000000000000000"));
        t.reference(&case.input).unwrap();
    }
    assert!(adversarial > 0);
}

#[test]
fn a_max_beyond_the_reference_is_lowered_with_a_note() {
    let values = HeapValues::Table((0..=100).map(|n| n % 5).collect());
    let t = HeapTarget::new(
        "t",
        values,
        format(Tests::Lines, Layout::Single, 0, 1 << 40),
    )
    .unwrap();
    assert!(t.notes()[0].contains("lowered to 100"), "{:?}", t.notes());
    assert!(t.bounds().contains("0..=100"), "{}", t.bounds());
    for seed in Schedule::new(t.exhaustive_cases(), 50, 1) {
        t.reference(&t.case(seed).unwrap().input).unwrap();
    }
}
