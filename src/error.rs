//! The one error type a command ends with: a title, the causes under it, a hint the user can act
//! on, and the exit status it gives.
//!
//! Inside the stages errors are their modules' own (`RuleError`, `MergeError`, ...) or `anyhow`
//! chains with context; they become an [`Error`] at the command's edge. A message may end with a
//! `hint:` line (`"unknown lens `x`\nhint: the lenses are ..."`); it is taken out of the message
//! and shown once, after the causes.

use std::fmt;
use std::io::Write;

use anstyle::{AnsiColor, Style};

use crate::exit::ExitStatus;

/// A command's failure, ready to show.
#[derive(Debug)]
pub(crate) struct Error {
    title: String,
    causes: Vec<String>,
    hint: Option<String>,
    status: ExitStatus,
    broken_pipe: bool,
}

impl Error {
    /// An error with `title` that exits with status 2.
    pub(crate) fn new(title: impl Into<String>) -> Error {
        let (title, hint) = split_hint(&title.into());
        Error {
            title,
            causes: Vec::new(),
            hint,
            status: ExitStatus::Error,
            broken_pipe: false,
        }
    }

    /// Adds what the user can do about it.
    pub(crate) fn with_hint(mut self, hint: impl Into<String>) -> Error {
        self.hint = Some(hint.into());
        self
    }

    #[cfg(test)]
    pub(crate) fn title(&self) -> &str {
        &self.title
    }

    #[cfg(test)]
    pub(crate) fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }

    pub(crate) fn status(&self) -> ExitStatus {
        self.status
    }

    /// Whether the error is a closed pipe (`shardscan scan | head`): the reader has enough, and
    /// the run ends quietly.
    pub(crate) fn is_broken_pipe(&self) -> bool {
        self.broken_pipe
    }

    /// Writes the error as the user sees it:
    ///
    /// ```text
    /// error: failed to load rule `rules/python/x.scm`
    ///   caused by: unknown predicate `#foo?`
    /// hint: supported predicates are ...
    /// ```
    pub(crate) fn render(&self, out: &mut dyn Write, color: bool) -> std::io::Result<()> {
        let paint = |style: Style, text: &str| {
            if color {
                format!("{}{text}{}", style.render(), style.render_reset())
            } else {
                text.to_string()
            }
        };
        let red = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
        let cyan = Style::new().bold().fg_color(Some(AnsiColor::Cyan.into()));
        writeln!(out, "{}: {}", paint(red, "error"), self.title)?;
        for cause in &self.causes {
            writeln!(out, "  caused by: {cause}")?;
        }
        if let Some(hint) = &self.hint {
            writeln!(out, "{}: {hint}", paint(cyan, "hint"))?;
        }
        Ok(())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.title)?;
        if let Some(hint) = &self.hint {
            write!(f, "\nhint: {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<anyhow::Error> for Error {
    fn from(error: anyhow::Error) -> Error {
        // An `Error` in the chain keeps its status and hint; the contexts around it are the
        // title and the first causes.
        let inner = error.chain().find_map(|e| e.downcast_ref::<Error>());
        let broken_pipe = error.chain().any(|cause| {
            cause
                .downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        });
        let mut messages: Vec<String> = Vec::new();
        let mut hint = inner.and_then(|e| e.hint.clone());
        for cause in error.chain() {
            if let Some(ours) = cause.downcast_ref::<Error>() {
                messages.push(ours.title.clone());
                messages.extend(ours.causes.iter().cloned());
                break;
            }
            let (text, own_hint) = split_hint(&cause.to_string());
            if hint.is_none() {
                hint = own_hint;
            }
            // anyhow repeats a source's text in its context's Display when the context wraps
            // it with `{source}`; a cause equal to what is already shown adds nothing.
            if !messages.iter().any(|m| m == &text) {
                messages.push(text);
            }
        }
        let mut messages = messages.into_iter();
        Error {
            title: messages.next().unwrap_or_default(),
            causes: messages.collect(),
            hint,
            status: inner.map_or(ExitStatus::Error, |e| e.status),
            broken_pipe,
        }
    }
}

/// `"title\nhint: what to do"` -> (`title`, `what to do`).
fn split_hint(message: &str) -> (String, Option<String>) {
    match message.split_once("\nhint: ") {
        Some((title, hint)) => (title.to_string(), Some(hint.trim_end().to_string())),
        None => (message.to_string(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(error: &Error) -> String {
        let mut out = Vec::new();
        error.render(&mut out, false).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_hint_in_a_message_is_shown_once_after_the_causes() {
        let inner = anyhow::anyhow!("unknown predicate `#foo?`\nhint: use #eq? or #match?");
        let error = Error::from(inner.context("failed to load rule `x.scm`"));
        assert_eq!(
            shown(&error),
            "error: failed to load rule `x.scm`\n  caused by: unknown predicate `#foo?`\nhint: use #eq? or #match?\n"
        );
        assert_eq!(error.status(), ExitStatus::Error);
    }

    #[test]
    fn our_error_inside_a_chain_keeps_its_hint_and_status() {
        let mut ours = Error::new("the run was cut short").with_hint("raise --deadline");
        ours.status = ExitStatus::Incomplete;
        let error = Error::from(anyhow::Error::new(ours).context("scan failed"));
        assert_eq!(error.title(), "scan failed");
        assert_eq!(error.hint(), Some("raise --deadline"));
        assert_eq!(error.status(), ExitStatus::Incomplete);
        assert!(!error.is_broken_pipe());
    }

    #[test]
    fn a_broken_pipe_is_recognised_through_contexts() {
        let io = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "closed");
        let error = Error::from(anyhow::Error::new(io).context("failed to write the report"));
        assert!(error.is_broken_pipe());
    }

    #[test]
    fn colour_only_paints_the_labels() {
        let error = Error::new("bad\nhint: good");
        let mut out = Vec::new();
        error.render(&mut out, true).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("\u{1b}[") && text.contains("error") && text.contains(": bad\n"));
    }
}
