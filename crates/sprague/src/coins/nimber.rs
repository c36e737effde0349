//! Nimber multiplication: the product of the nim field on 64-bit nimbers.
//!
//! The nimbers below 2^(2^k) form the field GF(2^(2^k)) under XOR and nim-multiplication
//! (Conway, On Numbers and Games ch. 6). The product is computed through the tower of
//! Fermat 2-powers: with F = 2^(2^k) and a = a₁F ⊕ a₀, b = b₁F ⊕ b₀ (halves below F),
//! F ⊗ F = F ⊕ F/2, so
//! a ⊗ b = ((a₁⊗b₁) ⊕ (a₁⊗b₀) ⊕ (a₀⊗b₁))·F ⊕ (a₀⊗b₀) ⊕ ((a₁⊗b₁) ⊗ F/2).
//! The recursion is bounded by the word size (six levels), not by any input; a
//! 4-bit table (built at compile time) answers the bottom levels. The inverse is a^(2^64 − 2) (the multiplicative group
//! of GF(2^64) has order 2^64 − 1).

/// The nim product of two nibbles, by the same recursion (used to fill the table).
const fn mul_small(a: u64, b: u64, half: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let f = 1u64 << half;
    let mask = f - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let hh = mul_small(a1, b1, half / 2);
    let mid = mul_small(a1, b0, half / 2) ^ mul_small(a0, b1, half / 2) ^ hh;
    let low = mul_small(a0, b0, half / 2) ^ mul_small(hh, f >> 1, half / 2);
    (mid << half) | low
}

const fn table() -> [[u8; 16]; 16] {
    let mut t = [[0u8; 16]; 16];
    let mut a = 0;
    while a < 16 {
        let mut b = 0;
        while b < 16 {
            t[a][b] = mul_small(a as u64, b as u64, 2) as u8;
            b += 1;
        }
        a += 1;
    }
    t
}

static TABLE: [[u8; 16]; 16] = table();

fn mul_half(a: u64, b: u64, half: u32) -> u64 {
    if half == 2 {
        return u64::from(TABLE[a as usize][b as usize]);
    }
    if a < 2 || b < 2 {
        return a * b;
    }
    let f = 1u64 << half;
    let mask = f - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let h = half / 2;
    // Karatsuba: (a₁⊕a₀)⊗(b₁⊕b₀) = a₁b₁ ⊕ a₁b₀ ⊕ a₀b₁ ⊕ a₀b₀.
    let hh = mul_half(a1, b1, h);
    let ll = mul_half(a0, b0, h);
    let cross = mul_half(a1 ^ a0, b1 ^ b0, h) ^ hh ^ ll;
    let mid = cross ^ hh;
    let low = ll ^ mul_half(hh, f >> 1, h);
    (mid << half) | low
}

/// The nim product a ⊗ b of two nimbers below 2^64.
pub fn nim_mul(a: u64, b: u64) -> u64 {
    mul_half(a, b, 32)
}

/// a^e under nim multiplication.
pub fn nim_pow(mut a: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = nim_mul(r, a);
        }
        a = nim_mul(a, a);
        e >>= 1;
    }
    r
}

/// The nim inverse of a non-zero nimber (None for 0): a ⊗ inv(a) = 1.
pub fn nim_inv(a: u64) -> Option<u64> {
    (a != 0).then(|| nim_pow(a, u64::MAX - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: a ⊗ b = mex { (a'⊗b) ⊕ (a⊗b') ⊕ (a'⊗b') : a' < a, b' < b }.
    fn by_definition(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; 512]; // values below 40 multiply into GF(256)
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = t[a2][b] ^ t[a][b2] ^ t[a2][b2];
                        seen[v as usize] = true;
                    }
                }
                t[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        t
    }

    #[test]
    fn agrees_with_the_mex_definition() {
        let t = by_definition(40);
        for a in 0..40u64 {
            for b in 0..40u64 {
                assert_eq!(nim_mul(a, b), t[a as usize][b as usize], "{a} ⊗ {b}");
            }
        }
    }

    #[test]
    fn known_products() {
        assert_eq!(nim_mul(2, 2), 3);
        assert_eq!(nim_mul(4, 4), 6);
        assert_eq!(nim_mul(8, 8), 13);
        assert_eq!(nim_mul(16, 16), 24);
        assert_eq!(nim_mul(2, 3), 1);
        // Fermat 2-powers: F ⊗ F = 3F/2, and distinct ones multiply as integers.
        assert_eq!(nim_mul(1 << 32, 1 << 32), (1 << 32) ^ (1 << 31));
        assert_eq!(nim_mul(1 << 16, 1 << 32), 1 << 48);
        assert_eq!(nim_mul(256, 65536), 1 << 24);
    }

    #[test]
    fn field_axioms_on_small_and_sampled_values() {
        let mut xs: Vec<u64> = (0..24).collect();
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..24 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            xs.push(s);
        }
        for &a in &xs {
            assert_eq!(nim_mul(a, 1), a);
            assert_eq!(nim_mul(a, 0), 0);
            if a != 0 {
                let i = nim_inv(a).unwrap();
                assert_eq!(nim_mul(a, i), 1, "inverse of {a}");
            }
            for &b in &xs {
                assert_eq!(nim_mul(a, b), nim_mul(b, a));
                for &c in xs.iter().step_by(5) {
                    assert_eq!(nim_mul(nim_mul(a, b), c), nim_mul(a, nim_mul(b, c)));
                    assert_eq!(nim_mul(a, b ^ c), nim_mul(a, b) ^ nim_mul(a, c));
                }
            }
        }
        assert_eq!(nim_inv(0), None);
        // Subfields: products of values below 2^(2^k) stay below it.
        for a in 0..16u64 {
            for b in 0..16u64 {
                assert!(nim_mul(a, b) < 16);
            }
        }
    }
}
