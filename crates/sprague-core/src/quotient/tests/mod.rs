//! Tests of the quotient engine against an independent exhaustive misère search, tame
//! structure, published quotients, and the refusal of unproven periods.

mod exhaustive;
mod octal;
mod published;
mod structure;
