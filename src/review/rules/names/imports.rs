//! What a file's imports bind its short names to: `import javax.crypto.Cipher;`,
//! `import hashlib as h`, `from subprocess import call as run`,
//! `const { exec: run } = require('child_process')`, `import * as cp from 'child_process'`,
//! `ex "os/exec"` in Go and `use Foo\Bar as Baz;` in PHP. A bound name stands for a qualified
//! name whose segments are joined with dots in every language (`os/exec.Command` in Go, where the
//! import path is one segment; `Foo.Bar.Baz` in PHP).

use std::collections::HashMap;

use tree_sitter::Node;

use crate::lang::GrammarNames;
use crate::lang::Language;

/// The import bindings of one file.
#[derive(Debug, Default)]
pub(crate) struct Imports {
    /// Local name -> the qualified name it stands for.
    bound: HashMap<String, String>,
    /// A name no import binds may still come from another package without being spelled
    /// (Java's `java.lang` and same-package classes and wildcard imports, PHP's global
    /// fallback, C++'s `using namespace`, Go's dot imports).
    open: bool,
}

impl Imports {
    pub(crate) fn of(language: Language, root: Node<'_>, text: &str) -> Imports {
        let mut imports = Imports {
            open: matches!(
                language,
                Language::Java | Language::Php | Language::Cpp | Language::CSharp
            ),
            ..Imports::default()
        };
        match language {
            Language::Java => java(root, text, &mut imports),
            Language::Python => python(root, text, &mut imports),
            Language::JavaScript | Language::TypeScript | Language::Tsx => {
                javascript(root, text, &mut imports)
            }
            Language::Go => go(root, text, &mut imports),
            Language::Php => php(root, text, &mut imports),
            _ => {}
        }
        imports
    }

    /// The qualified name a short name is bound to.
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.bound.get(name).map(String::as_str)
    }

    /// Whether a name no import binds may still be a short name of another package's.
    pub(crate) fn open(&self) -> bool {
        self.open
    }

    /// The bindings that spell a name differently from its last segment, `(local, qualified)`:
    /// `h` for `hashlib`, `run` for `subprocess.call`.
    pub(crate) fn renamings(&self) -> impl Iterator<Item = (&str, &str)> {
        self.bound
            .iter()
            .filter(|(local, qualified)| renames(local, qualified))
            .map(|(local, qualified)| (local.as_str(), qualified.as_str()))
    }

    fn bind(&mut self, local: &str, qualified: String) {
        if local.is_empty() || qualified.is_empty() {
            return;
        }
        self.bound.insert(local.to_string(), qualified);
    }
}

/// Whether `local` spells `qualified` otherwise than its last segment.
fn renames(local: &str, qualified: &str) -> bool {
    let last = qualified.rsplit(['.', '/']).next().unwrap_or(qualified);
    !last.eq_ignore_ascii_case(local)
}

/// The named children of `node`.
fn named(node: Node<'_>) -> Vec<Node<'_>> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

/// `a.b.C` from a Java `scoped_identifier`, a Python `dotted_name`, a PHP `qualified_name` or
/// `namespace_name`: the texts of its identifier leaves, in order, joined with dots.
fn dotted(node: Node<'_>, text: &str) -> String {
    let mut parts = Vec::new();
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        if node.named_child_count() == 0 {
            if matches!(node.kind_name(), "identifier" | "name" | "type_identifier") {
                parts.push(&text[node.byte_range()]);
            }
            continue;
        }
        let mut children = named(node);
        children.reverse();
        stack.extend(children);
    }
    parts.join(".")
}

fn java(root: Node<'_>, text: &str, imports: &mut Imports) {
    let mut package = String::new();
    for child in named(root) {
        match child.kind_name() {
            "package_declaration" => {
                if let Some(name) = named(child)
                    .into_iter()
                    .find(|n| n.kind_name() != "annotation")
                {
                    package = dotted(name, text);
                }
            }
            "import_declaration" => {
                let children = named(child);
                let wildcard = children.iter().any(|c| c.kind_name() == "asterisk");
                let Some(name) = children
                    .iter()
                    .find(|c| c.kind_name().ends_with("identifier"))
                else {
                    continue;
                };
                if wildcard {
                    // Names from `a.b.*` stay open, as every Java file's are.
                    continue;
                }
                let qualified = dotted(*name, text);
                let local = qualified.rsplit('.').next().unwrap_or_default().to_string();
                imports.bind(&local, qualified);
            }
            _ => {}
        }
    }
    // A class the file declares is that class, not one of the same name elsewhere.
    let mut stack = named(root);
    while let Some(node) = stack.pop() {
        if matches!(
            node.kind_name(),
            "class_declaration"
                | "interface_declaration"
                | "enum_declaration"
                | "record_declaration"
                | "annotation_type_declaration"
        ) {
            if let Some(name) = node.field("name") {
                let name = &text[name.byte_range()];
                let qualified = if package.is_empty() {
                    name.to_string()
                } else {
                    format!("{package}.{name}")
                };
                imports.bound.entry(name.to_string()).or_insert(qualified);
            }
            if let Some(body) = node.field("body") {
                stack.extend(named(body));
            }
        }
    }
}

fn python(root: Node<'_>, text: &str, imports: &mut Imports) {
    // Imports at the top level, in functions and classes, and under `if`/`try`; not in
    // expressions, which hold none.
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        match node.kind_name() {
            "import_statement" => {
                for name in named(node) {
                    match name.kind_name() {
                        "aliased_import" => {
                            let (Some(module), Some(alias)) =
                                (name.field("name"), name.field("alias"))
                            else {
                                continue;
                            };
                            imports.bind(&text[alias.byte_range()], dotted(module, text));
                        }
                        "dotted_name" => {
                            // `import os.path` binds `os`.
                            let module = dotted(name, text);
                            let head = module.split('.').next().unwrap_or_default().to_string();
                            imports.bind(&head.clone(), head);
                        }
                        _ => {}
                    }
                }
            }
            "import_from_statement" => {
                let Some(module) = node.field("module_name") else {
                    continue;
                };
                let module = if module.kind_name() == "relative_import" {
                    text[module.byte_range()].to_string()
                } else {
                    dotted(module, text)
                };
                let mut cursor = node.walk();
                for name in node.children_by_field_name("name", &mut cursor) {
                    let (imported, local) = match name.kind_name() {
                        "aliased_import" => {
                            let (Some(imported), Some(alias)) =
                                (name.field("name"), name.field("alias"))
                            else {
                                continue;
                            };
                            (dotted(imported, text), &text[alias.byte_range()])
                        }
                        _ => (dotted(name, text), &text[name.byte_range()]),
                    };
                    imports.bind(local, format!("{module}.{imported}"));
                }
            }
            "module"
            | "block"
            | "function_definition"
            | "class_definition"
            | "decorated_definition"
            | "if_statement"
            | "elif_clause"
            | "else_clause"
            | "try_statement"
            | "except_clause"
            | "finally_clause"
            | "with_statement" => stack.extend(named(node)),
            _ => {}
        }
    }
}

/// The module a JavaScript string names, without Node's `node:` scheme.
fn module_name(string: Node<'_>, text: &str) -> String {
    let raw = text[string.byte_range()].trim_matches(|c| c == '"' || c == '\'' || c == '`');
    raw.strip_prefix("node:").unwrap_or(raw).to_string()
}

/// The module of `require('m')`, or of `require('m').a.b` with its members.
pub(super) fn required(node: Node<'_>, text: &str) -> Option<String> {
    match node.kind_name() {
        "call_expression" => {
            let function = node.field("function")?;
            let callee = &text[function.byte_range()];
            if callee == "promisify" || callee.ends_with(".promisify") {
                // `util.promisify(require('child_process').exec)` runs what it wraps.
                return required(node.field("arguments")?.named_child(0)?, text);
            }
            if callee != "require" {
                return None;
            }
            let arguments = node.field("arguments")?;
            let first = arguments.named_child(0)?;
            (first.kind_name() == "string").then(|| module_name(first, text))
        }
        "member_expression" => {
            let object = required(node.field("object")?, text)?;
            let property = node.field("property")?;
            Some(format!("{object}.{}", &text[property.byte_range()]))
        }
        "await_expression" | "parenthesized_expression" => required(node.named_child(0)?, text),
        _ => None,
    }
}

fn javascript(root: Node<'_>, text: &str, imports: &mut Imports) {
    for statement in named(root) {
        let statement = if statement.kind_name() == "export_statement" {
            match statement.field("declaration") {
                Some(declaration) => declaration,
                None => continue,
            }
        } else {
            statement
        };
        match statement.kind_name() {
            "import_statement" => {
                let Some(source) = statement.field("source") else {
                    continue;
                };
                let module = module_name(source, text);
                for clause in named(statement)
                    .into_iter()
                    .filter(|c| c.kind_name() == "import_clause")
                {
                    for part in named(clause) {
                        match part.kind_name() {
                            // `import cp from 'm'` and `import * as cp from 'm'`: the module.
                            "identifier" => imports.bind(&text[part.byte_range()], module.clone()),
                            "namespace_import" => {
                                if let Some(name) = part.named_child(0) {
                                    imports.bind(&text[name.byte_range()], module.clone());
                                }
                            }
                            "named_imports" => {
                                for specifier in named(part) {
                                    let Some(name) = specifier.field("name") else {
                                        continue;
                                    };
                                    let local = specifier.field("alias").unwrap_or(name);
                                    let name = &text[name.byte_range()];
                                    imports.bind(
                                        &text[local.byte_range()],
                                        format!("{module}.{name}"),
                                    );
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
            "lexical_declaration" | "variable_declaration" => {
                for declarator in named(statement) {
                    if declarator.kind_name() != "variable_declarator" {
                        continue;
                    }
                    let (Some(name), Some(value)) =
                        (declarator.field("name"), declarator.field("value"))
                    else {
                        continue;
                    };
                    let Some(module) = required(value, text) else {
                        continue;
                    };
                    match name.kind_name() {
                        "identifier" => imports.bind(&text[name.byte_range()], module),
                        "object_pattern" => {
                            for part in named(name) {
                                match part.kind_name() {
                                    "shorthand_property_identifier_pattern" => {
                                        let local = &text[part.byte_range()];
                                        imports.bind(local, format!("{module}.{local}"));
                                    }
                                    "pair_pattern" => {
                                        let (Some(key), Some(value)) =
                                            (part.field("key"), part.field("value"))
                                        else {
                                            continue;
                                        };
                                        if value.kind_name() == "identifier" {
                                            let key = &text[key.byte_range()];
                                            imports.bind(
                                                &text[value.byte_range()],
                                                format!("{module}.{key}"),
                                            );
                                        }
                                    }
                                    _ => {}
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

fn go(root: Node<'_>, text: &str, imports: &mut Imports) {
    let mut specs = Vec::new();
    for declaration in named(root)
        .into_iter()
        .filter(|n| n.kind_name() == "import_declaration")
    {
        for child in named(declaration) {
            match child.kind_name() {
                "import_spec" => specs.push(child),
                "import_spec_list" => specs.extend(named(child)),
                _ => {}
            }
        }
    }
    for spec in specs {
        let Some(path) = spec.field("path") else {
            continue;
        };
        let path = text[path.byte_range()].trim_matches(|c| c == '"' || c == '`');
        match spec.field("name") {
            Some(name) if name.kind_name() == "dot" => imports.open = true,
            Some(name) if name.kind_name() == "blank_identifier" => {}
            Some(name) => imports.bind(&text[name.byte_range()], path.to_string()),
            None => {
                // The package's own name: the path's last element, without a major version
                // (`github.com/x/y/v2` is `y`, `gopkg.in/yaml.v3` is `yaml`); no renaming.
                let name = super::spelled(path);
                imports.bound.insert(name.to_string(), path.to_string());
            }
        }
    }
}

fn php(root: Node<'_>, text: &str, imports: &mut Imports) {
    let mut stack = named(root);
    while let Some(node) = stack.pop() {
        match node.kind_name() {
            "namespace_use_declaration" => {
                // `use Foo\{A, B as C};` has a prefix for its group.
                let group_prefix = named(node)
                    .into_iter()
                    .find(|c| c.kind_name() == "namespace_name")
                    .map(|p| dotted(p, text));
                let mut clauses = Vec::new();
                for child in named(node) {
                    match child.kind_name() {
                        "namespace_use_clause" => clauses.push(child),
                        "namespace_use_group" => clauses.extend(named(child)),
                        _ => {}
                    }
                }
                for clause in clauses {
                    let Some(name) = named(clause)
                        .into_iter()
                        .find(|c| matches!(c.kind_name(), "qualified_name" | "name"))
                    else {
                        continue;
                    };
                    let mut qualified = dotted(name, text);
                    if let Some(prefix) = &group_prefix {
                        qualified = format!("{prefix}.{qualified}");
                    }
                    let local = match clause.field("alias") {
                        Some(alias) => text[alias.byte_range()].to_string(),
                        None => qualified.rsplit('.').next().unwrap_or_default().to_string(),
                    };
                    imports.bind(&local, qualified);
                }
            }
            // `namespace A;` is followed by its code; `namespace A { ... }` holds it.
            "namespace_definition" => {
                if let Some(body) = node.field("body") {
                    stack.extend(named(body));
                }
            }
            _ => {}
        }
    }
}
