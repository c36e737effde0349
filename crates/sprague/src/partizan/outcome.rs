//! Outcome classes by brute force (GAMES.md C6): memoised minimax over a [`Ruleset`],
//! independent of canonical forms, so that it can cross-check them.
//!
//! For a position G, Left moving first wins iff some Left option G^L is won by Left when
//! Right moves first in it; symmetrically for Right. The class is L (Left wins whoever
//! starts), R, N (the first player wins) or P (the second player wins). The search is
//! iterative (an explicit stack), memoised on [`Ruleset::normalize`], and bounded by a
//! position limit. It never splits a position into components: outcome classes do not add.

use super::rulesets::{Ruleset, Side};
use crate::error::{Error, Result};
use rustc_hash::FxHashMap;

/// Who wins a position with each player moving first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wins {
    /// Left wins when Left moves first.
    pub left_first: bool,
    /// Right wins when Right moves first.
    pub right_first: bool,
}

impl Wins {
    /// The outcome class as a letter: `L`, `R`, `N` or `P`.
    pub fn letter(self) -> char {
        match (self.left_first, self.right_first) {
            (true, false) => 'L',
            (false, true) => 'R',
            (true, true) => 'N',
            (false, false) => 'P',
        }
    }
    /// The wins of the negated game (players' roles swapped).
    pub fn negated(self) -> Wins {
        Wins {
            left_first: self.right_first,
            right_first: self.left_first,
        }
    }
    /// Whether `side` wins moving first.
    pub fn first(self, side: Side) -> bool {
        match side {
            Side::Left => self.left_first,
            Side::Right => self.right_first,
        }
    }
    /// Whether `side` wins when the opponent moves first.
    pub fn second(self, side: Side) -> bool {
        !self.first(side.opponent())
    }
}

/// Memoised brute-force outcome solver over a ruleset.
pub struct OutcomeSolver<'r, R: Ruleset> {
    rules: &'r R,
    memo: FxHashMap<R::Position, Wins>,
    limit: u64,
}

impl<'r, R: Ruleset> OutcomeSolver<'r, R> {
    /// A solver that stores at most `limit` positions.
    pub fn new(rules: &'r R, limit: u64) -> Self {
        OutcomeSolver {
            rules,
            memo: FxHashMap::default(),
            limit,
        }
    }

    /// Positions stored so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Who wins `p` with each player moving first.
    pub fn wins(&mut self, p: &R::Position) -> Result<Wins> {
        let (q, neg) = self.rules.normalize(p);
        let w = self.solve(q)?;
        Ok(if neg { w.negated() } else { w })
    }

    /// Every move of `side` from `p` that wins for `side` (the opponent then moves first
    /// and loses), with its name.
    pub fn winning_moves(
        &mut self,
        p: &R::Position,
        side: Side,
    ) -> Result<Vec<(String, R::Position)>> {
        let mut out = Vec::new();
        for (name, q) in self.rules.moves(p, side) {
            if self.wins(&q)?.second(side) {
                out.push((name, q));
            }
        }
        Ok(out)
    }

    fn lookup(&self, p: &R::Position) -> Option<Wins> {
        let (q, neg) = self.rules.normalize(p);
        self.memo
            .get(&q)
            .map(|&w| if neg { w.negated() } else { w })
    }

    fn solve(&mut self, root: R::Position) -> Result<Wins> {
        if let Some(&w) = self.memo.get(&root) {
            return Ok(w);
        }
        // Each entry is a normalised position and whether its options were pushed already.
        let mut stack: Vec<(R::Position, bool)> = vec![(root.clone(), false)];
        let mut opts = Vec::new();
        while let Some((p, expanded)) = stack.pop() {
            if self.memo.contains_key(&p) {
                continue;
            }
            if !expanded {
                stack.push((p.clone(), true));
                for side in [Side::Left, Side::Right] {
                    opts.clear();
                    self.rules.options(&p, side, &mut opts);
                    for o in opts.drain(..) {
                        let (q, _) = self.rules.normalize(&o);
                        if !self.memo.contains_key(&q) {
                            stack.push((q, false));
                        }
                    }
                }
                continue;
            }
            let mut w = Wins {
                left_first: false,
                right_first: false,
            };
            for side in [Side::Left, Side::Right] {
                opts.clear();
                self.rules.options(&p, side, &mut opts);
                let mut win = false;
                for o in &opts {
                    let ow = self.lookup(o).ok_or_else(|| {
                        Error::invalid(format!(
                            "{}: the game is not short (a position repeats)",
                            self.rules.name()
                        ))
                    })?;
                    if ow.second(side) {
                        win = true;
                        break;
                    }
                }
                match side {
                    Side::Left => w.left_first = win,
                    Side::Right => w.right_first = win,
                }
            }
            if self.memo.len() as u64 >= self.limit {
                return Err(Error::Limit {
                    what: format!("{} outcome search", self.rules.name()),
                    limit: self.limit,
                });
            }
            self.memo.insert(p, w);
        }
        Ok(self.memo[&root])
    }
}
