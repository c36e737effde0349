//! Unit tests of the arena: small values, birthdays by formula against the rule over options,
//! and the stops and cached comparisons against their definitions.

use super::*;

#[test]
fn small_values() {
    let mut c = Context::new();
    let z = c.zero();
    let one = c.integer(1);
    let star = c.nimber(1);
    let up = c.up();
    // {|} = 0, {0|} = 1, {0|0} = *, {0|*} = ^.
    assert_eq!(c.from_options(&[], &[]), z);
    assert_eq!(c.from_options(&[z], &[]), one);
    assert_eq!(c.from_options(&[z], &[z]), star);
    assert_eq!(c.from_options(&[z], &[star]), up);
    let half = c.dyadic(BigInt::from(1), 1);
    assert_eq!(c.from_options(&[z], &[one]), half);
    let two = c.integer(2);
    let n = c.from_options(&[one], &[two]);
    assert_eq!(c.as_number(n).unwrap().to_string(), "3/2");
    // ^ + v = 0, *2 + *3 = *1.
    let down = c.neg(up);
    assert_eq!(c.add(up, down), z);
    let s2 = c.nimber(2);
    let s3 = c.nimber(3);
    assert_eq!(c.add(s2, s3), star);
    let three = c.integer(3);
    let t = c.from_options(&[two], &[one]);
    let g = c.from_options(&[three], &[t]);
    assert_eq!(c.display(g), "{3||2|1}");
    let m1 = c.integer(-1);
    let pm = c.from_options(&[one], &[m1]);
    assert_eq!(c.display(pm), "+-1");
    let us = c.add(up, star);
    assert_eq!(c.display(us), "^*");
    let v3 = c.up_multiple(-3);
    assert_eq!(c.display(v3), "v3");
    // Birthdays of x + u.^ + *m by formula against the general rule over options.
    for up in -4i64..=4 {
        for nim in 0..6u64 {
            for x in [0i64, 2, -1] {
                let g = c.nus(Nus {
                    number: Dyadic::integer(x),
                    up,
                    nim,
                });
                let l = c.left_options(g).to_vec();
                let r = c.right_options(g).to_vec();
                let by_options = l
                    .iter()
                    .chain(r.iter())
                    .map(|&o| c.birthday(o) + 1)
                    .max()
                    .unwrap_or(0);
                assert_eq!(c.birthday(g), by_options, "{}", c.display(g));
            }
        }
    }
    let onezero = c.from_options(&[one], &[z]);
    assert_eq!(c.display(onezero), "{1|0}");
}

/// `a <= b` by the definition alone: no memo, no stops.
fn le_by_definition(c: &mut Context, a: GameId, b: GameId) -> bool {
    let al = c.left_options(a).to_vec();
    let br = c.right_options(b).to_vec();
    !al.iter().any(|&x| le_by_definition(c, b, x)) && !br.iter().any(|&y| le_by_definition(c, y, a))
}

/// Games born by day 3 (a deterministic sample of them), from the 22 of day 2.
fn day_three_sample(c: &mut Context) -> Vec<GameId> {
    let z = c.zero();
    let mut day1 = vec![z];
    for (l, r) in [(vec![z], vec![]), (vec![], vec![z]), (vec![z], vec![z])] {
        day1.push(c.from_options(&l, &r));
    }
    let mut day2 = Vec::new();
    for lm in 0u32..16 {
        for rm in 0u32..16 {
            let l: Vec<GameId> = (0..4)
                .filter(|i| lm >> i & 1 == 1)
                .map(|i| day1[i])
                .collect();
            let r: Vec<GameId> = (0..4)
                .filter(|i| rm >> i & 1 == 1)
                .map(|i| day1[i])
                .collect();
            day2.push(c.from_options(&l, &r));
        }
    }
    day2.sort_unstable();
    day2.dedup();
    assert_eq!(day2.len(), 22);
    let mut out = day2.clone();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..300 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let pick = |s: u64| -> Vec<GameId> {
            (0..22)
                .filter(|i| (s >> i) & 7 == 0)
                .map(|i| day2[i as usize])
                .collect()
        };
        let l = pick(seed);
        let r = pick(seed.rotate_left(29));
        out.push(c.from_options(&l, &r));
    }
    out
}

/// The adorned stops (`Info::adorn`) say whether a game is at most its left stop and at
/// least its right stop, by the definition of `<=`, for general games and nus alike (the
/// nus by formula: `↑*` and `↓*` are confused with 0, `↑*2` is positive).
#[test]
fn adorned_stops_agree_with_the_definitions() {
    let mut c = Context::new();
    let mut games = day_three_sample(&mut c);
    for u in -3i64..=3 {
        for m in 0..4 {
            let up = c.up_multiple(u);
            let star = c.nimber(m);
            let half = c.dyadic(BigInt::from(-3), 1);
            let g = c.add(up, star);
            games.push(g);
            games.push(c.add(g, half));
        }
    }
    let mut seen = [0usize; 4];
    for &g in &games {
        let (ls, rs) = c.stops(g);
        let (ls, rs) = (c.number(ls), c.number(rs));
        let info = c.arena.info(g);
        let below = le_by_definition(&mut c, g, ls);
        let above = le_by_definition(&mut c, rs, g);
        assert_eq!(
            (
                info.adorn & AT_LEFT_STOP_OR_BELOW != 0,
                info.adorn & AT_RIGHT_STOP_OR_ABOVE != 0
            ),
            (below, above),
            "{}",
            c.display(g)
        );
        seen[usize::from(below) * 2 + usize::from(above)] += 1;
    }
    // Every combination met, so that each bit was tested both ways.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Each game's reaches (general games and nus) bound its options' stops on the safe side, rounded outwards
/// where the stops are finer than the reaches' units, and every comparison that the reaches
/// decide at once (no Left option of `a` at least `b`, no Right option of `b` at most `a`)
/// is true by the definition.
#[test]
fn reaches_bound_the_options_stops_and_decide_only_true_comparisons() {
    let mut c = Context::new();
    let mut games = day_three_sample(&mut c);
    // Hot games over numbers of 2^-11 to 2^-20 (finer than the reaches' 2^-12), and games
    // over those, whose reaches are rounded.
    for k in [11u32, 12, 13, 20] {
        let x = c.dyadic(BigInt::from(1), k);
        let mx = c.neg(x);
        let m3x = c.dyadic(BigInt::from(-3), k);
        let switch = c.from_options(&[x], &[mx]);
        let cool = c.from_options(&[mx], &[m3x]);
        let over = c.from_options(&[switch], &[cool]);
        let star = c.nimber(1);
        let mixed = c.from_options(&[switch, star], &[cool, star]);
        games.extend([switch, cool, over, mixed]);
    }
    // Nus, whose reaches come by formula, with and without a number beside them (finer
    // than the reaches' units too).
    for u in -3i64..=3 {
        for m in 0..4 {
            let up = c.up_multiple(u);
            let star = c.nimber(m);
            let g = c.add(up, star);
            let half = c.dyadic(BigInt::from(-3), 1);
            let fine = c.dyadic(BigInt::from(5), 13);
            games.push(g);
            games.push(c.add(g, half));
            games.push(c.add(g, fine));
        }
    }
    let unit = |reach: i32| i64::from(reach) << (STOP_FRACTION_BITS - REACH_FRACTION_BITS);
    let mut rounded = 0;
    for &g in &games {
        let info = c.arena.info(g);
        if info.kind == Kind::Number {
            assert_eq!((info.left_reach, info.right_reach), (i32::MAX, i32::MIN));
            continue;
        }
        let left: Vec<i64> = c
            .left_options(g)
            .to_vec()
            .iter()
            .map(|&o| c.arena.info(o).ls)
            .collect();
        let right: Vec<i64> = c
            .right_options(g)
            .to_vec()
            .iter()
            .map(|&o| c.arena.info(o).rs)
            .collect();
        if left.contains(&NO_STOP) || info.ls == NO_STOP {
            assert_eq!(info.left_reach, i32::MAX);
        } else {
            let most = *left.iter().max().expect("a general game has Left options");
            assert!(unit(info.left_reach) >= most, "{}", c.display(g));
            assert!(unit(info.left_reach) - most < 1 << 12, "{}", c.display(g));
            rounded += usize::from(unit(info.left_reach) != most);
        }
        if right.contains(&NO_STOP) || info.rs == NO_STOP {
            assert_eq!(info.right_reach, i32::MIN);
        } else {
            let least = *right
                .iter()
                .min()
                .expect("a general game has Right options");
            assert!(unit(info.right_reach) <= least, "{}", c.display(g));
            rounded += usize::from(unit(info.right_reach) != least);
        }
    }
    assert!(rounded >= 2, "the fine stops were rounded: {rounded}");
    let mut decided = 0;
    for &a in &games {
        for &b in &games {
            let (ia, ib) = (c.arena.info(a), c.arena.info(b));
            if ia.kind != Kind::Number
                && ib.kind != Kind::Number
                && compare::no_left_option_above(ia, ib)
                && compare::no_right_option_below(ia, ib)
            {
                decided += 1;
                assert!(
                    le_by_definition(&mut c, a, b),
                    "{} <= {}",
                    c.display(a),
                    c.display(b)
                );
            }
        }
    }
    assert!(decided > 100, "{decided}");
}

#[test]
fn stops_and_cached_comparisons_agree_with_the_definitions() {
    let mut c = Context::new();
    let games = day_three_sample(&mut c);
    for &g in &games {
        let (ls, rs) = c.stops(g);
        let info = c.arena.info(g);
        assert_eq!(
            (info.ls, info.rs),
            (fixed_stop(&ls), fixed_stop(&rs)),
            "{}",
            c.display(g)
        );
    }
    // Every comparison twice (the second answer may come from the caches), the cache of
    // recent comparisons made to grow (and empty) between the two passes.
    for pass in 0..2 {
        if pass == 1 {
            c.le_searches = c.le_searches.max(4 << LE_RECENT_MIN_BITS);
        }
        for &a in &games {
            for &b in &games {
                let fast = c.le(a, b);
                assert_eq!(
                    fast,
                    le_by_definition(&mut c, a, b),
                    "{} <= {}",
                    c.display(a),
                    c.display(b)
                );
            }
        }
    }
    assert!(c.le_recent_bits > LE_RECENT_MIN_BITS);
    assert_eq!(c.le_recent.len(), 1 << c.le_recent_bits);
}

#[test]
fn undominated_options_are_the_maximal_ones_by_the_definition() {
    let mut c = Context::new();
    let games = day_three_sample(&mut c);
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..200 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Up to a dozen distinct games, sorted, as `from_options` passes them.
        let mut opts: Vec<GameId> = (0..12)
            .map(|k| games[(seed.rotate_left(5 * k) % games.len() as u64) as usize])
            .collect();
        opts.sort_unstable();
        opts.dedup();
        for side in [Side::Left, Side::Right] {
            let want: Vec<GameId> = opts
                .iter()
                .copied()
                .filter(|&a| {
                    !opts.iter().any(|&b| {
                        b != a
                            && match side {
                                Side::Left => le_by_definition(&mut c, a, b),
                                Side::Right => le_by_definition(&mut c, b, a),
                            }
                    })
                })
                .collect();
            assert_eq!(c.undominated(&opts, side), want, "{side:?}");
        }
    }
}

/// Contexts sharing one arena, on threads of their own, make each game once: the same
/// games built and added in different orders at the same time get the same ids on every
/// thread, the ids one context alone gives them print the same, and sums and negatives
/// agree whoever computed them first.
#[test]
fn contexts_sharing_an_arena_make_each_game_once() {
    let mut base = Context::new();
    let sample = day_three_sample(&mut base);
    let n = sample.len();
    // Per thread: the sample built again, then each pair's sum and its negative.
    let results: Vec<(Vec<GameId>, Vec<GameId>)> = std::thread::scope(|scope| {
        let hands: Vec<_> = (0..4usize)
            .map(|t| {
                let mut c = base.sharing();
                assert!(c.shares_games_with(&base));
                scope.spawn(move || {
                    let again = day_three_sample(&mut c);
                    let mut out = Vec::new();
                    for k in 0..3 * n {
                        let (i, j) = ((k * 7 + t * 31) % n, (k * 13 + 5) % n);
                        let s = c.add(again[i], again[j]);
                        out.push(s);
                        out.push(c.neg(s));
                    }
                    (again, out)
                })
            })
            .collect();
        hands.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (again, _) in &results {
        assert_eq!(again, &sample, "the sample again, on a thread");
    }
    // Sums and negatives against one context alone (printed: ids differ between arenas).
    let mut alone = Context::new();
    let mine = day_three_sample(&mut alone);
    for (t, (_, out)) in results.iter().enumerate() {
        for k in 0..3 * n {
            let (i, j) = ((k * 7 + t * 31) % n, (k * 13 + 5) % n);
            let s = alone.add(mine[i], mine[j]);
            let m = alone.neg(s);
            assert_eq!(
                base.display(out[2 * k]),
                alone.display(s),
                "thread {t}, sum {k}"
            );
            assert_eq!(
                out[2 * k + 1],
                base.neg(out[2 * k]),
                "thread {t}, negative {k}"
            );
            assert_eq!(base.display(out[2 * k + 1]), alone.display(m));
        }
    }
    assert!(base.shares_games_with(&base.sharing()) && !base.shares_games_with(&alone));
}
