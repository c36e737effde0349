//! Compounds (every-move and misère sums) through the catalogue's number games.

use crate::catalogue::lookup;

use num_bigint::BigUint;
use sprague_core::impartial::MisereSolver;
use sprague_core::limits::Limits;
use sprague_games::interface::SolveOptions;
use sprague_games::number::adapter::NumberGameAdapter;
use sprague_games::number::nim::NimRules;
use sprague_games::number::{small, NumberGame, Numbers, Shape};

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

#[test]
fn every_sums_of_euclid_games_through_the_catalogue() {
    let g = lookup("euclid").unwrap();
    let every = SolveOptions {
        every: true,
        ..Default::default()
    };
    let v = g.solve(&words("25 7 + 3 2 + 10 10"), &every).unwrap();
    assert_eq!(v.outcome, sprague_games::interface::Winner::First);
    assert_eq!(
        v.value_kind,
        Some(sprague_games::interface::ValueKind::Step)
    );
    let steps: Vec<&str> = v
        .components
        .iter()
        .map(|c| c.value.as_deref().unwrap())
        .collect();
    assert_eq!(steps, ["5", "2", "1"]);
    assert_eq!(v.value.as_deref(), Some("5"));
    assert!(v.method.text.starts_with("theorem"));
    assert_eq!(v.winning_positions(), ["11 7 + 1 2 + 0 10"]);
    // Largest step even: the second player wins, and no move of the compound wins.
    let v = g.solve(&words("3 2 + 1 1"), &every).unwrap();
    assert_eq!(v.outcome, sprague_games::interface::Winner::Second);
    let all = g.moves(&words("3 2 + 1 1"), &every).unwrap();
    assert!(!all.moves.is_empty() && all.moves.iter().all(|m| !m.winning));
    let both = SolveOptions {
        every: true,
        misere: true,
        ..Default::default()
    };
    assert!(g.solve(&words("3 2"), &both).is_err());
}

#[test]
fn misere_method_is_named() {
    let misere = SolveOptions {
        misere: true,
        ..Default::default()
    };
    let r = lookup("euclid")
        .unwrap()
        .solve(&words("5 3 + 2 1"), &misere)
        .unwrap();
    let m = r.method.text.as_str();
    assert!(m.starts_with("search") && m.contains("SJ"), "{m}");
    let r = lookup("nim")
        .unwrap()
        .solve(&words("3 4 5"), &misere)
        .unwrap();
    assert!(r.method.text.contains("Bouton"));
}

/// Nim without its misère theorem: the adapter must decide by the checked SJ theorem
/// and agree with exact search, winning moves included.
struct PlainNim;
impl NumberGame for PlainNim {
    type Rules = NimRules;
    fn spec(&self) -> String {
        "plain-nim".into()
    }
    fn shape(&self) -> Shape {
        Shape::Heaps
    }
    fn rules(&self) -> &NimRules {
        &NimRules
    }
    fn to_position(&self, c: &[BigUint]) -> sprague_core::Result<u64> {
        small(&c[0], "heap")
    }
    fn to_numbers(&self, &p: &u64) -> Numbers {
        vec![p.into()]
    }
}

#[test]
fn checked_sj_decides_when_no_misere_theorem_exists() {
    let a = NumberGameAdapter(PlainNim);
    let opts = SolveOptions {
        misere: true,
        ..Default::default()
    };
    let mut exact = MisereSolver::new(NimRules, Limits::default());
    for x in 0..5u64 {
        for y in 0..5u64 {
            for z in 0..4u64 {
                let comps: Vec<Numbers> = [x, y, z].iter().map(|&h| vec![h.into()]).collect();
                let an = a.analyse(&comps, &opts).unwrap();
                assert!(
                    an.method.describe().contains("SJ theorem"),
                    "{:?}",
                    an.method
                );
                let heaps = [x, y, z];
                assert_eq!(
                    an.outcome == sprague_core::value::Outcome::First,
                    exact.first_player_wins(&heaps).unwrap()
                );
                let mut got: Vec<(usize, u64)> = an
                    .winning_moves
                    .iter()
                    .map(|(i, m)| (*i, u64::try_from(&m[0]).unwrap()))
                    .collect();
                let mut want = exact.winning_moves(&heaps).unwrap();
                got.sort();
                want.sort();
                assert_eq!(got, want, "{heaps:?}");
            }
        }
    }
}
