//! The engine's rules for games on graphs in misère and every-move play, against a direct
//! recursion over the real game's moves written out again here (no components, no
//! renumbering): who wins in misère play, who wins in normal play, and the every-move step.
//! (Normal play against the theorems is tested beside each theorem.)

use super::*;
use crate::impartial::{GrundySolver, MisereSolver};
use crate::limits::Limits;
use sprague_core::compound::EverySolver;
use std::collections::BTreeMap;

/// `(misère win, normal win, step)` of a position, by recursion over `moves`.
type Facts = (bool, bool, u64);

fn direct<P: Ord + Clone>(
    p: &P,
    moves: &dyn Fn(&P) -> Vec<P>,
    memo: &mut BTreeMap<P, Facts>,
) -> Facts {
    if let Some(&f) = memo.get(p) {
        return f;
    }
    let opts: Vec<Facts> = moves(p).iter().map(|o| direct(o, moves, memo)).collect();
    let misere = opts.is_empty() || opts.iter().any(|o| !o.0);
    let normal = opts.iter().any(|o| !o.1);
    let step = if opts.is_empty() {
        0
    } else if normal {
        1 + opts.iter().filter(|o| !o.1).map(|o| o.2).max().unwrap_or(0)
    } else {
        1 + opts.iter().map(|o| o.2).min().unwrap_or(0)
    };
    memo.insert(p.clone(), (misere, normal, step));
    (misere, normal, step)
}

/// The engine's three answers for one position of `rules`.
fn engine<R: Impartial>(rules: &R, p: &R::Position) -> Facts
where
    R::Position: Ord,
{
    let mut opts = Vec::new();
    rules.options(p, &mut opts);
    assert_eq!(rules.has_moves(p), !opts.is_empty(), "{p:?}");
    let misere = MisereSolver::new(rules, Limits::default())
        .first_player_wins(std::slice::from_ref(p))
        .unwrap();
    let normal = !GrundySolver::new(rules).grundy(p).unwrap().is_zero();
    let step = EverySolver::new(rules, Limits::default()).step(p).unwrap();
    (misere, normal, step)
}

fn rng(seed: &mut u64, k: u64) -> u32 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed % k) as u32
}

#[test]
fn queens_agree_with_the_direct_recursion() {
    let moves = |pos: &Vec<(u64, u64)>| {
        let mut out = Vec::new();
        if pos.contains(&(0, 0)) {
            return out;
        }
        for i in 0..pos.len() {
            let (x, y) = pos[i];
            let mut to: Vec<(u64, u64)> = (0..x).map(|a| (a, y)).collect();
            to.extend((0..y).map(|b| (x, b)));
            to.extend((1..=x.min(y)).map(|k| (x - k, y - k)));
            for t in to {
                let mut p = pos.clone();
                p[i] = t;
                p.sort();
                out.push(p);
            }
        }
        out
    };
    let mut memo = BTreeMap::new();
    let cells: Vec<(u64, u64)> = (0..5).flat_map(|x| (0..5).map(move |y| (x, y))).collect();
    for (k, &a) in cells.iter().enumerate() {
        for &b in &cells[k..] {
            let p = QueensRules::position(&[b, a]).unwrap();
            assert_eq!(p, vec![a, b]);
            let want = direct(&p, &moves, &mut memo);
            assert_eq!(engine(&QueensRules, &p), want, "{p:?}");
        }
    }
    let s = QueensRules::size(&[(3, 5), (4, 7)]);
    assert_eq!(s.log2_positions, Some(5 + 6));
    assert_eq!(s.max_moves, 3 + 5 + 3 + 4 + 7 + 4);
    assert!(QueensRules::position(&[(1 << 40, 3)]).is_err());
}

#[test]
fn tree_chain_agrees_with_the_direct_recursion() {
    let mut seed = 0x1234_5678_9abc_def1u64;
    for _ in 0..60 {
        let n = 1 + rng(&mut seed, 7) as usize;
        let par: Vec<u32> = (0..n)
            .map(|v| {
                if v == 0 {
                    NONE
                } else {
                    rng(&mut seed, v as u64)
                }
            })
            .collect();
        let edges: Vec<(u32, u32)> = (1..n).map(|v| (par[v], v as u32)).collect();
        let black: Vec<bool> = (0..n).map(|_| rng(&mut seed, 2) == 1).collect();
        let tree = TreeChain::new(n, &edges, 0, black.clone()).unwrap();
        let (rules, p) = TreeChainRules::new(&tree).unwrap();
        let want_black: Vec<u32> = (0..n as u32).filter(|&v| black[v as usize]).collect();
        assert_eq!(rules.black(p), want_black);
        // The real game on colourings: whiten a black vertex, flip any of its ancestors.
        let moves = |b: &Vec<bool>| {
            let mut out = Vec::new();
            for v in 0..n {
                if !b[v] {
                    continue;
                }
                let mut anc = Vec::new();
                let mut a = par[v];
                while a != NONE {
                    anc.push(a as usize);
                    a = par[a as usize];
                }
                for sub in 0..1usize << anc.len() {
                    let mut c = b.clone();
                    c[v] = false;
                    for (i, &a) in anc.iter().enumerate() {
                        c[a] ^= sub >> i & 1 == 1;
                    }
                    out.push(c);
                }
            }
            out
        };
        let want = direct(&black, &moves, &mut BTreeMap::new());
        assert_eq!(engine(&rules, &p), want, "{par:?} {black:?}");
    }
    // A path of 130 vertices with its far end black: too many to search, said at once.
    let edges: Vec<(u32, u32)> = (0..129).map(|i| (i, i + 1)).collect();
    let mut black = vec![false; 130];
    black[129] = true;
    let tree = TreeChain::new(130, &edges, 0, black).unwrap();
    assert!(TreeChainRules::new(&tree).is_err());
    assert_eq!(TreeChainRules::size(&tree).parts, 130);
}

#[test]
fn hackenbush_agrees_with_the_direct_recursion() {
    let mut seed = 0x0bad_cafe_1234_5678u64;
    for round in 0..150 {
        let n = 2 + rng(&mut seed, 4) as usize;
        let m = 1 + rng(&mut seed, 7) as usize;
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng(&mut seed, n as u64), rng(&mut seed, n as u64)))
            .collect();
        let ground = if round % 3 == 0 {
            rng(&mut seed, n as u64)
        } else {
            0
        };
        let h = Hackenbush {
            names: (0..n).map(|v| v.to_string()).collect(),
            edges: edges.clone(),
            ground,
        };
        // The real game on edge masks: cut one edge, keep what still touches the ground.
        let grounded = |mask: u32| {
            let mut seen = vec![false; n];
            seen[ground as usize] = true;
            let mut keep = 0u32;
            loop {
                let before = keep;
                for (i, &(u, v)) in edges.iter().enumerate() {
                    if mask >> i & 1 == 1 && (seen[u as usize] || seen[v as usize]) {
                        keep |= 1 << i;
                        seen[u as usize] = true;
                        seen[v as usize] = true;
                    }
                }
                if keep == before {
                    return keep;
                }
            }
        };
        let moves = |&mask: &u32| {
            (0..m)
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| grounded(mask & !(1 << i)))
                .collect()
        };
        let full = grounded((1 << m) - 1);
        let (rules, p) = HackenbushRules::new(&h).unwrap();
        let ids: Vec<u32> = (0..m as u32).filter(|&i| full >> i & 1 == 1).collect();
        assert_eq!(rules.edges_of(&p), ids);
        let mut memo = BTreeMap::new();
        assert_eq!(
            engine(&rules, &p),
            direct(&full, &moves, &mut memo),
            "{edges:?}"
        );
        for &id in &ids {
            let after = rules.cut(&p, id);
            let want = direct(&grounded(full & !(1 << id)), &moves, &mut memo);
            assert_eq!(engine(&rules, &after), want, "{edges:?} cut {id}");
        }
    }
    // Pieces hanging from the ground separately are components; one piece is not split.
    let h = Hackenbush::parse(&["0-1 1-2 0-3 0-0".to_string()], None).unwrap();
    let (rules, p) = HackenbushRules::new(&h).unwrap();
    assert_eq!(rules.components(&p).map(|c| c.len()), Some(3));
    let h = Hackenbush::parse(&["0-1 1-2 2-0".to_string()], None).unwrap();
    let (rules, p) = HackenbushRules::new(&h).unwrap();
    assert_eq!(rules.components(&p), None);
}

#[test]
fn geography_agrees_with_the_direct_recursion() {
    let mut seed = 0x5151_7272_9393_a4a4u64;
    for _ in 0..120 {
        let n = 1 + rng(&mut seed, 8) as usize;
        let m = rng(&mut seed, 2 * n as u64 + 1) as usize;
        let edges: Vec<(u32, u32)> = (0..m)
            .map(|_| (rng(&mut seed, n as u64), rng(&mut seed, n as u64)))
            .collect();
        let geo = Geography::new(n, &edges);
        // The real game: (token, visited vertices), a move to an unvisited neighbour.
        let moves = |(v, seen): &(u32, Vec<bool>)| {
            let mut out = Vec::new();
            for &(a, b) in &edges {
                for (x, y) in [(a, b), (b, a)] {
                    if x == *v && x != y && !seen[y as usize] {
                        let mut s = seen.clone();
                        s[y as usize] = true;
                        out.push((y, s));
                    }
                }
            }
            out.sort();
            out.dedup();
            out
        };
        let mut memo = BTreeMap::new();
        for s in 0..n as u32 {
            let (rules, p) = GeographyRules::new(&geo, s).unwrap();
            assert_eq!(rules.token(&p), s);
            let mut seen = vec![false; n];
            seen[s as usize] = true;
            let want = direct(&(s, seen), &moves, &mut memo);
            assert_eq!(engine(&rules, &p), want, "{edges:?} start {s}");
        }
    }
    // A position after moves: the token on 2, having visited 0 and 1, on the path 0-1-2-3.
    let geo = Geography::new(4, &[(0, 1), (1, 2), (2, 3)]);
    let (rules, _) = GeographyRules::new(&geo, 0).unwrap();
    let p = rules.position(2, &[0, 1]).unwrap();
    let mut opts = Vec::new();
    rules.options(&p, &mut opts);
    assert_eq!(opts.iter().map(|o| rules.token(o)).collect::<Vec<_>>(), [3]);
    let path: Vec<(u32, u32)> = (0..2000).map(|i| (i, i + 1)).collect();
    let geo = Geography::new(2001, &path);
    assert!(GeographyRules::new(&geo, 0).is_err());
    assert_eq!(GeographyRules::size(&geo, 0).parts, 2001);
}
