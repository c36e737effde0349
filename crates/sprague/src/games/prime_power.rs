//! The catalogue entry of `prime_power`: its rules and theorem are `sprague_games::number::prime_power`.

pub use sprague_games::number::prime_power::*;

use super::framework::NumberGameAdapter;
use crate::error::Result;
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    crate::interface::no_params("prime-power", params)?;
    Ok(Box::new(NumberGameAdapter(PrimePower)))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "prime-power",
        aliases: &["primepower"],
        usage: "prime-power HEAP...",
        summary: "Prime-power subtraction: take p^k stones (1 allowed) (Luogu P4018)",
        rules: "Heaps of stones. A move takes p^k stones from one heap, p a prime and k ≥ 0 (so 1, 2, 3, 4, 5, 7, 8, 9, 11, ... stones). Normal play: whoever cannot move loses.",
        theorem: "g(n) = n mod 6: 1..5 are prime powers and no multiple of 6 is, so (induction) the options of n reach every residue mod 6 except n's own. The player to move loses iff every heap's n mod 6 XORs to 0; from one heap, take n mod 6 stones.",
        references: "Luogu P4018 Roy&October之取石子; E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, vol. 1, ch. 4 (subtraction games).",
        build,
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn huge_heap_gets_a_winning_move_and_a_note() {
        let g = crate::catalogue::lookup("prime-power").unwrap();
        let v = g
            .solve(
                &["123456789012345678901234567893".into()],
                &Default::default(),
            )
            .unwrap();
        // 123456789012345678901234567893 mod 6 = 3 → take 3.
        assert_eq!(v.value.as_deref(), Some("3"));
        assert_eq!(v.winning_positions(), ["123456789012345678901234567890"]);
        assert!(!v.complete && v.note.as_deref().unwrap().contains("smallest winning take"));
        // Too many takes to list: the error says at least how many.
        let err = g
            .legal_moves(
                &["123456789012345678901234567893".into()],
                &Default::default(),
            )
            .unwrap_err()
            .to_string();
        assert!(err.contains("has more than "), "{err}");
    }
}
