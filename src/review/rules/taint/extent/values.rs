//! Numbers and amounts the extents need: a count the constants give (`10 + 1`, a numeric macro,
//! `strlen(source)` of a string of known length, `sizeof buf`), and an amount of memory
//! (`100 * sizeof(char)`, `50 * sizeof(twoIntsStruct)`).

use tree_sitter::Node;

use super::amount::{type_size, Amount, Unit};
use crate::lang::GrammarNames;
use crate::review::rules::taint::constant::Value;
use crate::review::rules::taint::shape::{children, field};
use crate::review::rules::taint::state::State;
use crate::review::rules::taint::walk::Walk;

impl Walk<'_> {
    /// The integer `node` is known to be: a constant, a numeric macro, or one of the values
    /// [`Walk::extent_constant`] adds.
    pub(in crate::review::rules::taint) fn scalar(
        &self,
        node: Node<'_>,
        state: &State,
    ) -> Option<i64> {
        match self.constant(node, state) {
            Some(Value::Int(n)) => Some(n),
            Some(Value::Bool(b)) => Some(i64::from(b)),
            _ => None,
        }
    }

    /// What the constants of a rule about extents add: `strlen(p)` and `wcslen(p)` of a string
    /// of known length, `sizeof` of what has a size in bytes, and numeric macros.
    pub(in crate::review::rules::taint) fn extent_constant(
        &self,
        node: Node<'_>,
        state: &State,
    ) -> Option<Value> {
        match node.kind_name() {
            "identifier" => {
                if state.consts.contains_key(self.names.name(node, self.text)) {
                    return None;
                }
                self.names.number(node, self.text).map(Value::Int)
            }
            "char_literal" => character(self.src(node)).map(Value::Int),
            "cast_expression" => {
                let pointer = field(node, "type").is_some_and(|t| {
                    children(t)
                        .iter()
                        .any(|c| c.kind_name().contains("pointer"))
                });
                (!pointer)
                    .then(|| self.scalar(field(node, "value")?, state))
                    .flatten()
                    .map(Value::Int)
            }
            "sizeof_expression" => {
                let size = self.size_of(node, state)?;
                (size.unit == Unit::Byte).then_some(Value::Int(size.count))
            }
            "call_expression" => {
                let call = (self.syntax.call)(node)?;
                let name = self.names.name(call.name?, self.text);
                let width = match name {
                    "strlen" => 1,
                    "wcslen" => 4,
                    _ => return None,
                };
                let bytes = self.string_bytes(*call.arguments.first()?, state)?;
                (bytes % width == 0).then_some(Value::Int(bytes / width))
            }
            _ => None,
        }
    }

    /// The amount of memory `node` counts: a count of bytes, or of a type whose size is not
    /// known (`n * sizeof(T)`).
    pub(super) fn amount(&self, node: Node<'_>, state: &State) -> Option<Amount> {
        let node = bare(node);
        match node.kind_name() {
            "sizeof_expression" => self.size_of(node, state),
            "binary_expression" => {
                let operator = field(node, "operator")?.kind_name();
                let (left, right) = (field(node, "left")?, field(node, "right")?);
                match operator {
                    "*" => match (self.scalar(left, state), self.scalar(right, state)) {
                        (Some(a), Some(b)) => Some(Amount::bytes(a.checked_mul(b)?)),
                        (Some(n), None) => self.amount(right, state)?.times(n),
                        (None, Some(n)) => self.amount(left, state)?.times(n),
                        (None, None) => None,
                    },
                    "+" => self.amount(left, state)?.plus(&self.amount(right, state)?),
                    "-" => self.amount(left, state)?.minus(&self.amount(right, state)?),
                    _ => self.scalar(node, state).map(Amount::bytes),
                }
            }
            _ => self.scalar(node, state).map(Amount::bytes),
        }
    }

    /// What `sizeof` gives: of a type, of an array the walk knows the size of, of the element a
    /// pointer points at (`sizeof *p`, `sizeof p[0]`), or of a pointer.
    fn size_of(&self, node: Node<'_>, state: &State) -> Option<Amount> {
        if let Some(descriptor) = field(node, "type") {
            let pointer = children(descriptor)
                .iter()
                .any(|c| c.kind_name().contains("pointer"));
            let written = self.src(field(descriptor, "type")?);
            return Some(if pointer {
                type_size("void *")
            } else {
                type_size(written)
            });
        }
        let value = bare(field(node, "value")?);
        match value.kind_name() {
            "identifier" => {
                let name = self.names.name(value, self.text);
                let Some(declared) = state.extents.declared.get(name) else {
                    // Not a variable of the function: `sizeof(T)` parsed as an expression.
                    return (!state.consts.contains_key(name)).then(|| type_size(name));
                };
                if !declared.array {
                    return declared.element.as_ref().map(|_| type_size("void *"));
                }
                let places = state.extents.pointers.get(name)?;
                let [place] = places.list.as_slice() else {
                    return None;
                };
                let buffer = state.extents.buffers.get(&place.buffer)?;
                (place.offset == 0).then(|| buffer.size.clone())
            }
            "pointer_expression" if self.src(value).starts_with('*') => {
                let pointer = bare(field(value, "argument")?);
                (pointer.kind_name() == "identifier")
                    .then(|| state.extents.element(self.names.name(pointer, self.text)))
                    .flatten()
            }
            "subscript_expression" => {
                let pointer = bare(field(value, "argument")?);
                (pointer.kind_name() == "identifier")
                    .then(|| state.extents.element(self.names.name(pointer, self.text)))
                    .flatten()
            }
            "type_descriptor" => Some(type_size(self.src(value))),
            _ => None,
        }
    }
}

impl Walk<'_> {
    /// The counter of a `for` loop that counts by one from a known start to a known bound
    /// (`for (i = 0; i < n; i++)`, `<=`, `!=`, `n > i`), which its body does not assign, with
    /// the values it takes in the body. Called once the loop's initializer has run.
    pub(in crate::review::rules::taint) fn counted_loop(
        &self,
        node: Node<'_>,
        state: &State,
    ) -> Option<(String, (i64, i64))> {
        if node.kind_name() != "for_statement" {
            return None;
        }
        let condition = bare(field(node, "condition")?);
        if condition.kind_name() != "binary_expression" {
            return None;
        }
        let operator = field(condition, "operator")?.kind_name();
        let (left, right) = (field(condition, "left")?, field(condition, "right")?);
        let (counter, bound, operator) = match operator {
            "<" | "<=" | "!=" if left.kind_name() == "identifier" => (left, right, operator),
            ">" if right.kind_name() == "identifier" => (right, left, "<"),
            ">=" if right.kind_name() == "identifier" => (right, left, "<="),
            _ => return None,
        };
        let name = self.names.name(counter, self.text);
        let update = field(node, "update")?;
        let steps_by_one = match update.kind_name() {
            "update_expression" => {
                self.src(update).contains("++")
                    && field(update, "argument").is_some_and(|a| self.src(a) == name)
            }
            "assignment_expression" => {
                let text: String = self.src(update).split_whitespace().collect();
                text == format!("{name}+=1") || text == format!("{name}={name}+1")
            }
            _ => false,
        };
        if !steps_by_one {
            return None;
        }
        let Some(Value::Int(start)) = state.consts.get(name).cloned() else {
            return None;
        };
        let bound = self.scalar(bound, state)?;
        let last = match operator {
            "<=" => bound,
            _ => bound.checked_sub(1)?,
        };
        if last < start || assigns(field(node, "body")?, name, self) {
            return None;
        }
        Some((name.to_string(), (start, last)))
    }

    /// Narrows the ranges of loop counters to where `condition` holds (`holds`) or fails:
    /// `if (i >= 50) break;` leaves `i` below 50 after it, `if (i + 1 < n)` keeps `i + 1`
    /// below `n` inside.
    pub(in crate::review::rules::taint) fn narrow_counters(
        &self,
        condition: Node<'_>,
        holds: bool,
        state: &mut State,
    ) {
        if state.extents.ranges.is_empty() {
            return;
        }
        let mut condition = bare(condition);
        if condition.kind_name() == "condition_clause" {
            match condition.field("value") {
                Some(value) => condition = bare(value),
                None => return,
            }
        }
        match condition.kind_name() {
            "unary_expression" if self.src(condition).starts_with('!') => {
                if let Some(inner) = field(condition, "argument") {
                    self.narrow_counters(inner, !holds, state);
                }
            }
            "binary_expression" => {
                let Some(operator) = field(condition, "operator").map(|o| o.kind_name()) else {
                    return;
                };
                let (Some(left), Some(right)) =
                    (field(condition, "left"), field(condition, "right"))
                else {
                    return;
                };
                match (operator, holds) {
                    // Both sides hold, or either fails: only the first is known to.
                    ("&&", true) | ("||", false) => {
                        self.narrow_counters(left, holds, state);
                        self.narrow_counters(right, holds, state);
                    }
                    ("&&", false) | ("||", true) => {}
                    _ => self.narrow_comparison(operator, left, right, holds, state),
                }
            }
            _ => {}
        }
    }

    /// `left operator right` holds (or fails) with a counter, or a counter plus a constant, on
    /// one side and a known number on the other.
    fn narrow_comparison(
        &self,
        operator: &str,
        left: Node<'_>,
        right: Node<'_>,
        holds: bool,
        state: &mut State,
    ) {
        // Read as `counter (+ shift) op bound`, swapping the sides when the counter is right.
        let (counter, bound, operator) =
            match (self.counter_of(left, state), self.scalar(right, state)) {
                (Some(counter), Some(bound)) => (counter, bound, operator),
                _ => match (self.counter_of(right, state), self.scalar(left, state)) {
                    (Some(counter), Some(bound)) => {
                        let swapped = match operator {
                            "<" => ">",
                            "<=" => ">=",
                            ">" => "<",
                            ">=" => "<=",
                            other => other,
                        };
                        (counter, bound, swapped)
                    }
                    _ => return,
                },
            };
        let operator = if holds {
            operator
        } else {
            match operator {
                "<" => ">=",
                "<=" => ">",
                ">" => "<=",
                ">=" => "<",
                "==" => "!=",
                "!=" => "==",
                _ => return,
            }
        };
        let ((name, shift), bound) = (counter, bound);
        let Some(&(low, high)) = state.extents.ranges.get(&name) else {
            return;
        };
        let Some(bound) = bound.checked_sub(shift) else {
            return;
        };
        let (low, high) = match operator {
            "<" => (low, high.min(bound.saturating_sub(1))),
            "<=" => (low, high.min(bound)),
            ">" => (low.max(bound.saturating_add(1)), high),
            ">=" => (low.max(bound), high),
            "==" => (low.max(bound), high.min(bound)),
            _ => return,
        };
        state.extents.count(name, (low, high));
    }

    /// The counter `node` reads, with what is added to it: `i` is `(i, 0)`, `i + 1` is `(i, 1)`.
    fn counter_of(&self, node: Node<'_>, state: &State) -> Option<(String, i64)> {
        let node = bare(node);
        match node.kind_name() {
            "identifier" => {
                let name = self.names.name(node, self.text);
                state
                    .extents
                    .ranges
                    .contains_key(name)
                    .then(|| (name.to_string(), 0))
            }
            "binary_expression" => {
                let operator = field(node, "operator")?.kind_name();
                let (name, shift) = self.counter_of(field(node, "left")?, state)?;
                let by = self.scalar(field(node, "right")?, state)?;
                match operator {
                    "+" => Some((name, shift.checked_add(by)?)),
                    "-" => Some((name, shift.checked_sub(by)?)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Forgets what is known of the pointers assigned or moved inside `node` (a loop's body:
    /// a value that changes every round is not known in it).
    pub(in crate::review::rules::taint) fn forget_extents_in(
        &self,
        node: Node<'_>,
        state: &mut State,
    ) {
        if state.extents.is_empty() {
            return;
        }
        let mut stack = vec![node];
        while let Some(node) = stack.pop() {
            let target = match node.kind_name() {
                "assignment_expression" => field(node, "left"),
                "update_expression" => field(node, "argument"),
                _ => None,
            };
            if let Some(target) = target.filter(|t| t.kind_name() == "identifier") {
                let name = self.names.name(target, self.text).to_string();
                state.extents.forget(&name);
            }
            stack.extend(children(node));
        }
    }
}

/// Whether `node` assigns or steps the variable `name`.
fn assigns(node: Node<'_>, name: &str, walk: &Walk<'_>) -> bool {
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        let target = match node.kind_name() {
            "assignment_expression" => field(node, "left"),
            "update_expression" => field(node, "argument"),
            "pointer_expression" if walk.src(node).starts_with('&') => field(node, "argument"),
            _ => None,
        };
        if target.is_some_and(|t| walk.src(t) == name) {
            return true;
        }
        stack.extend(children(node));
    }
    false
}

/// `node` without the parentheses and casts around it (`(size_t)(n)`).
fn bare(node: Node<'_>) -> Node<'_> {
    crate::review::rules::taint::shape::unwrap_cast(node)
}

/// The code of a C character literal, escapes included (`'A'`, `'\0'`, `L'\0'`, `'\x41'`).
fn character(literal: &str) -> Option<i64> {
    let body = literal
        .trim_start_matches(['L', 'u', 'U'])
        .trim_start_matches("8")
        .strip_prefix('\'')?
        .strip_suffix('\'')?;
    let mut chars = body.chars();
    let first = chars.next()?;
    if first != '\\' {
        return chars.next().is_none().then_some(first as i64);
    }
    let rest: String = chars.collect();
    Some(match rest.as_str() {
        "n" => 10,
        "t" => 9,
        "r" => 13,
        "a" => 7,
        "b" => 8,
        "f" => 12,
        "v" => 11,
        "\\" => 92,
        "'" => 39,
        "\"" => 34,
        "?" => 63,
        _ if rest.starts_with('x') => i64::from_str_radix(&rest[1..], 16).ok()?,
        _ if !rest.is_empty() && rest.chars().all(|c| ('0'..='7').contains(&c)) => {
            i64::from_str_radix(&rest, 8).ok()?
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::character;

    #[test]
    fn character_literals_read_their_escapes() {
        for (literal, code) in [
            ("'A'", 65),
            ("'\\0'", 0),
            ("L'\\0'", 0),
            ("'\\n'", 10),
            ("'\\x41'", 65),
            ("'\\101'", 65),
            ("'\\''", 39),
        ] {
            assert_eq!(character(literal), Some(code), "{literal}");
        }
        assert_eq!(character("'ab'"), None);
    }
}
