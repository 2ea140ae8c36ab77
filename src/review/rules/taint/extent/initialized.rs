//! Which parts of a buffer have been written: an array declared without an initializer or
//! memory from `malloc`, `alloca` or `new T[n]` of a plain type starts unwritten; an element
//! assigned (`data[i] = i` in a loop covers the counter's range), a fill, copy or read into it,
//! or a call that may write it, writes it. A read of elements that nothing wrote on any path is
//! reported by a rule with `; check: unwritten`. Where branches join, what either wrote counts
//! as written, so a read is reported only where no path wrote what it reads (as
//! c/uninitialized-variable does for single variables).

use tree_sitter::Node;

use super::judge::{access_of, Judged};
use super::{Access, Amount, Places, Unit};
use crate::lang::GrammarNames;
use crate::review::rules::taint::one_line;
use crate::review::rules::taint::shape::{field, unwrap_cast};
use crate::review::rules::taint::state::State;
use crate::review::rules::taint::walk::Walk;

/// The parts of a buffer some path has written, in the buffer's unit: sorted, disjoint ranges.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Written(Vec<(i64, i64)>);

impl Written {
    /// All of a buffer of `size`.
    pub(super) fn all(size: i64) -> Written {
        Written(vec![(0, size)])
    }

    /// Adds `start..end`.
    pub(super) fn add(&mut self, start: i64, end: i64) {
        if start >= end {
            return;
        }
        self.0.push((start, end));
        self.0.sort_unstable();
        let mut merged: Vec<(i64, i64)> = Vec::with_capacity(self.0.len());
        for (start, end) in self.0.drain(..) {
            match merged.last_mut() {
                Some(last) if start <= last.1 => last.1 = last.1.max(end),
                _ => merged.push((start, end)),
            }
        }
        self.0 = merged;
    }

    /// What either wrote.
    pub(super) fn union(&mut self, other: &Written) {
        for (start, end) in &other.0 {
            self.add(*start, *end);
        }
    }

    /// The first part of `start..end` not written, if any.
    fn missing(&self, start: i64, end: i64) -> Option<(i64, i64)> {
        let mut at = start;
        for (from, to) in &self.0 {
            if *to <= at {
                continue;
            }
            if *from > at {
                return Some((at, (*from).min(end)));
            }
            at = *to;
            if at >= end {
                return None;
            }
        }
        (at < end).then_some((at, end))
    }
}

impl Walk<'_> {
    /// A write through `pointer` of `span` (in its buffer's unit, from where it points), or of
    /// all of its buffer (`None`: where is not known).
    pub(super) fn mark_written(
        &self,
        pointer: Node<'_>,
        span: Option<(i64, i64)>,
        state: &mut State,
    ) {
        let Some(places) = self.known_places(pointer, state) else {
            return;
        };
        mark(&places, span, state);
    }

    /// A write of the elements `range` (`None`: which is not known) of what `pointer` points
    /// at (`p[i] = v`, `p[i].f = v`, `*p = v`).
    pub(super) fn mark_elements(
        &self,
        pointer: Node<'_>,
        range: Option<(i64, i64)>,
        state: &mut State,
    ) {
        let bare = unwrap_cast(pointer);
        let element = (bare.kind_name() == "identifier")
            .then(|| state.extents.element(&self.variable(bare, state)))
            .flatten();
        let Some(places) = self.known_places(pointer, state) else {
            return;
        };
        for place in places.list {
            let span = element
                .as_ref()
                .zip(range)
                .and_then(|(element, (low, high))| {
                    let buffer = state.extents.buffers.get(&place.buffer)?;
                    let step = buffer.size.in_unit_of(element)?;
                    Some((low * step, (high + 1) * step))
                });
            let one = Places {
                list: vec![place],
                ..Places::default()
            };
            mark(&one, span, state);
        }
    }

    /// A read at `sink` (`p[i]`, `*p`, or a copy's source) of what nothing wrote.
    pub(super) fn judge_unwritten(
        &self,
        sink: Node<'_>,
        around: &[Node<'_>],
        state: &State,
    ) -> Option<Judged> {
        if sink.kind_name() == "call_expression" {
            return self.judge_unwritten_copy(sink, state);
        }
        if access_of(sink, around) != Some(Access::Read) {
            return None;
        }
        let (pointer, (low, high)) = match sink.kind_name() {
            "subscript_expression" => {
                let (pointer, index) = (self.syntax.subscript)(sink)?;
                if self.is_row(pointer, state) {
                    return None;
                }
                (pointer, self.index_range(index, state)?)
            }
            "pointer_expression" if self.src(sink).starts_with('*') => {
                (field(sink, "argument")?, (0, 0))
            }
            _ => return None,
        };
        let bare = unwrap_cast(pointer);
        if bare.kind_name() != "identifier" {
            return None;
        }
        let name = self.variable(bare, state);
        let element = state.extents.element(&name)?;
        let said = if low == high {
            format!(
                "`{}` reads element {high} of `{name}`",
                one_line(self.src(sink))
            )
        } else {
            format!(
                "`{}` reads elements {low} to {high} of `{name}`",
                one_line(self.src(sink))
            )
        };
        let span = |unit: &Unit| {
            let step = unit.in_unit(&element)?;
            Some((low * step, (high + 1) * step))
        };
        self.unwritten(sink, pointer, state, span, &said)
    }

    /// A copy whose source (`memcpy`'s) reads bytes nothing wrote.
    fn judge_unwritten_copy(&self, call: Node<'_>, state: &State) -> Option<Judged> {
        let parts = (self.syntax.call)(call)?;
        let name = self.names.name(parts.name?, self.text);
        let (source, count) = match name {
            "memcpy" | "memmove" => (*parts.arguments.get(1)?, *parts.arguments.get(2)?),
            _ => return None,
        };
        let bytes = self.amount(count, state)?;
        let said = format!(
            "`{name}` reads {} from `{}`",
            bytes.describe(),
            one_line(self.src(source))
        );
        self.unwritten(
            call,
            source,
            state,
            |unit| Some((0, unit.in_unit(&bytes)?)),
            &said,
        )
    }

    /// Whether the read `span` (in the buffer's unit, from where `pointer` points) of what
    /// `pointer` points at reads what nothing wrote, wherever it may point.
    fn unwritten(
        &self,
        sink: Node<'_>,
        pointer: Node<'_>,
        state: &State,
        span: impl Fn(&Unit) -> Option<(i64, i64)>,
        said: &str,
    ) -> Option<Judged> {
        let places = self.known_places(pointer, state)?;
        if places.open || places.list.is_empty() {
            return Some(Judged::Unknown);
        }
        let mut found = None;
        for place in &places.list {
            let buffer = state.extents.buffers.get(&place.buffer)?;
            let (start, end) = span(&buffer.size.unit)?;
            let (start, end) = (place.offset + start, place.offset + end);
            // Past an end is the bounds rules' business.
            let (start, end) = (start.max(0), end.min(buffer.size.count));
            let Some((from, to)) = buffer.written.missing(start, end) else {
                // Some place holds what was written: not reported.
                return Some(Judged::Fits);
            };
            found.get_or_insert((place, from, to, buffer));
        }
        let (place, from, to, buffer) = found?;
        let part = |count: i64| {
            Amount {
                count,
                unit: buffer.size.unit.clone(),
            }
            .describe()
        };
        let detail = if from == 0 && to == buffer.size.count {
            format!("{said}, and nothing has written into its buffer")
        } else {
            format!(
                "{said}; nothing has written the {} from {} into its buffer",
                part(to - from),
                part(from)
            )
        };
        let mut steps = place.steps.clone();
        steps.push((sink.byte_range(), detail.as_str().into()));
        Some(Judged::Leaves {
            steps,
            detail,
            lent: Vec::new(),
        })
    }
}

impl Unit {
    /// How many of this unit one `element` covers.
    fn in_unit(&self, element: &Amount) -> Option<i64> {
        (*self == element.unit).then_some(element.count)
    }
}

/// Marks `span` (from each place; `None`: all) of the buffers `places` point into as written.
fn mark(places: &Places, span: Option<(i64, i64)>, state: &mut State) {
    for place in &places.list {
        let Some(buffer) = state.extents.buffers.get_mut(&place.buffer) else {
            continue;
        };
        match span {
            Some((start, end)) => buffer.written.add(place.offset + start, place.offset + end),
            None => buffer.written = Written::all(buffer.size.count),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Written;

    #[test]
    fn written_parts_join_and_tell_what_is_missing() {
        let mut written = Written::default();
        assert_eq!(written.missing(0, 10), Some((0, 10)));
        written.add(0, 5);
        written.add(8, 10);
        assert_eq!(written.missing(0, 10), Some((5, 8)));
        assert_eq!(written.missing(0, 5), None);
        written.add(4, 9);
        assert_eq!(written.missing(0, 10), None);
        let mut other = Written::default();
        other.add(20, 30);
        written.union(&other);
        assert_eq!(written.missing(0, 30), Some((10, 20)));
    }
}
