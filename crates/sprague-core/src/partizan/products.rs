//! CGSuite's operations that build a game from games by their options: the ordinal sum
//! `G:H`, the Norton product `G.U`, overheating, the Conway product, and the powers
//! `G.Pow(x)`, `G.PowTo(x)` (Siegel, *Combinatorial Game Theory*, II.4 and II.5; Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 8; CGSuite's `CanonicalShortGame`).
//!
//! Each recurses over the options of one game (or of two, for the Conway product), memoised
//! per follower; the depth of that recursion is bounded by [`MAX_DEPTH`] (the birthday of
//! the game recursed over), checked before the work starts.

use super::canonical::{Context, GameId};
use super::dyadic::Dyadic;
use crate::error::{Error, Result};
use rustc_hash::FxHashMap;

/// The largest birthday of a game whose options an operation here recurses over (an
/// integer `n` has birthday `|n|`, so `* : 100000` is refused rather than recursing 10⁵ deep).
pub const MAX_DEPTH: u64 = 1024;

/// The deepest nesting of games stored by their options (not `x + u·↑ + *m`) that an
/// operation in an expression may build: the algorithms on canonical forms (stops,
/// thermographs, printing) recurse that deep, so a chain such as `*:1:1:...:1` stops here.
pub const MAX_NESTED_FORMS: u64 = 2048;

impl Context {
    /// An error when games stored by their options nest deeper than [`MAX_NESTED_FORMS`] in
    /// `g`; `what` names the operation that made it. Iterative, each game visited once.
    pub fn check_nesting(&mut self, g: GameId, what: &str) -> Result<()> {
        let mut depth: FxHashMap<GameId, u64> = FxHashMap::default();
        let mut stack = vec![(g, false)];
        while let Some((h, ready)) = stack.pop() {
            if depth.contains_key(&h) {
                continue;
            }
            if self.as_nus(h).is_some() {
                depth.insert(h, 0);
                continue;
            }
            let mut opts = self.left_options(h).to_vec();
            opts.extend_from_slice(self.right_options(h));
            if ready {
                let d = 1 + opts
                    .iter()
                    .map(|o| depth.get(o).copied().unwrap_or(0))
                    .max()
                    .unwrap_or(0);
                if d > MAX_NESTED_FORMS {
                    return Err(Error::unsupported(format!(
                        "{what} nests games deeper than {MAX_NESTED_FORMS}; try a smaller game"
                    )));
                }
                depth.insert(h, d);
            } else {
                stack.push((h, true));
                stack.extend(
                    opts.into_iter()
                        .filter(|o| !depth.contains_key(o))
                        .map(|o| (o, false)),
                );
            }
        }
        Ok(())
    }

    /// An error when `g` is born after day [`MAX_DEPTH`]; `what` names the operation.
    pub(crate) fn check_depth(&mut self, g: GameId, what: &str) -> Result<()> {
        let b = self.birthday(g);
        if b > MAX_DEPTH {
            let shown = self.display(g);
            return Err(Error::unsupported(format!(
                "{what} recurses over `{shown}`, whose birthday {b} is beyond {MAX_DEPTH}"
            )));
        }
        Ok(())
    }

    /// The ordinal sum `G:H = {G^L, G:H^L | G^R, G:H^R}` (of the canonical forms).
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        self.check_depth(h, "the ordinal sum")?;
        let mut memo = FxHashMap::default();
        Ok(self.ordinal_rec(g, h, &mut memo))
    }

    fn ordinal_rec(
        &mut self,
        g: GameId,
        h: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&v) = memo.get(&h) {
            return v;
        }
        let hl = self.left_options(h).to_vec();
        let hr = self.right_options(h).to_vec();
        let v = if hl.is_empty() && hr.is_empty() {
            g
        } else {
            let mut l = self.left_options(g).to_vec();
            let mut r = self.right_options(g).to_vec();
            for o in hl {
                l.push(self.ordinal_rec(g, o, memo));
            }
            for o in hr {
                r.push(self.ordinal_rec(g, o, memo));
            }
            self.from_options(&l, &r)
        };
        memo.insert(h, v);
        v
    }

    /// `n·U`, the sum of `n` copies of `u` (of `-u` for negative `n`), by doubling.
    fn copies(&mut self, n: i64, u: GameId) -> GameId {
        let mut acc = self.zero();
        let mut power = if n < 0 { self.neg(u) } else { u };
        let mut k = n.unsigned_abs();
        while k > 0 {
            if k & 1 == 1 {
                acc = self.add(acc, power);
            }
            k >>= 1;
            if k > 0 {
                power = self.add(power, power);
            }
        }
        acc
    }

    /// Left's and Right's incentives: `G^L - G` and `G - G^R`.
    pub fn incentives(&mut self, g: GameId, left: bool) -> Vec<GameId> {
        if left {
            let l = self.left_options(g).to_vec();
            l.into_iter().map(|o| self.sub(o, g)).collect()
        } else {
            let r = self.right_options(g).to_vec();
            r.into_iter().map(|o| self.sub(g, o)).collect()
        }
    }

    /// The Norton product `G.U`: `n` copies of `U` when `G` is an integer `n`, else
    /// `{G^L.U + U + I | G^R.U - (U + I)}` with `I` every incentive of `U`.
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId> {
        self.check_integer_size(g)?;
        let mut plus = self.incentives(u, true);
        plus.extend(self.incentives(u, false));
        let plus: Vec<GameId> = plus.into_iter().map(|i| self.add(u, i)).collect();
        let mut memo = FxHashMap::default();
        self.norton_rec(g, u, &plus, None, &mut memo)
    }

    /// Overheating `G` from `s` by `t` (CGSuite's `G.Overheat(s, t)`): `G.s` (the Norton
    /// product) when `G` is an integer, else `{G^L overheated + t | G^R overheated - t}`.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId> {
        self.check_integer_size(g)?;
        let mut memo = FxHashMap::default();
        self.norton_rec(g, s, &[], Some(t), &mut memo)
    }

    /// Integers are the leaves of the Norton product and overheating; a game with options
    /// is recursed over (depth bounded as everywhere here).
    fn check_integer_size(&mut self, g: GameId) -> Result<()> {
        if self.as_number(g).is_some_and(|x| x.is_integer()) {
            return match self.as_number(g).and_then(|x| x.to_i64()) {
                Some(_) => Ok(()),
                None => Err(Error::unsupported(
                    "the Norton product by an integer beyond 64 bits".to_string(),
                )),
            };
        }
        self.check_depth(g, "the Norton product")
    }

    /// The Norton product (`heat` `None`: each option moves by `U + I`) or overheating
    /// (`heat` `Some(t)`: each option moves by `t`).
    fn norton_rec(
        &mut self,
        g: GameId,
        u: GameId,
        plus: &[GameId],
        heat: Option<GameId>,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> Result<GameId> {
        if let Some(n) = self.as_number(g).filter(|x| x.is_integer()) {
            let n = n
                .to_i64()
                .ok_or_else(|| Error::unsupported("an integer beyond 64 bits".to_string()))?;
            return Ok(self.copies(n, u));
        }
        if let Some(&v) = memo.get(&g) {
            return Ok(v);
        }
        let gl = self.left_options(g).to_vec();
        let gr = self.right_options(g).to_vec();
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for o in gl {
            let p = self.norton_rec(o, u, plus, heat, memo)?;
            match heat {
                Some(t) => l.push(self.add(p, t)),
                None => l.extend(plus.iter().map(|&d| self.add(p, d)).collect::<Vec<_>>()),
            }
        }
        for o in gr {
            let p = self.norton_rec(o, u, plus, heat, memo)?;
            match heat {
                Some(t) => r.push(self.sub(p, t)),
                None => r.extend(plus.iter().map(|&d| self.sub(p, d)).collect::<Vec<_>>()),
            }
        }
        let v = self.from_options(&l, &r);
        memo.insert(g, v);
        Ok(v)
    }

    /// The Conway product `G·H = {G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R |
    /// G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L}` of the canonical forms (the
    /// product of numbers is exact; of nimbers, the nim product).
    pub fn conway_product(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        if !(self.is_number(g) && self.is_number(h)) {
            self.check_depth(g, "the Conway product")?;
            self.check_depth(h, "the Conway product")?;
        }
        let mut memo = FxHashMap::default();
        Ok(self.conway_rec(g, h, &mut memo))
    }

    fn conway_rec(
        &mut self,
        g: GameId,
        h: GameId,
        memo: &mut FxHashMap<(GameId, GameId), GameId>,
    ) -> GameId {
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            let p = Dyadic::new(x.numerator() * y.numerator(), x.den_log2() + y.den_log2());
            return self.number(p);
        }
        if let Some(&v) = memo.get(&(g, h)) {
            return v;
        }
        let (gl, gr) = (
            self.left_options(g).to_vec(),
            self.right_options(g).to_vec(),
        );
        let (hl, hr) = (
            self.left_options(h).to_vec(),
            self.right_options(h).to_vec(),
        );
        let mut term = |ctx: &mut Context, a: GameId, b: GameId| {
            let ab = ctx.conway_rec(a, h, memo);
            let gb = ctx.conway_rec(g, b, memo);
            let aa = ctx.conway_rec(a, b, memo);
            let s = ctx.add(ab, gb);
            ctx.sub(s, aa)
        };
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for (gs, hs, left) in [
            (&gl, &hl, true),
            (&gr, &hr, true),
            (&gl, &hr, false),
            (&gr, &hl, false),
        ] {
            for &a in gs.iter() {
                for &b in hs.iter() {
                    let t = term(self, a, b);
                    if left {
                        l.push(t);
                    } else {
                        r.push(t);
                    }
                }
            }
        }
        let v = self.from_options(&l, &r);
        memo.insert((g, h), v);
        v
    }

    /// `G.PowTo(x)` (Siegel, II.5): `0` for `x = 0`, else the ordinal sum `G : y` with `y`
    /// the number such that `1 : y = x` (`^.PowTo(3) = ^[3]`). An error for `x < 0`.
    pub fn pow_to(&mut self, g: GameId, x: &Dyadic) -> Result<GameId> {
        if x.is_zero() {
            return Ok(self.zero());
        }
        let y = subordinate_to_one(x)?;
        let y = self.number(y);
        self.ordinal_sum(g, y)
    }

    /// `G.Pow(x)` for a base `G = {0|H}`: `{0 | H - G.PowTo(x - 1)}` (`^.Pow(3) = ^<3>`).
    pub fn pow(&mut self, g: GameId, x: &Dyadic) -> Result<GameId> {
        let zero = self.zero();
        let (l, r) = (
            self.left_options(g).to_vec(),
            self.right_options(g).to_vec(),
        );
        let ([z], [h]) = (l.as_slice(), r.as_slice()) else {
            return Err(base_error(self, g));
        };
        if *z != zero {
            return Err(base_error(self, g));
        }
        let h = *h;
        let below = self.pow_to(g, &x.sub(&Dyadic::integer(1)))?;
        let right = self.sub(h, below);
        Ok(self.from_options(&[zero], &[right]))
    }
}

fn base_error(ctx: &mut Context, g: GameId) -> Error {
    let shown = ctx.display(g);
    Error::invalid(format!(
        "invalid base `{shown}` for `Pow` (the base must be of the form {{0|H}})"
    ))
}

/// The number `y` with `1 : y = x` (CGSuite's `x.Subordinate(1)`): `x - 1` for `x >= 1`;
/// for `0 < x < 1`, the number whose sign expansion is that of `x` without its first `+`.
fn subordinate_to_one(x: &Dyadic) -> Result<Dyadic> {
    if x.signum() <= 0 {
        return Err(Error::invalid(format!(
            "invalid exponent {x}: it must be positive"
        )));
    }
    let one = Dyadic::integer(1);
    if *x >= one {
        return Ok(x.sub(&one));
    }
    if x.den_log2() as u64 > MAX_DEPTH {
        return Err(Error::unsupported(format!(
            "the exponent {x} has a sign expansion longer than {MAX_DEPTH}"
        )));
    }
    // The sign expansion of x after its first `+` (which reaches 1): a binary search.
    let mut signs = Vec::new();
    let (mut v, mut step) = (one, Dyadic::integer(1).half());
    while v != *x {
        let up = *x > v;
        signs.push(up);
        v = if up { v.add(&step) } else { v.sub(&step) };
        step = step.half();
    }
    // The value of that expansion: its first run moves by 1, every later sign by halves.
    let mut y = Dyadic::zero();
    let first = signs.first().copied().unwrap_or(true);
    let run = signs.iter().take_while(|&&s| s == first).count();
    let unit = if first {
        Dyadic::integer(1)
    } else {
        Dyadic::integer(-1)
    };
    for _ in 0..run {
        y = y.add(&unit);
    }
    let mut step = Dyadic::integer(1).half();
    for &s in &signs[run..] {
        y = if s { y.add(&step) } else { y.sub(&step) };
        step = step.half();
    }
    Ok(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subordinates_follow_sign_expansions() {
        // CGSuite's tests: (1/8).Subordinate(1) = -3; 7/4 -> 3/4 (so ^.PowTo(7/4) = ^ : 3/4).
        let d = |n: i64, k: u32| Dyadic::new(n.into(), k);
        assert_eq!(subordinate_to_one(&d(1, 3)).unwrap(), Dyadic::integer(-3));
        assert_eq!(subordinate_to_one(&d(7, 2)).unwrap(), d(3, 2));
        assert_eq!(subordinate_to_one(&d(3, 3)).unwrap(), d(-3, 1));
        assert!(subordinate_to_one(&Dyadic::integer(-1)).is_err());
    }
}
