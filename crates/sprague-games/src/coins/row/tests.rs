//! Tests of the algorithm: rows read both ways, and the winning moves are exactly the
//! moves to value 0 on every small row of several rules.

use super::*;
use crate::coins::rule::CoinRule;
use num_bigint::BigUint;

fn w(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

#[test]
fn rows_parse_both_ways() {
    let a = Row::parse(&w("THHTH")).unwrap();
    assert_eq!(a.heads, [2u32, 3, 5].map(BigUint::from).to_vec());
    assert_eq!(a.after(&[]), "THHTH");
    let b = Row::parse(&w("5 2 3")).unwrap();
    assert_eq!(b.heads, a.heads);
    assert_eq!(
        b.after(&[BigUint::from(1u32), BigUint::from(5u32)]),
        "1 2 3"
    );
    for bad in ["THX", "0", "2 2", "", "3 -1", "1.5"] {
        assert!(Row::parse(&w(bad)).is_err(), "{bad}");
    }
}

/// Every listed winning move leaves value 0, and for small rows every move to value 0
/// is listed.
#[test]
fn winning_moves_are_exactly_the_moves_to_zero() {
    for rule in [
        CoinRule::TWINS,
        CoinRule::MOCK_TURTLES,
        CoinRule::RULER,
        CoinRule::UpTo(4),
        CoinRule::Run(Some(3)),
    ] {
        let g = rule.values(9).unwrap();
        for m in 1u32..(1 << 9) {
            let heads: Vec<BigUint> = (1..=9u32)
                .filter(|x| m & (1 << (x - 1)) != 0)
                .map(BigUint::from)
                .collect();
            let (values, _) = head_values(&rule, &heads).unwrap();
            let total = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
            let (mut got, complete) = winning_moves(&rule, &heads, &values, &total).unwrap();
            assert!(complete);
            let mut expect: Vec<Vec<BigUint>> = Vec::new();
            for h in &heads {
                let x = u64::try_from(h).unwrap();
                for s in rule.moves_at(x) {
                    let v = s
                        .iter()
                        .fold(u64::try_from(&total).unwrap() ^ g[x as usize], |a, &y| {
                            a ^ g[y as usize]
                        });
                    if v == 0 {
                        let mut c: Vec<BigUint> = s.into_iter().map(BigUint::from).collect();
                        c.push(h.clone());
                        expect.push(c);
                    }
                }
            }
            got.sort();
            expect.sort();
            assert_eq!(got, expect, "{rule:?} heads {m:b}");
        }
    }
}
