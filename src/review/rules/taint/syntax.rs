//! What the taint walk knows of a language's syntax: the [`Syntax`] table each language fills
//! (in `lang/`), and the shapes its functions hand back ([`Assign`], [`Call`], [`Entries`]). It
//! depends on nothing else of the engine, so the tables and the helpers they use can all depend on
//! it.

use tree_sitter::Node;

/// The statement and expression shapes of one language, as the walk needs them.
pub(super) struct Syntax {
    /// Function declarations: each is a scope of its own, starting clean.
    pub(super) declarations: &'static [&'static str],
    /// Function values (lambdas, closures): walked where they stand, with the state around them.
    pub(super) lambdas: &'static [&'static str],
    /// Statements the walk passes over (classes, imports); declarations inside are found anyway.
    pub(super) skip: &'static [&'static str],
    /// Sequences of statements.
    pub(super) blocks: &'static [&'static str],
    /// Conditionals with `condition`, `consequence` (or `body`) and `alternative` fields; an
    /// alternative that has a condition itself (`elif`, `else if`) is a further conditional.
    pub(super) conditionals: &'static [&'static str],
    /// The cases of a `switch` (or `match`): each is a branch from the state before it.
    pub(super) cases: &'static [&'static str],
    /// Loops: a `body` walked twice (so that what it taints late reaches its start), the other
    /// children walked once before it.
    pub(super) loops: &'static [&'static str],
    /// Variables: their text is their name.
    pub(super) identifiers: &'static [&'static str],
    /// String literals without interpolation, usable as constant keys.
    pub(super) strings: &'static [&'static str],
    /// Children of string literals that are plain text.
    pub(super) string_parts: &'static [&'static str],
    /// Number literals.
    pub(super) numbers: &'static [&'static str],
    /// Binary operations (comparisons among them answer yes or no, and are clean).
    pub(super) binaries: &'static [&'static str],
    /// Expressions that answer yes or no, whatever they are given (`a < b`, `not x`).
    pub(super) booleans: &'static [&'static str],
    pub(super) assignment: for<'t> fn(Node<'t>, &str) -> Option<Assign<'t>>,
    pub(super) call: for<'t> fn(Node<'t>) -> Option<Call<'t>>,
    /// A member access: the object, and the member's name when it is a plain name.
    pub(super) member: for<'t> fn(Node<'t>) -> Option<(Node<'t>, Option<Node<'t>>)>,
    /// An index or key access: the container and the index.
    pub(super) subscript: for<'t> fn(Node<'t>) -> Option<(Node<'t>, Node<'t>)>,
    /// A container literal's entries: a key (a constant key, or the position in a list) when
    /// known, and the value.
    pub(super) entries: for<'t> fn(Node<'t>, &Syntax, &str) -> Option<Entries<'t>>,
    /// A for-each loop's target and the collection it walks.
    pub(super) foreach: for<'t> fn(Node<'t>) -> Option<(Node<'t>, Node<'t>)>,
    /// A function's parameters, each with the node that names it.
    pub(super) parameters: for<'t> fn(Node<'t>) -> Vec<(Node<'t>, Node<'t>)>,
    /// The statements or expression a function runs.
    pub(super) body: for<'t> fn(Node<'t>) -> Option<Node<'t>>,
    /// A cast (or conversion) to a number or boolean, which cannot carry text.
    pub(super) numeric_cast: fn(Node<'_>, &str) -> bool,
    /// Whether a call to a function the rules do not name returns its arguments' taint
    /// (`true`: what is not a sanitizer carries taint through).
    pub(super) calls_propagate: bool,
    /// Where calls do not carry taint: the functions that do (Python's `str`, `sorted`).
    pub(super) carriers: &'static [&'static str],
    /// Functions that write into an argument: name, and which argument (`strcpy(dst, src)`).
    pub(super) out_parameters: &'static [(&'static str, usize)],
    /// Calls that answer a number or yes/no about their arguments or receiver, whatever they
    /// are given: never tainted.
    pub(super) answers: &'static [&'static str],
}

impl Syntax {
    /// Whether a node of `kind` is a function: a declaration or a function value.
    pub(super) fn is_function(&self, kind: &str) -> bool {
        self.declarations.contains(&kind) || self.lambdas.contains(&kind)
    }
}

/// A container literal's entries: each value under its constant key or position, if known.
pub(super) type Entries<'t> = Vec<(Option<String>, Node<'t>)>;

/// An assignment or declaration: targets, values, and whether it adds to what was there (`+=`).
pub(super) struct Assign<'t> {
    pub(super) targets: Vec<Node<'t>>,
    pub(super) values: Vec<Node<'t>>,
    pub(super) augmented: bool,
}

impl<'t> Assign<'t> {
    /// One target given one value.
    pub(super) fn one(target: Node<'t>, value: Node<'t>, augmented: bool) -> Assign<'t> {
        Assign {
            targets: vec![target],
            values: vec![value],
            augmented,
        }
    }
}

/// A call: the name of the function or method, the receiver of a method, the arguments.
pub(super) struct Call<'t> {
    pub(super) name: Option<Node<'t>>,
    pub(super) receiver: Option<Node<'t>>,
    pub(super) arguments: Vec<Node<'t>>,
    /// A constructor call (`new X(...)`): its object carries its arguments.
    pub(super) constructor: bool,
}
