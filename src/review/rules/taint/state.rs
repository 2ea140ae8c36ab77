//! The state the walk carries from statement to statement: which places hold a tainted value, and
//! the steps that made each one so. A place is a variable (`x`), an entry of a container under a
//! constant key or a member (`d[name]`, `o[attr]`), or the entries of a container under keys not
//! known (`d[*]`); this module owns that naming, how a place is read off the syntax, and how two
//! states join where branches meet.

use std::collections::BTreeMap;

use tree_sitter::Node;

use super::constant::constant_key;
use super::lang::Syntax;
use super::Step;

/// Taint of each place: the steps that made it tainted; absent means clean.
#[derive(Default, Clone, Debug)]
pub(super) struct State {
    /// Ordered, so that a place and its entries (`d`, `d[a]`, `d[*]`) sit together.
    pub(super) vars: BTreeMap<String, Vec<Step>>,
}

impl State {
    /// After two branches: a value tainted in either is tainted (with the steps this state
    /// already knows, when both are).
    pub(super) fn merge(&mut self, other: State) {
        for (name, steps) in other.vars {
            self.vars.entry(name).or_insert(steps);
        }
    }

    /// Makes `key` and everything stored under it clean; answers how many entries went with it.
    pub(super) fn clean(&mut self, key: &str) -> usize {
        self.vars.remove(key);
        let prefix = format!("{key}[");
        let entries: Vec<String> = self
            .vars
            .range(prefix.clone()..)
            .map(|(name, _)| name)
            .take_while(|name| name.starts_with(&prefix))
            .cloned()
            .collect();
        for entry in &entries {
            self.vars.remove(entry);
        }
        entries.len()
    }
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
pub(super) fn place(syntax: &Syntax, text: &str, node: Node<'_>) -> Option<String> {
    if syntax.identifiers.contains(&node.kind()) {
        return Some(text[node.byte_range()].to_string());
    }
    if let Some((object, name)) = (syntax.member)(node) {
        let base = place(syntax, text, object)?;
        return Some(match name {
            Some(name) => entry_key(&base, &text[name.byte_range()]),
            None => base,
        });
    }
    if let Some((object, index)) = (syntax.subscript)(node) {
        let base = place(syntax, text, object)?;
        return Some(match constant_key(index, syntax, text) {
            Some(key) => entry_key(&base, &key),
            None => base,
        });
    }
    if node.kind() == "parenthesized_expression" {
        return place(syntax, text, node.named_child(0)?);
    }
    None
}

/// The place of the container an entry (`d["k"]`, `o.name`) belongs to.
pub(super) fn container_of(syntax: &Syntax, text: &str, node: Node<'_>) -> Option<String> {
    let object = (syntax.subscript)(node)
        .map(|(object, _)| object)
        .or_else(|| (syntax.member)(node).map(|(object, _)| object))?;
    place(syntax, text, object)
}
