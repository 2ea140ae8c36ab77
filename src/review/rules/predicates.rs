//! The predicates shardscan adds to tree-sitter's text predicates, applied to each match:
//!
//! - `(#resolves-to? @capture "a.b.C.m" ...)`: the capture (a call, a `new`, a member access or
//!   a name) resolves to one of the qualified names, through the file's imports and macros (see
//!   [`Aliases::resolves_to`]); `#not-resolves-to?`: to none of them.
//! - `(#not-sized-for? @dest @src)`: C's "allocate the length, then copy" idiom is not in the
//!   function: `@dest` was not assigned, above the match, an allocation whose size counts
//!   `@src` (`malloc(strlen(src) + 1)`, `malloc(sizeof(prefix) + strlen(host) + 1)`).
//! - `(#not-overflow-checked? @product)`: C's overflow check by division is not in the function:
//!   above the match, no comparison with a quotient (`SIZE_MAX / n < size`, `n > LIMIT /
//!   sizeof *p`) names a variable the product `@product` multiplies.
//! - `(#not-guarded-by? @capture "regex")`: no condition above the capture in the function
//!   around it (of an `if`, a loop, a ternary) matches the regex: a check the rule cannot
//!   follow as a guard of one value (an upload's extension taken apart from its name and
//!   tested against an allow-list) keeps the function's matches out.

use tree_sitter::{Node, Query, QueryMatch, QueryPredicateArg};

use crate::lang::GrammarNames;

use super::names::Aliases;
use super::{Rule, RuleError};

/// The names of the predicates evaluated here, for the check that rejects unknown ones.
pub(super) const OURS: [&str; 5] = [
    "resolves-to?",
    "not-resolves-to?",
    "not-sized-for?",
    "not-overflow-checked?",
    "not-guarded-by?",
];

#[derive(Debug)]
pub(super) enum Predicate {
    Resolves {
        capture: u32,
        names: Vec<String>,
        negated: bool,
    },
    NotSizedFor {
        dest: u32,
        src: u32,
    },
    NotOverflowChecked {
        product: u32,
    },
    NotGuardedBy {
        capture: u32,
        pattern: regex::Regex,
    },
}

impl Predicate {
    /// The predicate with each capture index taken through `to`; `None` when one has no image.
    pub(super) fn remapped(self, to: impl Fn(u32) -> Option<u32>) -> Option<Predicate> {
        Some(match self {
            Predicate::Resolves {
                capture,
                names,
                negated,
            } => Predicate::Resolves {
                capture: to(capture)?,
                names,
                negated,
            },
            Predicate::NotSizedFor { dest, src } => Predicate::NotSizedFor {
                dest: to(dest)?,
                src: to(src)?,
            },
            Predicate::NotOverflowChecked { product } => Predicate::NotOverflowChecked {
                product: to(product)?,
            },
            Predicate::NotGuardedBy { capture, pattern } => Predicate::NotGuardedBy {
                capture: to(capture)?,
                pattern,
            },
        })
    }
}

/// The predicates of `pattern`, checked.
pub(super) fn of(query: &Query, pattern: usize, rule: &Rule) -> Result<Vec<Predicate>, RuleError> {
    let mut out = Vec::new();
    for predicate in query.general_predicates(pattern) {
        let operator = predicate.operator.as_ref();
        let invalid = |usage: &str| RuleError::Invalid {
            origin: rule.origin.clone(),
            message: format!("`#{operator}` takes {usage}"),
        };
        match operator {
            "resolves-to?" | "not-resolves-to?" => {
                let usage = "a capture and one qualified name or more, e.g. \
                             `(#resolves-to? @call \"java.security.MessageDigest.getInstance\")`";
                let [QueryPredicateArg::Capture(capture), names @ ..] = &predicate.args[..] else {
                    return Err(invalid(usage));
                };
                let names = names
                    .iter()
                    .map(|arg| match arg {
                        QueryPredicateArg::String(name) if !name.is_empty() => {
                            Some(name.to_string())
                        }
                        _ => None,
                    })
                    .collect::<Option<Vec<String>>>()
                    .filter(|names| !names.is_empty())
                    .ok_or_else(|| invalid(usage))?;
                out.push(Predicate::Resolves {
                    capture: *capture,
                    names,
                    negated: operator == "not-resolves-to?",
                });
            }
            "not-sized-for?" => {
                let [QueryPredicateArg::Capture(dest), QueryPredicateArg::Capture(src)] =
                    &predicate.args[..]
                else {
                    return Err(invalid(
                        "two captures, the destination and the source: `(#not-sized-for? @dst @src)`",
                    ));
                };
                out.push(Predicate::NotSizedFor {
                    dest: *dest,
                    src: *src,
                });
            }
            "not-overflow-checked?" => {
                let [QueryPredicateArg::Capture(product)] = &predicate.args[..] else {
                    return Err(invalid(
                        "one capture, the product: `(#not-overflow-checked? @size)`",
                    ));
                };
                out.push(Predicate::NotOverflowChecked { product: *product });
            }
            "not-guarded-by?" => {
                let usage = "a capture and a regular expression: \
                             `(#not-guarded-by? @sink \"(?i)extension|mime\")`";
                let [QueryPredicateArg::Capture(capture), QueryPredicateArg::String(pattern)] =
                    &predicate.args[..]
                else {
                    return Err(invalid(usage));
                };
                let pattern = regex::Regex::new(pattern).map_err(|e| RuleError::Invalid {
                    origin: rule.origin.clone(),
                    message: format!("`#{operator}`: invalid regular expression: {e}"),
                })?;
                out.push(Predicate::NotGuardedBy {
                    capture: *capture,
                    pattern,
                });
            }
            _ => {}
        }
    }
    Ok(out)
}

/// Whether `m` passes `predicates`. A capture that is not bound passes: its pattern made it
/// optional.
pub(super) fn hold(
    predicates: &[Predicate],
    m: &QueryMatch<'_, '_>,
    text: &str,
    aliases: &Aliases,
) -> bool {
    let nodes = |index: u32| {
        m.captures()
            .iter()
            .filter(move |c| c.index == index)
            .map(|c| c.node)
    };
    predicates.iter().all(|predicate| match predicate {
        Predicate::Resolves {
            capture,
            names,
            negated,
        } => nodes(*capture).all(|node| aliases.resolves_to(node, text, names) != *negated),
        Predicate::NotSizedFor { dest, src } => {
            let (Some(dest), Some(src)) = (nodes(*dest).next(), nodes(*src).next()) else {
                return true;
            };
            !sized_for(dest, src, text)
        }
        Predicate::NotOverflowChecked { product } => {
            nodes(*product).all(|product| !overflow_checked(product, text))
        }
        Predicate::NotGuardedBy { capture, pattern } => {
            nodes(*capture).all(|node| !guarded_by(node, pattern, text))
        }
    })
}

/// Whether, in the function around `product`, a comparison above it sets one of the product's
/// variables against a quotient: the division check before a multiplication (`if (SIZE_MAX /
/// nmemb < size) return NULL;`, `if (n > SIZE_MAX / sizeof *p) ...`).
fn overflow_checked(product: Node<'_>, text: &str) -> bool {
    let mut multiplied = Vec::new();
    names_outside_sizeof(product, text, &mut multiplied);
    if multiplied.is_empty() {
        return false;
    }
    let Some(function) = std::iter::successors(product.parent(), |n| n.parent())
        .find(|n| n.kind_name() == "function_definition")
    else {
        return false;
    };
    let before = product.start_byte();
    let mut stack = vec![function];
    while let Some(node) = stack.pop() {
        if node.start_byte() >= before {
            continue;
        }
        let comparison = node.kind_name() == "binary_expression"
            && node
                .field("operator")
                .is_some_and(|o| matches!(o.kind_name(), "<" | "<=" | ">" | ">="));
        if comparison {
            let sides = [node.field("left"), node.field("right")];
            let quotient = sides.iter().flatten().any(|side| {
                let mut side = *side;
                while side.kind_name() == "parenthesized_expression" {
                    match side.named_child(0) {
                        Some(inner) => side = inner,
                        None => break,
                    }
                }
                side.kind_name() == "binary_expression"
                    && side.field("operator").is_some_and(|o| o.kind_name() == "/")
            });
            if quotient {
                let mut compared = Vec::new();
                names_outside_sizeof(node, text, &mut compared);
                if compared.iter().any(|name| multiplied.contains(name)) {
                    return true;
                }
            }
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    false
}

/// The kinds of the functions of every language, whose conditions `#not-guarded-by?` reads.
const FUNCTIONS: [&str; 14] = [
    "function_definition",
    "function_declaration",
    "method_declaration",
    "method_definition",
    "constructor_declaration",
    "arrow_function",
    "function_expression",
    "function",
    "func_literal",
    "lambda_expression",
    "local_function_statement",
    "anonymous_function_creation_expression",
    "function_item",
    "method",
];

/// Whether a condition above `node`, in the function around it (or the file, outside any),
/// matches `pattern`.
fn guarded_by(node: Node<'_>, pattern: &regex::Regex, text: &str) -> bool {
    let scope = std::iter::successors(node.parent(), |n| n.parent())
        .find(|n| FUNCTIONS.contains(&n.kind_name()) || n.parent().is_none());
    let Some(scope) = scope else {
        return false;
    };
    let before = node.start_byte();
    let mut stack = vec![scope];
    while let Some(current) = stack.pop() {
        if current.start_byte() >= before {
            continue;
        }
        if let Some(condition) = current.field("condition") {
            if condition.start_byte() < before && pattern.is_match(&text[condition.byte_range()]) {
                return true;
            }
        }
        let mut cursor = current.walk();
        stack.extend(current.named_children(&mut cursor));
    }
    false
}

/// The variable names under `node`, leaving out what `sizeof` measures.
fn names_outside_sizeof<'a>(node: Node<'_>, text: &'a str, out: &mut Vec<&'a str>) {
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        match node.kind_name() {
            "sizeof_expression" => continue,
            "identifier" => out.push(&text[node.byte_range()]),
            _ => {}
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
}

/// Functions that return a buffer of the size their arguments say.
const ALLOCATORS: [&str; 9] = [
    "malloc", "calloc", "realloc", "alloca", "xmalloc", "xcalloc", "xrealloc", "g_malloc",
    "_alloca",
];

/// Whether, in the function around `dest`, `dest` is assigned above it an allocation whose size
/// counts `src`: `strlen(src)`, `wcslen(src)` or `sizeof src` among its arguments.
fn sized_for(dest: Node<'_>, src: Node<'_>, text: &str) -> bool {
    let src_text = text[src.byte_range()].trim();
    let src_is_name = !src_text.is_empty()
        && src_text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b'>'));
    if !src_is_name {
        return false;
    }
    let dest_text: String = text[dest.byte_range()].split_whitespace().collect();
    let Some(function) = std::iter::successors(dest.parent(), |n| n.parent())
        .find(|n| n.kind_name() == "function_definition")
    else {
        return false;
    };
    let before = dest.start_byte();
    // Whether `sizeof src` measures the string: looked up once, at the first allocation of
    // `dest`, since it walks the whole file.
    let mut src_is_array = None;
    let mut stack = vec![function];
    while let Some(node) = stack.pop() {
        if node.start_byte() >= before {
            continue;
        }
        let (target, value) = match node.kind_name() {
            "assignment_expression" => (node.field("left"), node.field("right")),
            "init_declarator" => (node.field("declarator"), node.field("value")),
            _ => (None, None),
        };
        if let (Some(target), Some(value)) = (target, value) {
            let target: String = text[target.byte_range()]
                .trim_start_matches(['*', ' '])
                .split_whitespace()
                .collect();
            if target == dest_text {
                let src_is_array = *src_is_array.get_or_insert_with(|| array(src, src_text, text));
                if counts(value, src_text, text, src_is_array) {
                    return true;
                }
            }
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    false
}

/// Whether `name` (seen at `at`) is declared as an array in the file, so that `sizeof name` is
/// its size and not a pointer's.
fn array(at: Node<'_>, name: &str, text: &str) -> bool {
    let root = std::iter::successors(Some(at), |n| n.parent())
        .last()
        .unwrap_or(at);
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.kind_name() == "array_declarator"
            && node
                .field("declarator")
                .is_some_and(|d| &text[d.byte_range()] == name)
        {
            return true;
        }
        // Declarations only: no array is declared inside an expression.
        if node.kind_name().ends_with("expression") {
            continue;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    false
}

/// Whether `value` is a call of an allocator (under casts and parentheses) whose arguments
/// count `src`: `strlen(src)`, or `sizeof src` when `src` is an array.
fn counts(value: Node<'_>, src: &str, text: &str, src_is_array: bool) -> bool {
    let mut value = value;
    while matches!(
        value.kind_name(),
        "cast_expression" | "parenthesized_expression"
    ) {
        let Some(inner) = value
            .field("value")
            .or_else(|| value.named_child(value.named_child_count().saturating_sub(1) as u32))
        else {
            return false;
        };
        value = inner;
    }
    if value.kind_name() != "call_expression" {
        return false;
    }
    let (Some(function), Some(arguments)) = (value.field("function"), value.field("arguments"))
    else {
        return false;
    };
    if !ALLOCATORS.contains(&&text[function.byte_range()]) {
        return false;
    }
    let compact: String = text[arguments.byte_range()].split_whitespace().collect();
    let name_ends = |rest: &str| {
        !rest
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    let measures: &[&str] = if src_is_array {
        &["strlen(", "wcslen(", "sizeof(", "sizeof"]
    } else {
        &["strlen(", "wcslen("]
    };
    measures.iter().any(|measure| {
        let needle = format!("{measure}{src}");
        compact.match_indices(&needle).any(|(at, _)| {
            let rest = &compact[at + needle.len()..];
            let before_ok = !compact[..at]
                .bytes()
                .last()
                .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_');
            before_ok
                && if measure.ends_with('(') {
                    rest.starts_with(')')
                } else {
                    name_ends(rest)
                }
        })
    })
}

/// Whether the response `sink` writes is not HTML: the function around it has set, above it,
/// a content type that is not HTML (`header('Content-Type: text/plain')`,
/// `response.setContentType("application/json")`, `w.Header().Set("Content-Type", ...)`,
/// `res.type('json')`), or the call it is an argument of says one (`mimetype="text/plain"`).
pub(super) fn plain_response(sink: Node<'_>, text: &str) -> bool {
    let mut function = sink;
    while let Some(parent) = function.parent() {
        function = parent;
        if matches!(
            function.kind_name(),
            "method_declaration"
                | "constructor_declaration"
                | "function_declaration"
                | "function_definition"
                | "method_definition"
                | "function_expression"
                | "arrow_function"
                | "func_literal"
                | "lambda"
                | "lambda_expression"
                | "anonymous_function_creation_expression"
        ) {
            break;
        }
    }
    // The content type set last before the sink, or in the call around it.
    let before = &text[function.start_byte()..sink.start_byte()];
    let around = std::iter::successors(sink.parent(), |n| n.parent())
        .take(3)
        .find(|n| n.kind_name().contains("call"))
        .map(|call| &text[sink.end_byte().min(call.end_byte())..call.end_byte()])
        .unwrap_or_default();
    [around, before]
        .iter()
        .find_map(|part| last_content_type(part))
        .is_some_and(|content_type| !content_type.contains("html"))
}

/// The value of the last content type `code` sets, lower-cased.
fn last_content_type(code: &str) -> Option<String> {
    let lower = code.to_ascii_lowercase();
    let markers = [
        "content-type",
        "setcontenttype(",
        "mimetype=",
        "content_type=",
        "contenttype(",
        ".type(",
    ];
    let mut found: Vec<(usize, &str)> = markers
        .iter()
        .flat_map(|m| {
            lower
                .match_indices(m)
                .map(|(at, _)| (at, *m))
                .collect::<Vec<_>>()
        })
        .collect();
    found.sort_unstable_by_key(|f| std::cmp::Reverse(f.0));
    // The last one that names a type (`X-Content-Type-Options: nosniff` does not).
    found.into_iter().find_map(|(at, marker)| {
        let rest = &lower[at + marker.len()..];
        // `Content-Type: text/plain` inside one string, or the next string literal.
        let rest = rest.trim_start_matches(|c: char| {
            c == '\'' || c == '"' || c == ':' || c == ',' || c.is_whitespace()
        });
        let value: String = rest
            .chars()
            .take_while(|c| !matches!(c, '\'' | '"' | '`' | ')' | ';' | '\n'))
            .collect();
        let value = value.trim();
        // Express's `res.type('json')` names the type by its extension.
        let known = value.contains('/')
            || matches!(value, "json" | "text" | "txt" | "csv" | "xml" | "html");
        known.then(|| value.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::last_content_type;

    #[test]
    fn the_last_content_type_set_is_read_in_every_spelling() {
        let cases = [
            (
                "header('Content-Type: text/plain; charset=utf-8');",
                Some("text/plain"),
            ),
            (
                "response.setContentType(\"application/json\");",
                Some("application/json"),
            ),
            (
                "w.Header().Set(\"Content-Type\", \"text/csv\")",
                Some("text/csv"),
            ),
            ("res.type('json');", Some("json")),
            (
                "Response(body, mimetype=\"text/plain\")",
                Some("text/plain"),
            ),
            (
                "response.setContentType(\"text/plain\"); response.setContentType(\"text/html\");",
                Some("text/html"),
            ),
            ("header('Content-Type: ' . $type);", None),
            (
                "header('Content-Type: text/plain'); header('X-Content-Type-Options: nosniff');",
                Some("text/plain"),
            ),
            ("echo $x;", None),
        ];
        for (code, expected) in cases {
            assert_eq!(
                last_content_type(code).as_deref().map(|v| v
                    .split(';')
                    .next()
                    .unwrap()
                    .trim()
                    .to_string()),
                expected.map(str::to_string),
                "{code}"
            );
        }
    }
}
