//! C's (and C++'s) shapes for the taint walk.

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::review::rules::taint::shape::{self, children, field};
use crate::review::rules::taint::syntax::{Assign, Call, Syntax};

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
    // The branches of `#ifdef`/`#if` are walked in order like a block, so a file's constants
    // reach the functions inside them (a test suite's `#ifndef OMITBAD`).
    blocks: &[
        "translation_unit",
        "compound_statement",
        "declaration_list",
        "preproc_if",
        "preproc_ifdef",
        "preproc_else",
        "preproc_elif",
        "preproc_elifdef",
    ],
    conditionals: &["if_statement"],
    cases: &["case_statement"],
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
    booleans: &[],
    assignment,
    call,
    member: |node| shape::member(node, "field_expression", "argument", "field"),
    subscript: |node| {
        if node.kind_name() != "subscript_expression" {
            return None;
        }
        let index = field(node, "index").or_else(|| {
            // C++ puts the index in a `subscript_argument_list`.
            field(node, "indices").and_then(|i| i.named_child(0))
        })?;
        Some((field(node, "argument")?, index))
    },
    entries: |node, _, _| {
        (node.kind_name() == "initializer_list").then(|| shape::positional(children(node)))
    },
    foreach: |node| {
        (node.kind_name() == "for_range_loop").then_some(())?;
        Some((field(node, "declarator")?, field(node, "right")?))
    },
    parameters,
    body: |node| field(node, "body"),
    numeric_cast: |node, _| {
        node.kind_name() == "cast_expression"
            && field(node, "type").is_some_and(|t| {
                // `(int)`, `(long)`, `(size_t)`: no pointer, a primitive or sized type.
                let pointer = children(t)
                    .iter()
                    .any(|c| c.kind_name() == "abstract_pointer_declarator");
                let primitive = children(t).iter().any(|c| {
                    c.kind_name() == "primitive_type"
                        || c.kind_name() == "sized_type_specifier"
                        || c.kind_name() == "type_identifier"
                });
                primitive && !pointer
            })
    },
    calls_propagate: true,
    carriers: &[],
    // Copies and formatting into a buffer are assignments (see `COPIES`).
    out_parameters: &[],
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
        "strtoimax",
        "strtoumax",
        "strspn",
        "strcspn",
        "isspace",
        "isupper",
        "islower",
        "isxdigit",
        "isprint",
        "toupper",
        "tolower",
        "fgetc",
        "getc",
        "getchar",
        "getline",
        "getdelim",
        "pread",
        "recvmsg",
        "write",
        "send",
        "sendto",
        "fwrite",
        "printf",
        "fprintf",
        "dprintf",
        "sprintf",
        "snprintf",
        "lstat",
        "mysql_real_escape_string",
        "PQescapeStringConn",
    ],
};

fn assignment<'t>(node: Node<'t>, text: &str) -> Option<Assign<'t>> {
    if let Some(copy) = copy(node, text) {
        return Some(copy);
    }
    if node.kind_name() == "assignment_expression" {
        if let Some(pointer) = field(node, "left").and_then(dereferenced) {
            // `*p = c`, `*p++ = c`: a write into the buffer `p` points at, which adds to what
            // it holds and never cleans it (`*end = '\0'` cuts a string, the rest stays).
            return Some(Assign {
                targets: vec![pointer],
                values: vec![field(node, "right")?],
                augmented: true,
            });
        }
    }
    let (target, value, augmented) = match node.kind_name() {
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
    Some(Assign::one(target, value, augmented))
}

fn call(node: Node<'_>) -> Option<Call<'_>> {
    shape::call(
        node,
        "call_expression",
        ("field_expression", "field", "argument"),
    )
}

fn parameters(function: Node<'_>) -> Vec<(Node<'_>, Node<'_>)> {
    // The parameters sit in the function declarator: `int main(int argc, char **argv)`.
    let mut declarator = field(function, "declarator");
    while let Some(d) = declarator {
        if d.kind_name() == "function_declarator" || d.kind_name() == "abstract_function_declarator"
        {
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

/// Functions that write into one argument what the others hold: the name, the argument
/// written, and whether it replaces what the buffer held (`strcpy`, `snprintf`) rather than
/// adding to it (`strcat`).
const COPIES: &[(&str, usize, bool)] = &[
    ("strcpy", 0, true),
    ("strncpy", 0, true),
    ("strlcpy", 0, true),
    ("stpcpy", 0, true),
    ("stpncpy", 0, true),
    ("wcscpy", 0, true),
    ("wcsncpy", 0, true),
    ("memcpy", 0, true),
    ("memmove", 0, true),
    ("memccpy", 0, true),
    ("sprintf", 0, true),
    ("snprintf", 0, true),
    // The Windows C runtime's names.
    ("_snprintf", 0, true),
    ("_snwprintf", 0, true),
    ("_swprintf", 0, true),
    ("vsprintf", 0, true),
    ("vsnprintf", 0, true),
    ("swprintf", 0, true),
    ("asprintf", 0, true),
    ("vasprintf", 0, true),
    ("sqlite3_snprintf", 1, true),
    ("strcat", 0, false),
    ("strncat", 0, false),
    ("strlcat", 0, false),
    ("wcscat", 0, false),
    ("wcsncat", 0, false),
];

/// A copy into a buffer as an assignment to it: `strcpy(dst, src)` is `dst = src`,
/// `strcat(dst, src)` is `dst += src`, and so is a write at an offset (`memcpy(sql + len, tag,
/// n)`), which keeps what the rest of the buffer holds. `sscanf(text, fmt, a, b)` stores
/// `text` in the strings `a` and `b` (a `&n` argument is a number).
fn copy<'t>(node: Node<'t>, text: &str) -> Option<Assign<'t>> {
    // The name first: most calls copy nothing, and reading all of a call's arguments costs
    // more than the name.
    if node.kind_name() != "call_expression" {
        return None;
    }
    let function = node.field("function")?;
    if function.kind_name() != "identifier" {
        return None;
    }
    let name = &text[function.byte_range()];
    let scans = name == "sscanf" || name == "swscanf";
    if !scans && !COPIES.iter().any(|(n, _, _)| *n == name) {
        return None;
    }
    let call = call(node)?;
    if scans {
        let targets: Vec<Node<'t>> = call
            .arguments
            .iter()
            .skip(2)
            .filter(|a| a.kind_name() != "pointer_expression")
            .copied()
            .collect();
        if targets.is_empty() {
            return None;
        }
        return Some(Assign {
            targets,
            values: call.arguments.first().copied().into_iter().collect(),
            augmented: false,
        });
    }
    let (_, index, replaces) = COPIES.iter().find(|(n, _, _)| *n == name)?;
    let mut target = *call.arguments.get(*index)?;
    if target.kind_name() == "pointer_expression" && target.child(0)?.kind_name() == "&" {
        target = field(target, "argument")?;
    }
    // `sql + len - 1`: the buffer `sql`, written after its start.
    let mut offset = false;
    while target.kind_name() == "binary_expression"
        && matches!(
            field(target, "operator").map(|o| o.kind_name()),
            Some("+" | "-")
        )
    {
        target = field(target, "left")?;
        offset = true;
    }
    let values = call
        .arguments
        .iter()
        .enumerate()
        .filter(|(i, _)| i != index)
        .map(|(_, a)| *a)
        .collect();
    Some(Assign {
        targets: vec![target],
        values,
        augmented: offset || !replaces,
    })
}

/// The pointer a `*p` or `*p++` place writes through.
fn dereferenced(node: Node<'_>) -> Option<Node<'_>> {
    if node.kind_name() != "pointer_expression" || node.child(0)?.kind_name() != "*" {
        return None;
    }
    let mut pointer = field(node, "argument")?;
    while matches!(
        pointer.kind_name(),
        "update_expression" | "parenthesized_expression"
    ) {
        pointer = field(pointer, "argument").or_else(|| pointer.named_child(0))?;
    }
    Some(pointer)
}
