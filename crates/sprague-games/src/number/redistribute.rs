//! Take-and-redistribute: heaps; a move chooses a heap, removes at least one stone from
//! it, then moves any number of its remaining stones onto other non-empty heaps, distributed
//! as the mover likes. Whoever cannot move loses. One component is the whole list of heaps
//! (heaps of 0 are no heaps and are dropped).
//!
//! Theorem: a position is a P-position iff its heaps pair into equal pairs (so their number
//! is even). Proof sketch: from a paired position any move lowers the total, changes the
//! chosen heap and only raises the others, so the result is unpaired; from an unpaired
//! position (h_1 ≤ … ≤ h_n) the largest heap can always pay for a pairing — n odd: remove it
//! and raise h_1→h_2, h_3→h_4, …; n even: lower it to h_1 and raise h_2→h_3, …, — which costs
//! less than h_n. Checked against the rules by brute force in the tests.
//!
//! Winning moves, exactly. The chosen heap h vanishes iff n is odd (other heaps never
//! vanish). With O the other heaps sorted, a paired target P = (w_1, w_1, …, w_m, w_m),
//! w nondecreasing, is reachable iff ΣP − ΣO ≤ h − 1 and (n odd) w_j ≥ O_(2j), or (n even,
//! the chosen heap being the smallest element of P) w_j ≥ O_(2j−1). The targets are the
//! nondecreasing sequences w above these bounds with Σw ≤ ⌊(ΣO + h − 1)/2⌋, enumerated
//! without repetition; at most [`MAX_WINNING_LISTED`] are listed.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::{MoveCount, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::listing::MAX_WINNING_LISTED;
use crate::interface::{Editor, Entry, Example, Game, Players, Solution};
use crate::value::Outcome;
use num_bigint::BigUint;
use std::collections::HashSet;

/// The rules: a position is the sorted list of non-empty heaps.
#[derive(Debug, Clone, Copy, Default)]
pub struct RedistributeRules;

impl Impartial for RedistributeRules {
    type Position = Vec<u64>;
    fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for_each_option(heaps, |o| {
            out.push(o);
            true
        });
    }
    /// A heap h chosen among m other heaps keeps k < h stones and spreads at most
    /// h − 1 − k onto the others: Σ_{s<h} C(s + m, m) = C(h + m, m + 1) ways (hockey stick),
    /// for each distinct heap size.
    fn option_count(&self, heaps: &Vec<u64>) -> Option<u64> {
        let nonzero = heaps.iter().filter(|&&x| x > 0).count() as u64;
        let mut total = 0u64;
        for (i, &h) in heaps.iter().enumerate() {
            if h == 0 || (i > 0 && heaps[i - 1] == h) {
                continue;
            }
            total =
                total.saturating_add(binomial_saturating(h.saturating_add(nonzero - 1), nonzero));
        }
        Some(total)
    }
    fn has_moves(&self, heaps: &Vec<u64>) -> bool {
        let mut any = false;
        for_each_option(heaps, |_| {
            any = true;
            false
        });
        any
    }
}

/// C(n, k), or `u64::MAX` when it does not fit.
fn binomial_saturating(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        // c · (n − i) / (i + 1) is C(n, i + 1), an integer; c stays below 2^64 here.
        c = c * u128::from(n - i) / u128::from(i + 1);
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

/// Calls `f` with every option of the sorted heaps (with repetitions: different moves may
/// reach the same position), until `f` returns false. Returns false when stopped.
fn for_each_option(heaps: &[u64], mut f: impl FnMut(Vec<u64>) -> bool) -> bool {
    for (i, &h) in heaps.iter().enumerate() {
        if h == 0 || (i > 0 && heaps[i - 1] == h) {
            continue;
        }
        let others: Vec<u64> = heaps
            .iter()
            .enumerate()
            .filter(|&(j, &x)| j != i && x > 0)
            .map(|(_, &x)| x)
            .collect();
        let m = others.len();
        for keep in 0..h {
            // Distribute up to `spare` stones onto the other heaps: every vector of
            // increments with sum ≤ spare, in odometer order.
            let spare = h - 1 - keep;
            let mut inc = vec![0u64; m];
            let mut sum = 0u64;
            loop {
                let mut next: Vec<u64> = others.iter().zip(&inc).map(|(x, d)| x + d).collect();
                if keep > 0 {
                    next.push(keep);
                }
                next.sort_unstable();
                if !f(next) {
                    return false;
                }
                // Advance the odometer.
                let mut advanced = false;
                let mut j = m;
                while j > 0 {
                    j -= 1;
                    if sum < spare {
                        inc[j] += 1;
                        sum += 1;
                        advanced = true;
                        break;
                    }
                    sum -= inc[j];
                    inc[j] = 0;
                }
                if !advanced {
                    break;
                }
            }
        }
    }
    true
}

/// The most options [`NumberGame::list_moves`] generates (repetitions included) before it
/// leaves the listing to the engine's limits.
const ENUMERATION_BUDGET: usize = 500_000;

/// True when the heaps pair into equal pairs (zeros ignored): a P-position.
pub fn is_paired(heaps: &[BigUint]) -> bool {
    let mut h: Vec<&BigUint> = heaps.iter().filter(|x| **x != BigUint::ZERO).collect();
    h.sort_unstable();
    h.len() & 1 == 0 && h.chunks(2).all(|p| p[0] == p[1])
}

/// Calls `emit(w)` for every nondecreasing `w` with `w_j ≥ c_j` and `Σw ≤ max_sum`, in
/// lexicographic order, until `emit` returns false. `c` must be nondecreasing. Iterative;
/// each step costs O(log m) besides the arithmetic, and every branch explored ends in an
/// emitted sequence.
fn nondecreasing_above(c: &[BigUint], max_sum: &BigUint, mut emit: impl FnMut(&[BigUint]) -> bool) {
    let m = c.len();
    if m == 0 {
        emit(&[]);
        return;
    }
    // suffix[j] = c_j + … + c_(m−1)
    let mut suffix = vec![BigUint::ZERO; m + 1];
    for j in (0..m).rev() {
        suffix[j] = &suffix[j + 1] + &c[j];
    }
    // The least possible sum of w_(j+1..m) once w_j = w.
    let min_rest = |j: usize, w: &BigUint| -> BigUint {
        let p = j + 1 + c[j + 1..].partition_point(|x| x < w);
        w * BigUint::from(p - j - 1) + &suffix[p]
    };
    let mut w: Vec<BigUint> = vec![BigUint::ZERO; m];
    let mut prefix: Vec<BigUint> = vec![BigUint::ZERO; m + 1];
    let mut j = 0usize;
    w[0] = c[0].clone();
    loop {
        let fits = &prefix[j] + &w[j] + min_rest(j, &w[j]) <= *max_sum;
        if fits {
            if j + 1 == m {
                if !emit(&w) {
                    return;
                }
                w[j] += 1u32;
            } else {
                prefix[j + 1] = &prefix[j] + &w[j];
                j += 1;
                w[j] = (&c[j]).max(&w[j - 1]).clone();
            }
        } else {
            if j == 0 {
                return;
            }
            j -= 1;
            w[j] += 1u32;
        }
    }
}

/// Winning moves from `heaps` (zeros ignored): the positions after them, each sorted, without
/// repetition, in increasing order; at most `cap` of them (the first found), and a flag that
/// is true when there are more.
pub fn winning_moves_capped(heaps: &[BigUint], cap: usize) -> (Vec<Numbers>, bool) {
    let mut h: Vec<BigUint> = heaps
        .iter()
        .filter(|x| **x != BigUint::ZERO)
        .cloned()
        .collect();
    h.sort_unstable();
    let mut out: Vec<Numbers> = Vec::new();
    if is_paired(&h) {
        return (out, false);
    }
    let n = h.len();
    let mut seen: HashSet<Numbers> = HashSet::new();
    let mut more = false;
    for i in 0..n {
        if i > 0 && h[i] == h[i - 1] {
            continue;
        }
        let mut others = h.clone();
        let chosen = others.remove(i);
        let total: BigUint = others.iter().sum();
        let max_sum = (total + &chosen - 1u32) >> 1;
        let bounds: Vec<BigUint> = others
            .iter()
            .skip(if n % 2 == 1 { 1 } else { 0 })
            .step_by(2)
            .cloned()
            .collect();
        nondecreasing_above(&bounds, &max_sum, |w| {
            let mut p: Numbers = w.iter().flat_map(|x| [x.clone(), x.clone()]).collect();
            if p.is_empty() {
                p.push(BigUint::ZERO);
            }
            if seen.contains(&p) {
                return true;
            }
            if out.len() == cap {
                more = true;
                return false;
            }
            seen.insert(p.clone());
            out.push(p);
            true
        });
        if more {
            break;
        }
    }
    out.sort_unstable();
    (out, more)
}

/// Take-and-redistribute in the catalogue.
#[derive(Debug, Clone, Copy, Default)]
pub struct Redistribute;

/// The largest total number of stones whose Grundy value is searched (the number of moves
/// grows combinatorially with the heaps).
pub const MAX_SEARCHED_TOTAL: u64 = 14;

impl NumberGame for Redistribute {
    type Rules = RedistributeRules;
    fn spec(&self) -> String {
        "redistribute".into()
    }
    fn shape(&self) -> Shape {
        Shape::Groups { arity: None }
    }
    fn rules(&self) -> &RedistributeRules {
        &RedistributeRules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<Vec<u64>> {
        let total: BigUint = c.iter().sum();
        if total > BigUint::from(MAX_SEARCHED_TOTAL) {
            return Err(Error::unsupported(format!(
                "redistribute position with {total} stones is too large to search for a Grundy value (limit {MAX_SEARCHED_TOTAL} stones); the outcome and winning moves of a single component come from the theorem"
            )));
        }
        let mut h: Vec<u64> = c
            .iter()
            .map(|x| u64::try_from(x).expect("bounded by the total"))
            .filter(|&x| x > 0)
            .collect();
        h.sort_unstable();
        Ok(h)
    }
    fn to_numbers(&self, p: &Vec<u64>) -> Numbers {
        if p.is_empty() {
            vec![BigUint::ZERO]
        } else {
            p.iter().map(|&x| x.into()).collect()
        }
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        // Taking 1..=H stones from the largest heap H, spreading none, already gives H
        // different positions.
        let largest = c.iter().max().cloned().unwrap_or_default();
        if largest > BigUint::from(max) {
            return Some(MoveList::TooMany(MoveCount::MoreThan(largest - 1u32)));
        }
        // Every heap fits a word now.
        let mut h: Vec<u64> = c
            .iter()
            .filter_map(|x| u64::try_from(x).ok())
            .filter(|&x| x > 0)
            .collect();
        h.sort_unstable();
        let (mut seen, mut out, mut generated, mut over) = (HashSet::new(), Vec::new(), 0, false);
        let finished = for_each_option(&h, |o| {
            generated += 1;
            if seen.insert(o.clone()) {
                if out.len() == max {
                    over = true;
                    return false;
                }
                out.push(o);
            }
            generated < ENUMERATION_BUDGET
        });
        if over {
            return Some(MoveList::TooMany(MoveCount::MoreThan(max.into())));
        }
        // Cut short by repetitions only: the engine's limits decide.
        finished.then(|| MoveList::Listed(out.iter().map(|o| self.to_numbers(o)).collect()))
    }
    fn theorem_name(&self) -> Option<String> {
        Some("P iff the heaps pair into equal pairs; winning moves pay for a pairing from the chosen heap (Grundy values by search; no closed form is known)".into())
    }
    fn outcome_theorem(&self, c: &[BigUint]) -> Option<Outcome> {
        Some(Outcome::from_grundy_is_zero(is_paired(c)))
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        (target == &BigUint::ZERO).then(|| winning_moves_capped(c, MAX_WINNING_LISTED).0)
    }
    fn moves_note(&self, comps: &[Numbers], misere: bool) -> Option<String> {
        if misere {
            return None;
        }
        let capped: Vec<String> = comps
            .iter()
            .enumerate()
            .filter(|(_, c)| winning_moves_capped(c, MAX_WINNING_LISTED).1)
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        (!capped.is_empty()).then(|| {
            format!(
                "component {} has more than {MAX_WINNING_LISTED} moves to a paired position; only the first {MAX_WINNING_LISTED} are listed",
                capped.join(", ")
            )
        })
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("redistribute", params)?;
    Ok(Box::new(NumberGameAdapter(Redistribute)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    theorem_against_search(&Redistribute)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "redistribute",
        aliases: &["take-and-redistribute"],
        usage: "redistribute H1 H2 ... [+ H1 H2 ...]",
        summary: "Take-and-redistribute: take from a heap, spread some of the rest onto others",
        rules: "Heaps of stones; the whole list of heaps is one game. A move chooses a heap, removes at least one stone from it, then moves any number of its remaining stones onto other non-empty heaps, distributed as the mover likes. The player who cannot move loses.",
        theorem: "The player to move loses iff the heaps can be paired into equal pairs (so their number is even). From any other position the largest heap can pay for a pairing: with an odd number of heaps remove it and raise the smaller heap of each consecutive pair; with an even number lower it to the smallest heap and pair the rest. Every winning move is listed (up to 100). Grundy values are searched (up to 14 stones).",
        references: "A classic olympiad exercise (heaps with redistribution); see e.g. the pairing strategy in Berlekamp, Conway, Guy, Winning Ways, and the seeds of this project.",
        examples: const {
            &[
                Example::normal("redistribute", "3 5 7"),
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

    fn big_vec(h: &[u64]) -> Vec<BigUint> {
        h.iter().map(|&x| x.into()).collect()
    }

    /// Every multiset of positive heaps with total ≤ `max_total`, sorted.
    fn all_positions(max_total: u64) -> Vec<Vec<u64>> {
        let mut out = vec![vec![]];
        let mut frontier: Vec<(Vec<u64>, u64)> = vec![(vec![], 0)];
        while let Some((h, sum)) = frontier.pop() {
            let from = h.last().copied().unwrap_or(1);
            for x in from..=max_total.saturating_sub(sum) {
                let mut g = h.clone();
                g.push(x);
                out.push(g.clone());
                frontier.push((g, sum + x));
            }
        }
        out
    }

    #[test]
    fn option_count_matches_the_options() {
        for h in all_positions(9) {
            let mut out = Vec::new();
            RedistributeRules.options(&h, &mut out);
            assert_eq!(
                RedistributeRules.option_count(&h),
                Some(out.len() as u64),
                "{h:?}"
            );
        }
        assert_eq!(binomial_saturating(5, 7), 0);
        assert_eq!(binomial_saturating(200, 100), u64::MAX);
        assert_eq!(binomial_saturating(60, 30), 118_264_581_564_861_424);
    }

    #[test]
    fn theorem_agrees_with_rules_on_small_positions() {
        let mut s = GrundySolver::new(RedistributeRules);
        let positions = all_positions(12);
        assert_eq!(positions.len(), 272); // Σ p(k), k ≤ 12
        for p in positions {
            let b = big_vec(&p);
            let expect_p = s.outcome(&p).unwrap() == Outcome::Second;
            assert_eq!(is_paired(&b), expect_p, "{p:?}");
            let mut wm: Vec<Numbers> = s
                .winning_moves(&p)
                .unwrap()
                .iter()
                .map(|o| Redistribute.to_numbers(o))
                .collect();
            let (mut got, more) = winning_moves_capped(&b, 10_000);
            assert!(!more);
            wm.sort();
            got.sort();
            assert_eq!(got, wm, "{p:?}");
        }
    }

    #[test]
    fn zeros_and_large_heaps() {
        assert!(is_paired(&big_vec(&[0, 3, 3, 0])));
        assert!(is_paired(&big_vec(&[])));
        assert!(!is_paired(&big_vec(&[5])));
        let (m, more) = winning_moves_capped(&big_vec(&[7]), 10);
        assert_eq!(m, vec![vec![BigUint::ZERO]]);
        assert!(!more);
        // Huge heaps: the list is capped and every listed move is to a paired position
        // reachable from the position.
        let h: Vec<BigUint> = vec![
            BigUint::from(10u32).pow(1000),
            BigUint::from(3u32),
            BigUint::from(10u32).pow(999),
        ];
        let (m, more) = winning_moves_capped(&h, MAX_WINNING_LISTED);
        assert!(more);
        assert_eq!(m.len(), MAX_WINNING_LISTED);
        for p in &m {
            assert!(is_paired(p));
            let total: BigUint = p.iter().sum();
            assert!(total < h.iter().sum());
        }
        assert!(Redistribute.moves_note(&[h], false).is_some());
        assert!(Redistribute
            .moves_note(&[big_vec(&[1, 2])], false)
            .is_none());
    }
}
