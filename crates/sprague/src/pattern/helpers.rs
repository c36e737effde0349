//! The helper functions a printed pattern may call, each exact for every 64-bit input:
//! evaluated here as the printed C++ computes it (the evaluator refuses what the C++ would
//! get wrong), printed once before the function that calls it, with a comment saying why
//! no intermediate value overflows.
//!
//! Integer only: no floating point anywhere. Where a product could leave 64 bits the
//! helper compares without it (the golden ratio by its continued fraction) or uses
//! `unsigned __int128` where the comment proves the bound.

/// A function of one non-negative 64-bit number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    /// `⌊√x⌋`.
    Isqrt,
    /// The largest `t` with `t(t + 1)/2 ≤ x`: which gap between triangular numbers `x` is in.
    TriRoot,
    /// `⌊log₂ x⌋` for `x ≥ 1`.
    Ilog2,
    /// `v₂(x)`, the exponent of 2 in `x ≥ 1` (its trailing zero bits).
    V2,
    /// The number of one bits of `x`.
    Popcount,
}

/// A predicate of non-negative 64-bit numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pred {
    /// `lt_phi(p, q)`: `p < φ·q`, `φ = (1 + √5)/2`, for `p, q ≥ 0` not both 0.
    LtPhi,
    /// `below_beatty(x, n, k)`: `x < n·α`, `α = (2 − k + √(k² + 4))/2`, for `k ≥ 2` and
    /// `0 ≤ x`, `n ≥ 1`, `k·n < 2^63`.
    BelowBeatty,
}

/// A helper of either kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Helper {
    /// A function.
    Func(Func),
    /// A predicate.
    Pred(Pred),
}

impl Func {
    /// Every function, in the order the printed code defines them.
    pub const ALL: [Func; 5] = [
        Func::Isqrt,
        Func::TriRoot,
        Func::Ilog2,
        Func::V2,
        Func::Popcount,
    ];

    /// Its name in the printed code.
    pub fn name(self) -> &'static str {
        match self {
            Func::Isqrt => "isqrt_ll",
            Func::TriRoot => "tri_root",
            Func::Ilog2 => "ilog2_ll",
            Func::V2 => "v2_ll",
            Func::Popcount => "popcount_ll",
        }
    }

    /// Its value, as the printed code computes it; an argument it is not defined on is an
    /// error.
    pub fn eval(self, x: i64) -> Result<i64, String> {
        if x < 0 || (x == 0 && matches!(self, Func::Ilog2 | Func::V2)) {
            return Err(format!("{}({x}) is not defined", self.name()));
        }
        let u = x as u64;
        Ok(match self {
            Func::Isqrt => {
                // Binary search as printed: m ≤ 3037000500, so m² < 2^64.
                let (mut lo, mut hi) = (0u64, 3_037_000_500u64);
                while lo < hi {
                    let m = lo + (hi - lo).div_ceil(2);
                    if m * m <= u {
                        lo = m;
                    } else {
                        hi = m - 1;
                    }
                }
                lo as i64
            }
            Func::TriRoot => {
                // m < 2^32, so m(m + 1) < 2^64.
                let (mut lo, mut hi) = (0u64, u32::MAX as u64);
                while lo < hi {
                    let m = lo + (hi - lo).div_ceil(2);
                    if m * (m + 1) / 2 <= u {
                        lo = m;
                    } else {
                        hi = m - 1;
                    }
                }
                lo as i64
            }
            Func::Ilog2 => 63 - i64::from(u.leading_zeros()),
            Func::V2 => i64::from(u.trailing_zeros()),
            Func::Popcount => i64::from(u.count_ones()),
        })
    }

    /// The formula's name for people (`⌊√n⌋`, `v₂(n)`).
    pub fn math(self, x: &str) -> String {
        match self {
            Func::Isqrt => format!("⌊√{x}⌋"),
            Func::TriRoot => format!("T⁻¹({x})"),
            Func::Ilog2 => format!("⌊log₂ {x}⌋"),
            Func::V2 => format!("v₂({x})"),
            Func::Popcount => format!("popcount({x})"),
        }
    }
}

impl Pred {
    /// Every predicate, in the order the printed code defines them.
    pub const ALL: [Pred; 2] = [Pred::LtPhi, Pred::BelowBeatty];

    /// Its name in the printed code.
    pub fn name(self) -> &'static str {
        match self {
            Pred::LtPhi => "lt_phi",
            Pred::BelowBeatty => "below_beatty",
        }
    }

    /// Its value, as the printed code computes it.
    pub fn eval(self, args: &[i64]) -> Result<bool, String> {
        match (self, args) {
            (Pred::LtPhi, &[p, q]) if p >= 0 && q >= 0 && (p, q) != (0, 0) => {
                Ok(lt_phi(p as u64, q as u64))
            }
            (Pred::BelowBeatty, &[x, n, k])
                if x >= 0 && n >= 1 && k >= 2 && (k as i128) * (n as i128) < 1 << 63 =>
            {
                below_beatty(x as u64, n as u64, k as u64)
            }
            _ => Err(format!("{}{args:?} is outside its domain", self.name())),
        }
    }
}

/// `p < φ·q` by the continued fraction of `p/q` against `φ = [1; 1, 1, …]`: no product.
fn lt_phi(mut p: u64, mut q: u64) -> bool {
    let mut flip = false;
    loop {
        if q == 0 {
            return flip;
        }
        if p < q {
            return !flip;
        }
        if p - q >= q {
            return flip;
        }
        (p, q) = (q, p - q);
        flip = !flip;
    }
}

/// `x < n·α_k` in 128-bit arithmetic, refusing any overflow (the printed comment proves
/// there is none within the domain).
fn below_beatty(x: u64, n: u64, k: u64) -> Result<bool, String> {
    if x >= 2 * n {
        return Ok(false);
    }
    let over = || format!("below_beatty({x}, {n}, {k}) overflows 128 bits");
    let l = (2 * x as u128) + (k as u128 - 2) * n as u128;
    let l2 = l.checked_mul(l).ok_or_else(over)?;
    let r = (k as u128 * k as u128 + 4)
        .checked_mul(n as u128 * n as u128)
        .ok_or_else(over)?;
    Ok(l2 < r)
}

impl Helper {
    /// The helper in C++, with its proof of exactness.
    pub fn cpp(self) -> &'static str {
        match self {
            Helper::Func(Func::Isqrt) => {
                "// floor(sqrt(x)) for 0 <= x < 2^63, integers only: m <= 3037000500, so m*m < 2^64\n\
// cannot overflow unsigned long long.\n\
long long isqrt_ll(long long x) {\n    unsigned long long lo = 0, hi = 3037000500ULL;\n    while (lo < hi) {\n        unsigned long long m = lo + (hi - lo + 1) / 2;\n        if (m * m <= (unsigned long long)x) lo = m; else hi = m - 1;\n    }\n    return (long long)lo;\n}\n"
            }
            Helper::Func(Func::TriRoot) => {
                "// The largest t with t(t+1)/2 <= x, for 0 <= x < 2^63: t < 2^32, so m*(m+1) < 2^64\n\
// cannot overflow unsigned long long.\n\
long long tri_root(long long x) {\n    unsigned long long lo = 0, hi = 4294967295ULL;\n    while (lo < hi) {\n        unsigned long long m = lo + (hi - lo + 1) / 2;\n        if (m * (m + 1) / 2 <= (unsigned long long)x) lo = m; else hi = m - 1;\n    }\n    return (long long)lo;\n}\n"
            }
            Helper::Func(Func::Ilog2) => {
                "// floor(log2(x)) for x >= 1.\nlong long ilog2_ll(long long x) { return 63 - __builtin_clzll((unsigned long long)x); }\n"
            }
            Helper::Func(Func::V2) => {
                "// v2(x), the exponent of 2 in x >= 1.\nlong long v2_ll(long long x) { return __builtin_ctzll((unsigned long long)x); }\n"
            }
            Helper::Func(Func::Popcount) => {
                "// The number of one bits of x >= 0.\nlong long popcount_ll(long long x) { return __builtin_popcountll((unsigned long long)x); }\n"
            }
            Helper::Pred(Pred::LtPhi) => {
                "// Whether p < phi*q, phi = (1 + sqrt 5)/2, for p, q >= 0 not both 0: p/q against the\n\
// continued fraction phi = [1; 1, 1, ...] by Euclid's algorithm. Only subtractions of\n\
// smaller from larger numbers: exact for every 64-bit input.\n\
bool lt_phi(long long p, long long q) {\n    bool flip = false;\n    while (true) {\n        if (q == 0) return flip;          // p/0 is above phi\n        if (p < q) return !flip;          // p/q < 1 < phi\n        if (p - q >= q) return flip;      // p/q >= 2 > phi\n        long long r = p - q;              // p/q < phi iff q/r > phi (phi = 1 + 1/phi)\n        p = q; q = r; flip = !flip;\n    }\n}\n"
            }
            Helper::Pred(Pred::BelowBeatty) => {
                "// Whether x < n*alpha, alpha = (2 - k + sqrt(k*k + 4))/2, for k >= 2, x >= 0, n >= 1,\n\
// k*n < 2^63. Past x >= 2n (alpha < 2) it compares L = 2x + (k-2)n with n*sqrt(k*k+4)\n\
// squared: L < (k+2)n <= 2^64 and (k*k+4)n^2 <= 2*(kn)^2 < 2^127, so unsigned __int128\n\
// holds both squares exactly.\n\
bool below_beatty(long long x, long long n, long long k) {\n    if (x >= 2 * n) return false;\n    unsigned __int128 l = (unsigned __int128)(2 * (unsigned long long)x) + (unsigned __int128)(k - 2) * (unsigned long long)n;\n    unsigned __int128 r = (unsigned __int128)(k * k + 4) * ((unsigned __int128)n * (unsigned long long)n);\n    return l * l < r;\n}\n"
            }
        }
    }

    /// The helper in Python 3 (its integers do not overflow).
    pub fn python(self) -> &'static str {
        match self {
            Helper::Func(Func::Isqrt) => "def isqrt_ll(x):\n    return math.isqrt(x)\n",
            Helper::Func(Func::TriRoot) => {
                "def tri_root(x):\n    # the largest t with t(t+1)/2 <= x\n    return (math.isqrt(8 * x + 1) - 1) // 2\n"
            }
            Helper::Func(Func::Ilog2) => "def ilog2_ll(x):\n    return x.bit_length() - 1\n",
            Helper::Func(Func::V2) => {
                "def v2_ll(x):\n    # the exponent of 2 in x >= 1\n    return (x & -x).bit_length() - 1\n"
            }
            Helper::Func(Func::Popcount) => "def popcount_ll(x):\n    return bin(x).count(\"1\")\n",
            Helper::Pred(Pred::LtPhi) => {
                "def lt_phi(p, q):\n    # p < phi*q, phi = (1 + sqrt 5)/2: (2p - q)^2 < 5q^2 when 2p >= q\n    return 2 * p < q or (2 * p - q) ** 2 < 5 * q * q\n"
            }
            Helper::Pred(Pred::BelowBeatty) => {
                "def below_beatty(x, n, k):\n    # x < n*alpha, alpha = (2 - k + sqrt(k*k + 4))/2\n    l = 2 * x + (k - 2) * n\n    return l < 0 or l * l < (k * k + 4) * n * n\n"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lt_phi_agrees_with_squares() {
        for q in 0..200u64 {
            for p in 0..400u64 {
                if (p, q) == (0, 0) {
                    continue;
                }
                let (p2, q2) = (2 * p as i128, q as i128);
                let want = p2 < q2 || (p2 - q2) * (p2 - q2) < 5 * q2 * q2;
                assert_eq!(lt_phi(p, q), want, "{p} {q}");
            }
        }
    }

    #[test]
    fn below_beatty_fits_at_the_bounds() {
        for k in 2..=4i64 {
            let n = (i64::MAX) / k;
            for x in [0, n, 2 * n - 1, n + n / 3] {
                assert!(Pred::BelowBeatty.eval(&[x, n, k]).is_ok(), "{x} {n} {k}");
            }
        }
    }

    #[test]
    fn functions_at_the_ends() {
        assert_eq!(Func::TriRoot.eval(i64::MAX).unwrap(), u32::MAX as i64);
        assert_eq!(Func::TriRoot.eval(5).unwrap(), 2);
        assert_eq!(Func::TriRoot.eval(6).unwrap(), 3);
        assert_eq!(Func::Isqrt.eval(i64::MAX).unwrap(), 3_037_000_499);
        assert_eq!(Func::V2.eval(96).unwrap(), 5);
        assert!(Func::V2.eval(0).is_err());
        assert_eq!(Func::Ilog2.eval(i64::MAX).unwrap(), 62);
    }
}
