//! Intraprocedural taint tracking for taint rules: does a value from a source reach a sink within
//! one function, without passing through a sanitizer?
//!
//! A taint rule is a query whose patterns each carry one role capture: `@source` (an expression, a
//! parameter, or a buffer a call fills, whose value is untrusted), `@sink` (the argument that must
//! not be untrusted), `@sanitizer` (a call whose result is clean) and `@propagator` (a call whose
//! result is tainted when an argument is). The query finds those nodes in the file's single pass;
//! this module then walks each scope (the file's top level, and every function declaration) that
//! holds a sink, statement by statement in order, and follows values through assignments and
//! re-assignments, augmented assignment, string concatenation and interpolation, formatting calls,
//! containers (a constant key or index is tracked on its own, so a clean entry taken out of a
//! container that also holds tainted ones stays clean), builders and other methods that fill their
//! receiver, C functions that fill their first argument, method calls on a tainted receiver, and
//! loops. A value overwritten with a constant is clean again, a cast to a number or a call that
//! only answers a number or yes/no is clean, and a branch whose condition is a constant that is
//! always false is not followed. Function values (lambdas, closures, callbacks) are walked where
//! they stand, with the state around them.
//!
//! The walk is written once; each language supplies a `Syntax` table (its node kinds, and small
//! functions that take its assignments, calls and containers apart) in a module of its own.
//!
//! The parts, from the entry points down:
//! - `walk`: one pass over each scope, statement by statement, checking the sinks it meets;
//!   `branches`: conditionals, cases and loops, where the state forks and joins;
//!   `budget`: the work and depth limits that make a walk give up.
//! - `effects`: what a statement does to the `state` (which places hold tainted values);
//!   `eval`: the taint of an expression's value under a state.
//! - `constant`: constant evaluation (literal keys, conditions that are always true or false);
//!   `knowledge`: the APIs the engine knows whatever the language; `shape`: syntax taken apart;
//!   `syntax`: the `Syntax` table type and the shapes its functions hand back; `lang/`: one table
//!   per language.
//! - `fixture` (tests only): programs with their roles marked inline, for every part's tests.
//!
//! Rooms for later work: resolved names would feed `knowledge` and the tables' name matching;
//! summaries of other functions (what reaches their return and their sinks) would answer in
//! `eval` where a call is evaluated and in `effects` where a call fills its arguments, and would
//! replace the walk's guess about the file's own functions (`Walk::local_functions`); guards that
//! validate a value belong in `branches`; constant folding in `constant`.

mod branches;
mod budget;
mod constant;
mod effects;
mod eval;
pub(crate) mod extent;
#[cfg(test)]
mod fixture;
mod fold;
mod guards;
mod knowledge;
mod lang;
mod lists;
mod shape;
mod state;
pub(crate) mod summary;
mod syntax;
mod walk;

use std::collections::HashSet;
use std::ops::Range;

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::lang::Language;
use crate::review::rules::names::Aliases;
use crate::review::rules::RangeSet;
use budget::Limits;
pub(crate) use walk::{analyze_extents, reference_arguments};

/// Nodes the rule's query found, by role, as byte ranges.
#[derive(Default, Debug, Clone)]
pub(crate) struct Roles {
    pub(crate) sources: RangeSet,
    pub(crate) sinks: RangeSet,
    pub(crate) sanitizers: RangeSet,
    pub(crate) propagators: RangeSet,
    /// Sources that are the buffer a call fills (`free(p)`, `@filled`): also in `sources`, but
    /// tainted only once the call returns, so the call itself (a sink too) reads the value before.
    pub(crate) filled: RangeSet,
    /// Sources whose flows are reported only inside their function (`@source.local`: a pointer
    /// set to NULL, which code far away checks in ways a walk of one path cannot see): no edge
    /// of the summaries starts from them.
    pub(crate) local_sources: RangeSet,
    /// Places a statement makes clean (`@cleared`: the cookie of `cookie.setSecure(true)`).
    pub(crate) cleared: RangeSet,
    /// Conditions that, when they hold, show the values they test are safe (`p != NULL`,
    /// `@checked`), and conditions that, when they hold, show they are not (`p == NULL`,
    /// `@rejected`): the rule's own guards (see `guards`).
    pub(crate) checked: RangeSet,
    pub(crate) rejected: RangeSet,
    /// The rule follows a value's state, not data (`; flow: value`, see `eval`).
    pub(crate) value_only: bool,
    /// Numbers carry taint (`; flow: number`: a divisor read from input): a cast to a number
    /// and a call that answers one (`atoi(buf)`) keep the taint of what they are given.
    pub(crate) numbers: bool,
    /// Reported only where every path leaves the value in the rule's state (`; paths: all`).
    pub(crate) all_paths: bool,
    /// Calls whose result, when nothing else taints it, is a value of its own: what the called
    /// function returns, which the join of summaries decides (see `summary`).
    pub(crate) results: RangeSet,
    /// For a rule that follows a value's state in C++: the variables handed to a function of the
    /// file that takes them by a reference it may write through (`int &n`, not `const int &`),
    /// which are not read there, and those of them the callee may give a value (all, unless
    /// its definition in the file never names the parameter). Found once per file, by
    /// [`reference_arguments`].
    pub(crate) by_reference: RangeSet,
    pub(crate) written: RangeSet,
    /// The rule judges buffer extents (`; flow: extent`), on this side of an access: its sinks
    /// are accesses, judged against the buffers the walk follows (see [`extent`]).
    pub(crate) extent: Option<extent::Check>,
    /// The file is C++, where an array of a class type is built by its constructor: what is
    /// not known to be such an array is followed as unwritten memory (see [`extent`]).
    pub(crate) constructs: bool,
    /// The file's declarations, and what they assign, when found once for every walk of the
    /// file (see [`declared`]); otherwise each walk finds them.
    pub(crate) declared: Option<std::sync::Arc<Declared>>,
}

/// The sanitizers and propagators of the rules that lean on a walk with no role (see
/// `summary::FreeWalks`), which that walk notes when it meets them; and whether one of those
/// rules follows numbers (see [`Roles::numbers`]), which that walk does not.
#[derive(Debug, Default)]
pub(crate) struct Watched {
    pub(crate) sanitizers: RangeSet,
    pub(crate) propagators: RangeSet,
    pub(crate) numbers: bool,
}

impl Watched {
    /// The sanitizers and propagators of `rules`, and whether one follows numbers.
    pub(crate) fn of<'r>(rules: impl IntoIterator<Item = &'r Roles>) -> Watched {
        let mut watched = Watched::default();
        for roles in rules {
            watched.sanitizers.extend(roles.sanitizers.iter().cloned());
            watched
                .propagators
                .extend(roles.propagators.iter().cloned());
            watched.numbers |= roles.numbers;
        }
        watched
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.sanitizers.is_empty() && self.propagators.is_empty() && !self.numbers
    }
}

/// A file's declarations, in source order, and the variables they assign or step: the same for
/// every walk of the file, which each started with two passes of its own over the whole tree.
#[derive(Debug, Default)]
pub(crate) struct Declared {
    pub(crate) ranges: Vec<Range<usize>>,
    /// The outermost declarations and function values, sorted: the units a rule's walk goes
    /// into or not (see [`summary::FreeWalks`]).
    pub(crate) units: Vec<Range<usize>>,
    pub(crate) assigned: HashSet<String>,
    /// The functions that never return (see [`walk::no_return`]), which every walk of the file
    /// looks for in the same way.
    pub(crate) no_return: HashSet<String>,
    /// Where the ends of the file's summaries are (calls' arguments, returned values, stored
    /// fields: every walk of a summary has them), found once (see [`walk::outer_nodes`]).
    pub(crate) sink_nodes: walk::SinkNodes,
    /// What the walks forget of the state around a unit or a loop when they meet it (see
    /// [`effects::Forgotten`]), found by the first walk that needs it. Every walk of the file
    /// meets every unit at the top level and every loop of the units it goes into, and each
    /// would otherwise go through its whole tree again.
    pub(crate) forgotten: effects::ForgottenOnce,
}

/// [`Declared`] for the file at `root`.
pub(crate) fn declared(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    shape: Option<&summary::Shape>,
) -> Option<std::sync::Arc<Declared>> {
    let syntax = lang::syntax(language)?;
    // One pass over the tree finds the declarations, the function values and the assignments.
    let mut found = Vec::new();
    shape::collect(
        root,
        &|k| {
            syntax.declarations.contains(&k)
                || syntax.lambdas.contains(&k)
                || walk::ASSIGNMENTS.contains(&k)
        },
        &mut found,
    );
    // The variables the declarations assign or step, their nested ones' too: the assignments
    // that come, in the pass's order (outermost first), before the end of a declaration met.
    let mut assigned = HashSet::new();
    let mut inside_until = 0;
    found.retain(|node| {
        let kind = node.kind_name();
        let is_function = syntax.is_function(kind);
        if syntax.declarations.contains(&kind) {
            inside_until = inside_until.max(node.end_byte());
        }
        if !is_function && walk::ASSIGNMENTS.contains(&kind) {
            if node.start_byte() < inside_until {
                if let Some(name) = walk::assigned_by(*node, syntax, text, names) {
                    assigned.insert(name.to_string());
                }
            }
            return false;
        }
        true
    });
    let mut units: Vec<Range<usize>> = Vec::new();
    for node in &found {
        let range = node.byte_range();
        // In source order: a declaration inside the last unit is part of it. A function
        // value at the top level (`export const f = (x) => ...`) is a unit as a declaration
        // is: the walk meets it with the state around it.
        if units.last().is_none_or(|unit| unit.end < range.end) {
            units.push(range);
        }
    }
    found.retain(|node| syntax.declarations.contains(&node.kind_name()));
    let no_return = walk::no_return(&found, syntax, text)
        .into_iter()
        .map(String::from)
        .collect();
    let mut targets: Vec<Range<usize>> = shape
        .map(|shape| shape.targets().cloned().collect())
        .unwrap_or_default();
    targets.sort_by_key(|t| (t.start, t.end));
    targets.dedup();
    Some(std::sync::Arc::new(Declared {
        ranges: found.iter().map(|n| n.byte_range()).collect(),
        units,
        assigned,
        no_return,
        sink_nodes: walk::outer_nodes(root, syntax, &targets),
        forgotten: effects::ForgottenOnce::default(),
    }))
}

/// The capture names that give a taint rule's pattern its role (see [`Roles::add`]).
pub(crate) const ROLE_NAMES: [&str; 9] = [
    "source",
    "sink",
    "sanitizer",
    "propagator",
    "filled",
    "checked",
    "rejected",
    "cleared",
    "source.local",
];

impl Roles {
    /// Whether a walk for these roles goes as one for `other` does, whatever sinks each has and
    /// whatever each judges of them: both are about extents, and every other role and flag is
    /// the same. One walk can then judge the sinks of both (see [`analyze_extents`]).
    pub(crate) fn walks_as(&self, other: &Roles) -> bool {
        // Every field named, so that one added later is weighed here.
        let Roles {
            sources,
            sinks: _,
            sanitizers,
            propagators,
            filled,
            local_sources,
            cleared,
            checked,
            rejected,
            value_only,
            numbers,
            all_paths,
            results,
            by_reference,
            written,
            extent,
            constructs,
            declared,
        } = self;
        let same_declared = match (declared, &other.declared) {
            (Some(one), Some(two)) => std::sync::Arc::ptr_eq(one, two),
            (None, None) => true,
            _ => false,
        };
        extent.is_some()
            && other.extent.is_some()
            && same_declared
            && *value_only == other.value_only
            && *numbers == other.numbers
            && *all_paths == other.all_paths
            && *constructs == other.constructs
            && *sources == other.sources
            && *sanitizers == other.sanitizers
            && *propagators == other.propagators
            && *filled == other.filled
            && *local_sources == other.local_sources
            && *cleared == other.cleared
            && *checked == other.checked
            && *rejected == other.rejected
            && *results == other.results
            && *by_reference == other.by_reference
            && *written == other.written
    }

    /// Adds the node at `range` under the role its capture names (`source`, `filled` ...);
    /// `false` for a name that is no role. A `@filled` place and a `@source.local` are sources
    /// too.
    pub(crate) fn add(&mut self, role: &str, range: Range<usize>) -> bool {
        let set = match role {
            "source" => &mut self.sources,
            "sink" => &mut self.sinks,
            "sanitizer" => &mut self.sanitizers,
            "propagator" => &mut self.propagators,
            "filled" => &mut self.filled,
            "checked" => &mut self.checked,
            "rejected" => &mut self.rejected,
            "cleared" => &mut self.cleared,
            "source.local" => &mut self.local_sources,
            _ => return false,
        };
        set.insert(range.clone());
        if matches!(role, "filled" | "source.local") {
            self.sources.insert(range);
        }
        true
    }
}

/// One step of a flow: where, and what happened there.
pub(crate) type Step = (Range<usize>, std::sync::Arc<str>);

/// A tainted value reaching a sink.
#[derive(Debug, Clone)]
pub(crate) struct Flow {
    pub(crate) sink: Range<usize>,
    /// From the source to the sink, in order.
    pub(crate) steps: Vec<Step>,
    /// What the flow says beyond its nodes, for the finding's message (`{{detail}}`): the
    /// sizes an access past a buffer's end compares.
    pub(crate) detail: Option<String>,
    /// For a leak, the arguments of calls the memory was lent to: the finding stands only if
    /// the join finds that none of the functions called keeps it.
    pub(crate) lent: Vec<Range<usize>>,
}

/// The languages whose statements the engine models.
pub(crate) fn supports(language: Language) -> bool {
    lang::syntax(language).is_some()
}

/// Every flow from a source to a sink in `root`, a tree of `language`.
pub(crate) fn analyze(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    roles: &Roles,
) -> Vec<Flow> {
    if roles.sources.is_empty() {
        return Vec::new();
    }
    walk::run(
        language,
        root,
        text,
        names,
        roles,
        false,
        Limits::DEFAULT,
        None,
    )
    .0
}

/// What the walk of a rule about extents finds in a file: the accesses that may reach past an
/// end of their buffer (its flows), and the accesses found inside their buffers.
pub(crate) type ExtentFindings = (Vec<Flow>, RangeSet);

/// Every flow of a rule about extents (`; flow: extent`): the accesses that may reach past an
/// end of their buffer, and the accesses found inside their buffers wherever the walk met them.
pub(crate) fn analyze_extent(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    roles: &Roles,
) -> ExtentFindings {
    if roles.sources.is_empty() {
        return (Vec::new(), Default::default());
    }
    let walked = walk::run_judging(
        language,
        root,
        text,
        names,
        roles,
        false,
        Limits::DEFAULT,
        None,
        None,
    );
    if !walked.complete {
        // A walk that gave up has proven nothing within bounds.
        return (walked.flows, Default::default());
    }
    (walked.flows, walked.fits)
}

/// The sinks that a value from a source, or from a parameter of the function around them, may
/// reach: where a sink holds a parameter, whether it is safe depends on the callers, which
/// this intraprocedural analysis does not see.
pub(crate) fn open_sinks(
    language: Language,
    root: Node<'_>,
    text: &str,
    names: &Aliases,
    roles: &Roles,
) -> RangeSet {
    let (flows, complete) = walk::run(
        language,
        root,
        text,
        names,
        roles,
        true,
        Limits::DEFAULT,
        None,
    );
    if !complete {
        // The walk gave up: nothing is judged.
        return roles.sinks.clone();
    }
    flows.into_iter().map(|flow| flow.sink).collect()
}

/// The first line of `text`, marked when more follow: how a step quotes code.
fn one_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    if first.len() < text.len() {
        format!("{first} ...")
    } else {
        first.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::fixture::program;
    use super::*;

    #[test]
    fn the_languages_the_engine_models_are_supported() {
        for language in [
            Language::Python,
            Language::Tsx,
            Language::Cpp,
            Language::Php,
        ] {
            assert!(supports(language), "{language}");
        }
        for language in [Language::Ruby, Language::Rust, Language::Kotlin] {
            assert!(!supports(language), "{language}");
        }
    }

    #[test]
    fn without_sources_there_is_no_flow_though_parameters_may_reach_sinks() {
        let program = program(
            Language::Python,
            "def f(name):\n    os.system(«sink:name»)\n",
        );
        assert!(analyze(
            program.language,
            program.root(),
            &program.text,
            &program.names,
            &program.roles
        )
        .is_empty());
        assert_eq!(program.open(), ["name"]);
    }

    #[test]
    fn a_c_macro_that_names_a_variable_is_that_variable() {
        let text = "#define ARG3 data\n#define ARG1 \"-c\"\n\
                    void f(void) {\n    char *data = «source:getenv(\"X\")»;\n\
                    char *args[] = {\"sh\", ARG1, «sink:ARG3», NULL};\n}\n\
                    void g(void) {\n    char *data = \"ls\";\n    run(«sink:ARG3»);\n}\n";
        let program = program(Language::C, text);
        assert_eq!(program.flagged(), ["ARG3"]);
        assert_eq!(program.steps()[0], "untrusted value `getenv(\"X\")`");
    }

    #[test]
    fn a_language_without_a_table_has_no_flows_and_no_open_sinks() {
        let text = "system(params[:cmd])";
        let tree = fixture::parse(Language::Ruby, text);
        let mut roles = Roles::default();
        roles.sources.insert(7..19);
        roles.sinks.insert(7..19);
        let names = Aliases::default();
        assert!(analyze(Language::Ruby, tree.root_node(), text, &names, &roles).is_empty());
        assert!(open_sinks(Language::Ruby, tree.root_node(), text, &names, &roles).is_empty());
    }
}
