use super::{options_within, Atoms, Impartial};
use crate::error::Result;
use crate::limits::Limits;
use crate::search::{evaluate, Budget, Recurrence};
use rustc_hash::FxHashMap;

/// What a stored sum costs this solver, measured (peak memory over sums stored: 650–720
/// bytes on Kayles and Lasker's Nim, where a sum is a vector of heaps, each a vector).
const BYTES_PER_SUM: u64 = 650;

/// The default limit on sums stored, below what memory allows: a sum's expansion
/// normalises every option (thousands of allocations for a sum of large heaps), so a
/// search of a few hundred thousand sums already takes tens of seconds. An explicit
/// position limit goes beyond it.
pub const DEFAULT_MAX_SUMS: u64 = 300_000;

/// Exact misère-play search (the player who cannot move wins) over sums of components of
/// any impartial ruleset.
///
/// Misère sums do not reduce to XOR, so the state is the whole multiset of components:
/// components are flattened through [`Impartial::components`], terminal ones (no moves) are
/// dropped since they never change who moves last, and the rest are sorted so that equal
/// multisets share one memo entry. The search is iterative and stops at the first losing
/// option it finds.
pub struct MisereSolver<R: Impartial>
where
    R::Position: Ord,
{
    rules: R,
    /// `true` when the player to move wins the (sorted) sum.
    memo: FxHashMap<Vec<R::Position>, bool>,
    atoms: Atoms<R::Position>,
    limits: Limits,
}

/// The parts of a sum that matter, shared by the solver and its recurrence: which
/// components are terminal (remembered), and the canonical form of a sum.
struct Sums<'r, R: Impartial> {
    rules: &'r R,
    atoms: &'r mut Atoms<R::Position>,
    /// The most options the search may generate: a component known to have more is
    /// refused before its options are listed.
    max_options: u64,
}

impl<R: Impartial> Sums<'_, R>
where
    R::Position: Ord,
{
    /// Components flattened, terminal ones dropped, sorted.
    fn normalise(&mut self, components: Vec<R::Position>) -> Vec<R::Position> {
        self.atoms.normalise(self.rules, components)
    }

    /// Every sum reachable in one move (normalised).
    fn children(&mut self, state: &[R::Position]) -> Result<Vec<Vec<R::Position>>> {
        let mut result = Vec::new();
        let mut opts = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue; // moving in an identical component gives the same sums
            }
            opts.clear();
            options_within(self.rules, &state[i], self.max_options, &mut opts)?;
            for o in opts.drain(..) {
                let mut next: Vec<R::Position> = Vec::with_capacity(state.len());
                next.extend(state[..i].iter().cloned());
                next.extend(state[i + 1..].iter().cloned());
                next.push(o);
                result.push(self.normalise(next));
            }
        }
        Ok(result)
    }
}

/// Misère outcomes as a [`Recurrence`]: a sum wins for the player to move as soon as one
/// option loses; a sum with no option at all also wins (the player to move cannot move).
impl<R: Impartial> Recurrence for Sums<'_, R>
where
    R::Position: Ord,
{
    type State = Vec<R::Position>;
    type Value = bool;
    type Tag = ();

    fn expand(&mut self, state: &Vec<R::Position>) -> Result<(Vec<Vec<R::Position>>, ())> {
        Ok((self.children(state)?, ()))
    }

    fn cutoff(&self, _: &(), child_wins: &bool) -> Option<bool> {
        (!child_wins).then_some(true)
    }

    fn combine(&mut self, _: (), children: &[bool]) -> bool {
        // Reached only when every option wins for the opponent.
        children.is_empty()
    }
}

impl<R: Impartial> MisereSolver<R>
where
    R::Position: Ord,
{
    /// A solver with the given limits.
    pub fn new(rules: R, limits: Limits) -> Self {
        MisereSolver {
            rules,
            memo: FxHashMap::default(),
            atoms: Atoms::default(),
            limits,
        }
    }

    /// The rules being solved.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Number of sums whose outcome is stored.
    pub fn sums_stored(&self) -> usize {
        self.memo.len()
    }

    /// The most sums a search of this solver may store: its limits' position limit, or
    /// `DEFAULT_MAX_SUMS` (less if memory allows fewer).
    pub fn max_sums(&self) -> u64 {
        self.limits.max_positions.unwrap_or(
            self.limits
                .max_positions_at(BYTES_PER_SUM)
                .min(DEFAULT_MAX_SUMS),
        )
    }

    /// The limits the solver honours.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    fn sums(&mut self) -> Sums<'_, R> {
        let max_options = self.max_options();
        Sums {
            rules: &self.rules,
            atoms: &mut self.atoms,
            max_options,
        }
    }

    /// The most options one search may generate (its budget's allowance).
    fn max_options(&self) -> u64 {
        Budget::new(self.max_sums(), "")
            .watched_by(&self.limits)
            .max_options
    }

    /// The canonical state of a sum: components flattened, terminal ones dropped, sorted.
    pub fn normalise(&mut self, components: Vec<R::Position>) -> Vec<R::Position> {
        self.sums().normalise(components)
    }

    /// True when the player to move wins the sum of `components` under misère play.
    pub fn first_player_wins(&mut self, components: &[R::Position]) -> Result<bool> {
        let start = self.normalise(components.to_vec());
        self.wins(start)
    }

    fn wins(&mut self, start: Vec<R::Position>) -> Result<bool> {
        let budget = Budget::new(self.max_sums(), "misère sums searched").watched_by(&self.limits);
        let mut sums = Sums {
            rules: &self.rules,
            atoms: &mut self.atoms,
            max_options: budget.max_options,
        };
        evaluate(&mut sums, &mut self.memo, start, budget)
    }

    /// Every winning move of the sum of `components` under misère play, as
    /// `(index into components, the component after the move)`.
    pub fn winning_moves(
        &mut self,
        components: &[R::Position],
    ) -> Result<Vec<(usize, R::Position)>> {
        let mut moves = Vec::new();
        let mut opts = Vec::new();
        for (i, c) in components.iter().enumerate() {
            if components[..i].contains(c) {
                continue;
            }
            opts.clear();
            options_within(&self.rules, c, self.max_options(), &mut opts)?;
            for o in opts.clone() {
                let mut next = components.to_vec();
                next[i] = o.clone();
                let state = self.normalise(next);
                if !self.wins(state)? && !moves.iter().any(|(j, m)| *j == i && *m == o) {
                    moves.push((i, o));
                }
            }
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Nim;
    impl Impartial for Nim {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(0..n);
        }
    }

    /// Misère Nim (Bouton): the mover wins iff some heap exceeds 1 and the XOR is non-zero,
    /// or every heap is at most 1 and the XOR is zero.
    fn misere_nim(heaps: &[u64]) -> bool {
        let x = heaps.iter().fold(0, |a, b| a ^ b);
        if heaps.iter().any(|&h| h > 1) {
            x != 0
        } else {
            x == 0
        }
    }

    #[test]
    fn exact_search_agrees_with_misere_nim() {
        let mut s = MisereSolver::new(Nim, Limits::default());
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..6 {
                    let h = [a, b, c];
                    assert_eq!(s.first_player_wins(&h).unwrap(), misere_nim(&h), "{h:?}");
                }
            }
        }
        assert!(
            s.first_player_wins(&[]).unwrap(),
            "no move: the mover wins in misère play"
        );
    }

    #[test]
    fn winning_moves_lead_to_losing_sums() {
        let mut s = MisereSolver::new(Nim, Limits::default());
        let moves = s.winning_moves(&[2, 2, 1]).unwrap();
        assert!(!moves.is_empty());
        for (i, o) in moves {
            let mut h = vec![2, 2, 1];
            h[i] = o;
            assert!(!misere_nim(&h));
        }
    }

    /// A component known to have more options than the search may generate is refused
    /// before they are listed, in the search and in the listing of winning moves.
    #[test]
    fn components_with_too_many_options_are_refused() {
        use crate::testing::CountedNim;
        let mut s = MisereSolver::new(CountedNim, Limits::positions(100));
        assert!(s.first_player_wins(&[20]).unwrap());
        for e in [
            s.first_player_wins(&[3, 1_000_000_000]).unwrap_err(),
            s.winning_moves(&[1_000_000_000]).unwrap_err(),
        ] {
            assert!(e.to_string().contains("options of one position"), "{e}");
        }
    }
}
