//! Stops and birthdays: recursive properties of a value, memoised per game, with formulas for
//! `x + u·↑ + *m`. Not on any search's hot path (the comparison keeps its own fixed-point
//! stops), hence apart.

use super::super::dyadic::Dyadic;
use super::{Context, GameId, Side};

impl Context {
    /// Left stop and right stop.
    pub fn stops(&mut self, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(n) = self.as_nus(g) {
            return (n.number.clone(), n.number.clone());
        }
        if let Some(s) = self.stops.get(&g) {
            return s.clone();
        }
        let l = self.opts(g, Side::Left);
        let r = self.opts(g, Side::Right);
        // A non-number canonical form has options on both sides.
        let mut ls: Option<Dyadic> = None;
        for &o in l.iter() {
            let (_, rs) = self.stops(o);
            if ls.as_ref().is_none_or(|m| rs > *m) {
                ls = Some(rs);
            }
        }
        let mut rs: Option<Dyadic> = None;
        for &o in r.iter() {
            let (lso, _) = self.stops(o);
            if rs.as_ref().is_none_or(|m| lso < *m) {
                rs = Some(lso);
            }
        }
        let s = (ls.unwrap_or_default(), rs.unwrap_or_default());
        self.stops.insert(g, s.clone());
        s
    }

    /// The left stop.
    pub fn left_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).0
    }

    /// The right stop.
    pub fn right_stop(&mut self, g: GameId) -> Dyadic {
        self.stops(g).1
    }

    /// The birthday: 0 for 0, else 1 + the largest birthday of an option.
    pub fn birthday(&mut self, g: GameId) -> u64 {
        if let Some(n) = self.as_nus(g) {
            if n.is_number() {
                // |x| = a + f with a integer, f = m/2^k in (0,1): a + k + 1; integers: |x|.
                let x = n.number.abs();
                let a = x.floor();
                let a = u64::try_from(a).unwrap_or(u64::MAX);
                return if x.is_integer() {
                    a
                } else {
                    a.saturating_add(u64::from(x.den_log2()) + 1)
                };
            }
        }
        if let Some(n) = self.as_nus(g) {
            // x + u·↑ + *m: b(x + *m) = b(x) + m; for u >= 1 the canonical options are x and
            // x + (u-1)·↑ + *(m^1), except ↑* = {0,*|0}; down is symmetric.
            let (u, m) = (n.up.unsigned_abs(), n.nim);
            let xg = self.nus_number(g);
            let bx = self.birthday(xg);
            if u == 0 {
                return bx.saturating_add(m);
            }
            let m1 = m ^ ((u - 1) & 1);
            let tail = if m1 == 1 { 2 } else { 1 + (m1 ^ 1) };
            return bx.saturating_add(u - 1).saturating_add(tail);
        }
        if let Some(&b) = self.birthdays.get(&g) {
            return b;
        }
        // Bottom-up with an explicit stack: chains can be long.
        let mut stack = vec![(g, false)];
        while let Some((x, expanded)) = stack.pop() {
            if self.birthdays.contains_key(&x) || self.is_number(x) {
                continue;
            }
            let l = self.opts(x, Side::Left);
            let r = self.opts(x, Side::Right);
            if !expanded {
                stack.push((x, true));
                for &o in l.iter().chain(r.iter()) {
                    if !self.birthdays.contains_key(&o) && !self.is_number(o) {
                        stack.push((o, false));
                    }
                }
                continue;
            }
            let mut b = 0u64;
            for &o in l.iter().chain(r.iter()) {
                b = b.max(self.birthday(o).saturating_add(1));
            }
            self.birthdays.insert(x, b);
        }
        self.birthdays[&g]
    }
}
