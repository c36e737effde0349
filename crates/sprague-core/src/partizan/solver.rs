//! The generic canonical-form solver of a [`Ruleset`]: the value of a position is the sum of
//! the values of its components, and the value of a component is the canonical game whose
//! options are the values of its Left and Right options (`Context::from_options`).
//!
//! Components are memoised under their normal form ([`Ruleset::normalize`]), so that
//! reflections share one entry and role-swapped images share one entry up to negation. The
//! search is the core's one skeleton ([`crate::search`]: an explicit stack, so deep
//! games cannot overflow the call stack) and stops cleanly with
//! [`Error::Limit`](crate::error::Error::Limit) when more components than the limit would be
//! stored.
//! All ids live in the caller's [`Context`]; one solver must be used with one context.
//!
//! [`ValueSolver::in_parallel`] makes a solver use every thread of the current rayon pool:
//! threads with contexts of their own over the caller's games (`Context::sharing`) solve
//! the positions a few moves below the first position asked for, sharing what they solve
//! through a [`SharedTable`]; the solver then finds those positions solved.

use super::memo::{CompactMemo, Link};
use super::rules::Ruleset;
use super::shared::{SharedKeys, SharedTable};
use crate::error::Result;
use crate::limits::Limits;
use crate::partizan::canonical::{Context, GameId};
use crate::search::{evaluate, Budget, Memo, Recurrence};
use crate::value::Side;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// The tables shared by the threads of a parallel search: the positions solved under the
/// ruleset's compact keys and under the generic search's keys.
pub(super) struct Shared<P> {
    compact: Arc<SharedKeys>,
    generic: Arc<SharedTable<P>>,
}

impl<P: std::hash::Hash + Eq> Shared<P> {
    fn new() -> Self {
        Shared {
            compact: Arc::new(SharedKeys::new()),
            generic: Arc::new(SharedTable::new()),
        }
    }
}

impl<P> Clone for Shared<P> {
    fn clone(&self) -> Self {
        Shared {
            compact: Arc::clone(&self.compact),
            generic: Arc::clone(&self.generic),
        }
    }
}

/// What a stored component costs the solver, measured on Domineering (134 bytes: the memo
/// entry, and the canonical form it names in the caller's context).
const BYTES_PER_COMPONENT: u64 = 150;

/// The most threads a parallel search uses. The threads share one arena, one table of the
/// components solved and one memo of sums; each adds its caches and its memo of
/// comparisons (Domineering 6×6: 335 MiB on four threads, 317 on two).
pub const MAX_THREADS: usize = 16;

/// A parallel search looks for a frontier of at least this many positions a thread, so
/// that the threads start apart and finish together...
const FRONTIER_PER_THREAD: usize = 8;
/// ... no deeper than this many moves below the position asked for ...
const FRONTIER_DEPTH: usize = 3;
/// ... and of at most this many positions (the frontier is generated on one thread).
const FRONTIER_MAX: usize = 20_000;

/// The progress of the threads of a parallel search, measure by measure: each thread
/// counts only its own work (its comparisons, the components it stored), so the caller is
/// told the sum of the threads' latest counts, which only grows, and not whichever thread
/// spoke last, which jumped back and forth.
struct ThreadTotals {
    /// Each measure named so far, with the latest count of each thread.
    latest: std::sync::Mutex<Vec<(String, Vec<u64>)>>,
    threads: usize,
}

impl ThreadTotals {
    fn new(threads: usize) -> Self {
        ThreadTotals {
            latest: std::sync::Mutex::new(Vec::new()),
            threads,
        }
    }

    /// Notes that `thread` has counted `p.searched` of `p.what`, and tells `to` the total
    /// over the threads. Under the lock, so that the totals reach `to` in the order they
    /// grew. (Called every few thousand steps of a thread, so the lock is seldom waited
    /// for.)
    fn report(
        &self,
        thread: usize,
        p: crate::limits::Progress<'_>,
        to: &crate::limits::ProgressFn,
    ) {
        let mut latest = crate::partizan::canonical::lock(&self.latest);
        let what = p.what;
        let at = match latest.iter().position(|(w, _)| w == what) {
            Some(at) => at,
            None => {
                latest.push((what.to_string(), vec![0; self.threads]));
                latest.len() - 1
            }
        };
        let counts = &mut latest[at].1;
        if let Some(c) = counts.get_mut(thread) {
            *c = p.searched;
        }
        let searched = counts.iter().sum();
        (to.0)(crate::limits::Progress { searched, what });
    }
}

/// Memoised canonical values of a ruleset's positions.
pub struct ValueSolver<'r, R: Ruleset> {
    rules: &'r R,
    memo: FxHashMap<R::Position, GameId>,
    /// Components under the ruleset's compact keys ([`Ruleset::solve_component`]).
    compact: CompactMemo<'r>,
    limit: u64,
    limits: Limits,
    closed_forms: bool,
    fast_path: bool,
    /// The threads of the parallel search (1: none), set by [`ValueSolver::in_parallel`].
    threads: usize,
    /// The tables shared with the threads, once a parallel search began.
    shared: Option<Shared<R::Position>>,
}

impl<'r, R: Ruleset> ValueSolver<'r, R> {
    /// A solver that stores at most `limit` components.
    pub fn new(rules: &'r R, limit: u64) -> Self {
        Self::with_limits(rules, Limits::positions(limit))
    }

    /// A solver bounded by `limits` (components stored, deadline, cancellation, progress).
    pub fn with_limits(rules: &'r R, limits: Limits) -> Self {
        ValueSolver {
            rules,
            memo: FxHashMap::default(),
            compact: CompactMemo::new(
                limits.clone(),
                format!("{} components searched", rules.name()),
            ),
            limit: limits.max_positions_at(BYTES_PER_COMPONENT),
            limits,
            closed_forms: true,
            fast_path: true,
            threads: 1,
            shared: None,
        }
    }

    /// The same solver, calling `f` with the number of components stored under compact
    /// keys each time it passes a multiple of 65536 (for progress reports on long searches).
    pub fn with_progress(mut self, f: impl FnMut(usize) + 'r) -> Self {
        self.compact.set_progress(Box::new(f));
        self
    }

    /// The same solver, never using the ruleset's own search
    /// ([`Ruleset::solve_component`]), to check it against the generic one.
    pub fn without_fast_path(mut self) -> Self {
        self.fast_path = false;
        self
    }

    /// The same solver, searching every component instead of using the ruleset's closed
    /// forms (to check them).
    pub fn without_closed_forms(mut self) -> Self {
        self.closed_forms = false;
        self
    }

    /// Components stored so far: the distinct components solved, by every thread of a
    /// parallel search (the same count whatever the number of threads).
    pub fn positions(&self) -> usize {
        match &self.shared {
            Some(s) => (s.compact.len() + s.generic.len()) as usize,
            None => self.memo.len() + self.compact.own_len(),
        }
    }

    /// Links this solver to the tables shared by the threads of a search; `salt` numbers
    /// its thread, of `threads`.
    fn link(&mut self, shared: Shared<R::Position>, salt: u32, threads: u32) {
        self.compact
            .link(Link::new(Arc::clone(&shared.compact)), salt, threads);
        self.shared = Some(shared);
    }

    /// The canonical value of `p`.
    pub fn value(&mut self, ctx: &mut Context, p: &R::Position) -> Result<GameId> {
        let mut comps = Vec::new();
        self.rules.components(p, &mut comps);
        if self.threads > 1 && self.shared.is_none() {
            // The first position asked for: the threads solve the positions below it.
            let shared = Shared::new();
            self.link(shared.clone(), 0, self.threads as u32);
            self.solve_below(ctx, &comps, &shared)?;
        }
        let mut total = ctx.zero();
        for c in &comps {
            if self.fast_path {
                let room = self.limit.saturating_sub(self.memo.len() as u64);
                if let Some(v) = self.rules.solve_component(c, ctx, &mut self.compact, room) {
                    total = ctx.add(total, v?);
                    continue;
                }
            }
            let (q, neg) = self.rules.normalize(c);
            // A closed form costs nothing to recompute: it takes no room in the memo.
            let closed = if self.closed_forms {
                self.rules.closed_form(&q, ctx)
            } else {
                None
            };
            let v = match closed {
                Some(v) => v,
                None => self.solve(ctx, q)?,
            };
            let v = if neg { ctx.neg(v) } else { v };
            total = ctx.add(total, v);
        }
        // A context stopped by its limits (`Context::watch`) gives meaningless games.
        ctx.stopped()?;
        Ok(total)
    }

    /// The moves of `side` from `p` that win for `side` moving first (the option is ≥ 0
    /// for Left, ≤ 0 for Right), each with its name and value.
    pub fn winning_moves(
        &mut self,
        ctx: &mut Context,
        p: &R::Position,
        side: Side,
    ) -> Result<Vec<(String, GameId)>> {
        let zero = ctx.zero();
        let mut out = Vec::new();
        for (name, q) in self.rules.moves(p, side) {
            let v = self.value(ctx, &q)?;
            let wins = match side {
                Side::Left => ctx.le(zero, v),
                Side::Right => ctx.le(v, zero),
            };
            if wins {
                out.push((name, v));
            }
        }
        Ok(out)
    }

    /// The same solver, solving on the threads of the rayon pool it is called from (at most
    /// [`MAX_THREADS`], one context each) the positions a few moves below the first
    /// position asked for, before solving that position itself. Values and
    /// [`ValueSolver::positions`] are the same whatever the number of threads; the limits
    /// bound each thread (positions: those stored by all of them together).
    pub fn in_parallel(mut self) -> Self {
        self.threads = rayon::current_num_threads().min(MAX_THREADS);
        self
    }

    /// The distinct normalised components a few moves below `comps`, at the first depth
    /// where there are at least [`FRONTIER_PER_THREAD`] a thread (or at
    /// [`FRONTIER_DEPTH`]), the shallower depth where the next would pass
    /// [`FRONTIER_MAX`].
    fn frontier(&self, comps: &[R::Position]) -> Vec<R::Position> {
        let want = self.threads.saturating_mul(FRONTIER_PER_THREAD);
        let mut seen = rustc_hash::FxHashSet::default();
        let mut level: Vec<R::Position> = Vec::new();
        for c in comps {
            let n = self.rules.normalize(c).0;
            if seen.insert(n.clone()) {
                level.push(n);
            }
        }
        let (mut opts, mut parts) = (Vec::new(), Vec::new());
        for _ in 0..FRONTIER_DEPTH {
            if level.len() >= want {
                break;
            }
            let mut next = Vec::new();
            seen.clear();
            for q in &level {
                for side in [Side::Left, Side::Right] {
                    opts.clear();
                    self.rules.value_options(q, side, &mut opts);
                    for o in &opts {
                        parts.clear();
                        self.rules.components(o, &mut parts);
                        for c in &parts {
                            let n = self.rules.normalize(c).0;
                            if seen.insert(n.clone()) {
                                next.push(n);
                            }
                        }
                    }
                }
                if next.len() > FRONTIER_MAX {
                    return level;
                }
            }
            if next.is_empty() {
                break;
            }
            level = next;
        }
        level
    }

    /// Solves the frontier below `comps` ([`ValueSolver::frontier`]) on the threads of the
    /// pool, each with its own context over `ctx`'s games and its own solver linked to
    /// `shared`, taking the next unsolved position in turn. The first error stops every
    /// thread and is returned.
    fn solve_below(
        &self,
        ctx: &Context,
        comps: &[R::Position],
        shared: &Shared<R::Position>,
    ) -> Result<()> {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        use std::sync::Mutex;
        let frontier = self.frontier(comps);
        if frontier.len() < 2 {
            return Ok(());
        }
        let next = AtomicUsize::new(0);
        let first_error: Mutex<Option<crate::error::Error>> = Mutex::new(None);
        // The threads stop on their own flag: set by the first to fail, or when the
        // caller's flag is set (seen where the limits call their progress callback).
        let stop = Arc::new(AtomicBool::new(false));
        let limits = self.limits.clone().with_cancel(Arc::clone(&stop));
        let (callers_flag, callers_progress) =
            (self.limits.cancel.clone(), self.limits.progress.clone());
        let totals = Arc::new(ThreadTotals::new(self.threads));
        // Each thread's limits: its counts go into the totals, and the caller is told
        // those (each thread counts only its own work).
        let thread_limits = |thread: usize| {
            let (flag, progress, forward) = (
                callers_flag.clone(),
                callers_progress.clone(),
                Arc::clone(&stop),
            );
            let totals = Arc::clone(&totals);
            let mut limits = limits.clone();
            limits.progress = Some(crate::limits::ProgressFn::new(move |p| {
                if flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
                    forward.store(true, Ordering::Relaxed);
                }
                if let Some(f) = &progress {
                    totals.report(thread, p, f);
                }
            }));
            limits
        };
        let (rules, closed_forms, fast_path) = (self.rules, self.closed_forms, self.fast_path);
        let contexts: Vec<Context> = (0..self.threads).map(|_| ctx.sharing()).collect();
        let threads = self.threads as u32;
        rayon::scope(|scope| {
            for (salt, mut ctx) in contexts.into_iter().enumerate() {
                let limits = thread_limits(salt);
                let (frontier, next, first_error, stop) = (&frontier, &next, &first_error, &stop);
                scope.spawn(move |_| {
                    ctx.watch(&limits);
                    let mut solver = ValueSolver::with_limits(rules, limits);
                    solver.closed_forms = closed_forms;
                    solver.fast_path = fast_path;
                    solver.link(shared.clone(), salt as u32, threads);
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(q) = frontier.get(i) else {
                            break;
                        };
                        if let Err(e) = solver.value(&mut ctx, q) {
                            let mut slot = first_error.lock().unwrap_or_else(|e| e.into_inner());
                            slot.get_or_insert(e);
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                });
            }
        });
        match first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    fn solve(&mut self, ctx: &mut Context, root: R::Position) -> Result<GameId> {
        if let Some(&v) = self.memo.get(&root) {
            return Ok(v);
        }
        let generic = self.shared.as_ref().map(|s| Arc::clone(&s.generic));
        if let Some(v) = generic.as_ref().and_then(|table| table.get(&root)) {
            return Ok(v);
        }
        let stored = self.positions() as u64;
        let what = format!("{} components searched", self.rules.name());
        // The compact table counts against the same limit (and, on several threads, what
        // the others stored).
        let held = stored.saturating_sub(self.memo.len() as u64);
        let budget = Budget::new(self.limit.saturating_sub(held), &what).watched_by(&self.limits);
        let mut rec = Canonical {
            rules: self.rules,
            ctx,
            compact: &mut self.compact,
            generic: generic.as_deref(),
            room: self.limit.saturating_sub(stored),
            closed_forms: self.closed_forms,
            fast_path: self.fast_path,
            opts: Vec::new(),
            comps: Vec::new(),
            values: [Vec::new(), Vec::new()],
        };
        let mut memo = ThreadMemo {
            own: &mut self.memo,
            shared: generic.as_deref(),
        };
        evaluate(&mut rec, &mut memo, root, budget)
    }
}

/// The memo of a search: the solver's own table, and on a thread of a parallel search the
/// threads' table behind it. A child is looked up there when its turn comes, not when its
/// parent is expanded: by then another thread may have solved it (docs/partizan.md,
/// "Threads").
struct ThreadMemo<'a, P> {
    own: &'a mut FxHashMap<P, GameId>,
    shared: Option<&'a SharedTable<P>>,
}

impl<P: std::hash::Hash + Eq> Memo<P, GameId> for ThreadMemo<'_, P> {
    fn lookup(&self, state: &P) -> Option<GameId> {
        if let Some(&v) = self.own.get(state) {
            return Some(v);
        }
        self.shared?.get(state)
    }
    fn record(&mut self, state: P, value: GameId) {
        self.own.insert(state, value);
    }
    fn size(&self) -> usize {
        self.own.len()
    }
}

/// Canonical values as a [`Recurrence`] over normalised components: a component depends
/// on the components of its options not solved otherwise (closed forms and the ruleset's
/// own search are used at expansion), and its value is `Context::from_options` over the
/// sums of its options' components.
struct Canonical<'a, 'r, R: Ruleset> {
    rules: &'r R,
    ctx: &'a mut Context,
    compact: &'a mut CompactMemo<'r>,
    /// The components solved by the threads of a parallel search.
    generic: Option<&'a SharedTable<R::Position>>,
    /// Room left for the ruleset's own search.
    room: u64,
    closed_forms: bool,
    fast_path: bool,
    /// Scratch buffers reused from state to state (options, their components, the values
    /// of each side's options).
    opts: Vec<R::Position>,
    comps: Vec<R::Position>,
    values: [Vec<GameId>; 2],
}

/// A component of an option: its value when known at expansion (sign applied), or the
/// index of the child state that gives it and whether to negate it.
enum Item {
    Known(GameId),
    Child(u32, bool),
}

/// What a component remembers between expansion and combination: the items of its
/// options, Left's options ending at `ends[0]`, Right's at `ends[1]` (or a closed form).
enum Expansion<P> {
    /// A closed form, and the component when its solving is to be recorded (parallel
    /// searches only: it counts as searched, as the memo of one thread counts it).
    Closed(GameId, Option<P>),
    Options {
        items: Vec<Item>,
        ends: [Vec<u32>; 2],
        /// The component, to share its value (parallel searches only).
        key: Option<P>,
    },
}

impl<R: Ruleset> Recurrence for Canonical<'_, '_, R> {
    type State = R::Position;
    type Value = GameId;
    type Tag = Expansion<R::Position>;

    fn expand(&mut self, q: &R::Position) -> Result<(Vec<R::Position>, Self::Tag)> {
        // The context's own bound on comparisons, checked once per component.
        self.ctx.stopped()?;
        if self.closed_forms {
            if let Some(v) = self.rules.closed_form(q, self.ctx) {
                let key = self.generic.map(|_| q.clone());
                return Ok((Vec::new(), Expansion::Closed(v, key)));
            }
        }
        let mut children = Vec::new();
        let mut items = Vec::new();
        let mut ends: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        let mut opts = std::mem::take(&mut self.opts);
        let mut comps = std::mem::take(&mut self.comps);
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            opts.clear();
            self.rules.value_options(q, side, &mut opts);
            for o in &opts {
                comps.clear();
                self.rules.components(o, &mut comps);
                for c in &comps {
                    // Components the ruleset's own search takes (e.g. the parts of a
                    // large Domineering board that fit in 8×8) are solved there, by its
                    // iterative search.
                    if self.fast_path {
                        if let Some(v) =
                            self.rules
                                .solve_component(c, self.ctx, self.compact, self.room)
                        {
                            match v {
                                Ok(v) => items.push(Item::Known(v)),
                                Err(e) => {
                                    self.opts = opts;
                                    self.comps = comps;
                                    return Err(e);
                                }
                            }
                            continue;
                        }
                    }
                    let (n, neg) = self.rules.normalize(c);
                    items.push(Item::Child(children.len() as u32, neg));
                    children.push(n);
                }
                ends[k].push(items.len() as u32);
            }
        }
        self.opts = opts;
        self.comps = comps;
        let key = self.generic.map(|_| q.clone());
        // Each thread starts at its own share of the children (thread k of t at child
        // k·n/t): threads that took the same children in the same order searched the same
        // states at the same time, each before the other had shared them. The children
        // are not looked up in the threads' table here: `ThreadMemo` looks them up when
        // their turns come.
        let n = children.len();
        let turn = self.compact.first_child(n);
        if turn != 0 {
            children.rotate_left(turn);
            for item in &mut items {
                if let Item::Child(i, _) = item {
                    *i = ((*i as usize + n - turn) % n) as u32;
                }
            }
        }
        Ok((children, Expansion::Options { items, ends, key }))
    }

    fn detect_cycles(&self) -> bool {
        // Rulesets describe short games (every play ends); a repeating position would end
        // the search at its limit.
        false
    }

    fn combine(&mut self, tag: Self::Tag, children: &[GameId]) -> GameId {
        let (items, ends, key) = match tag {
            Expansion::Closed(v, key) => {
                if let (Some(key), Some(table)) = (key, self.generic) {
                    table.record(key, None);
                }
                return v;
            }
            Expansion::Options { items, ends, key } => (items, ends, key),
        };
        let mut values = std::mem::take(&mut self.values);
        let mut start = 0usize;
        for (vals, ends) in values.iter_mut().zip(&ends) {
            vals.clear();
            for &end in ends {
                // The first component's value starts the sum (adding it to zero would cost
                // a memo lookup in the context for nothing).
                let mut total: Option<GameId> = None;
                for item in &items[start..end as usize] {
                    let v = match *item {
                        Item::Known(v) => v,
                        Item::Child(i, neg) => {
                            let v = children[i as usize];
                            if neg {
                                self.ctx.neg(v)
                            } else {
                                v
                            }
                        }
                    };
                    total = Some(match total {
                        None => v,
                        Some(t) => self.ctx.add(t, v),
                    });
                }
                start = end as usize;
                vals.push(total.unwrap_or_else(|| self.ctx.zero()));
            }
        }
        let v = self.ctx.from_options(&values[0], &values[1]);
        self.values = values;
        if let (Some(key), Some(table)) = (key, self.generic) {
            table.record(key, Some(v));
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The caller of a parallel search is told, measure by measure, the sum of each
    /// thread's latest count, not the count of the thread that spoke last.
    #[test]
    fn threads_progress_is_told_as_totals() {
        use crate::limits::{Progress, ProgressFn};
        use crate::partizan::canonical::lock;
        use std::sync::Mutex;
        let told: Arc<Mutex<Vec<(String, u64)>>> = Arc::default();
        let to = {
            let told = Arc::clone(&told);
            ProgressFn::new(move |p: Progress<'_>| {
                lock(&told).push((p.what.to_string(), p.searched));
            })
        };
        let totals = ThreadTotals::new(3);
        let say = |thread: usize, searched: u64, what: &str| {
            totals.report(thread, Progress { searched, what }, &to);
        };
        say(0, 4096, "comparisons");
        say(1, 8192, "comparisons");
        say(0, 8192, "comparisons");
        say(2, 4096, "components");
        say(1, 12288, "comparisons");
        say(0, 4096, "components");
        // A thread past the count it was made for is not counted (nor a panic).
        say(7, 1 << 40, "comparisons");
        let want: Vec<(String, u64)> = [
            ("comparisons", 4096),
            ("comparisons", 12288),
            ("comparisons", 16384),
            ("components", 4096),
            ("comparisons", 20480),
            ("components", 8192),
            ("comparisons", 20480),
        ]
        .iter()
        .map(|&(w, n)| (w.to_string(), n))
        .collect();
        assert_eq!(*lock(&told), want);
    }

    /// A search's memo reads its own table first, then the threads' table (what another
    /// thread solved while this one was elsewhere), and records in its own.
    #[test]
    fn a_threads_memo_falls_back_to_the_shared_table() {
        let shared: SharedTable<u32> = SharedTable::new();
        let mut own: FxHashMap<u32, GameId> = FxHashMap::default();
        own.insert(1, GameId(10));
        shared.record(1, Some(GameId(11)));
        shared.record(2, Some(GameId(20)));
        // Solved by another thread, without a value to share (a small component).
        shared.record(3, None);
        let mut memo = ThreadMemo {
            own: &mut own,
            shared: Some(&shared),
        };
        assert_eq!(memo.lookup(&1), Some(GameId(10)));
        assert_eq!(memo.lookup(&2), Some(GameId(20)));
        assert_eq!(memo.lookup(&3), None);
        assert_eq!(memo.lookup(&4), None);
        memo.record(4, GameId(40));
        assert_eq!(memo.lookup(&4), Some(GameId(40)));
        assert_eq!(memo.size(), 2);
        // Alone, a search reads its own table only.
        let alone = ThreadMemo {
            own: &mut own,
            shared: None,
        };
        assert_eq!(alone.lookup(&2), None);
        assert_eq!(alone.lookup(&4), Some(GameId(40)));
    }
}
