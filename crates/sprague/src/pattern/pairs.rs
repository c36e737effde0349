//! Patterns of the P-positions of two-heap games, from a square of outcomes
//! `a, b ∈ [from, upto]`: the diagonal `a = b`, a congruence `a ≡ b (mod k)`, a line
//! `b = c·a + d` (and its mirror), a Beatty pair `(⌊nα⌋, ⌊nα⌋ + k·n)` (Wythoff's game and
//! its relatives; `α = (2 − k + √(k² + 4))/2`, the golden ratio for `k = 1`), or the
//! golden cone `a < b < φ·a` (Euclid's game), a band `|a − b| ≤ k`, a linear inequality
//! through the origin (`p·a ≤ q·b`, its mirror, or both: `p·max ≤ q·min`), or residue classes of
//! both coordinates (2-D periodicity, the parity rules); from 0, also any of these for
//! the pairs without a zero heap with the zero row and column apart. Every one is printed
//! exact for every 64-bit input: the golden ratio by continued fractions, other Beatty
//! pairs in 128-bit arithmetic where a comment proves it fits.

use super::code::{
    add, and, div, int, mul, not, or, rem, sub, table, var, Body, Cond, Function, Pred, Var,
};

/// The largest period of each coordinate a 2-D periodic pattern may have.
pub const MAX_PERIOD_2D: usize = 12;

/// A pattern of P-positions of pairs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairPattern {
    /// `a = b`.
    Diagonal,
    /// `a ≡ b (mod k)`.
    Congruent(i64),
    /// `|a − b| ≤ k`.
    Band(i64),
    /// `b = c·a + d` or `a = c·b + d`.
    Line(i64, i64),
    /// `p·x ≤ q·y`, a half-plane or (both sides) a wedge through the origin.
    Inequality {
        /// The coefficient of the left side.
        p: i64,
        /// The coefficient of the right side.
        q: i64,
        /// Which heaps `x` and `y` are.
        sides: Sides,
    },
    /// Residue classes of both coordinates: `(a mod p, b mod q)` in a set (the parity
    /// rule `a, b both odd` is `p = q = 2`); `cells[i·q + j]` is 1 where `(i, j)` is P.
    Periodic2 {
        /// The period of `a`.
        p: i64,
        /// The period of `b`.
        q: i64,
        /// Whether each class is P (1) or not (0).
        cells: Vec<i64>,
    },
    /// `(⌊nα⌋, ⌊nα⌋ + k·n)` and mirrors.
    Beatty(i64),
    /// `min < max < φ·min`.
    GoldenCone,
}

/// The heaps `(x, y)` of an [`PairPattern::Inequality`] `p·x ≤ q·y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sides {
    /// `(a, b)`.
    Ab,
    /// `(b, a)`.
    Ba,
    /// `(max(a, b), min(a, b))`: both `p·a ≤ q·b` and `p·b ≤ q·a`.
    Both,
}

/// The largest coefficient of a linear inequality tried.
pub const MAX_COEFFICIENT: i64 = 6;

/// `p·x ≤ q·y` for `x, y ≥ 0` and `1 ≤ p, q ≤` [`MAX_COEFFICIENT`], with no product that
/// can overflow: with `x = q·s + t` (`0 ≤ t < q`), it holds iff `y ≥ p·s + ⌈p·t/q⌉`, that
/// is iff `y ≥ c` and `⌊(y − c)/p⌋ ≥ s` where `c = ⌈p·t/q⌉ ≤ p`.
fn at_most(
    p: i64,
    q: i64,
    x: impl Fn() -> super::code::Expr,
    y: impl Fn() -> super::code::Expr,
) -> Cond {
    let c = || div(add(mul(int(p), rem(x(), int(q))), int(q - 1)), int(q));
    and(
        not(Cond::Lt(y(), c())),
        not(Cond::Lt(div(sub(y(), c()), int(p)), div(x(), int(q)))),
    )
}

/// A pair pattern, perhaps with the row and column of 0 apart: every pair with a zero heap
/// has one outcome there (a script's `(0, b)` that ends the game hides the rule otherwise).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairFit {
    /// The rule (of every pair, or of the pairs without a zero heap).
    pub rule: PairPattern,
    /// `Some(true)`: every pair with a zero heap is P; `Some(false)`: none is.
    pub zero_lines: Option<bool>,
}

impl PairFit {
    /// The kind, for programs.
    pub fn kind(&self) -> &'static str {
        self.rule.kind()
    }

    /// The formula, for people.
    pub fn formula(&self) -> String {
        match self.zero_lines {
            None => self.rule.formula(),
            Some(p) => format!(
                "a pair with a zero heap is {}; for a, b ≥ 1: {}",
                if p { "a P-position" } else { "no P-position" },
                self.rule.formula()
            ),
        }
    }

    /// Whether `(a, b)` is a P-position, as code.
    pub fn function(&self) -> Function {
        let f = self.rule.function();
        let Some(zero_p) = self.zero_lines else {
            return f;
        };
        let Body::Bool(rule) = f.body else {
            unreachable!("a pair pattern is a truth value")
        };
        let zero = or(Cond::Eq(var(Var::A), int(0)), Cond::Eq(var(Var::B), int(0)));
        // Short-circuit: the rule never sees a zero heap.
        let body = if zero_p {
            or(zero, rule)
        } else {
            and(not(zero), rule)
        };
        Function {
            body: Body::Bool(body),
            ..f
        }
    }
}

impl PairPattern {
    /// The pattern's kind, for programs.
    pub fn kind(&self) -> &'static str {
        match self {
            PairPattern::Diagonal => "diagonal",
            PairPattern::Congruent(_) => "congruence",
            PairPattern::Band(_) => "band",
            PairPattern::Line(..) => "linear",
            PairPattern::Inequality { .. } => "inequality",
            PairPattern::Periodic2 { .. } => "periodic-2d",
            PairPattern::Beatty(_) => "beatty-pair",
            PairPattern::GoldenCone => "golden-cone",
        }
    }

    /// The formula, for people.
    pub fn formula(&self) -> String {
        match self {
            PairPattern::Diagonal => "(a, b) is a P-position iff a = b".into(),
            PairPattern::Congruent(k) => format!("(a, b) is a P-position iff a ≡ b (mod {k})"),
            PairPattern::Band(k) => format!("(a, b) is a P-position iff |a − b| ≤ {k}"),
            PairPattern::Line(c, d) => {
                let rhs = match (c, d) {
                    (1, d) => format!("a + {d}"),
                    (c, 0) => format!("{c}·a"),
                    (c, d) => format!("{c}·a + {d}"),
                };
                format!("(a, b) is a P-position iff b = {rhs} or, mirrored, a = {}", rhs.replace('a', "b"))
            }
            PairPattern::Inequality { p, q, sides } => {
                let times = |k: &i64, x: &str| {
                    if *k == 1 {
                        x.to_string()
                    } else {
                        format!("{k}·{x}")
                    }
                };
                let (x, y) = match sides {
                    Sides::Ab => ("a", "b"),
                    Sides::Ba => ("b", "a"),
                    Sides::Both => ("max(a, b)", "min(a, b)"),
                };
                format!(
                    "(a, b) is a P-position iff {} ≤ {}",
                    times(p, x),
                    times(q, y)
                )
            }
            PairPattern::Periodic2 { p, q, cells } => {
                let classes: Vec<String> = cells
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| c == 1)
                    .map(|(i, _)| format!("({}, {})", i as i64 / q, i as i64 % q))
                    .collect();
                if classes.is_empty() {
                    return "no pair is a P-position".into();
                }
                format!(
                    "(a, b) is a P-position iff (a mod {p}, b mod {q}) ∈ {{{}}}",
                    classes.join(", ")
                )
            }
            PairPattern::Beatty(1) => "the P-positions are (⌊nφ⌋, ⌊nφ⌋ + n) for n ≥ 0 and their mirror images, φ = (1 + √5)/2; exactly: with a ≤ b and d = b − a, P iff a < dφ < a + 1 (compared by continued fractions)".into(),
            PairPattern::Beatty(k) => format!(
                "the P-positions are (⌊nα⌋, ⌊nα⌋ + {k}n) for n ≥ 0 and their mirror images, α = (2 − {k} + √{})/2; exactly: with a ≤ b, d = b − a divisible by {k} and n = d/{k}, P iff a < nα < a + 1",
                k * k + 4,
            ),
            PairPattern::GoldenCone => "(a, b) with a ≤ b is a P-position iff a < b < φ·a, φ = (1 + √5)/2 (compared by continued fractions, exact for any size)".into(),
        }
    }

    /// Whether `(a, b)` is a P-position, as code, exact for every pair of 64-bit numbers.
    pub fn function(&self) -> Function {
        let (a, b) = (|| var(Var::A), || var(Var::B));
        let lo = || var(Var::Lo);
        let hi = || var(Var::Hi);
        let d = || sub(hi(), lo());
        let cond = match self {
            PairPattern::Diagonal => Cond::Eq(a(), b()),
            PairPattern::Congruent(k) => Cond::Eq(rem(a(), int(*k)), rem(b(), int(*k))),
            PairPattern::Band(k) => Cond::Lt(d(), int(k + 1)),
            PairPattern::Line(c, dd) => {
                // y = c·x + d without a product that can overflow: y ≥ d, (y − d) divisible
                // by c, and x = (y − d)/c.
                let line = |x: fn() -> super::code::Expr, y: fn() -> super::code::Expr| {
                    let shifted = || if *dd == 0 { y() } else { sub(y(), int(*dd)) };
                    let fits = and(
                        not(Cond::Lt(y(), int(*dd))),
                        Cond::Eq(rem(shifted(), int(*c)), int(0)),
                    );
                    and(fits, Cond::Eq(x(), div(shifted(), int(*c))))
                };
                or(
                    line(|| var(Var::A), || var(Var::B)),
                    line(|| var(Var::B), || var(Var::A)),
                )
            }
            PairPattern::Inequality { p, q, sides } => match sides {
                Sides::Ab => at_most(*p, *q, a, b),
                Sides::Ba => at_most(*p, *q, b, a),
                Sides::Both => at_most(*p, *q, hi, lo),
            },
            PairPattern::Periodic2 { p, q, .. } => Cond::Eq(
                table(0, add(mul(rem(a(), int(*p)), int(*q)), rem(b(), int(*q)))),
                int(1),
            ),
            PairPattern::Beatty(1) => or(
                and(Cond::Eq(d(), int(0)), Cond::Eq(lo(), int(0))),
                and(
                    Cond::Lt(int(0), d()),
                    and(
                        Cond::Test(Pred::LtPhi, vec![lo(), d()]),
                        not(Cond::Test(Pred::LtPhi, vec![add(lo(), int(1)), d()])),
                    ),
                ),
            ),
            PairPattern::Beatty(k) => {
                let n = || div(d(), int(*k));
                let test = |x| Cond::Test(Pred::BelowBeatty, vec![x, n(), int(*k)]);
                and(
                    Cond::Eq(rem(d(), int(*k)), int(0)),
                    or(
                        and(Cond::Eq(n(), int(0)), Cond::Eq(lo(), int(0))),
                        and(
                            Cond::Lt(int(0), n()),
                            and(test(lo()), not(test(add(lo(), int(1))))),
                        ),
                    ),
                )
            }
            PairPattern::GoldenCone => and(
                Cond::Lt(lo(), hi()),
                Cond::Test(Pred::LtPhi, vec![hi(), lo()]),
            ),
        };
        let tables = match self {
            PairPattern::Periodic2 { cells, .. } => vec![cells.clone()],
            _ => vec![],
        };
        Function {
            name: "is_p_position",
            params: vec![Var::A, Var::B],
            tables,
            body: Body::Bool(cond),
        }
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
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
    /// Whether `f` gives every pair of the square, skipping the first `skip` rows and
    /// columns.
    fn fits_from(&self, f: &Function, skip: usize) -> bool {
        self.p.iter().enumerate().skip(skip).all(|(i, row)| {
            row.iter().enumerate().skip(skip).all(|(j, &is_p)| {
                let (a, b) = ((self.from + i as u64) as i64, (self.from + j as u64) as i64);
                f.eval(&[a, b]) == Ok(super::code::Answer::Bool(is_p))
            })
        })
    }

    fn p_positions(&self, skip: usize) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for (i, row) in self.p.iter().enumerate().skip(skip) {
            for (j, &is_p) in row.iter().enumerate().skip(skip) {
                if is_p {
                    out.push((self.from + i as u64, self.from + j as u64));
                }
            }
        }
        out
    }

    /// The 2-D periodic pattern of the least area `p·q` (each at most a third of the side
    /// and [`MAX_PERIOD_2D`]) consistent with every pair past `skip`.
    fn periodic_2d(&self, skip: usize) -> Option<PairPattern> {
        let side = self.p.len().saturating_sub(skip);
        let most = (side / 3).min(MAX_PERIOD_2D);
        let mut shapes: Vec<(usize, usize)> = (1..=most)
            .flat_map(|p| (1..=most).map(move |q| (p, q)))
            .collect();
        shapes.sort_by_key(|&(p, q)| (p * q, p.abs_diff(q), p));
        'shape: for (p, q) in shapes {
            let mut cells: Vec<Option<bool>> = vec![None; p * q];
            for (i, row) in self.p.iter().enumerate().skip(skip) {
                for (j, &is_p) in row.iter().enumerate().skip(skip) {
                    let (a, b) = (self.from as usize + i, self.from as usize + j);
                    let cell = &mut cells[(a % p) * q + b % q];
                    match cell {
                        None => *cell = Some(is_p),
                        Some(c) if *c != is_p => continue 'shape,
                        _ => {}
                    }
                }
            }
            return Some(PairPattern::Periodic2 {
                p: p as i64,
                q: q as i64,
                cells: cells.iter().map(|c| i64::from(c == &Some(true))).collect(),
            });
        }
        None
    }

    /// The first rule (simplest first) that fits every pair past `skip`.
    fn find_rule(&self, skip: usize) -> Option<PairPattern> {
        let side = self.p.len().saturating_sub(skip) as i64;
        if side < 4 {
            return None;
        }
        let mut candidates = vec![PairPattern::Diagonal];
        candidates.extend((1..=side / 4).map(PairPattern::Band));
        candidates.extend((2..=side / 2).map(PairPattern::Congruent));
        // A line through the two P-positions with the least smaller heap (off the diagonal).
        let mut off: Vec<(u64, u64)> = self
            .p_positions(skip)
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
        // Linear inequalities through the origin with small coefficients (p = q on both
        // sides is the diagonal, tried first).
        for p in 1..=MAX_COEFFICIENT {
            for q in 1..=MAX_COEFFICIENT {
                if gcd(p, q) != 1 {
                    continue;
                }
                for sides in [Sides::Ab, Sides::Ba, Sides::Both] {
                    if !(sides == Sides::Both && p == q) {
                        candidates.push(PairPattern::Inequality { p, q, sides });
                    }
                }
            }
        }
        candidates.extend((1..=4).map(PairPattern::Beatty));
        candidates.push(PairPattern::GoldenCone);
        if let Some(found) = candidates
            .into_iter()
            .find(|c| self.fits_from(&c.function(), skip))
        {
            return Some(found);
        }
        self.periodic_2d(skip)
    }

    /// The first pattern that fits every pair of the square: a rule of every pair, or,
    /// from 0, a rule of the pairs without a zero heap with one outcome on the zero row and
    /// column.
    pub fn find(&self) -> Option<PairFit> {
        if let Some(rule) = self.find_rule(0) {
            return Some(PairFit {
                rule,
                zero_lines: None,
            });
        }
        if self.from != 0 || self.p.is_empty() {
            return None;
        }
        let zero = self.p[0][0];
        let uniform =
            self.p[0].iter().all(|&x| x == zero) && self.p.iter().all(|row| row[0] == zero);
        if !uniform {
            return None;
        }
        let fit = PairFit {
            rule: self.find_rule(1)?,
            zero_lines: Some(zero),
        };
        self.fits_from(&fit.function(), 0).then_some(fit)
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
    fn inequalities_are_exact_for_large_heaps() {
        let big = [
            0,
            1,
            2,
            5,
            6,
            7,
            1 << 31,
            (1 << 62) + 3,
            i64::MAX - 6,
            i64::MAX,
        ];
        for p in 1..=MAX_COEFFICIENT {
            for q in 1..=MAX_COEFFICIENT {
                let rule = PairPattern::Inequality {
                    p,
                    q,
                    sides: Sides::Ab,
                };
                let f = rule.function();
                for &a in &big {
                    for &b in &big {
                        let want = i128::from(p) * i128::from(a) <= i128::from(q) * i128::from(b);
                        assert_eq!(
                            f.eval(&[a, b]),
                            Ok(super::super::code::Answer::Bool(want)),
                            "{p}·{a} ≤ {q}·{b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn nim_wythoff_and_euclid_are_recognised() {
        let nim = square(0, 20, |a, b| a == b);
        let s = Square { from: 0, p: &nim };
        assert_eq!(s.find().map(|f| f.rule), Some(PairPattern::Diagonal));
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
        assert_eq!(s.find().map(|f| f.rule), Some(PairPattern::Beatty(1)));
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
        assert_eq!(s.find().map(|f| f.rule), Some(PairPattern::GoldenCone));
    }

    #[test]
    fn congruences_lines_and_other_beatty_pairs() {
        let c = square(0, 30, |a, b| a % 4 == b % 4);
        assert_eq!(
            Square { from: 0, p: &c }.find().map(|f| f.rule),
            Some(PairPattern::Congruent(4))
        );
        let l = square(0, 30, |a, b| b == 2 * a + 1 || a == 2 * b + 1);
        assert_eq!(
            Square { from: 0, p: &l }.find().map(|f| f.rule),
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
            Square { from: 0, p: &p }.find().map(|f| f.rule),
            Some(PairPattern::Beatty(2))
        );
        // Linear inequalities: a half-plane, its mirror, a wedge around the diagonal.
        let ab = square(0, 30, |a, b| a <= 2 * b);
        assert_eq!(
            Square { from: 0, p: &ab }.find().map(|f| f.rule),
            Some(PairPattern::Inequality {
                p: 1,
                q: 2,
                sides: Sides::Ab
            })
        );
        let ba = square(1, 30, |a, b| 3 * b <= 2 * a);
        assert_eq!(
            Square { from: 1, p: &ba }.find().map(|f| f.rule),
            Some(PairPattern::Inequality {
                p: 3,
                q: 2,
                sides: Sides::Ba
            })
        );
        let wedge = square(0, 30, |a, b| 2 * a.max(b) <= 3 * a.min(b));
        assert_eq!(
            Square { from: 0, p: &wedge }.find().map(|f| f.rule),
            Some(PairPattern::Inequality {
                p: 2,
                q: 3,
                sides: Sides::Both
            })
        );
        let none = square(0, 20, |a, b| (a * 7 + b * 3) % 5 == 0 && a != b);
        assert_eq!(Square { from: 0, p: &none }.find().map(|f| f.rule), None);
    }
}
