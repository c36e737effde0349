//! Partizan scripts: the example scripts agree with the catalogue's rulesets (canonical
//! forms compared), Rhai and Luau agree, and a script of both kinds, a script that throws
//! and a limit reached give clear messages.

use super::game::{game_from_script, ScriptGame};
use crate::interface::{Game, SolveOptions, Verdict};
use crate::partizan::rulesets::domineering::Domineering;
use crate::partizan::rulesets::game::RulesetGame;
use crate::partizan::rulesets::tests::filled_board;
use crate::partizan::rulesets::toads::ToadsAndFrogs;

fn example(name: &str) -> Box<dyn Game> {
    let path = format!("{}/../../examples/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    game_from_script(&format!("rules:{name}"), &text).unwrap()
}

fn solve(g: &dyn Game, position: &str) -> Verdict {
    g.solve(&[position.to_string()], &SolveOptions::default())
        .unwrap_or_else(|e| panic!("{} {position}: {e}", g.spec()))
}

/// The stops, mean and temperature of a verdict (not how many components were searched,
/// which depends on how the rules split and normalise positions).
fn thermal(v: &Verdict) -> Vec<Option<&str>> {
    ["left_stop", "right_stop", "mean", "temperature"]
        .iter()
        .map(|k| v.details.get(k))
        .collect()
}

fn value(g: &dyn Game, position: &str) -> String {
    solve(g, position).value.unwrap()
}

/// A small deterministic generator (SplitMix64), so that failures repeat.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

#[test]
fn the_domineering_script_agrees_with_the_catalogue() {
    let script = example("domineering.luau");
    let catalogue = RulesetGame::build(Domineering, None).unwrap();
    let mut rng = Rng(26);
    let mut boards = 0;
    for rows in 1..=12 {
        for cols in 1..=12 / rows {
            let mut fillings = vec![0u64];
            for _ in 0..8 {
                fillings.push(rng.next() & rng.next() & ((1 << (rows * cols)) - 1));
            }
            for filled in fillings {
                let b = filled_board(rows, cols, filled);
                let (s, c) = (solve(&*script, &b), solve(&*catalogue, &b));
                assert_eq!(s.value, c.value, "{b}");
                assert_eq!(s.outcome, c.outcome, "{b}");
                assert_eq!(thermal(&s), thermal(&c), "stops, mean, temperature of {b}");
                boards += 1;
            }
        }
    }
    assert!(boards > 200, "{boards}");
    // The winning moves name the same boards.
    let (s, c) = (
        solve(&*script, "....|...."),
        solve(&*catalogue, "....|...."),
    );
    let after = |v: &Verdict| {
        let mut p: Vec<String> = v.moves.iter().map(|m| m.position.clone()).collect();
        p.sort();
        p
    };
    assert_eq!(after(&s), after(&c));
    assert!(!s.moves.is_empty());
}

#[test]
fn the_script_splits_a_board_into_its_regions() {
    let script = example("domineering.luau");
    let v = solve(&*script, "..#..|..#..");
    let parts: Vec<&str> = v.components.iter().map(|c| c.position.as_str()).collect();
    assert_eq!(parts, ["..|..", "..|.."]);
    // Two 2×2 squares, each valued as the board of its own.
    let single = value(&*script, "..|..");
    assert_eq!(v.components[0].value.as_deref(), Some(single.as_str()));
}

#[test]
fn the_toads_and_frogs_script_agrees_with_the_catalogue() {
    let script = example("toads-and-frogs.rhai");
    let catalogue = RulesetGame::build(ToadsAndFrogs, None).unwrap();
    let mut rng = Rng(7);
    for _ in 0..60 {
        let len = 2 + (rng.next() % 7) as usize;
        let strip: String = (0..len)
            .map(|_| ['t', 'f', '.', '.'][(rng.next() % 4) as usize])
            .collect();
        assert_eq!(
            value(&*script, &strip),
            value(&*catalogue, &strip),
            "{strip}"
        );
    }
    assert_eq!(value(&*script, "tt.ff"), value(&*catalogue, "tt.ff"));
}

/// Domineering in Rhai, without components: the same values as the Luau script.
const DOMINEERING_RHAI: &str = r#"
fn place(rows, dr, dc) {
    let out = [];
    for r in 0..rows.len() {
        for c in 0..rows[r].len() {
            if rows[r][c] != '.' || r + dr >= rows.len() || c + dc >= rows[r + dr].len() { continue; }
            if rows[r + dr][c + dc] != '.' { continue; }
            let after = rows;
            after[r][c] = '#';
            after[r + dr][c + dc] = '#';
            out.push(after.map(|row| { let s = ""; for ch in row { s += ch; } s }).reduce(|a, b| a + "|" + b));
        }
    }
    out
}
fn grid(pos) { pos.split("|").map(|row| row.to_chars()) }
fn left_options(pos) { place(grid(pos), 1, 0) }
fn right_options(pos) { place(grid(pos), 0, 1) }
"#;

#[test]
fn rhai_and_luau_scripts_give_the_same_values() {
    let luau = example("domineering.luau");
    let rhai = game_from_script("rules:dom.rhai", DOMINEERING_RHAI).unwrap();
    for b in [
        "...|...",
        "..|..|..",
        "....|.#..",
        "...|..#|...",
        "#..|...|..#",
        ".....",
    ] {
        let (l, r) = (solve(&*luau, b), solve(&*rhai, b));
        assert_eq!(l.value, r.value, "{b}");
        assert_eq!(thermal(&l), thermal(&r), "{b}");
    }
    // A sum of two boards, written with `+`.
    assert_eq!(value(&*luau, "..|.. + ..."), value(&*rhai, "..|.. + ..."));
}

#[test]
fn a_script_of_both_kinds_or_half_a_partizan_one_is_refused() {
    let both = "fn options(p) { [] }\nfn left_options(p) { [] }\nfn right_options(p) { [] }";
    let e = game_from_script("rules:x.rhai", both)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("rules:x.rhai") && e.contains("both"), "{e}");
    let half = "function left_options(p) return {} end";
    let e = game_from_script("rules:x.luau", half)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("no `function right_options(pos)`"), "{e}");
    let arity = "fn left_options(p, q) { [] }\nfn right_options(p) { [] }";
    let e = game_from_script("rules:x.rhai", arity)
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("`fn left_options` must take exactly one parameter"),
        "{e}"
    );
    // Commands of impartial games refuse a partizan script by name.
    let partizan = "fn left_options(p) { [] }\nfn right_options(p) { [] }";
    let e = ScriptGame::compile("rules:x.rhai", partizan)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("partizan"), "{e}");
}

#[test]
fn a_throwing_script_names_its_line_and_the_position() {
    let text = "fn left_options(n) {\n  if n == 3 { throw \"no moves from three\"; }\n  if n > 0 { [n - 1] } else { [] }\n}\nfn right_options(n) { [] }\n";
    let g = game_from_script("rules:bad.rhai", text).unwrap();
    // 2 is fine: a number (Left has two free moves).
    assert_eq!(value(&*g, "2"), "2");
    let e = g
        .solve(&["5".into()], &SolveOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("rules:bad.rhai"), "{e}");
    assert!(e.contains("left_options(3) failed at line 2"), "{e}");
    assert!(e.contains("no moves from three"), "{e}");
    // The failure belongs to that request only.
    assert_eq!(value(&*g, "2"), "2");
    let lua = "function left_options(n)\n  error('broken')\nend\nfunction right_options(n) return {} end\n";
    let g = game_from_script("rules:bad.luau", lua).unwrap();
    let e = g
        .moves(&["1".into()], &SolveOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("left_options(1) failed at line 2"), "{e}");
    // A value that is not a position is named, with the function's line.
    let g = game_from_script(
        "rules:bad.rhai",
        "fn left_options(n) { true }\nfn right_options(n) { [] }",
    )
    .unwrap();
    let e = g
        .solve(&["1".into()], &SolveOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("left_options(1) returned a boolean"), "{e}");
}

#[test]
fn limits_hold_for_partizan_scripts() {
    let script = example("domineering.luau");
    let options = SolveOptions {
        max_positions: 20,
        ..SolveOptions::default()
    };
    let e = script
        .solve(&["....|....|....|....".into()], &options)
        .unwrap_err()
        .to_string();
    assert!(e.contains("components searched"), "{e}");
    assert!(e.contains("--max-positions"), "{e}");
    // An endless loop stops at the operations' limit, at its line.
    let g = game_from_script(
        "rules:loop.luau",
        "function left_options(n)\n  while true do end\nend\nfunction right_options(n) return {} end\n",
    )
    .unwrap();
    let e = g
        .solve(&["1".into()], &SolveOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("operations"), "{e}");
    assert!(e.contains("line 2"), "{e}");
    // Misère play searches the script's game tree, as the catalogue's: `..` is Right's
    // one move, which leaves Left without a move, and Left then wins. Every-move play is
    // refused.
    let misere = script
        .solve(
            &["..".into()],
            &SolveOptions {
                misere: true,
                ..SolveOptions::default()
            },
        )
        .unwrap();
    assert_eq!(misere.outcome, crate::interface::Winner::L);
    let e = script
        .solve(
            &["..".into()],
            &SolveOptions {
                every: true,
                ..SolveOptions::default()
            },
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("every-move"), "{e}");
}

#[test]
fn legal_moves_are_both_players() {
    let script = example("domineering.luau");
    let moves = script
        .legal_moves(&["..|..".into()], &SolveOptions::default())
        .unwrap();
    // Two vertical dominoes for Left, two horizontal ones for Right.
    assert_eq!(moves.len(), 4);
    assert_eq!(
        moves
            .iter()
            .filter(|m| m.side == Some(sprague_core::value::Side::Left))
            .count(),
        2
    );
    assert!(moves.iter().any(|m| m.position == "#.|#."), "{moves:?}");
}
