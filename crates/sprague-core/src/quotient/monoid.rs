//! Finite commutative monoids as multiplication tables, with the identity as element 0.
//!
//! A misère quotient is such a monoid together with a subset of it (the P-portion); the
//! engine also builds larger trial monoids from them (see `basis.rs`).

use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};

/// An element of a [`FiniteMonoid`]: its index, `0` being the identity.
pub type Element = u32;

/// A finite commutative monoid given by its multiplication table (row-major, `order²`
/// entries); element `0` is the identity.
///
/// Deserialising checks the shape (a square table of elements with `0` the identity), so
/// that no table read from a file can make a product index out of range;
/// [`FiniteMonoid::from_table`] checks the laws as well.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "TableData")]
pub struct FiniteMonoid {
    order: usize,
    table: Vec<Element>,
}

/// A table as read, before its shape is checked.
#[derive(Deserialize)]
struct TableData {
    order: usize,
    table: Vec<Element>,
}

impl TryFrom<TableData> for FiniteMonoid {
    type Error = Error;
    fn try_from(d: TableData) -> Result<Self> {
        let square = d.order >= 1 && d.order.checked_mul(d.order) == Some(d.table.len());
        if !square || d.order > u32::MAX as usize || d.table.iter().any(|&x| x as usize >= d.order)
        {
            return Err(Error::parse("not a monoid table: wrong size or entries"));
        }
        let m = FiniteMonoid {
            order: d.order,
            table: d.table,
        };
        if (0..d.order as Element).any(|x| m.mul(0, x) != x || m.mul(x, 0) != x) {
            return Err(Error::parse(
                "not a monoid table: element 0 is not the identity",
            ));
        }
        Ok(m)
    }
}

impl FiniteMonoid {
    /// The monoid of one element.
    pub fn trivial() -> Self {
        FiniteMonoid {
            order: 1,
            table: vec![0],
        }
    }

    /// The monoid whose table is `table` (row-major, `order²` entries), after checking
    /// that it is one: entries in range, `0` an identity, the product commutative, and
    /// associative on a generating set (`generators`; every element must be a product of
    /// them). Associativity on generators suffices: with `(x·y)·g = x·(y·g)` for every
    /// generator `g`, right multiplication by any element is the composite of the
    /// generators' actions along a word for it, and these commute with left factors.
    /// Costs `order² × generators` products.
    pub fn from_table(order: usize, table: Vec<Element>, generators: &[Element]) -> Result<Self> {
        let bad = |why: &str| {
            Err(Error::parse(format!(
                "not a commutative monoid table: {why}"
            )))
        };
        if order == 0 || order.checked_mul(order) != Some(table.len()) {
            return bad("its size is not a square");
        }
        if order > u32::MAX as usize {
            return bad("too many elements");
        }
        if table.iter().any(|&x| x as usize >= order) {
            return bad("an entry names no element");
        }
        if generators.iter().any(|&g| g as usize >= order) {
            return bad("a generator names no element");
        }
        let m = FiniteMonoid { order, table };
        for x in 0..order as Element {
            if m.mul(0, x) != x || m.mul(x, 0) != x {
                return bad("element 0 is not the identity");
            }
            for y in 0..x {
                if m.mul(x, y) != m.mul(y, x) {
                    return bad("the product is not commutative");
                }
            }
        }
        // Every element a product of generators: reachable from the identity.
        if m.closure(generators).len() != order {
            return bad("the generators do not generate it");
        }
        for x in 0..order as Element {
            for y in 0..order as Element {
                let xy = m.mul(x, y);
                for &g in generators {
                    if m.mul(xy, g) != m.mul(x, m.mul(y, g)) {
                        return bad("the product is not associative");
                    }
                }
            }
        }
        Ok(m)
    }

    /// A table built by the engine itself (already a monoid by construction).
    pub(crate) fn from_table_unchecked(order: usize, table: Vec<Element>) -> Self {
        debug_assert_eq!(order * order, table.len());
        FiniteMonoid { order, table }
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product of two elements known to be in range (the engine's own).
    #[inline]
    pub(crate) fn mul(&self, x: Element, y: Element) -> Element {
        self.table[x as usize * self.order + y as usize]
    }

    /// The product `x·y`, or `None` if either is not an element.
    pub fn product(&self, x: Element, y: Element) -> Option<Element> {
        if (x as usize) < self.order && (y as usize) < self.order {
            Some(self.mul(x, y))
        } else {
            None
        }
    }

    /// The table, row-major: the product `x·y` is entry `x·order + y`.
    pub fn table(&self) -> &[Element] {
        &self.table
    }

    /// `x^k`, or `None` if `x` is not an element; fast for any `k` (the powers of `x` are
    /// eventually periodic: `x^(i+p) = x^i` from the index `i` on).
    pub fn power(&self, x: Element, k: u64) -> Option<Element> {
        if x as usize >= self.order {
            return None;
        }
        let (index, period) = self.index_period(x);
        let k = if k >= index as u64 {
            index as u64 + (k - index as u64) % period as u64
        } else {
            k
        };
        let mut y = 0;
        for _ in 0..k {
            y = self.mul(y, x);
        }
        Some(y)
    }

    /// The index `i` and period `p` of the cyclic submonoid of `x`: the least `i ≥ 0`,
    /// `p ≥ 1` with `x^(i+p) = x^i`. `x` must be an element.
    pub(crate) fn index_period(&self, x: Element) -> (u32, u32) {
        let mut seen = vec![u32::MAX; self.order];
        let mut y: Element = 0;
        let mut i = 0u32;
        loop {
            if seen[y as usize] != u32::MAX {
                let first = seen[y as usize];
                return (first, i - first);
            }
            seen[y as usize] = i;
            y = self.mul(y, x);
            i += 1;
        }
    }

    /// The elements reachable from the identity by multiplying by `generators` (the
    /// submonoid they generate), in breadth-first order.
    pub(crate) fn closure(&self, generators: &[Element]) -> Vec<Element> {
        let mut seen = vec![false; self.order];
        seen[0] = true;
        let mut out = vec![0];
        let mut i = 0;
        while i < out.len() {
            let x = out[i];
            i += 1;
            for &g in generators {
                let y = self.mul(x, g);
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    out.push(y);
                }
            }
        }
        out
    }
}

/// A set of elements of a monoid of known order, as bits: the option sets of the
/// verification, compared by inclusion millions of times.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Bits {
    words: Vec<u64>,
}

impl Bits {
    pub(crate) fn new(order: usize) -> Self {
        Bits {
            words: vec![0; order.div_ceil(64)],
        }
    }
    #[inline]
    pub(crate) fn insert(&mut self, x: Element) {
        self.words[x as usize / 64] |= 1 << (x % 64);
    }
    #[cfg(test)]
    pub(crate) fn contains(&self, x: Element) -> bool {
        self.words[x as usize / 64] >> (x % 64) & 1 == 1
    }
    /// Whether every element of `self` is in `other`.
    #[inline]
    pub(crate) fn is_subset(&self, other: &Bits) -> bool {
        self.words
            .iter()
            .zip(&other.words)
            .all(|(a, b)| a & !b == 0)
    }
    pub(crate) fn intersects(&self, other: &Bits) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }
    pub(crate) fn iter(&self) -> impl Iterator<Item = Element> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    Some(i as Element * 64 + b)
                }
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cyclic monoid `x^5 = x^3` (index 3, period 2), elements `x^0..x^4`.
    fn cyclic() -> FiniteMonoid {
        let cyc = |s: u32| if s < 5 { s } else { 3 + (s - 3) % 2 };
        let table = (0..5)
            .flat_map(|i| (0..5).map(move |j| cyc(i + j)))
            .collect();
        FiniteMonoid::from_table(5, table, &[1]).unwrap()
    }

    #[test]
    fn powers_follow_the_cycle() {
        let m = cyclic();
        assert_eq!(m.index_period(1), (3, 2));
        assert_eq!(m.power(1, 2), Some(2));
        assert_eq!(m.power(1, 1_000_000_000_000), Some(4));
        assert_eq!(m.power(1, 1_000_000_000_001), Some(3));
        assert_eq!(m.power(9, 1), None);
        assert_eq!(m.product(2, 2), Some(4));
        assert_eq!(m.product(2, 7), None);
    }

    #[test]
    fn tables_that_are_not_monoids_are_refused() {
        let m = cyclic();
        let mut t = m.table().to_vec();
        t[5 + 2] = 4; // x·x² = x⁴ but x²·x = x³: not commutative
        assert!(FiniteMonoid::from_table(5, t, &[1]).is_err());
        let mut t = m.table().to_vec();
        t[0] = 3; // 0·0 is not 0
        assert!(FiniteMonoid::from_table(5, t, &[1]).is_err());
        assert!(FiniteMonoid::from_table(5, vec![0; 24], &[1]).is_err());
        // A commutative table that is not associative: on {1, a, b}, a·a = b, b·b = 1,
        // a·b = b: (a·a)·b = b·b = 1 but a·(a·b) = a·b = b.
        let t = vec![0, 1, 2, 1, 2, 2, 2, 2, 0];
        assert!(FiniteMonoid::from_table(3, t, &[1, 2]).is_err());
    }

    #[test]
    fn tables_read_from_files_are_checked_for_shape() {
        let ok = TableData {
            order: 2,
            table: vec![0, 1, 1, 0],
        };
        assert!(FiniteMonoid::try_from(ok).is_ok());
        for (order, table) in [
            (2, vec![0, 1, 1]),
            (2, vec![0, 1, 1, 2]),
            (2, vec![1, 0, 0, 1]),
        ] {
            assert!(FiniteMonoid::try_from(TableData { order, table }).is_err());
        }
    }

    #[test]
    fn bits_test_inclusion() {
        let mut a = Bits::new(130);
        let mut b = Bits::new(130);
        a.insert(3);
        a.insert(129);
        b.insert(3);
        assert!(b.is_subset(&a) && !a.is_subset(&b));
        assert!(a.intersects(&b) && a.contains(129) && !b.contains(129));
        assert_eq!(a.iter().collect::<Vec<_>>(), vec![3, 129]);
    }
}
