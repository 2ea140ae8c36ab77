//! JavaScript's and TypeScript's shapes for the taint walk.

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::review::rules::taint::constant::constant_key;
use crate::review::rules::taint::shape::{self, children, field};
use crate::review::rules::taint::syntax::{Assign, Call, Entries, Syntax};

pub(super) static SYNTAX: Syntax = Syntax {
    declarations: &[
        "function_declaration",
        "generator_function_declaration",
        "method_definition",
    ],
    lambdas: &[
        "arrow_function",
        "function_expression",
        "function",
        "generator_function",
    ],
    skip: &[
        "import_statement",
        "interface_declaration",
        "type_alias_declaration",
        "enum_declaration",
    ],
    blocks: &["program", "statement_block"],
    conditionals: &["if_statement"],
    cases: &["switch_case", "switch_default"],
    loops: &[
        "for_statement",
        "for_in_statement",
        "while_statement",
        "do_statement",
    ],
    identifiers: &[
        "identifier",
        "shorthand_property_identifier",
        "shorthand_property_identifier_pattern",
    ],
    strings: &["string"],
    string_parts: &["string_fragment", "escape_sequence"],
    numbers: &["number", "true", "false", "null", "undefined"],
    binaries: &["binary_expression"],
    booleans: &[],
    assignment,
    call,
    member: |node| {
        if node.kind_name() != "member_expression" {
            return None;
        }
        let property = field(node, "property").filter(|p| p.kind_name() == "property_identifier");
        Some((field(node, "object")?, property))
    },
    subscript: |node| shape::subscript(node, "subscript_expression", "object", "index"),
    entries,
    foreach: |node| {
        (node.kind_name() == "for_in_statement").then_some(())?;
        Some((field(node, "left")?, field(node, "right")?))
    },
    parameters,
    body: |node| field(node, "body"),
    numeric_cast,
    calls_propagate: true,
    carriers: &[],
    out_parameters: &[],
    answers: &[
        "parseInt",
        "parseFloat",
        "Number",
        "Boolean",
        "isNaN",
        "isFinite",
        "isInteger",
        "isSafeInteger",
        "length",
        "indexOf",
        "lastIndexOf",
        "includes",
        "startsWith",
        "endsWith",
        "test",
        "has",
        "some",
        "every",
        "findIndex",
        "localeCompare",
        "isArray",
        "existsSync",
        "getTime",
        "valueOf",
        "uuidv4",
        "randomUUID",
        "hasOwn",
        "hasOwnProperty",
        "floor",
        "ceil",
        "round",
        "trunc",
        "abs",
        "sign",
        "min",
        "max",
        "toFixed",
    ],
};

/// Values that cannot carry the text of their parts: a cast to a number, a yes/no answer, or a
/// choice between constants.
fn numeric_cast(node: Node<'_>, text: &str) -> bool {
    match node.kind_name() {
        // `+x`, `-x`, `~~x`, `!x`, `typeof x` make numbers, booleans or type names.
        "unary_expression" => matches!(
            field(node, "operator").map(|o| &text[o.byte_range()]),
            Some("+" | "-" | "~" | "!" | "typeof" | "void")
        ),
        // `flag ? 'raw' : 'html'` is one of two constants, whatever the condition holds.
        "ternary_expression" => ["consequence", "alternative"]
            .iter()
            .all(|branch| field(node, branch).is_some_and(|b| constant(b, text))),
        // `Object.prototype.hasOwnProperty.call(MAP, key)` answers yes or no.
        "call_expression" => field(node, "function")
            .filter(|f| f.kind_name() == "member_expression")
            .and_then(|f| field(f, "object"))
            .is_some_and(|o| text[o.byte_range()].ends_with(".hasOwnProperty")),
        _ => false,
    }
}

/// A literal, or a choice between literals.
fn constant(node: Node<'_>, text: &str) -> bool {
    match node.kind_name() {
        "string" | "number" | "true" | "false" | "null" | "undefined" => true,
        "template_string" => children(node)
            .iter()
            .all(|c| c.kind_name() != "template_substitution"),
        "parenthesized_expression" => node.named_child(0).is_some_and(|c| constant(c, text)),
        "ternary_expression" => numeric_cast(node, text),
        _ => false,
    }
}

fn assignment<'t>(node: Node<'t>, _: &str) -> Option<Assign<'t>> {
    let (target, value, augmented) = match node.kind_name() {
        "variable_declarator" => (field(node, "name")?, field(node, "value")?, false),
        "assignment_expression" => (field(node, "left")?, field(node, "right")?, false),
        "augmented_assignment_expression" => {
            // `x ||= y` and `x ??= y` keep `x` when it is set: taken as adding to it.
            (field(node, "left")?, field(node, "right")?, true)
        }
        _ => return None,
    };
    Some(Assign::one(target, value, augmented))
}

fn call(node: Node<'_>) -> Option<Call<'_>> {
    match node.kind_name() {
        "call_expression" => {
            let mut function = field(node, "function")?;
            // TypeScript parses `await client.get<T>(url)` with the `await` around the callee.
            if function.kind_name() == "await_expression" {
                function = function.named_child(0)?;
            }
            let (name, receiver) = match function.kind_name() {
                "member_expression" => (field(function, "property"), field(function, "object")),
                "identifier" => (Some(function), None),
                _ => (None, None),
            };
            Some(Call {
                name,
                receiver,
                // A tagged template passes its parts as arguments.
                arguments: match field(node, "arguments") {
                    Some(arguments) if arguments.kind_name() == "template_string" => {
                        vec![arguments]
                    }
                    arguments => shape::arguments(arguments),
                },
                constructor: false,
            })
        }
        "new_expression" => {
            let constructor = field(node, "constructor")?;
            let name = match constructor.kind_name() {
                "member_expression" => field(constructor, "property"),
                _ => Some(constructor),
            };
            Some(Call {
                name,
                receiver: None,
                arguments: shape::arguments(field(node, "arguments")),
                constructor: true,
            })
        }
        _ => None,
    }
}

fn entries<'t>(node: Node<'t>, syntax: &Syntax, text: &str) -> Option<Entries<'t>> {
    match node.kind_name() {
        "object" => Some(
            children(node)
                .into_iter()
                .filter_map(|entry| match entry.kind_name() {
                    "pair" => {
                        let key = field(entry, "key")?;
                        let key = match key.kind_name() {
                            "property_identifier" => Some(text[key.byte_range()].to_string()),
                            _ => constant_key(key, syntax, text),
                        };
                        Some((key, field(entry, "value")?))
                    }
                    "shorthand_property_identifier" => {
                        Some((Some(text[entry.byte_range()].to_string()), entry))
                    }
                    // `...other`, methods: anywhere.
                    _ => Some((None, entry)),
                })
                .collect(),
        ),
        "array" => Some(shape::positional(children(node))),
        _ => None,
    }
}

fn parameters(function: Node<'_>) -> Vec<(Node<'_>, Node<'_>)> {
    // `x => ...` has one parameter and no list.
    if let Some(parameter) = field(function, "parameter") {
        return vec![(parameter, parameter)];
    }
    let Some(list) = field(function, "parameters") else {
        return Vec::new();
    };
    let mut names = Vec::new();
    for parameter in children(list) {
        bound_names(parameter, parameter, &mut names);
    }
    names
}

/// The names a parameter binds: `x`, TypeScript's `req: Request`, defaults `x = 1`, rest
/// `...args`, and every name of a destructuring pattern (`{ cmd, opts: { dir } }`, `[a, b]`).
fn bound_names<'t>(parameter: Node<'t>, node: Node<'t>, out: &mut Vec<(Node<'t>, Node<'t>)>) {
    match node.kind_name() {
        "identifier" | "shorthand_property_identifier_pattern" => out.push((parameter, node)),
        "required_parameter" | "optional_parameter" => {
            if let Some(pattern) = field(node, "pattern") {
                bound_names(parameter, pattern, out);
            }
        }
        "assignment_pattern" | "object_assignment_pattern" => {
            if let Some(left) = field(node, "left") {
                bound_names(parameter, left, out);
            }
        }
        "pair_pattern" => {
            if let Some(value) = field(node, "value") {
                bound_names(parameter, value, out);
            }
        }
        "object_pattern" | "array_pattern" | "rest_pattern" => {
            for child in children(node) {
                bound_names(parameter, child, out);
            }
        }
        _ => {}
    }
}
