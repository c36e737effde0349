//! Games played on numbers (heaps, pairs, stairs): each ruleset as a move generator over
//! machine-word positions, which the generic engine searches, and its theorems over
//! integers of any length. [`NumberGame`] is the one interface they share; the facade turns
//! any `NumberGame` into a catalogue game.
//!
//! - [`moves`]: moves as numbers: counts, capped lists, labels.
//! - [`words`]: positions as decimal words, read and written back.

pub mod adapter;
pub mod bash;
pub mod divisor;
pub mod euclid;
pub mod factor;
pub mod fibonacci_nim;
pub mod moore;
pub mod moves;
pub mod nim;
pub mod prime_power;
pub mod quotient;
pub mod redistribute;
pub mod sorted_piles;
pub mod staircase;
pub mod subtraction;
pub mod words;
pub mod wythoff;

pub use moves::{MoveAt, MoveCount, MoveList};
pub use words::{parse_components, write_numbers, write_position};

use crate::error::{Error, Result};
use crate::impartial::Impartial;
use crate::value::Outcome;
use num_bigint::BigUint;

/// One component of a position, written as the numbers the command line reads.
pub type Numbers = Vec<BigUint>;

/// How the numbers after the spec group into components of a sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Every number is a heap, and the position is the sum of its heaps (`nim 3 4 5`).
    Heaps,
    /// The numbers between `+` signs form one component (`euclid 25 7 + 3 2`,
    /// `moore-nim:2 3 4 5`); `arity` is the exact count when the game needs one.
    Groups {
        /// The exact count of numbers in a component, when the game needs one.
        arity: Option<usize>,
    },
}

/// The misère answer a theorem gives for a whole sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereVerdict {
    /// Who wins.
    pub outcome: Outcome,
    /// Every winning move, as `(component index, component after the move)`.
    pub winning_moves: Vec<(usize, Numbers)>,
    /// The theorem's name.
    pub theorem: String,
}

/// A ruleset played on numbers: its rules for the engine and its theorem for huge inputs.
///
/// Only the rules and the conversions between numbers and engine positions are required;
/// every other hook has a default that leaves the work to the engine.
pub trait NumberGame: Send + Sync + 'static {
    /// The engine's rules; positions are small (machine words).
    type Rules: Impartial + Send + Sync;

    /// The spec that names the game (`bash:3`).
    fn spec(&self) -> String;
    /// How positions group into components.
    fn shape(&self) -> Shape;
    /// The move generator.
    fn rules(&self) -> &Self::Rules;
    /// The least number a heap may hold, where tables of single heaps start: 0, or 1 for
    /// games whose 0 is no position (the divisor game).
    fn least_heap(&self) -> u64 {
        0
    }
    /// Checks a component given as numbers (beyond the shape): e.g. Euclid needs positive
    /// numbers. Called before any theorem or search.
    fn validate(&self, component: &[BigUint]) -> Result<()> {
        let _ = component;
        Ok(())
    }
    /// The engine's position for a component, or an error when it is too large to search.
    fn to_position(&self, component: &[BigUint]) -> Result<<Self::Rules as Impartial>::Position>;
    /// The numbers that write an engine position.
    fn to_numbers(&self, position: &<Self::Rules as Impartial>::Position) -> Numbers;

    /// The legal moves of a component in closed form, for components of any size: the
    /// components after the moves (without repetition) when there are at most `max`, or how
    /// many there are. `None` leaves the listing to the engine, which only lists components
    /// that `to_position` accepts.
    fn list_moves(&self, component: &[BigUint], max: usize) -> Option<MoveList> {
        let _ = (component, max);
        None
    }
    /// The first `k` moves of one component in the order `list_moves` lists them, for
    /// components too large for the rules (`to_position` refuses them): the sample
    /// `sprague moves` lists of a position with more moves than it lists. `None` lists no
    /// sample of such components (their moves are still counted).
    fn first_moves(&self, component: &[BigUint], k: usize) -> Option<Vec<Numbers>> {
        let _ = (component, k);
        None
    }
    /// What a move from `before` to `after` in one component does, for people: `take 3
    /// from heap 2`, `take 3 from both heaps`. The default writes `heap 2: 7 → 4` or, for
    /// a group of numbers, `25 7 → 11 7` (prefixed `component 2:` in a sum).
    fn move_label(&self, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
        moves::default_label(self.shape(), at, before, after)
    }

    /// The theorem's name, for the `method` field.
    fn theorem_name(&self) -> Option<String> {
        None
    }
    /// Grundy value of a component by closed form.
    fn grundy_theorem(&self, component: &[BigUint]) -> Option<BigUint> {
        let _ = component;
        None
    }
    /// Normal-play outcome of a lone component by closed form (defaults to the Grundy value).
    fn outcome_theorem(&self, component: &[BigUint]) -> Option<Outcome> {
        self.grundy_theorem(component)
            .map(|g| Outcome::from_grundy_is_zero(g == BigUint::ZERO))
    }
    /// The options of a component whose Grundy value is `target`, by closed form. Used for
    /// winning moves in sums; `target = 0` gives a lone component's winning moves.
    fn moves_to_value_theorem(
        &self,
        component: &[BigUint],
        target: &BigUint,
    ) -> Option<Vec<Numbers>> {
        let _ = (component, target);
        None
    }
    /// A lone component's winning moves when only its outcome is known in closed form.
    fn winning_moves_theorem(&self, component: &[BigUint]) -> Option<Vec<Numbers>> {
        self.moves_to_value_theorem(component, &BigUint::ZERO)
    }
    /// The misère outcome of a whole sum, where a theorem is proven for this ruleset.
    fn misere_theorem(&self, components: &[Numbers]) -> Option<MisereVerdict> {
        let _ = components;
        None
    }
    /// Why no period can ever be proven for this game (an infinite subtraction set), where
    /// that is so: `sprague table --period` is then refused with this reason.
    fn period_refused(&self) -> Option<String> {
        None
    }
    /// The least preperiod and period `(P, Q)` of the single-heap values `g(n)`
    /// (`g(n + Q) = g(n)` for all `n >= P`), only when proven. Used by `sprague table --period`.
    fn proven_period(&self) -> Option<(u64, u64)> {
        None
    }
    /// Why the winning moves listed for a position are not all of them (e.g. "only one
    /// winning move is listed"), when they are not. The verdict is then marked incomplete.
    fn moves_note(&self, components: &[Numbers], misere: bool) -> Option<String> {
        let _ = (components, misere);
        None
    }
    /// A proof, for the whole ruleset, that the SJ theorem's hypothesis holds (every
    /// position of Grundy value 0 is terminal and no move splits a component). With it,
    /// misère sums are decided by the SJ formula from `grundy_theorem`, at any size.
    /// Without it, the hypothesis is checked on the positions reachable from each query.
    fn sj_theorem(&self) -> Option<String> {
        None
    }
    /// Every-move play (docs/theory.md#every-sg): the step of a component by closed form.
    fn every_step_theorem(&self, component: &[BigUint]) -> Option<BigUint> {
        let _ = component;
        None
    }
    /// The options that follow the step strategy (the winner's longest win, the loser's
    /// quickest loss; see `compound::every`), by closed form.
    fn every_moves_theorem(&self, component: &[BigUint]) -> Option<Vec<Numbers>> {
        let _ = component;
        None
    }
    /// The name of the closed-form step, for the `method` field.
    fn every_theorem_name(&self) -> Option<String> {
        None
    }
}

/// Converts a number to a machine word for search, or says it is too large to search.
pub fn small(n: &BigUint, what: &str) -> Result<u64> {
    const MAX_SEARCH: u64 = 1 << 32;
    u64::try_from(n)
        .ok()
        .filter(|&v| v <= MAX_SEARCH)
        .ok_or_else(|| {
            Error::unsupported(format!(
                "{what} {n} is too large to search and this game has no theorem for it"
            ))
        })
}
