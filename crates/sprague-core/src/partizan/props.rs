//! Infinitesimal structure: all-small games, atomic weight, reduced canonical form.

use super::canonical::{Context, GameId, Nus};
use super::dyadic::Dyadic;
use crate::error::{Error, Result};
use rustc_hash::FxHashMap;

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

    /// The atomic weight of an all-small game, by the atomic weight calculus (Berlekamp,
    /// Conway and Guy, *Winning Ways*, ch. 8; Siegel, *Combinatorial Game Theory*, II.7):
    /// `G° = {aw(G^L) - 2 | aw(G^R) + 2}` is the atomic weight unless it is an integer; then
    /// the atomic weight is the largest integer `n` with no `aw(G^R) + 2 <= n` when `G` exceeds
    /// a far star, the smallest integer `n` with no `n <= aw(G^L) - 2` when `G` is below it,
    /// and `G°` otherwise. An error for a game that is not all-small.
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId> {
        if !self.is_all_small(g) {
            let s = self.display(g);
            return Err(Error::unsupported(format!(
                "atomic weight is defined for all-small games only; `{s}` is not all-small"
            )));
        }
        // A far star: a nimber beyond every nimber that can arise below `g`.
        let b = self.birthday(g);
        let far = (b.saturating_add(1))
            .checked_next_power_of_two()
            .unwrap_or(1 << 63);
        let far = far.saturating_mul(2);
        // Only compared with, never printed: it may pass the bound on nimbers.
        let star = self.nus_unbounded(Nus {
            number: Dyadic::zero(),
            up: 0,
            nim: far,
        });
        let mut memo = FxHashMap::default();
        Ok(self.aw_rec(g, star, &mut memo))
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
        let v = match self.as_number(g0).and_then(|x| x.to_i64()) {
            None => g0,
            Some(n0) => {
                let above = self.le(far, g) && far != g;
                let below = self.le(g, far) && far != g;
                if above {
                    // Largest n not >= any right option.
                    let mut n = n0;
                    loop {
                        let c = self.integer(n + 1);
                        if nr.iter().any(|&x| self.le(x, c)) {
                            break;
                        }
                        n += 1;
                    }
                    self.integer(n)
                } else if below {
                    let mut n = n0;
                    loop {
                        let c = self.integer(n - 1);
                        if nl.iter().any(|&x| self.le(c, x)) {
                            break;
                        }
                        n -= 1;
                    }
                    self.integer(n)
                } else {
                    g0
                }
            }
        };
        memo.insert(g, v);
        v
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
