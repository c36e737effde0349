//! Tests of misère play through the misère quotient in the catalogue game: the method is
//! named, outcomes and winning moves of random sums agree with an exhaustive misère search
//! (the `MisereSolver` over the rules, no quotient), huge heaps are answered by the period,
//! tables go beyond the search's limit, and wild games fall back to the search.

use crate::impartial::MisereSolver;
use crate::interface::{Game, Listing, MethodKind, SolveOptions, TableOptions, Winner};
use crate::limits::Limits;
use crate::octal::entries;
use crate::octal::game::MISERE_LIMIT;
use crate::octal::rules::HeapRules;
use crate::octal::tests::oct;

fn lookup(spec: &str) -> Box<dyn Game> {
    crate::interface::testing::game_of(&entries::all(), spec).unwrap()
}

fn w(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn misere() -> SolveOptions {
    SolveOptions {
        misere: true,
        ..Default::default()
    }
}

/// A small deterministic generator (SplitMix64), so that failures repeat.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// Random sums of small heaps: the quotient's outcome and its winning moves against the
/// exhaustive search, which rates every move of the sum on its own.
#[test]
fn random_sums_agree_with_an_exhaustive_search() {
    let mut rng = Rng(2024);
    use crate::octal::rules::TakeAndBreak;
    let parse = |code: &str, hex: bool| TakeAndBreak::parse(code, hex).unwrap();
    for (spec, ruleset) in [
        ("octal:0.75", parse("0.75", false)),
        ("kayles", parse("0.77", false)),
        ("octal:0.53", parse("0.53", false)),
        ("octal:4.07", parse("4.07", false)),
        ("hex:0.F", parse("0.F", true)),
        ("dawson-kayles", parse("0.07", false)),
        // No finite rules: bounded quotients, options listed heap by heap.
        ("lasker-nim", TakeAndBreak::lasker_nim()),
        ("grundy-game", TakeAndBreak::grundy_game()),
    ] {
        let g = lookup(spec);
        let rules = HeapRules(ruleset);
        let mut search = MisereSolver::new(rules, Limits::default());
        for _ in 0..25 {
            let k = 1 + rng.below(4);
            let heaps: Vec<u64> = (0..k).map(|_| rng.below(11)).collect();
            let pos = heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ");
            let v = g.solve(&w(&pos), &misere()).unwrap();
            assert_eq!(v.method.kind, MethodKind::Quotient, "{spec} {pos}");
            let comps: Vec<Vec<u64>> = heaps.iter().filter(|&&h| h > 0).map(|&h| vec![h]).collect();
            let wins = search.first_player_wins(&comps).unwrap();
            assert_eq!(v.outcome == Winner::First, wins, "{spec} {pos}");
            // Every move listed by `moves`, rated by the search after it.
            let all = g.moves(&w(&pos), &misere()).unwrap();
            assert_eq!(all.method.kind, MethodKind::Quotient);
            let mut want = Vec::new();
            for m in &all.moves {
                let after: Vec<Vec<u64>> = m
                    .position
                    .split_whitespace()
                    .map(|x| x.parse::<u64>().unwrap())
                    .filter(|&h| h > 0)
                    .map(|h| vec![h])
                    .collect();
                let opp = search.first_player_wins(&after).unwrap();
                assert_eq!(m.winning, !opp, "{spec} {pos} → {}", m.position);
                if !opp {
                    want.push(m.position.clone());
                }
            }
            let mut got: Vec<String> = v.moves.iter().map(|m| m.position.clone()).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{spec} {pos}");
        }
    }
}

/// Six heaps of a million of 0.75, heaps of 10^18 and of 10^30: decided by the period, and
/// the method names the quotient; a winning move of a mixed sum is found by residues and
/// wins.
#[test]
fn huge_heaps_of_a_game_with_a_finite_quotient() {
    let g = lookup("octal:0.75");
    let v = g
        .solve(
            &w("1000000 1000000 1000000 1000000 1000000 1000000"),
            &misere(),
        )
        .unwrap();
    assert_eq!(v.method.kind, MethodKind::Quotient);
    assert!(
        v.method.text.contains("|Q| = 8, |P| = 2"),
        "{}",
        v.method.text
    );
    assert!(
        v.method.text.contains("period 2 from heap 8"),
        "{}",
        v.method.text
    );
    assert_eq!(v.outcome, Winner::Second);
    assert_eq!(v.details.get("quotient_order"), Some("8"));
    let e18 = "1000000000000000000";
    let v = g
        .solve(&w(&format!("{e18} 1000000000000000001 7")), &misere())
        .unwrap();
    assert_eq!(v.method.kind, MethodKind::Quotient);
    if v.outcome == Winner::First {
        assert!(!v.moves.is_empty());
        for m in &v.moves {
            let after = g.solve(&w(&m.position), &misere()).unwrap();
            assert_eq!(after.outcome, Winner::Second, "{}", m.label);
        }
    }
    let v = g
        .solve(
            &w("1000000 1000001 1000002 1000003 1000004 1000005"),
            &misere(),
        )
        .unwrap();
    assert_eq!(v.outcome, Winner::First);
    assert!(
        !v.moves.is_empty() && !v.complete,
        "found by residues, not all listed"
    );
    assert!(
        v.note.as_deref().unwrap().contains("residues"),
        "{:?}",
        v.note
    );
    for m in &v.moves {
        let after = g.solve(&w(&m.position), &misere()).unwrap();
        assert_eq!(after.outcome, Winner::Second, "{}", m.label);
    }
    // Beyond a machine word: played as representatives modulo the period, moves mapped
    // back (the winning moves lead to lost positions, `moves` agrees with `solve` after).
    let e30 = "1000000000000000000000000000000";
    for pos in [
        format!("{e30} 1000000000000000000000000000001 7"),
        format!("{e30} {e30} 3"),
    ] {
        let v = g.solve(&w(&pos), &misere()).unwrap();
        assert_eq!(v.method.kind, MethodKind::Quotient, "{pos}");
        for m in &v.moves {
            assert!(m.position.split_whitespace().count() >= 3, "{}", m.position);
            let after = g.solve(&w(&m.position), &misere()).unwrap();
            assert_eq!(after.outcome, Winner::Second, "{pos}: {}", m.label);
        }
        let all = g.moves(&w(&pos), &misere()).unwrap();
        assert_eq!(all.method.kind, MethodKind::Quotient);
        for m in all.moves.iter().take(12) {
            let after = g.solve(&w(&m.position), &misere()).unwrap();
            assert_eq!(
                m.winning,
                after.outcome == Winner::Second,
                "{pos}: {}",
                m.label
            );
        }
    }
    // Kayles: a heap beyond the search's limit, and a misère table past it.
    let k = lookup("kayles");
    let v = k.solve(&w("5000 3"), &misere()).unwrap();
    assert_eq!(v.method.kind, MethodKind::Quotient);
    let t = k
        .table(&TableOptions {
            upto: 1_000,
            misere: true,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(t.count(), 1_001);
    assert_eq!(t.method.kind, MethodKind::Quotient);
    assert!(
        t.notes.iter().any(|n| n.contains("|Q| = 40")),
        "{:?}",
        t.notes
    );
    // Its rows agree with the search where the search reaches.
    let mut search = MisereSolver::new(HeapRules(oct("0.77")), Limits::default());
    for n in 0..=20u64 {
        let comps = if n == 0 { vec![] } else { vec![vec![n]] };
        let wins = search.first_player_wins(&comps).unwrap();
        assert_eq!(
            t.row(n).outcome,
            Some(Winner::from_first_wins(wins)),
            "heap {n}"
        );
    }
    const { assert!(1_000 > MISERE_LIMIT) };
}

/// Dawson's Kayles' quotient grows past a thousand elements beyond heap 30: a position
/// with a larger heap goes to the search (refused here by its estimate), while one within
/// the bounded quotient is answered by it, and says it is bounded.
#[test]
fn wild_games_fall_back_to_the_search() {
    let g = lookup("dawson-kayles");
    let v = g.solve(&w("9 12"), &misere()).unwrap();
    assert_eq!(v.method.kind, MethodKind::Quotient);
    assert!(v.method.text.contains("bounded"), "{}", v.method.text);
    let small = SolveOptions {
        misere: true,
        max_positions: 20_000,
        ..Default::default()
    };
    let e = g.solve(&w("80"), &small).unwrap_err().to_string();
    assert!(e.contains("needs exact misère search"), "{e}");
    // Listing: solve lists exactly the winning moves that moves marks.
    let v = g.moves(&w("9 12"), &misere()).unwrap();
    assert_eq!(v.listing, Listing::All);
    assert!(v.complete);
}

/// Kayles past the heaps where its quotient last changes (27) and into its preperiod:
/// random sums with heaps up to 40, against the exhaustive search (which cannot know the
/// quotient), so that the 40-element quotient is checked where it is largest.
#[test]
fn kayles_sums_of_larger_heaps_agree_with_an_exhaustive_search() {
    let g = lookup("kayles");
    let limits = Limits::default().with_max_positions(Some(50_000_000));
    let mut search = MisereSolver::new(HeapRules(oct("0.77")), limits);
    let mut rng = Rng(77);
    for _ in 0..30 {
        let big = 20 + rng.below(21);
        let mut heaps = vec![big];
        let mut room = 42u64.saturating_sub(big);
        while room > 0 && rng.below(3) > 0 {
            let h = 1 + rng.below(room.min(12));
            heaps.push(h);
            room -= h;
        }
        let pos = heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ");
        let v = g.solve(&w(&pos), &misere()).unwrap();
        assert_eq!(v.method.kind, MethodKind::Quotient, "{pos}");
        let comps: Vec<Vec<u64>> = heaps.iter().map(|&h| vec![h]).collect();
        let wins = search.first_player_wins(&comps).unwrap();
        assert_eq!(v.outcome == Winner::First, wins, "kayles {pos}");
        for m in &v.moves {
            let after: Vec<Vec<u64>> = m
                .position
                .split_whitespace()
                .map(|x| x.parse::<u64>().unwrap())
                .filter(|&h| h > 0)
                .map(|h| vec![h])
                .collect();
            assert!(
                !search.first_player_wins(&after).unwrap(),
                "kayles {pos} → {}",
                m.position
            );
        }
    }
}
