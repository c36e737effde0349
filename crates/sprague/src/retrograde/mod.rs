//! Retrograde analysis over flat arrays for games whose positions can be enumerated or
//! indexed: win/lose/draw with remoteness, and value-carrying variants for scoring games.
//! (Issue 4.)
