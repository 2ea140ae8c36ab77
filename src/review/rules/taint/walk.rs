//! The statement walk: one pass over each scope (the file's top level, each function that holds a
//! sink) in source order, carrying a [`State`] from statement to statement and checking each sink
//! against it as the statement that holds it is met. This file owns the walk itself: its setup,
//! scopes and their parameters, blocks, the dispatch of each statement, and the sinks. The
//! branches, cases and loops it meets are in `branches`, what a statement does to the state in
//! `effects`, and the taint of an expression's value in `eval`.

use std::collections::HashSet;
use std::ops::Range;

use tree_sitter::Node;

use super::budget::{Budget, Limits};
use super::knowledge::is_own_object;
use super::lang;
use super::shape::{self, collect, declaration_name};
use super::state::{self, State};
use super::syntax::Syntax;
use super::{one_line, Flow, Roles};
use crate::lang::Language;
use crate::review::rules::names::Aliases;

/// One walk over a file for one rule: what it knows of both, and what it has found so far.
pub(super) struct Walk<'a> {
    pub(super) syntax: &'static Syntax,
    pub(super) text: &'a str,
    /// What the file's names stand for (C macros).
    pub(super) names: &'a Aliases,
    pub(super) roles: &'a Roles,
    /// The sinks, by where they start.
    sinks: Vec<Range<usize>>,
    /// Per sink: the outermost node with exactly its bytes, and the range of the innermost
    /// function value or declaration around it (found once, top down: asking a node for its
    /// parent walks down from the root again).
    sink_nodes: std::collections::HashMap<Range<usize>, (usize, Option<Range<usize>>)>,
    /// Whether every parameter counts as a source (see [`super::open_sinks`]).
    parameters_are_sources: bool,
    flows: Vec<Flow>,
    reported: HashSet<Range<usize>>,
    /// Declarations already walked where they stand.
    walked: HashSet<usize>,
    /// Names of the functions this file declares (only in the walk of [`super::open_sinks`]).
    pub(super) local_functions: HashSet<&'a str>,
    /// How many loops the walk is inside: an inner loop's body is walked once per round of the
    /// outer one, not twice, so that nested loops cost no more than twice one.
    pub(super) loop_depth: usize,
    /// The loops (`true`) and `switch`es the walk is inside, innermost last, each with the
    /// states `break` (and, for loops, `continue`) carried out of it so far.
    pub(super) breakable: Vec<(bool, Vec<State>)>,
    /// The work done and the depth reached (see [`Limits`]).
    pub(super) budget: Budget,
}

/// The flows of one walk over `root`, a tree of `language`, sorted by sink, and whether it ran
/// to the end (rather than giving up on a limit).
pub(super) fn run(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    roles: &Roles,
    parameters_are_sources: bool,
    limits: Limits,
) -> (Vec<Flow>, bool) {
    let Some(syntax) = lang::syntax(language) else {
        return (Vec::new(), true);
    };
    if roles.sinks.is_empty() {
        return (Vec::new(), true);
    }
    let mut walk = Walk::new(syntax, text, names, roles, parameters_are_sources, limits);
    let mut declarations = Vec::new();
    collect(
        root,
        &|k| syntax.declarations.contains(&k),
        &mut declarations,
    );
    if parameters_are_sources && roles.results.is_empty() {
        // What a function of this file returns is computed elsewhere: like a parameter, it
        // cannot be judged here (unless the join of summaries will judge it).
        walk.local_functions = declarations
            .iter()
            .filter_map(|d| declaration_name(*d, text))
            .collect();
    }
    walk.find_sink_nodes(root);
    // The top level, with the declarations it meets walked where they stand; then those it did
    // not meet (inside classes), each starting clean.
    walk.block(root, &mut State::default());
    for declaration in declarations {
        if walk.walked.contains(&declaration.id()) || !walk.holds_sink(declaration) {
            continue;
        }
        walk.scope(declaration, &State::default());
    }
    let complete = !walk.budget.exhausted();
    let mut flows = walk.flows;
    flows.sort_by_key(|f| (f.sink.start, f.sink.end));
    (flows, complete)
}

impl<'a> Walk<'a> {
    pub(super) fn new(
        syntax: &'static Syntax,
        text: &'a str,
        names: &'a Aliases,
        roles: &'a Roles,
        parameters_are_sources: bool,
        limits: Limits,
    ) -> Walk<'a> {
        let mut sinks: Vec<Range<usize>> = roles.sinks.iter().cloned().collect();
        sinks.sort_by_key(|s| (s.start, s.end));
        Walk {
            syntax,
            text,
            names,
            roles,
            sinks,
            sink_nodes: Default::default(),
            parameters_are_sources,
            flows: Vec::new(),
            reported: HashSet::new(),
            walked: HashSet::new(),
            local_functions: HashSet::new(),
            loop_depth: 0,
            breakable: Vec::new(),
            budget: Budget::new(limits),
        }
    }

    pub(super) fn src(&self, node: Node<'_>) -> &'a str {
        &self.text[node.byte_range()]
    }

    pub(super) fn is(&self, list: &[&str], node: Node<'_>) -> bool {
        list.contains(&node.kind())
    }

    /// The place `node` names (see [`state::place`]).
    pub(super) fn place(&self, node: Node<'_>) -> Option<String> {
        state::place(self.syntax, self.text, self.names, node)
    }

    /// The place of the container the entry `node` belongs to (see [`state::container_of`]).
    pub(super) fn container_of(&self, node: Node<'_>) -> Option<String> {
        state::container_of(self.syntax, self.text, self.names, node)
    }

    /// A copy of `state` for a branch, counted as work.
    pub(super) fn copy(&self, state: &State) -> State {
        self.budget.spend(state.vars.len());
        state.clone()
    }

    /// Whether a sink lies inside `node`.
    fn holds_sink(&self, node: Node<'_>) -> bool {
        self.sinks_in(node.byte_range()).next().is_some()
    }

    /// The sinks inside `range`.
    fn sinks_in(&self, range: Range<usize>) -> impl Iterator<Item = &Range<usize>> {
        let first = self.sinks.partition_point(|s| s.start < range.start);
        self.sinks[first..]
            .iter()
            .take_while(move |s| s.start < range.end)
            .filter(move |s| s.end <= range.end)
    }

    /// Walks a function with the state `outer` around it (clean for a declaration): its
    /// parameters that are sources are tainted, the others shadow what `outer` holds.
    pub(super) fn scope(&mut self, function: Node<'_>, outer: &State) {
        let mut state = self.copy(outer);
        for (parameter, name) in (self.syntax.parameters)(function) {
            let range = parameter.byte_range();
            // The object's own state (`self`, `this`) is the program's, not a caller's.
            let receiver = is_own_object(self.src(name));
            let source = (self.parameters_are_sources && !receiver)
                || self
                    .roles
                    .sources
                    .iter()
                    .any(|r| r.start >= range.start && r.end <= range.end);
            let Some(key) = self.place(name) else {
                continue;
            };
            self.clean(&key, &mut state);
            if source {
                state.vars.insert(
                    key,
                    vec![(range, format!("parameter `{}`", self.src(name)))],
                );
            }
        }
        if let Some(body) = (self.syntax.body)(function) {
            self.statement(body, &mut state);
        }
    }

    fn block(&mut self, block: Node<'_>, state: &mut State) {
        let mut cursor = block.walk();
        let statements: Vec<Node<'_>> = block.named_children(&mut cursor).collect();
        for statement in statements {
            self.statement(statement, state);
        }
    }

    pub(super) fn statement(&mut self, node: Node<'_>, state: &mut State) {
        if !self.budget.enter() {
            return;
        }
        self.statement_at_depth(node, state);
        self.budget.leave();
    }

    fn statement_at_depth(&mut self, node: Node<'_>, state: &mut State) {
        let syntax = self.syntax;
        if self.is(syntax.declarations, node) {
            // Walked where it stands, so that it sees the variables around it (a closure);
            // what it assigns may happen at any time, so those variables are not known.
            self.forget_assigned_in(node, state);
            self.walked.insert(node.id());
            if self.holds_sink(node) {
                let around = self.copy(state);
                self.scope(node, &around);
            }
            return;
        }
        if self.is(syntax.skip, node) {
            return;
        }
        if self.is(syntax.blocks, node) {
            self.block(node, state);
        } else if self.is(syntax.conditionals, node) {
            self.conditional(node, state);
        } else if self.is(syntax.loops, node) {
            self.r#loop(node, state);
        } else if let Some(cases) = self.cases_of(node) {
            self.switch(node, &cases, state);
        } else if self.holds_statements(node) {
            // `try`, `with`, `else`, `switch` and their like: their parts in order.
            let mut cursor = node.walk();
            let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
            for child in children {
                self.statement(child, state);
            }
        } else {
            self.simple(node, state);
        }
    }

    /// Whether a statement of a kind not in the table has statements inside (a `try`, a `with`).
    fn holds_statements(&self, node: Node<'_>) -> bool {
        let syntax = self.syntax;
        shape::children(node).into_iter().any(|c| {
            self.is(syntax.blocks, c) || self.is(syntax.conditionals, c) || self.is(syntax.loops, c)
        })
    }

    /// A statement without statements inside: its sinks are checked, then what it assigns,
    /// fills or calls takes effect.
    pub(super) fn simple(&mut self, node: Node<'_>, state: &mut State) {
        // `const a = src, b = sink(a)`: each part in turn.
        let parts = shape::children(node);
        let assignments = parts
            .iter()
            .filter(|p| (self.syntax.assignment)(**p, self.text).is_some())
            .count();
        if assignments > 1 && (self.syntax.assignment)(node, self.text).is_none() {
            for part in parts {
                self.simple(part, state);
            }
            return;
        }
        self.check_sinks(node, state);
        self.effects(node, state);
    }

    /// Reports every sink inside `node` (not inside function values, which are walked on
    /// their own) that holds a tainted value.
    fn check_sinks(&mut self, node: Node<'_>, state: &State) {
        let sinks: Vec<Range<usize>> = self
            .sinks_in(node.byte_range())
            .filter(|s| !self.reported.contains(*s))
            .cloned()
            .collect();
        self.budget.spend(1 + sinks.len());
        for sink in sinks {
            let Some(sink_node) = node.descendant_for_byte_range(sink.start, sink.end) else {
                continue;
            };
            // The outermost node with exactly the sink's bytes, below `node`.
            let mut sink_node = sink_node;
            let (outer_id, function) = self.sink_nodes.get(&sink).cloned().unwrap_or((0, None));
            if sink_node.id() != outer_id {
                let mut cursor = node.walk();
                while cursor.goto_first_child_for_byte(sink.start).is_some() {
                    let current = cursor.node();
                    if current.byte_range() == sink && current.id() != node.id() {
                        sink_node = current;
                        break;
                    }
                    if current.start_byte() > sink.start || current.end_byte() < sink.end {
                        break;
                    }
                }
            }
            // Inside a function value or declaration below `node`: walked on its own.
            let node_range = node.byte_range();
            let inside = function.is_some_and(|f| {
                f != node_range && f.start >= node_range.start && f.end <= node_range.end
            });
            if inside {
                continue;
            }
            if let Some(mut steps) = self.eval(sink_node, state) {
                steps.push((
                    sink.clone(),
                    format!("reaches the sink `{}`", one_line(self.src(sink_node))),
                ));
                self.reported.insert(sink.clone());
                self.flows.push(Flow { sink, steps });
            }
        }
    }

    /// Finds every sink's outermost node and the function around it, in one pass that enters
    /// only the nodes holding a sink.
    fn find_sink_nodes(&mut self, root: Node<'_>) {
        let syntax = self.syntax;
        let mut stack: Vec<(Node<'_>, Option<Range<usize>>)> = vec![(root, None)];
        while let Some((node, function)) = stack.pop() {
            let range = node.byte_range();
            if self.sinks_in(range.clone()).next().is_none() {
                continue;
            }
            if self
                .sinks
                .binary_search_by_key(&(range.start, range.end), |s| (s.start, s.end))
                .is_ok()
            {
                self.sink_nodes
                    .entry(range)
                    .or_insert_with(|| (node.id(), function.clone()));
            }
            let inner = if self.is(syntax.lambdas, node) || self.is(syntax.declarations, node) {
                Some(node.byte_range())
            } else {
                function
            };
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                stack.push((child, inner.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::budget::Limits;
    use super::super::fixture::program;
    use crate::lang::Language::{Go, Java, JavaScript, Php, Python, Tsx, TypeScript, C};

    #[test]
    fn a_flow_is_found_in_each_language_with_its_steps() {
        let cases = [
            (
                Python,
                "import os\ndef handler(request):\n    cmd = «source:request.args['c']»\n    os.system(«sink:cmd»)\n",
                vec![
                    "untrusted value `request.args['c']`",
                    "assigned to `cmd`",
                    "reaches the sink `cmd`",
                ],
            ),
            (
                JavaScript,
                "app.get('/', (req, res) => {\n  const q = «source:req.query.q»;\n  db.query(«sink:'SELECT ' + q»);\n});",
                vec![
                    "untrusted value `req.query.q`",
                    "assigned to `q`",
                    "reaches the sink `'SELECT ' + q`",
                ],
            ),
            (
                Java,
                "class A {\n  void run(HttpServletRequest req) {\n    String id = «source:req.getParameter(\"id\")»;\n    stmt.executeQuery(«sink:\"SELECT \" + id»);\n  }\n}",
                vec![
                    "untrusted value `req.getParameter(\"id\")`",
                    "assigned to `id`",
                    "reaches the sink `\"SELECT \" + id`",
                ],
            ),
            (
                Go,
                "package main\nfunc h(w http.ResponseWriter, r *http.Request) {\n\tname := «source:r.FormValue(\"n\")»\n\texec.Command(«sink:name»)\n}",
                vec![
                    "untrusted value `r.FormValue(\"n\")`",
                    "assigned to `name`",
                    "reaches the sink `name`",
                ],
            ),
            (
                Php,
                "<?php\nfunction show($db) {\n  $id = «source:$_GET['id']»;\n  mysqli_query($db, «sink:\"SELECT \" . $id»);\n}",
                vec![
                    "untrusted value `$_GET['id']`",
                    "assigned to `$id`",
                    "reaches the sink `\"SELECT \" . $id`",
                ],
            ),
            (
                C,
                "int main(int argc, char **argv) {\n  char cmd[256];\n  snprintf(cmd, sizeof cmd, \"ls %s\", «source:argv[1]»);\n  system(«sink:cmd»);\n}",
                vec![
                    "untrusted value `argv[1]`",
                    "assigned to `cmd`",
                    "reaches the sink `cmd`",
                ],
            ),
        ];
        for (language, code, steps) in cases {
            let program = program(language, code);
            assert_eq!(program.flagged().len(), 1, "{language}: one flow");
            assert_eq!(program.steps(), steps, "{language}");
        }
    }

    #[test]
    fn what_the_walk_flags_and_what_it_does_not() {
        let cases: &[(_, &str, &[&str])] = &[
            // A sanitized value is clean.
            (
                Python,
                "def f(request):\n    safe = «sanitizer:shlex.quote(«source:request.args['c']»)»\n    os.system(«sink:safe»)\n",
                &[],
            ),
            (
                Java,
                "class A { void f(Request req) { String id = «source:req.getParameter(\"id\")»; \
                 String safe = «sanitizer:esc(id)»; run(«sink:safe»); run(«sink:id»); } }",
                &["id"],
            ),
            // Function values see the state around them; declarations inside classes, not met
            // at the top level, start clean.
            (
                TypeScript,
                "const x = «source:req.query.a»;\nsetTimeout(() => exec(«sink:x»), 1);",
                &["x"],
            ),
            (
                Python,
                "x = «source:input()»\nclass A:\n    def m(self):\n        os.system(«sink:x»)\n",
                &[],
            ),
            (
                Python,
                "x = «source:input()»\ndef inner():\n    os.system(«sink:x»)\n",
                &["x"],
            ),
            // A parameter shadows the variable of the same name around its function.
            (
                JavaScript,
                "const x = «source:req.query.a»;\nfunction f(x) { exec(«sink:x»); }",
                &[],
            ),
            // Flows come in the order of their sinks, each sink once.
            (
                Python,
                "class A:\n    def m(self, request):\n        os.system(«sink:«source:request.args['a']»»)\nx = «source:input()»\nos.system(«sink:x»)\nos.system(«sink:x»)\n",
                &["request.args['a']", "x", "x"],
            ),
            (Tsx, "const a = «source:location.hash»;\nel.innerHTML = «sink:a»;", &["a"]),
        ];
        for (language, code, expected) in cases {
            let program = program(*language, code);
            assert_eq!(program.flagged(), *expected, "{language}: {code}");
        }
    }

    #[test]
    fn sinks_are_open_where_a_parameter_or_a_function_of_the_file_reaches_them() {
        let program = program(
            Python,
            "def helper():\n    return 'ls'\n\
             def f(self, name, request):\n    os.system(«sink:name»)\n    os.system(«sink:'ls'»)\n    \
             os.system(«sink:self.cmd»)\n    os.system(«sink:helper()»)\n",
        );
        assert_eq!(program.open(), ["name", "helper()"]);
        assert!(program.flows().is_empty(), "without sources, no flow");
    }

    #[test]
    fn a_walk_past_its_work_limit_gives_up_and_judges_nothing() {
        let program = program(
            Python,
            "x = «source:input()»\nif a:\n    y = x\nelse:\n    y = 'k'\nos.system(«sink:y»)\nos.system(«sink:'ls'»)\n",
        );
        let (flows, complete) = program.run(false, Limits::DEFAULT);
        assert!(complete);
        assert_eq!(flows.len(), 1);
        let (_, complete) = program.run(
            false,
            Limits {
                work: 5,
                depth: 150,
            },
        );
        assert!(!complete, "five units of work are not enough");
        let (_, complete) = program.run(
            true,
            Limits {
                work: 5,
                depth: 150,
            },
        );
        assert!(!complete);
    }

    #[test]
    fn a_walk_past_its_depth_limit_gives_up_and_judges_nothing() {
        // Nested blocks: the walk's depth limit, not the stack, ends it.
        let nested = "if a:\n".to_string()
            + &(1..12)
                .map(|i| format!("{}if a:\n", "    ".repeat(i)))
                .collect::<String>()
            + &"    ".repeat(12)
            + "os.system(«sink:x»)\n";
        let nested = program(Python, &format!("x = «source:input()»\n{nested}"));
        let (flows, complete) = nested.run(false, Limits::DEFAULT);
        assert!(complete);
        assert_eq!(flows.len(), 1);
        let (flows, complete) = nested.run(
            false,
            Limits {
                work: 1_000,
                depth: 8,
            },
        );
        assert!(!complete);
        assert!(flows.is_empty(), "the sink lies below the depth reached");

        // An expression deeper than the real limit: every sink stays open, and nothing breaks.
        let deep = format!("{}x{}", "(".repeat(400), ")".repeat(400));
        let deep_program = program(
            JavaScript,
            &format!("const x = «source:req.query.a»;\nexec(«sink:{deep}»);\nexec(«sink:'ls'»);"),
        );
        let (_, complete) = deep_program.run(true, Limits::DEFAULT);
        assert!(!complete);
        assert_eq!(deep_program.open(), [deep.as_str(), "'ls'"]);
    }
}
