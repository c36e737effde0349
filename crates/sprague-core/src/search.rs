//! The one search skeleton: memoised, iterative (an explicit stack), limited, with cycle
//! detection. Every recursive solver of the core instantiates it with a [`Recurrence`]
//! that says how a state expands into the states it depends on and how their values
//! combine: Grundy values (mex of the options, XOR of the components), misère outcomes
//! (a win as soon as one option loses), every-move steps.
//!
//! Why one skeleton: the explicit stack (so that games a million moves deep do not overflow
//! the call stack), the position limit (so that a search too large fails cleanly instead of
//! exhausting memory), cycle detection and the early cut-off are easy to get subtly wrong;
//! written once, they are tested once.

use crate::error::{Error, Result};
use crate::limits::Limits;
use rustc_hash::{FxHashMap, FxHashSet};
use std::fmt::Debug;
use std::hash::Hash;

/// How the value of a state follows from the values of the states it depends on.
pub trait Recurrence {
    /// A state of the search (a position, a sorted multiset of components, ...).
    type State: Clone + Eq + Hash + Debug;
    /// The value computed for each state.
    type Value: Clone;
    /// What a state remembers between its expansion and its combination (e.g. whether its
    /// children are options or components).
    type Tag;

    /// The states whose values `state` needs (its children, in order) and its tag. Called
    /// once per state, when the search first enters it.
    fn expand(&mut self, state: &Self::State) -> Result<(Vec<Self::State>, Self::Tag)>;

    /// The state's value decided from one child's value alone, if it can be (misère play:
    /// an option that loses for the opponent wins at once). The default never decides early.
    fn cutoff(&self, tag: &Self::Tag, child: &Self::Value) -> Option<Self::Value> {
        let _ = (tag, child);
        None
    }

    /// The state's value from the values of all its children, in the order of `expand`.
    fn combine(&mut self, tag: Self::Tag, children: &[Self::Value]) -> Self::Value;

    /// Whether the search keeps the set of states on its stack to report a cycle as
    /// [`Error::Cycle`]. Recurrences over games known to be short (every play ends) may
    /// turn it off to save two hash operations a state: a cycle then still ends the search,
    /// at the budget, as [`Error::Limit`].
    fn detect_cycles(&self) -> bool {
        true
    }
}

/// Where the values of finished states are kept across searches.
pub trait Memo<S, V> {
    /// The value of `state`, if known.
    fn lookup(&self, state: &S) -> Option<V>;
    /// Records the value of `state`.
    fn record(&mut self, state: S, value: V);
    /// Number of states recorded.
    fn size(&self) -> usize;
}

impl<S: Eq + Hash, V: Clone> Memo<S, V> for FxHashMap<S, V> {
    fn lookup(&self, state: &S) -> Option<V> {
        self.get(state).cloned()
    }
    fn record(&mut self, state: S, value: V) {
        self.insert(state, value);
    }
    fn size(&self) -> usize {
        self.len()
    }
}

/// How many options a search may generate for each state its budget allows: the work of a
/// search is the options it generates, not only the states it stores (one state of a heap
/// of 10^7 has millions of options), so a search whose states have many options each
/// stops at this many per allowed state, in seconds rather than hours.
pub const OPTIONS_PER_STATE: u64 = 16;

/// A child waiting on the search's stack costs this fraction of a stored state: it is a
/// state without its memo entry and value. Counted, so that a deep search through states
/// of thousands of options each cannot hold far more memory than its limit implies.
const HELD_PER_STATE: u64 = 4;

/// The bound on a search: the most states it may hold (recorded, in progress, and a
/// quarter of the children waiting on the stack), the most options it may generate, what
/// to call them in the error when it is reached, and the caller's deadline, cancellation
/// flag and progress callback, checked every [`crate::limits::CHECK_EVERY`] states.
#[derive(Debug, Clone, Copy)]
pub struct Budget<'a> {
    /// The most states recorded and on the stack together.
    pub max_states: u64,
    /// The most options (children of expanded states) the search may generate in all:
    /// [`OPTIONS_PER_STATE`] for each of `max_states` unless set otherwise.
    pub max_options: u64,
    /// What the states are, for the error message (`"positions searched"`).
    pub what: &'a str,
    /// The deadline, flag and callback to honour (their `max_positions` is not read:
    /// `max_states` is the bound).
    pub limits: Option<&'a Limits>,
}

impl<'a> Budget<'a> {
    /// At most `max_states` states, called `what` in messages, with no deadline.
    pub fn new(max_states: u64, what: &'a str) -> Self {
        Budget {
            max_states,
            max_options: max_states.saturating_mul(OPTIONS_PER_STATE),
            what,
            limits: None,
        }
    }

    /// The same budget, generating at most `n` options in all.
    pub fn with_max_options(mut self, n: u64) -> Self {
        self.max_options = n;
        self
    }

    /// The same budget, also honouring the deadline, flag and callback of `limits`, and,
    /// when they give no position limit, generating at most
    /// [`Limits::DEFAULT_MAX_OPTIONS`] options.
    pub fn watched_by(mut self, limits: &'a Limits) -> Self {
        if limits.max_positions.is_none() {
            self.max_options = self.max_options.min(Limits::DEFAULT_MAX_OPTIONS);
        }
        self.limits = limits.watched().then_some(limits);
        self
    }
}

/// How many children the search looks at between two checks of the deadline and the flag:
/// fewer than [`crate::limits::CHECK_EVERY`], since expanding a state with many components (a misère sum
/// of dozens of heaps) can take a millisecond, and a check (a clock read) costs nanoseconds.
const CHECK_CHILDREN: u64 = 256;

struct Frame<S, T> {
    state: S,
    children: Vec<S>,
    next: usize,
    tag: T,
    /// Where this frame's children's values start on the shared value stack.
    base: usize,
}

/// The value of `start`, computing (and recording in `memo`) every state it depends on.
///
/// Depth-first over an explicit stack; a child already recorded is not searched again; a
/// child still on the stack is a cycle, reported as [`Error::Cycle`]; when the recorded
/// states plus the stack (with a quarter of the children waiting there) reach
/// `budget.max_states`, or the options generated exceed `budget.max_options`, the search
/// stops with [`Error::Limit`];
/// past the deadline of `budget.limits`, or once its flag is set, with [`Error::Timeout`]
/// or [`Error::Interrupted`] (checked when the search starts and every few thousand
/// children looked at).
/// States finished before an error stay recorded, so a later call resumes their work.
/// Each child's value is read from the memo once, when it is known, onto one value stack
/// shared by the frames (a frame's values sit above its parent's).
pub fn evaluate<R, M>(
    rec: &mut R,
    memo: &mut M,
    start: R::State,
    budget: Budget<'_>,
) -> Result<R::Value>
where
    R: Recurrence,
    M: Memo<R::State, R::Value>,
{
    if let Some(v) = memo.lookup(&start) {
        return Ok(v);
    }
    if let Some(limits) = budget.limits {
        // A search asked for after the deadline or the flag stops before it starts.
        limits.check(memo.size() as u64, budget.what)?;
    }
    let cycles = rec.detect_cycles();
    let mut on_stack: FxHashSet<R::State> = FxHashSet::default();
    let mut stack: Vec<Frame<R::State, R::Tag>> = Vec::new();
    let mut values: Vec<R::Value> = Vec::new();
    // Children looked at, for the checks of the deadline and the flag: counted per child
    // rather than per new state, since a state whose many children are all known takes
    // time without adding any.
    let mut looked: u64 = 0;
    let mut counts = Counts::default();
    push(
        rec,
        memo,
        &mut stack,
        &mut on_stack,
        start,
        budget,
        0,
        cycles,
        &mut counts,
    )?;
    loop {
        let stack_len = stack.len() as u64;
        let top = stack
            .last_mut()
            .expect("the loop returns when the stack empties");
        let mut decided: Option<R::Value> = None;
        let mut descend: Option<R::State> = None;
        while top.next < top.children.len() {
            if let Some(limits) = budget.limits {
                looked += 1;
                if looked & (CHECK_CHILDREN - 1) == 0 {
                    limits.check(memo.size() as u64 + stack_len, budget.what)?;
                }
            }
            let child = &top.children[top.next];
            match memo.lookup(child) {
                Some(v) => {
                    if let Some(early) = rec.cutoff(&top.tag, &v) {
                        decided = Some(early);
                        break;
                    }
                    values.push(v);
                    top.next += 1;
                }
                None => {
                    if cycles && on_stack.contains(child) {
                        return Err(Error::Cycle(format!(
                            "position {child:?} can be reached from itself"
                        )));
                    }
                    descend = Some(child.clone());
                    break;
                }
            }
        }
        if let Some(child) = descend {
            let base = values.len();
            push(
                rec,
                memo,
                &mut stack,
                &mut on_stack,
                child,
                budget,
                base,
                cycles,
                &mut counts,
            )?;
            continue;
        }
        let frame = stack.pop().expect("non-empty");
        counts.held -= frame.children.len() as u64;
        let value = match decided {
            Some(v) => v,
            None => rec.combine(frame.tag, &values[frame.base..]),
        };
        values.truncate(frame.base);
        if cycles {
            on_stack.remove(&frame.state);
        }
        if stack.is_empty() {
            memo.record(frame.state, value.clone());
            return Ok(value);
        }
        memo.record(frame.state, value);
    }
}

/// What a search has generated: options in all, and children now waiting on the stack.
#[derive(Default)]
struct Counts {
    generated: u64,
    held: u64,
}

/// The error of a search that holds as many states as its budget allows; `held` is the
/// part of them that are options waiting on the stack.
fn state_limit(budget: Budget<'_>, held: u64) -> Error {
    Error::Limit {
        what: if held > 0 {
            format!("{} (with the options waiting to be searched)", budget.what)
        } else {
            budget.what.to_string()
        },
        limit: budget.max_states,
    }
}

#[allow(clippy::too_many_arguments)]
fn push<R, M>(
    rec: &mut R,
    memo: &M,
    stack: &mut Vec<Frame<R::State, R::Tag>>,
    on_stack: &mut FxHashSet<R::State>,
    state: R::State,
    budget: Budget<'_>,
    base: usize,
    cycles: bool,
    counts: &mut Counts,
) -> Result<()>
where
    R: Recurrence,
    M: Memo<R::State, R::Value>,
{
    let held = counts.held / HELD_PER_STATE;
    if memo.size() as u64 + stack.len() as u64 + held >= budget.max_states {
        return Err(state_limit(budget, held));
    }

    let (children, tag) = rec.expand(&state)?;
    let n = children.len() as u64;
    counts.generated += n;
    counts.held += n;
    if counts.generated > budget.max_options {
        return Err(Error::Limit {
            what: format!(
                "options generated by the {} ({OPTIONS_PER_STATE} allowed for each position of the limit)",
                budget.what
            ),
            limit: budget.max_options,
        });
    }
    let held = counts.held / HELD_PER_STATE;
    if memo.size() as u64 + stack.len() as u64 + held > budget.max_states {
        return Err(state_limit(budget, held));
    }
    if cycles {
        on_stack.insert(state.clone());
    }
    stack.push(Frame {
        state,
        children,
        next: 0,
        tag,
        base,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::CHECK_EVERY;

    /// Longest path to 0 in the graph n -> n-1, n -> n/2 (a toy recurrence).
    struct Longest;
    impl Recurrence for Longest {
        type State = u64;
        type Value = u64;
        type Tag = ();
        fn expand(&mut self, &n: &u64) -> Result<(Vec<u64>, ())> {
            Ok((if n == 0 { vec![] } else { vec![n - 1, n / 2] }, ()))
        }
        fn combine(&mut self, _: (), children: &[u64]) -> u64 {
            children.iter().map(|v| v + 1).max().unwrap_or(0)
        }
    }

    fn budget(n: u64) -> Budget<'static> {
        Budget::new(n, "states")
    }

    #[test]
    fn a_passed_deadline_or_a_set_flag_stops_the_search() {
        use crate::limits::Deadline;
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        use std::time::{Duration, Instant};
        let passed = Limits::default().with_deadline(Some(Deadline {
            at: Instant::now(),
            timeout: Duration::from_secs(3),
        }));
        let mut memo = FxHashMap::default();
        let err = evaluate(
            &mut Longest,
            &mut memo,
            100_000,
            budget(1_000_000).watched_by(&passed),
        )
        .unwrap_err();
        assert!(matches!(err, Error::Timeout { searched: 0, .. }), "{err}");
        assert!(err.to_string().contains("--timeout 3"), "{err}");

        // A flag set while the search runs (here by the progress callback, as a Ctrl-C
        // handler would from another thread) stops it at the next check.
        let flag = Arc::new(AtomicBool::new(false));
        let f = flag.clone();
        let limits = Limits::default().with_cancel(flag.clone()).with_progress(
            crate::limits::ProgressFn::new(move |p: crate::limits::Progress<'_>| {
                if p.searched >= 3 * CHECK_EVERY {
                    f.store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }),
        );
        let err = evaluate(
            &mut Longest,
            &mut memo,
            100_000,
            budget(1_000_000).watched_by(&limits),
        )
        .unwrap_err();
        assert!(
            matches!(err, Error::Interrupted { searched, .. } if (3 * CHECK_EVERY..4 * CHECK_EVERY).contains(&searched)),
            "{err}"
        );
        // Unwatched, the same search finishes, resuming the work already recorded.
        assert_eq!(
            evaluate(&mut Longest, &mut memo, 100_000, budget(1_000_000)),
            Ok(100_000)
        );
    }

    #[test]
    fn values_follow_the_recurrence_without_recursion() {
        let mut memo = FxHashMap::default();
        let v = evaluate(&mut Longest, &mut memo, 1_000_000, budget(10_000_000)).unwrap();
        assert_eq!(v, 1_000_000);
        assert_eq!(memo.len(), 1_000_001);
    }

    #[test]
    fn the_budget_fails_cleanly_and_keeps_finished_work() {
        let mut memo = FxHashMap::default();
        assert_eq!(evaluate(&mut Longest, &mut memo, 50, budget(100)), Ok(50));
        let err = evaluate(&mut Longest, &mut memo, 1000, budget(100)).unwrap_err();
        assert!(matches!(err, Error::Limit { limit: 100, .. }), "{err}");
        assert_eq!(
            memo.len(),
            51,
            "the depth-first descent found no new state to finish"
        );
        // The recorded states are right, and a larger budget finishes the job.
        for (&n, &v) in &memo {
            assert_eq!(v, n);
        }
        assert_eq!(
            evaluate(&mut Longest, &mut memo, 1000, budget(5000)),
            Ok(1000)
        );
    }

    /// Every n > 0 has the options 0..n (a Nim heap without its theorem).
    struct Heap;
    impl Recurrence for Heap {
        type State = u64;
        type Value = u64;
        type Tag = ();
        fn expand(&mut self, &n: &u64) -> Result<(Vec<u64>, ())> {
            Ok(((0..n).rev().collect(), ()))
        }
        fn combine(&mut self, _: (), children: &[u64]) -> u64 {
            children.len() as u64
        }
    }

    #[test]
    fn options_generated_and_held_count_against_the_budget() {
        // Heap 2000 holds 2000 + 1999 + ... children on its stack while it descends (the
        // largest option first): far more than 1000 positions' worth of memory.
        let err = evaluate(&mut Heap, &mut FxHashMap::default(), 2000, budget(1000)).unwrap_err();
        assert!(
            matches!(&err, Error::Limit { limit: 1000, what } if what.contains("waiting")),
            "{err}"
        );
        // Ascending options are stored as they come: few are held, but 2000²/2 options
        // are generated, more than 16 per allowed position.
        struct Ascending;
        impl Recurrence for Ascending {
            type State = u64;
            type Value = u64;
            type Tag = ();
            fn expand(&mut self, &n: &u64) -> Result<(Vec<u64>, ())> {
                Ok(((0..n).collect(), ()))
            }
            fn combine(&mut self, _: (), children: &[u64]) -> u64 {
                children.len() as u64
            }
        }
        let err = evaluate(
            &mut Ascending,
            &mut FxHashMap::default(),
            2000,
            budget(10_000),
        )
        .unwrap_err();
        assert!(
            matches!(&err, Error::Limit { limit: 160_000, what } if what.contains("options generated")),
            "{err}"
        );
        let b = budget(10_000).with_max_options(3_000_000);
        assert_eq!(
            evaluate(&mut Ascending, &mut FxHashMap::default(), 2000, b),
            Ok(2000)
        );
    }

    /// A win (true) as soon as one child loses; children n -> n+1 mod 3 form a cycle.
    struct Cyclic;
    impl Recurrence for Cyclic {
        type State = u8;
        type Value = bool;
        type Tag = ();
        fn expand(&mut self, &n: &u8) -> Result<(Vec<u8>, ())> {
            Ok((vec![(n + 1) % 3], ()))
        }
        fn cutoff(&self, _: &(), child: &bool) -> Option<bool> {
            (!child).then_some(true)
        }
        fn combine(&mut self, _: (), _: &[bool]) -> bool {
            false
        }
    }

    #[test]
    fn cycles_are_errors() {
        let mut memo = FxHashMap::default();
        let err = evaluate(&mut Cyclic, &mut memo, 0, budget(100)).unwrap_err();
        assert!(matches!(err, Error::Cycle(_)), "{err}");
    }

    /// The same cycle, searched without the on-stack set: the budget still ends it.
    struct CyclicUnchecked;
    impl Recurrence for CyclicUnchecked {
        type State = u8;
        type Value = bool;
        type Tag = ();
        fn expand(&mut self, &n: &u8) -> Result<(Vec<u8>, ())> {
            Ok((vec![(n + 1) % 3], ()))
        }
        fn combine(&mut self, _: (), _: &[bool]) -> bool {
            false
        }
        fn detect_cycles(&self) -> bool {
            false
        }
    }

    #[test]
    fn unchecked_cycles_end_at_the_budget() {
        let mut memo = FxHashMap::default();
        let err = evaluate(&mut CyclicUnchecked, &mut memo, 0, budget(100)).unwrap_err();
        assert!(matches!(err, Error::Limit { limit: 100, .. }), "{err}");
    }

    /// Subtraction {1, 2} as win/lose with cut-off: n wins iff n mod 3 != 0.
    struct TakeOneOrTwo {
        expanded: usize,
    }
    impl Recurrence for TakeOneOrTwo {
        type State = u64;
        type Value = bool;
        type Tag = ();
        fn expand(&mut self, &n: &u64) -> Result<(Vec<u64>, ())> {
            self.expanded += 1;
            Ok((
                [1, 2].iter().filter(|&&k| k <= n).map(|&k| n - k).collect(),
                (),
            ))
        }
        fn cutoff(&self, _: &(), child: &bool) -> Option<bool> {
            (!child).then_some(true)
        }
        fn combine(&mut self, _: (), _: &[bool]) -> bool {
            false // every child wins for the opponent (or there is none)
        }
    }

    #[test]
    fn cutoffs_decide_early() {
        let mut rec = TakeOneOrTwo { expanded: 0 };
        let mut memo = FxHashMap::default();
        for n in 0..60u64 {
            assert_eq!(
                evaluate(&mut rec, &mut memo, n, budget(1000)).unwrap(),
                n % 3 != 0
            );
        }
        assert_eq!(rec.expanded, 60);
    }
}
