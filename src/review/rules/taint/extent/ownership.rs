//! What a function must give back: memory it allocated on the heap (`malloc`, `calloc`,
//! `realloc`, `strdup`, `new`) and files, directories and pipes it opened, until they are
//! released (`free`, `delete`, `fclose`, `closedir`, `pclose`) or handed on: stored where the
//! function does not own (a field, an element, a global, a `static`, through a pointer), given
//! to a call that may keep them (any call but the library's readers and copies), or returned.
//! One the function still holds where it returns or ends leaks (`; check: leak`); a branch
//! where the allocation's result was found to be NULL holds nothing. Where branches join, what
//! either branch handed on counts as handed on, so a leak is reported on a path where nothing
//! could have taken it.

use std::ops::Range;

use tree_sitter::Node;

use super::judge::Judged;
use super::{Buffer, Owned, Pointer};
use crate::lang::GrammarNames;
use crate::review::rules::taint::shape::{children, field, unwrap_cast};
use crate::review::rules::taint::state::State;
use crate::review::rules::taint::walk::Walk;
use crate::review::rules::taint::{one_line, Step};

impl Walk<'_> {
    /// What `value` points at is handed on: someone else gives it back.
    pub(super) fn hand_on(&self, value: Node<'_>, state: &mut State) {
        self.each_owned(value, state, |owned| owned.handed_on = true);
    }

    /// What `pointer` points at is given to a call that may keep it, as `argument`: a call the
    /// repository may define, which the join looks into (see [`super::keeping`]).
    pub(super) fn lend(&self, pointer: Node<'_>, argument: Node<'_>, state: &mut State) {
        self.each_owned(pointer, state, |owned| {
            if !owned.lent.contains(&argument.byte_range()) {
                owned.lent.push(argument.byte_range());
            }
        });
    }

    /// Applies `change` to what the function owns of each buffer `value` may point at.
    fn each_owned(&self, value: Node<'_>, state: &mut State, mut change: impl FnMut(&mut Owned)) {
        let Some(places) = self.known_places(value, state) else {
            return;
        };
        for place in places.list {
            if let Some(owned) = state
                .extents
                .buffers
                .get_mut(&place.buffer)
                .and_then(|b| b.owned.as_mut())
            {
                change(owned);
            }
        }
    }

    /// Hands on what each pointer `value` is built from points at (`p`, `p + 1`, a structure
    /// or array of them: `(struct entry){ .key = k }`).
    pub(super) fn hand_on_within(&self, value: Node<'_>, state: &mut State) {
        for pointer in self.pointers_within(value) {
            self.hand_on(pointer, state);
        }
    }

    /// The variables whose pointers `value` may carry: not those it only reads a value of
    /// (`p[0]`, `p->n`, `*p`, `sizeof p`), nor what it hands to a call (the call's business).
    fn pointers_within<'t>(&self, value: Node<'t>) -> Vec<Node<'t>> {
        let mut found = Vec::new();
        let mut stack = vec![value];
        while let Some(node) = stack.pop() {
            let reads = matches!(
                node.kind_name(),
                "subscript_expression"
                    | "field_expression"
                    | "sizeof_expression"
                    | "call_expression"
            ) || (node.kind_name() == "pointer_expression"
                && self.src(node).starts_with('*'));
            if reads && node.id() != value.id() {
                continue;
            }
            if node.kind_name() == "identifier" {
                found.push(node);
            }
            stack.extend(children(node));
        }
        found
    }

    /// Narrows the state to where `condition` holds (`holds`) or fails, for the pointers it
    /// tests against NULL: where a pointer is NULL, what it would have held was never
    /// allocated (`p = malloc(n); if (p == NULL) return -1;`).
    pub(in crate::review::rules::taint) fn narrow_null<'t>(
        &self,
        condition: Node<'t>,
        holds: bool,
        state: &mut State,
    ) {
        let mut condition = unwrap_cast(condition);
        if condition.kind_name() == "condition_clause" {
            match condition.field("value") {
                Some(value) => condition = unwrap_cast(value),
                None => return,
            }
        }
        let null = |node: Node<'_>| matches!(self.src(node), "NULL" | "0" | "nullptr");
        // `(p = malloc(n)) == NULL` tests `p`.
        let assigned = |node: Node<'t>| -> Node<'t> {
            let node = unwrap_cast(node);
            match node.kind_name() {
                "assignment_expression" => node.field("left").map(unwrap_cast).unwrap_or(node),
                _ => node,
            }
        };
        // The pointer tested, and whether the condition holding means it is NULL.
        let (pointer, null_when_holds) = match condition.kind_name() {
            "identifier" => (condition, false),
            "assignment_expression" => (assigned(condition), false),
            "unary_expression" if self.src(condition).starts_with('!') => {
                let Some(inner) = field(condition, "argument").map(assigned) else {
                    return;
                };
                if inner.kind_name() != "identifier" {
                    return self.narrow_null(inner, !holds, state);
                }
                (inner, true)
            }
            "binary_expression" => {
                let (Some(left), Some(right)) =
                    (field(condition, "left"), field(condition, "right"))
                else {
                    return;
                };
                let operator = field(condition, "operator").map(|o| o.kind_name());
                match operator {
                    Some("&&") if holds => {
                        self.narrow_null(left, true, state);
                        self.narrow_null(right, true, state);
                        return;
                    }
                    Some("||") if !holds => {
                        self.narrow_null(left, false, state);
                        self.narrow_null(right, false, state);
                        return;
                    }
                    // `a && (p = f())` failed: `f` did not run, or gave NULL; either way `p`
                    // holds nothing `f` made (and `a || !(p = f())` held, likewise).
                    Some("&&") | Some("||") => {
                        if allocates_in(right) {
                            self.narrow_null(right, holds, state);
                        }
                        return;
                    }
                    Some(op @ ("==" | "!=")) => {
                        let tested = if null(right) {
                            assigned(left)
                        } else if null(left) {
                            assigned(right)
                        } else {
                            return;
                        };
                        (tested, op == "==")
                    }
                    _ => return,
                }
            }
            _ => return,
        };
        if pointer.kind_name() != "identifier" || null_when_holds != holds {
            return;
        }
        // The pointer is NULL here: it points nowhere, and an allocation it alone held
        // failed.
        let name = self.variable(pointer, state);
        let Some(places) = state.extents.pointers.remove(&name) else {
            return;
        };
        for place in places.list {
            let others = state
                .extents
                .pointers
                .values()
                .any(|p| p.list.iter().any(|q| q.buffer == place.buffer));
            if !others {
                state.extents.buffers.remove(&place.buffer);
            }
        }
    }

    /// A `return` that may leave memory or a file behind: what the function still holds,
    /// other than what it returns.
    pub(super) fn judge_leak(&self, sink: Node<'_>, state: &State) -> Judged {
        if sink.kind_name() != "return_statement" {
            return Judged::Unknown;
        }
        if self.in_main {
            // The program ends: what it holds is given back.
            return Judged::Fits;
        }
        // What the value returned may point at (`return p;`, `return p + 1;`, `return
        // wrap(p);`), not what it only reads (`return p[0];`, `return p->n;`).
        let mut returned = Vec::new();
        let mut stack = children(sink);
        while let Some(node) = stack.pop() {
            let reads = matches!(
                node.kind_name(),
                "subscript_expression" | "field_expression" | "sizeof_expression"
            ) || (node.kind_name() == "pointer_expression"
                && self.src(node).starts_with('*'));
            if reads {
                continue;
            }
            if node.kind_name() == "identifier" {
                if let Some(places) = self.known_places(node, state) {
                    returned.extend(places.list.into_iter().map(|p| p.buffer));
                }
            }
            stack.extend(children(node));
        }
        match self.still_held(state, &returned) {
            Some((buffer, holder)) => {
                let made = self.text.get(buffer.origin.0.clone()).unwrap_or_default();
                let detail = leak_detail(buffer, made, holder.map(|(name, _)| name), "this return");
                let mut steps = holder
                    .map(|(_, place)| place.steps.clone())
                    .unwrap_or_else(|| vec![buffer.origin.clone()]);
                steps.push((sink.byte_range(), detail.as_str().into()));
                Judged::Leaves {
                    steps,
                    detail,
                    lent: lent_to(buffer),
                }
            }
            None => Judged::Fits,
        }
    }

    /// Where the body of a function ends with memory or a file still held: the flow's steps
    /// and what they say, reported at `end` (the closing brace).
    pub(in crate::review::rules::taint) fn leak_at_end(
        &self,
        end: Node<'_>,
        state: &State,
    ) -> Option<(Vec<Step>, String, Vec<Range<usize>>)> {
        let (buffer, holder) = self.still_held(state, &[])?;
        let made = self.text.get(buffer.origin.0.clone()).unwrap_or_default();
        let detail = leak_detail(
            buffer,
            made,
            holder.map(|(name, _)| name),
            "the function ends",
        );
        let mut steps = holder
            .map(|(_, place)| place.steps.clone())
            .unwrap_or_else(|| vec![buffer.origin.clone()]);
        steps.push((end.byte_range(), detail.as_str().into()));
        Some((steps, detail, lent_to(buffer)))
    }

    /// The first buffer (by where it was made) the function still holds and has not handed
    /// on, leaving out those in `returned`, with a variable that points at it: one lent to no
    /// call first (a leak whatever the repository's functions do).
    fn still_held<'s>(
        &self,
        state: &'s State,
        returned: &[usize],
    ) -> Option<(&'s Buffer, Option<(&'s str, &'s Pointer)>)> {
        let held = |lent: bool| {
            state.extents.buffers.iter().find(move |(key, buffer)| {
                buffer
                    .owned
                    .as_ref()
                    .is_some_and(|o| !o.handed_on && o.lent.is_empty() != lent)
                    && !returned.contains(key)
            })
        };
        let (key, buffer) = held(false).or_else(|| held(true))?;
        let holder = state.extents.pointers.iter().find_map(|(name, places)| {
            let place = places.list.iter().find(|p| p.buffer == *key)?;
            Some((name.as_str(), place))
        });
        Some((buffer, holder))
    }
}

/// What a leak says: what is held (made by `made`), by which variable, and where it is left
/// behind.
fn leak_detail(buffer: &Buffer, made: &str, holder: Option<&str>, at: &str) -> String {
    let made = one_line(made);
    let (what, verb) = match buffer.owned.as_ref().map_or("memory", |o| o.what) {
        "memory" => ("memory", "freed"),
        other => (other, "closed"),
    };
    match holder {
        Some(name) => format!(
            "`{name}` holds the {what} from `{made}`, which is not {verb} or handed on before \
             {at}"
        ),
        None => format!(
            "the {what} from `{made}` is held by no variable any more, and was not {verb} \
             before {at}"
        ),
    }
}

/// The arguments `buffer` was lent to.
fn lent_to(buffer: &Buffer) -> Vec<Range<usize>> {
    buffer
        .owned
        .as_ref()
        .map(|o| o.lent.clone())
        .unwrap_or_default()
}

/// Whether `condition` assigns a variable (`(p = f())`, `(p = f()) != NULL`): what it holds
/// after was made there.
fn allocates_in(condition: Node<'_>) -> bool {
    let mut stack = vec![condition];
    while let Some(node) = stack.pop() {
        if node.kind_name() == "assignment_expression" {
            return true;
        }
        stack.extend(children(node));
    }
    false
}
