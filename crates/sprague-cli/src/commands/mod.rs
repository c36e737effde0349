//! One module per subcommand: its arguments, and the run that reads them, calls the library
//! and prints (`solve` holds `moves` too, `list` holds `explain`; `stress_rules` is the part
//! of `stress` that reads a rules script's template options; `sweep` is `quotient --sweep`).

pub(crate) mod list;
pub(crate) mod pattern;
pub(crate) mod play;
pub(crate) mod plot;
pub(crate) mod problem;
pub(crate) mod quotient;
pub(crate) mod serve;
pub(crate) mod solve;
pub(crate) mod stress;
pub(crate) mod stress_rules;
pub(crate) mod sweep;
pub(crate) mod table;
pub(crate) mod value;
