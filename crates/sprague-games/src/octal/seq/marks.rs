//! The mex marks (stamped arrays, cleared only when the stamps wrap) and the plain
//! method, which marks every option of a heap and takes the mex. Separate because both
//! the plain and the sparse method mark options through these functions.

use super::{Computation, Known, Stamp};
use rayon::prelude::*;

impl Computation {
    pub(super) fn prepare_marks(&mut self) {
        self.prepare_marks_for(self.counts.len() as u32, 1);
    }

    /// New mex marks for values below `max` (and their XORs), with stamps for `heaps`
    /// heaps: `base + 1 ..= base + heaps`, where `base` is returned and the current stamp
    /// is set to `base + 1`. When the stamps would wrap, every mark array is cleared.
    pub(super) fn prepare_marks_for(&mut self, max: u32, heaps: usize) -> Stamp {
        let size = mark_size(max);
        if self.mark.len() < size {
            self.mark = vec![0; size];
            self.want = vec![0; size];
            self.stamp = 0;
        }
        if usize::from(self.stamp) + heaps >= usize::from(Stamp::MAX) {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.want.iter_mut().for_each(|m| *m = 0);
            self.batch_marks
                .iter_mut()
                .for_each(|b| b.iter_mut().for_each(|m| *m = 0));
            self.batch_flat.iter_mut().for_each(|m| *m = 0);
            self.early.clear_marks();
            self.stamp = 0;
        }
        let base = self.stamp;
        self.stamp += 1;
        base
    }
    #[inline]
    fn set(&mut self, v: u32) {
        self.mark[v as usize] = self.stamp;
    }

    #[inline]
    fn is_set(&self, v: u32) -> bool {
        self.mark.get(v as usize) == Some(&self.stamp)
    }

    /// Marks the values of options leaving zero or one heap, and three-heap splits.
    pub(super) fn mark_simple<K: Known>(&mut self, g: K, n: usize) {
        let t = self.rules.digits.len() - 1;
        for k in 0..self.js.len() {
            let (j, d) = self.js[k];
            if j > n {
                break;
            }
            let m = n - j;
            if d & 1 != 0 && m == 0 {
                self.set(0);
            }
            if d & 2 != 0 && m >= 1 && j >= 1 {
                self.set(g.at(m));
            }
            if d & 8 != 0 && m >= 3 {
                self.mark_triples(g, m);
            }
        }
        let tail = self.rules.tail;
        if tail != 0 && n > t {
            for j in t + 1..=n {
                let m = n - j;
                if tail & 1 != 0 && m == 0 {
                    self.set(0);
                }
                if tail & 2 != 0 && m >= 1 {
                    self.set(g.at(m));
                }
                if tail & 4 != 0 {
                    self.mark_pairs_all(g, m);
                }
                if tail & 8 != 0 && m >= 3 {
                    self.mark_triples(g, m);
                }
            }
        }
    }

    fn mark_triples<K: Known>(&mut self, g: K, m: usize) {
        for a in 1..=m / 3 {
            let ga = g.at(a);
            for b in a..=(m - a) / 2 {
                self.set(ga ^ g.at(b) ^ g.at(m - a - b));
            }
        }
    }

    pub(super) fn mark_pairs_all<K: Known>(&mut self, g: K, m: usize) {
        if m < 2 {
            return;
        }
        let unequal = self.rules.unequal;
        const PAR_MIN: usize = 1 << 15;
        if m >= PAR_MIN {
            let words = self.mark.len().div_ceil(64);
            let bits = (1..m / 2 + 1)
                .into_par_iter()
                .with_min_len(4096)
                .fold(
                    || vec![0u64; words],
                    |mut acc, a| {
                        if !(unequal && 2 * a == m) {
                            let v = (g.at(a) ^ g.at(m - a)) as usize;
                            acc[v / 64] |= 1 << (v % 64);
                        }
                        acc
                    },
                )
                .reduce(
                    || vec![0u64; words],
                    |mut x, y| {
                        x.iter_mut().zip(y).for_each(|(a, b)| *a |= b);
                        x
                    },
                );
            for (w, &word) in bits.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let b = word.trailing_zeros() as usize;
                    self.set((w * 64 + b) as u32);
                    word &= word - 1;
                }
            }
            return;
        }
        for a in 1..=m / 2 {
            if unequal && 2 * a == m {
                continue;
            }
            self.set(g.at(a) ^ g.at(m - a));
        }
    }

    pub(super) fn mex(&self) -> u32 {
        let mut v = 0;
        while self.is_set(v) {
            v += 1;
        }
        v
    }

    pub(super) fn plain_value<K: Known>(&mut self, g: K, n: usize) -> u32 {
        self.prepare_marks();
        self.mark_simple(g, n);
        for k in 0..self.pair_js.len() {
            let j = self.pair_js[k];
            if j + 2 > n {
                break;
            }
            self.mark_pairs_all(g, n - j);
        }
        self.mex()
    }

    /// Tests: the mark stamps a few heaps before they wrap.
    #[cfg(test)]
    pub(crate) fn stamps_near_wrap(&mut self) {
        self.stamp = Stamp::MAX - 20;
    }
}

/// The length of the mark arrays for values below `max`: a power of two above every XOR
/// of two such values, and at least 64 ([`Computation::candidate_by_blocks`] reads
/// blocks of 64). Twice the least such power: `strategy::scan_chunked` reads a length of
/// at most 1,024 as every value below 512.
pub(super) fn mark_size(max: u32) -> usize {
    (max.max(1).next_power_of_two() as usize * 2).max(64)
}
