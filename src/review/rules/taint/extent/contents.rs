//! What a buffer holds, as far as the walk follows it: how many leading bytes are not zero and
//! where the string's terminator stands, changed by fills (`memset`), copies (`strcpy`,
//! `strcat`, `strncpy`), a terminator written (`p[99] = '\0'`), and forgotten where a call may
//! write the buffer or frees it. `strlen` of a pointer into such a buffer, and the string a copy
//! reads from it, then have a known length.

use tree_sitter::Node;

use super::library;
use super::{Buffer, Unit};
use crate::lang::GrammarNames;
use crate::review::rules::taint::shape::{buffer_base, field, unwrap_cast};
use crate::review::rules::taint::state::State;
use crate::review::rules::taint::walk::Walk;

impl Walk<'_> {
    /// A call, once its arguments have run: what it writes into the buffers it is given.
    pub(super) fn call_contents(&mut self, node: Node<'_>, state: &mut State) {
        let Some(call) = (self.syntax.call)(node) else {
            return;
        };
        let name = call
            .name
            .map(|n| self.names.name(n, self.text).to_string())
            .unwrap_or_default();
        let arguments = call.arguments;
        if library::releases(&name) || library::reallocates(&name) {
            // `realloc(p, n)` gives back what `p` held; what it returns is a new buffer.
            if let Some(pointer) = arguments.first() {
                self.released(*pointer, state);
            }
            if library::releases(&name) {
                return;
            }
        }
        // A call that may keep what it is given (anything but the library's readers, copies
        // and allocators) takes on giving it back: `list_add(&list, p)`, `set_name(obj, p)`.
        let keeps = !library::leaves_alone(&name);
        if keeps {
            // A call the repository may define (a plain name) lends what it is given: the join
            // decides whether it keeps it. Any other (a method of an object, a function
            // pointer that is not a local's) is taken to keep it.
            // In a C++ method a plain call may be a virtual method of the object.
            let plain = call.receiver.is_none()
                && !call.constructor
                && !name.is_empty()
                && !self.in_method
                // A local function pointer may have been pointed elsewhere (`fn = keeper`).
                && !state.extents.declared.contains_key(&name);
            for argument in &arguments {
                if let Some(pointer) = self.pointer_argument(*argument) {
                    if plain {
                        self.lend(pointer, *argument, state);
                    } else {
                        self.hand_on(pointer, state);
                    }
                }
            }
        }
        let argument = |i: usize| arguments.get(i).copied();
        let string = |walk: &Self, state: &State, i: usize| {
            argument(i).and_then(|a| walk.string_bytes(a, state))
        };
        let scalar =
            |walk: &Self, state: &State, i: usize| argument(i).and_then(|a| walk.scalar(a, state));
        let destination = argument(0);
        let width = if name.starts_with('w') { 4 } else { 1 };
        // What the call may write counts as written, all of each buffer it is given (a fill or
        // copy of part of a buffer is rarely followed by a read of the rest).
        if !library::only_reads(&name) {
            for argument in &arguments {
                if let Some(pointer) = self.pointer_argument(*argument) {
                    self.mark_written(pointer, None, state);
                }
            }
        }
        match (name.as_str(), destination) {
            ("memset" | "wmemset", Some(dst)) => {
                let fill = scalar(self, state, 1);
                let count = scalar(self, state, 2).map(|n| n * width);
                self.update(dst, state, |buffer, at| match (fill, count) {
                    (Some(0), Some(n)) if n > 0 => {
                        buffer.length = Some(at);
                        buffer.filled = buffer.filled.min(at);
                    }
                    (Some(_), Some(n)) => {
                        let end = at + n;
                        if buffer.length.is_some_and(|l| l < end && l >= at) {
                            buffer.length = None;
                        }
                        if buffer.filled >= at {
                            buffer.filled = buffer.filled.max(end);
                        }
                    }
                    _ => buffer.length = None,
                });
            }
            ("strcpy" | "wcscpy" | "stpcpy", Some(dst)) => {
                let copied = string(self, state, 1);
                self.update(dst, state, |buffer, at| {
                    buffer.length = copied.map(|l| at + l);
                    buffer.filled = copied.map_or(buffer.filled.min(at), |l| at + l);
                });
            }
            ("strcat" | "wcscat", Some(dst)) => {
                let copied = string(self, state, 1);
                self.update(dst, state, |buffer, at| {
                    buffer.length = buffer
                        .length
                        .filter(|l| *l >= at)
                        .zip(copied)
                        .map(|(l, c)| l + c);
                    buffer.filled = buffer.length.unwrap_or(buffer.filled.min(at));
                });
            }
            ("strncpy" | "wcsncpy" | "strncat" | "wcsncat", Some(dst)) => {
                let copied = string(self, state, 1);
                let bound = scalar(self, state, 2).map(|n| n * width);
                let appends = name.ends_with("cat");
                self.update(dst, state, |buffer, at| {
                    let start = if appends {
                        buffer.length.filter(|l| *l >= at)
                    } else {
                        Some(at)
                    };
                    buffer.length = match (start, copied, bound) {
                        // `strncpy` leaves no terminator when the string is as long as the
                        // bound; `strncat` always ends with one.
                        (Some(start), Some(c), Some(n)) if c < n => Some(start + c),
                        (Some(start), Some(c), Some(n)) if appends => Some(start + c.min(n)),
                        _ => None,
                    };
                    buffer.filled = buffer.length.unwrap_or(buffer.filled.min(at));
                });
            }
            _ => {
                // Any other call may write what it is given (unless it only reads): those
                // buffers' contents are no longer known, and a pointer handed by address
                // (`&p`) may point anywhere afterwards.
                let model = library::model(&name);
                let reads = library::only_reads(&name) || model.is_some();
                for argument in &arguments {
                    let bare = unwrap_cast(*argument);
                    if bare.kind_name() == "pointer_expression" && self.src(bare).starts_with('&') {
                        let inner =
                            field(bare, "argument").filter(|i| i.kind_name() == "identifier");
                        if let Some(inner) = inner {
                            let name = self.variable(inner, state);
                            state.extents.forget(&name);
                            continue;
                        }
                    }
                    if !reads {
                        self.update(*argument, state, |buffer, at| {
                            buffer.length = None;
                            buffer.filled = buffer.filled.min(at);
                        });
                    }
                }
                // A modelled copy, read or format writes its first buffer (`bcopy` its
                // second).
                let written = if name == "bcopy" {
                    argument(1)
                } else {
                    destination
                };
                if let (Some(_), Some(dst)) = (model, written) {
                    self.update(dst, state, |buffer, at| {
                        buffer.length = None;
                        buffer.filled = buffer.filled.min(at);
                    });
                }
            }
        }
    }

    /// A write of `value` (`None`: not a plain value) at element `position` (`None`: where is
    /// not known) of what `pointer` points at: a zero ends the string there.
    pub(super) fn written(
        &mut self,
        pointer: Node<'_>,
        position: Option<i64>,
        value: Option<Node<'_>>,
        state: &mut State,
    ) {
        let bare = unwrap_cast(pointer);
        let element = (bare.kind_name() == "identifier")
            .then(|| state.extents.element(&self.variable(bare, state)))
            .flatten()
            .and_then(|e| (e.unit == Unit::Byte).then_some(e.count));
        let (Some(position), Some(element)) = (position, element) else {
            return self.written_through(pointer, state);
        };
        let value = value.and_then(|v| self.scalar(v, state));
        self.update(pointer, state, |buffer, at| {
            let at = at + position * element;
            match value {
                Some(0) => {
                    buffer.length = match buffer.length {
                        Some(l) if l < at => Some(l),
                        _ if buffer.filled >= at => Some(at),
                        _ => None,
                    };
                    buffer.filled = buffer.filled.min(at);
                }
                Some(_) => {
                    if buffer.length == Some(at) {
                        buffer.length = None;
                    }
                    if buffer.filled == at {
                        buffer.filled = at + element;
                    }
                }
                None => {
                    if buffer.length.is_some_and(|l| l >= at) {
                        buffer.length = None;
                    }
                    buffer.filled = buffer.filled.min(at);
                }
            }
        });
    }

    /// A write through `pointer` at a place not known: what its buffer holds is not known.
    pub(super) fn written_through(&mut self, pointer: Node<'_>, state: &mut State) {
        self.update(buffer_base(pointer), state, |buffer, _| {
            buffer.length = None;
            buffer.filled = 0;
        });
    }

    /// `free(p)`, `delete p`: what `p` pointed into is gone.
    pub(super) fn released(&mut self, pointer: Node<'_>, state: &mut State) {
        let pointer = unwrap_cast(pointer);
        if let Some(places) = self.known_places(pointer, state) {
            for place in places.list {
                state.extents.buffers.remove(&place.buffer);
                state.extents.released.insert(place.buffer);
            }
        }
        if pointer.kind_name() == "identifier" {
            let name = self.variable(pointer, state);
            state.extents.forget(&name);
        }
    }

    /// Applies `change` to the buffer `pointer` points into, with the pointer's offset in
    /// bytes, when it points at one place of a buffer counted in bytes; a pointer that may
    /// point at several leaves each of their contents unknown.
    fn update(&mut self, pointer: Node<'_>, state: &mut State, change: impl Fn(&mut Buffer, i64)) {
        let Some(places) = self.known_places(pointer, state) else {
            return;
        };
        let one = places.list.len() == 1 && !places.open;
        for place in places.list {
            let Some(buffer) = state.extents.buffers.get_mut(&place.buffer) else {
                continue;
            };
            buffer.longest = None;
            if one && buffer.size.unit == Unit::Byte && place.offset >= 0 {
                change(buffer, place.offset);
            } else {
                buffer.length = None;
                buffer.filled = 0;
            }
            buffer.pristine = false;
        }
    }

    /// The bytes before the terminator of the string `value` holds, when known exactly: a
    /// string literal's, or what the buffer a pointer points at holds from where it points
    /// (the same wherever it may point).
    pub(super) fn string_bytes(&self, value: Node<'_>, state: &State) -> Option<i64> {
        self.string_lengths(value, state, |buffer| buffer.length)
            .and_then(|(shortest, longest)| (shortest == longest).then_some(longest))
    }

    /// The most bytes the string `value` holds may have before its terminator, where each
    /// branch that led here left a known length.
    pub(super) fn longest_string(&self, value: Node<'_>, state: &State) -> Option<i64> {
        self.string_lengths(value, state, |buffer| buffer.length.or(buffer.longest))
            .map(|(_, longest)| longest)
    }

    /// The shortest and the longest of the strings `value` may point at, each read off its
    /// buffer by `length`.
    fn string_lengths(
        &self,
        value: Node<'_>,
        state: &State,
        length: impl Fn(&Buffer) -> Option<i64>,
    ) -> Option<(i64, i64)> {
        if let Some((length, width)) = self.literal(value) {
            return Some((length * width, length * width));
        }
        let places = self.known_places(value, state)?;
        if places.open || places.list.is_empty() {
            return None;
        }
        let mut found: Option<(i64, i64)> = None;
        for place in &places.list {
            let buffer = state.extents.buffers.get(&place.buffer)?;
            let held = length(buffer)?;
            if buffer.size.unit != Unit::Byte || place.offset < 0 || place.offset > held {
                return None;
            }
            let here = held - place.offset;
            found = Some(match found {
                None => (here, here),
                Some((shortest, longest)) => (shortest.min(here), longest.max(here)),
            });
        }
        found
    }

    /// The variable whose buffer a call's argument hands over: `p`, `p + n`, `&p[n]`, `(T *)p`
    /// and `&p` (the pointer itself) are `p`; a value read from the buffer (`p[i]`, `*p`,
    /// `p->n`) hands nothing over.
    fn pointer_argument<'t>(&self, argument: Node<'t>) -> Option<Node<'t>> {
        let bare = unwrap_cast(argument);
        let value = matches!(
            bare.kind_name(),
            "subscript_expression" | "field_expression"
        ) || (bare.kind_name() == "pointer_expression"
            && self.src(bare).starts_with('*'));
        (!value).then(|| buffer_base(bare))
    }
}
