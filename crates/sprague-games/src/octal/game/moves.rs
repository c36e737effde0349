//! The moves listed for a position: a capped sample of every kind of move of every heap
//! (the enumeration and the closed-form counts are in `sprague_games::octal::moves`).

use super::OctalGame;
use crate::interface::Verdict;
use crate::octal::moves::{each_big, HeapMove, MoveCount, FAMILIES};
use num_bigint::BigUint;

impl OctalGame {
    /// The moves listed for a position: every distinct heap's families in order; when
    /// there are more than `cap` moves in all, each kind of move of each heap is cut to an
    /// equal share of `cap`, so that every kind appears.
    pub(super) fn sample(&self, count: &MoveCount, heaps: &[BigUint], cap: usize) -> Vec<HeapMove> {
        let nonempty = count
            .per_heap
            .iter()
            .flat_map(|(_, c)| c.iter())
            .filter(|n| **n != BigUint::ZERO)
            .count();
        let share = if count.total <= BigUint::from(cap) {
            cap
        } else {
            (cap / nonempty.max(1)).max(1)
        };
        let mut out = Vec::new();
        for (i, c) in &count.per_heap {
            for (fam, n) in FAMILIES.iter().zip(c) {
                if *n == BigUint::ZERO {
                    continue;
                }
                let room = share.min(cap.saturating_sub(out.len()));
                each_big(&self.rules, &heaps[*i], *fam, room, &mut |take, parts| {
                    out.push(HeapMove {
                        index: *i,
                        take,
                        parts,
                    })
                });
            }
        }
        out
    }

    pub(super) fn note_sample(&self, v: &mut Verdict, count: &MoveCount) {
        let listed = v.moves.len();
        if count.total > BigUint::from(listed) {
            v.incomplete(format!(
                "{} in all; {listed} are listed, the first ones of each kind",
                count.describe()
            ));
        }
    }
}
