//! Outcome classes by brute force: memoised minimax over a [`Ruleset`],
//! independent of canonical forms, so that it can cross-check them.
//!
//! For a position G, Left moving first wins iff some Left option G^L is won by Left when
//! Right moves first in it; symmetrically for Right. The class is L (Left wins whoever
//! starts), R, N (the first player wins) or P (the second player wins). The search is the
//! core's one skeleton ([`crate::search`]: iterative), memoised on
//! [`Ruleset::normalize`], and bounded by a position limit. It never splits a position into components: outcome classes do not add.
//!
//! Under misère play ([`OutcomeSolver::misere`]) a player who cannot move wins: a side
//! moving first wins iff it has no move or some option it wins moving second. The search
//! is then on the game tree as the rules give it, without [`Ruleset::normalize`], whose
//! normal form need only have the same normal-play value (misère play tells apart forms
//! that normal play equates).

use super::rules::Ruleset;
use crate::error::Result;
use crate::limits::Limits;
use crate::search::{evaluate, Budget, Recurrence};
use crate::value::Side;
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

/// What a stored position costs the solver: a memo entry of a small position, as the
/// Grundy solver's (not measured separately).
const BYTES_PER_POSITION: u64 = 75;

/// Memoised brute-force outcome solver over a ruleset.
pub struct OutcomeSolver<'r, R: Ruleset> {
    rules: &'r R,
    memo: FxHashMap<R::Position, Wins>,
    limits: Limits,
    misere: bool,
}

impl<'r, R: Ruleset> OutcomeSolver<'r, R> {
    /// A solver that stores at most `limit` positions.
    pub fn new(rules: &'r R, limit: u64) -> Self {
        Self::with_limits(rules, Limits::positions(limit))
    }

    /// A solver bounded by `limits` (positions stored, deadline, cancellation, progress).
    pub fn with_limits(rules: &'r R, limits: Limits) -> Self {
        OutcomeSolver {
            rules,
            memo: FxHashMap::default(),
            limits,
            misere: false,
        }
    }

    /// A solver of misère play (the player who cannot move wins), bounded by `limits`.
    pub fn misere(rules: &'r R, limits: Limits) -> Self {
        OutcomeSolver {
            misere: true,
            ..Self::with_limits(rules, limits)
        }
    }

    /// Positions stored so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// Who wins `p` with each player moving first.
    pub fn wins(&mut self, p: &R::Position) -> Result<Wins> {
        if self.misere {
            return self.solve(p.clone());
        }
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

    fn solve(&mut self, root: R::Position) -> Result<Wins> {
        let play = if self.misere { "misère " } else { "" };
        let what = format!(
            "{} positions searched for {play}outcomes",
            self.rules.name()
        );
        let budget = Budget::new(self.limits.max_positions_at(BYTES_PER_POSITION), &what)
            .watched_by(&self.limits);
        evaluate(
            &mut Minimax {
                rules: self.rules,
                misere: self.misere,
            },
            &mut self.memo,
            root,
            budget,
        )
    }
}

/// Who wins with each player moving first, as a [`Recurrence`] over normalised positions:
/// a position depends on the normal forms of both players' options.
struct Minimax<'r, R> {
    rules: &'r R,
    /// Misère play: positions are not normalised, and a player without a move wins.
    misere: bool,
}

/// Per option (Left's first, then Right's): whether its normal form is negated.
struct Options {
    negated: Vec<bool>,
    left: usize,
}

impl<R: Ruleset> Recurrence for Minimax<'_, R> {
    type State = R::Position;
    type Value = Wins;
    type Tag = Options;

    fn expand(&mut self, p: &R::Position) -> Result<(Vec<R::Position>, Options)> {
        let mut children = Vec::new();
        let mut negated = Vec::new();
        let mut left = 0;
        let mut opts = Vec::new();
        for side in [Side::Left, Side::Right] {
            opts.clear();
            self.rules.options(p, side, &mut opts);
            for o in &opts {
                let (q, neg) = if self.misere {
                    (o.clone(), false)
                } else {
                    self.rules.normalize(o)
                };
                children.push(q);
                negated.push(neg);
            }
            if side == Side::Left {
                left = children.len();
            }
        }
        Ok((children, Options { negated, left }))
    }

    fn combine(&mut self, tag: Options, children: &[Wins]) -> Wins {
        // A player moving first wins iff some option of theirs is won by them moving second.
        let option = |i: usize| {
            if tag.negated[i] {
                children[i].negated()
            } else {
                children[i]
            }
        };
        // Under misère play a player with no move at all wins too.
        let stuck = |n: usize| self.misere && n == 0;
        Wins {
            left_first: stuck(tag.left) || (0..tag.left).any(|i| option(i).second(Side::Left)),
            right_first: stuck(children.len() - tag.left)
                || (tag.left..children.len()).any(|i| option(i).second(Side::Right)),
        }
    }

    fn detect_cycles(&self) -> bool {
        false // rulesets describe short games; a repetition ends the search at its limit
    }
}
