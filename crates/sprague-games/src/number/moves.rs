//! The legal moves of a position of a number game, bounded, and their labels.
//!
//! Moves are listed per component: in closed form where the game has
//! [`NumberGame::list_moves`](super::NumberGame::list_moves) (any size of numbers), else by the engine's move generator
//! (components that `to_position` accepts). A move of the whole position is a [`SumMove`]:
//! under normal and misère play one component changes; under every-move play the mover
//! changes every component that can move, so the moves of the position are the
//! combinations of one option per such component.
//!
//! Every list is bounded before it is built, by the shared policy of
//! [`crate::interface::listing`].

use super::words::write_numbers;
use super::{Numbers, Shape};
use num_bigint::BigUint;
use std::fmt;

/// Where a move is made: component `index` (numbered from 1) of a position of `of`
/// components. Labels use it to name the heap or the component.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveAt {
    /// The component moved in, numbered from 1.
    pub index: usize,
    /// How many components the position has.
    pub of: usize,
}

impl MoveAt {
    /// `component 2: ` in a sum of several components, nothing for a lone component.
    pub fn prefix(&self) -> String {
        if self.of > 1 {
            format!("component {}: ", self.index)
        } else {
            String::new()
        }
    }
}

/// How many moves a component has, when there are too many to list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveCount {
    /// Exactly this many.
    Exactly(BigUint),
    /// More than this many (counting them all would cost too much).
    MoreThan(BigUint),
}

impl fmt::Display for MoveCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveCount::Exactly(n) => write!(f, "{n}"),
            MoveCount::MoreThan(n) => write!(f, "more than {n}"),
        }
    }
}

/// The answer of [`NumberGame::list_moves`](super::NumberGame::list_moves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveList {
    /// The components after the moves, without repetition.
    Listed(Vec<Numbers>),
    /// There are more moves than were asked for.
    TooMany(MoveCount),
}

impl MoveList {
    /// The list `list()` when `count ≤ max`, else `TooMany(Exactly(count))`; `list` is only
    /// called when the count is within bounds.
    pub fn bounded(
        count: impl Into<BigUint>,
        max: usize,
        list: impl FnOnce() -> Vec<Numbers>,
    ) -> MoveList {
        let count = count.into();
        if count > BigUint::from(max) {
            MoveList::TooMany(MoveCount::Exactly(count))
        } else {
            MoveList::Listed(list())
        }
    }
}

/// A move of a whole position: each component it changes, with the component after it.
pub type SumMove = Vec<(usize, Numbers)>;

/// The default label: `heap 2: 7 → 4` for heaps, `25 7 → 11 7` for a group of numbers
/// (`component 2: 25 7 → 11 7` in a sum).
pub fn default_label(shape: Shape, at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
    let (b, a) = (write_numbers(before), write_numbers(after));
    match shape {
        Shape::Heaps => format!("heap {}: {b} → {a}", at.index),
        Shape::Groups { .. } => format!("{}{b} → {a}", at.prefix()),
    }
}

/// `take 3 from heap 2`: the label of the heap games whose moves take stones from one heap.
pub fn take_label(at: MoveAt, before: &[BigUint], after: &[BigUint]) -> String {
    match (before.first(), after.first()) {
        (Some(b), Some(a)) if a < b => format!("take {} from heap {}", b - a, at.index),
        _ => default_label(Shape::Heaps, at, before, after),
    }
}

/// The combinations of one option per listed component, in lexicographic order, at most
/// `limit` of them. The caller bounds the product of the list lengths, or `limit`.
pub fn combinations(lists: &[(usize, Vec<Numbers>)], limit: usize) -> Vec<SumMove> {
    let mut out = Vec::new();
    if lists.iter().any(|(_, l)| l.is_empty()) {
        return out;
    }
    let mut pick = vec![0usize; lists.len()];
    while out.len() < limit {
        out.push(
            lists
                .iter()
                .zip(&pick)
                .map(|((i, l), &k)| (*i, l[k].clone()))
                .collect(),
        );
        // Advance the odometer, last component fastest.
        let mut j = lists.len();
        loop {
            if j == 0 {
                return out;
            }
            j -= 1;
            pick[j] += 1;
            if pick[j] < lists[j].1.len() {
                break;
            }
            pick[j] = 0;
        }
    }
    out
}

/// The number of combinations of one option per listed component.
pub fn combination_count(lists: &[(usize, Vec<Numbers>)]) -> BigUint {
    lists
        .iter()
        .fold(BigUint::from(1u32), |acc, (_, l)| acc * l.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: &[u32]) -> Numbers {
        v.iter().map(|&x| x.into()).collect()
    }

    #[test]
    fn combinations_run_in_lexicographic_order_and_stop_at_the_limit() {
        let lists = vec![
            (0, vec![n(&[1]), n(&[2])]),
            (2, vec![n(&[5]), n(&[6]), n(&[7])]),
        ];
        assert_eq!(combination_count(&lists), BigUint::from(6u32));
        let all = combinations(&lists, 100);
        assert_eq!(all.len(), 6);
        assert_eq!(all[0], vec![(0, n(&[1])), (2, n(&[5]))]);
        assert_eq!(all[1], vec![(0, n(&[1])), (2, n(&[6]))]);
        assert_eq!(all[5], vec![(0, n(&[2])), (2, n(&[7]))]);
        assert_eq!(combinations(&lists, 4).len(), 4);
        assert!(combinations(&[(0, vec![])], 10).is_empty());
    }

    #[test]
    fn labels_name_heaps_and_components() {
        let one = MoveAt { index: 1, of: 1 };
        let second = MoveAt { index: 2, of: 3 };
        assert_eq!(take_label(second, &n(&[7]), &n(&[4])), "take 3 from heap 2");
        assert_eq!(
            default_label(Shape::Heaps, second, &n(&[7]), &n(&[4])),
            "heap 2: 7 → 4"
        );
        let pair = Shape::Groups { arity: Some(2) };
        assert_eq!(
            default_label(pair, second, &n(&[25, 7]), &n(&[11, 7])),
            "component 2: 25 7 → 11 7"
        );
        assert_eq!(
            default_label(pair, one, &n(&[25, 7]), &n(&[11, 7])),
            "25 7 → 11 7"
        );
    }

    #[test]
    fn counts_read_as_words() {
        let big = MoveList::bounded(100_000u32, 10, || unreachable!("never listed"));
        assert_eq!(
            big,
            MoveList::TooMany(MoveCount::Exactly(100_000u32.into()))
        );
        assert_eq!(MoveCount::MoreThan(5u32.into()).to_string(), "more than 5");
    }
}
