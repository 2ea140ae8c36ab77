//! What a C or C++ function may do with the memory or file a parameter points at, for the leaks
//! the join decides: a caller that hands its buffer to a function of the repository still owns
//! it afterwards unless that function keeps it (stores it where the caller does not own, returns
//! it, releases it) or hands it on to a call that may.
//!
//! Read from the function's body alone, once per file, where its summary is: every use of the
//! parameter's name is either a read (an element, a member, `*p`, a comparison, a condition,
//! `sizeof`, an argument of the library's readers and copies), a hand-over to one of the file's
//! calls (decided by the join, through the callee's own keeping), or anything else, which may
//! keep it. The last is the default: an alias, a store, a return, `&p`, a release, a call the
//! summary does not name.

use std::collections::HashMap;

use tree_sitter::Node;

use super::library;
use crate::lang::GrammarNames;
use crate::review::rules::names::Aliases;
use crate::review::rules::taint::shape::{children, field};
use crate::review::rules::taint::syntax::Syntax;
use crate::review::rules::RangeMap;

/// What a function may do with what one of its parameters points at.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Keeping {
    /// It may keep it, whatever its callees do.
    pub(crate) kept: bool,
    /// The calls of the file it hands the pointer to, as (call, position): it keeps it if any of
    /// them does.
    pub(crate) through: Vec<(usize, usize)>,
}

/// Per parameter of `function` (a C or C++ definition): what its body may do with what the
/// parameter points at. `arguments` numbers the file's call arguments as the summary does.
pub(in crate::review::rules::taint) fn keeping(
    function: Node<'_>,
    parameters: &[(Node<'_>, Node<'_>)],
    (syntax, text, names): (&Syntax, &str, &Aliases),
    arguments: &RangeMap<(usize, usize)>,
) -> Vec<Keeping> {
    let Some(body) = (syntax.body)(function) else {
        return vec![
            Keeping {
                kept: true,
                through: Vec::new()
            };
            parameters.len()
        ];
    };
    let mut uses: HashMap<&str, Vec<Node<'_>>> = HashMap::new();
    for (_, name) in parameters {
        uses.entry(&text[name.byte_range()]).or_default();
    }
    // Names the body calls through a variable (a parameter, a local function pointer): which
    // function runs is not known. And whether the body uses a macro, which may name a
    // parameter the tree does not show (`#define SAVE (g = p)`).
    let mut variables: Vec<&str> = parameters
        .iter()
        .map(|(_, name)| {
            text[name.byte_range()].trim_matches(|c: char| !(c.is_alphanumeric() || c == '_'))
        })
        .collect();
    let mut macros = false;
    // Each node with its parent, known on the way down (`Node::parent` would search for it
    // from the root, for every identifier of the body).
    let mut stack = vec![(body, None)];
    while let Some((node, parent)) = stack.pop() {
        if node.kind_name() == "identifier" {
            let name = &text[node.byte_range()];
            if let Some(found) = uses.get_mut(name) {
                found.push(node);
            }
            let declared = parent.is_some_and(|p: Node<'_>| {
                p.kind_name().ends_with("declarator")
                    && field(p, "declarator").is_some_and(|d| d.id() == node.id())
            });
            if declared {
                variables.push(name);
            }
            macros |= name.len() > 1
                && name
                    .bytes()
                    .all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit())
                && parent.is_some_and(|p| {
                    p.kind_name() == "expression_statement" || p.kind_name() == "call_expression"
                });
        }
        stack.extend(children(node).into_iter().map(|child| (child, Some(node))));
    }
    parameters
        .iter()
        .map(|(_, name)| {
            let mut keeping = Keeping::default();
            let found = &uses[&text[name.byte_range()]];
            if found.is_empty() && macros {
                keeping.kept = true;
            }
            for node in found {
                match use_of(*node, (syntax, text, names), arguments, &variables) {
                    Use::Reads => {}
                    Use::Handed(call, position) => {
                        if !keeping.through.contains(&(call, position)) {
                            keeping.through.push((call, position));
                        }
                    }
                    Use::Keeps => keeping.kept = true,
                }
                if keeping.kept {
                    keeping.through.clear();
                    break;
                }
            }
            keeping
        })
        .collect()
}

/// What one use of a parameter does with its pointer.
enum Use {
    Reads,
    Handed(usize, usize),
    Keeps,
}

/// Climbs from the use `node` through what still carries the pointer (casts, parentheses,
/// `p + n`, a branch of `?:`) to what it meets.
fn use_of(
    mut node: Node<'_>,
    (syntax, text, names): (&Syntax, &str, &Aliases),
    arguments: &RangeMap<(usize, usize)>,
    variables: &[&str],
) -> Use {
    loop {
        let Some(parent) = node.parent() else {
            return Use::Keeps;
        };
        let is = |name: &'static str| field(parent, name).is_some_and(|n| n.id() == node.id());
        match parent.kind_name() {
            "parenthesized_expression" | "cast_expression" | "comma_expression" => {}
            // `p ?: q` (GNU): the condition is the value.
            "conditional_expression"
                if is("condition") && field(parent, "consequence").is_some() =>
            {
                return Use::Reads
            }
            "conditional_expression" => {}
            "binary_expression" => {
                let operator = field(parent, "operator").map_or("", |o| o.kind_name());
                if !matches!(operator, "+" | "-") {
                    // Compared, tested, or a number made of it.
                    return Use::Reads;
                }
            }
            // An element or member read or written, its size; but not the address of one
            // (`&it->link` put on a list, `&p[0]` stored) nor a method called on it
            // (`c->setParent(p)` may store `c`).
            "subscript_expression" | "field_expression" => {
                let above = parent.parent();
                let address = above.is_some_and(|a| {
                    a.kind_name() == "pointer_expression" && text[a.byte_range()].starts_with('&')
                });
                let called = above.is_some_and(|a| {
                    a.kind_name() == "call_expression"
                        && field(a, "function").is_some_and(|f| f.id() == parent.id())
                });
                return if address || called {
                    Use::Keeps
                } else {
                    Use::Reads
                };
            }
            "sizeof_expression" => return Use::Reads,
            "pointer_expression" => {
                return if text[parent.byte_range()].starts_with('*') {
                    Use::Reads
                } else {
                    Use::Keeps
                };
            }
            "unary_expression" => return Use::Reads,
            // `p++` is still the pointer (`g = p++`).
            "update_expression" => {}
            // The parameter itself given a new value: what it held before is not touched.
            "assignment_expression" if is("left") => return Use::Reads,
            "expression_statement" | "condition_clause" => return Use::Reads,
            "if_statement" | "while_statement" | "do_statement" | "for_statement"
            | "switch_statement" => return Use::Reads,
            "argument_list" => {
                let Some(call) = parent
                    .parent()
                    .and_then(|c| (syntax.call)(c).map(|k| (c, k)))
                else {
                    return Use::Keeps;
                };
                let (call_node, call) = call;
                let name = call.name.map(|n| names.name(n, text)).unwrap_or_default();
                if library::releases(name)
                    || library::reallocates(name)
                    || library::keeps_given(name)
                    || variables.contains(&name)
                {
                    // Released, kept, or given to a function a variable points at.
                    return Use::Keeps;
                }
                if library::returns_within(name) {
                    // `strchr(p, c)`: what it returns points into the buffer.
                    node = call_node;
                    continue;
                }
                if library::leaves_alone(name) {
                    return Use::Reads;
                }
                return match arguments.get(&node.byte_range()) {
                    Some((call, position)) => Use::Handed(*call, *position),
                    None => Use::Keeps,
                };
            }
            _ => return Use::Keeps,
        }
        node = parent;
    }
}
