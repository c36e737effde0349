//! The catalogue entry of `moore`: its rules and theorem are `sprague_games::number::moore`.

pub use sprague_games::number::moore::*;

use super::framework::NumberGameAdapter;
use crate::error::{Error, Result};
use crate::interface::{Entry, Game};

fn build(params: Option<&str>) -> Result<Box<dyn Game>> {
    let p = params.ok_or_else(|| {
        Error::bad_params(
            "moore-nim",
            "give the most heaps a move may touch, e.g. `moore-nim:2`",
        )
    })?;
    let k: usize = p
        .trim()
        .parse()
        .ok()
        .filter(|&k| (1..=1_000_000).contains(&k))
        .ok_or_else(|| {
            Error::bad_params(
                "moore-nim",
                format!("`{p}` is not a number of heaps between 1 and 1000000"),
            )
        })?;
    Ok(Box::new(NumberGameAdapter(Moore::new(k))))
}

/// The catalogue entry.
pub fn entry() -> Entry {
    Entry {
        name: "moore-nim",
        aliases: &["moore"],
        usage: "moore-nim:K HEAP HEAP ... [+ ...]",
        summary: "Moore's Nim_k: take stones from each of up to K heaps",
        rules: "Heaps of stones (one component is the whole list of heaps). A move takes a positive number of stones from each of between 1 and K heaps. Normal play: whoever cannot move loses; misère play (--misere): whoever cannot move wins.",
        theorem: "Moore (1910): a position is a P-position iff, for every bit position, the number of heaps with that bit set is divisible by K+1 (K = 1 is Nim). A winning move is built bit by bit from the top; every winning move is listed when the position has at most 200000 moves. Misère: the same while some heap exceeds 1; when every heap is at most 1, the player to move loses iff the number of 1-heaps is ≡ 1 (mod K+1) — verified against exact misère search. Grundy values have no known closed form; sums of several Moore games are searched.",
        references: "E. H. Moore, A generalization of the game called Nim, Annals of Mathematics 11 (1910) 93–94; E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, 2nd ed., vol. 3, ch. 15.",
        build,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::framework::Numbers;

    #[test]
    fn huge_positions_get_a_constructive_move_and_a_note() {
        let g = crate::catalogue::lookup("moore-nim:2").unwrap();
        let words: Vec<String> =
            "123456789012345678901234567890 98765432109876543210 5555555555555 7"
                .split(' ')
                .map(String::from)
                .collect();
        let v = g.solve(&words, &Default::default()).unwrap();
        assert_eq!(v.outcome, crate::interface::Winner::First);
        assert!(!v.complete && v.note.as_deref().unwrap().contains("one winning move"));
        let m = v.winning_positions()[0];
        let after: Numbers = m.split(' ').map(|x| x.parse().unwrap()).collect();
        assert!(is_p_position(&after, 2));
        let changed = after
            .iter()
            .zip(&words)
            .filter(|(a, w)| a.to_string() != **w)
            .count();
        assert!((1..=2).contains(&changed));
        assert!(crate::catalogue::lookup("moore-nim:0").is_err());
        assert!(crate::catalogue::lookup("moore-nim").is_err());
    }
}
