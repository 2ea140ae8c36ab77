//! Judging an access against its buffer: how far a call or an index reaches from the pointer it
//! is given (by [`library`]'s models, a loop counter's range, a constant index), and whether
//! that lies past the end of the buffer the pointer stands in, or before its start.

use tree_sitter::Node;

use super::amount::Amount;
use super::library::{self, Reach};
use super::{Access, Buffer, Check, Pointer, Unit};
use crate::lang::GrammarNames;
use crate::review::rules::taint::shape::{field, unwrap_cast};
use crate::review::rules::taint::state::State;
use crate::review::rules::taint::walk::Walk;
use crate::review::rules::taint::{one_line, Step};

/// What the walk makes of one access.
pub(in crate::review::rules::taint) enum Judged {
    /// It may reach past an end of its buffer: the flow to it, and what it says of the sizes.
    Leaves {
        steps: Vec<Step>,
        detail: String,
        /// For a leak: the arguments the memory was lent to, which the join judges (see
        /// [`super::Owned::lent`]).
        lent: Vec<std::ops::Range<usize>>,
    },
    /// Every place its pointer may stand at is known, and it stays inside each.
    Fits,
    /// Not known: a buffer, a place or a reach the walk does not follow.
    Unknown,
}

/// How far one access reaches, in the unit of the buffer it lands in.
struct Span {
    /// Where it starts and ends, from the buffer's start.
    start: i64,
    end: i64,
    /// The end is where it ends, not only where it ends at the least (a copy of a string of
    /// unknown length reaches its terminator at least).
    exact: bool,
}

impl Walk<'_> {
    /// The access `sink` on the side `access` under `state`: whether it may reach past the
    /// end of its buffer or before its start. `around` is the nodes above the sink in its
    /// statement, outermost first (an assignment's target is written, any other use read).
    pub(in crate::review::rules::taint) fn judge_extent(
        &self,
        sink: Node<'_>,
        around: &[Node<'_>],
        check: Check,
        state: &State,
    ) -> Judged {
        let access = match check {
            Check::Bounds(access) => access,
            Check::Unwritten => {
                return self
                    .judge_unwritten(sink, around, state)
                    .unwrap_or(Judged::Unknown)
            }
            Check::Leak => return self.judge_leak(sink, state),
        };
        let judged = match sink.kind_name() {
            "call_expression" => self.judge_call(sink, access, state),
            "subscript_expression" => (self.syntax.subscript)(sink).and_then(|(pointer, index)| {
                if access_of(sink, around) != Some(access) || self.is_row(pointer, state) {
                    return None;
                }
                let range = self.index_range(index, state)?;
                self.judge_element(sink, pointer, range, access, state)
            }),
            "pointer_expression" if self.src(sink).starts_with('*') => {
                let pointer = field(sink, "argument");
                pointer
                    .filter(|_| access_of(sink, around) == Some(access))
                    .and_then(|p| self.judge_element(sink, p, (0, 0), access, state))
            }
            _ => None,
        };
        judged.unwrap_or(Judged::Unknown)
    }

    /// Whether `pointer[i]` is a row of an array of arrays (where the row starts: nothing is
    /// read or written).
    pub(super) fn is_row(&self, pointer: Node<'_>, state: &State) -> bool {
        let bare = unwrap_cast(pointer);
        bare.kind_name() == "identifier" && state.extents.rows(&self.variable(bare, state))
    }

    /// A call of [`library`]: each buffer it touches on the side `access`.
    fn judge_call(&self, call: Node<'_>, access: Access, state: &State) -> Option<Judged> {
        let parts = (self.syntax.call)(call)?;
        let name = self.names.name(parts.name?, self.text);
        let model = library::model(name)?;
        let arguments = parts.arguments;
        let what = match access {
            Access::Write => "writes",
            Access::Read => "reads",
        };
        let mut judged = false;
        let mut unknown = false;
        for (index, side, reach) in model.touches {
            if *side != access {
                continue;
            }
            judged = true;
            let Some(pointer) = arguments.get(*index).copied() else {
                unknown = true;
                continue;
            };
            let (places, open) = self.places_at(pointer, state);
            unknown |= open || places.is_empty();
            for (place, buffer) in places {
                let span = self.reach(
                    *reach,
                    model.width,
                    &arguments,
                    access,
                    &place,
                    buffer,
                    state,
                );
                let Some(span) = span else {
                    unknown = true;
                    continue;
                };
                unknown |= !span.exact;
                let reached = Amount {
                    count: span.end - span.start.max(place.offset),
                    unit: buffer.size.unit.clone(),
                };
                let said = format!(
                    "`{name}` {what} {} {} `{}`",
                    reached.describe(),
                    if access == Access::Write {
                        "into"
                    } else {
                        "from"
                    },
                    one_line(self.src(pointer)),
                );
                let step = buffer
                    .size
                    .in_unit_of(&Amount::bytes(model.width))
                    .unwrap_or(0);
                if let Some(detail) = leaves(&span, &place, buffer, step, &said, access, false) {
                    return Some(self.verdict(call, &place, detail));
                }
            }
        }
        Some(if judged && !unknown {
            Judged::Fits
        } else {
            Judged::Unknown
        })
    }

    /// `p[i]` or `*p`: the elements `range` of what `pointer` points at.
    fn judge_element(
        &self,
        sink: Node<'_>,
        pointer: Node<'_>,
        (low, high): (i64, i64),
        access: Access,
        state: &State,
    ) -> Option<Judged> {
        let bare = unwrap_cast(pointer);
        if bare.kind_name() != "identifier" {
            return None;
        }
        let name = self.names.name(bare, self.text);
        let element = state.extents.element(name)?;
        let what = match access {
            Access::Write => "writes",
            Access::Read => "reads",
        };
        let (places, open) = self.places_at(pointer, state);
        let mut unknown = open || places.is_empty();
        for (place, buffer) in places {
            let Some(step) = buffer.size.in_unit_of(&element) else {
                unknown = true;
                continue;
            };
            let span = Span {
                start: place.offset + low * step,
                end: place.offset + (high + 1) * step,
                exact: true,
            };
            let said = if low == high {
                format!("`{}` {what} element {high} of `{name}`", self.src(sink))
            } else {
                format!(
                    "`{}` {what} elements {low} to {high} of `{name}`",
                    one_line(self.src(sink))
                )
            };
            if let Some(detail) = leaves(&span, &place, buffer, step, &said, access, true) {
                return Some(self.verdict(sink, &place, detail));
            }
        }
        Some(if unknown {
            Judged::Unknown
        } else {
            Judged::Fits
        })
    }

    /// The places `pointer` may stand at, with their buffers, and whether it may stand
    /// elsewhere too (somewhere not followed, or in a buffer no longer known).
    fn places_at<'s>(
        &self,
        pointer: Node<'_>,
        state: &'s State,
    ) -> (Vec<(Pointer, &'s Buffer)>, bool) {
        let Some(places) = self.known_places(pointer, state) else {
            return (Vec::new(), true);
        };
        let mut open = places.open;
        let mut found = Vec::new();
        for place in places.list {
            match state.extents.buffers.get(&place.buffer) {
                Some(buffer) => found.push((place, buffer)),
                None => open = true,
            }
        }
        (found, open)
    }

    fn verdict(&self, sink: Node<'_>, place: &Pointer, detail: String) -> Judged {
        let mut steps = place.steps.clone();
        steps.push((sink.byte_range(), detail.as_str().into()));
        Judged::Leaves {
            steps,
            detail,
            lent: Vec::new(),
        }
    }

    /// The values an index takes: a constant, a loop counter's range, or either moved by a
    /// constant (`i + 1`).
    pub(super) fn index_range(&self, index: Node<'_>, state: &State) -> Option<(i64, i64)> {
        // A range a guard emptied: the access does not run.
        self.index_bounds(index, state)
            .filter(|(low, high)| low <= high)
    }

    fn index_bounds(&self, index: Node<'_>, state: &State) -> Option<(i64, i64)> {
        if let Some(n) = self.scalar(index, state) {
            return Some((n, n));
        }
        let index = unwrap_cast(index);
        match index.kind_name() {
            "identifier" => state
                .extents
                .ranges
                .get(self.names.name(index, self.text))
                .copied(),
            "binary_expression" => {
                let operator = field(index, "operator")?.kind_name();
                let (left, right) = (field(index, "left")?, field(index, "right")?);
                let (low, high) = self.index_bounds(left, state)?;
                let by = self.scalar(right, state)?;
                match operator {
                    "+" => Some((low.checked_add(by)?, high.checked_add(by)?)),
                    "-" => Some((low.checked_sub(by)?, high.checked_sub(by)?)),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Where an access of the modelled kind `reach` lands, from the buffer's start, for the
    /// place `place` its pointer stands at; `None` where it is not known.
    #[allow(clippy::too_many_arguments)]
    fn reach(
        &self,
        reach: Reach,
        width: i64,
        arguments: &[Node<'_>],
        access: Access,
        place: &Pointer,
        buffer: &Buffer,
        state: &State,
    ) -> Option<Span> {
        let argument = |i: usize| arguments.get(i).copied();
        let string = |i: usize| argument(i).and_then(|a| self.longest_string(a, state));
        let chars = |i: usize| {
            argument(i)
                .and_then(|a| self.scalar(a, state))
                .and_then(|n| n.checked_mul(width))
        };
        // What the buffer holds from where the pointer stands (`strcat` writes after it).
        let held = || {
            let length = buffer.length.or(buffer.longest)?;
            (buffer.size.unit == Unit::Byte && length >= place.offset)
                .then(|| length - place.offset)
        };
        let mut exact = true;
        let (skip, bytes): (i64, Amount) = match reach {
            Reach::Bytes(i) => (0, self.amount(argument(i)?, state)?),
            Reach::Chars(i) => (0, Amount::bytes(chars(i)?)),
            Reach::Product(a, b) => {
                let (a, b) = (argument(a)?, argument(b)?);
                let amount = match (self.scalar(a, state), self.scalar(b, state)) {
                    (Some(n), _) => self.amount(b, state)?.times(n)?,
                    (None, Some(n)) => self.amount(a, state)?.times(n)?,
                    _ => return None,
                };
                (0, amount)
            }
            Reach::String(i) => match string(i) {
                Some(length) => (0, Amount::bytes(length + width)),
                // A string of unknown length: its terminator at least.
                None => {
                    exact = false;
                    (0, Amount::bytes(width))
                }
            },
            Reach::Append(i) => (held()?, Amount::bytes(string(i)? + width)),
            Reach::AppendAtMost(i, n) => {
                let appended = match (string(i), chars(n)) {
                    (Some(s), Some(n)) => s.min(n),
                    (Some(s), None) => s,
                    (None, Some(n)) => n,
                    (None, None) => return None,
                };
                (held()?, Amount::bytes(appended + width))
            }
            Reach::StringAtMost(i, n) => {
                let bound = chars(n);
                let bytes = match (string(i), bound) {
                    (Some(s), Some(n)) => (s + width).min(n),
                    (None, Some(n)) if access == Access::Write => n,
                    (Some(s), None) => s + width,
                    // A string of unknown length: its first character at least.
                    _ => {
                        exact = false;
                        width
                    }
                };
                (0, Amount::bytes(bytes))
            }
            Reach::Formatted(n, format) => {
                let bound = chars(n)?;
                let formatted = self.formatted_chars(arguments, format, state);
                let bytes = formatted.map_or(bound, |f| (f * width + width).min(bound));
                (0, Amount::bytes(bytes))
            }
            Reach::Unbounded(format) => {
                let formatted = self.formatted_chars(arguments, format, state)?;
                (0, Amount::bytes(formatted * width + width))
            }
        };
        if bytes.count <= 0 {
            return None;
        }
        let count = buffer.size.in_unit_of(&bytes)?;
        let start = place.offset.checked_add(skip)?;
        Some(Span {
            start: place.offset.min(start),
            end: start.checked_add(count)?,
            exact,
        })
    }

    /// The most characters a format call writes (terminator not counted), when its format is a
    /// literal whose every directive has a known bound (`%s` of a string of known length,
    /// `%d`, `%c`, `%5s`, `%.10s`).
    fn formatted_chars(&self, arguments: &[Node<'_>], format: usize, state: &State) -> Option<i64> {
        let literal = *arguments.get(format)?;
        let spelled = self.names.text(unwrap_cast(literal), self.text.as_bytes());
        let spelled = std::str::from_utf8(spelled).ok()?.trim();
        let body = spelled.trim_start_matches(['L', 'u', 'U', '8']);
        let body = body.strip_prefix('"')?.strip_suffix('"')?;
        let mut values = arguments[format + 1..].iter();
        let mut total = 0i64;
        let mut chars = body.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\\' {
                chars.next();
                total += 1;
                continue;
            }
            if c != '%' {
                total += 1;
                continue;
            }
            if chars.peek() == Some(&'%') {
                chars.next();
                total += 1;
                continue;
            }
            while chars.peek().is_some_and(|c| "-+ #0".contains(*c)) {
                chars.next();
            }
            let number = |chars: &mut std::iter::Peekable<std::str::Chars<'_>>| {
                let mut digits = String::new();
                while let Some(d) = chars.peek().filter(|c| c.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                digits.parse::<i64>().ok()
            };
            if chars.peek() == Some(&'*') {
                return None;
            }
            let width = number(&mut chars).unwrap_or(0);
            let mut precision = None;
            if chars.peek() == Some(&'.') {
                chars.next();
                if chars.peek() == Some(&'*') {
                    return None;
                }
                precision = Some(number(&mut chars).unwrap_or(0));
            }
            let mut long = false;
            while let Some(l) = chars.peek().filter(|c| "hlLqjzt".contains(**c)) {
                long |= *l != 'h';
                chars.next();
            }
            let conversion = chars.next()?;
            let value = values.next();
            let most = match conversion {
                's' | 'S' => {
                    let text = self.string_bytes(*value?, state)?;
                    let text = if long || conversion == 'S' {
                        text / 4
                    } else {
                        text
                    };
                    precision.map_or(text, |p| text.min(p))
                }
                'd' | 'i' if long => 20,
                'd' | 'i' => 11,
                'u' if long => 20,
                'u' => 10,
                'x' | 'X' if long => 16,
                'x' | 'X' => 8,
                'o' if long => 22,
                'o' => 11,
                'c' => 1,
                'p' => 18,
                _ => return None,
            };
            total += most.max(width);
        }
        Some(total)
    }
}

/// Whether an index or `*p` is written (the target of an assignment, or of one through a
/// member of the element: `items[i].id = 0`) or read; `None` for `++`/`--` (both) and for what
/// reads nothing (`&p[n]`, `sizeof p[n]`).
pub(super) fn access_of(sink: Node<'_>, around: &[Node<'_>]) -> Option<Access> {
    let mut accessed = sink;
    let mut above = around.iter().rev();
    let parent = loop {
        let Some(parent) = above.next() else {
            return Some(Access::Read);
        };
        let member = parent.kind_name() == "field_expression"
            && parent.field("argument").map(|a| a.id()) == Some(accessed.id())
            && parent
                .field("operator")
                .is_some_and(|o| o.kind_name() == ".");
        if !member {
            break *parent;
        }
        accessed = *parent;
    };
    match parent.kind_name() {
        "assignment_expression" => {
            let target = field(parent, "left").is_some_and(|l| l.id() == accessed.id());
            Some(if target { Access::Write } else { Access::Read })
        }
        "update_expression" => None,
        // `&p[n]` and `sizeof p[n]` touch nothing.
        "pointer_expression" if parent.child(0).is_some_and(|c| c.kind_name() == "&") => None,
        "sizeof_expression" => None,
        _ => Some(Access::Read),
    }
}

/// What an access spanning `span` says when it leaves its buffer; `None` when it stays inside.
/// `step` is the size of one element or character, for an off-by-one; with `elements`, sizes
/// are said in elements of that size rather than in bytes.
fn leaves(
    span: &Span,
    place: &Pointer,
    buffer: &Buffer,
    step: i64,
    said: &str,
    access: Access,
    elements: bool,
) -> Option<String> {
    let size = buffer.size.count;
    let unit = |count: i64| {
        if elements && step > 0 && count % step == 0 {
            let n = count / step;
            return format!("{n} element{}", if n == 1 { "" } else { "s" });
        }
        Amount {
            count,
            unit: buffer.size.unit.clone(),
        }
        .describe()
    };
    if span.start < 0 {
        return Some(format!(
            "{said}, {} before the start of the buffer it points into",
            unit(-span.start)
        ));
    }
    if span.end <= size {
        return None;
    }
    let room = size - place.offset;
    let kept = match access {
        Access::Write => "has room for",
        Access::Read => "holds",
    };
    let mut detail = if room > 0 {
        format!("{said}, which {kept} {}", unit(room))
    } else {
        format!("{said}, which points past the end of its buffer")
    };
    if step > 0 && span.end - size == step {
        detail.push_str(": one past the end");
    }
    Some(detail)
}
