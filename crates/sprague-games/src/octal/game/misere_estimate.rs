//! Misère play of a take-and-break game is solved by exact search over sums of heaps, and
//! the sums a heap needs grow exponentially with it (misère Kayles: about 2.2 times every
//! four heaps). A search that cannot finish within its limits is refused early instead of
//! running for minutes into its limit: the single heaps 1, 2, ... are solved in order (a
//! larger heap's search needs most of their sums anyway, and the solver keeps them), the
//! growth of the sums stored is measured from heap to heap, and as soon as enough sums are
//! stored to trust it, the count for the largest heap asked is extrapolated. Beyond the
//! solver's limit (or, with a deadline, beyond the time left), the request is refused with
//! the count, the limit that would be needed and the heaps that fit.
//!
//! The estimate is a guess from a measured trend, so a request is refused only when it is
//! beyond the limit by a clear margin; the limits still stop the search itself.

use crate::error::{Error, Result};
use crate::impartial::MisereSolver;
use crate::octal::rules::HeapRules;

/// Sums stored before the measured growth is trusted.
const MEASURED: u64 = 4096;
/// The most heaps the growth is measured over.
const SPAN: u64 = 8;
/// A request is refused when its estimate is beyond the limit by this factor.
const SLACK: u128 = 2;
/// The fixed point of the growth per heap (no floating point: 1 is 2^16).
const ONE: u128 = 1 << 16;

/// What a refused request would need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Estimate {
    /// The heap asked for.
    pub heap: u64,
    /// The sums it would store, about (at least this, when `more` is set).
    pub sums: u128,
    /// Whether the count was cut short at a huge number.
    pub more: bool,
    /// The largest heap whose estimate fits the limit.
    pub fits_upto: u64,
    /// The heap up to which the growth was measured.
    pub measured_upto: u64,
    /// The solver's limit on sums stored.
    pub limit: u64,
    /// With a deadline: the seconds the search would take, about, and the timeout.
    pub seconds: Option<(u128, String)>,
}

impl Estimate {
    /// The sentence of the refusal: `game` and what was asked come first.
    pub(super) fn describe(&self, asked: &str) -> String {
        let sums = if self.more {
            format!("more than {}", self.sums)
        } else {
            format!("about {}", self.sums)
        };
        let time = match &self.seconds {
            Some((s, timeout)) => {
                format!(" and take about {s} s, more than allowed (--timeout {timeout})")
            }
            None => String::new(),
        };
        format!(
            "{asked} needs exact misère search, which would store {sums} sums{time} (extrapolated from the heaps up to {}): --max-positions {} would be needed, heaps up to about {} fit in the limit of {} sums",
            self.measured_upto, self.sums, self.fits_upto, self.limit
        )
    }
}

/// `x·q / ONE`, `k` times: the count after `k` more heaps growing by `q` each.
fn grow(x: u128, q: u128, k: u64) -> u128 {
    (0..k).fold(x, |x, _| x.saturating_mul(q) / ONE)
}

/// The growth per heap (fixed point) that makes `from` become `to` over `k` heaps: the
/// largest `q` with `from·q^k ≤ to`, by bisection.
fn per_heap(from: u64, to: u64, k: u64) -> u128 {
    let (mut lo, mut hi) = (ONE, 64 * ONE);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        // Scaled, so that the rounding down of each step does not hide the growth.
        if grow(u128::from(from) * ONE, mid, k) <= u128::from(to) * ONE {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// The misère outcomes of the single heaps `0..=upto` (`true`: the player to move wins),
/// solved in order in `solver`. Fails with [`Error::Limit`] as soon as the growth measured
/// says heap `upto` is beyond the solver's limits; `asked` names the request for the
/// message (`misère kayles heap 100`).
pub(super) fn single_heaps(
    solver: &mut MisereSolver<HeapRules>,
    upto: u64,
    asked: &dyn Fn() -> String,
) -> Result<Vec<bool>> {
    let limit = solver.max_sums();
    // The clock is read only when there is a deadline to compare with.
    let started = solver
        .limits()
        .deadline
        .map(|d| (d, std::time::Instant::now()));
    let mut stored: Vec<u64> = vec![solver.sums_stored() as u64];
    let mut wins = vec![solver.first_player_wins(&[])?];
    for m in 1..=upto {
        wins.push(solver.first_player_wins(&[vec![m]])?);
        let s = solver.sums_stored() as u64;
        stored.push(s);
        if m == upto || s < MEASURED {
            continue;
        }
        let k = SPAN.min(m / 2).max(1);
        let before = stored[(m - k) as usize];
        if before == 0 {
            continue;
        }
        let q = per_heap(before, s, k);
        // Heap by heap up to `upto`, stopping once far beyond the limit.
        let cap = u128::from(limit) << 20;
        let (mut x, mut fits, mut more) = (u128::from(s), m, false);
        for j in m + 1..=upto {
            x = grow(x, q, 1);
            if x <= u128::from(limit) {
                fits = j;
            }
            if x > cap {
                more = true;
                break;
            }
        }
        let seconds = started.and_then(|(d, t0)| {
            // Time grows with the sums stored: the time so far, scaled.
            let spent = t0.elapsed().as_millis();
            let total = spent.saturating_mul(x) / u128::from(s.max(1));
            let left = d.at.saturating_duration_since(t0).as_millis();
            (total > left.saturating_mul(SLACK))
                .then(|| (total / 1000, crate::error::seconds(&d.timeout)))
        });
        if x > u128::from(limit).saturating_mul(SLACK) || seconds.is_some() {
            let e = Estimate {
                heap: upto,
                sums: x,
                more,
                fits_upto: fits,
                measured_upto: m,
                limit,
                seconds,
            };
            return Err(Error::Limit {
                what: e.describe(&asked()),
                limit,
            });
        }
    }
    Ok(wins)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Limits;
    use crate::octal::rules::TakeAndBreak;

    #[test]
    fn growth_is_a_root_in_fixed_point() {
        // Doubling over 4 heaps: 2^(1/4) ≈ 1.189.
        let q = per_heap(1000, 2000, 4);
        assert!((77_900..78_000).contains(&q), "{q}");
        assert!(grow(1000 * ONE, q, 4) <= 2000 * ONE && grow(1000 * ONE, q + 1, 4) > 2000 * ONE);
        assert_eq!(per_heap(5, 5, 3), ONE);
    }

    #[test]
    fn kayles_far_beyond_the_limit_is_refused_early_with_what_it_needs() {
        let rules = HeapRules(TakeAndBreak::parse("0.77", false).unwrap());
        let mut s = MisereSolver::new(rules.clone(), Limits::positions(50_000));
        let err = single_heaps(&mut s, 100, &|| "misère kayles heap 100".into()).unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, Error::Limit { limit: 50_000, .. }), "{text}");
        assert!(
            text.contains("misère kayles heap 100 needs exact misère search"),
            "{text}"
        );
        assert!(text.contains("--max-positions"), "{text}");
        // Refused as soon as the growth was measured, far below the limit.
        assert!(s.sums_stored() < 50_000, "{}", s.sums_stored());

        // Within the limit: the outcomes, which agree with a search of each heap alone.
        let mut s = MisereSolver::new(rules.clone(), Limits::positions(1_000_000));
        let wins = single_heaps(&mut s, 20, &|| String::new()).unwrap();
        let mut alone = MisereSolver::new(rules, Limits::default());
        for (n, &w) in wins.iter().enumerate() {
            let comps = if n == 0 { vec![] } else { vec![vec![n as u64]] };
            assert_eq!(alone.first_player_wins(&comps).unwrap(), w, "heap {n}");
        }
    }
}
