//! Compiler-style diagnostics with the flagged code, for people at a terminal:
//!
//! ```text
//! error[python/eval-exec]: `eval` executes a string as code
//!   --> app/views.py:42:14
//!    |
//! 42 |     result = eval(expr)
//!    |              ^^^^^^^^^^
//!    = CWE-95 · confidence 0.85 · reported by rules
//! ```

use std::io::{self, Write};

use super::{printable, Report};
use crate::model::{Finding, Severity};

struct Style {
    on: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.on {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

pub fn render(report: &Report, out: &mut dyn Write, color: bool) -> io::Result<()> {
    let style = Style { on: color };
    for finding in report.active_findings() {
        render_finding(finding, out, &style)?;
    }
    Ok(())
}

fn render_finding(finding: &Finding, out: &mut dyn Write, style: &Style) -> io::Result<()> {
    let (label, code) = match finding.severity {
        Severity::Error => ("error", "1;31"),
        Severity::Warning => ("warning", "1;33"),
        Severity::Note => ("note", "1;36"),
    };
    let location = &finding.location;
    writeln!(
        out,
        "{}{}",
        style.paint(code, &format!("{label}[{}]", finding.rule_id)),
        style.paint("1", &format!(": {}", printable(&finding.message)))
    )?;
    let gutter = location.end_line.max(location.start_line).to_string().len();
    let pad = " ".repeat(gutter);
    writeln!(
        out,
        "{pad}{} {}:{}:{}",
        style.paint("1;34", "-->"),
        printable(&location.path),
        location.start_line,
        location.start_column
    )?;
    writeln!(out, "{pad} {}", style.paint("1;34", "|"))?;
    let lines: Vec<&str> = finding.snippet.lines().collect();
    for (offset, line) in lines.iter().enumerate() {
        let number = location.start_line + offset;
        let shown = line.replace('\t', "    ");
        writeln!(
            out,
            "{} {} {}",
            style.paint("1;34", &format!("{number:>gutter$}")),
            style.paint("1;34", "|"),
            printable(shown.trim_end())
        )?;
        // A line clipped at its start no longer lines up with the columns.
        if offset == 0 && !line.starts_with('…') {
            let (start, end) = underline_span(
                line,
                location.start_column,
                (lines.len() == 1).then_some(location.end_column),
            );
            if end > start {
                writeln!(
                    out,
                    "{pad} {} {}{}",
                    style.paint("1;34", "|"),
                    " ".repeat(start),
                    style.paint(code, &"^".repeat(end - start))
                )?;
            }
        }
    }
    let mut notes: Vec<String> = Vec::new();
    if !finding.cwe.is_empty() {
        notes.push(finding.cwe.join(", "));
    }
    notes.push(format!("confidence {:.2}", finding.confidence));
    notes.push(format!("reported by {}", finding.reviewers.join(", ")));
    writeln!(
        out,
        "{pad} {} {}",
        style.paint("1;34", "="),
        notes.join(" · ")
    )?;
    if !finding.flow.is_empty() {
        match &finding.flow_rule {
            Some(rule) => writeln!(out, "{pad} {} flow ({rule}):", style.paint("1;34", "="))?,
            None => writeln!(out, "{pad} {} flow:", style.paint("1;34", "="))?,
        }
        for step in &finding.flow {
            writeln!(
                out,
                "{pad}     line {}: {}",
                step.location.start_line,
                printable(&step.message)
            )?;
        }
    }
    writeln!(out)
}

/// Display columns (tabs as four spaces) under which to draw `^`, from 1-based UTF-16 columns.
fn underline_span(line: &str, start_column: usize, end_column: Option<usize>) -> (usize, usize) {
    let mut display = 0;
    let mut units = 1;
    let mut start = None;
    let mut end = None;
    for c in line.chars() {
        if units >= start_column && start.is_none() {
            start = Some(display);
        }
        if let Some(end_column) = end_column {
            if units >= end_column && end.is_none() {
                end = Some(display);
            }
        }
        units += c.len_utf16();
        display += if c == '\t' { 4 } else { 1 };
    }
    let start = start.unwrap_or(display);
    let end = end.unwrap_or(display).max(start);
    let trimmed_end = line.replace('\t', "    ").trim_end().chars().count();
    (start, end.min(trimmed_end.max(start)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn underline_matches_columns() {
        assert_eq!(underline_span("    x = eval(y)", 9, Some(16)), (8, 15));
        assert_eq!(underline_span("\tx = eval(y)", 6, None), (8, 15));
        assert_eq!(underline_span("é eval(y)", 3, Some(10)), (2, 9));
    }
}
