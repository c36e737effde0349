use super::Impartial;
use crate::error::{Error, Result};
use crate::impartial::Limits;
use rustc_hash::{FxHashMap, FxHashSet};

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
    terminal: FxHashMap<R::Position, bool>,
    limits: Limits,
}

struct Frame<P> {
    state: Vec<P>,
    children: Vec<Vec<P>>,
    next: usize,
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
            terminal: FxHashMap::default(),
            limits,
        }
    }

    /// The rules being solved.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    fn is_terminal(&mut self, p: &R::Position) -> bool {
        if let Some(&t) = self.terminal.get(p) {
            return t;
        }
        let mut opts = Vec::new();
        self.rules.options(p, &mut opts);
        let t = opts.is_empty() && self.rules.components(p).is_none_or(|c| c.is_empty());
        self.terminal.insert(p.clone(), t);
        t
    }

    /// The canonical state of a sum: components flattened, terminal ones dropped, sorted.
    pub fn normalise(&mut self, components: Vec<R::Position>) -> Vec<R::Position> {
        let mut todo = components;
        let mut out = Vec::with_capacity(todo.len());
        while let Some(c) = todo.pop() {
            if let Some(parts) = self.rules.components(&c) {
                todo.extend(parts);
            } else if !self.is_terminal(&c) {
                out.push(c);
            }
        }
        out.sort();
        out
    }

    /// Every sum reachable in one move, each with the index of the (normalised) component
    /// moved in and the option it became.
    fn children(&mut self, state: &[R::Position]) -> Vec<(usize, R::Position, Vec<R::Position>)> {
        let mut result = Vec::new();
        let mut opts = Vec::new();
        for i in 0..state.len() {
            if i > 0 && state[i] == state[i - 1] {
                continue; // moving in an identical component gives the same sums
            }
            opts.clear();
            self.rules.options(&state[i], &mut opts);
            for o in std::mem::take(&mut opts) {
                let mut next: Vec<R::Position> = Vec::with_capacity(state.len());
                next.extend(state[..i].iter().cloned());
                next.extend(state[i + 1..].iter().cloned());
                next.push(o.clone());
                let next = self.normalise(next);
                result.push((i, o, next));
            }
        }
        result
    }

    /// True when the player to move wins the sum of `components` under misère play.
    pub fn first_player_wins(&mut self, components: &[R::Position]) -> Result<bool> {
        let start = self.normalise(components.to_vec());
        self.wins(start)
    }

    fn wins(&mut self, start: Vec<R::Position>) -> Result<bool> {
        if let Some(&w) = self.memo.get(&start) {
            return Ok(w);
        }
        let mut on_stack: FxHashSet<Vec<R::Position>> = FxHashSet::default();
        let mut stack: Vec<Frame<R::Position>> = Vec::new();
        self.push(&mut stack, &mut on_stack, start.clone())?;
        while let Some(top) = stack.last_mut() {
            let mut decided: Option<bool> = None;
            while top.next < top.children.len() {
                let child = &top.children[top.next];
                match self.memo.get(child) {
                    Some(false) => {
                        decided = Some(true);
                        break;
                    }
                    Some(true) => top.next += 1,
                    None => break,
                }
            }
            if decided.is_none() && top.next == top.children.len() {
                // Every option wins for the opponent; with no options at all, the player to
                // move cannot move and so wins under misère play.
                decided = Some(top.children.is_empty());
            }
            match decided {
                Some(w) => {
                    let frame = stack.pop().expect("non-empty");
                    on_stack.remove(&frame.state);
                    self.memo.insert(frame.state, w);
                }
                None => {
                    let child = top.children[top.next].clone();
                    if on_stack.contains(&child) {
                        return Err(Error::Cycle(format!(
                            "sum {child:?} can be reached from itself"
                        )));
                    }
                    self.push(&mut stack, &mut on_stack, child)?;
                }
            }
        }
        Ok(self.memo[&start])
    }

    fn push(
        &mut self,
        stack: &mut Vec<Frame<R::Position>>,
        on_stack: &mut FxHashSet<Vec<R::Position>>,
        state: Vec<R::Position>,
    ) -> Result<()> {
        if self.memo.len() as u64 + stack.len() as u64 >= self.limits.max_positions {
            return Err(Error::Limit {
                what: "misère sums searched".into(),
                limit: self.limits.max_positions,
            });
        }
        let children = self
            .children(&state)
            .into_iter()
            .map(|(_, _, s)| s)
            .collect();
        on_stack.insert(state.clone());
        stack.push(Frame {
            state,
            children,
            next: 0,
        });
        Ok(())
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
            self.rules.options(c, &mut opts);
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
}
