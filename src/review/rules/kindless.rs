//! Nested nodes of a query written without their kind where their fields already say it:
//! `(call_expression function: (member_expression object: (_) property: (_)))` is compiled as
//! `(call_expression function: (_ object: (_) property: (_)))` when no other kind of node that
//! can stand there has both fields.
//!
//! Compiling a query, tree-sitter analyses each node of a pattern that has children from every
//! parse state where its kind can start; most of a rule pack's compile time goes there, and it
//! is paid once per language by every scan (and every partition of one). A wildcard parent costs
//! it almost nothing. The matches are the same: a node with a field is one of the kinds the
//! grammar gives that field, so where one kind alone can hold every field a node is written
//! with, the wildcard matches exactly the nodes of that kind. The grammar's `node-types.json`
//! says which kinds have which fields, and which kinds each field and each node's children may
//! be; only the fields a match must have count (not one in an alternation, or with `?` or `*`).
//!
//! A node at a pattern's top level keeps its kind: that is where the query starts a match, and
//! a wildcard there would be tried at every node of every file.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

use serde::Deserialize;

use super::syntax;
use crate::lang::Language;

/// What a grammar's `node-types.json` says of its named kinds of node.
#[derive(Debug, Default)]
pub(crate) struct NodeTypes {
    /// Each named kind's fields, with the named kinds (or supertypes) each may hold, and the
    /// named kinds (or supertypes) its children outside any field may be.
    kinds: HashMap<String, Kind>,
    /// Each supertype's subtypes.
    subtypes: HashMap<String, Vec<String>>,
    /// The named kinds no node, field or supertype lists: the extras (comments), which may
    /// stand anywhere, and the root.
    extras: Vec<String>,
}

#[derive(Debug, Default)]
struct Kind {
    fields: HashMap<String, Vec<String>>,
    children: Vec<String>,
}

/// One entry of `node-types.json`.
#[derive(Deserialize)]
struct Entry {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
    #[serde(default)]
    fields: HashMap<String, Children>,
    children: Option<Children>,
    subtypes: Option<Vec<TypeRef>>,
}

#[derive(Deserialize)]
struct Children {
    types: Vec<TypeRef>,
}

#[derive(Deserialize)]
struct TypeRef {
    #[serde(rename = "type")]
    kind: String,
    named: bool,
}

fn named(types: Vec<TypeRef>) -> Vec<String> {
    types
        .into_iter()
        .filter(|t| t.named)
        .map(|t| t.kind)
        .collect()
}

impl NodeTypes {
    /// `language`'s, read from its grammar: `None` for a language without one. Kept only
    /// while its rules compile.
    pub(crate) fn of(language: Language) -> Option<NodeTypes> {
        NodeTypes::parse(language.node_types()?).ok()
    }

    pub(crate) fn parse(json: &str) -> Result<NodeTypes, serde_json::Error> {
        let entries: Vec<Entry> = serde_json::from_str(json)?;
        let mut types = NodeTypes::default();
        for entry in entries.into_iter().filter(|e| e.named) {
            if let Some(subtypes) = entry.subtypes {
                types.subtypes.insert(entry.kind.clone(), named(subtypes));
            }
            let kind = types.kinds.entry(entry.kind).or_default();
            for (field, children) in entry.fields {
                kind.fields
                    .entry(field)
                    .or_default()
                    .extend(named(children.types));
            }
            if let Some(children) = entry.children {
                kind.children.extend(named(children.types));
            }
        }
        let listed: HashSet<&String> = types
            .kinds
            .values()
            .flat_map(|kind| kind.fields.values().flatten().chain(&kind.children))
            .chain(types.subtypes.values().flatten())
            .collect();
        let extras = types
            .kinds
            .keys()
            .filter(|kind| !listed.contains(kind) && !types.subtypes.contains_key(*kind))
            .cloned()
            .collect();
        types.extras = extras;
        Ok(types)
    }

    /// The named kinds a child of a `parent` node may be, supertypes read as their subtypes: in
    /// `field`, or anywhere among its children without one. `None` when the grammar does not
    /// know `parent`.
    fn possible(&self, parent: &str, field: Option<&str>) -> Option<HashSet<&str>> {
        let kind = self.kinds.get(parent)?;
        let written: Vec<&String> = match field {
            Some(field) => kind.fields.get(field).into_iter().flatten().collect(),
            None => kind
                .fields
                .values()
                .flatten()
                .chain(&kind.children)
                .collect(),
        };
        let mut found = HashSet::new();
        let mut stack: Vec<&str> = written.into_iter().map(String::as_str).collect();
        while let Some(kind) = stack.pop() {
            if found.insert(kind) {
                stack.extend(
                    self.subtypes
                        .get(kind)
                        .into_iter()
                        .flatten()
                        .map(String::as_str),
                );
            }
        }
        Some(found)
    }

    /// Whether `node` can be written `(_ ...)`: it is nested, has fields, and among the kinds
    /// that can stand where it does, its own is the only one with all of them. Those kinds are
    /// the ones its parent's field may hold (without a field, those its parent's children may
    /// be), and the extras (comments), which may stand anywhere, even in a field when a hidden
    /// node holds them; under a wildcard parent, every kind. The node's own kind must be among
    /// them, as tree-sitter checks when it compiles the text as written.
    ///
    /// A node without fields is left alone: `arguments: (arguments ...)` could be written
    /// `arguments: (_ ...)` where that field holds nothing else, but measured, that made some
    /// languages' compile slower and others' faster, for no gain overall.
    fn kindless(&self, node: &syntax::Node<'_>) -> bool {
        let Some(parent) = node.parent else {
            return false;
        };
        if node.fields.is_empty()
            || matches!(node.kind, "_" | "ERROR" | "MISSING")
            || node.kind.contains('/')
        {
            return false;
        }
        if parent == "_" {
            return self.alone(node, self.kinds.keys().map(String::as_str));
        }
        let Some(possible) = self.possible(parent, node.field) else {
            return false;
        };
        let extras = self.extras.iter().map(String::as_str);
        self.alone(node, possible.into_iter().chain(extras))
    }

    /// Whether `node`'s own kind is among `candidates`, and no other of them has all its fields.
    fn alone<'k>(
        &self,
        node: &syntax::Node<'_>,
        mut candidates: impl Iterator<Item = &'k str>,
    ) -> bool {
        let has_fields = |kind: &str| {
            self.kinds.get(kind).is_some_and(|k| {
                node.fields
                    .iter()
                    .all(|field| k.fields.contains_key(*field))
            })
        };
        let mut own = false;
        let alone = candidates.all(|kind| {
            own |= kind == node.kind;
            kind == node.kind || !has_fields(kind)
        });
        alone && own
    }
}

/// `text` with its nested nodes written `(_ ...)` where [`NodeTypes::kindless`] says their
/// fields name their kind; unchanged where there is none, or the text cannot be read.
pub(crate) fn kindless<'a>(text: &'a str, types: &NodeTypes) -> Cow<'a, str> {
    let Some(nodes) = syntax::nodes(text) else {
        return Cow::Borrowed(text);
    };
    let mut at: Vec<std::ops::Range<usize>> = nodes
        .iter()
        .filter(|node| types.kindless(node))
        .map(|node| node.kind_at.clone())
        .collect();
    if at.is_empty() {
        return Cow::Borrowed(text);
    }
    at.sort_by_key(|range| range.start);
    let mut out = String::with_capacity(text.len());
    let mut done = 0;
    for range in at {
        out.push_str(&text[done..range.start]);
        out.push('_');
        done = range.end;
    }
    out.push_str(&text[done..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types(language: Language) -> NodeTypes {
        NodeTypes::of(language).unwrap()
    }

    /// A grammar of four kinds: `pair` and `entry` both have a `key`, only `pair` a `value`;
    /// `list` holds `item`s (a supertype of `pair` and `entry`), `table` only `pair`s.
    const TOY: &str = r#"[
        {"type": "item", "named": true, "subtypes": [{"type": "pair", "named": true},
                                                     {"type": "entry", "named": true}]},
        {"type": "pair", "named": true, "fields": {
            "key": {"multiple": false, "required": true, "types": [{"type": "word", "named": true}]},
            "value": {"multiple": false, "required": true, "types": [{"type": "word", "named": true}]}}},
        {"type": "entry", "named": true, "fields": {
            "key": {"multiple": false, "required": true, "types": [{"type": "word", "named": true}]}}},
        {"type": "list", "named": true, "children": {"multiple": true, "required": false,
            "types": [{"type": "item", "named": true}, {"type": ",", "named": false}]}},
        {"type": "table", "named": true, "fields": {
            "rows": {"multiple": true, "required": false, "types": [{"type": "pair", "named": true}]}}},
        {"type": "word", "named": true},
        {"type": ",", "named": false}
    ]"#;

    #[test]
    fn a_nested_node_loses_its_kind_only_where_its_fields_name_it() {
        let toy = NodeTypes::parse(TOY).unwrap();
        let cases = [
            // Only `pair` has a `value`.
            ("(list (pair value: (word)))", "(list (_ value: (word)))"),
            // `entry` has a `key` too, and may stand in a list ...
            ("(list (pair key: (word)))", "(list (pair key: (word)))"),
            // ... but not in a table's rows.
            (
                "(table rows: (pair key: (word)))",
                "(table rows: (_ key: (word)))",
            ),
            // A wildcard parent: any kind may stand there.
            ("(_ (pair value: (word)))", "(_ (_ value: (word)))"),
            ("(_ (pair key: (word)))", "(_ (pair key: (word)))"),
            // A pattern's top node keeps its kind, as does a node without fields.
            ("(pair value: (word))", "(pair value: (word))"),
            ("(list (pair (word)))", "(list (pair (word)))"),
            // A field that may be absent or is one alternative says nothing.
            (
                "(list (pair value: (word)?))",
                "(list (pair value: (word)?))",
            ),
            (
                "(list (pair value: (word) @v *))",
                "(list (pair value: (word) @v *))",
            ),
            (
                "(list (pair [value: (word) key: (word)]))",
                "(list (pair [value: (word) key: (word)]))",
            ),
            // A negated field is no field.
            ("(list (pair !value))", "(list (pair !value))"),
            // A kind that cannot stand there keeps its kind (tree-sitter reports it).
            (
                "(table rows: (entry key: (word)))",
                "(table rows: (entry key: (word)))",
            ),
            // Through alternations, groups, captures and predicates, nested deeper.
            (
                r#"((list [(pair value: (word) @w) ((pair value: (word)) @p)]) (#eq? @w ")("))"#,
                r#"((list [(_ value: (word) @w) ((_ value: (word)) @p)]) (#eq? @w ")("))"#,
            ),
            // Text that cannot be read is left as it is.
            ("(list (pair value: (word))", "(list (pair value: (word))"),
        ];
        for (text, expected) in cases {
            assert_eq!(kindless(text, &toy), expected, "{text}");
        }
    }

    #[test]
    fn an_extra_with_the_fields_may_stand_anywhere() {
        // `remark` is listed nowhere, as extras (comments) are, and has a `value`.
        let toy = TOY.replacen(
            '[',
            r#"[{"type": "remark", "named": true, "fields": {"value": {"multiple": false,
                "required": true, "types": [{"type": "word", "named": true}]}}},"#,
            1,
        );
        let toy = NodeTypes::parse(&toy).unwrap();
        // With the kinds nothing holds: here `list` and `table`, in a grammar its root.
        let mut extras = toy.extras.clone();
        extras.sort();
        assert_eq!(extras, ["list", "remark", "table"]);
        let cases = [
            ("(list (pair value: (word)))", "(list (pair value: (word)))"),
            ("(_ (pair value: (word)))", "(_ (pair value: (word)))"),
            // Even in a field: a hidden node there may hold the extra.
            (
                "(table rows: (pair value: (word)))",
                "(table rows: (pair value: (word)))",
            ),
            // Fields the extra lacks still name the kind.
            (
                "(table rows: (pair key: (word)))",
                "(table rows: (_ key: (word)))",
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(kindless(text, &toy), expected, "{text}");
        }
    }

    #[test]
    fn real_grammars_narrow_by_the_place_a_node_stands() {
        let method = "(call_expression function: (member_expression object: (identifier) @o \
                      property: (property_identifier) @p) arguments: (arguments))";
        let expected = "(call_expression function: (_ object: (identifier) @o \
                        property: (property_identifier) @p) arguments: (arguments))";
        // TypeScript's `nested_identifier` has an `object` and a `property` too, but cannot be
        // called.
        for language in [Language::JavaScript, Language::TypeScript, Language::Tsx] {
            assert_eq!(kindless(method, &types(language)), expected, "{language}");
        }
        let anywhere = "(_ (member_expression object: (identifier) property: (_)))";
        assert_eq!(
            kindless(anywhere, &types(Language::JavaScript)),
            "(_ (_ object: (identifier) property: (_)))"
        );
        assert_eq!(kindless(anywhere, &types(Language::TypeScript)), anywhere);
        // A field that may be absent (however the quantifier is written) or that a group's
        // second item stands in names nothing: `subscript_expression` has an `object` too, and
        // a `for` loop's body may hold a `condition`.
        for text in [
            "(call_expression function: (member_expression object: (_) property: (_) @p?))",
            "(call_expression function: (member_expression object: (_) property: (_)?@p))",
            "(for_statement initializer: ((_) (ternary_expression condition: (_) @c)))",
        ] {
            assert_eq!(kindless(text, &types(Language::JavaScript)), text);
        }
        // Python: an `attribute` called.
        assert_eq!(
            kindless(
                "(call function: (attribute object: (identifier) attribute: (identifier)))",
                &types(Language::Python)
            ),
            "(call function: (_ object: (identifier) attribute: (identifier)))"
        );
    }

    #[test]
    fn every_grammar_reads() {
        for language in Language::ALL.iter().filter(|l| l.has_grammar()) {
            let types = types(*language);
            assert!(
                types.kinds.len() > 50,
                "{language}: {} kinds",
                types.kinds.len()
            );
        }
    }
}
