//! The text renderers: one for each typed answer (the verdict of `solve` and `moves`, the
//! table, the misère quotient and its sweeps, the catalogue's list and explanations, the
//! value report). `--json` serialises the same objects; these functions are what a person
//! reads.

pub mod about;
pub mod board;
pub mod quotient;
pub mod table;
pub mod value;
pub mod verdict;

pub use about::{catalogue_markdown, explain_text, list_text};
pub use board::{board_text, Style};
pub use quotient::{quotient_text, sum_text, sweep_text};
pub use table::{table_string, table_text};
pub use value::{value_answer_text, value_text};
pub use verdict::verdict_text;
