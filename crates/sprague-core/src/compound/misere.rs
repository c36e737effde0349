//! Misère sums (docs/theory.md#misere-sums) by the SJ theorem, only where its hypothesis is checked.
//!
//! **SJ theorem** (Jia Zhihao 2009, "anti-SG"; the misère analogue of Bouton's rule): in a
//! sum played misère, if the game ends as soon as every component has Grundy value 0, then
//! the player to move wins iff (the XOR of the values ≠ 0 and some component has value > 1)
//! or (the XOR = 0 and no component has value > 1).
//!
//! The hypothesis is a property of the ruleset, not a formality: misère Kayles (0.77) and
//! Dawson's Kayles (0.07) break it and the formula then gives wrong answers (tests below).
//! Conway's theory of *tame* games (On Numbers and Games ch. 12; Winning Ways ch. 13)
//! describes exactly which games play like Nim in misère sums; checking tameness needs the
//! genus of every position and is not done here.
//!
//! The sound criterion used here (see [`sj_hypothesis`]): every position reachable from a
//! component that has Grundy value 0 is terminal, and no move splits a component into
//! several. Then "every component has value 0" means "no move is left", so the theorem's
//! hypothesis holds and the formula is exact. Nim satisfies it everywhere (a heap of value
//! 0 is empty). Proof sketch, with c₁ the number of components of value 1 and X the XOR:
//! from (X = 0, some value > 1) any move leaves X ≠ 0 with a value > 1 left (two values > 1
//! are needed for X = 0); from (X ≠ 0, all ≤ 1), c₁ is odd and a move either empties a
//! 1-component (X = 0, all ≤ 1) or raises it above 1; from the other two kinds a move to
//! the first two exists by the mex property (one big component goes to 0 or 1 to make c₁
//! odd, or a Nim move with two or more big components; with all ≤ 1 and c₁ even and
//! positive, empty a 1-component), and (X = 0, all ≤ 1) with c₁ = 0 is the end of the
//! game, which the player to move wins in misère play.

use crate::error::Result;
use crate::impartial::{GrundySolver, Impartial};
use num_bigint::BigUint;
use rustc_hash::FxHashSet;

/// The verdict of the SJ criterion on a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SjCheck {
    /// The hypothesis holds: the SJ formula is exact for this sum.
    Holds,
    /// It could not be established; the text says why (for the `method` field).
    NotShown(String),
}

/// The SJ formula: true when the player to move wins the misère sum of components with
/// these Grundy values (valid only under the hypothesis; see the module documentation).
pub fn sj_first_wins(values: &[BigUint]) -> bool {
    let one = BigUint::from(1u32);
    let x = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
    let big = values.iter().any(|v| v > &one);
    if big {
        x != BigUint::ZERO
    } else {
        x == BigUint::ZERO
    }
}

/// The values that component `i` may move to so that the SJ formula says the opponent
/// loses (at most three candidates: the Nim target, 0 and 1).
pub fn sj_winning_targets(values: &[BigUint], i: usize) -> Vec<BigUint> {
    let x = values.iter().fold(BigUint::ZERO, |a, b| a ^ b);
    let mut cands = vec![&x ^ &values[i], BigUint::ZERO, BigUint::from(1u32)];
    cands.sort();
    cands.dedup();
    let mut next = values.to_vec();
    cands
        .into_iter()
        .filter(|v| {
            next[i] = v.clone();
            !sj_first_wins(&next)
        })
        .collect()
}

/// Checks the sound criterion for the SJ theorem on the positions reachable from
/// `components`: every reachable position of Grundy value 0 is terminal, and no move
/// splits a component into two or more non-terminal parts. Visits at most `max_positions`
/// positions; beyond that it answers [`SjCheck::NotShown`].
pub fn sj_hypothesis<R: Impartial>(
    solver: &mut GrundySolver<R>,
    components: &[R::Position],
    max_positions: u64,
) -> Result<SjCheck> {
    let mut seen: FxHashSet<R::Position> = FxHashSet::default();
    let mut todo: Vec<R::Position> = Vec::new();
    for c in components {
        match parts(solver.rules(), c.clone()).as_slice() {
            [] => {}
            [p] => todo.push(p.clone()),
            _ => {
                return Ok(SjCheck::NotShown(format!(
                    "component {c:?} is a sum of several parts"
                )))
            }
        }
    }
    let mut opts = Vec::new();
    while let Some(p) = todo.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        if seen.len() as u64 > max_positions {
            return Ok(SjCheck::NotShown(format!(
                "more than {max_positions} positions to check"
            )));
        }
        opts.clear();
        solver.rules().options(&p, &mut opts);
        if opts.is_empty() {
            continue;
        }
        if solver.grundy(&p)?.is_zero() {
            return Ok(SjCheck::NotShown(format!(
                "position {p:?} has Grundy value 0 but is not terminal"
            )));
        }
        for o in opts.drain(..) {
            let ps = parts(solver.rules(), o.clone());
            match ps.len() {
                0 => {}
                1 => {
                    let q = ps.into_iter().next().expect("one part");
                    if !seen.contains(&q) {
                        todo.push(q);
                    }
                }
                _ => {
                    return Ok(SjCheck::NotShown(format!(
                        "a move from {p:?} splits it into several parts ({o:?})"
                    )))
                }
            }
        }
    }
    Ok(SjCheck::Holds)
}

/// The non-terminal atomic parts of a position.
fn parts<R: Impartial>(rules: &R, p: R::Position) -> Vec<R::Position> {
    let mut todo = vec![p];
    let mut out = Vec::new();
    let mut opts = Vec::new();
    while let Some(c) = todo.pop() {
        if let Some(ps) = rules.components(&c) {
            todo.extend(ps);
        } else {
            opts.clear();
            rules.options(&c, &mut opts);
            if !opts.is_empty() {
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::MisereSolver;
    use crate::limits::Limits;

    /// Subtraction game with set `s` (`s = None`: Nim).
    struct Sub(Option<Vec<u64>>);
    impl Impartial for Sub {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            match &self.0 {
                None => out.extend(0..n),
                Some(s) => out.extend(s.iter().filter(|&&k| k <= n).map(|&k| n - k)),
            }
        }
    }

    /// Octal games 0.77 (Kayles) and 0.07 (Dawson's Kayles) on rows `(x, y)`, x ≥ y: two
    /// rows; `(n, 0)` is one row. A move removes 1 or 2 adjacent pins (0.07: exactly 2)
    /// from a row, leaving at most two rows.
    struct Rows {
        remove: &'static [u8],
    }
    const KAYLES: Rows = Rows { remove: &[1, 2] };
    const DAWSON: Rows = Rows { remove: &[2] };
    impl Impartial for Rows {
        type Position = (u8, u8);
        fn options(&self, &(x, _): &(u8, u8), out: &mut Vec<(u8, u8)>) {
            for &k in self.remove {
                if k > x {
                    continue;
                }
                for a in 0..=x - k {
                    let b = x - k - a;
                    out.push((a.max(b), a.min(b)));
                }
            }
        }
        fn components(&self, &(x, y): &(u8, u8)) -> Option<Vec<(u8, u8)>> {
            (y > 0).then(|| vec![(x, 0), (y, 0)])
        }
    }

    fn values<R: Impartial>(s: &mut GrundySolver<R>, ps: &[R::Position]) -> Vec<BigUint> {
        ps.iter()
            .map(|p| BigUint::from(s.grundy(p).unwrap().value()))
            .collect()
    }

    #[test]
    fn sj_agrees_with_exact_search_wherever_the_criterion_holds() {
        // Nim and every subtraction game with S ⊆ {1..5}; all sums of up to three heaps ≤ 7.
        let mut rulesets: Vec<Option<Vec<u64>>> = vec![None];
        for mask in 1u32..32 {
            rulesets.push(Some(
                (1..=5).filter(|k| mask & (1 << (k - 1)) != 0).collect(),
            ));
        }
        let mut accepted = 0;
        let mut accepted_nontrivial = 0;
        for set in rulesets {
            let mut g = GrundySolver::new(Sub(set.clone()));
            let mut m = MisereSolver::new(Sub(set.clone()), Limits::default());
            for a in 0..8u64 {
                for b in a..8u64 {
                    for c in b..8u64 {
                        let sum = [a, b, c];
                        if sj_hypothesis(&mut g, &sum, 1000).unwrap() != SjCheck::Holds {
                            continue;
                        }
                        accepted += 1;
                        let v = values(&mut g, &sum);
                        if v.iter().any(|x| x > &BigUint::from(1u32)) {
                            accepted_nontrivial += 1;
                        }
                        assert_eq!(
                            sj_first_wins(&v),
                            m.first_player_wins(&sum).unwrap(),
                            "S = {set:?}, heaps {sum:?}"
                        );
                        // The SJ winning targets are exactly the exact winning moves.
                        let mut from_sj: Vec<(usize, u64)> = Vec::new();
                        for i in 0..3 {
                            if sum[..i].contains(&sum[i]) {
                                continue;
                            }
                            for t in sj_winning_targets(&v, i) {
                                let t = u64::try_from(&t).unwrap();
                                for o in g.moves_to_value(&sum[i], crate::value::Nimber(t)).unwrap()
                                {
                                    from_sj.push((i, o));
                                }
                            }
                        }
                        let mut exact = m.winning_moves(&sum).unwrap();
                        from_sj.sort();
                        exact.sort();
                        assert_eq!(from_sj, exact, "S = {set:?}, heaps {sum:?}");
                    }
                }
            }
        }
        assert!(accepted > 200, "{accepted}");
        assert!(accepted_nontrivial > 50, "{accepted_nontrivial}");
    }

    #[test]
    fn the_criterion_rejects_games_where_sj_fails() {
        // S = {1, 2}: the heap 3 has value 0 and can move.
        let mut g = GrundySolver::new(Sub(Some(vec![1, 2])));
        assert!(matches!(
            sj_hypothesis(&mut g, &[5], 1000).unwrap(),
            SjCheck::NotShown(_)
        ));
        let mut g = GrundySolver::new(Sub(None));
        assert_eq!(
            sj_hypothesis(&mut g, &[5, 9, 30], 1000).unwrap(),
            SjCheck::Holds
        );
        for rows in [KAYLES, DAWSON] {
            let mut g = GrundySolver::new(rows);
            let check = sj_hypothesis(&mut g, &[(6, 0)], 1000).unwrap();
            assert!(matches!(check, SjCheck::NotShown(_)), "{check:?}");
        }
    }

    /// Single rows (and pairs) where the SJ formula and exact misère search disagree.
    fn sj_mistakes(rows: Rows, upto: u8) -> (Vec<u8>, usize) {
        let mut g = GrundySolver::new(Rows {
            remove: rows.remove,
        });
        let mut m = MisereSolver::new(rows, Limits::default());
        let mut singles = Vec::new();
        let mut pairs = 0;
        for a in 1..=upto {
            let v = values(&mut g, &[(a, 0)]);
            if sj_first_wins(&v) != m.first_player_wins(&[(a, 0)]).unwrap() {
                singles.push(a);
            }
            for b in 1..=a {
                let s = [(a, 0), (b, 0)];
                let v = values(&mut g, &s);
                if sj_first_wins(&v) != m.first_player_wins(&s).unwrap() {
                    pairs += 1;
                }
            }
        }
        (singles, pairs)
    }

    #[test]
    fn sj_is_wrong_for_misere_kayles_and_dawsons_kayles() {
        let (singles, pairs) = sj_mistakes(KAYLES, 12);
        // docs/theory.md#misere-sums: a single Kayles row of 8 is a misère first-player win; its Grundy
        // value is 1, so the SJ formula says the second player wins.
        assert!(singles.contains(&8), "{singles:?}");
        assert!(pairs > 0);
        let mut g = GrundySolver::new(KAYLES);
        assert_eq!(g.grundy(&(8, 0)).unwrap().value(), 1);
        let mut m = MisereSolver::new(KAYLES, Limits::default());
        assert!(m.first_player_wins(&[(8, 0)]).unwrap());

        let (singles, pairs) = sj_mistakes(DAWSON, 12);
        assert!(!singles.is_empty() || pairs > 0, "Dawson's Kayles");
        assert!(!singles.is_empty(), "{singles:?}");
    }
}
