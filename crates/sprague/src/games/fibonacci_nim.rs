//! The catalogue entry of `fibonacci_nim`: its rules and theorem are `sprague_games::number::fibonacci_nim`.

pub use sprague_games::number::fibonacci_nim::*;

use super::framework::NumberGameAdapter;
use crate::error::{Error, Result};
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    if let Some(p) = params {
        return Err(Error::bad_params(
            "fibonacci-nim",
            format!("Fibonacci Nim takes no parameters, got `{p}` (write the limit as a second number: `fibonacci-nim N L`)"),
        ));
    }
    Ok(Box::new(NumberGameAdapter(FibonacciNim)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "fibonacci-nim",
        aliases: &["fibonacci", "fib-nim"],
        usage: "fibonacci-nim N [L] [+ N [L] ...]",
        summary: "Fibonacci Nim: take up to twice the previous move",
        rules: "One heap of N stones. The first move takes any 1..N stones (taking all is allowed); each later move takes 1..2k stones, k being the previous move. The player who cannot move loses. `N L` is a heap of N where the next move may take at most L; after taking k the position is `N−k 2k`.",
        theorem: "Write N as a sum of non-consecutive Fibonacci numbers (Zeckendorf). (N, L) is a first-player win iff the smallest term is ≤ L. The winning moves take k = a tail sum T of the representation (its smallest terms) with k ≤ L, where either k = N or the next larger term exceeds 2k; the least winning first move is the smallest term (N itself when N is a Fibonacci number). Grundy values are searched (heaps up to 400).",
        references: "M. J. Whinihan, Fibonacci Nim, Fibonacci Quarterly 1 (1963) 9–13; E. Zeckendorf (1972); Luogu P6487 (COCI HRPA).",
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::framework::verdict::MAX_LISTED_CHARS;
    use num_bigint::BigUint;

    fn big(n: u64) -> BigUint {
        BigUint::from(n)
    }

    /// A heap with thousands of winning moves, each writing a number as long as the heap:
    /// `solve` lists the smallest takes up to the catalogue's budget and says how many there
    /// are (a 10^5-digit heap once listed all of them and ran out of memory).
    #[test]
    fn long_lists_of_long_moves_are_cut_with_a_count() {
        // n = F_6 + F_9 + … + F_(3m): every tail wins, so there are m winning moves.
        let m = 4000usize;
        let (mut a, mut b) = (BigUint::ZERO, big(1)); // (F_i, F_(i+1))
        let mut n = BigUint::ZERO;
        for i in 0..=3 * m {
            if i >= 6 && i % 3 == 0 {
                n += &a;
            }
            let c = &a + &b;
            a = std::mem::replace(&mut b, c);
        }
        let all = winning_takes(&n, &n);
        assert_eq!(all.len(), m - 1);
        let (listed, total) = listed_winning_takes(&n, &n);
        assert_eq!(total, (m - 1) as u64);
        assert!(
            listed.len() > 1 && listed.len() < all.len(),
            "{}",
            listed.len()
        );
        assert_eq!(listed[..], all[..listed.len()]);
        let game = crate::catalogue::lookup("fibonacci-nim").unwrap();
        let v = game.solve(&[n.to_string()], &Default::default()).unwrap();
        assert_eq!(v.moves.len(), listed.len());
        assert!(!v.complete);
        let note = v.note.unwrap();
        assert_eq!(
            note,
            format!(
                "{} winning moves in all; the first {} are listed (the positions are long)",
                m - 1,
                listed.len()
            )
        );
        let chars: usize = v
            .moves
            .iter()
            .map(|x| x.label.len() + x.position.len())
            .sum();
        let last = v.moves.last().unwrap();
        assert!(chars - last.label.len() - last.position.len() < MAX_LISTED_CHARS);
        assert_eq!(v.moves[0].position, format!("{} 16", &n - 8u32));
    }
}
