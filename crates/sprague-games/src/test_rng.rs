//! A small deterministic generator (xorshift64) for random inputs: of the tests, and of the
//! entries' theorem checks (the same inputs on every run).

/// Returns a generator of pseudo-random `u64` values from `seed` (not 0).
pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}
