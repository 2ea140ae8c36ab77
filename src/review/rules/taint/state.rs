//! The state the walk carries from statement to statement: which places hold a tainted value, and
//! the steps that made each one so. A place is a variable (`x`), an entry of a container under a
//! constant key or a member (`d[name]`, `o[attr]`), or the entries of a container under keys not
//! known (`d[*]`); this module owns that naming, how a place is read off the syntax, and how two
//! states join where branches meet.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Bound::{Included, Unbounded};

use tree_sitter::Node;

use super::constant::{constant_key, Value};
use super::syntax::Syntax;
use super::Step;
use crate::lang::GrammarNames;
use crate::review::rules::names::Aliases;

/// Taint of each place: the steps that made it tainted; absent means clean.
#[derive(Default, Clone, Debug)]
pub(super) struct State {
    /// Ordered, so that a place and its entries (`d`, `d[a]`, `d[*]`) sit together.
    pub(super) vars: BTreeMap<String, Vec<Step>>,
    /// Local variables whose value is known (see [`super::constant`]).
    pub(super) consts: BTreeMap<String, Value>,
    /// For rules with `@filled` places (a pointer freed): each variable last assigned another
    /// variable as it stands (`q = p`), with the variables it may be a copy of, so that what
    /// happens to the memory of one happens to the other.
    pub(super) copies: BTreeMap<String, BTreeSet<String>>,
    /// A place is in the rule's state after branches only when every branch leaves it so
    /// (`; paths: all`), rather than when any does.
    pub(super) all_paths: bool,
    /// Entries a guard made clean while a container they belong to stays tainted (`if
    /// (Url.IsLocalUrl(model.ReturnUrl))` with `model` from the request): each
    /// with the steps of that container at the time. The entry reads clean while the container
    /// still holds those steps; a container given another value takes the mark away.
    pub(super) cleared: BTreeMap<String, Vec<Step>>,
    /// The buffers and pointers a rule about extents follows (empty for every other rule).
    pub(super) extents: super::extent::Extents,
}

impl State {
    /// After two branches: a value tainted in either is tainted (with the steps this state
    /// already knows, when both are); a value is known only if both know it the same.
    pub(super) fn merge(&mut self, other: State) {
        if self.all_paths {
            self.vars.retain(|name, _| other.vars.contains_key(name));
        } else {
            for (name, steps) in other.vars {
                self.vars.entry(name).or_insert(steps);
            }
        }
        self.consts
            .retain(|name, value| other.consts.get(name) == Some(value));
        // An entry is clean after the branches where each branch leaves it clean (where the
        // state is what every branch has, where any does).
        if self.all_paths {
            for (name, mark) in other.cleared {
                self.cleared.entry(name).or_insert(mark);
            }
        } else {
            self.cleared
                .retain(|name, mark| other.cleared.get(name) == Some(mark));
        }
        for (name, origins) in other.copies {
            self.copies.entry(name).or_default().extend(origins);
        }
        self.extents.merge(other.extents);
    }

    /// After `target = value`: `target` is a copy of `value` when that is a variable (`Some`),
    /// of nothing otherwise; the copies of the old `target` are no longer copies of it.
    pub(super) fn copied(&mut self, target: &str, value: Option<String>) {
        self.copies.remove(target);
        for origins in self.copies.values_mut() {
            origins.remove(target);
        }
        self.copies.retain(|_, origins| !origins.is_empty());
        if let Some(value) = value.filter(|value| value != target) {
            self.copies
                .entry(target.to_string())
                .or_default()
                .insert(value);
        }
    }

    /// The variables that may hold the same pointer as `name` (itself included): its copies
    /// (`q = p`), and what it is a copy of when it can be a copy of that one only, each in turn.
    /// Two variables that a third may be a copy of (`use = a` on one path, `use = b` on another)
    /// are not aliases of each other.
    pub(super) fn aliases(&self, name: &str) -> BTreeSet<String> {
        let mut class = BTreeSet::from([name.to_string()]);
        loop {
            let before = class.len();
            for (copy, origins) in &self.copies {
                if origins.iter().any(|o| class.contains(o)) {
                    class.insert(copy.clone());
                }
                if class.contains(copy) && origins.len() == 1 {
                    class.extend(origins.iter().cloned());
                }
            }
            if class.len() == before {
                return class;
            }
        }
    }

    /// Makes `key` and everything stored under it clean; answers how many entries went with it.
    pub(super) fn clean(&mut self, key: &str) -> usize {
        self.vars.remove(key);
        self.forget_marks(key);
        if !self.consts.is_empty() {
            self.consts.remove(key);
            // A list's length (see `lists`).
            self.consts.remove(&format!("{key}#length"));
        }
        remove_entries(&mut self.vars, key)
    }
}

impl State {
    /// Marks the entry `place`, just checked or given a clean value, clean while its nearest
    /// tainted container keeps its taint (nothing to mark when no container is tainted).
    pub(super) fn mark_cleared(&mut self, place: &str) {
        if let Some(container) = self.container_taint(place).cloned() {
            self.cleared.insert(place.to_string(), container);
        }
    }

    /// Takes away the marks of `key` and of the entries under it: taint was added there in a
    /// way that may keep the container's steps (`d.update(src)`, `d[k] += src`).
    pub(super) fn forget_marks(&mut self, key: &str) {
        if self.cleared.is_empty() {
            return;
        }
        self.cleared.remove(key);
        remove_entries(&mut self.cleared, key);
    }

    /// Whether the entry `place`, not tainted itself, was made clean while a container it
    /// belongs to is tainted, and that container has not changed since.
    pub(super) fn is_cleared(&self, place: &str) -> bool {
        self.cleared
            .get(place)
            .is_some_and(|mark| self.container_taint(place) == Some(mark))
    }

    /// The taint of the nearest container of `place` that is tainted itself.
    fn container_taint(&self, place: &str) -> Option<&Vec<Step>> {
        let mut current = parent_place(place)?;
        loop {
            if let Some(steps) = self.vars.get(current) {
                return Some(steps);
            }
            current = parent_place(current)?;
        }
    }
}

/// Removes the entries under `key` (`key[a]`, `key[a][b]`, not `key` itself) from a map of
/// places, which keeps them together; answers how many went.
fn remove_entries<V>(places: &mut BTreeMap<String, V>, key: &str) -> usize {
    // Most calls find nothing to remove: no text is built for those (a clean state, a key no
    // place starts with).
    let first = places.range::<str, _>((Included(key), Unbounded)).next();
    if first.is_none_or(|(name, _)| !name.starts_with(key)) {
        return 0;
    }
    let prefix = format!("{key}[");
    let entries: Vec<String> = places
        .range::<str, _>((Included(prefix.as_str()), Unbounded))
        .map(|(name, _)| name)
        .take_while(|name| name.starts_with(&prefix))
        .cloned()
        .collect();
    for entry in &entries {
        places.remove(entry);
    }
    entries.len()
}

/// The container place an entry place (`o[name]`, `d[a][b]`) is under.
fn parent_place(place: &str) -> Option<&str> {
    if !place.ends_with(']') {
        return None;
    }
    let open = place.rfind('[')?;
    (open > 0).then(|| &place[..open])
}

/// The place of the entry under `key` (a constant key, a position, a member's name) of the
/// container at `base`.
pub(super) fn entry_key(base: &str, key: &str) -> String {
    format!("{base}[{key}]")
}

/// The place of the entries of the container at `base` under keys not known: what a read by an
/// unknown key, or of the container as a whole, may find.
pub(super) fn any_entry_key(base: &str) -> String {
    format!("{base}[*]")
}

/// The place an assignable expression names: `x`, `obj.attr`, `d["key"]` (`d` for an index
/// that is not constant); `None` for others.
pub(super) fn place(
    syntax: &Syntax,
    text: &str,
    names: &Aliases,
    node: Node<'_>,
) -> Option<String> {
    if syntax.identifiers.contains(&node.kind_name()) {
        // A C macro that stands for a variable (`#define COMMAND_ARG3 data`) is that variable.
        return Some(names.name(node, text).to_string());
    }
    if let Some((object, name)) = (syntax.member)(node) {
        let base = place(syntax, text, names, object)?;
        return Some(match name {
            Some(name) => entry_key(&base, &text[name.byte_range()]),
            None => base,
        });
    }
    if let Some((object, index)) = (syntax.subscript)(node) {
        let base = place(syntax, text, names, object)?;
        return Some(match constant_key(index, syntax, text) {
            Some(key) => entry_key(&base, &key),
            None => base,
        });
    }
    if node.kind_name() == "parenthesized_expression" {
        return place(syntax, text, names, node.named_child(0)?);
    }
    None
}

/// The place of the container an entry (`d["k"]`, `o.name`) belongs to.
pub(super) fn container_of(
    syntax: &Syntax,
    text: &str,
    names: &Aliases,
    node: Node<'_>,
) -> Option<String> {
    let object = (syntax.subscript)(node)
        .map(|(object, _)| object)
        .or_else(|| (syntax.member)(node).map(|(object, _)| object))?;
    place(syntax, text, names, object)
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{expression_program, program};
    use super::*;
    use crate::lang::Language::{Go, Java, JavaScript, Php, Python, C};

    fn step(at: usize, what: &str) -> Vec<Step> {
        vec![(at..at + 1, what.into())]
    }

    fn state(places: &[(&str, &str)]) -> State {
        let mut state = State::default();
        for (i, (place, what)) in places.iter().enumerate() {
            state.vars.insert(place.to_string(), step(i, what));
        }
        state
    }

    #[test]
    fn a_merge_keeps_what_either_branch_tainted_with_its_own_steps_first() {
        let mut merged = state(&[("x", "then"), ("d[a]", "then")]);
        merged.merge(state(&[("x", "else"), ("y", "else")]));
        let places: Vec<(&str, &str)> = merged
            .vars
            .iter()
            .map(|(place, steps)| (place.as_str(), &*steps[0].1))
            .collect();
        assert_eq!(places, [("d[a]", "then"), ("x", "then"), ("y", "else")]);
        let mut clean = State::default();
        clean.merge(State::default());
        assert!(clean.vars.is_empty(), "clean and clean is clean");
    }

    #[test]
    fn cleaning_a_place_cleans_its_entries_and_nothing_else() {
        let mut tainted = state(&[
            ("d", ""),
            ("d[a]", ""),
            ("d[a][b]", ""),
            ("d[*]", ""),
            ("d2", ""),
            ("dd[a]", ""),
            ("e", ""),
        ]);
        assert_eq!(tainted.clean("d"), 3, "three entries went with `d`");
        let left: Vec<&str> = tainted.vars.keys().map(String::as_str).collect();
        assert_eq!(left, ["d2", "dd[a]", "e"]);
        assert_eq!(tainted.clean("absent"), 0);
        assert_eq!(tainted.clean("dd[a]"), 0);
        assert_eq!(tainted.vars.len(), 2);
    }

    #[test]
    fn entries_are_named_under_their_container() {
        assert_eq!(entry_key("d", "name"), "d[name]");
        assert_eq!(entry_key(&entry_key("o", "cfg"), "cmd"), "o[cfg][cmd]");
        assert_eq!(any_entry_key("d"), "d[*]");
    }

    #[test]
    fn places_are_read_off_the_syntax_of_each_language() {
        let some = |p: &str| Some(p.to_string());
        let cases = [
            (Python, "x", some("x")),
            (Python, "o.a", some("o[a]")),
            (Python, "d[\"k\"]", some("d[k]")),
            (Python, "d[i]", some("d")),
            (Python, "o.a['k']", some("o[a][k]")),
            (Python, "f().a", None),
            (Python, "1", None),
            (JavaScript, "(x)", some("x")),
            (JavaScript, "o.x.y", some("o[x][y]")),
            (JavaScript, "a[0]", some("a[0]")),
            (Java, "cfg.path", some("cfg[path]")),
            (Go, "s.f", some("s[f]")),
            (Php, "$o->name", some("$o[name]")),
            (Php, "$a['k']", some("$a[k]")),
            (C, "p->f", some("p[f]")),
            (C, "buf[2]", some("buf[2]")),
        ];
        for (language, expression, expected) in cases {
            let program = expression_program(language, expression);
            let node = program.node(expression);
            let found = place(program.syntax(), &program.text, &program.names, node);
            assert_eq!(found, expected, "{language}: {expression}");
        }
    }

    #[test]
    fn an_entry_belongs_to_the_place_of_its_container() {
        let program = program(Python, "d['k']\no.a.b\nx\n");
        let syntax = program.syntax();
        let of =
            |snippet| container_of(syntax, &program.text, &program.names, program.node(snippet));
        assert_eq!(of("d['k']"), Some("d".to_string()));
        assert_eq!(of("o.a.b"), Some("o[a]".to_string()));
        assert_eq!(of("x"), None);
    }
}
