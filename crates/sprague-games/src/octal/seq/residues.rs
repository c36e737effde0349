//! Every value past a proven period, computed rather than copied, in time that does not
//! grow with the heap: the splits are counted by residue classes modulo the period.
//!
//! Take a period `p` and a *prediction* `P(a)`, a value for each residue `a mod p` (the
//! values of the last period seen). The heaps `a ≥ 1` whose value is not `P(a)` are the
//! *exceptions* `E` (for a proven period, heaps of the preperiod only). The splits
//! `a + b = m` of a heap `m` are then of two kinds:
//!
//! - with an exception for a part: enumerated, `|E|` splits;
//! - with no exception: their value is `P(a) ^ P(m − a)`, which depends only on
//!   `a mod p` and `m mod p`. For each residue `r`, at least `⌊(m − 1)/p⌋` parts
//!   `a ∈ [1, m − 1]` have `a ≡ r`, and each exception rules out at most two of them (as
//!   `a` and as `m − a`), the equal split one more. So once `⌊(m − 1)/p⌋ > 2·|E| + 1`,
//!   every residue has a split without an exception, and the values of these splits are
//!   exactly the set `S(m mod p) = {P(r) ^ P(m − r) : r}`, made once for each of the `p`
//!   residues of `m`.
//!
//! The option values of a heap are then its single-heap options, and for each split size
//! `m`, `S(m mod p)` and the exceptions' splits: `O(p + |E|)` work a heap, usually a few
//! dozen steps, whatever its size (Kayles: `p = 12`, `|E| ≤ 9`; Dawson's Kayles: `p = 34`).
//! Nothing assumes the period holds: the prediction only sorts the heaps, a heap whose
//! value is not the predicted one becomes an exception, and a heap too small for the
//! count above is left to the other methods. So the values are exact whatever the
//! prediction, which the tests check with wrong ones. The set of option values is the
//! definition's; the proven period is used only as a good guess.
//!
//! Values below 64 only (the option values are the bits of one word), periods up to
//! [`MAX_PERIOD`] (the table of `S` costs `p²` steps once; longer periods, such as 0.16's
//! 149,459, have few rare values, and the sparse method computes them fast).

use super::Known;

/// The longest period the residue method takes.
pub(super) const MAX_PERIOD: usize = 1 << 12;
/// The most exceptions kept; with more, the residue method gives way to the others.
const MAX_EXCEPTIONS: usize = 1 << 10;

/// The state of the residue method: the prediction, the table of `S`, the exceptions.
#[derive(Debug, Clone)]
pub(super) struct Residues {
    /// The period of the prediction.
    p: usize,
    /// `pred[r]`: the predicted value of the heaps `a ≡ r (mod p)`.
    pred: Vec<u8>,
    /// `sets[k]`: the values `pred[r] ^ pred[(k − r) mod p]` over every `r`, as bits.
    sets: Vec<u64>,
    /// The heaps `a ≥ 1` whose value is not predicted (increasing), and their values.
    except: Vec<u32>,
    except_vals: Vec<u32>,
    /// The least split size whose residues are all free of exceptions (see the module
    /// documentation): `p·(2·|E| + 2) + 1`.
    from: usize,
}

impl Residues {
    /// The prediction of period `p` made from the values `g(start..start + p)` (which
    /// must be known), with the exceptions among `g(1..)`. `None` when the period is too
    /// long, a value is 64 or more, or the exceptions are too many.
    pub(super) fn new<K: Known>(g: K, start: usize, p: usize) -> Option<Residues> {
        if p == 0 || p > MAX_PERIOD || start + p > g.len() {
            return None;
        }
        if (0..g.len()).any(|i| g.at(i) >= 64) {
            return None;
        }
        let mut pred = vec![0u8; p];
        for a in start..start + p {
            pred[a % p] = g.at(a) as u8;
        }
        let sets = (0..p)
            .map(|k| {
                (0..p).fold(0u64, |bits, r| {
                    bits | 1 << (pred[r] ^ pred[(k + p - r) % p])
                })
            })
            .collect();
        let mut res = Residues {
            p,
            pred,
            sets,
            except: Vec::new(),
            except_vals: Vec::new(),
            from: 0,
        };
        for a in 1..g.len() {
            if !res.record(a, g.at(a)) {
                return None;
            }
        }
        Some(res)
    }

    /// Notes the new value `g(n) = v`. False when the method no longer applies (a value
    /// of 64 or more, or too many exceptions).
    pub(super) fn record(&mut self, n: usize, v: u32) -> bool {
        if v >= 64 {
            return false;
        }
        if n >= 1 && v != u32::from(self.pred[n % self.p]) {
            if self.except.len() >= MAX_EXCEPTIONS {
                return false;
            }
            self.except.push(n as u32);
            self.except_vals.push(v);
        }
        self.from = self.p * (2 * self.except.len() + 2) + 1;
        true
    }

    /// `g(n)`, from `single` (the values of the options leaving no heap or one, as bits)
    /// and the splits of `n − j` for each `j` of `pair_js`; `None` when a split size is
    /// too small for the count of the module documentation, or the value would be 64.
    pub(super) fn value<K: Known>(
        &self,
        g: K,
        n: usize,
        single: u64,
        pair_js: &[usize],
        unequal: bool,
    ) -> Option<u32> {
        let mut bits = single;
        for &j in pair_js {
            if j + 2 > n {
                break;
            }
            let m = n - j;
            if m < self.from {
                return None;
            }
            bits |= self.sets[m % self.p];
            // The splits with an exception for a part (as `a`; as `m − a`, the same split).
            for (&e, &ve) in self.except.iter().zip(&self.except_vals) {
                let e = e as usize;
                if e >= m {
                    break;
                }
                if !(unequal && 2 * e == m) {
                    bits |= 1 << ((ve ^ g.at(m - e)) & 63);
                }
            }
        }
        let v = (!bits).trailing_zeros();
        (v < 64).then_some(v)
    }
}
