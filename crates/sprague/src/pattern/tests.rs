use super::*;
use sprague_games::script::game::ScriptGame;

const SUBTRACT: &str = include_str!("../../../../examples/rules/subtract-1-3-4.rhai");
const WYTHOFF: &str = include_str!("../../../../examples/rules/wythoff.rhai");
const AT_LEAST_TWO: &str = include_str!("../../../../examples/rules/take-at-least-two.rhai");

fn of(spec: &str) -> Pattern {
    find(spec, &PatternOptions::default()).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn script_upto(name: &str, text: &str, upto: Option<u64>) -> Pattern {
    let g = ScriptGame::compile(name, text).unwrap();
    let options = PatternOptions {
        upto,
        ..Default::default()
    };
    find_in_script(&g, &options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn proof(bound: Option<u64>) -> HeapProof {
    HeapProof {
        period: None,
        theorem: None,
        unproven: "not proven".into(),
        bound,
    }
}

fn period(p: &Pattern) -> (Option<&str>, Option<&str>) {
    (p.preperiod.as_deref(), p.period.as_deref())
}

#[test]
fn subtraction_1_3_4_has_period_7_proven() {
    let p = of("subtraction:1,3,4");
    assert_eq!(p.kind, "periodic");
    assert_eq!(period(&p), (Some("0"), Some("7")));
    assert!(p.proven, "{}", p.proof);
    assert!(p.python.as_deref().unwrap().contains("def grundy(n):"));
}

#[test]
fn kayles_has_preperiod_71_and_period_12_proven() {
    let p = of("kayles");
    assert_eq!(p.kind, "periodic");
    assert_eq!(period(&p), (Some("71"), Some("12")));
    assert!(p.proven, "{}", p.proof);
    assert!(p.proof.contains("periodicity theorem"), "{}", p.proof);
    assert!(p.checked_upto >= 71 + 3 * 12, "{}", p.checked_upto);
}

#[test]
fn bash_3_is_n_mod_4_proven() {
    let p = of("bash:3");
    assert_eq!(period(&p), (Some("0"), Some("4")));
    assert_eq!(p.formula, "g(n) = n mod 4");
    assert!(p.proven, "{}", p.proof);
    assert!(p.cpp.as_deref().unwrap().contains("return (n % 4LL);"));
}

#[test]
fn nim_is_n_proven_by_its_theorem() {
    let p = of("nim");
    assert_eq!(p.kind, "arithmetic-periodic");
    assert_eq!(p.formula, "g(n) = n");
    assert!(p.proven, "{}", p.proof);
    assert!(p.proof.contains("theorem"), "{}", p.proof);
}

#[test]
fn lasker_nim_is_arithmetic_periodic() {
    let p = of("lasker-nim");
    assert_eq!(p.kind, "arithmetic-periodic", "{}", p.formula);
    assert_eq!(p.period.as_deref(), Some("4"));
    assert_eq!(p.saltus.as_deref(), Some("4"));
}

#[test]
fn scripts_patterns_are_found_but_not_proven() {
    let p = script_upto("rules:subtract-1-3-4.rhai", SUBTRACT, Some(300));
    assert_eq!(period(&p), (Some("0"), Some("7")));
    assert!(!p.proven);
    let p = script_upto("rules:take-at-least-two.rhai", AT_LEAST_TWO, Some(300));
    assert_eq!(p.kind, "arithmetic-periodic");
    assert_eq!(
        (p.period.as_deref(), p.saltus.as_deref()),
        (Some("2"), Some("1"))
    );
    assert_eq!(p.formula, "g(n) = ⌊n/2⌋");
    assert!(p.python.as_deref().unwrap().contains("return (n // 2)"));
}

#[test]
fn an_outcome_pattern_when_values_have_none() {
    // Values with no period, zero exactly on the multiples of 3.
    let values: Vec<u64> = (0..200).map(|n| if n % 3 == 0 { 0 } else { n }).collect();
    let p = heap_pattern("test", &values, proof(None));
    assert_eq!((p.describes, p.kind), ("outcome", "outcome-periodic"));
    assert_eq!(p.formula, "n ≥ 0 is a P-position iff n mod 3 ∈ {0}");
    assert!(p
        .python
        .as_deref()
        .unwrap()
        .contains("def first_player_wins(n):"));
    // Values with no pattern at all.
    let mut x = 1u64;
    let values: Vec<u64> = (0..200)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            x >> 60
        })
        .collect();
    let p = heap_pattern("test", &values, proof(None));
    assert_eq!(p.kind, "none");
    assert!(p.cpp.is_none());
}

#[test]
fn wythoff_and_euclid_pairs() {
    let p = of("wythoff");
    assert_eq!(p.kind, "beatty-pair");
    assert!(p.proven, "{}", p.proof);
    assert!(p.python.as_deref().unwrap().contains("def lt_phi(p, q):"));
    let p = of("euclid");
    assert_eq!(p.kind, "golden-cone");
    assert_eq!(p.checked_from, 1);
    assert!(p.proven);
    let p = script_upto("rules:wythoff.rhai", WYTHOFF, Some(30));
    assert_eq!((p.positions, p.kind), ("pair", "beatty-pair"));
    assert!(!p.proven);
}

#[test]
fn games_without_single_heaps_are_refused_clearly() {
    let err = find("domineering", &PatternOptions::default()).unwrap_err();
    assert!(err.to_string().contains("one-heap games"), "{err}");
    let err = find("rules:x.rhai", &PatternOptions::default()).unwrap_err();
    assert!(err.to_string().contains("game_from_script"), "{err}");
}

#[test]
fn the_json_holds_preperiod_period_and_proven() {
    let v = serde_json::to_value(of("kayles")).unwrap();
    assert_eq!(v["preperiod"], "71");
    assert_eq!(v["period"], "12");
    assert_eq!(v["proven"], true);
}

#[test]
fn dawson_kayles_and_its_octal_twin_have_period_34_proven() {
    // Dawson's Kayles (0.07) is 0.137 one pin later: the same period, the preperiod one
    // longer.
    let p = of("dawson-kayles");
    assert_eq!(p.kind, "periodic");
    assert_eq!(period(&p), (Some("53"), Some("34")));
    assert!(p.proven, "{}", p.proof);
    let p = of("octal:0.137");
    assert_eq!(period(&p), (Some("52"), Some("34")));
    assert!(p.proven, "{}", p.proof);
}

#[test]
fn grundys_game_claims_no_period() {
    let p = of("grundy-game");
    assert!(!p.proven, "{}", p.proof);
    assert!(p.period.is_none(), "{:?}", p.period);
    assert!(!p.proof.is_empty());
}

#[test]
fn the_patterns_anyone_sees_in_a_printed_table() {
    // ABC059 D: P iff |x − y| ≤ 1.
    let p = script_upto(
        "rules:alice-brown.rhai",
        include_str!("../../../../examples/rules/alice-brown.rhai"),
        Some(24),
    );
    assert_eq!(
        (p.kind, p.formula.as_str()),
        ("band", "(a, b) is a P-position iff |a − b| ≤ 1")
    );
    // HDU 2147: P iff both are odd (an empty board apart, without `--from`).
    let p = script_upto(
        "rules:kiki.rhai",
        include_str!("../../../../examples/rules/kiki.rhai"),
        Some(20),
    );
    assert_eq!(p.kind, "periodic-2d", "{}", p.formula);
    assert!(
        p.formula.contains("(a mod 2, b mod 2) ∈ {(1, 1)}"),
        "{}",
        p.formula
    );
    assert!(
        p.formula
            .starts_with("a pair with a zero heap is a P-position"),
        "{}",
        p.formula
    );
    // Euclid's game as a script: the golden cone, the zero row apart, without `--from 1`.
    let p = script_upto(
        "rules:euclid.rhai",
        include_str!("../../../../examples/rules/euclid.rhai"),
        Some(30),
    );
    assert_eq!(p.kind, "golden-cone", "{}", p.formula);
    assert_eq!(p.checked_from, 0);
    // The divisor game: v₂(n), proven by the entry's theorem.
    let p = of("divisor");
    assert_eq!(p.kind, "form", "{}", p.formula);
    assert!(p.formula.contains("v₂(n)"), "{}", p.formula);
    assert!(p.proven, "{}", p.proof);
    // CF 768E: constant between triangular numbers.
    let p = script_upto(
        "rules:game-of-stones.rhai",
        include_str!("../../../../examples/rules/game-of-stones.rhai"),
        Some(30),
    );
    assert_eq!(p.kind, "form", "{}", p.formula);
    assert!(p.formula.contains("T⁻¹(n)"), "{}", p.formula);
}

#[test]
fn a_bound_keeps_the_period_search_near_it() {
    // Without a period proven, 0.007 is computed to twice the bound (not to 2^16), and the
    // table answers the bound; a game whose period is proven early still has it.
    let options = PatternOptions {
        bound: Some(2000),
        ..Default::default()
    };
    let p = find("octal:0.007", &options).unwrap();
    assert!(!p.proven);
    assert!(
        (2000..=super::sources::OCTAL_BOUND_SEARCH).contains(&p.checked_upto),
        "{}",
        p.checked_upto
    );
    let p = find("octal:0.137", &options).unwrap();
    assert!(p.proven, "{}", p.proof);
    assert_eq!(p.kind, "periodic", "{}", p.formula);
}

#[test]
fn a_bound_beyond_the_table_is_said_and_a_covered_one_is_tabulated() {
    // Treblecross (POJ 3537) is 0.007: no period is known, the table answers its bound.
    let options = PatternOptions {
        upto: Some(3000),
        bound: Some(2000),
        ..Default::default()
    };
    let p = find("octal:0.007", &options).unwrap();
    if p.kind == "table" {
        assert_eq!(p.checked_upto, 2000);
        assert!(p.cpp.as_deref().unwrap().contains("T0[2001]"));
    } else {
        assert!(p.checked_upto >= 2000, "{}", p.checked_upto);
    }
    let options = PatternOptions {
        upto: Some(500),
        bound: Some(2000),
        ..Default::default()
    };
    let p = find("octal:0.007", &options).unwrap();
    assert!(!p.proven);
    assert!(
        p.notes.iter().any(|n| n.contains("unchecked")),
        "{:?}",
        p.notes
    );
}
