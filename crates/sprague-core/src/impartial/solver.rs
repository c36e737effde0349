use super::Impartial;
use crate::error::Result;
use crate::limits::Limits;
use crate::search::{evaluate, Budget, Recurrence};
use crate::value::{Mex, Nimber, Outcome};
use rustc_hash::FxHashMap;

/// What a stored position costs this solver, measured (peak memory over positions stored,
/// hash table growth included): 42 bytes for small positions in a wide search, 149 for a
/// chain 10^7 moves deep (the stack of frames); the default limit keeps most searches near
/// [`Limits::DEFAULT_MAX_BYTES`] (2·10^7 positions).
const BYTES_PER_POSITION: u64 = 75;

/// Memoised Grundy values of an impartial ruleset under normal play.
///
/// The search is iterative (an explicit stack), so games millions of moves deep do not
/// overflow the call stack; a position met again while it is still being evaluated is a
/// cycle and is reported as [`Error::Cycle`](crate::Error::Cycle). Values are remembered across calls, so one
/// solver answers many related queries cheaply.
pub struct GrundySolver<R: Impartial> {
    rules: R,
    memo: FxHashMap<R::Position, u64>,
    limits: Limits,
}

/// How a state combines the values of its children.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Combine {
    /// Children are options: the value is their mex.
    Mex,
    /// Children are components of a sum: the value is their XOR.
    Xor,
}

/// Grundy values as a [`Recurrence`]: a position depends on its components (XOR) when it
/// splits, else on its options (mex).
struct GrundyRecurrence<'r, R> {
    rules: &'r R,
    mex: Mex,
    /// The most options the budget allows: a position known to have more is refused
    /// before its options are listed.
    max_options: u64,
}

impl<R: Impartial> Recurrence for GrundyRecurrence<'_, R> {
    type State = R::Position;
    type Value = u64;
    type Tag = Combine;

    fn expand(&mut self, position: &R::Position) -> Result<(Vec<R::Position>, Combine)> {
        Ok(match self.rules.components(position) {
            Some(parts) => (parts, Combine::Xor),
            None => {
                let mut opts = Vec::new();
                super::options_within(self.rules, position, self.max_options, &mut opts)?;
                (opts, Combine::Mex)
            }
        })
    }

    fn combine(&mut self, tag: Combine, children: &[u64]) -> u64 {
        match tag {
            Combine::Xor => children.iter().fold(0, |acc, v| acc ^ v),
            Combine::Mex => {
                self.mex.clear();
                self.mex.extend(children.iter().copied());
                self.mex.value()
            }
        }
    }
}

impl<R: Impartial> GrundySolver<R> {
    /// A solver with the default limits.
    pub fn new(rules: R) -> Self {
        Self::with_limits(rules, Limits::default())
    }

    /// A solver bounded by `limits` (positions stored, deadline, cancellation).
    pub fn with_limits(rules: R, limits: Limits) -> Self {
        GrundySolver {
            rules,
            memo: FxHashMap::default(),
            limits,
        }
    }

    /// Replaces the limits of the searches to come, keeping the values known so far (a
    /// long-lived solver gives each request its own deadline).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The rules being solved.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Number of positions whose value is known.
    pub fn positions_solved(&self) -> usize {
        self.memo.len()
    }

    /// The value of `position` if it was already computed.
    pub fn cached(&self, position: &R::Position) -> Option<Nimber> {
        self.memo.get(position).copied().map(Nimber)
    }

    /// The Grundy value of `position` under normal play.
    pub fn grundy(&mut self, position: &R::Position) -> Result<Nimber> {
        if let Some(&v) = self.memo.get(position) {
            return Ok(Nimber(v));
        }
        let budget = Budget::new(
            self.limits.max_positions_at(BYTES_PER_POSITION),
            "positions searched",
        )
        .watched_by(&self.limits);
        let mut rec = GrundyRecurrence {
            rules: &self.rules,
            mex: Mex::default(),
            max_options: budget.max_options,
        };
        evaluate(&mut rec, &mut self.memo, position.clone(), budget).map(Nimber)
    }

    /// Normal-play outcome of `position`.
    pub fn outcome(&mut self, position: &R::Position) -> Result<Outcome> {
        Ok(Outcome::from_grundy_is_zero(
            self.grundy(position)?.is_zero(),
        ))
    }

    /// Every option of `position` with its Grundy value, in the rules' order.
    pub fn options_with_values(
        &mut self,
        position: &R::Position,
    ) -> Result<Vec<(R::Position, Nimber)>> {
        let mut opts = Vec::new();
        self.rules.options(position, &mut opts);
        opts.into_iter()
            .map(|o| {
                let v = self.grundy(&o)?;
                Ok((o, v))
            })
            .collect()
    }

    /// The options of `position` whose value is `target` (duplicates removed, order kept).
    /// With `target = 0` these are the winning moves of a single component.
    pub fn moves_to_value(
        &mut self,
        position: &R::Position,
        target: Nimber,
    ) -> Result<Vec<R::Position>> {
        let mut found: Vec<R::Position> = Vec::new();
        for (o, v) in self.options_with_values(position)? {
            if v == target && !found.contains(&o) {
                found.push(o);
            }
        }
        Ok(found)
    }

    /// The winning moves of a single position under normal play: options of value 0.
    pub fn winning_moves(&mut self, position: &R::Position) -> Result<Vec<R::Position>> {
        self.moves_to_value(position, Nimber::ZERO)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    /// Subtraction game with S = {1, 2}: g(n) = n mod 3.
    struct TakeOneOrTwo;
    impl Impartial for TakeOneOrTwo {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend([1, 2].iter().filter(|&&s| s <= n).map(|&s| n - s));
        }
    }

    #[test]
    fn grundy_values_of_a_subtraction_game() {
        let mut s = GrundySolver::new(TakeOneOrTwo);
        for n in 0..50 {
            assert_eq!(s.grundy(&n).unwrap(), Nimber(n % 3));
        }
        assert_eq!(s.winning_moves(&7).unwrap(), vec![6]);
        assert!(s.winning_moves(&9).unwrap().is_empty());
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        let mut s = GrundySolver::new(TakeOneOrTwo);
        assert_eq!(s.grundy(&1_000_000).unwrap(), Nimber(1));
    }

    #[test]
    fn the_limit_fails_cleanly() {
        let mut s = GrundySolver::with_limits(TakeOneOrTwo, Limits::positions(100));
        let err = s.grundy(&1000).unwrap_err();
        assert!(matches!(err, Error::Limit { limit: 100, .. }), "{err}");
    }

    struct Cyclic;
    impl Impartial for Cyclic {
        type Position = u8;
        fn options(&self, &p: &u8, out: &mut Vec<u8>) {
            // 0 -> 1 -> 2 -> 0, and 3 -> 0.
            out.push(match p {
                0 => 1,
                1 => 2,
                2 => 0,
                _ => 0,
            });
        }
    }

    #[test]
    fn cycles_are_reported() {
        let mut s = GrundySolver::new(Cyclic);
        assert!(matches!(s.grundy(&3), Err(Error::Cycle(_))));
    }

    /// Two-heap Nim written as one position that decomposes into its heaps.
    struct TwoHeaps;
    impl Impartial for TwoHeaps {
        type Position = (u64, u64);
        fn options(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            out.extend((0..a).map(|x| (x, b)));
            out.extend((0..b).map(|y| (a, y)));
        }
        fn components(&self, &(a, b): &(u64, u64)) -> Option<Vec<(u64, u64)>> {
            (a > 0 && b > 0).then(|| vec![(a, 0), (0, b)])
        }
    }

    #[test]
    fn components_combine_by_xor() {
        let mut s = GrundySolver::new(TwoHeaps);
        for a in 0..12 {
            for b in 0..12 {
                assert_eq!(s.grundy(&(a, b)).unwrap(), Nimber(a ^ b));
            }
        }
    }

    /// A ruleset that tells its option count: a position with more options than the
    /// budget is refused before they are listed (listing them here would panic).
    #[test]
    fn positions_with_too_many_options_are_refused_before_listing() {
        use crate::testing::CountedNim as Counted;
        let mut s = GrundySolver::with_limits(Counted, Limits::positions(100));
        assert_eq!(s.grundy(&20).unwrap(), Nimber(20));
        let err = s.grundy(&1_000_000_000).unwrap_err();
        assert!(err.to_string().contains("options of one position"), "{err}");
    }
}
