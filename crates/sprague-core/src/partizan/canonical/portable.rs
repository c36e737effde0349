//! Canonical forms outside any arena, for searches that run on several threads: each thread
//! keeps its own [`Context`] (the arena is taken by `&mut`, and its memo tables are per
//! context), and the threads hand each other canonical forms through one [`FormStore`].
//!
//! The store is hash-consed like a context: a form is a nus (`x + u·↑ + *m`, by its
//! parameters) or a general game by its two option lists of [`FormRef`]s, and each distinct
//! form is stored once, so a form names the same game for every thread. A [`Porter`] is one
//! context's side of the store: it exports the context's games to the store and imports the
//! store's forms into the context, remembering what it has translated both ways, so that a
//! game shared again costs one look-up. Importing trusts the store: its forms are canonical
//! (they were exported from a context), so they are interned without being simplified again.

use super::{Context, GameId, KeyValue, Nus, Side};
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

/// A canonical form in a [`FormStore`]: the same game for every context that imports it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct FormRef(u32);

/// A reference, or none, in a [`KeyTable`](super::KeyTable)'s 32 bits: the threads'
/// table of positions solved keeps it so (no store holds 2^32 − 2 forms, so the bits of a
/// reference are never those of none).
impl KeyValue for Option<FormRef> {
    fn to_bits(self) -> u32 {
        self.map_or(NO_FORM, |r| {
            assert!(r.0 < NO_FORM, "a form reference with the bits of none");
            r.0
        })
    }
    fn from_bits(bits: u32) -> Self {
        (bits != NO_FORM).then_some(FormRef(bits))
    }
}

/// The bits of no form in a [`KeyTable`](super::KeyTable).
const NO_FORM: u32 = u32::MAX - 1;

/// log2 of the number of shards of a store (each behind its own lock).
const SHARD_BITS: u32 = 6;
const SHARDS: usize = 1 << SHARD_BITS;

/// A stored form as a thread reads it: a nus, or a general game's canonical options (each
/// list sorted).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum FormView<'a> {
    Nus(&'a Nus),
    General(&'a [FormRef], &'a [FormRef]),
}

impl FormView<'_> {
    fn hash64(&self) -> u64 {
        let mut h = FxHasher::default();
        self.hash(&mut h);
        h.finish()
    }
}

/// Where a form lies in its shard: a general game's options at `start..start + nl` of the
/// pool (Left's) and the `nr` after them, or a nus at `start` of the list of nus.
#[derive(Clone, Copy)]
struct Slot {
    start: u32,
    nl: u32,
    nr: u32,
}

/// `Slot::nl` of a nus.
const NUS: u32 = u32::MAX;

/// A [`Porter`]'s entry for a game or a form not translated (no store or context holds
/// 2^32 − 1 of them).
const NONE: u32 = u32::MAX;

#[derive(Default)]
struct Shard {
    slots: Vec<Slot>,
    /// The option lists of the general forms, one after another (no allocation a form).
    pool: Vec<FormRef>,
    nus: Vec<Nus>,
    /// Indices into `slots`, hashed by the form.
    by_form: hashbrown::HashTable<u32>,
}

impl Shard {
    fn view(&self, i: u32) -> FormView<'_> {
        Shard::view_of(&self.slots, &self.pool, &self.nus)(i)
    }
}

/// Canonical forms shared by the threads of one search; `Sync`, so that every thread holds
/// it by reference. Forms are never removed: the store lives as long as the search.
pub struct FormStore {
    shards: Box<[Mutex<Shard>]>,
}

impl Default for FormStore {
    fn default() -> Self {
        FormStore::new()
    }
}

impl FormStore {
    /// An empty store.
    pub fn new() -> Self {
        FormStore {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
        }
    }

    /// How many distinct forms the store holds.
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| lock(s).slots.len()).sum()
    }

    /// Whether the store is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The reference of `form`, stored if new.
    fn intern(&self, form: FormView<'_>) -> FormRef {
        let hash = form.hash64();
        let s = (hash as usize) & (SHARDS - 1);
        let mut shard = lock(&self.shards[s]);
        if let Some(&i) = shard.by_form.find(hash, |&i| shard.view(i) == form) {
            return FormRef(i << SHARD_BITS | s as u32);
        }
        let i = shard.slots.len() as u32;
        let slot = match form {
            FormView::Nus(n) => {
                shard.nus.push(n.clone());
                Slot {
                    start: shard.nus.len() as u32 - 1,
                    nl: NUS,
                    nr: 0,
                }
            }
            FormView::General(l, r) => {
                let start = shard.pool.len() as u32;
                shard.pool.extend_from_slice(l);
                shard.pool.extend_from_slice(r);
                Slot {
                    start,
                    nl: l.len() as u32,
                    nr: r.len() as u32,
                }
            }
        };
        shard.slots.push(slot);
        let Shard {
            slots,
            pool,
            nus,
            by_form,
        } = &mut *shard;
        let view = Shard::view_of(slots, pool, nus);
        by_form.insert_unique(hash, i, |&j| view(j).hash64());
        FormRef(i << SHARD_BITS | s as u32)
    }

    /// What `r` names: a nus, or a general game's options.
    fn get(&self, r: FormRef) -> Result<Nus, (Vec<FormRef>, Vec<FormRef>)> {
        let shard = lock(&self.shards[(r.0 as usize) & (SHARDS - 1)]);
        match shard.view(r.0 >> SHARD_BITS) {
            FormView::Nus(n) => Ok(n.clone()),
            FormView::General(l, rr) => Err((l.to_vec(), rr.to_vec())),
        }
    }
}

impl Shard {
    /// [`Shard::view`] over the parts of a shard borrowed apart (for rehashing its table).
    fn view_of<'a>(
        slots: &'a [Slot],
        pool: &'a [FormRef],
        nus: &'a [Nus],
    ) -> impl Fn(u32) -> FormView<'a> {
        move |i| {
            let s = slots[i as usize];
            if s.nl == NUS {
                return FormView::Nus(&nus[s.start as usize]);
            }
            let (a, b) = (s.start as usize, s.start as usize + s.nl as usize);
            FormView::General(&pool[a..b], &pool[b..b + s.nr as usize])
        }
    }
}

/// Locks a mutex, going on past a thread that panicked holding it (a shard is always left
/// whole: every change is one push).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// One context's side of a [`FormStore`]: its games exported and the store's forms imported,
/// remembered both ways. Use one porter with one context.
pub struct Porter {
    store: Arc<FormStore>,
    /// By the context's id: the form exported or imported ([`NONE`] if neither).
    to_store: Vec<u32>,
    /// By the form's reference: the context's game ([`NONE`] if not translated). Arrays,
    /// not hash maps: a reference or an id is one read, and 4 bytes where a map took 9
    /// to 18 (Domineering 6×6 on two threads translates millions of forms each way).
    to_context: Vec<u32>,
}

impl Porter {
    /// A porter to `store` that has translated nothing yet.
    pub fn new(store: Arc<FormStore>) -> Self {
        Porter {
            store,
            to_store: Vec::new(),
            to_context: Vec::new(),
        }
    }

    /// The store this porter writes to.
    pub fn store(&self) -> &Arc<FormStore> {
        &self.store
    }

    /// The form of `g` (a game of `ctx`) in the store, storing it and the followers it
    /// needs. Iterative: the depth of a form is its birthday, which may be large.
    pub fn export(&mut self, ctx: &mut Context, g: GameId) -> FormRef {
        if let Some(r) = self.exported(g) {
            return r;
        }
        let mut stack = vec![(g, false)];
        while let Some((x, ready)) = stack.pop() {
            if self.exported(x).is_some() {
                continue;
            }
            if let Some(nus) = ctx.as_nus(x) {
                let r = self.store.intern(FormView::Nus(nus));
                self.remember(x, r);
                continue;
            }
            let left = ctx.opts(x, Side::Left);
            let right = ctx.opts(x, Side::Right);
            if !ready {
                stack.push((x, true));
                for o in left.into_iter().chain(right) {
                    if self.exported(o).is_none() {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let refs = |opts: Vec<GameId>| -> Vec<FormRef> {
                let mut v: Vec<FormRef> = opts.iter().filter_map(|&o| self.exported(o)).collect();
                v.sort_unstable();
                v
            };
            let (l, r) = (refs(left), refs(right));
            let r = self.store.intern(FormView::General(&l, &r));
            self.remember(x, r);
        }
        self.exported(g).unwrap_or(FormRef(0))
    }

    /// The form of `g` when exported or imported already.
    fn exported(&self, g: GameId) -> Option<FormRef> {
        match self.to_store.get(g.0 as usize) {
            Some(&r) if r != NONE => Some(FormRef(r)),
            _ => None,
        }
    }

    /// The game of `ctx` that `r` names, interning it and the followers it needs.
    pub fn import(&mut self, ctx: &mut Context, r: FormRef) -> GameId {
        if let Some(g) = self.imported(r) {
            return g;
        }
        // Each entry: a form, and whether its missing options were pushed above it.
        let mut stack: Vec<(FormRef, bool)> = vec![(r, false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.imported(x).is_some() {
                continue;
            }
            let (l, rr) = match self.store.get(x) {
                Ok(nus) => {
                    let g = ctx.nus(nus);
                    self.remember(g, x);
                    continue;
                }
                Err(options) => options,
            };
            if !expanded {
                let missing: Vec<FormRef> = l
                    .iter()
                    .chain(rr.iter())
                    .filter(|&&o| self.imported(o).is_none())
                    .copied()
                    .collect();
                if !missing.is_empty() {
                    stack.push((x, true));
                    stack.extend(missing.into_iter().map(|o| (o, false)));
                    continue;
                }
            }
            let local = |refs: &[FormRef]| -> Vec<GameId> {
                let mut v: Vec<GameId> = refs.iter().filter_map(|&o| self.imported(o)).collect();
                v.sort_unstable();
                v
            };
            let g = ctx.intern(local(&l), local(&rr));
            self.remember(g, x);
        }
        self.imported(r).unwrap_or(GameId(0))
    }

    /// The game of `ctx` that `r` names, when imported or exported already.
    fn imported(&self, r: FormRef) -> Option<GameId> {
        match self.to_context.get(r.0 as usize) {
            Some(&g) if g != NONE => Some(GameId(g)),
            _ => None,
        }
    }

    fn remember(&mut self, g: GameId, r: FormRef) {
        let i = g.0 as usize;
        if self.to_store.len() <= i {
            crate::pages::resize(&mut self.to_store, i + 1, NONE);
        }
        self.to_store[i] = r.0;
        let j = r.0 as usize;
        if self.to_context.len() <= j {
            crate::pages::resize(&mut self.to_context, j + 1, NONE);
        }
        self.to_context[j] = g.0;
    }
}
