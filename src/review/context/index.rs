//! The repository's symbol index: every definition by name, with its file, kind and lines, and
//! every call by the name it calls and the definition it is made from. Agents use it to see past
//! their shard: the callees' bodies and the callers' signatures packed into a prompt
//! ([`super::pack`]), and the answers of the read-only tools ([`super::tools`]).
//!
//! Names are the spelled ones (`run_query`, not `app.db.run_query`): an agent asking for a
//! definition names what it reads in the code, and several definitions of one name are told
//! apart by distance (same file, then same directory, then the longest shared path). The index
//! keeps locations and signatures only, never bodies: a body is read again from the file when it
//! is packed or asked for. Its size is bounded by [`Limits`], whatever the repository.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::lang::Language;
use crate::slice::{node_name, SourceFile};

/// Deepest nesting followed while indexing a file; deeper code is real but rare, and a bound
/// keeps a hostile file from exhausting the stack.
const MAX_DEPTH: usize = 64;
/// Longest signature kept, in bytes.
const MAX_SIGNATURE: usize = 200;
/// Files whose text is kept for reading bodies back, most recent last.
const TEXT_CACHE: usize = 32;
/// Most definitions and calls kept of one file: a generated or hostile file of a million
/// one-line functions must not hold the index's whole share.
const MAX_FILE_DEFINITIONS: usize = 20_000;
const MAX_FILE_CALLS: usize = 50_000;
/// Most definitions kept under one name: enough to find the nearest, and a bound on the work
/// of ordering them.
const MAX_DEFINITIONS_PER_NAME: usize = 64;

/// How much the index may hold, whatever the repository's size.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub(crate) files: usize,
    pub(crate) definitions: usize,
    pub(crate) calls: usize,
    /// Calls kept per called name: enough to show callers, bounded for names called everywhere
    /// (`log`, `len`).
    pub(crate) calls_per_name: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            files: 1_000_000,
            definitions: 1_000_000,
            calls: 2_000_000,
            calls_per_name: 64,
        }
    }
}

/// What a definition is, as far as packing a prompt cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DefKind {
    /// A function, method, constructor or function-like macro: its body is what a caller runs.
    Callable,
    /// A class, struct, interface, module: its first line says what it is.
    Type,
    /// A constant, table, global or object-like macro: its value can make a call safe or not.
    Value,
}

/// One definition in the repository.
#[derive(Clone, Debug)]
pub(crate) struct Definition {
    file: u32,
    pub(crate) kind: DefKind,
    pub(crate) first_line: usize,
    pub(crate) last_line: usize,
    pub(crate) signature: Box<str>,
}

/// One call: where it is, and the definition that makes it.
#[derive(Clone, Copy, Debug)]
struct Call {
    file: u32,
    line: u32,
    caller: Option<u32>,
}

/// A file the index knows: the only files its readers open.
#[derive(Debug)]
pub(crate) struct IndexedFile {
    pub(crate) rel_path: String,
    path: PathBuf,
    pub(crate) language: Language,
}

impl IndexedFile {
    /// `file`, read from `path`.
    pub(crate) fn of(file: &SourceFile, path: &Path) -> IndexedFile {
        IndexedFile {
            rel_path: file.rel_path.clone(),
            path: path.to_path_buf(),
            language: file.language,
        }
    }
}

/// A definition of one file: name, kind, first and last line, signature.
type LocalDefinition = (Box<str>, DefKind, usize, usize, Box<str>);

/// The definitions and calls of one file, before they join the index.
#[derive(Debug, Default)]
pub(crate) struct FileSymbols {
    definitions: Vec<LocalDefinition>,
    /// Called name, line, index of the calling definition in `definitions`.
    calls: Vec<(Box<str>, usize, Option<usize>)>,
}

/// A caller of a definition, as the index shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Caller {
    pub(crate) path: String,
    pub(crate) line: usize,
    /// The signature of the calling definition, when the call is inside one.
    pub(crate) signature: Option<String>,
}

/// The repository's definitions and calls.
pub(crate) struct SymbolIndex {
    /// The scanned root, canonical: nothing outside it is ever read back.
    root: PathBuf,
    files: Vec<IndexedFile>,
    by_path: HashMap<String, u32>,
    definitions: Vec<Definition>,
    by_name: HashMap<Box<str>, Vec<u32>>,
    calls: HashMap<Box<str>, Vec<Call>>,
    call_count: usize,
    limits: Limits,
    /// Some definition or call was left out by a limit.
    pub(crate) truncated: bool,
    texts: Mutex<Vec<(u32, Arc<SourceFile>)>>,
}

impl SymbolIndex {
    pub(crate) fn new(root: &Path, limits: Limits) -> SymbolIndex {
        SymbolIndex {
            root: root.canonicalize().unwrap_or_else(|_| root.to_path_buf()),
            files: Vec::new(),
            by_path: HashMap::new(),
            definitions: Vec::new(),
            by_name: HashMap::new(),
            calls: HashMap::new(),
            call_count: 0,
            limits,
            truncated: false,
            texts: Mutex::new(Vec::new()),
        }
    }

    /// Adds one file's symbols; `path` is where it was read from.
    pub(crate) fn add(&mut self, file: IndexedFile, symbols: FileSymbols) {
        if self.files.len() >= self.limits.files {
            self.truncated = true;
            return;
        }
        let file_id = self.files.len() as u32;
        self.by_path.insert(file.rel_path.clone(), file_id);
        self.files.push(file);
        let mut ids = Vec::with_capacity(symbols.definitions.len());
        for (name, kind, first_line, last_line, signature) in symbols.definitions {
            if self.definitions.len() >= self.limits.definitions {
                self.truncated = true;
                ids.push(None);
                continue;
            }
            let id = self.definitions.len() as u32;
            let same_name = self.by_name.entry(name.clone()).or_default();
            if same_name.len() >= MAX_DEFINITIONS_PER_NAME {
                self.truncated = true;
                ids.push(None);
                continue;
            }
            same_name.push(id);
            self.definitions.push(Definition {
                file: file_id,
                kind,
                first_line,
                last_line,
                signature,
            });
            ids.push(Some(id));
        }
        for (name, line, caller) in symbols.calls {
            // The limits are checked before a name is added: a name is memory too.
            if self.call_count >= self.limits.calls {
                self.truncated = true;
                break;
            }
            let list = match self.calls.get_mut(&name) {
                Some(list) if list.len() >= self.limits.calls_per_name => {
                    self.truncated = true;
                    continue;
                }
                Some(list) => list,
                None => self.calls.entry(name).or_default(),
            };
            self.call_count += 1;
            list.push(Call {
                file: file_id,
                line: line as u32,
                caller: caller.and_then(|i| ids.get(i).copied().flatten()),
            });
        }
    }

    pub(crate) fn path_of(&self, definition: &Definition) -> &str {
        &self.files[definition.file as usize].rel_path
    }

    /// The definitions named `name`, nearest to `from` (a repository-relative path) first.
    pub(crate) fn definitions(&self, name: &str, from: &str) -> Vec<&Definition> {
        let mut found: Vec<&Definition> = self
            .by_name
            .get(name)
            .map(|ids| {
                ids.iter()
                    .map(|&id| &self.definitions[id as usize])
                    .collect()
            })
            .unwrap_or_default();
        found.sort_by_cached_key(|d| {
            (
                distance(from, self.path_of(d)),
                self.path_of(d).to_string(),
                d.first_line,
            )
        });
        found
    }

    /// Where `name` is called from, nearest to `from` first.
    pub(crate) fn callers(&self, name: &str, from: &str) -> Vec<Caller> {
        let mut found: Vec<Caller> = self
            .calls
            .get(name)
            .map(|calls| {
                calls
                    .iter()
                    .map(|call| Caller {
                        path: self.files[call.file as usize].rel_path.clone(),
                        line: call.line as usize,
                        signature: call
                            .caller
                            .map(|id| self.definitions[id as usize].signature.to_string()),
                    })
                    .collect()
            })
            .unwrap_or_default();
        found.sort_by_cached_key(|c| (distance(from, &c.path), c.path.clone(), c.line));
        found
    }

    /// Lines `first..=last` of an indexed file, each as `(number, text)`; an error names the
    /// file and what is wrong. The file is read again, and refused if it now resolves outside
    /// the scanned root (a file swapped for a symlink since the walk).
    pub(crate) fn lines(
        &self,
        rel_path: &str,
        first: usize,
        last: usize,
    ) -> Result<Vec<(usize, String)>, String> {
        let id = *self
            .by_path
            .get(rel_path.trim().trim_start_matches("./"))
            .ok_or_else(|| format!("`{rel_path}` is not a file of the scanned tree"))?;
        let file = self.text(id)?;
        Ok((first.max(1)..=last.min(file.line_count()))
            .map(|n| (n, file.line_text(n).to_string()))
            .collect())
    }

    /// The lines of a definition.
    pub(crate) fn definition_lines(
        &self,
        definition: &Definition,
    ) -> Result<Vec<(usize, String)>, String> {
        self.lines(
            self.path_of(definition),
            definition.first_line,
            definition.last_line,
        )
    }

    /// An indexed file read again (without a parse), from a small cache of recent ones.
    fn text(&self, id: u32) -> Result<Arc<SourceFile>, String> {
        let mut texts = self.texts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(position) = texts.iter().position(|(file, _)| *file == id) {
            let entry = texts.remove(position);
            let text = Arc::clone(&entry.1);
            texts.push(entry);
            return Ok(text);
        }
        let file = &self.files[id as usize];
        let real = file
            .path
            .canonicalize()
            .map_err(|e| format!("cannot read `{}`: {e}", file.rel_path))?;
        if !real.starts_with(&self.root) {
            return Err(format!(
                "`{}` now resolves outside the scanned tree",
                file.rel_path
            ));
        }
        let bytes = crate::files::read_unnamed(&real)
            .map_err(|e| format!("cannot read `{}`: {e}", file.rel_path))?;
        let text = Arc::new(SourceFile::new(
            file.rel_path.clone(),
            file.rel_path.clone(),
            file.language,
            String::from_utf8_lossy(&bytes).into_owned(),
        ));
        if texts.len() >= TEXT_CACHE {
            texts.remove(0);
        }
        texts.push((id, Arc::clone(&text)));
        Ok(text)
    }
}

/// How far apart two repository paths are: 0 for the same file, 1 for the same directory, then
/// one more per directory not shared.
fn distance(from: &str, to: &str) -> usize {
    if from == to {
        return 0;
    }
    let dirs = |path: &str| -> Vec<String> {
        let mut parts: Vec<String> = path.split('/').map(str::to_string).collect();
        parts.pop();
        parts
    };
    let (a, b) = (dirs(from), dirs(to));
    let shared = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    1 + (a.len() - shared) + (b.len() - shared)
}

/// The definitions and calls of a parsed file. Local variables are not definitions: only what
/// a file defines for other code (top-level items, members of types, nested functions).
pub(crate) fn symbols_of(file: &SourceFile) -> FileSymbols {
    let mut symbols = FileSymbols::default();
    if let Some(tree) = &file.tree {
        let mut enclosing = Vec::new();
        visit(file, tree.root_node(), &mut enclosing, &mut symbols, 0);
    }
    symbols
}

fn visit(
    file: &SourceFile,
    node: Node<'_>,
    enclosing: &mut Vec<(usize, DefKind)>,
    symbols: &mut FileSymbols,
    depth: usize,
) {
    if depth > MAX_DEPTH {
        return;
    }
    if let Some(name) = called_name(file, node).filter(|_| symbols.calls.len() < MAX_FILE_CALLS) {
        let line = file.line_of_byte(node.start_byte());
        let caller = enclosing
            .iter()
            .rev()
            .find(|(_, kind)| *kind == DefKind::Callable)
            .map(|(i, _)| *i);
        symbols.calls.push((name.into(), line, caller));
    }
    let in_callable = enclosing.iter().any(|(_, k)| *k == DefKind::Callable);
    let room = symbols.definitions.len() < MAX_FILE_DEFINITIONS;
    let defined = definition_kind(file, node, in_callable)
        .filter(|_| room)
        .and_then(|kind| {
            let name = definition_name(file, node)?;
            let name = crate::review::rules::names::spelled(name.trim()).to_string();
            if name.is_empty() || name.contains(char::is_whitespace) {
                return None;
            }
            let (first, last) = file.lines_of(&node.byte_range());
            symbols.definitions.push((
                name.into(),
                kind,
                first,
                last,
                signature(file, node).into(),
            ));
            Some((symbols.definitions.len() - 1, kind))
        });
    if let Some(entry) = defined {
        enclosing.push(entry);
    }
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        visit(file, child, enclosing, symbols, depth + 1);
    }
    if defined.is_some() {
        enclosing.pop();
    }
}

/// What `node` defines, if it is a definition other code can use. Wrappers (`export`,
/// decorators, templates) are not: the definition inside them is.
fn definition_kind(file: &SourceFile, node: Node<'_>, in_callable: bool) -> Option<DefKind> {
    let kind = node.kind_name();
    match kind {
        "export_statement" | "decorated_definition" | "template_declaration" => return None,
        "preproc_def" => return (!in_callable).then_some(DefKind::Value),
        "preproc_function_def" => return Some(DefKind::Callable),
        _ => {}
    }
    let language = file.language;
    // A module-level assignment in Python or Ruby is the module's constant or table.
    if kind == "expression_statement"
        && language == Language::Python
        && !in_callable
        && node.parent().is_some_and(|p| p.kind_name() == "module")
    {
        let assignment = node
            .named_child(0)
            .filter(|c| c.kind_name() == "assignment")?;
        let left = assignment.field("left")?;
        return (left.kind_name() == "identifier").then_some(DefKind::Value);
    }
    if !language.spec().definition_kinds.contains(&kind) {
        return None;
    }
    if kind.contains("function") || kind.contains("method") || kind.contains("constructor") {
        return Some(DefKind::Callable);
    }
    if matches!(kind, "method" | "singleton_method") {
        return Some(DefKind::Callable);
    }
    let value_like = kind.contains("declaration") && !kind.contains("class")
        || kind.contains("const")
        || kind.contains("static")
        || kind.contains("field")
        || kind.contains("property")
        || kind.contains("var");
    if value_like {
        // Locals are not the repository's definitions.
        if in_callable {
            return None;
        }
        // A prototype (`int f(int);`) is not the function: its definition is.
        if has_function_declarator(node) {
            return None;
        }
        if holds_function_value(node) {
            return Some(DefKind::Callable);
        }
        return Some(DefKind::Value);
    }
    Some(DefKind::Type)
}

/// The name a definition gives: a Python module-level assignment names its target.
fn definition_name(file: &SourceFile, node: Node<'_>) -> Option<String> {
    if node.kind_name() == "expression_statement" {
        let left = node.named_child(0)?.field("left")?;
        return Some(file.text[left.byte_range()].to_string());
    }
    node_name(file, node)
}

/// A C or C++ declaration of a function (a prototype).
fn has_function_declarator(node: Node<'_>) -> bool {
    let mut current = node.field("declarator");
    for _ in 0..4 {
        match current {
            Some(n) if n.kind_name() == "function_declarator" => return true,
            Some(n) => current = n.field("declarator"),
            None => return false,
        }
    }
    false
}

/// `const f = (x) => ...` and `var f = function () {...}`: a function in a variable.
fn holds_function_value(node: Node<'_>) -> bool {
    let Some(declarator) = node.named_child(0) else {
        return false;
    };
    declarator.field("value").is_some_and(|v| {
        matches!(
            v.kind_name(),
            "arrow_function" | "function_expression" | "function" | "func_literal"
        )
    })
}

/// The name a call calls: `run_query` of `run_query(q)`, `db.run_query(q)` and
/// `self.db.run_query(q)`.
pub(crate) fn called_name(file: &SourceFile, node: Node<'_>) -> Option<String> {
    let callee = match node.kind_name() {
        "call_expression" | "call" | "invocation_expression" | "function_call_expression" => {
            node.field("function").or_else(|| node.field("method"))
        }
        "method_invocation" | "member_call_expression" | "scoped_call_expression" => {
            node.field("name")
        }
        "macro_invocation" => node.field("macro"),
        _ => None,
    }?;
    last_name(file, callee, 0)
}

fn last_name(file: &SourceFile, node: Node<'_>, depth: usize) -> Option<String> {
    if depth > 6 {
        return None;
    }
    let kind = node.kind_name();
    if kind.ends_with("identifier") || kind == "name" || kind == "constant" {
        let text = file.text[node.byte_range()].trim();
        let text = text.rsplit("::").next().unwrap_or(text);
        return (!text.is_empty() && text.len() <= 120).then(|| text.to_string());
    }
    for field in [
        "property",
        "field",
        "attribute",
        "name",
        "method",
        "function",
    ] {
        if let Some(child) = node.field(field) {
            return last_name(file, child, depth + 1);
        }
    }
    let count = node.named_child_count();
    node.named_child(u32::try_from(count.checked_sub(1)?).ok()?)
        .and_then(|child| last_name(file, child, depth + 1))
}

/// The first line of a definition, trimmed, as a reader recognises it.
fn signature(file: &SourceFile, node: Node<'_>) -> String {
    let text = &file.text[node.byte_range()];
    let line = text.lines().next().unwrap_or_default().trim();
    let line = line.trim_end_matches('{').trim_end();
    let mut cut = line.len().min(MAX_SIGNATURE);
    while !line.is_char_boundary(cut) {
        cut -= 1;
    }
    line[..cut].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn parsed(language: Language, path: &str, text: &str) -> SourceFile {
        let mut file = SourceFile::new(path.into(), path.into(), language, text.into());
        let mut parser = tree_sitter::Parser::new();
        crate::slice::parse(&mut file, &mut parser);
        file
    }

    fn names(symbols: &FileSymbols) -> Vec<(String, DefKind, usize, usize)> {
        symbols
            .definitions
            .iter()
            .map(|(n, k, a, b, _)| (n.to_string(), *k, *a, *b))
            .collect()
    }

    #[test]
    fn indexes_definitions_and_calls_across_languages() {
        let python = parsed(
            Language::Python,
            "app/db.py",
            "COMMANDS = {'ls': 'ls -l'}\n\nclass Db:\n    def run(self, q):\n        local = 1\n        return self.cur.execute(q)\n\n@route\ndef handle(request):\n    return Db().run(request.args['q'])\n",
        );
        let symbols = symbols_of(&python);
        assert_eq!(
            names(&symbols),
            vec![
                ("COMMANDS".into(), DefKind::Value, 1, 1),
                ("Db".into(), DefKind::Type, 3, 6),
                ("run".into(), DefKind::Callable, 4, 6),
                ("handle".into(), DefKind::Callable, 9, 10),
            ]
        );
        let calls: Vec<(String, usize, Option<usize>)> = symbols
            .calls
            .iter()
            .map(|(n, l, c)| (n.to_string(), *l, *c))
            .collect();
        assert!(calls.contains(&("execute".into(), 6, Some(2))));
        assert!(calls.contains(&("run".into(), 10, Some(3))));
        assert!(calls.contains(&("Db".into(), 10, Some(3))));

        let c = parsed(
            Language::C,
            "src/cmd.c",
            "#define SHELL \"/bin/sh\"\nstatic const char *table[] = {\"ls\", 0};\nint helper(int);\nint helper(int x) {\n    int y = x;\n    return system(table[y]);\n}\n",
        );
        let symbols = symbols_of(&c);
        assert_eq!(
            names(&symbols),
            vec![
                ("SHELL".into(), DefKind::Value, 1, 1),
                ("table".into(), DefKind::Value, 2, 2),
                ("helper".into(), DefKind::Callable, 4, 7),
            ]
        );
        assert_eq!(&*symbols.calls[0].0, "system");

        let js = parsed(
            Language::JavaScript,
            "web/x.js",
            "export const run = (q) => db.query(q);\nexport function go(req) { return run(req.body); }\n",
        );
        let symbols = symbols_of(&js);
        assert_eq!(
            names(&symbols),
            vec![
                ("run".into(), DefKind::Callable, 1, 1),
                ("go".into(), DefKind::Callable, 2, 2),
            ]
        );
    }

    #[test]
    fn nearest_definition_first_and_callers() {
        let mut index = SymbolIndex::new(Path::new("."), Limits::default());
        for (path, text) in [
            ("a/x.py", "def run(q):\n    pass\n"),
            (
                "b/y.py",
                "def run(q):\n    pass\n\ndef use():\n    run(1)\n",
            ),
            ("b/z.py", "def other():\n    run(2)\n"),
        ] {
            let file = parsed(Language::Python, path, text);
            index.add(IndexedFile::of(&file, Path::new(path)), symbols_of(&file));
        }
        let found = index.definitions("run", "b/z.py");
        assert_eq!(index.path_of(found[0]), "b/y.py");
        assert_eq!(index.path_of(found[1]), "a/x.py");
        let callers = index.callers("run", "b/z.py");
        assert_eq!(
            callers,
            vec![
                Caller {
                    path: "b/z.py".into(),
                    line: 2,
                    signature: Some("def other():".into())
                },
                Caller {
                    path: "b/y.py".into(),
                    line: 5,
                    signature: Some("def use():".into())
                },
            ]
        );
        assert!(index.lines("../b/y.py", 1, 2).is_err());
        assert!(index.lines("/etc/passwd", 1, 2).is_err());
    }

    #[test]
    fn limits_bound_the_index() {
        let limits = Limits {
            files: 10,
            definitions: 2,
            calls: 100,
            calls_per_name: 1,
        };
        let mut index = SymbolIndex::new(Path::new("."), limits);
        let file = parsed(
            Language::Python,
            "m.py",
            "def a():\n    f()\n    f()\ndef b():\n    pass\ndef c():\n    pass\n",
        );
        index.add(IndexedFile::of(&file, Path::new("m.py")), symbols_of(&file));
        assert_eq!(index.definitions.len(), 2);
        assert_eq!(index.callers("f", "m.py").len(), 1);
        assert!(index.truncated);
    }
}
