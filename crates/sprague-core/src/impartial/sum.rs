use super::{GrundySolver, Impartial};
use crate::error::Result;
use crate::value::Nimber;

/// A disjunctive sum under normal play, analysed by the Sprague–Grundy theorem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumAnalysis<P> {
    /// The value of each component, in input order.
    pub values: Vec<Nimber>,
    /// Their nim-sum: the value of the whole sum. Zero iff the second player wins.
    pub total: Nimber,
    /// Every winning move: `(index of the component moved in, the component after the move)`.
    pub winning_moves: Vec<(usize, P)>,
}

impl<R: Impartial> GrundySolver<R> {
    /// Values, total and winning moves of the sum of `components`.
    ///
    /// A winning move changes one component of value `g` into an option of value
    /// `total ^ g`. In games other than Nim an option may have a larger value than its
    /// position, so every component's options are searched, not just those with `target < g`.
    pub fn analyse_sum(&mut self, components: &[R::Position]) -> Result<SumAnalysis<R::Position>> {
        let values: Vec<Nimber> = components
            .iter()
            .map(|c| self.grundy(c))
            .collect::<Result<_>>()?;
        let total: Nimber = values.iter().copied().sum();
        let mut winning_moves = Vec::new();
        if !total.is_zero() {
            for (i, (c, &g)) in components.iter().zip(&values).enumerate() {
                let target = total ^ g;
                if components[..i].contains(c) {
                    continue; // an identical component already listed its moves
                }
                for o in self.moves_to_value(c, target)? {
                    winning_moves.push((i, o));
                }
            }
        }
        Ok(SumAnalysis {
            values,
            total,
            winning_moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Nim;
    impl Impartial for Nim {
        type Position = u64;
        fn options(&self, &n: &u64, out: &mut Vec<u64>) {
            out.extend(0..n);
        }
    }

    #[test]
    fn nim_sum_and_winning_moves() {
        let mut s = GrundySolver::new(Nim);
        let a = s.analyse_sum(&[3, 4, 5]).unwrap();
        assert_eq!(a.total, Nimber(2));
        assert_eq!(a.winning_moves, vec![(0, 1)]);
        let p = s.analyse_sum(&[1, 2, 3]).unwrap();
        assert!(p.total.is_zero() && p.winning_moves.is_empty());
    }
}
