//! Canonicalisation: [`Context::from_options`] removes dominated options and bypasses
//! reversible ones, then `Context::intern` hash-conses the result, recognising the forms
//! that are `x + u·↑ + *m`. Separate from the arena because it is the one place where new
//! general games are made.

use super::super::dyadic::Dyadic;
use super::{Context, GameId, Kind, Nus, Side};
use rustc_hash::FxHashMap;

/// A memo of comparisons between one option-list form and ids, valid for one
/// canonicalisation. A context keeps one between canonicalisations, cleared, so that its
/// tables are not made and grown again each time (a fiftieth of Domineering 6×6's time).
#[derive(Default)]
pub(super) struct FormMemo {
    form_le: FxHashMap<GameId, bool>,
    le_form: FxHashMap<GameId, bool>,
}

impl Context {
    /// The canonical form of `{left | right}`: dominated options removed, reversible options
    /// bypassed.
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        if self.is_stopped() {
            // Stopped by its limits: end every operation under way at once (comparisons
            // answer `false` now, so simplifying would only grow the forms).
            return self.zero();
        }
        // The options' records, read first by the removal of dominated options, asked for
        // side by side (see `Context::prefetch_game`).
        for &g in left.iter().chain(right) {
            self.prefetch_game(g);
        }
        // Repeated options are dropped by `undominated`, which sorts them anyway.
        let mut l = self.undominated(left, Side::Left);
        let mut r = self.undominated(right, Side::Right);
        // The value of the form never changes below, so one memo of comparisons against it
        // serves the whole simplification.
        let mut memo = std::mem::take(&mut self.form_memo);
        memo.form_le.clear();
        memo.le_form.clear();
        loop {
            let nl = self.bypassed(Side::Left, &l, &r, &mut memo);
            let nr = self.bypassed(Side::Right, &l, &r, &mut memo);
            if nl.is_none() && nr.is_none() {
                break;
            }
            // Only a side whose options changed can hold dominated ones again.
            if let Some(nl) = nl {
                l = self.undominated(&nl, Side::Left);
            }
            if let Some(nr) = nr {
                r = self.undominated(&nr, Side::Right);
            }
        }
        self.form_memo = memo;
        self.intern(l, r)
    }

    /// The options of `side` of the form `{l | r}` with the reversible ones bypassed, or
    /// `None` when none is reversible (most forms): the new list is made only once one is
    /// found. A Left option `a` is reversible through an `a^R <= {l | r}` and is replaced by
    /// that option's Left options; a Right one symmetrically. Options are read from the
    /// arena's pool as they are (`Context::run`), not copied.
    fn bypassed(
        &mut self,
        side: Side,
        l: &[GameId],
        r: &[GameId],
        memo: &mut FormMemo,
    ) -> Option<Vec<GameId>> {
        let (opts, back) = match side {
            Side::Left => (l, Side::Right),
            Side::Right => (r, Side::Left),
        };
        let mut out: Option<Vec<GameId>> = None;
        for (k, &a) in opts.iter().enumerate() {
            let mut bypass = None;
            for x in self.run(a, back) {
                let reverses = match side {
                    Side::Left => self.id_le_form(x, l, r, memo),
                    Side::Right => self.form_le_id(l, r, x, memo),
                };
                if reverses {
                    bypass = Some(x);
                    break;
                }
            }
            match bypass {
                Some(x) => out
                    .get_or_insert_with(|| opts[..k].to_vec())
                    .extend(self.run(x, side)),
                None => {
                    if let Some(to) = out.as_mut() {
                        to.push(a);
                    }
                }
            }
        }
        out
    }

    /// The options of one side with the dominated ones removed, each once, sorted: the
    /// maximal ones for Left, the minimal ones for Right.
    ///
    /// The strongest options by their stops come first, and each option is compared only
    /// with those kept so far: one dominated by a dominated option is dominated by a kept
    /// one too (the order is transitive), and distinct canonical forms are never equal.
    /// Domineering 5×6 made 17.9 million comparisons here, searching 3.7 million of them,
    /// when each option was compared with every other.
    pub(super) fn undominated(&mut self, opts: &[GameId], side: Side) -> Vec<GameId> {
        // Stops are monotone: a dominated option's stops are at most (Left) its
        // dominator's. (An option whose stops do not fit, `NO_STOP`, goes last for Left
        // and first for Right: only the order, not the result, depends on it.) The keys
        // are read once an option, not in each of the sort's comparisons (loads from the
        // arena's records, a tenth of Domineering 6×6's profile; 0.97 times the time at
        // the median of 3 pairs, range 0.95 to 1.00: the loads still miss, once). Ties go
        // by id, so the order is the same from run to run.
        let mut order: Vec<(u64, GameId)> = opts
            .iter()
            .map(|&g| {
                let i = self.info(g);
                match side {
                    // `!x` reverses the order without overflow (`NO_STOP` is `i64::MIN`).
                    Side::Left => (sort_key(!i.ls, !i.rs), g),
                    Side::Right => (sort_key(i.rs, i.ls), g),
                }
            })
            .collect();
        order.sort_unstable();
        // Repeats have the same stops, so they are side by side.
        order.dedup_by_key(|e| e.1);
        let mut keep: Vec<GameId> = Vec::with_capacity(order.len());
        'next: for (_, a) in order {
            for &b in &keep {
                let dominated = match side {
                    Side::Left => self.le(a, b),
                    Side::Right => self.le(b, a),
                };
                if dominated {
                    continue 'next;
                }
            }
            let mut k = 0;
            while k < keep.len() {
                let b = keep[k];
                let dominates = match side {
                    Side::Left => self.le(b, a),
                    Side::Right => self.le(a, b),
                };
                if dominates {
                    keep.swap_remove(k);
                } else {
                    k += 1;
                }
            }
            keep.push(a);
        }
        keep.sort_unstable();
        keep
    }

    /// The id of a canonical form given by canonical, sorted option lists.
    pub(super) fn intern(&mut self, l: Vec<GameId>, r: Vec<GameId>) -> GameId {
        if let Some(id) = self.recognise_nus(&l, &r) {
            return id;
        }
        let id = self.arena.general_id(&l, &r);
        self.see(id);
        id
    }

    /// If the canonical form `{l | r}` is `x + u·↑ + *m`, its id. A nus's canonical options are
    /// nus, and the shape of its options names the only candidate; the candidate is checked by
    /// comparing its canonical options with `l` and `r`.
    fn recognise_nus(&mut self, l: &[GameId], r: &[GameId]) -> Option<GameId> {
        let candidates = self.nus_candidates(l, r)?;
        for c in candidates {
            let (cl, cr) = c.options();
            if cl.len() != l.len() || cr.len() != r.len() {
                continue;
            }
            let same = |opts: &[Nus], ids: &[GameId], ctx: &Context| {
                opts.iter()
                    .all(|o| ctx.find_nus(o).is_some_and(|id| ids.contains(&id)))
            };
            if same(&cl, l, self) && same(&cr, r, self) {
                return Some(self.nus(c));
            }
        }
        None
    }

    /// The nus that the canonical form `{l | r}` can be, by the shape of its options
    /// (see [`Context::recognise_nus`]); `None` when an option is not a nus.
    fn nus_candidates(&self, l: &[GameId], r: &[GameId]) -> Option<Vec<Nus>> {
        // Most forms have an option that is not a nus: known from the records alone.
        if l.iter()
            .chain(r)
            .any(|&g| self.info(g).kind == Kind::General)
        {
            return None;
        }
        // The options' parameters, borrowed (they hold big integers).
        let ln: Vec<&Nus> = l.iter().map(|&g| self.as_nus(g)).collect::<Option<_>>()?;
        let rn: Vec<&Nus> = r.iter().map(|&g| self.as_nus(g)).collect::<Option<_>>()?;
        let mut candidates: Vec<Nus> = Vec::new();
        match (ln.as_slice(), rn.as_slice()) {
            ([], []) => candidates.push(Nus::number(Dyadic::zero())),
            ([a], []) if a.is_number() && a.number.is_integer() && a.number.signum() >= 0 => {
                candidates.push(Nus::number(a.number.add(&Dyadic::integer(1))))
            }
            ([], [b]) if b.is_number() && b.number.is_integer() && b.number.signum() <= 0 => {
                candidates.push(Nus::number(b.number.sub(&Dyadic::integer(1))))
            }
            _ => {}
        }
        if let ([a], [b]) = (ln.as_slice(), rn.as_slice()) {
            if a.is_number() && b.is_number() && a.number < b.number {
                candidates.push(Nus::number(a.number.add(&b.number).half()));
            }
            if a.is_number() {
                if let Some(up) = b.up.checked_add(1) {
                    candidates.push(Nus {
                        number: b.number.clone(),
                        up,
                        nim: b.nim ^ 1,
                    });
                }
            }
            if b.is_number() {
                if let Some(up) = a.up.checked_sub(1) {
                    candidates.push(Nus {
                        number: a.number.clone(),
                        up,
                        nim: a.nim ^ 1,
                    });
                }
            }
        }
        if !ln.is_empty() && l == r {
            candidates.push(Nus {
                number: ln[0].number.clone(),
                up: 0,
                nim: ln.len() as u64,
            });
        }
        if ln.len() == 2 && rn.len() == 1 {
            candidates.push(Nus {
                number: rn[0].number.clone(),
                up: 1,
                nim: 1,
            });
        }
        if ln.len() == 1 && rn.len() == 2 {
            candidates.push(Nus {
                number: ln[0].number.clone(),
                up: -1,
                nim: 1,
            });
        }
        Some(candidates)
    }

    /// Whether the form `{l | r}` is `<= x`.
    fn form_le_id(&mut self, l: &[GameId], r: &[GameId], x: GameId, memo: &mut FormMemo) -> bool {
        if let Some(&v) = memo.form_le.get(&x) {
            return v;
        }
        let mut v = !l.iter().any(|&g| self.le(x, g));
        if v {
            for g in self.run(x, Side::Right) {
                if self.id_le_form(g, l, r, memo) {
                    v = false;
                    break;
                }
            }
        }
        memo.form_le.insert(x, v);
        v
    }

    /// Whether `x <=` the form `{l | r}`.
    fn id_le_form(&mut self, x: GameId, l: &[GameId], r: &[GameId], memo: &mut FormMemo) -> bool {
        if let Some(&v) = memo.le_form.get(&x) {
            return v;
        }
        let mut v = !r.iter().any(|&g| self.le(g, x));
        if v {
            for g in self.run(x, Side::Left) {
                if self.form_le_id(l, r, g, memo) {
                    v = false;
                    break;
                }
            }
        }
        memo.le_form.insert(x, v);
        v
    }
}

/// The order in which `Context::undominated` takes options, by two fixed-point stops, as
/// one word: each stop in 32 bits, rounded down to 2^-8 and clamped (the order only makes
/// the removal faster, whatever it is; a word sorts faster than the two stops apart).
#[inline]
fn sort_key(first: i64, second: i64) -> u64 {
    let squeeze = |x: i64| {
        let shift = super::STOP_FRACTION_BITS - 8;
        // Monotone: shifting and clamping keep the order, ties aside.
        ((x >> shift).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32 as u32) ^ (1 << 31)
    };
    u64::from(squeeze(first)) << 32 | u64::from(squeeze(second))
}
