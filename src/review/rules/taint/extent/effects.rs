//! What a statement does to the extents the walk follows: declarations and allocations make
//! buffers, assignments and pointer arithmetic move pointers, fills, copies and terminators
//! change what a buffer holds, and a call that may write a buffer, or frees it, forgets.

use tree_sitter::Node;

use super::amount::{literal_length, type_size, Amount};
use super::initialized::Written;
use super::library::{self, Allocation};
use super::{Buffer, Declared, Owned, Places, Pointer, Unit};
use crate::lang::GrammarNames;
use crate::review::rules::taint::constant::Value;
use crate::review::rules::taint::shape::{children, declarator_name, field, unwrap_cast};
use crate::review::rules::taint::state::State;
use crate::review::rules::taint::walk::Walk;
use crate::review::rules::taint::{one_line, Step};

impl Walk<'_> {
    /// The variable the identifier `node` names: through a macro that stands for it, and
    /// through a C++ reference to it.
    pub(super) fn variable(&self, node: Node<'_>, state: &State) -> String {
        let name = self.names.name(node, self.text);
        match state.extents.references.get(name) {
            Some(target) => target.clone(),
            None => name.to_string(),
        }
    }

    /// What `node`, a statement of a rule about extents, does to them: its parts in the order
    /// they run (the values of an assignment before its target).
    pub(in crate::review::rules::taint) fn extent_effects(
        &mut self,
        node: Node<'_>,
        state: &mut State,
    ) {
        if !self.budget.enter() {
            return;
        }
        self.extent_effects_at_depth(node, state);
        self.budget.leave();
    }

    fn extent_effects_at_depth(&mut self, node: Node<'_>, state: &mut State) {
        if self.is(self.syntax.declarations, node) || self.is(self.syntax.lambdas, node) {
            return;
        }
        match node.kind_name() {
            "declaration" => {
                let type_text = field(node, "type").map(|t| self.src(t)).unwrap_or("");
                // `static` and global arrays start as zeros.
                let lasting = children(node).iter().any(|c| {
                    c.kind_name() == "storage_class_specifier"
                        && matches!(self.src(*c), "static" | "extern" | "thread_local")
                }) || node.parent().is_some_and(|p| {
                    matches!(
                        p.kind_name(),
                        "translation_unit" | "declaration_list" | "linkage_specification"
                    )
                });
                for declarator in super::super::shape::fields(node, "declarator") {
                    if let Some(value) = field(declarator, "value") {
                        self.extent_effects(value, state);
                    }
                    self.declare(type_text, declarator, lasting, state);
                }
            }
            "assignment_expression" => {
                let (Some(left), Some(right)) = (field(node, "left"), field(node, "right")) else {
                    return;
                };
                self.extent_effects(right, state);
                let operator = super::super::shape::operator(node, self.text);
                self.assigned(node, left, right, operator, state);
            }
            "update_expression" => {
                let Some(argument) = field(node, "argument") else {
                    return;
                };
                let step = if self.src(node).contains("++") { 1 } else { -1 };
                match argument.kind_name() {
                    "identifier" => {
                        let name = self.variable(argument, state);
                        self.move_pointer(&name, step, node, state);
                    }
                    _ => {
                        self.written_through(argument, state);
                        self.mark_written(super::super::shape::buffer_base(argument), None, state);
                    }
                }
            }
            "call_expression" => {
                for argument in children(node) {
                    self.extent_effects(argument, state);
                }
                self.call_contents(node, state);
            }
            "delete_expression" => {
                if let Some(pointer) = node.named_child(0) {
                    self.released(pointer, state);
                }
            }
            _ => {
                for child in children(node) {
                    self.extent_effects(child, state);
                }
            }
        }
    }

    /// A declarator of a declaration whose type is `type_text`: the variable's element, and
    /// the buffer an array declares or the place an initializer points at.
    fn declare(&mut self, type_text: &str, declarator: Node<'_>, lasting: bool, state: &mut State) {
        let value = field(declarator, "value");
        let shape = if declarator.kind_name() == "init_declarator" {
            field(declarator, "declarator")
        } else {
            Some(declarator)
        };
        let Some(shape) = shape else { return };
        let name_node = declarator_name(shape);
        let name = self.names.name(name_node, self.text).to_string();
        // The wrappers from the outside in (`*a[10]`: a pointer wrapper, then an array one);
        // the innermost says what the variable is.
        let mut wrappers = Vec::new();
        let mut current = shape;
        while current.id() != name_node.id() {
            wrappers.push(current);
            match field(current, "declarator") {
                Some(inner) => current = inner,
                None => break,
            }
        }
        let base = type_size(type_text);
        // The initializer runs before the variable exists (`char *data = *dataPtr1;` may read
        // an outer `data` of the same name).
        let initial = value
            .filter(|_| !wrappers.iter().any(|w| w.kind_name() == "array_declarator"))
            .map(|v| (v, self.places_of(v, state)));
        // A new variable (it may shadow one of the same name): no value yet.
        let extents = &mut state.extents;
        extents.pointers.remove(&name);
        extents.ranges.remove(&name);
        extents.references.remove(&name);
        // `char *&ref = data;`: `ref` is `data` from here on.
        if wrappers
            .iter()
            .any(|w| w.kind_name() == "reference_declarator")
        {
            let target = initial
                .as_ref()
                .map(|(v, _)| unwrap_cast(*v))
                .filter(|v| v.kind_name() == "identifier")
                .map(|v| self.variable(v, state));
            if let Some(target) = target {
                state.extents.references.insert(name, target);
            }
            return;
        }
        let extents = &mut state.extents;
        let Some((own, outer)) = wrappers.split_last() else {
            extents.declared.insert(
                name.clone(),
                Declared {
                    element: None,
                    array: false,
                    nested: false,
                    lasting,
                },
            );
            // A pointer whose type a name hides (`auto p = new T;`, `DIR *` behind a typedef).
            if let Some((value, places)) = initial {
                self.set_places(&name, value, places, declarator, state);
                if lasting {
                    self.hand_on(value, state);
                }
            }
            return;
        };
        // What one step of the variable covers: the base type through the outer wrappers.
        let mut element = Some(base.clone());
        for wrapper in outer.iter().rev() {
            element = match wrapper.kind_name() {
                "array_declarator" => {
                    let count = field(*wrapper, "size").and_then(|s| self.scalar(s, state));
                    element.zip(count).and_then(|(e, n)| e.times(n))
                }
                _ => Some(type_size("void *")),
            };
        }
        let array = own.kind_name() == "array_declarator";
        if !array && own.kind_name() != "pointer_declarator" {
            element = None;
        }
        let nested = outer
            .last()
            .is_some_and(|w| w.kind_name() == "array_declarator");
        state.extents.declared.insert(
            name.clone(),
            Declared {
                element: element.clone(),
                array,
                nested,
                lasting,
            },
        );
        if array {
            let literal = value.and_then(|v| self.literal(v));
            let count = field(*own, "size")
                .and_then(|s| self.scalar(s, state))
                .or_else(|| literal.map(|(length, _)| length + 1));
            let Some(size) = element.zip(count).and_then(|(e, n)| e.times(n)) else {
                return;
            };
            let label = format!(
                "`{} {}` holds {}",
                type_text,
                one_line(self.src(shape)),
                size.describe()
            );
            // Written where it is declared: with a value, as a `static` or a global, or as an
            // array of a C++ type that may have a constructor.
            let constructed = self.roles.constructs && base.unit != Unit::Byte;
            let written = if value.is_some() || lasting || constructed {
                Written::all(size.count)
            } else {
                Written::default()
            };
            let mut buffer = Buffer {
                size,
                length: None,
                longest: None,
                filled: 0,
                written,
                pristine: value.is_none(),
                owned: None,
                origin: (shape.byte_range(), label.into()),
            };
            match (value, literal) {
                (_, Some((length, width))) => {
                    buffer.length = Some(length * width);
                    buffer.filled = length * width;
                }
                // `= {0}`, `= {}`, `= ""`: every element zero.
                (Some(v), None) if v.kind_name() == "initializer_list" && self.zeros(v, state) => {
                    buffer.length = Some(0);
                }
                _ => {}
            }
            self.place_new(&name, buffer, state);
        } else if let Some((value, places)) = initial {
            self.set_places(&name, value, places, declarator, state);
            if lasting {
                self.hand_on(value, state);
            }
        }
        // A structure or array built from pointers holds them: handed on with it.
        if let Some(list) = value.filter(|v| v.kind_name() == "initializer_list") {
            self.hand_on_within(list, state);
        }
    }

    /// Whether an initializer list holds only zeros (`{0}`, `{'\0'}`, `{}`).
    fn zeros(&self, list: Node<'_>, state: &State) -> bool {
        children(list)
            .into_iter()
            .all(|c| self.scalar(c, state) == Some(0))
    }

    /// A new buffer, with `name` pointing at its start.
    fn place_new(&mut self, name: &str, buffer: Buffer, state: &mut State) {
        let key = buffer.origin.0.start;
        let steps = vec![buffer.origin.clone()];
        state.extents.buffers.insert(key, buffer);
        state.extents.released.remove(&key);
        state.extents.pointers.insert(
            name.to_string(),
            Places::known(vec![Pointer {
                buffer: key,
                offset: 0,
                steps,
            }]),
        );
    }

    /// `name` is given `value` at `at`: it points where the value does, or nowhere known.
    fn point(&mut self, name: &str, value: Node<'_>, at: Node<'_>, state: &mut State) {
        let places = self.places_of(value, state);
        self.set_places(name, value, places, at, state);
    }

    /// `name` is given `value`, which points at `places`, at `at`. A null pointer points at no
    /// buffer: what it is used for is the null-dereference rules' business.
    fn set_places(
        &mut self,
        name: &str,
        value: Node<'_>,
        places: Option<Places>,
        at: Node<'_>,
        state: &mut State,
    ) {
        if matches!(self.src(unwrap_cast(value)), "NULL" | "0" | "nullptr") {
            state.extents.pointers.remove(name);
            state.extents.ranges.remove(name);
            return;
        }
        match places {
            Some(mut places) if !places.list.is_empty() => {
                let step: Step = (at.byte_range(), format!("assigned to `{name}`").into());
                for place in &mut places.list {
                    place.steps.push(step.clone());
                }
                state.extents.pointers.insert(name.to_string(), places);
            }
            _ => state.extents.forget(name),
        }
    }

    /// An assignment `left operator right`, once `right` has run.
    fn assigned(
        &mut self,
        node: Node<'_>,
        left: Node<'_>,
        right: Node<'_>,
        operator: &str,
        state: &mut State,
    ) {
        // Stored where the function does not own it (a field, an element, a global, a
        // `static`, through a pointer): whoever reads it there gives it back.
        let local = left.kind_name() == "identifier"
            && state
                .extents
                .declared
                .get(&self.variable(left, state))
                .is_some_and(|d| !d.lasting);
        if !local {
            self.hand_on_within(right, state);
        }
        match left.kind_name() {
            "identifier" => {
                let name = self.variable(left, state);
                match operator {
                    "=" => {
                        self.point(&name, right, node, state);
                        // A global or `static` given what was just allocated holds it, and so
                        // does a field it was stored in on the way (`cs = c->state = alloc()`).
                        if !local || self.stored_elsewhere(right, state) {
                            self.hand_on(left, state);
                        }
                    }
                    "+=" | "-=" => match self.scalar(right, state) {
                        Some(n) => {
                            let n = if operator == "+=" { n } else { -n };
                            self.move_pointer(&name, n, node, state);
                        }
                        None => state.extents.forget(&name),
                    },
                    _ => state.extents.forget(&name),
                }
            }
            "subscript_expression" => {
                let pointer = field(left, "argument");
                let index = (self.syntax.subscript)(left).map(|(_, index)| index);
                if let (Some(pointer), Some(index)) = (pointer, index) {
                    let value = (operator == "=").then_some(right);
                    let position = self.scalar(index, state);
                    self.written(pointer, position, value, state);
                    let range = self.index_range(index, state);
                    self.mark_elements(pointer, range, state);
                }
            }
            // `items[i].id = v`, `p->id = v`: the element is written (a member stands for it).
            "field_expression" => {
                let object = field(left, "argument");
                let arrow = self.src(left).contains("->");
                match object {
                    Some(object) if arrow => self.mark_elements(object, Some((0, 0)), state),
                    Some(object) => {
                        if let Some((pointer, index)) = (self.syntax.subscript)(object) {
                            let range = self.index_range(index, state);
                            self.mark_elements(pointer, range, state);
                        }
                    }
                    None => {}
                }
            }
            "pointer_expression" if self.src(left).starts_with('*') => {
                let through = field(left, "argument").and_then(|p| self.constant(p, state));
                if let Some(Value::Address(name)) = through {
                    // `*pp = p` after `pp = &data`: `data = p`.
                    if operator == "=" {
                        self.point(&name, right, node, state);
                    } else {
                        state.extents.forget(&name);
                    }
                    return;
                }
                if let Some(pointer) = field(left, "argument") {
                    let value = (operator == "=").then_some(right);
                    self.written(pointer, Some(0), value, state);
                    self.mark_elements(pointer, Some((0, 0)), state);
                }
            }
            _ => {}
        }
    }

    /// Whether `value` is (through casts and parentheses) an assignment to a place the function
    /// does not own: a field, an element, a global (`c->state = alloc()`).
    fn stored_elsewhere(&self, value: Node<'_>, state: &State) -> bool {
        let value = unwrap_cast(value);
        if value.kind_name() != "assignment_expression" {
            return false;
        }
        let (Some(left), Some(right)) = (field(value, "left"), field(value, "right")) else {
            return false;
        };
        let local = left.kind_name() == "identifier"
            && state
                .extents
                .declared
                .get(&self.variable(left, state))
                .is_some_and(|d| !d.lasting);
        !local || self.stored_elsewhere(right, state)
    }

    /// `name` moves by `steps` of its element (`p++`, `p += 2`).
    fn move_pointer(&mut self, name: &str, steps: i64, at: Node<'_>, state: &mut State) {
        let element = state.extents.element(name);
        let Some(places) = state.extents.pointers.get(name) else {
            return;
        };
        let open = places.open;
        let moved: Option<Vec<Pointer>> = places
            .list
            .clone()
            .into_iter()
            .map(|mut place| {
                let unit = &state.extents.buffers.get(&place.buffer)?.size;
                let by = unit.in_unit_of(&element.clone()?.times(steps)?)?;
                place.offset = place.offset.checked_add(by)?;
                place.steps.push((
                    at.byte_range(),
                    format!("`{}` moved", one_line(self.src(at))).into(),
                ));
                Some(place)
            })
            .collect();
        match moved {
            Some(list) => {
                state.extents.pointers.insert(
                    name.to_string(),
                    Places {
                        list,
                        open,
                        ..Places::default()
                    },
                );
            }
            // Moved by what is not followed (within memory of a size not known).
            None => state.extents.forget(name),
        }
    }

    /// The places an expression points at: a variable's, a new buffer an allocation or a
    /// string literal makes (added to the state), one of those moved by a known number of
    /// elements (`p + 8`, `p - 8`, `&p[3]`), either branch of a ternary. `None`: not known.
    pub(super) fn places_of(&mut self, value: Node<'_>, state: &mut State) -> Option<Places> {
        let value = unwrap_cast(value);
        if let Some(places) = self.known_places(value, state) {
            return Some(places);
        }
        if let Some(buffer) = self.allocated(value, state) {
            let key = buffer.origin.0.start;
            let steps = vec![buffer.origin.clone()];
            state.extents.buffers.insert(key, buffer);
            state.extents.released.remove(&key);
            return Some(Places::known(vec![Pointer {
                buffer: key,
                offset: 0,
                steps,
            }]));
        }
        match value.kind_name() {
            "conditional_expression" => {
                if let Some(chosen) = self.chosen_branch(value, state) {
                    return self.places_of(chosen, state);
                }
                // A null pointer on one side points nowhere: the other side's places.
                let mut side = |node: Option<Node<'_>>| -> Option<Places> {
                    let node = unwrap_cast(node?);
                    if matches!(self.src(node), "NULL" | "0" | "nullptr") {
                        return Some(Places::default());
                    }
                    self.places_of(node, state)
                };
                let mut places = side(field(value, "consequence"))?;
                let other = side(field(value, "alternative"))?;
                places.open |= other.open;
                places.list.extend(other.list);
                Some(places)
            }
            "assignment_expression" => self.places_of(field(value, "right")?, state),
            _ => None,
        }
    }

    /// The places an expression points at among those the state already holds (no new buffer
    /// is made): a variable, `p ± n`, `&p[n]`, `*pp` after `pp = &p`.
    pub(super) fn known_places(&self, value: Node<'_>, state: &State) -> Option<Places> {
        let value = unwrap_cast(value);
        match value.kind_name() {
            "identifier" => state
                .extents
                .pointers
                .get(&self.variable(value, state))
                .cloned(),
            "binary_expression" => {
                let operator = field(value, "operator").map(|o| o.kind_name())?;
                let (left, right) = (field(value, "left")?, field(value, "right")?);
                let (pointer, count) = match operator {
                    "+" if self.scalar(left, state).is_some() => (right, self.scalar(left, state)?),
                    "+" => (left, self.scalar(right, state)?),
                    "-" => (left, -self.scalar(right, state)?),
                    _ => return None,
                };
                self.moved(pointer, count, state)
            }
            // `(data = alloc())`, once it has run: what `data` holds.
            "assignment_expression" => {
                let left = unwrap_cast(field(value, "left")?);
                (left.kind_name() == "identifier")
                    .then(|| {
                        state
                            .extents
                            .pointers
                            .get(&self.variable(left, state))
                            .cloned()
                    })
                    .flatten()
            }
            "pointer_expression" => {
                let argument = field(value, "argument")?;
                if self.src(value).starts_with('&') {
                    // `&p[n]`: `p + n`.
                    let (pointer, index) = (self.syntax.subscript)(argument)?;
                    return self.moved(pointer, self.scalar(index, state)?, state);
                }
                // `*pp` after `pp = &p`: what `p` points at.
                match self.constant(argument, state)? {
                    Value::Address(name) => state.extents.pointers.get(&name).cloned(),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The places of the variable `pointer` moved by `count` of its elements.
    fn moved(&self, pointer: Node<'_>, count: i64, state: &State) -> Option<Places> {
        let pointer = unwrap_cast(pointer);
        if pointer.kind_name() != "identifier" {
            return None;
        }
        let name = self.variable(pointer, state);
        let by = state.extents.element(&name)?.times(count)?;
        let mut places = state.extents.pointers.get(&name)?.clone();
        for place in &mut places.list {
            let unit = &state.extents.buffers.get(&place.buffer)?.size;
            place.offset = place.offset.checked_add(unit.in_unit_of(&by)?)?;
        }
        Some(places)
    }

    /// The buffer an allocation or a string literal makes, if `value` is one.
    fn allocated(&self, value: Node<'_>, state: &State) -> Option<Buffer> {
        let range = value.byte_range();
        if let Some((length, width)) = self.literal(value) {
            let size = Amount::bytes((length + 1) * width);
            let label = format!(
                "the string `{}` holds {}",
                one_line(self.src(value)),
                size.describe()
            );
            return Some(Buffer {
                written: Written::all(size.count),
                size,
                length: Some(length * width),
                longest: None,
                filled: length * width,
                pristine: false,
                owned: None,
                origin: (range, label.into()),
            });
        }
        let zeroed;
        // Whether it starts written (value-initialized, constructed, reallocated, copied).
        let initialized;
        let owned;
        let size = match value.kind_name() {
            "new_expression" => {
                if field(value, "placement").is_some() {
                    return None;
                }
                let element = type_size(self.src(field(value, "type")?));
                // `new T[n]()` and `new T[n]{}` value-initialize, and a class type may have a
                // constructor: only a plain type left without them starts unwritten.
                zeroed = field(value, "arguments").is_some();
                initialized = zeroed || element.unit != Unit::Byte;
                owned = Some("memory");
                match field(value, "declarator") {
                    Some(declarator) => field(declarator, "length")
                        .and_then(|n| self.scalar(n, state))
                        .and_then(|n| element.times(n))
                        .unwrap_or_else(Amount::unknown),
                    None => element,
                }
            }
            "call_expression" => {
                let call = (self.syntax.call)(value)?;
                let name = self.names.name(call.name?, self.text);
                let argument = |i: usize| call.arguments.get(i).copied();
                zeroed = library::zeroes(name);
                owned = library::acquires(name);
                initialized = zeroed || library::reallocates(name);
                if let Some(width) = library::duplicates(name) {
                    let copied = argument(0).and_then(|s| self.string_bytes(s, state));
                    let size = copied.map_or_else(Amount::unknown, |b| Amount::bytes(b + width));
                    return Some(self.made(value, size, true, false, owned));
                }
                match library::allocator(name) {
                    Some(Allocation::Argument(i)) => argument(i)
                        .and_then(|n| self.amount(n, state))
                        .unwrap_or_else(Amount::unknown),
                    Some(Allocation::Product(a, b)) => {
                        let (a, b) = (argument(a)?, argument(b)?);
                        let size = match (self.scalar(a, state), self.scalar(b, state)) {
                            (Some(n), _) => self.amount(b, state).and_then(|b| b.times(n)),
                            (None, Some(n)) => self.amount(a, state).and_then(|a| a.times(n)),
                            _ => None,
                        };
                        size.unwrap_or_else(Amount::unknown)
                    }
                    // A file, a directory or a pipe: followed for who holds it.
                    None if owned.is_some() => Amount::unknown(),
                    None => return None,
                }
            }
            _ => return None,
        };
        if size.unit != Unit::Unknown && size.count <= 0 {
            return None;
        }
        Some(self.made(value, size, initialized, zeroed, owned))
    }

    /// The buffer the allocation `value` makes.
    fn made(
        &self,
        value: Node<'_>,
        size: Amount,
        initialized: bool,
        zeroed: bool,
        owned: Option<&'static str>,
    ) -> Buffer {
        let what = one_line(self.src(value));
        let label = match owned {
            Some(kind) if kind != "memory" => format!("`{what}` opens a {kind}"),
            _ if size.unit == Unit::Unknown => format!("`{what}` allocates memory"),
            _ => format!("`{what}` allocates {}", size.describe()),
        };
        Buffer {
            written: if initialized {
                Written::all(size.count)
            } else {
                Written::default()
            },
            size,
            length: zeroed.then_some(0),
            longest: None,
            filled: 0,
            pristine: !initialized,
            owned: owned.map(|what| Owned {
                what,
                handed_on: false,
                lent: Vec::new(),
            }),
            origin: (value.byte_range(), label.into()),
        }
    }

    /// The length in characters and the bytes of a character of the string literal `value`
    /// is, or a macro stands for.
    pub(super) fn literal(&self, value: Node<'_>) -> Option<(i64, i64)> {
        let value = unwrap_cast(value);
        match value.kind_name() {
            "string_literal" => literal_length(self.src(value)),
            "identifier" => {
                let spelled = self.names.text(value, self.text.as_bytes());
                let spelled = std::str::from_utf8(spelled).ok()?;
                (spelled != self.src(value))
                    .then(|| literal_length(spelled))
                    .flatten()
            }
            _ => None,
        }
    }
}
