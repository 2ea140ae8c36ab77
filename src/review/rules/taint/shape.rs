//! Helpers that take syntax apart, shared by the walk and the language tables: a node's children
//! and fields, the nodes of some kinds under a node, assignment operators, call arguments, calls,
//! member and index accesses, references (`&x`), C declarators and declaration names.

use tree_sitter::Node;

use super::lang::Call;

/// The named children of `node`, in order.
pub(super) fn children(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

/// The child in the field `name`.
pub(super) fn field<'t>(node: Node<'t>, name: &str) -> Option<Node<'t>> {
    node.child_by_field_name(name)
}

/// Every child in the field `name`, in order.
pub(super) fn fields<'t>(node: Node<'t>, name: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name(name, &mut cursor).collect()
}

/// Every node under `node` whose kind passes `wanted`, outermost first, nested ones too.
pub(super) fn collect<'t>(node: Node<'t>, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Node<'t>>) {
    // With a cursor rather than recursion: a tree can be thousands of levels deep.
    let mut cursor = node.walk();
    if !cursor.goto_first_child() {
        return;
    }
    loop {
        let current = cursor.node();
        if current.is_named() && wanted(current.kind()) {
            out.push(current);
        }
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() || cursor.node().id() == node.id() {
                return;
            }
        }
    }
}

/// The operator token of an assignment, such as `=`, `+=`, `.=` or `:=`.
pub(super) fn operator<'a>(node: Node<'_>, text: &'a str) -> &'a str {
    if let Some(operator) = node.child_by_field_name("operator") {
        return &text[operator.byte_range()];
    }
    let mut cursor = node.walk();
    let found = node
        .children(&mut cursor)
        .find(|c| !c.is_named() && text[c.byte_range()].ends_with('='));
    found.map(|c| &text[c.byte_range()]).unwrap_or("=")
}

/// Whether an assignment operator adds to the value (`+=`, `.=`, `||=`) rather than
/// replacing it.
pub(super) fn augments(operator: &str) -> bool {
    !matches!(operator, "=" | ":=")
}

/// The arguments of an argument list, unwrapping keyword and named arguments to their value.
pub(super) fn arguments(list: Option<Node<'_>>) -> Vec<Node<'_>> {
    let Some(list) = list else {
        return Vec::new();
    };
    children(list)
        .into_iter()
        .filter(|c| !matches!(c.kind(), "comment"))
        .map(|c| match c.kind() {
            "keyword_argument" => c.child_by_field_name("value").unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// A call of `call_kind` whose callee is a name, a qualified name (`std::system`) or a member
/// access of `member_kind` with the fields `name_field` and `object_field` (the receiver).
pub(super) fn call<'t>(
    node: Node<'t>,
    call_kind: &str,
    (member_kind, name_field, object_field): (&str, &str, &str),
) -> Option<Call<'t>> {
    if node.kind() != call_kind {
        return None;
    }
    let function = node.child_by_field_name("function")?;
    let (name, receiver) = match function.kind() {
        kind if kind == member_kind => (
            function.child_by_field_name(name_field),
            function.child_by_field_name(object_field),
        ),
        "identifier" => (Some(function), None),
        "qualified_identifier" => (function.child_by_field_name("name"), None),
        _ => (None, None),
    };
    Some(Call {
        name,
        receiver,
        arguments: arguments(node.child_by_field_name("arguments")),
        constructor: false,
    })
}

/// A member access of `kind`: its `object` field and, if present, its `name` field.
pub(super) fn member<'t>(
    node: Node<'t>,
    kind: &str,
    object: &str,
    name: &str,
) -> Option<(Node<'t>, Option<Node<'t>>)> {
    if node.kind() != kind {
        return None;
    }
    Some((
        node.child_by_field_name(object)?,
        node.child_by_field_name(name),
    ))
}

/// An index access of `kind`: its `object` and `index` fields.
pub(super) fn subscript<'t>(
    node: Node<'t>,
    kind: &str,
    object: &str,
    index: &str,
) -> Option<(Node<'t>, Node<'t>)> {
    let (object, index) = member(node, kind, object, index)?;
    Some((object, index?))
}

/// Positional entries: each value under its index.
pub(super) fn positional<'t>(values: Vec<Node<'t>>) -> Vec<(Option<String>, Node<'t>)> {
    values
        .into_iter()
        .enumerate()
        .map(|(i, v)| (Some(i.to_string()), v))
        .collect()
}

/// `&x` (Go, C): the place the reference points at.
pub(super) fn unwrap_reference(node: Node<'_>) -> Node<'_> {
    let unary = matches!(node.kind(), "unary_expression" | "pointer_expression");
    let reference = node.child(0).is_some_and(|c| c.kind() == "&");
    if unary && reference {
        node.named_child(0).unwrap_or(node)
    } else if node.kind() == "argument" && node.named_child_count() == 1 {
        // PHP wraps each argument.
        node.named_child(0).unwrap_or(node)
    } else {
        node
    }
}

/// The innermost identifier of a C declarator (`*p`, `buf[64]`, `(*f)(void)`).
pub(super) fn declarator_name(mut node: Node<'_>) -> Node<'_> {
    loop {
        if let Some(inner) = node.child_by_field_name("declarator") {
            node = inner;
            continue;
        }
        // C++'s `std::string &name` has no field on the reference.
        if node.kind() == "reference_declarator" {
            if let Some(inner) = node.named_child(0) {
                node = inner;
                continue;
            }
        }
        return node;
    }
}

/// The name a function declaration gives (C's sits in its declarator).
pub(super) fn declaration_name<'a>(declaration: Node<'_>, text: &'a str) -> Option<&'a str> {
    let name = declaration.child_by_field_name("name").or_else(|| {
        declaration
            .child_by_field_name("declarator")
            .map(declarator_name)
    })?;
    Some(&text[name.byte_range()])
}
