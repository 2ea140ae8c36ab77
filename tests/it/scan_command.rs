//! `ScanCommand`: one `shardscan scan` as a test writes it, the common flags as methods instead of
//! a hand-written argument list, run as the real binary in the environment `common::bin()` sets.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{bin, decode};

/// Builds `shardscan scan PATH ...`. The arguments reach the binary in the order the methods were
/// called, after `scan PATH` and `--no-progress` (which [`ScanCommand::bare`] leaves out).
///
/// ```ignore
/// let scan = ScanCommand::new(&repo).format("json").fail_on("none").arg("--hidden").run();
/// assert_eq!(scan.status, 0, "{}", scan.stderr);
/// assert_eq!(scan.json()["complete"], true);
/// ```
#[must_use = "a ScanCommand runs nothing until `.run()` or `.command()`"]
pub struct ScanCommand {
    command: Command,
    args: Vec<OsString>,
    no_progress: bool,
}

impl ScanCommand {
    /// `shardscan scan PATH --no-progress`; more scan paths can follow with [`ScanCommand::arg`].
    pub fn new(path: impl AsRef<OsStr>) -> ScanCommand {
        ScanCommand {
            command: bin(),
            args: vec![OsString::from("scan"), path.as_ref().to_owned()],
            no_progress: true,
        }
    }

    /// `shardscan scan PATH` and only what the test adds: the command line as a user types it,
    /// which leaves the progress bar to its default (drawn only when stderr is a terminal, which
    /// a test's never is).
    pub fn bare(path: impl AsRef<OsStr>) -> ScanCommand {
        ScanCommand {
            no_progress: false,
            ..ScanCommand::new(path)
        }
    }

    /// `-f FORMAT`: what goes to stdout.
    pub fn format(self, format: &str) -> ScanCommand {
        self.args(["-f", format])
    }

    /// `--fail-on LEVEL`.
    pub fn fail_on(self, level: &str) -> ScanCommand {
        self.args(["--fail-on", level])
    }

    /// `--reviewer NAMES`.
    pub fn reviewer(self, names: &str) -> ScanCommand {
        self.args(["--reviewer", names])
    }

    /// `--base-url URL` of the openai or anthropic reviewer.
    pub fn base_url(self, url: &str) -> ScanCommand {
        self.args(["--base-url", url])
    }

    /// `--model NAME`.
    pub fn model(self, name: &str) -> ScanCommand {
        self.args(["--model", name])
    }

    /// `-j N`.
    pub fn jobs(self, n: &str) -> ScanCommand {
        self.args(["-j", n])
    }

    /// `--no-cache`.
    pub fn no_cache(self) -> ScanCommand {
        self.arg("--no-cache")
    }

    /// `-o [FORMAT:]PATH`; repeatable, in order.
    pub fn output(self, path: impl AsRef<OsStr>) -> ScanCommand {
        self.arg("-o").arg(path)
    }

    /// One more argument, as is.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> ScanCommand {
        self.args.push(arg.as_ref().to_owned());
        self
    }

    /// More arguments, as they are (an `Option` adds its value or nothing).
    pub fn args<I>(mut self, args: I) -> ScanCommand
    where
        I: IntoIterator,
        I::Item: AsRef<OsStr>,
    {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    /// An environment variable for this run, on top of those `common::bin()` sets.
    pub fn env(mut self, key: &str, value: impl AsRef<OsStr>) -> ScanCommand {
        self.command.env(key, value);
        self
    }

    /// The working directory of the run (default: the test's).
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> ScanCommand {
        self.command.current_dir(dir);
        self
    }

    /// The configured process, for a test that must spawn it itself (to signal it, or to bound
    /// its time).
    pub fn command(mut self) -> Command {
        let (scan, rest) = self.args.split_at(2);
        self.command.args(scan);
        if self.no_progress {
            self.command.arg("--no-progress");
        }
        self.command.args(rest);
        self.command
    }

    /// Runs the scan to completion.
    pub fn run(self) -> Outcome {
        let mut command = self.command();
        let started = Instant::now();
        let output = command.output().expect("run shardscan");
        let elapsed = started.elapsed();
        let (status, stdout, stderr) = decode(output);
        Outcome {
            status,
            stdout,
            stderr,
            elapsed,
            json: OnceLock::new(),
        }
    }
}

/// What a finished run left: its exit status (-1 when killed by a signal), its output read as
/// UTF-8 (lossily) and how long it took, process start included.
pub struct Outcome {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
    json: OnceLock<Value>,
}

impl Outcome {
    /// Standard output as JSON, parsed once; panics with stdout and stderr when it is not JSON.
    pub fn json(&self) -> &Value {
        self.json.get_or_init(|| {
            serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
                panic!("not JSON ({e}): {}\nstderr: {}", self.stdout, self.stderr)
            })
        })
    }
}
