//! The commands: each is thin, resolving its settings, then scope, pipeline, aggregation and
//! printing, and returning an exit status. This is where clap's parse happens and where a failure
//! becomes the one [`Error`](crate::error::Error) the user sees.

mod init;
mod merge;
mod rules;
mod scan;
mod shards;

use std::ffi::OsString;
use std::io::Write;
use std::time::Instant;

use clap::Parser;

use crate::cli::{Cli, ColorChoice, Command};
use crate::error::Error;
use crate::exit::ExitStatus;
use crate::io::Io;
use crate::settings::{self, Surroundings};

/// What every command gets: the streams and environment of the run, the colour choice, and when
/// it started.
pub(crate) struct Context<'a, 'io> {
    pub(crate) io: &'a mut Io<'io>,
    pub(crate) color: ColorChoice,
    pub(crate) started: Instant,
}

impl Context<'_, '_> {
    /// Colour on standard error (messages, the summary).
    pub(crate) fn stderr_color(&self) -> bool {
        settings::color_enabled(self.color, self.io.env, self.io.stderr_is_terminal)
    }

    /// Colour on standard output.
    pub(crate) fn stdout_color(&self) -> bool {
        settings::color_enabled(self.color, self.io.env, self.io.stdout_is_terminal)
    }

    pub(crate) fn surroundings(&self) -> Surroundings<'_> {
        Surroundings {
            env: self.io.env,
            color: self.color,
            stdout_is_terminal: self.io.stdout_is_terminal,
            stderr_is_terminal: self.io.stderr_is_terminal,
            started: self.started,
        }
    }

    /// A warning on standard error: `warning: ...`.
    pub(crate) fn warn(&mut self, message: &str) -> std::io::Result<()> {
        let label = if self.stderr_color() {
            let style = anstyle::Style::new()
                .bold()
                .fg_color(Some(anstyle::AnsiColor::Yellow.into()));
            format!("{}warning{}", style.render(), style.render_reset())
        } else {
            String::from("warning")
        };
        writeln!(
            self.io.stderr,
            "{label}: {}",
            crate::report::printable(message)
        )
    }
}

/// Parses `args` (the program name first), runs the command, and shows any failure.
pub(crate) fn run<I, T>(args: I, io: &mut Io<'_>) -> ExitStatus
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let started = Instant::now();
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return usage(&e, io),
    };
    let mut context = Context {
        io,
        color: cli.color,
        started,
    };
    match dispatch(cli.command, &mut context) {
        Ok(status) => status,
        Err(e) => {
            let error = Error::from(e);
            if error.is_broken_pipe() {
                return ExitStatus::Clean;
            }
            let color = context.stderr_color();
            let _ = error.render(context.io.stderr, color);
            error.status()
        }
    }
}

fn dispatch(command: Command, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    match command {
        Command::Scan(args) => scan::run(*args, context),
        Command::Baseline(args) => scan::baseline(*args, context),
        Command::Merge(args) => merge::run(args, context),
        Command::Init(args) => init::run(args, context),
        Command::Shards(args) => shards::run(args, context),
        Command::Rules(command) => rules::run(command, context),
    }
}

/// A command line clap refused, or `--help` / `--version`: help goes to standard output and
/// exits 0, a usage error to standard error and exits 2.
fn usage(error: &clap::Error, io: &mut Io<'_>) -> ExitStatus {
    let to_stderr = error.use_stderr();
    let terminal = if to_stderr {
        io.stderr_is_terminal
    } else {
        io.stdout_is_terminal
    };
    let rendered = error.render();
    let text = if settings::color_enabled(ColorChoice::Auto, io.env, terminal) {
        rendered.ansi().to_string()
    } else {
        rendered.to_string()
    };
    let out: &mut dyn Write = if to_stderr { io.stderr } else { io.stdout };
    let _ = out.write_all(text.as_bytes());
    if to_stderr {
        ExitStatus::Error
    } else {
        ExitStatus::Clean
    }
}
