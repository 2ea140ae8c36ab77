//! The printers: one pure function per format, `render(&Report, &mut dyn Write)`. They decide
//! nothing (the exit status is `crate::exit`'s) and write only to the writer they are given.

pub(crate) mod github;
pub(crate) mod json;
pub(crate) mod sarif;
pub(crate) mod summary;
pub(crate) mod text;
pub(crate) mod timeline;

use std::io::{self, Write};

use crate::model::{Format, Report};

/// Writes `report` in `format`. `color` only affects text.
pub(crate) fn render(
    report: &Report,
    format: Format,
    out: &mut dyn Write,
    color: bool,
) -> io::Result<()> {
    match format {
        Format::Text => text::render(report, out, color),
        Format::Json => json::render(report, out),
        Format::Sarif => sarif::render(report, out),
        Format::Github => github::render(report, out),
    }
}

/// `text` with control characters (other than tab) shown as escapes, so code under audit cannot
/// send escape sequences to the reader's terminal or forge lines in a CI log.
pub(crate) fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\t') {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() && c != '\t' {
                    c.escape_default().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

/// `1 file`, `2 files`, `3 retries`: a count and its noun, in the plural unless the count is one.
pub(crate) fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        return format!("1 {noun}");
    }
    match noun.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {noun}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn counts_take_the_plural_unless_one() {
        assert_eq!(counted(1, "shard"), "1 shard");
        assert_eq!(counted(0, "file"), "0 files");
        assert_eq!(counted(2, "retry"), "2 retries");
        assert_eq!(counted(2, "key"), "2 keys");
    }
}
