//! The one pseudo-random generator of the library: SplitMix64, seeded by the caller, so that
//! a seed alone gives the same stress input or the same game against the computer again, on
//! every machine (no global state, no clock).

/// The splitmix64 finaliser: a bijection of `u64` that scatters nearby seeds far apart.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// SplitMix64: a 64-bit state advanced by a fixed odd constant and scrambled by [`mix`]. It
/// passes the usual statistical batteries, more than choosing moves or inputs needs, in a
/// few lines with no dependency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The generator of one seed.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        mix(self.state)
    }

    /// A number in `0..n`, by rejection so that every value is equally likely (0 for
    /// `n = 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Draws at or above `zone` would make the small remainders likelier: drawn again.
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        debug_assert!(lo <= hi);
        match (hi - lo).checked_add(1) {
            Some(n) => lo + self.below(n),
            None => self.next_u64(),
        }
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u64, den: u64) -> bool {
        self.below(den) < num
    }

    /// A number in `lo..=hi` whose length in bits is uniform: small and large numbers are
    /// both common, as in judges' tests.
    pub fn spread(&mut self, lo: u64, hi: u64) -> u64 {
        let bits = 64 - (hi - lo).leading_zeros();
        let b = self.range(0, u64::from(bits)) as u32;
        let top = if b >= 64 { u64::MAX } else { (1u64 << b) - 1 };
        lo + self.range(0, top.min(hi - lo))
    }

    /// An index into a list of `len` items (`len` > 0).
    pub fn index(&mut self, len: usize) -> usize {
        // usize fits in u64 on every supported target, and the result is below `len`.
        self.below(len as u64) as usize
    }

    /// A usize in `lo..=hi`.
    pub fn size(&mut self, lo: usize, hi: usize) -> usize {
        self.range(lo as u64, hi as u64) as usize
    }

    /// One of the items (not empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }

    /// Shuffles in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducible_and_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut r = SplitMix64::new(1);
        let mut seen = [false; 5];
        for _ in 0..500 {
            let x = r.range(3, 7);
            assert!((3..=7).contains(&x));
            seen[(x - 3) as usize] = true;
            let s = r.spread(1, 1_000_000_000);
            assert!((1..=1_000_000_000).contains(&s));
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.range(5, 5), 5);
        let _ = r.range(0, u64::MAX);
    }
}
