//! Constant evaluation: what the engine knows of a value without running the program. A literal
//! key or index names one entry of a container (`d["name"]`, `a[3]`), and a condition that is a
//! literal (`if False:`, `while (0)`) is always false or always true, so the walk can leave out a
//! branch that never runs. Beyond literals, the walk folds (in `fold`) what the local constants of
//! a function decide: numbers, strings, characters and booleans, arithmetic and comparisons,
//! `!`/`not`/`&&`/`||`, ternaries, and string operations on constants (`charAt`, `substring`,
//! `length`, `equals`, indexing), so `int n = 86; if ((7 * 42) - n > 200)` takes one branch and
//! `switch (s.charAt(2))` on a constant `s` one case.

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::shape::unwrap_reference;
use super::syntax::Syntax;

/// A value the walk knows without running the program.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    /// Integers, and characters as their code (Java's `'A'` is 65 in `switch` and arithmetic).
    Int(i64),
    Str(String),
    Bool(bool),
    /// C's `&x`: the address of the local variable `x`, so `*p` reads and writes `x`.
    Address(String),
}

impl Value {
    /// Whether a condition with this value holds (C's `if (n)`, Python's `if s:`).
    pub(super) fn truthy(&self) -> bool {
        match self {
            Value::Int(n) => *n != 0,
            Value::Str(s) => !s.is_empty(),
            Value::Bool(b) => *b,
            Value::Address(_) => true,
        }
    }
}

/// A dictionary key or index that is a literal: `"name"`, `'id'`, `3`.
pub(super) fn constant_key(node: Node<'_>, syntax: &Syntax, text: &str) -> Option<String> {
    let node = unwrap_reference(node);
    let kind = node.kind_name();
    if syntax.numbers.contains(&kind) {
        return Some(text[node.byte_range()].to_string());
    }
    if kind == "literal_element" {
        return constant_key(node.named_child(0)?, syntax, text);
    }
    if !syntax.strings.contains(&kind) {
        return None;
    }
    let plain = super::shape::children(node)
        .iter()
        .all(|c| syntax.string_parts.contains(&c.kind_name()));
    if !plain {
        return None;
    }
    // `"a"` and `'a'` are the same key.
    let raw = &text[node.byte_range()];
    // C#'s verbatim `@"a"` is the key `a` too.
    let body = raw.trim_start_matches(|c: char| c.is_ascii_alphabetic() || c == '@');
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

#[cfg(test)]
mod tests {
    use super::super::fixture::program;
    use super::*;
    use crate::lang::Language::{self, Go, Java, JavaScript, Php, Python, C};

    /// What the walk knows of a condition: always true, always false, or not known.
    #[derive(Debug, PartialEq)]
    enum Known {
        True,
        False,
        Unknown,
    }

    /// The verdict on the condition of the first conditional or loop of `code`.
    fn verdict(language: Language, code: &str) -> Known {
        let program = program(language, code);
        let syntax = program.syntax();
        let mut found = Vec::new();
        super::super::shape::collect(
            program.root(),
            &|k| syntax.conditionals.contains(&k) || syntax.loops.contains(&k),
            &mut found,
        );
        let statement = found.first().expect("the code has a conditional or a loop");
        let condition = statement
            .field("condition")
            .expect("the statement has a condition");
        match (
            always_true(condition, &program.text),
            always_false(condition, &program.text),
        ) {
            (true, false) => Known::True,
            (false, true) => Known::False,
            (false, false) => Known::Unknown,
            (true, true) => panic!("`{code}` is both always true and always false"),
        }
    }

    #[test]
    fn literal_conditions_are_known_in_every_language() {
        let cases = [
            (Python, "if False:\n    pass\n", Known::False),
            (Python, "if None:\n    pass\n", Known::False),
            (Python, "if not True:\n    pass\n", Known::False),
            (Python, "if '':\n    pass\n", Known::False),
            (Python, "while 0:\n    pass\n", Known::False),
            (Python, "if True:\n    pass\n", Known::True),
            (Python, "if not False:\n    pass\n", Known::True),
            (Python, "while 1:\n    pass\n", Known::True),
            (Python, "if debug:\n    pass\n", Known::Unknown),
            (Python, "if x == 1:\n    pass\n", Known::Unknown),
            (JavaScript, "if (false) {}", Known::False),
            (JavaScript, "if (null) {}", Known::False),
            (JavaScript, "if (!true) {}", Known::False),
            (JavaScript, "if ((false)) {}", Known::False),
            (JavaScript, "if (true) {}", Known::True),
            (JavaScript, "while (!0) {}", Known::True),
            (JavaScript, "if (x === 1) {}", Known::Unknown),
            (Java, "class A { void f() { if (false) {} } }", Known::False),
            (
                Java,
                "class A { void f() { while (true) {} } }",
                Known::True,
            ),
            (Java, "class A { void f() { if (ok) {} } }", Known::Unknown),
            (Go, "package p\nfunc f() { if false {} }", Known::False),
            (Go, "package p\nfunc f() { if true {} }", Known::True),
            (
                Go,
                "package p\nfunc f() { if err != nil {} }",
                Known::Unknown,
            ),
            (Php, "<?php if (false) {}", Known::False),
            (Php, "<?php if (FALSE) {}", Known::False),
            (Php, "<?php if (TRUE) {}", Known::True),
            (Php, "<?php if ($x) {}", Known::Unknown),
            (C, "void f() { if (0) {} }", Known::False),
            (C, "void f() { if (NULL) {} }", Known::False),
            (C, "void f() { if (!1) {} }", Known::False),
            (C, "void f() { while (1) {} }", Known::True),
            (C, "void f() { if (n > 0) {} }", Known::Unknown),
        ];
        for (language, code, expected) in cases {
            assert_eq!(verdict(language, code), expected, "{language}: {code}");
        }
    }

    /// The constant key of the index of the first subscript in `code`.
    fn key(language: Language, code: &str) -> Option<String> {
        let program = program(language, code);
        let syntax = program.syntax();
        let mut found = Vec::new();
        super::super::shape::collect(program.root(), &|_| true, &mut found);
        let (_, index) = found
            .iter()
            .find_map(|n| (syntax.subscript)(*n))
            .expect("the code has a subscript");
        constant_key(index, syntax, &program.text)
    }

    #[test]
    fn literal_keys_name_one_entry_and_other_keys_none() {
        let some = |k: &str| Some(k.to_string());
        let cases = [
            (Python, "d['name']", some("name")),
            (Python, "d[\"name\"]", some("name")),
            (Python, "d[b\"raw\"]", some("raw")),
            (Python, "d[3]", some("3")),
            (Python, "d[f\"{k}\"]", None),
            (Python, "d[k]", None),
            (JavaScript, "o['a']", some("a")),
            (JavaScript, "o[0]", some("0")),
            (JavaScript, "o[`a`]", None),
            (JavaScript, "o[k]", None),
            (Java, "class A { void f() { a[1] = 0; } }", some("1")),
            (Go, "package p\nvar x = m[\"k\"]", some("k")),
            (Go, "package p\nvar x = m[`k`]", some("k")),
            (Php, "<?php $a['k'];", some("k")),
            (Php, "<?php $a[\"k$x\"];", None),
            (C, "int x = a[2];", some("2")),
        ];
        for (language, code, expected) in cases {
            assert_eq!(key(language, code), expected, "{language}: {code}");
        }
    }
}
