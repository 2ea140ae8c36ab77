//! What a statement does to the state: assignments and declarations (an overwrite with a clean
//! value cleans, `+=` keeps what was there), destructuring, containers filled entry by entry
//! (constant keys apart), builders and collections that a method fills (`sb.append(x)`,
//! `m.put("k", x)`), readers that fill the place an argument points at (`dec.Decode(&v)`),
//! functions that write into an out-parameter (`strcpy(dst, src)`), and buffers a source fills.
//! Function values met on the way are walked where they stand.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::constant::{constant_key, Value};
use super::knowledge::{FILLS_ARGUMENT, FILLS_RECEIVER, STORES_BY_KEY};
use super::shape::{self, buffer_base, unwrap_reference};
use super::state::{any_entry_key, entry_key, State};
use super::syntax::{Assign, Call, Syntax};
use super::walk::Walk;
use super::Step;
use crate::review::rules::names::Aliases;

impl Walk<'_> {
    /// What a statement does to the state, in source order: assignments, containers and
    /// builders filled, buffers a source call fills; function values inside are walked with a
    /// copy of the state.
    pub(super) fn effects(&mut self, node: Node<'_>, state: &mut State) {
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
            // What a callback assigns may happen at any time: its variables are not known.
            self.forget_assigned_in(node, state);
            if !self.allowed(node) {
                return;
            }
            let around = self.copy(state);
            self.scope(node, &around);
            return;
        }
        // A copy into a buffer (`memcpy(dst, src, n)`, which the table reads as `dst = src`)
        // moves data, not the state of a value a rule follows (`; flow: value`).
        // Nor does binding a C++ reference (`char *&alias = data;`): the reference is the
        // variable, not a copy of the value it holds now.
        let assignment = (syntax.assignment)(node, self.text).filter(|_| {
            !(self.roles.value_only
                && ((syntax.call)(node).is_some() || binds_reference(node, self.text)))
        });
        if let Some(assign) = assignment {
            for value in &assign.values {
                self.effects(*value, state);
            }
            // `labels[n++] = tok`: the target can change a variable too.
            for target in &assign.targets {
                self.forget_assigned_in(*target, state);
            }
            self.assign(&assign, state);
            for target in &assign.targets {
                self.role_effects(*target, state);
            }
            return;
        }
        if let Some(key) = self.mutated(node) {
            state.consts.remove(&key);
        }
        for child in super::shape::children(node) {
            self.effects(child, state);
        }
        if let Some(call) = (syntax.call)(node) {
            self.call_effects(node, &call, state);
        }
        self.role_effects(node, state);
    }

    /// What the rule's own roles do to a place once its statement has run: a `@filled` place
    /// (`delete p`, `free(p)`) holds the source's state, a `@cleared` one (the cookie of
    /// `cookie.setSecure(true)`) is clean.
    fn role_effects(&mut self, node: Node<'_>, state: &mut State) {
        let range = node.byte_range();
        if self.roles.filled.contains(&range) {
            if let Some(key) = self.place(node) {
                // Said with the expression that sets it: "after `free(data)`".
                let mut around = node;
                while let Some(parent) = around.parent() {
                    if parent.kind_name().ends_with("statement")
                        || self.is(self.syntax.declarations, parent)
                    {
                        break;
                    }
                    around = parent;
                }
                let steps = vec![(
                    range,
                    format!("after `{}`", super::one_line(self.src(around))).into(),
                )];
                // What a call or `delete` does to the memory (`free(p)`) happens to every copy
                // of the pointer; what happens to the variable itself (`p++`) only to it.
                let memory = node.parent().is_some_and(|p| {
                    matches!(p.kind_name(), "argument_list" | "delete_expression")
                });
                let places = if memory {
                    state.aliases(&key)
                } else {
                    std::collections::BTreeSet::from([key])
                };
                for place in places {
                    state.vars.insert(place, steps.clone());
                }
            }
        } else if self.roles.cleared.contains(&range) || self.roles.written.contains(&range) {
            if let Some(key) = self.place(node) {
                self.clean(&key, state);
                state.copied(&key, None);
            }
        }
    }

    pub(super) fn assign(&mut self, assign: &Assign<'_>, state: &mut State) {
        let pairwise = assign.targets.len() == assign.values.len();
        for (i, target) in assign.targets.iter().enumerate() {
            // `pos[i] = v`: an entry under a key not known is not the container's own state.
            let entry = (self.syntax.subscript)(*target)
                .is_some_and(|(_, index)| constant_key(index, self.syntax, self.text).is_none());
            if self.roles.value_only && entry {
                continue;
            }
            let values: Vec<Node<'_>> = if pairwise {
                vec![assign.values[i]]
            } else {
                assign.values.clone()
            };
            // A local variable given a value the walk knows keeps it (`int n = 86;`), read
            // before the assignment (`n = n * 2`); any other assignment forgets it.
            let known = match (assign.augmented, values.as_slice()) {
                (false, [value]) if self.is(self.syntax.identifiers, *target) => {
                    self.constant(*value, state)
                }
                _ => None,
            };
            let key = self.place(*target);
            if let Some(key) = &key {
                // A write through `*p` (C's augmented target `p`) leaves where `p` points.
                let through =
                    assign.augmented && matches!(state.consts.get(key), Some(Value::Address(_)));
                if !through {
                    state.consts.remove(key);
                }
            }
            // A write through a pointer (`*p = NULL`) or `p += n` leaves the state of the value
            // a rule follows (`; flow: value`) as it was.
            if !(assign.augmented && self.roles.value_only) {
                self.assign_one(*target, &values, assign.augmented, state);
            }
            if let (false, Some(key)) = (self.roles.filled.is_empty(), &key) {
                let copy = match (assign.augmented, values.as_slice()) {
                    (false, [value]) => {
                        let value = shape::unwrap_cast(*value);
                        self.is(self.syntax.identifiers, value)
                            .then(|| self.place(value))
                            .flatten()
                    }
                    _ => None,
                };
                state.copied(key, copy);
            }
            if let (Some(key), Some(known)) = (key, known) {
                state.consts.insert(key, known);
            }
            if let (false, [value]) = (assign.augmented, values.as_slice()) {
                self.track_list(*target, *value, state);
            }
        }
    }

    /// The variable `node` changes without an assignment (see [`mutated`]).
    fn mutated(&self, node: Node<'_>) -> Option<String> {
        mutated(self.syntax, self.text, self.names, node)
    }

    /// Forgets the value of every variable assigned or changed inside `node`.
    pub(super) fn forget_assigned_in(&self, node: Node<'_>, state: &mut State) {
        if state.consts.is_empty() {
            return;
        }
        // What it changes is found once for every walk of the file.
        let find = || Forgotten::of(node, self.syntax, self.text, self.names);
        let forgotten = match &self.roles.declared {
            Some(declared) => declared.forgotten.get_or_find(node, find),
            None => Arc::new(find()),
        };
        if !self.budget.spend(forgotten.nodes) {
            // Past the budget nothing is known any more.
            state.consts.clear();
            return;
        }
        for key in &forgotten.places {
            state.consts.remove(key);
        }
    }

    /// [`Walk::assign`] for one target and the values it takes.
    fn assign_one(
        &mut self,
        target: Node<'_>,
        values: &[Node<'_>],
        augmented: bool,
        state: &mut State,
    ) {
        if !augmented && values.len() == 1 {
            if let Some(entries) = (self.syntax.entries)(values[0], self.syntax, self.text) {
                if let Some(name) = self.place(target) {
                    self.bind_entries(&name, entries, state);
                    return;
                }
            }
        }
        let taint = values.iter().find_map(|v| self.eval(*v, state));
        if augmented {
            if let Some(mut steps) = taint {
                steps.push((
                    target.byte_range(),
                    format!("appended to `{}`", self.src(target)).into(),
                ));
                // `*p = v` after `p = &x` adds to `x` itself.
                let pointed = self
                    .place(target)
                    .and_then(|key| match state.consts.get(&key) {
                        Some(Value::Address(name)) => Some(name.clone()),
                        _ => None,
                    });
                if let Some(pointed) = pointed {
                    state.vars.entry(pointed).or_insert(steps);
                    return;
                }
                if let Some(key) = self.place(target) {
                    // `d["k"] += src`: reading `d` as a whole reads it too.
                    if let Some(whole) = self.container_of(target) {
                        state
                            .vars
                            .entry(any_entry_key(&whole))
                            .or_insert(steps.clone());
                    }
                    state.forget_marks(&key);
                    state.vars.entry(key).or_insert(steps);
                }
            }
            return;
        }
        let taint = taint.map(|mut steps| {
            steps.push((
                target.byte_range(),
                format!("assigned to `{}`", self.src(target)).into(),
            ));
            steps
        });
        self.bind(target, taint, state);
    }

    /// The effects of a call: a method that fills its receiver, a function that fills an
    /// argument, a source that fills a buffer it is given.
    fn call_effects(&mut self, node: Node<'_>, call: &Call<'_>, state: &mut State) {
        let name = call.name.map(|n| self.src(n)).unwrap_or_default();
        // `recv(fd, buf, ...)`, `Decode(&v)`: the buffer given to a source is untrusted.
        for argument in &call.arguments {
            let inner = buffer_base(*argument);
            for candidate in [*argument, inner] {
                if self.is_source(&candidate.byte_range()) {
                    if let Some(key) = self.place(inner) {
                        let steps = vec![(
                            candidate.byte_range(),
                            format!("untrusted data read into `{}`", self.src(inner)).into(),
                        )];
                        state.vars.insert(key, steps);
                    }
                }
            }
        }
        // What a call copies into a buffer is data, not the state of a value a rule follows
        // (`; flow: value`): `memcpy(copy, moved, n)` does not move `copy`.
        if self.roles.sanitizers.contains(&node.byte_range()) || self.roles.value_only {
            return;
        }
        // A sanitizer here would have kept the call from filling anything, were it one of
        // those below (an out parameter by its last name, whatever its package).
        let range = node.byte_range();
        if self.watches(&range, false) {
            let fills = FILLS_ARGUMENT.contains(&name)
                || (self.syntax.out_parameters.iter())
                    .any(|(n, _)| n.rsplit('.').next() == Some(name))
                || call.receiver.is_some_and(|receiver| {
                    FILLS_RECEIVER.contains(&name) || self.tracks_list(receiver, state)
                });
            if fills {
                self.role_would_change(&range, false);
            }
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
                        format!("decoded into `{}`", self.src(target)).into(),
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
                    format!("written into `{}`", self.src(target)).into(),
                ));
                state.vars.insert(key, steps);
            }
        }
        // `sb.append(x)`, `items.push(x)`, `m.put("k", x)`: the receiver now holds `x`.
        let Some(receiver) = call.receiver else {
            return;
        };
        if self.list_call(node, receiver, name, &call.arguments, state) {
            return;
        }
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
                format!("stored in `{}`", self.src(receiver)).into(),
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
                    state.forget_marks(&root);
                    state.vars.entry(root).or_insert(steps);
                }
            }
            return;
        }
        let taint = call.arguments.iter().find_map(|a| self.eval(*a, state));
        if let Some(mut steps) = taint {
            steps.push((
                receiver.byte_range(),
                format!("stored in `{}`", self.src(receiver)).into(),
            ));
            state.forget_marks(&root);
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
            steps.push((value.byte_range(), format!("stored in `{name}`").into()));
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
    pub(super) fn bind(&mut self, target: Node<'_>, taint: Option<Vec<Step>>, state: &mut State) {
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
                // A clean value in an entry of a tainted container (`m.ReturnUrl = "/"`).
                None if key.is_some() => {
                    self.clean_checked(&place, state);
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
        let parts = super::shape::children(target);
        for part in parts {
            let part = part
                .field("value")
                .filter(|_| part.kind_name().contains("pair"))
                .unwrap_or(part);
            self.bind(part, taint.clone(), state);
        }
    }

    /// Makes `key` and everything stored under it clean, counted as work.
    pub(super) fn clean(&self, key: &str, state: &mut State) {
        let entries = state.clean(key);
        self.budget.spend(1 + entries);
    }

    /// Makes `key`, which a guard validated or a clean value overwrote, clean: also where it is
    /// an entry of a container that stays tainted (`model.ReturnUrl` of a request-bound `model`).
    pub(super) fn clean_checked(&self, key: &str, state: &mut State) {
        self.clean(key, state);
        state.mark_cleared(key);
    }
}

/// Whether `node` declares a C++ reference with its value (`int &n = count;`).
fn binds_reference(node: Node<'_>, text: &str) -> bool {
    node.kind_name() == "init_declarator"
        && node.field("declarator").is_some_and(|d| {
            d.kind_name() == "reference_declarator" || text[d.byte_range()].contains('&')
        })
}

/// What a walk forgets of the state around a node it meets (a function, a callback, a loop):
/// the places assigned or changed inside it, and how many nodes it holds, which is the work
/// the walk counts for going through them.
#[derive(Debug)]
pub(crate) struct Forgotten {
    nodes: usize,
    places: Vec<String>,
}

/// [`Forgotten`] of the nodes of one file's tree, by node id, for every walk of the file: each
/// found once, by the first walk that meets the node.
#[derive(Debug, Default)]
pub(crate) struct ForgottenOnce(RwLock<HashMap<usize, Arc<Forgotten>>>);

impl ForgottenOnce {
    /// What `node` changes: as found before, or by `find`.
    fn get_or_find(&self, node: Node<'_>, find: impl FnOnce() -> Forgotten) -> Arc<Forgotten> {
        let known = self.0.read().unwrap_or_else(|e| e.into_inner());
        if let Some(forgotten) = known.get(&node.id()) {
            return Arc::clone(forgotten);
        }
        drop(known);
        // Found outside the lock: two walks that meet the node at once both find it, and the
        // first one's is kept.
        let found = Arc::new(find());
        let mut known = self.0.write().unwrap_or_else(|e| e.into_inner());
        Arc::clone(known.entry(node.id()).or_insert(found))
    }
}

impl Forgotten {
    pub(super) fn of(node: Node<'_>, syntax: &Syntax, text: &str, names: &Aliases) -> Forgotten {
        let mut forgotten = Forgotten {
            nodes: 0,
            places: Vec::new(),
        };
        let mut stack = vec![node];
        while let Some(node) = stack.pop() {
            forgotten.nodes += 1;
            if let Some(assign) = (syntax.assignment)(node, text) {
                let targets = assign.targets.iter();
                let places = targets.filter_map(|t| super::state::place(syntax, text, names, *t));
                forgotten.places.extend(places);
            }
            forgotten.places.extend(mutated(syntax, text, names, node));
            stack.extend(super::shape::children(node));
        }
        forgotten.places.sort_unstable();
        forgotten.places.dedup();
        forgotten
    }
}

/// The variable `node` changes without an assignment: `i++`, `--n`, `&n` (which a call may
/// write through).
fn mutated(syntax: &Syntax, text: &str, names: &Aliases, node: Node<'_>) -> Option<String> {
    let mutates = matches!(
        node.kind_name(),
        "update_expression" | "inc_statement" | "dec_statement"
    ) || (node.kind_name() == "pointer_expression"
        && text[node.byte_range()].starts_with('&'));
    if !mutates {
        return None;
    }
    super::state::place(syntax, text, names, node.named_child(0)?)
}

#[cfg(test)]
mod tests {
    use super::super::fixture::program;
    use crate::lang::Language::{Go, Java, JavaScript, Php, Python, TypeScript, C};

    /// What a loop forgets is found by the first walk that meets it; the others get the same.
    #[test]
    fn what_a_loop_forgets_is_found_once_per_file() {
        let p = program(
            C,
            "void f(int n) { int i = 0, s = 0; \
             while (i < n) { for (int j = 0; j < n; j++) { s += j; } i++; } }",
        );
        let syntax = super::super::lang::syntax(C).expect("C has a syntax");
        let mut loops = Vec::new();
        let is_loop = |kind: &str| matches!(kind, "while_statement" | "for_statement");
        super::super::shape::collect(p.tree.root_node(), &is_loop, &mut loops);
        assert_eq!(loops.len(), 2);
        let once = super::ForgottenOnce::default();
        let finds = std::cell::Cell::new(0);
        for _ in 0..3 {
            for node in &loops {
                let direct = super::Forgotten::of(*node, syntax, &p.text, &p.names);
                let found = once.get_or_find(*node, || {
                    finds.set(finds.get() + 1);
                    super::Forgotten::of(*node, syntax, &p.text, &p.names)
                });
                assert_eq!((found.nodes, &found.places), (direct.nodes, &direct.places));
            }
        }
        assert_eq!(finds.get(), loops.len());
        let outer = once.get_or_find(loops[0], || unreachable!("found already"));
        assert_eq!(outer.places, ["i", "j", "s"]);
    }

    #[test]
    fn statements_leave_these_places_tainted() {
        let cases: &[(_, &str, &[&str])] = &[
            // An overwrite with a constant cleans; `+=` keeps what was there.
            (Python, "x = «source:input()»\nx = 'safe'\n", &[]),
            (Python, "x = «source:input()»\nx += '!'\n", &["x"]),
            (Python, "x = 'a'\nx += «source:input()»\n", &["x"]),
            (Python, "x = «source:input()»\ny = x\nx = 1\n", &["y"]),
            (JavaScript, "let x = «source:req.query.a»; x = 'k';", &[]),
            (JavaScript, "let x = «source:req.query.a»; x ||= 'k';", &["x"]),
            (Go, "package p\nfunc f() { x := «source:r.URL»; x = \"k\" }", &[]),
            (C, "void f() { char *p = «source:getenv(\"A\")»; p = \"k\"; }", &[]),
            // Constant keys are tracked apart; other keys taint reads by any key.
            (
                Python,
                "d = {'a': «source:input()», 'b': 'k'}\n",
                &["d[*]", "d[a]"],
            ),
            (Python, "d = {}\nd['a'] = «source:input()»\nd['b'] = 'k'\n", &["d[*]", "d[a]"]),
            (Python, "d = {}\nd[k] = «source:input()»\n", &["d"]),
            (Python, "d = {'a': «source:input()»}\nd = {}\n", &[]),
            (JavaScript, "const a = [«source:req.query.a», 'k'];", &["a[*]", "a[0]"]),
            (
                JavaScript,
                "const o = {cmd: «source:req.body.c», dir: '/tmp'};",
                &["o[*]", "o[cmd]"],
            ),
            (
                Php,
                "<?php $a = ['k' => «source:$_GET['x']», 'j' => 1];",
                &["$a[*]", "$a[k]"],
            ),
            // Destructuring gives every name the value's taint.
            (JavaScript, "const {a, b} = «source:req.query»;", &["a", "b"]),
            (Go, "package p\nfunc f() { a, b := «source:r.URL», \"k\" }", &["a"]),
            // Methods that fill their receiver, by key or not, along a chain.
            (
                Java,
                "class A { void f() { StringBuilder sb = new StringBuilder(); \
                 sb.append(\"a\").append(«source:req.getParameter(\"x\")»); } }",
                &["sb"],
            ),
            (
                Java,
                "class A { void f() { m.put(\"k\", «source:req.getParameter(\"x\")»); \
                 m.put(\"j\", \"c\"); } }",
                &["m[*]", "m[k]"],
            ),
            // A list used only by position keeps each entry apart (see `lists`).
            (Python, "items = []\nitems.append(«source:input()»)\n", &["items[*]", "items[0]"]),
            (Python, "items = []\nitems.append(«source:input()»)\nrun(items)\n", &["items"]),
            (
                TypeScript,
                "const x: string = «source:req.body»; const xs: string[] = []; xs.push(x); send(xs);",
                &["x", "xs"],
            ),
            // Readers and functions that write into an argument; a source given to a call is a
            // buffer it fills (`recv(fd, buf, ...)`), so its own place is tainted too.
            (
                Go,
                "package p\nfunc f() { var v T\n json.Unmarshal(«source:body», &v) }",
                &["body", "v"],
            ),
            (
                Go,
                "package p\nfunc f() { dec := json.NewDecoder(«source:r.Body»)\n dec.Decode(&v) }",
                &["dec", "r[Body]", "v"],
            ),
            (
                Php,
                "<?php parse_str(«source:$_SERVER['QUERY_STRING']», $out);",
                &["$_SERVER[QUERY_STRING]", "$out"],
            ),
            (
                C,
                "void f() { char dst[64]; strcpy(dst, «source:getenv(\"A\")»); }",
                &["dst"],
            ),
            (
                C,
                "void f() { char dst[64]; strcpy(dst, «source:getenv(\"A\")»); strcpy(dst, \"k\"); }",
                &[],
            ),
            (
                C,
                "void f() { char dst[64]; strcpy(dst, «source:getenv(\"A\")»); strcat(dst, \"k\"); }",
                &["dst"],
            ),
            (C, "void f() { char buf[64]; recv(fd, «source:buf», 64, 0); }", &["buf"]),
            // The rest of a buffer: what a pointer into it is read into taints the buffer.
            (
                C,
                "void f() { char *d = b; fgets(«source:d + n», 64 - n, stdin); }",
                &["d"],
            ),
            (
                C,
                "void f() { recv(s, «source:(char *)(d + n)», 64 - n, 0); }",
                &["d"],
            ),
            // PHP's `$items[] = $v` appends.
            (Php, "<?php $items[] = «source:$_GET['x']»; $items[] = 'k';", &["$items"]),
        ];
        for (language, code, expected) in cases {
            let program = program(*language, code);
            assert_eq!(program.tainted_after(), *expected, "{language}: {code}");
        }
    }

    #[test]
    fn each_effect_adds_its_step() {
        let program = program(
            Python,
            "x = «source:input()»\nparts = []\nparts.append(x)\nline = ' '.join(parts)\n",
        );
        let state = program.state_after();
        let steps: Vec<&str> = state.vars["line"].iter().map(|(_, step)| &**step).collect();
        assert_eq!(
            steps,
            [
                "untrusted value `input()`",
                "assigned to `x`",
                "stored in `parts`",
                "assigned to `line`"
            ]
        );
    }

    #[test]
    fn a_sanitizer_call_fills_nothing() {
        let program = program(
            Go,
            "package p\nfunc f() { dec := json.NewDecoder(«source:r.Body»)\n «sanitizer:dec.Decode(&v)» }",
        );
        assert_eq!(program.tainted_after(), ["dec", "r[Body]"]);
    }
}
