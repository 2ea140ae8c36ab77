//! GitHub Actions workflow commands (`::error file=...::message`), which show as annotations on the
//! pull request's changed lines.

use std::io::{self, Write};

use super::Report;
use crate::model::Severity;

pub(crate) fn render(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    for finding in report.active_findings() {
        let command = match finding.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "notice",
        };
        let location = &finding.location;
        writeln!(
            out,
            "::{command} file={},line={},endLine={},col={},endColumn={},title={}::{}",
            property(&location.path),
            location.start_line,
            location.end_line,
            location.start_column,
            location.end_column,
            property(&format!("shardscan {}", finding.rule_id)),
            data(&finding.message),
        )?;
    }
    if !report.unreviewed.is_empty() || !report.problems.is_empty() {
        writeln!(
            out,
            "::warning title=shardscan run incomplete::{}",
            data(&format!(
                "{} failed and {} had problems; the audit is partial",
                super::counted(report.unreviewed.len(), "shard review"),
                super::counted(report.problems.len(), "file")
            ))
        )?;
    }
    Ok(())
}

/// Escapes a workflow command's message.
fn data(text: &str) -> String {
    let escaped = text
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A");
    super::printable(&escaped).into_owned()
}

/// Escapes a workflow command's property value.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes() {
        assert_eq!(data("50% done\nnext"), "50%25 done%0Anext");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
        assert_eq!(data("x\u{1b}]0;pwned\u{7}"), "x\\u{1b}]0;pwned\\u{7}");
    }
}
