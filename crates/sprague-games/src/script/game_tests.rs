//! The example scripts against independent computations: the catalogue's own games (each
//! example with a catalogue twin: subtraction 1,3,4, Wythoff, Kayles, all-but-1) and a
//! brute force written here.

use super::game::*;
use super::*;
use crate::impartial::{GrundySolver, Impartial};
use crate::interface::{Game, SolveOptions, TableOptions, Verdict, Winner};

/// The catalogue twins of the example scripts, built by their entries.
fn lookup(spec: &str) -> Result<Box<dyn Game>> {
    let mut entries = vec![
        crate::number::subtraction::entry(),
        crate::number::wythoff::entry(),
    ];
    entries.extend(crate::octal::entries::all());
    crate::interface::testing::game_of(&entries, spec)
}

pub(crate) const SUBTRACT: &str = include_str!("../../../../examples/rules/subtract-1-3-4.rhai");
pub(crate) const WYTHOFF: &str = include_str!("../../../../examples/rules/wythoff.rhai");
pub(crate) const KAYLES: &str = include_str!("../../../../examples/rules/kayles.rhai");
pub(crate) const LETTERS: &str = include_str!("../../../../examples/rules/letters.rhai");
pub(crate) const AT_LEAST_TWO: &str =
    include_str!("../../../../examples/rules/take-at-least-two.rhai");

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(String::from).collect()
}

fn opts(misere: bool, every: bool) -> SolveOptions {
    SolveOptions {
        misere,
        every,
        ..Default::default()
    }
}

fn table_values(g: &dyn Game, upto: u64) -> Vec<String> {
    let t = g
        .table(&TableOptions {
            upto,
            ..Default::default()
        })
        .unwrap();
    t.rows()
        .map(|r| r.value.map(|v| v.to_string()).unwrap_or_default())
        .collect()
}

fn winning(v: &Verdict) -> Vec<String> {
    // The catalogue's heap games write a sum without `+`.
    let mut w: Vec<String> = v
        .winning_positions()
        .iter()
        .map(|s| s.replace(" + ", " "))
        .collect();
    w.sort();
    w
}

/// The outcome, value and winning moves of the same position in two games agree.
fn agree(a: &dyn Game, pa: &str, b: &dyn Game, pb: &str, o: &SolveOptions, moves_too: bool) {
    let va = a.solve(&words(pa), o).unwrap();
    let vb = b.solve(&words(pb), o).unwrap();
    let what = format!("{pa} / {pb} misère {} every {}", o.misere, o.every);
    assert_eq!(va.outcome, vb.outcome, "{what}");
    if !o.misere {
        assert_eq!(va.value, vb.value, "{what}");
    }
    if moves_too {
        assert_eq!(winning(&va), winning(&vb), "{what}");
    }
}

#[test]
fn the_subtraction_example_is_subtraction_1_3_4() {
    let script = game_from_script("rules:subtract-1-3-4.rhai", SUBTRACT).unwrap();
    let catalogue = lookup("subtraction:1,3,4").unwrap();
    assert_eq!(table_values(&*script, 300), table_values(&*catalogue, 300));
    for p in ["10", "7", "10 + 6", "3 + 4 + 9", "2 + 2", "1 + 8 + 9 + 15"] {
        for (m, e) in [(false, false), (true, false), (false, true)] {
            agree(
                &*script,
                p,
                &*catalogue,
                &p.replace('+', " "),
                &opts(m, e),
                true,
            );
        }
    }
}

#[test]
fn the_wythoff_example_is_wythoff() {
    let script = game_from_script("rules:wythoff.rhai", WYTHOFF).unwrap();
    let catalogue = lookup("wythoff").unwrap();
    for a in 0..9 {
        for b in 0..9 {
            let p = format!("{a} {b}");
            agree(&*script, &p, &*catalogue, &p, &opts(false, false), false);
        }
    }
    for p in ["4 7 + 2 2", "1 2 + 3 5", "3 3 + 0 1"] {
        for (m, e) in [(false, false), (true, false), (false, true)] {
            agree(&*script, p, &*catalogue, p, &opts(m, e), false);
        }
    }
}

#[test]
fn the_kayles_example_is_kayles() {
    let script = game_from_script("rules:kayles.rhai", KAYLES).unwrap();
    let catalogue = lookup("kayles").unwrap();
    assert_eq!(table_values(&*script, 80), table_values(&*catalogue, 80));
    // (The catalogue's Kayles has no every-move play.)
    for (sp, cp) in [
        ("5 + 8", "5 8"),
        ("3 + 4 + 4", "3 4 4"),
        ("1 + 2 + 7", "1 2 7"),
    ] {
        for m in [false, true] {
            agree(&*script, sp, &*catalogue, cp, &opts(m, false), false);
        }
    }
    // One component made of rows, split by `components`: the same sum.
    for m in [false, true] {
        agree(
            &*script,
            "[3, 4, 4]",
            &*catalogue,
            "3 4 4",
            &opts(m, false),
            false,
        );
    }
    // A misère table of outcomes agrees too.
    let t = |g: &dyn Game| {
        g.table(&TableOptions {
            upto: 20,
            misere: true,
            ..Default::default()
        })
        .unwrap()
        .rows()
        .map(|r| r.outcome)
        .collect::<Vec<_>>()
    };
    assert_eq!(t(&*script), t(&*catalogue));
}

/// The letters game written directly: delete a letter, or two equal adjacent ones.
struct Letters;
impl Impartial for Letters {
    type Position = Vec<char>;
    fn options(&self, w: &Vec<char>, out: &mut Vec<Vec<char>>) {
        for i in 0..w.len() {
            let mut one = w.clone();
            one.remove(i);
            out.push(one);
            if i + 1 < w.len() && w[i] == w[i + 1] {
                let mut two = w.clone();
                two.drain(i..i + 2);
                out.push(two);
            }
        }
    }
}

#[test]
fn the_letters_example_matches_a_direct_search() {
    let script = game_from_script("rules:letters.rhai", LETTERS).unwrap();
    let mut direct = GrundySolver::new(Letters);
    for w in [
        "a",
        "aa",
        "ab",
        "abba",
        "aabb",
        "abcabc",
        "aaab",
        "mississippi",
    ] {
        let v = script.solve(&words(w), &SolveOptions::default()).unwrap();
        let g = direct.grundy(&w.chars().collect()).unwrap().value();
        assert_eq!(v.value.as_deref(), Some(g.to_string().as_str()), "{w}");
        for m in &v.moves {
            let after: Vec<char> = m.position.trim_matches('"').chars().collect();
            assert_eq!(
                direct.grundy(&after).unwrap().value(),
                0,
                "{w} → {}",
                m.position
            );
        }
    }
    // `moves` lists every deletion with the outcome after it.
    let all = script
        .moves(&words("aab"), &SolveOptions::default())
        .unwrap();
    let positions: Vec<&str> = all.moves.iter().map(|m| m.position.as_str()).collect();
    assert_eq!(positions, ["ab", "b", "aa"]);
    // The position API follows a move, and the empty word is written so that it reads back.
    let legal = script
        .legal_moves(&words("aa"), &SolveOptions::default())
        .unwrap();
    assert_eq!(legal.len(), 2);
    let empty = script
        .apply(&words("aa"), "aa → \"\"", &SolveOptions::default())
        .unwrap();
    assert_eq!(empty, "\"\"");
    let v = script
        .solve(&words(&empty), &SolveOptions::default())
        .unwrap();
    assert_eq!(v.outcome, Winner::Second);
}

#[test]
fn script_errors_reach_the_answer_and_name_the_line() {
    let g = game_from_script(
        "rules:bad.rhai",
        "fn options(n) {\n  if n == 4 { return 1 / 0; }\n  if n > 0 { [n - 1] } else { [] }\n}",
    )
    .unwrap();
    for o in [opts(false, false), opts(true, false), opts(false, true)] {
        let msg = g.solve(&words("6 + 2"), &o).unwrap_err().to_string();
        assert!(msg.contains("rules:bad.rhai"), "{msg}");
        assert!(msg.contains("options(4) failed at line 2"), "{msg}");
    }
    // Below the failing heap the game is fine.
    let v = g.solve(&words("3 + 2"), &SolveOptions::default()).unwrap();
    assert_eq!(v.value.as_deref(), Some("1"));
    let msg = g
        .table(&TableOptions {
            upto: 10,
            ..Default::default()
        })
        .unwrap_err()
        .to_string();
    assert!(msg.contains("options(4) failed at line 2"), "{msg}");
}

#[test]
fn an_endless_script_stops_with_an_error() {
    let g = game_from_script("rules:loop.rhai", "fn options(n) {\n  while true {}\n}").unwrap();
    let msg = g
        .solve(&words("1"), &SolveOptions::default())
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("operations") && msg.contains("line 2"),
        "{msg}"
    );
}

#[test]
fn positions_the_script_does_not_accept_are_its_errors() {
    let g = game_from_script("rules:wythoff.rhai", WYTHOFF).unwrap();
    let msg = g
        .solve(&words("5"), &SolveOptions::default())
        .unwrap_err()
        .to_string();
    assert!(msg.contains("a position is two heaps"), "{msg}");
}

#[test]
fn scripts_may_not_be_huge() {
    let text = " ".repeat(MAX_SCRIPT_BYTES + 1);
    assert!(game_from_script("rules:big.rhai", &text).is_err());
}

#[test]
fn take_at_least_two_has_values_half_the_heap() {
    let g = ScriptGame::compile("rules:take-at-least-two.rhai", AT_LEAST_TWO).unwrap();
    let values = g.heap_values(60, crate::limits::Limits::default()).unwrap();
    let expected: Vec<u64> = (0..=60).map(|n| n / 2).collect();
    assert_eq!(values, expected);
}

#[test]
fn the_take_at_least_two_example_is_subtraction_allbut_1() {
    let script = game_from_script("rules:take-at-least-two.rhai", AT_LEAST_TWO).unwrap();
    let catalogue = lookup("subtraction:allbut:1").unwrap();
    assert_eq!(table_values(&*script, 120), table_values(&*catalogue, 120));
    for p in ["9", "2 + 3", "7 + 7 + 4", "1 + 10"] {
        for (m, e) in [(false, false), (true, false), (false, true)] {
            agree(
                &*script,
                p,
                &*catalogue,
                &p.replace('+', " "),
                &opts(m, e),
                true,
            );
        }
    }
}
