//! The language tables of the taint walk: the [`Syntax`] type each language fills, the shapes its
//! functions hand back ([`Assign`], [`Call`], [`Entries`]), and one module per language with its
//! table. The walk is written once, against these tables; a new language is a new table here.

mod c;
mod go;
mod java;
mod javascript;
mod php;
mod python;

use tree_sitter::Node;

use crate::lang::Language;

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

/// The language table of `language`, if the engine models it.
pub(super) fn syntax(language: Language) -> Option<&'static Syntax> {
    Some(match language {
        Language::Python => &python::SYNTAX,
        Language::JavaScript | Language::TypeScript | Language::Tsx => &javascript::SYNTAX,
        Language::Java => &java::SYNTAX,
        Language::Go => &go::SYNTAX,
        Language::Php => &php::SYNTAX,
        Language::C | Language::Cpp => &c::SYNTAX,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::fixture::program;
    use super::*;
    use crate::lang::Language::{
        Bash, CSharp, Cpp, Go, Java, JavaScript, Php, Python, Ruby, Rust, Tsx, TypeScript, C,
    };

    #[test]
    fn the_engine_models_six_families_of_languages() {
        let modelled = [Python, JavaScript, TypeScript, Tsx, Java, Go, Php, C, Cpp];
        for language in modelled {
            assert!(syntax(language).is_some(), "{language}");
        }
        for language in [Rust, Ruby, Bash, CSharp] {
            assert!(syntax(language).is_none(), "{language}");
        }
        assert!(std::ptr::eq(
            syntax(TypeScript).expect("modelled"),
            syntax(JavaScript).expect("modelled")
        ));
        assert!(std::ptr::eq(
            syntax(Cpp).expect("modelled"),
            syntax(C).expect("modelled")
        ));
    }

    /// Kinds the tables name that these grammars do not have (older grammars' names, it seems:
    /// JavaScript's function expression is now `function_expression`, PHP's string text
    /// `string_content`, and C++ parses `nullptr` as `null`). They match nothing; they stay until
    /// the tables are changed on purpose.
    const LEGACY: &[(Language, &str)] = &[
        (JavaScript, "function"),
        (Php, "string_value"),
        (C, "nullptr"),
    ];

    /// A kind misspelt in a table matches nothing, silently: each must be a kind of at least one
    /// grammar the table serves.
    #[test]
    fn every_kind_a_table_names_is_a_kind_of_its_grammars() {
        let families: [&[Language]; 6] = [
            &[Python],
            &[JavaScript, TypeScript, Tsx],
            &[Java],
            &[Go],
            &[Php],
            &[C, Cpp],
        ];
        for family in families {
            let table = syntax(family[0]).expect("modelled");
            let grammars: Vec<tree_sitter::Language> = family
                .iter()
                .map(|l| l.grammar().expect("modelled languages have grammars"))
                .collect();
            let lists = [
                table.declarations,
                table.lambdas,
                table.skip,
                table.blocks,
                table.conditionals,
                table.cases,
                table.loops,
                table.identifiers,
                table.strings,
                table.string_parts,
                table.numbers,
                table.binaries,
                table.booleans,
            ];
            let unknown: Vec<&str> = lists
                .into_iter()
                .flatten()
                .copied()
                .filter(|kind| grammars.iter().all(|g| g.id_for_node_kind(kind, true) == 0))
                .collect();
            let legacy: Vec<&str> = LEGACY
                .iter()
                .filter(|(language, _)| *language == family[0])
                .map(|(_, kind)| *kind)
                .collect();
            assert_eq!(unknown, legacy, "{}: kinds no grammar has", family[0]);
        }
    }

    #[test]
    fn parameters_are_named_in_each_language() {
        let cases: [(Language, &str, &[&str]); 7] = [
            (
                Python,
                "def f(self, a, b: int, c=1, *args, d: str = '', **kw):\n    pass\n",
                &["self", "a", "b", "c", "args", "d", "kw"],
            ),
            (
                JavaScript,
                "function f(a, {b, c: {d}}, [e], ...rest) {}",
                &["a", "b", "d", "e", "rest"],
            ),
            (
                TypeScript,
                "function f(req: Request, n = 1, opt?: string) {}",
                &["req", "n", "opt"],
            ),
            (
                Java,
                "class A { void f(String a, final int b, String... c) {} }",
                &["a", "b", "c"],
            ),
            (
                Go,
                "package p\nfunc (s *S) f(a, b string, c int) {}",
                &["a", "b", "c"],
            ),
            (
                Php,
                "<?php function f($a, int $b = 1, ...$c) {}",
                &["$a", "$b", "$c"],
            ),
            (
                C,
                "int f(int a, char **b, char c[]) { return 0; }",
                &["a", "b", "c"],
            ),
        ];
        for (language, code, expected) in cases {
            let program = program(language, code);
            let table = program.syntax();
            let mut declarations = Vec::new();
            super::super::shape::collect(
                program.root(),
                &|k| table.declarations.contains(&k),
                &mut declarations,
            );
            let function = declarations.first().expect("one function");
            let names: Vec<&str> = (table.parameters)(*function)
                .into_iter()
                .map(|(_, name)| program.source_of(name))
                .collect();
            assert_eq!(names, expected, "{language}: {code}");
        }
    }

    #[test]
    fn lambdas_name_their_parameters_too() {
        let cases: [(Language, &str, &str, &[&str]); 4] = [
            (Python, "f = lambda a, b: a", "lambda", &["a", "b"]),
            (JavaScript, "const f = x => x;", "arrow_function", &["x"]),
            (
                Java,
                "class A { Object f = x -> x; }",
                "lambda_expression",
                &["x"],
            ),
            (Php, "<?php $f = fn($a) => $a;", "arrow_function", &["$a"]),
        ];
        for (language, code, kind, expected) in cases {
            let program = program(language, code);
            let table = program.syntax();
            let names: Vec<&str> = (table.parameters)(program.first(kind))
                .into_iter()
                .map(|(_, name)| program.source_of(name))
                .collect();
            assert_eq!(names, expected, "{language}: {code}");
        }
    }
}
