//! The divisor game (LeetCode 1025 "Divisor Game"): numbers n ≥ 1; a move replaces n by
//! n − d for a divisor d of n with 1 ≤ d < n. 1 has no move; 0 is no position.
//!
//! **Theorem.** g(n) = v₂(n), the exponent of 2 in n.
//!
//! *Proof*, by induction on n. Write n = 2^k·m with m odd, and a divisor d = 2^j·e with e
//! odd (so j ≤ k and e | m). Then n − d = 2^j·(2^(k−j)·m − e).
//! - If j < k, the bracket is even minus odd, so v₂(n − d) = j.
//! - If j = k, then e < m (since d < n) and m − e is even and positive, so
//!   v₂(n − d) = k + v₂(m − e) > k.
//!
//! So no option has value k, and every j < k is the value of the option n − 2^j (2^j
//! divides n and 2^j < n). By induction the options' values include 0, …, k − 1 and not
//! k: their mex is k. (1 = 2^0: no options, g = 0.) In particular the player to move wins
//! a single number exactly when it is even, by subtracting any odd divisor.
//!
//! The moves to value t from n = 2^k·m: for t < k, subtract 2^t·e for any odd divisor e of
//! m; for t > k, subtract 2^k·e for an odd divisor e < m with v₂(m − e) = t − k. Listing them
//! needs the odd divisors of m: words are factored (Pollard's rho), larger numbers get one
//! move per target below k (d = 2^t) and a note.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::factor::{divisor_count, divisors};
use super::moves::take_label;
use super::{small, MoveAt, MoveCount, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Play, Players, Solution};
use num_bigint::BigUint;

/// The largest number the engine searches (misère and every-move play): its search visits
/// every smaller number with all its divisor moves, about n·ln n options in all.
pub const MAX_SEARCHED: u64 = 1_000_000;

/// The rules of one number: subtract a proper divisor.
#[derive(Debug, Clone, Copy, Default)]
pub struct DivisorRules;

impl Impartial for DivisorRules {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        if n >= 2 {
            out.extend(divisors(n).into_iter().filter(|&d| d < n).map(|d| n - d));
        }
    }
    fn has_moves(&self, &n: &u64) -> bool {
        n >= 2
    }
    fn option_count(&self, &n: &u64) -> Option<u64> {
        Some(if n == 0 { 0 } else { divisor_count(n) - 1 })
    }
}

/// The divisor game in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct Divisor;

/// `n = 2^k·m` with m odd: `(k, m)`.
fn split_two(n: &BigUint) -> (u64, BigUint) {
    let k = n.trailing_zeros().unwrap_or(0);
    (k, n >> k)
}

/// The odd divisors of `m`, where `m` is a machine word.
fn odd_divisors(m: &BigUint) -> Option<Vec<u64>> {
    let m = u64::try_from(m).ok()?;
    Some(divisors(m).into_iter().filter(|d| d % 2 == 1).collect())
}

impl NumberGame for Divisor {
    type Rules = DivisorRules;
    fn spec(&self) -> String {
        "divisor".into()
    }
    fn shape(&self) -> Shape {
        Shape::Heaps
    }
    fn least_heap(&self) -> u64 {
        1
    }
    fn period_refused(&self) -> Option<String> {
        // v₂(2^k) = k grows without bound, and a periodic sequence takes finitely many values.
        Some(
            "divisor: g(n) = v₂(n) is unbounded (g(2^k) = k), so the values have no period \
              (`--period` is refused)"
                .into(),
        )
    }
    fn rules(&self) -> &DivisorRules {
        &DivisorRules
    }
    fn validate(&self, c: &[BigUint]) -> Result<()> {
        if c[0] == BigUint::ZERO {
            return Err(Error::invalid(
                "0 is not a position of the divisor game: positions are numbers n ≥ 1",
            ));
        }
        Ok(())
    }
    fn to_position(&self, c: &[BigUint]) -> Result<u64> {
        let n = small(&c[0], "number")?;
        if n > MAX_SEARCHED {
            return Err(Error::unsupported(format!(
                "divisor number {n} is too large to search: the search visits every smaller number with its divisor moves; numbers up to {MAX_SEARCHED} are searched (normal play needs no search: g(n) = v₂(n) at any size)"
            )));
        }
        Ok(n)
    }
    fn to_numbers(&self, &p: &u64) -> Numbers {
        vec![p.into()]
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        let Ok(n) = u64::try_from(&c[0]) else {
            // Beyond a word, counted without factoring: n = 2^k·m has the k moves
            // subtracting 2^0 … 2^(k−1), and when m > 1 at least 2(k + 1) − 1 in all.
            let (k, m) = split_two(&c[0]);
            return Some(MoveList::TooMany(if m == BigUint::from(1u32) {
                MoveCount::Exactly(k.into())
            } else {
                MoveCount::MoreThan((2 * k).into())
            }));
        };
        Some(MoveList::bounded(divisor_count(n) - 1, max, || {
            divisors(n)
                .into_iter()
                .rev()
                .filter(|&d| d < n)
                .map(|d| vec![BigUint::from(n - d)])
                .collect()
        }))
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        match (before.first(), after.first()) {
            // `subtract 3 from 12` (a divisor of it), in a sum `number 2: subtract 3 from 12`.
            (Some(b), Some(a)) if a < b && at.of > 1 => {
                format!("number {}: subtract {} from {b}", at.index, b - a)
            }
            (Some(b), Some(a)) if a < b => format!("subtract {} from {b}", b - a),
            _ => take_label(at, before, after),
        }
    }
    fn theorem_name(&self) -> Option<String> {
        Some("g(n) = v₂(n), the exponent of 2 in n; values add by XOR".into())
    }
    fn grundy_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        Some(BigUint::from(split_two(&c[0]).0))
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        let n = &c[0];
        let (k, m) = split_two(n);
        let Ok(t) = u64::try_from(target) else {
            return Some(vec![]); // values are at most log₂ n
        };
        if t == k {
            return Some(vec![]); // no option keeps v₂ (the proof above)
        }
        let odd = odd_divisors(&m);
        if t < k {
            // Subtract 2^t·e for every odd divisor e of m (e = 1 alone beyond a word).
            let es = odd.unwrap_or_else(|| vec![1]);
            return Some(
                es.into_iter()
                    .map(|e| vec![n - (BigUint::from(e) << t)])
                    .collect(),
            );
        }
        // t > k: subtract 2^k·e, e an odd divisor below m with v₂(m − e) = t − k.
        let Some(es) = odd else {
            return Some(vec![]); // beyond a word: not searched (the note says so)
        };
        let m = u64::try_from(&m).expect("odd_divisors succeeded");
        Some(
            es.into_iter()
                .filter(|&e| e < m && u64::from((m - e).trailing_zeros()) == t - k)
                .map(|e| vec![n - (BigUint::from(e) << k)])
                .collect(),
        )
    }
    fn moves_note(&self, comps: &[Numbers], misere: bool) -> Option<String> {
        let word = BigUint::from(u64::MAX);
        (!misere && comps.iter().any(|c| split_two(&c[0]).1 > word)).then(|| {
            "odd parts beyond 64 bits are not factored: from such a number only the move subtracting 2^t is listed for each value t below its own (subtracting 2^t·e for any odd divisor e of its odd part also works, and moves to higher values are not searched)".to_string()
        })
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("divisor", params)?;
    Ok(Box::new(NumberGameAdapter(Divisor)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&Divisor)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "divisor",
        aliases: &["divisor-game"],
        usage: "divisor N [N...]  (numbers n ≥ 1)",
        summary: "Divisor game: replace n by n − d for a divisor d < n of n (LeetCode 1025)",
        rules: "Numbers n ≥ 1 (several numbers make a sum). A move replaces one number n by n − d, where d divides n and 1 ≤ d < n. The number 1 has no move, and 0 is no position. Under normal play the player who cannot move loses.",
        theorem: "g(n) = v₂(n), the exponent of 2 in n: with n = 2^k·m (m odd), subtracting a divisor 2^j·e (e odd) leaves exponent j when j < k and more than k when j = k, so the options reach every value below k and never k (induction). A single number is won exactly when it is even, by subtracting an odd divisor; a sum is lost exactly when the XOR of the exponents is 0. Misère and every-move play: exact search.",
        references: "LeetCode 1025, Divisor Game; the proof of g(n) = v₂(n) is in the source (sprague_games::number::divisor) and checked against exhaustive search.",
        examples: const {
            &[
                Example::normal("divisor", "12"),
                Example::normal("divisor", "6 10 7"),
                Example::plays("divisor", "9", &[Play::Normal, Play::Misere, Play::Every]),
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

    #[test]
    fn values_are_the_exponent_of_two() {
        let mut s = GrundySolver::new(DivisorRules);
        for n in 1..=600u64 {
            let g = s.grundy(&n).unwrap().value();
            assert_eq!(g, u64::from(n.trailing_zeros()), "{n}");
        }
    }

    #[test]
    fn huge_numbers_get_a_theorem_and_a_move() {
        let game = crate::interface::testing::game_of(&[entry()], "divisor").unwrap();
        // 3·2^100: value 100; its odd part 3 is factored, so both winning moves (subtract
        // 1 or 3) are listed.
        let n: BigUint = BigUint::from(3u32) << 100;
        let v = game.solve(&[n.to_string()], &Default::default()).unwrap();
        assert_eq!(v.value.as_deref(), Some("100"));
        let winning: Vec<String> = v.moves.iter().map(|m| m.position.clone()).collect();
        assert_eq!(winning, [(&n - 1u32).to_string(), (&n - 3u32).to_string()]);
        assert!(v.complete);
        // An odd part beyond a word: one winning move (subtract 1), and a note.
        let n: BigUint = ((BigUint::from(1u32) << 70) + 1u32) << 5;
        let v = game.solve(&[n.to_string()], &Default::default()).unwrap();
        assert_eq!(v.value.as_deref(), Some("5"));
        assert_eq!(v.moves.len(), 1);
        assert!(!v.complete && v.note.is_some());
        assert!(game.solve(&["0".into()], &Default::default()).is_err());
        // An odd number is lost: no winning move.
        let v = game.solve(&["45".into()], &Default::default()).unwrap();
        assert!(v.moves.is_empty() && v.value.as_deref() == Some("0"));
    }

    #[test]
    fn tables_start_at_one_and_refuse_a_period() {
        let game = crate::interface::testing::game_of(&[entry()], "divisor").unwrap();
        let table = |period| {
            game.table(&crate::interface::TableOptions {
                upto: 16,
                period,
                ..Default::default()
            })
        };
        // Heaps 1..=16: 0 is not a position.
        assert_eq!(table(false).unwrap().count(), 16);
        let err = table(true).unwrap_err().to_string();
        assert!(
            err.contains("unbounded") && err.contains("--period"),
            "{err}"
        );
    }
}
