//! Buffer extents in C and C++: how large each buffer a function holds is, where each pointer
//! stands in one, and how long a string it holds is, followed by the same walk as taint (its
//! branches, loops, `goto`s and the constants that decide them), so that an access whose extent
//! the code states (`memcpy(data, source, 100)`, `strcpy(data, source)`, `data[i]` in a loop to
//! 100) is judged against the buffer it lands in (`char buf[50]`, `malloc(10)`, `new char[10]`,
//! `p = buf - 8`). A rule with `; flow: extent` reports an access that may reach past either end
//! of its buffer (`; check: write-bounds` or `read-bounds`), with the flow from the buffer's
//! allocation to the access.
//!
//! What is followed, per function:
//! - buffers: arrays declared with a size the constants give (`char buf[10 + 1]`, or the length
//!   of the string literal that initializes them), the allocators of [`library`] (`malloc`,
//!   `calloc`, `realloc`, `alloca`, `new T[n]`) and string literals; a size counted in a type
//!   the code does not size (`50 * sizeof(twoIntsStruct)`) is kept in that type (see
//!   [`amount`]);
//! - pointers: each variable's possible places in those buffers (a few alternatives where
//!   branches differ), through copies, casts, `p + n`, `p - n`, `&p[n]`, `p++` and `p += n`;
//! - contents: how many leading bytes are known not to be zero (`memset(p, 'A', 99)`) and where
//!   the string's terminator stands (`p[99] = '\0'`, `strcpy`, `strcat`, a literal), so that
//!   `strlen(p)` and a copy of `p` have a known length;
//! - loop counters: in `for (i = 0; i < n; i++)` with a known `n`, `i` ranges over `0 .. n - 1`
//!   in the body.
//!
//! Anything else forgets: a pointer assigned what is not followed, a buffer handed to a function
//! that may write it (its contents), a variable assigned in a loop. A forgotten fact judges
//! nothing, so what is reported is what the code states.

mod amount;
mod contents;
mod effects;
mod initialized;
mod judge;
mod keeping;
mod library;
mod ownership;
mod values;

use std::collections::BTreeMap;
use std::ops::Range;

use tree_sitter::Node;

pub(crate) use amount::{Amount, Unit};
pub(super) use judge::Judged;
pub(super) use keeping::keeping;
pub(crate) use keeping::Keeping;

use super::Step;
use crate::lang::GrammarNames;
use crate::review::rules::names::Aliases;
use crate::review::rules::RangeSet;

/// What a rule about extents judges of an access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    /// Whether it stays inside its buffer, on this side (`; check: write-bounds` or `read-bounds`).
    Bounds(Access),
    /// Whether a read reads what some path wrote before (`; check: unwritten`).
    Unwritten,
    /// Whether memory or a file the function holds is released or handed on before it returns
    /// (`; check: leak`).
    Leak,
}

/// Which side of an access a rule judges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Access {
    /// Writes into a buffer (`memcpy`'s destination, `p[i] = v`).
    Write,
    /// Reads from one (`memcpy`'s source, `v = p[i]`).
    Read,
}

/// The nodes of a file that make a buffer of a size the code may state: arrays declared with a
/// size, calls of [`library`]'s allocators, C++'s `new T[n]`. They are the sources of a rule
/// about extents, so that a function holding none is not walked.
pub(crate) fn sources(root: Node<'_>, text: &str, names: &Aliases) -> RangeSet {
    let mut found = RangeSet::default();
    let mut cursor = root.walk();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let source = match node.kind_name() {
            "array_declarator" => true,
            "new_expression" => node.field("placement").is_none(),
            "call_expression" => node
                .field("function")
                .filter(|f| f.kind_name() == "identifier")
                .is_some_and(|f| {
                    let name = names.name(f, text);
                    library::allocator(name).is_some() || library::acquires(name).is_some()
                }),
            _ => false,
        };
        if source {
            found.insert(node.byte_range());
        }
        stack.extend(node.named_children(&mut cursor));
    }
    found
}

/// Most places one variable may stand at after branches; past it nothing is known of it.
const MAX_ALTERNATIVES: usize = 4;

/// What a walk knows of the buffers of a function.
#[derive(Clone, Debug, Default)]
pub(crate) struct Extents {
    /// Where each pointer variable may point, by name. A variable declared and not yet given
    /// a value has no entry.
    pointers: BTreeMap<String, Places>,
    /// The buffers pointed into, by where their allocation starts.
    buffers: BTreeMap<usize, Buffer>,
    /// Each variable's declared element: what `p[1]` and `p + 1` step over.
    declared: BTreeMap<String, Declared>,
    /// The values a loop counter takes in the body of its loop.
    ranges: BTreeMap<String, (i64, i64)>,
    /// C++ references, by name, with the variable each stands for (`char *&ref = data;`).
    references: BTreeMap<String, String>,
    /// The buffers some path released (`free`, `fclose`), by key.
    released: std::collections::BTreeSet<usize>,
}

/// The places one pointer may stand at.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Places {
    list: Vec<Pointer>,
    /// It may also point somewhere the walk does not follow (a branch gave it another value):
    /// an access through it may be judged past an end, never within bounds.
    open: bool,
    /// Branches gave it more places than are followed: what it pointed at, and what it points
    /// at on any branch joined later, is given up (counted as written and handed on).
    gave_up: bool,
}

impl Places {
    fn known(list: Vec<Pointer>) -> Places {
        Places {
            list,
            ..Places::default()
        }
    }

    fn unknown() -> Places {
        Places {
            open: true,
            ..Places::default()
        }
    }
}

/// A place in a buffer.
#[derive(Clone, Debug, PartialEq)]
struct Pointer {
    /// The buffer's key in [`Extents::buffers`].
    buffer: usize,
    /// Where the pointer stands, from the buffer's start, in the buffer's unit.
    offset: i64,
    /// How it came to point there, from the allocation.
    steps: Vec<Step>,
}

/// A buffer and what it is known to hold.
#[derive(Clone, Debug, PartialEq)]
struct Buffer {
    size: Amount,
    /// Bytes from the start before the string's terminator, when known (bytes buffers only).
    length: Option<i64>,
    /// Where the branches that led here left terminators at different places: the last of
    /// them (so a copy of the string reaches at most that far).
    longest: Option<i64>,
    /// Leading bytes known not to be zero.
    filled: i64,
    /// What some path has written of it (see [`initialized`]).
    written: initialized::Written,
    /// Nothing has been written into it since it was made (an array without an initializer,
    /// `malloc`): where branches join, what the other branch wrote is what it holds (reading
    /// it unwritten is another bug).
    pristine: bool,
    /// What the function must give back of it, when it must (see [`ownership`]).
    owned: Option<Owned>,
    /// The allocation, as the first step of a flow.
    origin: Step,
}

/// Memory from the heap or an open file, which the function must release or hand on.
#[derive(Clone, Debug, PartialEq)]
struct Owned {
    /// What it is, as a message says it (`memory`, `file`, `directory`, `pipe`).
    what: &'static str,
    /// It was handed on (stored where the function does not own, given to a call that may keep
    /// it, returned): whoever took it gives it back.
    handed_on: bool,
    /// The arguments of calls it was given to that the repository may define (`log_line(p)`):
    /// whether it leaks is decided by the join, by whether those functions keep it (see
    /// [`keeping`]).
    lent: Vec<Range<usize>>,
}

/// What a variable's declaration says of it.
#[derive(Clone, Debug, PartialEq)]
struct Declared {
    /// The size of what one step of it covers (`char *p`: 1 byte; `twoIntsStruct *p`: one
    /// struct); `None` for `void *` and what is not a pointer or array.
    element: Option<Amount>,
    /// Declared as an array (`char buf[10]`): `sizeof buf` is the buffer, not a pointer.
    array: bool,
    /// Its elements are arrays themselves (`char rows[2][256]`): `rows[1]` reads nothing, it is
    /// where a row starts.
    nested: bool,
    /// A `static` or global: it outlives the function, and what it holds is not the function's
    /// to give back.
    lasting: bool,
}

impl Extents {
    /// Whether nothing is known (most functions, and every rule that is not about extents).
    pub(crate) fn is_empty(&self) -> bool {
        self.pointers.is_empty() && self.ranges.is_empty()
    }

    /// After two branches: a pointer may stand where either leaves it (up to
    /// [`MAX_ALTERNATIVES`] places), a buffer's contents are known where both agree, and a
    /// counter's range where both know the same.
    pub(crate) fn merge(&mut self, other: Extents) {
        // What a pointer of too many places pointed at, given up once the buffers are joined.
        let mut lost = Vec::new();
        for (name, places) in other.pointers {
            let Some(mine) = self.pointers.get_mut(&name) else {
                self.pointers.insert(name, places);
                continue;
            };
            mine.open |= places.open;
            mine.gave_up |= places.gave_up;
            for place in places.list {
                let same = |p: &Pointer| p.buffer == place.buffer && p.offset == place.offset;
                if !mine.list.iter().any(same) {
                    mine.list.push(place);
                }
            }
            if mine.gave_up || mine.list.len() > MAX_ALTERNATIVES {
                let mut given_up = std::mem::replace(mine, Places::unknown());
                mine.gave_up = true;
                lost.append(&mut given_up.list);
            }
        }
        // A buffer one branch released and the other still holds may have been released on
        // the path taken (the branches' conditions may be correlated): nobody is known to hold
        // it any more.
        let theirs_released = &other.released;
        self.buffers
            .retain(|key, _| !theirs_released.contains(key) || other.buffers.contains_key(key));
        for (key, theirs) in other.buffers {
            let Some(mine) = self.buffers.get_mut(&key) else {
                if !self.released.contains(&key) {
                    self.buffers.insert(key, theirs);
                }
                continue;
            };
            if mine.size != theirs.size {
                // One allocation of two sizes: neither is known.
                self.buffers.remove(&key);
                continue;
            }
            // Handed on by either branch: whoever took it gives it back.
            let handed_on = [&mine.owned, &theirs.owned]
                .iter()
                .any(|o| o.as_ref().is_some_and(|o| o.handed_on));
            let mut lent: Vec<Range<usize>> = Vec::new();
            for owned in [&mine.owned, &theirs.owned].into_iter().flatten() {
                for argument in &owned.lent {
                    if !lent.contains(argument) {
                        lent.push(argument.clone());
                    }
                }
            }
            let written = std::mem::take(&mut mine.written);
            if mine.pristine {
                *mine = theirs;
            } else if !theirs.pristine {
                if mine.length != theirs.length {
                    let known = |b: &Buffer| b.length.or(b.longest);
                    mine.longest = known(mine).zip(known(&theirs)).map(|(a, b)| a.max(b));
                    mine.length = None;
                } else if mine.longest != theirs.longest {
                    mine.longest = mine.longest.zip(theirs.longest).map(|(a, b)| a.max(b));
                }
                mine.filled = mine.filled.min(theirs.filled);
                mine.written.union(&theirs.written);
            } else {
                mine.written.union(&theirs.written);
            }
            mine.written.union(&written);
            if let Some(owned) = &mut mine.owned {
                owned.handed_on = handed_on;
                owned.lent = lent;
            }
        }
        self.released.extend(other.released);
        self.lose(Places {
            list: lost,
            ..Places::default()
        });
        for (name, declared) in other.declared {
            self.declared.entry(name).or_insert(declared);
        }
        for (name, target) in other.references {
            self.references.entry(name).or_insert(target);
        }
        // A counter keeps the values either branch leaves it (a guard narrows one branch only).
        self.ranges
            .retain(|name, range| match other.ranges.get(name) {
                Some(theirs) => {
                    *range = (range.0.min(theirs.0), range.1.max(theirs.1));
                    true
                }
                None => false,
            });
    }

    /// Forgets where `name` points (it was given a value not followed).
    pub(crate) fn forget(&mut self, name: &str) {
        let old = self.pointers.insert(name.to_string(), Places::unknown());
        self.ranges.remove(name);
        self.lose(old.unwrap_or_default());
    }

    /// What `places` pointed at is no longer followed through them: it may have been written
    /// through them in ways not followed (`*p++ = c` in a loop), so it counts as written, and
    /// what is done with them next (`free(p)` after the loop) is not followed either, so it
    /// counts as handed on.
    fn lose(&mut self, places: Places) {
        for place in places.list {
            if let Some(buffer) = self.buffers.get_mut(&place.buffer) {
                buffer.written = initialized::Written::all(buffer.size.count);
                if let Some(owned) = &mut buffer.owned {
                    owned.handed_on = true;
                }
            }
        }
    }

    /// Nothing is known of where `name` points (a global another function assigns).
    pub(crate) fn unknown(&mut self, name: &str) {
        if self.pointers.contains_key(name) {
            self.pointers.insert(name.to_string(), Places::unknown());
        }
    }

    /// `name` counts through `range` (the body of its loop).
    pub(crate) fn count(&mut self, name: String, range: (i64, i64)) {
        self.ranges.insert(name, range);
    }

    /// The element size of `name`'s declaration.
    fn element(&self, name: &str) -> Option<Amount> {
        self.declared.get(name).and_then(|d| d.element.clone())
    }

    /// Whether `name` is an array of arrays, whose elements are rows rather than values.
    fn rows(&self, name: &str) -> bool {
        self.declared.get(name).is_some_and(|d| d.nested)
    }
}

#[cfg(test)]
mod tests;
