//! The qualified name a node of code stands for, so a rule can name
//! `java.security.MessageDigest.getInstance` and match `MessageDigest.getInstance` under its
//! import, the fully qualified spelling, and the same through a static import; `hashlib.md5`
//! matches `h.md5` under `import hashlib as h`. The predicate is
//! `(#resolves-to? @capture "qualified.name" ...)`: the capture (a call, a `new`, a member
//! access or a name) resolves to one of the names given.

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::imports::required;
use super::Aliases;

/// What a node resolves to: its segments joined with dots, the first one replaced by what an
/// import binds it to.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Qualified {
    pub(crate) name: String,
    /// The first segment was bound by an import, a declaration of the file, or written in
    /// full (PHP's `\PDO`); otherwise it may be a short name of a package the file does not
    /// spell (see [`super::imports::Imports::open`]).
    pub(crate) bound: bool,
}

impl Aliases {
    /// What `node` resolves to, or `None` when it is not a name, a member access, a call or a
    /// `new` whose callee is one of those.
    pub(crate) fn qualified(&self, node: Node<'_>, text: &str) -> Option<Qualified> {
        let mut segments = Vec::new();
        let mut absolute = false;
        self.segments(node, text, &mut segments, &mut absolute)?;
        let (head, rest) = segments.split_first()?;
        let (head, bound) = match self.imports.get(head) {
            Some(qualified) => (qualified.to_string(), true),
            None => (head.clone(), absolute),
        };
        let mut name = head;
        for segment in rest {
            name.push('.');
            name.push_str(segment);
        }
        Some(Qualified { name, bound })
    }

    /// Whether `node` resolves to one of `targets`: exactly, or, when its first segment is not
    /// bound in a language where short names may come from elsewhere, as their last segments
    /// (`Cipher.getInstance` for `javax.crypto.Cipher.getInstance`).
    pub(crate) fn resolves_to(&self, node: Node<'_>, text: &str, targets: &[String]) -> bool {
        let Some(qualified) = self.qualified(node, text) else {
            return false;
        };
        targets.iter().any(|target| {
            *target == qualified.name
                || (!qualified.bound
                    && self.imports.open()
                    && target.len() > qualified.name.len()
                    && target.ends_with(qualified.name.as_str())
                    && target.as_bytes()[target.len() - qualified.name.len() - 1] == b'.')
        })
    }

    /// Pushes the segments of `node` in order; `None` when a part is not a name.
    fn segments(
        &self,
        node: Node<'_>,
        text: &str,
        out: &mut Vec<String>,
        absolute: &mut bool,
    ) -> Option<()> {
        let field = |name: &'static str| node.field(name);
        match node.kind_name() {
            "identifier"
            | "type_identifier"
            | "field_identifier"
            | "property_identifier"
            | "package_identifier"
            | "namespace_identifier"
            | "name"
            | "constant"
            | "shorthand_property_identifier" => {
                out.push(self.name(node, text).to_string());
            }
            // Java `a.b.C`, C++ `std::system`, PHP `Foo\Bar`.
            "scoped_identifier" | "qualified_identifier" => {
                let scope = field("scope").or_else(|| field("namespace"));
                if let Some(scope) = scope {
                    self.segments(scope, text, out, absolute)?;
                } else if text[node.byte_range()].starts_with("::") {
                    *absolute = true;
                }
                self.segments(field("name")?, text, out, absolute)?;
            }
            "scoped_type_identifier" | "dotted_name" | "namespace_name" | "qualified_name" => {
                // PHP's `\PDO` is written in full.
                *absolute |= text[node.byte_range()].starts_with('\\');
                let mut cursor = node.walk();
                let children: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
                for child in children {
                    self.segments(child, text, out, absolute)?;
                }
            }
            "field_access" => {
                self.segments(field("object")?, text, out, absolute)?;
                self.segments(field("field")?, text, out, absolute)?;
            }
            "attribute" => {
                self.segments(field("object")?, text, out, absolute)?;
                self.segments(field("attribute")?, text, out, absolute)?;
            }
            "member_expression" => {
                if let Some(module) = required(node, text) {
                    // `require('child_process').exec`: the module and its members, bound.
                    out.push(module);
                    *absolute = true;
                    return Some(());
                }
                self.segments(field("object")?, text, out, absolute)?;
                self.segments(field("property")?, text, out, absolute)?;
            }
            "selector_expression" => {
                self.segments(field("operand")?, text, out, absolute)?;
                self.segments(field("field")?, text, out, absolute)?;
            }
            "generic_type" | "parenthesized_expression" | "generic_name" => {
                self.segments(node.named_child(0)?, text, out, absolute)?;
            }
            "method_invocation" => {
                match field("object") {
                    Some(object) => self.segments(object, text, out, absolute)?,
                    // A method of the class itself, or one a static import names.
                    None => *absolute = true,
                }
                self.segments(field("name")?, text, out, absolute)?;
            }
            "call" | "call_expression" | "function_call_expression" => {
                if let Some(module) = required(node, text) {
                    out.push(module);
                    *absolute = true;
                    return Some(());
                }
                self.segments(field("function")?, text, out, absolute)?;
            }
            "object_creation_expression" => {
                // Java names its type; PHP's first named child is the class.
                let class = field("type").or_else(|| node.named_child(0))?;
                self.segments(class, text, out, absolute)?;
            }
            "new_expression" => {
                self.segments(field("constructor")?, text, out, absolute)?;
            }
            "scoped_call_expression" | "class_constant_access_expression" => {
                self.segments(
                    field("scope").or_else(|| node.named_child(0))?,
                    text,
                    out,
                    absolute,
                )?;
                self.segments(
                    field("name").or_else(|| node.named_child(1))?,
                    text,
                    out,
                    absolute,
                )?;
            }
            "member_call_expression" => {
                self.segments(field("object")?, text, out, absolute)?;
                self.segments(field("name")?, text, out, absolute)?;
            }
            // A PHP variable is a value, never a class: `$x` keeps its sigil.
            "variable_name" => out.push(text[node.byte_range()].to_string()),
            _ => return None,
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language::{self, Go, Java, JavaScript, Php, Python, C};

    /// What each node of `kinds` in `code` resolves to, in order.
    fn resolved(language: Language, code: &str, kinds: &[&str]) -> Vec<(String, bool)> {
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language.grammar().unwrap()).unwrap();
        let tree = parser.parse(code, None).unwrap();
        let names = Aliases::of(language, tree.root_node(), code);
        let mut found = Vec::new();
        let mut stack = vec![tree.root_node()];
        while let Some(node) = stack.pop() {
            if kinds.contains(&node.kind_name()) {
                found.push(node);
            }
            let mut cursor = node.walk();
            let mut children: Vec<Node<'_>> = node.children(&mut cursor).collect();
            children.reverse();
            stack.extend(children);
        }
        found
            .into_iter()
            .filter_map(|n| names.qualified(n, code))
            .map(|q| (q.name, q.bound))
            .collect()
    }

    fn names(pairs: &[(&str, bool)]) -> Vec<(String, bool)> {
        pairs.iter().map(|(n, b)| (n.to_string(), *b)).collect()
    }

    #[test]
    fn java_names_resolve_through_imports_and_full_spellings() {
        let code = "package p.q;\nimport javax.crypto.Cipher;\nimport java.security.*;\n\
                    import static java.lang.Runtime.getRuntime;\nimport com.acme.File;\n\
                    class A { void f(String s) throws Exception {\n\
                    Cipher.getInstance(s);\n\
                    java.security.MessageDigest.getInstance(s);\n\
                    MessageDigest.getInstance(s);\n\
                    getRuntime().exec(s);\n\
                    new java.io.File(s);\n\
                    new File(s);\n\
                    new A();\n\
                    } }\n";
        assert_eq!(
            resolved(
                Java,
                code,
                &["method_invocation", "object_creation_expression"]
            ),
            names(&[
                ("javax.crypto.Cipher.getInstance", true),
                ("java.security.MessageDigest.getInstance", false),
                ("MessageDigest.getInstance", false),
                ("java.lang.Runtime.getRuntime.exec", true),
                ("java.lang.Runtime.getRuntime", true),
                ("java.io.File", false),
                ("com.acme.File", true),
                ("p.q.A", true),
            ])
        );
    }

    #[test]
    fn python_javascript_go_and_php_names_resolve_through_their_imports() {
        let code = "import hashlib as h, os.path\nfrom subprocess import call as run, Popen\n\
                    h.md5(b'')\nrun(c)\nPopen(c)\nos.path.join(a)\neval(x)\n";
        assert_eq!(
            resolved(Python, code, &["call"]),
            names(&[
                ("hashlib.md5", true),
                ("subprocess.call", true),
                ("subprocess.Popen", true),
                ("os.path.join", true),
                ("eval", false),
            ])
        );
        let code = "const cp = require('child_process');\n\
                    const { exec, spawn: sp } = require('node:child_process');\n\
                    import * as fs from 'fs';\nimport { readFile as rf } from 'fs';\n\
                    cp.exec(c); exec(c); sp(c); fs.readFileSync(p); rf(p); \
                    require('child_process').execSync(c); other(c);\n";
        assert_eq!(
            resolved(JavaScript, code, &["call_expression"])
                .into_iter()
                .filter(|(n, _)| n != "child_process" && n != "fs")
                .collect::<Vec<_>>(),
            names(&[
                ("child_process.exec", true),
                ("child_process.exec", true),
                ("child_process.spawn", true),
                ("fs.readFileSync", true),
                ("fs.readFile", true),
                ("child_process.execSync", true),
                ("other", false),
            ])
        );
        let code = "package main\nimport (\n ex \"os/exec\"\n \"net/http\"\n \
                    \"gopkg.in/yaml.v3\"\n)\nfunc f() { ex.Command(c); http.Get(u); \
                    yaml.Unmarshal(b, &v); }\n";
        assert_eq!(
            resolved(Go, code, &["call_expression"]),
            names(&[
                ("os/exec.Command", true),
                ("net/http.Get", true),
                ("gopkg.in/yaml.v3.Unmarshal", true),
            ])
        );
        let code = "<?php\nnamespace App;\nuse Foo\\Bar\\Baz as Qux;\n\
                    $x = new \\PDO($d); \\system($c); Qux::m(); exec($c); $o->m();\n";
        assert_eq!(
            resolved(
                Php,
                code,
                &[
                    "object_creation_expression",
                    "function_call_expression",
                    "scoped_call_expression",
                    "member_call_expression"
                ]
            ),
            names(&[
                ("PDO", true),
                ("system", true),
                ("Foo.Bar.Baz.m", true),
                ("exec", false),
                ("$o.m", false),
            ])
        );
        // A C macro reads as what it stands for.
        let code = "#define RUN system\nvoid f(char *c) { RUN(c); }\n";
        assert_eq!(
            resolved(C, code, &["call_expression"]),
            names(&[("system", false)])
        );
    }

    #[test]
    fn short_names_match_qualified_targets_only_where_the_language_allows() {
        let check = |language: Language, code: &str, target: &str| {
            let mut parser = tree_sitter::Parser::new();
            parser.set_language(&language.grammar().unwrap()).unwrap();
            let tree = parser.parse(code, None).unwrap();
            let names = Aliases::of(language, tree.root_node(), code);
            let mut stack = vec![tree.root_node()];
            let targets = vec![target.to_string()];
            while let Some(node) = stack.pop() {
                let callee = matches!(node.kind_name(), "method_invocation" | "call");
                if callee && names.resolves_to(node, code, &targets) {
                    return true;
                }
                let mut cursor = node.walk();
                stack.extend(node.children(&mut cursor));
            }
            false
        };
        let digest = "java.security.MessageDigest.getInstance";
        // Java: java.lang, the same package and wildcard imports need no import to be spelled.
        assert!(check(
            Java,
            "class A { void f() { MessageDigest.getInstance(\"MD5\"); } }",
            digest
        ));
        assert!(check(
            Java,
            "class A { void f() { java.security.MessageDigest.getInstance(\"MD5\"); } }",
            digest
        ));
        // A class imported from elsewhere, or declared here, is not the JDK's.
        assert!(!check(
            Java,
            "import com.acme.MessageDigest;\nclass A { void f() { MessageDigest.getInstance(\"MD5\"); } }",
            digest
        ));
        assert!(!check(
            Java,
            "class MessageDigest { static void getInstance(String s) {} }\n\
             class A { void f() { MessageDigest.getInstance(\"MD5\"); } }",
            digest
        ));
        assert!(!check(
            Java,
            "class A { void f() { com.acme.MessageDigest.getInstance(\"MD5\"); } }",
            digest
        ));
        // Python: a name no import binds is the file's own, not a module's.
        assert!(check(
            Python,
            "import hashlib as h\nh.md5(b'')\n",
            "hashlib.md5"
        ));
        assert!(!check(
            Python,
            "def md5(x): pass\nmd5(b'')\n",
            "hashlib.md5"
        ));
    }
}
