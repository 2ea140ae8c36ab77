//! shardscan: audit a codebase by cutting it into independent shards and fanning them out to a
//! bounded pool of reviewer agents.
//!
//! `main.rs` only calls [`run`]; everything, tests included, goes through the same entry point.

pub mod aggregate;
pub mod cli;
mod commands;
pub mod config;
pub mod diff;
pub mod finding;
pub mod lang;
pub mod report;
pub mod review;
pub mod settings;
pub mod slice;
pub mod walk;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use clap::Parser;

/// Exit statuses (DESIGN.md section 6).
pub mod exit {
    /// Complete, nothing at or above `--fail-on`.
    pub const CLEAN: u8 = 0;
    /// Findings at or above `--fail-on`.
    pub const FINDINGS: u8 = 1;
    /// Usage, configuration or fatal error.
    pub const ERROR: u8 = 2;
    /// The run is incomplete: some shards or files stayed unreviewed.
    pub const INCOMPLETE: u8 = 3;
}

/// Runs shardscan with `args` (including the program name) and returns the exit status.
pub fn run<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    ExitCode::from(run_with_args(args))
}

/// Like [`run`], returning the numeric status.
pub fn run_with_args<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                exit::ERROR
            } else {
                exit::CLEAN
            };
        }
    };
    let color = settings::color_enabled(cli.color);
    match commands::dispatch(cli) {
        Ok(status) => status,
        Err(e) => {
            if is_broken_pipe(&e) {
                return exit::CLEAN;
            }
            let mut stderr = std::io::stderr().lock();
            let prefix = if color {
                "\x1b[1;31merror\x1b[0m"
            } else {
                "error"
            };
            let _ = writeln!(stderr, "{prefix}: {e}");
            for cause in e.chain().skip(1) {
                let _ = writeln!(stderr, "  caused by: {cause}");
            }
            exit::ERROR
        }
    }
}

/// A closed pipe (`shardscan scan | head`) is how the reader says it has enough: exit quietly.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
