//! Parsing a file once, within a budget of work that depends on the file alone, and around the
//! one input shape known to make a grammar quadratic (long runs of Python comment lines).
//!
//! The budget counts tree-sitter's progress callbacks: the parser calls back after every fixed
//! number of its own operations (100 in tree-sitter 0.27), so the count measures work done, not
//! time spent. The same file gets the same outcome on an idle laptop and on a loaded CI runner;
//! a wall-clock limit gave a busy machine's files line windows that a quiet machine parsed.

use std::ops::{ControlFlow, Range};

use super::SourceFile;
use crate::lang::GrammarNames;
use crate::lang::Language;

/// Progress callbacks allowed whatever the file's size (about 5 million parser operations).
const BUDGET_FLOOR: u64 = 50_000;
/// Bytes of the file per further progress callback allowed. Measured over `corpus/` (every
/// language), ordinary code takes at most 0.015 callbacks a byte, 10,000 nested brackets 0.05 and
/// broken code in error recovery 0.016: a quarter of a callback a byte leaves five times the worst
/// of those, and still stops a parse that has gone exponential.
const BYTES_PER_CALLBACK: u64 = 4;

/// The most progress callbacks a parse of `bytes` bytes may take: a function of the input's
/// size only, so every machine gives up on the same files.
pub(crate) fn work_budget(bytes: usize) -> u64 {
    BUDGET_FLOOR.saturating_add(bytes as u64 / BYTES_PER_CALLBACK)
}

/// The look-ahead (in bytes scanned) that the comment runs of a file may cost the Python scanner
/// before they are blanked (see [`blank_comment_runs`]): a run of `n` lines and `b` bytes costs
/// about `n * b`. Over 2,039 files of CPython's standard library and pip the most is 2.3 million
/// (`importlib/_bootstrap_external.py`); 40,000 comment lines cost 19 billion. Below the limit
/// the parser reads the file as it is, so ordinary files keep their comments in the tree (and
/// their shards) exactly as before.
const COMMENT_LOOKAHEAD_LIMIT: usize = 64 << 20;
/// Consecutive whole-line comments from which a run is blanked, once a file is over the limit:
/// shorter runs cost little even then (at most this many times the file's size).
const MIN_COMMENT_RUN: usize = 32;

/// Parses `file` with `parser` (one per thread) within [`work_budget`], recording why when there
/// is no tree.
pub(crate) fn parse(file: &mut SourceFile, parser: &mut tree_sitter::Parser) {
    parse_within(file, parser, work_budget(file.text.len()));
}

/// [`parse`] with an explicit budget of progress callbacks (tests inject tiny ones).
pub(crate) fn parse_within(file: &mut SourceFile, parser: &mut tree_sitter::Parser, budget: u64) {
    let Some(grammar) = file.language.grammar() else {
        return;
    };
    if let Err(e) = parser.set_language(&grammar) {
        file.parse_failure = Some(format!("grammar could not be loaded: {e}"));
        return;
    }
    // The parser reads a copy with long comment runs blanked when that is safe; the file keeps its
    // text, and byte offsets and lines are the same in both.
    if let Some((blanked, runs)) = blank_comment_runs(file.language, &file.text) {
        match run(parser, blanked.as_bytes(), budget) {
            Ok(tree) if !any_in_string(&tree, &runs) => {
                file.tree = Some(tree);
                return;
            }
            // A run the scan took for comments was inside a string after all: the original text.
            Ok(_) => {}
            Err(failure) => {
                file.parse_failure = Some(failure);
                return;
            }
        }
    }
    match run(parser, file.text.as_bytes(), budget) {
        Ok(tree) => file.tree = Some(tree),
        Err(failure) => file.parse_failure = Some(failure),
    }
}

/// One parse of `bytes`, stopped when it has called back `budget` times.
fn run(
    parser: &mut tree_sitter::Parser,
    bytes: &[u8],
    budget: u64,
) -> Result<tree_sitter::Tree, String> {
    let mut calls = 0u64;
    let mut on_progress = |_: &tree_sitter::ParseState| {
        calls += 1;
        if calls > budget {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let tree = parser.parse_with_options(
        &mut |offset, _| bytes.get(offset..).unwrap_or_default(),
        None,
        Some(tree_sitter::ParseOptions::new().progress_callback(&mut on_progress)),
    );
    tree.ok_or_else(|| {
        parser.reset();
        format!(
            "parsing needed more than its budget of work ({budget} steps of 100 parser operations, for {} bytes)",
            bytes.len()
        )
    })
}

/// Whether the parse of the blanked text put the start of a blanked run inside a string: the
/// scan below took string content for comments, and the blanked text is not the file's code.
fn any_in_string(tree: &tree_sitter::Tree, runs: &[Range<usize>]) -> bool {
    runs.iter().any(|run| {
        let mut node = tree
            .root_node()
            .descendant_for_byte_range(run.start, run.start + 1);
        while let Some(current) = node {
            if current.kind_name().contains("string") {
                return true;
            }
            node = current.parent();
        }
        false
    })
}

/// tree-sitter-python's external scanner, at the end of each comment line inside a block (or
/// before a dedent), looks ahead over every comment line that follows to decide the indentation,
/// and the next comment starts the same look-ahead again: `n` consecutive comment lines cost `n²`
/// line scans, in the lexer, where the budget of parser operations does not see them (40,000
/// lines of `    # comment`, 560 KB, took 20 s and 50 progress callbacks; at the top level the
/// same lines parse in 0.04 s). Comments mean nothing to the parser, so it may read spaces in
/// their place, byte for byte: offsets, lines and columns stay the file's, and every reviewer
/// still reads the real text. Only in files whose comment runs would cost more than
/// [`COMMENT_LOOKAHEAD_LIMIT`], and there only runs of at least [`MIN_COMMENT_RUN`] whole-line
/// comments outside strings, are blanked; returns the blanked text and the byte ranges blanked
/// (one per comment line), or `None` when nothing is worth blanking. Python only: its comments
/// cannot change the meaning of code (no preprocessor, no doc comments the grammar reads).
pub(crate) fn blank_comment_runs(
    language: Language,
    text: &str,
) -> Option<(String, Vec<Range<usize>>)> {
    if language != Language::Python {
        return None;
    }
    let mut all_runs: Vec<Vec<Range<usize>>> = Vec::new();
    let mut previous_line = None;
    for (line, range) in python_comment_lines(text) {
        match all_runs.last_mut() {
            Some(run) if previous_line.is_some_and(|p: usize| p + 1 == line) => run.push(range),
            _ => all_runs.push(vec![range]),
        }
        previous_line = Some(line);
    }
    let lookahead: usize = all_runs
        .iter()
        .map(|run| {
            // From the first `#` to the end of the last line: indentation included.
            let bytes = match (run.first(), run.last()) {
                (Some(first), Some(last)) => last.end + 1 - first.start,
                _ => 0,
            };
            run.len().saturating_mul(bytes)
        })
        .fold(0, usize::saturating_add);
    if lookahead < COMMENT_LOOKAHEAD_LIMIT {
        return None;
    }
    let runs: Vec<Range<usize>> = all_runs
        .into_iter()
        .filter(|run| run.len() >= MIN_COMMENT_RUN)
        .flatten()
        .collect();
    if runs.is_empty() {
        return None;
    }
    let mut bytes = text.as_bytes().to_vec();
    for range in &runs {
        bytes[range.clone()].fill(b' ');
    }
    // Whole characters were replaced by ASCII spaces, so the text is still UTF-8.
    let blanked = String::from_utf8(bytes).ok()?;
    Some((blanked, runs))
}

/// Every whole-line comment of Python `text` outside strings: (0-based line, byte range of the
/// comment from `#` to the end of the line, its line break excluded). A string the scan does not
/// understand costs at worst a missed run or, caught after the parse, a re-parse.
fn python_comment_lines(text: &str) -> Vec<(usize, Range<usize>)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut line = 0usize;
    let mut at_line_start = true;
    let mut i = 0usize;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                line += 1;
                at_line_start = true;
                i += 1;
            }
            b' ' | b'\t' | b'\x0c' | b'\r' => i += 1,
            b'#' => {
                let end = bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n' || b == b'\r')
                    .map_or(bytes.len(), |n| i + n);
                if at_line_start {
                    found.push((line, i..end));
                }
                i = end;
            }
            quote @ (b'\'' | b'"') => {
                at_line_start = false;
                let triple = bytes.get(i..i + 3) == Some(&[quote; 3][..]);
                let width = if triple { 3 } else { 1 };
                i += width;
                // Inside the string: a backslash escapes the next byte (in raw strings too, as
                // far as where the string ends is concerned).
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' => {
                            if bytes.get(i + 1) == Some(&b'\n') {
                                line += 1;
                            }
                            i += 2;
                        }
                        b'\n' if !triple => break, // unterminated: the line ends it
                        b'\n' => {
                            line += 1;
                            i += 1;
                        }
                        b if b == quote
                            && (!triple || bytes.get(i..i + 3) == Some(&[quote; 3][..])) =>
                        {
                            i += width;
                            break;
                        }
                        _ => i += 1,
                    }
                }
            }
            _ => {
                at_line_start = false;
                i += 1;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str, budget: u64) -> SourceFile {
        let mut file = SourceFile::new("x.py".into(), "x.py".into(), Language::Python, text.into());
        parse_within(&mut file, &mut tree_sitter::Parser::new(), budget);
        file
    }

    #[test]
    fn the_budget_is_a_function_of_the_input_alone() {
        assert_eq!(work_budget(0), BUDGET_FLOOR);
        assert_eq!(work_budget(4_000), BUDGET_FLOOR + 1_000);
        assert_eq!(work_budget(4_003), BUDGET_FLOOR + 1_000);
    }

    /// With a budget too small for it, a file fails to parse every time, with the same message;
    /// with its normal budget, it parses every time. No clock decides either.
    #[test]
    fn the_same_input_and_budget_give_the_same_outcome() {
        let text = "def f(x):\n    return [y * 2 for y in x if y]\n".repeat(200);
        let outcomes: Vec<Option<String>> =
            (0..3).map(|_| parsed(&text, 3).parse_failure).collect();
        assert!(outcomes[0]
            .as_deref()
            .is_some_and(|f| f.contains("budget of work (3 steps")));
        assert!(outcomes.iter().all(|o| o == &outcomes[0]));
        for _ in 0..3 {
            let file = parsed(&text, work_budget(text.len()));
            assert!(file.tree.is_some(), "{:?}", file.parse_failure);
        }
    }

    #[test]
    fn long_comment_runs_are_blanked_byte_for_byte_outside_strings() {
        let mut text = String::from("import os\n");
        text.push_str(&"# comment é\n".repeat(3_000));
        text.push_str("s = \"\"\"\n");
        text.push_str(&"# inside a string\n".repeat(40));
        text.push_str("\"\"\"\n    # short run\nos.system(input())\n");
        let (blanked, runs) = blank_comment_runs(Language::Python, &text).expect("a long run");
        assert_eq!(blanked.len(), text.len());
        assert_eq!(runs.len(), 3_000, "the run inside the string is left alone");
        assert!(blanked.starts_with(&format!("import os\n{}\n", " ".repeat(12))));
        assert!(blanked.contains("# inside a string\n"));
        assert!(blanked.contains("# short run"));
        assert_eq!(blanked.lines().count(), text.lines().count());
        assert!(blank_comment_runs(Language::Ruby, &text).is_none());
        // An ordinary file, even with a long comment block, reaches the parser as it is.
        let licence = format!(
            "{}import os\n",
            "# licence text of a usual length\n".repeat(200)
        );
        assert!(blank_comment_runs(Language::Python, &licence).is_none());
    }

    #[test]
    fn a_blanked_parse_keeps_the_tree_of_the_code() {
        let text = format!(
            "import os\n\ndef run(t):\n{}    os.system(t)\n",
            "    # c\n".repeat(4_000)
        );
        assert!(blank_comment_runs(Language::Python, &text).is_some());
        let file = parsed(&text, work_budget(text.len()));
        let tree = file.tree.as_ref().expect("parsed");
        let root = tree.root_node();
        assert!(!root.has_error());
        let at = text.find("os.system").unwrap_or(0);
        let call = root.descendant_for_byte_range(at, at + 9).expect("a node");
        assert_eq!(file.line_of_byte(call.start_byte()), 4_004);
        // The comment lines are gone from the tree the parser built, not from the file.
        assert_eq!(
            root.child(root.child_count() - 1).map(|n| n.kind_name()),
            Some("function_definition")
        );
        assert!(file.text.contains("    # c\n"));
    }
}
