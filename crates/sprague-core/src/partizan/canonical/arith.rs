//! Arithmetic on canonical forms: negation and sums, memoised, with `x + u·↑ + *m` handled
//! by its parameters and numbers by translation. Kept apart from comparison and
//! canonicalisation, which it calls.

use super::{sum_key, Context, GameId, Kind, Side};

impl Context {
    /// `-g`.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.arena.neg(g) {
            return v;
        }
        if let Some(n) = self.as_nus(g).and_then(|n| n.neg()) {
            // Recorded like any other game's negative: the parameters' arithmetic and the
            // lookup of the result hash big integers.
            let v = self.nus(n);
            self.arena.set_neg(g, v);
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
        let (ka, kb) = (self.info(a).kind, self.info(b).kind);
        let key = sum_key(a, b);
        if ka != Kind::General && kb != Kind::General {
            // Sums of nus are kept apart from the others', in this context: few, and asked
            // for often, while their arithmetic and the lookup of the result hash big
            // integers.
            if let Some(&v) = self.nus_sums.get(&key) {
                return v;
            }
            if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
                if let Some(s) = x.add(y) {
                    let v = self.nus(s);
                    self.nus_sums.insert(key, v);
                    return v;
                }
            }
        }
        if let Some(v) = self.known_sum(key) {
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
        self.keep_sum(key, v);
        v
    }

    /// The sum under `key`, when known: in this context's memo, or, sharing its arena, in
    /// its cache or else the arena's table.
    #[inline]
    fn known_sum(&mut self, key: u64) -> Option<GameId> {
        let Some(cache) = self.sums_cache.as_mut() else {
            return self.add_memo.get(key);
        };
        if let Some(v) = cache.get(key) {
            return Some(v);
        }
        let v = self.arena.sums.get(key)?;
        cache.keep(key, v);
        Some(v)
    }

    /// Remembers the sum `v` under `key` (see [`Context::known_sum`]).
    fn keep_sum(&mut self, key: u64, v: GameId) {
        match self.sums_cache.as_mut() {
            None => self.add_memo.insert(key, v),
            Some(cache) => {
                cache.keep(key, v);
                self.arena.sums.insert(key, v);
            }
        }
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
