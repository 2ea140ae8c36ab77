//! The language tables of the taint walk: one module per language filling the
//! [`Syntax`](super::syntax::Syntax) table. The walk is written once, against these tables; a new
//! language is a new table here.

mod c;
mod csharp;
mod go;
mod java;
mod javascript;
mod php;
mod python;

use super::syntax::Syntax;
use crate::lang::Language;

/// The language table of `language`, if the engine models it.
pub(super) fn syntax(language: Language) -> Option<&'static Syntax> {
    Some(match language {
        Language::Python => &python::SYNTAX,
        Language::JavaScript | Language::TypeScript | Language::Tsx => &javascript::SYNTAX,
        Language::Java => &java::SYNTAX,
        Language::Go => &go::SYNTAX,
        Language::Php => &php::SYNTAX,
        Language::C | Language::Cpp => &c::SYNTAX,
        Language::CSharp => &csharp::SYNTAX,
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
    fn the_engine_models_seven_families_of_languages() {
        let modelled = [
            Python, JavaScript, TypeScript, Tsx, Java, Go, Php, C, Cpp, CSharp,
        ];
        for language in modelled {
            assert!(syntax(language).is_some(), "{language}");
        }
        for language in [Rust, Ruby, Bash] {
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
        let families: [&[Language]; 7] = [
            &[Python],
            &[JavaScript, TypeScript, Tsx],
            &[Java],
            &[Go],
            &[Php],
            &[C, Cpp],
            &[CSharp],
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
        let cases: [(Language, &str, &[&str]); 8] = [
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
            (
                CSharp,
                "class A { void F([FromQuery] string a, int b = 1, params string[] c) {} }",
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
        let cases: [(Language, &str, &str, &[&str]); 6] = [
            (Python, "f = lambda a, b: a", "lambda", &["a", "b"]),
            (JavaScript, "const f = x => x;", "arrow_function", &["x"]),
            (
                Java,
                "class A { Object f = x -> x; }",
                "lambda_expression",
                &["x"],
            ),
            (Php, "<?php $f = fn($a) => $a;", "arrow_function", &["$a"]),
            (
                CSharp,
                "class A { Func<string, string> f = s => s; }",
                "lambda_expression",
                &["s"],
            ),
            (
                CSharp,
                "class A { object f = (string a, int b) => a; }",
                "lambda_expression",
                &["a", "b"],
            ),
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
