//! Factoring machine words, for rules that move by divisors: deterministic Miller–Rabin
//! for primality (the bases 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31 and 37 decide every
//! n < 2^64; Sorenson and Webster, 2015) and Pollard's rho with Brent's cycle finding for
//! the factors, so that any `u64` is factored in milliseconds.

/// `a·b mod m` without overflow.
fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    (u128::from(a) * u128::from(b) % u128::from(m)) as u64
}

/// `a^e mod m`.
fn pow_mod(mut a: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1 % m;
    a %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, m);
        }
        a = mul_mod(a, a, m);
        e >>= 1;
    }
    r
}

/// Whether `n` is prime (exact for every `u64`).
pub fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for p in BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    'bases: for a in BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..s {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A non-trivial factor of the odd composite `n`, by Pollard's rho (Brent's variant) with
/// the polynomial x² + c for c = 1, 2, …: each c either finds a factor or cycles, and a
/// composite always has some c that works.
fn rho(n: u64) -> u64 {
    for c in 1.. {
        let f = |x: u64| (mul_mod(x, x, n) + c) % n;
        let (mut x, mut y, mut g) = (2u64, 2u64, 1u64);
        let mut power = 1u64;
        let mut steps = 0u64;
        while g == 1 {
            if steps == power {
                x = y;
                power *= 2;
                steps = 0;
            }
            y = f(y);
            steps += 1;
            g = gcd(x.abs_diff(y), n);
        }
        if g != n {
            return g;
        }
    }
    unreachable!("an odd composite has a factor for some c")
}

/// The prime factorisation of `n ≥ 1`: `(prime, exponent)` pairs, primes ascending.
pub fn factor(n: u64) -> Vec<(u64, u32)> {
    let mut primes = Vec::new();
    let mut stack = vec![n];
    while let Some(mut m) = stack.pop() {
        // Small primes by trial division: quick, and rho needs an odd composite.
        for p in [2u64, 3, 5, 7, 11, 13] {
            while m % p == 0 {
                primes.push(p);
                m /= p;
            }
        }
        if m == 1 {
            continue;
        }
        if is_prime(m) {
            primes.push(m);
        } else {
            let d = rho(m);
            stack.push(d);
            stack.push(m / d);
        }
    }
    primes.sort_unstable();
    let mut out: Vec<(u64, u32)> = Vec::new();
    for p in primes {
        match out.last_mut() {
            Some((q, e)) if *q == p => *e += 1,
            _ => out.push((p, 1)),
        }
    }
    out
}

/// How many divisors `n ≥ 1` has.
pub fn divisor_count(n: u64) -> u64 {
    factor(n).iter().map(|&(_, e)| u64::from(e) + 1).product()
}

/// Every divisor of `n ≥ 1`, ascending.
pub fn divisors(n: u64) -> Vec<u64> {
    let mut out = vec![1u64];
    for (p, e) in factor(n) {
        let len = out.len();
        let mut pk = 1u64;
        for _ in 0..e {
            pk *= p;
            for i in 0..len {
                out.push(out[i] * pk);
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factors_and_divisors_agree_with_trial_division() {
        for n in 1..3000u64 {
            let slow: Vec<u64> = (1..=n).filter(|d| n % d == 0).collect();
            assert_eq!(divisors(n), slow, "{n}");
            assert_eq!(divisor_count(n), slow.len() as u64);
            assert_eq!(is_prime(n), slow.len() == 2, "{n}");
        }
    }

    #[test]
    fn large_words_factor() {
        // 2^64 − 1 = 3 · 5 · 17 · 257 · 641 · 65537 · 6700417.
        let f = factor(u64::MAX);
        assert_eq!(
            f.iter().map(|&(p, _)| p).collect::<Vec<_>>(),
            [3, 5, 17, 257, 641, 65537, 6700417]
        );
        // The largest prime below 2^64, and a product of two primes near 2^32.
        assert!(is_prime(18_446_744_073_709_551_557));
        let (p, q) = (4_294_967_291u64, 4_294_967_279u64);
        assert_eq!(factor(p * q), vec![(q, 1), (p, 1)]);
        assert_eq!(divisor_count(1 << 40), 41);
    }
}
