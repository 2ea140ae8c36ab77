//! Lists whose every operation has a constant position: `values.add("safe"); values.add(param);
//! values.add("moresafe"); values.remove(0); bar = values.get(1);` reads `"moresafe"`, not the
//! parameter. A local list made empty (`new ArrayList<>()`, `[]`, `list()`, `new Array()`) or
//! from a literal, and used in its function only by `add`/`append`/`push` of one value,
//! `add(i, v)`/`insert(i, v)`, `remove(i)`/`pop(i)`/`pop()`, `get(i)` and `size`-like calls
//! with constant positions (or `l[i]`), keeps its length, and each entry its own taint under
//! its position. Any other use (a loop over it, a call it is handed to) means it is not
//! tracked at all, and it is one container as before.

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::constant::{constant_key, Value};
use super::shape;
use super::state::{any_entry_key, entry_key, State};
use super::walk::Walk;
use super::Step;

/// Calls that add one value at the end.
const APPENDS: [&str; 3] = ["add", "append", "push"];
/// Calls that insert a value at a position given first.
const INSERTS: [&str; 2] = ["add", "insert"];
/// Calls that remove the value at a position (the last one when none is given).
const REMOVES: [&str; 2] = ["remove", "pop"];
/// Calls that only read.
const READS: [&str; 6] = ["get", "size", "length", "isEmpty", "count", "index"];

/// The place that holds the length of the list at `place`.
fn length_key(place: &str) -> String {
    format!("{place}#length")
}

impl Walk<'_> {
    /// After `target = value`: when `value` makes a new list and the function uses `target`
    /// only by position, its length is known from here on.
    pub(super) fn track_list(&self, target: Node<'_>, value: Node<'_>, state: &mut State) {
        let Some(length) = self.new_list_length(value) else {
            return;
        };
        let Some(place) = self.place(target) else {
            return;
        };
        if !self.is(self.syntax.identifiers, target) || !self.used_by_position(target) {
            return;
        }
        state
            .consts
            .insert(length_key(&place), Value::Int(length as i64));
    }

    /// The length of the list `value` makes: 0 for an empty constructor, the number of
    /// entries of a list literal.
    fn new_list_length(&self, value: Node<'_>) -> Option<usize> {
        let source = self.src(value).split_whitespace().collect::<String>();
        let empty = [
            "newArrayList<>()",
            "newLinkedList<>()",
            "newArrayList()",
            "newLinkedList()",
            "[]",
            "list()",
            "newArray()",
        ];
        if empty.contains(&source.as_str())
            || (source.starts_with("newArrayList<") && source.ends_with(">()"))
            || (source.starts_with("newLinkedList<") && source.ends_with(">()"))
        {
            return Some(0);
        }
        if matches!(value.kind_name(), "list" | "array") {
            return Some(shape::children(value).len());
        }
        None
    }

    /// Whether every use of the variable `target` names in its function, after `target`, is
    /// one of the operations by position.
    fn used_by_position(&self, target: Node<'_>) -> bool {
        let name = self.src(target);
        // The function around it, or the file's top level.
        let mut scope = target;
        while let Some(parent) = scope.parent() {
            scope = parent;
            if self.is(self.syntax.declarations, scope) || self.is(self.syntax.lambdas, scope) {
                break;
            }
        }
        let mut allowed = std::collections::HashSet::new();
        let mut uses = Vec::new();
        let mut stack = vec![scope];
        while let Some(node) = stack.pop() {
            if !self.budget.spend(1) {
                return false;
            }
            if node.start_byte() > target.start_byte() {
                if self.is(self.syntax.identifiers, node) && self.src(node) == name {
                    uses.push(node.id());
                }
                if let Some(call) = (self.syntax.call)(node) {
                    let method = call.name.map(|n| self.src(n)).unwrap_or_default();
                    let known = APPENDS.contains(&method)
                        || INSERTS.contains(&method)
                        || REMOVES.contains(&method)
                        || READS.contains(&method);
                    if let Some(receiver) = call.receiver.filter(|_| known) {
                        allowed.insert(receiver.id());
                    }
                }
                if let Some((object, index)) = (self.syntax.subscript)(node) {
                    if constant_key(index, self.syntax, self.text).is_some() {
                        allowed.insert(object.id());
                    }
                }
            }
            stack.extend(super::shape::children(node));
        }
        uses.iter().all(|id| allowed.contains(id))
    }

    /// Whether [`Walk::list_call`] does anything with a call on `receiver`: a list whose length
    /// the walk knows.
    pub(super) fn tracks_list(&self, receiver: Node<'_>, state: &State) -> bool {
        self.place(receiver)
            .is_some_and(|place| state.consts.contains_key(&length_key(&place)))
    }

    /// The effect of a call on a tracked list; `false` when `receiver` is not one (or the call
    /// is not an operation by position), so the caller goes on as for any container.
    pub(super) fn list_call(
        &mut self,
        node: Node<'_>,
        receiver: Node<'_>,
        method: &str,
        arguments: &[Node<'_>],
        state: &mut State,
    ) -> bool {
        let Some(place) = self.place(receiver) else {
            return false;
        };
        let Some(Value::Int(length)) = state.consts.get(&length_key(&place)).cloned() else {
            return false;
        };
        let length = length as usize;
        let position = |state: &State, node: Node<'_>| match self.constant(node, state) {
            Some(Value::Int(n)) => usize::try_from(n).ok(),
            _ => None,
        };
        match (method, arguments) {
            (m, [value]) if APPENDS.contains(&m) && !(m == "add" && self.is_position(*value)) => {
                let taint = self.eval(*value, state);
                self.put(&place, length, taint, *value, state);
                state
                    .consts
                    .insert(length_key(&place), Value::Int(length as i64 + 1));
            }
            (m, [at, value]) if INSERTS.contains(&m) => {
                let Some(at) = position(state, *at).filter(|at| *at <= length) else {
                    self.untrack(&place, state);
                    return false;
                };
                let taint = self.eval(*value, state);
                for i in (at..length).rev() {
                    self.shift(&place, i, i + 1, state);
                }
                self.put(&place, at, taint, *value, state);
                state
                    .consts
                    .insert(length_key(&place), Value::Int(length as i64 + 1));
            }
            (m, rest) if REMOVES.contains(&m) && rest.len() <= 1 => {
                // `x = l.remove(0)` reads the entry it removes, after this effect: not followed.
                let statement = node
                    .parent()
                    .is_some_and(|p| p.kind_name() == "expression_statement");
                if !statement {
                    self.untrack(&place, state);
                    return false;
                }
                let at = match rest.first() {
                    Some(at) => position(state, *at),
                    None if m == "pop" => length.checked_sub(1),
                    None => None,
                };
                let Some(at) = at.filter(|at| *at < length) else {
                    self.untrack(&place, state);
                    return false;
                };
                state.vars.remove(&entry_key(&place, &at.to_string()));
                for i in at + 1..length {
                    self.shift(&place, i, i - 1, state);
                }
                state
                    .consts
                    .insert(length_key(&place), Value::Int(length as i64 - 1));
            }
            (m, _) if READS.contains(&m) => {}
            _ => {
                self.untrack(&place, state);
                return false;
            }
        }
        true
    }

    /// Whether `node` is a number literal: `add(0)` may add the number or, in a language whose
    /// lists take a position there, mean something else, so it is not followed as an append.
    fn is_position(&self, node: Node<'_>) -> bool {
        self.is(self.syntax.numbers, node)
    }

    /// Stores `taint` (from `value`) at position `at` of the list at `place`.
    fn put(
        &self,
        place: &str,
        at: usize,
        taint: Option<Vec<Step>>,
        value: Node<'_>,
        state: &mut State,
    ) {
        let key = entry_key(place, &at.to_string());
        match taint {
            Some(mut steps) => {
                steps.push((value.byte_range(), format!("stored in `{place}`").into()));
                state
                    .vars
                    .entry(any_entry_key(place))
                    .or_insert(steps.clone());
                state.vars.insert(key, steps);
            }
            None => {
                state.vars.remove(&key);
            }
        }
    }

    /// Moves the taint of position `from` of the list at `place` to position `to`.
    fn shift(&self, place: &str, from: usize, to: usize, state: &mut State) {
        let from = entry_key(place, &from.to_string());
        let to = entry_key(place, &to.to_string());
        match state.vars.remove(&from) {
            Some(steps) => {
                state.vars.insert(to, steps);
            }
            None => {
                state.vars.remove(&to);
            }
        }
    }

    /// Stops tracking the list at `place`: what any position held, the whole list now holds.
    fn untrack(&self, place: &str, state: &mut State) {
        state.consts.remove(&length_key(place));
        if let Some(steps) = state.vars.get(&any_entry_key(place)).cloned() {
            state.vars.entry(place.to_string()).or_insert(steps);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::assert_flagged;
    use crate::lang::Language::{self, Java, JavaScript, Python};

    #[test]
    fn lists_used_by_constant_positions_keep_each_entry_apart() {
        let java = |body: &str| {
            format!("class A {{ void f(Request req) {{ String p = «source:req.getParameter(\"p\")»; String bar; List<String> values = new ArrayList<String>(); values.add(\"safe\"); values.add(p); values.add(\"moresafe\"); {body} run(«sink:bar»); }} }}")
        };
        let cases: Vec<(Language, String, &[&str])> = vec![
            (Java, java("values.remove(0); bar = values.get(1);"), &[]),
            (Java, java("values.remove(0); bar = values.get(0);"), &["bar"]),
            (Java, java("bar = values.get(0);"), &[]),
            (Java, java("bar = values.get(1);"), &["bar"]),
            (Java, java("int i = 2; bar = values.get(i);"), &[]),
            (Java, java("values.add(0, \"first\"); bar = values.get(1);"), &[]),
            (Java, java("values.add(0, \"first\"); bar = values.get(2);"), &["bar"]),
            // Read by a position not known, or used otherwise: one container, as before.
            (Java, java("bar = values.get(k);"), &["bar"]),
            (Java, java("for (String v : values) {} bar = values.get(0);"), &["bar"]),
            (Java, java("helper(values); bar = values.get(0);"), &["bar"]),
            (Java, java("values.remove(\"safe\"); bar = values.get(0);"), &["bar"]),
            (Java, java("bar = values.remove(0); bar = values.get(1);"), &["bar"]),
            (Python, "p = «source:input()»\nl = []\nl.append('a')\nl.append(p)\nrun(«sink:l[0]»)\n".to_string(), &[]),
            (Python, "p = «source:input()»\nl = []\nl.append('a')\nl.append(p)\nl.pop(0)\nrun(«sink:l[0]»)\n".to_string(), &["l[0]"]),
            (JavaScript, "const p = «source:req.query.p»; const l = []; l.push(p); l.push('x'); run(«sink:l[1]»);".to_string(), &[]),
            (JavaScript, "const p = «source:req.query.p»; const l = ['a', p]; l.push('x'); run(«sink:l[1]»);".to_string(), &["l[1]"]),
        ];
        assert_flagged(&cases);
    }
}
