//! C's (and C++'s) shapes for the taint walk.

use tree_sitter::Node;

use super::shape::{self, children, field};
use super::{Assign, Call, Syntax};

pub(super) static SYNTAX: Syntax = Syntax {
    declarations: &["function_definition"],
    lambdas: &["lambda_expression"],
    skip: &[
        "preproc_include",
        "preproc_def",
        "preproc_function_def",
        "struct_specifier",
        "enum_specifier",
        "type_definition",
        "class_specifier",
        "namespace_definition",
        "template_declaration",
    ],
    blocks: &["translation_unit", "compound_statement", "declaration_list"],
    conditionals: &["if_statement"],
    loops: &[
        "for_statement",
        "while_statement",
        "do_statement",
        "for_range_loop",
    ],
    identifiers: &["identifier"],
    strings: &["string_literal", "raw_string_literal"],
    string_parts: &["string_content", "escape_sequence"],
    numbers: &[
        "number_literal",
        "char_literal",
        "true",
        "false",
        "null",
        "nullptr",
        "sizeof_expression",
    ],
    binaries: &["binary_expression"],
    assignment,
    call,
    member: |node| {
        if node.kind() != "field_expression" {
            return None;
        }
        Some((field(node, "argument")?, field(node, "field")))
    },
    subscript: |node| {
        if node.kind() != "subscript_expression" {
            return None;
        }
        let index = field(node, "index").or_else(|| {
            // C++ puts the index in a `subscript_argument_list`.
            field(node, "indices").and_then(|i| i.named_child(0))
        })?;
        Some((field(node, "argument")?, index))
    },
    entries: |node, _, _| {
        (node.kind() == "initializer_list").then(|| shape::positional(children(node)))
    },
    foreach: |node| {
        (node.kind() == "for_range_loop").then_some(())?;
        Some((field(node, "declarator")?, field(node, "right")?))
    },
    parameters,
    body: |node| field(node, "body"),
    numeric_cast: |node, _| {
        node.kind() == "cast_expression"
            && field(node, "type").is_some_and(|t| {
                // `(int)`, `(long)`, `(size_t)`: no pointer, a primitive or sized type.
                let pointer = children(t)
                    .iter()
                    .any(|c| c.kind() == "abstract_pointer_declarator");
                let primitive = children(t).iter().any(|c| {
                    c.kind() == "primitive_type"
                        || c.kind() == "sized_type_specifier"
                        || c.kind() == "type_identifier"
                });
                primitive && !pointer
            })
    },
    calls_propagate: true,
    out_parameters: &[
        ("strcpy", 0),
        ("strncpy", 0),
        ("strlcpy", 0),
        ("stpcpy", 0),
        ("strcat", 0),
        ("strncat", 0),
        ("strlcat", 0),
        ("sprintf", 0),
        ("snprintf", 0),
        ("vsprintf", 0),
        ("vsnprintf", 0),
        ("memcpy", 0),
        ("memmove", 0),
        ("wcscpy", 0),
        ("wcscat", 0),
    ],
    answers: &[
        "atoi",
        "atol",
        "atoll",
        "atof",
        "strtol",
        "strtoul",
        "strtoll",
        "strtoull",
        "strtod",
        "strtof",
        "strlen",
        "strnlen",
        "strcmp",
        "strncmp",
        "strcasecmp",
        "strncasecmp",
        "memcmp",
        "isdigit",
        "isalpha",
        "isalnum",
        "access",
        "stat",
        "recv",
        "read",
        "recvfrom",
        "fread",
        "scanf",
        "sscanf",
        "fscanf",
        "sqlite3_bind_text",
        "sqlite3_bind_int",
    ],
};

fn assignment<'t>(node: Node<'t>, text: &str) -> Option<Assign<'t>> {
    let (target, value, augmented) = match node.kind() {
        "init_declarator" => (
            shape::declarator_name(field(node, "declarator")?),
            field(node, "value")?,
            false,
        ),
        "assignment_expression" => (
            field(node, "left")?,
            field(node, "right")?,
            shape::augments(shape::operator(node, text)),
        ),
        _ => return None,
    };
    Some(Assign {
        targets: vec![target],
        values: vec![value],
        augmented,
    })
}

fn call(node: Node<'_>) -> Option<Call<'_>> {
    if node.kind() != "call_expression" {
        return None;
    }
    let function = field(node, "function")?;
    let (name, receiver) = match function.kind() {
        "field_expression" => (field(function, "field"), field(function, "argument")),
        "identifier" => (Some(function), None),
        // `std::system`, `::popen`.
        "qualified_identifier" => (field(function, "name"), None),
        _ => (None, None),
    };
    Some(Call {
        name,
        receiver,
        arguments: shape::arguments(field(node, "arguments")),
        constructor: false,
    })
}

fn parameters(function: Node<'_>) -> Vec<(Node<'_>, Node<'_>)> {
    // The parameters sit in the function declarator: `int main(int argc, char **argv)`.
    let mut declarator = field(function, "declarator");
    while let Some(d) = declarator {
        if d.kind() == "function_declarator" || d.kind() == "abstract_function_declarator" {
            break;
        }
        declarator = field(d, "declarator");
    }
    let Some(list) = declarator
        .and_then(|d| field(d, "parameters"))
        .or_else(|| field(function, "parameters"))
    else {
        return Vec::new();
    };
    children(list)
        .into_iter()
        .filter_map(|parameter| {
            let declarator = field(parameter, "declarator")?;
            Some((parameter, shape::declarator_name(declarator)))
        })
        .collect()
}
