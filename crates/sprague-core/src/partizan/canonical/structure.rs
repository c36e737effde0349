//! Properties of a canonical form that CGSuite's short-game tests ask for and that depend
//! on its shape, not its value alone: `G.StopCount`, `G.FollowerCount`, `G.Companion`,
//! `G.IsNumberTiny`.

use super::super::dyadic::Dyadic;
use super::{Context, GameId, Nus, PartizanOutcome};
use num_bigint::{BigInt, BigUint};
use rustc_hash::{FxHashMap, FxHashSet};

impl Context {
    /// CGSuite's `StopCount`: the leaves of the game tree of `g`'s canonical form when a
    /// number counts as a leaf (a stop), every path counted; `*8` has 4,374. Bottom-up
    /// with an explicit stack.
    pub fn stop_count(&mut self, g: GameId) -> BigUint {
        let mut count: FxHashMap<GameId, BigUint> = FxHashMap::default();
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if count.contains_key(&top) {
                stack.pop();
                continue;
            }
            if self.is_number(top) {
                count.insert(top, BigUint::from(1u8));
                stack.pop();
                continue;
            }
            let mut options = self.left_options(top).to_vec();
            options.extend_from_slice(self.right_options(top));
            let before = stack.len();
            stack.extend(options.iter().filter(|o| !count.contains_key(o)));
            if stack.len() > before {
                continue;
            }
            let total = options.iter().map(|o| &count[o]).sum();
            count.insert(top, total);
            stack.pop();
        }
        count.remove(&g).unwrap_or_default()
    }

    /// CGSuite's `IsNumberTiny`: a number, or a game it writes with `Tiny` or `Miny`:
    /// `{x | {x | K}}` with a single option on each side, `x` a number and the mean of `K`
    /// below `x` (`x + Tiny`), or its mirror `{{K | x} | x}` with the mean of `K` above `x`
    /// (`x + Miny`).
    pub fn is_number_tiny(&mut self, g: GameId) -> bool {
        if self.is_number(g) {
            return true;
        }
        let Some((gl, gr)) = self.only_options(g) else {
            return false;
        };
        if let Some(x) = self.as_number(gl).cloned() {
            if let Some((grl, grr)) = self.only_options(gr) {
                if grl == gl && self.mean(grr) < x {
                    return true;
                }
            }
        }
        if let Some(x) = self.as_number(gr).cloned() {
            if let Some((gll, glr)) = self.only_options(gl) {
                if glr == gr && self.mean(gll) > x {
                    return true;
                }
            }
        }
        false
    }

    /// The Left and the Right option of `g` when it has exactly one of each.
    fn only_options(&mut self, g: GameId) -> Option<(GameId, GameId)> {
        let &[l] = self.left_options(g) else {
            return None;
        };
        let &[r] = self.right_options(g) else {
            return None;
        };
        Some((l, r))
    }

    /// CGSuite's `FollowerCount`: how many distinct games can be reached from `g`'s
    /// canonical form by any moves, `g` included. The numbers among them are counted
    /// without being listed (an integer `n` alone has `|n| + 1` followers): the followers
    /// of a number are the numbers on its birth path, so those of all the numbers reached
    /// are the integers from 0 to the largest reached on each side and the fractional
    /// steps of each path.
    pub fn follower_count(&mut self, g: GameId) -> BigUint {
        let mut seen: FxHashSet<GameId> = FxHashSet::default();
        let mut numbers: Vec<Dyadic> = Vec::new();
        let mut stack = vec![g];
        seen.insert(g);
        let mut others = 0u64;
        while let Some(x) = stack.pop() {
            if let Some(n) = self.as_number(x) {
                numbers.push(n.clone());
                continue;
            }
            others += 1;
            let mut opts: Vec<GameId> = self.left_options(x).to_vec();
            opts.extend_from_slice(self.right_options(x));
            for o in opts {
                if seen.insert(o) {
                    stack.push(o);
                }
            }
        }
        BigUint::from(others) + numbers_on_birth_paths(&numbers)
    }

    /// CGSuite's `Companion`: `0° = *`, `*° = 0`, and otherwise
    /// `G° = {G^L°, 0 | G^R°}` for `G > 0`, `{G^L° | G^R°, 0}` for `G < 0` and
    /// `{G^L° | G^R°}` for `G` confused with 0 (Siegel, *Combinatorial Game Theory*, on
    /// all-small games); a number other than 0 is its own companion, and `x + u·↑ + *m`
    /// toggles its star only where `x = 0` and `m ≤ 1`. Bottom-up with an explicit stack.
    pub fn companion(&mut self, g: GameId) -> GameId {
        let mut done: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if done.contains_key(&top) {
                stack.pop();
                continue;
            }
            if let Some(n) = self.as_nus(top).cloned() {
                let c = if n.number.is_zero() && n.nim <= 1 {
                    self.nus(Nus {
                        nim: n.nim ^ 1,
                        ..n
                    })
                } else {
                    top
                };
                done.insert(top, c);
                stack.pop();
                continue;
            }
            let left = self.left_options(top).to_vec();
            let right = self.right_options(top).to_vec();
            let before = stack.len();
            stack.extend(left.iter().chain(&right).filter(|o| !done.contains_key(o)));
            if stack.len() > before {
                continue;
            }
            let mut lc: Vec<GameId> = left.iter().map(|o| done[o]).collect();
            let mut rc: Vec<GameId> = right.iter().map(|o| done[o]).collect();
            match self.outcome(top) {
                PartizanOutcome::L => lc.push(self.zero()),
                PartizanOutcome::R => rc.push(self.zero()),
                _ => {}
            }
            let c = self.from_options(&lc, &rc);
            done.insert(top, c);
            stack.pop();
        }
        done[&g]
    }
}

/// How many numbers lie on the birth paths of `numbers` together (each path from 0 to the
/// number, both included): 0, the integers up to the largest reached on each side (for a
/// number that is not an integer, the integer just past it), and the halving steps
/// between consecutive integers that lead to each fraction.
fn numbers_on_birth_paths(numbers: &[Dyadic]) -> BigUint {
    if numbers.is_empty() {
        return BigUint::default();
    }
    let (mut above, mut below) = (BigInt::default(), BigInt::default());
    let mut fractions: FxHashSet<Dyadic> = FxHashSet::default();
    for x in numbers {
        let (far, side) = if x.signum() >= 0 {
            (x.ceil(), &mut above)
        } else {
            (-x.floor(), &mut below)
        };
        if far > *side {
            *side = far;
        }
        if !x.is_integer() {
            // Halve the unit interval around x until x is reached.
            let (mut lo, mut hi) = (Dyadic::integer(x.floor()), Dyadic::integer(x.ceil()));
            loop {
                let mid = lo.add(&hi).half();
                fractions.insert(mid.clone());
                if mid == *x {
                    break;
                }
                if *x < mid {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
        }
    }
    let integers = BigInt::from(1) + above + below;
    integers.to_biguint().unwrap_or_default() + BigUint::from(fractions.len())
}
