//! What a run may touch of the world around it besides files: its standard streams, whether they
//! are terminals, and its environment variables. The binary passes the real ones; tests pass
//! buffers and a made-up environment, and run shardscan in-process.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::io::{IsTerminal, Write};

/// A run's standard streams.
pub struct Io<'a> {
    pub stdout: &'a mut (dyn Write + Send),
    pub stderr: &'a mut (dyn Write + Send),
    /// Whether standard output is a terminal (colour, by default).
    pub stdout_is_terminal: bool,
    /// Whether standard error is a terminal (the progress bar, the summary's colour).
    pub stderr_is_terminal: bool,
    pub env: &'a Env,
}

/// The process's own streams, as the binary runs.
pub struct ProcessIo {
    stdout: std::io::Stdout,
    stderr: std::io::Stderr,
    env: Env,
}

impl ProcessIo {
    pub fn new() -> ProcessIo {
        ProcessIo {
            stdout: std::io::stdout(),
            stderr: std::io::stderr(),
            env: Env::from_process(),
        }
    }

    /// The streams, borrowed for one run.
    pub fn io(&mut self) -> Io<'_> {
        let stdout_is_terminal = self.stdout.is_terminal();
        let stderr_is_terminal = self.stderr.is_terminal();
        Io {
            stdout: &mut self.stdout,
            stderr: &mut self.stderr,
            stdout_is_terminal,
            stderr_is_terminal,
            env: &self.env,
        }
    }
}

impl Default for ProcessIo {
    fn default() -> Self {
        ProcessIo::new()
    }
}

/// Environment variables, read once.
#[derive(Debug, Clone, Default)]
pub struct Env {
    vars: BTreeMap<OsString, OsString>,
}

impl Env {
    /// The process's environment.
    pub fn from_process() -> Env {
        Env {
            vars: std::env::vars_os().collect(),
        }
    }

    /// Exactly these variables (for tests).
    pub fn from_pairs<K: Into<OsString>, V: Into<OsString>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Env {
        Env {
            vars: pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        }
    }

    /// The value of `name`, if it is set (possibly empty).
    pub fn get_os(&self, name: impl AsRef<OsStr>) -> Option<&OsStr> {
        self.vars.get(name.as_ref()).map(OsString::as_os_str)
    }

    /// The value of `name` when it is set, valid UTF-8 and not empty.
    pub fn get(&self, name: impl AsRef<OsStr>) -> Option<&str> {
        self.get_os(name)
            .and_then(OsStr::to_str)
            .filter(|value| !value.is_empty())
    }
}
