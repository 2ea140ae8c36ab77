//! Helpers that take syntax apart, shared by the walk and the language tables: a node's children
//! and fields, the nodes of some kinds under a node, assignment operators, call arguments, calls,
//! member and index accesses, references (`&x`), C declarators and declaration names.

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::syntax::Call;

/// The named children of `node`, in order.
pub(super) fn children(node: Node<'_>) -> Vec<Node<'_>> {
    crate::lang::nodes::named_children(node)
}

/// The child in the field `name`.
pub(super) fn field<'t>(node: Node<'t>, name: &'static str) -> Option<Node<'t>> {
    node.field(name)
}

/// Every child in the field `name`, in order.
pub(super) fn fields<'t>(node: Node<'t>, name: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name(name, &mut cursor).collect()
}

/// Every node under `node` whose kind passes `wanted`, outermost first, nested ones too.
pub(super) fn collect<'t>(node: Node<'t>, wanted: &dyn Fn(&str) -> bool, out: &mut Vec<Node<'t>>) {
    // From the file's table, when a walk has one (the same nodes, in the same order).
    let from_table = crate::lang::nodes::each_named_below(node, |below| {
        if wanted(below.kind_name()) {
            out.push(below);
        }
    });
    if !from_table {
        crate::lang::nodes::each_named_below_by_cursor(node, |below| {
            if wanted(below.kind_name()) {
                out.push(below);
            }
            std::ops::ControlFlow::Continue(())
        });
    }
}

/// The operator token of an assignment, such as `=`, `+=`, `.=` or `:=`.
pub(super) fn operator<'a>(node: Node<'_>, text: &'a str) -> &'a str {
    if let Some(operator) = node.field("operator") {
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
        .filter(|c| !matches!(c.kind_name(), "comment"))
        .map(|c| match c.kind_name() {
            "keyword_argument" => c.field("value").unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// A call of `call_kind` whose callee is a name, a qualified name (`std::system`) or a member
/// access of `member_kind` with the fields `name_field` and `object_field` (the receiver).
pub(super) fn call<'t>(
    node: Node<'t>,
    call_kind: &str,
    (member_kind, name_field, object_field): (&str, &'static str, &'static str),
) -> Option<Call<'t>> {
    if node.kind_name() != call_kind {
        return None;
    }
    let function = node.field("function")?;
    let (name, receiver) = match function.kind_name() {
        kind if kind == member_kind => (function.field(name_field), function.field(object_field)),
        "identifier" => (Some(function), None),
        "qualified_identifier" => (function.field("name"), None),
        _ => (None, None),
    };
    Some(Call {
        name,
        receiver,
        arguments: arguments(node.field("arguments")),
        constructor: false,
    })
}

/// A member access of `kind`: its `object` field and, if present, its `name` field.
pub(super) fn member<'t>(
    node: Node<'t>,
    kind: &str,
    object: &'static str,
    name: &'static str,
) -> Option<(Node<'t>, Option<Node<'t>>)> {
    if node.kind_name() != kind {
        return None;
    }
    Some((node.field(object)?, node.field(name)))
}

/// An index access of `kind`: its `object` and `index` fields.
pub(super) fn subscript<'t>(
    node: Node<'t>,
    kind: &str,
    object: &'static str,
    index: &'static str,
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

/// `(char *)p`, `(p)`: the expression inside casts and parentheses.
pub(super) fn unwrap_cast(mut node: Node<'_>) -> Node<'_> {
    loop {
        let inner = match node.kind_name() {
            "parenthesized_expression" => node.named_child(0),
            "cast_expression" => node.field("value"),
            _ => None,
        };
        match inner {
            Some(inner) => node = inner,
            None => return node,
        }
    }
}

/// `&x` (Go, C): the place the reference points at.
pub(super) fn unwrap_reference(node: Node<'_>) -> Node<'_> {
    let unary = matches!(node.kind_name(), "unary_expression" | "pointer_expression");
    let reference = node.child(0).is_some_and(|c| c.kind_name() == "&");
    if unary && reference {
        node.named_child(0).unwrap_or(node)
    } else if node.kind_name() == "argument" && node.named_child_count() == 1 {
        // PHP wraps each argument.
        node.named_child(0).unwrap_or(node)
    } else {
        node
    }
}

/// The buffer a pointer argument points into: `buf` of `(char *)(buf + len)` or `&buf[n]`, so
/// that a read into the rest of a buffer (`fgets(data + len, ...)`, `recv(s, (char *)(data +
/// len), ...)`) taints the buffer. Anything else is itself.
pub(super) fn buffer_base(node: Node<'_>) -> Node<'_> {
    let mut node = unwrap_reference(node);
    loop {
        let inner = match node.kind_name() {
            "parenthesized_expression" => node.named_child(0),
            "cast_expression" => node.field("value"),
            "binary_expression"
                if node
                    .field("operator")
                    .is_some_and(|op| op.kind_name() == "+" || op.kind_name() == "-") =>
            {
                node.field("left")
            }
            "subscript_expression" => node.field("argument"),
            _ => None,
        };
        match inner {
            Some(inner) => node = unwrap_reference(inner),
            None => return node,
        }
    }
}

/// The innermost identifier of a C declarator (`*p`, `buf[64]`, `(*f)(void)`).
pub(super) fn declarator_name(mut node: Node<'_>) -> Node<'_> {
    loop {
        if let Some(inner) = node.field("declarator") {
            node = inner;
            continue;
        }
        // C++'s `std::string &name` has no field on the reference.
        if node.kind_name() == "reference_declarator" {
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
    let name = declaration
        .field("name")
        .or_else(|| declaration.field("declarator").map(declarator_name))?;
    Some(&text[name.byte_range()])
}

#[cfg(test)]
mod tests {
    use super::super::fixture::program;
    use super::*;
    use crate::lang::Language::{Cpp, Go, Java, JavaScript, Php, Python, C};

    #[test]
    fn collect_finds_nested_nodes_outermost_first_without_the_root() {
        let program = program(
            JavaScript,
            "function outer() { function inner() {} }\nfunction last() {}",
        );
        let mut found = Vec::new();
        collect(program.root(), &|k| k == "function_declaration", &mut found);
        let names: Vec<&str> = found
            .iter()
            .map(|f| declaration_name(*f, &program.text).expect("a declaration has a name"))
            .collect();
        assert_eq!(names, ["outer", "inner", "last"]);
        let mut below = Vec::new();
        collect(found[0], &|k| k == "function_declaration", &mut below);
        assert_eq!(below.len(), 1, "the node searched is not among those found");
    }

    #[test]
    fn assignment_operators_say_whether_they_add_to_the_value() {
        let cases = [
            (Python, "x = 1", "assignment", "=", false),
            (Python, "x += 1", "augmented_assignment", "+=", true),
            (
                Go,
                "package p\nfunc f() { x := 1 }",
                "short_var_declaration",
                ":=",
                false,
            ),
            (
                Go,
                "package p\nfunc f() { x += s }",
                "assignment_statement",
                "+=",
                true,
            ),
            (
                Java,
                "class A { void f() { x = 1; } }",
                "assignment_expression",
                "=",
                false,
            ),
            (
                C,
                "void f() { x |= 1; }",
                "assignment_expression",
                "|=",
                true,
            ),
            (
                Php,
                "<?php $x .= 'a';",
                "augmented_assignment_expression",
                ".=",
                true,
            ),
            (
                JavaScript,
                "x ||= y",
                "augmented_assignment_expression",
                "||=",
                true,
            ),
        ];
        for (language, code, kind, expected, adds) in cases {
            let program = program(language, code);
            let found = operator(program.first(kind), &program.text);
            assert_eq!(found, expected, "{language}: {code}");
            assert_eq!(augments(found), adds, "{language}: {code}");
        }
    }

    #[test]
    fn arguments_unwrap_keywords_and_drop_comments() {
        let python = program(Python, "f(a, key=b, *rest)");
        let list = python.first("argument_list");
        let texts: Vec<&str> = arguments(Some(list))
            .into_iter()
            .map(|a| python.source_of(a))
            .collect();
        assert_eq!(texts, ["a", "b", "*rest"]);
        let javascript = program(JavaScript, "f(a, /* why */ b)");
        let list = javascript.first("arguments");
        let texts: Vec<&str> = arguments(Some(list))
            .into_iter()
            .map(|a| javascript.source_of(a))
            .collect();
        assert_eq!(texts, ["a", "b"]);
        assert!(arguments(None).is_empty());
    }

    #[test]
    fn calls_name_their_function_and_receiver() {
        let member = ("attribute", "attribute", "object");
        let python = program(Python, "os.path.join(a, b)\nprint(x)\nf()(y)");
        let text = |n: Option<Node<'_>>| n.map(|n| python.source_of(n));
        let method =
            call(python.node("os.path.join(a, b)"), "call", member).expect("a call of a method");
        assert_eq!(text(method.name), Some("join"));
        assert_eq!(text(method.receiver), Some("os.path"));
        assert_eq!(method.arguments.len(), 2);
        assert!(!method.constructor);
        let function = call(python.node("print(x)"), "call", member).expect("a call");
        assert_eq!(text(function.name), Some("print"));
        assert_eq!(text(function.receiver), None);
        let computed = call(python.node("f()(y)"), "call", member).expect("a call");
        assert_eq!(text(computed.name), None, "a computed callee has no name");
        assert!(call(python.node("os.path"), "call", member).is_none());

        let cpp = program(Cpp, "void f() { std::system(cmd); }");
        let qualified = call(
            cpp.node("std::system(cmd)"),
            "call_expression",
            ("field_expression", "field", "argument"),
        )
        .expect("a call");
        assert_eq!(qualified.name.map(|n| cpp.source_of(n)), Some("system"));
        assert!(qualified.receiver.is_none());
    }

    #[test]
    fn members_and_subscripts_give_their_object_name_and_index() {
        let go = program(Go, "package p\nvar x = s.f\nvar y = m[k]");
        let (object, name) = member(go.node("s.f"), "selector_expression", "operand", "field")
            .expect("a member access");
        assert_eq!(go.source_of(object), "s");
        assert_eq!(name.map(|n| go.source_of(n)), Some("f"));
        assert!(member(go.node("m[k]"), "selector_expression", "operand", "field").is_none());
        let (object, index) = subscript(go.node("m[k]"), "index_expression", "operand", "index")
            .expect("an index access");
        assert_eq!((go.source_of(object), go.source_of(index)), ("m", "k"));
    }

    #[test]
    fn positional_entries_are_keyed_by_position() {
        let python = program(Python, "[a, b]");
        let entries = positional(children(python.first("list")));
        let keyed: Vec<(Option<String>, &str)> = entries
            .into_iter()
            .map(|(key, value)| (key, python.source_of(value)))
            .collect();
        assert_eq!(
            keyed,
            [(Some("0".to_string()), "a"), (Some("1".to_string()), "b")]
        );
    }

    #[test]
    fn references_and_php_arguments_unwrap_to_their_place() {
        let cases = [
            (Go, "package p\nfunc f() { g(&v) }", "&v", "v"),
            (C, "void f() { g(&buf); }", "&buf", "buf"),
            (C, "void f() { g(*p); }", "*p", "*p"),
            (Php, "<?php g($x);", "$x", "$x"),
            (Python, "g(v)", "v", "v"),
        ];
        for (language, code, snippet, expected) in cases {
            let program = program(language, code);
            let mut node = program.node(snippet);
            // PHP wraps each argument in a node of its own, with the same text.
            while let Some(parent) = node.parent().filter(|p| p.kind_name() == "argument") {
                node = parent;
            }
            let place = unwrap_reference(node);
            assert_eq!(program.source_of(place), expected, "{language}: {code}");
        }
    }

    #[test]
    fn declarators_and_declarations_give_their_name() {
        let c = program(
            C,
            "int *p;\nchar buf[64];\nchar **lines[2];\nint main(int argc, char **argv) { return 0; }",
        );
        let names: Vec<&str> = ["int *p;", "char buf[64];", "char **lines[2];"]
            .iter()
            .map(|d| {
                let declaration = c.node(d);
                let declarator = declaration
                    .field("declarator")
                    .expect("a declaration has a declarator");
                c.source_of(declarator_name(declarator))
            })
            .collect();
        assert_eq!(names, ["p", "buf", "lines"]);
        let main = c.first("function_definition");
        assert_eq!(declaration_name(main, &c.text), Some("main"));

        let cpp = program(Cpp, "void g(std::string &name) {}");
        let parameter = cpp.first("parameter_declaration");
        let declarator = parameter
            .field("declarator")
            .expect("a parameter has a declarator");
        assert_eq!(cpp.source_of(declarator_name(declarator)), "name");

        let python = program(Python, "def handler(request):\n    pass\n");
        let def = python.first("function_definition");
        assert_eq!(declaration_name(def, &python.text), Some("handler"));
    }
}
