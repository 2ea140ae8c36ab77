//! Inline suppressions: `shardscan-ignore: RULE-ID[, RULE-ID...]` (or `*` for every rule) in a
//! comment on the flagged line or on the comment lines directly above it.

use crate::slice::SourceFile;

const MARKER: &str = "shardscan-ignore:";
/// How many comment lines above a finding are searched.
const LOOKBACK: usize = 3;

/// The reason a finding of `rule_id` on `line` is suppressed, if it is.
pub(crate) fn suppression(file: &SourceFile, line: usize, rule_id: &str) -> Option<String> {
    if matches_marker(file.line_text(line), rule_id) {
        return Some(format!("inline `shardscan-ignore` on line {line}"));
    }
    let comments = file.language.spec().line_comments;
    for above in (line.saturating_sub(LOOKBACK).max(1)..line).rev() {
        let text = file.line_text(above).trim_start();
        let is_comment = comments.iter().any(|c| text.starts_with(c))
            || text.starts_with("/*")
            || text.starts_with('*');
        if !is_comment {
            break;
        }
        if matches_marker(text, rule_id) {
            return Some(format!("inline `shardscan-ignore` on line {above}"));
        }
    }
    None
}

fn matches_marker(text: &str, rule_id: &str) -> bool {
    let Some(at) = text.find(MARKER) else {
        return false;
    };
    text[at + MARKER.len()..]
        .split([',', ' ', '\t'])
        .map(|id| id.trim_end_matches("*/").trim())
        .take_while(|id| !id.starts_with("--"))
        .any(|id| id == rule_id || id == "*")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    #[test]
    fn finds_markers_on_or_above_the_line() {
        let text = "a = 1\n# shardscan-ignore: py/x, py/y\n# more words\nb = eval(x)\nc = eval(y)  # shardscan-ignore: *\nd = eval(z)  # shardscan-ignore: py/other\n\n# shardscan-ignore: py/x\nx = 1\ne = eval(q)\n";
        let file = SourceFile::new("a.py".into(), "a.py".into(), Language::Python, text.into());
        assert!(suppression(&file, 4, "py/x").is_some());
        assert!(suppression(&file, 4, "py/y").is_some());
        assert!(suppression(&file, 4, "py/z").is_none());
        assert!(suppression(&file, 5, "py/anything").is_some());
        assert!(suppression(&file, 6, "py/x").is_none());
        // A code line between the comment and the finding ends the search.
        assert!(suppression(&file, 10, "py/x").is_none());
    }
}
