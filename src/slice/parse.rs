//! Parsing a file once, within a budget of work that depends on the file alone.
//!
//! The budget counts tree-sitter's progress callbacks: the parser calls back after every fixed
//! number of its own operations (100 in tree-sitter 0.27), so the count measures work done, not
//! time spent. The same file gets the same outcome on an idle laptop and on a loaded CI runner;
//! a wall-clock limit gave a busy machine's files line windows that a quiet machine parsed.

use std::ops::ControlFlow;

use super::SourceFile;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

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
}
