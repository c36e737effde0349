//! Sequential batches of the sparse method's general path: with many rare heaps, the
//! far marks of 16 heaps are made together, rare heap by rare heap, so that the values
//! they read are adjacent. Separate from the speculative batches
//! ([`super::speculate`]), which share the idea but run in parallel.

use super::{Algorithm, Computation, Known, Stamp, Store};

impl Computation {
    /// Whether heap `n` starts a batch (`Computation::batch`): the sparse method's general
    /// path with many rare heaps.
    pub(super) fn batches(&self, n: usize) -> bool {
        self.method == Algorithm::Sparse
            && self.mask != 0
            && self.rules.tail & 4 == 0
            && !self.small()
            && self.rare.len() >= self.batch_min_rare
            && self.rare_reach() > self.batch_reach
            && n >= self.batch_from
            && n < self.next_mask_check
    }

    /// How far below a heap its far marks read: the largest rare heap plus the largest
    /// removal that splits.
    fn rare_reach(&self) -> usize {
        let last = self.rare.last().map_or(0, |&a| a as usize);
        last + self.pair_js.last().copied().unwrap_or(0)
    }

    /// Computes heaps `g.len()..end` in turn, with the marks of their far splits (rare part
    /// `a`, other part `m − a` below the batch) made first, rare heap by rare heap: the
    /// parts `m − a` of one rare heap's splits are then adjacent values, read once for
    /// the whole batch, where heap by heap they are one cache line per rare heap (Officers:
    /// 1,584 lines a heap, spread over the whole sequence). A heap with a rare value ends
    /// the batch, since the later heaps' marks were made without it as a rare part; so
    /// does a new largest value (the marks are sized for the values so far). Returns
    /// false when nothing was computed.
    pub(super) fn batch<S: Store>(&mut self, g: &mut S, end: usize, stop: bool) -> bool {
        let start = g.len();
        let len = end - start;
        let mut scratch = Vec::new();
        let base = self.prepare_marks_for(self.counts.len() as u32, len);
        let size = self.mark.len();
        // Rows a cache line longer than the marks: rows of a power-of-two length would
        // map the same value of every heap to the same few cache sets.
        let stride = size + 64 / std::mem::size_of::<Stamp>();
        if self.batch_flat.len() != len * stride {
            self.batch_flat = vec![0; len * stride];
        }
        {
            let known = g.view();
            let (rare, rare_vals) = (&self.rare[1..], &self.rare_vals[1..]);
            let unequal = self.rules.unequal;
            let mmask = size - 1;
            let last_rare = rare.last().map_or(0, |&a| a as usize);
            for &j in &self.pair_js {
                // Every part read below, g(from..start), as one slice where the store
                // holds it so (for nine-bit values, in the window of the latest values).
                let from = start.saturating_sub(j + last_rare);
                let stored = known.stored(from, start);
                for (&a, &va) in rare.iter().zip(rare_vals) {
                    let a = a as usize;
                    // Heaps n = m + j whose split with rare part a has m − a below the
                    // batch: a < m and m − a < start.
                    let lo = start.max(a + j + 1);
                    let hi = end.min(a + start + j);
                    if lo >= hi {
                        if a + j + 1 >= end {
                            break;
                        }
                        continue;
                    }
                    let parts = match stored {
                        Some(all) => &all[lo - j - a - from..hi - j - a - from],
                        None => known.run(lo - j - a, hi - j - a, &mut scratch),
                    };
                    let flat = &mut self.batch_flat[..];
                    // Heap lo + k: row (lo + k − start)·stride, stamp base + 1 + (lo + k − start).
                    let mut row = (lo - start) * stride;
                    for (k, &b) in parts.iter().enumerate() {
                        if !(unequal && 2 * a == lo + k - j) {
                            let stamp = base + 1 + (lo + k - start) as Stamp;
                            flat[row + ((va ^ b.into()) as usize & mmask)] = stamp;
                        }
                        row += stride;
                    }
                }
            }
        }
        for n in start..end {
            let i = n - start;
            self.mark
                .copy_from_slice(&self.batch_flat[i * stride..i * stride + size]);
            self.stamp = base + 1 + i as Stamp;
            let v = match self.sparse_candidate(g.view(), n, start) {
                Ok(v) => v,
                Err(c) => self.settle(g.view(), n, c),
            };
            let Some(x) = S::fit(v) else {
                // Widening: the caller computes this heap again.
                break;
            };
            g.push(x);
            self.stats.batched += 1;
            self.record(n, v);
            self.watch(g.view());
            if (v & self.mask).count_ones() & 1 == 0
                || 2 * v as usize >= size
                || (stop && self.proven.is_some())
            {
                break;
            }
        }
        self.stamp = base + len as Stamp;
        g.len() > start
    }

    /// Tests: sequential batches from heap `from` on, whatever the number of rare heaps.
    #[cfg(test)]
    pub(crate) fn force_batches_from(&mut self, from: usize) {
        self.batch_from = from;
        self.batch_min_rare = 0;
        self.batch_reach = 0;
    }
}

/// Heaps per batch of the sequential general path (`Computation::batch`).
pub(super) const BATCH: usize = 16;
/// The least heap that starts a batch.
pub(super) const BATCH_FROM: usize = 1 << 10;
/// The fewest rare heaps for batches (with few, the far marks are cheap anyway).
pub(super) const BATCH_MIN_RARE: usize = 64;
/// Batches only when the far marks read further below the heap than this. Closer, a
/// heap's marks read the latest `BATCH_REACH` values, one slice of at most 64 KiB that
/// stays in cache (in the nine-bit store's window of the latest values), and marking heap
/// by heap, four marks at a time, is faster than the batches' scattered stores: Officers
/// (rare heaps below 21,000) to 2·10⁶ on one thread took 0.81 times the batches' time.
pub(super) const BATCH_REACH: usize = 1 << 15;
