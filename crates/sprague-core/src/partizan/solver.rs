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

use super::memo::CompactMemo;
use super::rules::Ruleset;
use crate::error::Result;
use crate::limits::Limits;
use crate::partizan::canonical::{Context, GameId};
use crate::search::{evaluate, Budget, Recurrence};
use crate::value::Side;
use rustc_hash::FxHashMap;

/// What a stored component costs the solver, measured on Domineering (134 bytes: the memo
/// entry, and the canonical form it names in the caller's context).
const BYTES_PER_COMPONENT: u64 = 150;

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

    /// Components stored so far.
    pub fn positions(&self) -> usize {
        self.memo.len() + self.compact.map.len()
    }

    /// The canonical value of `p`.
    pub fn value(&mut self, ctx: &mut Context, p: &R::Position) -> Result<GameId> {
        let mut comps = Vec::new();
        self.rules.components(p, &mut comps);
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

    fn solve(&mut self, ctx: &mut Context, root: R::Position) -> Result<GameId> {
        if let Some(&v) = self.memo.get(&root) {
            return Ok(v);
        }
        let stored = (self.memo.len() + self.compact.map.len()) as u64;
        let what = format!("{} components searched", self.rules.name());
        // The compact table counts against the same limit.
        let budget = Budget::new(
            self.limit.saturating_sub(self.compact.map.len() as u64),
            &what,
        )
        .watched_by(&self.limits);
        let mut rec = Canonical {
            rules: self.rules,
            ctx,
            compact: &mut self.compact,
            room: self.limit.saturating_sub(stored),
            closed_forms: self.closed_forms,
            fast_path: self.fast_path,
            opts: Vec::new(),
            comps: Vec::new(),
            values: [Vec::new(), Vec::new()],
        };
        evaluate(&mut rec, &mut self.memo, root, budget)
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
enum Expansion {
    Closed(GameId),
    Options {
        items: Vec<Item>,
        ends: [Vec<u32>; 2],
    },
}

impl<R: Ruleset> Recurrence for Canonical<'_, '_, R> {
    type State = R::Position;
    type Value = GameId;
    type Tag = Expansion;

    fn expand(&mut self, q: &R::Position) -> Result<(Vec<R::Position>, Expansion)> {
        // The context's own bound on comparisons, checked once per component.
        self.ctx.stopped()?;
        if self.closed_forms {
            if let Some(v) = self.rules.closed_form(q, self.ctx) {
                return Ok((Vec::new(), Expansion::Closed(v)));
            }
        }
        let mut children = Vec::new();
        let mut items = Vec::new();
        let mut ends: [Vec<u32>; 2] = [Vec::new(), Vec::new()];
        let mut opts = std::mem::take(&mut self.opts);
        let mut comps = std::mem::take(&mut self.comps);
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            opts.clear();
            self.rules.options(q, side, &mut opts);
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
        Ok((children, Expansion::Options { items, ends }))
    }

    fn detect_cycles(&self) -> bool {
        // Rulesets describe short games (every play ends); a repeating position would end
        // the search at its limit.
        false
    }

    fn combine(&mut self, tag: Expansion, children: &[GameId]) -> GameId {
        let (items, ends) = match tag {
            Expansion::Closed(v) => return v,
            Expansion::Options { items, ends } => (items, ends),
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
        v
    }
}
