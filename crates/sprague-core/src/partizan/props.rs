//! Infinitesimal structure and properties by recursion over options: all-small games,
//! atomic weight, reduced canonical form, parity, followers.

use super::canonical::{Context, GameId, Nus};
use super::dyadic::Dyadic;
use crate::error::{Error, Result};
use num_bigint::BigInt;
use rustc_hash::FxHashMap;

/// The most followers [`Context::followers`] lists.
pub const MAX_FOLLOWERS: usize = 100_000;

impl Context {
    /// Whether `g` is all-small: in every subposition, either both players have a move or
    /// neither has.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        let mut memo = FxHashMap::default();
        self.all_small_rec(g, &mut memo)
    }

    fn all_small_rec(&mut self, g: GameId, memo: &mut FxHashMap<GameId, bool>) -> bool {
        if let Some(n) = self.as_nus(g) {
            return n.number.is_zero();
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let l = self.left_options(g).to_vec();
        let r = self.right_options(g).to_vec();
        let mut v = l.is_empty() == r.is_empty();
        for o in l.into_iter().chain(r) {
            if !v {
                break;
            }
            v = self.all_small_rec(o, memo);
        }
        memo.insert(g, v);
        v
    }

    /// The atomic weight (Berlekamp, Conway and Guy, *Winning Ways*, ch. 8; Siegel,
    /// *Combinatorial Game Theory*, II.7; CGSuite's `AtomicWeight`): the `W` with `G ~ W·↑`.
    /// It is computed by the atomic weight calculus: `G° = {aw(G^L) - 2 | aw(G^R) + 2}`
    /// (`x + u·↑ + *m` weighs `u`) is the atomic weight unless it is an integer; then it is
    /// the largest integer `n` with `n <| aw(G^R) + 2` for every `G^R` when `G` exceeds a far
    /// star, the smallest integer `n` with `n |> aw(G^L) - 2` for every `G^L` when `G` is
    /// below it, and `G°` otherwise. The calculus is the atomic weight of every all-small
    /// game; of another infinitesimal `G` only when `G` is atomic, that is when
    /// `G - aw(G).↑` (the Norton product) lies between `-E` and `E` for
    /// `E = ↑* + (*N : -1)` with `*N` a far star (CGSuite's test). An error for a game that is
    /// not infinitesimal, or not atomic.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId> {
        let (ls, rs) = self.stops(g);
        if !(ls.is_zero() && rs.is_zero()) {
            let s = self.display(g);
            return Err(Error::unsupported(format!(
                "`{s}` is not atomic: atomic weight is defined for infinitesimals only, and its stops are {ls} and {rs}"
            )));
        }
        // A far star: beyond every nimber below `g` (as CGSuite's: a power of two past the
        // nimbers of the followers; `x + u·↑ + *m` is counted as reaching `*(m+1)`).
        let n = self
            .far_nimber(g)
            .max(2)
            .checked_next_power_of_two()
            .unwrap_or(1 << 63);
        // Only compared with, never printed: it may pass the bound on nimbers.
        let far = self.nus_unbounded(Nus {
            number: Dyadic::zero(),
            up: 0,
            nim: n,
        });
        let mut memo = FxHashMap::default();
        let w = self.aw_rec(g, far, &mut memo);
        if self.is_all_small(g) {
            return Ok(w);
        }
        // The test below writes out the far star's options.
        self.check_depth(g, "deciding whether a game that is not all-small is atomic")?;
        // Atomic: `-E <= G - w.↑ <= E` with `E = ↑* + (*N : -1)`.
        let up = self.up();
        let multiple = self.norton_product(w, up)?;
        let diff = self.sub(g, multiple);
        let minus_one = self.integer(-1);
        let kite = self.ordinal_sum(far, minus_one)?;
        let up_star = self.nus(Nus {
            number: Dyadic::zero(),
            up: 1,
            nim: 1,
        });
        let eps = self.add(up_star, kite);
        let neg_eps = self.neg(eps);
        if self.le(diff, eps) && self.le(neg_eps, diff) {
            Ok(w)
        } else {
            let s = self.display(g);
            Err(Error::unsupported(format!(
                "`{s}` is not atomic: it has no atomic weight"
            )))
        }
    }

    /// One more than every nimber among the followers of `g` (iterative, each game once).
    fn far_nimber(&mut self, g: GameId) -> u64 {
        let mut far = 1u64;
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        while let Some(x) = stack.pop() {
            if !seen.insert(x) {
                continue;
            }
            if let Some(n) = self.as_nus(x) {
                far = far.max(n.nim.saturating_add(2));
                continue;
            }
            stack.extend_from_slice(self.left_options(x));
            stack.extend_from_slice(self.right_options(x));
        }
        far
    }

    fn aw_rec(&mut self, g: GameId, far: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if let Some(n) = self.as_nus(g) {
            let up = n.up;
            return self.integer(up);
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let l = self.left_options(g).to_vec();
        let r = self.right_options(g).to_vec();
        let two = self.integer(2);
        let mut nl = Vec::with_capacity(l.len());
        for o in l {
            let a = self.aw_rec(o, far, memo);
            nl.push(self.sub(a, two));
        }
        let mut nr = Vec::with_capacity(r.len());
        for o in r {
            let a = self.aw_rec(o, far, memo);
            nr.push(self.add(a, two));
        }
        let g0 = self.from_options(&nl, &nr);
        let v = if self.as_number(g0).is_some_and(|x| x.is_integer()) {
            let below = self.le(g, far) && !self.le(far, g);
            let above = self.le(far, g) && !self.le(g, far);
            if below && !nl.is_empty() {
                // The least integer n with n |> every G^L°: ceil(right stop), or one more
                // where that integer is <= the option.
                let mut best: Option<BigInt> = None;
                for &x in &nl {
                    let mut c = self.right_stop(x).ceil();
                    let cg = self.number(Dyadic::integer(c.clone()));
                    if self.le(cg, x) {
                        c += 1;
                    }
                    best = Some(best.map_or(c.clone(), |m: BigInt| m.max(c)));
                }
                self.number(Dyadic::integer(best.unwrap_or_default()))
            } else if above && !nr.is_empty() {
                let mut best: Option<BigInt> = None;
                for &x in &nr {
                    let mut c = self.left_stop(x).floor();
                    let cg = self.number(Dyadic::integer(c.clone()));
                    if self.le(x, cg) {
                        c -= 1;
                    }
                    best = Some(best.map_or(c.clone(), |m: BigInt| m.min(c)));
                }
                self.number(Dyadic::integer(best.unwrap_or_default()))
            } else if below || above {
                self.zero()
            } else {
                g0
            }
        } else {
            g0
        };
        memo.insert(g, v);
        v
    }

    /// Whether `g` is even and whether it is odd (CGSuite's `IsEven`, `IsOdd`: `0` is even,
    /// a game is even when every option is odd and odd when it has options and every option
    /// is even), or, `tempered`, even- and odd-tempered (a number is even-tempered, any other
    /// game is even-tempered when every option is odd-tempered and odd-tempered when every
    /// option is even-tempered). A game may be neither.
    /// An error for a game born after day [`MAX_DEPTH`](super::products::MAX_DEPTH) (the
    /// recursion's depth).
    pub fn parity(&mut self, g: GameId, tempered: bool) -> Result<(bool, bool)> {
        // Numbers are answered without recursion (below), however old.
        let closed = self
            .as_number(g)
            .is_some_and(|x| tempered || x.is_integer());
        if !closed {
            self.check_depth(g, "parity")?;
        }
        let mut memo = FxHashMap::default();
        Ok(self.parity_rec(g, tempered, &mut memo))
    }

    fn parity_rec(
        &mut self,
        g: GameId,
        tempered: bool,
        memo: &mut FxHashMap<GameId, (bool, bool)>,
    ) -> (bool, bool) {
        if let Some(x) = self.as_number(g) {
            if tempered {
                return (true, false);
            }
            if x.is_integer() {
                // `n = {n-1|}`: the parity of |n|.
                let odd = x.numerator().bit(0);
                return (!odd, odd);
            }
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let mut opts: Vec<GameId> = self.left_options(g).to_vec();
        opts.extend_from_slice(self.right_options(g));
        let (mut all_odd, mut all_even) = (true, true);
        for o in &opts {
            let (e, od) = self.parity_rec(*o, tempered, memo);
            all_odd &= od;
            all_even &= e;
        }
        let v = (all_odd, !opts.is_empty() && all_even);
        memo.insert(g, v);
        v
    }

    /// Every follower of `g` (`g` itself included), at most [`MAX_FOLLOWERS`] of them.
    pub fn followers(&mut self, g: GameId) -> Result<Vec<GameId>> {
        let mut seen = rustc_hash::FxHashSet::default();
        let mut stack = vec![g];
        seen.insert(g);
        while let Some(x) = stack.pop() {
            let mut opts: Vec<GameId> = self.left_options(x).to_vec();
            opts.extend_from_slice(self.right_options(x));
            for o in opts {
                if seen.insert(o) {
                    if seen.len() > MAX_FOLLOWERS {
                        let s = self.display(g);
                        return Err(Error::unsupported(format!(
                            "`{s}` has more than {MAX_FOLLOWERS} followers"
                        )));
                    }
                    stack.push(o);
                }
            }
        }
        let mut out: Vec<GameId> = seen.into_iter().collect();
        out.sort_unstable();
        Ok(out)
    }

    /// Whether `a >= b` modulo infinitesimals: the right stop of `a - b` is at least 0.
    pub fn ge_inf(&mut self, a: GameId, b: GameId) -> bool {
        let d = self.sub(a, b);
        self.right_stop(d).signum() >= 0
    }

    /// The reduced canonical form: the simplest game equal to `g` modulo infinitesimals
    /// (Calistrate; Grossman and Siegel, "Reductions of partizan games"). A game whose stops
    /// agree is infinitesimally close to that number; otherwise options that are dominated or
    /// reversible modulo infinitesimals are removed or bypassed.
    pub fn reduced(&mut self, g: GameId) -> GameId {
        let mut memo = FxHashMap::default();
        self.reduced_rec(g, &mut memo)
    }

    fn reduced_rec(&mut self, g: GameId, memo: &mut FxHashMap<GameId, GameId>) -> GameId {
        if self.is_number(g) {
            return g;
        }
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let (ls, rs) = self.stops(g);
        let v = if ls == rs {
            self.number(ls)
        } else {
            let l0 = self.left_options(g).to_vec();
            let r0 = self.right_options(g).to_vec();
            let mut l: Vec<GameId> = l0.iter().map(|&o| self.reduced_rec(o, memo)).collect();
            let mut r: Vec<GameId> = r0.iter().map(|&o| self.reduced_rec(o, memo)).collect();
            loop {
                l.sort_unstable();
                l.dedup();
                r.sort_unstable();
                r.dedup();
                l = self.inf_undominated(&l, true);
                r = self.inf_undominated(&r, false);
                let mut changed = false;
                let mut nl = Vec::new();
                for &a in &l {
                    let ars = self.right_options(a).to_vec();
                    match ars.into_iter().find(|&ar| self.ge_inf(g, ar)) {
                        Some(ar) => {
                            changed = true;
                            nl.extend(self.left_options(ar).to_vec());
                        }
                        None => nl.push(a),
                    }
                }
                let mut nr = Vec::new();
                for &a in &r {
                    let als = self.left_options(a).to_vec();
                    match als.into_iter().find(|&al| self.ge_inf(al, g)) {
                        Some(al) => {
                            changed = true;
                            nr.extend(self.right_options(al).to_vec());
                        }
                        None => nr.push(a),
                    }
                }
                l = nl;
                r = nr;
                if !changed {
                    break;
                }
            }
            self.from_options(&l, &r)
        };
        memo.insert(g, v);
        v
    }

    /// Options with those dominated modulo infinitesimals removed (of a set of options equal
    /// modulo infinitesimals, the first is kept).
    fn inf_undominated(&mut self, opts: &[GameId], left: bool) -> Vec<GameId> {
        let mut keep: Vec<GameId> = Vec::new();
        for (i, &a) in opts.iter().enumerate() {
            let mut dominated = false;
            for (j, &b) in opts.iter().enumerate() {
                if i == j {
                    continue;
                }
                let (worse, better) = if left {
                    (self.ge_inf(b, a), self.ge_inf(a, b))
                } else {
                    (self.ge_inf(a, b), self.ge_inf(b, a))
                };
                // b at least as good as a; on a tie keep the earlier one.
                if worse && (!better || j < i) {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                keep.push(a);
            }
        }
        keep
    }
}

#[cfg(test)]
mod tests {
    use super::super::notation::parse;
    use super::*;

    fn aw(s: &str) -> String {
        let mut c = Context::new();
        let g = parse(&mut c, s).unwrap();
        let w = c.atomic_weight(g).unwrap();
        c.display(w)
    }

    fn rcf(s: &str) -> String {
        let mut c = Context::new();
        let g = parse(&mut c, s).unwrap();
        let r = c.reduced(g);
        c.display(r)
    }

    #[test]
    fn atomic_weights() {
        assert_eq!(aw("^"), "1");
        assert_eq!(aw("^*"), "1");
        assert_eq!(aw("v3*2"), "-3");
        assert_eq!(aw("*5"), "0");
        assert_eq!(aw("^<2>"), "0");
        let mut c = Context::new();
        let g = parse(&mut c, "1 + ^").unwrap();
        assert!(c.atomic_weight(g).is_err());
        // Not all-small, yet atomic (CGSuite's `AtomicWeight` answers these).
        assert_eq!(aw("Tiny(3/2)"), "0");
        // The calculus by hand: {1|^^} exceeds a far star, weighs 3; so {1|^^||^} weighs 2.
        assert_eq!(aw("{1|^^||^}"), "2");
    }

    #[test]
    fn atomic_weight_is_additive_on_small_games() {
        // Generic all-small games (built from options, so the calculus runs) and sums.
        let games = [
            "{0|*}",
            "{0,*|0}",
            "{0|{0|*}}",
            "{0||0|*}",
            "{*|0}",
            "{0|*2}",
            "{0,*|0,*2}",
            "{0|^*}",
            "{^|v}",
            "{0||0|v}",
            "^<2>",
            "^<3> + *",
            "{0|^<2>}",
            "{0,^<2>|*,v}",
        ];
        let mut c = Context::new();
        let ids: Vec<GameId> = games.iter().map(|s| parse(&mut c, s).unwrap()).collect();
        for &a in &ids {
            for &b in &ids {
                let s = c.add(a, b);
                let wa = c.atomic_weight(a).unwrap();
                let wb = c.atomic_weight(b).unwrap();
                let ws = c.atomic_weight(s).unwrap();
                let sum = c.add(wa, wb);
                assert_eq!(ws, sum, "aw({} + {})", c.display(a), c.display(b));
            }
        }
    }

    /// `aw(G.↑) = G`: the atomic weight undoes the Norton product by up (Siegel, CGT II.7).
    #[test]
    fn atomic_weight_undoes_the_norton_product_by_up() {
        let mut c = Context::new();
        for s in ["1/2", "3/4", "-5/8", "^", "*", "v*", "{1|0}", "+-1", "2"] {
            let g = parse(&mut c, s).unwrap();
            let up = c.up();
            let p = c.norton_product(g, up).unwrap();
            let w = c.atomic_weight(p).unwrap();
            assert_eq!(w, g, "aw(({s}).NortonProduct(^)) = {}", c.display(w));
        }
    }

    #[test]
    fn reduced_forms() {
        assert_eq!(rcf("^*"), "0");
        assert_eq!(rcf("{1|0} + ^"), "{1|0}");
        assert_eq!(rcf("+-1 + *"), "+-1");
        assert_eq!(rcf("{2|^}"), "{2|0}");
        assert_eq!(rcf("3/4 + v"), "3/4");
        assert_eq!(rcf("{3||2*|1*}"), "{3||2|1}");
        // The reduced form is infinitesimally close to the game.
        let mut c = Context::new();
        for s in ["{3||2*|1*}", "{1*|0,^} + {2|v}", "+-(1^) + {0||0|-1}"] {
            let g = parse(&mut c, s).unwrap();
            let r = c.reduced(g);
            assert!(c.ge_inf(g, r) && c.ge_inf(r, g));
            assert_eq!(c.reduced(r), r);
        }
    }
}
