//! Go's shapes for the taint walk.

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::review::rules::taint::constant::constant_key;
use crate::review::rules::taint::shape::{self, children, field, fields};
use crate::review::rules::taint::syntax::{Assign, Entries, Syntax};

pub(super) static SYNTAX: Syntax = Syntax {
    declarations: &["function_declaration", "method_declaration"],
    lambdas: &["func_literal"],
    skip: &[
        "package_clause",
        "import_declaration",
        "type_declaration",
        "const_declaration",
    ],
    blocks: &["source_file", "block", "statement_list"],
    conditionals: &["if_statement"],
    cases: &[
        "expression_case",
        "type_case",
        "default_case",
        "communication_case",
    ],
    loops: &["for_statement"],
    identifiers: &["identifier"],
    strings: &["interpreted_string_literal", "raw_string_literal"],
    string_parts: &[
        "interpreted_string_literal_content",
        "raw_string_literal_content",
        "escape_sequence",
    ],
    numbers: &[
        "int_literal",
        "float_literal",
        "imaginary_literal",
        "rune_literal",
        "true",
        "false",
        "nil",
        "iota",
    ],
    binaries: &["binary_expression"],
    booleans: &[],
    assignment,
    // `strings.ToLower(x)` has a package as its receiver, which is never tainted.
    call: |node| {
        shape::call(
            node,
            "call_expression",
            ("selector_expression", "field", "operand"),
        )
    },
    member: |node| shape::member(node, "selector_expression", "operand", "field"),
    subscript: |node| shape::subscript(node, "index_expression", "operand", "index"),
    entries,
    foreach: |node| {
        let clause = children(node)
            .into_iter()
            .find(|c| c.kind_name() == "range_clause")?;
        Some((field(clause, "left")?, field(clause, "right")?))
    },
    parameters,
    body: |node| field(node, "body"),
    numeric_cast: |_, _| false,
    calls_propagate: true,
    carriers: &[],
    // `copy(dst, src)` writes into `dst`; package functions are named with their package.
    out_parameters: &[
        ("copy", 0),
        ("json.Unmarshal", 1),
        ("xml.Unmarshal", 1),
        ("yaml.Unmarshal", 1),
        ("fmt.Fprintf", 0),
        ("fmt.Fprint", 0),
        ("fmt.Fprintln", 0),
        ("io.Copy", 0),
        ("io.WriteString", 0),
    ],
    answers: &[
        "Atoi",
        "ParseInt",
        "ParseUint",
        "ParseFloat",
        "ParseBool",
        // Numbers formatted as text: digits only.
        "Itoa",
        "FormatInt",
        "FormatUint",
        "FormatFloat",
        "FormatBool",
        "int",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "float32",
        "float64",
        "bool",
        "len",
        "cap",
        "Contains",
        "ContainsAny",
        "ContainsRune",
        "HasPrefix",
        "HasSuffix",
        "Index",
        "IndexByte",
        "LastIndex",
        "Count",
        "EqualFold",
        "Compare",
        "Equal",
        "MatchString",
        "Match",
        "IsAbs",
        "Len",
        "Err",
        "Close",
    ],
};

fn assignment<'t>(node: Node<'t>, text: &str) -> Option<Assign<'t>> {
    let (targets, values, augmented) = match node.kind_name() {
        // `switch v := x.(type)`.
        "type_switch_statement" => (
            field(node, "alias").map(children).unwrap_or_default(),
            vec![field(node, "value")?],
            false,
        ),
        "short_var_declaration" | "assignment_statement" => (
            children(field(node, "left")?),
            children(field(node, "right")?),
            shape::augments(shape::operator(node, text)),
        ),
        "var_spec" => (
            fields(node, "name"),
            field(node, "value").map(children).unwrap_or_default(),
            false,
        ),
        _ => return None,
    };
    if values.is_empty() {
        return None;
    }
    Some(Assign {
        targets,
        values,
        augmented,
    })
}

fn entries<'t>(node: Node<'t>, syntax: &Syntax, text: &str) -> Option<Entries<'t>> {
    if node.kind_name() != "composite_literal" {
        return None;
    }
    let body = field(node, "body")?;
    let elements = children(body);
    let keyed = elements.iter().any(|e| e.kind_name() == "keyed_element");
    if !keyed {
        return Some(shape::positional(elements));
    }
    Some(
        elements
            .into_iter()
            .filter_map(|element| {
                if element.kind_name() != "keyed_element" {
                    return Some((None, element));
                }
                let parts = children(element);
                let key = field(element, "key").or_else(|| parts.first().copied())?;
                let value = field(element, "value").or_else(|| parts.get(1).copied())?;
                // A struct field name is a constant key too.
                let key_text = match key.named_child(0).map(|k| k.kind_name()) {
                    Some("identifier") | Some("field_identifier") => {
                        Some(text[key.byte_range()].trim().to_string())
                    }
                    _ => constant_key(key, syntax, text),
                };
                Some((key_text, value))
            })
            .collect(),
    )
}

fn parameters(function: Node<'_>) -> Vec<(Node<'_>, Node<'_>)> {
    // A method's receiver (`func (s *Server) ...`) is not: its fields are the program's own
    // state, like `self` and `this`.
    field(function, "parameters")
        .into_iter()
        .flat_map(children)
        .flat_map(|parameter| {
            fields(parameter, "name")
                .into_iter()
                .map(move |name| (parameter, name))
        })
        .collect()
}
