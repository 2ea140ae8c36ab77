//! Intraprocedural taint tracking for taint rules: does a value from a source reach a sink within
//! one function, without passing through a sanitizer?
//!
//! A taint rule is a query whose patterns each carry one role capture: `@source` (an expression, or
//! a parameter, whose value is untrusted), `@sink` (the argument that must not be untrusted),
//! `@sanitizer` (a call whose result is clean) and `@propagator` (a call whose result is tainted
//! when an argument is). The query finds those nodes in the file's single pass; this module then
//! walks each function that holds a sink, statement by statement in order, and follows values
//! through assignments and re-assignments, augmented assignment, string concatenation, f-strings,
//! `%` and `.format` formatting, `.join`, containers (a constant key is tracked on its own, so a
//! clean entry taken out of a container that also holds tainted ones stays clean), method calls on
//! a tainted receiver, loops and `with` targets. A value overwritten with a constant is clean
//! again, and a branch whose condition is a constant that is always false is not followed.
//!
//! Python is the language modelled so far; the walk is written against the node kinds of one
//! language table so that others can be added.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use tree_sitter::Node;

use crate::lang::Language;

/// Nodes the rule's query found, by role, as byte ranges.
#[derive(Default, Debug)]
pub struct Roles {
    pub sources: HashSet<Range<usize>>,
    pub sinks: HashSet<Range<usize>>,
    pub sanitizers: HashSet<Range<usize>>,
    pub propagators: HashSet<Range<usize>>,
}

/// One step of a flow: where, and what happened there.
pub type Step = (Range<usize>, String);

/// A tainted value reaching a sink.
#[derive(Debug, Clone)]
pub struct Flow {
    pub sink: Range<usize>,
    /// From the source to the sink, in order.
    pub steps: Vec<Step>,
}

/// The languages whose statements the engine models.
pub fn supports(language: Language) -> bool {
    matches!(language, Language::Python)
}

/// Every flow from a source to a sink in the functions of `root`.
pub fn analyze(root: Node<'_>, text: &str, roles: &Roles) -> Vec<Flow> {
    if roles.sinks.is_empty() || roles.sources.is_empty() {
        return Vec::new();
    }
    let mut flows = Vec::new();
    let mut functions = Vec::new();
    collect_functions(root, &mut functions);
    for function in functions {
        let range = function.byte_range();
        let holds = |set: &HashSet<Range<usize>>| {
            set.iter()
                .any(|r| r.start >= range.start && r.end <= range.end)
        };
        if !holds(&roles.sinks) || !holds(&roles.sources) {
            continue;
        }
        let mut walk = Walk {
            text,
            roles,
            flows: Vec::new(),
            reported: HashSet::new(),
        };
        let mut state = State::default();
        if let Some(parameters) = function.child_by_field_name("parameters") {
            let mut cursor = parameters.walk();
            for parameter in parameters.named_children(&mut cursor) {
                let name = parameter_name(parameter, text);
                if let Some(name) = name {
                    if roles.sources.contains(&parameter.byte_range())
                        || parameter
                            .child(0)
                            .is_some_and(|c| roles.sources.contains(&c.byte_range()))
                    {
                        state.vars.insert(
                            name.to_string(),
                            vec![(parameter.byte_range(), format!("parameter `{name}`"))],
                        );
                    }
                }
            }
        }
        if let Some(body) = function.child_by_field_name("body") {
            walk.block(body, &mut state);
        }
        flows.extend(walk.flows);
    }
    flows.sort_by_key(|f| (f.sink.start, f.sink.end));
    flows
}

fn collect_functions<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        if child.kind() == "function_definition" {
            out.push(child);
        }
        collect_functions(child, out);
    }
}

fn parameter_name<'a>(parameter: Node<'_>, text: &'a str) -> Option<&'a str> {
    let node = match parameter.kind() {
        "identifier" => parameter,
        "typed_parameter" | "default_parameter" | "typed_default_parameter" => parameter
            .child_by_field_name("name")
            .or_else(|| parameter.named_child(0))?,
        _ => return None,
    };
    (node.kind() == "identifier").then(|| &text[node.byte_range()])
}

/// Taint of each variable (and of constant-keyed container entries, as `name[key]`): the steps
/// that made it tainted; absent means clean.
#[derive(Default, Clone)]
struct State {
    vars: HashMap<String, Vec<Step>>,
}

impl State {
    /// After two branches: a value tainted in either is tainted.
    fn merge(&mut self, other: State) {
        for (name, steps) in other.vars {
            self.vars.entry(name).or_insert(steps);
        }
    }
}

struct Walk<'a> {
    text: &'a str,
    roles: &'a Roles,
    flows: Vec<Flow>,
    reported: HashSet<Range<usize>>,
}

impl<'a> Walk<'a> {
    fn src(&self, node: Node<'_>) -> &'a str {
        &self.text[node.byte_range()]
    }

    fn block(&mut self, block: Node<'_>, state: &mut State) {
        let mut cursor = block.walk();
        let statements: Vec<Node<'_>> = block.named_children(&mut cursor).collect();
        for statement in statements {
            self.statement(statement, state);
        }
    }

    fn statement(&mut self, node: Node<'_>, state: &mut State) {
        match node.kind() {
            // Nested definitions are their own functions.
            "function_definition" | "class_definition" | "decorated_definition" => {}
            "expression_statement" => {
                self.check_sinks(node, state);
                let mut cursor = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
                for child in children {
                    self.expression_statement(child, state);
                }
            }
            "if_statement" => self.if_statement(node, state),
            "for_statement" => {
                if let Some(right) = node.child_by_field_name("right") {
                    self.check_sinks(right, state);
                    let taint = self.eval(right, state);
                    if let Some(left) = node.child_by_field_name("left") {
                        self.bind(left, taint, state);
                    }
                }
                // Twice, so that what the body taints late reaches its start.
                for _ in 0..2 {
                    if let Some(body) = node.child_by_field_name("body") {
                        self.block(body, state);
                    }
                }
                if let Some(alternative) = node.child_by_field_name("alternative") {
                    self.branch_body(alternative, state);
                }
            }
            "while_statement" => {
                if let Some(condition) = node.child_by_field_name("condition") {
                    self.check_sinks(condition, state);
                    if always_false(condition, self.text) {
                        return;
                    }
                }
                for _ in 0..2 {
                    if let Some(body) = node.child_by_field_name("body") {
                        self.block(body, state);
                    }
                }
            }
            "with_statement" => {
                let mut cursor = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
                for child in children {
                    match child.kind() {
                        "with_clause" => self.with_clause(child, state),
                        "block" => self.block(child, state),
                        _ => {}
                    }
                }
            }
            "try_statement" => {
                let mut cursor = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
                for child in children {
                    match child.kind() {
                        "block" => self.block(child, state),
                        _ => self.branch_body(child, state),
                    }
                }
            }
            "return_statement" | "raise_statement" | "assert_statement" | "delete_statement" => {
                self.check_sinks(node, state);
            }
            "block" => self.block(node, state),
            _ => self.check_sinks(node, state),
        }
    }

    /// The block inside an `else:`, `except:`, `finally:` clause.
    fn branch_body(&mut self, clause: Node<'_>, state: &mut State) {
        let mut cursor = clause.walk();
        let children: Vec<Node<'_>> = clause.named_children(&mut cursor).collect();
        for child in children {
            if child.kind() == "block" {
                self.block(child, state);
            } else if child.kind() == "as_pattern" || child.kind() == "identifier" {
                // `except E as e`: the exception is not attacker data here.
            }
        }
    }

    fn with_clause(&mut self, clause: Node<'_>, state: &mut State) {
        let mut cursor = clause.walk();
        let items: Vec<Node<'_>> = clause.named_children(&mut cursor).collect();
        for item in items {
            let Some(value) = item.child_by_field_name("value") else {
                continue;
            };
            self.check_sinks(value, state);
            if value.kind() == "as_pattern" {
                let taint = value
                    .named_child(0)
                    .and_then(|expression| self.eval(expression, state));
                if let Some(target) = value.child_by_field_name("alias") {
                    let target = target.named_child(0).unwrap_or(target);
                    self.bind(target, taint, state);
                }
            }
        }
    }

    fn if_statement(&mut self, node: Node<'_>, state: &mut State) {
        let condition = node.child_by_field_name("condition");
        if let Some(condition) = condition {
            self.check_sinks(condition, state);
        }
        let never = condition.is_some_and(|c| always_false(c, self.text));
        let always = condition.is_some_and(|c| always_true(c, self.text));
        let mut taken = state.clone();
        if !never {
            if let Some(consequence) = node.child_by_field_name("consequence") {
                self.block(consequence, &mut taken);
            }
        }
        let mut others = Vec::new();
        if !always {
            let mut cursor = node.walk();
            let alternatives: Vec<Node<'_>> = node
                .children_by_field_name("alternative", &mut cursor)
                .collect();
            let mut rest = state.clone();
            for alternative in alternatives {
                match alternative.kind() {
                    "elif_clause" => {
                        // An elif is an `if` nested in the else branch.
                        if let Some(c) = alternative.child_by_field_name("condition") {
                            self.check_sinks(c, &rest);
                        }
                        let mut branch = rest.clone();
                        if let Some(body) = alternative.child_by_field_name("consequence") {
                            self.block(body, &mut branch);
                        }
                        others.push(branch);
                    }
                    _ => self.branch_body(alternative, &mut rest),
                }
            }
            others.push(rest);
        }
        let mut outcomes = Vec::new();
        if !never {
            outcomes.push(taken);
        }
        if !always {
            outcomes.extend(others);
        }
        let mut outcomes = outcomes.into_iter();
        let Some(mut merged) = outcomes.next() else {
            return;
        };
        for other in outcomes {
            merged.merge(other);
        }
        *state = merged;
    }

    fn expression_statement(&mut self, node: Node<'_>, state: &mut State) {
        match node.kind() {
            "assignment" => {
                let right = node.child_by_field_name("right");
                if let (Some(left), Some(right)) = (node.child_by_field_name("left"), right) {
                    if left.kind() == "identifier" && right.kind() == "dictionary" {
                        self.bind_dictionary(left, right, state);
                        return;
                    }
                }
                let taint = right.and_then(|r| self.eval(r, state));
                if let Some(left) = node.child_by_field_name("left") {
                    let taint = taint.map(|mut steps| {
                        steps.push((
                            left.byte_range(),
                            format!("assigned to `{}`", self.src(left)),
                        ));
                        steps
                    });
                    self.bind(left, taint, state);
                }
            }
            "augmented_assignment" => {
                let (Some(left), Some(right)) = (
                    node.child_by_field_name("left"),
                    node.child_by_field_name("right"),
                ) else {
                    return;
                };
                if let Some(mut steps) = self.eval(right, state) {
                    steps.push((
                        left.byte_range(),
                        format!("appended to `{}`", self.src(left)),
                    ));
                    let key = self.place(left);
                    if let Some(key) = key {
                        state.vars.entry(key).or_insert(steps);
                    }
                }
            }
            "call" => {
                // `items.append(x)`, `d.update(x)`: the container now holds what went in.
                let Some(function) = node.child_by_field_name("function") else {
                    return;
                };
                if function.kind() != "attribute" {
                    return;
                }
                let method = function
                    .child_by_field_name("attribute")
                    .map(|a| self.src(a))
                    .unwrap_or_default();
                if !matches!(
                    method,
                    "append"
                        | "extend"
                        | "add"
                        | "update"
                        | "insert"
                        | "setdefault"
                        | "put"
                        | "write"
                        | "appendleft"
                ) {
                    return;
                }
                let Some(receiver) = function.child_by_field_name("object") else {
                    return;
                };
                if let Some(arguments) = node.child_by_field_name("arguments") {
                    if let Some(mut steps) = self.eval_all(arguments, state) {
                        steps.push((
                            receiver.byte_range(),
                            format!("stored in `{}`", self.src(receiver)),
                        ));
                        if let Some(key) = self.place(receiver) {
                            state.vars.entry(key).or_insert(steps);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// `d = {"a": tainted, "b": "constant"}`: each constant key is tracked on its own, so
    /// `d["b"]` stays clean; entries under other keys taint reads by unknown key.
    fn bind_dictionary(&mut self, left: Node<'_>, right: Node<'_>, state: &mut State) {
        self.bind(left, None, state);
        let name = self.src(left).to_string();
        let mut cursor = right.walk();
        let pairs: Vec<Node<'_>> = right.named_children(&mut cursor).collect();
        for pair in pairs {
            if pair.kind() != "pair" {
                // `**other`: whatever it holds may be anywhere.
                if let Some(steps) = self.eval(pair, state) {
                    state.vars.insert(name.clone(), steps);
                }
                continue;
            }
            let (Some(key), Some(value)) = (
                pair.child_by_field_name("key"),
                pair.child_by_field_name("value"),
            ) else {
                continue;
            };
            let Some(mut steps) = self.eval(value, state) else {
                continue;
            };
            steps.push((pair.byte_range(), format!("stored in `{name}`")));
            match constant_key(key, self.text) {
                Some(key) => {
                    state.vars.insert(format!("{name}[{key}]"), steps.clone());
                    state.vars.entry(format!("{name}[*]")).or_insert(steps);
                }
                None => {
                    state.vars.insert(name.clone(), steps);
                }
            }
        }
    }

    /// The state key of an assignable place: `x`, `obj.attr`, `d["key"]`; `None` for others.
    fn place(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "identifier" | "attribute" => Some(self.src(node).to_string()),
            "subscript" => {
                let value = node.child_by_field_name("value")?;
                let index = node.child_by_field_name("subscript")?;
                let base = self.place(value)?;
                Some(match constant_key(index, self.text) {
                    Some(key) => format!("{base}[{key}]"),
                    None => base,
                })
            }
            _ => None,
        }
    }

    /// Binds an assignment target to `taint` (clean when `None`: an overwrite cleans).
    fn bind(&mut self, target: Node<'_>, taint: Option<Vec<Step>>, state: &mut State) {
        match target.kind() {
            "pattern_list" | "tuple_pattern" | "list_pattern" | "tuple" | "list" => {
                let mut cursor = target.walk();
                let parts: Vec<Node<'_>> = target.named_children(&mut cursor).collect();
                for part in parts {
                    self.bind(part, taint.clone(), state);
                }
            }
            "subscript" => {
                let Some(key) = self.place(target) else {
                    return;
                };
                let whole = target
                    .child_by_field_name("value")
                    .and_then(|v| self.place(v));
                let constant = target
                    .child_by_field_name("subscript")
                    .and_then(|i| constant_key(i, self.text))
                    .is_some();
                match taint {
                    Some(steps) => {
                        // A tainted entry taints what reads the container as a whole.
                        if let (Some(whole), true) = (&whole, constant) {
                            state
                                .vars
                                .entry(format!("{whole}[*]"))
                                .or_insert(steps.clone());
                        }
                        state.vars.insert(key, steps);
                    }
                    None if constant => {
                        state.vars.remove(&key);
                    }
                    None => {}
                }
            }
            _ => {
                let Some(key) = self.place(target) else {
                    return;
                };
                match taint {
                    Some(steps) => {
                        state.vars.insert(key, steps);
                    }
                    None => {
                        // Overwritten with something clean: clean again, entries included.
                        let prefix = format!("{key}[");
                        state
                            .vars
                            .retain(|name, _| name != &key && !name.starts_with(&prefix));
                    }
                }
            }
        }
    }

    /// Reports every sink inside `node` (not inside nested functions) that holds a tainted value.
    fn check_sinks(&mut self, node: Node<'_>, state: &State) {
        let range = node.byte_range();
        let sinks: Vec<Range<usize>> = self
            .roles
            .sinks
            .iter()
            .filter(|s| s.start >= range.start && s.end <= range.end)
            .filter(|s| !self.reported.contains(*s))
            .cloned()
            .collect();
        for sink in sinks {
            let Some(sink_node) = node.descendant_for_byte_range(sink.start, sink.end) else {
                continue;
            };
            // The outermost node with exactly the sink's bytes.
            let mut sink_node = sink_node;
            while let Some(parent) = sink_node.parent() {
                if parent.byte_range() == sink && parent.id() != node.id() {
                    sink_node = parent;
                } else {
                    break;
                }
            }
            if let Some(mut steps) = self.eval(sink_node, state) {
                steps.push((
                    sink.clone(),
                    format!("reaches the sink `{}`", self.src(sink_node)),
                ));
                self.reported.insert(sink.clone());
                self.flows.push(Flow { sink, steps });
            }
        }
    }

    fn eval_all(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        children
            .into_iter()
            .find_map(|child| self.eval(child, state))
    }

    /// The taint of an expression's value under `state`.
    fn eval(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let range = node.byte_range();
        if self.roles.sanitizers.contains(&range) {
            return None;
        }
        if self.roles.sources.contains(&range) {
            return Some(vec![(
                range,
                format!("untrusted value `{}`", self.src(node)),
            )]);
        }
        match node.kind() {
            "identifier" => state.vars.get(self.src(node)).cloned(),
            "attribute" => state.vars.get(self.src(node)).cloned().or_else(|| {
                node.child_by_field_name("object")
                    .and_then(|o| self.eval(o, state))
            }),
            "subscript" => {
                let value = node.child_by_field_name("value")?;
                let key = self.place(node);
                if let Some(steps) = key.as_ref().and_then(|k| state.vars.get(k)) {
                    return Some(steps.clone());
                }
                let constant = node
                    .child_by_field_name("subscript")
                    .and_then(|i| constant_key(i, self.text))
                    .is_some();
                // A constant key reads its own entry: clean unless the whole container is
                // tainted. Any other key may read a tainted entry.
                if constant {
                    self.eval(value, state)
                } else {
                    self.eval(value, state).or_else(|| {
                        self.place(value)
                            .and_then(|base| state.vars.get(&format!("{base}[*]")).cloned())
                    })
                }
            }
            "call" => self.eval_call(node, state),
            "binary_operator" | "boolean_operator" => self.eval_all(node, state),
            "string" | "concatenated_string" => {
                let mut cursor = node.walk();
                let parts: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
                parts.into_iter().find_map(|part| match part.kind() {
                    "interpolation" => part.named_child(0).and_then(|e| self.eval(e, state)),
                    "string" => self.eval(part, state),
                    _ => None,
                })
            }
            "parenthesized_expression"
            | "await"
            | "not_operator"
            | "keyword_argument"
            | "expression_list"
            | "list"
            | "tuple"
            | "set"
            | "dictionary"
            | "pair"
            | "list_comprehension"
            | "generator_expression"
            | "set_comprehension"
            | "dictionary_comprehension"
            | "conditional_expression"
            | "list_splat"
            | "dictionary_splat"
            | "for_in_clause"
            | "named_expression"
            | "argument_list" => self.eval_all(node, state),
            _ => None,
        }
    }

    fn eval_call(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let function = node.child_by_field_name("function")?;
        let arguments = node.child_by_field_name("arguments");
        let from_arguments = || arguments.and_then(|a| self.eval_all(a, state));
        if self.roles.propagators.contains(&node.byte_range()) {
            return from_arguments();
        }
        match function.kind() {
            "attribute" => {
                let method = function
                    .child_by_field_name("attribute")
                    .map(|a| self.src(a))
                    .unwrap_or_default();
                let receiver = function.child_by_field_name("object");
                // Building a string from pieces keeps the pieces' taint.
                if matches!(
                    method,
                    "format" | "join" | "format_map" | "replace" | "safe_substitute" | "substitute"
                ) {
                    if let Some(steps) = from_arguments() {
                        return Some(steps);
                    }
                }
                // `d.get("key")` reads one entry, like `d["key"]`.
                if matches!(method, "get" | "pop") {
                    let base = receiver.and_then(|r| self.place(r));
                    let key = arguments
                        .and_then(|a| a.named_child(0))
                        .and_then(|k| constant_key(k, self.text));
                    if let Some(base) = &base {
                        let entry = match &key {
                            Some(key) => state.vars.get(&format!("{base}[{key}]")),
                            None => state.vars.get(&format!("{base}[*]")),
                        };
                        if let Some(steps) = entry {
                            return Some(steps.clone());
                        }
                    }
                }
                let receiver_taint = receiver.and_then(|r| self.eval(r, state));
                match receiver_taint {
                    // Methods of a tainted value return tainted values (`s.strip()`,
                    // `d.get("k")`), except those that only answer yes or no or a number.
                    Some(steps)
                        if !matches!(
                            method,
                            "isdigit"
                                | "isnumeric"
                                | "isdecimal"
                                | "isalnum"
                                | "isalpha"
                                | "startswith"
                                | "endswith"
                                | "count"
                                | "index"
                                | "find"
                                | "__len__"
                        ) =>
                    {
                        Some(steps)
                    }
                    _ => None,
                }
            }
            "identifier" => match self.src(function) {
                // Builtins that carry their argument through.
                "str" | "repr" | "bytes" | "bytearray" | "list" | "tuple" | "dict" | "set"
                | "sorted" | "reversed" | "format" | "memoryview" => from_arguments(),
                _ => None,
            },
            _ => None,
        }
    }
}

/// A dictionary key or index that is a literal: `"name"`, `'id'`, `3`.
fn constant_key(node: Node<'_>, text: &str) -> Option<String> {
    match node.kind() {
        "string" => {
            let mut cursor = node.walk();
            let interpolated = node
                .named_children(&mut cursor)
                .any(|c| c.kind() == "interpolation");
            if interpolated {
                return None;
            }
            // `"a"` and `'a'` are the same key.
            let raw = &text[node.byte_range()];
            let body = raw.trim_start_matches(|c: char| c.is_ascii_alphabetic());
            Some(body.trim_matches(|c| c == '"' || c == '\'').to_string())
        }
        "integer" => Some(text[node.byte_range()].to_string()),
        _ => None,
    }
}

fn always_false(condition: Node<'_>, text: &str) -> bool {
    let source = text[condition.byte_range()].trim();
    matches!(source, "False" | "0" | "None" | "\"\"" | "''" | "0.0")
        || (condition.kind() == "not_operator"
            && condition
                .child_by_field_name("argument")
                .is_some_and(|a| always_true(a, text)))
}

fn always_true(condition: Node<'_>, text: &str) -> bool {
    let source = text[condition.byte_range()].trim();
    matches!(source, "True" | "1")
        || (condition.kind() == "not_operator"
            && condition
                .child_by_field_name("argument")
                .is_some_and(|a| always_false(a, text)))
}
