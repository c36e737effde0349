//! Retrograde analysis over flat arrays for games whose positions can be enumerated or
//! indexed: win/lose/draw with remoteness ([`solve`], [`solve_csr`]), the generalized
//! Sprague–Grundy function of a loopy impartial game ([`gsg`]), and a value-carrying mode
//! for scoring games whose plays end at a repetition ([`scoring`]).
//!
//! Everything here is iterative: one work queue and a few flat arrays, no recursion, so a
//! million-vertex path is as easy as a triangle.

pub mod gsg;
pub mod scoring;

mod csr;
use crate::error::Result;
use crate::limits::Limits;
use crate::value::Outcome;
pub use csr::Csr;
use std::convert::Infallible;

/// What the retrograde loops call as they go (every position taken from the queue, with
/// the count so far): nothing for the plain functions, the caller's limits for the
/// `_with` ones. Generic over the error so that the plain functions cannot fail.
pub(crate) trait Watch {
    /// The error that stops the loop.
    type E;
    /// Called with the number of positions processed so far.
    fn tick(&mut self, done: u64) -> std::result::Result<(), Self::E>;
}

/// Watches nothing: the loop runs to its end.
pub(crate) struct Unwatched;

impl Watch for Unwatched {
    type E = Infallible;
    #[inline]
    fn tick(&mut self, _: u64) -> std::result::Result<(), Infallible> {
        Ok(())
    }
}

/// Checks a deadline, a cancellation flag and a progress callback every few thousand
/// positions.
pub(crate) struct Watched<'a>(pub(crate) &'a Limits, pub(crate) &'a str);

impl Watch for Watched<'_> {
    type E = crate::error::Error;
    #[inline]
    fn tick(&mut self, done: u64) -> Result<()> {
        self.0.check_every(done, self.1)
    }
}

/// What the retrograde loops count, for progress and messages.
const ANALYSED: &str = "positions analysed";

/// A game whose positions are the integers `0..len()`: the rules the retrograde engine needs.
///
/// Successors are required. Predecessors are optional: a ruleset that can generate them
/// ("unmoves") returns `true` from [`IndexedGame::has_predecessors`]; otherwise the engine
/// builds the reverse graph once from the successors (4 bytes per move).
pub trait IndexedGame {
    /// Number of positions.
    fn len(&self) -> usize;
    /// True when there are no positions.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Calls `f` on every successor of `v` (repeated moves to the same position repeated).
    fn for_each_successor(&self, v: u32, f: &mut dyn FnMut(u32));
    /// Number of moves from `v` (default: counts the successors).
    fn out_degree(&self, v: u32) -> u32 {
        let mut d = 0u32;
        self.for_each_successor(v, &mut |_| d += 1);
        d
    }
    /// True when [`IndexedGame::for_each_predecessor`] is implemented.
    fn has_predecessors(&self) -> bool {
        false
    }
    /// Calls `f` on every predecessor of `v`, once per move into `v`.
    fn for_each_predecessor(&self, v: u32, f: &mut dyn FnMut(u32)) {
        let _ = (v, f);
    }
}

impl IndexedGame for Csr {
    fn len(&self) -> usize {
        Csr::len(self)
    }
    fn for_each_successor(&self, v: u32, f: &mut dyn FnMut(u32)) {
        for &w in self.successors(v) {
            f(w)
        }
    }
    fn out_degree(&self, v: u32) -> u32 {
        self.offsets[v as usize + 1] - self.offsets[v as usize]
    }
}

const DRAW: u8 = 0;
const WIN: u8 = 1;
const LOSE: u8 = 2;

/// The result of a retrograde analysis: for every position, who wins (the player to move,
/// the other, or nobody) and the remoteness (number of moves to the end of the game when
/// the winner hurries and the loser delays).
///
/// Memory: 5 bytes per position (a status byte and a `u32` remoteness). While solving a
/// CSR graph the engine uses 8 bytes per position (status and counter/remoteness packed in
/// one `u32`, and the 4-byte work queue), beyond the graph and its transpose.
#[derive(Debug, Clone)]
pub struct Retro {
    status: Vec<u8>,
    remoteness: Vec<u32>,
}

impl PartialEq for Retro {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && (0..self.len() as u32).all(|v| {
                self.outcome(v) == other.outcome(v) && self.remoteness(v) == other.remoteness(v)
            })
    }
}

impl Eq for Retro {}

impl Retro {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.status.len()
    }
    /// True when there are no positions.
    pub fn is_empty(&self) -> bool {
        self.status.is_empty()
    }
    /// Who wins from `v` with the player to move at `v` as "first".
    pub fn outcome(&self, v: u32) -> Outcome {
        match self.status[v as usize] {
            WIN => Outcome::First,
            LOSE => Outcome::Second,
            _ => Outcome::Draw,
        }
    }
    /// The remoteness of a decided position; `None` for a draw.
    pub fn remoteness(&self, v: u32) -> Option<u32> {
        (self.status[v as usize] != DRAW).then(|| self.remoteness[v as usize])
    }
    /// Counts of (first-player wins, second-player wins, draws).
    pub fn counts(&self) -> (usize, usize, usize) {
        let mut c = [0usize; 3];
        for &s in &self.status {
            c[s as usize] += 1;
        }
        (c[WIN as usize], c[LOSE as usize], c[DRAW as usize])
    }
}

/// Retrograde analysis of a move graph given as CSR; `reverse` is its transpose when the
/// caller already has it (otherwise it is built here).
///
/// Rules: a position without moves is lost for the player to move (remoteness 0); a position
/// with a losing successor is won, with remoteness 1 + the least remoteness of a losing
/// successor; a position all of whose successors are won is lost, with remoteness 1 + the
/// largest remoteness of a successor; every other position is a draw.
///
/// Correctness of the remoteness: the queue is processed in first-in first-out order and a
/// position decided while processing a position of remoteness `r` gets `r + 1`, so the queue
/// holds remoteness values in non-decreasing order (a breadth-first layering). A won position
/// is therefore decided by the first losing successor leaving the queue, the one of least
/// remoteness; a lost position is decided by the last winning successor leaving the queue,
/// the one of largest remoteness.
pub fn solve_csr(graph: &Csr, reverse: Option<&Csr>) -> Retro {
    let Ok(r) = solve_csr_watched(graph, reverse, &mut Unwatched);
    r
}

/// [`solve_csr`] that honours the deadline, the cancellation flag and the progress callback
/// of `limits` ([`crate::error::Error::Timeout`], [`crate::error::Error::Interrupted`]).
/// Its memory is that of the graph given, so the position limit is not read.
pub fn solve_csr_with(graph: &Csr, reverse: Option<&Csr>, limits: &Limits) -> Result<Retro> {
    solve_csr_watched(graph, reverse, &mut Watched(limits, ANALYSED))
}

fn solve_csr_watched<W: Watch>(
    graph: &Csr,
    reverse: Option<&Csr>,
    watch: &mut W,
) -> std::result::Result<Retro, W::E> {
    let owned;
    let rev = match reverse {
        Some(r) => r,
        None => {
            owned = graph.transpose();
            &owned
        }
    };
    let n = graph.len();
    let degree = |v: u32| graph.offsets[v as usize + 1] - graph.offsets[v as usize];
    if let Some(r) = run_packed(graph, rev, watch)? {
        return Ok(r);
    }
    run(
        n,
        degree,
        |v, f| {
            for &p in rev.successors(v) {
                f(p)
            }
        },
        watch,
    )
}

const SHIFT: u32 = 30;
const LOW: u32 = (1 << SHIFT) - 1;

/// The CSR fast path: status (2 bits) and counter/remoteness (30 bits) packed in one `u32`
/// per position, so that each arc followed backwards costs one memory access, not two.
/// `None` when a count or a remoteness might not fit in 30 bits (2^30 positions or a
/// position with 2^30 moves); the caller then uses the two-array engine.
fn run_packed<W: Watch>(
    graph: &Csr,
    rev: &Csr,
    watch: &mut W,
) -> std::result::Result<Option<Retro>, W::E> {
    let n = graph.len();
    if n >= LOW as usize {
        return Ok(None);
    }
    let mut word = Vec::with_capacity(n);
    // Read at random as the positions are decided: on huge pages when large.
    crate::pages::advise(&word);
    let mut queue: Vec<u32> = Vec::with_capacity(n.min(1 << 20));
    for v in 0..n {
        let d = graph.offsets[v + 1] - graph.offsets[v];
        if d >= LOW {
            return Ok(None);
        }
        if d == 0 {
            word.push((LOSE as u32) << SHIFT);
            queue.push(v as u32);
        } else {
            word.push(d);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        watch.tick(head as u64)?;
        let w = word[v as usize];
        let next = (w & LOW) + 1;
        let preds = rev.successors(v);
        if w >> SHIFT == LOSE as u32 {
            let won = ((WIN as u32) << SHIFT) | next;
            for &p in preds {
                let slot = &mut word[p as usize];
                if *slot >> SHIFT == 0 {
                    *slot = won;
                    queue.push(p);
                }
            }
        } else {
            let lost = ((LOSE as u32) << SHIFT) | next;
            for &p in preds {
                let slot = &mut word[p as usize];
                if *slot >> SHIFT == 0 {
                    *slot -= 1;
                    if *slot == 0 {
                        *slot = lost;
                        queue.push(p);
                    }
                }
            }
        }
    }
    drop(queue);
    let status: Vec<u8> = word.iter().map(|&w| (w >> SHIFT) as u8).collect();
    for w in &mut word {
        *w &= LOW;
    }
    Ok(Some(Retro {
        status,
        remoteness: word,
    }))
}

/// Retrograde analysis of any indexed game (see [`solve_csr`] for the rules). When the game
/// cannot generate predecessors, the reverse graph is built once from the successors.
pub fn solve<G: IndexedGame + ?Sized>(game: &G) -> Retro {
    let Ok(r) = solve_watched(game, &mut Unwatched);
    r
}

/// [`solve`] that honours the deadline, the cancellation flag and the progress callback of
/// `limits` ([`crate::error::Error::Timeout`], [`crate::error::Error::Interrupted`]).
pub fn solve_with<G: IndexedGame + ?Sized>(game: &G, limits: &Limits) -> Result<Retro> {
    solve_watched(game, &mut Watched(limits, ANALYSED))
}

fn solve_watched<G: IndexedGame + ?Sized, W: Watch>(
    game: &G,
    watch: &mut W,
) -> std::result::Result<Retro, W::E> {
    let n = game.len();
    if game.has_predecessors() {
        return run(
            n,
            |v| game.out_degree(v),
            |v, f| game.for_each_predecessor(v, f),
            watch,
        );
    }
    let rev = reverse_of(game);
    run(
        n,
        |v| game.out_degree(v),
        |v, f| {
            for &p in rev.successors(v) {
                f(p)
            }
        },
        watch,
    )
}

/// The reverse move graph of an indexed game, as CSR (two passes over the successors).
pub fn reverse_of<G: IndexedGame + ?Sized>(game: &G) -> Csr {
    let n = game.len();
    // On huge pages when large, as `Csr::from_arcs`'s.
    let mut offsets = crate::pages::filled(n + 1, 0u32);
    for v in 0..n as u32 {
        game.for_each_successor(v, &mut |w| offsets[w as usize + 1] += 1);
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let mut fill = crate::pages::copy_of(&offsets);
    let mut targets = crate::pages::filled(offsets[n] as usize, 0u32);
    for v in 0..n as u32 {
        game.for_each_successor(v, &mut |w| {
            targets[fill[w as usize] as usize] = v;
            fill[w as usize] += 1;
        });
    }
    Csr { offsets, targets }
}

fn run<W: Watch>(
    n: usize,
    degree: impl Fn(u32) -> u32,
    mut preds: impl FnMut(u32, &mut dyn FnMut(u32)),
    watch: &mut W,
) -> std::result::Result<Retro, W::E> {
    // Read at random as the positions are decided: on huge pages when large.
    let mut status = crate::pages::filled(n, DRAW);
    // Undecided: number of successors not yet known to be won. Decided: the remoteness.
    let mut count = crate::pages::filled(n, 0u32);
    let mut queue: Vec<u32> = Vec::with_capacity(n.min(1 << 20));
    for v in 0..n as u32 {
        let d = degree(v);
        count[v as usize] = d;
        if d == 0 {
            status[v as usize] = LOSE;
            queue.push(v);
        }
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        watch.tick(head as u64)?;
        let next = count[v as usize] + 1;
        if status[v as usize] == LOSE {
            preds(v, &mut |p| {
                let p = p as usize;
                if status[p] == DRAW {
                    status[p] = WIN;
                    count[p] = next;
                    queue.push(p as u32);
                }
            });
        } else {
            preds(v, &mut |p| {
                let p = p as usize;
                if status[p] == DRAW {
                    count[p] -= 1;
                    if count[p] == 0 {
                        status[p] = LOSE;
                        count[p] = next;
                        queue.push(p as u32);
                    }
                }
            });
        }
    }
    Ok(Retro {
        status,
        remoteness: count,
    })
}

/// Every position reachable from `v` in one move that is best for the player to move:
/// for a won position the losing successors of least remoteness, otherwise nothing.
pub fn best_moves(graph: &Csr, retro: &Retro, v: u32) -> Vec<u32> {
    if retro.outcome(v) != Outcome::First {
        return Vec::new();
    }
    let want = retro.remoteness(v).unwrap_or(0).saturating_sub(1);
    let mut out: Vec<u32> = graph
        .successors(v)
        .iter()
        .copied()
        .filter(|&w| retro.outcome(w) == Outcome::Second && retro.remoteness(w) == Some(want))
        .collect();
    out.dedup();
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_or_a_set_flag_stops_the_analysis() {
        use crate::error::Error;
        use crate::limits::Deadline;
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        use std::time::{Duration, Instant};
        // A path of 20000 positions (and a cycle for γ): more than one check's worth.
        let n = 20_000u32;
        let path = Csr::from_arcs(n as usize, (1..n).map(|v| (v, v - 1)));
        let cycle = Csr::from_arcs(n as usize, (0..n).map(|v| (v, (v + 1) % n)));
        let passed = Limits::default().with_deadline(Some(Deadline {
            at: Instant::now(),
            timeout: Duration::from_millis(250),
        }));
        let err = solve_csr_with(&path, None, &passed).unwrap_err();
        assert!(matches!(err, Error::Timeout { .. }), "{err}");
        assert!(err.to_string().contains("--timeout 0.25"), "{err}");
        assert!(matches!(
            solve_with(&path, &passed),
            Err(Error::Timeout { .. })
        ));
        let flag = Arc::new(AtomicBool::new(true));
        let cancelled = Limits::default().with_cancel(flag.clone());
        assert!(matches!(
            solve_csr_with(&path, None, &cancelled),
            Err(Error::Interrupted { .. })
        ));
        assert!(matches!(
            gsg::labels_with(&cycle, &cycle.transpose(), &cancelled),
            Err(Error::Interrupted { .. })
        ));
        // Unset, the same analyses finish with the plain functions' answers.
        flag.store(false, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(
            solve_csr_with(&path, None, &cancelled).unwrap(),
            solve_csr(&path, None)
        );
        assert_eq!(
            gsg::labels_with(&cycle, &cycle.transpose(), &cancelled)
                .unwrap()
                .finite(7),
            gsg::labels(&cycle, &cycle.transpose()).finite(7)
        );
    }

    /// The definition, by fixpoint iteration over all positions (quadratic, for tests).
    pub(crate) fn naive(g: &Csr) -> Vec<(Outcome, Option<u32>)> {
        let n = g.len();
        let mut val: Vec<Option<(bool, u32)>> = vec![None; n];
        loop {
            let mut changed = false;
            for v in 0..n {
                if val[v].is_some() {
                    continue;
                }
                let succ = g.successors(v as u32);
                // a losing successor, with least remoteness
                let lose = succ
                    .iter()
                    .filter_map(|&w| match val[w as usize] {
                        Some((false, r)) => Some(r),
                        _ => None,
                    })
                    .min();
                if let Some(r) = lose {
                    // Only decide when no undecided successor could later give a smaller
                    // losing remoteness: in rounds, remoteness grows, so decide by rounds.
                    val[v] = Some((true, r + 1));
                    changed = true;
                } else if succ
                    .iter()
                    .all(|&w| matches!(val[w as usize], Some((true, _))))
                {
                    let r = succ
                        .iter()
                        .map(|&w| val[w as usize].unwrap().1 + 1)
                        .max()
                        .unwrap_or(0);
                    val[v] = Some((false, r));
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        val.iter()
            .map(|x| match x {
                Some((true, r)) => (Outcome::First, Some(*r)),
                Some((false, r)) => (Outcome::Second, Some(*r)),
                None => (Outcome::Draw, None),
            })
            .collect()
    }

    /// Outcomes and remoteness checked against their defining equations.
    fn check_equations(g: &Csr, r: &Retro) {
        for v in 0..g.len() as u32 {
            let s = g.successors(v);
            let lose: Vec<u32> = s
                .iter()
                .filter(|&&w| r.outcome(w) == Outcome::Second)
                .map(|&w| r.remoteness(w).unwrap())
                .collect();
            match r.outcome(v) {
                Outcome::First => {
                    assert_eq!(r.remoteness(v), Some(lose.iter().min().unwrap() + 1))
                }
                Outcome::Second => {
                    assert!(s.iter().all(|&w| r.outcome(w) == Outcome::First));
                    let m = s.iter().map(|&w| r.remoteness(w).unwrap() + 1).max();
                    assert_eq!(r.remoteness(v), Some(m.unwrap_or(0)));
                }
                Outcome::Draw => {
                    assert!(lose.is_empty());
                    assert!(s.iter().any(|&w| r.outcome(w) == Outcome::Draw));
                }
            }
        }
    }

    pub(crate) use crate::testing::{next, random_graph};

    #[test]
    fn agrees_with_the_definition_on_random_graphs() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for t in 0..400 {
            let n = 1 + t % 12;
            let m = (next(&mut seed) % (2 * n as u64 + 1)) as usize;
            let g = random_graph(&mut seed, n, m);
            let r = solve_csr(&g, None);
            check_equations(&g, &r);
            let outcomes: Vec<Outcome> = (0..n as u32).map(|v| r.outcome(v)).collect();
            let expect: Vec<Outcome> = naive(&g).iter().map(|x| x.0).collect();
            assert_eq!(outcomes, expect, "graph {g:?}");
            // the trait path (two-array engine) agrees with the packed CSR path
            assert_eq!(solve(&g), r);
        }
    }

    #[test]
    fn predecessors_from_the_rules_give_the_same_answer() {
        // Subtraction game {1,2} on 0..n with a loop at n-1 (a cycle): rules with unmoves.
        struct Sub(u32);
        impl IndexedGame for Sub {
            fn len(&self) -> usize {
                self.0 as usize
            }
            fn for_each_successor(&self, v: u32, f: &mut dyn FnMut(u32)) {
                for k in [1, 2] {
                    if v >= k {
                        f(v - k)
                    }
                }
                if v + 1 == self.0 {
                    f(v)
                }
            }
            fn has_predecessors(&self) -> bool {
                true
            }
            fn for_each_predecessor(&self, v: u32, f: &mut dyn FnMut(u32)) {
                for k in [1, 2] {
                    if v + k < self.0 {
                        f(v + k)
                    }
                }
                if v + 1 == self.0 {
                    f(v)
                }
            }
        }
        let g = Sub(50);
        let r = solve(&g);
        let csr = Csr::from_arcs(
            50,
            (0..50u32).flat_map(|v| {
                let mut s = Vec::new();
                g.for_each_successor(v, &mut |w| s.push((v, w)));
                s
            }),
        );
        assert_eq!(r, solve_csr(&csr, None));
        assert_eq!(r.outcome(3), Outcome::Second);
        assert_eq!(r.remoteness(3), Some(2));
        assert_eq!(r.outcome(49), Outcome::First); // 49 -> 48 (P) or 47, or stay
    }

    #[test]
    fn million_vertex_path_and_cycle_do_not_overflow() {
        let n = 1_000_000u32;
        let path = Csr::from_arcs(n as usize, (0..n - 1).map(|v| (v, v + 1)));
        let r = solve_csr(&path, None);
        assert_eq!(r.outcome(n - 1), Outcome::Second);
        assert_eq!(r.remoteness(0), Some(n - 1));
        assert_eq!(r.outcome(0), Outcome::First); // n - 1 moves: odd
        let cycle = Csr::from_arcs(n as usize, (0..n).map(|v| (v, (v + 1) % n)));
        let r = solve_csr(&cycle, None);
        assert_eq!(r.counts(), (0, 0, n as usize));
    }

    #[test]
    fn best_moves_hurry() {
        // 0 -> 1 (terminal) and 0 -> 2 -> 3 -> 4 (terminal): both 1 and 3 lose.
        let g = Csr::from_arcs(5, [(0, 1), (0, 2), (2, 3), (3, 4), (0, 3)].into_iter());
        let r = solve_csr(&g, None);
        assert_eq!(r.remoteness(0), Some(1));
        assert_eq!(best_moves(&g, &r, 0), vec![1]);
    }
}
