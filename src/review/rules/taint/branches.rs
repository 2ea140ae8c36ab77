//! Where the walk forks and joins: conditionals (`if`/`elif`/`else`), the cases of a `switch` or
//! `match`, and loops. Each branch starts from a copy of the state before it, and the state after
//! is what any branch that may run leaves; a branch behind a condition that is always false is
//! left out. Guards that validate a value (`if x.isdigit():`) would clean it here, in the branch
//! they protect.

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::guards::{exits, Exit};
use super::shape;
use super::state::State;
use super::walk::Walk;

impl Walk<'_> {
    /// An `if`: its initializer (Go's `if v := f(); ...`) and its condition, which run whatever
    /// branch is taken, then its branches.
    pub(super) fn conditional(&mut self, node: Node<'_>, state: &mut State) {
        if let Some(initializer) = node.field("initializer") {
            self.simple(initializer, state);
        }
        let condition = node.field("condition");
        if let Some(condition) = condition {
            self.simple(condition, state);
        }
        let consequence = node.field("consequence").or_else(|| node.field("body"));
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
        // A condition the literals or the local constants decide takes one branch only.
        let decided = condition.and_then(|c| self.decided(c, state));
        let never = decided == Some(false);
        let always = decided == Some(true);
        // A check that passes cleans what it checked on its side; a side that does not come
        // back (`return`, `throw`, `abort(400)`) leaves nothing to what follows.
        let checked = condition.map(|c| self.checked(c)).unwrap_or_default();
        let mut outcomes = Vec::new();
        if !never {
            let mut taken = self.copy(state);
            for place in &checked.when_true {
                self.clean_checked(place, &mut taken);
            }
            if let (Some(condition), Some(_)) = (condition, self.roles.extent) {
                self.narrow_counters(condition, true, &mut taken);
                self.narrow_null(condition, true, &mut taken);
            }
            if let Some(consequence) = consequence {
                self.statement(consequence, &mut taken);
            }
            let exit = consequence.and_then(|c| exits(c, self.text, &self.no_return));
            if let Some(taken) = self.jump(exit, taken) {
                outcomes.push(taken);
            }
        }
        if !always {
            let mut rest = self.copy(state);
            for place in &checked.when_false {
                self.clean_checked(place, &mut rest);
            }
            if let (Some(condition), Some(_)) = (condition, self.roles.extent) {
                self.narrow_counters(condition, false, &mut rest);
                self.narrow_null(condition, false, &mut rest);
            }
            let mut rest_exit = None;
            if let Some((first, others)) = alternatives.split_first() {
                let condition = first.field("condition");
                let body = first.field("consequence").or_else(|| first.field("body"));
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
                    let body = first.field("body").unwrap_or(*first);
                    rest_exit = others
                        .is_empty()
                        .then(|| exits(body, self.text, &self.no_return))
                        .flatten();
                }
            }
            if let Some(rest) = self.jump(rest_exit, rest) {
                outcomes.push(rest);
            }
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

    /// Where the state of a branch that ends in `exit` goes: on to what follows (returned),
    /// nowhere (`return`), or to the end of the loop or `switch` around it (`break`; `continue`
    /// to the loop's), which joins it with what that leaves. A jump with nothing around it to
    /// end goes on to what follows.
    fn jump(&mut self, exit: Option<Exit>, branch: State) -> Option<State> {
        let frame = match exit {
            None => return Some(branch),
            Some(Exit::Leaves) => return None,
            Some(Exit::Goto(label)) => {
                self.went_to(label, branch);
                return None;
            }
            Some(Exit::Break) => self.breakable.last_mut(),
            Some(Exit::Continue) => self
                .breakable
                .iter_mut()
                .rev()
                .find(|(is_loop, _)| *is_loop),
        };
        match frame {
            Some((_, states)) => {
                states.push(branch);
                None
            }
            None => Some(branch),
        }
    }

    /// A `goto label` with `branch`: the state at the label joins it.
    pub(super) fn went_to(&mut self, label: String, branch: State) {
        match self.labels.get_mut(&label) {
            Some(state) => state.merge(branch),
            None => {
                self.labels.insert(label, branch);
            }
        }
    }

    /// A loop: its header once, then its body, updates and condition twice (so that what the
    /// body taints late reaches its start); since the body may not run at all, the state after
    /// is what any number of rounds leaves.
    pub(super) fn r#loop(&mut self, node: Node<'_>, state: &mut State) {
        // Go keeps the three parts of a `for` in a clause of their own.
        let clause = shape::children(node)
            .into_iter()
            .find(|c| c.kind_name() == "for_clause");
        let parts = clause.unwrap_or(node);
        let body = node.field("body");
        let condition = parts.field("condition");
        let mut updates = shape::fields(parts, "update");
        updates.extend(shape::fields(parts, "increment"));
        let foreach = (self.syntax.foreach)(node);
        // Python's `for ... else:` runs after the loop.
        let after = node.field("alternative");
        // `do { ... } while (c)`: the body runs once before the condition, and at least once.
        let once = node.kind_name() == "do_statement";
        let later: Vec<usize> = body
            .iter()
            .chain(updates.iter())
            .chain(after.iter())
            .chain(condition.iter().filter(|_| once))
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
                            format!("iterated as `{}`", self.src(target)).into(),
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
        let never = condition.is_some_and(|c| self.decided(c, state) == Some(false));
        if never && node.kind_name() != "do_statement" {
            return;
        }
        // `for (i = 0; i < n; i++)` with a known `n`: the range `i` takes in the body, for a
        // rule about extents.
        let counter = self
            .roles
            .extent
            .and_then(|_| self.counted_loop(node, state));
        // Two rounds do not follow a value that changes every round: what the loop assigns is
        // not known inside it or after it.
        for part in body.iter().chain(updates.iter()).chain(condition.iter()) {
            self.forget_assigned_in(*part, state);
            if self.roles.extent.is_some() {
                self.forget_extents_in(*part, state);
            }
        }
        let mut round = self.copy(state);
        if let Some((name, range)) = counter {
            round.extents.count(name, range);
        }
        let mut ran: Option<State> = None;
        let rounds = if self.loop_depth > 0 { 1 } else { 2 };
        self.loop_depth += 1;
        self.breakable.push((true, Vec::new()));
        for _ in 0..rounds {
            if let Some(body) = body {
                self.statement(body, &mut round);
            }
            // What `break` and `continue` carried out of the body joins the round's end.
            let jumped = self
                .breakable
                .last_mut()
                .map(|(_, states)| std::mem::take(states))
                .unwrap_or_default();
            for other in jumped {
                round.merge(other);
            }
            for update in &updates {
                self.simple(*update, &mut round);
            }
            if let Some(condition) = condition {
                self.simple(condition, &mut round);
            }
            match &mut ran {
                Some(ran) => ran.merge(self.copy(&round)),
                None => ran = Some(self.copy(&round)),
            }
        }
        if let Some(ran) = ran {
            if once {
                *state = ran;
            } else {
                state.merge(ran);
            }
        }
        self.breakable.pop();
        self.loop_depth -= 1;
        if let Some(after) = after {
            self.statement(after, state);
        }
    }

    /// The cases of a `switch`: children of the node, or of its body, whose kind is a case.
    pub(super) fn cases_of<'t>(&self, node: Node<'t>) -> Option<Vec<Node<'t>>> {
        if self.syntax.cases.is_empty() || self.is(self.syntax.cases, node) {
            return None;
        }
        let container = node.field("body").unwrap_or(node);
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
    pub(super) fn switch(&mut self, node: Node<'_>, cases: &[Node<'_>], state: &mut State) {
        let container = node.field("body").unwrap_or(node);
        for child in shape::children(node) {
            if child.id() != container.id() && !cases.iter().any(|c| c.id() == child.id()) {
                self.statement(child, state);
            }
        }
        // Go's `switch v := x.(type)` binds `v` to `x`.
        if let Some(assign) = (self.syntax.assignment)(node, self.text) {
            self.assign(&assign, state);
        }
        self.breakable.push((false, Vec::new()));
        self.switch_cases(node, cases, state);
        if let Some((_, jumped)) = self.breakable.pop() {
            for other in jumped {
                state.merge(other);
            }
        }
    }

    /// [`Walk::switch`] once its subject is walked, inside the `switch` as a place a `break`
    /// ends.
    fn switch_cases(&mut self, node: Node<'_>, cases: &[Node<'_>], state: &mut State) {
        let before = self.copy(state);
        if let Some(start) = self.selected_case(node, cases, &before) {
            // The subject and every label are known: only the case chosen runs, and those it
            // falls through into; none at all when no label matches and there is no default.
            let mut branch = before;
            if let Some(start) = start {
                for case in &cases[start..] {
                    let statements = shape::children(*case);
                    for child in &statements {
                        self.statement(*child, &mut branch);
                    }
                    if !falls_through(*case, statements.last().copied()) {
                        break;
                    }
                }
            }
            *state = branch;
            return;
        }
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
            // A case that returns (or jumps) leaves nothing to what follows the `switch`.
            let exit = exits(*case, self.text, &self.no_return);
            let Some(branch) = self.jump(exit, branch) else {
                continue;
            };
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
}

impl Walk<'_> {
    /// The case a `switch` on a known subject starts at, when every label is known too:
    /// `Some(None)` when none matches and there is no `default`; `None` when it is not known.
    fn selected_case(
        &self,
        node: Node<'_>,
        cases: &[Node<'_>],
        state: &State,
    ) -> Option<Option<usize>> {
        let subject = ["condition", "value", "subject"]
            .iter()
            .find_map(|f| node.field(f))?;
        let subject = self.constant(subject, state)?;
        let mut default = None;
        for (index, case) in cases.iter().enumerate() {
            if is_default_case(*case, self.text) {
                default.get_or_insert(index);
                continue;
            }
            let labels = case_labels(*case);
            if labels.is_empty() {
                return None;
            }
            for label in labels {
                if self.constant(label, state)? == subject {
                    return Some(Some(index));
                }
            }
        }
        Some(default)
    }
}

/// The values a case is labelled with (`case 'C': case 'D':` has two); empty when the case's
/// shape is not one of these (Python's patterns).
fn case_labels(case: Node<'_>) -> Vec<Node<'_>> {
    match case.kind_name() {
        "switch_block_statement_group" | "switch_rule" => shape::children(case)
            .into_iter()
            .filter(|c| c.kind_name() == "switch_label")
            .flat_map(shape::children)
            .collect(),
        "expression_case" => case
            .field("value")
            .map(|list| {
                if list.kind_name() == "expression_list" {
                    shape::children(list)
                } else {
                    vec![list]
                }
            })
            .unwrap_or_default(),
        _ => case.field("value").into_iter().collect(),
    }
}

/// Whether a case runs on into the next: in C, JavaScript, Java's `case X:` groups and PHP when
/// it does not end in a jump; in Go only with `fallthrough`; never for arrows and `match`.
fn falls_through(case: Node<'_>, last: Option<Node<'_>>) -> bool {
    let last = last.map(|l| l.kind_name()).unwrap_or_default();
    match case.kind_name() {
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
    if case.kind_name().contains("default") {
        return true;
    }
    let first = case.named_child(0);
    match case.kind_name() {
        "case_statement" => case.field("value").is_none(),
        "case_clause" => first.is_some_and(|p| text[p.byte_range()].trim() == "_"),
        _ => first.is_some_and(|label| {
            label.kind_name() == "switch_label" && text[label.byte_range()].starts_with("default")
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{assert_flagged, program};
    use super::{falls_through, is_default_case};
    use crate::lang::Language::{self, Go, Java, JavaScript, Php, Python, C};

    /// Each case: a program, and the text of the sinks a flow reaches.
    fn check(cases: &[(Language, &str, &[&str])]) {
        for (language, code, expected) in cases {
            let program = program(*language, code);
            assert_eq!(program.flagged(), *expected, "{language}: {code}");
        }
    }

    #[test]
    fn conditionals_join_their_branches_and_leave_out_those_that_never_run() {
        check(&[
            (Python, "x = 'k'\nif c:\n    x = «source:input()»\nrun(«sink:x»)\n", &["x"]),
            (
                Python,
                "x = «source:input()»\nif c:\n    x = 'k'\nelse:\n    x = 'j'\nrun(«sink:x»)\n",
                &[],
            ),
            (Python, "x = «source:input()»\nif c:\n    x = 'k'\nrun(«sink:x»)\n", &["x"]),
            (Python, "x = 'k'\nif False:\n    x = «source:input()»\nrun(«sink:x»)\n", &[]),
            (Python, "if False:\n    run(«sink:«source:input()»»)\n", &[]),
            (
                Python,
                "x = 'k'\nif True:\n    pass\nelse:\n    x = «source:input()»\nrun(«sink:x»)\n",
                &[],
            ),
            (
                Python,
                "x = 'k'\nif c:\n    pass\nelif False:\n    x = «source:input()»\nrun(«sink:x»)\n",
                &[],
            ),
            (
                Python,
                "x = 'k'\nif c:\n    pass\nelif d:\n    x = «source:input()»\nrun(«sink:x»)\n",
                &["x"],
            ),
            (
                JavaScript,
                "let x = 'k'; if (c) {} else if (false) { x = «source:req.body»; } run(«sink:x»);",
                &[],
            ),
            (
                JavaScript,
                "let x = 'k'; if (c) {} else { x = «source:req.body»; } run(«sink:x»);",
                &["x"],
            ),
            (
                Go,
                "package p\nfunc f() { x := \"k\"\n if false { x = «source:r.URL» }\n run(«sink:x») }",
                &[],
            ),
            (
                Go,
                "package p\nfunc f() { if x := «source:r.URL»; ok { run(«sink:x») } }",
                &["x"],
            ),
            (
                Php,
                "<?php $x = 'k'; if (false) { $x = «source:$_GET['a']»; } run(«sink:$x»);",
                &[],
            ),
            (
                C,
                "void f() { char *x = \"k\"; if (0) { x = «source:getenv(\"A\")»; } run(«sink:x»); }",
                &[],
            ),
        ]);
    }

    #[test]
    fn loops_carry_what_a_round_taints_into_the_next() {
        check(&[
            // Tainted late in the body, read early in the next round; flagged once.
            (
                Python,
                "x = «source:input()»\ny = 'k'\nfor i in items:\n    run(«sink:y»)\n    y = x\n",
                &["y"],
            ),
            (
                Python,
                "x = «source:input()»\ny = 'k'\nwhile False:\n    y = x\nrun(«sink:y»)\n",
                &[],
            ),
            (
                Python,
                "x = «source:input()»\ny = 'k'\nfor i in items:\n    pass\nelse:\n    y = x\nrun(«sink:y»)\n",
                &["y"],
            ),
            (
                Python,
                "for a in «source:request.args.getlist('a')»:\n    run(«sink:a»)\n",
                &["a"],
            ),
            (
                JavaScript,
                "let y = 'k'; do { y = «source:req.body»; } while (false); run(«sink:y»);",
                &["y"],
            ),
            (
                JavaScript,
                "let y = 'k'; while (false) { y = «source:req.body»; } run(«sink:y»);",
                &[],
            ),
            // An inner loop is walked once per round of the outer one: what its body taints
            // late reaches its start in the outer loop's next round.
            (
                JavaScript,
                "let a = «source:req.body», b = 'k'; for (;;) { for (;;) { run(«sink:b»); b = a; } }",
                &["b"],
            ),
            (
                Go,
                "package p\nfunc f() { for _, v := range «source:r.Form» { run(«sink:v») } }",
                &["v"],
            ),
            (
                Java,
                "class A { void f(Request req) { for (String p : «source:req.getParameterValues(\"p\")») { run(«sink:p»); } } }",
                &["p"],
            ),
        ]);
        let program = program(
            Python,
            "for a in «source:request.args.getlist('a')»:\n    run(«sink:a»)\n",
        );
        assert_eq!(
            program.steps()[1],
            "iterated as `a`",
            "the loop's target takes the collection's taint"
        );
    }

    #[test]
    fn cases_run_from_the_state_before_and_fall_through_where_the_language_does() {
        check(&[
            (
                JavaScript,
                "let x = «source:req.body»; switch (k) { case 1: x = 'a'; break; default: x = 'b'; } run(«sink:x»);",
                &[],
            ),
            (
                JavaScript,
                "let x = «source:req.body»; switch (k) { case 1: x = 'a'; break; } run(«sink:x»);",
                &["x"],
            ),
            (
                JavaScript,
                "let x = 'k'; switch (k) { case 1: x = «source:req.body»; break; default: x = 'b'; } run(«sink:x»);",
                &["x"],
            ),
            (
                C,
                "void f(int k) { char *x = \"k\"; switch (k) { case 1: x = «source:getenv(\"A\")»; case 2: run(«sink:x»); break; } }",
                &["x"],
            ),
            (
                Go,
                "package p\nfunc f() { x := \"k\"\n switch k {\n case 1:\n x = «source:r.URL»\n case 2:\n run(«sink:x»)\n } }",
                &[],
            ),
            (
                Java,
                "class A { void f() { String x = \"k\"; switch (k) { case 1 -> x = «source:req.getParameter(\"a\")»; default -> run(«sink:x»); } } }",
                &[],
            ),
            (
                Python,
                "x = «source:input()»\nmatch k:\n    case 1:\n        x = 'a'\n    case _:\n        x = 'b'\nrun(«sink:x»)\n",
                &[],
            ),
            (
                Php,
                "<?php $x = 'k'; switch ($k) { case 1: $x = «source:$_GET['a']»; break; } run(«sink:$x»);",
                &["$x"],
            ),
        ]);
    }

    #[test]
    fn the_default_case_and_falling_through_are_read_per_language() {
        let cases = [
            (
                JavaScript,
                "switch (k) { case 1: a(); case 2: b(); break; default: c(); }",
                "switch_body",
                [(false, true), (false, false), (true, true)],
            ),
            (
                Java,
                "class A { void f() { switch (k) { case 1 -> a(); case 2 -> b(); default -> c(); } } }",
                "switch_block",
                [(false, false), (false, false), (true, false)],
            ),
            (
                Go,
                "package p\nfunc f() { switch k {\n case 1:\n a()\n case 2:\n b()\n default:\n c()\n } }",
                "expression_switch_statement",
                [(false, false), (false, false), (true, false)],
            ),
            (
                C,
                "void f() { switch (k) { case 1: a(); case 2: return; default: c(); } }",
                "compound_statement",
                [(false, true), (false, false), (true, true)],
            ),
            (
                Php,
                "<?php switch ($k) { case 1: a(); break; case 2: b(); default: c(); }",
                "switch_block",
                [(false, false), (false, true), (true, true)],
            ),
            (
                Python,
                "match k:\n    case 1:\n        a()\n    case 2:\n        b()\n    case _:\n        c()\n",
                "block",
                [(false, false), (false, false), (true, false)],
            ),
        ];
        for (language, code, container, expected) in cases {
            let program = program(language, code);
            let syntax = program.syntax();
            let mut cases = Vec::new();
            super::shape::collect(
                program.first(container),
                &|k| syntax.cases.contains(&k),
                &mut cases,
            );
            let found: Vec<(bool, bool)> = cases
                .iter()
                .map(|case| {
                    let last = super::shape::children(*case).last().copied();
                    (
                        is_default_case(*case, &program.text),
                        falls_through(*case, last),
                    )
                })
                .collect();
            assert_eq!(found, expected, "{language}: {code}");
        }
    }

    #[test]
    fn local_constants_decide_conditions_ternaries_and_switches() {
        let java = |body: &str| {
            format!("class A {{ void f(Request req) {{ String p = «source:req.getParameter(\"p\")»; String bar = \"\"; {body} run(«sink:bar»); }} }}")
        };
        let cases: Vec<(Language, String, &[&str])> = vec![
            // Arithmetic on local numbers decides the `if`; a changed number does not.
            (Java, java("int num = 86; if ((7 * 42) - num > 200) bar = \"safe\"; else bar = p;"), &[]),
            (Java, java("int num = 106; if ((7 * 42) - num > 200) bar = \"safe\"; else bar = p;"), &["bar"]),
            (Java, java("int num = 86; num++; if ((7 * 42) - num > 200) bar = \"safe\"; else bar = p;"), &["bar"]),
            (Java, java("int num = 86; if (c) num = 1; if ((7 * 42) - num > 200) bar = \"safe\"; else bar = p;"), &["bar"]),
            (Java, java("int num = 86; if (c) num = 86; if ((7 * 42) - num > 200) bar = \"safe\"; else bar = p;"), &[]),
            // Ternaries.
            (Java, java("int n = 196; bar = (7 * 18) + n > 200 ? \"safe\" : p;"), &[]),
            (Java, java("int n = 6; bar = (7 * 18) + n > 200 ? \"safe\" : p;"), &["bar"]),
            // A switch on a character of a constant string runs one case (and what it falls into).
            (Java, java("String guess = \"ABC\"; char t = guess.charAt(1); switch (t) { case 'A': bar = p; break; case 'B': bar = \"bob\"; break; default: bar = p; }"), &[]),
            (Java, java("String guess = \"ABC\"; char t = guess.charAt(2); switch (t) { case 'A': bar = p; break; case 'B': bar = \"bob\"; break; case 'C': case 'D': bar = p; break; default: bar = \"x\"; }"), &["bar"]),
            (Java, java("String guess = \"ABC\"; switch (guess.charAt(1)) { case 'B': bar = \"b\"; case 'C': bar = p; break; }"), &["bar"]),
            (Java, java("int k = 9; switch (k) { case 1: bar = p; break; case 2: bar = p; }"), &[]),
            (Java, java("switch (k) { case 1: bar = p; break; default: bar = \"x\"; }"), &["bar"]),
            // Strings compared, and a condition on a parameter, stay as they were.
            (Java, java("String mode = \"safe\"; if (mode.equals(\"safe\")) bar = \"ok\"; else bar = p;"), &[]),
            (Java, java("if (p.equals(\"safe\")) bar = \"ok\"; else bar = p;"), &["bar"]),
            (Python, "p = «source:input()»\nlimit = 3\nbar = 'safe' if limit * 2 > 5 else p\nrun(«sink:bar»)\n".to_string(), &[]),
            (Python, "p = «source:input()»\nflag = not True\nif flag:\n    p = 'x'\nrun(«sink:p»)\n".to_string(), &["p"]),
            (JavaScript, "const p = «source:req.query.p»; const n = 5; let bar = p; if (n * 2 === 10) { bar = 'safe'; } run(«sink:bar»);".to_string(), &[]),
            (C, "void f(char *a) { char *p = «source:getenv(\"P\")»; int n = 0; char *bar = p; if (n < 1) bar = \"ls\"; run(«sink:bar»); }".to_string(), &[]),
            (C, "void f(char *a) { char *p = «source:getenv(\"P\")»; int n = 0; char *bar = p; scanf(\"%d\", &n); if (n < 1) bar = \"ls\"; run(«sink:bar»); }".to_string(), &["bar"]),
            (Php, "<?php $p = «source:$_GET['p']»; $n = 4; $bar = ($n % 2 == 0) ? 'safe' : $p; run(«sink:$bar»);".to_string(), &[]),
            (Go, "package p\nfunc f() { p := «source:r.URL»; n := 2; bar := p; if n > 1 { bar = \"x\" }; run(«sink:bar») }".to_string(), &[]),
            // A pointer to a local reads and writes that local.
            (C, "void f(void) { char *data = \"ls\"; char **p1 = &data; char **p2 = &data; { char *d = *p1; d = «source:getenv(\"P\")»; *p1 = d; } { char *d = *p2; run(«sink:d»); } }".to_string(), &["d"]),
            (C, "void f(void) { char *data = \"ls\"; char *other = \"ls\"; char **p1 = &data; char **p2 = &other; { char *d = «source:getenv(\"P\")»; *p1 = d; } { char *d = *p2; run(«sink:d»); } }".to_string(), &[]),
            // A variable a loop changes is not known in it, nor one a callback or a target changes.
            (Java, java("int i = 0; while (c()) { if (i == 5) bar = p; i = i + 1; }"), &["bar"]),
            (C, "void f(char **l) { char *p = «source:getenv(\"P\")»; char *bar = \"ls\"; int n = 0; while (*l) l[n++] = p; if (n == 0) return; bar = p; run(«sink:bar»); }".to_string(), &["bar"]),
            (C, "void f(char **l) { char *p = «source:getenv(\"P\")»; char *bar = \"ls\"; int n = 0; if (c) l[n++] = p; if (n != 0) bar = p; run(«sink:bar»); }".to_string(), &["bar"]),
            (JavaScript, "const p = «source:req.query.p»; let n = 0; let bar = 'x'; items.forEach(() => { n++; }); if (n > 0) { bar = p; } run(«sink:bar»);".to_string(), &["bar"]),
        ];
        assert_flagged(&cases);
    }

    /// Go's case holds its statements in a `statement_list`, so the last child `falls_through`
    /// is given is that list, never the `fallthrough` statement inside it.
    #[test]
    #[ignore = "known gap, left for a change of behaviour: Go's `fallthrough` is not followed"]
    fn a_go_case_that_ends_in_fallthrough_runs_on_into_the_next() {
        check(&[(
            Go,
            "package p\nfunc f() { x := \"k\"\n switch k {\n case 1:\n x = «source:r.URL»\n fallthrough\n case 2:\n run(«sink:x»)\n } }",
            &["x"],
        )]);
    }
}
