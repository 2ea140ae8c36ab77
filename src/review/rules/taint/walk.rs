//! The statement walk: one pass over each scope (the file's top level, each function that holds a
//! sink) in source order, carrying a [`State`] from statement to statement and checking each sink
//! against it as the statement that holds it is met. This file owns the walk itself: its setup,
//! scopes and their parameters, blocks, the dispatch of each statement, and the sinks. The
//! branches, cases and loops it meets are in `branches`, what a statement does to the state in
//! `effects`, and the taint of an expression's value in `eval`.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::ops::Range;

use tree_sitter::Node;

use super::budget::{Budget, Limits};
use super::extent::{Check, Judged};
use super::knowledge::is_own_object;
use super::lang;
use super::shape::{self, collect, declaration_name};
use super::state::{self, State};
use super::syntax::Syntax;
use super::{one_line, Flow, Roles, Watched};
use crate::lang::GrammarNames;
use crate::lang::Language;
use crate::review::rules::names::Aliases;
use crate::review::rules::{RangeMap, RangeSet};

/// One walk over a file, for one rule or for several rules about extents that walk alike (see
/// [`analyze_extents`]): what it knows of the file and of the rules, and what it has found so far.
pub(super) struct Walk<'a> {
    pub(super) syntax: &'static Syntax,
    pub(super) text: &'a str,
    /// What the file's names stand for (C macros).
    pub(super) names: &'a Aliases,
    pub(super) roles: &'a Roles,
    /// The sinks, by where they start.
    sinks: Vec<Range<usize>>,
    /// The sources, by where they start.
    sources: Vec<Range<usize>>,
    /// The results of calls and reads of fields that the walk counts as tainted (see
    /// [`Roles::results`]), by where they start.
    results: Vec<Range<usize>>,
    /// Per sink: the outermost node with exactly its bytes, and the range of the innermost
    /// function value or declaration around it (found once, top down: asking a node for its
    /// parent walks down from the root again).
    sink_nodes: RangeMap<(usize, Option<Range<usize>>)>,
    /// Whether every parameter counts as a source (see [`super::open_sinks`]).
    parameters_are_sources: bool,
    /// The rules whose sinks the walk judges: one, or several about extents that walk alike
    /// (see [`analyze_extents`]).
    judges: Vec<Judge>,
    /// The innermost declaration the walk is in (not a function value).
    declaration: Option<Range<usize>>,
    /// Declarations already walked where they stand.
    walked: HashSet<usize>,
    /// Names of the functions this file declares (only in the walk of [`super::open_sinks`]).
    pub(super) local_functions: HashSet<&'a str>,
    /// The functions of the file that never return (their body ends the program, as a
    /// project's `fatal()` or `die()` does), for [`super::guards::exits`].
    pub(super) no_return: HashSet<&'a str>,
    /// How many loops the walk is inside: an inner loop's body is walked once per round of the
    /// outer one, not twice, so that nested loops cost no more than twice one.
    pub(super) loop_depth: usize,
    /// The loops (`true`) and `switch`es the walk is inside, innermost last, each with the
    /// states `break` (and, for loops, `continue`) carried out of it so far.
    pub(super) breakable: Vec<(bool, Vec<State>)>,
    /// The states of the `goto`s met so far, by label, for the statement after the label.
    pub(super) labels: std::collections::HashMap<String, State>,
    /// The work done and the depth reached (see [`Limits`]).
    pub(super) budget: Budget,
    /// The names the file's functions assign (see [`Walk::scope`]).
    assigned_by_functions: HashSet<String>,
    /// How many function bodies the walk is inside.
    functions_around: usize,
    /// The walk is in a program's `main`, whose return ends the program and gives back all it
    /// holds: no leak is reported there.
    pub(super) in_main: bool,
    /// The walk is in a C++ method (`void Widget::run()`, or defined in its class), where a
    /// plain call may be a virtual method of the object.
    pub(super) in_method: bool,
    /// When set, the only declarations and function values walked: those inside these ranges
    /// (sorted). The top level is still walked, for the state the functions it meets see.
    only: Option<&'a [Range<usize>]>,
    /// In a walk with no role that rules lean on (see `summary::FreeWalks`): those rules'
    /// sanitizers and propagators, and those of them where the walk did what the role would
    /// have changed (see [`Walk::role_would_change`]).
    watched: Option<&'a Watched>,
    changed: RefCell<RangeSet>,
    /// In a walk with no role that rules following numbers lean on: the places where such a
    /// rule's walk would have found a tainted number where this one found none (see
    /// [`Walk::number_aside`]).
    numbers_changed: RefCell<Vec<Range<usize>>>,
    /// The walk is working out aside what a propagator, or a rule that follows numbers, would
    /// have answered.
    pub(super) aside: Cell<bool>,
    /// The walk is working out aside what a rule that follows numbers would have answered (see
    /// [`Walk::number_aside`]), and whether it met a propagator of a rule there, which may make
    /// that answer another.
    pub(super) as_numbers: Cell<bool>,
    pub(super) unsure: Cell<bool>,
}

/// A rule whose sinks a walk judges, and what it found there.
struct Judge {
    /// What it judges of an access (see [`Roles::extent`]); `None` for a rule about taint, which
    /// reports a sink that a tainted value reaches.
    check: Option<Check>,
    /// Its sinks, sorted; `None` when they are all the walk's.
    sinks: Option<Vec<Range<usize>>>,
    flows: Vec<Flow>,
    reported: RangeSet,
    /// For a rule about extents: the accesses judged, each with whether it stayed inside its
    /// buffer every time.
    fits: RangeMap<bool>,
    /// For a rule about unwritten memory: each read, with its flow when the last time the walk
    /// met it nothing had written what it reads.
    unwritten: RangeMap<Option<Flow>>,
}

impl Judge {
    fn new(check: Option<Check>, sinks: Option<Vec<Range<usize>>>) -> Judge {
        Judge {
            check,
            sinks,
            flows: Vec::new(),
            reported: Default::default(),
            fits: Default::default(),
            unwritten: Default::default(),
        }
    }

    /// Whether `sink`, one of the walk's, is one of this rule's.
    fn owns(&self, sink: &Range<usize>) -> bool {
        self.sinks.as_ref().is_none_or(|sinks| {
            sinks
                .binary_search_by_key(&(sink.start, sink.end), |s| (s.start, s.end))
                .is_ok()
        })
    }

    /// Whether the rule's walk alone would be where the walk is, in `declaration` (the
    /// innermost around it): a walk goes into a declaration only when one of its sinks lies
    /// there, and into every function value it meets.
    fn would_be_in(&self, declaration: Option<&Range<usize>>) -> bool {
        match (&self.sinks, declaration) {
            (Some(sinks), Some(declaration)) => within(sinks, declaration.clone()).next().is_some(),
            _ => true,
        }
    }

    /// Its flows, sorted by sink, and the accesses it found inside their buffers.
    fn found(self) -> super::ExtentFindings {
        let mut flows = self.flows;
        flows.extend(self.unwritten.into_values().flatten());
        flows.sort_by_key(|f| (f.sink.start, f.sink.end));
        let reported = self.reported;
        let fits = self
            .fits
            .into_iter()
            .filter(|(sink, fits)| *fits && !reported.contains(sink))
            .map(|(sink, _)| sink)
            .collect();
        (flows, fits)
    }
}

/// The flows of one walk over `root`, a tree of `language`, sorted by sink, and whether it ran
/// to the end (rather than giving up on a limit). With `only` (sorted ranges), only the
/// declarations inside them are walked besides the top level: what the others give is known
/// already (see `summary::FreeWalks`).
#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    roles: &Roles,
    parameters_are_sources: bool,
    limits: Limits,
    only: Option<&[Range<usize>]>,
) -> (Vec<Flow>, bool) {
    let walked = run_judging(
        language,
        root,
        text,
        names,
        roles,
        parameters_are_sources,
        limits,
        only,
        None,
    );
    (walked.flows, walked.complete)
}

/// What one walk found.
pub(super) struct Walked {
    /// Sorted by sink.
    pub(super) flows: Vec<Flow>,
    /// It ran to the end (rather than giving up on a limit).
    pub(super) complete: bool,
    /// For a rule about extents: the accesses it found inside their buffers wherever it met
    /// them.
    pub(super) fits: RangeSet,
    /// What it watched that would have changed it (see [`run_judging`]).
    pub(super) changes: Changes,
}

/// [`run`], with the accesses a rule about extents found within bounds. In a walk with no role
/// that rules lean on (see `summary::FreeWalks`), `watched` holds those rules' sanitizers and
/// propagators, and [`Changes::roles`] gives back those of them that would have changed the
/// walk: a function where a rule has no other role, and none of those, is walked for that rule
/// exactly as here, since every question the walk asked of the rule's roles there got the same
/// answer. So with a rule that follows numbers, which this walk does not: where it would have
/// answered otherwise is in [`Changes::numbers`].
#[allow(clippy::too_many_arguments)]
pub(super) fn run_judging(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    roles: &Roles,
    parameters_are_sources: bool,
    limits: Limits,
    only: Option<&[Range<usize>]>,
    watched: Option<&Watched>,
) -> Walked {
    let judge = Judge::new(roles.extent, None);
    let setup = (parameters_are_sources, limits, only, watched);
    let Some((mut judges, complete, changes)) =
        walk_judging(language, root, text, names, roles, vec![judge], setup)
    else {
        return Walked {
            flows: Vec::new(),
            complete: true,
            fits: Default::default(),
            changes: Changes::default(),
        };
    };
    let (flows, fits) = judges.swap_remove(0).found();
    Walked {
        flows,
        complete,
        fits,
        changes,
    }
}

/// [`super::analyze_extent`] for several rules about extents that walk alike (see
/// [`Roles::walks_as`]): one walk that judges each rule's sinks as its own walk would, giving
/// per rule, in the order given, its flows and the accesses it found inside their buffers.
/// `None`, and each rule is walked alone, when a rule's own walk would not run (no source, no
/// sink, a language the engine does not model), or when the walk gave up on its limits: it did
/// the work of all the rules at once, so a rule alone may not have.
pub(crate) fn analyze_extents(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    rules: &[&Roles],
) -> Option<Vec<super::ExtentFindings>> {
    if rules
        .iter()
        .any(|roles| roles.sources.is_empty() || roles.sinks.is_empty())
    {
        return None;
    }
    let (first, others) = rules.split_first()?;
    let mut all = (*first).clone();
    for roles in others {
        all.sinks.extend(roles.sinks.iter().cloned());
    }
    let judges = rules
        .iter()
        .map(|roles| {
            let mut sinks: Vec<Range<usize>> = roles.sinks.iter().cloned().collect();
            sinks.sort_by_key(|s| (s.start, s.end));
            Judge::new(roles.extent, Some(sinks))
        })
        .collect();
    let setup = (false, Limits::DEFAULT, None, None);
    let (judges, complete, _) = walk_judging(language, root, text, names, &all, judges, setup)?;
    complete.then(|| judges.into_iter().map(Judge::found).collect())
}

/// How a walk starts: whether parameters are sources, its limits, the declarations it may go
/// into, the roles it watches (see [`run_judging`]).
type Setup<'s> = (
    bool,
    Limits,
    Option<&'s [Range<usize>]>,
    Option<&'s Watched>,
);

/// What a walk watched that would have changed it (see [`run_judging`]).
#[derive(Default)]
pub(super) struct Changes {
    /// The sanitizers and propagators.
    pub(super) roles: RangeSet,
    /// The places where a rule that follows numbers would have found a tainted number.
    pub(super) numbers: Vec<Range<usize>>,
}

/// The walk of `root` for `roles`, judging the sinks of each of `judges`: they, whether the walk
/// ran to the end, and what it watched that would have changed it. `None` when there is nothing
/// to walk (a language without syntax, no sink).
fn walk_judging(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    roles: &Roles,
    judges: Vec<Judge>,
    (parameters_are_sources, limits, only, watched): Setup<'_>,
) -> Option<(Vec<Judge>, bool, Changes)> {
    let syntax = lang::syntax(language)?;
    if roles.sinks.is_empty() {
        return None;
    }
    let mut walk = Walk::new(syntax, text, names, roles, parameters_are_sources, limits);
    walk.judges = judges;
    walk.only = only;
    walk.watched = watched;
    let mut declarations = Vec::new();
    match &roles.declared {
        Some(declared) => declarations.extend(
            declared
                .ranges
                .iter()
                .filter_map(|range| declaration_at(root, range, syntax)),
        ),
        None => collect(
            root,
            &|k| syntax.declarations.contains(&k),
            &mut declarations,
        ),
    }
    if parameters_are_sources && roles.results.is_empty() {
        // What a function of this file returns is computed elsewhere: like a parameter, it
        // cannot be judged here (unless the join of summaries will judge it).
        walk.local_functions = declarations
            .iter()
            .filter_map(|d| declaration_name(*d, text))
            .collect();
    }
    walk.no_return = match &roles.declared {
        Some(declared) => declared.no_return.iter().map(String::as_str).collect(),
        None => no_return(&declarations, syntax, text),
    };
    walk.find_sink_nodes(root);
    match &roles.declared {
        Some(declared) => walk.assigned_by_functions = declared.assigned.clone(),
        None => {
            for declaration in &declarations {
                walk.note_assigned(*declaration);
            }
        }
    }
    // The top level, with the declarations it meets walked where they stand; then those it did
    // not meet (inside classes), each starting clean.
    let start = State {
        all_paths: roles.all_paths,
        ..State::default()
    };
    walk.block(root, &mut start.clone());
    for declaration in declarations {
        if walk.walked.contains(&declaration.id())
            || !walk.holds_sink(declaration)
            || !walk.allowed(declaration)
        {
            continue;
        }
        walk.scope(declaration, &start);
    }
    let complete = !walk.budget.exhausted();
    let changes = Changes {
        roles: walk.changed.into_inner(),
        numbers: walk.numbers_changed.into_inner(),
    };
    Some((walk.judges, complete, changes))
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
        let mut sources: Vec<Range<usize>> = roles.sources.iter().cloned().collect();
        sources.sort_by_key(|s| (s.start, s.end));
        let mut results: Vec<Range<usize>> = roles.results.iter().cloned().collect();
        results.sort_by_key(|s| (s.start, s.end));
        Walk {
            syntax,
            text,
            names,
            roles,
            sinks,
            sources,
            results,
            sink_nodes: Default::default(),
            parameters_are_sources,
            judges: vec![Judge::new(roles.extent, None)],
            declaration: None,
            walked: Default::default(),
            local_functions: Default::default(),
            no_return: Default::default(),
            loop_depth: 0,
            breakable: Vec::new(),
            labels: std::collections::HashMap::new(),
            budget: Budget::new(limits),
            assigned_by_functions: Default::default(),
            functions_around: 0,
            in_main: false,
            in_method: false,
            only: None,
            watched: None,
            changed: RefCell::default(),
            numbers_changed: RefCell::default(),
            aside: Cell::new(false),
            as_numbers: Cell::new(false),
            unsure: Cell::new(false),
        }
    }

    /// Notes, in a walk that watches the roles of the rules leaning on it (see
    /// [`run_judging`]), that a sanitizer (`propagator: false`) or a propagator at `range`
    /// would have changed what the walk did there.
    pub(super) fn role_would_change(&self, range: &Range<usize>, propagator: bool) {
        if self.watches(range, propagator) {
            self.changed.borrow_mut().insert(range.clone());
        }
    }

    /// Whether numbers carry taint in this walk (see [`Roles::numbers`]): for its rule, or
    /// while it works out aside what such a rule would have answered.
    pub(super) fn follows_numbers(&self) -> bool {
        self.roles.numbers || self.as_numbers.get()
    }

    /// In a walk that rules following numbers lean on (see [`Watched::numbers`]), where it
    /// answers that the number at `node` is clean (a cast, a length): notes the place when what
    /// such a rule would have answered there, `answer` worked out aside, is tainted, or may be
    /// (the aside gave up on its limits, or met a propagator of a rule, see
    /// `propagator_aside`). Inside another aside, the place is noted as it stands. Only
    /// those rules hold a function for it: to the others the number is clean whatever is inside.
    pub(super) fn number_aside<T>(&self, node: Node<'_>, answer: impl FnOnce() -> Option<T>) {
        if !self.watched.is_some_and(|watched| watched.numbers) {
            return;
        }
        let tainted = if self.aside.get() {
            true
        } else {
            self.aside.set(true);
            self.as_numbers.set(true);
            self.unsure.set(false);
            let answered = self.budget.aside(answer);
            self.as_numbers.set(false);
            self.aside.set(false);
            !matches!(answered, Some(None)) || self.unsure.get()
        };
        if tainted {
            self.numbers_changed.borrow_mut().push(node.byte_range());
        }
    }

    /// Whether the walk watches a sanitizer (`propagator: false`) or a propagator at `range`.
    pub(super) fn watches(&self, range: &Range<usize>, propagator: bool) -> bool {
        self.watched.is_some_and(|watched| {
            if propagator {
                watched.propagators.contains(range)
            } else {
                watched.sanitizers.contains(range)
            }
        })
    }

    /// Whether the walk goes into `declaration`, or a function value (see [`Walk::only`]).
    pub(super) fn allowed(&self, declaration: Node<'_>) -> bool {
        let Some(only) = self.only else {
            return true;
        };
        let range = declaration.byte_range();
        let at = only.partition_point(|r| r.start <= range.start);
        at > 0 && only[at - 1].end >= range.end
    }

    pub(super) fn src(&self, node: Node<'_>) -> &'a str {
        &self.text[node.byte_range()]
    }

    pub(super) fn is(&self, list: &[&str], node: Node<'_>) -> bool {
        list.contains(&node.kind_name())
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

    /// Notes the variables `function` assigns or steps (see [`assigned_in`]).
    fn note_assigned(&mut self, function: Node<'_>) {
        assigned_in(
            function,
            self.syntax,
            self.text,
            self.names,
            &mut self.assigned_by_functions,
        );
    }

    /// Whether a sink lies inside `node`.
    fn holds_sink(&self, node: Node<'_>) -> bool {
        self.sinks_in(node.byte_range()).next().is_some()
    }

    /// Whether a source lies inside `range`.
    fn holds_source(&self, range: Range<usize>) -> bool {
        within(&self.sources, range).next().is_some()
    }

    /// Whether nothing inside `range` can be tainted under `state`: no variable is, parameters
    /// are not tainted in this walk, and no source lies in it, nor a call's result or a read of
    /// a field that the walk counts as tainted. Then a function need not be walked and a sink
    /// need not be judged (most functions, for a rule whose sinks are every dereference; in the
    /// walk from results, a function that calls none of the file's calls the join decides).
    fn clean_under(&self, range: Range<usize>, state: &State) -> bool {
        !self.parameters_are_sources
            && state.vars.is_empty()
            && state.extents.is_empty()
            && within(&self.results, range.clone()).next().is_none()
            && !self.holds_source(range)
    }

    /// The sinks inside `range`.
    fn sinks_in(&self, range: Range<usize>) -> impl Iterator<Item = &Range<usize>> {
        within(&self.sinks, range)
    }

    /// Whether the node at `range` is a source as it stands: a `@filled` place is one only once
    /// its statement has run (the `free(p)` that frees it reads it before).
    pub(super) fn is_source(&self, range: &Range<usize>) -> bool {
        self.roles.sources.contains(range) && !self.roles.filled.contains(range)
    }

    /// Walks a function with the state `outer` around it (clean for a declaration): its
    /// parameters that are sources are tainted, the others shadow what `outer` holds.
    pub(super) fn scope(&mut self, function: Node<'_>, outer: &State) {
        if self.clean_under(function.byte_range(), outer) {
            return;
        }
        let mut state = self.copy(outer);
        // A variable some function assigns may hold anything when this one runs (`static int
        // flag = 0;` set by another function before it calls this one; `FILE *log = NULL;`
        // opened by another): what the walk of the code around it knows does not hold here.
        // (A function nested in another sees that one's variables as they stand.)
        if self.functions_around == 0 && !self.assigned_by_functions.is_empty() {
            let assigned = &self.assigned_by_functions;
            state.consts.retain(|name, _| !assigned.contains(name));
            state.vars.retain(|name, _| {
                let variable = name.split(['[', '.']).next().unwrap_or(name);
                !assigned.contains(variable)
            });
            for name in assigned {
                state.extents.unknown(name);
            }
        }
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
                    vec![(range, format!("parameter `{}`", self.src(name)).into())],
                );
            }
        }
        if let Some(body) = (self.syntax.body)(function) {
            // A function's labels are its own (another function's `goto fail` is not this one's),
            // and so are the loops a `break` leaves: a function nested in a loop does not
            // leave that loop (a `break` outside its own loops is not C, but a parse may hold
            // one, and a walk that goes into the function must not carry its state out).
            let labels = std::mem::take(&mut self.labels);
            let breakable = std::mem::take(&mut self.breakable);
            let declaration = self
                .is(self.syntax.declarations, function)
                .then(|| function.byte_range());
            let around_declaration = match declaration {
                Some(declaration) => self.declaration.replace(declaration),
                None => self.declaration.clone(),
            };
            let main = matches!(
                declaration_name(function, self.text),
                Some("main" | "wmain")
            );
            let around = std::mem::replace(&mut self.in_main, main);
            let method = is_method(function);
            let around_method = std::mem::replace(&mut self.in_method, method);
            self.functions_around += 1;
            self.statement(body, &mut state);
            self.functions_around -= 1;
            self.labels = labels;
            self.breakable = breakable;
            if !main {
                self.ended(body, &state);
            }
            self.declaration = around_declaration;
            self.in_main = around;
            self.in_method = around_method;
        }
    }

    /// The end of a function's `body`, reached with `state` (unless every path leaves before
    /// it): what a rule about leaks finds still held there.
    fn ended(&mut self, body: Node<'_>, state: &State) {
        // The rules about leaks whose own walk would be in this function.
        let declaration = self.declaration.as_ref();
        let leaks: Vec<usize> = (0..self.judges.len())
            .filter(|&j| {
                let judge = &self.judges[j];
                judge.check == Some(Check::Leak) && judge.would_be_in(declaration)
            })
            .collect();
        if leaks.is_empty() {
            return;
        }
        if super::guards::exits(body, self.text, &self.no_return).is_some() {
            return;
        }
        // A body that ends in a loop only a `return` leaves (`while (1) { ... }`).
        let last = shape::children(body)
            .into_iter()
            .rev()
            .find(|s| s.kind_name() != "comment");
        let endless = last.is_some_and(|l| {
            let condition = l.field("condition");
            let forever = match l.kind_name() {
                "for_statement" => condition.is_none_or(|c| self.decided(c, state) == Some(true)),
                "while_statement" | "do_statement" => {
                    condition.is_some_and(|c| self.decided(c, state) == Some(true))
                }
                _ => false,
            };
            forever && !self.src(l).contains("break")
        });
        if endless {
            return;
        }
        let Some(end) = body.child(body.child_count().saturating_sub(1)) else {
            return;
        };
        if let Some((steps, detail, lent)) = self.leak_at_end(end, state) {
            for judge in leaks {
                self.judges[judge].flows.push(Flow {
                    sink: end.byte_range(),
                    steps: steps.clone(),
                    detail: Some(detail.clone()),
                    lent: lent.clone(),
                });
            }
        }
    }

    /// The statements of a block in order. What follows a statement that does not go on
    /// (`return`, `goto`, `break`, `exit(1)`) runs only from a label a `goto` leads to, with the
    /// states of the `goto`s to it (and of the statement before it, when that goes on).
    fn block(&mut self, block: Node<'_>, state: &mut State) {
        let statements = super::shape::children(block);
        let mut live = true;
        for statement in statements {
            if statement.kind_name() == "labeled_statement" {
                let label = statement.field("label").map(|l| self.src(l).to_string());
                if let Some(arrived) = label.and_then(|l| self.labels.remove(&l)) {
                    if live {
                        state.merge(arrived);
                    } else {
                        *state = arrived;
                    }
                    live = true;
                } else if !live {
                    // A label no `goto` above leads to (one below may): what the statements
                    // before it left, as before.
                    live = true;
                }
            }
            if !live || statement.kind_name() == "comment" {
                continue;
            }
            self.statement(statement, state);
            match super::guards::exits(statement, self.text, &self.no_return) {
                Some(super::guards::Exit::Goto(label)) => {
                    let branch = self.copy(state);
                    self.went_to(label, branch);
                    live = false;
                }
                Some(_) => live = false,
                None => {}
            }
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
            if self.holds_sink(node) && self.allowed(node) {
                let around = self.copy(state);
                self.scope(node, &around);
            }
            return;
        }
        // A C++ namespace is walked as the top level is: its constants hold for the functions
        // inside it (`static const int FIVE = 5;` deciding their branches).
        if node.kind_name() == "namespace_definition" {
            if let Some(body) = node.field("body") {
                self.block(body, state);
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
            for child in super::shape::children(node) {
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
        if self.roles.extent.is_some() {
            self.extent_effects(node, state);
        }
        // `assert(p != NULL);`: what follows runs only where the condition held.
        if let Some(condition) = super::guards::asserted(node, self.syntax, self.text) {
            for place in self.checked(condition).when_true {
                self.clean_checked(&place, state);
            }
        }
    }

    /// Reports every sink inside `node` (not inside function values, which are walked on
    /// their own) that holds a tainted value, for each rule the walk judges that has it and has
    /// not reported it yet.
    fn check_sinks(&mut self, node: Node<'_>, state: &State) {
        let mut due: Vec<(Range<usize>, usize)> = Vec::new();
        for sink in self.sinks_in(node.byte_range()) {
            if self.roles.by_reference.contains(sink) || self.clean_under(sink.clone(), state) {
                continue;
            }
            for (index, judge) in self.judges.iter().enumerate() {
                if judge.owns(sink) && !judge.reported.contains(sink) {
                    due.push((sink.clone(), index));
                }
            }
        }
        self.budget.spend(1 + due.len());
        let mut next = 0;
        while let Some((sink, _)) = due.get(next) {
            let judges = due[next..].iter().take_while(|(s, _)| s == sink).count();
            let (sink, judges) = (sink.clone(), &due[next..next + judges]);
            next += judges.len();
            let Some(path) = self.path_to_sink(node, &sink) else {
                continue;
            };
            for (_, judge) in judges {
                self.judge_sink(*judge, &sink, &path, state);
            }
        }
    }

    /// The nodes from `node` (a statement) down to the outermost node with exactly the bytes
    /// of `sink`, inside it; `None` when the sink is not judged there: it lies in a function
    /// value or declaration below `node` (walked on its own), or in what is not evaluated.
    fn path_to_sink<'t>(&self, node: Node<'t>, sink: &Range<usize>) -> Option<Vec<Node<'t>>> {
        let (outer_id, function) = self.sink_node(sink).unwrap_or((0, None));
        // The outermost node with exactly the sink's bytes, below `node`, and the nodes
        // down to it: from the file's table, else from the tree.
        let from_table = crate::lang::nodes::path_below(node, sink);
        let below = from_table.as_ref().and_then(|path| path.last().copied());
        let sink_node = below.or_else(|| outermost_below(node, sink, outer_id))?;
        // Inside a function value or declaration below `node`: walked on its own.
        let node_range = node.byte_range();
        let inside = function.is_some_and(|f| {
            f != node_range && f.start >= node_range.start && f.end <= node_range.end
        });
        if inside {
            return None;
        }
        // The nodes from the statement down to the sink, walked down (a node's parent is
        // found from the root, so walking up would cost the depth at each step).
        let path = match from_table {
            // As deep as `path_to` goes.
            Some(path) if path.len() > MAX_PATH + 1 => vec![node, sink_node],
            Some(path) => path,
            None => path_to(node, sink_node),
        };
        // `sizeof *p`: the operand of `sizeof` is not evaluated, nor of a macro that wraps
        // it (`YYSIZEOF (*yyvsp)`).
        let unevaluated = |n: &Node<'_>| {
            UNEVALUATED.contains(&n.kind_name())
                || (n.kind_name() == "call_expression"
                    && n.field("function").is_some_and(|f| {
                        let name = self.src(f).to_ascii_lowercase();
                        name.ends_with("sizeof") || name.ends_with("alignof")
                    }))
        };
        (!path.iter().any(unevaluated)).then_some(path)
    }

    /// Judges `sink`, at the end of `path`, for the rule `judge`: an access against the buffer
    /// it lands in, for a rule about extents; whether a tainted value reaches it, for the others.
    fn judge_sink(&mut self, judge: usize, sink: &Range<usize>, path: &[Node<'_>], state: &State) {
        let Some(&sink_node) = path.last() else {
            return;
        };
        if let Some(check) = self.judges[judge].check {
            // An access, judged against the buffer it lands in.
            let around = &path[..path.len().saturating_sub(1)];
            let judged = self.judge_extent(sink_node, around, check, state);
            let judge = &mut self.judges[judge];
            if check == Check::Unwritten {
                // A read of what a later round of its loop writes first (`w[i] = f(w[i -
                // 2])`) is judged in the last round the walk makes.
                let flow = match judged {
                    Judged::Leaves {
                        steps,
                        detail,
                        lent,
                    } => Some(Flow {
                        sink: sink.clone(),
                        steps,
                        detail: Some(detail),
                        lent,
                    }),
                    _ => None,
                };
                judge.unwritten.insert(sink.clone(), flow);
                return;
            }
            match judged {
                Judged::Leaves {
                    steps,
                    detail,
                    lent,
                } => {
                    judge.reported.insert(sink.clone());
                    judge.flows.push(Flow {
                        sink: sink.clone(),
                        steps,
                        detail: Some(detail),
                        lent,
                    });
                }
                // Within bounds only if within bounds every time the walk meets it.
                Judged::Fits => {
                    judge.fits.entry(sink.clone()).or_insert(true);
                }
                Judged::Unknown => {
                    judge.fits.insert(sink.clone(), false);
                }
            }
            return;
        }
        let guarded = self.guarded(path, state);
        if let Some(mut steps) = self.eval(sink_node, guarded.as_ref().unwrap_or(state)) {
            steps.push((
                sink.clone(),
                format!("reaches the sink `{}`", one_line(self.src(sink_node))).into(),
            ));
            let judge = &mut self.judges[judge];
            judge.reported.insert(sink.clone());
            judge.flows.push(Flow {
                sink: sink.clone(),
                steps,
                detail: None,
                lent: Vec::new(),
            });
        }
    }

    /// The state at `sink`, inside the expression `statement`, when a check that short-circuits
    /// stands before it: `p != NULL && p->len > 0` reads `p->len` only where the left side held,
    /// `!ok(x) || run(x)` runs `x` only where it did not fail, and `p ? p->len : 0` reads
    /// `p->len` only where `p` held. `None`: no such check, the statement's state.
    fn guarded(&self, path: &[Node<'_>], state: &State) -> Option<State> {
        let mut cleaned = Vec::new();
        for pair in path.windows(2) {
            let (parent, child) = (pair[0], pair[1]);
            let left = parent.field("left");
            let condition = parent.field("condition");
            if let Some(left) = left.filter(|left| left.id() != child.id()) {
                let op = parent
                    .field("operator")
                    .map(|op| self.src(op))
                    .unwrap_or_else(|| self.text[left.end_byte()..child.start_byte()].trim());
                let side = match op {
                    "&&" | "and" => Some(self.checked(left).when_true),
                    "||" | "or" => Some(self.checked(left).when_false),
                    _ => None,
                };
                if let Some(side) = side {
                    cleaned.extend(side);
                    // The left side has run: `sscanf(a, "%d", &n) == 1 && n != 0` reads the
                    // `n` it stored.
                    cleaned.extend(self.cleared_in(left));
                }
            } else if let Some(condition) = condition.filter(|c| c.id() != child.id()) {
                let ternary = matches!(
                    parent.kind_name(),
                    "conditional_expression" | "ternary_expression"
                );
                if ternary {
                    let checked = self.checked(condition);
                    if parent.field("consequence").map(|c| c.id()) == Some(child.id()) {
                        cleaned.extend(checked.when_true);
                    } else {
                        cleaned.extend(checked.when_false);
                    }
                }
            }
        }
        if cleaned.is_empty() {
            return None;
        }
        let mut guarded = self.copy(state);
        for place in &cleaned {
            self.clean_checked(place, &mut guarded);
        }
        Some(guarded)
    }

    /// The places the rule's `@cleared` roles inside `node` make clean.
    fn cleared_in(&self, node: Node<'_>) -> Vec<String> {
        let range = node.byte_range();
        self.roles
            .cleared
            .iter()
            .filter(|r| r.start >= range.start && r.end <= range.end)
            .filter_map(|r| node.descendant_for_byte_range(r.start, r.end))
            .filter_map(|n| self.place(n))
            .collect()
    }

    /// Finds every sink's outermost node and the function around it, in one pass that enters
    /// only the nodes holding a sink.
    fn find_sink_nodes(&mut self, root: Node<'_>) {
        // The ends every walk of the file has (calls' arguments, returned values) are found
        // once for the file (see [`super::Declared`]); only the rule's own are looked for here.
        let shared = self.roles.declared.as_ref().map(|d| &d.sink_nodes);
        let own: Vec<Range<usize>> = match shared {
            Some(shared) => self
                .sinks
                .iter()
                .filter(|s| !shared.contains_key(*s))
                .cloned()
                .collect(),
            None => self.sinks.clone(),
        };
        self.sink_nodes = outer_nodes(root, self.syntax, &own);
    }

    /// Where [`Walk::find_sink_nodes`] found `sink`.
    fn sink_node(&self, sink: &Range<usize>) -> Option<(usize, Option<Range<usize>>)> {
        self.sink_nodes
            .get(sink)
            .or_else(|| self.roles.declared.as_ref()?.sink_nodes.get(sink))
            .cloned()
    }
}

/// The functions among `declarations` that never return: their body has no `return` and ends
/// the program (a project's `fatal()` or `die()`), or calls one that does.
pub(super) fn no_return<'t>(
    declarations: &[Node<'_>],
    syntax: &Syntax,
    text: &'t str,
) -> HashSet<&'t str> {
    let mut found = Default::default();
    // Twice, so that a `fatal` that ends with `fatalx(...)` is seen as well.
    for _ in 0..2 {
        for declaration in declarations {
            let Some(name) = declaration_name(*declaration, text) else {
                continue;
            };
            let ends = (syntax.body)(*declaration).is_some_and(|body| {
                !text[body.byte_range()].contains("return")
                    && super::guards::exits(body, text, &found) == Some(super::guards::Exit::Leaves)
            });
            if ends {
                found.insert(name);
            }
        }
    }
    found
}

/// Per range of `sorted` (by start, then end): the outermost node with exactly its bytes, and the
/// range of the innermost function value or declaration around it. Within a table of the file's
/// nodes, each is found by going down from the root to it; otherwise (or where the table cannot
/// say) by one pass from the top that enters only the nodes holding one (asking a node for its
/// parent walks down from the root again).
pub(super) fn outer_nodes(root: Node<'_>, syntax: &Syntax, sorted: &[Range<usize>]) -> SinkNodes {
    let mut found = SinkNodes::default();
    let mut rest = Vec::new();
    for range in sorted {
        if !range.is_empty() && root.byte_range() == *range {
            found.insert(range.clone(), (root.id(), None));
            continue;
        }
        match crate::lang::nodes::path_below(root, range) {
            Some(path) => {
                let (node, above) = path.split_last().expect("a path ends at its node");
                let function = above
                    .iter()
                    .rev()
                    .find(|n| syntax.is_function(n.kind_name()));
                found.insert(range.clone(), (node.id(), function.map(Node::byte_range)));
            }
            None => rest.push(range.clone()),
        }
    }
    if !rest.is_empty() {
        found.extend(outer_nodes_by_pass(root, syntax, &rest));
    }
    found
}

/// [`outer_nodes`], found by one pass from the top that enters only the nodes holding one of
/// `sorted`.
fn outer_nodes_by_pass(root: Node<'_>, syntax: &Syntax, sorted: &[Range<usize>]) -> SinkNodes {
    let mut found = SinkNodes::default();
    let mut stack: Vec<(Node<'_>, Option<Range<usize>>)> = vec![(root, None)];
    while let Some((node, function)) = stack.pop() {
        let range = node.byte_range();
        if within(sorted, range.clone()).next().is_none() {
            continue;
        }
        if sorted
            .binary_search_by_key(&(range.start, range.end), |s| (s.start, s.end))
            .is_ok()
        {
            found
                .entry(range)
                .or_insert_with(|| (node.id(), function.clone()));
        }
        let inner = if syntax.is_function(node.kind_name()) {
            Some(node.byte_range())
        } else {
            function
        };
        let mut cursor = node.walk();
        for child in node.children(&mut cursor) {
            stack.push((child, inner.clone()));
        }
    }
    found
}

/// What [`outer_nodes`] finds.
pub(crate) type SinkNodes = RangeMap<(usize, Option<Range<usize>>)>;

/// Adds to `out` the variables `function` assigns or steps (`x = ...`, `x += ...`, `x++`, `&x`).
pub(super) fn assigned_in(
    function: Node<'_>,
    syntax: &Syntax,
    text: &str,
    names: &Aliases,
    out: &mut HashSet<String>,
) {
    let mut found = Vec::new();
    collect(function, &|k| ASSIGNMENTS.contains(&k), &mut found);
    for node in found {
        if let Some(name) = assigned_by(node, syntax, text, names) {
            out.insert(name.to_string());
        }
    }
}

/// The kinds of the nodes that assign or step a variable.
pub(super) const ASSIGNMENTS: [&str; 7] = [
    "assignment_expression",
    "augmented_assignment_expression",
    "assignment",
    "augmented_assignment",
    "update_expression",
    "inc_statement",
    "dec_statement",
];

/// The variable an [`ASSIGNMENTS`] node assigns or steps, if it is a plain name.
pub(super) fn assigned_by<'a>(
    node: Node<'_>,
    syntax: &Syntax,
    text: &'a str,
    names: &'a Aliases,
) -> Option<&'a str> {
    let target = node
        .field("left")
        .or_else(|| node.field("argument"))
        .or_else(|| node.named_child(0))?;
    syntax
        .identifiers
        .contains(&target.kind_name())
        .then(|| names.name(target, text))
}

/// The declaration at `range` below `root` (see [`super::declared`]): the smallest node there, or
/// the one around it with the same bytes that is a declaration.
fn declaration_at<'t>(root: Node<'t>, range: &Range<usize>, syntax: &Syntax) -> Option<Node<'t>> {
    let mut node = root.descendant_for_byte_range(range.start, range.end)?;
    while !syntax.declarations.contains(&node.kind_name()) {
        node = node.parent().filter(|p| p.byte_range() == *range)?;
    }
    (node.byte_range() == *range).then_some(node)
}

/// The ranges of `sorted` (by start, then end) that lie inside `range`.
fn within(sorted: &[Range<usize>], range: Range<usize>) -> impl Iterator<Item = &Range<usize>> {
    let first = sorted.partition_point(|s| s.start < range.start);
    sorted[first..]
        .iter()
        .take_while(move |s| s.start < range.end)
        .filter(move |s| s.end <= range.end)
}

/// Nodes whose operand is not evaluated: `sizeof`, `alignof`, `decltype`, `typeof`.
const UNEVALUATED: [&str; 4] = [
    "sizeof_expression",
    "alignof_expression",
    "decltype",
    "typeof_expression",
];

/// Most levels [`path_to`] goes down; below them, no guard or `sizeof` around a sink is seen.
const MAX_PATH: usize = 256;

/// The outermost node below `node` with exactly the bytes `sink`, searched in the tree; the
/// smallest node around them where none has them. `outer_id`: the outermost node with those bytes
/// in the file, when known (then the smallest is it, and the search stops there).
fn outermost_below<'t>(node: Node<'t>, sink: &Range<usize>, outer_id: usize) -> Option<Node<'t>> {
    let smallest = node.descendant_for_byte_range(sink.start, sink.end)?;
    if smallest.id() == outer_id {
        return Some(smallest);
    }
    let mut cursor = node.walk();
    while cursor.goto_first_child_for_byte(sink.start).is_some() {
        let current = cursor.node();
        if current.byte_range() == *sink && current.id() != node.id() {
            return Some(current);
        }
        if current.start_byte() > sink.start || current.end_byte() < sink.end {
            break;
        }
    }
    Some(smallest)
}

/// The nodes from `top` down to `target` (both included), found with a cursor from the top;
/// just `top` and `target` when `target` lies deeper than [`MAX_PATH`] levels.
fn path_to<'t>(top: Node<'t>, target: Node<'t>) -> Vec<Node<'t>> {
    let range = target.byte_range();
    let mut path = vec![top];
    let mut cursor = top.walk();
    while cursor.node().id() != target.id() {
        if path.len() > MAX_PATH || cursor.goto_first_child_for_byte(range.start).is_none() {
            return vec![top, target];
        }
        while cursor.node().end_byte() < range.end || cursor.node().start_byte() > range.start {
            if !cursor.goto_next_sibling() {
                return vec![top, target];
            }
        }
        path.push(cursor.node());
    }
    path
}

/// The variables handed, as they stand, to a parameter that a function this file declares takes
/// by a reference it may write through (`void parse(const char *s, int &out)`; a `const &` only
/// reads): calls by name (`parse(s, n)`, `obj.parse(s, n)`, `ns::parse(s, n)`), at those
/// positions; and those of them the function may write (see [`super::Roles::written`]).
pub(crate) fn reference_arguments(root: Node<'_>, text: &str) -> (RangeSet, RangeSet) {
    let last_name = |node: Node<'_>| -> Option<String> {
        let named = match node.kind_name() {
            "identifier" | "field_identifier" => Some(node),
            "qualified_identifier" => node.field("name"),
            "field_expression" => node.field("field"),
            _ => None,
        }?;
        let name = text.get(named.byte_range())?;
        // `ns::parse`'s name is `parse`.
        Some(name.rsplit("::").next().unwrap_or(name).to_string())
    };
    // By name: the positions a definition of the file writes through (it decides), else the
    // positions its declarations take by reference.
    type Positions = std::collections::HashMap<String, HashSet<(usize, bool)>>;
    let (mut defined, mut declared) = (Positions::default(), Positions::default());
    let mut calls = Vec::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        match node.kind_name() {
            "function_declarator" => {
                let name = node.field("declarator").and_then(last_name);
                let parameters = node.field("parameters");
                if let (Some(name), Some(parameters)) = (name, parameters) {
                    let body = node
                        .parent()
                        .filter(|p| p.kind_name() == "function_definition")
                        .and_then(|p| p.field("body"));
                    let mut cursor = parameters.walk();
                    let by_reference: Vec<(usize, bool)> = parameters
                        .named_children(&mut cursor)
                        .enumerate()
                        .filter(|(_, p)| writable_reference(*p, text))
                        // A definition that never names the parameter gives it nothing.
                        .map(|(i, p)| (i, body.is_none_or(|b| names_parameter(b, p, text))))
                        .collect();
                    let table = if body.is_some() {
                        &mut defined
                    } else {
                        &mut declared
                    };
                    table.entry(name).or_default().extend(by_reference);
                }
            }
            "call_expression" => calls.push(node),
            _ => {}
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    let mut positions = declared;
    positions.extend(defined);
    positions.retain(|_, p| !p.is_empty());
    let (mut read, mut written) = (Default::default(), Default::default());
    if positions.is_empty() {
        return (read, written);
    }
    for call in calls {
        let name = call.field("function").and_then(last_name);
        let Some(at) = name.and_then(|n| positions.get(&n)) else {
            continue;
        };
        let Some(arguments) = call.field("arguments") else {
            continue;
        };
        let mut cursor = arguments.walk();
        for (i, argument) in arguments.named_children(&mut cursor).enumerate() {
            if argument.kind_name() != "identifier" {
                continue;
            }
            if at.contains(&(i, true)) {
                written.insert(argument.byte_range());
            }
            if at.contains(&(i, true)) || at.contains(&(i, false)) {
                read.insert(argument.byte_range());
            }
        }
    }
    (read, written)
}

/// Whether the body of a function names its parameter `parameter` (`T &name`) anywhere.
fn names_parameter(body: Node<'_>, parameter: Node<'_>, text: &str) -> bool {
    let mut declarator = parameter.field("declarator");
    while let Some(d) = declarator.filter(|d| d.kind_name() != "identifier") {
        declarator = d.named_child(0);
    }
    let Some(name) = declarator.and_then(|d| text.get(d.byte_range())) else {
        return true;
    };
    let mut stack = vec![body];
    while let Some(node) = stack.pop() {
        if node.kind_name() == "identifier" && text.get(node.byte_range()) == Some(name) {
            return true;
        }
        let mut cursor = node.walk();
        stack.extend(node.named_children(&mut cursor));
    }
    false
}

/// Whether a parameter is a reference the function may write through: `T &x`,
/// not `const T &x` nor `T &&x`.
fn writable_reference(parameter: Node<'_>, text: &str) -> bool {
    if parameter.kind_name() != "parameter_declaration" {
        return false;
    }
    let Some(declarator) = parameter.field("declarator") else {
        return false;
    };
    let reference = declarator.kind_name() == "reference_declarator"
        && text
            .get(declarator.byte_range())
            .is_some_and(|d| d.starts_with('&') && !d.starts_with("&&"));
    let mut cursor = parameter.walk();
    let constant = parameter
        .children(&mut cursor)
        .any(|c| c.kind_name() == "type_qualifier" && text.get(c.byte_range()) == Some("const"));
    reference && !constant
}

/// Whether `function` is a C++ method: its name is qualified (`void Widget::run()`) or it is
/// defined in a class body.
fn is_method(function: Node<'_>) -> bool {
    let qualified = std::iter::successors(function.field("declarator"), |d| d.field("declarator"))
        .any(|d| d.kind_name() == "qualified_identifier");
    qualified
        || function
            .parent()
            .is_some_and(|p| p.kind_name() == "field_declaration_list")
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

    /// What a rule that follows a value's state (`; flow: value`, the C memory rules) flags:
    /// each case is a C function with its roles marked.
    #[test]
    fn a_value_state_follows_paths_copies_and_checks() {
        let cases: &[(&str, &[&str])] = &[
            // A freed pointer freed again; the call that frees reads the state before it.
            (
                "void f(char *p) { free(«filled:«sink:p»»); free(«filled:«sink:p»»); }",
                &["p"],
            ),
            // A copy made before the `free` is freed with it; one that two pointers may have
            // been copied to does not make those two the same.
            (
                "void f(char *p) { char *q = p; free(«filled:p»); use(«sink:q»); }",
                &["q"],
            ),
            (
                "void f(char *a, char *b, int c) { char *u; if (c) u = a; else u = b; \
                 free(«filled:a»); use(«sink:b»); use(«sink:u»); }",
                &["u"],
            ),
            // What follows `return` runs only from a label a `goto` leads to, with its state;
            // an `else` that returns leaves nothing to what follows.
            (
                "void f(char *p, int c) { if (c) goto out; free(«filled:p»); return; \
                 out: free(«sink:p»); }",
                &[],
            ),
            (
                "void f(char *p, int c) { if (c) goto out; free(«filled:p»); out: use(«sink:p»); }",
                &["p"],
            ),
            (
                "void f(char *p, int c) { if (c) g(); else { free(«filled:p»); return; } use(«sink:p»); }",
                &[],
            ),
            // The rule's own checks: a failed one that leaves, one that holds, the right side
            // of `&&`, an assertion, a function of the file that never returns.
            (
                "void f() { char *p = «source:malloc(4)»; if («rejected:p == NULL») return; use(«sink:p»); }",
                &[],
            ),
            (
                "void f() { char *p = «source:malloc(4)»; if («checked:p») use(«sink:p»); use(«sink:p»); }",
                &["p"],
            ),
            (
                "void f() { char *p = «source:malloc(4)»; if («checked:p» && «sink:p»[0] == 1) g(); }",
                &[],
            ),
            (
                "void f() { char *p = «source:malloc(4)»; assert(«checked:p»); use(«sink:p»); }",
                &[],
            ),
            (
                "static void die_now(void) { log(1); abort(); }\n\
                 void f() { char *p = «source:malloc(4)»; if («rejected:p == NULL») die_now(); use(«sink:p»); }",
                &[],
            ),
            // A place a call is given the address of, or marked cleared, is clean after it.
            (
                "void f() { char *line = «source:NULL»; getline(&«cleared:line», &n, in); use(«sink:line»); }",
                &[],
            ),
            // `sizeof` does not evaluate its operand.
            (
                "void f() { char *p = «source:NULL»; g(sizeof *«sink:p»); }",
                &[],
            ),
            // What is computed from the value, or copied into a buffer, is not the value.
            (
                "void f(char *q) { char *p = «source:malloc(4)»; char *r = p + 1; memcpy(q, p, 4); \
                 use(«sink:r»); use(«sink:q»); }",
                &[],
            ),
        ];
        for (code, expected) in cases {
            let mut program = program(C, code);
            program.roles.value_only = true;
            assert_eq!(program.flagged(), *expected, "{code}");
        }
    }

    #[test]
    fn a_state_every_path_must_leave_and_numbers_that_keep_their_taint() {
        // `; paths: all`: a variable some path assigns is not reported; `do` runs its body
        // before its condition.
        let mut program = program(
            C,
            "int f(int c) { int «filled:v»; int «filled:w»; int «filled:n»; if (c) v = 1; \
             use(«sink:v»); use(«sink:w»); do { n = 1; } while («sink:n» < 0); return 0; }",
        );
        program.roles.value_only = true;
        program.roles.all_paths = true;
        assert_eq!(program.flagged(), ["w"]);
        // `; flow: number`: a cast to a number keeps the taint.
        let code = "int f() { int d = (int)«source:read_number()»; return 10 / «sink:d»; }";
        let mut program = super::super::fixture::program(C, code);
        assert!(
            program.flagged().is_empty(),
            "a numeric cast cleans by default"
        );
        program.roles.numbers = true;
        assert_eq!(program.flagged(), ["d"]);
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

    /// Over every rule test file, for every node's range at once: the nodes and functions found
    /// by going down within the file's table are those of the pass over the tree, and the table
    /// answers for most of them.
    #[test]
    fn outer_nodes_within_a_table_are_those_of_the_pass_over_the_tree() {
        let (mut checked, mut answered) = (0, 0);
        for (path, language, _, tree) in crate::lang::nodes::parsed_rule_test_files() {
            let Some(syntax) = super::lang::syntax(language) else {
                continue;
            };
            let root = tree.root_node();
            let mut ranges = Vec::new();
            let mut stack = vec![root];
            while let Some(node) = stack.pop() {
                ranges.push(node.byte_range());
                let mut cursor = node.walk();
                stack.extend(node.children(&mut cursor));
            }
            ranges.sort_by_key(|r| (r.start, r.end));
            ranges.dedup();
            let by_pass = super::outer_nodes_by_pass(root, syntax, &ranges);
            let table = crate::lang::nodes::Nodes::of(root);
            let by_table = crate::lang::nodes::within(Some(&table), || {
                let paths = ranges
                    .iter()
                    .filter_map(|r| crate::lang::nodes::path_below(root, r));
                answered += paths.count();
                super::outer_nodes(root, syntax, &ranges)
            });
            assert_eq!(by_pass, by_table, "{}", path.display());
            checked += ranges.len();
        }
        assert!(
            checked > 100_000 && answered * 2 > checked,
            "{answered} of {checked} ranges answered by the table"
        );
    }
}
