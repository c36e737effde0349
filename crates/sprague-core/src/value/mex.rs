/// The minimum excludant: the least non-negative integer not in `values`.
///
/// Runs in O(n) with a scratch bitmap sized by the number of values (a mex can never exceed
/// the count of values), so huge outliers cost nothing.
pub fn mex<I: IntoIterator<Item = u64>>(values: I) -> u64 {
    let mut m = Mex::default();
    m.extend(values);
    m.value()
}

/// A reusable mex accumulator: insert values, then read the mex. Reusing one across many
/// positions avoids an allocation per position in hot loops.
#[derive(Debug, Default, Clone)]
pub struct Mex {
    seen: Vec<u64>, // bitmap words
    values: Vec<u64>,
}

impl Mex {
    /// Forgets every inserted value, keeping the allocations.
    pub fn clear(&mut self) {
        self.values.clear();
    }

    /// Records one value.
    pub fn insert(&mut self, v: u64) {
        self.values.push(v);
    }

    /// The least non-negative integer not inserted.
    pub fn value(&mut self) -> u64 {
        let n = self.values.len();
        let words = n / 64 + 1;
        self.seen.clear();
        self.seen.resize(words, 0);
        for &v in &self.values {
            if (v as usize) <= n {
                self.seen[v as usize / 64] |= 1 << (v % 64);
            }
        }
        for (i, &w) in self.seen.iter().enumerate() {
            if w != u64::MAX {
                return (i * 64) as u64 + (!w).trailing_zeros() as u64;
            }
        }
        unreachable!("the bitmap has one more bit than there are values")
    }
}

impl Extend<u64> for Mex {
    fn extend<T: IntoIterator<Item = u64>>(&mut self, iter: T) {
        self.values.extend(iter);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_small_sets() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([0, 0, 1, 1]), 2);
        assert_eq!(mex(0..200), 200);
        assert_eq!(mex([u64::MAX, 0]), 1);
    }

    #[test]
    fn mex_matches_naive_definition() {
        for seed in 0u64..200 {
            let vals: Vec<u64> = (0..(seed % 13)).map(|i| (seed * 31 + i * 7) % 9).collect();
            let naive = (0..).find(|x| !vals.contains(x)).unwrap();
            assert_eq!(mex(vals.iter().copied()), naive);
        }
    }
}
