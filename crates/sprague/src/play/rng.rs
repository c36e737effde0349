//! A small deterministic generator for the computer's choices: the same seed gives the same
//! game, on every machine, so that a played game can be replayed and tested.

/// SplitMix64: a 64-bit state advanced by a fixed odd constant and mixed by two
/// multiply-xorshift rounds. It passes the usual statistical batteries, which is more than
/// choosing moves needs, and it is a few lines with no dependency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, every one equally likely (`n` > 0; 0 gives 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // 2^64 mod n: the draws below it would make the small remainders likelier, so they
        // are drawn again; what is left is a whole number of runs of n.
        let skip = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            if x >= skip {
                return x % n;
            }
        }
    }

    /// An index into a list of `len` items (`len` > 0).
    pub fn index(&mut self, len: usize) -> usize {
        // usize fits in u64 on every supported target, and the result is below `len`.
        self.below(len as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers_and_below_stays_in_range() {
        let a: Vec<u64> = {
            let mut r = Rng::new(7);
            (0..5).map(|_| r.next_u64()).collect()
        };
        let mut r = Rng::new(7);
        assert_eq!(a, (0..5).map(|_| r.next_u64()).collect::<Vec<_>>());
        assert_ne!(a[0], Rng::new(8).next_u64());
        // The reference values of SplitMix64 from seed 0.
        let mut z = Rng::new(0);
        assert_eq!(z.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(z.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        let mut counts = [0u32; 3];
        for _ in 0..3000 {
            counts[r.index(3)] += 1;
        }
        assert!(counts.iter().all(|&c| c > 800), "{counts:?}");
        assert_eq!(r.below(1), 0);
        assert_eq!(r.below(0), 0);
        assert!(r.below(u64::MAX) < u64::MAX);
    }
}
