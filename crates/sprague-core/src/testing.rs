//! Test support shared by the crates' unit tests (compiled for tests, or with the
//! `testing` feature that the upper crates enable as a dev-dependency): a seeded
//! generator, random graphs and a ruleset that tells its option count. Not part of the stable API.

use crate::impartial::Impartial;
use crate::retrograde::Csr;

/// The next value of a xorshift64 generator whose state is `seed` (not 0).
pub fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// A random graph of `n` vertices (n > 0) and `m` arcs, loops and repeated arcs allowed.
pub fn random_graph(seed: &mut u64, n: usize, m: usize) -> Csr {
    let mut arcs = Vec::new();
    for _ in 0..m {
        let a = (next(seed) % n as u64) as u32;
        let b = (next(seed) % n as u64) as u32;
        arcs.push((a, b));
    }
    Csr::from_arcs(n, arcs.into_iter())
}

/// Nim on one heap that says how many options a heap has, and panics if the options of a
/// heap of 1000 or more are listed: searches must refuse such heaps from the count alone.
pub struct CountedNim;

impl Impartial for CountedNim {
    type Position = u64;
    fn options(&self, &n: &u64, out: &mut Vec<u64>) {
        assert!(n < 1_000, "the options of {n} were listed");
        out.extend(0..n);
    }
    fn option_count(&self, &n: &u64) -> Option<u64> {
        Some(n)
    }
}
