//! Misère quotients of heap games (Plambeck and Siegel): the finite commutative monoid that
//! decides every misère sum of heaps, computed heap by heap, with a proven period.
//!
//! **Definitions.** Let `A` be the sums of heaps of a game (closed under sums and
//! options). Two sums `G`, `H` are *indistinguishable* when `G + X` and `H + X` have the
//! same misère outcome for every `X` in `A`. This is a congruence; the classes form a
//! commutative monoid `Q`, the *misère quotient*, with the *P-portion* `P ⊆ Q` (the classes
//! of misère P-positions) and the *pretending function* `Φ`, heap ↦ class. A sum of heaps
//! `h₁ + … + h_r` is a P-position iff `Φ(h₁)·…·Φ(h_r) ∈ P`. `Q_n` is the quotient of the
//! sums of heaps `≤ n`.
//!
//! **How it is computed** (one concept a file):
//!
//! - `game.rs`: [`HeapGame`], how a game gives the options of a heap, and [`SplitRule`]s;
//! - `monoid.rs`: [`FiniteMonoid`], multiplication tables;
//! - `verify.rs`: the exact check that a trial monoid, P-portion and pretending function
//!   decide every sum (local consistency at every sum, explored through finitely many
//!   states);
//! - `basis.rs`: trial monoids, their P-portions by the least word of each element, and
//!   their reduction;
//! - `extend.rs`: one more heap — the quotient is kept (the heap's element is found), or
//!   rebuilt by trials recalibrated at their least failure until one verifies;
//! - `period.rs`: the periodicity theorem (stated and proved there) that ends the
//!   computation;
//! - `solver.rs`: [`QuotientSolver`], the heap-by-heap computation under [`Limits`], with
//!   checkpoints;
//! - `presentation.rs`: generators and relations; `tame.rs`: tame quotients and genus;
//!   `play.rs`: outcomes and winning moves of sums, by residues in huge heaps.
//!
//! Nothing here is floating point or guessed: every quotient returned passed the exact
//! verification for the heaps it covers, and a period is reported only when the theorem
//! proves it.
//!
//! ```
//! use sprague_core::limits::Limits;
//! use sprague_core::quotient::{HeapGame, HeapOptions, QuotientConfig, QuotientSolver, SplitRule};
//!
//! /// Octal game 0.75: take 1 leaving 0, 1 or 2 heaps, or 2 leaving 0 or 2 heaps.
//! struct G075;
//! impl HeapGame for G075 {
//!     fn options(&self, n: u64, out: &mut HeapOptions) {
//!         let rules = self.rules().unwrap();
//!         sprague_core::quotient::rule_options(&rules, n, u64::MAX, out).unwrap();
//!     }
//!     fn rules(&self) -> Option<Vec<SplitRule>> {
//!         let r = |take, parts| SplitRule { take, parts };
//!         Some(vec![r(1, 0), r(1, 1), r(1, 2), r(2, 0), r(2, 2)])
//!     }
//! }
//! let mut solver = QuotientSolver::new(G075, QuotientConfig::default()).unwrap();
//! solver.run(1_000, &Limits::default()).unwrap();
//! let q = solver.quotient();
//! assert_eq!((q.order(), q.p_portion().len()), (8, 2));
//! assert!(q.period().is_some());
//! // Six heaps of a million: decided by the period, at once.
//! assert!(q.outcome(&[1_000_000; 6]).is_ok());
//! ```

mod basis;
mod extend;
mod game;
mod monoid;
mod period;
mod play;
mod presentation;
mod solver;
mod tame;
mod verify;

#[cfg(test)]
mod tests;

pub use game::{
    check_rules, max_parts, max_take, rule_options, HeapGame, HeapOptions, SplitRule, MAX_PARTS,
};
pub use monoid::{Element, FiniteMonoid};
pub use period::{proof_bound, Period};
pub use play::{SumMove, WinningMoves};
pub use presentation::{Generator, Presentation, Word};
pub use solver::{QuotientCheckpoint, QuotientSolver};
pub use tame::{Genus, Tame};

use crate::limits::Limits;
use serde::{Deserialize, Serialize};

/// Bounds of a quotient computation beyond [`Limits`] (which bring the deadline, the
/// cancellation flag and the progress callback).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuotientConfig {
    /// The largest quotient accepted (its table has `max_order²` entries).
    pub max_order: usize,
    /// The largest trial quotient accepted while a heap changes the quotient; trials can be
    /// larger than the quotient they lead to (Siegel reports a trial of 848 elements on the
    /// way to the 360 of `Q₃₀(0.07)`).
    pub max_trial_order: usize,
    /// The most elements of a trial basis (before reduction).
    pub max_basis: usize,
}

impl Default for QuotientConfig {
    fn default() -> Self {
        QuotientConfig {
            max_order: 4_096,
            max_trial_order: 8_192,
            max_basis: 2_000_000,
        }
    }
}

impl QuotientConfig {
    /// The default configuration, with `limits.max_positions` (if set) as the bound on the
    /// elements of a trial basis.
    pub fn with_limits(limits: &Limits) -> Self {
        let mut c = QuotientConfig::default();
        if let Some(n) = limits.max_positions {
            c.max_basis = n.min(usize::MAX as u64) as usize;
        }
        c
    }
}

/// A heap that changed the quotient, and the quotient's size after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuotientChange {
    /// The heap.
    pub heap: u64,
    /// The order of `Q_heap`.
    pub order: usize,
    /// The size of its P-portion.
    pub p_count: usize,
    /// The order of the largest trial quotient met while computing it (the order itself
    /// when the first trial was right).
    pub largest_trial: usize,
}

/// The misère quotient of the sums of heaps `≤ bound`, verified; the quotient of the whole
/// game when a period is proven.
#[derive(Debug, Clone)]
pub struct Quotient {
    monoid: FiniteMonoid,
    p: Vec<bool>,
    phi: Vec<Element>,
    period: Option<Period>,
    changes: Vec<QuotientChange>,
    grundy: Vec<u64>,
    rules: Option<Vec<SplitRule>>,
}

impl Quotient {
    /// The monoid.
    pub fn monoid(&self) -> &FiniteMonoid {
        &self.monoid
    }

    /// The number of elements, `|Q|`.
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// Whether `x` is in the P-portion (`false` if `x` is not an element).
    pub fn is_p(&self, x: Element) -> bool {
        self.p.get(x as usize).copied().unwrap_or(false)
    }

    /// The elements of the P-portion, in increasing order.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.order() as Element)
            .filter(|&x| self.is_p(x))
            .collect()
    }

    /// The largest heap computed: the quotient covers every sum of heaps up to it.
    pub fn bound(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// The proven period of the pretending function, if any: then this is the quotient of
    /// the whole game.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Whether the quotient is proven to be that of the whole game.
    pub fn is_proven(&self) -> bool {
        self.period.is_some()
    }

    /// The heaps that changed the quotient, in order.
    pub fn changes(&self) -> &[QuotientChange] {
        &self.changes
    }

    /// The last heap that changed the quotient (0 if none did: the game has no moves).
    pub fn last_change(&self) -> u64 {
        self.changes.last().map_or(0, |c| c.heap)
    }

    /// The pretending function on heaps `0..=bound` (heap 0 is the identity).
    pub fn phi_table(&self) -> &[Element] {
        &self.phi
    }

    /// The normal-play Grundy values of heaps `0..=bound` (computed along the way; they
    /// name the elements of a tame quotient).
    pub fn grundy_table(&self) -> &[u64] {
        &self.grundy
    }

    /// The take-and-break rules of the game, when it has them.
    pub fn rules(&self) -> Option<&[SplitRule]> {
        self.rules.as_deref()
    }

    /// `Φ(heap)`: from the table up to the bound, by the period beyond it; `None` for a heap
    /// beyond the bound of a quotient with no proven period.
    pub fn phi(&self, heap: u64) -> Option<Element> {
        if heap <= self.bound() {
            return Some(self.phi[heap as usize]);
        }
        let p = self.period?;
        let i = p.preperiod + (heap - p.preperiod) % p.period;
        self.phi.get(i as usize).copied()
    }
}
