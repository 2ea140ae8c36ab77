//! The context packed into a shard's prompt, within a token budget: what the static analysis
//! found in the shard (hints to confirm or reject), the definitions of the repository functions
//! it calls (nearest first, whole when they fit), the constants, tables and macros it uses, and
//! the signatures of its callers.
//!
//! The order is the order of value for a reviewer: a rules finding with its flow is the cheapest
//! strong hint, a callee's body is what turns "input passed to a helper" into a bug or not, and
//! callers say where the input comes from. Each piece goes in only if it fits what is left of the
//! budget; a callee too long to fit is shown by its signature.

use std::collections::HashSet;
use std::fmt::Write as _;

use tree_sitter::Node;

use super::index::{called_name, DefKind, SymbolIndex};
use crate::lang::GrammarNames;
use crate::model::Finding;
use crate::slice::{estimate_text_tokens, Shard};

/// Longest callee body packed whole, in lines; longer ones are shown by their signature.
const MAX_BODY_LINES: usize = 80;
/// Longest constant or table packed, in lines.
const MAX_VALUE_LINES: usize = 24;
/// Most callers listed.
const MAX_CALLERS: usize = 8;
/// Most names of a shard looked up (calls and other identifiers).
const MAX_NAMES: usize = 400;
/// Deepest nesting followed in the shard's tree.
const MAX_DEPTH: usize = 64;

/// The context packed for one shard, with the line numbers of the shard's own file marked, so
/// that it can be shown as it is and keyed with those lines counted from the shard's start (code
/// that only moved in its file is a cache hit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Packed {
    marked: String,
}

/// Around a line number of the shard's own file.
const MARK_START: char = '\u{1}';
const MARK_END: char = '\u{2}';

impl Packed {
    /// The text with the shard's file's line numbers less `base` (0: as they are; in a cache
    /// key, the line before the shard, which can make one zero or negative).
    pub(crate) fn render(&self, base: usize) -> String {
        let mut out = String::with_capacity(self.marked.len());
        let mut rest = self.marked.as_str();
        while let Some(start) = rest.find(MARK_START) {
            out.push_str(&rest[..start]);
            let after = &rest[start + MARK_START.len_utf8()..];
            let Some(end) = after.find(MARK_END) else {
                rest = after;
                break;
            };
            let number: i64 = after[..end].parse().unwrap_or(0);
            let _ = write!(out, "{}", number - base as i64);
            rest = &after[end + MARK_END.len_utf8()..];
        }
        out.push_str(rest);
        out
    }
}

/// A line number of the shard's own file, marked for [`Packed::render`].
fn own(line: usize) -> String {
    format!("{MARK_START}{line}{MARK_END}")
}

/// `path:line`, the line marked when `path` is the shard's file.
fn place(shard: &Shard, path: &str, line: usize) -> String {
    if path == shard.file.rel_path {
        format!("{path}:{}", own(line))
    } else {
        format!("{path}:{line}")
    }
}

/// The packed context of `shard`: empty when there is nothing to add or no budget. `hints` are
/// the static findings inside the shard.
pub(crate) fn pack(
    shard: &Shard,
    index: Option<&SymbolIndex>,
    hints: &[Finding],
    budget: usize,
) -> Packed {
    if budget == 0 {
        return Packed::default();
    }
    let mut packer = Packer {
        out: String::new(),
        left: budget,
    };
    packer.hints(shard, hints);
    if let Some(index) = index {
        let names = names_in(shard);
        packer.callees(shard, index, &names.calls);
        packer.values(shard, index, &names.identifiers);
        packer.callers(shard, index);
    }
    Packed { marked: packer.out }
}

struct Packer {
    out: String,
    left: usize,
}

impl Packer {
    /// Adds `text` if it fits what is left of the budget.
    fn add(&mut self, text: &str) -> bool {
        let cost = estimate_text_tokens(text);
        if cost > self.left {
            return false;
        }
        self.left -= cost;
        self.out.push_str(text);
        true
    }

    fn hints(&mut self, shard: &Shard, hints: &[Finding]) {
        let mut hints: Vec<&Finding> = hints
            .iter()
            .filter(|f| f.location.path == shard.file.rel_path)
            .collect();
        if hints.is_empty() {
            return;
        }
        hints.sort_by_key(|f| (f.location.start_line, f.rule_id.clone()));
        let mut section = String::from(
            "Static analysis flagged these lines; confirm each one that is real (report it) and \
             leave out those that are not:\n",
        );
        for hint in hints {
            let mut line = format!(
                "- line {}: {}{} ({})",
                own(hint.location.start_line),
                hint.cwe.first().map_or(String::new(), |c| format!("{c}, ")),
                hint.message.lines().next().unwrap_or_default(),
                hint.rule_id
            );
            if hint.flow.len() > 1 {
                let steps: Vec<String> = hint
                    .flow
                    .iter()
                    .map(|step| {
                        if step.location.path == shard.file.rel_path {
                            format!("line {}", own(step.location.start_line))
                        } else {
                            format!("{}:{}", step.location.path, step.location.start_line)
                        }
                    })
                    .collect();
                let _ = write!(line, "; flow: {}", steps.join(" -> "));
            }
            line.push('\n');
            if section.len() + line.len() > 4000 {
                break;
            }
            section.push_str(&line);
        }
        section.push('\n');
        self.add(&section);
    }

    fn callees(&mut self, shard: &Shard, index: &SymbolIndex, calls: &[CallSite]) {
        let path = &shard.file.rel_path;
        let mut header = false;
        for call in calls {
            let name = &call.name;
            let Some(definition) = index.definitions(name, path).into_iter().find(|d| {
                d.kind == DefKind::Callable
                    && !inside(shard, index.path_of(d), d.first_line, d.last_line)
            }) else {
                continue;
            };
            if !header {
                if !self.add(
                    "Definitions of functions this code calls (elsewhere in the repository):\n",
                ) {
                    return;
                }
                header = true;
            }
            let path = index.path_of(definition);
            let mark = |line: usize| {
                if path == shard.file.rel_path {
                    own(line)
                } else {
                    line.to_string()
                }
            };
            // Where the shard calls it, and with what: a small model does not tie a body shown
            // apart to the call it reads below.
            let where_ = format!(
                "--- {path}:{}-{}, `{name}`, called on line {}: `{}`\n",
                mark(definition.first_line),
                mark(definition.last_line),
                own(call.line),
                call.text
            );
            let lines = definition.last_line + 1 - definition.first_line;
            let body = (lines <= MAX_BODY_LINES)
                .then(|| index.definition_lines(definition).ok())
                .flatten();
            let whole = body.is_some_and(|body| {
                let mut text = where_.clone();
                for (number, line) in body {
                    let _ = writeln!(text, "{}|{line}", mark(number));
                }
                self.add(&text)
            });
            if !whole && !self.add(&format!("{where_}{}\n", definition.signature)) {
                return;
            }
        }
        if header {
            self.add("\n");
        }
    }

    fn values(&mut self, shard: &Shard, index: &SymbolIndex, identifiers: &[String]) {
        let path = &shard.file.rel_path;
        let mut header = false;
        for name in identifiers {
            let Some(definition) = index.definitions(name, path).into_iter().find(|d| {
                d.kind == DefKind::Value
                    && !inside(shard, index.path_of(d), d.first_line, d.last_line)
            }) else {
                continue;
            };
            let lines = definition.last_line + 1 - definition.first_line;
            if lines > MAX_VALUE_LINES {
                continue;
            }
            let Ok(body) = index.definition_lines(definition) else {
                continue;
            };
            if !header {
                if !self.add("Constants, tables and macros this code uses:\n") {
                    return;
                }
                header = true;
            }
            let path = index.path_of(definition);
            let mut text = format!("--- {}\n", place(shard, path, definition.first_line));
            for (number, line) in body {
                if path == shard.file.rel_path {
                    let _ = writeln!(text, "{}|{line}", own(number));
                } else {
                    let _ = writeln!(text, "{number}|{line}");
                }
            }
            if !self.add(&text) {
                break;
            }
        }
        if header {
            self.add("\n");
        }
    }

    fn callers(&mut self, shard: &Shard, index: &SymbolIndex) {
        let path = &shard.file.rel_path;
        let mut lines = Vec::new();
        let mut seen = HashSet::new();
        for symbol in &shard.symbols {
            let name = crate::review::rules::names::spelled(symbol.trim());
            for caller in index.callers(name, path) {
                if caller.path == *path
                    && (shard.start_line..=shard.end_line).contains(&caller.line)
                {
                    continue;
                }
                if !seen.insert((caller.path.clone(), caller.line)) {
                    continue;
                }
                lines.push(format!(
                    "- {}{} calls {name}\n",
                    place(shard, &caller.path, caller.line),
                    caller
                        .signature
                        .map_or(String::new(), |s| format!(" in `{s}`"))
                ));
                if lines.len() >= MAX_CALLERS {
                    break;
                }
            }
        }
        if lines.is_empty() {
            return;
        }
        let mut section = String::from("Callers of this code:\n");
        for line in lines {
            section.push_str(&line);
        }
        section.push('\n');
        self.add(&section);
    }
}

/// Whether lines `first..=last` of `path` are inside the shard's own lines (already shown).
fn inside(shard: &Shard, path: &str, first: usize, last: usize) -> bool {
    path == shard.file.rel_path && first >= shard.start_line && last <= shard.end_line
}

/// The names a shard calls and the other identifiers it uses, in order of appearance.
#[derive(Default)]
struct Names {
    /// Calls, the first of each name, those handed input first.
    calls: Vec<CallSite>,
    /// How many of `calls` are handed input.
    handed_input: usize,
    identifiers: Vec<String>,
}

/// The first call of a name in the shard.
struct CallSite {
    name: String,
    line: usize,
    /// The call's first line, clipped.
    text: String,
}

/// Longest call text shown beside a callee's definition, in characters.
const MAX_CALL_TEXT: usize = 120;

/// Whether call arguments read input: the usual spellings of request data, arguments and the
/// environment across languages (a hint for ordering, not a taint analysis).
fn looks_like_input(arguments: &str) -> bool {
    const MARKERS: &[&str] = &[
        "$_GET",
        "$_POST",
        "$_REQUEST",
        "$_COOKIE",
        "$_FILES",
        "$_SERVER",
        "request",
        "req.",
        "params",
        "argv",
        "getenv",
        "getParameter",
        "getHeader",
        "input",
        "query",
        "body",
        "form",
        "args",
        "stdin",
        "recv",
        "read(",
    ];
    MARKERS.iter().any(|marker| arguments.contains(marker))
}

fn names_in(shard: &Shard) -> Names {
    let mut names = Names::default();
    let Some(tree) = &shard.file.tree else {
        return names;
    };
    let mut seen = HashSet::new();
    collect(shard, tree.root_node(), &mut names, &mut seen, 0);
    names
}

fn collect(
    shard: &Shard,
    node: Node<'_>,
    names: &mut Names,
    seen: &mut HashSet<String>,
    depth: usize,
) {
    let range = &shard.byte_range;
    if depth > MAX_DEPTH || node.end_byte() <= range.start || node.start_byte() >= range.end {
        return;
    }
    if names.calls.len() + names.identifiers.len() >= MAX_NAMES {
        return;
    }
    if node.start_byte() >= range.start {
        if let Some(name) = called_name(&shard.file, node) {
            if seen.insert(format!("call:{name}")) {
                // A call handed input comes first: its callee decides whether that input is
                // safe, which is what a reviewer of this shard cannot see.
                let arguments = node
                    .field("arguments")
                    .map_or("", |a| &shard.file.text[a.byte_range()]);
                let first_line = shard.file.text[node.byte_range()]
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .trim();
                let call = CallSite {
                    name,
                    line: shard.file.line_of_byte(node.start_byte()),
                    text: first_line.chars().take(MAX_CALL_TEXT).collect(),
                };
                if looks_like_input(arguments) {
                    names.calls.insert(names.handed_input, call);
                    names.handed_input += 1;
                } else {
                    names.calls.push(call);
                }
            }
        }
        let kind = node.kind_name();
        if kind == "identifier" || kind == "constant" || kind == "field_identifier" {
            let text = shard.file.text[node.byte_range()].trim();
            if !text.is_empty() && text.len() <= 120 && seen.insert(format!("id:{text}")) {
                names.identifiers.push(text.to_string());
            }
        }
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect(shard, child, names, seen, depth + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;
    use crate::review::context::index::{symbols_of, IndexedFile, Limits, SymbolIndex};
    use crate::slice::{slice_file, SliceOptions, SourceFile};
    use std::sync::Arc;

    fn parsed(path: &str, text: &str) -> SourceFile {
        let mut file = SourceFile::new(path.into(), path.into(), Language::Python, text.into());
        crate::slice::parse(&mut file, &mut tree_sitter::Parser::new());
        file
    }

    #[test]
    fn packs_callees_handed_input_first_then_values_and_callers_within_the_budget() {
        let dir = tempfile::tempdir().unwrap();
        let helpers = "LIMIT = 10\n\ndef audit(x):\n    return x\n\ndef run(cmd):\n    import os\n    return os.system(cmd)\n";
        let views = "def view(request):\n    audit(1)\n    return run(request.args['q']) + LIMIT\n\ndef other():\n    return view(None)\n";
        std::fs::write(dir.path().join("helpers.py"), helpers).unwrap();
        std::fs::write(dir.path().join("views.py"), views).unwrap();
        let mut index = SymbolIndex::new(dir.path(), Limits::default());
        for (path, text) in [("helpers.py", helpers), ("views.py", views)] {
            let file = parsed(path, text);
            index.add(
                IndexedFile::of(&file, &dir.path().join(path)),
                symbols_of(&file),
            );
        }
        let file = Arc::new(parsed("views.py", views));
        let options = SliceOptions { budget_tokens: 20 };
        let shards = slice_file(&file, &options);
        let shard = shards
            .iter()
            .find(|s| s.symbols.iter().any(|n| n == "view"))
            .unwrap();
        let packed = pack(shard, Some(&index), &[], 2000).render(0);
        let run = packed
            .find("--- helpers.py:6-8, `run`, called on line 3: `run(request.args['q'])`")
            .expect("run's body, and where it is called");
        let audit = packed.find("--- helpers.py:3-4").expect("audit's body");
        assert!(run < audit, "the callee handed input first:\n{packed}");
        assert!(packed.contains("8|    return os.system(cmd)"), "{packed}");
        assert!(
            packed.contains("--- helpers.py:1\n1|LIMIT = 10"),
            "{packed}"
        );
        assert!(
            packed.contains("- views.py:6 in `def other():` calls view"),
            "{packed}"
        );
        // The budget holds: with little of it, less is packed, and never more than it.
        let small = pack(shard, Some(&index), &[], 30).render(0);
        assert!(estimate_text_tokens(&small) <= 30, "{small}");
        assert!(small.len() < packed.len());
        assert_eq!(pack(shard, Some(&index), &[], 0), Packed::default());
        // Rendered less a base (a cache key counts from the shard's start), the caller in the
        // shard's own file moves with it; the definitions in other files keep their numbers.
        let keyed = pack(shard, Some(&index), &[], 2000).render(2);
        assert!(
            keyed.contains("- views.py:4 in `def other():` calls view"),
            "{keyed}"
        );
        assert!(keyed.contains("8|    return os.system(cmd)"), "{keyed}");
    }
}
