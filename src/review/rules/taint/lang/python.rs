//! Python's shapes for the taint walk.

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::review::rules::taint::constant::constant_key;
use crate::review::rules::taint::shape::{self, children, field};
use crate::review::rules::taint::syntax::{Assign, Entries, Syntax};

pub(super) static SYNTAX: Syntax = Syntax {
    declarations: &["function_definition"],
    lambdas: &["lambda"],
    skip: &[
        "class_definition",
        "decorated_definition",
        "import_statement",
        "import_from_statement",
        "future_import_statement",
    ],
    blocks: &["module", "block"],
    conditionals: &["if_statement"],
    cases: &["case_clause"],
    loops: &["for_statement", "while_statement"],
    identifiers: &["identifier"],
    strings: &["string"],
    string_parts: &[
        "string_start",
        "string_content",
        "string_end",
        "escape_sequence",
    ],
    numbers: &["integer", "float", "true", "false", "none"],
    binaries: &["binary_operator"],
    booleans: &["comparison_operator", "not_operator"],
    assignment,
    call: |node| shape::call(node, "call", ("attribute", "attribute", "object")),
    member: |node| shape::member(node, "attribute", "object", "attribute"),
    subscript: |node| shape::subscript(node, "subscript", "value", "subscript"),
    entries,
    foreach: |node| {
        (node.kind_name() == "for_statement").then_some(())?;
        Some((field(node, "left")?, field(node, "right")?))
    },
    parameters,
    body: |node| field(node, "body"),
    numeric_cast: |_, _| false,
    calls_propagate: false,
    carriers: &[
        "str",
        "repr",
        "bytes",
        "bytearray",
        "list",
        "tuple",
        "dict",
        "set",
        "sorted",
        "reversed",
        "format",
        "memoryview",
    ],
    out_parameters: &[],
    answers: &[
        "int",
        "float",
        "bool",
        "len",
        "abs",
        "round",
        "hash",
        "id",
        "isinstance",
        "issubclass",
        "callable",
        "hasattr",
        "isdigit",
        "isnumeric",
        "isdecimal",
        "isalnum",
        "isalpha",
        "startswith",
        "endswith",
        "count",
        "index",
        "find",
        "__len__",
    ],
};

fn assignment<'t>(node: Node<'t>, _: &str) -> Option<Assign<'t>> {
    let (targets, values, augmented) = match node.kind_name() {
        "assignment" => (field(node, "left")?, field(node, "right")?, false),
        "augmented_assignment" => (field(node, "left")?, field(node, "right")?, true),
        "named_expression" => (field(node, "name")?, field(node, "value")?, false),
        // `with open(path) as f`.
        "as_pattern" if node.parent().is_some_and(|p| p.kind_name() == "with_item") => {
            let alias = field(node, "alias")?;
            (
                alias.named_child(0).unwrap_or(alias),
                node.named_child(0)?,
                false,
            )
        }
        _ => return None,
    };
    Some(Assign::one(targets, values, augmented))
}

fn entries<'t>(node: Node<'t>, syntax: &Syntax, text: &str) -> Option<Entries<'t>> {
    match node.kind_name() {
        "dictionary" => Some(
            children(node)
                .into_iter()
                .filter_map(|pair| {
                    if pair.kind_name() != "pair" {
                        // `**other`: whatever it holds may be anywhere.
                        return Some((None, pair));
                    }
                    let key = field(pair, "key")?;
                    Some((constant_key(key, syntax, text), field(pair, "value")?))
                })
                .collect(),
        ),
        "list" | "tuple" => Some(shape::positional(children(node))),
        _ => None,
    }
}

fn parameters(function: Node<'_>) -> Vec<(Node<'_>, Node<'_>)> {
    let Some(list) = field(function, "parameters") else {
        return Vec::new();
    };
    children(list)
        .into_iter()
        .filter_map(|parameter| {
            let name = match parameter.kind_name() {
                "identifier" => parameter,
                "typed_parameter" | "default_parameter" | "typed_default_parameter" => {
                    field(parameter, "name").or_else(|| parameter.named_child(0))?
                }
                // `*args`, `**options`.
                "list_splat_pattern" | "dictionary_splat_pattern" => parameter.named_child(0)?,
                _ => return None,
            };
            // `*args: str` is a typed parameter around a splat.
            let name = match name.kind_name() {
                "list_splat_pattern" | "dictionary_splat_pattern" => name.named_child(0)?,
                _ => name,
            };
            (name.kind_name() == "identifier").then_some((parameter, name))
        })
        .collect()
}
