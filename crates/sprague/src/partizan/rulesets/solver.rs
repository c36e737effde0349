//! The generic canonical-form solver of a [`Ruleset`]: the value of a position is the sum of
//! the values of its components, and the value of a component is the canonical game whose
//! options are the values of its Left and Right options (`Context::from_options`).
//!
//! Components are memoised under their normal form ([`Ruleset::normalize`]), so that
//! reflections share one entry and role-swapped images share one entry up to negation. The
//! search is iterative (an explicit stack: deep games cannot overflow the call stack) and
//! stops cleanly with [`Error::Limit`] when more components than the limit would be stored.
//! All ids live in the caller's [`Context`]; one solver must be used with one context.

use super::{Ruleset, Side};
use crate::error::{Error, Result};
use crate::partizan::canonical::{Context, GameId};
use rustc_hash::FxHashMap;

/// The table of components under a ruleset's compact `u64` keys, for
/// [`Ruleset::solve_component`], with an optional progress callback.
pub struct CompactMemo<'p> {
    /// Normal form → value.
    pub map: FxHashMap<u64, GameId>,
    progress: Option<Box<dyn FnMut(usize) + 'p>>,
}

impl CompactMemo<'_> {
    /// Stores a value; every 2^16 entries, tells the progress callback how many there are.
    pub fn insert(&mut self, key: u64, v: GameId) {
        self.map.insert(key, v);
        if self.map.len() & 0xFFFF == 0 {
            if let Some(f) = self.progress.as_mut() {
                f(self.map.len());
            }
        }
    }
}

/// Memoised canonical values of a ruleset's positions.
pub struct ValueSolver<'r, R: Ruleset> {
    rules: &'r R,
    memo: FxHashMap<R::Position, GameId>,
    /// Components under the ruleset's compact keys ([`Ruleset::solve_component`]).
    compact: CompactMemo<'r>,
    limit: u64,
    closed_forms: bool,
    fast_path: bool,
}

impl<'r, R: Ruleset> ValueSolver<'r, R> {
    /// A solver that stores at most `limit` components.
    pub fn new(rules: &'r R, limit: u64) -> Self {
        ValueSolver {
            rules,
            memo: FxHashMap::default(),
            compact: CompactMemo {
                map: FxHashMap::default(),
                progress: None,
            },
            limit,
            closed_forms: true,
            fast_path: true,
        }
    }

    /// The same solver, calling `f` with the number of components stored under compact
    /// keys each time it passes a multiple of 65536 (for progress reports on long searches).
    pub fn with_progress(mut self, f: impl FnMut(usize) + 'r) -> Self {
        self.compact.progress = Some(Box::new(f));
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
            let v = self.solve(ctx, q)?;
            let v = if neg { ctx.neg(v) } else { v };
            total = ctx.add(total, v);
        }
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

    /// Value of a normalised component, if known (closed forms are stored on the way).
    fn known(&mut self, ctx: &mut Context, q: &R::Position) -> Option<GameId> {
        if let Some(&v) = self.memo.get(q) {
            return Some(v);
        }
        if !self.closed_forms {
            return None;
        }
        let v = self.rules.closed_form(q, ctx)?;
        self.memo.insert(q.clone(), v);
        Some(v)
    }

    fn solve(&mut self, ctx: &mut Context, root: R::Position) -> Result<GameId> {
        if let Some(v) = self.known(ctx, &root) {
            return Ok(v);
        }
        let mut stack: Vec<Frame<R::Position>> = vec![Frame::new(root.clone())];
        let mut opts = Vec::new();
        let mut comps = Vec::new();
        let mut values: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        while let Some(mut frame) = stack.pop() {
            if self.memo.contains_key(&frame.pos) {
                continue;
            }
            if !frame.expanded {
                // Record every option as its normalised components, and search the
                // components not known yet before coming back to this frame.
                frame.expanded = true;
                let mut todo = Vec::new();
                for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
                    opts.clear();
                    self.rules.options(&frame.pos, side, &mut opts);
                    for o in &opts {
                        comps.clear();
                        self.rules.components(o, &mut comps);
                        for c in &comps {
                            // Components the ruleset's own search takes (e.g. the parts
                            // of a large Domineering board that fit in 8×8) are solved
                            // there, by its iterative search.
                            if self.fast_path {
                                let room = self.limit.saturating_sub(self.memo.len() as u64);
                                if let Some(v) =
                                    self.rules.solve_component(c, ctx, &mut self.compact, room)
                                {
                                    frame.items.push(Item::Known(v?));
                                    continue;
                                }
                            }
                            let (q, neg) = self.rules.normalize(c);
                            match self.known(ctx, &q) {
                                Some(v) => {
                                    let v = if neg { ctx.neg(v) } else { v };
                                    frame.items.push(Item::Known(v));
                                }
                                None => {
                                    todo.push(q.clone());
                                    frame.items.push(Item::Pending(q, neg));
                                }
                            }
                        }
                        frame.ends[k].push(frame.items.len() as u32);
                    }
                }
                stack.push(frame);
                stack.extend(todo.into_iter().map(Frame::new));
                continue;
            }
            let mut start = 0usize;
            for (vals, ends) in values.iter_mut().zip(&frame.ends) {
                vals.clear();
                for &end in ends {
                    let mut total: Option<GameId> = None;
                    for item in &frame.items[start..end as usize] {
                        let v = match item {
                            Item::Known(v) => *v,
                            Item::Pending(q, neg) => {
                                let v = *self.memo.get(q).ok_or_else(|| {
                                    Error::invalid(format!(
                                        "{}: the game is not short (a position repeats)",
                                        self.rules.name()
                                    ))
                                })?;
                                if *neg {
                                    ctx.neg(v)
                                } else {
                                    v
                                }
                            }
                        };
                        total = Some(match total {
                            None => v,
                            Some(t) => ctx.add(t, v),
                        });
                    }
                    start = end as usize;
                    let total = match total {
                        Some(t) => t,
                        None => ctx.zero(),
                    };
                    vals.push(total);
                }
            }
            if (self.memo.len() + self.compact.map.len()) as u64 >= self.limit {
                return Err(Error::Limit {
                    what: format!("{} canonical-form search", self.rules.name()),
                    limit: self.limit,
                });
            }
            let v = ctx.from_options(&values[0], &values[1]);
            self.memo.insert(frame.pos, v);
        }
        Ok(self.memo[&root])
    }
}

/// A component of an option: its value when it was known at expansion (sign applied), or
/// its normal form and sign, searched before the frame is revisited.
enum Item<P> {
    Known(GameId),
    Pending(P, bool),
}

/// A component on the search stack with, once expanded, its options: the normalised
/// components of each option (`items`), Left's options ending at `ends[0]`, Right's at
/// `ends[1]`.
struct Frame<P> {
    pos: P,
    expanded: bool,
    items: Vec<Item<P>>,
    ends: [Vec<u32>; 2],
}

impl<P> Frame<P> {
    fn new(pos: P) -> Self {
        Frame {
            pos,
            expanded: false,
            items: Vec::new(),
            ends: [Vec::new(), Vec::new()],
        }
    }
}
