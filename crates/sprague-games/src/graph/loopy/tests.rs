//! Tests of the analysis: outcomes follow from the moves, the generalized nim-sum is γ of
//! the sum, misère play of one token, all against brute force on random graphs.

use super::analysis::misere_remoteness;
use super::*;
use crate::graph::format::Graph;
use crate::retrograde::gsg;
use crate::value::Outcome;
use sprague_core::retrograde::Csr;
use sprague_core::testing::{next, random_graph};

#[test]
fn every_winning_move_reaches_a_lost_position_on_random_graphs() {
    let mut seed = 0xABCD_EF01_2345_6789u64;
    for t in 0..200 {
        let n = 1 + t % 7;
        let m = (next(&mut seed) % (2 * n as u64 + 2)) as usize;
        let csr = random_graph(&mut seed, n, m);
        let a = GraphAnalysis::from_graph(graph_of(&csr));
        let toks = [
            (next(&mut seed) % n as u64) as u32,
            (next(&mut seed) % n as u64) as u32,
        ];
        let o = a.outcome(&toks);
        let mv = a.moves(&toks);
        // First iff some move reaches a Second position; Second iff all moves reach First.
        let some_p = mv.iter().any(|m| m.2 == Outcome::Second);
        let all_n = mv.iter().all(|m| m.2 == Outcome::First);
        assert_eq!(o == Outcome::First, some_p);
        assert_eq!(o == Outcome::Second, all_n);
    }
}

pub(super) fn graph_of(csr: &Csr) -> Graph {
    let mut g = Graph::new();
    for v in 0..csr.len() {
        g.vertex_or_insert(&v.to_string());
    }
    for v in 0..csr.len() as u32 {
        for &w in csr.successors(v) {
            g.add_edge(v, w, true);
        }
    }
    g
}

#[test]
fn generalized_nim_sum_is_gamma_of_the_sum() {
    // γ of two tokens, labelled on the product graph, against the generalized nim-sum.
    let mut seed = 0x0F1E_2D3C_4B5A_6978u64;
    for t in 0..150 {
        let n = 1 + t % 6;
        let m = (next(&mut seed) % (2 * n as u64 + 3)) as usize;
        let csr = random_graph(&mut seed, n, m);
        let a = GraphAnalysis::from_graph(graph_of(&csr));
        let nn = n as u32;
        let prod = Csr::from_arcs(
            n * n,
            (0..nn * nn).flat_map(|p| {
                let (x, y) = (p / nn, p % nn);
                let xs = csr.successors(x).iter().map(move |&w| (p, w * nn + y));
                let ys = csr.successors(y).iter().map(move |&w| (p, x * nn + w));
                xs.chain(ys).collect::<Vec<_>>()
            }),
        );
        let labels = gsg::labels(&prod, &prod.transpose());
        for p in 0..nn * nn {
            let want = labels.gamma(&prod, p);
            let got = gamma_sum(&a.gamma(p / nn), &a.gamma(p % nn));
            assert_eq!(got, want, "{csr:?} tokens {} {}", p / nn, p % nn);
        }
    }
}

/// Misère play of one token by brute force: the fixpoint of "won if some move reaches
/// a lost vertex, lost if every move reaches a won one", starting from the sinks won.
fn misere_brute(csr: &Csr) -> Vec<Outcome> {
    let n = csr.len();
    let mut o = vec![Outcome::Draw; n];
    loop {
        let mut changed = false;
        for v in 0..n {
            if o[v] != Outcome::Draw {
                continue;
            }
            let succ = csr.successors(v as u32);
            let new = if succ.is_empty() || succ.iter().any(|&w| o[w as usize] == Outcome::Second) {
                Outcome::First
            } else if succ.iter().all(|&w| o[w as usize] == Outcome::First) {
                Outcome::Second
            } else {
                continue;
            };
            o[v] = new;
            changed = true;
        }
        if !changed {
            return o;
        }
    }
}

#[test]
fn misere_single_token_agrees_with_brute_force() {
    let mut seed = 0x5555_AAAA_1234_0F0Fu64;
    for t in 0..300 {
        let n = 1 + t % 8;
        let m = (next(&mut seed) % (2 * n as u64 + 2)) as usize;
        let csr = random_graph(&mut seed, n, m);
        let a = GraphAnalysis::from_graph(graph_of(&csr));
        let (r, _) = a.misere_retro();
        let want = misere_brute(&csr);
        for v in 0..n as u32 {
            assert_eq!(r.outcome(v), want[v as usize], "{csr:?} at {v}");
            // Remoteness: 0 exactly at the sinks, and a won vertex is one more than
            // its best lost successor.
            let rem = misere_remoteness(&r, v);
            assert_eq!(rem == Some(0), csr.successors(v).is_empty());
            if want[v as usize] == Outcome::First && rem != Some(0) {
                let best = csr
                    .successors(v)
                    .iter()
                    .filter(|&&w| want[w as usize] == Outcome::Second)
                    .filter_map(|&w| misere_remoteness(&r, w))
                    .min();
                assert_eq!(rem, best.map(|b| b + 1));
            }
        }
    }
}
