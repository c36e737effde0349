//! Automorphisms of a small undirected graph: permutations of the vertices that keep every
//! edge an edge and every non-edge a non-edge. Rulesets played on a fixed graph use them as
//! the graph's symmetries: a position and its image under an automorphism have the same
//! value, so they can share one memo entry.
//!
//! The search assigns images vertex by vertex, in breadth-first order (so that each vertex
//! after the first of its component has an assigned neighbour, which pins its image down),
//! among the vertices of the same class of colour refinement (degree, then the multiset of
//! the neighbours' classes, until stable: an automorphism keeps every class). A partial
//! map is extended only when the new vertex's adjacency to the vertices assigned so far is
//! that of its image to their images, so every complete map is an automorphism. Only some
//! are wanted (a complete graph has n! of them): the search stops at `cap` automorphisms
//! or after `budget` steps, whichever comes first. Any subset serves: each image of a
//! position is an equal position, whatever automorphisms are used.

/// A permutation of the vertices: `image[v]` is where `v` goes.
pub type Permutation = Vec<u8>;

/// Up to `cap` automorphisms other than the identity of the graph whose neighbours of
/// vertex `v` are the bits of `adjacent[v]` (at most 128 vertices, no loops), found within
/// `budget` steps of the search.
pub fn automorphisms(adjacent: &[u128], cap: usize, budget: u64) -> Vec<Permutation> {
    let n = adjacent.len();
    let mut found = Vec::new();
    if !(2..=128).contains(&n) || cap == 0 {
        return found;
    }
    let class = refined_classes(adjacent);
    let order = breadth_first_order(adjacent);
    // candidates[i]: the vertices of order[i]'s class.
    let candidates: Vec<u128> = order
        .iter()
        .map(|&v| {
            (0..n)
                .filter(|&w| class[w] == class[v as usize])
                .fold(0u128, |m, w| m | 1u128 << w)
        })
        .collect();
    let mut image = vec![0u8; n];
    // The untried candidates of each depth, and the images used so far.
    let mut left = vec![0u128; n];
    let mut used = 0u128;
    let mut depth = 0;
    left[0] = candidates[0];
    let mut steps = 0u64;
    loop {
        if left[depth] == 0 {
            // Every image of order[depth] tried: back up.
            if depth == 0 {
                break;
            }
            depth -= 1;
            used &= !(1u128 << image[order[depth] as usize]);
            continue;
        }
        steps += 1;
        if steps > budget {
            break;
        }
        let w = left[depth].trailing_zeros() as u8;
        left[depth] &= left[depth] - 1;
        let v = order[depth];
        if !consistent(adjacent, &order[..depth], &image, v, w) {
            continue;
        }
        image[v as usize] = w;
        if depth + 1 == n {
            if image.iter().enumerate().any(|(v, &w)| v != w as usize) {
                found.push(image.clone());
                if found.len() >= cap {
                    break;
                }
            }
            continue;
        }
        used |= 1u128 << w;
        depth += 1;
        left[depth] = candidates[depth] & !used;
    }
    found
}

/// Whether mapping `v` to `w` keeps `v`'s adjacency to the vertices `before` (assigned,
/// with images in `image`).
fn consistent(adjacent: &[u128], before: &[u8], image: &[u8], v: u8, w: u8) -> bool {
    before.iter().all(|&u| {
        let here = adjacent[v as usize] >> u & 1;
        let there = adjacent[w as usize] >> image[u as usize] & 1;
        here == there
    })
}

/// Colour refinement: the degree first, then each vertex's class and the sorted classes of
/// its neighbours, renumbered, until the number of classes stops growing.
fn refined_classes(adjacent: &[u128]) -> Vec<u32> {
    let mut class: Vec<u32> = adjacent.iter().map(|a| a.count_ones()).collect();
    let mut count = distinct(&class);
    loop {
        let signatures: Vec<(u32, Vec<u32>)> = adjacent
            .iter()
            .enumerate()
            .map(|(v, &a)| {
                let mut near: Vec<u32> = bits(a).map(|u| class[u]).collect();
                near.sort_unstable();
                (class[v], near)
            })
            .collect();
        let mut sorted: Vec<&(u32, Vec<u32>)> = signatures.iter().collect();
        sorted.sort();
        sorted.dedup();
        let next: Vec<u32> = signatures
            .iter()
            .map(|s| sorted.binary_search(&s).expect("listed") as u32)
            .collect();
        let next_count = distinct(&next);
        class = next;
        if next_count == count {
            return class;
        }
        count = next_count;
    }
}

fn distinct(class: &[u32]) -> usize {
    let mut c = class.to_vec();
    c.sort_unstable();
    c.dedup();
    c.len()
}

fn bits(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            v
        })
    })
}

/// The vertices in breadth-first order, component after component.
fn breadth_first_order(adjacent: &[u128]) -> Vec<u8> {
    let n = adjacent.len();
    let mut seen = 0u128;
    let mut order = Vec::with_capacity(n);
    for start in 0..n {
        if seen >> start & 1 == 1 {
            continue;
        }
        seen |= 1u128 << start;
        let mut head = order.len();
        order.push(start as u8);
        while head < order.len() {
            let v = order[head] as usize;
            head += 1;
            for u in bits(adjacent[v] & !seen) {
                seen |= 1u128 << u;
                order.push(u as u8);
            }
        }
    }
    order
}

/// The image of a set of vertices (bit `v` for vertex `v`) under `p`.
pub fn map_set(p: &[u8], set: u128) -> u128 {
    bits(set).fold(0u128, |m, v| m | 1u128 << p[v])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<u128> {
        let mut a = vec![0u128; n];
        for &(u, v) in edges {
            a[u] |= 1u128 << v;
            a[v] |= 1u128 << u;
        }
        a
    }

    fn is_automorphism(a: &[u128], p: &[u8]) -> bool {
        let mut seen = 0u128;
        for &w in p {
            seen |= 1u128 << w;
        }
        seen.count_ones() as usize == a.len()
            && (0..a.len()).all(|v| map_set(p, a[v]) == a[p[v] as usize])
    }

    fn cycle(n: usize) -> Vec<u128> {
        graph(n, &(0..n).map(|i| (i, (i + 1) % n)).collect::<Vec<_>>())
    }

    #[test]
    fn group_orders_of_known_graphs() {
        // Cycles have 2n automorphisms, paths 2, a star on k leaves k!, the Petersen graph
        // 120; a graph with no symmetry has only the identity.
        assert_eq!(automorphisms(&cycle(7), 1000, 1 << 20).len(), 13);
        assert_eq!(automorphisms(&cycle(12), 1000, 1 << 20).len(), 23);
        let path = graph(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]);
        assert_eq!(automorphisms(&path, 1000, 1 << 20).len(), 1);
        let star = graph(5, &[(0, 1), (0, 2), (0, 3), (0, 4)]);
        assert_eq!(automorphisms(&star, 1000, 1 << 20).len(), 23);
        let outer: Vec<(usize, usize)> = (0..5).map(|i| (i, (i + 1) % 5)).collect();
        let spokes: Vec<(usize, usize)> = (0..5).map(|i| (i, i + 5)).collect();
        let inner: Vec<(usize, usize)> = (0..5).map(|i| (i + 5, (i + 2) % 5 + 5)).collect();
        let petersen = graph(10, &[outer, spokes, inner].concat());
        assert_eq!(automorphisms(&petersen, 1000, 1 << 20).len(), 119);
        // The smallest asymmetric tree (7 vertices): legs of 1, 2 and 3 edges from one vertex.
        let asym = graph(7, &[(0, 1), (0, 2), (2, 3), (0, 4), (4, 5), (5, 6)]);
        assert!(automorphisms(&asym, 1000, 1 << 20).is_empty());
    }

    #[test]
    fn every_map_found_is_an_automorphism_and_the_limits_hold() {
        let complete: Vec<(usize, usize)> = (0..8)
            .flat_map(|u| (u + 1..8).map(move |v| (u, v)))
            .collect();
        let k8 = graph(8, &complete);
        let some = automorphisms(&k8, 50, 1 << 20);
        assert_eq!(some.len(), 50);
        assert!(some.iter().all(|p| is_automorphism(&k8, p)));
        assert!(automorphisms(&k8, 1000, 100).len() < 100);
        // Two triangles joined by an edge, plus an isolated vertex.
        let g = graph(7, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 5), (5, 3)]);
        let all = automorphisms(&g, 1000, 1 << 20);
        assert_eq!(all.len(), 7);
        assert!(all.iter().all(|p| is_automorphism(&g, p)));
        // Every vertex isolated: still only automorphisms, and no panic on 128 vertices.
        let empty = vec![0u128; 128];
        let some = automorphisms(&empty, 10, 1 << 16);
        assert_eq!(some.len(), 10);
        assert!(some.iter().all(|p| is_automorphism(&empty, p)));
    }
}
