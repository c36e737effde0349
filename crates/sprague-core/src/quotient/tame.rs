//! Tame quotients: those of misère Nim, and the genus of their elements.
//!
//! Conway calls a game *tame* when it plays like misère Nim in every sum. The misère
//! quotient of Nim positions with heaps below `2^r` is `T = {1, a} ∪ B`: `a` is a heap of
//! one (`a² = 1`), `B` the positions with a heap of two or more, which form the group
//! `(Z/2)^r` under the nim-sum with identity `e` (a pair of equal large heaps), `a` acting
//! on `B` as the nim-sum with 1 (`a·x = (a·e)·x`, `a·e ≠ e`), and `P = {a, e}`: a sum is lost
//! by the player to move iff it is an odd number of single tokens, or has a large heap and
//! nim-sum 0 (Bouton). It has `2^r + 2` elements (`1` and `{1, a}` for `r = 0`). A quotient
//! is *tame* when it is isomorphic to one of these as a monoid with its P-portion (the
//! structure above characterises them up to isomorphism).
//!
//! The genus of a tame game `g^(γ₀γ₁…)` lists its normal-play value `g` and the misère
//! values of the game plus `0, 1, 2, …` copies of `*2` (Conway, *On Numbers and Games*,
//! ch. 12; *Winning Ways*, ch. 13): `0^120` for the identity, `1^031` for `a`, and
//! `g^(g, g⊕2)` (repeating) for an element of `B` of nim value `g`. The nim value of an
//! element of `B` is read from the Grundy values of the heaps mapped to it, extended to
//! products by the nim-sum; the reading is checked to be consistent.

use super::monoid::Element;
use super::Quotient;
use serde::Serialize;
use std::fmt;

/// A genus `g^(γ₀γ₁…)`: the normal-play value and the misère values with `0, 1, …` copies
/// of `*2` added (the last two repeating).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub normal: u64,
    /// The misère Grundy values with 0, 1, 2, … copies of `*2`; the last two repeat.
    pub misere: Vec<u64>,
}

impl fmt::Display for Genus {
    /// `0^120`, `2^20`; with a value of two digits, `10^(10,8)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.normal < 10 && self.misere.iter().all(|&v| v < 10) {
            write!(f, "{}^", self.normal)?;
            for v in &self.misere {
                write!(f, "{v}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.misere.iter().map(|v| v.to_string()).collect();
            write!(f, "{}^({})", self.normal, parts.join(","))
        }
    }
}

/// The structure of a tame quotient (see the module comment).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tame {
    /// `r`: the large positions form `(Z/2)^r`; the order is `2^r + 2` (or 1 or 2).
    pub rank: u32,
    /// The element of a single token, `*1` (none in the trivial quotient).
    pub a: Option<Element>,
    /// The identity of the large positions, `*2 + *2` (none if `r = 0`).
    pub e: Option<Element>,
    /// The normal-play nim value of each element, where the heaps determine it.
    pub nim: Vec<Option<u64>>,
}

impl Tame {
    /// The genus of element `x`, if its nim value is known.
    pub fn genus(&self, x: Element) -> Option<Genus> {
        if x == 0 {
            return Some(Genus {
                normal: 0,
                misere: vec![1, 2, 0],
            });
        }
        if Some(x) == self.a {
            return Some(Genus {
                normal: 1,
                misere: vec![0, 3, 1],
            });
        }
        let g = (*self.nim.get(x as usize)?)?;
        Some(Genus {
            normal: g,
            misere: vec![g, g ^ 2],
        })
    }
}

impl Quotient {
    /// The tame structure, if the quotient is tame.
    pub fn tame(&self) -> Option<Tame> {
        let m = &self.monoid;
        let order = m.order();
        if order == 1 {
            return Some(Tame {
                rank: 0,
                a: None,
                e: None,
                nim: vec![Some(0)],
            });
        }
        for a in 1..order as Element {
            if !self.is_p(a) || m.mul(a, a) != 0 {
                continue;
            }
            if let Some(t) = self.tame_with(a) {
                return Some(t);
            }
        }
        None
    }

    fn tame_with(&self, a: Element) -> Option<Tame> {
        let m = &self.monoid;
        let order = m.order();
        let big: Vec<Element> = (1..order as Element).filter(|&x| x != a).collect();
        if big.is_empty() {
            return (self.p_portion() == [a]).then(|| Tame {
                rank: 0,
                a: Some(a),
                e: None,
                nim: vec![Some(0), Some(1)],
            });
        }
        let in_big = |x: Element| x != 0 && x != a;
        let ps: Vec<Element> = big.iter().copied().filter(|&x| self.is_p(x)).collect();
        let [e] = ps[..] else { return None };
        let group = big.iter().all(|&x| {
            m.mul(e, x) == x
                && m.mul(x, x) == e
                && in_big(m.mul(a, x))
                && big.iter().all(|&y| in_big(m.mul(x, y)))
        });
        if !group || m.mul(a, e) == e || !big.len().is_power_of_two() {
            return None;
        }
        let rank = big.len().trailing_zeros();
        // Nim values: from the heaps, then by nim-sums; any clash leaves them unknown.
        let mut nim: Vec<Option<u64>> = vec![None; order];
        nim[0] = Some(0);
        nim[a as usize] = Some(1);
        nim[e as usize] = Some(0);
        nim[m.mul(a, e) as usize] = Some(1);
        let mut consistent = true;
        for (h, &x) in self.phi.iter().enumerate() {
            let g = self.grundy.get(h).copied();
            match (nim[x as usize], g) {
                (_, None) => {}
                (None, Some(g)) => nim[x as usize] = Some(g),
                (Some(v), Some(g)) => consistent &= v == g,
            }
        }
        // Close under products within B (x·y has nim value v(x) ⊕ v(y)).
        let mut changed = true;
        while changed && consistent {
            changed = false;
            for &x in &big {
                for &y in &big {
                    if let (Some(u), Some(v)) = (nim[x as usize], nim[y as usize]) {
                        let z = m.mul(x, y) as usize;
                        match nim[z] {
                            None => {
                                nim[z] = Some(u ^ v);
                                changed = true;
                            }
                            Some(w) => consistent &= w == u ^ v,
                        }
                    }
                }
            }
        }
        if !consistent {
            nim = vec![None; order];
            nim[0] = Some(0);
            nim[a as usize] = Some(1);
        }
        Some(Tame {
            rank,
            a: Some(a),
            e: Some(e),
            nim,
        })
    }
}
