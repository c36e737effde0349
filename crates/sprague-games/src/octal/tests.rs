//! Tests of the take-and-break rules as a whole: codes parsed and named in errors, and the
//! helper the tests of [`super::seq`] share.

use super::*;

pub(super) fn oct(code: &str) -> TakeAndBreak {
    TakeAndBreak::parse(code, false).unwrap()
}

#[test]
fn codes_parse_and_malformed_codes_are_named() {
    assert_eq!(oct("0.77").digits, vec![0, 7, 7]);
    assert_eq!(oct("4.07").digits, vec![4, 0, 7]);
    assert_eq!(
        TakeAndBreak::parse("0.F", true).unwrap().digits,
        vec![0, 15]
    );
    for bad in ["077", "0.8", "0.", "1.7", "2.7", "0.00", "12.7", "0.7x"] {
        let e = TakeAndBreak::parse(bad, false).unwrap_err().to_string();
        assert!(e.contains(bad), "{bad}: {e}");
    }
    assert!(TakeAndBreak::parse("0.G", true).is_err());
}

/// The estimate of splits into three matches the splits the rules make, within a few per
/// cent, and is 0 for games that never split into three.
#[test]
fn triple_work_estimates_the_splits_into_three() {
    let r = TakeAndBreak::parse("0.A0F", true).unwrap();
    let n = 300u64;
    let mut triples = 0u128;
    for m in 0..=n {
        r.heap_moves(m, |_, parts| triples += u128::from(parts.len() == 3));
    }
    let estimate = r.triple_work(n);
    assert!(
        estimate * 100 >= triples * 95 && estimate * 100 <= triples * 105,
        "{estimate} estimated, {triples} made"
    );
    assert_eq!(
        TakeAndBreak::parse("0.77", false).unwrap().triple_work(n),
        0
    );
    assert_eq!(r.triple_work(u64::MAX), u128::MAX / 36);
}

#[test]
fn malformed_specs_are_refused() {
    let game = |spec| crate::interface::testing::game_of(&entries::all(), spec);
    assert!(game("octal").is_err());
    assert!(game("kayles:3").is_err());
    assert!(game("octal:0.8").is_err());
}

/// The checks of the entries that claim a theorem (Kayles, Dawson's Kayles, Dawson's Chess,
/// Lasker's Nim) pass; the others search.
#[test]
fn the_entries_theorems_agree_with_search() {
    let mut claimed = Vec::new();
    for e in entries::all() {
        if let crate::interface::Solution::Theorem { check } = e.solution {
            assert_eq!(check().map(|n| n > 0), Ok(true), "{}", e.name);
            claimed.push(e.name);
        }
    }
    assert_eq!(
        claimed,
        ["kayles", "dawson-kayles", "dawson-chess", "lasker-nim"]
    );
}
