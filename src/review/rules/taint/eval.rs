//! The taint of an expression's value under a state: a source, a sanitizer, a variable or an
//! entry of a container, a call (a propagator, a method of a tainted value, a string built from
//! pieces, a read by key, a function of the file whose result is computed elsewhere), or what its
//! parts carry. Values that cannot carry text (numbers, comparisons, casts to a number, calls that
//! only answer a number or yes/no) are clean. A summary of the function called would answer here,
//! in [`Walk::eval_call`], for calls across functions and files.

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::constant::{constant_key, Value};
use super::knowledge::{is_own_object, BUILDS_STRINGS, READS_BY_KEY};
use super::shape;
use super::state::{any_entry_key, entry_key, State};
use super::syntax::Call;
use super::walk::Walk;
use super::{one_line, Step};

impl Walk<'_> {
    /// The taint of an expression's value under `state`.
    pub(super) fn eval(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        if !self.budget.spend(1) {
            return None;
        }
        let found = self.budget.deeper(|| self.eval_at_depth(node, state));
        // A sanitizer here would have answered that the value is clean (what a rule that follows
        // numbers would answer aside is that rule's alone: its sanitizers only clean it more).
        if found.is_some() && !self.as_numbers.get() {
            self.role_would_change(&node.byte_range(), false);
        }
        found
    }

    fn eval_at_depth(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let range = node.byte_range();
        if self.roles.sanitizers.contains(&range) {
            return None;
        }
        if self.is_source(&range) {
            return Some(vec![(
                range,
                format!("untrusted value `{}`", one_line(self.src(node))).into(),
            )]);
        }
        if self.roles.value_only {
            return self.eval_value(node, state);
        }
        let syntax = self.syntax;
        let kind = node.kind_name();
        if self.is(syntax.identifiers, node) {
            // The variable, or (read as a whole) a container with a tainted entry.
            let name = self.names.name(node, self.text);
            return state
                .vars
                .get(name)
                .or_else(|| state.vars.get(&any_entry_key(name)))
                .cloned()
                .or_else(|| self.field_value(node));
        }
        if self.is(syntax.numbers, node)
            || self.is(syntax.lambdas, node)
            || self.is(syntax.declarations, node)
        {
            return None;
        }
        if (syntax.numeric_cast)(node, self.text) && !self.follows_numbers() {
            self.number_aside(node, || self.eval_at_depth(node, state));
            return None;
        }
        if self.is(syntax.strings, node) && constant_key(node, syntax, self.text).is_some() {
            return None;
        }
        if let Some(pointed) = self.pointed(node, state) {
            // `*p` after `p = &x`: what `x` holds.
            return state.vars.get(&pointed).cloned();
        }
        if let Some(call) = (syntax.call)(node) {
            return self.eval_call(node, &call, state);
        }
        if let Some((_, name)) = (syntax.member)(node) {
            // A property that answers a number (`s.Length`, `list.Count`, `a.length`).
            if name.is_some_and(|n| syntax.answers.contains(&self.src(n)))
                && !self.follows_numbers()
            {
                self.number_aside(node, || self.eval_at_depth(node, state));
                return None;
            }
            return self
                .eval_entry(node, state)
                .or_else(|| self.entries_of(node, state))
                .or_else(|| self.field_value(node));
        }
        if let Some((object, index)) = (syntax.subscript)(node) {
            // A constant key reads its own entry: clean unless the whole container is
            // tainted. Any other key may read a tainted entry.
            if constant_key(index, syntax, self.text).is_some() {
                return self
                    .eval_entry(node, state)
                    .or_else(|| self.entries_of(node, state));
            }
            if let Some(steps) = self.place(node).and_then(|k| state.vars.get(&k)) {
                return Some(steps.clone());
            }
            return self.eval(object, state);
        }
        // C#'s `x switch { "a" => "A", _ => "B" }`: the value is one of the arms' results, never
        // the subject or a pattern.
        if kind == "switch_expression" {
            return shape::children(node)
                .into_iter()
                .filter(|c| c.kind_name() == "switch_expression_arm")
                .find_map(|arm| {
                    let result = shape::children(arm).pop();
                    result.and_then(|r| self.eval(r, state))
                });
        }
        // A ternary whose condition the constants decide is the branch it takes.
        if let Some(chosen) = self.chosen_branch(node, state) {
            return self.eval(chosen, state);
        }
        // `c ? a : b`, `a if c else b`: the value is one of the branches, never the condition
        // (unless it is one, as in PHP's `a ?: b`).
        let branches = node.field("consequence").is_some() || node.field("body").is_some();
        if let (Some(condition), true) = (node.field("condition"), branches) {
            let condition = condition.id();
            let children = shape::children(node);
            return children
                .into_iter()
                .filter(|c| c.id() != condition)
                .find_map(|c| self.eval(c, state));
        }
        if kind == "conditional_expression" {
            let children = shape::children(node);
            if let [body, _condition, alternative] = children.as_slice() {
                return self
                    .eval(*body, state)
                    .or_else(|| self.eval(*alternative, state));
            }
        }
        if self.is(syntax.binaries, node) && is_comparison(node, self.text) {
            return None;
        }
        if self.is(syntax.booleans, node) {
            return None;
        }
        self.eval_all(node, state)
    }

    /// The state of the value `node` stands for, for a rule that follows a value (`; flow:
    /// value`): a variable's or an entry's own (not that of a container it is in, nor of what it
    /// holds), through parentheses, casts, an assignment (`(p = malloc(n))`) and either branch of
    /// a ternary; a call only by what the join says it returns. What is computed from a value
    /// (`p + 1`, `strlen(p)`) is not that value.
    fn eval_value(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let syntax = self.syntax;
        if self.is(syntax.identifiers, node) {
            let name = self.names.name(node, self.text);
            return state
                .vars
                .get(name)
                .cloned()
                .or_else(|| self.field_value(node));
        }
        if let Some(call) = (syntax.call)(node) {
            let range = node.byte_range();
            let propagated = || call.arguments.iter().find_map(|a| self.eval(*a, state));
            if self.roles.propagators.contains(&range) {
                return propagated();
            }
            let name = call.name.map(|n| self.src(n)).unwrap_or_default();
            let found = self
                .roles
                .results
                .contains(&range)
                .then(|| vec![(range.clone(), format!("returned by `{name}`").into())]);
            self.propagator_aside(&range, &found, propagated);
            return found;
        }
        if (syntax.member)(node).is_some() || (syntax.subscript)(node).is_some() {
            return self
                .place(node)
                .and_then(|key| state.vars.get(&key).cloned())
                .or_else(|| self.field_value(node));
        }
        let inner = match node.kind_name() {
            "parenthesized_expression" => node.named_child(0),
            "cast_expression" => node.field("value"),
            "assignment_expression" => node.field("right"),
            "conditional_expression" => {
                let consequence = node.field("consequence");
                let alternative = node.field("alternative");
                return consequence
                    .and_then(|c| self.eval(c, state))
                    .or_else(|| alternative.and_then(|a| self.eval(a, state)));
            }
            _ => None,
        };
        inner.and_then(|inner| self.eval(inner, state))
    }

    /// The variable `node` (`*p`) reads through a pointer the walk knows the target of
    /// (`p = &x`).
    fn pointed(&self, node: Node<'_>, state: &State) -> Option<String> {
        if node.kind_name() != "pointer_expression" || !self.src(node).starts_with('*') {
            return None;
        }
        let pointer = node.field("argument")?;
        match self.constant(pointer, state)? {
            Value::Address(name) => Some(name),
            _ => None,
        }
    }

    /// A read of a field or global that the join decides (see `summary`), when the function
    /// itself did not store anything in it.
    fn field_value(&self, node: Node<'_>) -> Option<Vec<Step>> {
        self.roles.results.contains(&node.byte_range()).then(|| {
            vec![(
                node.byte_range(),
                format!("the value of `{}`", one_line(self.src(node))).into(),
            )]
        })
    }

    fn eval_all(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        shape::children(node)
            .into_iter()
            .find_map(|child| self.eval(child, state))
    }

    /// What the entries of the container at `node` hold, when it is read as a whole
    /// (`o.cfg = {"cmd": src}; run(o.cfg)`).
    fn entries_of(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let place = self.place(node)?;
        state.vars.get(&any_entry_key(&place)).cloned()
    }

    /// The taint of one entry, `o.name` or `d["key"]`: its own, or that of the whole container
    /// (not that of its other entries).
    pub(super) fn eval_entry(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let range = node.byte_range();
        if self.roles.sanitizers.contains(&range) {
            return None;
        }
        let found = self.eval_entry_unsanitized(node, range.clone(), state);
        if found.is_some() {
            self.role_would_change(&range, false);
        }
        found
    }

    /// [`Walk::eval_entry`] at a node that is no sanitizer.
    fn eval_entry_unsanitized(
        &self,
        node: Node<'_>,
        range: std::ops::Range<usize>,
        state: &State,
    ) -> Option<Vec<Step>> {
        if self.is_source(&range) {
            return self.eval(node, state);
        }
        let syntax = self.syntax;
        if self.is(syntax.identifiers, node) {
            return state.vars.get(self.names.name(node, self.text)).cloned();
        }
        let object = (syntax.member)(node).map(|(object, _)| object).or_else(|| {
            (syntax.subscript)(node)
                .filter(|(_, index)| constant_key(*index, syntax, self.text).is_some())
                .map(|(object, _)| object)
        });
        let Some(object) = object else {
            return self.eval(node, state);
        };
        if let Some(place) = self.place(node) {
            if let Some(steps) = state.vars.get(&place) {
                return Some(steps.clone());
            }
            if state.is_cleared(&place) {
                return None;
            }
        }
        self.eval_entry(object, state)
    }

    fn eval_call(&self, node: Node<'_>, call: &Call<'_>, state: &State) -> Option<Vec<Step>> {
        let found = self.eval_call_by_knowledge(node, call, state);
        if found.is_none() && self.roles.results.contains(&node.byte_range()) {
            let name = call.name.map(|n| self.src(n)).unwrap_or_default();
            return Some(vec![(
                node.byte_range(),
                format!("returned by `{name}`").into(),
            )]);
        }
        found
    }

    fn eval_call_by_knowledge(
        &self,
        node: Node<'_>,
        call: &Call<'_>,
        state: &State,
    ) -> Option<Vec<Step>> {
        let propagated = || {
            let from_arguments = call.arguments.iter().find_map(|a| self.eval(*a, state));
            from_arguments.or_else(|| call.receiver.and_then(|r| self.eval(r, state)))
        };
        let range = node.byte_range();
        if self.roles.propagators.contains(&range) {
            return propagated();
        }
        let found = self.eval_call_unpropagated(node, call, state);
        self.propagator_aside(&range, &found, propagated);
        found
    }

    /// In a walk that watches a propagator at `range` (see [`Walk::role_would_change`]): notes
    /// it when what it would have answered, `propagated` worked out aside, is not `found`.
    fn propagator_aside(
        &self,
        range: &std::ops::Range<usize>,
        found: &Option<Vec<Step>>,
        propagated: impl FnOnce() -> Option<Vec<Step>>,
    ) {
        if !self.watches(range, true) {
            return;
        }
        // One level aside only: a propagator inside another is noted as it stands, so that
        // nested ones cost twice their walk, not twice per level. Inside what a rule that follows
        // numbers would answer, only that rule's answer is unsure (see [`Walk::number_aside`]).
        if self.aside.get() {
            if self.as_numbers.get() {
                self.unsure.set(true);
            } else {
                self.role_would_change(range, true);
            }
            return;
        }
        self.aside.set(true);
        let aside = self.budget.aside(propagated);
        self.aside.set(false);
        if aside.as_ref() != Some(found) {
            self.role_would_change(range, true);
        }
    }

    /// [`Walk::eval_call_by_knowledge`] for a call that is no propagator.
    fn eval_call_unpropagated(
        &self,
        node: Node<'_>,
        call: &Call<'_>,
        state: &State,
    ) -> Option<Vec<Step>> {
        let name = call.name.map(|n| self.src(n)).unwrap_or_default();
        let from_arguments = || call.arguments.iter().find_map(|a| self.eval(*a, state));
        if self.syntax.answers.contains(&name) && !self.follows_numbers() {
            self.number_aside(node, || self.eval_call_unpropagated(node, call, state));
            return None;
        }
        let own = call.receiver.is_none_or(|r| is_own_object(self.src(r)));
        if own && self.local_functions.contains(name) {
            return Some(vec![(
                node.byte_range(),
                format!("the result of `{name}`, computed elsewhere").into(),
            )]);
        }
        // `d.get("key")` reads one entry, like `d["key"]`; `ALLOWED.get(user_key)` reads what
        // the container holds, which the key does not change.
        if let (Some(receiver), true) = (call.receiver, READS_BY_KEY.contains(&name)) {
            if let Some(base) = self.place(receiver) {
                // A literal key, or a local constant (`list.get(i)` after `int i = 1;`).
                let key = call.arguments.first().and_then(|k| {
                    constant_key(*k, self.syntax, self.text).or_else(|| {
                        match self.constant(*k, state) {
                            Some(Value::Int(n)) => Some(n.to_string()),
                            Some(Value::Str(s)) => Some(s),
                            _ => None,
                        }
                    })
                });
                let found = match &key {
                    Some(key) => state
                        .vars
                        .get(&entry_key(&base, key))
                        .cloned()
                        .or_else(|| self.eval_entry(receiver, state)),
                    None => self.eval(receiver, state),
                };
                // `d.get(k, default)`, `m.getOrDefault(k, default)`: or the default.
                return found.or_else(|| call.arguments.get(1).and_then(|d| self.eval(*d, state)));
            }
        }
        // Building a string from pieces keeps the pieces' taint.
        if BUILDS_STRINGS.contains(&name) {
            if let Some(steps) = from_arguments() {
                return Some(steps);
            }
        }
        // Methods of a tainted value return tainted values (`s.strip()`, `sb.toString()`).
        if let Some(steps) = call.receiver.and_then(|r| self.eval(r, state)) {
            return Some(steps);
        }
        if call.constructor || self.syntax.calls_propagate {
            return from_arguments();
        }
        if call.receiver.is_none() && self.syntax.carriers.contains(&name) {
            return from_arguments();
        }
        None
    }
}

/// A binary operation that compares, and so answers yes or no.
fn is_comparison(node: Node<'_>, text: &str) -> bool {
    let operator = node
        .field("operator")
        .or_else(|| {
            let mut cursor = node.walk();
            let found = node.children(&mut cursor).find(|c| !c.is_named());
            found
        })
        .map(|o| &text[o.byte_range()]);
    matches!(
        operator,
        Some(
            "==" | "!="
                | "==="
                | "!=="
                | "<"
                | ">"
                | "<="
                | ">="
                | "<>"
                | "<=>"
                | "in"
                | "not in"
                | "is"
                | "instanceof"
        )
    )
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{expression_program, program};
    use super::is_comparison;
    use crate::lang::Language::{self, CSharp, Go, Java, JavaScript, Php, Python, C};

    /// `code` is the body of a function `f(req)` that reads `x` from a source first; the sink is
    /// marked.
    fn flagged(language: Language, code: &str) -> bool {
        let program_text = match language {
            Python => format!("def f(req):\n    x = «source:req.args»\n    {code}\n"),
            JavaScript => format!("function f(req) {{ let x = «source:req.query»; {code} }}"),
            Java => format!(
                "class A {{ void f(Request req) {{ String x = «source:req.getParameter(\"a\")»; \
                 {code} }} }}"
            ),
            Go => format!(
                "package p\nfunc f(r *R) {{\n x := «source:r.FormValue(\"a\")»\n {code}\n}}"
            ),
            Php => format!("<?php function f() {{ $x = «source:$_GET['a']»; {code} }}"),
            C => format!("void f(void) {{ char *x = «source:getenv(\"A\")»; {code} }}"),
            CSharp => format!(
                "class A {{ void F() {{ var x = «source:Request.Query[\"a\"]»; {code} }} }}"
            ),
            _ => unreachable!("a language of these tests"),
        };
        let program = program(language, &program_text);
        let flows = program.flagged();
        assert!(flows.len() <= 1, "one sink in `{code}`");
        !flows.is_empty()
    }

    #[test]
    fn values_carry_taint_or_not_by_what_they_are() {
        let cases = [
            // Variables, strings built from pieces, methods of a tainted value.
            (Python, "run(«sink:x»)", true),
            (Python, "run(«sink:'ls ' + x»)", true),
            (Python, "run(«sink:f'ls {x}'»)", true),
            (Python, "run(«sink:' '.join([x])»)", true),
            (Python, "run(«sink:x.strip()»)", true),
            (Python, "run(«sink:str(x)»)", true),
            // Python's calls carry taint only through the functions it names.
            (Python, "run(«sink:helper(x)»)", false),
            (JavaScript, "run(«sink:helper(x)»)", true),
            (Java, "run(«sink:new File(x)»);", true),
            (Java, "run(«sink:x.trim()»);", true),
            // Numbers, yes/no answers, casts to a number, choices between constants.
            (Python, "run(«sink:len(x)»)", false),
            (Python, "run(«sink:int(x)»)", false),
            (Python, "run(«sink:x == 'a'»)", false),
            (Python, "run(«sink:not x»)", false),
            (Python, "run(«sink:x.isdigit()»)", false),
            (JavaScript, "run(«sink:+x»);", false),
            (JavaScript, "run(«sink:typeof x»);", false),
            (JavaScript, "run(«sink:x.indexOf('a')»);", false),
            (JavaScript, "run(«sink:x ? 'raw' : 'html'»);", false),
            (JavaScript, "run(«sink:ok ? 'raw' : x»);", true),
            // The value is one of the branches, never the condition.
            (JavaScript, "run(«sink:x ? 'raw' : 'h' + ok»);", false),
            (Java, "run(«sink:(int) x»);", false),
            (Java, "run(«sink:Integer.parseInt(x)»);", false),
            (Java, "run(«sink:x.equals(\"a\")»);", false),
            (Go, "run(«sink:x + \"/\"»)", true),
            (Go, "run(«sink:strconv.Atoi(x)»)", false),
            (Go, "run(«sink:len(x)»)", false),
            (Php, "run(«sink:intval($x)»);", false),
            (Php, "run(«sink:(int) $x»);", false),
            (Php, "run(«sink:$x»);", true),
            (C, "run(«sink:atoi(x)»);", false),
            (C, "run(«sink:(int) x»);", false),
            (C, "run(«sink:x»);", true),
            (CSharp, "Run(«sink:x»);", true),
            (CSharp, "Run(«sink:$\"ls {x}\"»);", true),
            (CSharp, "Run(«sink:\"ls \" + x.Trim()»);", true),
            (CSharp, "Run(«sink:x?.Trim()»);", true),
            (CSharp, "Run(name: «sink:x»);", true),
            (CSharp, "var y = new[] { \"a\", x }; Run(«sink:y»);", true),
            (CSharp, "Run(«sink:new StringBuilder(x)»);", true),
            (CSharp, "Run(«sink:int.Parse(x)»);", false),
            (CSharp, "Run(«sink:(int) x»);", false),
            (CSharp, "Run(«sink:x.Length»);", false),
            (CSharp, "Run(«sink:\"n=\" + x.Split(',').Length»);", false),
            (
                CSharp,
                "Run(«sink:x switch { \"a\" => \"A\", _ => \"B\" }»);",
                false,
            ),
            (
                CSharp,
                "Run(«sink:x switch { \"a\" => \"A\", _ => x }»);",
                true,
            ),
            (CSharp, "Run(«sink:new(x)»);", true),
            (CSharp, "Run(«sink:x.Contains(\"a\")»);", false),
            (CSharp, "Run(«sink:x == \"a\"»);", false),
            (CSharp, "Run(«sink:x is null»);", false),
            (
                CSharp,
                "foreach (var p in x.Split(',')) { Run(«sink:p»); }",
                true,
            ),
        ];
        for (language, code, expected) in cases {
            assert_eq!(flagged(language, code), expected, "{language}: {code}");
        }
    }

    #[test]
    fn entries_read_by_constant_key_are_their_own() {
        let cases = [
            (
                Python,
                "d = {'a': x, 'b': 'k'}\n    run(«sink:d['b']»)",
                false,
            ),
            (
                Python,
                "d = {'a': x, 'b': 'k'}\n    run(«sink:d['a']»)",
                true,
            ),
            (
                Python,
                "d = {'a': x, 'b': 'k'}\n    run(«sink:d[key]»)",
                true,
            ),
            (Python, "d = {'a': x, 'b': 'k'}\n    run(«sink:d»)", true),
            (
                Python,
                "d = {'a': x, 'b': 'k'}\n    run(«sink:d.get('b')»)",
                false,
            ),
            (
                Python,
                "d = {'a': x, 'b': 'k'}\n    run(«sink:d.get('a')»)",
                true,
            ),
            (
                Python,
                "d = {'b': 'k'}\n    run(«sink:d.get('b', x)»)",
                true,
            ),
            (
                Python,
                "ALLOWED = {'a': 'ls'}\n    run(«sink:ALLOWED.get(x)»)",
                false,
            ),
            (
                JavaScript,
                "const o = {cmd: x, dir: '/'}; run(«sink:o.dir»);",
                false,
            ),
            (
                JavaScript,
                "const o = {cmd: x, dir: '/'}; run(«sink:o.cmd»);",
                true,
            ),
            (
                JavaScript,
                "const c = {}; c.o = {cmd: x}; run(«sink:c.o»);",
                true,
            ),
            (Java, "m.put(\"k\", x); run(«sink:m.get(\"j\")»);", false),
            (Java, "m.put(\"k\", x); run(«sink:m.get(\"k\")»);", true),
        ];
        for (language, code, expected) in cases {
            assert_eq!(flagged(language, code), expected, "{language}: {code}");
        }
    }

    #[test]
    fn sanitizers_clean_and_propagators_carry() {
        let cases = [
            (Python, "run(«sink:«sanitizer:quote(x)»»)", false),
            (Python, "y = «sanitizer:quote(x)»\n    run(«sink:y»)", false),
            (Python, "run(«sink:«propagator:wrap(x)»»)", true),
            (Python, "run(«sink:«propagator:x.wrap()»»)", true),
            (JavaScript, "run(«sink:«sanitizer:escape(x)»»);", false),
        ];
        for (language, code, expected) in cases {
            assert_eq!(flagged(language, code), expected, "{language}: {code}");
        }
    }

    #[test]
    fn comparisons_answer_yes_or_no() {
        let cases = [
            (Python, "a < b", true),
            (JavaScript, "a === b", true),
            (JavaScript, "a instanceof B", true),
            (JavaScript, "'k' in o", true),
            (JavaScript, "a + b", false),
            (JavaScript, "a || b", false),
            (Java, "a != b", true),
            (Java, "a + b", false),
            (Go, "a == b", true),
            (Php, "$a <=> $b", true),
            (Php, "$a . $b", false),
            (C, "a >= b", true),
            (C, "a << b", false),
        ];
        for (language, expression, expected) in cases {
            let program = expression_program(language, expression);
            let node = program.node(expression);
            assert_eq!(
                is_comparison(node, &program.text),
                expected,
                "{language}: {expression}"
            );
        }
    }
}
