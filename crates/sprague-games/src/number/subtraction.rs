//! Subtraction games: heaps; a move takes s stones from one heap, with s in a set S
//! (`subtraction:1,3,4`) or s ≥ 1 not in S (`subtraction:allbut:2,3,7`).
//!
//! Finite S with largest element t: g(n) depends only on the t values before it, so once a
//! window of t consecutive values recurs, the sequence is periodic from the first occurrence
//! on (pigeonhole on the window). The first recurring window gives the *least* preperiod P
//! and period Q: if the tail has least period q from p on, the window at p + q repeats the
//! one at p, and every period of the tail is a multiple of q, so no repetition can come
//! earlier. Those values then answer heaps of any length (n mod Q).
//!
//! Squares (`subtraction:squares`, LeetCode 1510 "Stone Game IV"): a move takes a positive
//! perfect square. The set is infinite, so neither argument above applies and no theorem
//! is known: the engine searches the rules, and `--period` is refused.
//!
//! All-but S: every earlier value counts except those at distance s ∈ S, so
//! g(n) = the least v whose count among g(0..n) minus its count among {g(n − s) : s ∈ S}
//! is 0 — O(|S|) per value with a count per value. The values are arithmetic-periodic
//! (A. Siegel), but this module claims no period: it computes values exactly up to a limit
//! and refuses larger heaps with a clear error.

use super::adapter::check::theorem_against_search;
use super::adapter::NumberGameAdapter;
use super::moves::take_label;
use super::{MoveAt, MoveList, NumberGame, Numbers, Shape};
use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::interface::{Editor, Entry, Example, Game, Picture, Players, Solution};
use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use std::sync::Mutex;

/// The most values searched for the period of a finite subtraction set.
pub const MAX_PERIOD_SEARCH: usize = 2_000_000;
/// The largest element accepted in a finite subtraction set.
pub const MAX_SUBTRACTION: u64 = 100_000;
/// The largest heap of an all-but game whose value is computed.
pub const ALLBUT_LIMIT: u64 = 10_000_000;

/// The largest heap of the squares game that the engine searches (a heap n has about √n
/// options, so its search costs about n^1.5 options).
pub const SQUARES_LIMIT: u64 = 1_000_000;

/// The rules: the set, and whether it lists the allowed or the forbidden takes, or the
/// takes are the perfect squares.
#[derive(Debug, Clone)]
pub struct SubtractionRules {
    /// Sorted, distinct, positive (empty for the squares).
    pub set: Vec<u64>,
    /// `true`: s ≥ 1 not in `set` may be taken.
    pub allbut: bool,
    /// `true`: the takes are the positive perfect squares 1, 4, 9, …
    pub squares: bool,
}

/// ⌊√n⌋ for a machine word.
fn isqrt(n: u64) -> u64 {
    let mut r = (n as f64).sqrt() as u64;
    // The float is only a first guess: corrected to the exact integer square root.
    while r.checked_mul(r).is_none_or(|sq| sq > n) {
        r -= 1;
    }
    while (r + 1).checked_mul(r + 1).is_some_and(|sq| sq <= n) {
        r += 1;
    }
    r
}

impl Impartial for SubtractionRules {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        if self.squares {
            out.extend((1..=isqrt(n)).map(|k| n - k * k));
        } else if self.allbut {
            out.extend(
                (1..=n)
                    .filter(|s| self.set.binary_search(s).is_err())
                    .map(|s| n - s),
            );
        } else {
            out.extend(self.set.iter().filter(|&&s| s <= n).map(|&s| n - s));
        }
    }
    fn option_count(&self, &n: &u64) -> Option<u64> {
        if self.squares {
            return Some(isqrt(n));
        }
        let in_set = self.set.iter().filter(|&&s| (1..=n).contains(&s)).count() as u64;
        Some(if self.allbut { n - in_set } else { in_set })
    }
    fn has_moves(&self, &n: &u64) -> bool {
        if self.squares {
            n >= 1
        } else if self.allbut {
            // Some s in 1..=n is outside the finite set: one of the first |set| + 1 is.
            (1..=n)
                .take(self.set.len() + 1)
                .any(|s| self.set.binary_search(&s).is_err())
        } else {
            self.set.iter().any(|&s| s <= n)
        }
    }
}

/// The values of a finite subtraction game up to their proven period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Periodic {
    /// g(0), …, g(P + Q − 1).
    pub values: Vec<u32>,
    /// Least preperiod P.
    pub preperiod: usize,
    /// Least period Q.
    pub period: usize,
}

impl Periodic {
    /// g(n) for a heap of any length.
    pub fn value(&self, n: &BigUint) -> u32 {
        match usize::try_from(n) {
            Ok(i) if i < self.values.len() => self.values[i],
            _ => {
                let r = (n - self.preperiod) % self.period;
                let r = usize::try_from(&r).expect("below the period");
                self.values[self.preperiod + r]
            }
        }
    }
}

/// Computes values of the finite subtraction game `set` until a window of `max(set)` values
/// recurs; when none recurs within `max_values` values, `Err` holds the values computed.
pub fn find_period(set: &[u64], max_values: usize) -> Result<Periodic, Vec<u32>> {
    let Some(&t) = set.iter().max() else {
        return Err(Vec::new());
    };
    let t = t as usize;
    let mut g: Vec<u32> = Vec::new();
    // seen[v] == stamp marks v as taken by an option of the heap being computed.
    let mut seen = vec![0u32; set.len() + 2];
    let mut stamp = 0u32;
    let mut push_next = |g: &mut Vec<u32>| {
        let n = g.len();
        stamp = stamp.wrapping_add(1);
        if stamp == 0 {
            seen.iter_mut().for_each(|x| *x = 0);
            stamp = 1;
        }
        for &s in set {
            if s as usize <= n {
                seen[g[n - s as usize] as usize] = stamp;
            }
        }
        let v = seen.iter().position(|&x| x != stamp).expect("mex ≤ |S|");
        g.push(v as u32);
    };
    for _ in 0..t {
        push_next(&mut g);
    }
    // Polynomial hash of the window g[i..i + t], rolled along. Windows are kept by hash with
    // their first start; a (very unlikely) collision between different windows goes to a
    // side list, so the first recurrence is never missed.
    const B: u64 = 0x9E37_79B9_7F4A_7C15;
    let top = (1..t).fold(1u64, |a, _| a.wrapping_mul(B)); // B^(t−1)
    let mut h = g
        .iter()
        .fold(0u64, |a, &v| a.wrapping_mul(B).wrapping_add(v as u64 + 1));
    let mut windows: FxHashMap<u64, u32> = FxHashMap::default();
    let mut collided: Vec<(u64, u32)> = Vec::new();
    for i in 0..max_values {
        let same = |j: u32| g[j as usize..j as usize + t] == g[i..i + t];
        let found = match windows.get(&h) {
            Some(&j) if same(j) => Some(j),
            Some(_) => collided
                .iter()
                .find(|&&(hh, j)| hh == h && same(j))
                .map(|&(_, j)| j),
            None => None,
        };
        if let Some(j) = found {
            let j = j as usize;
            g.truncate(i);
            return Ok(Periodic {
                values: g,
                preperiod: j,
                period: i - j,
            });
        }
        match windows.entry(h) {
            std::collections::hash_map::Entry::Occupied(_) => collided.push((h, i as u32)),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(i as u32);
            }
        }
        push_next(&mut g);
        h = h
            .wrapping_sub((g[i] as u64 + 1).wrapping_mul(top))
            .wrapping_mul(B)
            .wrapping_add(g[i + t] as u64 + 1);
    }
    Err(g)
}

/// Incremental exact values of an all-but game.
#[derive(Debug, Default)]
struct AllButValues {
    values: Vec<u32>,
    /// count[v] = how many computed heaps have value v.
    count: Vec<u32>,
    /// Heaps of each value, in increasing order.
    at: Vec<Vec<u64>>,
    /// The least value not yet taken by any heap.
    mex_all: u32,
    scratch: Vec<u32>,
}

impl AllButValues {
    fn extend_to(&mut self, excluded: &[u64], upto: u64) {
        while (self.values.len() as u64) <= upto {
            let n = self.values.len() as u64;
            self.scratch.clear();
            for &s in excluded {
                if s > n {
                    break;
                }
                self.scratch.push(self.values[(n - s) as usize]);
            }
            self.scratch.sort_unstable();
            // Values whose every occurrence so far is at a forbidden distance.
            let mut v = self.mex_all;
            let mut k = 0;
            while k < self.scratch.len() {
                let x = self.scratch[k];
                let mut e = k;
                while e < self.scratch.len() && self.scratch[e] == x {
                    e += 1;
                }
                if self.count[x as usize] as usize == e - k && x < v {
                    v = x;
                    break; // sorted: the first such value is the least
                }
                k = e;
            }
            if v as usize >= self.count.len() {
                self.count.resize(v as usize + 1, 0);
                self.at.resize(v as usize + 1, Vec::new());
            }
            self.count[v as usize] += 1;
            self.at[v as usize].push(n);
            while (self.mex_all as usize) < self.count.len()
                && self.count[self.mex_all as usize] > 0
            {
                self.mex_all += 1;
            }
            self.values.push(v);
        }
    }
}

/// A subtraction game in the catalogue.
#[derive(Debug)]
pub struct Subtraction {
    rules: SubtractionRules,
    /// Finite sets: the proven period (None when not found within the search limit).
    periodic: Option<Periodic>,
    /// Finite sets without a period found: the exact values g(0..) computed in the search.
    prefix: Vec<u32>,
    /// All-but sets: values computed so far.
    allbut: Mutex<AllButValues>,
}

impl Subtraction {
    /// The game for `subtraction:PARAMS`.
    pub fn parse(params: &str) -> Result<Self> {
        let bad = |r: String| Error::bad_params("subtraction", r);
        if params.trim() == "squares" {
            return Ok(Self::squares());
        }
        let (allbut, list) = match params.trim().strip_prefix("allbut:") {
            Some(rest) => (true, rest),
            None if params.trim() == "allbut" => (true, ""),
            None => (false, params.trim()),
        };
        let mut set = Vec::new();
        for tok in list.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            let s: u64 = tok.parse().map_err(|_| {
                bad(format!("`{tok}` is not a positive integer (write the set as `subtraction:1,3,4` or `subtraction:allbut:2,3`)"))
            })?;
            if s == 0 {
                return Err(bad(
                    "0 cannot be in the set: a move takes at least one stone".into(),
                ));
            }
            if s > MAX_SUBTRACTION {
                return Err(bad(format!(
                    "`{s}` is larger than the {MAX_SUBTRACTION} this toolkit accepts in a subtraction set"
                )));
            }
            set.push(s);
        }
        set.sort_unstable();
        set.dedup();
        if set.is_empty() && !allbut {
            return Err(bad(
                "the subtraction set is empty; write it as `subtraction:1,3,4`".into(),
            ));
        }
        Ok(Self::new(set, allbut))
    }

    /// The game with a sorted, distinct, positive set.
    pub fn new(set: Vec<u64>, allbut: bool) -> Self {
        let (periodic, prefix) = if allbut {
            (None, Vec::new())
        } else {
            match find_period(&set, MAX_PERIOD_SEARCH) {
                Ok(p) => (Some(p), Vec::new()),
                Err(prefix) => (None, prefix),
            }
        };
        Subtraction {
            rules: SubtractionRules {
                set,
                allbut,
                squares: false,
            },
            periodic,
            prefix,
            allbut: Mutex::new(AllButValues::default()),
        }
    }

    /// The game whose takes are the positive perfect squares.
    pub fn squares() -> Self {
        Subtraction {
            rules: SubtractionRules {
                set: Vec::new(),
                allbut: false,
                squares: true,
            },
            periodic: None,
            prefix: Vec::new(),
            allbut: Mutex::new(AllButValues::default()),
        }
    }

    /// The proven period of a finite set.
    pub fn periodic(&self) -> Option<&Periodic> {
        self.periodic.as_ref()
    }

    /// The value of heap `n` of an all-but game, for `n ≤ ALLBUT_LIMIT`.
    fn allbut_value(&self, n: u64) -> u32 {
        let mut v = self.allbut.lock().unwrap_or_else(|e| e.into_inner());
        v.extend_to(&self.rules.set, n);
        v.values[n as usize]
    }

    fn value(&self, n: &BigUint) -> Option<u32> {
        if self.rules.squares {
            None // no theorem: the engine searches
        } else if self.rules.allbut {
            let n = u64::try_from(n).ok().filter(|&n| n <= ALLBUT_LIMIT)?;
            Some(self.allbut_value(n))
        } else {
            match &self.periodic {
                Some(p) => Some(p.value(n)),
                None => usize::try_from(n)
                    .ok()
                    .and_then(|i| self.prefix.get(i).copied()),
            }
        }
    }

    fn set_text(&self) -> String {
        self.rules
            .set
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl NumberGame for Subtraction {
    type Rules = SubtractionRules;
    fn spec(&self) -> String {
        if self.rules.squares {
            "subtraction:squares".into()
        } else if self.rules.allbut {
            format!("subtraction:allbut:{}", self.set_text())
        } else {
            format!("subtraction:{}", self.set_text())
        }
    }
    fn shape(&self) -> Shape {
        Shape::Heaps
    }
    fn rules(&self) -> &SubtractionRules {
        &self.rules
    }
    fn to_position(&self, c: &[BigUint]) -> Result<u64> {
        if self.rules.squares {
            return u64::try_from(&c[0])
                .ok()
                .filter(|&n| n <= SQUARES_LIMIT)
                .ok_or_else(|| {
                    Error::unsupported(format!(
                        "heap {} of subtraction:squares is too large to search: no theorem is known for the squares, and heaps up to {SQUARES_LIMIT} are searched",
                        c[0]
                    ))
                });
        }
        let limit = if self.rules.allbut {
            ALLBUT_LIMIT
        } else {
            1 << 32
        };
        u64::try_from(&c[0]).ok().filter(|&n| n <= limit).ok_or_else(|| {
            Error::unsupported(if self.rules.allbut {
                format!("heap {} is larger than the {ALLBUT_LIMIT} up to which values of all-but subtraction games are computed (their arithmetic period is not proven here)", c[0])
            } else {
                format!("heap {} is too large to search and no period was proven for this set", c[0])
            })
        })
    }
    fn to_numbers(&self, &p: &u64) -> Numbers {
        vec![p.into()]
    }
    fn list_moves(&self, c: &[BigUint], max: usize) -> Option<MoveList> {
        let n = &c[0];
        if self.rules.squares {
            // One take per square k² ≤ n, the largest first (as the engine lists them).
            let roots = n.sqrt();
            return Some(MoveList::bounded(roots.clone(), max, || {
                let r = u64::try_from(&roots).unwrap_or(0);
                (1..=r).map(|k| vec![n - BigUint::from(k * k)]).collect()
            }));
        }
        let set = &self.rules.set;
        // The set is sorted: the takes that fit the heap are a prefix of it.
        let fit = set.partition_point(|&s| BigUint::from(s) <= *n);
        Some(if self.rules.allbut {
            // Every take 1..=n except the `fit` forbidden ones.
            MoveList::bounded(n - fit, max, || {
                let n = u64::try_from(n).unwrap_or(0);
                (1..=n)
                    .filter(|s| set.binary_search(s).is_err())
                    .map(|s| vec![BigUint::from(n - s)])
                    .collect()
            })
        } else {
            MoveList::bounded(fit, max, || {
                set[..fit].iter().map(|&s| vec![n - s]).collect()
            })
        })
    }
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        take_label(at, before, after)
    }
    fn theorem_name(&self) -> Option<String> {
        if self.rules.squares {
            return None;
        }
        Some(if self.rules.allbut {
            "exact values by counting: g(n) = least v not taken by a heap m < n with n − m ∉ S"
                .into()
        } else {
            match &self.periodic {
                Some(p) => format!(
                    "values periodic with preperiod {} and period {} (proven: a window of {} values recurs)",
                    p.preperiod,
                    p.period,
                    self.rules.set.last().copied().unwrap_or(0)
                ),
                None => format!(
                    "no period found among the first {} values; they are exact, larger heaps are searched",
                    self.prefix.len()
                ),
            }
        })
    }
    fn grundy_theorem(&self, c: &[BigUint]) -> Option<BigUint> {
        self.value(&c[0]).map(BigUint::from)
    }
    fn moves_to_value_theorem(&self, c: &[BigUint], target: &BigUint) -> Option<Vec<Numbers>> {
        let n = &c[0];
        if self.rules.squares {
            None
        } else if self.rules.allbut {
            let nn = u64::try_from(n).ok().filter(|&n| n <= ALLBUT_LIMIT)?;
            let Ok(t) = u32::try_from(target) else {
                return Some(vec![]);
            };
            self.allbut_value(nn);
            let v = self.allbut.lock().unwrap_or_else(|e| e.into_inner());
            let mut out = Vec::new();
            if let Some(heaps) = v.at.get(t as usize) {
                for &m in heaps.iter().rev() {
                    if m < nn && self.rules.set.binary_search(&(nn - m)).is_err() {
                        out.push(vec![BigUint::from(m)]);
                    }
                }
            }
            Some(out)
        } else {
            self.value(n)?;
            let mut out = Vec::new();
            for &s in &self.rules.set {
                if n >= &BigUint::from(s) {
                    let m = n - s;
                    if self.value(&m).map(BigUint::from).as_ref() == Some(target) {
                        out.push(vec![m]);
                    }
                }
            }
            Some(out)
        }
    }
    fn period_refused(&self) -> Option<String> {
        self.rules.squares.then(|| {
            "the squares are an infinite subtraction set: no periodicity theorem applies to it, so no period can be proven (`--period` is refused)".into()
        })
    }
    fn proven_period(&self) -> Option<(u64, u64)> {
        self.periodic
            .as_ref()
            .map(|p| (p.preperiod as u64, p.period as u64))
    }
}

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    let p = params.ok_or_else(|| {
        Error::bad_params(
            "subtraction",
            "give the set, e.g. `subtraction:1,3,4` or `subtraction:allbut:2,3,7`",
        )
    })?;
    Ok(Box::new(NumberGameAdapter(Subtraction::parse(p)?)))
}

/// The theorem against the engine's search of the rules on every small position (the
/// entry's [`Solution::Theorem`]).
fn check_theorem() -> std::result::Result<u64, String> {
    let mut compared = 0;
    for set in ["1,3,4", "2,5,6", "1,2,4,8", "allbut:2,3", "allbut:1"] {
        let game = Subtraction::parse(set).map_err(|e| e.to_string())?;
        compared += theorem_against_search(&game)?;
    }
    Ok(compared)
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "subtraction",
        aliases: &["sub"],
        usage: "subtraction:S HEAP...  (S = 1,3,4, allbut:2,3,7 or squares)",
        summary: "Subtraction games: take s stones, s in a set (or s not in a set)",
        rules: "Heaps of stones. A move takes s stones from one heap, where s belongs to the finite set S (`subtraction:1,3,4`), or, for `subtraction:allbut:S`, where s is any positive number not in S, or, for `subtraction:squares`, where s is a positive perfect square (1, 4, 9, 16, …). Normal play: whoever cannot move loses.",
        theorem: "Finite S with largest element t: g(n) is the mex of g(n − s), so it depends only on the t values before it; once a window of t consecutive values recurs, the values are periodic from its first occurrence (pigeonhole). The first recurrence gives the least preperiod and period, which `sprague table --period` reports and which answer heaps of any length (n mod period). All-but S: g(n) is the least value not taken by a heap m < n with n − m ∉ S, computed exactly with one count per value (O(|S|) per heap) up to heap 10^7; these values are known to be arithmetic-periodic (Siegel), which is not used here. The squares: no theorem is known; the engine searches heaps up to 10^6, and `--period` is refused since the set is infinite.",
        references: "E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, 2nd ed., vol. 1, ch. 4 (subtraction games, periodicity); A. N. Siegel, Finite excluded subtraction sets and Kayles-like games, MSRI Publ. 56 (Games of No Chance 3), 2009, and Combinatorial Game Theory (AMS 2013), ch. IV; LeetCode 1510, Stone Game IV (the squares).",
        examples: const {
            &[
                Example::normal("subtraction:1,3,4", "10 7"),
                Example::normal("subtraction:1,3,4", "9 4"),
                Example::normal("subtraction:allbut:2,3", "9"),
                Example::normal("subtraction:squares", "7 15"),
            ]
        },
        editor: Editor::Heaps,
        players: Players::Impartial,
        pictures: &[Picture::Grundy],
        solution: Solution::Theorem { check: check_theorem },
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundySolver;
    use crate::interface::TableOptions;
    use crate::value::Nimber;

    #[test]
    fn option_count_and_has_moves_match_the_options() {
        for (allbut, squares) in [(false, false), (true, false), (false, true)] {
            let r = SubtractionRules {
                set: if squares { vec![] } else { vec![1, 3, 4] },
                allbut,
                squares,
            };
            for n in 0..12 {
                let mut out = Vec::new();
                r.options(&n, &mut out);
                assert_eq!(r.option_count(&n), Some(out.len() as u64), "{allbut} {n}");
                assert_eq!(r.has_moves(&n), !out.is_empty(), "{allbut} {n}");
            }
        }
    }

    fn check_against_rules(g: &Subtraction, upto: u64) {
        let mut s = GrundySolver::new(g.rules.clone());
        for n in 0..=upto {
            let v = s.grundy(&n).unwrap().value();
            assert_eq!(
                g.grundy_theorem(&[n.into()]).unwrap(),
                BigUint::from(v),
                "{} n={n}",
                g.spec()
            );
            for t in 0..4u64 {
                let mut expect: Vec<Numbers> = s
                    .moves_to_value(&n, Nimber(t))
                    .unwrap()
                    .into_iter()
                    .map(|p| vec![p.into()])
                    .collect();
                let mut got = g.moves_to_value_theorem(&[n.into()], &t.into()).unwrap();
                expect.sort();
                got.sort();
                assert_eq!(got, expect, "{} n={n} target={t}", g.spec());
            }
        }
    }

    #[test]
    fn one_three_four_has_period_seven() {
        let g = Subtraction::parse("1,3,4").unwrap();
        let p = g.periodic().unwrap();
        assert_eq!((p.preperiod, p.period), (0, 7));
        assert_eq!(p.values, vec![0, 1, 0, 1, 2, 3, 2]);
        check_against_rules(&g, 300);
        let huge: BigUint = "70000000000000000000000000000000000000000".parse().unwrap();
        assert_eq!(
            g.grundy_theorem(std::slice::from_ref(&huge)).unwrap(),
            BigUint::ZERO
        );
        let h1 = &huge + 1u32;
        let w = g
            .moves_to_value_theorem(std::slice::from_ref(&h1), &BigUint::ZERO)
            .unwrap();
        assert_eq!(w, vec![vec![huge]]);
    }

    #[test]
    fn a_search_cut_short_keeps_exact_values() {
        let err = find_period(&[1, 3, 4], 3).unwrap_err();
        assert_eq!(err, vec![0, 1, 0, 1, 2, 3, 2]);
        assert!(find_period(&[1, 3, 4], 8).is_ok());
    }

    #[test]
    fn finite_sets_agree_with_rules_beyond_the_period() {
        let sets: &[&[u64]] = &[
            &[1],
            &[2],
            &[1, 2],
            &[2, 3],
            &[3, 5],
            &[1, 4],
            &[2, 5, 7],
            &[1, 2, 6],
            &[3, 4, 9],
            &[2, 3, 7, 11],
            &[5, 6, 13],
        ];
        for set in sets {
            let g = Subtraction::new(set.to_vec(), false);
            let p = g.periodic().unwrap().clone();
            check_against_rules(&g, (2 * (p.preperiod + p.period) + 60) as u64);
            // The least preperiod and period really are least.
            let vals: Vec<u32> = (0..(p.preperiod + 3 * p.period + 50) as u64)
                .map(|n| p.value(&n.into()))
                .collect();
            for q in 1..p.period {
                assert!(
                    (p.preperiod..vals.len() - q).any(|n| vals[n] != vals[n + q]),
                    "{set:?}: period {q} also works"
                );
            }
            if p.preperiod > 0 {
                let n = p.preperiod - 1;
                assert_ne!(vals[n], vals[n + p.period], "{set:?}: preperiod not least");
            }
        }
    }

    #[test]
    fn allbut_agrees_with_rules() {
        let sets: &[&[u64]] = &[&[], &[1], &[2, 3, 7], &[1, 2], &[3, 5, 6], &[2, 4, 8, 9]];
        for set in sets {
            let g = Subtraction::new(set.to_vec(), true);
            check_against_rules(&g, 160);
        }
        // Nim when nothing is excluded.
        let nim = Subtraction::new(vec![], true);
        assert_eq!(
            nim.grundy_theorem(&[12345u32.into()]).unwrap(),
            12345u32.into()
        );
    }

    #[test]
    fn table_reports_the_period_and_limits_are_clear() {
        let g = crate::interface::testing::game_of(&[entry()], "subtraction:1,3,4").unwrap();
        let r = g
            .table(&TableOptions {
                upto: 10,
                period: true,
                ..Default::default()
            })
            .unwrap();
        let p = r.period.clone().unwrap();
        assert_eq!((p.preperiod.as_str(), p.period.as_str()), ("0", "7"));
        assert_eq!(r.row(8).value, Some(crate::interface::Cell::Number(1)));
        let ab =
            crate::interface::testing::game_of(&[entry()], "subtraction:allbut:2,3,7").unwrap();
        let err = ab
            .solve(&["100000000000000000000".into()], &Default::default())
            .unwrap_err();
        assert!(err.to_string().contains("100000000000000000000"), "{err}");
        for bad in [
            "subtraction",
            "subtraction:",
            "subtraction:0,1",
            "subtraction:a",
            "subtraction:1,,x",
        ] {
            assert!(
                crate::interface::testing::game_of(&[entry()], bad).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn squares_are_searched_and_refuse_a_period() {
        // LeetCode 1510: the player to move loses at n = 0, 2, 5, 7, 10, 12, 15, 17, 20, 22.
        let game = crate::interface::testing::game_of(&[entry()], "subtraction:squares").unwrap();
        let lost: Vec<u64> = (0..=22)
            .filter(|n| {
                let v = game.solve(&[n.to_string()], &Default::default()).unwrap();
                v.outcome == crate::interface::Winner::Second
            })
            .collect();
        assert_eq!(lost, [0, 2, 5, 7, 10, 12, 15, 17, 20, 22]);
        let v = game
            .solve(&["7".into(), "15".into()], &Default::default())
            .unwrap();
        assert_eq!(v.method.kind, crate::interface::MethodKind::Engine);
        let table = |period| {
            game.table(&crate::interface::TableOptions {
                upto: 30,
                period,
                ..Default::default()
            })
        };
        assert_eq!(table(false).unwrap().count(), 31);
        let err = table(true).unwrap_err().to_string();
        assert!(
            err.contains("infinite") && err.contains("--period"),
            "{err}"
        );
        assert_eq!(isqrt(u64::MAX), u64::from(u32::MAX));
        assert!(Subtraction::parse("square").is_err());
    }
}
