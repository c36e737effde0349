//! Fibonacci Nim: one heap of N. The first move takes any 1..N stones (taking all is
//! allowed); afterwards a move takes 1..2k stones where k is the previous move. Whoever cannot
//! move loses (so whoever takes the last stone wins).
//!
//! A position is (N, L): N stones left, the next move may take 1..L of them. `N` alone means
//! the first move (L = N).
//!
//! Theorem (Whinihan 1963): write N in Zeckendorf form N = F_(i1) + … + F_(ir), i1 > … > ir,
//! no two indices consecutive (F_2 = 1, F_3 = 2, …). Then (N, L), N > 0, is a first-player
//! win iff the smallest term F_(ir) ≤ L.
//!
//! Every winning move, in closed form. Let T_t = F_(it) + … + F_(ir) be the tails of the
//! representation (T_1 = N). A move k (1 ≤ k ≤ L) wins iff k = T_t for some t with t = 1
//! (take everything) or F_(i(t−1)) > 2·T_t. Proof: k wins iff N − k = 0 or the smallest
//! Zeckendorf term of M = N − k exceeds 2k. In the second case k < z(M)/2 ≤ F_(j−1) where
//! z(M) = F_j, so every Zeckendorf term of k is at most F_(j−2), and the representations of M
//! and k concatenate to the one of N: k is a tail T_t and z(M) = F_(i(t−1)). Conversely such a
//! tail gives M = N − T_t with z(M) = F_(i(t−1)) > 2k. So the winning moves are among the r
//! tails and are found in one pass over the representation, whatever the length of N. The
//! least winning move from (N, N) is the smallest term F_(ir) (N itself when N is a Fibonacci
//! number), since F_(ir + 2) > 2·F_(ir). Grundy values are searched (small positions only).

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::default_label;
use super::{MoveAt, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::listing::{MAX_LISTED_TEXT, MAX_WINNING_LISTED};
use crate::interface::{Editor, Entry, Example, Game, Players, Solution};
use crate::value::Outcome;
use num_bigint::BigUint;
use std::collections::VecDeque;

/// The rules: a position is (stones left, most the next move may take).
#[derive(Debug, Clone, Copy, Default)]
pub struct FibonacciNimRules;

impl Impartial for FibonacciNimRules {
    type Position = (u64, u64);
    fn options(&self, &(n, l): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=l.min(n)).map(|k| (n - k, 2 * k)));
    }
    fn has_moves(&self, &(n, l): &(u64, u64)) -> bool {
        l.min(n) >= 1
    }
    fn option_count(&self, &(n, l): &(u64, u64)) -> Option<u64> {
        Some(l.min(n))
    }
}

/// Walks the Zeckendorf representation of `n` from its largest term down, calling
/// `f(i, F_i, tail)` for each term F_i, where `tail` is the sum of this term and all smaller
/// ones. Fibonacci numbers are generated exactly, in place (two numbers live at a time).
fn walk_zeckendorf(n: &BigUint, mut f: impl FnMut(usize, &BigUint, &BigUint)) {
    if n == &BigUint::ZERO {
        return;
    }
    // (a, b) = (F_k, F_(k+1)), up to the largest F_k ≤ n. Start just below it by fast
    // doubling: F_k ≤ φ^(k−1) and n ≥ 2^(B−1) (B = bit length), so F_k ≤ n for
    // k ≤ 1 + (B − 1)·log_φ 2, and 1.440 < log_φ 2 = 1.4404…; the loop then climbs the last
    // few steps.
    let bits = usize::try_from(n.bits()).unwrap_or(usize::MAX);
    let mut k = (1 + (bits - 1).saturating_mul(1440) / 1000).max(2);
    let (mut a, mut b) = fibonacci_pair(k);
    while &b <= n {
        a += &b;
        std::mem::swap(&mut a, &mut b);
        k += 1;
    }
    let mut rest = n.clone();
    while k >= 2 {
        if a <= rest {
            f(k, &a, &rest);
            rest -= &a;
            if rest == BigUint::ZERO {
                return;
            }
        }
        // (F_(k−1), F_k) = (F_(k+1) − F_k, F_k)
        b -= &a;
        std::mem::swap(&mut a, &mut b);
        k -= 1;
    }
}

/// (F_k, F_(k+1)) by fast doubling: F_2m = F_m(2F_(m+1) − F_m), F_(2m+1) = F_m² + F_(m+1)².
pub fn fibonacci_pair(k: usize) -> (BigUint, BigUint) {
    let (mut f, mut g) = (BigUint::ZERO, BigUint::from(1u32)); // (F_0, F_1)
    for bit in (0..usize::BITS - k.leading_zeros()).rev() {
        let two_g_minus_f = (&g << 1) - &f;
        let f2 = &f * &two_g_minus_f;
        let g2 = &f * &f + &g * &g;
        if (k >> bit) & 1 == 1 {
            f = g2.clone();
            g = f2 + g2;
        } else {
            f = f2;
            g = g2;
        }
    }
    (f, g)
}

/// The indices of the Zeckendorf representation of `n` (F_2 = 1, F_3 = 2, …), largest first.
pub fn zeckendorf(n: &BigUint) -> Vec<usize> {
    let mut out = Vec::new();
    walk_zeckendorf(n, |i, _, _| out.push(i));
    out
}

/// The smallest term of the Zeckendorf representation of `n` (0 for n = 0).
pub fn smallest_term(n: &BigUint) -> BigUint {
    let mut last = BigUint::ZERO;
    // The smallest term is the last tail.
    walk_zeckendorf(n, |_, term, tail| {
        if term == tail {
            last = tail.clone();
        }
    });
    last
}

/// True when the player to move wins (N, L).
pub fn mover_wins(n: &BigUint, l: &BigUint) -> bool {
    n != &BigUint::ZERO && &smallest_term(n) <= l
}

/// The least winning first move from a fresh heap of `n` (`n` ≥ 1): the smallest Zeckendorf
/// term of `n`.
pub fn least_winning_move(n: &BigUint) -> BigUint {
    smallest_term(n)
}

/// Every winning number of stones to take from (N, L), smallest first.
pub fn winning_takes(n: &BigUint, l: &BigUint) -> Vec<BigUint> {
    let mut out = Vec::new();
    let mut prev: Option<BigUint> = None;
    walk_zeckendorf(n, |_, term, tail| {
        if tail <= l {
            let wins = match &prev {
                None => true,
                Some(p) => p > &(tail << 1),
            };
            if wins {
                out.push(tail.clone());
            }
        }
        prev = Some(term.clone());
    });
    out.reverse();
    out
}

/// The winning takes from (N, L) that `solve` lists, smallest first, and how many winning
/// takes there are in all. A huge N has as many winning takes as Zeckendorf terms (about
/// 0.7 per bit) and each move writes a number as long as N, so the list is cut, as the
/// catalogue cuts any list of winning moves, where the characters of the moves before a
/// take reach [`MAX_LISTED_TEXT`] (counted here by an upper bound on the digits, so that
/// the catalogue never cuts it further), and at [`MAX_WINNING_LISTED`] takes.
pub fn listed_winning_takes(n: &BigUint, l: &BigUint) -> (Vec<BigUint>, u64) {
    // Decimal digits of a number of `bits` bits, at most: log10(2) < 0.30103.
    let digits = |bits: u64| bits * 30_103 / 100_000 + 1;
    let n_digits = digits(n.bits());
    // `take k` and the position `N−k 2k`, with room to spare.
    let chars = |k: &BigUint| n_digits + digits(k.bits() + 1) + digits(k.bits()) + 16;
    let budget = MAX_LISTED_TEXT as u64;
    // The takes kept, largest first (the order the walk finds them), with their sizes.
    let mut kept: VecDeque<(BigUint, u64)> = VecDeque::new();
    let mut kept_chars = 0u64;
    let mut total = 0u64;
    let mut prev: Option<BigUint> = None;
    walk_zeckendorf(n, |_, term, tail| {
        if tail <= l && prev.as_ref().is_none_or(|p| p > &(tail << 1)) {
            total += 1;
            let c = chars(tail);
            kept.push_back((tail.clone(), c));
            kept_chars += c;
            // The largest take kept is listed last, after all the smaller ones (and the
            // walk only finds smaller ones from here): it goes once they reach the budget.
            while kept.len() > MAX_WINNING_LISTED
                || (kept.len() > 1 && kept_chars - kept[0].1 >= budget)
            {
                if let Some((_, c)) = kept.pop_front() {
                    kept_chars -= c;
                }
            }
        }
        match &mut prev {
            Some(p) => p.clone_from(term),
            None => prev = Some(term.clone()),
        }
    });
    (kept.into_iter().rev().map(|(k, _)| k).collect(), total)
}

/// Every winning move from (N, L), as the position (N − k, 2k) after it.
pub fn winning_moves(n: &BigUint, l: &BigUint) -> Vec<Numbers> {
    winning_takes(n, l)
        .into_iter()
        .map(|k| vec![n - &k, k << 1])
        .collect()
}

fn heap_and_limit(c: &[BigUint]) -> (&BigUint, &BigUint) {
    (&c[0], c.get(1).unwrap_or(&c[0]))
}

/// Fibonacci Nim in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct FibonacciNim;

/// The largest heap whose Grundy value is searched (the search visits about N²/2 positions
/// with up to N moves each).
pub const MAX_SEARCHED_HEAP: u64 = 400;

impl NumberGame for FibonacciNim {
    type Rules = FibonacciNimRules;
    fn spec(&self) -> String {
        "fibonacci-nim".into()
    }
    fn shape(&self) -> Shape {
        Shape::Groups { arity: None }
    }
    fn rules(&self) -> &FibonacciNimRules {
        &FibonacciNimRules
    }
    fn validate(&self, c: &[BigUint]) -> Result<()> {
        if c.len() > 2 {
            return Err(Error::invalid(format!(
                "a Fibonacci Nim position is `N` (a fresh heap) or `N L` (heap N, the next move takes at most L), not {} numbers; separate the games of a sum with `+`",
                c.len()
            )));
        }
        Ok(())
    }
    fn to_position(&self, c: &[BigUint]) -> Result<(u64, u64)> {
        let (n, l) = heap_and_limit(c);
        let n = u64::try_from(n)
            .ok()
            .filter(|&n| n <= MAX_SEARCHED_HEAP)
            .ok_or_else(|| {
                Error::unsupported(format!(
                    "Fibonacci Nim heap {n} is too large to search for a Grundy value (limit {MAX_SEARCHED_HEAP}); the outcome and winning moves of a single game come from the theorem"
                ))
            })?;
        // A limit above the heap is the same as the heap.
        let l = u64::try_from(l).map_or(n, |l| l.min(n));
        Ok((n, l))
    }
    fn to_numbers(&self, &(n, l): &(u64, u64)) -> Numbers {
        vec![n.into(), l.into()]
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        let (n, l) = heap_and_limit(c);
        let count = n.min(l).clone();
        Some(MoveList::bounded(count.clone(), max, || {
            let count = u64::try_from(&count).unwrap_or(0);
            (1..=count)
                .map(|k| vec![n - k, BigUint::from(k) << 1])
                .collect()
        }))
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        match after[0].cmp(&before[0]) {
            std::cmp::Ordering::Less => {
                format!("{}take {}", at.prefix(), &before[0] - &after[0])
            }
            _ => default_label(self.shape(), at, before, after),
        }
    }
    fn theorem_name(&self) -> Option<String> {
        Some("Whinihan: (N, L) is a win iff the smallest Zeckendorf term of N is ≤ L; the winning moves take a tail of the representation (Grundy values by search; no closed form is known)".into())
    }
    fn outcome_theorem(&self, c: &[BigUint]) -> Option<Outcome> {
        let (n, l) = heap_and_limit(c);
        Some(Outcome::from_grundy_is_zero(!mover_wins(n, l)))
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        let (n, l) = heap_and_limit(c);
        (target == &BigUint::ZERO).then(|| {
            listed_winning_takes(n, l)
                .0
                .into_iter()
                .map(|k| vec![n - &k, k << 1])
                .collect()
        })
    }
    fn moves_note(&self, comps: &[Numbers], misere: bool) -> Option<String> {
        // Only a lone heap's winning moves come from the theorem (a sum's are searched,
        // on heaps too small to be cut).
        let [c] = comps else { return None };
        if misere {
            return None;
        }
        let (n, l) = heap_and_limit(c);
        let (listed, total) = listed_winning_takes(n, l);
        (total > listed.len() as u64).then(|| {
            format!(
                "{total} winning moves in all; the first {} are listed (the positions are long)",
                listed.len()
            )
        })
    }
}

/// The Fibonacci numbers F_2 = 1, F_3 = 2, … that fit in a u64 (92 of them, up to F_93).
pub fn fibonacci_u64() -> Vec<u64> {
    let mut f = vec![1u64, 2];
    while let Some(next) = f[f.len() - 1].checked_add(f[f.len() - 2]) {
        f.push(next);
    }
    f
}

/// [`least_winning_move`] for machine words: the smallest Zeckendorf term of `n`, given the
/// table of [`fibonacci_u64`].
pub fn smallest_term_u64(mut n: u64, fib: &[u64]) -> u64 {
    let mut last = 0;
    for &f in fib.iter().rev() {
        if f <= n {
            n -= f;
            last = f;
            if n == 0 {
                break;
            }
        }
    }
    last
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(Error::bad_params(
            "fibonacci-nim",
            format!("Fibonacci Nim takes no parameters, got `{p}` (write the limit as a second number: `fibonacci-nim N L`)"),
        ));
    }
    Ok(Box::new(NumberGameAdapter(FibonacciNim)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&FibonacciNim)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "fibonacci-nim",
        aliases: &["fibonacci", "fib-nim"],
        usage: "fibonacci-nim N [L] [+ N [L] ...]",
        summary: "Fibonacci Nim: take up to twice the previous move",
        rules: "One heap of N stones. The first move takes any 1..N stones (taking all is allowed); each later move takes 1..2k stones, k being the previous move. The player who cannot move loses. `N L` is a heap of N where the next move may take at most L; after taking k the position is `N−k 2k`.",
        theorem: "Write N as a sum of non-consecutive Fibonacci numbers (Zeckendorf). (N, L) is a first-player win iff the smallest term is ≤ L. The winning moves take k = a tail sum T of the representation (its smallest terms) with k ≤ L, where either k = N or the next larger term exceeds 2k; the least winning first move is the smallest term (N itself when N is a Fibonacci number). Grundy values are searched (heaps up to 400).",
        references: "M. J. Whinihan, Fibonacci Nim, Fibonacci Quarterly 1 (1963) 9–13; E. Zeckendorf (1972); Luogu P6487 (COCI HRPA).",
        examples: const {
            &[
                Example::normal("fibonacci-nim", "20 3"),
                Example::normal("fibonacci-nim", "20"),
            ]
        },
        editor: Editor::Text,
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
    use crate::interface::listing::MAX_LISTED_TEXT;
    use num_bigint::BigUint;

    fn big(n: u64) -> BigUint {
        BigUint::from(n)
    }

    #[test]
    fn fast_doubling() {
        let (mut a, mut b) = (BigUint::ZERO, big(1));
        for k in 0..300 {
            assert_eq!(fibonacci_pair(k), (a.clone(), b.clone()), "{k}");
            let c = &a + &b;
            a = std::mem::replace(&mut b, c);
        }
    }

    #[test]
    fn zeckendorf_of_small_numbers() {
        assert!(zeckendorf(&big(0)).is_empty());
        assert_eq!(zeckendorf(&big(1)), vec![2]);
        assert_eq!(zeckendorf(&big(4)), vec![4, 2]); // 3 + 1
        assert_eq!(zeckendorf(&big(100)), vec![11, 6, 4]); // 89 + 8 + 3
                                                           // Every representation is non-consecutive and sums back.
        let mut fib = vec![0u64, 1];
        while fib.len() < 40 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        for n in 1..3000u64 {
            let z = zeckendorf(&big(n));
            assert_eq!(z.iter().map(|&i| fib[i]).sum::<u64>(), n);
            assert!(z.windows(2).all(|w| w[0] >= w[1] + 2), "{n}: {z:?}");
            assert_eq!(smallest_term(&big(n)), big(fib[*z.last().unwrap()]));
        }
    }

    #[test]
    fn theorem_agrees_with_rules_on_all_small_positions() {
        let mut s = GrundySolver::new(FibonacciNimRules);
        for n in 0..=90u64 {
            for l in 0..=n + 2 {
                let expect = s.outcome(&(n, l)).unwrap() == Outcome::First;
                assert_eq!(mover_wins(&big(n), &big(l)), expect, "({n}, {l})");
                let mut wm: Vec<Numbers> = s
                    .winning_moves(&(n, l))
                    .unwrap()
                    .iter()
                    .map(|&(x, y)| vec![x.into(), y.into()])
                    .collect();
                let mut got = winning_moves(&big(n), &big(l));
                wm.sort();
                got.sort();
                assert_eq!(got, wm, "({n}, {l})");
            }
        }
    }

    #[test]
    fn thousand_digit_heaps() {
        // n = F_4800 + F_3000 + F_1000 + F_10 + F_4: Zeckendorf terms spaced ≥ 3 apart, so
        // every tail is a winning move from a fresh heap.
        let f = |i: usize| {
            let (mut a, mut b) = (BigUint::ZERO, big(1));
            for _ in 0..i {
                let c = &a + &b;
                a = std::mem::replace(&mut b, c);
            }
            a
        };
        let n = f(4800) + f(3000) + f(1000) + f(10) + f(4);
        assert!(n.to_string().len() >= 1000);
        assert_eq!(zeckendorf(&n), vec![4800, 3000, 1000, 10, 4]);
        assert_eq!(least_winning_move(&n), big(3));
        let takes = winning_takes(&n, &n);
        assert_eq!(
            takes,
            vec![
                big(3),
                big(58),
                f(1000) + 58u32,
                f(3000) + f(1000) + 58u32,
                n.clone()
            ]
        );
        // Each move leaves a losing position for the opponent.
        for k in &takes {
            let m = &n - k;
            assert!(!mover_wins(&m, &(k << 1)));
        }
        // Tails that are too large for the limit are left out; a limit below 3 loses.
        assert_eq!(winning_takes(&n, &big(60)), vec![big(3), big(58)]);
        assert!(!mover_wins(&n, &big(2)));
        // Terms two apart still win: F_i = F_(i−1) + F_(i−2) > 2·F_(i−2).
        let m = f(2000) + f(1998);
        assert_eq!(winning_takes(&m, &m), vec![f(1998), m.clone()]);
    }

    #[test]
    fn machine_word_path_agrees() {
        let fib = fibonacci_u64();
        assert_eq!(fib.len(), 92); // F_2 ..= F_93
        let mut x = 88_172_645_463_325_252u64;
        for i in 0..5000u32 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let n = (x >> (i % 64)).max(1);
            assert_eq!(
                BigUint::from(smallest_term_u64(n, &fib)),
                smallest_term(&big(n)),
                "{n}"
            );
        }
        assert_eq!(smallest_term_u64(u64::MAX, &fib), {
            let s = smallest_term(&big(u64::MAX));
            u64::try_from(s).unwrap()
        });
    }

    /// A heap with thousands of winning moves, each writing a number as long as the heap:
    /// `solve` lists the smallest takes up to the catalogue's budget and says how many there
    /// are (a 10^5-digit heap once listed all of them and ran out of memory).
    #[test]
    fn long_lists_of_long_moves_are_cut_with_a_count() {
        // n = F_6 + F_9 + … + F_(3m): every tail wins, so there are m winning moves.
        let m = 4000usize;
        let (mut a, mut b) = (BigUint::ZERO, big(1)); // (F_i, F_(i+1))
        let mut n = BigUint::ZERO;
        for i in 0..=3 * m {
            if i >= 6 && i % 3 == 0 {
                n += &a;
            }
            let c = &a + &b;
            a = std::mem::replace(&mut b, c);
        }
        let all = winning_takes(&n, &n);
        assert_eq!(all.len(), m - 1);
        let (listed, total) = listed_winning_takes(&n, &n);
        assert_eq!(total, (m - 1) as u64);
        assert!(
            listed.len() > 1 && listed.len() < all.len(),
            "{}",
            listed.len()
        );
        assert_eq!(listed[..], all[..listed.len()]);
        let game = crate::interface::testing::game_of(&[entry()], "fibonacci-nim").unwrap();
        let v = game.solve(&[n.to_string()], &Default::default()).unwrap();
        assert_eq!(v.moves.len(), listed.len());
        assert!(!v.complete);
        let note = v.note.unwrap();
        assert_eq!(
            note,
            format!(
                "{} winning moves in all; the first {} are listed (the positions are long)",
                m - 1,
                listed.len()
            )
        );
        let chars: usize = v
            .moves
            .iter()
            .map(|x| x.label.len() + x.position.len())
            .sum();
        let last = v.moves.last().unwrap();
        assert!(chars - last.label.len() - last.position.len() < MAX_LISTED_TEXT);
        assert_eq!(v.moves[0].position, format!("{} 16", &n - 8u32));
    }
}
