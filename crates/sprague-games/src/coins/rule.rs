//! One-dimensional coin-turning rules and the values of single heads.
//!
//! Coins lie at positions 1, 2, 3, … from the left. A move turns over a set of coins
//! allowed by the rule; the rightmost coin turned (at position `x`) must go from heads to
//! tails, the others may go either way. Since turning a coin twice undoes it, a row is the
//! sum of its single heads: its value is the XOR of `g(x)` over the heads, where `g(x)` is
//! the mex of the XORs `g(S)` over the sets `S` of other coins a move at `x` may turn
//! (Winning Ways ch. 14; Ferguson, Game Theory I §5).
//!
//! Rules here:
//! - `UpTo(k)`: turn at most `k` coins, the others anywhere left of `x`. `k = 2` is
//!   *twins* (Winning Ways' Turning Turtles; Twins, which turns exactly two coins with
//!   positions from 0, is the same game with a dummy coin at 0): g(x) = x. `k = 3` is
//!   *Mock Turtles*: g(x) is the x-th odious number (1, 2, 4, 7, 8, 11, …), i.e. 2(x − 1)
//!   or 2(x − 1) + 1, whichever has an odd number of 1 bits.
//! - `Run(k)`: turn a run of consecutive coins ending at `x`, of length at most `k`
//!   (`None`: any length). Unbounded, this is *Ruler*: g(x) is the largest power of two
//!   dividing x.

use crate::error::{Error, Result};
use num_bigint::BigUint;

/// A coin-turning rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoinRule {
    /// Turn between 1 and `k` coins; the others anywhere to the left of the rightmost.
    UpTo(u32),
    /// Turn a run of consecutive coins ending at the rightmost, of length at most `k`
    /// (`None`: any length).
    Run(Option<u64>),
}

/// The most positions whose values are computed from the rule when no closed form exists.
pub const MAX_COMPUTED: u64 = 1 << 16;

/// The size of the value space (bits per reachable-XOR set, 2 MiB) up to which values of
/// "turn up to k coins" are computed.
pub const MAX_VALUE_BITS: u64 = 1 << 24;

impl CoinRule {
    /// Twins / Turning Turtles: one or two coins.
    pub const TWINS: CoinRule = CoinRule::UpTo(2);
    /// Mock Turtles: one, two or three coins.
    pub const MOCK_TURTLES: CoinRule = CoinRule::UpTo(3);
    /// Ruler: any run ending at the rightmost coin.
    pub const RULER: CoinRule = CoinRule::Run(None);

    /// Parses `twins`, `mock-turtles`, `ruler`, `up-to:K`, `run:K`, `run`.
    pub fn parse(spec: &str) -> Result<CoinRule> {
        let s = spec.trim().to_ascii_lowercase().replace('_', "-");
        let bad = |why: &str| Error::bad_params("coins", format!("`{spec}`: {why}"));
        match s.as_str() {
            "twins" | "turning-turtles" => return Ok(Self::TWINS),
            "mock-turtles" => return Ok(Self::MOCK_TURTLES),
            "ruler" | "run" => return Ok(Self::RULER),
            _ => {}
        }
        let (kind, k) = s.split_once(':').ok_or_else(|| {
            bad("write `up-to:K`, `run:K`, `run`, `twins`, `mock-turtles` or `ruler`")
        })?;
        let k: u64 = k.parse().map_err(|_| bad("K must be a positive integer"))?;
        if k == 0 {
            return Err(bad("K must be at least 1"));
        }
        match kind {
            "up-to" | "upto" => {
                if k > 8 {
                    return Err(bad("`up-to:K` is supported for K ≤ 8"));
                }
                Ok(CoinRule::UpTo(k as u32))
            }
            "run" => Ok(CoinRule::Run(Some(k))),
            _ => Err(bad("the rule is `up-to:K` or `run:K`")),
        }
    }

    /// The rule's spec (the named form where there is one).
    pub fn spec(&self) -> String {
        match *self {
            Self::TWINS => "twins".into(),
            Self::MOCK_TURTLES => "mock-turtles".into(),
            Self::RULER => "ruler".into(),
            CoinRule::UpTo(k) => format!("up-to:{k}"),
            CoinRule::Run(Some(k)) => format!("run:{k}"),
        }
    }

    /// The closed form of a single head's value, where one is known.
    pub fn theorem(&self, x: &BigUint) -> Option<BigUint> {
        if x == &BigUint::ZERO {
            return Some(BigUint::ZERO);
        }
        match *self {
            CoinRule::UpTo(1) | CoinRule::Run(Some(1)) => Some(BigUint::from(1u32)),
            Self::TWINS => Some(x.clone()),
            Self::MOCK_TURTLES => {
                let e: BigUint = (x - 1u32) << 1;
                Some(if e.count_ones() % 2 == 1 { e } else { e + 1u32 })
            }
            Self::RULER => Some(BigUint::from(1u32) << x.trailing_zeros().unwrap_or(0)),
            _ => None,
        }
    }

    /// The theorem's statement, for the `method` field.
    pub fn theorem_name(&self) -> Option<&'static str> {
        match *self {
            CoinRule::UpTo(1) => Some("a head has value 1"),
            Self::TWINS => Some("a head at x has value x"),
            Self::MOCK_TURTLES => Some("a head at x has value the x-th odious number"),
            Self::RULER => Some("a head at x has value the largest power of 2 dividing x"),
            CoinRule::Run(Some(1)) => Some("a head has value 1"),
            _ => None,
        }
    }

    /// The sets of *other* coins (positions below `x`, ascending) that a move turning the
    /// coin at `x` heads→tails may turn with it. Exhaustive: for brute force on small rows.
    pub fn moves_at(&self, x: u64) -> Vec<Vec<u64>> {
        let mut out = vec![vec![]];
        match *self {
            CoinRule::UpTo(k) => {
                // Subsets of {1..x-1} of size ≤ k−1, by extension of smaller ones.
                let mut frontier: Vec<Vec<u64>> = vec![vec![]];
                for _ in 1..k {
                    let mut next = Vec::new();
                    for s in &frontier {
                        let from = s.last().map_or(1, |&l| l + 1);
                        for y in from..x {
                            let mut t = s.clone();
                            t.push(y);
                            next.push(t);
                        }
                    }
                    out.extend(next.iter().cloned());
                    frontier = next;
                }
            }
            CoinRule::Run(k) => {
                let longest = k.map_or(x, |k| k.min(x));
                for len in 2..=longest {
                    out.push((x + 1 - len..x).collect());
                }
            }
        }
        out
    }

    /// The values g(0..=n) computed from the rule (g(0) = 0: no coin there), by the mex
    /// over the rule's moves. Errors when `n` exceeds [`MAX_COMPUTED`].
    pub fn values(&self, n: u64) -> Result<Vec<u64>> {
        if n > MAX_COMPUTED {
            return Err(Error::unsupported(format!(
                "coin position {n} is too large: values of `{}` are computed up to {MAX_COMPUTED} and no closed form is known to the toolkit",
                self.spec()
            )));
        }
        let n = n as usize;
        Ok(match *self {
            CoinRule::UpTo(k) => up_to_values(k as usize, n).ok_or_else(|| Error::Limit {
                what: format!(
                    "values of `{}` up to position {n} (they outgrow the value bit sets)",
                    self.spec()
                ),
                limit: MAX_VALUE_BITS,
            })?,
            CoinRule::Run(k) => run_values(k.map(|k| k as usize), n),
        })
    }
}

/// Values of "turn up to `k` coins": `reach[j]` is the bit set of XORs of `j` distinct
/// values to the left (`j < k`); adding a coin of value `v` ORs `reach[j−1] ⊕ v` into
/// `reach[j]`. The XOR-translation of a bit set by `v` moves whole words by `v >> 6` and
/// permutes the bits inside a word by `v & 63` (six masked swaps), so a step costs
/// `O(k · max value / 64)` word operations instead of one per set member.
/// `None` when a value reaches [`MAX_VALUE_BITS`] (e.g. turning up to 4 coins, whose
/// values grow like the cube of the position).
fn up_to_values(k: usize, n: usize) -> Option<Vec<u64>> {
    let mut g = vec![0u64; n + 1];
    let mut words = 1usize;
    let mut reach: Vec<Vec<u64>> = vec![vec![0u64; words]; k];
    reach[0][0] = 1;
    for slot in g.iter_mut().skip(1) {
        // The mex: the least value in no reach set.
        let mut v = None;
        for w in 0..words {
            let any = reach.iter().fold(0u64, |a, r| a | r[w]);
            if any != u64::MAX {
                v = Some(64 * w as u64 + u64::from((!any).trailing_zeros()));
                break;
            }
        }
        let v = v.unwrap_or(64 * words as u64);
        *slot = v;
        while (v as usize) >= 64 * words / 2 {
            // Keep the capacity a power of two above 2v so that translations stay inside.
            words *= 2;
            if 64 * words as u64 > MAX_VALUE_BITS {
                return None;
            }
            for r in reach.iter_mut() {
                r.resize(words, 0);
            }
        }
        let (high, low) = ((v >> 6) as usize, (v & 63) as u32);
        for j in (1..k).rev() {
            let (lo, hi) = reach.split_at_mut(j);
            let (from, to) = (&lo[j - 1], &mut hi[0]);
            for (w, &word) in from.iter().enumerate() {
                if word != 0 {
                    to[w ^ high] |= xor_permute(word, low);
                }
            }
        }
    }
    Some(g)
}

/// The bits of `word` moved from position `b` to `b ⊕ low` (`low < 64`).
#[inline]
fn xor_permute(mut word: u64, low: u32) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (s, m) in MASKS.iter().enumerate() {
        if low & (1 << s) != 0 {
            let shift = 1 << s;
            word = ((word & m) << shift) | ((word >> shift) & m);
        }
    }
    word
}

/// Values of "turn a run of at most `k` coins ending at the head" (`None`: any length).
/// With prefix XORs `p(i) = g(1) ⊕ … ⊕ g(i)`, the options of a head at `x` are
/// `p(x−1) ⊕ p(i)` for the last `k` prefixes `i` (`x−k ≤ i ≤ x−1`). The mex of
/// `c ⊕ P` over a multiset `P` is found in `O(bits)` by descending a complete binary tree
/// over the value space that counts the distinct members below each node: at each level
/// the child that keeps the answer's bit 0 is entered unless it is full.
fn run_values(k: Option<usize>, n: usize) -> Vec<u64> {
    let mut g = vec![0u64; n + 1];
    // Every value is at most the number of options (≤ n), so prefixes stay below 2^bits.
    let bits = (usize::BITS - n.leading_zeros()).max(1);
    let size = 1usize << bits;
    let mut mult = vec![0u32; size]; // how many available prefixes have each value
    let mut count = vec![0u32; 2 * size]; // distinct available values below each node
    let update = |mult: &mut Vec<u32>, count: &mut Vec<u32>, value: u64, add: bool| {
        let m = &mut mult[value as usize];
        let before = *m;
        *m = if add { before + 1 } else { before - 1 };
        if (before == 0) != (*m == 0) {
            let mut i = size + value as usize;
            count[i] = u32::from(*m != 0);
            while i > 1 {
                i /= 2;
                count[i] = count[2 * i] + count[2 * i + 1];
            }
        }
    };
    let mut prefix = vec![0u64; n + 1];
    update(&mut mult, &mut count, 0, true);
    for x in 1..=n {
        if let Some(k) = k {
            if x > k {
                // Only p(x−k..=x−1) stay available.
                update(&mut mult, &mut count, prefix[x - k - 1], false);
            }
        }
        let c = prefix[x - 1];
        let (mut node, mut mex, mut width) = (1usize, 0u64, size);
        while width > 1 {
            width /= 2;
            let bit = (c as usize / width) & 1; // the child where the answer's bit is 0
            let child = 2 * node + bit;
            if count[child] as usize == width {
                mex += width as u64;
                node = 2 * node + (bit ^ 1);
            } else {
                node = child;
            }
            if count[node] == 0 {
                break; // nothing below: the rest of the answer is 0
            }
        }
        g[x] = mex;
        prefix[x] = c ^ mex;
        update(&mut mult, &mut count, prefix[x], true);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::check::heads_against_mex;
    use sprague_core::value::Mex;

    fn rules() -> Vec<CoinRule> {
        let mut r: Vec<CoinRule> = (1..=4).map(CoinRule::UpTo).collect();
        r.extend([1, 2, 3].map(|k| CoinRule::Run(Some(k))));
        r.push(CoinRule::RULER);
        r
    }

    #[test]
    fn computed_values_agree_with_the_mex_over_the_moves() {
        for rule in rules() {
            let g = rule.values(40).unwrap();
            let by_table = |x: u64| g[x as usize];
            assert_eq!(heads_against_mex(&rule, 40, &by_table), Ok(40));
        }
    }

    /// The plain mex over the options, for comparison with the fast computations.
    fn by_mex(rule: CoinRule, n: u64) -> Vec<u64> {
        let mut g = vec![0u64; n as usize + 1];
        for x in 1..=n {
            let mut mex = Mex::default();
            mex.extend(
                rule.moves_at(x)
                    .iter()
                    .map(|s| s.iter().fold(0, |a, &y| a ^ g[y as usize])),
            );
            g[x as usize] = mex.value();
        }
        g
    }

    #[test]
    fn fast_computations_agree_with_the_plain_mex() {
        for rule in [
            CoinRule::UpTo(2),
            CoinRule::UpTo(3),
            CoinRule::Run(Some(1)),
            CoinRule::Run(Some(2)),
            CoinRule::Run(Some(5)),
            CoinRule::Run(Some(64)),
            CoinRule::RULER,
        ] {
            let n = if rule == CoinRule::UpTo(3) { 150 } else { 400 };
            assert_eq!(rule.values(n).unwrap(), by_mex(rule, n), "{rule:?}");
        }
        assert_eq!(
            CoinRule::UpTo(4).values(40).unwrap(),
            by_mex(CoinRule::UpTo(4), 40)
        );
        // Values of "turn up to 8" grow like x^7: the value space limit stops it cleanly.
        let err = CoinRule::UpTo(8).values(1000).unwrap_err();
        assert!(matches!(err, Error::Limit { .. }), "{err}");
        for w in [0u64, 1, 0xF0F0, u64::MAX, 0x8000_0000_0000_0001] {
            for low in 0..64 {
                let moved = (0..64)
                    .filter(|b| w >> b & 1 == 1)
                    .fold(0u64, |a, b| a | 1 << (b ^ low));
                assert_eq!(xor_permute(w, low), moved);
            }
        }
    }

    #[test]
    fn theorems_agree_with_the_rules() {
        for rule in [
            CoinRule::UpTo(1),
            CoinRule::TWINS,
            CoinRule::MOCK_TURTLES,
            CoinRule::RULER,
            CoinRule::Run(Some(1)),
        ] {
            let g = rule.values(3000).unwrap();
            for x in 0..=3000u64 {
                assert_eq!(
                    rule.theorem(&x.into()).unwrap(),
                    BigUint::from(g[x as usize]),
                    "{rule:?} at {x}"
                );
            }
        }
        // Mock Turtles: the odious numbers.
        let odious: Vec<u64> = (1..40u64)
            .filter(|v| v.count_ones() % 2 == 1)
            .take(20)
            .collect();
        let g = CoinRule::MOCK_TURTLES.values(20).unwrap();
        assert_eq!(&g[1..], &odious[..]);
        assert_eq!(
            CoinRule::RULER.values(12).unwrap(),
            vec![0, 1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4]
        );
        assert!(CoinRule::UpTo(4).theorem(&5u32.into()).is_none());
    }

    #[test]
    fn specs_parse() {
        assert_eq!(CoinRule::parse("twins").unwrap(), CoinRule::UpTo(2));
        assert_eq!(CoinRule::parse("up-to:3").unwrap(), CoinRule::MOCK_TURTLES);
        assert_eq!(CoinRule::parse("run:4").unwrap(), CoinRule::Run(Some(4)));
        assert_eq!(CoinRule::parse("ruler").unwrap(), CoinRule::RULER);
        for bad in ["up-to:0", "run:x", "spin:3", "up-to:99", ""] {
            assert!(CoinRule::parse(bad).is_err(), "{bad}");
        }
    }
}
