//! The catalogue entry of `bash`: its rules and theorem are `sprague_games::number::bash`.

pub use sprague_games::number::bash::*;

use super::framework::NumberGameAdapter;
use crate::error::{Error, Result};
use crate::interface::{Entry, Game};

fn parse_k(game: &str, params: Option<&str>) -> Result<u64> {
    let p = params.ok_or_else(|| {
        Error::bad_params(
            game,
            format!("give the most stones a move takes, e.g. `{game}:3`"),
        )
    })?;
    let k: u64 = p.trim().parse().map_err(|_| {
        Error::bad_params(
            game,
            format!("`{p}` is not a positive integer (the most stones a move takes)"),
        )
    })?;
    if k == 0 || k == u64::MAX {
        return Err(Error::bad_params(
            game,
            format!(
                "the most stones a move takes must be between 1 and {}, got {k}",
                u64::MAX - 1
            ),
        ));
    }
    Ok(k)
}

fn build_bash(params: Option<&str>) -> Result<Box<dyn Game>> {
    let k = parse_k("bash", params)?;
    Ok(Box::new(NumberGameAdapter(TakeUpTo::new("bash", k))))
}

fn build_bounded(params: Option<&str>) -> Result<Box<dyn Game>> {
    let k = parse_k("bounded-nim", params)?;
    Ok(Box::new(NumberGameAdapter(TakeUpTo::new("bounded-nim", k))))
}

const REFS: &str = "C. G. Bachet de Méziriac, Problèmes plaisants et délectables (1612), problem 22; E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays, 2nd ed., vol. 1, ch. 4 (subtraction games; misère play ch. 13).";

/// The catalogue entry of Bash.
pub fn entry_bash() -> Entry {
    Entry {
        name: "bash",
        aliases: &["bachet"],
        usage: "bash:M HEAP [HEAP...]",
        summary: "Bash (Bachet's game): take 1..M stones from one heap",
        rules: "One heap of n stones (several heaps make a sum). A move takes between 1 and M stones. Under normal play the player who takes the last stone wins; under misère play (--misere) that player loses.",
        theorem: "g(n) = n mod (M+1): the player to move loses exactly when M+1 divides n, and wins by taking n mod (M+1). A sum of heaps has value XOR of (h mod (M+1)). Misère, one heap: the player to move loses iff n mod (M+1) = 1, and otherwise takes (n−1) mod (M+1) stones (checked against exact misère search); sums of heaps are searched exactly in misère play.",
        references: REFS,
        build: build_bash,
    }
}

/// The catalogue entry of bounded Nim.
pub fn entry_bounded() -> Entry {
    Entry {
        name: "bounded-nim",
        aliases: &[],
        usage: "bounded-nim:K HEAP...",
        summary: "Bounded Nim: take 1..K stones from one heap",
        rules: "Heaps of stones. A move takes between 1 and K stones from one heap. Under normal play the player who takes the last stone wins.",
        theorem: "A heap of h has Grundy value h mod (K+1) (Bachet), and by the Sprague–Grundy theorem a position's value is the XOR of (h mod (K+1)) over its heaps; it is a P-position iff that XOR is 0. Misère play: one heap by the misère Bachet rule, several heaps by exact search.",
        references: REFS,
        build: build_bounded,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_heaps_and_bad_params() {
        let g = lookup_game("bash:3");
        let v = g
            .solve(
                &["1000000000000000000000000000002".into()],
                &Default::default(),
            )
            .unwrap();
        assert_eq!(v.value.as_deref(), Some("2"));
        assert_eq!(v.winning_positions(), ["1000000000000000000000000000000"]);
        assert_eq!(v.moves[0].label, "take 2 from heap 1");
        for bad in ["bash", "bash:0", "bash:x", "bounded-nim:-1"] {
            assert!(crate::catalogue::lookup(bad).is_err(), "{bad}");
        }
    }

    fn lookup_game(s: &str) -> Box<dyn Game> {
        crate::catalogue::lookup(s).unwrap()
    }
}
