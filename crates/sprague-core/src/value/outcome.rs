use serde::Serialize;
use std::fmt;

/// Who wins a position of a two-player game with best play: the player about to move
/// (`First`, an N-position), the other one (`Second`, a P-position), or nobody (`Draw`:
/// play goes on forever, possible only in games with cycles).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The player about to move wins.
    First,
    /// The player who just moved wins.
    Second,
    /// Neither player can force a win.
    Draw,
}

impl Outcome {
    /// The outcome of a finite impartial game under normal play from its Grundy value.
    pub fn from_grundy_is_zero(is_zero: bool) -> Outcome {
        if is_zero {
            Outcome::Second
        } else {
            Outcome::First
        }
    }

    /// `"first"`, `"second"` or `"draw"`, as in the JSON output.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::First => "first",
            Outcome::Second => "second",
            Outcome::Draw => "draw",
        }
    }

    /// The conventional letter: N (next player wins), P (previous player wins), D (draw).
    pub fn letter(self) -> char {
        match self {
            Outcome::First => 'N',
            Outcome::Second => 'P',
            Outcome::Draw => 'D',
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::First => "first player wins",
            Outcome::Second => "second player wins",
            Outcome::Draw => "draw",
        })
    }
}
