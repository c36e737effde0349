//! Thermography: the walls of a game's thermograph as exact piecewise-linear functions of the
//! temperature `t >= -1` with dyadic breakpoints, its mean and temperature, cooling and
//! heating.
//!
//! Conventions are CGSuite's (and Berlekamp's): an integer has temperature -1, a number with
//! denominator `2^k` has temperature `-1/2^k`, and a game that is not a number has temperature
//! at least 0. For a non-integer `G`, the scaffold is `L(t) = max R_t(G^L) - t`,
//! `R(t) = min L_t(G^R) + t`; the walls follow it up to the least `t` where `L(t) <= R(t)`, the
//! temperature, and above it both walls are the mast at the mean.

use super::canonical::{Context, GameId, Nus};
use super::dyadic::Dyadic;
use num_bigint::BigInt;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// A piece of a wall: from temperature `t` on (to the next piece's `t`), value `v + slope·(t' - t)`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Piece {
    /// Where the piece starts.
    pub t: Dyadic,
    /// The wall's value at `t`.
    pub v: Dyadic,
    /// The slope: 0 or ±1 for thermograph walls.
    pub slope: i64,
}

/// A continuous piecewise-linear function of `t >= -1`; the last piece goes on for ever.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Trajectory {
    /// The pieces by increasing `t`; the first starts at -1.
    pub pieces: Vec<Piece>,
}

fn times(x: &Dyadic, k: i64) -> Dyadic {
    Dyadic::new(x.numerator() * BigInt::from(k), x.den_log2())
}

/// `x / k` for `k = ±1, ±2, ±4, ...` (wall slopes differ by at most 2).
fn divide(x: &Dyadic, k: i64) -> Dyadic {
    let a = k.unsigned_abs();
    debug_assert!(a.is_power_of_two());
    let e = a.trailing_zeros();
    let q = Dyadic::new(x.numerator().clone(), x.den_log2() + e);
    if k < 0 {
        q.neg()
    } else {
        q
    }
}

impl Trajectory {
    /// The constant `x`.
    pub fn constant(x: Dyadic) -> Self {
        Trajectory {
            pieces: vec![Piece {
                t: Dyadic::integer(-1),
                v: x,
                slope: 0,
            }],
        }
    }
    fn piece_at(&self, t: &Dyadic) -> &Piece {
        let i = self.pieces.partition_point(|p| p.t <= *t);
        &self.pieces[i.saturating_sub(1)]
    }
    /// The value at `t`.
    pub fn eval(&self, t: &Dyadic) -> Dyadic {
        let p = self.piece_at(t);
        p.v.add(&times(&t.sub(&p.t), p.slope))
    }
    /// `f(t) + s·t`.
    fn tilt(&self, s: i64) -> Self {
        Trajectory {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    t: p.t.clone(),
                    v: p.v.add(&times(&p.t, s)),
                    slope: p.slope + s,
                })
                .collect(),
        }
    }
    fn breakpoints(&self, other: &Self) -> Vec<Dyadic> {
        let mut ts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(other.pieces.iter())
            .map(|p| p.t.clone())
            .collect();
        ts.sort();
        ts.dedup();
        ts
    }
    /// Pointwise maximum (`max = true`) or minimum.
    fn extremum(&self, other: &Self, max: bool) -> Self {
        let ts = self.breakpoints(other);
        let mut out = Vec::new();
        for (i, a) in ts.iter().enumerate() {
            let next = ts.get(i + 1);
            let (fa, ga) = (self.eval(a), other.eval(a));
            let (sf, sg) = (self.piece_at(a).slope, other.piece_at(a).slope);
            let better = |x: &Dyadic, sx: i64, y: &Dyadic, sy: i64| {
                if max {
                    x > y || (x == y && sx >= sy)
                } else {
                    x < y || (x == y && sx <= sy)
                }
            };
            let f_first = better(&fa, sf, &ga, sg);
            if f_first {
                out.push(Piece {
                    t: a.clone(),
                    v: fa.clone(),
                    slope: sf,
                });
            } else {
                out.push(Piece {
                    t: a.clone(),
                    v: ga.clone(),
                    slope: sg,
                });
            }
            if sf != sg && fa != ga {
                // Crossing at a + (ga - fa) / (sf - sg), if inside the interval.
                let tc = a.add(&divide(&ga.sub(&fa), sf - sg));
                if tc > *a && next.is_none_or(|n| tc < *n) {
                    let v = self.eval(&tc);
                    out.push(Piece {
                        t: tc,
                        v,
                        slope: if f_first { sg } else { sf },
                    });
                }
            }
        }
        Trajectory { pieces: out }.simplified()
    }
    fn simplified(mut self) -> Self {
        let mut out: Vec<Piece> = Vec::with_capacity(self.pieces.len());
        for p in self.pieces.drain(..) {
            if let Some(q) = out.last() {
                if q.slope == p.slope && q.v.add(&times(&p.t.sub(&q.t), q.slope)) == p.v {
                    continue;
                }
            }
            out.push(p);
        }
        Trajectory { pieces: out }
    }
    /// The function up to `t0`, then constant `m`.
    fn masted(&self, t0: &Dyadic, m: &Dyadic) -> Self {
        let mut out: Vec<Piece> = self.pieces.iter().filter(|p| p.t < *t0).cloned().collect();
        out.push(Piece {
            t: t0.clone(),
            v: m.clone(),
            slope: 0,
        });
        Trajectory { pieces: out }.simplified()
    }
}

/// A thermograph: left and right walls, mean and temperature.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Thermograph {
    /// The left wall.
    pub left: Trajectory,
    /// The right wall.
    pub right: Trajectory,
    /// Where the walls meet (the mast starts).
    pub temperature: Dyadic,
    /// The mast's value.
    pub mean: Dyadic,
}

impl Thermograph {
    /// CGSuite's text for a thermograph, `Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])`:
    /// for the left wall and then the right wall, the value at the top, the temperatures
    /// where the slope changes (from the top down) and the slopes between them (from the top
    /// down; a slope is the change of the value per unit of temperature).
    pub fn cgsuite(&self) -> String {
        let wall = |w: &Trajectory| {
            let top = w.pieces.last().map(|p| p.v.to_string()).unwrap_or_default();
            let temps: Vec<String> = w.pieces[1..]
                .iter()
                .rev()
                .map(|p| p.t.to_string())
                .collect();
            let slopes: Vec<String> = w.pieces.iter().rev().map(|p| p.slope.to_string()).collect();
            format!("{top},[{}],[{}]", temps.join(","), slopes.join(","))
        };
        format!("Thermograph({},{})", wall(&self.left), wall(&self.right))
    }

    /// The walls as text, one line per piece: `t >= T: v + s·(t - T)`.
    pub fn describe(&self) -> String {
        let mut s = String::new();
        for (name, w) in [("left wall", &self.left), ("right wall", &self.right)] {
            let _ = writeln!(s, "{name}:");
            for (i, p) in w.pieces.iter().enumerate() {
                let upto = match w.pieces.get(i + 1) {
                    Some(q) => format!("{} <= t <= {}", p.t, q.t),
                    None => format!("t >= {}", p.t),
                };
                let line = match p.slope {
                    0 => format!("{}", p.v),
                    s => {
                        format!("{} {} (t - {})", p.v, if s > 0 { "+" } else { "-" }, p.t)
                            .replace("(t - -", "(t + ")
                            + &if s.abs() != 1 {
                                format!(" * {}", s.abs())
                            } else {
                                String::new()
                            }
                    }
                };
                let _ = writeln!(s, "  {upto}: {line}");
            }
        }
        s.pop();
        s
    }
}

/// The thermographs computed so far, kept in the context ([`Context::memo`]) so that they
/// are computed once per context.
#[derive(Default)]
struct Thermographs(FxHashMap<GameId, Arc<Thermograph>>);

impl Context {
    /// The thermographs computed so far in this context.
    fn thermographs(&mut self) -> &mut FxHashMap<GameId, Arc<Thermograph>> {
        &mut self.memo::<Thermographs>().0
    }

    /// The thermograph of `g` (computed bottom-up with an explicit stack, so deep games such
    /// as numbers with large denominators need no deep recursion).
    pub fn thermograph(&mut self, g: GameId) -> Arc<Thermograph> {
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.thermographs().contains_key(&x) {
                continue;
            }
            if let Some(rep) = self.thermograph_representative(x) {
                match self.thermographs().get(&rep) {
                    Some(th) => {
                        let th = th.clone();
                        self.thermographs().insert(x, th);
                    }
                    None => {
                        stack.push((x, expanded));
                        stack.push((rep, false));
                    }
                }
                continue;
            }
            if let Some(th) = self.thermograph_shortcut(x) {
                self.thermographs().insert(x, Arc::new(th));
                continue;
            }
            if !expanded {
                stack.push((x, true));
                let l = self.left_options(x).to_vec();
                let r = self.right_options(x).to_vec();
                for o in l.into_iter().chain(r) {
                    if !self.thermographs().contains_key(&o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let th = self.thermograph_from_options(x);
            self.thermographs().insert(x, Arc::new(th));
        }
        self.thermographs()[&g].clone()
    }

    /// A game with the thermograph of `g` and at most two options a side, when `g` is
    /// `x + u·↑ + *m` with `m >= 3`: `x + u·↑ + *2`, so that `*65535 + 3/4` does not walk
    /// its 65,535 options on each side. Why the thermographs agree for every `m >= 2`: for
    /// `u = 0` the options are `x + *k`, `k < m`. Below temperature 0 the right wall of
    /// `x + *2` is the lesser of the tilted left walls of `x` and `x + *`, so at most the
    /// right wall of `x + *` (the tilted left wall of `x`); hence the options `x + *k`,
    /// `k >= 2` (all with the thermograph of `x + *2`, by induction) never raise the left
    /// scaffold above what `x` and `x + *` give, and symmetrically; at and above 0 every
    /// wall is the mast at `x`. For `u > 0` the options are `x` and `x + (u-1)·↑ + *(m^1)`
    /// with `m^1 >= 2`, so induction on `u` carries it (and symmetrically for `u < 0`).
    /// The tests check it against the general rule.
    fn thermograph_representative(&mut self, g: GameId) -> Option<GameId> {
        let n = self.as_nus(g)?;
        if n.nim < 3 {
            return None;
        }
        let rep = Nus {
            nim: 2,
            ..n.clone()
        };
        Some(self.nus(rep))
    }

    /// Integers: a mast from -1. `x + u·↑ + *m` with `x` an integer and an infinitesimal part: a mast at `x`
    /// from 0; below 0 the left wall is `x - t` unless the game is a multiple of down other
    /// than `↓*` (then `x`), and symmetrically the right wall is `x + t` unless it is a
    /// multiple of up other than `↑*` (checked against the general rule in the tests).
    fn thermograph_shortcut(&mut self, g: GameId) -> Option<Thermograph> {
        let n = self.as_nus(g)?;
        let x = n.number.clone();
        if n.is_number() {
            if !x.is_integer() {
                return None;
            }
            return Some(Thermograph {
                left: Trajectory::constant(x.clone()),
                right: Trajectory::constant(x.clone()),
                temperature: Dyadic::integer(-1),
                mean: x,
            });
        }
        if !x.is_integer() {
            // Below 0 the walls of a non-integer number show through: the general rule.
            return None;
        }
        let upstar = n.nim == 1 && n.up.abs() == 1;
        let a: i64 = if n.up <= -1 && !upstar { 0 } else { 1 };
        let b: i64 = if n.up >= 1 && !upstar { 0 } else { 1 };
        let wall = |s: i64| {
            Trajectory {
                pieces: vec![
                    Piece {
                        t: Dyadic::integer(-1),
                        v: x.add(&Dyadic::integer(-s)),
                        slope: s,
                    },
                    Piece {
                        t: Dyadic::zero(),
                        v: x.clone(),
                        slope: 0,
                    },
                ],
            }
            .simplified()
        };
        Some(Thermograph {
            left: wall(-a),
            right: wall(b),
            temperature: Dyadic::zero(),
            mean: x.clone(),
        })
    }

    /// The thermograph from the scaffold of the options' thermographs (already computed).
    fn thermograph_from_options(&mut self, g: GameId) -> Thermograph {
        let l = self.left_options(g).to_vec();
        let r = self.right_options(g).to_vec();
        // A game that is not an integer has options on both sides.
        let mut lw: Option<Trajectory> = None;
        for o in l {
            let w = self.thermograph(o).right.tilt(-1);
            lw = Some(match lw {
                None => w,
                Some(x) => x.extremum(&w, true),
            });
        }
        let mut rw: Option<Trajectory> = None;
        for o in r {
            let w = self.thermograph(o).left.tilt(1);
            rw = Some(match rw {
                None => w,
                Some(x) => x.extremum(&w, false),
            });
        }
        let lw = lw.unwrap_or_else(|| Trajectory::constant(Dyadic::zero()));
        let rw = rw.unwrap_or_else(|| Trajectory::constant(Dyadic::zero()));
        // The least t with L(t) <= R(t); L - R is non-increasing.
        let ts = lw.breakpoints(&rw);
        let mut temp = None;
        for (i, a) in ts.iter().enumerate() {
            let d = lw.eval(a).sub(&rw.eval(a));
            if d.signum() <= 0 {
                temp = Some(a.clone());
                break;
            }
            let slope = lw.piece_at(a).slope - rw.piece_at(a).slope;
            if slope < 0 {
                let tc = a.add(&divide(&d, -slope));
                if ts.get(i + 1).is_none_or(|n| tc <= *n) {
                    temp = Some(tc);
                    break;
                }
            }
        }
        let temperature = temp.unwrap_or_else(|| Dyadic::integer(-1));
        let mean = lw.eval(&temperature);
        Thermograph {
            left: lw.masted(&temperature, &mean),
            right: rw.masted(&temperature, &mean),
            temperature,
            mean,
        }
    }

    /// The mean value.
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).mean.clone()
    }

    /// The temperature (-1 for integers, `-1/2^k` for other numbers).
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        self.thermograph(g).temperature.clone()
    }

    /// `g` cooled by `t`: `G_t = {G^L_t - t | G^R_t + t}`, except that above the temperature
    /// it is the mean.
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> GameId {
        let tg = self.number(t.clone());
        let mut memo = FxHashMap::default();
        self.cool_rec(g, t, tg, &mut memo)
    }

    fn cool_rec(
        &mut self,
        g: GameId,
        t: &Dyadic,
        tg: GameId,
        memo: &mut FxHashMap<GameId, GameId>,
    ) -> GameId {
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let th = self.thermograph(g);
        let v = if *t > th.temperature {
            self.number(th.mean.clone())
        } else {
            let l = self.left_options(g).to_vec();
            let r = self.right_options(g).to_vec();
            let mut nl = Vec::with_capacity(l.len());
            for o in l {
                let c = self.cool_rec(o, t, tg, memo);
                nl.push(self.sub(c, tg));
            }
            let mut nr = Vec::with_capacity(r.len());
            for o in r {
                let c = self.cool_rec(o, t, tg, memo);
                nr.push(self.add(c, tg));
            }
            self.from_options(&nl, &nr)
        };
        memo.insert(g, v);
        v
    }

    /// `g` heated by `t`: numbers stay, else `{∫G^L + t | ∫G^R - t}`.
    pub fn heat(&mut self, g: GameId, t: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.heat_rec(g, t, &mut memo)
    }

    fn heat_rec(&mut self, g: GameId, t: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if self.is_number(g) {
            return g;
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let l = self.left_options(g).to_vec();
        let r = self.right_options(g).to_vec();
        let mut nl = Vec::with_capacity(l.len());
        for o in l {
            let h = self.heat_rec(o, t, memo);
            nl.push(self.add(h, t));
        }
        let mut nr = Vec::with_capacity(r.len());
        for o in r {
            let h = self.heat_rec(o, t, memo);
            nr.push(self.sub(h, t));
        }
        let v = self.from_options(&nl, &nr);
        memo.insert(g, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::super::notation::parse;
    use super::*;

    fn mt(s: &str) -> (String, String) {
        let mut c = Context::new();
        let g = parse(&mut c, s).unwrap();
        (c.mean(g).to_string(), c.temperature(g).to_string())
    }

    #[test]
    fn means_and_temperatures() {
        // Worked by hand in the module notes: {3||2*|1*} has scaffolds 3 - t and
        // 3/2 + t above t = 1/2, meeting at t = 3/4, value 9/4.
        assert_eq!(mt("{3||2*|1*}"), ("9/4".into(), "3/4".into()));
        assert_eq!(mt("+-1"), ("0".into(), "1".into()));
        assert_eq!(mt("{1|0}"), ("1/2".into(), "1/2".into()));
        assert_eq!(mt("*"), ("0".into(), "0".into()));
        assert_eq!(mt("^"), ("0".into(), "0".into()));
        assert_eq!(mt("5"), ("5".into(), "-1".into()));
        assert_eq!(mt("1/2"), ("1/2".into(), "-1/2".into()));
        assert_eq!(mt("3/8"), ("3/8".into(), "-1/8".into()));
        assert_eq!(mt("{2|-1}"), ("1/2".into(), "3/2".into()));
        // The mean of a sum is the sum of the means.
        assert_eq!(mt("{3||2*|1*} + {2|-1} + +-5"), ("11/4".into(), "5".into()));
    }

    #[test]
    fn thermograph_walls() {
        let mut c = Context::new();
        let g = parse(&mut c, "{3||2*|1*}").unwrap();
        let th = c.thermograph(g);
        let third = Dyadic::new(BigInt::from(1), 2);
        assert_eq!(th.left.eval(&third), Dyadic::new(BigInt::from(11), 2));
        assert_eq!(th.right.eval(&third), Dyadic::integer(2));
        assert_eq!(
            th.right.eval(&Dyadic::integer(5)),
            Dyadic::new(BigInt::from(9), 2)
        );
        assert!(th.describe().contains("left wall"));
    }

    #[test]
    fn infinitesimal_shortcut_matches_the_scaffold() {
        let mut c = Context::new();
        for x in [
            Dyadic::zero(),
            Dyadic::new(BigInt::from(-3), 2),
            Dyadic::integer(2),
            Dyadic::new(BigInt::from(1), 1),
            Dyadic::new(BigInt::from(-7), 3),
            Dyadic::new(BigInt::from(21), 4),
        ] {
            for up in -3i64..=3 {
                for nim in 0..9u64 {
                    if up == 0 && nim == 0 {
                        continue;
                    }
                    let g = c.nus(super::super::Nus {
                        number: x.clone(),
                        up,
                        nim,
                    });
                    let fast = c.thermograph(g);
                    let general = c.thermograph_from_options(g);
                    assert_eq!(*fast, general, "{}", c.display(g));
                }
            }
        }
        // A number with a large denominator needs no deep recursion.
        let g = c.dyadic(BigInt::from(1), 1000);
        assert_eq!(c.temperature(g), Dyadic::new(BigInt::from(-1), 1000));
    }

    #[test]
    fn cooling_and_heating() {
        let mut c = Context::new();
        let mut v = |s: &str, t: &Dyadic| {
            let g = parse(&mut c, s).unwrap();
            let h = c.cool(g, t);
            c.display(h)
        };
        let one = Dyadic::integer(1);
        let half = Dyadic::new(BigInt::from(1), 1);
        // +-1 cooled by 1 is *; by 1/2 it is +-1/2; above its temperature it is its mean.
        assert_eq!(v("+-1", &one), "*");
        assert_eq!(v("+-1", &half), "+-1/2");
        assert_eq!(v("+-1", &Dyadic::integer(2)), "0");
        assert_eq!(v("{3||2*|1*}", &Dyadic::integer(1)), "9/4");
        // Heating undoes cooling here: heating * by 1 gives +-1.
        let s = parse(&mut c, "*").unwrap();
        let t = c.integer(1);
        let h = c.heat(s, t);
        assert_eq!(c.display(h), "+-1");
    }
}
