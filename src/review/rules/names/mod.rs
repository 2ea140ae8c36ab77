//! Names as the code resolves them, so that a rule written against a function's own name also
//! matches the other spellings a file gives it: the bindings of its imports ([`imports`]), which
//! rules reach through the `#resolves-to?` predicate ([`resolve`]), and C and C++ object-like
//! macros whose body is one identifier (`#define SYSTEM system`, `#define POPEN popen`, `#define ARG data`), which
//! portable C code uses to pick a function or a value per platform, or one string literal
//! (`#define SHELL "/bin/sh"`). Every use of such a macro name reads, to the queries' text
//! predicates, as what it stands for, and the taint engine follows a macro that names a variable
//! as that variable; the code itself is untouched, so findings point at what is written.

use std::collections::HashMap;

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::lang::Language;
use crate::review::rules::RangeMap;

mod imports;
mod resolve;

use imports::Imports;

/// The names of one file that stand for another name: macro uses by byte range, and what its
/// imports bind.
#[derive(Debug, Default)]
pub(crate) struct Aliases {
    /// Uses of a macro, by range, with what it stands for.
    resolved: RangeMap<Alias>,
    imports: Imports,
    /// C and C++ macros whose body is a number (`#define SIZE 100`), each definition with where
    /// it starts, `None` where a definition of another kind ends it. Looked up at a use (see
    /// [`Aliases::number`]); the queries' predicates still see the macro's name.
    numbers: HashMap<String, Vec<(usize, Option<i64>)>>,
}

/// The segment of a qualified name that a use of it spells in code, however the rest is written:
/// the last one (`getInstance` of `javax.crypto.Cipher.getInstance`, `rand` of Go's
/// `math/rand`), passing over Go's major versions, which the package's name leaves out
/// (`math/rand/v2` and `gopkg.in/yaml.v3` are used as `rand` and `yaml`).
pub(crate) fn spelled(qualified: &str) -> &str {
    let is_version =
        |s: &str| s.len() > 1 && s.starts_with('v') && s[1..].bytes().all(|b| b.is_ascii_digit());
    qualified
        .rsplit(['.', '/'])
        .find(|s| !s.is_empty() && !is_version(s))
        .unwrap_or(qualified)
}

/// What a macro's body is.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Alias {
    /// An identifier: a function's or a variable's name.
    Name(String),
    /// A string literal, quotes (and prefix) included.
    Literal(String),
}

impl Alias {
    fn text(&self) -> &str {
        match self {
            Alias::Name(text) | Alias::Literal(text) => text,
        }
    }
}

impl Aliases {
    /// The aliases of a parsed file; empty for a language without any, or a file that defines
    /// none (no walk is made then beyond the top-level definitions).
    pub(crate) fn of(language: Language, root: Node<'_>, text: &str) -> Aliases {
        let imports = Imports::of(language, root, text);
        if !matches!(language, Language::C | Language::Cpp) {
            return Aliases {
                imports,
                ..Aliases::default()
            };
        }
        let mut macros: HashMap<&str, Vec<(usize, Option<Alias>)>> = HashMap::new();
        let mut numbers = HashMap::new();
        collect_macros(root, text, &mut macros, &mut numbers);
        if macros.is_empty() {
            return Aliases {
                imports,
                numbers,
                ..Aliases::default()
            };
        }
        let mut resolved = RangeMap::default();
        let mut cursor = root.walk();
        let mut stack = vec![root];
        while let Some(node) = stack.pop() {
            if node.kind_name() == "identifier" {
                // The definition in force is the last one above the use.
                let target = macros
                    .get(&text[node.byte_range()])
                    .and_then(|definitions| {
                        definitions
                            .iter()
                            .rev()
                            .find(|(at, _)| *at < node.start_byte())
                    });
                if let Some((_, Some(target))) = target {
                    resolved.insert(node.byte_range(), target.clone());
                }
                continue;
            }
            // A definition's own name is the macro, not a use of it.
            if node.kind_name() == "preproc_def" {
                continue;
            }
            stack.extend(node.children(&mut cursor));
        }
        Aliases {
            resolved,
            imports,
            numbers,
        }
    }

    /// The number the macro `node` (an identifier) stands for where it is used, if its
    /// definition in force there is a number.
    pub(crate) fn number(&self, node: Node<'_>, text: &str) -> Option<i64> {
        let definitions = self.numbers.get(&text[node.byte_range()])?;
        let (_, value) = definitions
            .iter()
            .rev()
            .find(|(at, _)| *at < node.start_byte())?;
        *value
    }

    /// The names of the file spelled otherwise where they are used, for the prefilter: a rule's
    /// literal may then be missing from the code that matches it. `None` where a macro stands
    /// for another name (its literal can be anywhere), else the imports under another name,
    /// `(local, qualified)` (`h` for `hashlib`).
    pub(crate) fn renamings(&self) -> Option<Vec<(&str, &str)>> {
        self.resolved
            .is_empty()
            .then(|| self.imports.renamings().collect())
    }

    /// The text a query's predicates see for `node`: the resolved name of an alias, else the
    /// node's own text.
    pub(crate) fn text<'a>(&'a self, node: Node<'_>, text: &'a [u8]) -> &'a [u8] {
        match self.resolved.get(&node.byte_range()) {
            Some(alias) => alias.text().as_bytes(),
            None => &text[node.byte_range()],
        }
    }

    /// The name `node` (an identifier) stands for: the resolved name of an alias, else its own
    /// text.
    pub(crate) fn name<'a>(&'a self, node: Node<'_>, text: &'a str) -> &'a str {
        match self.resolved.get(&node.byte_range()) {
            Some(Alias::Name(name)) => name,
            _ => &text[node.byte_range()],
        }
    }

    #[cfg(test)]
    fn resolved(&self, text: &str) -> Vec<(String, String)> {
        let mut all: Vec<(String, String)> = self
            .resolved
            .iter()
            .map(|(range, alias)| (text[range.clone()].to_string(), alias.text().to_string()))
            .collect();
        all.sort();
        all
    }
}

/// `#define NAME other` and `#define NAME "text"` anywhere in the file, in order, with where each
/// starts (inside `#ifdef` branches too: of the branches above a use, the last one wins, which in
/// the usual `#ifdef _WIN32 ... #else ... #endif` is the POSIX spelling). A name defined as
/// something else (`#define NAME 2`) ends the alias from there on; `#undef` is not followed.
fn collect_macros<'t>(
    node: Node<'_>,
    text: &'t str,
    macros: &mut HashMap<&'t str, Vec<(usize, Option<Alias>)>>,
    numbers: &mut HashMap<String, Vec<(usize, Option<i64>)>>,
) {
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        match child.kind_name() {
            "preproc_def" => {
                let name = child.field("name");
                let value = child.field("value");
                if let (Some(name), Some(value)) = (name, value) {
                    let value = text[value.byte_range()].trim();
                    let identifier = !value.is_empty()
                        && !value.starts_with(|c: char| c.is_ascii_digit())
                        && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                    let name_text = &text[name.byte_range()];
                    let number = integer(value);
                    let known = numbers.entry(name_text.to_string()).or_default();
                    if number.is_some() || !known.is_empty() {
                        known.push((child.start_byte(), number));
                    }
                    let alias = if identifier && value != name_text {
                        Some(Alias::Name(value.to_string()))
                    } else if is_string_literal(value) {
                        Some(Alias::Literal(value.to_string()))
                    } else {
                        None
                    };
                    // Another kind of body ends the alias from there on.
                    let definitions = macros.entry(name_text).or_default();
                    if alias.is_some() || !definitions.is_empty() {
                        definitions.push((child.start_byte(), alias));
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
            | "namespace_definition" => collect_macros(child, text, macros, numbers),
            _ => {}
        }
    }
}

/// The integer a macro's body is (`100`, `(10 + 1)`, `0x40`, `64u`), when it is one literal,
/// or a sum or difference of two, in parentheses or not.
fn integer(value: &str) -> Option<i64> {
    let mut value = value.trim();
    while let Some(inner) = value.strip_prefix('(').and_then(|v| v.strip_suffix(')')) {
        value = inner.trim();
    }
    let literal = |s: &str| -> Option<i64> {
        let s = s.trim().trim_end_matches(['u', 'U', 'l', 'L']);
        if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
            return i64::from_str_radix(hex, 16).ok();
        }
        if s.len() > 1 && s.starts_with('0') {
            return i64::from_str_radix(&s[1..], 8).ok();
        }
        s.parse().ok()
    };
    if let Some(n) = literal(value) {
        return Some(n);
    }
    let (left, right, add) = match value.split_once('+') {
        Some((l, r)) => (l, r, true),
        None => {
            let (l, r) = value.split_once('-')?;
            (l, r, false)
        }
    };
    let (left, right) = (literal(left)?, literal(right)?);
    if add {
        left.checked_add(right)
    } else {
        left.checked_sub(right)
    }
}

/// Whether `value` is one C string literal (`"ls "`, `L"-c"`), with no other token after it.
fn is_string_literal(value: &str) -> bool {
    let body = ["u8", "L", "u", "U"]
        .iter()
        .find_map(|prefix| value.strip_prefix(prefix))
        .filter(|rest| rest.starts_with('"'))
        .unwrap_or(value);
    let Some(inner) = body
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
    else {
        return false;
    };
    // No unescaped quote inside: `"a" "b"` and `"a" x "b"` are more than one token.
    let mut escaped = false;
    for c in inner.chars() {
        match (escaped, c) {
            (false, '\\') => escaped = true,
            (false, '"') => return false,
            _ => escaped = false,
        }
    }
    !escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spelled_segment_of_a_name_passes_over_go_versions() {
        for (qualified, spelled_as) in [
            ("javax.crypto.Cipher.getInstance", "getInstance"),
            ("hashlib", "hashlib"),
            ("math/rand", "rand"),
            ("math/rand/v2", "rand"),
            ("math/rand/v2.Intn", "Intn"),
            ("gopkg.in/yaml.v3", "yaml"),
            ("github.com/x/y/v10", "y"),
            ("os/exec.Command", "Command"),
            ("v2", "v2"),
        ] {
            assert_eq!(spelled(qualified), spelled_as, "{qualified}");
        }
    }

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
        // A macro that names a variable or holds one string literal; not one with more tokens.
        let text = "#define ARG data\n#define SHELL \"/bin/sh\"\n#define FLAG L\"-c\"\n\
                    #define TWO \"a\" \"b\"\n#define ESC \"a\\\"b\"\n\
                    void f(char *data) { run(SHELL, FLAG, ARG, TWO, ESC); }\n";
        assert_eq!(
            aliases(Language::C, text),
            vec![
                ("ARG".to_string(), "data".to_string()),
                ("ESC".to_string(), "\"a\\\"b\"".to_string()),
                ("FLAG".to_string(), "L\"-c\"".to_string()),
                ("SHELL".to_string(), "\"/bin/sh\"".to_string()),
            ]
        );
        // C++ inside a namespace too; other languages have none.
        let cpp =
            "namespace n {\n#define POPEN popen\nvoid g(const char *c) { POPEN(c, \"r\"); }\n}\n";
        assert_eq!(
            aliases(Language::Cpp, cpp),
            vec![("POPEN".to_string(), "popen".to_string())]
        );
        assert!(aliases(Language::Python, "SYSTEM = system\nSYSTEM(x)\n").is_empty());
        // A use reads as the definition above it.
        let text = "#define RUN system\nvoid f(char *c) { RUN(c); }\n#define RUN execl\n\
                    void g(char *c) { RUN(c); }\n#define RUN 2\nint n = RUN;\n";
        assert_eq!(
            aliases(Language::C, text),
            vec![
                ("RUN".to_string(), "execl".to_string()),
                ("RUN".to_string(), "system".to_string()),
            ]
        );
    }
}
