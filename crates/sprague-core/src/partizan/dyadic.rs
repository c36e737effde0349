//! Dyadic rationals of any size: `num / 2^exp`, the numbers of short games.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// A dyadic rational `num / 2^exp`, kept normalised (`exp == 0` or `num` odd), so that equal
/// values are equal structs and hash alike.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Dyadic {
    num: BigInt,
    exp: u32,
}

impl Dyadic {
    /// `num / 2^exp`, normalised.
    pub fn new(num: BigInt, exp: u32) -> Self {
        if num.is_zero() {
            return Dyadic { num, exp: 0 };
        }
        let tz = num.trailing_zeros().unwrap_or(0);
        let shift = tz.min(u64::from(exp)) as u32;
        Dyadic {
            num: num >> shift,
            exp: exp - shift,
        }
    }
    /// Zero.
    pub fn zero() -> Self {
        Dyadic::default()
    }
    /// An integer.
    pub fn integer(n: impl Into<BigInt>) -> Self {
        Dyadic {
            num: n.into(),
            exp: 0,
        }
    }
    /// The numerator (odd unless the value is an integer).
    pub fn numerator(&self) -> &BigInt {
        &self.num
    }
    /// The base-2 logarithm of the denominator.
    pub fn den_log2(&self) -> u32 {
        self.exp
    }
    /// The denominator `2^exp`.
    pub fn denominator(&self) -> BigInt {
        BigInt::one() << self.exp
    }
    /// Whether the value is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }
    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }
    /// The sign: -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.num.is_positive() {
            1
        } else if self.num.is_negative() {
            -1
        } else {
            0
        }
    }
    /// The value as an `i64` when it is an integer that fits.
    pub fn to_i64(&self) -> Option<i64> {
        if self.exp == 0 {
            self.num.to_i64()
        } else {
            None
        }
    }
    /// Half of the value.
    pub fn half(&self) -> Self {
        Dyadic::new(self.num.clone(), self.exp + 1)
    }
    /// `2^-k`.
    pub fn pow2_neg(k: u32) -> Self {
        Dyadic::new(BigInt::one(), k)
    }
    /// Twice the value.
    pub fn double(&self) -> Self {
        if self.exp > 0 {
            Dyadic {
                num: self.num.clone(),
                exp: self.exp - 1,
            }
        } else {
            Dyadic {
                num: &self.num << 1u32,
                exp: 0,
            }
        }
    }
    /// The largest integer not above the value.
    pub fn floor(&self) -> BigInt {
        self.num.div_floor(&(BigInt::one() << self.exp))
    }
    /// The smallest integer not below the value.
    pub fn ceil(&self) -> BigInt {
        -((-self.num.clone()).div_floor(&(BigInt::one() << self.exp)))
    }
    fn aligned(&self, other: &Self) -> (BigInt, BigInt, u32) {
        let e = self.exp.max(other.exp);
        (
            &self.num << (e - self.exp),
            &other.num << (e - other.exp),
            e,
        )
    }
    /// The sum.
    pub fn add(&self, other: &Self) -> Self {
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a + b, e)
    }
    /// The difference.
    pub fn sub(&self, other: &Self) -> Self {
        let (a, b, e) = self.aligned(other);
        Dyadic::new(a - b, e)
    }
    /// The product (exact: dyadic numbers are closed under multiplication). `None` when
    /// the denominator's exponent would pass `u32`.
    pub fn mul(&self, other: &Self) -> Option<Self> {
        let exp = self.exp.checked_add(other.exp)?;
        Some(Dyadic::new(&self.num * &other.num, exp))
    }
    /// `self^k` for an integer `k`, when it is a dyadic number of at most `max_bits` bits
    /// of numerator and denominator together: `Err(true)` when it is not dyadic (a
    /// negative power of a number whose numerator is not a power of two, or of 0),
    /// `Err(false)` when it is too large.
    pub fn pow(&self, k: i64, max_bits: u64) -> std::result::Result<Self, bool> {
        let m = k.unsigned_abs();
        let bits = (self.num.bits() + u64::from(self.exp)).saturating_mul(m);
        if bits > max_bits {
            return Err(false);
        }
        let m32 = u32::try_from(m).map_err(|_| false)?;
        if k >= 0 {
            let exp = self.exp.checked_mul(m32).ok_or(false)?;
            return Ok(Dyadic::new(num_traits::Pow::pow(&self.num, m32), exp));
        }
        // 1 / (n / 2^e)^m = 2^(e·m) / n^m, dyadic only when |n| = 2^j.
        let j = match self.num.trailing_zeros() {
            Some(j) if self.num.magnitude().count_ones() == 1 => j,
            _ => return Err(true),
        };
        let sign = if self.num.sign() == num_bigint::Sign::Minus && m % 2 == 1 {
            -1
        } else {
            1
        };
        let up = u64::from(self.exp) * m;
        let down = j * m;
        let (num, exp) = if up >= down {
            (BigInt::from(sign) << (up - down), 0)
        } else {
            (
                BigInt::from(sign),
                u32::try_from(down - up).map_err(|_| false)?,
            )
        };
        Ok(Dyadic::new(num, exp))
    }
    /// The negation.
    pub fn neg(&self) -> Self {
        Dyadic {
            num: -self.num.clone(),
            exp: self.exp,
        }
    }
    /// The absolute value.
    pub fn abs(&self) -> Self {
        Dyadic {
            num: self.num.abs(),
            exp: self.exp,
        }
    }
    /// The simplest number strictly between `lo` and `hi` (either may be absent = unbounded);
    /// `None` when `lo >= hi`. This is the surreal simplicity rule.
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi) {
            if l >= h {
                return None;
            }
        }
        let zero = Dyadic::zero();
        let above = |x: &Dyadic| lo.is_none_or(|l| x > l);
        let below = |x: &Dyadic| hi.is_none_or(|h| x < h);
        if above(&zero) && below(&zero) {
            return Some(zero);
        }
        match (lo, hi) {
            (Some(l), None) => return Some(Dyadic::integer(l.floor() + 1)),
            (None, Some(h)) => return Some(Dyadic::integer(h.ceil() - 1)),
            _ => {}
        }
        let (l, h) = (lo?, hi?);
        // Both bounds, and 0 is not strictly between them: the interval is on one side.
        // The smallest-magnitude integer inside, if any.
        if l.signum() >= 0 {
            let n = Dyadic::integer(l.floor() + 1);
            if below(&n) {
                return Some(n);
            }
        } else {
            let n = Dyadic::integer(h.ceil() - 1);
            if above(&n) {
                return Some(n);
            }
        }
        // No integer inside: the interval lies in (k, k+1); the number with the smallest
        // denominator inside it.
        let mut k = 1u32;
        loop {
            // Smallest multiple of 2^-k strictly above l.
            let scaled = Dyadic::new(l.num.clone() << k, l.exp);
            let m = scaled.floor() + 1;
            let cand = Dyadic::new(m, k);
            if below(&cand) {
                return Some(cand);
            }
            k += 1;
        }
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        // Equal exponents (integers, above all) and different signs need no shifted copies.
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let (sa, sb) = (self.signum(), other.signum());
        if sa != sb {
            return sa.cmp(&sb);
        }
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.denominator())
        }
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Dyadic::integer(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(BigInt::from(n), e)
    }

    #[test]
    fn normalises_and_prints() {
        assert_eq!(d(6, 2), d(3, 1));
        assert_eq!(d(6, 2).to_string(), "3/2");
        assert_eq!(d(-4, 2).to_string(), "-1");
        assert_eq!(d(0, 5).to_string(), "0");
        assert_eq!(d(-3, 2).floor(), BigInt::from(-1));
        assert_eq!(d(-3, 2).ceil(), BigInt::from(0));
        assert!(d(1, 1) < d(3, 2));
    }

    #[test]
    fn simplicity_rule() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| {
            Dyadic::simplest_between(l.as_ref(), h.as_ref()).map(|x| x.to_string())
        };
        assert_eq!(s(None, None).as_deref(), Some("0"));
        assert_eq!(s(Some(d(0, 0)), None).as_deref(), Some("1"));
        assert_eq!(s(Some(d(3, 1)), None).as_deref(), Some("2"));
        assert_eq!(s(None, Some(d(-3, 1))).as_deref(), Some("-2"));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))).as_deref(), Some("1/2"));
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))).as_deref(), Some("3/4"));
        assert_eq!(s(Some(d(-1, 0)), Some(d(5, 0))).as_deref(), Some("0"));
        assert_eq!(s(Some(d(1, 0)), Some(d(5, 0))).as_deref(), Some("2"));
        assert_eq!(s(Some(d(-5, 0)), Some(d(-1, 0))).as_deref(), Some("-2"));
        assert_eq!(s(Some(d(-1, 0)), Some(d(-1, 1))).as_deref(), Some("-3/4"));
        assert_eq!(s(Some(d(1, 0)), Some(d(1, 0))), None);
    }
}
