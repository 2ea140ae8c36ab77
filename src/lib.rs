//! shardscan: audit a codebase by cutting it into independent shards and fanning them out to a
//! bounded pool of reviewer agents.
//!
//! `main.rs` only calls [`run`]; tests call [`run_with_args`] with buffers for the streams and an
//! environment of their own, and everything goes through the same entry point.

mod aggregate;
mod cli;
mod commands;
mod config;
mod error;
pub mod exit;
mod files;
pub mod io;
mod lang;
mod model;
mod output;
mod paths;
mod pipeline;
mod report;
mod review;
mod scope;
mod secrets;
mod settings;
mod slice;
mod walk;

use std::ffi::OsString;
use std::process::ExitCode;

use exit::ExitStatus;
use io::{Io, ProcessIo};

/// Runs shardscan with `args` (including the program name) on the process's own streams and
/// environment, and returns its exit status.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut process = ProcessIo::new();
    run_with_args(args, &mut process.io()).into()
}

/// Runs shardscan with `args` (including the program name) on `io`'s streams and environment.
pub fn run_with_args<I, T>(args: I, io: &mut Io<'_>) -> ExitStatus
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    commands::run(args, io)
}
