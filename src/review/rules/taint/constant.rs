//! Constant evaluation: what the engine knows of a value without running the program. A literal
//! key or index names one entry of a container (`d["name"]`, `a[3]`), and a condition that is a
//! literal (`if False:`, `while (0)`) is always false or always true, so the walk can leave out a
//! branch that never runs. Constant folding (`"a" + "b"`, `DEBUG = False` then `if DEBUG:`) belongs
//! here.

use tree_sitter::Node;

use super::lang::Syntax;
use super::shape::unwrap_reference;

/// A dictionary key or index that is a literal: `"name"`, `'id'`, `3`.
pub(super) fn constant_key(node: Node<'_>, syntax: &Syntax, text: &str) -> Option<String> {
    let node = unwrap_reference(node);
    let kind = node.kind();
    if syntax.numbers.contains(&kind) {
        return Some(text[node.byte_range()].to_string());
    }
    if kind == "literal_element" {
        return constant_key(node.named_child(0)?, syntax, text);
    }
    if !syntax.strings.contains(&kind) {
        return None;
    }
    let mut cursor = node.walk();
    let plain = node
        .named_children(&mut cursor)
        .all(|c| syntax.string_parts.contains(&c.kind()));
    if !plain {
        return None;
    }
    // `"a"` and `'a'` are the same key.
    let raw = &text[node.byte_range()];
    let body = raw.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    Some(
        body.trim_matches(|c| c == '"' || c == '\'' || c == '`')
            .to_string(),
    )
}

/// The condition without the parentheses around it.
fn bare(condition: Node<'_>, text: &str) -> String {
    let mut source = text[condition.byte_range()].trim();
    while source.starts_with('(') && source.ends_with(')') {
        source = source[1..source.len() - 1].trim();
    }
    source.to_string()
}

/// Whether `condition` is a literal that is always false (`False`, `0`, `null`, `""`, `!true`).
pub(super) fn always_false(condition: Node<'_>, text: &str) -> bool {
    let source = bare(condition, text);
    matches!(
        source.as_str(),
        "False"
            | "false"
            | "FALSE"
            | "0"
            | "None"
            | "null"
            | "nil"
            | "NULL"
            | "\"\""
            | "''"
            | "0.0"
            | "!true"
            | "!1"
            | "not True"
    )
}

/// Whether `condition` is a literal that is always true (`True`, `1`, `!false`).
pub(super) fn always_true(condition: Node<'_>, text: &str) -> bool {
    let source = bare(condition, text);
    matches!(
        source.as_str(),
        "True" | "true" | "TRUE" | "1" | "!false" | "!0" | "not False"
    )
}
