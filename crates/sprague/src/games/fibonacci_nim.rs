//! The catalogue entry of `fibonacci_nim`: its rules and theorem are `sprague_games::number::fibonacci_nim`.

pub use sprague_games::number::fibonacci_nim::*;

use super::framework::NumberGameAdapter;
use crate::catalogue::{Entry, Game};
use crate::error::{Error, Result};

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
