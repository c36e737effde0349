//! Nimber multiplication: the product of the nim field on 64-bit nimbers.
//!
//! The nimbers below 2^(2^k) form the field GF(2^(2^k)) under XOR and nim-multiplication
//! (Conway, On Numbers and Games ch. 6). The product is computed through the tower of
//! Fermat 2-powers: with F = 2^(2^k) and a = a₁F ⊕ a₀, b = b₁F ⊕ b₀ (halves below F),
//! F ⊗ F = F ⊕ F/2, so
//! a ⊗ b = ((a₁⊗b₁) ⊕ (a₁⊗b₀) ⊕ (a₀⊗b₁))·F ⊕ (a₀⊗b₀) ⊕ ((a₁⊗b₁) ⊗ F/2).
//!
//! Why it is fast: each level needs three half-size products (Karatsuba:
//! a₁⊗b₀ ⊕ a₀⊗b₁ = (a₁⊕a₀)⊗(b₁⊕b₀) ⊕ a₁⊗b₁ ⊕ a₀⊗b₀), and the fourth, the product by the
//! constant F/2, is GF(2)-linear in its argument, so it is read from byte tables (one
//! lookup per byte). The bottom level is a 256×256 table. A 64-bit product is then 27
//! lookups in the product table and 19 in the linear tables, with no recursion at run time.
//! All tables are built at compile time.
//!
//! The inverse works down the same tower: with x = F, x² = x ⊕ F/2, the conjugate of
//! a = a₁x ⊕ a₀ is a₁x ⊕ (a₀ ⊕ a₁), and a ⊗ conj(a) = a₀² ⊕ a₀a₁ ⊕ (F/2)·a₁² lies in the
//! half-size field, so inv(a) = conj(a) ⊗ inv(norm), with a 256-entry table at the bottom.

/// The nim product by the plain recursion (builds the tables; the reference in tests).
const fn mul_slow(a: u64, b: u64, half: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let f = 1u64 << half;
    let mask = f - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let hh = mul_slow(a1, b1, half / 2);
    let mid = mul_slow(a1, b0, half / 2) ^ mul_slow(a0, b1, half / 2) ^ hh;
    let low = mul_slow(a0, b0, half / 2) ^ mul_slow(hh, f >> 1, half / 2);
    (mid << half) | low
}

/// The nim product of two nibbles.
const fn nibble_table() -> [[u8; 16]; 16] {
    let mut t = [[0u8; 16]; 16];
    let mut a = 0;
    while a < 16 {
        let mut b = 0;
        while b < 16 {
            t[a][b] = mul_slow(a as u64, b as u64, 2) as u8;
            b += 1;
        }
        a += 1;
    }
    t
}

const NIBBLE: [[u8; 16]; 16] = nibble_table();

/// The nim product of two bytes from nibble products (F = 16, F/2 = 8).
const fn mul8_from_nibbles(a: usize, b: usize) -> u8 {
    let (a1, a0, b1, b0) = (a >> 4, a & 15, b >> 4, b & 15);
    let hh = NIBBLE[a1][b1] as usize;
    let ll = NIBBLE[a0][b0];
    let cross = NIBBLE[a1 ^ a0][b1 ^ b0] ^ hh as u8 ^ ll;
    ((cross ^ hh as u8) << 4) | (ll ^ NIBBLE[hh][8])
}

const fn byte_table() -> [[u8; 256]; 256] {
    let mut t = [[0u8; 256]; 256];
    let mut a = 0;
    while a < 256 {
        let mut b = 0;
        while b < 256 {
            t[a][b] = mul8_from_nibbles(a, b);
            b += 1;
        }
        a += 1;
    }
    t
}

/// `BYTE[a][b] = a ⊗ b` for bytes (64 KiB).
static BYTE: [[u8; 256]; 256] = byte_table();

/// `HALF_W[i][x] = (x·2^(8i)) ⊗ 2^(W−1)` for a W-bit field: the product by F/2 of one byte
/// of the argument (the product is linear over GF(2), so bytes combine by XOR).
const fn half_table<const BYTES: usize>() -> [[u64; 256]; BYTES] {
    let bits = 8 * BYTES as u32;
    let mut t = [[0u64; 256]; BYTES];
    let mut i = 0;
    while i < BYTES {
        let mut x = 0;
        while x < 256 {
            t[i][x] = mul_slow((x as u64) << (8 * i), 1 << (bits - 1), bits);
            x += 1;
        }
        i += 1;
    }
    t
}

static HALF8: [[u64; 256]; 1] = half_table::<1>();
static HALF16: [[u64; 256]; 2] = half_table::<2>();
static HALF32: [[u64; 256]; 4] = half_table::<4>();

#[inline(always)]
fn mul8(a: u64, b: u64) -> u64 {
    u64::from(BYTE[a as usize][b as usize])
}

#[inline(always)]
fn half8(x: u64) -> u64 {
    HALF8[0][x as usize]
}

#[inline(always)]
fn half16(x: u64) -> u64 {
    HALF16[0][(x & 255) as usize] ^ HALF16[1][(x >> 8) as usize]
}

#[inline(always)]
fn half32(x: u64) -> u64 {
    HALF32[0][(x & 255) as usize]
        ^ HALF32[1][((x >> 8) & 255) as usize]
        ^ HALF32[2][((x >> 16) & 255) as usize]
        ^ HALF32[3][(x >> 24) as usize]
}

/// One Karatsuba level: `a, b < 2^(2·half)` from the product and the halving map below.
#[inline(always)]
fn level(
    a: u64,
    b: u64,
    half: u32,
    mul: impl Fn(u64, u64) -> u64,
    by_half: impl Fn(u64) -> u64,
) -> u64 {
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let hh = mul(a1, b1);
    let ll = mul(a0, b0);
    let cross = mul(a1 ^ a0, b1 ^ b0) ^ ll;
    ((cross << half) | ll) ^ by_half(hh)
}

#[inline(always)]
fn mul16(a: u64, b: u64) -> u64 {
    level(a, b, 8, mul8, half8)
}

#[inline(always)]
fn mul32(a: u64, b: u64) -> u64 {
    level(a, b, 16, mul16, half16)
}

/// The nim product a ⊗ b of two nimbers below 2^64.
pub fn nim_mul(a: u64, b: u64) -> u64 {
    if a < 256 && b < 256 {
        return mul8(a, b);
    }
    level(a, b, 32, mul32, half32)
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

const fn byte_inverses() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut a = 1;
    while a < 256 {
        let mut b = 1;
        while mul8_from_nibbles(a, b) != 1 {
            b += 1;
        }
        t[a] = b as u8;
        a += 1;
    }
    t
}

static BYTE_INV: [u8; 256] = byte_inverses();

/// The inverse of a non-zero `a < 2^(2·half)` down the tower.
fn inv_level(a: u64, half: u32) -> u64 {
    if half == 4 {
        return u64::from(BYTE_INV[a as usize]);
    }
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let norm = nim_mul(a0, a0) ^ nim_mul(a0, a1) ^ nim_mul(nim_mul(a1, a1), 1 << (half - 1));
    let n = inv_level(norm, half / 2);
    (nim_mul(a1, n) << half) | nim_mul(a0 ^ a1, n)
}

/// The nim inverse of a non-zero nimber (None for 0): a ⊗ inv(a) = 1.
pub fn nim_inv(a: u64) -> Option<u64> {
    (a != 0).then(|| inv_level(a, 32))
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
    fn agrees_with_the_plain_recursion() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for k in 0..4000 {
            // Mix full-width values with ones confined to each subfield.
            let width = [8, 16, 32, 64][k % 4];
            let keep = if width == 64 {
                u64::MAX
            } else {
                (1 << width) - 1
            };
            let (a, b) = (next() & keep, next() & keep);
            assert_eq!(nim_mul(a, b), mul_slow(a, b, 32), "{a} ⊗ {b}");
            if a != 0 {
                assert_eq!(nim_inv(a), Some(nim_pow(a, u64::MAX - 1)), "inverse of {a}");
            }
        }
        for a in 0..256u64 {
            for b in 0..256u64 {
                assert_eq!(nim_mul(a, b), mul_slow(a, b, 32));
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
