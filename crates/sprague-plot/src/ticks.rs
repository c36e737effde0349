//! Axis ticks at exact numbers: integers on a 1-2-5 progression, and below one the
//! dyadic fractions 1/2, 1/4, 1/8, ... so that every tick is a dyadic rational whose label
//! is written exactly. Also the conversion of dyadics to `f64` for placing marks.

use num_bigint::BigInt;
use num_traits::ToPrimitive;
use sprague_core::partizan::Dyadic;

/// A tick: where it is drawn and its exact label.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Tick {
    /// The position on the axis (exactly `value - offset` when it fits in an `f64`).
    pub at: f64,
    /// The exact label.
    pub label: String,
}

/// The step of the ticks of a span: `(m, k)` for `m·2^k` with `m` in {1, 2, 5}·10^j
/// (steps of at least 1) or `m = 1`, `k < 0` (steps below 1).
fn step(span: f64, max: usize) -> (i128, i32) {
    let max = max.max(1) as f64;
    if !(span.is_finite() && span > 0.0) {
        return (1, 0);
    }
    if span / max <= 1.0 {
        // Halve from 1 while the ticks stay at most `max`; 2^-60 is far below a pixel.
        let mut k = 0;
        while k > -60 && span / (2f64).powi(k - 1) <= max {
            k -= 1;
        }
        return (1, k);
    }
    let mut unit: i128 = 1;
    loop {
        for m in [1, 2, 5] {
            let s = unit * m;
            if span / s as f64 <= max {
                return (s, 0);
            }
        }
        match unit.checked_mul(10) {
            Some(u) if u < i128::MAX / 100 => unit = u,
            _ => return (unit, 0),
        }
    }
}

/// At most about `max` ticks in `lo..=hi` (positions relative to the exact `offset`),
/// labelled with `offset + position` exactly.
pub(crate) fn ticks(lo: f64, hi: f64, max: usize, offset: &Dyadic) -> Vec<Tick> {
    spaced(step(hi - lo, max), lo, hi, offset)
}

/// Ticks of an axis of whole numbers (heaps, values, cells): at most about `max` in
/// `lo..=hi`, every one a whole number, however small the span (never 1/2 or 3/2).
pub(crate) fn integer_ticks(lo: f64, hi: f64, max: usize) -> Vec<Tick> {
    let (m, k) = step(hi - lo, max);
    spaced(if k < 0 { (1, 0) } else { (m, k) }, lo, hi, &Dyadic::zero())
}

/// The ticks at the multiples of the step `m·2^k` in `lo..=hi`.
fn spaced((m, k): (i128, i32), lo: f64, hi: f64, offset: &Dyadic) -> Vec<Tick> {
    let unit = (m as f64) * (2f64).powi(k);
    let (first, last) = ((lo / unit).ceil(), (hi / unit).floor());
    // Beyond 2^53 the steps are not exact in f64; never expected (positions are relative
    // to an offset inside the range), and then no ticks are better than wrong ones.
    if !(first.abs() < 9e15 && last.abs() < 9e15) || last < first {
        return Vec::new();
    }
    let (first, last) = (first as i64, last as i64);
    (first..=last)
        .map(|i| {
            let exact = Dyadic::new(BigInt::from(i) * BigInt::from(m), (-k) as u32).add(offset);
            Tick {
                at: i as f64 * unit,
                label: exact.to_string(),
            }
        })
        .collect()
}

/// `x` as the nearest `f64` (for drawing only); `None` when it is too large to draw.
pub(crate) fn to_f64(x: &Dyadic) -> Option<f64> {
    let num = x.numerator();
    let bits = num.bits();
    // Keep 62 significant bits: the rest is far below what a picture shows.
    let shift = bits.saturating_sub(62);
    let top: BigInt = num >> shift;
    let m = top.to_i64()? as f64;
    let e = i64::try_from(shift).ok()? - i64::from(x.den_log2());
    let mut v = m;
    let mut e = e;
    while e > 0 {
        let s = e.min(512);
        v *= (2f64).powi(s as i32);
        e -= s;
    }
    while e < 0 {
        let s = (-e).min(512);
        v /= (2f64).powi(s as i32);
        e += s;
    }
    v.is_finite().then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(BigInt::from(n), k)
    }

    #[test]
    fn ticks_are_exact_and_bounded() {
        let t = ticks(-1.0, 3.0, 8, &Dyadic::zero());
        let labels: Vec<&str> = t.iter().map(|t| t.label.as_str()).collect();
        assert_eq!(
            labels,
            ["-1", "-1/2", "0", "1/2", "1", "3/2", "2", "5/2", "3"]
        );
        // An axis of whole numbers over a small range: whole ticks only.
        for hi in [1.0, 2.0, 3.0] {
            let t = integer_ticks(0.0, hi, 10);
            let labels: Vec<_> = t.iter().map(|t| t.label.as_str()).collect();
            assert!(labels.iter().all(|l| !l.contains('/')), "{labels:?}");
            assert_eq!(t.len(), hi as usize + 1, "{labels:?}");
        }
        assert_eq!(integer_ticks(0.0, 1000.0, 10).len(), 11);
        let t = ticks(0.0, 1000.0, 10, &Dyadic::zero());
        assert_eq!(t.len(), 11);
        assert_eq!(t[1].label, "100");
        let t = ticks(0.0, 0.1, 4, &d(7, 0));
        assert_eq!(t[0].label, "7");
        assert_eq!(t[1].label, "225/32");
        assert!(t.len() <= 5 && t.len() >= 2, "{t:?}");
        // An offset far beyond f64's precision still labels exactly.
        let big = Dyadic::integer(BigInt::from(10).pow(30));
        let t = ticks(-1.0, 1.0, 4, &big);
        assert_eq!(t[0].label, "999999999999999999999999999999");
        assert!(ticks(0.0, f64::NAN, 4, &Dyadic::zero()).len() <= 1);
    }

    #[test]
    fn dyadics_convert() {
        assert_eq!(to_f64(&d(9, 2)), Some(2.25));
        assert_eq!(to_f64(&d(-3, 1)), Some(-1.5));
        assert_eq!(to_f64(&Dyadic::zero()), Some(0.0));
        let tiny = Dyadic::new(BigInt::from(1), 2000);
        assert_eq!(to_f64(&tiny), Some(0.0));
        let huge = Dyadic::integer(BigInt::from(1) << 2000u32);
        assert_eq!(to_f64(&huge), None);
        let odd = Dyadic::new((BigInt::from(1) << 100u32) + 1, 99);
        assert_eq!(to_f64(&odd), Some(2.0));
    }
}
