//! Compiler-style diagnostics with the flagged code, for people at a terminal:
//!
//! ```text
//! error[python/eval-exec]: `eval` executes a string as code
//!   --> app/views.py:42:14
//!    |
//! 42 |     result = eval(expr)
//!    |              ^^^^^----^
//!    |                   |
//!    |                   reaches the sink
//!    |
//!   ::: app/views.py:40:12
//!    |
//! 40 |     expr = request.args.get("q")
//!    |            --------------------- request data
//!    |
//!    = CWE-95 · confidence 0.85 · reported by rules
//!    = flow (python/taint-code-injection): line 40 -> line 42
//! ```
//!
//! annotate-snippets draws the snippet, so carets line up after tabs and wide characters, a flow's
//! steps are labelled where they happen, and control characters in the audited code are shown as
//! symbols rather than sent to the terminal. Colour is the renderer's; `color: false` renders
//! plain text.

use std::io::{self, Write};

use annotate_snippets::renderer::DecorStyle;
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use super::printable;
use crate::model::{Finding, Report, Severity};

pub(crate) fn render(report: &Report, out: &mut dyn Write, color: bool) -> io::Result<()> {
    let renderer = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    }
    .decor_style(DecorStyle::Ascii);
    for finding in report.active_findings() {
        writeln!(out, "{}\n", renderer.render(&diagnostic(finding)))?;
    }
    Ok(())
}

/// One finding as a report of annotate-snippets: the title, the flagged code with the flow's
/// steps in the same file labelled where they happen, and the notes.
fn diagnostic(finding: &Finding) -> Vec<Group<'static>> {
    let level = match finding.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    };
    let location = &finding.location;
    let snippet_lines: Vec<&str> = finding.snippet.split('\n').collect();
    let last_shown = location.start_line + snippet_lines.len().saturating_sub(1);

    // The lines to show, by number: the finding's snippet, and the lines of each step of its flow
    // in the same file (the step's and the one after). Lines further between them are not known
    // here (a report holds no whole files), and folding leaves them out as `...`.
    let mut known: std::collections::BTreeMap<usize, &str> = std::collections::BTreeMap::new();
    for step in &finding.flow {
        if step.location.path == location.path {
            for (index, line) in step.text.split('\n').enumerate() {
                if !step.text.is_empty() {
                    known.insert(step.location.start_line + index, line);
                }
            }
        }
    }
    for (index, line) in snippet_lines.iter().enumerate() {
        known.insert(location.start_line + index, line);
    }
    let first = *known.keys().next().unwrap_or(&location.start_line);
    let last = *known.keys().next_back().unwrap_or(&last_shown);
    let lines: Vec<&str> = (first..=last)
        .map(|number| known.get(&number).copied().unwrap_or(""))
        .collect();
    let at = |line: usize, column: usize| offset(&lines, line - first, column);
    let clipped = |line: usize| lines[line - first].starts_with('…');

    let mut annotations = Vec::new();
    // A line clipped at its start (`…`) no longer lines up with the columns: no caret then.
    if !clipped(location.start_line) {
        let start = at(location.start_line, location.start_column);
        let end = if location.end_line <= last_shown {
            at(location.end_line, location.end_column)
        } else {
            line_end(&lines, last_shown - first)
        };
        annotations.push(AnnotationKind::Primary.span(start..end.max(start)));
    }
    for step in &finding.flow {
        let line = step.location.start_line;
        if step.location.path != location.path || step.text.is_empty() || clipped(line) {
            continue;
        }
        let start = at(line, step.location.start_column);
        let end = if step.location.end_line == line {
            at(line, step.location.end_column)
        } else {
            line_end(&lines, line - first)
        };
        annotations.push(
            AnnotationKind::Context
                .span(start..end.max(start))
                .label(printable(&step.message).into_owned()),
        );
    }
    let code = Snippet::source(lines.join("\n"))
        .line_start(first)
        .path(printable(&location.path).into_owned())
        .fold(true)
        .annotations(annotations);

    let mut notes: Vec<String> = Vec::new();
    if !finding.cwe.is_empty() {
        notes.push(finding.cwe.join(", "));
    }
    notes.push(format!("confidence {:.2}", finding.confidence));
    notes.push(format!("reported by {}", finding.reviewers.join(", ")));
    let mut group = level
        .primary_title(printable(&finding.message).into_owned())
        .id(printable(&finding.rule_id).into_owned())
        .element(code)
        .element(Level::NOTE.no_name().message(notes.join(" · ")));
    if !finding.flow.is_empty() {
        let mut steps: Vec<String> = finding
            .flow
            .iter()
            .map(|step| {
                if step.location.path == location.path {
                    format!("line {}", step.location.start_line)
                } else {
                    format!(
                        "{}:{}",
                        printable(&step.location.path),
                        step.location.start_line
                    )
                }
            })
            .collect();
        // Several steps on one line (a source read and assigned) are one place to go.
        steps.dedup();
        let heading = match &finding.flow_rule {
            Some(rule) => format!("flow ({}): ", printable(rule)),
            None => String::from("flow: "),
        };
        group = group.element(
            Level::NOTE
                .no_name()
                .message(format!("{heading}{}", steps.join(" -> "))),
        );
    }
    vec![group]
}

/// The byte offset in `lines` (joined by `\n`) of 1-based UTF-16 `column` on line `index`.
fn offset(lines: &[&str], index: usize, column: usize) -> usize {
    let before: usize = lines.iter().take(index).map(|line| line.len() + 1).sum();
    let Some(line) = lines.get(index) else {
        return before.saturating_sub(1);
    };
    let mut units = 1;
    for (at, c) in line.char_indices() {
        if units >= column {
            return before + at;
        }
        units += c.len_utf16();
    }
    before + line.len()
}

/// The byte offset in `lines` (joined by `\n`) of the end of line `index`.
fn line_end(lines: &[&str], index: usize) -> usize {
    offset(lines, index, usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FlowStep, Location};

    fn finding(snippet: &str, location: Location) -> Finding {
        let mut finding = Finding::new(
            "python/eval-exec",
            "rules",
            Severity::Error,
            "`eval` executes a string",
            location,
        );
        finding.snippet = snippet.to_string();
        finding.cwe = vec![String::from("CWE-95")];
        finding.confidence = 0.85;
        finding
    }

    fn shown(finding: &Finding) -> String {
        Renderer::plain()
            .decor_style(DecorStyle::Ascii)
            .render(&diagnostic(finding))
    }

    #[test]
    fn utf16_columns_become_byte_offsets() {
        assert_eq!(offset(&["    x = eval(y)"], 0, 9), 8);
        assert_eq!(offset(&["é eval(y)"], 0, 3), 3);
        // A character outside the BMP is two UTF-16 units and four bytes.
        assert_eq!(offset(&["😀 eval(y)"], 0, 4), 5);
        assert_eq!(offset(&["a", "bc"], 1, 2), 3);
        assert_eq!(line_end(&["a", "bc"], 1), 4);
    }

    #[test]
    fn the_caret_lines_up_after_wide_characters_and_tabs() {
        // 7 cells of CJK text before the call: the old hand-drawn caret was off by that much.
        let line = "\t名前 = 入力値; x = eval(y)";
        let column = line[..line.find("eval").unwrap()].encode_utf16().count() + 1;
        let text = shown(&finding(
            line,
            Location::line("a.py", 3, column, column + 7),
        ));
        let lines: Vec<&str> = text.lines().collect();
        let code = lines.iter().position(|l| l.contains("eval(y)")).unwrap();
        let carets = lines[code + 1];
        let code_cells = unicode_width(&lines[code][..lines[code].find("eval").unwrap()]);
        assert_eq!(
            carets.find('^'),
            Some(code_cells),
            "carets under `eval(y)`:\n{text}"
        );
        assert_eq!(carets.matches('^').count(), 7, "{text}");
    }

    fn unicode_width(text: &str) -> usize {
        // CJK ideographs take two cells; everything else here one.
        text.chars()
            .map(|c| {
                if ('\u{4e00}'..='\u{9fff}').contains(&c) {
                    2
                } else {
                    1
                }
            })
            .sum()
    }

    #[test]
    fn a_flows_steps_are_labelled_where_they_happen() {
        let mut found = finding("    return eval(x)", Location::line("a.py", 9, 12, 19));
        found.flow_rule = Some(String::from("python/taint-code-injection"));
        found.flow = vec![
            FlowStep {
                location: Location::line("a.py", 7, 9, 29),
                message: String::from("request data"),
                text: String::from("    x = request.args.get('q')\n    # and then"),
            },
            FlowStep {
                location: Location::line("a.py", 9, 17, 18),
                message: String::from("reaches eval"),
                text: String::from("    return eval(x)"),
            },
        ];
        let text = shown(&found);
        assert!(
            text.starts_with("error[python/eval-exec]: `eval` executes a string\n"),
            "{text}"
        );
        assert!(text.contains("--> a.py:9:12"), "{text}");
        let source = text.find("request.args.get").unwrap();
        let sink = text.find("return eval(x)").unwrap();
        assert!(source < sink, "in the order of the file:\n{text}");
        assert!(text.contains("request data"), "{text}");
        assert!(text.contains("reaches eval"), "{text}");
        assert!(
            text.contains("CWE-95 · confidence 0.85 · reported by rules"),
            "{text}"
        );
        assert!(
            text.contains("flow (python/taint-code-injection): line 7 -> line 9"),
            "{text}"
        );
    }

    #[test]
    fn control_characters_in_the_audited_code_never_reach_the_terminal() {
        let text = shown(&finding(
            "x = eval(y) # \u{1b}]0;pwned\u{7}",
            Location::line("a.py", 1, 5, 12),
        ));
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{text:?}"
        );
    }

    #[test]
    fn colour_is_the_renderers_and_plain_has_none() {
        let found = finding("x = eval(y)", Location::line("a.py", 1, 5, 12));
        let report = |color| {
            let mut out = Vec::new();
            let report = crate::model::Report::for_tests(vec![found.clone()]);
            render(&report, &mut out, color).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert!(report(true).contains('\u{1b}'));
        assert!(!report(false).contains('\u{1b}'));
    }
}
