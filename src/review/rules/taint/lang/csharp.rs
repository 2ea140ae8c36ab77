//! C#'s shapes for the taint walk.

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::review::rules::taint::constant::constant_key;
use crate::review::rules::taint::shape::{self, children, field};
use crate::review::rules::taint::syntax::{Assign, Call, Entries, Syntax};

pub(super) static SYNTAX: Syntax = Syntax {
    declarations: &[
        "method_declaration",
        "constructor_declaration",
        "local_function_statement",
        "accessor_declaration",
        "operator_declaration",
    ],
    lambdas: &["lambda_expression", "anonymous_method_expression"],
    skip: &[
        "using_directive",
        "attribute_list",
        "namespace_declaration",
        "file_scoped_namespace_declaration",
        "class_declaration",
        "struct_declaration",
        "interface_declaration",
        "record_declaration",
        "enum_declaration",
        "delegate_declaration",
    ],
    blocks: &["compilation_unit", "block"],
    conditionals: &["if_statement"],
    cases: &["switch_section"],
    loops: &[
        "for_statement",
        "foreach_statement",
        "while_statement",
        "do_statement",
    ],
    identifiers: &["identifier"],
    strings: &[
        "string_literal",
        "verbatim_string_literal",
        "raw_string_literal",
    ],
    string_parts: &[
        "string_literal_content",
        "escape_sequence",
        "raw_string_content",
        "raw_string_start",
        "raw_string_end",
    ],
    numbers: &[
        "integer_literal",
        "real_literal",
        "boolean_literal",
        "null_literal",
        "character_literal",
    ],
    binaries: &["binary_expression"],
    booleans: &["is_pattern_expression", "is_expression"],
    assignment,
    call,
    member: |node| match node.kind_name() {
        "member_access_expression" => Some((field(node, "expression")?, field(node, "name"))),
        // `user?.Name`.
        "conditional_access_expression" => {
            Some((field(node, "condition")?, field(binding(node)?, "name")))
        }
        _ => None,
    },
    subscript: |node| {
        if node.kind_name() != "element_access_expression" {
            return None;
        }
        let index = children(field(node, "subscript")?).into_iter().next()?;
        Some((field(node, "expression")?, unwrap_argument(index)))
    },
    entries,
    foreach: |node| {
        (node.kind_name() == "foreach_statement").then_some(())?;
        Some((field(node, "left")?, field(node, "right")?))
    },
    parameters,
    // `delegate (...) { ... }` holds its block without a field name.
    body: |node| {
        field(node, "body").or_else(|| {
            children(node)
                .into_iter()
                .find(|c| c.kind_name() == "block")
        })
    },
    numeric_cast: |node, text| {
        node.kind_name() == "cast_expression"
            && field(node, "type").is_some_and(|t| {
                matches!(
                    &text[t.byte_range()],
                    "int"
                        | "long"
                        | "short"
                        | "byte"
                        | "sbyte"
                        | "uint"
                        | "ulong"
                        | "ushort"
                        | "float"
                        | "double"
                        | "decimal"
                        | "bool"
                        | "Guid"
                )
            })
    },
    calls_propagate: true,
    carriers: &[],
    out_parameters: &[],
    answers: &[
        "Parse",
        "TryParse",
        "ToInt32",
        "ToInt64",
        "ToInt16",
        "ToDouble",
        "ToDecimal",
        "ToBoolean",
        "Length",
        "Count",
        "Any",
        "All",
        "IsNullOrEmpty",
        "IsNullOrWhiteSpace",
        "Equals",
        "Contains",
        "ContainsKey",
        "StartsWith",
        "EndsWith",
        "IsMatch",
        "IndexOf",
        "LastIndexOf",
        "CompareTo",
        "Compare",
        "GetHashCode",
        "Exists",
        "NewGuid",
    ],
};

/// The `.Name` of `user?.Name`.
fn binding(access: Node<'_>) -> Option<Node<'_>> {
    children(access)
        .into_iter()
        .find(|c| c.kind_name() == "member_binding_expression")
}

/// The expression an argument passes: past its name (`name: x`) and `ref`/`out`/`in`.
fn unwrap_argument(node: Node<'_>) -> Node<'_> {
    if node.kind_name() != "argument" {
        return node;
    }
    let mut cursor = node.walk();
    let last = node.named_children(&mut cursor).last();
    last.filter(|c| Some(c.id()) != field(node, "name").map(|n| n.id()))
        .unwrap_or(node)
}

fn arguments(list: Option<Node<'_>>) -> Vec<Node<'_>> {
    shape::arguments(list)
        .into_iter()
        .map(unwrap_argument)
        .collect()
}

fn assignment<'t>(node: Node<'t>, text: &str) -> Option<Assign<'t>> {
    match node.kind_name() {
        // `var x = ...`: the value is the declarator's expression after its name.
        "variable_declarator" => {
            let name = field(node, "name")?;
            let value = children(node)
                .into_iter()
                .rfind(|c| c.id() != name.id() && c.kind_name() != "bracketed_argument_list")?;
            Some(Assign::one(name, value, false))
        }
        "assignment_expression" => Some(Assign::one(
            field(node, "left")?,
            field(node, "right")?,
            shape::augments(shape::operator(node, text)),
        )),
        _ => None,
    }
}

fn call(node: Node<'_>) -> Option<Call<'_>> {
    match node.kind_name() {
        "invocation_expression" => {
            let function = field(node, "function")?;
            let (name, receiver) = match function.kind_name() {
                "member_access_expression" => {
                    (field(function, "name"), field(function, "expression"))
                }
                "conditional_access_expression" => (
                    binding(function).and_then(|b| field(b, "name")),
                    field(function, "condition"),
                ),
                "identifier" => (Some(function), None),
                // `Method<T>(x)`.
                "generic_name" => (function.named_child(0), None),
                _ => (None, None),
            };
            // `obj.Method<T>(x)`: the name is the generic name's identifier.
            let name = match name {
                Some(n) if n.kind_name() == "generic_name" => n.named_child(0),
                name => name,
            };
            Some(Call {
                name,
                receiver,
                arguments: arguments(field(node, "arguments")),
                constructor: false,
            })
        }
        // `SqlCommand c = new(sql)`: the type is the declaration's.
        "implicit_object_creation_expression" => Some(Call {
            name: None,
            receiver: None,
            arguments: arguments(
                children(node)
                    .into_iter()
                    .find(|c| c.kind_name() == "argument_list"),
            ),
            constructor: true,
        }),
        "object_creation_expression" => {
            let mut name = field(node, "type");
            // `new System.Data.SqlClient.SqlCommand(...)`, `new List<string>(...)`.
            while let Some(n) = name {
                match n.kind_name() {
                    "qualified_name" => name = field(n, "name"),
                    "generic_name" => name = n.named_child(0),
                    _ => break,
                }
            }
            // The object carries its arguments and what its initializer sets
            // (`new SqlCommand { CommandText = sql }`).
            let mut values = arguments(field(node, "arguments"));
            if let Some(initializer) = field(node, "initializer") {
                values.extend(
                    children(initializer)
                        .into_iter()
                        .map(|c| match c.kind_name() {
                            "assignment_expression" => field(c, "right").unwrap_or(c),
                            _ => c,
                        }),
                );
            }
            Some(Call {
                name,
                receiver: None,
                arguments: values,
                constructor: true,
            })
        }
        _ => None,
    }
}

fn entries<'t>(node: Node<'t>, syntax: &Syntax, text: &str) -> Option<Entries<'t>> {
    match node.kind_name() {
        // `new[] { a, b }`, `{ a, b }`, `[a, b]`.
        "initializer_expression" | "collection_expression" => {
            let values: Vec<Node<'t>> = children(node)
                .into_iter()
                .filter(|c| c.kind_name() != "assignment_expression")
                .map(|c| match c.kind_name() {
                    "expression_element" | "collection_element" => c.named_child(0).unwrap_or(c),
                    _ => c,
                })
                .collect();
            // `new Dictionary<string, string> { ["a"] = x }` and `{ { "a", x } }` name keys.
            let keyed: Vec<(Option<String>, Node<'t>)> = children(node)
                .into_iter()
                .filter_map(|c| match c.kind_name() {
                    "assignment_expression" => {
                        let left = field(c, "left")?;
                        let key = children(left)
                            .into_iter()
                            .next()
                            .and_then(|k| children(k).into_iter().next())
                            .map(unwrap_argument)
                            .and_then(|k| constant_key(k, syntax, text));
                        Some((key, field(c, "right")?))
                    }
                    "initializer_expression" => match children(c).as_slice() {
                        [key, value] => Some((constant_key(*key, syntax, text), *value)),
                        _ => None,
                    },
                    _ => None,
                })
                .collect();
            if !keyed.is_empty() {
                return Some(keyed);
            }
            Some(shape::positional(values))
        }
        "implicit_array_creation_expression" | "array_creation_expression" => {
            let initializer = children(node)
                .into_iter()
                .find(|c| c.kind_name() == "initializer_expression")?;
            entries(initializer, syntax, text)
        }
        _ => None,
    }
}

fn parameters(function: Node<'_>) -> Vec<(Node<'_>, Node<'_>)> {
    let Some(list) = field(function, "parameters") else {
        return Vec::new();
    };
    // `x => ...` names its one parameter directly.
    if list.kind_name() == "implicit_parameter" || list.kind_name() == "identifier" {
        return vec![(list, list)];
    }
    children(list)
        .into_iter()
        .filter_map(|parameter| match parameter.kind_name() {
            "parameter" => Some((parameter, field(parameter, "name")?)),
            "implicit_parameter" | "identifier" => Some((parameter, parameter)),
            _ => None,
        })
        .collect()
}
