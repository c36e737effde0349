//! Compounds over any impartial ruleset: every-move sums (Every-SG) and
//! misère sums (SJ theorem where its hypothesis is checked, exact search elsewhere).

pub mod every;
pub mod misere;

pub use every::{EveryAnalysis, EverySolver};
pub use misere::{sj_first_wins, sj_hypothesis, SjCheck};
