//! Java's shapes for the taint walk.

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::review::rules::taint::constant::constant_key;
use crate::review::rules::taint::shape::{self, children, field};
use crate::review::rules::taint::syntax::{Assign, Call, Entries, Syntax};

pub(super) static SYNTAX: Syntax = Syntax {
    declarations: &["method_declaration", "constructor_declaration"],
    lambdas: &["lambda_expression"],
    skip: &[
        "import_declaration",
        "package_declaration",
        "class_declaration",
        "interface_declaration",
        "enum_declaration",
        "record_declaration",
        "annotation_type_declaration",
    ],
    blocks: &["program", "block", "constructor_body"],
    conditionals: &["if_statement"],
    cases: &["switch_block_statement_group", "switch_rule"],
    loops: &[
        "for_statement",
        "enhanced_for_statement",
        "while_statement",
        "do_statement",
    ],
    identifiers: &["identifier"],
    strings: &["string_literal"],
    string_parts: &["string_fragment", "escape_sequence"],
    numbers: &[
        "decimal_integer_literal",
        "hex_integer_literal",
        "octal_integer_literal",
        "binary_integer_literal",
        "decimal_floating_point_literal",
        "true",
        "false",
        "null_literal",
        "character_literal",
    ],
    binaries: &["binary_expression"],
    booleans: &[],
    assignment,
    call,
    member: |node| shape::member(node, "field_access", "object", "field"),
    subscript: |node| shape::subscript(node, "array_access", "array", "index"),
    entries,
    foreach: |node| {
        (node.kind_name() == "enhanced_for_statement").then_some(())?;
        Some((field(node, "name")?, field(node, "value")?))
    },
    parameters,
    body: |node| field(node, "body"),
    numeric_cast: |node, _| {
        node.kind_name() == "cast_expression"
            && field(node, "type").is_some_and(|t| {
                matches!(
                    t.kind_name(),
                    "integral_type" | "floating_point_type" | "boolean_type"
                )
            })
    },
    calls_propagate: true,
    carriers: &[],
    out_parameters: &[],
    answers: &[
        "parseInt",
        "parseLong",
        "parseShort",
        "parseByte",
        "parseDouble",
        "parseFloat",
        "parseBoolean",
        "length",
        "size",
        "isEmpty",
        "isBlank",
        "equals",
        "equalsIgnoreCase",
        "contains",
        "containsKey",
        "containsValue",
        "startsWith",
        "endsWith",
        "matches",
        "indexOf",
        "lastIndexOf",
        "compareTo",
        "compareToIgnoreCase",
        "hashCode",
        "exists",
        "isDirectory",
        "isFile",
        "getTime",
        "count",
        "intValue",
        "longValue",
        "booleanValue",
        "randomUUID",
    ],
};

fn assignment<'t>(node: Node<'t>, text: &str) -> Option<Assign<'t>> {
    let (target, value, augmented) = match node.kind_name() {
        "variable_declarator" => (field(node, "name")?, field(node, "value")?, false),
        "assignment_expression" => (
            field(node, "left")?,
            field(node, "right")?,
            shape::augments(shape::operator(node, text)),
        ),
        // `try (InputStream in = ...)`.
        "resource" => (field(node, "name")?, field(node, "value")?, false),
        _ => return None,
    };
    Some(Assign::one(target, value, augmented))
}

fn call(node: Node<'_>) -> Option<Call<'_>> {
    match node.kind_name() {
        "method_invocation" => Some(Call {
            name: field(node, "name"),
            receiver: field(node, "object"),
            arguments: shape::arguments(field(node, "arguments")),
            constructor: false,
        }),
        "object_creation_expression" => Some(Call {
            name: field(node, "type"),
            receiver: None,
            arguments: shape::arguments(field(node, "arguments")),
            constructor: true,
        }),
        _ => None,
    }
}

fn entries<'t>(node: Node<'t>, syntax: &Syntax, text: &str) -> Option<Entries<'t>> {
    match node.kind_name() {
        "array_initializer" => Some(shape::positional(children(node))),
        "array_creation_expression" => Some(shape::positional(children(
            field(node, "value").filter(|v| v.kind_name() == "array_initializer")?,
        ))),
        // `Map.of("a", x, "b", y)`, `List.of(a, b)`, `Arrays.asList(a, b)`.
        "method_invocation" => {
            let object = &text[field(node, "object")?.byte_range()];
            let name = &text[field(node, "name")?.byte_range()];
            let arguments = shape::arguments(field(node, "arguments"));
            match (object, name) {
                ("Map", "of") => Some(
                    arguments
                        .chunks(2)
                        .filter_map(|pair| match pair {
                            [key, value] => Some((constant_key(*key, syntax, text), *value)),
                            _ => None,
                        })
                        .collect(),
                ),
                ("List" | "Set", "of") | ("Arrays", "asList") => Some(shape::positional(arguments)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn parameters(function: Node<'_>) -> Vec<(Node<'_>, Node<'_>)> {
    let list = field(function, "parameters");
    let Some(list) = list else {
        return Vec::new();
    };
    // `x -> ...` names its one parameter directly.
    if list.kind_name() == "identifier" {
        return vec![(list, list)];
    }
    children(list)
        .into_iter()
        .filter_map(|parameter| match parameter.kind_name() {
            "formal_parameter" | "spread_parameter" => {
                let name = field(parameter, "name").or_else(|| {
                    children(parameter).into_iter().rev().find(|c| {
                        c.kind_name() == "identifier" || c.kind_name() == "variable_declarator"
                    })
                })?;
                let name = field(name, "name").unwrap_or(name);
                Some((parameter, name))
            }
            "identifier" => Some((parameter, parameter)),
            _ => None,
        })
        .collect()
}
