//! Coin-turning games (docs/theory.md#coin-turning): a row of coins under a rule (Twins,
//! Mock Turtles, Ruler, "turn up to k", "a run of up to k") and boards under the product of
//! two rules (the Tartan theorem, Turning Corners).
//!
//! - [`rule`]: the one-dimensional rules and the values of single heads.
//! - [`row`]: a row of coins: positions, values, winning moves, the moves at one head.
//! - [`tartan`]: boards, valued by the nim product of the rows' and columns' values.
//! - [`engine`]: rows and boards as whole positions for the generic engine (misère and
//!   every-move play, where a row is no longer the sum of its heads).
//! - `check`: the theorems of the entries against the engine's search, on small rows and
//!   boards.

mod check;
pub mod engine;
pub mod entries;
pub mod row;
pub mod rule;
pub mod tartan;
