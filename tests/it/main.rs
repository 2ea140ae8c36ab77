//! End-to-end tests: the real binary on small repositories built in temp dirs.

mod bad_input;
mod cli;
mod common;
mod corpus;
