//! Wythoff's game: two heaps; a move takes any positive number of stones from one heap,
//! or the same positive number from both. Whoever cannot move loses.
//!
//! Theorem (Wythoff 1907): the P-positions are (A_n, B_n) and (B_n, A_n) with
//! A_n = ⌊nφ⌋ and B_n = A_n + n, n ≥ 0; the sequences A and B (n ≥ 1) partition the positive
//! integers (Beatty). Decided exactly, without floating point: with a ≤ b and d = b − a,
//! (a, b) is a P-position iff a = ⌊dφ⌋ = (d + ⌊√(5d²)⌋) div 2 — since √5·d is irrational for
//! d > 0, ⌊(d + √5·d)/2⌋ = ⌊(d + ⌊√5·d⌋)/2⌋. (A floating-point φ is wrong: see the trap pair
//! (165580140, 267914295) in the tests.)
//!
//! Winning moves. Every P-position has a different difference d, and every number x > 0 lies in
//! exactly one P-position (its *partner* p(x)). So from (a, b) the only options that can be
//! P-positions are: the diagonal move to (A_d, B_d) (when a > A_d), lowering the first heap to
//! p(b) (when p(b) < a) and lowering the second heap to p(a) (when p(a) < b): at most three.
//!
//! Misère play of one game: the P-positions are those of normal play except that (0, 1),
//! (1, 0) and (2, 2) take the place of (0, 0), (1, 2) and (2, 1). Each row, column and
//! diagonal still holds exactly one P-position, so the winning moves are found the same
//! way (checked against exhaustive misère search in the tests).
//!
//! The Grundy values of Wythoff's game have no known closed form; sprague searches them (small
//! positions only) and decides the outcome and winning moves of any position by the theorem.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::default_label;
use super::{small, MisereVerdict, MoveAt, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Picture, Players, Solution};
use crate::value::Outcome;
use num_bigint::BigUint;

/// The rules: a position is the pair of heaps as written.
#[derive(Debug, Clone, Copy, Default)]
pub struct WythoffRules;

impl Impartial for WythoffRules {
    type Position = (u64, u64);
    fn is_terminal(&self, &(a, b): &(u64, u64)) -> bool {
        a == 0 && b == 0
    }
    fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    }
    fn option_count(&self, &(a, b): &(u64, u64)) -> Option<u64> {
        Some(a.saturating_add(b).saturating_add(a.min(b)))
    }
}

/// ⌊dφ⌋ = (d + ⌊√(5d²)⌋) div 2, exactly: A_d, the smaller heap of the P-position whose
/// heaps differ by d.
pub fn lower(d: &BigUint) -> BigUint {
    let five_d2 = d * d * 5u32;
    (d + five_d2.sqrt()) >> 1
}

/// ⌊x/φ⌋ = ⌊x(√5 − 1)/2⌋ = (⌊√(5x²)⌋ − x) div 2, exactly.
fn floor_div_phi(x: &BigUint) -> BigUint {
    let five_x2 = x * x * 5u32;
    (five_x2.sqrt() - x) >> 1
}

/// True when (a, b) is a P-position (the player to move loses), in either order.
pub fn is_p_position(a: &BigUint, b: &BigUint) -> bool {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    let d = b - a;
    *a == lower(&d)
}

/// ⌊√n⌋ by Newton's method from above, in integers.
fn isqrt_u128(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    if let Ok(m) = u64::try_from(n) {
        // The same iteration in 64-bit arithmetic (much cheaper divisions).
        let bits = 64 - m.leading_zeros();
        let mut x = 1u64 << bits.div_ceil(2);
        loop {
            let y = (x + m / x) >> 1;
            if y >= x {
                return u128::from(x);
            }
            x = y;
        }
    }
    let bits = 128 - n.leading_zeros();
    let mut x = 1u128 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) >> 1;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// [`is_p_position`] for machine words, without allocation (judge inputs).
pub fn is_p_position_u64(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    let d = u128::from(b - a);
    // d < 2^64, so 5d² < 2^131 may overflow u128: those positions go through BigUint.
    let lower = match (d * d).checked_mul(5) {
        Some(five_d2) => (d + isqrt_u128(five_d2)) >> 1,
        None => {
            let big = BigUint::from(d);
            return BigUint::from(a) == self::lower(&big);
        }
    };
    u128::from(a) == lower
}

/// The partner of x: the unique y with (x, y) a P-position.
pub fn partner(x: &BigUint) -> BigUint {
    if x == &BigUint::ZERO {
        return BigUint::ZERO;
    }
    // If x = A_n then n = ⌈x/φ⌉ = ⌊x/φ⌋ + 1 (x/φ is irrational) and the partner is x + n;
    // otherwise x = B_n = ⌊nφ²⌋, n = ⌈x/φ²⌉ = x − ⌊x/φ⌋, and the partner is x − n.
    let f = floor_div_phi(x);
    let n_low = &f + 1u32;
    if lower(&n_low) == *x {
        x + n_low
    } else {
        let n_high = x - &f;
        x - n_high
    }
}

/// Every winning move from (a, b): the positions after the move, heaps in the order given.
/// Empty when (a, b) is a P-position.
pub fn winning_moves(a: &BigUint, b: &BigUint) -> Vec<Numbers> {
    if is_p_position(a, b) {
        return Vec::new();
    }
    let mut out: Vec<Numbers> = Vec::new();
    let mut push = |m: Numbers| {
        if !out.contains(&m) {
            out.push(m);
        }
    };
    // Lower the first heap to the partner of the second.
    let pb = partner(b);
    if &pb < a {
        push(vec![pb, b.clone()]);
    }
    // Lower the second heap to the partner of the first.
    let pa = partner(a);
    if &pa < b {
        push(vec![a.clone(), pa]);
    }
    // The diagonal move keeps the difference d: to (A_d, A_d + d).
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let d = hi - lo;
    let ad = lower(&d);
    if &ad < lo {
        let k = lo - &ad;
        push(vec![a - &k, b - &k]);
    }
    out
}

/// The misère partner of x: the unique y with (x, y) a misère P-position.
fn misere_partner(x: &BigUint) -> BigUint {
    match u64::try_from(x) {
        Ok(0) => BigUint::from(1u32),
        Ok(1) => BigUint::ZERO,
        Ok(2) => BigUint::from(2u32),
        _ => partner(x),
    }
}

/// True when (a, b) is a P-position of misère Wythoff (the player to move loses).
pub fn is_misere_p_position(a: &BigUint, b: &BigUint) -> bool {
    misere_partner(a) == *b
}

/// Every winning move of misère Wythoff from (a, b); empty at a misère P-position.
pub fn misere_winning_moves(a: &BigUint, b: &BigUint) -> Vec<Numbers> {
    if is_misere_p_position(a, b) {
        return Vec::new();
    }
    let mut out: Vec<Numbers> = Vec::new();
    let mut push = |m: Numbers| {
        if !out.contains(&m) {
            out.push(m);
        }
    };
    let pb = misere_partner(b);
    if &pb < a {
        push(vec![pb, b.clone()]);
    }
    let pa = misere_partner(a);
    if &pa < b {
        push(vec![a.clone(), pa]);
    }
    // The diagonal's P-position: (2, 2) for d = 0, (0, 1) for d = 1, else normal play's.
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    let d = hi - lo;
    let target = match u64::try_from(&d) {
        Ok(0) => BigUint::from(2u32),
        Ok(1) => BigUint::ZERO,
        _ => lower(&d),
    };
    if &target < lo {
        let k = lo - &target;
        push(vec![a - &k, b - &k]);
    }
    out
}

/// Grundy values are searched only for positions with (a+1)(b+1) at most this (the search
/// visits every such position, each with a + b + min(a, b) moves).
pub const MAX_SEARCHED_PRODUCT: u64 = 40_000;

/// Wythoff's game in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wythoff;

impl NumberGame for Wythoff {
    type Rules = WythoffRules;
    fn spec(&self) -> String {
        "wythoff".into()
    }
    fn shape(&self) -> Shape {
        Shape::Groups { arity: Some(2) }
    }
    fn rules(&self) -> &WythoffRules {
        &WythoffRules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<(u64, u64)> {
        let (a, b) = (small(&c[0], "heap")?, small(&c[1], "heap")?);
        if (a + 1).saturating_mul(b + 1) > MAX_SEARCHED_PRODUCT {
            return Err(Error::unsupported(format!(
                "Wythoff position ({a}, {b}) is too large to search for a Grundy value (limit: (a+1)(b+1) ≤ {MAX_SEARCHED_PRODUCT}); the outcome and winning moves of a single game come from the theorem"
            )));
        }
        Ok((a, b))
    }
    fn to_numbers(&self, &(a, b): &(u64, u64)) -> Numbers {
        vec![a.into(), b.into()]
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        let (a, b) = (&c[0], &c[1]);
        let count = a + b + a.min(b);
        Some(MoveList::bounded(count, max, || {
            // Within the bound, so both heaps fit a word; the rules' order.
            let (a, b) = (u64::try_from(a).unwrap_or(0), u64::try_from(b).unwrap_or(0));
            let mut out = Vec::new();
            WythoffRules.options(&(a, b), &mut out);
            out.iter().map(|p| self.to_numbers(p)).collect()
        }))
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        let (da, db) = (after[0] < before[0], after[1] < before[1]);
        let text = match (da, db) {
            (true, true) => format!("take {} from both heaps", &before[0] - &after[0]),
            (true, false) => format!("take {} from heap 1", &before[0] - &after[0]),
            (false, true) => format!("take {} from heap 2", &before[1] - &after[1]),
            (false, false) => return default_label(self.shape(), at, before, after),
        };
        format!("{}{text}", at.prefix())
    }
    fn theorem_name(&self) -> Option<String> {
        Some("Wythoff: with a ≤ b and d = b − a, P iff a = ⌊dφ⌋ = (d + isqrt(5d²)) div 2 (Grundy values by search; no closed form is known)".into())
    }
    fn outcome_theorem(&self, c: &[BigUint]) -> Option<Outcome> {
        Some(Outcome::from_grundy_is_zero(is_p_position(&c[0], &c[1])))
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        (target == &BigUint::ZERO).then(|| winning_moves(&c[0], &c[1]))
    }
    fn misere_theorem(&self, comps: &[Numbers]) -> Option<MisereVerdict> {
        let [c] = comps else {
            return None;
        };
        let p = is_misere_p_position(&c[0], &c[1]);
        Some(MisereVerdict {
            outcome: if p { Outcome::Second } else { Outcome::First },
            winning_moves: misere_winning_moves(&c[0], &c[1])
                .into_iter()
                .map(|m| (0, m))
                .collect(),
            theorem: "misère Wythoff: the P-positions of normal play, with (0, 1), (1, 0) and (2, 2) in place of (0, 0), (1, 2) and (2, 1)".into(),
        })
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("wythoff", params)?;
    Ok(Box::new(NumberGameAdapter(Wythoff)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&Wythoff)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "wythoff",
        aliases: &["wythoff-nim"],
        usage: "wythoff A B [+ A B ...]",
        summary: "Wythoff's game: take from one heap, or the same number from both",
        rules: "Two heaps. A move takes any positive number of stones from one heap, or the same positive number from both heaps. The player who cannot move loses.",
        theorem: "The P-positions are (⌊nφ⌋, ⌊nφ⌋ + n) and their mirror images, n ≥ 0. Exactly, with a ≤ b and d = b − a: P iff a = (d + isqrt(5d²)) div 2. From an N-position the winning moves are among three: the diagonal move to (⌊dφ⌋, ⌊dφ⌋ + d), and lowering either heap to the partner of the other. Grundy values have no known closed form and are searched (small positions only).",
        references: "W. A. Wythoff, A modification of the game of Nim, Nieuw Archief voor Wiskunde 7 (1907) 199–202; Berlekamp, Conway, Guy, Winning Ways, ch. 3.",
        examples: const {
            &[
                Example::normal("wythoff", "8 4"),
                Example::normal("wythoff", "3 5"),
            ]
        },
        editor: Editor::Chessboard { several: false },
        players: Players::Impartial,
        pictures: &[Picture::PPositions],
        solution: Solution::Theorem { check: check_theorem },
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use crate::number::fibonacci_nim::zeckendorf;

    fn big(n: u64) -> BigUint {
        BigUint::from(n)
    }

    #[test]
    fn option_count_matches_the_options() {
        for a in 0..8u64 {
            for b in 0..8u64 {
                let mut out = Vec::new();
                WythoffRules.options(&(a, b), &mut out);
                assert_eq!(WythoffRules.option_count(&(a, b)), Some(out.len() as u64));
            }
        }
    }

    #[test]
    fn theorem_agrees_with_rules_on_small_pairs() {
        let mut s = GrundySolver::new(WythoffRules);
        for a in 0..40u64 {
            for b in 0..40u64 {
                let expect = s.outcome(&(a, b)).unwrap() == Outcome::Second;
                assert_eq!(is_p_position(&big(a), &big(b)), expect, "({a}, {b})");
                let mut wm: Vec<Numbers> = s
                    .winning_moves(&(a, b))
                    .unwrap()
                    .iter()
                    .map(|&(x, y)| vec![x.into(), y.into()])
                    .collect();
                let mut got = winning_moves(&big(a), &big(b));
                wm.sort();
                got.sort();
                assert_eq!(got, wm, "({a}, {b})");
            }
        }
    }

    #[test]
    fn misere_theorem_agrees_with_exhaustive_search() {
        use crate::impartial::MisereSolver;
        use crate::limits::Limits;
        let mut s = MisereSolver::new(WythoffRules, Limits::default());
        for a in 0..25u64 {
            for b in 0..25u64 {
                let wins = s.first_player_wins(&[(a, b)]).unwrap();
                assert_eq!(!is_misere_p_position(&big(a), &big(b)), wins, "({a}, {b})");
                let mut want: Vec<Numbers> = s
                    .winning_moves(&[(a, b)])
                    .unwrap()
                    .iter()
                    .map(|&(_, (x, y))| vec![x.into(), y.into()])
                    .collect();
                let mut got = misere_winning_moves(&big(a), &big(b));
                want.sort();
                got.sort();
                assert_eq!(got, want, "({a}, {b})");
            }
        }
        let v = Wythoff.misere_theorem(&[vec![big(4001), big(3)]]).unwrap();
        assert_eq!(v.outcome, Outcome::First);
        assert_eq!(v.winning_moves, vec![(0, vec![big(5), big(3)])]);
        assert!(Wythoff
            .misere_theorem(&[vec![big(1), big(2)], vec![big(0), big(1)]])
            .is_none());
    }

    /// The P-positions by the complementary-sequences construction: A_n = mex of the numbers
    /// used so far, B_n = A_n + n.
    fn p_positions_by_mex(count: usize) -> Vec<(u64, u64)> {
        let mut used = vec![false; 3 * count + 3];
        let mut out = vec![(0, 0)];
        let mut next = 1usize;
        for n in 1..count as u64 {
            while used[next] {
                next += 1;
            }
            let a = next as u64;
            let b = a + n;
            used[a as usize] = true;
            used[b as usize] = true;
            out.push((a, b));
        }
        out
    }

    #[test]
    fn agrees_with_the_mex_construction() {
        let ps = p_positions_by_mex(20_000);
        for (n, &(a, b)) in ps.iter().enumerate() {
            assert!(is_p_position(&big(a), &big(b)), "({a}, {b})");
            assert!(is_p_position(&big(b), &big(a)));
            assert_eq!(lower(&big(n as u64)), big(a));
            assert_eq!(partner(&big(a)), big(b));
            assert_eq!(partner(&big(b)), big(a));
        }
        // Every pair in a small square: P iff it is in the list.
        let set: std::collections::HashSet<(u64, u64)> = ps.iter().copied().collect();
        for a in 0..300u64 {
            for b in a..300u64 {
                assert_eq!(is_p_position(&big(a), &big(b)), set.contains(&(a, b)));
            }
        }
    }

    #[test]
    fn machine_word_path_agrees() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let ps = p_positions_by_mex(3000);
        for &(a, b) in &ps {
            assert!(is_p_position_u64(a, b) && is_p_position_u64(b, a));
            assert!(!is_p_position_u64(a, b + 1));
        }
        for i in 0..20_000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Mix all sizes, up to the full 64 bits (where 5d² needs more than 128 bits).
            let a = x >> (i % 64);
            let b = if i % 3 == 0 {
                u64::try_from(partner(&big(a))).unwrap_or(u64::MAX)
            } else {
                x.rotate_left(i)
            };
            assert_eq!(
                is_p_position_u64(a, b),
                is_p_position(&big(a), &big(b)),
                "({a}, {b})"
            );
        }
        assert!(is_p_position_u64(165_580_140, 267_914_295));
        assert_eq!(isqrt_u128(u128::MAX), u128::from(u64::MAX));
        for n in 0..2000u128 {
            let r = isqrt_u128(n);
            assert!(r * r <= n && (r + 1) * (r + 1) > n);
        }
    }

    fn fib(n: usize) -> BigUint {
        let (mut a, mut b) = (BigUint::ZERO, BigUint::from(1u32));
        for _ in 0..n {
            let c = &a + &b;
            a = b;
            b = c;
        }
        a
    }

    /// Independent check on numbers of a thousand digits and more: x is a lower Wythoff number
    /// A_n iff the smallest term of its Zeckendorf representation F_k (F_2 = 1) has even k,
    /// and then B_n is x with every F_i replaced by F_(i+1). Also (F_(2k+1) − 1, F_(2k+2) − 1)
    /// is always a P-position (the family of the floating-point trap pair).
    #[test]
    fn thousand_digit_positions() {
        for k in [2000usize, 2400, 2401, 3001, 4800] {
            let x = fib(k) + fib(k / 3) + fib(k / 7) + 12345u32;
            assert!(x.to_string().len() >= 400);
            let z = zeckendorf(&x);
            let smallest = *z.last().unwrap();
            let shifted: BigUint = z.iter().map(|&i| fib(i + 1)).sum();
            if smallest & 1 == 0 {
                assert!(is_p_position(&x, &shifted), "k = {k}");
                assert!(!is_p_position(&x, &(&shifted + 1u32)));
                assert!(winning_moves(&x, &shifted).is_empty());
                assert_eq!(partner(&x), shifted);
            } else {
                // x is an upper Wythoff number: its partner is below it.
                let p = partner(&x);
                assert!(p < x);
                assert!(is_p_position(&p, &x));
            }
            // Every winning move from (x, x + 7) leads to a P-position, and there is one.
            let y = &x + 7u32;
            let moves = winning_moves(&x, &y);
            assert!(!moves.is_empty() || is_p_position(&x, &y));
            for m in moves {
                assert!(is_p_position(&m[0], &m[1]));
            }
        }
        for k in [1001usize, 2001, 4787] {
            let a = fib(2 * k + 1) - 1u32;
            let b = fib(2 * k + 2) - 1u32;
            assert!(b.to_string().len() >= 200);
            assert!(is_p_position(&a, &b));
            assert!(!is_p_position(&a, &(&b - 1u32)));
            let m = winning_moves(&(&a + 1u32), &(&b + 1u32));
            assert!(m.contains(&vec![a.clone(), b.clone()]));
        }
    }
}
