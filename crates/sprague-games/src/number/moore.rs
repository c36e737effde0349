//! Moore's Nim_k: heaps (one component is the whole list of heaps of one game); a move
//! takes a positive number of stones from each of 1..=k heaps.
//! Theorem (Moore 1910): a position is a P-position iff for every bit position the number of
//! heaps with that bit set is divisible by k + 1. Grundy values have no known closed form,
//! so sums of several Moore games are searched.
//! Winning moves: every one when the position has few moves (all moves are tried against
//! the theorem), otherwise the constructive move of Moore's proof (bits from the top; see
//! [`constructive_move`]) with a note.
//! Misère (Moore 1910): if some heap exceeds 1, as in normal play; otherwise the player to
//! move loses iff the number of heaps of 1 is ≡ 1 (mod k + 1). Checked against exact
//! misère search in the tests before it is used.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::default_label;
use super::{MisereVerdict, MoveAt, MoveCount, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Players, Solution};
use crate::value::Outcome;
use num_bigint::BigUint;

/// Positions with at most this many moves get every winning move listed.
pub const ENUMERATE_MOVES: u128 = 200_000;

/// The rules: heaps of one game, move in 1..=k of them.
#[derive(Debug, Clone, Copy)]
pub struct MooreRules {
    /// The most heaps one move may touch.
    pub k: usize,
}

impl Impartial for MooreRules {
    type Position = Vec<u64>;
    fn is_terminal(&self, h: &Vec<u64>) -> bool {
        // As `options` has it: no move once every heap is empty (or past the searched size).
        h.len() >= 64 || self.k == 0 || h.iter().all(|&x| x == 0)
    }
    // A move takes from 1 to k heaps, any amount from each: the options number the sum,
    // over sets of at most k heaps, of the product of their sizes (saturating).
    fn option_count(&self, h: &Vec<u64>) -> Option<u64> {
        let mut by_size = vec![0u64; self.k.min(h.len()) + 1];
        by_size[0] = 1;
        for &x in h {
            for j in (1..by_size.len()).rev() {
                by_size[j] = by_size[j].saturating_add(by_size[j - 1].saturating_mul(x));
            }
        }
        Some(by_size[1..].iter().fold(0u64, |a, &b| a.saturating_add(b)))
    }
    fn options(&self, h: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let n = h.len();
        if n >= 64 {
            return; // never searched: to_position refuses such positions
        }
        for mask in 1u64..(1 << n) {
            if mask.count_ones() as usize > self.k
                || (0..n).any(|i| mask >> i & 1 == 1 && h[i] == 0)
            {
                continue;
            }
            let idx: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
            let mut cur = h.clone();
            for &i in &idx {
                cur[i] = 0;
            }
            // Odometer over the new sizes 0..h[i] of the chosen heaps.
            loop {
                out.push(cur.clone());
                let mut j = 0;
                while j < idx.len() {
                    let i = idx[j];
                    if cur[i] + 1 < h[i] {
                        cur[i] += 1;
                        break;
                    }
                    cur[i] = 0;
                    j += 1;
                }
                if j == idx.len() {
                    break;
                }
            }
        }
    }
}

/// True when the heaps form a normal-play P-position of Nim_k.
pub fn is_p_position(heaps: &[BigUint], k: usize) -> bool {
    let bits = heaps.iter().map(|h| h.bits()).max().unwrap_or(0);
    (0..bits).all(|b| heaps.iter().filter(|h| h.bit(b)).count() % (k + 1) == 0)
}

/// True when the player to move loses under misère play (Moore's misère rule).
pub fn is_misere_p_position(heaps: &[BigUint], k: usize) -> bool {
    let one = BigUint::from(1u32);
    if heaps.iter().any(|h| h > &one) {
        is_p_position(heaps, k)
    } else {
        heaps.iter().filter(|h| *h == &one).count() % (k + 1) == 1
    }
}

/// The number of moves from the heaps (saturating): Σ over sets of 1..=k heaps of the
/// product of their sizes.
pub fn move_count(heaps: &[BigUint], k: usize) -> u128 {
    let mut e = vec![0u128; k + 1];
    e[0] = 1;
    for h in heaps {
        let h = u128::try_from(h).unwrap_or(u128::MAX);
        for j in (1..=k).rev() {
            e[j] = e[j].saturating_add(e[j - 1].saturating_mul(h));
        }
    }
    e[1..].iter().fold(0u128, |a, &b| a.saturating_add(b))
}

/// Moore's constructive winning move: from the top bit down, keep the set C of heaps
/// already lowered (their lower bits are free). At bit b with r = (unlowered heaps with
/// bit b set) mod (k + 1): if k + 1 − r ≤ |C| (or r = 0), give bit b to that many heaps of C;
/// otherwise clear bit b in r more heaps with it set (|C| + r ≤ k then) and add them to C.
/// Returns `None` from a P-position.
pub fn constructive_move(heaps: &[BigUint], k: usize) -> Option<Numbers> {
    let bits = heaps.iter().map(|h| h.bits()).max().unwrap_or(0);
    let mut new = heaps.to_vec();
    let mut chosen: Vec<usize> = Vec::new();
    for b in (0..bits).rev() {
        let set: Vec<usize> = (0..heaps.len())
            .filter(|i| !chosen.contains(i) && heaps[*i].bit(b))
            .collect();
        let r = set.len() % (k + 1);
        let need = (k + 1 - r) % (k + 1);
        if need <= chosen.len() {
            for (j, &i) in chosen.iter().enumerate() {
                new[i].set_bit(b, j < need);
            }
        } else {
            for &i in &chosen {
                new[i].set_bit(b, false);
            }
            for &i in set.iter().take(r) {
                new[i].set_bit(b, false);
                chosen.push(i);
            }
        }
    }
    (!chosen.is_empty()).then_some(new)
}

/// Every move from small heaps (`move_count ≤ ENUMERATE_MOVES`) that leaves a position
/// for which `losing` holds.
fn enumerate_moves(
    heaps: &[BigUint],
    k: usize,
    losing: &dyn Fn(&[BigUint]) -> bool,
) -> Vec<Numbers> {
    let h: Vec<u64> = heaps
        .iter()
        .map(|x| u64::try_from(x).expect("few moves: small heaps"))
        .collect();
    let nonzero: Vec<usize> = (0..h.len()).filter(|&i| h[i] > 0).collect();
    let mut found = Vec::new();
    let mut cur: Numbers = heaps.to_vec();
    // Sets of 1..=k non-empty heaps, as increasing index lists.
    let mut comb: Vec<usize> = Vec::new();
    loop {
        // Advance to the next combination (depth-first order).
        if comb.len() < k && comb.last().map_or(0, |&l| l + 1) < nonzero.len() {
            comb.push(comb.last().map_or(0, |&l| l + 1));
        } else {
            loop {
                let Some(last) = comb.pop() else {
                    return found;
                };
                if last + 1 < nonzero.len() {
                    comb.push(last + 1);
                    break;
                }
            }
        }
        let idx: Vec<usize> = comb.iter().map(|&c| nonzero[c]).collect();
        let mut vals: Vec<u64> = vec![0; idx.len()];
        loop {
            for (j, &i) in idx.iter().enumerate() {
                cur[i] = vals[j].into();
            }
            if losing(&cur) {
                found.push(cur.clone());
            }
            let mut j = 0;
            while j < idx.len() {
                if vals[j] + 1 < h[idx[j]] {
                    vals[j] += 1;
                    break;
                }
                vals[j] = 0;
                j += 1;
            }
            if j == idx.len() {
                break;
            }
        }
        for &i in &idx {
            cur[i] = heaps[i].clone();
        }
    }
}

/// Moore's Nim_k in the catalogue.
#[derive(Debug, Clone, Copy)]
pub struct Moore {
    rules: MooreRules,
}

impl Moore {
    /// Moore's Nim with moves in up to `k` heaps.
    pub fn new(k: usize) -> Self {
        Moore {
            rules: MooreRules { k },
        }
    }

    fn winning(&self, c: &[BigUint], misere: bool) -> Option<Vec<Numbers>> {
        let k = self.rules.k;
        let losing = |h: &[BigUint]| {
            if misere {
                is_misere_p_position(h, k)
            } else {
                is_p_position(h, k)
            }
        };
        if losing(c) {
            return Some(vec![]);
        }
        if move_count(c, k) <= ENUMERATE_MOVES {
            return Some(enumerate_moves(c, k, &losing));
        }
        let m = constructive_move(c, k)?;
        // Misère: the normal-play move is also a misère winning move when a heap > 1 is left.
        (!misere || losing(&m)).then_some(vec![m])
    }
}

impl NumberGame for Moore {
    type Rules = MooreRules;
    fn spec(&self) -> String {
        format!("moore-nim:{}", self.rules.k)
    }
    fn shape(&self) -> Shape {
        Shape::Groups { arity: None }
    }
    fn rules(&self) -> &MooreRules {
        &self.rules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<Vec<u64>> {
        if c.len() > 16 {
            return Err(Error::unsupported(format!(
                "a Moore's Nim game of {} heaps is too large to search (sums of Moore games need a search; a single game is solved by Moore's theorem)",
                c.len()
            )));
        }
        c.iter()
            .map(|n| {
                u64::try_from(n)
                    .ok()
                    .filter(|&v| v <= 1 << 16)
                    .ok_or_else(|| {
                        Error::unsupported(format!(
                            "heap {n} is too large to search (sums of Moore games need a search)"
                        ))
                    })
            })
            .collect()
    }
    fn to_numbers(&self, p: &Vec<u64>) -> Numbers {
        p.iter().map(|&v| v.into()).collect()
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        let count = move_count(c, self.rules.k);
        Some(if count == u128::MAX {
            // The count saturated: there are at least that many moves.
            MoveList::TooMany(MoveCount::MoreThan((count - 1).into()))
        } else {
            MoveList::bounded(count, max, || enumerate_moves(c, self.rules.k, &|_| true))
        })
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        let takes: Vec<String> = (0..before.len())
            .filter(|&i| after.get(i) < before.get(i))
            .map(|i| format!("{} from heap {}", &before[i] - &after[i], i + 1))
            .collect();
        let text = match takes.as_slice() {
            [] => return default_label(self.shape(), at, before, after),
            [one] => one.clone(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
        };
        format!("{}take {text}", at.prefix())
    }
    fn theorem_name(&self) -> Option<String> {
        Some(format!(
            "Moore: P-position iff every bit is set in a multiple of {} heaps",
            self.rules.k + 1
        ))
    }
    fn grundy_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        // k = 1 is Nim; the empty game has value 0.
        (self.rules.k == 1 || c.iter().all(|h| h == &BigUint::ZERO))
            .then(|| c.iter().fold(BigUint::ZERO, |a, b| a ^ b))
    }
    fn outcome_theorem(&self, c: &[BigUint]) -> Option<Outcome> {
        Some(Outcome::from_grundy_is_zero(is_p_position(c, self.rules.k)))
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        // Only k = 1 (Nim) has values in closed form.
        if self.rules.k != 1 {
            return None;
        }
        let x = c.iter().fold(BigUint::ZERO, |a, b| a ^ b);
        let mut out = Vec::new();
        for i in 0..c.len() {
            let want = &c[i] ^ &x ^ target;
            if want < c[i] {
                let mut d = c.to_vec();
                d[i] = want;
                out.push(d);
            }
        }
        Some(out)
    }
    fn winning_moves_theorem(&self, c: &[BigUint]) -> Option<Vec<Numbers>> {
        self.winning(c, false)
    }
    fn misere_theorem(&self, comps: &[Numbers]) -> Option<MisereVerdict> {
        if comps.len() != 1 {
            return None;
        }
        let c = &comps[0];
        let lose = is_misere_p_position(c, self.rules.k);
        let moves = self.winning(c, true)?;
        Some(MisereVerdict {
            outcome: if lose { Outcome::Second } else { Outcome::First },
            winning_moves: moves.into_iter().map(|m| (0, m)).collect(),
            theorem: format!(
                "Moore's misère Nim_k: as in normal play while a heap exceeds 1; with heaps of at most 1 the mover loses iff the number of 1s is 1 mod {}",
                self.rules.k + 1
            ),
        })
    }
    fn moves_note(&self, comps: &[Numbers], misere: bool) -> Option<String> {
        let _ = misere;
        (comps.len() == 1
            && !is_p_position(&comps[0], self.rules.k)
            && move_count(&comps[0], self.rules.k) > ENUMERATE_MOVES)
            .then(|| {
                format!(
                    "the position has more than {ENUMERATE_MOVES} moves: one winning move is listed (Moore's constructive move), not all of them"
                )
            })
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    let p = params.ok_or_else(|| {
        Error::bad_params(
            "moore-nim",
            "give the most heaps a move may touch, e.g. `moore-nim:2`",
        )
    })?;
    let k: usize = p
        .trim()
        .parse()
        .ok()
        .filter(|&k| (1..=1_000_000).contains(&k))
        .ok_or_else(|| {
            Error::bad_params(
                "moore-nim",
                format!("`{p}` is not a number of heaps between 1 and 1000000"),
            )
        })?;
    Ok(Box::new(NumberGameAdapter(Moore::new(k))))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    Ok(theorem_against_search(&Moore::new(2))? + theorem_against_search(&Moore::new(3))?)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "moore-nim",
        aliases: &["moore"],
        usage: "moore-nim:K HEAP HEAP ... [+ ...]",
        summary: "Moore's Nim_k: take stones from each of up to K heaps",
        rules: "Heaps of stones (one component is the whole list of heaps). A move takes a positive number of stones from each of between 1 and K heaps. Normal play: whoever cannot move loses; misère play (--misere): whoever cannot move wins.",
        theorem: "Moore (1910): a position is a P-position iff, for every bit position, the number of heaps with that bit set is divisible by K+1 (K = 1 is Nim). A winning move is built bit by bit from the top; every winning move is listed when the position has at most 200000 moves. Misère: the same while some heap exceeds 1; when every heap is at most 1, the player to move loses iff the number of 1-heaps is ≡ 1 (mod K+1) — verified against exact misère search. Grundy values have no known closed form; sums of several Moore games are searched.",
        references: "E. H. Moore, A generalization of the game called Nim, Annals of Mathematics 11 (1910) 93–94; E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, 2nd ed., vol. 3, ch. 15.",
        examples: const {
            &[
                Example::normal("moore-nim:2", "3 5 6 7"),
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
    use crate::impartial::Impartial;
    use crate::impartial::{GrundySolver, MisereSolver};
    use crate::limits::Limits;
    use crate::number::Numbers;

    #[test]
    fn option_count_matches_the_options() {
        for k in 1..4 {
            let r = super::MooreRules { k };
            for h in [vec![3, 0, 2], vec![1, 2, 3, 4], vec![5], vec![0, 0]] {
                let mut out = Vec::new();
                r.options(&h, &mut out);
                assert_eq!(r.option_count(&h), Some(out.len() as u64), "{k} {h:?}");
            }
        }
    }

    fn positions(n: usize, max: u64) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for _ in 0..n {
            all = all
                .iter()
                .flat_map(|l: &Vec<u64>| {
                    (0..=max).map(move |v| {
                        let mut m = l.clone();
                        m.push(v);
                        m
                    })
                })
                .collect();
        }
        all
    }

    fn big(p: &[u64]) -> Numbers {
        p.iter().map(|&v| v.into()).collect()
    }

    #[test]
    fn normal_theorem_and_every_winning_move_agree_with_rules() {
        for k in 1..=3usize {
            let g = Moore::new(k);
            let mut s = GrundySolver::new(g.rules);
            for (n, max) in [(1, 6), (2, 5), (3, 4), (4, 3)] {
                for p in positions(n, max) {
                    let b = big(&p);
                    let lose = s.outcome(&p).unwrap() == Outcome::Second;
                    assert_eq!(is_p_position(&b, k), lose, "k={k} {p:?}");
                    let mut expect: Vec<Numbers> = s
                        .winning_moves(&p)
                        .unwrap()
                        .iter()
                        .map(|x| big(x))
                        .collect();
                    let mut got = g.winning_moves_theorem(&b).unwrap();
                    expect.sort();
                    got.sort();
                    assert_eq!(got, expect, "k={k} {p:?}");
                    match constructive_move(&b, k) {
                        None => assert!(lose, "k={k} {p:?}"),
                        Some(m) => assert!(expect.contains(&m), "k={k} {p:?} -> {m:?}"),
                    }
                    if k == 1 {
                        let v = s.grundy(&p).unwrap().value();
                        assert_eq!(g.grundy_theorem(&b).unwrap(), BigUint::from(v));
                    }
                    assert_eq!(move_count(&b, k), {
                        let mut o = Vec::new();
                        g.rules.options(&p, &mut o);
                        o.len() as u128
                    });
                }
            }
        }
    }

    #[test]
    fn misere_theorem_agrees_with_exact_search() {
        for k in 1..=3usize {
            let g = Moore::new(k);
            let mut s = MisereSolver::new(g.rules, Limits::default());
            for (n, max) in [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1)] {
                for p in positions(n, max) {
                    let b = big(&p);
                    let v = g.misere_theorem(std::slice::from_ref(&b)).unwrap();
                    let wins = s.first_player_wins(std::slice::from_ref(&p)).unwrap();
                    assert_eq!(v.outcome == Outcome::First, wins, "k={k} {p:?}");
                    let mut expect: Vec<Numbers> = s
                        .winning_moves(std::slice::from_ref(&p))
                        .unwrap()
                        .iter()
                        .map(|(_, x)| big(x))
                        .collect();
                    let mut got: Vec<Numbers> =
                        v.winning_moves.into_iter().map(|(_, m)| m).collect();
                    expect.sort();
                    expect.dedup();
                    got.sort();
                    assert_eq!(got, expect, "k={k} {p:?}");
                }
            }
        }
    }

    #[test]
    fn huge_positions_get_a_constructive_move_and_a_note() {
        let g = crate::interface::testing::game_of(&[entry()], "moore-nim:2").unwrap();
        let words: Vec<String> =
            "123456789012345678901234567890 98765432109876543210 5555555555555 7"
                .split(' ')
                .map(String::from)
                .collect();
        let v = g.solve(&words, &Default::default()).unwrap();
        assert_eq!(v.outcome, crate::interface::Winner::First);
        assert!(!v.complete && v.note.as_deref().unwrap().contains("one winning move"));
        let m = v.winning_positions()[0];
        let after: Numbers = m.split(' ').map(|x| x.parse().unwrap()).collect();
        assert!(is_p_position(&after, 2));
        let changed = after
            .iter()
            .zip(&words)
            .filter(|(a, w)| a.to_string() != **w)
            .count();
        assert!((1..=2).contains(&changed));
        assert!(crate::interface::testing::game_of(&[entry()], "moore-nim:0").is_err());
        assert!(crate::interface::testing::game_of(&[entry()], "moore-nim").is_err());
    }
}
