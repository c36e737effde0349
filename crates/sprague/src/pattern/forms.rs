//! Closed forms of one-heap values that are not periodic: a bit function or an interval
//! function of `n`, scaled and shifted, `g(n) = c·S(n) + d`, after a few exceptions
//! `g(n) = A[n]` for `n < m`. The functions `S` are data ([`FORMS`]):
//!
//! - `v₂(n)` (the divisor game), `popcount(n)` and its parity (odious and evil numbers);
//! - values constant on intervals: between triangular numbers (`T⁻¹(n)`, the largest `t`
//!   with `t(t + 1)/2 ≤ n`), between squares (`⌊√n⌋`), between powers of two (`⌊log₂ n⌋`).
//!
//! A fit is read from the values and then checked on every one of them (by the caller,
//! through the code it prints).

use super::code::{
    add, call, if_, int, mul, rem, table, var, Body, Cond, Expr, Func, Function, Var,
};

/// The most exceptions (heaps `0..m` given by a table) a form may have.
pub const MAX_EXCEPTIONS: usize = 8;

/// One family of forms: a function of `n`, perhaps taken modulo 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// The function.
    pub func: Func,
    /// `Some(2)`: its parity.
    pub modulus: Option<i64>,
}

/// The families tried, in this order.
pub const FORMS: [Shape; 6] = [
    Shape {
        func: Func::V2,
        modulus: None,
    },
    Shape {
        func: Func::TriRoot,
        modulus: None,
    },
    Shape {
        func: Func::Isqrt,
        modulus: None,
    },
    Shape {
        func: Func::Ilog2,
        modulus: None,
    },
    Shape {
        func: Func::Popcount,
        modulus: None,
    },
    Shape {
        func: Func::Popcount,
        modulus: Some(2),
    },
];

/// A fitted form: `g(n) = A[n]` for `n < exceptions.len()`, else `scale·S(n) + offset`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Form {
    /// The family.
    pub shape: Shape,
    /// `c`.
    pub scale: i64,
    /// `d`.
    pub offset: i64,
    /// The values before the form holds.
    pub exceptions: Vec<u64>,
}

impl Shape {
    fn value(self, n: u64) -> Option<i64> {
        let s = self.func.eval(n as i64).ok()?;
        Some(match self.modulus {
            Some(m) => s % m,
            None => s,
        })
    }

    fn expr(self) -> Expr {
        let s = call(self.func, var(Var::N));
        match self.modulus {
            Some(m) => rem(s, int(m)),
            None => s,
        }
    }

    fn math(self) -> String {
        let s = self.func.math("n");
        match self.modulus {
            Some(m) => format!("({s} mod {m})"),
            None => s,
        }
    }
}

/// The first form (fewest exceptions, then the order of [`FORMS`]) that fits every value;
/// `S` must take at least three values past the exceptions (two for a parity), so that a
/// form is never read into too few values.
pub fn find(g: &[u64]) -> Option<Form> {
    for m in 0..=MAX_EXCEPTIONS.min(g.len() / 4) {
        for shape in FORMS {
            if let Some(form) = fit(g, m, shape) {
                return Some(form);
            }
        }
    }
    None
}

fn fit(g: &[u64], m: usize, shape: Shape) -> Option<Form> {
    let s: Vec<i64> = (m..g.len())
        .map(|n| shape.value(n as u64))
        .collect::<Option<_>>()?;
    let mut distinct = s.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < if shape.modulus.is_some() { 2 } else { 3 } {
        return None;
    }
    // c and d from the first two heaps where S differs.
    let i = 0;
    let j = s.iter().position(|&x| x != s[i])?;
    let (gi, gj) = (g[m + i] as i64, g[m + j] as i64);
    let (ds, dg) = (s[j] - s[i], gj - gi);
    if dg % ds != 0 {
        return None;
    }
    let scale = dg / ds;
    let offset = gi - scale * s[i];
    if scale == 0 || scale.abs() > 1000 || offset.abs() > 1_000_000 {
        return None;
    }
    let all = s
        .iter()
        .zip(&g[m..])
        .all(|(&x, &v)| scale * x + offset == v as i64);
    all.then(|| Form {
        shape,
        scale,
        offset,
        exceptions: g[..m].to_vec(),
    })
}

impl Form {
    /// The formula, for people.
    pub fn formula(&self, what: &str) -> String {
        let s = self.shape.math();
        let mut rhs = match self.scale {
            1 => s,
            -1 => format!("−{s}"),
            c => format!("{c}·{s}"),
        };
        match self.offset {
            0 => {}
            d if d > 0 => rhs.push_str(&format!(" + {d}")),
            d => rhs.push_str(&format!(" − {}", -d)),
        }
        let m = self.exceptions.len();
        let mut text = format!("{what}(n) = {rhs}");
        if self.shape.func == Func::TriRoot {
            text.push_str(
                ", T⁻¹(n) the largest t with t(t + 1)/2 ≤ n (constant between triangular numbers)",
            );
        }
        if m > 0 {
            let early: Vec<String> = self.exceptions.iter().map(u64::to_string).collect();
            text.push_str(&format!(
                " for n ≥ {m}; {what}(n) = A[n] for n < {m}, A = [{}]",
                early.join(" ")
            ));
        }
        text
    }

    /// The value at `n` as code; every intermediate is bounded: `S(n) < 2^32` and
    /// `|c| ≤ 1000`, `|d| ≤ 10^6`.
    pub fn function(&self, name: &'static str) -> Function {
        let mut core = self.shape.expr();
        if self.scale != 1 {
            core = mul(int(self.scale), core);
        }
        if self.offset != 0 {
            core = add(core, int(self.offset));
        }
        let m = self.exceptions.len();
        let (body, tables) = if m == 0 {
            (core, vec![])
        } else {
            (
                if_(
                    Cond::Lt(var(Var::N), int(m as i64)),
                    table(0, var(Var::N)),
                    core,
                ),
                vec![self.exceptions.iter().map(|&v| v as i64).collect()],
            )
        };
        Function {
            name,
            params: vec![Var::N],
            tables,
            body: Body::Int(body),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::code::Answer;

    fn check(f: &Function, g: &[u64]) {
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(f.eval(&[n as i64]), Ok(Answer::Int(v as i64)), "n = {n}");
        }
    }

    #[test]
    fn v2_with_an_exception_at_zero() {
        let g: Vec<u64> = (0..300u64)
            .map(|n| if n == 0 { 0 } else { n.trailing_zeros() as u64 })
            .collect();
        let f = find(&g).unwrap();
        assert_eq!((f.shape.func, f.exceptions.len()), (Func::V2, 1));
        check(&f.function("grundy"), &g);
        assert!(f.formula("g").starts_with("g(n) = v₂(n) for n ≥ 1"));
    }

    #[test]
    fn steps_between_triangular_numbers_and_squares() {
        let tri: Vec<u64> = (0..500u64)
            .map(|n| (0..).take_while(|t| t * (t + 1) / 2 <= n).last().unwrap())
            .collect();
        let f = find(&tri).unwrap();
        assert_eq!((f.shape.func, f.exceptions.len()), (Func::TriRoot, 0));
        check(&f.function("grundy"), &tri);
        let sq: Vec<u64> = (0..500u64)
            .map(|n| 2 * (n as f64).sqrt() as u64 + 1)
            .collect();
        let f = find(&sq).unwrap();
        assert_eq!((f.shape.func, f.scale, f.offset), (Func::Isqrt, 2, 1));
        check(&f.function("grundy"), &sq);
    }

    #[test]
    fn periodic_or_random_values_have_no_form() {
        let g: Vec<u64> = (0..100).map(|n| n % 3).collect();
        assert_eq!(find(&g), None);
    }
}
