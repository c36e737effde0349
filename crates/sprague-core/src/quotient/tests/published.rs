//! Published misère quotients, reproduced.
//!
//! - Dawson's Kayles (0.07): the quotient of heaps up to 30 has 360 elements, and a trial
//!   of 848 elements is met on the way (A. N. Siegel, "Some MisereSolver questions
//!   answered", misère games blog, 28 August 2007: "Q₃₀(0.07) has size 360 but one of the
//!   candidates has size 848").
//! - 0.75: the eight-element quotient `⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩` with
//!   `P = {a, b²}` (T. E. Plambeck and A. N. Siegel, *Misère quotients for impartial
//!   games*, JCTA 115 (2008), where it is called R₈).
//! - Tame quotients: Nim's heaps below `2^r` give `2^r + 2` elements and `P = {a, b²}`
//!   (ibid., and Plambeck, *Taming the wild in impartial combinatorial games*, Integers 5
//!   (2005), G05); checked in `structure.rs`.
//! - Dawson's Chess (0.137) is Dawson's Kayles with one token fewer per heap (Guy and
//!   Smith 1956; *Winning Ways* ch. 4): its quotients are those of 0.07 one heap up.

use super::octal::Octal;
use crate::limits::Limits;
use crate::quotient::{QuotientConfig, QuotientSolver};

#[test]
fn dawsons_kayles_up_to_thirty_has_360_elements() {
    let mut s = QuotientSolver::new(Octal::new("0.07"), QuotientConfig::default()).unwrap();
    s.run(30, &Limits::default()).unwrap();
    let q = s.quotient();
    assert_eq!(q.order(), 360);
    let changes: Vec<(u64, usize)> = q.changes().iter().map(|c| (c.heap, c.order)).collect();
    assert_eq!(
        changes,
        [
            (2, 2),
            (4, 6),
            (10, 12),
            (14, 24),
            (25, 144),
            (27, 176),
            (30, 360)
        ]
    );
    // Dawson's Chess, one heap down.
    let mut s = QuotientSolver::new(Octal::new("0.137"), QuotientConfig::default()).unwrap();
    s.run(29, &Limits::default()).unwrap();
    let c = s.quotient();
    assert_eq!(c.order(), 360);
    let shifted: Vec<(u64, usize)> = c.changes().iter().map(|c| (c.heap + 1, c.order)).collect();
    assert_eq!(shifted, changes);
}

#[test]
fn the_quotient_of_0_75_is_r8() {
    let mut s = QuotientSolver::new(Octal::new("0.75"), QuotientConfig::default()).unwrap();
    s.run(1_000, &Limits::default()).unwrap();
    let q = s.quotient();
    assert_eq!((q.order(), q.p_portion().len()), (8, 2));
    let pr = q.presentation();
    assert_eq!(
        pr.text(),
        "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"
    );
    let p: Vec<String> = q
        .p_portion()
        .iter()
        .map(|&x| pr.element_text(x).unwrap())
        .collect();
    assert_eq!(p, ["a", "b^2"]);
    // The pretending function, proven periodic: 1 a b a b c b c b ab² b ab² …
    let phi: Vec<String> = (0..12)
        .map(|h| pr.element_text(q.phi(h).unwrap()).unwrap())
        .collect();
    assert_eq!(
        phi,
        ["1", "a", "b", "a", "b", "c", "b", "c", "b", "ab^2", "b", "ab^2"]
    );
    let period = q.period().unwrap();
    assert_eq!((period.preperiod, period.period), (8, 2));
    assert_eq!(q.last_change(), 5);
}
