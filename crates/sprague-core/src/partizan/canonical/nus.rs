//! [`Nus`]: the parameters of a game `x + u·↑ + *m`, their arithmetic, sign and canonical
//! options, and their CGSuite notation. Kept apart from the arena because it is plain data:
//! everything here works on the three parameters alone, without a [`Context`](super::Context).

use super::super::dyadic::Dyadic;
use std::cmp::Ordering;
use std::fmt;

/// The largest multiple of up accepted in one literal (`^256`): the notation's parser reads
/// no more, so [`Nus`]'s text writes a larger multiple as a sum of literals.
pub const MAX_UP_LITERAL: u64 = 256;

/// `number + up·↑ + *nim`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Nus {
    /// The number part.
    pub number: Dyadic,
    /// The multiple of up (negative: of down).
    pub up: i64,
    /// The nimber part.
    pub nim: u64,
}

impl Nus {
    /// A number.
    pub fn number(x: Dyadic) -> Self {
        Nus {
            number: x,
            up: 0,
            nim: 0,
        }
    }
    /// Whether it is a number (no up, no nimber).
    pub fn is_number(&self) -> bool {
        self.up == 0 && self.nim == 0
    }
    pub(super) fn add(&self, o: &Nus) -> Option<Nus> {
        Some(Nus {
            number: self.number.add(&o.number),
            up: self.up.checked_add(o.up)?,
            nim: self.nim ^ o.nim,
        })
    }
    pub(super) fn neg(&self) -> Option<Nus> {
        Some(Nus {
            number: self.number.neg(),
            up: self.up.checked_neg()?,
            nim: self.nim,
        })
    }
    /// Whether `self <= o` (`None` when the difference of the ups overflows), without
    /// building the difference: the hot path of comparisons of nimbers and ups.
    pub(super) fn le(&self, o: &Nus) -> Option<bool> {
        match self.number.cmp(&o.number) {
            Ordering::Less => Some(true),
            Ordering::Greater => Some(false),
            Ordering::Equal => Some(
                Nus {
                    number: Dyadic::zero(),
                    up: o.up.checked_sub(self.up)?,
                    nim: self.nim ^ o.nim,
                }
                .nonnegative(),
            ),
        }
    }
    /// Whether `self >= 0`.
    pub(super) fn nonnegative(&self) -> bool {
        match self.number.signum() {
            1 => true,
            -1 => false,
            // u·↑ + *m: ↑* is fuzzy, every other positive multiple of up with any nimber is
            // positive; a nimber alone is fuzzy unless it is 0.
            _ => match self.up.cmp(&0) {
                Ordering::Equal => self.nim == 0,
                Ordering::Greater => !(self.up == 1 && self.nim == 1),
                Ordering::Less => false,
            },
        }
    }
    /// The canonical options, as nus triples.
    pub(super) fn options(&self) -> (Vec<Nus>, Vec<Nus>) {
        let x = &self.number;
        let at = |up: i64, nim: u64| Nus {
            number: x.clone(),
            up,
            nim,
        };
        let num = |d: Dyadic| Nus::number(d);
        match (self.up, self.nim) {
            (0, 0) => {
                if x.is_integer() {
                    match x.signum() {
                        0 => (vec![], vec![]),
                        1 => (vec![num(x.sub(&Dyadic::integer(1)))], vec![]),
                        _ => (vec![], vec![num(x.add(&Dyadic::integer(1)))]),
                    }
                } else {
                    let step = Dyadic::pow2_neg(x.den_log2());
                    (vec![num(x.sub(&step))], vec![num(x.add(&step))])
                }
            }
            (0, m) => {
                let opts: Vec<Nus> = (0..m).map(|k| at(0, k)).collect();
                (opts.clone(), opts)
            }
            (1, 1) => (vec![at(0, 0), at(0, 1)], vec![at(0, 0)]),
            (-1, 1) => (vec![at(0, 0)], vec![at(0, 0), at(0, 1)]),
            (u, m) if u > 0 => (vec![at(0, 0)], vec![at(u - 1, m ^ 1)]),
            (u, m) => (vec![at(u + 1, m ^ 1)], vec![at(0, 0)]),
        }
    }
}

impl fmt::Display for Nus {
    /// CGSuite's notation: `3/4`, `*2`, `^`, `^^`, `v3`, `1^*`, `-1/2v*3`.
    ///
    /// A literal reads at most [`MAX_UP_LITERAL`] ups, but sums reach more: a larger multiple
    /// of up is written as a sum of literals (`^466` as `^256+^210`), which reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.number.is_zero() || (self.up == 0 && self.nim == 0) {
            write!(f, "{}", self.number)?;
        }
        let max = MAX_UP_LITERAL as i64;
        let mut up = self.up;
        while up.abs() > max {
            let (part, text) = if up > 0 { (max, "^") } else { (-max, "v") };
            write!(f, "{text}{max}+")?;
            up -= part;
        }
        match up {
            0 => {}
            1 => f.write_str("^")?,
            2 => f.write_str("^^")?,
            -1 => f.write_str("v")?,
            -2 => f.write_str("vv")?,
            u if u > 0 => write!(f, "^{u}")?,
            u => write!(f, "v{}", u.unsigned_abs())?,
        }
        match self.nim {
            0 => Ok(()),
            1 => f.write_str("*"),
            m => write!(f, "*{m}"),
        }
    }
}
