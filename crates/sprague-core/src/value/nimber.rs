use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// A nimber `*n`: the value of an impartial game under normal play (its Grundy value).
/// Nim-addition is XOR. Search results fit in a `u64`; values given by theorems for huge
/// positions are `num_bigint::BigUint` and never pass through this type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Nimber(pub u64);

impl Nimber {
    /// `*0`, the value of every P-position.
    pub const ZERO: Nimber = Nimber(0);

    /// The Grundy value as a plain integer.
    pub fn value(self) -> u64 {
        self.0
    }

    /// True for `*0`: the player to move loses under normal play.
    pub fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// The nim product `self ⊗ rhs`: with XOR as addition, the nimbers below 2^64 form the
    /// field GF(2^64) (see [`nim_field`](super::nim_field)).
    pub fn nim_mul(self, rhs: Nimber) -> Nimber {
        Nimber(super::nim_field::nim_mul(self.0, rhs.0))
    }

    /// The inverse in the nim field, `None` for `*0`.
    pub fn nim_inv(self) -> Option<Nimber> {
        super::nim_field::nim_inv(self.0).map(Nimber)
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    /// The nim-sum (Sprague–Grundy theorem): XOR of the components' values.
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a ^ b)
    }
}

impl fmt::Display for Nimber {
    /// CGSuite's notation: `0`, `*`, `*2`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => write!(f, "0"),
            1 => write!(f, "*"),
            n => write!(f, "*{n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_sum_is_xor() {
        let s: Nimber = [3u64, 4, 5].iter().map(|&v| Nimber(v)).sum();
        assert_eq!(s, Nimber(2));
        assert_eq!(Nimber(7) ^ Nimber(7), Nimber::ZERO);
    }

    #[test]
    fn display_uses_cgsuite_notation() {
        assert_eq!(Nimber(0).to_string(), "0");
        assert_eq!(Nimber(1).to_string(), "*");
        assert_eq!(Nimber(5).to_string(), "*5");
    }
}
