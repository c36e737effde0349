use super::*;
use sprague_games::script::game::ScriptGame;

const SUBTRACT: &str = include_str!("../../../../examples/rules/subtract-1-3-4.rhai");
const WYTHOFF: &str = include_str!("../../../../examples/rules/wythoff.rhai");
const AT_LEAST_TWO: &str = include_str!("../../../../examples/rules/take-at-least-two.rhai");

fn of(spec: &str) -> Pattern {
    find(spec, &PatternOptions::default()).unwrap_or_else(|e| panic!("{spec}: {e}"))
}

fn script(name: &str, text: &str) -> Pattern {
    let g = ScriptGame::compile(name, text).unwrap();
    find_in_script(&g, &PatternOptions::default()).unwrap_or_else(|e| panic!("{name}: {e}"))
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
fn nim_is_n_but_not_proven_here() {
    let p = of("nim");
    assert_eq!(p.kind, "arithmetic-periodic");
    assert_eq!(p.formula, "g(n) = n");
    assert!(!p.proven);
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
    let p = script("rules:subtract-1-3-4.rhai", SUBTRACT);
    assert_eq!(period(&p), (Some("0"), Some("7")));
    assert!(!p.proven);
    let p = script("rules:take-at-least-two.rhai", AT_LEAST_TWO);
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
    let p = heap_pattern("test", &values, None, "not proven".into());
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
    let p = heap_pattern("test", &values, None, "not proven".into());
    assert_eq!(p.kind, "none");
    assert!(p.cpp.is_none());
}

#[test]
fn wythoff_and_euclid_pairs() {
    let p = of("wythoff");
    assert_eq!(p.kind, "beatty-pair");
    assert!(p.proven, "{}", p.proof);
    assert!(p.python.as_deref().unwrap().contains("math.isqrt"));
    let p = of("euclid");
    assert_eq!(p.kind, "golden-cone");
    assert_eq!(p.checked_from, 1);
    assert!(p.proven);
    let p = script("rules:wythoff.rhai", WYTHOFF);
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
