//! Independent checks of the canonical-form engine: a brute-force winner search over explicit
//! option trees (sums of components, no simplification) against `Context`'s comparisons, sums
//! and its `x + u·↑ + *m` fast path; and the notation round trip on random games.

use super::canonical::{Context, GameId, Nus};
use super::dyadic::Dyadic;
use super::notation::parse;
use num_bigint::BigInt;
use proptest::prelude::*;
use rustc_hash::FxHashMap;

/// Explicit game trees, hash-consed by structure, with a brute-force solver for sums.
#[derive(Default)]
struct Trees {
    nodes: Vec<(Vec<usize>, Vec<usize>)>,
    index: FxHashMap<(Vec<usize>, Vec<usize>), usize>,
    neg: FxHashMap<usize, usize>,
    /// (sorted components, Left to move) -> the mover wins.
    wins: FxHashMap<(Vec<usize>, bool), bool>,
}

impl Trees {
    fn node(&mut self, mut l: Vec<usize>, mut r: Vec<usize>) -> usize {
        l.sort_unstable();
        r.sort_unstable();
        if let Some(&i) = self.index.get(&(l.clone(), r.clone())) {
            return i;
        }
        self.nodes.push((l.clone(), r.clone()));
        self.index.insert((l, r), self.nodes.len() - 1);
        self.nodes.len() - 1
    }
    fn negate(&mut self, g: usize) -> usize {
        if let Some(&n) = self.neg.get(&g) {
            return n;
        }
        let (l, r) = self.nodes[g].clone();
        let nl = r.iter().map(|&x| self.negate(x)).collect();
        let nr = l.iter().map(|&x| self.negate(x)).collect();
        let n = self.node(nl, nr);
        self.neg.insert(g, n);
        n
    }
    /// Whether the player to move wins the sum of `pos`.
    fn mover_wins(&mut self, mut pos: Vec<usize>, left: bool) -> bool {
        pos.sort_unstable();
        if let Some(&w) = self.wins.get(&(pos.clone(), left)) {
            return w;
        }
        let mut w = false;
        'outer: for i in 0..pos.len() {
            let opts = if left {
                self.nodes[pos[i]].0.clone()
            } else {
                self.nodes[pos[i]].1.clone()
            };
            for o in opts {
                let mut next = pos.clone();
                next[i] = o;
                if !self.mover_wins(next, !left) {
                    w = true;
                    break 'outer;
                }
            }
        }
        self.wins.insert((pos, left), w);
        w
    }
    /// Whether sum(a) <= sum(b), by brute force: Left wins sum(b) - sum(a) moving second.
    fn le(&mut self, a: &[usize], b: &[usize]) -> bool {
        let mut pos: Vec<usize> = b.to_vec();
        for &x in a {
            pos.push(self.negate(x));
        }
        !self.mover_wins(pos, false)
    }
    /// The canonical id of one tree, built bottom-up with `from_options`.
    fn id(&self, ctx: &mut Context, g: usize, memo: &mut FxHashMap<usize, GameId>) -> GameId {
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let (l, r) = self.nodes[g].clone();
        let li: Vec<GameId> = l.iter().map(|&x| self.id(ctx, x, memo)).collect();
        let ri: Vec<GameId> = r.iter().map(|&x| self.id(ctx, x, memo)).collect();
        let v = ctx.from_options(&li, &ri);
        memo.insert(g, v);
        v
    }
    /// The canonical id of a sum of trees, computed by canonicalising the sum's options
    /// (no fast path for the sum itself).
    fn sum_id(
        &self,
        ctx: &mut Context,
        pos: &[usize],
        memo: &mut FxHashMap<Vec<usize>, GameId>,
        ids: &mut FxHashMap<usize, GameId>,
    ) -> GameId {
        let mut key = pos.to_vec();
        key.sort_unstable();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let mut l = Vec::new();
        let mut r = Vec::new();
        for i in 0..key.len() {
            let (ol, or) = self.nodes[key[i]].clone();
            for o in ol {
                let mut n = key.clone();
                n[i] = o;
                l.push(self.sum_id(ctx, &n, memo, ids));
            }
            for o in or {
                let mut n = key.clone();
                n[i] = o;
                r.push(self.sum_id(ctx, &n, memo, ids));
            }
        }
        let v = if key.len() == 1 {
            self.id(ctx, key[0], ids)
        } else {
            ctx.from_options(&l, &r)
        };
        memo.insert(key, v);
        v
    }
}

/// Day-2 forms: every pair of subsets of the four day-1 forms.
fn day2(t: &mut Trees) -> Vec<usize> {
    let zero = t.node(vec![], vec![]);
    let day1 = [
        zero,
        t.node(vec![zero], vec![]),
        t.node(vec![], vec![zero]),
        t.node(vec![zero], vec![zero]),
    ];
    let mut out = Vec::new();
    for lm in 0..16u32 {
        for rm in 0..16u32 {
            let l = (0..4)
                .filter(|i| lm >> i & 1 == 1)
                .map(|i| day1[i])
                .collect();
            let r = (0..4)
                .filter(|i| rm >> i & 1 == 1)
                .map(|i| day1[i])
                .collect();
            out.push(t.node(l, r));
        }
    }
    out
}

#[test]
fn comparison_matches_brute_force_on_day_two() {
    let mut t = Trees::default();
    let forms = day2(&mut t);
    let mut ctx = Context::new();
    let mut memo = FxHashMap::default();
    let ids: Vec<GameId> = forms
        .iter()
        .map(|&f| t.id(&mut ctx, f, &mut memo))
        .collect();
    for (i, &a) in forms.iter().enumerate() {
        for (j, &b) in forms.iter().enumerate() {
            assert_eq!(
                ctx.le(ids[i], ids[j]),
                t.le(&[a], &[b]),
                "{} <= {}",
                ctx.display(ids[i]),
                ctx.display(ids[j])
            );
        }
    }
    // There are 22 games born by day 2 (Winning Ways).
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 22);
}

#[test]
fn sums_match_brute_force() {
    let mut t = Trees::default();
    let forms = day2(&mut t);
    let mut ctx = Context::new();
    let mut memo = FxHashMap::default();
    let mut smemo = FxHashMap::default();
    // A spread of pairs: every 7th form against every 11th.
    for &a in forms.iter().step_by(7) {
        for &b in forms.iter().step_by(11) {
            let ia = t.id(&mut ctx, a, &mut memo);
            let ib = t.id(&mut ctx, b, &mut memo);
            let s = ctx.add(ia, ib);
            let generic = t.sum_id(&mut ctx, &[a, b], &mut smemo, &mut memo);
            assert_eq!(s, generic);
            // The outcome of the sum, by brute force.
            let z = ctx.zero();
            assert_eq!(ctx.le(z, s), t.le(&[], &[a, b]));
            assert_eq!(ctx.le(s, z), t.le(&[a, b], &[]));
        }
    }
}

#[test]
fn number_up_star_fast_path_matches_generic_canonical_forms() {
    let mut t = Trees::default();
    let zero = t.node(vec![], vec![]);
    let one = t.node(vec![zero], vec![]);
    let mone = t.node(vec![], vec![zero]);
    let half = t.node(vec![zero], vec![one]);
    let mut stars = vec![zero];
    for m in 1..4 {
        let s = t.node(stars.clone(), stars.clone());
        stars.push(s);
        let _ = m;
    }
    let up = t.node(vec![zero], vec![stars[1]]);
    let down = t.negate(up);
    let mut ctx = Context::new();
    let mut memo = FxHashMap::default();
    let mut smemo = FxHashMap::default();
    let mut all = Vec::new();
    for (x, xt) in [
        (Dyadic::zero(), None),
        (Dyadic::new(BigInt::from(1), 1), Some(half)),
        (Dyadic::integer(-1), Some(mone)),
    ] {
        for u in -2i64..=2 {
            for (m, &st) in stars.iter().enumerate() {
                let mut comps = Vec::new();
                comps.extend(xt);
                for _ in 0..u.unsigned_abs() {
                    comps.push(if u > 0 { up } else { down });
                }
                if m > 0 {
                    comps.push(st);
                }
                if comps.is_empty() {
                    comps.push(zero);
                }
                let fast = ctx.nus(Nus {
                    number: x.clone(),
                    up: u,
                    nim: m as u64,
                });
                let generic = t.sum_id(&mut ctx, &comps, &mut smemo, &mut memo);
                assert_eq!(
                    fast,
                    generic,
                    "{} vs {}",
                    ctx.display(fast),
                    ctx.display(generic)
                );
                // The fast path's options are its canonical options.
                let l = ctx.left_options(fast).to_vec();
                let r = ctx.right_options(fast).to_vec();
                assert_eq!(ctx.from_options(&l, &r), fast);
                all.push((fast, comps));
            }
        }
    }
    // Comparisons of these games by the fast path against brute force.
    for (a, ca) in &all {
        for (b, cb) in all.iter().step_by(3) {
            assert_eq!(ctx.le(*a, *b), t.le(ca, cb));
        }
    }
}

#[test]
fn known_values() {
    let mut c = Context::new();
    let mut v = |s: &str| {
        let g = parse(&mut c, s).unwrap();
        c.display(g)
    };
    assert_eq!(v("^ + ^*"), "^^*");
    // {0|^} is double-up-star (Winning Ways).
    assert_eq!(v("{0|^}"), "^^*");
    assert_eq!(v("*2 + *3"), "*");
    assert_eq!(v("^ + v"), "0");
    assert_eq!(v("{1|0} - {1|0}"), "0");
    // +-x is its own negative, so {1|0} + {1|0} = 1 + +-1/2 +-1/2 = 1.
    assert_eq!(v("{1|0} + {1|0}"), "1");
    // {1|0} = 1/2 +- 1/2: it is the sum of 1/2 and the switch +-1/2.
    assert_eq!(v("1/2 + +-1/2"), "{1|0}");
    // 1/2 + 1/2 = 1, {0|1} = 1/2, {1/2|1} = 3/4.
    assert_eq!(v("{0|1} + {0|1}"), "1");
    assert_eq!(v("{*|*}"), "0");
    assert_eq!(v("{0,*|0,*}"), "*2");
    // {^|v}: ^ reverses through * (Left's ^ is bypassed to 0), so it is *.
    assert_eq!(v("{^|v}"), "*");
    // CGSuite writes a switch on a number plus an infinitesimal in parentheses.
    assert_eq!(v("+-(1*)"), "+-(1*)");
    // Big numbers take no option trees.
    assert_eq!(
        v("123456789012345678901234567890 + 1/1024"),
        "126419751948641975194864197519361/1024"
    );
}

fn arb_game() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("0".to_string()),
        Just("1".to_string()),
        Just("-1".to_string()),
        Just("1/2".to_string()),
        Just("*".to_string()),
        Just("^".to_string()),
        Just("v*".to_string()),
        Just("*2".to_string()),
        Just("2".to_string()),
    ];
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn print_then_parse_is_the_same_game(a in arb_game(), b in arb_game()) {
        let mut c = Context::new();
        let g = parse(&mut c, &a).unwrap();
        let h = parse(&mut c, &b).unwrap();
        for x in [g, h, c.add(g, h), c.sub(g, h)] {
            let text = c.display(x);
            let back = parse(&mut c, &text).unwrap();
            prop_assert_eq!(back, x, "{} printed as {}", a, text);
        }
        // G - H = 0 exactly when G = H; G + (-G) = 0.
        let d = c.sub(g, h);
        let z = c.zero();
        prop_assert_eq!(d == z, g == h);
        prop_assert_eq!(c.sub(g, g), z);
        // Comparison agrees with the sign of the difference.
        let le = c.le(g, h);
        prop_assert_eq!(le, c.le(d, z));
    }
}

/// A random explicit tree: `shape` gives, level by level, option lists as indices into the
/// trees made so far (starting from the four day-1 forms).
fn build_random(t: &mut Trees, shape: &[(Vec<usize>, Vec<usize>)]) -> Vec<usize> {
    let zero = t.node(vec![], vec![]);
    let mut made = vec![
        zero,
        t.node(vec![zero], vec![]),
        t.node(vec![], vec![zero]),
        t.node(vec![zero], vec![zero]),
    ];
    for (l, r) in shape {
        let l = l.iter().map(|&i| made[i % made.len()]).collect();
        let r = r.iter().map(|&i| made[i % made.len()]).collect();
        let n = t.node(l, r);
        made.push(n);
    }
    made
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Deeper random forms (not only day 2): the canonical forms compare, add and have the
    /// outcomes that a brute-force search over the explicit trees finds.
    #[test]
    fn random_forms_match_brute_force(
        shape in prop::collection::vec(
            (prop::collection::vec(0usize..64, 0..3), prop::collection::vec(0usize..64, 0..3)),
            1..9,
        )
    ) {
        let mut t = Trees::default();
        let made = build_random(&mut t, &shape);
        let mut ctx = Context::new();
        let mut memo = FxHashMap::default();
        let tail: Vec<usize> = made.iter().rev().take(4).copied().collect();
        for &a in &tail {
            for &b in &tail {
                let ia = t.id(&mut ctx, a, &mut memo);
                let ib = t.id(&mut ctx, b, &mut memo);
                prop_assert_eq!(ctx.le(ia, ib), t.le(&[a], &[b]));
                let s = ctx.add(ia, ib);
                let z = ctx.zero();
                prop_assert_eq!(ctx.le(z, s), t.le(&[], &[a, b]));
                prop_assert_eq!(ctx.le(s, z), t.le(&[a, b], &[]));
                // The canonical form has the same outcome as the tree in a sum with *.
                let star = ctx.nimber(1);
                let ss = ctx.add(ia, star);
                let st = t.node(vec![made[0]], vec![made[0]]);
                prop_assert_eq!(ctx.le(z, ss), t.le(&[], &[a, st]));
            }
        }
    }
}
