//! Guards: validation that decides which branch runs cleans the value it checked in the
//! branch where the check passed. `if (!ALLOWED.contains(x)) return;` leaves `x` clean after the
//! `if`, because the branch where the check failed does not come back (see [`exits`]);
//! `if re.fullmatch(r"[a-z]+", name):` cleans `name` inside. The checks that count:
//!
//! - allow-list membership: `ALLOWED.contains(x)`, `containsKey`, `includes`, `has`,
//!   `in_array($x, $list)`, `array_key_exists`, `slices.Contains(list, x)`, Python's `x in LIST`;
//! - a whole-value regex match: Java's `x.matches(re)` and `p.matcher(x).matches()`, Python's
//!   `re.fullmatch`, and `re.match`, `preg_match` or a JavaScript `/.../.test(x)` whose pattern
//!   is anchored at both ends (`^...$`), Go's `re.MatchString(x)`;
//! - character-class and number checks: `isdigit`, `isnumeric`, `isdecimal`, `isalnum`,
//!   `isalpha`, `is_numeric`, `ctype_digit`/`ctype_alnum`/`ctype_alpha`, `StringUtils.isNumeric`
//!   and `isAlphanumeric`, `Number.isInteger`, `filter_var(..., FILTER_VALIDATE_INT)`.
//!
//! A negation (`!`, `not`), `&&`/`and` and `||`/`or` are followed: `!(a && b)` fails when either
//! does. Length checks alone are not validation of content and do not count.

use std::collections::HashSet;

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::shape;
use super::syntax::Syntax;
use super::walk::Walk;

/// Methods whose receiver holds the allowed values and whose argument is the checked value.
const MEMBERSHIP: [&str; 6] = [
    "contains",
    "containsKey",
    "includes",
    "has",
    "containsValue",
    "Contains",
];

/// Functions whose first argument is checked against the others (`in_array($x, $allowed)`).
const MEMBERSHIP_FUNCTIONS: [&str; 2] = ["in_array", "array_key_exists"];

/// Methods that answer whether their receiver is made only of digits, letters and the like.
const CLASS_METHODS: [&str; 6] = [
    "isdigit",
    "isnumeric",
    "isdecimal",
    "isalnum",
    "isalpha",
    "isidentifier",
];

/// Functions that answer whether their (first) argument is a number or of one character class.
const CLASS_FUNCTIONS: [&str; 8] = [
    "is_numeric",
    "ctype_digit",
    "ctype_alnum",
    "ctype_alpha",
    "isNumeric",
    "isAlphanumeric",
    "isAlpha",
    "isInteger",
];

/// The places a condition makes clean: when it holds, and when it does not.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Checked {
    pub(super) when_true: Vec<String>,
    pub(super) when_false: Vec<String>,
}

impl Walk<'_> {
    /// What `condition` validates (see the module's comment).
    pub(super) fn checked(&self, condition: Node<'_>) -> Checked {
        let mut condition = condition;
        while matches!(
            condition.kind_name(),
            "parenthesized_expression" | "condition_clause"
        ) {
            match condition.named_child(0) {
                Some(inner) => condition = inner,
                None => return Checked::default(),
            }
        }
        let range = condition.byte_range();
        if self.roles.checked.contains(&range) {
            return Checked {
                when_true: self.tested(condition),
                when_false: Vec::new(),
            };
        }
        if self.roles.rejected.contains(&range) {
            return Checked {
                when_true: Vec::new(),
                when_false: self.tested(condition),
            };
        }
        if let Some(sides) = self.checked_sides(condition) {
            return sides;
        }
        if (self.syntax.call)(condition).is_some() {
            return Checked {
                when_true: self.validated(condition),
                when_false: Vec::new(),
            };
        }
        let children = shape::children(condition);
        let operator = |a: Node<'_>, b: Node<'_>| self.text[a.end_byte()..b.start_byte()].trim();
        match children.as_slice() {
            [operand]
                if condition.kind_name().contains("unary")
                    || condition.kind_name() == "not_operator" =>
            {
                let op = self.text[condition.start_byte()..operand.start_byte()].trim();
                if op == "!" || op == "not" {
                    let inner = self.checked(*operand);
                    return Checked {
                        when_true: inner.when_false,
                        when_false: inner.when_true,
                    };
                }
                Checked::default()
            }
            [left, right] => {
                let op = operator(*left, *right);
                match op {
                    "&&" | "and" => {
                        let mut when_true = self.checked(*left).when_true;
                        when_true.extend(self.checked(*right).when_true);
                        Checked {
                            when_true,
                            when_false: Vec::new(),
                        }
                    }
                    "||" | "or" => {
                        let mut when_false = self.checked(*left).when_false;
                        when_false.extend(self.checked(*right).when_false);
                        Checked {
                            when_true: Vec::new(),
                            when_false,
                        }
                    }
                    // `x in ALLOWED` / `x not in ALLOWED`.
                    "in" | "not in" => {
                        let places: Vec<String> = self.place(*left).into_iter().collect();
                        if op == "in" {
                            Checked {
                                when_true: places,
                                when_false: Vec::new(),
                            }
                        } else {
                            Checked {
                                when_true: Vec::new(),
                                when_false: places,
                            }
                        }
                    }
                    // `check(x) == false`, `check(x) === true`.
                    "==" | "===" | "!=" | "!==" => {
                        let literal = self.src(*right).trim();
                        let inner = self.checked(*left);
                        let positive = matches!(literal, "true" | "True" | "TRUE");
                        let negative = matches!(literal, "false" | "False" | "FALSE");
                        let equal = op.starts_with('=');
                        if (positive && equal) || (negative && !equal) {
                            inner
                        } else if positive || negative {
                            Checked {
                                when_true: inner.when_false,
                                when_false: inner.when_true,
                            }
                        } else {
                            Checked::default()
                        }
                    }
                    _ => Checked::default(),
                }
            }
            _ => Checked::default(),
        }
    }

    /// A comparison whose operands carry the rule's guards rather than the whole of it: an
    /// operand `@checked` is safe where the comparison holds, one `@rejected` where it does not
    /// (`«i» < n` bounds `i` above when it holds; `«i» >= n` when it fails). `None` for any
    /// other condition.
    fn checked_sides(&self, condition: Node<'_>) -> Option<Checked> {
        if condition.kind_name() != "binary_expression" {
            return None;
        }
        let operator = condition.field("operator").map(|op| self.src(op))?;
        if !matches!(operator, "<" | "<=" | ">" | ">=" | "==" | "!=") {
            return None;
        }
        let mut sides = Checked::default();
        for side in ["left", "right"] {
            let Some(operand) = condition.field(side) else {
                continue;
            };
            let range = operand.byte_range();
            if self.roles.checked.contains(&range) {
                sides.when_true.extend(self.tested(operand));
            }
            if self.roles.rejected.contains(&range) {
                sides.when_false.extend(self.tested(operand));
            }
        }
        (sides != Checked::default()).then_some(sides)
    }

    /// The places a rule's own guard (`@checked`, `@rejected`) tests: the variables, fields and
    /// entries it reads (`p` of `p != NULL`, `data` of `fabs(data) > 0.000001`), the outermost
    /// of each.
    fn tested(&self, condition: Node<'_>) -> Vec<String> {
        let mut places = Vec::new();
        let mut pending = vec![condition];
        while let Some(node) = pending.pop() {
            let called = (self.syntax.call)(node);
            match self.place(node) {
                Some(place) if called.is_none() => places.push(place),
                _ => pending.extend(shape::children(node)),
            }
        }
        places
    }

    /// The places a validating call checks, when `node` is one (empty otherwise).
    fn validated(&self, node: Node<'_>) -> Vec<String> {
        let Some(call) = (self.syntax.call)(node) else {
            return Vec::new();
        };
        let Some(name) = call.name.map(|n| self.src(n)) else {
            return Vec::new();
        };
        let name = name.rsplit(['.', ':', '\\']).next().unwrap_or(name);
        let places = |nodes: &[Node<'_>]| -> Vec<String> {
            nodes.iter().filter_map(|n| self.place(*n)).collect()
        };
        let receiver_places = || -> Vec<String> {
            let Some(receiver) = call.receiver else {
                return Vec::new();
            };
            // `p.matcher(x).matches()`: the value is the matcher's argument.
            if let Some(inner) = (self.syntax.call)(receiver) {
                if inner.name.is_some_and(|n| self.src(n) == "matcher") {
                    return places(&inner.arguments);
                }
            }
            places(&[receiver])
        };
        let arguments = &call.arguments;
        match name {
            _ if MEMBERSHIP.contains(&name) && call.receiver.is_some() => {
                // `slices.Contains(list, x)` names the list first; a method's receiver is it.
                let receiver = self.src(call.receiver.unwrap_or(node));
                if name == "Contains" && receiver == "slices" {
                    return places(arguments.get(1..).unwrap_or_default());
                }
                places(arguments.get(..1).unwrap_or_default())
            }
            _ if MEMBERSHIP_FUNCTIONS.contains(&name) && call.receiver.is_none() => {
                places(arguments.get(..1).unwrap_or_default())
            }
            _ if CLASS_METHODS.contains(&name) && arguments.is_empty() => receiver_places(),
            _ if CLASS_FUNCTIONS.contains(&name) => places(arguments.get(..1).unwrap_or_default()),
            "filter_var" if arguments.len() >= 2 => {
                let filter = self.src(arguments[1]);
                if filter.contains("FILTER_VALIDATE_INT")
                    || filter.contains("FILTER_VALIDATE_FLOAT")
                {
                    places(&arguments[..1])
                } else {
                    Vec::new()
                }
            }
            // Java's `String.matches` and `Matcher.matches` match the whole value.
            "matches" if arguments.len() <= 1 => receiver_places(),
            "fullmatch" => match call.receiver.map(|r| self.src(r)) {
                // `re.fullmatch(pattern, x)`; a compiled pattern's `p.fullmatch(x)`.
                Some("re") => places(arguments.get(1..2).unwrap_or_default()),
                _ => places(arguments.get(..1).unwrap_or_default()),
            },
            // Python's `re.match(pattern, x)` and PHP's `preg_match(pattern, x)`: whole only
            // when the pattern is anchored at both ends.
            "match" | "preg_match"
                if name == "preg_match" || call.receiver.is_some_and(|r| self.src(r) == "re") =>
            {
                match arguments.first() {
                    Some(pattern) if anchored(self.src(*pattern)) => {
                        places(arguments.get(1..2).unwrap_or_default())
                    }
                    _ => Vec::new(),
                }
            }
            "test" => match call.receiver {
                Some(regex) if regex.kind_name() == "regex" && anchored(self.src(regex)) => {
                    places(arguments.get(..1).unwrap_or_default())
                }
                _ => Vec::new(),
            },
            "MatchString" => places(arguments.get(..1).unwrap_or_default()),
            _ => Vec::new(),
        }
    }
}

/// Whether a regex literal (with its quotes or slashes, and PHP's or Python's decorations) is
/// anchored at both ends: `^...$`, `\A...\z`, `/^...$/i`.
fn anchored(literal: &str) -> bool {
    let body = literal
        .trim_start_matches(|c: char| c.is_ascii_alphabetic())
        .trim_matches(|c| c == '"' || c == '\'');
    let body = body
        .strip_prefix('/')
        .and_then(|b| b.rfind('/').map(|end| &b[..end]))
        .or_else(|| {
            body.strip_prefix('#')
                .and_then(|b| b.rfind('#').map(|end| &b[..end]))
        })
        .unwrap_or(body);
    let starts = body.starts_with('^') || body.starts_with("\\A");
    let ends = (body.ends_with('$') && !body.ends_with("\\$"))
        || body.ends_with("\\z")
        || body.ends_with("\\Z");
    starts && ends
}

/// How a branch ends, when it does not go on to what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Exit {
    /// `goto label`: the statement after the label comes next.
    Goto(String),
    /// `return`, `throw`, `raise`, `exit(1)`, `abort(400)`: the function is left.
    Leaves,
    /// `break`: what follows the loop (or `switch`) comes next.
    Break,
    /// `continue`: the next round of the loop comes next.
    Continue,
}

/// The condition of an assertion that stands as a statement (`assert(p != NULL);`,
/// `g_assert(ok)`), which stops the program where it does not hold.
pub(super) fn asserted<'t>(node: Node<'t>, syntax: &Syntax, text: &str) -> Option<Node<'t>> {
    let expression = match node.kind_name() {
        "expression_statement" => node.named_child(0)?,
        _ => node,
    };
    let call = (syntax.call)(expression)?;
    let name = call.name.map(|n| &text[n.byte_range()])?;
    let asserts = call.receiver.is_none() && matches!(name, "assert" | "g_assert" | "ASSERT");
    match call.arguments.as_slice() {
        [condition] if asserts => Some(*condition),
        _ => None,
    }
}

/// Functions that do not return: they end the program (`exit`, `abort`, `err`, a project's
/// `fatal` or `die`), the request (`flask.abort`) or jump out (`longjmp`).
const NO_RETURN: [&str; 27] = [
    "exit",
    "_exit",
    "_Exit",
    "quick_exit",
    "abort",
    "die",
    "err",
    "errx",
    "verr",
    "verrx",
    "fatal",
    "fatalx",
    "fatal_error",
    "xalloc_die",
    "panic",
    "g_error",
    "longjmp",
    "siglongjmp",
    "__builtin_unreachable",
    "sys.exit",
    "os.Exit",
    "System.exit",
    "process.exit",
    "log.Fatal",
    "log.Fatalf",
    "log.Fatalln",
    "flask.abort",
];

/// How `body` ends when it never comes back to what follows it: its last statement returns,
/// throws, jumps, or calls a function that ends the program or the request (one of
/// [`NO_RETURN`], or one of the file's own in `no_return`).
pub(super) fn exits(body: Node<'_>, text: &str, no_return: &HashSet<&str>) -> Option<Exit> {
    let mut last = body;
    loop {
        let kind = last.kind_name();
        // C's `else { ... }` is an `else_clause` around the block; a case of a C `switch`
        // holds its statements itself.
        if kind.contains("block")
            || kind == "compound_statement"
            || kind == "statement_list"
            || kind == "else_clause"
            || kind == "case_statement"
        {
            let children = shape::children(last);
            match children.last() {
                Some(child) => last = *child,
                None => return None,
            }
            continue;
        }
        break;
    }
    let leaves = match last.kind_name() {
        "break_statement" => return Some(Exit::Break),
        "goto_statement" => {
            let label = last.field("label")?;
            return Some(Exit::Goto(text[label.byte_range()].to_string()));
        }
        "continue_statement" => return Some(Exit::Continue),
        "return_statement" | "throw_statement" | "raise_statement" | "exit_statement"
        | "throw_expression" => true,
        "expression_statement" => {
            let source = text[last.byte_range()].trim().trim_end_matches(';');
            let callee = source.split('(').next().unwrap_or_default().trim();
            NO_RETURN.contains(&callee)
                || no_return.contains(callee)
                || source == "exit"
                || source == "die"
        }
        _ => false,
    };
    leaves.then_some(Exit::Leaves)
}

#[cfg(test)]
mod tests {
    use super::super::fixture::assert_flagged;
    use super::anchored;
    use crate::lang::Language::{self, CSharp, Go, Java, JavaScript, Php, Python, C};

    #[test]
    fn a_guard_on_one_side_of_a_comparison_judges_that_side() {
        // An upper-bound rule's guards: `«i» < n` holds where `i` is below the bound, `«i» >= n`
        // fails there; the other side of the comparison is not checked by them.
        let c = |body: &str| format!("void f(int n) {{ int i = «source:read_int()»; {body} }}");
        let cases: Vec<(Language, String, &[&str])> = vec![
            (C, c("if («checked:i» < n) { t[«sink:i»] = 1; }"), &[]),
            (C, c("if («checked:i» < n) { } t[«sink:i»] = 1;"), &["i"]),
            (C, c("if («rejected:i» >= n) return; t[«sink:i»] = 1;"), &[]),
            (C, c("if («rejected:i» >= n) { t[«sink:i»] = 1; }"), &["i"]),
            (
                C,
                c("if (i >= 0 && «checked:i» < n) { t[«sink:i»] = 1; }"),
                &[],
            ),
            // A guard on the bound, not on the value: `i` is not checked.
            (C, c("if (n > «rejected:n») { t[«sink:i»] = 1; }"), &["i"]),
            // The same mark on a whole condition keeps its meaning.
            (C, c("if («checked:i < n») { t[«sink:i»] = 1; }"), &[]),
        ];
        assert_flagged(&cases);
    }

    #[test]
    fn a_failed_check_that_does_not_come_back_cleans_what_it_checked() {
        let java = |body: &str| {
            format!("class A {{ void f(Request req) {{ String p = «source:req.getParameter(\"p\")»; {body} }} }}")
        };
        let cases: Vec<(Language, String, &[&str])> = vec![
            (Java, java("if (!ALLOWED.contains(p)) return; run(«sink:p»);"), &[]),
            (Java, java("if (!ALLOWED.contains(p)) { throw new IllegalArgumentException(); } run(«sink:p»);"), &[]),
            // No way out of the failed branch, a deny-list, or another value checked: no guard.
            (Java, java("if (!ALLOWED.contains(p)) { log(p); } run(«sink:p»);"), &["p"]),
            (Java, java("if (p.contains(\"..\")) return; run(«sink:p»);"), &["p"]),
            (Java, java("String q = p; if (!ALLOWED.contains(q)) return; run(«sink:p»);"), &["p"]),
            (Java, java("if (p.length() > 20) return; run(«sink:p»);"), &["p"]),
            // The branch where the check passed.
            (Java, java("if (p.matches(\"[a-z]+\")) { run(«sink:p»); }"), &[]),
            (Java, java("if (PATTERN.matcher(p).matches() && ok) { run(«sink:p»); }"), &[]),
            (Java, java("if (PATTERN.matcher(p).matches() || ok) { run(«sink:p»); }"), &["p"]),
            (Java, java("for (String s : xs) { if (!ALLOWED.contains(p)) continue; run(«sink:p»); }"), &[]),
            // `break` and `continue` take their state to the end of the loop.
            (Java, java("String d = \"\"; while (t.more()) { String tok = t.next(); if (tok.startsWith(\"id=\")) { d = p; break; } } run(«sink:d»);"), &["d"]),
            (Java, java("String d = \"\"; for (String s : xs) { if (c) { d = p; continue; } } run(«sink:d»);"), &["d"]),
            (Java, java("String d = \"\"; switch (k) { case 1: if (c) { d = p; break; } d = \"x\"; break; } run(«sink:d»);"), &["d"]),
            // A branch that returns leaves nothing behind, checked or not.
            (Java, java("String x = \"k\"; if (c) { x = p; return; } run(«sink:x»);"), &[]),
            (Python, "import re\nname = «source:input()»\nif not re.fullmatch(r'[a-z]+', name):\n    abort(400)\nrun(«sink:name»)\n".to_string(), &[]),
            (Python, "name = «source:input()»\nif name not in ALLOWED:\n    raise ValueError(name)\nrun(«sink:name»)\n".to_string(), &[]),
            (Python, "name = «source:input()»\nif name.isdigit():\n    run(«sink:name»)\n".to_string(), &[]),
            (Python, "name = «source:input()»\nif len(name) < 10:\n    run(«sink:name»)\n".to_string(), &["name"]),
            (Python, "import re\nname = «source:input()»\nif not re.match(r'[a-z]+', name):\n    abort(400)\nrun(«sink:name»)\n".to_string(), &["name"]),
            (Php, "<?php $id = «source:$_GET['id']»; if (!ctype_digit($id)) { exit; } run(«sink:$id»);".to_string(), &[]),
            (Php, "<?php $n = «source:$_GET['n']»; if (!preg_match('/^[a-z]+$/', $n)) { die('bad'); } run(«sink:$n»);".to_string(), &[]),
            (Php, "<?php $n = «source:$_GET['n']»; if (!preg_match('/[a-z]+/', $n)) { die('bad'); } run(«sink:$n»);".to_string(), &["$n"]),
            (Php, "<?php $n = «source:$_GET['n']»; if (!in_array($n, $allowed, true)) { return; } run(«sink:$n»);".to_string(), &[]),
            (JavaScript, "const q = «source:req.query.q»; if (!/^[a-z]+$/.test(q)) { return res.status(400).end(); } run(«sink:q»);".to_string(), &[]),
            (JavaScript, "const q = «source:req.query.q»; if (!ALLOWED.includes(q)) { return; } run(«sink:q»);".to_string(), &[]),
            (Go, "package p\nfunc f() { p := «source:r.URL»\n if !validName.MatchString(p) { http.Error(w, \"bad\", 400); return }\n run(«sink:p») }".to_string(), &[]),
            (Go, "package p\nfunc f() { p := «source:r.URL»\n if !validName.MatchString(p) { http.Error(w, \"bad\", 400) }\n run(«sink:p») }".to_string(), &["p"]),
        ];
        assert_flagged(&cases);
    }

    #[test]
    fn a_checked_entry_is_clean_while_its_container_stays_tainted() {
        let js = |body: &str| format!("function f(req) {{ const b = «source:req.body»; {body} }}");
        let cases: Vec<(Language, String, &[&str])> = vec![
            (JavaScript, js("if (ALLOWED.includes(b.next)) { run(«sink:b.next»); }"), &[]),
            (JavaScript, js("if (!ALLOWED.includes(b.next)) { return; } run(«sink:b.next»);"), &[]),
            // The other entries, and the container, are still the request's.
            (JavaScript, js("if (ALLOWED.includes(b.next)) { run(«sink:b.other»); }"), &["b.other"]),
            (JavaScript, js("if (ALLOWED.includes(b.next)) { run(«sink:b»); }"), &["b"]),
            // Past the branch where the check failed and came back, or after the container is
            // given a new value, the entry is not checked.
            (JavaScript, js("if (ALLOWED.includes(b.next)) { ok(); } run(«sink:b.next»);"), &["b.next"]),
            (
                JavaScript,
                js("if (!ALLOWED.includes(b.next)) { return; } b = «source:req.query»; run(«sink:b.next»);"),
                &["b.next"],
            ),
            (
                CSharp,
                "class A { void F(Model model) { var m = «source:model»; if (ALLOWED.Contains(m.Next)) { Run(«sink:m.Next»); } } }".to_string(),
                &[],
            ),
            // A checked entry, or one given a constant where the check failed, on every path.
            (JavaScript, js("if (!ALLOWED.includes(b.next)) { b.next = '/'; } run(«sink:b.next»);"), &[]),
            // Taint added to the container after the check, keeping its steps, takes the
            // mark away.
            (
                Python,
                "d = «source:request.form»\nif d['next'] not in ALLOWED:\n    abort(400)\nd.update(«source:request.args»)\nrun(«sink:d['next']»)\n".to_string(),
                &["d['next']"],
            ),
        ];
        assert_flagged(&cases);
    }

    #[test]
    fn anchored_patterns_match_the_whole_value() {
        for yes in [
            r#""^[a-z]+$""#,
            r#"r"^\w+$""#,
            "'/^[0-9]+$/'",
            "/^[a-z]+$/i",
            r"'#^\d+$#'",
            r#""\A\d+\z""#,
        ] {
            assert!(anchored(yes), "{yes}");
        }
        for no in [r#""[a-z]+""#, r#""^[a-z]+""#, "/[a-z]+$/", r#""^a\$""#] {
            assert!(!anchored(no), "{no}");
        }
    }
}
