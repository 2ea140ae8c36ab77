//! Intraprocedural taint tracking for taint rules: does a value from a source reach a sink within
//! one function, without passing through a sanitizer?
//!
//! A taint rule is a query whose patterns each carry one role capture: `@source` (an expression, a
//! parameter, or a buffer a call fills, whose value is untrusted), `@sink` (the argument that must
//! not be untrusted), `@sanitizer` (a call whose result is clean) and `@propagator` (a call whose
//! result is tainted when an argument is). The query finds those nodes in the file's single pass;
//! this module then walks each scope (the file's top level, and every function declaration) that
//! holds a sink, statement by statement in order, and follows values through assignments and
//! re-assignments, augmented assignment, string concatenation and interpolation, formatting calls,
//! containers (a constant key or index is tracked on its own, so a clean entry taken out of a
//! container that also holds tainted ones stays clean), builders and other methods that fill their
//! receiver, C functions that fill their first argument, method calls on a tainted receiver, and
//! loops. A value overwritten with a constant is clean again, a cast to a number or a call that
//! only answers a number or yes/no is clean, and a branch whose condition is a constant that is
//! always false is not followed. Function values (lambdas, closures, callbacks) are walked where
//! they stand, with the state around them.
//!
//! The walk is written once; each language supplies a [`Syntax`] table (its node kinds, and small
//! functions that take its assignments, calls and containers apart) in a module of its own.

mod budget;
mod constant;
mod knowledge;
mod lang;
mod shape;
mod state;

use std::collections::HashSet;
use std::ops::Range;

use tree_sitter::Node;

use crate::lang::Language;
use budget::{Budget, Limits};
use constant::{always_false, always_true, constant_key};
use knowledge::{
    is_own_object, BUILDS_STRINGS, FILLS_ARGUMENT, FILLS_RECEIVER, READS_BY_KEY, STORES_BY_KEY,
};
use lang::{syntax, Assign, Call, Syntax};
use shape::{collect, declaration_name, unwrap_reference};
use state::{any_entry_key, entry_key, State};

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
    syntax(language).is_some()
}

/// Every flow from a source to a sink in `root`, a tree of `language`.
pub fn analyze(language: Language, root: Node<'_>, text: &str, roles: &Roles) -> Vec<Flow> {
    if roles.sources.is_empty() {
        return Vec::new();
    }
    walk(language, root, text, roles, false, Limits::DEFAULT).0
}

/// The sinks that a value from a source, or from a parameter of the function around them, may
/// reach: where a sink holds a parameter, whether it is safe depends on the callers, which
/// this intraprocedural analysis does not see.
pub fn open_sinks(
    language: Language,
    root: Node<'_>,
    text: &str,
    roles: &Roles,
) -> HashSet<Range<usize>> {
    let (flows, complete) = walk(language, root, text, roles, true, Limits::DEFAULT);
    if !complete {
        // The walk gave up: nothing is judged.
        return roles.sinks.clone();
    }
    flows.into_iter().map(|flow| flow.sink).collect()
}

/// The flows of one walk, and whether it ran to the end (rather than giving up on a limit).
fn walk(
    language: Language,
    root: Node<'_>,
    text: &str,
    roles: &Roles,
    parameters_are_sources: bool,
    limits: Limits,
) -> (Vec<Flow>, bool) {
    let Some(syntax) = syntax(language) else {
        return (Vec::new(), true);
    };
    if roles.sinks.is_empty() {
        return (Vec::new(), true);
    }
    let mut sinks: Vec<Range<usize>> = roles.sinks.iter().cloned().collect();
    sinks.sort_by_key(|s| (s.start, s.end));
    let mut walk = Walk {
        syntax,
        text,
        roles,
        sinks,
        parameters_are_sources,
        flows: Vec::new(),
        reported: HashSet::new(),
        walked: HashSet::new(),
        local_functions: HashSet::new(),
        loop_depth: 0,
        budget: Budget::new(limits),
    };
    let mut declarations = Vec::new();
    collect(
        root,
        &|k| syntax.declarations.contains(&k),
        &mut declarations,
    );
    if parameters_are_sources {
        // What a function of this file returns is computed elsewhere: like a parameter, it
        // cannot be judged here.
        walk.local_functions = declarations
            .iter()
            .filter_map(|d| declaration_name(*d, text))
            .collect();
    }
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

struct Walk<'a> {
    syntax: &'static Syntax,
    text: &'a str,
    roles: &'a Roles,
    /// The sinks, by where they start.
    sinks: Vec<Range<usize>>,
    /// Whether every parameter counts as a source (see [`open_sinks`]).
    parameters_are_sources: bool,
    flows: Vec<Flow>,
    reported: HashSet<Range<usize>>,
    /// Declarations already walked where they stand.
    walked: HashSet<usize>,
    /// Names of the functions this file declares (only in the walk of [`open_sinks`]).
    local_functions: HashSet<&'a str>,
    /// How many loops the walk is inside: an inner loop's body is walked once per round of the
    /// outer one, not twice, so that nested loops cost no more than twice one.
    loop_depth: usize,
    /// The work done and the depth reached (see [`Limits`]).
    budget: Budget,
}

impl<'a> Walk<'a> {
    fn src(&self, node: Node<'_>) -> &'a str {
        &self.text[node.byte_range()]
    }

    fn is(&self, list: &[&str], node: Node<'_>) -> bool {
        list.contains(&node.kind())
    }

    /// The place `node` names (see [`state::place`]).
    fn place(&self, node: Node<'_>) -> Option<String> {
        state::place(self.syntax, self.text, node)
    }

    /// The place of the container the entry `node` belongs to (see [`state::container_of`]).
    fn container_of(&self, node: Node<'_>) -> Option<String> {
        state::container_of(self.syntax, self.text, node)
    }

    /// Makes `key` and everything stored under it clean, counted as work.
    fn clean(&self, key: &str, state: &mut State) {
        let entries = state.clean(key);
        self.budget.spend(1 + entries);
    }

    /// A copy of `state` for a branch, counted as work.
    fn copy(&self, state: &State) -> State {
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
    fn scope(&mut self, function: Node<'_>, outer: &State) {
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

    fn statement(&mut self, node: Node<'_>, state: &mut State) {
        if !self.budget.enter() {
            return;
        }
        self.statement_at_depth(node, state);
        self.budget.leave();
    }

    fn statement_at_depth(&mut self, node: Node<'_>, state: &mut State) {
        let syntax = self.syntax;
        if self.is(syntax.declarations, node) {
            // Walked where it stands, so that it sees the variables around it (a closure).
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

    /// The cases of a `switch`: children of the node, or of its body, whose kind is a case.
    fn cases_of<'t>(&self, node: Node<'t>) -> Option<Vec<Node<'t>>> {
        if self.syntax.cases.is_empty() || self.is(self.syntax.cases, node) {
            return None;
        }
        let container = node.child_by_field_name("body").unwrap_or(node);
        let cases: Vec<Node<'t>> = shape::children(container)
            .into_iter()
            .filter(|c| self.is(self.syntax.cases, *c))
            .collect();
        (!cases.is_empty()).then_some(cases)
    }

    /// A `switch`: what comes before its cases (the subject), then each case from the state
    /// before them; the state after is what any case leaves, or the state before when no
    /// `default` case is sure to run. (A case that falls through into the next is taken as
    /// ending where the next begins.)
    fn switch(&mut self, node: Node<'_>, cases: &[Node<'_>], state: &mut State) {
        let container = node.child_by_field_name("body").unwrap_or(node);
        for child in shape::children(node) {
            if child.id() != container.id() && !cases.iter().any(|c| c.id() == child.id()) {
                self.statement(child, state);
            }
        }
        // Go's `switch v := x.(type)` binds `v` to `x`.
        if let Some(assign) = (self.syntax.assignment)(node, self.text) {
            self.assign(&assign, state);
        }
        let before = self.copy(state);
        let mut after: Option<State> = None;
        let mut default = false;
        // What a case that does not end in `break` (or `return`...) leaves, for the next.
        let mut falling: Option<State> = None;
        for case in cases {
            default |= is_default_case(*case, self.text);
            let mut branch = self.copy(&before);
            if let Some(falling) = falling.take() {
                branch.merge(falling);
            }
            let statements = shape::children(*case);
            for child in &statements {
                self.statement(*child, &mut branch);
            }
            if falls_through(*case, statements.last().copied()) {
                falling = Some(self.copy(&branch));
            }
            match after.as_mut() {
                Some(after) => after.merge(branch),
                None => after = Some(branch),
            }
        }
        let Some(mut after) = after else {
            return;
        };
        if !default {
            after.merge(before);
        }
        *state = after;
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
    fn simple(&mut self, node: Node<'_>, state: &mut State) {
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

    fn conditional(&mut self, node: Node<'_>, state: &mut State) {
        if let Some(initializer) = node.child_by_field_name("initializer") {
            self.simple(initializer, state);
        }
        let condition = node.child_by_field_name("condition");
        if let Some(condition) = condition {
            self.simple(condition, state);
        }
        let consequence = node
            .child_by_field_name("consequence")
            .or_else(|| node.child_by_field_name("body"));
        let mut cursor = node.walk();
        let alternatives: Vec<Node<'_>> = node
            .children_by_field_name("alternative", &mut cursor)
            .collect();
        self.branches(condition, consequence, &alternatives, state);
    }

    /// `if condition: consequence` followed by `alternatives` (each `elif`/`else if` a further
    /// conditional, an `else` the rest): the state after is what any followed branch leaves.
    fn branches(
        &mut self,
        condition: Option<Node<'_>>,
        consequence: Option<Node<'_>>,
        alternatives: &[Node<'_>],
        state: &mut State,
    ) {
        let never = condition.is_some_and(|c| always_false(c, self.text));
        let always = condition.is_some_and(|c| always_true(c, self.text));
        let mut outcomes = Vec::new();
        if !never {
            let mut taken = self.copy(state);
            if let Some(consequence) = consequence {
                self.statement(consequence, &mut taken);
            }
            outcomes.push(taken);
        }
        if !always {
            let mut rest = self.copy(state);
            if let Some((first, others)) = alternatives.split_first() {
                let condition = first.child_by_field_name("condition");
                let body = first
                    .child_by_field_name("consequence")
                    .or_else(|| first.child_by_field_name("body"));
                if condition.is_some() && !self.is(self.syntax.conditionals, *first) {
                    // `elif c: body`: the others are its alternatives.
                    if let Some(condition) = condition {
                        self.simple(condition, &mut rest);
                    }
                    self.branches(condition, body, others, &mut rest);
                } else {
                    self.statement(*first, &mut rest);
                    for other in others {
                        self.statement(*other, &mut rest);
                    }
                }
            }
            outcomes.push(rest);
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

    /// A loop: its header once, then its body, updates and condition twice (so that what the
    /// body taints late reaches its start); since the body may not run at all, the state after
    /// is what any number of rounds leaves.
    fn r#loop(&mut self, node: Node<'_>, state: &mut State) {
        // Go keeps the three parts of a `for` in a clause of their own.
        let clause = shape::children(node)
            .into_iter()
            .find(|c| c.kind() == "for_clause");
        let parts = clause.unwrap_or(node);
        let body = node.child_by_field_name("body");
        let condition = parts.child_by_field_name("condition");
        let mut updates = shape::fields(parts, "update");
        updates.extend(shape::fields(parts, "increment"));
        let foreach = (self.syntax.foreach)(node);
        // Python's `for ... else:` runs after the loop.
        let after = node.child_by_field_name("alternative");
        let later: Vec<usize> = body
            .iter()
            .chain(updates.iter())
            .chain(after.iter())
            .map(|n| n.id())
            .chain(clause.map(|c| c.id()))
            .collect();
        let mut header: Vec<Node<'_>> = shape::children(node)
            .into_iter()
            .filter(|c| !later.contains(&c.id()))
            .collect();
        if let Some(clause) = clause {
            header.extend(
                shape::children(clause)
                    .into_iter()
                    .filter(|c| !later.contains(&c.id())),
            );
        }
        for part in header {
            if let Some((target, iterable)) = foreach {
                if part.id() == target.id() {
                    continue;
                }
                if part.id() == iterable.id() {
                    self.simple(iterable, state);
                    let taint = self.eval(iterable, state).map(|mut steps| {
                        steps.push((
                            target.byte_range(),
                            format!("iterated as `{}`", self.src(target)),
                        ));
                        steps
                    });
                    self.bind(target, taint, state);
                    continue;
                }
                if part.byte_range().start <= target.start_byte()
                    && part.byte_range().end >= iterable.end_byte()
                {
                    // A clause holding both (Go's `range` clause), done above by its parts.
                    self.simple(iterable, state);
                    let taint = self.eval(iterable, state);
                    self.bind(target, taint, state);
                    continue;
                }
            }
            self.statement(part, state);
        }
        if condition.is_some_and(|c| always_false(c, self.text)) && node.kind() != "do_statement" {
            return;
        }
        let mut round = self.copy(state);
        let rounds = if self.loop_depth > 0 { 1 } else { 2 };
        self.loop_depth += 1;
        for _ in 0..rounds {
            if let Some(body) = body {
                self.statement(body, &mut round);
            }
            for update in &updates {
                self.simple(*update, &mut round);
            }
            if let Some(condition) = condition {
                self.simple(condition, &mut round);
            }
            state.merge(self.copy(&round));
        }
        self.loop_depth -= 1;
        if let Some(after) = after {
            self.statement(after, state);
        }
    }

    /// What a statement does to the state, in source order: assignments, containers and
    /// builders filled, buffers a source call fills; function values inside are walked with a
    /// copy of the state.
    fn effects(&mut self, node: Node<'_>, state: &mut State) {
        if !self.budget.enter() {
            return;
        }
        self.effects_at_depth(node, state);
        self.budget.leave();
    }

    fn effects_at_depth(&mut self, node: Node<'_>, state: &mut State) {
        let syntax = self.syntax;
        if self.is(syntax.declarations, node) || self.is(syntax.skip, node) {
            return;
        }
        if self.is(syntax.lambdas, node) {
            let around = self.copy(state);
            self.scope(node, &around);
            return;
        }
        if let Some(assign) = (syntax.assignment)(node, self.text) {
            for value in &assign.values {
                self.effects(*value, state);
            }
            self.assign(&assign, state);
            return;
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
        for child in children {
            self.effects(child, state);
        }
        if let Some(call) = (syntax.call)(node) {
            self.call_effects(node, &call, state);
        }
    }

    fn assign(&mut self, assign: &Assign<'_>, state: &mut State) {
        let pairwise = assign.targets.len() == assign.values.len();
        for (i, target) in assign.targets.iter().enumerate() {
            let values: Vec<Node<'_>> = if pairwise {
                vec![assign.values[i]]
            } else {
                assign.values.clone()
            };
            if !assign.augmented && values.len() == 1 {
                if let Some(entries) = (self.syntax.entries)(values[0], self.syntax, self.text) {
                    if let Some(name) = self.place(*target) {
                        self.bind_entries(&name, entries, state);
                        continue;
                    }
                }
            }
            let taint = values.iter().find_map(|v| self.eval(*v, state));
            if assign.augmented {
                if let Some(mut steps) = taint {
                    steps.push((
                        target.byte_range(),
                        format!("appended to `{}`", self.src(*target)),
                    ));
                    if let Some(key) = self.place(*target) {
                        // `d["k"] += src`: reading `d` as a whole reads it too.
                        if let Some(whole) = self.container_of(*target) {
                            state
                                .vars
                                .entry(any_entry_key(&whole))
                                .or_insert(steps.clone());
                        }
                        state.vars.entry(key).or_insert(steps);
                    }
                }
                continue;
            }
            let taint = taint.map(|mut steps| {
                steps.push((
                    target.byte_range(),
                    format!("assigned to `{}`", self.src(*target)),
                ));
                steps
            });
            self.bind(*target, taint, state);
        }
    }

    /// The effects of a call: a method that fills its receiver, a function that fills an
    /// argument, a source that fills a buffer it is given.
    fn call_effects(&mut self, node: Node<'_>, call: &Call<'_>, state: &mut State) {
        let name = call.name.map(|n| self.src(n)).unwrap_or_default();
        // `recv(fd, buf, ...)`, `Decode(&v)`: the buffer given to a source is untrusted.
        for argument in &call.arguments {
            let inner = unwrap_reference(*argument);
            for candidate in [*argument, inner] {
                if self.roles.sources.contains(&candidate.byte_range()) {
                    if let Some(key) = self.place(inner) {
                        let steps = vec![(
                            candidate.byte_range(),
                            format!("untrusted data read into `{}`", self.src(inner)),
                        )];
                        state.vars.insert(key, steps);
                    }
                }
            }
        }
        if self.roles.sanitizers.contains(&node.byte_range()) {
            return;
        }
        // `json.Unmarshal(data, &v)` after `dec := json.NewDecoder(r.Body)`: `dec.Decode(&v)`
        // fills `v` with what the tainted receiver reads.
        if FILLS_ARGUMENT.contains(&name) {
            let taint = call.receiver.and_then(|r| self.eval(r, state));
            if let (Some(mut steps), Some(target)) = (taint, call.arguments.first()) {
                let target = unwrap_reference(*target);
                if let Some(key) = self.place(target) {
                    steps.push((
                        target.byte_range(),
                        format!("decoded into `{}`", self.src(target)),
                    ));
                    state.vars.insert(key, steps);
                }
            }
        }
        // `strcpy(dst, src)`, `sprintf(dst, fmt, ...)`, `json.Unmarshal(data, &v)`: the
        // name alone, or qualified by its package.
        let qualified = call
            .receiver
            .map(|r| format!("{}.{name}", self.src(r)))
            .unwrap_or_default();
        let out = self
            .syntax
            .out_parameters
            .iter()
            .find(|(n, _)| (call.receiver.is_none() && *n == name) || *n == qualified);
        if let Some(target) = out.and_then(|(_, index)| call.arguments.get(*index)) {
            let target = unwrap_reference(*target);
            let taint = call
                .arguments
                .iter()
                .filter(|a| a.id() != target.id() && unwrap_reference(**a).id() != target.id())
                .find_map(|a| self.eval(*a, state));
            if let (Some(mut steps), Some(key)) = (taint, self.place(target)) {
                steps.push((
                    target.byte_range(),
                    format!("written into `{}`", self.src(target)),
                ));
                state.vars.insert(key, steps);
            }
        }
        // `sb.append(x)`, `items.push(x)`, `m.put("k", x)`: the receiver now holds `x`.
        let Some(receiver) = call.receiver else {
            return;
        };
        if !FILLS_RECEIVER.contains(&name) {
            return;
        }
        let Some(root) = self.chain_root(receiver) else {
            return;
        };
        let keyed = STORES_BY_KEY.contains(&name) && call.arguments.len() == 2;
        if keyed {
            let key = constant_key(call.arguments[0], self.syntax, self.text);
            let Some(mut steps) = self.eval(call.arguments[1], state) else {
                if let Some(key) = key {
                    state.vars.remove(&entry_key(&root, &key));
                }
                return;
            };
            steps.push((
                receiver.byte_range(),
                format!("stored in `{}`", self.src(receiver)),
            ));
            match key {
                Some(key) => {
                    state
                        .vars
                        .entry(any_entry_key(&root))
                        .or_insert(steps.clone());
                    state.vars.insert(entry_key(&root, &key), steps);
                }
                None => {
                    state.vars.entry(root).or_insert(steps);
                }
            }
            return;
        }
        let taint = call.arguments.iter().find_map(|a| self.eval(*a, state));
        if let Some(mut steps) = taint {
            steps.push((
                receiver.byte_range(),
                format!("stored in `{}`", self.src(receiver)),
            ));
            state.vars.entry(root).or_insert(steps);
        }
    }

    /// The place at the start of a chain of filling calls: `sb` in `sb.append(a).append(b)`.
    fn chain_root(&self, receiver: Node<'_>) -> Option<String> {
        if let Some(call) = (self.syntax.call)(receiver) {
            let name = call.name.map(|n| self.src(n)).unwrap_or_default();
            if FILLS_RECEIVER.contains(&name) {
                return self.chain_root(call.receiver?);
            }
            return None;
        }
        self.place(receiver)
    }

    /// `d = {"a": tainted, "b": "constant"}`: each constant key is tracked on its own, so
    /// `d["b"]` stays clean; entries under other keys taint reads by unknown key.
    fn bind_entries(
        &mut self,
        name: &str,
        entries: Vec<(Option<String>, Node<'_>)>,
        state: &mut State,
    ) {
        self.clean(name, state);
        for (key, value) in entries {
            let Some(mut steps) = self.eval(value, state) else {
                continue;
            };
            steps.push((value.byte_range(), format!("stored in `{name}`")));
            match key {
                Some(key) => {
                    state.vars.insert(entry_key(name, &key), steps.clone());
                    state.vars.entry(any_entry_key(name)).or_insert(steps);
                }
                None => {
                    state.vars.insert(name.to_string(), steps);
                }
            }
        }
    }

    /// Binds an assignment target to `taint` (clean when `None`: an overwrite cleans).
    fn bind(&mut self, target: Node<'_>, taint: Option<Vec<Step>>, state: &mut State) {
        let syntax = self.syntax;
        let keyed = (syntax.subscript)(target)
            .map(|(object, index)| (object, constant_key(index, syntax, self.text)))
            .or_else(|| {
                (syntax.member)(target).and_then(|(object, name)| {
                    name.map(|n| (object, Some(self.src(n).to_string())))
                })
            });
        if let Some((object, key)) = keyed {
            let Some(place) = self.place(target) else {
                return;
            };
            let whole = self.place(object);
            match taint {
                Some(steps) => {
                    // A tainted entry taints what reads the container by an unknown key.
                    if let (Some(whole), Some(_)) = (&whole, &key) {
                        state
                            .vars
                            .entry(any_entry_key(whole))
                            .or_insert(steps.clone());
                    }
                    state.vars.insert(place, steps);
                }
                None if key.is_some() => {
                    self.clean(&place, state);
                }
                None => {}
            }
            return;
        }
        if let Some(key) = self.place(target) {
            match taint {
                Some(steps) => {
                    self.clean(&key, state);
                    state.vars.insert(key, steps);
                }
                // Overwritten with something clean: clean again, entries included.
                None => self.clean(&key, state),
            }
            return;
        }
        // Destructuring: `a, b = ...`, `[a, b] = ...`, `{ a, b } = ...`.
        let mut cursor = target.walk();
        let parts: Vec<Node<'_>> = target.named_children(&mut cursor).collect();
        for part in parts {
            let part = part
                .child_by_field_name("value")
                .filter(|_| part.kind().contains("pair"))
                .unwrap_or(part);
            self.bind(part, taint.clone(), state);
        }
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
            // The outermost node with exactly the sink's bytes.
            let mut sink_node = sink_node;
            while let Some(parent) = sink_node.parent() {
                if parent.byte_range() == sink && parent.id() != node.id() {
                    sink_node = parent;
                } else {
                    break;
                }
            }
            if self.inside_function_value(sink_node, node) {
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

    /// Whether `node` lies in a function value or declaration below `top`.
    fn inside_function_value(&self, node: Node<'_>, top: Node<'_>) -> bool {
        let syntax = self.syntax;
        let mut current = node.parent();
        while let Some(parent) = current {
            if parent.id() == top.id() {
                return false;
            }
            if self.is(syntax.lambdas, parent) || self.is(syntax.declarations, parent) {
                return true;
            }
            current = parent.parent();
        }
        false
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
        if !self.budget.spend(1) {
            return None;
        }
        self.budget.deeper(|| self.eval_at_depth(node, state))
    }

    fn eval_at_depth(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let range = node.byte_range();
        if self.roles.sanitizers.contains(&range) {
            return None;
        }
        if self.roles.sources.contains(&range) {
            return Some(vec![(
                range,
                format!("untrusted value `{}`", one_line(self.src(node))),
            )]);
        }
        let syntax = self.syntax;
        let kind = node.kind();
        if self.is(syntax.identifiers, node) {
            // The variable, or (read as a whole) a container with a tainted entry.
            let name = self.src(node);
            return state
                .vars
                .get(name)
                .or_else(|| state.vars.get(&any_entry_key(name)))
                .cloned();
        }
        if self.is(syntax.numbers, node)
            || self.is(syntax.lambdas, node)
            || self.is(syntax.declarations, node)
            || (syntax.numeric_cast)(node, self.text)
        {
            return None;
        }
        if self.is(syntax.strings, node) && constant_key(node, syntax, self.text).is_some() {
            return None;
        }
        if let Some(call) = (syntax.call)(node) {
            return self.eval_call(node, &call, state);
        }
        if (syntax.member)(node).is_some() {
            return self
                .eval_entry(node, state)
                .or_else(|| self.entries_of(node, state));
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
        // `c ? a : b`, `a if c else b`: the value is one of the branches, never the condition
        // (unless it is one, as in PHP's `a ?: b`).
        let branches = node.child_by_field_name("consequence").is_some()
            || node.child_by_field_name("body").is_some();
        if let (Some(condition), true) = (node.child_by_field_name("condition"), branches) {
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

    /// What the entries of the container at `node` hold, when it is read as a whole
    /// (`o.cfg = {"cmd": src}; run(o.cfg)`).
    fn entries_of(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let place = self.place(node)?;
        state.vars.get(&any_entry_key(&place)).cloned()
    }

    /// The taint of one entry, `o.name` or `d["key"]`: its own, or that of the whole container
    /// (not that of its other entries).
    fn eval_entry(&self, node: Node<'_>, state: &State) -> Option<Vec<Step>> {
        let range = node.byte_range();
        if self.roles.sanitizers.contains(&range) {
            return None;
        }
        if self.roles.sources.contains(&range) {
            return self.eval(node, state);
        }
        let syntax = self.syntax;
        if self.is(syntax.identifiers, node) {
            return state.vars.get(self.src(node)).cloned();
        }
        let object = (syntax.member)(node).map(|(object, _)| object).or_else(|| {
            (syntax.subscript)(node)
                .filter(|(_, index)| constant_key(*index, syntax, self.text).is_some())
                .map(|(object, _)| object)
        });
        let Some(object) = object else {
            return self.eval(node, state);
        };
        if let Some(steps) = self.place(node).and_then(|k| state.vars.get(&k)) {
            return Some(steps.clone());
        }
        self.eval_entry(object, state)
    }

    fn eval_call(&self, node: Node<'_>, call: &Call<'_>, state: &State) -> Option<Vec<Step>> {
        let name = call.name.map(|n| self.src(n)).unwrap_or_default();
        let from_arguments = || call.arguments.iter().find_map(|a| self.eval(*a, state));
        if self.roles.propagators.contains(&node.byte_range()) {
            return from_arguments().or_else(|| call.receiver.and_then(|r| self.eval(r, state)));
        }
        if self.syntax.answers.contains(&name) {
            return None;
        }
        let own = call.receiver.is_none_or(|r| is_own_object(self.src(r)));
        if own && self.local_functions.contains(name) {
            return Some(vec![(
                node.byte_range(),
                format!("the result of `{name}`, computed elsewhere"),
            )]);
        }
        // `d.get("key")` reads one entry, like `d["key"]`; `ALLOWED.get(user_key)` reads what
        // the container holds, which the key does not change.
        if let (Some(receiver), true) = (call.receiver, READS_BY_KEY.contains(&name)) {
            if let Some(base) = self.place(receiver) {
                let key = call
                    .arguments
                    .first()
                    .and_then(|k| constant_key(*k, self.syntax, self.text));
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

/// Whether a case runs on into the next: in C, JavaScript, Java's `case X:` groups and PHP when
/// it does not end in a jump; in Go only with `fallthrough`; never for arrows and `match`.
fn falls_through(case: Node<'_>, last: Option<Node<'_>>) -> bool {
    let last = last.map(|l| l.kind()).unwrap_or_default();
    match case.kind() {
        "expression_case" | "type_case" | "default_case" | "communication_case" => {
            last == "fallthrough_statement"
        }
        "switch_rule" | "case_clause" => false,
        _ => !matches!(
            last,
            "break_statement"
                | "return_statement"
                | "continue_statement"
                | "throw_statement"
                | "throw_expression"
                | "goto_statement"
                | "exit_statement"
        ),
    }
}

/// The `default` case of a switch (`default:`, `default ->`, `case _:`).
fn is_default_case(case: Node<'_>, text: &str) -> bool {
    if case.kind().contains("default") {
        return true;
    }
    let first = case.named_child(0);
    match case.kind() {
        "case_statement" => case.child_by_field_name("value").is_none(),
        "case_clause" => first.is_some_and(|p| text[p.byte_range()].trim() == "_"),
        _ => first.is_some_and(|label| {
            label.kind() == "switch_label" && text[label.byte_range()].starts_with("default")
        }),
    }
}

/// A binary operation that compares, and so answers yes or no.
fn is_comparison(node: Node<'_>, text: &str) -> bool {
    let operator = node
        .child_by_field_name("operator")
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

fn one_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    if first.len() < text.len() {
        format!("{first} ...")
    } else {
        first.to_string()
    }
}
