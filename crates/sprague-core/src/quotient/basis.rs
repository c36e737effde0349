//! Trial monoids and their P-portions.
//!
//! When a heap changes the quotient, the engine guesses a monoid that is at least as fine
//! as the new quotient: a *basis*, the submonoid of a known monoid `B` (the last trial, or
//! the last quotient) times free cyclic monoids `⟨x | x^(a+b) = x^a⟩`, one for each heap
//! set free. Heaps are sent to the basis, words (sums of heaps) follow by multiplication.
//!
//! **Marking.** Words are visited in *colex* order (compare the counts of the largest heap
//! first), and each element of the basis is given the outcome of the least word that
//! reaches it, computed from the images of that word's options, which are smaller words and
//! so already marked. If the basis is fine enough (every pair of words it identifies has
//! the same misère outcome), the marking is the true P-portion; if not, it is a guess that
//! the verification (`verify.rs`) refutes. In either case it is *right on every word below
//! the least failure*: by induction, such a word's least word has correctly marked options,
//! and the two words share their image in every basis finer than the last trial.
//!
//! **Reduction.** The elements that no word can tell apart (`x ~ y` iff `x·z` and `y·z` are
//! marked alike for every `z`) are merged by partition refinement over the generators, as
//! in the minimisation of a finite automaton; the result is the reduced trial quotient.

use super::monoid::{Element, FiniteMonoid};
use crate::error::{Error, Result};
use crate::limits::Limits;
use rustc_hash::FxHashMap;

/// What the progress callback and the limit errors call the work of the engine.
pub(crate) const WORK: &str = "quotient steps";

/// The most keys a basis may address before its index becomes a hash map instead of an
/// array (16 MiB of `u32`).
const DENSE_KEYS: u64 = 1 << 22;

/// The most entries (elements × generators) of the tables that reduce a trial basis.
const MAX_ACTIONS: usize = 100_000_000;

/// A trial monoid: the submonoid of `base` reached by the heaps, times free cyclic
/// monoids. An element is a key `t + |base|·(e₁ + m₁·(e₂ + …))`, `t` in `base` and `eᵢ` the
/// exponent of the `i`-th free generator, below `mᵢ = aᵢ + bᵢ`.
pub(crate) struct Basis<'a> {
    base: &'a FiniteMonoid,
    cyclic: Vec<(u64, u64)>,
    space: u64,
}

impl<'a> Basis<'a> {
    /// `base` times the cyclic monoids `x^(a+b) = x^a` of `cyclic` (`b ≥ 1`).
    pub(crate) fn new(base: &'a FiniteMonoid, cyclic: &[(u32, u32)]) -> Result<Self> {
        let mut space = base.order() as u64;
        for &(a, b) in cyclic {
            space = space
                .checked_mul(a as u64 + b as u64)
                .filter(|&s| s < 1 << 62)
                .ok_or_else(|| Error::Limit {
                    what: "elements of a trial monoid".into(),
                    limit: 1 << 62,
                })?;
        }
        Ok(Basis {
            base,
            cyclic: cyclic
                .iter()
                .map(|&(a, b)| (a as u64, b.max(1) as u64))
                .collect(),
            space,
        })
    }

    /// The element of `base` as a key.
    pub(crate) fn lift(&self, t: Element) -> u64 {
        t as u64
    }

    /// The `i`-th free generator.
    pub(crate) fn unit(&self, i: usize) -> u64 {
        let mut key = self.base.order() as u64;
        for &(a, b) in &self.cyclic[..i] {
            key *= a + b;
        }
        key
    }

    /// The product of two keys.
    pub(crate) fn mul(&self, x: u64, y: u64) -> u64 {
        let n = self.base.order() as u64;
        let (mut x, mut y) = (x, y);
        let mut key = self.base.mul((x % n) as Element, (y % n) as Element) as u64;
        x /= n;
        y /= n;
        let mut scale = n;
        for &(a, b) in &self.cyclic {
            let m = a + b;
            let s = x % m + y % m;
            x /= m;
            y /= m;
            let s = if s < m { s } else { a + (s - a) % b };
            key += s * scale;
            scale *= m;
        }
        key
    }
}

/// A heap as the marking sees it: its image in the basis and the images of its options.
/// Heaps with the same image and option images are interchangeable in every word, so only
/// the smallest of them is kept.
#[derive(Debug, Clone)]
pub(crate) struct KeyLetter {
    pub(crate) g: u64,
    pub(crate) omega: Vec<u64>,
}

/// Where each key reached by a marking is stored.
enum KeyIndex {
    Dense(Vec<u32>),
    Sparse(FxHashMap<u64, u32>),
}

impl KeyIndex {
    fn new(space: u64) -> Self {
        if space <= DENSE_KEYS {
            KeyIndex::Dense(vec![u32::MAX; space as usize])
        } else {
            KeyIndex::Sparse(FxHashMap::default())
        }
    }
    #[inline]
    fn get(&self, key: u64) -> Option<u32> {
        match self {
            KeyIndex::Dense(v) => v.get(key as usize).copied().filter(|&i| i != u32::MAX),
            KeyIndex::Sparse(m) => m.get(&key).copied(),
        }
    }
    fn insert(&mut self, key: u64, id: u32) {
        match self {
            KeyIndex::Dense(v) => v[key as usize] = id,
            KeyIndex::Sparse(m) => {
                m.insert(key, id);
            }
        }
    }
}

/// The elements of a basis reached by the heaps, in the colex order of their least words,
/// with the outcome marked on each.
pub(crate) struct Marking {
    keys: Vec<u64>,
    index: KeyIndex,
    p: Vec<bool>,
}

impl Marking {
    /// The position of `key` among the reached elements.
    pub(crate) fn id(&self, key: u64) -> Option<u32> {
        self.index.get(key)
    }
    /// Whether the element reached as `key` is marked as a P-position.
    pub(crate) fn is_p(&self, key: u64) -> Option<bool> {
        self.id(key).map(|i| self.p[i as usize])
    }
    /// How many elements were reached.
    pub(crate) fn len(&self) -> usize {
        self.keys.len()
    }
}

fn internal(what: &str) -> Error {
    Error::unsupported(format!(
        "internal error in the misère quotient engine: {what}"
    ))
}

/// Marks the elements of `basis` reached by `letters` (sorted by heap), storing at most
/// `cap` of them. The depth-first search visits words in colex order: all words with `k`
/// copies of the largest letter (and anything below) before those with `k + 1`. A word
/// whose element was already reached is not extended: its extensions reach the same
/// elements as those of the earlier word, which are smaller.
pub(crate) fn mark(
    basis: &Basis<'_>,
    letters: &[KeyLetter],
    cap: usize,
    limits: &Limits,
    work: &mut u64,
) -> Result<Marking> {
    struct Frame {
        li: usize,
        id: u32,
        key: u64,
        opts: Vec<u64>,
        descended: bool,
    }
    let mut m = Marking {
        keys: vec![0],
        index: KeyIndex::new(basis.space),
        p: vec![false],
    };
    m.index.insert(0, 0);
    if letters.is_empty() {
        return Ok(m);
    }
    let mut stack = vec![Frame {
        li: letters.len() - 1,
        id: 0,
        key: 0,
        opts: Vec::new(),
        descended: false,
    }];
    while let Some(top) = stack.last_mut() {
        *work += 1;
        limits.check_every(*work, WORK)?;
        if !top.descended {
            top.descended = true;
            if top.li > 0 {
                let child = Frame {
                    li: top.li - 1,
                    id: top.id,
                    key: top.key,
                    opts: top.opts.clone(),
                    descended: false,
                };
                stack.push(child);
            }
            continue;
        }
        let letter = &letters[top.li];
        let key = basis.mul(top.key, letter.g);
        if m.index.get(key).is_some() {
            stack.pop();
            continue;
        }
        let mut opts: Vec<u64> = top
            .opts
            .iter()
            .map(|&t| basis.mul(t, letter.g))
            .chain(letter.omega.iter().map(|&o| basis.mul(top.key, o)))
            .collect();
        opts.sort_unstable();
        opts.dedup();
        let mut is_p = !opts.is_empty();
        for &o in &opts {
            match m.index.get(o) {
                Some(i) => is_p &= !m.p[i as usize],
                None => return Err(internal("an option was reached after the word")),
            }
        }
        if m.keys.len() >= cap {
            return Err(Error::Limit {
                what: "elements of a trial monoid".into(),
                limit: cap as u64,
            });
        }
        let id = m.keys.len() as u32;
        m.keys.push(key);
        m.index.insert(key, id);
        m.p.push(is_p);
        top.id = id;
        top.key = key;
        top.opts = opts;
        top.descended = false;
    }
    Ok(m)
}

/// A reduced trial quotient: the monoid, its P-portion, and where each reached element of
/// the basis went.
pub(crate) struct Reduced {
    pub(crate) monoid: FiniteMonoid,
    pub(crate) p: Vec<bool>,
    class: Vec<u32>,
}

impl Reduced {
    /// The element of the reduced monoid that a key of the marked basis became.
    pub(crate) fn class_of(&self, marking: &Marking, key: u64) -> Result<Element> {
        marking
            .id(key)
            .map(|i| self.class[i as usize])
            .ok_or_else(|| internal("a heap's image was not reached"))
    }
}

/// Merges the elements of a marking that no sum tells apart, refusing a result of more than
/// `max_order` elements. `gens` are the images of the heaps (repeats allowed).
pub(crate) fn reduce(
    basis: &Basis<'_>,
    marking: &Marking,
    gens: &[u64],
    max_order: usize,
    limits: &Limits,
    work: &mut u64,
) -> Result<Reduced> {
    let mut gens = gens.to_vec();
    gens.sort_unstable();
    gens.dedup();
    let r = marking.len();
    let g = gens.len();
    // The action of each generator on the reached elements, and the signatures below: two
    // tables of `r × g` entries, kept under `MAX_ACTIONS` (800 MB together).
    if r.saturating_mul(g + 1) > MAX_ACTIONS {
        return Err(Error::Limit {
            what: "entries of a trial monoid's action table".into(),
            limit: MAX_ACTIONS as u64,
        });
    }
    let mut action = vec![0u32; r * g];
    for (i, &key) in marking.keys.iter().enumerate() {
        *work += 1;
        limits.check_every(*work, WORK)?;
        for (j, &gk) in gens.iter().enumerate() {
            action[i * g + j] = marking
                .id(basis.mul(key, gk))
                .ok_or_else(|| internal("the reached elements are not closed"))?;
        }
    }
    // Moore's refinement: start from {P, N}, split by the classes of the successors,
    // until the number of classes stops growing.
    let mut class: Vec<u32> = marking.p.iter().map(|&p| p as u32).collect();
    let mut count = class
        .iter()
        .copied()
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let mut sig = vec![0u32; r * (g + 1)];
    loop {
        for i in 0..r {
            sig[i * (g + 1)] = class[i];
            for j in 0..g {
                sig[i * (g + 1) + 1 + j] = class[action[i * g + j] as usize];
            }
        }
        let mut ids: FxHashMap<&[u32], u32> = FxHashMap::default();
        let mut next = vec![0u32; r];
        for i in 0..r {
            *work += 1;
            limits.check_every(*work, WORK)?;
            let n = ids.len() as u32;
            next[i] = *ids.entry(&sig[i * (g + 1)..(i + 1) * (g + 1)]).or_insert(n);
        }
        let new_count = ids.len();
        class = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    if count > max_order {
        return Err(Error::Limit {
            what: "elements of a trial misère quotient".into(),
            limit: max_order as u64,
        });
    }
    // Renumber by first appearance, so that the identity (reached first) is 0 and the
    // elements come in the colex order of their least words.
    let mut renum = vec![u32::MAX; count];
    let mut reps = Vec::with_capacity(count);
    for (i, c) in class.iter_mut().enumerate() {
        if renum[*c as usize] == u32::MAX {
            renum[*c as usize] = reps.len() as u32;
            reps.push(i);
        }
        *c = renum[*c as usize];
    }
    let mut table = vec![0; count * count];
    for a in 0..count {
        for b in a..count {
            *work += 1;
            limits.check_every(*work, WORK)?;
            let key = basis.mul(marking.keys[reps[a]], marking.keys[reps[b]]);
            let c = class[marking
                .id(key)
                .ok_or_else(|| internal("a product was not reached"))?
                as usize];
            table[a * count + b] = c;
            table[b * count + a] = c;
        }
    }
    let p = reps.iter().map(|&i| marking.p[i]).collect();
    Ok(Reduced {
        monoid: FiniteMonoid::from_table_unchecked(count, table),
        p,
        class,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_generator_times_a_group() {
        // Z2 = {1, a} times x^4 = x^2: 2 · 4 elements.
        let z2 = FiniteMonoid::from_table(2, vec![0, 1, 1, 0], &[1]).unwrap();
        let b = Basis::new(&z2, &[(2, 2)]).unwrap();
        let x = b.unit(0);
        let a = b.lift(1);
        let x2 = b.mul(x, x);
        let x4 = b.mul(x2, x2);
        assert_eq!(x4, x2);
        assert_eq!(b.mul(b.mul(x2, x), x), x2);
        assert_eq!(b.mul(a, a), 0);
        assert_ne!(b.mul(a, x), x);
        assert_eq!(b.mul(b.mul(a, x), a), x);
    }
}
