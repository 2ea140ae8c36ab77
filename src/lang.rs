//! The per-language table: how a file is recognised, which grammar parses it, which nodes are
//! definitions and imports, and how its comments look.
//!
//! Everything language-specific that the walker, the slicer and the rules engine need lives here, so
//! adding a language is one entry in [`Language::ALL`] plus its grammar crate.

use std::fmt;
use std::path::Path;

mod kind;
pub(crate) mod nodes;

pub(crate) use kind::GrammarNames;

/// A language shardscan recognises. Languages without a grammar are still sharded (line windows)
/// so that reviewers which read plain text can audit them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Language {
    Rust,
    Python,
    JavaScript,
    TypeScript,
    Tsx,
    Go,
    Java,
    C,
    Cpp,
    CSharp,
    Ruby,
    Php,
    Bash,
    Kotlin,
    Swift,
    Scala,
    Lua,
    Perl,
}

/// Static facts about one language. Every field says why the pipeline needs it.
pub(crate) struct LanguageSpec {
    /// Stable lower-case name used in CLI output, JSON, rule directories and `--include-lang`.
    pub(crate) name: &'static str,
    /// File extensions (without the dot), matched case-insensitively.
    pub(crate) extensions: &'static [&'static str],
    /// Interpreter names recognised on a `#!` line, for scripts without an extension.
    pub(crate) interpreters: &'static [&'static str],
    /// Node kinds that are definitions: they name a shard's symbol and appear as sibling signatures
    /// in the context header.
    pub(crate) definition_kinds: &'static [&'static str],
    /// Top-level node kinds whose text goes into every shard's context header (imports, includes).
    pub(crate) import_kinds: &'static [&'static str],
    /// Line comment prefixes, used for inline suppressions and rule test annotations.
    pub(crate) line_comments: &'static [&'static str],
}

impl Language {
    /// Every language, in a fixed order (used for listings and stable output).
    pub(crate) const ALL: &'static [Language] = &[
        Language::Rust,
        Language::Python,
        Language::JavaScript,
        Language::TypeScript,
        Language::Tsx,
        Language::Go,
        Language::Java,
        Language::C,
        Language::Cpp,
        Language::CSharp,
        Language::Ruby,
        Language::Php,
        Language::Bash,
        Language::Kotlin,
        Language::Swift,
        Language::Scala,
        Language::Lua,
        Language::Perl,
    ];

    pub(crate) fn spec(self) -> &'static LanguageSpec {
        match self {
            Language::Rust => &RUST,
            Language::Python => &PYTHON,
            Language::JavaScript => &JAVASCRIPT,
            Language::TypeScript => &TYPESCRIPT,
            Language::Tsx => &TSX,
            Language::Go => &GO,
            Language::Java => &JAVA,
            Language::C => &C,
            Language::Cpp => &CPP,
            Language::CSharp => &CSHARP,
            Language::Ruby => &RUBY,
            Language::Php => &PHP,
            Language::Bash => &BASH,
            Language::Kotlin => &KOTLIN,
            Language::Swift => &SWIFT,
            Language::Scala => &SCALA,
            Language::Lua => &LUA,
            Language::Perl => &PERL,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        self.spec().name
    }

    pub(crate) fn from_name(name: &str) -> Option<Language> {
        let name = name.to_ascii_lowercase();
        let alias = match name.as_str() {
            "js" => "javascript",
            "ts" => "typescript",
            "c++" => "cpp",
            "cs" | "c#" => "csharp",
            "sh" | "shell" => "bash",
            "py" => "python",
            "rb" => "ruby",
            "golang" => "go",
            other => other,
        };
        Language::ALL.iter().copied().find(|l| l.name() == alias)
    }

    /// The tree-sitter grammar, or `None` for languages that are only sharded by line windows.
    pub(crate) fn grammar(self) -> Option<tree_sitter::Language> {
        Some(match self {
            Language::Rust => tree_sitter_rust::LANGUAGE.into(),
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
            Language::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
            Language::Go => tree_sitter_go::LANGUAGE.into(),
            Language::Java => tree_sitter_java::LANGUAGE.into(),
            Language::C => tree_sitter_c::LANGUAGE.into(),
            Language::Cpp => tree_sitter_cpp::LANGUAGE.into(),
            Language::CSharp => tree_sitter_c_sharp::LANGUAGE.into(),
            Language::Ruby => tree_sitter_ruby::LANGUAGE.into(),
            // PHP files mix HTML and `<?php` blocks; this grammar handles both.
            Language::Php => tree_sitter_php::LANGUAGE_PHP.into(),
            Language::Bash => tree_sitter_bash::LANGUAGE.into(),
            Language::Kotlin
            | Language::Swift
            | Language::Scala
            | Language::Lua
            | Language::Perl => return None,
        })
    }

    /// The grammar's `node-types.json`: each kind of node, its fields and the kinds each may
    /// hold. `None` where [`Language::grammar`] is.
    pub(crate) fn node_types(self) -> Option<&'static str> {
        Some(match self {
            Language::Rust => tree_sitter_rust::NODE_TYPES,
            Language::Python => tree_sitter_python::NODE_TYPES,
            Language::JavaScript => tree_sitter_javascript::NODE_TYPES,
            Language::TypeScript => tree_sitter_typescript::TYPESCRIPT_NODE_TYPES,
            Language::Tsx => tree_sitter_typescript::TSX_NODE_TYPES,
            Language::Go => tree_sitter_go::NODE_TYPES,
            Language::Java => tree_sitter_java::NODE_TYPES,
            Language::C => tree_sitter_c::NODE_TYPES,
            Language::Cpp => tree_sitter_cpp::NODE_TYPES,
            Language::CSharp => tree_sitter_c_sharp::NODE_TYPES,
            Language::Ruby => tree_sitter_ruby::NODE_TYPES,
            Language::Php => tree_sitter_php::PHP_NODE_TYPES,
            Language::Bash => tree_sitter_bash::NODE_TYPES,
            Language::Kotlin
            | Language::Swift
            | Language::Scala
            | Language::Lua
            | Language::Perl => return None,
        })
    }

    pub(crate) fn has_grammar(self) -> bool {
        !matches!(
            self,
            Language::Kotlin | Language::Swift | Language::Scala | Language::Lua | Language::Perl
        )
    }

    /// Detects the language of `path` from its extension, then from a `#!` line in `head` (the first
    /// bytes of the file).
    pub(crate) fn detect(path: &Path, head: &[u8]) -> Option<Language> {
        if let Some(ext) = path.extension().and_then(|e| e.to_str()) {
            let ext = ext.to_ascii_lowercase();
            if let Some(lang) = Language::ALL
                .iter()
                .copied()
                .find(|l| l.spec().extensions.contains(&ext.as_str()))
            {
                return Some(lang);
            }
            // A file with an unknown extension is not a script, whatever its first line says
            // (`notes.txt` starting with `#!` is still prose).
            return None;
        }
        Language::from_shebang(head)
    }

    /// Detects the language from extension alone (cheap, no I/O).
    pub(crate) fn from_extension(path: &Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Language::ALL
            .iter()
            .copied()
            .find(|l| l.spec().extensions.contains(&ext.as_str()))
    }

    fn from_shebang(head: &[u8]) -> Option<Language> {
        let line = head.strip_prefix(b"#!")?;
        let end = line.iter().position(|&b| b == b'\n').unwrap_or(line.len());
        let line = std::str::from_utf8(&line[..end]).ok()?;
        let mut words = line.split_whitespace();
        let mut program = words.next()?.rsplit('/').next()?;
        if program == "env" {
            // `#!/usr/bin/env -S python3 -u` and `#!/usr/bin/env python3`.
            program = words.find(|w| !w.starts_with('-'))?;
        }
        // `python3.11` -> `python3.11`, matched by prefix against `python`.
        Language::ALL.iter().copied().find(|l| {
            l.spec().interpreters.iter().any(|i| {
                program == *i
                    || program
                        .strip_prefix(i)
                        .is_some_and(|rest| rest.chars().all(|c| c.is_ascii_digit() || c == '.'))
            })
        })
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

const C_STYLE: &[&str] = &["//"];
const HASH: &[&str] = &["#"];

static RUST: LanguageSpec = LanguageSpec {
    name: "rust",
    extensions: &["rs"],
    interpreters: &[],
    definition_kinds: &[
        "function_item",
        "struct_item",
        "enum_item",
        "union_item",
        "impl_item",
        "trait_item",
        "mod_item",
        "macro_definition",
        "const_item",
        "static_item",
        "type_item",
    ],
    import_kinds: &["use_declaration", "extern_crate_declaration"],
    line_comments: C_STYLE,
};

static PYTHON: LanguageSpec = LanguageSpec {
    name: "python",
    extensions: &["py", "pyw", "pyi"],
    interpreters: &["python", "pypy"],
    definition_kinds: &[
        "function_definition",
        "class_definition",
        "decorated_definition",
    ],
    import_kinds: &[
        "import_statement",
        "import_from_statement",
        "future_import_statement",
    ],
    line_comments: HASH,
};

const JS_DEFINITIONS: &[&str] = &[
    "function_declaration",
    "generator_function_declaration",
    "class_declaration",
    "method_definition",
    "lexical_declaration",
    "variable_declaration",
    "export_statement",
    "interface_declaration",
    "type_alias_declaration",
    "enum_declaration",
    "abstract_class_declaration",
    "internal_module",
];

static JAVASCRIPT: LanguageSpec = LanguageSpec {
    name: "javascript",
    extensions: &["js", "mjs", "cjs", "jsx"],
    interpreters: &["node", "nodejs"],
    definition_kinds: JS_DEFINITIONS,
    import_kinds: &["import_statement"],
    line_comments: C_STYLE,
};

static TYPESCRIPT: LanguageSpec = LanguageSpec {
    name: "typescript",
    extensions: &["ts", "mts", "cts"],
    interpreters: &["ts-node", "deno", "bun"],
    definition_kinds: JS_DEFINITIONS,
    import_kinds: &["import_statement"],
    line_comments: C_STYLE,
};

static TSX: LanguageSpec = LanguageSpec {
    name: "tsx",
    extensions: &["tsx"],
    interpreters: &[],
    definition_kinds: JS_DEFINITIONS,
    import_kinds: &["import_statement"],
    line_comments: C_STYLE,
};

static GO: LanguageSpec = LanguageSpec {
    name: "go",
    extensions: &["go"],
    interpreters: &[],
    definition_kinds: &[
        "function_declaration",
        "method_declaration",
        "type_declaration",
        "var_declaration",
        "const_declaration",
    ],
    import_kinds: &["package_clause", "import_declaration"],
    line_comments: C_STYLE,
};

static JAVA: LanguageSpec = LanguageSpec {
    name: "java",
    extensions: &["java"],
    interpreters: &[],
    definition_kinds: &[
        "class_declaration",
        "interface_declaration",
        "enum_declaration",
        "record_declaration",
        "annotation_type_declaration",
        "method_declaration",
        "constructor_declaration",
        "field_declaration",
    ],
    import_kinds: &["package_declaration", "import_declaration"],
    line_comments: C_STYLE,
};

static C: LanguageSpec = LanguageSpec {
    name: "c",
    extensions: &["c"],
    interpreters: &[],
    definition_kinds: &[
        "function_definition",
        "struct_specifier",
        "union_specifier",
        "enum_specifier",
        "type_definition",
        "declaration",
    ],
    import_kinds: &["preproc_include"],
    line_comments: C_STYLE,
};

static CPP: LanguageSpec = LanguageSpec {
    name: "cpp",
    extensions: &[
        "cc", "cpp", "cxx", "c++", "hpp", "hh", "hxx", "h", "ipp", "inl",
    ],
    interpreters: &[],
    definition_kinds: &[
        "function_definition",
        "class_specifier",
        "struct_specifier",
        "union_specifier",
        "enum_specifier",
        "namespace_definition",
        "template_declaration",
        "type_definition",
        "declaration",
    ],
    import_kinds: &["preproc_include", "using_declaration"],
    line_comments: C_STYLE,
};

static CSHARP: LanguageSpec = LanguageSpec {
    name: "csharp",
    extensions: &["cs"],
    interpreters: &[],
    definition_kinds: &[
        "namespace_declaration",
        "file_scoped_namespace_declaration",
        "class_declaration",
        "struct_declaration",
        "interface_declaration",
        "record_declaration",
        "enum_declaration",
        "method_declaration",
        "constructor_declaration",
        "property_declaration",
    ],
    import_kinds: &["using_directive"],
    line_comments: C_STYLE,
};

static RUBY: LanguageSpec = LanguageSpec {
    name: "ruby",
    extensions: &["rb", "rake", "gemspec", "ru"],
    interpreters: &["ruby"],
    definition_kinds: &[
        "method",
        "singleton_method",
        "class",
        "module",
        "singleton_class",
    ],
    import_kinds: &[],
    line_comments: HASH,
};

static PHP: LanguageSpec = LanguageSpec {
    name: "php",
    extensions: &["php", "phtml", "php5", "php7", "phps"],
    interpreters: &["php"],
    definition_kinds: &[
        "function_definition",
        "class_declaration",
        "interface_declaration",
        "trait_declaration",
        "enum_declaration",
        "method_declaration",
        "namespace_definition",
    ],
    import_kinds: &["namespace_use_declaration"],
    line_comments: &["//", "#"],
};

static BASH: LanguageSpec = LanguageSpec {
    name: "bash",
    extensions: &["sh", "bash"],
    interpreters: &["sh", "bash", "dash", "ksh"],
    definition_kinds: &["function_definition"],
    import_kinds: &[],
    line_comments: HASH,
};

static KOTLIN: LanguageSpec = LanguageSpec {
    name: "kotlin",
    extensions: &["kt", "kts"],
    interpreters: &[],
    definition_kinds: &[],
    import_kinds: &[],
    line_comments: C_STYLE,
};

static SWIFT: LanguageSpec = LanguageSpec {
    name: "swift",
    extensions: &["swift"],
    interpreters: &[],
    definition_kinds: &[],
    import_kinds: &[],
    line_comments: C_STYLE,
};

static SCALA: LanguageSpec = LanguageSpec {
    name: "scala",
    extensions: &["scala", "sc"],
    interpreters: &[],
    definition_kinds: &[],
    import_kinds: &[],
    line_comments: C_STYLE,
};

static LUA: LanguageSpec = LanguageSpec {
    name: "lua",
    extensions: &["lua"],
    interpreters: &["lua"],
    definition_kinds: &[],
    import_kinds: &[],
    line_comments: &["--"],
};

static PERL: LanguageSpec = LanguageSpec {
    name: "perl",
    extensions: &["pl", "pm"],
    interpreters: &["perl"],
    definition_kinds: &[],
    import_kinds: &[],
    line_comments: HASH,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_by_extension_and_shebang() {
        let cases: &[(&str, &[u8], Option<Language>)] = &[
            ("a/b.py", b"", Some(Language::Python)),
            ("x.TSX", b"", Some(Language::Tsx)),
            ("x.h", b"", Some(Language::Cpp)),
            (
                "bin/tool",
                b"#!/usr/bin/env python3\n",
                Some(Language::Python),
            ),
            (
                "bin/tool",
                b"#!/usr/bin/env -S node --x\n",
                Some(Language::JavaScript),
            ),
            ("bin/run", b"#!/bin/bash -e\n", Some(Language::Bash)),
            (
                "bin/run",
                b"#!/usr/bin/python3.11\n",
                Some(Language::Python),
            ),
            ("bin/run", b"#!/usr/bin/pythonista\n", None),
            ("notes.txt", b"#!/bin/sh\n", None),
            ("Makefile", b"all:\n", None),
        ];
        for (path, head, want) in cases {
            assert_eq!(Language::detect(Path::new(path), head), *want, "{path}");
        }
    }

    #[test]
    fn every_grammar_loads_with_a_supported_abi() {
        for lang in Language::ALL {
            if let Some(grammar) = lang.grammar() {
                let mut parser = tree_sitter::Parser::new();
                parser
                    .set_language(&grammar)
                    .unwrap_or_else(|e| panic!("{lang}: {e}"));
            }
            assert_eq!(lang.grammar().is_some(), lang.has_grammar(), "{lang}");
            assert_eq!(Language::from_name(lang.name()), Some(*lang));
        }
    }
}
