//! Patterns of the P-positions of two-heap games, from a square of outcomes
//! `a, b ∈ [from, upto]`: the diagonal `a = b`, a congruence `a ≡ b (mod k)`, a line
//! `b = c·a + d` (and its mirror), a Beatty pair `(⌊nα⌋, ⌊nα⌋ + k·n)` (Wythoff's game and
//! its relatives; `α = (2 − k + √(k² + 4))/2`, the golden ratio for `k = 1`), or the
//! golden cone `a < b < φ·a` (Euclid's game). Every one is checked in exact integers:
//! the Beatty pair by integer square roots, the cone by `(2b − a)² < 5a²`.

use super::code::{add, and, div, int, isqrt, mul, or, rem, sub, var, Body, Cond, Function, Var};

/// A pattern of P-positions of pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairPattern {
    /// `a = b`.
    Diagonal,
    /// `a ≡ b (mod k)`.
    Congruent(i64),
    /// `b = c·a + d` or `a = c·b + d`.
    Line(i64, i64),
    /// `(⌊nα⌋, ⌊nα⌋ + k·n)` and mirrors.
    Beatty(i64),
    /// `min < max < φ·min`.
    GoldenCone,
}

impl PairPattern {
    /// The pattern's kind, for programs.
    pub fn kind(&self) -> &'static str {
        match self {
            PairPattern::Diagonal => "diagonal",
            PairPattern::Congruent(_) => "congruence",
            PairPattern::Line(..) => "linear",
            PairPattern::Beatty(_) => "beatty-pair",
            PairPattern::GoldenCone => "golden-cone",
        }
    }

    /// The formula, for people.
    pub fn formula(&self) -> String {
        match self {
            PairPattern::Diagonal => "(a, b) is a P-position iff a = b".into(),
            PairPattern::Congruent(k) => format!("(a, b) is a P-position iff a ≡ b (mod {k})"),
            PairPattern::Line(c, d) => {
                let rhs = match (c, d) {
                    (1, d) => format!("a + {d}"),
                    (c, 0) => format!("{c}·a"),
                    (c, d) => format!("{c}·a + {d}"),
                };
                format!("(a, b) is a P-position iff b = {rhs} or, mirrored, a = {}", rhs.replace('a', "b"))
            }
            PairPattern::Beatty(1) => "the P-positions are (⌊nφ⌋, ⌊nφ⌋ + n) for n ≥ 0 and their mirror images, φ = (1 + √5)/2; exactly: with a ≤ b and d = b − a, P iff a = ⌊(d + √(5d²))/2⌋".into(),
            PairPattern::Beatty(k) => format!(
                "the P-positions are (⌊nα⌋, ⌊nα⌋ + {k}n) for n ≥ 0 and their mirror images, α = (2 − {k} + √{})/2; exactly: with a ≤ b, d = b − a divisible by {k} and n = d/{k}, P iff a = ⌊({}n + √({}n²))/2⌋",
                k * k + 4,
                2 - k,
                k * k + 4
            ),
            PairPattern::GoldenCone => "(a, b) with a ≤ b is a P-position iff a < b < φ·a, φ = (1 + √5)/2; exactly: a < b and (2b − a)² < 5a²".into(),
        }
    }

    /// Whether `(a, b)` is a P-position, as code.
    pub fn function(&self) -> Function {
        let (a, b) = (|| var(Var::A), || var(Var::B));
        let lo = || var(Var::Lo);
        let hi = || var(Var::Hi);
        let cond = match self {
            PairPattern::Diagonal => Cond::Eq(a(), b()),
            PairPattern::Congruent(k) => Cond::Eq(rem(a(), int(*k)), rem(b(), int(*k))),
            PairPattern::Line(c, d) => {
                let line = |x: fn() -> super::code::Expr, y: fn() -> super::code::Expr| {
                    let rhs = if *c == 1 { x() } else { mul(int(*c), x()) };
                    Cond::Eq(y(), if *d == 0 { rhs } else { add(rhs, int(*d)) })
                };
                or(
                    line(|| var(Var::A), || var(Var::B)),
                    line(|| var(Var::B), || var(Var::A)),
                )
            }
            PairPattern::Beatty(k) => {
                let d = || sub(hi(), lo());
                let n = || if *k == 1 { d() } else { div(d(), int(*k)) };
                let root = isqrt(mul(int(k * k + 4), mul(n(), n())));
                let first = if *k == 2 {
                    root
                } else if *k == 1 {
                    add(n(), root)
                } else {
                    add(mul(int(2 - k), n()), root)
                };
                let on = Cond::Eq(lo(), div(first, int(2)));
                if *k == 1 {
                    on
                } else {
                    and(Cond::Eq(rem(d(), int(*k)), int(0)), on)
                }
            }
            PairPattern::GoldenCone => {
                let t = || sub(mul(int(2), hi()), lo());
                and(
                    Cond::Lt(lo(), hi()),
                    Cond::Lt(mul(t(), t()), mul(int(5), mul(lo(), lo()))),
                )
            }
        };
        Function {
            name: "is_p_position",
            params: vec![Var::A, Var::B],
            tables: vec![],
            body: Body::Bool(cond),
        }
    }
}

/// The P-positions of the square `[from, from + side)²`, row `a − from`, column `b − from`.
pub struct Square<'a> {
    /// The least heap.
    pub from: u64,
    /// `p[a − from][b − from]`: whether `(a, b)` is a P-position.
    pub p: &'a [Vec<bool>],
}

impl Square<'_> {
    fn fits(&self, f: &Function) -> bool {
        self.p.iter().enumerate().all(|(i, row)| {
            row.iter().enumerate().all(|(j, &is_p)| {
                let (a, b) = ((self.from + i as u64) as i64, (self.from + j as u64) as i64);
                f.eval(&[a, b]) == Ok(super::code::Answer::Bool(is_p))
            })
        })
    }

    fn p_positions(&self) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for (i, row) in self.p.iter().enumerate() {
            for (j, &is_p) in row.iter().enumerate() {
                if is_p {
                    out.push((self.from + i as u64, self.from + j as u64));
                }
            }
        }
        out
    }

    /// The first pattern (in the order of the module's documentation, simplest first)
    /// that fits every pair of the square.
    pub fn find(&self) -> Option<PairPattern> {
        let side = self.p.len() as i64;
        let mut candidates = vec![PairPattern::Diagonal];
        candidates.extend((2..=side / 2).map(PairPattern::Congruent));
        // A line through the two P-positions with the least smaller heap (off the diagonal).
        let mut off: Vec<(u64, u64)> = self
            .p_positions()
            .into_iter()
            .filter(|(a, b)| a < b)
            .collect();
        off.sort();
        if let [(a1, b1), rest @ ..] = off.as_slice() {
            if let Some((a2, b2)) = rest.iter().find(|(a, _)| a > a1) {
                let (da, db) = ((a2 - a1) as i64, *b2 as i64 - *b1 as i64);
                if db > 0 && db % da == 0 {
                    let c = db / da;
                    let d = *b1 as i64 - c * *a1 as i64;
                    if d >= 0 && (c, d) != (1, 0) {
                        candidates.push(PairPattern::Line(c, d));
                    }
                }
            }
        }
        candidates.extend((1..=4).map(PairPattern::Beatty));
        candidates.push(PairPattern::GoldenCone);
        candidates.into_iter().find(|c| self.fits(&c.function()))
    }

    /// How many P-positions the square holds.
    pub fn count(&self) -> usize {
        self.p
            .iter()
            .map(|r| r.iter().filter(|&&x| x).count())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(from: u64, upto: u64, is_p: impl Fn(u64, u64) -> bool) -> Vec<Vec<bool>> {
        (from..=upto)
            .map(|a| (from..=upto).map(|b| is_p(a, b)).collect())
            .collect()
    }

    #[test]
    fn nim_wythoff_and_euclid_are_recognised() {
        let nim = square(0, 20, |a, b| a == b);
        let s = Square { from: 0, p: &nim };
        assert_eq!(s.find(), Some(PairPattern::Diagonal));
        // Wythoff's P-positions from the mex construction (no square roots).
        let mut wythoff = vec![vec![false; 60]; 60];
        let mut used = [false; 200];
        let mut n = 0;
        for a in 0..60usize {
            if used[a] {
                continue;
            }
            let b = a + n;
            used[a] = true;
            used[b] = true;
            if b < 60 {
                wythoff[a][b] = true;
                wythoff[b][a] = true;
            }
            n += 1;
        }
        let s = Square {
            from: 0,
            p: &wythoff,
        };
        assert_eq!(s.find(), Some(PairPattern::Beatty(1)));
        // Euclid: b < a < φb, checked by the continued-fraction game itself.
        fn euclid_first_wins(a: u64, b: u64) -> bool {
            let (mut hi, mut lo, mut mover_wins) = (a.max(b), a.min(b), true);
            loop {
                if lo == 0 {
                    return !mover_wins;
                }
                if hi / lo >= 2 || hi % lo == 0 {
                    return mover_wins;
                }
                (hi, lo) = (lo, hi - lo);
                mover_wins = !mover_wins;
            }
        }
        let euclid = square(1, 40, |a, b| !euclid_first_wins(a, b));
        let s = Square {
            from: 1,
            p: &euclid,
        };
        assert_eq!(s.find(), Some(PairPattern::GoldenCone));
    }

    #[test]
    fn congruences_lines_and_other_beatty_pairs() {
        let c = square(0, 30, |a, b| a % 4 == b % 4);
        assert_eq!(
            Square { from: 0, p: &c }.find(),
            Some(PairPattern::Congruent(4))
        );
        let l = square(0, 30, |a, b| b == 2 * a + 1 || a == 2 * b + 1);
        assert_eq!(
            Square { from: 0, p: &l }.find(),
            Some(PairPattern::Line(2, 1))
        );
        // k = 2: (⌊n(√2)⌋, ⌊n√2⌋ + 2n), a_n the mex of the earlier heaps.
        let mut p = vec![vec![false; 50]; 50];
        let mut used = [false; 200];
        let mut n = 0;
        for a in 0..50usize {
            if used[a] {
                continue;
            }
            let b = a + 2 * n;
            used[a] = true;
            used[b] = true;
            if b < 50 {
                p[a][b] = true;
                p[b][a] = true;
            }
            n += 1;
        }
        assert_eq!(
            Square { from: 0, p: &p }.find(),
            Some(PairPattern::Beatty(2))
        );
        let none = square(0, 20, |a, b| (a * 7 + b * 3) % 5 == 0 && a != b);
        assert_eq!(Square { from: 0, p: &none }.find(), None);
    }
}
