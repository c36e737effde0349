//! The two players of a partizan game.

use serde::Serialize;

/// One of the two players. Left is the positive player (blue in Hackenbush, vertical in
/// Domineering), as in CGSuite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The positive player.
    Left,
    /// The negative player.
    Right,
}

impl Side {
    /// The other player.
    pub fn opponent(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
    /// `"Left"` or `"Right"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "Left",
            Side::Right => "Right",
        }
    }
}
