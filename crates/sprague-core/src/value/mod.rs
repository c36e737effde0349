//! Values, kept apart from positions and rules: nimbers, the mex rule, outcomes.
//! Partizan values (canonical forms, numbers, thermographs) live in `crate::partizan`.

mod mex;
pub mod nim_field;
mod nimber;
mod outcome;
mod side;

pub use mex::{mex, Mex};
pub use nimber::Nimber;
pub use outcome::Outcome;
pub use side::Side;
