//! Names as the code resolves them, so that a rule written against a function's own name also
//! matches the other spellings a file gives it. Today: C and C++ object-like macros whose body
//! is one identifier (`#define SYSTEM system`, `#define POPEN popen`), which portable C code uses
//! to pick a function per platform. Every use of such a macro name reads, to the queries' text
//! predicates, as the name it stands for; the code itself is untouched, so findings point at what
//! is written.

use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::Node;

use crate::lang::Language;

/// The identifiers of one file that stand for another name, by byte range.
#[derive(Debug, Default)]
pub(crate) struct Aliases {
    resolved: HashMap<Range<usize>, String>,
}

impl Aliases {
    /// The aliases of a parsed file; empty for a language without any, or a file that defines
    /// none (no walk is made then beyond the top-level definitions).
    pub(crate) fn of(language: Language, root: Node<'_>, text: &str) -> Aliases {
        if !matches!(language, Language::C | Language::Cpp) {
            return Aliases::default();
        }
        let mut macros: HashMap<&str, &str> = HashMap::new();
        collect_macros(root, text, &mut macros);
        if macros.is_empty() {
            return Aliases::default();
        }
        let mut resolved = HashMap::new();
        let mut cursor = root.walk();
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if node.kind() == "identifier" {
                if let Some(target) = macros.get(&text[node.byte_range()]) {
                    resolved.insert(node.byte_range(), (*target).to_string());
                }
                continue;
            }
            // A definition's own name is the macro, not a use of it.
            if node.kind() == "preproc_def" {
                continue;
            }
            stack.extend(node.children(&mut cursor));
        }
        Aliases { resolved }
    }

    /// The text a query's predicates see for `node`: the resolved name of an alias, else the
    /// node's own text.
    pub(crate) fn text<'a>(&'a self, node: Node<'_>, text: &'a [u8]) -> &'a [u8] {
        match self.resolved.get(&node.byte_range()) {
            Some(name) => name.as_bytes(),
            None => &text[node.byte_range()],
        }
    }

    #[cfg(test)]
    fn resolved(&self, text: &str) -> Vec<(String, String)> {
        let mut all: Vec<(String, String)> = self
            .resolved
            .iter()
            .map(|(range, name)| (text[range.clone()].to_string(), name.clone()))
            .collect();
        all.sort();
        all
    }
}

/// `#define NAME other` anywhere in the file (inside `#ifdef` branches too: each branch that
/// defines the name the same way agrees; one that defines it as another identifier wins last,
/// which only matters when both are names of interest).
fn collect_macros<'t>(node: Node<'_>, text: &'t str, macros: &mut HashMap<&'t str, &'t str>) {
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        match child.kind() {
            "preproc_def" => {
                let name = child.child_by_field_name("name");
                let value = child.child_by_field_name("value");
                if let (Some(name), Some(value)) = (name, value) {
                    let value = text[value.byte_range()].trim();
                    let identifier = !value.is_empty()
                        && !value.starts_with(|c: char| c.is_ascii_digit())
                        && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    let name = &text[name.byte_range()];
                    if identifier && value != name {
                        macros.insert(name, value);
                    }
                }
            }
            // Macros are defined at the top level or in conditional blocks, not in functions.
            "preproc_if"
            | "preproc_ifdef"
            | "preproc_else"
            | "preproc_elif"
            | "preproc_elifdef"
            | "linkage_specification"
            | "declaration_list"
            | "namespace_definition" => collect_macros(child, text, macros),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aliases(language: Language, text: &str) -> Vec<(String, String)> {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language.grammar().unwrap()).unwrap();
        let tree = parser.parse(text, None).unwrap();
        Aliases::of(language, tree.root_node(), text).resolved(text)
    }

    #[test]
    fn a_macro_that_names_a_function_reads_as_that_function() {
        let text = "#ifdef _WIN32\n#define SYSTEM _wsystem\n#else\n#define SYSTEM system\n#endif\n\
                    #define SIZE 100\n#define EMPTY\n#define CMD \"ls\"\n\
                    void f(char *d) { if (SYSTEM(d) != 0) {} int SYSTEMS = SIZE; }\n";
        assert_eq!(
            aliases(Language::C, text),
            vec![("SYSTEM".to_string(), "system".to_string())]
        );
        // C++ inside a namespace too; other languages have none.
        let cpp =
            "namespace n {\n#define POPEN popen\nvoid g(const char *c) { POPEN(c, \"r\"); }\n}\n";
        assert_eq!(
            aliases(Language::Cpp, cpp),
            vec![("POPEN".to_string(), "popen".to_string())]
        );
        assert!(aliases(Language::Python, "SYSTEM = system\nSYSTEM(x)\n").is_empty());
    }
}
