//! Summaries of a file's functions, for flows that cross a function's boundary: within the file,
//! and across the files of the repository (joined in `rules::join`).
//!
//! Each walk here runs the intraprocedural engine with more ends than the rule's own roles:
//! besides the rule's sources, a walk starts from every parameter of a function and from the
//! result of every call the repository may define; besides the rule's sinks, it ends at every
//! argument of such a call and at every value a function returns. Each flow found is then an
//! [`Edge`]: from a source, a parameter or a call's result, to a sink, a call's argument or a
//! function's return value. Which call reaches which function, and so which edges chain, is
//! decided once every file is summarized, by the join.
//!
//! The file's [`Shape`] (its functions and calls, with the names and classes a call is resolved
//! by) is read once per file; the edges once per taint rule that has roles in the file, plus
//! once for every other rule (a file with no source, sink or sanitizer of a rule passes values
//! on the same way for all of them).

use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::Node;

use super::budget::Limits;
use super::extent::{self, Keeping};
use super::knowledge::is_own_object;
use super::lang;
use super::shape::{children, collect, declarator_name};
use super::syntax::{Call, Syntax};
use super::{walk, Flow, Roles, Step, Watched};
use crate::lang::nodes;
use crate::lang::GrammarNames;
use crate::lang::Language;
use crate::review::rules::names::Aliases;
use crate::review::rules::RangeMap;

/// A function of the file, as calls name it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct Function {
    pub(crate) name: String,
    /// The class (or C++ scope) it belongs to, when it is a method.
    pub(crate) class: Option<String>,
    pub(crate) parameters: usize,
    /// Takes more arguments than it names (`...`).
    pub(crate) variadic: bool,
    /// Only its own file can call it (Java's `private`, C's `static`).
    pub(crate) private: bool,
    /// Per parameter, for a C or C++ definition: what it may do with what the parameter points
    /// at (see [`Keeping`]). Empty where not read: every parameter may be kept.
    pub(crate) keeps: Vec<Keeping>,
}

/// A call the repository may answer: to a plain name, to a method of the object itself, or to a
/// method of an object whose class the code says.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct CallSite {
    pub(crate) name: String,
    /// The class the call is resolved in: the receiver's (`new Helper().run(x)`, a local
    /// `Helper h = new Helper()`), or the caller's own for a plain or `this.` call.
    pub(crate) class: Option<String>,
    /// The receiver names no class the code says: resolved only to a function no other shares
    /// the name of.
    pub(crate) unknown_receiver: bool,
    pub(crate) arguments: Vec<Range<usize>>,
    /// Per argument: handed over by address (`&request`), so what the callee reads may have
    /// been written through the pointer by calls the engine does not follow.
    pub(crate) by_address: Vec<bool>,
    /// The fields of the file the caller has just stored a constant in: what the callee reads
    /// of them is that constant, whatever other functions store.
    pub(crate) overwritten: Vec<usize>,
}

/// A field of a class, or a global variable, that functions write and read: `Class.name`, or
/// the variable's own name in C.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct Field {
    pub(crate) name: String,
    /// Only its own file sees it (C's `static`).
    pub(crate) private: bool,
}

/// Where a flow starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Origin {
    /// One of the rule's sources.
    Source,
    /// A parameter of one of the file's functions: (function, position).
    Parameter(usize, usize),
    /// What a call of the file returns: (call).
    Result(usize),
    /// What a field or global holds where a function reads it: (field, function).
    Field(usize, usize),
}

/// Where a flow ends.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Target {
    /// One of the rule's sinks.
    Sink(Range<usize>),
    /// An argument of one of the file's calls: (call, position).
    Argument(usize, usize),
    /// The value one of the file's functions returns: (function).
    Return(usize),
    /// A value stored in a field or global: (field).
    Field(usize),
}

/// One flow of one walk, from an origin to a target, with its steps.
#[derive(Debug, Clone)]
pub(crate) struct Edge {
    pub(crate) from: Origin,
    pub(crate) to: Target,
    pub(crate) steps: Vec<Step>,
}

/// The functions and calls of a file, and the nodes the walks start and end at.
#[derive(Debug, Default)]
pub(crate) struct Shape {
    pub(crate) functions: Vec<Function>,
    pub(crate) calls: Vec<CallSite>,
    /// The fields and globals the file's functions write or read.
    pub(crate) fields: Vec<Field>,
    parameters: RangeMap<(usize, usize)>,
    arguments: RangeMap<(usize, usize)>,
    results: RangeMap<usize>,
    returns: RangeMap<usize>,
    /// Reads of a field (the node that reads it) and writes (the value stored).
    field_reads: RangeMap<(usize, usize)>,
    field_writes: RangeMap<usize>,
}

impl Shape {
    /// Every end of the file's summaries: calls' arguments, returned values, stored fields.
    pub(crate) fn targets(&self) -> impl Iterator<Item = &Range<usize>> {
        self.arguments
            .keys()
            .chain(self.returns.keys())
            .chain(self.field_writes.keys())
    }

    /// Whether `range` is one of [`Shape::targets`].
    fn is_target(&self, range: &Range<usize>) -> bool {
        self.arguments.contains_key(range)
            || self.returns.contains_key(range)
            || self.field_writes.contains_key(range)
    }

    /// Reads the shape of a parsed file; `None` for a language the engine does not model.
    pub(crate) fn of(
        language: Language,
        root: Node<'_>,
        text: &str,
        names: &Aliases,
    ) -> Option<Shape> {
        let syntax = lang::syntax(language)?;
        let mut shape = Shape::default();
        // Top down, each node with the function and the class around it (asking a node for its
        // parent walks down from the root again: too slow for every call of a large file).
        let mut declarators = Declarators::new(root);
        let stored = Stored::of(language, root, text);
        let fields_possible = stored.may_name(language);
        // The ids of those fields in this grammar, to tell where each node stands.
        let grammar = root.language();
        let naming_fields: Vec<_> = NAMES_ONLY
            .iter()
            .filter_map(|field| grammar.field_id_for_name(field))
            .collect();
        // Assignment targets already taken as field writes.
        let mut written: std::collections::HashSet<usize> = std::collections::HashSet::new();
        // Per function: the fields its body has stored a constant in so far.
        let mut overwritten: HashMap<usize, std::collections::BTreeSet<usize>> = HashMap::new();
        // C and C++ definitions, read for what they keep once every call is numbered.
        let mut definitions = Vec::new();
        nodes::descend(root, Scope::default(), |node, scope, standing| {
            // Whether the node stands for a value (not a name being declared, a method's or a
            // member's own name, a type, or the function a call names: the first child in each
            // of those fields); asked only where a field or global may be named.
            let value = standing.is_some_and(|(field, first)| {
                let naming = field.is_some_and(|f| naming_fields.contains(&f));
                !(fields_possible && first && naming)
            });
            let mut inner = scope;
            let kind = node.kind_name();
            if CLASSES.contains(&kind) {
                inner.class = node.field("name").map(|n| &text[n.byte_range()]);
            } else if syntax.declarations.contains(&kind) {
                if let Some((name, class)) = function_name(node, text) {
                    let index = shape.functions.len();
                    let parameters = (syntax.parameters)(node);
                    for (position, (parameter, _)) in parameters.iter().enumerate() {
                        shape
                            .parameters
                            .insert(parameter.byte_range(), (index, position));
                    }
                    let header_end = (syntax.body)(node)
                        .map(|b| b.start_byte())
                        .unwrap_or(node.end_byte());
                    let header = &text[node.start_byte()..header_end];
                    // `void Helper::run(...)` is a method of `Helper` wherever it stands.
                    let class = class.or(scope.class);
                    shape.functions.push(Function {
                        name: name.to_string(),
                        class: class.map(str::to_string),
                        parameters: parameters.len(),
                        variadic: header.contains("..."),
                        private: is_private(node, text),
                        keeps: Vec::new(),
                    });
                    if matches!(language, Language::C | Language::Cpp) {
                        definitions.push((node, index));
                    }
                    inner.class = class;
                    inner.function = Some((node, index));
                }
            } else if kind == "return_statement" {
                let value = node
                    .named_child(0)
                    .filter(|v| !v.kind_name().contains("comment"));
                if let (Some(value), Some((_, function))) = (value, scope.function) {
                    shape.returns.insert(value.byte_range(), function);
                }
            } else if let Some(call) = (syntax.call)(node) {
                shape.add_call(node, &call, &scope, (syntax, text, names), &mut declarators);
                if let (Some((function, _)), Some(added)) = (scope.function, shape.calls.last_mut())
                {
                    if let Some(fields) = overwritten.get(&function.id()) {
                        added.overwritten = fields.iter().copied().collect();
                    }
                }
            }
            if let (Some((function, _)), true) = (scope.function, fields_possible) {
                if let Some(assign) = (syntax.assignment)(node, text) {
                    for (target, stored_value) in assign.targets.iter().zip(&assign.values) {
                        let locals = declarators.of(function);
                        if let Some(field) = stored.field(*target, scope, locals, syntax, text) {
                            let index = shape.field(field);
                            shape.field_writes.insert(stored_value.byte_range(), index);
                            written.insert(target.id());
                            // A constant stored by a statement of the function's own body
                            // (not under a branch) holds for the calls after it.
                            let constant = syntax.strings.contains(&stored_value.kind_name())
                                || syntax.numbers.contains(&stored_value.kind_name());
                            let top = node
                                .parent()
                                .and_then(|statement| statement.parent())
                                .is_some_and(|block| Some(block) == (syntax.body)(function));
                            let overwritten = overwritten.entry(function.id()).or_default();
                            if constant && top {
                                overwritten.insert(index);
                            } else {
                                overwritten.remove(&index);
                            }
                        }
                    }
                } else if value && !written.contains(&node.id()) {
                    let locals = declarators.of(function);
                    if let Some(field) = stored.field(node, scope, locals, syntax, text) {
                        let index = shape.field(field);
                        let reader = scope.function.map_or(0, |(_, f)| f);
                        shape.field_reads.insert(node.byte_range(), (index, reader));
                    }
                }
            }
            inner
        });
        for (node, index) in definitions {
            let parameters = (syntax.parameters)(node);
            let keeps = extent::keeping(node, &parameters, (syntax, text, names), &shape.arguments);
            shape.functions[index].keeps = keeps;
        }
        Some(shape)
    }

    /// The index of `field` among the file's fields, added when new.
    fn field(&mut self, field: Field) -> usize {
        if let Some(index) = self.fields.iter().position(|f| f.name == field.name) {
            return index;
        }
        self.fields.push(field);
        self.fields.len() - 1
    }

    fn add_call<'t>(
        &mut self,
        node: Node<'t>,
        call: &Call<'t>,
        scope: &Scope<'t, '_>,
        (syntax, text, names): (&Syntax, &str, &Aliases),
        declarators: &mut Declarators<'t>,
    ) {
        let Some(mut name) = call.name.map(|n| names.name(n, text)) else {
            return;
        };
        if call.constructor || name.is_empty() {
            return;
        }
        // A call through a local pointer to a function (`void (*run)(char *) = helper;`) is a
        // call of that function.
        if call.receiver.is_none() {
            if let Some((function, _)) = scope.function {
                let found = declarators.of(function);
                if let Some(target) = pointed_function(found, node, name, text) {
                    name = target;
                }
            }
        }
        let (class, unknown_receiver) = match call.receiver {
            None => (scope.class.map(str::to_string), false),
            Some(receiver) if is_own_object(&text[receiver.byte_range()]) => {
                (scope.class.map(str::to_string), false)
            }
            Some(receiver) => {
                let function = scope.function.map(|(f, _)| f);
                let found = function.map(|f| declarators.of(f)).unwrap_or(&[]);
                match receiver_class(receiver, node, found, syntax, text) {
                    Some(class) => (Some(class), false),
                    None => (None, true),
                }
            }
        };
        let index = self.calls.len();
        for (position, argument) in call.arguments.iter().enumerate() {
            self.arguments
                .insert(argument.byte_range(), (index, position));
        }
        self.results.insert(node.byte_range(), index);
        self.calls.push(CallSite {
            name: name.to_string(),
            class,
            unknown_receiver,
            arguments: call.arguments.iter().map(|a| a.byte_range()).collect(),
            by_address: call
                .arguments
                .iter()
                .map(|a| {
                    a.kind_name() == "pointer_expression" && text[a.byte_range()].starts_with('&')
                })
                .collect(),
            overwritten: Vec::new(),
        });
    }

    /// The (call, position) of a call's argument at `bytes`, when the summary numbers it.
    pub(crate) fn argument(&self, bytes: &Range<usize>) -> Option<(usize, usize)> {
        self.arguments.get(bytes).copied()
    }

    /// Whether the file has anything a summary could say.
    pub(crate) fn is_empty(&self) -> bool {
        self.functions.is_empty() && self.calls.is_empty()
    }

    fn origin(&self, first: &Range<usize>) -> Option<Origin> {
        if let Some((function, position)) = self.parameters.get(first) {
            return Some(Origin::Parameter(*function, *position));
        }
        if let Some((field, function)) = self.field_reads.get(first) {
            return Some(Origin::Field(*field, *function));
        }
        self.results.get(first).map(|call| Origin::Result(*call))
    }

    fn target(&self, sink: &Range<usize>, roles: &Roles) -> Option<Target> {
        if roles.sinks.contains(sink) {
            return Some(Target::Sink(sink.clone()));
        }
        if let Some((call, position)) = self.arguments.get(sink) {
            return Some(Target::Argument(*call, *position));
        }
        if let Some(field) = self.field_writes.get(sink) {
            return Some(Target::Field(*field));
        }
        self.returns
            .get(sink)
            .map(|function| Target::Return(*function))
    }
}

/// The fields of each class (Java, C#) and the global variables (C, C++) of a file, which its
/// functions may write and read.
#[derive(Default)]
struct Stored<'s> {
    /// (class, field) pairs.
    fields: std::collections::HashSet<(&'s str, &'s str)>,
    /// Global variables, and whether each is `static`.
    globals: HashMap<&'s str, bool>,
}

impl<'s> Stored<'s> {
    fn of(language: Language, root: Node<'_>, text: &'s str) -> Stored<'s> {
        let mut stored = Stored::default();
        match language {
            // The fields each class declares, found from the file's top through namespaces
            // and class bodies.
            Language::Java | Language::CSharp => {
                let mut stack: Vec<(Node<'_>, Option<&str>)> = vec![(root, None)];
                while let Some((node, class)) = stack.pop() {
                    let mut class = class;
                    if CLASSES.contains(&node.kind_name()) {
                        class = node.field("name").map(|n| &text[n.byte_range()]);
                    }
                    if node.kind_name() == "field_declaration" {
                        if let Some(class) = class {
                            for name in field_names(node) {
                                stored.fields.insert((class, &text[name.byte_range()]));
                            }
                        }
                        continue;
                    }
                    if matches!(
                        node.kind_name(),
                        "program"
                            | "class_body"
                            | "enum_body"
                            | "interface_body"
                            | "compilation_unit"
                            | "declaration_list"
                            | "namespace_declaration"
                            | "file_scoped_namespace_declaration"
                    ) || CLASSES.contains(&node.kind_name())
                    {
                        let mut cursor = node.walk();
                        for child in node.named_children(&mut cursor) {
                            stack.push((child, class));
                        }
                    }
                }
            }
            Language::C | Language::Cpp => {
                let mut stack = vec![root];
                while let Some(node) = stack.pop() {
                    match node.kind_name() {
                        "declaration" => {
                            let private = is_private(node, text);
                            let mut cursor = node.walk();
                            for declarator in node.children_by_field_name("declarator", &mut cursor)
                            {
                                // A prototype declares a function, not a variable.
                                let mut inner = declarator;
                                let mut function = false;
                                while let Some(next) = inner.field("declarator") {
                                    function |= inner.kind_name() == "function_declarator";
                                    inner = next;
                                }
                                function |= inner.kind_name() == "function_declarator";
                                if !function && inner.kind_name() == "identifier" {
                                    stored.globals.insert(&text[inner.byte_range()], private);
                                }
                            }
                        }
                        "translation_unit"
                        | "preproc_if"
                        | "preproc_ifdef"
                        | "preproc_else"
                        | "preproc_elif"
                        | "linkage_specification"
                        | "declaration_list"
                        | "namespace_definition" => {
                            let mut cursor = node.walk();
                            stack.extend(node.named_children(&mut cursor));
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        stored
    }

    /// Whether a node of the file may name a field or global: one it declares, or in Java a
    /// static field of another class (`Other.data`).
    fn may_name(&self, language: Language) -> bool {
        language == Language::Java || !self.fields.is_empty() || !self.globals.is_empty()
    }

    /// The field or global `node` names inside a function, unless a local or a parameter of
    /// that name hides it: Java's `this.name`, a bare `name` of the class's fields, or
    /// `Class.name`; C's global `name`.
    fn field(
        &self,
        node: Node<'_>,
        scope: Scope<'_, '_>,
        locals: &[Node<'_>],
        syntax: &Syntax,
        text: &str,
    ) -> Option<Field> {
        let local = |name: &str| {
            locals.iter().any(|d| {
                d.field("name")
                    .or_else(|| d.field("declarator").map(declarator_name))
                    .is_some_and(|n| &text[n.byte_range()] == name)
            }) || scope.function.is_some_and(|(function, _)| {
                (syntax.parameters)(function)
                    .iter()
                    .any(|(_, n)| &text[n.byte_range()] == name)
            })
        };
        match node.kind_name() {
            "identifier" => {
                let name = &text[node.byte_range()];
                if let Some(class) = scope.class {
                    if self.fields.contains(&(class, name)) && !local(name) {
                        return Some(Field {
                            name: format!("{class}.{name}"),
                            private: false,
                        });
                    }
                }
                let private = *self.globals.get(name)?;
                (!local(name)).then(|| Field {
                    name: name.to_string(),
                    private,
                })
            }
            // C#'s `this.conn`.
            "member_access_expression" => {
                let object = node.field("expression")?;
                let field = &text[node.field("name")?.byte_range()];
                (object.kind_name() == "this").then_some(())?;
                let class = scope.class?;
                self.fields.contains(&(class, field)).then(|| Field {
                    name: format!("{class}.{field}"),
                    private: false,
                })
            }
            "field_access" => {
                let object = node.field("object")?;
                let field = &text[node.field("field")?.byte_range()];
                let class = match object.kind_name() {
                    "this" => scope.class?,
                    // `Other.data`: a class's static field, as Java names classes.
                    "identifier" => {
                        let written = &text[object.byte_range()];
                        let class = written.starts_with(|c: char| c.is_ascii_uppercase())
                            && !local(written);
                        if !class {
                            return None;
                        }
                        written
                    }
                    _ => return None,
                };
                Some(Field {
                    name: format!("{class}.{field}"),
                    private: false,
                })
            }
            _ => None,
        }
    }
}

/// The names a field declaration declares: Java's `declarator`s (`int a, b;`), and C#'s
/// declarators under its variable declaration (`private string a, b;`).
fn field_names(declaration: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = declaration.walk();
    let java: Vec<Node<'_>> = declaration
        .children_by_field_name("declarator", &mut cursor)
        .collect();
    let csharp = children(declaration)
        .into_iter()
        .filter(|c| c.kind_name() == "variable_declaration")
        .flat_map(children)
        .filter(|d| d.kind_name() == "variable_declarator");
    java.into_iter()
        .chain(csharp)
        .filter_map(|d| d.field("name"))
        .collect()
}

/// The kinds of class declarations whose methods a call of the class resolves to, and C++'s
/// namespaces: a plain call inside `namespace X` names a function of `X` first (every Juliet
/// test case has its own `badSink`).
const CLASSES: &[&str] = &[
    "namespace_definition",
    "class_declaration",
    "struct_declaration",
    "class_specifier",
    "struct_specifier",
    "class_definition",
    "interface_declaration",
    "enum_declaration",
    "record_declaration",
];

/// The fields whose first child names something rather than standing for a value (see
/// [`Shape::of`]).
const NAMES_ONLY: [&str; 5] = ["name", "field", "type", "declarator", "function"];

/// The local variable declarators of each function, found once per function.
struct Declarators<'t> {
    by_function: HashMap<usize, Vec<Node<'t>>>,
    /// Whether the grammar has declarators at all: a Python function has none to look for.
    possible: bool,
}

/// The kinds of the declarators [`Declarators`] finds.
const DECLARATORS: [&str; 2] = ["variable_declarator", "init_declarator"];

impl<'t> Declarators<'t> {
    /// The declarators of the tree at `root`, none found yet.
    fn new(root: Node<'t>) -> Declarators<'t> {
        let grammar = root.language();
        Declarators {
            by_function: HashMap::new(),
            possible: DECLARATORS
                .iter()
                .any(|kind| grammar.id_for_node_kind(kind, true) != 0),
        }
    }

    fn of(&mut self, function: Node<'t>) -> &[Node<'t>] {
        if !self.possible {
            return &[];
        }
        self.by_function.entry(function.id()).or_insert_with(|| {
            let mut found = Vec::new();
            collect(function, &|k| DECLARATORS.contains(&k), &mut found);
            found
        })
    }
}

/// Where a node stands: the class and the function around it.
#[derive(Clone, Copy, Default)]
struct Scope<'t, 's> {
    class: Option<&'s str>,
    function: Option<(Node<'t>, usize)>,
}

/// What the walks of one rule over one file found: the flows from the rule's sources to its
/// sinks (its findings within a function), and every edge; `complete` is false when a walk gave
/// up on its limits (then no edge is kept: a partial summary would close what it did not see).
#[derive(Debug, Default)]
pub(crate) struct Summary {
    pub(crate) flows: Vec<Flow>,
    pub(crate) edges: Vec<Edge>,
    pub(crate) complete: bool,
}

/// What the walks from parameters and from results give with no role of any rule, under one
/// rule's flags: each function without a role of a rule passes values on this way for it, so
/// a rule's own walks need go only into the functions that hold one of its roles. A sanitizer
/// or a propagator of a rule that leans on these walks holds its function only where it would
/// have changed them: `int(x)` in Python is clean whether a rule says so or not. So does a
/// rule that follows numbers, which these walks do not: only a function where it would have
/// found a tainted number (`(int) value`, `value.length()` of a parameter) is its own.
pub(crate) struct FreeWalks {
    /// The file's outermost declarations and function values, sorted: the units a rule's walk
    /// goes into or not.
    units: Vec<Range<usize>>,
    /// The flows from parameters, and from results, sorted by sink; and whether each walk ran
    /// to the end.
    walks: [(Vec<Flow>, bool); 2],
    /// The sanitizers and propagators the walks watched (and whether they watched for rules
    /// that follow numbers), and per walk those of them that would have changed it, and where
    /// a rule that follows numbers would have found a tainted number that it did not.
    watched: Watched,
    changes: [walk::Changes; 2],
}

/// The flags of `roles` that change how values pass (not where they start, stop or are
/// cleaned): rules that share them share their [`FreeWalks`]. Following numbers is not one: the
/// walks do not follow them, and note where a rule that does would have gone on.
pub(crate) fn flags(roles: &Roles) -> (bool, bool, bool, bool, bool, bool) {
    (
        roles.value_only,
        roles.all_paths,
        roles.constructs,
        roles.extent.is_some(),
        !roles.by_reference.is_empty(),
        !roles.written.is_empty(),
    )
}

impl FreeWalks {
    /// The walks of `root` with the flags of `like` and none of its roles, watching the
    /// sanitizers and propagators of the rules that will lean on them, and the numbers they
    /// would follow.
    pub(crate) fn new(
        language: Language,
        root: Node<'_>,
        text: &str,
        names: &Aliases,
        like: &Roles,
        shape: &Shape,
        watched: Watched,
    ) -> FreeWalks {
        // Without the file's declarations (a language without syntax), there is nothing to walk
        // into.
        let units = like
            .declared
            .as_ref()
            .map(|declared| declared.units.clone())
            .unwrap_or_default();
        let free = Roles {
            value_only: like.value_only,
            all_paths: like.all_paths,
            constructs: like.constructs,
            extent: like.extent,
            by_reference: like.by_reference.clone(),
            written: like.written.clone(),
            declared: like.declared.clone(),
            ..Roles::default()
        };
        let [by_parameters, by_results] = open_walks(&free, shape);
        let watching = (!watched.is_empty()).then_some(&watched);
        let run = |roles: &Roles, parameters_are_sources: bool| {
            let walked = walk::run_judging(
                language,
                root,
                text,
                names,
                roles,
                parameters_are_sources,
                Limits::DEFAULT,
                None,
                watching,
            );
            ((walked.flows, walked.complete), walked.changes)
        };
        let (by_parameters, changed_by_parameters) = run(&by_parameters, true);
        let (by_results, changed_by_results) = run(&by_results, false);
        FreeWalks {
            units,
            walks: [by_parameters, by_results],
            watched,
            changes: [changed_by_parameters, changed_by_results],
        }
    }

    /// The units holding one of `roles`' ranges (see [`holding`]) for the walk `kind` (from
    /// parameters, from results), a sanitizer or a propagator only where it would have changed
    /// that walk: a call's own result, which only the walk from results follows, is clean
    /// under a sanitizer. For a rule that follows numbers, also the units where it would have
    /// found a tainted number that the walk did not; `None` when the walk did not watch for
    /// such a rule, or one of those places lies outside every unit (at the top level, whose
    /// state the units met there see).
    fn holding(&self, roles: &Roles, shape: &Shape, kind: usize) -> Option<Held> {
        let mut held = holding(&self.units, roles, shape, |range| {
            let watched =
                self.watched.sanitizers.contains(range) || self.watched.propagators.contains(range);
            !watched || self.changes[kind].roles.contains(range)
        })?;
        if roles.numbers {
            if !self.watched.numbers {
                return None;
            }
            for range in &self.changes[kind].numbers {
                held.units.push(self.units[self.unit_of(range)?].clone());
            }
            held.units.sort_by_key(|unit| (unit.start, unit.end));
            held.units.dedup();
        }
        Some(held)
    }

    /// The unit `range` lies in.
    fn unit_of(&self, range: &Range<usize>) -> Option<usize> {
        unit_of(&self.units, range)
    }
}

/// Whether walking a file once with no role for `rules`, which share their flags (see
/// [`FreeWalks`]), saves work: each rule then walks only the `units` (sorted) that hold its
/// roles, so the free walks pay when what the rules would leave out adds up to more than the
/// file. Rules whose roles are in nearly every function (a rule about dereferences, one that
/// counts `n++` as cleaning) leave out little, and two or three of them gain nothing from it.
/// A rule that follows numbers may hold more than its roles: where it would find a tainted
/// number is known only once the walks are made.
pub(crate) fn free_walks_pay(units: &[Range<usize>], rules: &[&Roles], shape: &Shape) -> bool {
    let size = |ranges: &[Range<usize>]| ranges.iter().map(Range::len).sum::<usize>();
    let whole = size(units);
    let left_out: usize = rules
        .iter()
        .filter_map(|roles| Some(whole - size(&holding(units, roles, shape, |_| true)?.units)))
        .sum();
    left_out > whole
}

/// The units holding one of `roles`' ranges that change how the walks from parameters and
/// from results go, sorted; `None` when one that changes the state lies outside every unit (at
/// the top level, whose state the units met there see) or the rule's walk depends on having
/// roles at all (`@filled`): then the rule walks the whole file itself. A sink changes no
/// state: one at the top level (in C, often code a macro kept out of any function) holds no
/// unit, since the rule's walk goes through the top level whatever units it walks; nor does
/// one that is an end of every walk of the file (a call's argument: `execute(«sql»)`), which
/// the free walks reach as the rule's would. The rule's sources are not among
/// those ranges: those walks start from parameters and results only (see [`open_walks`]), so
/// a function where the rule has only sources (a rule about the constant zero has them in
/// most) passes values on as the free walks say. A sanitizer or a propagator inside a unit
/// holds it only when `changes` says it would change the walks.
fn holding(
    units: &[Range<usize>],
    roles: &Roles,
    shape: &Shape,
    changes: impl Fn(&Range<usize>) -> bool,
) -> Option<Held> {
    if !roles.filled.is_empty() {
        return None;
    }
    let mut held = std::collections::BTreeSet::new();
    let mut top_level = false;
    for range in roles.sinks.iter().filter(|s| !shape.is_target(s)) {
        match unit_of(units, range) {
            Some(unit) => {
                held.insert(unit);
            }
            None if overlaps_none(units, range) => top_level = true,
            None => return None,
        }
    }
    let sets = [&roles.cleared, &roles.checked, &roles.rejected];
    for range in sets.into_iter().flatten() {
        held.insert(unit_of(units, range)?);
    }
    for range in [&roles.sanitizers, &roles.propagators]
        .into_iter()
        .flatten()
    {
        let unit = unit_of(units, range)?;
        if changes(range) {
            held.insert(unit);
        }
    }
    Some(Held {
        units: held.into_iter().map(|i| units[i].clone()).collect(),
        top_level,
    })
}

/// What a rule's own walk must go through (see [`holding`]).
#[derive(Debug, PartialEq)]
struct Held {
    /// The units, sorted.
    units: Vec<Range<usize>>,
    /// Whether the rule has a sink at the top level that ends no walk with no role: the flows
    /// to every sink there are then its walk's, which goes through the top level.
    top_level: bool,
}

/// Whether `range` shares no byte with any of `units` (sorted, apart): it lies between them.
fn overlaps_none(units: &[Range<usize>], range: &Range<usize>) -> bool {
    let at = units.partition_point(|u| u.end <= range.start);
    units.get(at).is_none_or(|u| u.start >= range.end)
}

/// The unit of `units` (sorted) that `range` lies in.
fn unit_of(units: &[Range<usize>], range: &Range<usize>) -> Option<usize> {
    let at = units.partition_point(|u| u.start <= range.start);
    (at > 0 && units[at - 1].end >= range.end).then(|| at - 1)
}

/// The roles of the two walks from parameters and from results, for `roles` (whose sources
/// are not walked from here): every call's arguments, returned values and field writes are
/// ends besides the rule's sinks; the second walk starts from calls' results and field reads.
fn open_walks(roles: &Roles, shape: &Shape) -> [Roles; 2] {
    let mut extended = roles.clone();
    extended.sinks.extend(shape.arguments.keys().cloned());
    extended.sinks.extend(shape.returns.keys().cloned());
    extended.sinks.extend(shape.field_writes.keys().cloned());
    extended.sources.clear();
    let mut from_results = extended.clone();
    from_results.results = shape.results.keys().cloned().collect();
    from_results
        .results
        .extend(shape.field_reads.keys().cloned());
    [extended, from_results]
}

/// Whether a summary walks from parameters and from results too, and with which free walks.
#[derive(Clone, Copy)]
pub(crate) enum Open<'a> {
    /// Only from the rule's sources: what parameters and results reach is what the shared
    /// edges say.
    No,
    /// From parameters and results too; with the free walks, only through the functions that
    /// hold a role of the rule.
    From(Option<&'a FreeWalks>),
    /// From parameters and results only, as [`Open::From`]: the walk from the sources was made
    /// before (with [`Open::No`]), and its edges come first.
    Rest(Option<&'a FreeWalks>),
}

/// Walks `root` for one rule's `roles` (empty roles: the edges every rule without roles in the
/// file shares). With [`Open::No`], only the walk from the rule's sources is made: the rule has no
/// sink, sanitizer or propagator in the file, so what parameters and results reach is what the
/// shared edges say.
pub(crate) fn summarize(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    roles: &Roles,
    shape: &Shape,
    open: Open<'_>,
) -> Summary {
    let mut extended = roles.clone();
    extended.sinks.extend(shape.arguments.keys().cloned());
    extended.sinks.extend(shape.returns.keys().cloned());
    extended.sinks.extend(shape.field_writes.keys().cloned());
    let mut summary = Summary {
        complete: true,
        ..Summary::default()
    };
    if extended.sinks.is_empty() {
        return summary;
    }
    let run = |roles: &Roles, parameters_are_sources: bool, only: Option<&[Range<usize>]>| {
        walk::run(
            language,
            root,
            text,
            names,
            roles,
            parameters_are_sources,
            Limits::DEFAULT,
            only,
        )
    };
    // From the rule's sources.
    if !roles.sources.is_empty() && !matches!(open, Open::Rest(_)) {
        let (flows, complete) = run(&extended, false, None);
        summary.complete &= complete;
        for flow in flows {
            let local = flow
                .steps
                .first()
                .is_some_and(|(range, _)| roles.local_sources.contains(range));
            match shape.target(&flow.sink, roles) {
                Some(Target::Sink(_)) | None => summary.flows.push(flow),
                Some(_) if local => {}
                Some(to) => summary.edges.push(Edge {
                    from: Origin::Source,
                    to,
                    steps: flow.steps,
                }),
            }
        }
    }
    // From parameters, through the calls the engine knows; then from the results of calls,
    // which the join decides (apart, so that a parameter handed to a call does not hide that
    // call's own result).
    if let Open::From(free) | Open::Rest(free) = open {
        // With the free walks, only the functions that hold a role of the rule are walked
        // again; the others' flows are the free walks'.
        let [by_parameters, by_results] = open_walks(roles, shape);
        let walks = [(&by_parameters, true), (&by_results, false)];
        for (kind, (walked, parameters_are_sources)) in walks.into_iter().enumerate() {
            let held = free.and_then(|free| Some((free, free.holding(roles, shape, kind)?)));
            let (flows, complete) = match &held {
                Some((free, Held { units, top_level })) => {
                    let top_level = *top_level;
                    let inside = |sink: &Range<usize>| match free.unit_of(sink) {
                        Some(u) => {
                            let unit = &free.units[u];
                            units
                                .binary_search_by_key(&(unit.start, unit.end), |r| (r.start, r.end))
                                .is_ok()
                        }
                        None => top_level,
                    };
                    let (mut flows, complete) = if units.is_empty() && !top_level {
                        (Vec::new(), true)
                    } else {
                        run(walked, parameters_are_sources, Some(units))
                    };
                    flows.retain(|flow| inside(&flow.sink));
                    let (others, others_complete) = &free.walks[kind];
                    flows.extend(others.iter().filter(|f| !inside(&f.sink)).cloned());
                    flows.sort_by_key(|f| (f.sink.start, f.sink.end));
                    (flows, complete && *others_complete)
                }
                None => run(walked, parameters_are_sources, None),
            };
            summary.complete &= complete;
            for flow in flows {
                let Some(first) = flow.steps.first() else {
                    continue;
                };
                let from = shape.origin(&first.0);
                if let (Some(from), Some(to)) = (from, shape.target(&flow.sink, roles)) {
                    summary.edges.push(Edge {
                        from,
                        to,
                        steps: flow.steps,
                    });
                }
            }
        }
    }
    if !summary.complete {
        summary.edges.clear();
    }
    summary
}

/// A function declaration's name, and the scope its name gives (`void Helper::run(...)`).
fn function_name<'s>(declaration: Node<'_>, text: &'s str) -> Option<(&'s str, Option<&'s str>)> {
    let name = declaration
        .field("name")
        .or_else(|| declaration.field("declarator").map(declarator_name))?;
    let written = &text[name.byte_range()];
    match written.rsplit_once("::") {
        Some((scope, name)) => Some((name, Some(last_segment(scope)))),
        None => Some((written, None)),
    }
}

/// The class of a method call's receiver, when the code says it: an object made where it
/// stands (`new Helper()`, `(new Helper())`), or a local variable declared with one (or with a
/// class type) in the function around the call.
fn receiver_class(
    receiver: Node<'_>,
    call: Node<'_>,
    declarators: &[Node<'_>],
    syntax: &Syntax,
    text: &str,
) -> Option<String> {
    let mut receiver = receiver;
    while receiver.kind_name() == "parenthesized_expression" {
        receiver = receiver.named_child(0)?;
    }
    if let Some(class) = created_class(receiver, text) {
        return Some(class);
    }
    if !syntax.identifiers.contains(&receiver.kind_name()) {
        return None;
    }
    let name = &text[receiver.byte_range()];
    let declarator = declarators
        .iter()
        .filter(|d| d.start_byte() < call.start_byte())
        .rfind(|d| {
            let named = d
                .field("name")
                .or_else(|| d.field("declarator").map(declarator_name));
            named.is_some_and(|n| &text[n.byte_range()] == name)
        });
    let Some(declarator) = declarator else {
        // No local of that name: a capitalized one names a class, whose static method this
        // is (`IO.writeLine(x)`, `Helper.run(x)`).
        let class = name.starts_with(|c: char| c.is_ascii_uppercase());
        return class.then(|| name.to_string());
    };
    if let Some(class) = declarator
        .field("value")
        .and_then(|value| created_class(value, text))
    {
        return Some(class);
    }
    // The declared type: `Helper h = factory();`.
    let declaration = declarator.parent()?;
    let declared = declaration.field("type")?;
    if matches!(
        declared.kind_name(),
        "type_identifier" | "scoped_type_identifier" | "generic_type" | "qualified_identifier"
    ) {
        return Some(type_name(&text[declared.byte_range()]).to_string());
    }
    None
}

/// The function a local function pointer named `name` is initialized with, in `function`,
/// before `call`.
fn pointed_function<'a>(
    declarators: &[Node<'_>],
    call: Node<'_>,
    name: &str,
    text: &'a str,
) -> Option<&'a str> {
    let declarator = declarators
        .iter()
        .filter(|d| d.kind_name() == "init_declarator")
        .filter(|d| d.start_byte() < call.start_byte())
        .rfind(|d| {
            let written = d.field("declarator");
            written.is_some_and(|w| first_identifier(&text[w.byte_range()]) == Some(name))
        })?;
    let value = declarator.field("value")?;
    let value = if value.kind_name() == "pointer_expression" {
        value.field("argument")?
    } else {
        value
    };
    (value.kind_name() == "identifier").then(|| &text[value.byte_range()])
}

/// The first identifier in a declarator's text (`(*run) (char *)` names `run`).
fn first_identifier(written: &str) -> Option<&str> {
    let start = written.find(|c: char| c.is_ascii_alphabetic() || c == '_')?;
    let rest = &written[start..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some(&rest[..end])
}

/// The class an object creation makes: Java's `new Helper(...)`, C++'s `new Helper` and
/// `new Helper(...)`.
fn created_class(node: Node<'_>, text: &str) -> Option<String> {
    if !matches!(
        node.kind_name(),
        "object_creation_expression" | "new_expression"
    ) {
        return None;
    }
    let written = node.field("type")?;
    Some(type_name(&text[written.byte_range()]).to_string())
}

/// A type as written, without its type arguments or qualification: `java.util.List<String>` is
/// `List`.
fn type_name(written: &str) -> &str {
    let plain = written.split('<').next().unwrap_or(written).trim();
    last_segment(plain)
}

fn last_segment(path: &str) -> &str {
    let after_scope = path.rsplit("::").next().unwrap_or(path);
    after_scope.rsplit('.').next().unwrap_or(after_scope).trim()
}

/// Whether only the file can call `declaration`: Java's `private`, C's `static`.
fn is_private(declaration: Node<'_>, text: &str) -> bool {
    let mut cursor = declaration.walk();
    let private = declaration.children(&mut cursor).any(|child| {
        let words = &text[child.byte_range()];
        match child.kind_name() {
            "modifiers" => words.split_whitespace().any(|w| w == "private"),
            "storage_class_specifier" => words == "static",
            _ => false,
        }
    });
    private
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::review::rules::taint::fixture::{parse, program};

    /// A program's roles (with the file's declarations found), its units and shape, and the
    /// walks with no role over it.
    struct Free {
        program: crate::review::rules::taint::fixture::Program,
        roles: Roles,
        units: Vec<Range<usize>>,
        shape: Shape,
        walks: FreeWalks,
    }

    impl Free {
        /// The program `marked`, its free walks watching its roles when `watch`.
        fn of(marked: &str, watch: bool) -> Free {
            Free::with(marked, watch, false)
        }

        /// [`Free::of`], for a rule that follows numbers when `numbers`.
        fn with(marked: &str, watch: bool, numbers: bool) -> Free {
            let p = program(Language::Python, marked);
            let shape = Shape::of(p.language, p.root(), &p.text, &p.names).unwrap();
            let mut roles = p.roles.clone();
            roles.numbers = numbers;
            roles.declared = crate::review::rules::taint::declared(
                p.language,
                p.root(),
                &p.text,
                &p.names,
                Some(&shape),
            );
            let units = roles.declared.as_ref().unwrap().units.clone();
            let watched = if watch {
                Watched::of([&roles])
            } else {
                Watched::default()
            };
            let walks = FreeWalks::new(
                p.language,
                p.root(),
                &p.text,
                &p.names,
                &roles,
                &shape,
                watched,
            );
            Free {
                program: p,
                roles,
                units,
                shape,
                walks,
            }
        }

        /// The rule's summary of the program, its walks leaning on the free walks or not.
        fn summary(&self, free: bool) -> Summary {
            let p = &self.program;
            let walks = free.then_some(&self.walks);
            summarize(
                p.language,
                p.root(),
                &p.text,
                &p.names,
                &self.roles,
                &self.shape,
                Open::From(walks),
            )
        }

        /// The units the walk `kind` holds for the program's roles.
        fn holding(&self, kind: usize) -> Option<Vec<Range<usize>>> {
            self.walks
                .holding(&self.roles, &self.shape, kind)
                .map(|held| held.units)
        }

        /// The units its roles hold when every sanitizer and propagator would change the walks.
        fn holding_unwatched(&self) -> Option<Vec<Range<usize>>> {
            self.held_unwatched().map(|held| held.units)
        }

        /// [`Free::holding_unwatched`], with whether the rule walks the top level for its sinks.
        fn held_unwatched(&self) -> Option<Held> {
            holding(&self.units, &self.roles, &self.shape, |_| true)
        }
    }

    #[test]
    fn a_sanitizer_holds_its_function_only_where_it_changes_the_walks_with_no_role() {
        // `len(...)` answers a number, clean with or without the rule; `value.strip()` is a
        // method of a parameter, tainted in the walk from parameters unless the rule cleans it.
        // Both are calls whose own result the walk from results follows. `rows.first()` fills
        // nothing and its value is not used; `items.append(value)` fills `items`.
        let marked = "def size(items):\n    return «sanitizer:len(items)»\n\n\
             def stripped(value):\n    return «sanitizer:value.strip()»\n\n\
             def touched(rows):\n    «sanitizer:rows.first()»\n    return rows\n\n\
             def appended(items, value):\n    «sanitizer:items.append(value)»\n    return items\n";
        let watching = Free::of(marked, true);
        let units = &watching.units;
        assert_eq!(units.len(), 4);
        let [size, stripped, _, appended] = [0, 1, 2, 3].map(|i| units[i].clone());
        assert_eq!(
            watching.holding(0),
            Some(vec![stripped.clone(), appended.clone()])
        );
        assert_eq!(watching.holding(1), Some(vec![size, stripped, appended]));
        // Unwatched, every sanitizer holds its function, as before.
        let unwatched = Free::of(marked, false);
        assert_eq!(unwatched.holding(0), Some(units.clone()));
        assert_eq!(unwatched.holding_unwatched(), Some(units.clone()));
    }

    #[test]
    fn a_sink_at_the_top_level_holds_no_function_but_a_role_that_cleans_there_holds_the_file() {
        // The rule's walk goes through the top level whatever functions it walks, and a sink
        // changes no state: only `run` is walked again. A sanitizer there changes what every
        // function met after it sees; a sink around a function value reads it.
        let sinks = "def run(value):\n    «sink:value»\n\ndef other(value):\n    return value\n\n\
             «sink:fetch()»\n";
        let free = Free::of(sinks, true);
        assert_eq!(free.units.len(), 2);
        assert_eq!(free.holding(0), Some(vec![free.units[0].clone()]));
        assert_eq!(
            free.held_unwatched(),
            Some(Held {
                units: vec![free.units[0].clone()],
                top_level: true
            })
        );
        let cleaning = "def run(value):\n    return value\n\nx = «sanitizer:int(y)»\n";
        assert_eq!(Free::of(cleaning, false).holding_unwatched(), None);
        let around = Free::of("handlers = «sink:[lambda value: value]»\n", false);
        assert_eq!(around.units.len(), 1);
        assert_eq!(around.holding_unwatched(), None);
    }

    #[test]
    fn the_flows_to_a_sink_at_the_top_level_are_the_rules_own() {
        // `run` holds a sink; the top level's sink `x` (an expression of its own, which ends
        // no walk with no role) is reached by what `fetch()` returns, in the walk from results.
        let free = Free::of(
            "def run(value):\n    «sink:value»\n\nx = fetch()\n«sink:x»\n",
            true,
        );
        let edges = |summary: Summary| {
            let mut edges: Vec<String> = summary.edges.iter().map(|e| format!("{e:?}")).collect();
            edges.sort();
            edges
        };
        let leaning = edges(free.summary(true));
        let top = free
            .roles
            .sinks
            .iter()
            .max_by_key(|s| s.start)
            .unwrap()
            .clone();
        let to_top = format!("{:?}", Target::Sink(top));
        assert!(leaning.iter().any(|e| e.contains(&to_top)), "{leaning:?}");
        assert_eq!(leaning, edges(free.summary(false)));
    }

    #[test]
    fn a_sink_every_walk_ends_at_holds_no_function() {
        // A call's argument, a returned value: the free walks reach them as the rule's would.
        // A sink that ends no walk of the file (an expression standing alone) holds `run`.
        let free = Free::of(
            "def query(db, sql):\n    db.execute(«sink:sql»)\n\n\
             def answer(value):\n    return «sink:value»\n\n\
             def run(value):\n    «sink:value»\n",
            true,
        );
        assert_eq!(free.units.len(), 3);
        for kind in [0, 1] {
            assert_eq!(free.holding(kind), Some(vec![free.units[2].clone()]));
        }
    }

    #[test]
    fn a_propagator_holds_its_function_only_where_its_answer_would_differ() {
        // `join` builds a string from its arguments whether a rule says so or not; an unknown
        // `wrap` carries its argument only as a propagator. In the walk from results, where
        // parameters are clean, neither would answer otherwise.
        let free = Free::of(
            "def joined(base):\n    return «propagator:os.path.join(base, \"b\")»\n\n\
             def wrapped(base):\n    return «propagator:wrap(base)»\n",
            true,
        );
        assert_eq!(free.holding(0), Some(vec![free.units[1].clone()]));
        assert_eq!(free.holding(1), Some(vec![]));
    }

    #[test]
    fn a_rule_that_follows_numbers_holds_only_the_functions_where_it_would_find_one_tainted() {
        // `.count(...)` answers a number: clean in the walks with no role, tainted for a rule
        // that follows numbers wherever what it counts in is. A parameter is tainted in the
        // walk from parameters, a call's result in the walk from results; `items` in neither.
        let marked = "def size(value):\n    return value.count('a')\n\n\
             def fetched():\n    return fetch().count('a')\n\n\
             def fixed():\n    items = 'ab'\n    return items.count('a')\n\n\
             def run(value):\n    «sink:value»\n";
        let free = Free::with(marked, true, true);
        let units = &free.units;
        assert_eq!(units.len(), 4);
        let [size, fetched, _, run] = [0, 1, 2, 3].map(|i| units[i].clone());
        assert_eq!(free.holding(0), Some(vec![size, run.clone()]));
        assert_eq!(free.holding(1), Some(vec![fetched, run]));
        // Leaning on the walks, the rule's summary is that of its own walks, and it follows the
        // numbers: `size` returns the length of its parameter.
        let edges = |summary: Summary| {
            let mut edges: Vec<String> = summary.edges.iter().map(|e| format!("{e:?}")).collect();
            edges.sort();
            edges
        };
        let leaning = edges(free.summary(true));
        assert_eq!(leaning, edges(free.summary(false)));
        let returned = format!("{:?}", Target::Return(0));
        assert!(leaning.iter().any(|e| e.contains(&returned)), "{leaning:?}");
        // Walks that did not watch for numbers say nothing of where they would be tainted.
        assert_eq!(Free::with(marked, false, true).holding(0), None);
        // A rule that does not follow them holds only the function with its sink.
        assert_eq!(
            Free::with(marked, true, false).holding(0),
            Some(vec![units[3].clone()])
        );
    }

    #[test]
    fn a_number_worked_out_aside_holds_a_function_only_for_the_rules_that_follow_numbers() {
        // `wrap` carries its argument only as a propagator of one rule, inside a count that
        // another rule, leaning on the same walks, follows: what the propagator would answer
        // there may change that other rule's walk, never the first one's, to which the count is
        // clean whatever `wrap` answers.
        let marked = "def wrapped(value):\n    return «propagator:wrap(value)».count('a')\n";
        let free = Free::of(marked, true);
        let numbers = Roles {
            numbers: true,
            declared: free.roles.declared.clone(),
            ..Roles::default()
        };
        let p = &free.program;
        let walks = FreeWalks::new(
            p.language,
            p.root(),
            &p.text,
            &p.names,
            &free.roles,
            &free.shape,
            Watched::of([&free.roles, &numbers]),
        );
        let held = |roles: &Roles| walks.holding(roles, &free.shape, 0).map(|h| h.units);
        assert_eq!(held(&free.roles), Some(vec![]));
        assert_eq!(held(&numbers), Some(free.units.clone()));
    }

    #[test]
    fn declarators_are_looked_for_only_where_the_grammar_has_them() {
        let java = parse(
            Language::Java,
            "class A { void f() { Runnable r = this::g; int x = 1; } }",
        );
        let python = parse(Language::Python, "def f():\n    x = 1\n");
        fn function(tree: &tree_sitter::Tree) -> Node<'_> {
            let mut found = Vec::new();
            collect(
                tree.root_node(),
                &|k| matches!(k, "method_declaration" | "function_definition"),
                &mut found,
            );
            found[0]
        }
        let mut in_java = Declarators::new(java.root_node());
        assert!(in_java.possible);
        assert_eq!(in_java.of(function(&java)).len(), 2);
        let mut in_python = Declarators::new(python.root_node());
        assert!(!in_python.possible, "Python has no declarator kind");
        assert!(in_python.of(function(&python)).is_empty());
        for language in [Language::C, Language::Cpp, Language::JavaScript] {
            let tree = parse(language, "");
            assert!(Declarators::new(tree.root_node()).possible, "{language:?}");
        }
    }
}
