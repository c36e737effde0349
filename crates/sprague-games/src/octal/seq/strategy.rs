//! How the sparse method settles the targets (rare values that only splits of two common
//! parts can give): the targeted strategy (a scan from the middle, a search by value
//! lists, then every split) and the scan strategy (every split from the ends), with the
//! trials that keep the faster. Separate because the values never depend on it: only
//! the speed does.

use super::{Algorithm, Cell, Computation, Known, Stamp};
use crate::octal::simd::{ValueSet, HIT_TARGETS};

/// Splits a scan compares with its last few targets in one call (it stops where the last
/// is found): long enough that the calls cost little, short enough that a run of values
/// decoded for it (past the windows kept in 16 bits) is not wasted.
const HIT_CHUNK: usize = 4096;

impl Computation {
    /// The value of heap `n` from its common candidate `c` and its targets (in
    /// `self.targets` and `want`), by the strategy in use.
    pub(super) fn settle<K: Known>(&mut self, g: K, n: usize, c: u32) -> u32 {
        let (value, steps) = match self.strategy {
            Strategy::Scan => self.settle_by_scan(g, n, c),
            Strategy::Targeted => self.settle_targeted(g, n, c),
        };
        if let Some(steps) = steps {
            self.choose_strategy(steps);
        }
        value
    }

    /// [`Strategy::Scan`]: every split from the ends, branch-free, until no target is
    /// missing. Returns the value and, when every target was found, the splits looked at.
    fn settle_by_scan<K: Known>(&mut self, g: K, n: usize, c: u32) -> (u32, Option<usize>) {
        let mut pending = std::mem::take(&mut self.targets);
        let mut steps = 0;
        let sets = self.value_sets;
        for &j in &self.pair_js {
            if j + 2 > n || pending.is_empty() {
                break;
            }
            steps += scan_chunked(
                g,
                n - j,
                self.rules.unequal,
                &mut self.want,
                self.stamp,
                &mut pending,
                sets,
            );
        }
        self.stats.scan_steps += steps as u64;
        let value = pending.first().copied();
        pending.clear();
        self.targets = pending;
        match value {
            Some(r) => {
                self.stats.full_scans += 1;
                (r, None)
            }
            None => (c, Some(steps)),
        }
    }

    /// [`Strategy::Targeted`]: in three phases, as the module documentation says.
    fn settle_targeted<K: Known>(&mut self, g: K, n: usize, c: u32) -> (u32, Option<usize>) {
        let unequal = self.rules.unequal;
        let stamp = self.stamp;
        let mut need = self.targets.len();
        let mut steps = 0;
        // 1. Splits from the middle (each step may find any target): finds most targets.
        let budget = need * self.tuning.scan_per_target;
        let j = self.pair_js.first().copied().unwrap_or(n);
        if j + 2 <= n && budget > 0 {
            let left = scan(g, n - j, unequal, &mut self.want, stamp, need, 0, budget);
            self.stats.scan_steps += left.1 as u64;
            steps += left.1;
            need = left.0;
            if need == 0 {
                return (c, Some(steps));
            }
        }
        // 2. The targets left, least first, by a targeted search: for a target r and a
        // frequent common value w, heaps a with g(a) = r ^ w (from `lists`) and the check
        // g(m − a) = w.
        let mut budget = self.tuning.target_budget;
        for t in 0..self.targets.len() {
            let r = self.targets[t];
            if self.want[r as usize] != stamp {
                continue;
            }
            let found = self.find_target(g, n, r, &mut budget);
            let used = self.tuning.target_budget - budget;
            self.stats.target_steps += used as u64;
            steps += used;
            let Some(k) = found else {
                break;
            };
            // Witnesses come in runs of the same kind: try this partner first next time.
            self.partners[r as usize][..=k].rotate_right(1);
            self.want[r as usize] = 0;
            self.stats.targeted += 1;
            need -= 1;
            if need == 0 {
                return (c, Some(steps));
            }
            budget = self.tuning.target_budget;
        }
        // 3. Every split, until no target is missing; the value is the least target left.
        // (From the ends, in blocks: the splits phase 1 looked at are looked at again, a
        // small part of the work.)
        self.stats.full_scans += 1;
        let mut pending = std::mem::take(&mut self.targets);
        pending.retain(|&r| self.want[r as usize] == stamp);
        let sets = self.value_sets;
        for &j in &self.pair_js {
            if j + 2 > n || pending.is_empty() {
                break;
            }
            steps += scan_chunked(g, n - j, unequal, &mut self.want, stamp, &mut pending, sets);
        }
        let value = pending.first().copied();
        pending.clear();
        self.targets = pending;
        match value {
            Some(r) => (r, None),
            None => (c, Some(steps)),
        }
    }

    /// Now and then runs [`STRATEGY_TRIAL`] heaps with the other strategy and keeps the one
    /// that needed fewer steps (the values do not depend on it).
    pub(super) fn choose_strategy(&mut self, steps: usize) {
        let t = &mut self.strategy_trial;
        if t.count == 0 {
            t.clock = Clock::start();
        }
        t.sum += steps as u64;
        t.count += 1;
        if t.count < STRATEGY_TRIAL {
            return;
        }
        t.recent = t.sum / u64::from(t.count);
        if self.method == Algorithm::Sparse && self.speculation_pays() {
            let t = &mut self.strategy_trial;
            self.strategy = Strategy::Scan;
            t.trying = false;
            t.sum = 0;
            t.count = 0;
            return;
        }
        let t = &mut self.strategy_trial;
        let cost = t.clock.cost(t.sum);
        if t.trying {
            // The other strategy has run its heaps: keep it only if it did better.
            if cost >= t.before {
                self.strategy = self.strategy.other();
            }
            t.trying = false;
            t.gap = (t.gap * 2).clamp(1, MAX_STRATEGY_GAP);
            t.wait = t.gap;
        } else if t.wait > 0 {
            t.wait -= 1;
        } else {
            // The last heaps are the yardstick; try the other strategy.
            t.before = cost;
            t.trying = true;
            self.strategy = self.strategy.other();
        }
        t.sum = 0;
        t.count = 0;
    }

    /// Whether a split of some `n − j` (j a splitting removal) has parts of common values
    /// `u`, `w` with `u ^ w = r`, looked for within `budget` steps.
    /// Returns the index in `partners[r]` of the `w` that worked.
    fn find_target<K: Known>(&self, g: K, n: usize, r: u32, budget: &mut usize) -> Option<usize> {
        let unequal = self.rules.unequal;
        let ws = self.partners.get(r as usize)?;
        for (i, &w) in ws.iter().enumerate() {
            let u = (r ^ w) as usize;
            let Some(list) = self.lists.get(u) else {
                continue;
            };
            for &j in &self.pair_js {
                if j + 2 > n {
                    break;
                }
                let m = n - j;
                let k = match list.last() {
                    Some(&a) if (a as usize) < m => list.len(),
                    _ => list.partition_point(|&a| (a as usize) < m),
                };
                let steps = k.min(*budget);
                let hit = list[..steps].iter().position(|&a| {
                    let a = a as usize;
                    g.at(m - a) == w && !(unequal && 2 * a == m)
                });
                if let Some(pos) = hit {
                    *budget -= pos + 1;
                    return Some(i);
                }
                *budget -= steps;
                if *budget == 0 {
                    return None;
                }
            }
        }
        None
    }
}

/// Heaps per measurement when the strategies are compared.
const STRATEGY_TRIAL: u32 = 2048;
/// The most measurements between two trials of the other strategy.
const MAX_STRATEGY_GAP: u32 = 64;

/// How the sparse method settles the targets (rare values that only splits of two common
/// parts can give). Which is faster depends on the game, so the computation tries the
/// other one now and then and keeps the faster ([`Computation::choose_strategy`]).
/// Measured (`octal_bench`, both forced): Officers to 10⁶ 6.5 s targeted, 6.9 s by scan,
/// and left to choose, 6.5 s (it changes as the heaps grow).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Strategy {
    /// A short scan from the middle, a search by value lists, then every split: best
    /// when the values are few and a target has frequent witnesses (0.16, 0.1777).
    Targeted,
    /// Every split from the ends, branch-free, until no target is missing: good when
    /// witnesses are scarce and of many kinds (Officers). The small heaps hold the early,
    /// irregular values, so their splits reach more kinds of values than splits from the
    /// middle (Officers at 3·10⁵: 2,700 splits a heap against 4,000).
    Scan,
}

impl Strategy {
    fn other(self) -> Strategy {
        match self {
            Strategy::Targeted => Strategy::Scan,
            Strategy::Scan => Strategy::Targeted,
        }
    }
}

/// The state of the comparison of the two strategies.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct StrategyTrial {
    /// Steps and heaps of the current measurement, and when it started.
    sum: u64,
    count: u32,
    clock: Clock,
    /// Whether the current measurement is of the other strategy, and the yardstick (its
    /// cost: see [`Clock::cost`]).
    trying: bool,
    before: u64,
    /// Measurements to wait before the next trial, and the current gap.
    pub(super) wait: u32,
    gap: u32,
    /// Steps per heap in the last measurement.
    pub(super) recent: u64,
}

/// When a measurement of [`StrategyTrial`] started. The strategies are compared by time
/// (their steps cost differently: a step of the targeted search reads a value anywhere in
/// the sequence, the scan reads adjacent values 16 or 32 at a time), except where the
/// platform has no clock (WebAssembly in a browser), where the steps are the cost. The
/// values never depend on it.
#[derive(Debug, Clone, Copy, Default)]
struct Clock {
    #[cfg(not(target_family = "wasm"))]
    started: Option<std::time::Instant>,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            #[cfg(not(target_family = "wasm"))]
            started: Some(std::time::Instant::now()),
        }
    }
    /// The cost of the measurement: nanoseconds since the start, or else `steps`.
    fn cost(&self, steps: u64) -> u64 {
        #[cfg(not(target_family = "wasm"))]
        if let Some(t) = self.started {
            return u64::try_from(t.elapsed().as_nanos()).unwrap_or(u64::MAX);
        }
        steps
    }
}

impl Computation {
    /// Tests: whether scans may use the set kernel (where the processor has it).
    #[cfg(test)]
    pub(crate) fn use_value_sets(&mut self, on: bool) {
        self.value_sets = on && crate::octal::simd::value_sets();
    }
}

/// Looks at every split `a + b = m` from the ends inwards (`a = 1, 2, …`) and clears
/// `want[x]` for each value `x = g(a) ^ g(b)` until `pending` (the targets still wanted,
/// `want[r] == stamp`) is empty; `pending` keeps the targets no split gave. Returns the
/// number of splits looked at.
///
/// While many targets are wanted, the loop stores unconditionally (`want[x] = 0` also for
/// values not wanted, which leaves them not wanted) instead of branching on every split,
/// and looks at `pending` only once a chunk. Once at most `simd::HIT_TARGETS` are left,
/// the splits are compared with them instead (`simd::find_targets_u16`), a few vector
/// instructions for 16 or 32 splits where the stores are one a split: Officers to 2·10⁶
/// on one thread took 4.9 to 5.0 s against 6.2 to 6.3 s with the stores alone.
///
/// With `sets` (the processor has AVX-512: `simd::value_sets`) and every value below 512,
/// the targets are one set instead, which each block of 32 splits is looked up in
/// ([`scan_by_set`]).
pub(super) fn scan_chunked<K: Known>(
    g: K,
    m: usize,
    unequal: bool,
    want: &mut [Stamp],
    stamp: Stamp,
    pending: &mut Vec<u32>,
    sets: bool,
) -> usize {
    let h = m / 2;
    // The splits are a = 1..=last (the equal split m = 2a is not a move when parts must
    // differ).
    let last = if unequal && m.is_multiple_of(2) {
        h.saturating_sub(1)
    } else {
        h
    };
    // `want` is as long as the marks (`marks::mark_size`): twice a power of two above every
    // value, so at most 1,024 long when every value, split and target is below 512.
    if sets && want.len() <= 1024 {
        return scan_by_set(g, m, last, want, pending);
    }
    // (`want` has a power-of-two length above every value.)
    debug_assert!(want.len().is_power_of_two());
    let mut i = 0;
    let (mut left, mut right) = (Vec::new(), Vec::new());
    while i < last && !pending.is_empty() {
        if pending.len() <= HIT_TARGETS {
            // Few targets left (Officers: at most eight for three quarters of its splits):
            // the splits are compared with them rather than marked, up to the block that
            // holds the last.
            let chunk = HIT_CHUNK.min(last - i);
            let (looked, found) = K::C::find_targets(
                g.run(i + 1, i + 1 + chunk, &mut left),
                g.run(m - i - chunk, m - i, &mut right),
                pending,
            );
            i += looked;
            if found != 0 {
                let mut t = 0;
                pending.retain(|&r| {
                    let hit = found >> t & 1 != 0;
                    t += 1;
                    if hit {
                        want[r as usize] = 0;
                    }
                    !hit
                });
            }
            continue;
        }
        // 16 splits per target still wanted: the check of `pending` stays a small part of
        // the work (with 4 a target it took a third as long as the splits), and the
        // chunks shrink as the targets are found, so that the search for the last few
        // starts soon after they are few. (Officers to 2·10⁶ on one thread: 4.9 to 5.0 s
        // with 16, 5.0 to 5.1 with 24, 5.1 to 5.3 with 12, 5.4 with 8 and 5.3 to 5.5 with
        // 32, the factor before the search.)
        let chunk = (16 * pending.len()).max(32).min(last - i);
        // Split number i + k (k < chunk): a = i + k + 1, b = m − a.
        K::C::clear_xors(
            g.run(i + 1, i + 1 + chunk, &mut left),
            g.run(m - i - chunk, m - i, &mut right),
            want,
        );
        i += chunk;
        pending.retain(|&r| want[r as usize] == stamp);
    }
    i
}

/// [`scan_chunked`] with the targets as one set (every value below 512): the splits
/// `a = 1..=last` of `m`, in chunks of [`HIT_CHUNK`], each block of 32 looked up in the set
/// of the targets not yet found (`simd::find_set_u16`), up to the block where the last is
/// found (or a few blocks past it). The targets found get `want[r] = 0`, as the marks would
/// leave them. Officers to 3·10⁶ on one thread took 0.87 times as long as with the marks
/// and comparisons (3 pairs), which stay the way on processors without AVX-512.
fn scan_by_set<K: Known>(
    g: K,
    m: usize,
    last: usize,
    want: &mut [Stamp],
    pending: &mut Vec<u32>,
) -> usize {
    // A target of 512 or more (the mex of splits below 512 can be 512, and the least
    // unmarked common value past it) is the value of no split: it stays pending, out of
    // the set.
    let mut set: ValueSet = [0; 8];
    for &r in pending.iter().filter(|&&r| r < 512) {
        set[r as usize / 64] |= 1 << (r % 64);
    }
    let mut i = 0;
    let (mut left, mut right) = (Vec::new(), Vec::new());
    while i < last && set.iter().any(|&w| w != 0) {
        let chunk = HIT_CHUNK.min(last - i);
        i += K::C::find_set(
            g.run(i + 1, i + 1 + chunk, &mut left),
            g.run(m - i - chunk, m - i, &mut right),
            &mut set,
        );
    }
    pending.retain(|&r| {
        let left = r >= 512 || set[r as usize / 64] >> (r % 64) & 1 != 0;
        if !left {
            want[r as usize] = 0;
        }
        left
    });
    i
}

/// Scans the splits `a + b = m` from the middle outwards (`a` down from `m/2`), skipping
/// the first `from` and looking at most at `budget` of them, clearing `want[x]` for each
/// value `x = g(a) ^ g(b)` still wanted; returns how many are still wanted (`need` at the
/// start) and how many splits it looked at.
#[allow(clippy::too_many_arguments)]
fn scan<K: Known>(
    g: K,
    m: usize,
    unequal: bool,
    want: &mut [Stamp],
    stamp: Stamp,
    mut need: usize,
    from: usize,
    budget: usize,
) -> (usize, usize) {
    let h = m / 2;
    if h == 0 {
        return (need, 0);
    }
    // Pairs (left[h−1−i], right[i]) = (g(h − i), g(m − h + i)), with left = g(1..=h)
    // and right = g(m − h..m).
    let skip = usize::from(unequal && m.is_multiple_of(2));
    let steps = h.min(budget.saturating_add(skip).saturating_add(from));
    let first = (skip + from).min(steps);
    let mut done = 0;
    let (mut left, mut right) = (Vec::new(), Vec::new());
    let left = g.run(1 + h - steps, 1 + h - first, &mut left);
    let right = g.run(m - h + first, m - h + steps, &mut right);
    for (&x, &y) in left.iter().rev().zip(right) {
        done += 1;
        let v = (x.into() ^ y.into()) as usize;
        if want[v] == stamp {
            want[v] = 0;
            need -= 1;
            if need == 0 {
                break;
            }
        }
    }
    (need, done)
}
