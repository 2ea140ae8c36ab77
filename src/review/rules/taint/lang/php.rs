//! PHP's shapes for the taint walk.

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::review::rules::taint::constant::constant_key;
use crate::review::rules::taint::shape::{self, children, field};
use crate::review::rules::taint::syntax::{Assign, Call, Entries, Syntax};

pub(super) static SYNTAX: Syntax = Syntax {
    declarations: &["function_definition", "method_declaration"],
    lambdas: &["anonymous_function", "arrow_function"],
    skip: &[
        "namespace_definition",
        "namespace_use_declaration",
        "class_declaration",
        "interface_declaration",
        "trait_declaration",
        "enum_declaration",
        "const_declaration",
        "php_tag",
        "text",
        "text_interpolation",
    ],
    blocks: &["program", "compound_statement", "colon_block"],
    conditionals: &["if_statement"],
    cases: &["case_statement", "default_statement"],
    loops: &[
        "for_statement",
        "foreach_statement",
        "while_statement",
        "do_statement",
    ],
    identifiers: &["variable_name"],
    strings: &["string", "encapsed_string"],
    string_parts: &["string_content", "string_value", "escape_sequence"],
    numbers: &["integer", "float", "boolean", "null"],
    binaries: &["binary_expression"],
    booleans: &[],
    assignment,
    call,
    member: |node| {
        if !matches!(
            node.kind_name(),
            "member_access_expression" | "nullsafe_member_access_expression"
        ) {
            return None;
        }
        Some((field(node, "object")?, field(node, "name")))
    },
    subscript: |node| {
        if node.kind_name() != "subscript_expression" {
            return None;
        }
        let parts = children(node);
        Some((*parts.first()?, *parts.get(1)?))
    },
    entries,
    foreach: |node| {
        if node.kind_name() != "foreach_statement" {
            return None;
        }
        let parts = children(node);
        let iterable = *parts.first()?;
        let target = *parts.get(1)?;
        // `foreach ($rows as $key => $row)`: the value, and the key, come from the rows.
        Some((target, iterable))
    },
    parameters,
    body: |node| field(node, "body"),
    numeric_cast: |node, text| {
        node.kind_name() == "cast_expression"
            && field(node, "type").is_some_and(|t| {
                matches!(
                    text[t.byte_range()].trim().to_ascii_lowercase().as_str(),
                    "int" | "integer" | "float" | "double" | "real" | "bool" | "boolean"
                )
            })
    },
    calls_propagate: true,
    carriers: &[],
    out_parameters: &[
        ("parse_str", 1),
        ("mb_parse_str", 1),
        ("preg_match", 2),
        ("preg_match_all", 2),
        ("array_push", 0),
        ("array_unshift", 0),
        ("array_splice", 0),
    ],
    answers: &[
        "intval",
        "floatval",
        "doubleval",
        "boolval",
        "is_numeric",
        "is_int",
        "is_string",
        "is_array",
        "ctype_digit",
        "ctype_alnum",
        "ctype_alpha",
        "isset",
        "empty",
        "count",
        "strlen",
        "mb_strlen",
        "in_array",
        "array_key_exists",
        "strpos",
        "stripos",
        "strcmp",
        "strcasecmp",
        "preg_match",
        "file_exists",
        "is_file",
        "is_dir",
        "filter_var_int",
        "time",
        "rowCount",
        "num_rows",
        "uniqid",
        "password_verify",
        "hash_equals",
    ],
};

fn assignment<'t>(node: Node<'t>, _: &str) -> Option<Assign<'t>> {
    let (target, value, augmented) = match node.kind_name() {
        "assignment_expression" | "reference_assignment_expression" => {
            (field(node, "left")?, field(node, "right")?, false)
        }
        "augmented_assignment_expression" => (field(node, "left")?, field(node, "right")?, true),
        _ => return None,
    };
    // `$items[] = $value` appends: the array keeps what it held and adds the value, like `+=`
    // (as an assignment to the whole array, a clean value would wipe out tainted entries).
    if target.kind_name() == "subscript_expression" && target.named_child_count() == 1 {
        return Some(Assign {
            targets: vec![target.named_child(0)?],
            values: vec![value],
            augmented: true,
        });
    }
    Some(Assign::one(target, value, augmented))
}

fn call(node: Node<'_>) -> Option<Call<'_>> {
    let (name, receiver, constructor) = match node.kind_name() {
        "function_call_expression" => (field(node, "function"), None, false),
        "member_call_expression" | "nullsafe_member_call_expression" => {
            (field(node, "name"), field(node, "object"), false)
        }
        "scoped_call_expression" => (field(node, "name"), None, false),
        "object_creation_expression" => (
            children(node)
                .into_iter()
                .find(|c| c.kind_name() != "arguments"),
            None,
            true,
        ),
        _ => return None,
    };
    let arguments = field(node, "arguments").or_else(|| {
        children(node)
            .into_iter()
            .find(|c| c.kind_name() == "arguments")
    });
    Some(Call {
        // `\system(...)`: the name without its namespace.
        name: name.map(|n| {
            if n.kind_name() == "qualified_name" {
                n.named_child(n.named_child_count().saturating_sub(1) as u32)
                    .unwrap_or(n)
            } else {
                n
            }
        }),
        receiver,
        arguments: shape::arguments(arguments)
            .into_iter()
            .map(|a| {
                if a.kind_name() == "argument" {
                    a.named_children(&mut a.walk()).last().unwrap_or(a)
                } else {
                    a
                }
            })
            .collect(),
        constructor,
    })
}

fn entries<'t>(node: Node<'t>, syntax: &Syntax, text: &str) -> Option<Entries<'t>> {
    if node.kind_name() != "array_creation_expression" {
        return None;
    }
    let mut position = 0;
    Some(
        children(node)
            .into_iter()
            .filter(|e| e.kind_name() == "array_element_initializer")
            .filter_map(|element| {
                let parts = children(element);
                match parts.as_slice() {
                    [key, value] => Some((constant_key(*key, syntax, text), *value)),
                    [value] => {
                        let key = position.to_string();
                        position += 1;
                        Some((Some(key), *value))
                    }
                    _ => None,
                }
            })
            .collect(),
    )
}

fn parameters(function: Node<'_>) -> Vec<(Node<'_>, Node<'_>)> {
    let Some(list) = field(function, "parameters") else {
        return Vec::new();
    };
    children(list)
        .into_iter()
        .filter_map(|parameter| Some((parameter, field(parameter, "name")?)))
        .collect()
}
