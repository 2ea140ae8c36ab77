//! Constant evaluation: what the engine knows of a value without running the program. A literal
//! key or index names one entry of a container (`d["name"]`, `a[3]`), and a condition that is a
//! literal (`if False:`, `while (0)`) is always false or always true, so the walk can leave out a
//! branch that never runs. Beyond literals, [`Walk::constant`] folds what the local constants of
//! a function decide: numbers, strings, characters and booleans, arithmetic and comparisons,
//! `!`/`not`/`&&`/`||`, ternaries, and string operations on constants (`charAt`, `substring`,
//! `length`, `equals`, indexing), so `int n = 86; if ((7 * 42) - n > 200)` takes one branch and
//! `switch (s.charAt(2))` on a constant `s` one case.

use tree_sitter::Node;

use super::shape::unwrap_reference;
use super::state::State;
use super::syntax::Syntax;
use super::walk::Walk;

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

/// Most characters a folded string may have: constants are names and short words, and a
/// program that builds a long one is not deciding a branch with it.
const MAX_STRING: usize = 256;

impl Walk<'_> {
    /// The value of `node` if the walk knows it under `state`: literals, the function's local
    /// constants, and what operators and string methods make of them.
    pub(super) fn constant(&self, node: Node<'_>, state: &State) -> Option<Value> {
        if !self.budget.spend(1) {
            return None;
        }
        self.budget.deeper(|| self.constant_at_depth(node, state))
    }

    fn constant_at_depth(&self, node: Node<'_>, state: &State) -> Option<Value> {
        let syntax = self.syntax;
        let kind = node.kind();
        let source = self.src(node).trim();
        match source {
            "true" | "True" | "TRUE" => return Some(Value::Bool(true)),
            "false" | "False" | "FALSE" => return Some(Value::Bool(false)),
            _ => {}
        }
        if self.is(syntax.identifiers, node) {
            return state.consts.get(self.names.name(node, self.text)).cloned();
        }
        if kind == "character_literal" || kind == "char_literal" {
            let body = source.strip_prefix('\'')?.strip_suffix('\'')?;
            let mut chars = body.chars();
            let c = chars.next()?;
            return (chars.next().is_none() && c != '\\').then_some(Value::Int(c as i64));
        }
        if self.is(syntax.numbers, node) {
            return integer(source).map(Value::Int);
        }
        if self.is(syntax.strings, node) {
            return constant_key(node, syntax, self.text)
                .filter(|s| !s.contains('\\'))
                .map(Value::Str);
        }
        if kind == "pointer_expression" && source.starts_with('&') {
            let operand = node.child_by_field_name("argument")?;
            return self
                .is(syntax.identifiers, operand)
                .then(|| Value::Address(self.names.name(operand, self.text).to_string()));
        }
        if kind == "parenthesized_expression" || kind == "parenthesized_expression_list" {
            return self.constant(node.named_child(0)?, state);
        }
        if let Some(chosen) = self.chosen_branch(node, state) {
            return self.constant(chosen, state);
        }
        if let Some(call) = (syntax.call)(node) {
            let receiver = self.constant(call.receiver?, state)?;
            let name = self.src(call.name?);
            let arguments: Option<Vec<Value>> = call
                .arguments
                .iter()
                .map(|a| self.constant(*a, state))
                .collect();
            return method(&receiver, name, &arguments?);
        }
        if let Some((object, index)) = (syntax.subscript)(node) {
            let (Value::Str(s), Value::Int(i)) =
                (self.constant(object, state)?, self.constant(index, state)?)
            else {
                return None;
            };
            return s
                .chars()
                .nth(usize::try_from(i).ok()?)
                .map(|c| Value::Str(c.to_string()));
        }
        let children = super::shape::children(node);
        let operator = |from: usize, to: usize| self.text[from..to].trim();
        match children.as_slice() {
            // `-n`, `!ok`, `not ok`.
            [operand] if kind.contains("unary") || kind == "not_operator" => {
                let op = operator(node.start_byte(), operand.start_byte());
                let value = self.constant(*operand, state)?;
                match (op, value) {
                    ("!" | "not", value) => Some(Value::Bool(!value.truthy())),
                    ("-", Value::Int(n)) => n.checked_neg().map(Value::Int),
                    ("+", Value::Int(n)) => Some(Value::Int(n)),
                    _ => None,
                }
            }
            [left, right]
                if self.is(syntax.binaries, node)
                    || self.is(syntax.booleans, node)
                    || kind == "boolean_operator" =>
            {
                let op = operator(left.end_byte(), right.start_byte());
                let left = self.constant(*left, state);
                // `false && x`, `true || x` need no right side.
                match (op, &left) {
                    ("&&" | "and", Some(l)) if !l.truthy() => return Some(Value::Bool(false)),
                    ("||" | "or", Some(l)) if l.truthy() => return Some(Value::Bool(true)),
                    _ => {}
                }
                binary(op, left?, self.constant(*right, state)?)
            }
            _ => None,
        }
    }

    /// Whether `condition` is decided under `state`: `Some(true)` when it always holds.
    pub(super) fn decided(&self, condition: Node<'_>, state: &State) -> Option<bool> {
        if always_true(condition, self.text) {
            return Some(true);
        }
        if always_false(condition, self.text) {
            return Some(false);
        }
        self.constant(condition, state).map(|v| v.truthy())
    }

    /// The branch a ternary (`c ? a : b`, `a if c else b`) whose condition is decided takes.
    pub(super) fn chosen_branch<'t>(&self, node: Node<'t>, state: &State) -> Option<Node<'t>> {
        let (condition, yes, no) = ternary(node)?;
        Some(if self.decided(condition, state)? {
            yes
        } else {
            no
        })
    }
}

/// The condition and the two branches of a ternary expression.
pub(super) fn ternary(node: Node<'_>) -> Option<(Node<'_>, Node<'_>, Node<'_>)> {
    if node.kind() == "conditional_expression" && node.child_by_field_name("condition").is_none() {
        // Python's `a if c else b`.
        let children = super::shape::children(node);
        if let [body, condition, alternative] = children.as_slice() {
            return Some((*condition, *body, *alternative));
        }
        return None;
    }
    if !matches!(node.kind(), "ternary_expression" | "conditional_expression") {
        return None;
    }
    let condition = node.child_by_field_name("condition")?;
    let yes = node
        .child_by_field_name("consequence")
        .or_else(|| node.child_by_field_name("body"))?;
    let no = node.child_by_field_name("alternative")?;
    Some((condition, yes, no))
}

/// A decimal, hexadecimal, octal or binary integer literal (`86`, `0x1F`, `10L`, `1_000`).
fn integer(source: &str) -> Option<i64> {
    let digits: String = source
        .trim_end_matches(['l', 'L', 'u', 'U'])
        .chars()
        .filter(|c| *c != '_' && *c != '\'')
        .collect();
    let (radix, body) = match digits.get(..2) {
        Some("0x" | "0X") => (16, &digits[2..]),
        Some("0b" | "0B") => (2, &digits[2..]),
        Some("0o" | "0O") => (8, &digits[2..]),
        _ if digits.len() > 1 && digits.starts_with('0') => (8, &digits[1..]),
        _ => (10, digits.as_str()),
    };
    i64::from_str_radix(body, radix).ok()
}

/// `left op right` on two known values.
fn binary(op: &str, left: Value, right: Value) -> Option<Value> {
    use Value::{Bool, Int, Str};
    let compare = |ordering: std::cmp::Ordering| -> Option<Value> {
        Some(Bool(match op {
            "<" => ordering.is_lt(),
            "<=" => ordering.is_le(),
            ">" => ordering.is_gt(),
            ">=" => ordering.is_ge(),
            "==" | "===" => ordering.is_eq(),
            "!=" | "!==" | "<>" => !ordering.is_eq(),
            _ => return None,
        }))
    };
    match (left, right) {
        (Int(a), Int(b)) => match op {
            "+" => a.checked_add(b).map(Int),
            "-" => a.checked_sub(b).map(Int),
            "*" => a.checked_mul(b).map(Int),
            // Integer division as Java, C, Go and PHP's `intdiv` do it; Python's `//` floors.
            "/" if b != 0 => a.checked_div(b).map(Int),
            "//" if b != 0 => Some(Int(a.div_euclid(b))),
            "%" if b != 0 => a.checked_rem(b).map(Int),
            "&" => Some(Int(a & b)),
            "|" => Some(Int(a | b)),
            "^" => Some(Int(a ^ b)),
            "&&" | "and" => Some(Bool(a != 0 && b != 0)),
            "||" | "or" => Some(Bool(a != 0 || b != 0)),
            _ => compare(a.cmp(&b)),
        },
        (Str(a), Str(b)) => match op {
            "+" | "." if a.len() + b.len() <= MAX_STRING => Some(Str(a + &b)),
            _ => compare(a.cmp(&b)),
        },
        (Bool(a), Bool(b)) => match op {
            "&&" | "and" => Some(Bool(a && b)),
            "||" | "or" => Some(Bool(a || b)),
            "==" | "===" => Some(Bool(a == b)),
            "!=" | "!==" => Some(Bool(a != b)),
            _ => None,
        },
        (Bool(a), other) | (other, Bool(a)) if matches!(op, "&&" | "and" | "||" | "or") => {
            let b = other.truthy();
            Some(Bool(if op.starts_with('&') || op == "and" {
                a && b
            } else {
                a || b
            }))
        }
        _ => None,
    }
}

/// A string method on a known string, with known arguments.
fn method(receiver: &Value, name: &str, arguments: &[Value]) -> Option<Value> {
    let Value::Str(s) = receiver else {
        return None;
    };
    let chars: Vec<char> = s.chars().collect();
    let index = |value: &Value| match value {
        Value::Int(n) => usize::try_from(*n).ok(),
        _ => None,
    };
    match (name, arguments) {
        ("charAt", [i]) => chars.get(index(i)?).map(|c| Value::Int(*c as i64)),
        ("length", []) => Some(Value::Int(chars.len() as i64)),
        ("substring", [from]) => {
            let from = index(from)?;
            (from <= chars.len()).then(|| Value::Str(chars[from..].iter().collect()))
        }
        ("substring", [from, to]) => {
            let (from, to) = (index(from)?, index(to)?);
            (from <= to && to <= chars.len()).then(|| Value::Str(chars[from..to].iter().collect()))
        }
        ("equals", [Value::Str(other)]) => Some(Value::Bool(s == other)),
        ("equalsIgnoreCase", [Value::Str(other)]) => {
            Some(Value::Bool(s.to_lowercase() == other.to_lowercase()))
        }
        ("isEmpty", []) => Some(Value::Bool(s.is_empty())),
        ("toUpperCase" | "upper", []) => Some(Value::Str(s.to_uppercase())),
        ("toLowerCase" | "lower", []) => Some(Value::Str(s.to_lowercase())),
        ("startsWith" | "startswith", [Value::Str(p)]) => {
            Some(Value::Bool(s.starts_with(p.as_str())))
        }
        ("endsWith" | "endswith", [Value::Str(p)]) => Some(Value::Bool(s.ends_with(p.as_str()))),
        ("contains", [Value::Str(p)]) => Some(Value::Bool(s.contains(p.as_str()))),
        _ => None,
    }
}

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
            .child_by_field_name("condition")
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
