//! The long-repeat finder of the period watch: it notices a long period soon after the
//! values first repeat, where the watch's searches (each time the sequence has grown by
//! half) may notice it only much later (0.1777, preperiod 160,949,018 and period
//! 60,620,715: its values repeat from 2.2·10⁸ on, the search at 3.1·10⁸ finds it).
//! Separate because it is a self-contained index with its own memory bound.
//!
//! Anchors chosen by content, as in content-defined chunking: a position is an anchor
//! when a hash of its last 16 values has its top [`ANCHOR_BITS`] bits clear (one
//! position in about 1,024; 16 values, so that even values of two kinds make enough
//! different keys). Each anchor is filed under a hash of the [`WINDOW`] values
//! ending there. Values that repeat with period `p` have their anchors at the same places
//! in each repetition, so the first anchor of the second repetition finds its twin `p`
//! before it, and hands `p` to the watch (which checks it value by value, so a hash
//! collision costs nothing but that check). The cost is a multiply a value and one
//! entry in about 1,024 values (7 MB at 4.4·10⁸ values), at most [`MAX_ANCHORS`].

use super::Known;
use std::collections::HashMap;

/// The least length from which the computation reads its values here (below it, the
/// watch's searches run often enough).
pub(super) const REPEATS_FROM: usize = 1 << 20;
/// Values hashed to file an anchor.
const WINDOW: usize = 32;
/// Bits of the four-value hash that must be clear at an anchor.
const ANCHOR_BITS: u32 = 10;
/// The most anchors filed (then the finder only looks up).
const MAX_ANCHORS: usize = 1 << 21;
/// Values read at a time.
const BLOCK: usize = 1 << 14;
/// An odd multiplier that spreads the 16-value key over the top bits.
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The finder's state: where each window was last seen, and how far it has read.
#[derive(Debug, Clone, Default)]
pub(super) struct Repeats {
    /// The last anchor (its position plus one) of each window hash.
    seen: HashMap<u64, u32>,
    /// The first position not read yet.
    next: usize,
    /// The last 16 values read, shifted 4 bits apart (a function of those values only).
    recent: u64,
}

impl Repeats {
    /// Reads the values from where it stopped to the last one, and pushes `(p, at)` to
    /// `found` for each anchor whose window was seen `p` values before: the values
    /// `g(at − WINDOW..at)` probably equal those `p` before them.
    pub(super) fn read<K: Known>(&mut self, g: K, found: &mut Vec<(usize, usize)>) {
        let len = g.len();
        let mut scratch = Vec::new();
        let mut anchors = Vec::new();
        while self.next < len {
            let end = (self.next + BLOCK).min(len);
            anchors.clear();
            let mut recent = self.recent;
            for (k, &x) in g.run(self.next, end, &mut scratch).iter().enumerate() {
                recent = (recent << 4) ^ u64::from(x.into());
                if recent.wrapping_mul(MIX) >> (64 - ANCHOR_BITS) == 0 {
                    anchors.push(self.next + k + 1);
                }
            }
            self.recent = recent;
            self.next = end;
            for &at in &anchors {
                if at < WINDOW {
                    continue;
                }
                let key = (at - WINDOW..at).fold(0u64, |h, i| {
                    (h ^ u64::from(g.at(i))).wrapping_mul(MIX).rotate_left(29)
                });
                let room = self.seen.len() < MAX_ANCHORS;
                match self.seen.get_mut(&key) {
                    Some(last) => {
                        found.push((at - *last as usize, at));
                        *last = at as u32;
                    }
                    None if room => {
                        self.seen.insert(key, at as u32);
                    }
                    None => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chaotic-looking sequence: fixed pseudo-random values below `kinds`.
    fn noise(len: usize, seed: u64, kinds: u64) -> Vec<u8> {
        let mut x = seed;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % kinds) as u8
            })
            .collect()
    }

    #[test]
    fn a_long_period_is_found_soon_after_it_repeats() {
        // Preperiod 50,000, period 120,001: the values repeat from 170,001 on. Values of
        // 40 kinds, and of two (whose four-value windows would take 16 keys only).
        for kinds in [40, 2] {
            let (pre, p) = (50_000, 120_001);
            let mut g = noise(pre, 1, kinds);
            g.extend(noise(p, 2, kinds));
            for i in pre + p..pre + 2 * p {
                g.push(g[i - p]);
            }
            let mut r = Repeats::default();
            let mut found = Vec::new();
            // Read as the computation would, a piece at a time.
            let mut upto = 0;
            while found.is_empty() && upto < g.len() {
                upto = (upto + 5_000).min(g.len());
                r.read(&g[..upto], &mut found);
            }
            let &(shift, at) = found.first().expect("the repeat is found");
            assert_eq!(shift, p);
            assert!(at > pre + p && at < pre + p + 20_000, "found at {at}");
            assert!((at - WINDOW..at).all(|i| g[i] == g[i - p]));
        }
    }

    #[test]
    fn values_that_never_repeat_give_nothing() {
        let g = noise(300_000, 7, 40);
        let mut r = Repeats::default();
        let mut found = Vec::new();
        r.read(&g[..], &mut found);
        assert!(found.is_empty(), "{found:?}");
        assert!(
            r.seen.len() > 100 && r.seen.len() < 1_000,
            "{}",
            r.seen.len()
        );
    }
}
