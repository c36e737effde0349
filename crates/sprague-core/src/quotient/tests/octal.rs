//! A small octal-code move generator of the tests' own, independent of `game::rule_options`,
//! and an exhaustive misère search over sorted multisets of heaps.

use crate::quotient::{HeapGame, HeapOptions, SplitRule};
use std::collections::HashMap;

/// An octal (or hexadecimal) game from its code: `0.75`, `4.07`, `0.137`, `0.F`.
#[derive(Debug, Clone)]
pub(crate) struct Octal {
    pub(crate) digits: Vec<u8>,
}

impl Octal {
    pub(crate) fn new(code: &str) -> Octal {
        let (d0, rest) = code.split_once('.').expect("a code has a point");
        let mut digits = vec![d0.parse::<u8>().unwrap()];
        digits.extend(rest.chars().map(|c| c.to_digit(16).unwrap() as u8));
        Octal { digits }
    }
}

impl HeapGame for Octal {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            let r = n - k;
            if d & 1 != 0 && r == 0 {
                out.push(&[]);
            }
            if d & 2 != 0 && r >= 1 && k >= 1 {
                out.push(&[r]);
            }
            if d & 4 != 0 && r >= 2 {
                for a in 1..=r / 2 {
                    out.push(&[a, r - a]);
                }
            }
            if d & 8 != 0 && r >= 3 {
                for a in 1..=r / 3 {
                    for b in a..=(r - a) / 2 {
                        out.push(&[a, b, r - a - b]);
                    }
                }
            }
        }
    }

    fn rules(&self) -> Option<Vec<SplitRule>> {
        let mut rules = Vec::new();
        for (k, &d) in self.digits.iter().enumerate() {
            for (bit, parts) in [(1, 0), (2, 1), (4, 2), (8, 3)] {
                if d & bit != 0 && !(k == 0 && parts < 2) {
                    rules.push(SplitRule {
                        take: k as u64,
                        parts,
                    });
                }
            }
        }
        Some(rules)
    }
}

/// Nim: a heap of `n` moves to any smaller heap. No take-and-break rules (it takes any
/// number), so its quotients stay bounded.
pub(crate) struct Nim;

impl HeapGame for Nim {
    fn options(&self, n: u64, out: &mut HeapOptions) {
        for m in 0..n {
            out.push(&[m]);
        }
    }
}

/// Misère outcomes of sums by exhaustive search, memoised over sorted multisets (heaps
/// without moves dropped).
pub(crate) struct Search<'g, G: HeapGame> {
    game: &'g G,
    memo: HashMap<Vec<u64>, bool>,
    options: HashMap<u64, Vec<Vec<u64>>>,
}

impl<'g, G: HeapGame> Search<'g, G> {
    pub(crate) fn new(game: &'g G) -> Self {
        Search {
            game,
            memo: HashMap::new(),
            options: HashMap::new(),
        }
    }

    fn options_of(&mut self, h: u64) -> Vec<Vec<u64>> {
        let game = self.game;
        self.options
            .entry(h)
            .or_insert_with(|| {
                let mut o = HeapOptions::new();
                game.options(h, &mut o);
                o.iter().map(|x| x.to_vec()).collect()
            })
            .clone()
    }

    /// Whether the sum of `heaps` is a misère P-position (the player to move loses).
    pub(crate) fn is_p(&mut self, heaps: &[u64]) -> bool {
        let mut key: Vec<u64> = heaps.to_vec();
        key.retain(|&h| h > 0);
        key.sort_unstable();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut has_move = false;
        let mut p = true;
        'outer: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            for o in self.options_of(key[i]) {
                has_move = true;
                let mut next: Vec<u64> = key[..i].to_vec();
                next.extend_from_slice(&key[i + 1..]);
                next.extend_from_slice(&o);
                if self.is_p(&next) {
                    p = false;
                    break 'outer;
                }
            }
        }
        let v = has_move && p;
        self.memo.insert(key, v);
        v
    }
}

/// Every multiset of at most `k` heaps of sizes `1..=max`.
pub(crate) fn multisets(max: u64, k: usize) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..k {
        let mut next = Vec::new();
        for w in &frontier {
            let from = w.last().copied().unwrap_or(1);
            for h in from..=max {
                let mut v: Vec<u64> = w.clone();
                v.push(h);
                next.push(v);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

#[test]
fn the_generator_agrees_with_the_rules() {
    for code in ["0.75", "0.137", "4.07", "0.F", "0.77", "0.6"] {
        let g = Octal::new(code);
        let rules = crate::quotient::check_rules(g.rules().unwrap()).unwrap();
        for n in 0..30 {
            let mut a = HeapOptions::new();
            g.options(n, &mut a);
            let mut b = HeapOptions::new();
            crate::quotient::rule_options(&rules, n, u64::MAX, &mut b).unwrap();
            let norm = |o: &HeapOptions| {
                let mut v: Vec<Vec<u64>> = o
                    .iter()
                    .map(|x| {
                        let mut x = x.to_vec();
                        x.sort_unstable();
                        x
                    })
                    .collect();
                v.sort();
                v.dedup();
                v
            };
            assert_eq!(norm(&a), norm(&b), "{code} heap {n}");
        }
    }
}
