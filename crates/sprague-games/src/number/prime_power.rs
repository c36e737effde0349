//! Prime-power subtraction (Luogu P4018): heaps; a move takes p^k stones (p prime,
//! k ≥ 0, so 1 may be taken).
//! Theorem: g(n) = n mod 6. Proof: 1, 2, 3, 4, 5 are prime powers and no multiple of 6 is
//! one, so for n ≥ 5 the options include n − 1, …, n − 5 and never a heap ≡ n (mod 6); by
//! induction their values are the five residues other than n mod 6, whose mex is n mod 6.
//! For n < 5 the options are 0..n−1, so g(n) = n. (Checked by brute force in the tests.)

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::take_label;
use super::{small, MoveAt, MoveCount, MoveList, NumberGame, Numbers, Shape};
use crate::error::Result;
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Players, Solution};
use num_bigint::BigUint;

/// Heaps up to this size get every winning move listed (a sieve up to the heap).
pub const LIST_ALL_UP_TO: u64 = 2_000_000;

/// True when `d ≥ 1` is a power of a prime (1 = p^0 counts).
pub fn is_prime_power(d: u64) -> bool {
    if d <= 1 {
        return d == 1;
    }
    let mut p = 2u64;
    while p.saturating_mul(p) <= d {
        if (d / p) * p == d {
            let mut m = d;
            while (m / p) * p == m {
                m /= p;
            }
            return m == 1;
        }
        p += 1;
    }
    true // d is prime
}

/// The largest heap the engine searches (every-move and misère play): its search visits
/// every smaller heap with all its prime-power options, about n²/(2 ln n) options in all
/// (5·10^6 here: seconds); normal play needs no search at any size.
pub const MAX_SEARCHED_HEAP: u64 = 10_000;

/// The rules: take a prime power.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrimePowerRules;

impl Impartial for PrimePowerRules {
    type Position = u64;
    fn is_terminal(&self, &n: &u64) -> bool {
        n == 0
    }
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        // Trial division per candidate costs √d each; a sieve costs O(n) in all. Heaps
        // the engine searches are at most `MAX_SEARCHED_HEAP`, so the sieve stays small.
        if n <= 64 || n > MAX_SEARCHED_HEAP {
            out.extend((1..=n).filter(|&d| is_prime_power(d)).map(|d| n - d));
        } else {
            out.extend(prime_powers_upto(n, |_| true).into_iter().map(|d| n - d));
        }
    }
}

/// The heap n mod 6, computed from decimal digits (no allocation); `None` if a byte is not
/// a digit.
pub fn decimal_mod6(digits: &[u8]) -> Option<u32> {
    let mut r = 0u32;
    for &b in digits {
        if !b.is_ascii_digit() {
            return None;
        }
        r = (r * 10 + u32::from(b - b'0')) % 6;
    }
    (!digits.is_empty()).then_some(r)
}

/// Every prime power d ≤ n with d ≡ r (mod 6), by a smallest-prime-factor sieve.
fn prime_powers_upto_with_residue(n: u64, r: u64) -> Vec<u64> {
    prime_powers_upto(n, |d| d % 6 == r)
}

/// The number of prime powers up to [`LIST_ALL_UP_TO`], counted once.
fn prime_powers_up_to_the_listing_limit() -> usize {
    static COUNT: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *COUNT.get_or_init(|| prime_powers_upto(LIST_ALL_UP_TO, |_| true).len())
}

/// Every prime power d ≤ n for which `keep(d)` holds, by a smallest-prime-factor sieve.
fn prime_powers_upto(n: u64, keep: impl Fn(u64) -> bool) -> Vec<u64> {
    let n = n as usize;
    let mut spf = vec![0u32; n + 1];
    let mut out = Vec::new();
    for d in 1..=n {
        if d >= 2 && spf[d] == 0 {
            let mut m = d;
            while m <= n {
                if spf[m] == 0 {
                    spf[m] = d as u32;
                }
                m += d;
            }
        }
        let pp = if d == 1 {
            true
        } else {
            let p = spf[d] as usize;
            let mut m = d;
            while m % p == 0 {
                m /= p;
            }
            m == 1
        };
        if pp && keep(d as u64) {
            out.push(d as u64);
        }
    }
    out
}

/// Prime-power subtraction in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct PrimePower;

impl NumberGame for PrimePower {
    type Rules = PrimePowerRules;
    fn spec(&self) -> String {
        "prime-power".into()
    }
    fn shape(&self) -> Shape {
        Shape::Heaps
    }
    fn rules(&self) -> &PrimePowerRules {
        &PrimePowerRules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<u64> {
        let n = small(&c[0], "heap")?;
        if n > MAX_SEARCHED_HEAP {
            return Err(crate::error::Error::unsupported(format!(
                "prime-power heap {n} is too large to search: the search visits every smaller heap with all its prime-power options (about n²/(2 ln n) of them); heaps up to {MAX_SEARCHED_HEAP} are searched (normal play needs no search: g(n) = n mod 6 at any size)"
            )));
        }
        Ok(n)
    }
    fn to_numbers(&self, &p: &u64) -> Numbers {
        vec![p.into()]
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        let n = &c[0];
        Some(
            match u64::try_from(n).ok().filter(|&v| v <= LIST_ALL_UP_TO) {
                Some(n) => {
                    let takes = prime_powers_upto(n, |_| true);
                    MoveList::bounded(takes.len(), max, || {
                        takes.iter().map(|&d| vec![BigUint::from(n - d)]).collect()
                    })
                }
                // Every prime power up to the sieve's limit is a take from this heap.
                None => MoveList::TooMany(MoveCount::MoreThan(
                    (prime_powers_up_to_the_listing_limit() - 1).into(),
                )),
            },
        )
    }
    fn first_moves(&self, c: &[BigUint], k: usize) -> Option<Vec<Numbers>> {
        // The smallest prime powers first, as `list_moves` lists them; the k-th prime
        // power is below 10k for the k a sample asks for, so this scans little.
        let n = &c[0];
        Some(
            (1u64..)
                .take_while(|&d| BigUint::from(d) <= *n)
                .filter(|&d| is_prime_power(d))
                .take(k)
                .map(|d| vec![n - d])
                .collect(),
        )
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        take_label(at, before, after)
    }
    fn theorem_name(&self) -> Option<String> {
        Some("a heap of n has value n mod 6; values add by XOR".into())
    }
    fn grundy_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        Some(&c[0] % 6u32)
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        let n = &c[0];
        let Ok(t) = u64::try_from(target) else {
            return Some(vec![]);
        };
        if t >= 6 {
            return Some(vec![]);
        }
        let nm = u64::try_from(&(n % 6u32)).expect("small");
        if nm == t {
            return Some(vec![]); // a prime power is never a multiple of 6
        }
        // Take d ≡ n − t (mod 6) with d a prime power, d ≤ n.
        let r = (nm + 6 - t) % 6;
        match u64::try_from(n).ok().filter(|&v| v <= LIST_ALL_UP_TO) {
            Some(small_n) => Some(
                prime_powers_upto_with_residue(small_n, r)
                    .into_iter()
                    .map(|d| vec![BigUint::from(small_n - d)])
                    .collect(),
            ),
            // Too many to list: the smallest one, d = r (1..5 are prime powers).
            None => Some(vec![vec![n - r]]),
        }
    }
    fn moves_note(&self, comps: &[Numbers], misere: bool) -> Option<String> {
        let limit = BigUint::from(LIST_ALL_UP_TO);
        (!misere && comps.iter().any(|c| c[0] > limit)).then(|| {
            format!("for heaps above {LIST_ALL_UP_TO} only the smallest winning take of each heap is listed (every prime power d ≡ the same residue mod 6 also wins)")
        })
    }
    fn proven_period(&self) -> Option<(u64, u64)> {
        Some((0, 6))
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("prime-power", params)?;
    Ok(Box::new(NumberGameAdapter(PrimePower)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&PrimePower)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "prime-power",
        aliases: &["primepower"],
        usage: "prime-power HEAP...",
        summary: "Prime-power subtraction: take p^k stones (1 allowed) (Luogu P4018)",
        rules: "Heaps of stones. A move takes p^k stones from one heap, p a prime and k ≥ 0 (so 1, 2, 3, 4, 5, 7, 8, 9, 11, ... stones). Normal play: whoever cannot move loses.",
        theorem: "g(n) = n mod 6: 1..5 are prime powers and no multiple of 6 is, so (induction) the options of n reach every residue mod 6 except n's own. The player to move loses iff every heap's n mod 6 XORs to 0; from one heap, take n mod 6 stones.",
        references: "Luogu P4018 Roy&October之取石子; E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, vol. 1, ch. 4 (subtraction games).",
        examples: const {
            &[
                Example::normal("prime-power", "10 7"),
                Example::normal("prime-power", "13"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[],
        solution: Solution::Theorem { check: check_theorem },
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use crate::value::Nimber;

    #[test]
    fn prime_powers() {
        let pp: Vec<u64> = (1..30).filter(|&d| is_prime_power(d)).collect();
        assert_eq!(
            pp,
            vec![1, 2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29]
        );
        assert!(!is_prime_power(0) && !is_prime_power(6) && !is_prime_power(12));
    }

    #[test]
    fn theorem_agrees_with_rules() {
        let mut s = GrundySolver::new(PrimePowerRules);
        for n in 0..400u64 {
            let v = s.grundy(&n).unwrap().value();
            assert_eq!(v, n % 6, "n={n}");
            assert_eq!(
                PrimePower.grundy_theorem(&[n.into()]).unwrap(),
                BigUint::from(v)
            );
            for t in 0..7u64 {
                let mut expect: Vec<Numbers> = s
                    .moves_to_value(&n, Nimber(t))
                    .unwrap()
                    .into_iter()
                    .map(|p| vec![p.into()])
                    .collect();
                let mut got = PrimePower
                    .moves_to_value_theorem(&[n.into()], &t.into())
                    .unwrap();
                expect.sort();
                got.sort();
                assert_eq!(got, expect, "n={n} t={t}");
            }
        }
    }

    #[test]
    fn huge_heap_gets_a_winning_move_and_a_note() {
        let g = crate::interface::testing::game_of(&[entry()], "prime-power").unwrap();
        let v = g
            .solve(
                &["123456789012345678901234567893".into()],
                &Default::default(),
            )
            .unwrap();
        // 123456789012345678901234567893 mod 6 = 3 → take 3.
        assert_eq!(v.value.as_deref(), Some("3"));
        assert_eq!(v.winning_positions(), ["123456789012345678901234567890"]);
        assert!(!v.complete && v.note.as_deref().unwrap().contains("smallest winning take"));
        // Too many takes to list: the error says at least how many.
        let err = g
            .legal_moves(
                &["123456789012345678901234567893".into()],
                &Default::default(),
            )
            .unwrap_err()
            .to_string();
        assert!(err.contains("has more than "), "{err}");
    }
}
