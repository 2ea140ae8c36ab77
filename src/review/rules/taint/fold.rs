//! Constant folding in the walk: the value of an expression under the state's known local
//! values (see [`Value`]), whether a condition is decided, and which branch a ternary takes.

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::constant::{always_false, always_true, constant_key, Value};
use super::state::State;
use super::walk::Walk;

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
        if self.roles.extent.is_some() {
            if let Some(value) = self.extent_constant(node, state) {
                return Some(value);
            }
        }
        let syntax = self.syntax;
        let kind = node.kind_name();
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
            let operand = node.field("argument")?;
            return self
                .is(syntax.identifiers, operand)
                .then(|| Value::Address(self.names.name(operand, self.text).to_string()));
        }
        if kind == "parenthesized_expression" || kind == "parenthesized_expression_list" {
            return self.constant(node.named_child(0)?, state);
        }
        // C++'s `if (x)` holds its condition in a clause (which may declare a variable first).
        if kind == "condition_clause" {
            let value = node.field("value")?;
            return (node.named_child_count() == 1)
                .then(|| self.constant(value, state))
                .flatten();
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
    if node.kind_name() == "conditional_expression" && node.field("condition").is_none() {
        // Python's `a if c else b`.
        let children = super::shape::children(node);
        if let [body, condition, alternative] = children.as_slice() {
            return Some((*condition, *body, *alternative));
        }
        return None;
    }
    if !matches!(
        node.kind_name(),
        "ternary_expression" | "conditional_expression"
    ) {
        return None;
    }
    let condition = node.field("condition")?;
    let yes = node.field("consequence").or_else(|| node.field("body"))?;
    let no = node.field("alternative")?;
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
