//! Arithmetic on canonical forms: negation and sums, memoised, with `x + u·↑ + *m` handled
//! by its parameters and numbers by translation. Kept apart from comparison and
//! canonicalisation, which it calls.

use super::{pair_key, Context, GameId, Kind, Side};

impl Context {
    /// `-g`.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(n) = self.as_nus(g).and_then(|n| n.neg()) {
            return self.nus(n);
        }
        if let Some(v) = self.arena.neg(g) {
            return v;
        }
        let l = self.opts(g, Side::Left);
        let r = self.opts(g, Side::Right);
        let nl: Vec<GameId> = r.iter().map(|&x| self.neg(x)).collect();
        let nr: Vec<GameId> = l.iter().map(|&x| self.neg(x)).collect();
        // The negative of a canonical form is canonical.
        let mut nl = nl;
        let mut nr = nr;
        nl.sort_unstable();
        nr.sort_unstable();
        let v = self.intern(nl, nr);
        self.arena.set_neg(g, v);
        v
    }

    /// `a + b`.
    pub fn add(&mut self, a: GameId, b: GameId) -> GameId {
        if self.is_stopped() {
            // See `from_options`: a stopped context's games are meaningless anyway.
            return self.zero();
        }
        let (ka, kb) = (self.arena.info(a).kind, self.arena.info(b).kind);
        if ka != Kind::General && kb != Kind::General {
            if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
                if let Some(s) = x.add(y) {
                    return self.nus(s);
                }
            }
        }
        let key = if a <= b {
            pair_key(a, b)
        } else {
            pair_key(b, a)
        };
        if let Some(v) = self.add_memo.get(key) {
            return v;
        }
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (k, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            if ka == Kind::Number || kb == Kind::Number {
                // Number translation: G + x = {G^L + x | G^R + x} when G is not a number.
                let (x, g) = if ka == Kind::Number { (a, b) } else { (b, a) };
                for o in self.run(g, side) {
                    let t = self.add(o, x);
                    sides[k].push(t);
                }
            } else {
                for o in self.run(a, side) {
                    let t = self.add(o, b);
                    sides[k].push(t);
                }
                for o in self.run(b, side) {
                    let t = self.add(a, o);
                    sides[k].push(t);
                }
            }
        }
        let v = self.from_options(&sides[0], &sides[1]);
        self.add_memo.insert(key, v);
        v
    }

    /// `a - b`.
    pub fn sub(&mut self, a: GameId, b: GameId) -> GameId {
        let nb = self.neg(b);
        self.add(a, nb)
    }

    /// The sum of many games.
    pub fn sum(&mut self, games: &[GameId]) -> GameId {
        let mut acc = self.zero();
        for &g in games {
            acc = self.add(acc, g);
        }
        acc
    }
}
