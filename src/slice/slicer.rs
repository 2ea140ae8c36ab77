//! Cuts a parsed file into shards.
//!
//! The cut follows the syntax tree: top-level definitions become shards; a definition bigger than
//! the budget is descended into (class -> methods, function -> statements), carrying the enclosing
//! signatures down the recursion so no shard is a sliver like a lone `impl Foo {`; small siblings
//! are merged up to the budget. Every line belongs to exactly one shard's primary region: the
//! lines between two children (comments, blank lines) go with the child after them, and trailing
//! lines (a closing brace) with the last one. Files without a tree fall back to line windows.

use std::sync::Arc;

use tree_sitter::Node;

use crate::lang::GrammarNames;

use super::{estimate_tokens, shard_id, ContextHeader, Shard, ShardKind, SourceFile};

/// Deepest the slicer descends; past it, an oversized node is cut into line windows. Keeps the
/// recursion bounded on pathological input such as 10,000 nested brackets.
const MAX_DEPTH: usize = 48;
/// Lines before a continuation shard that are repeated as context.
const OVERLAP_LINES: usize = 3;
const MAX_SIBLINGS: usize = 30;
const MAX_IMPORTS: usize = 60;
const MAX_SIGNATURE: usize = 160;

#[derive(Clone, Debug)]
pub(crate) struct SliceOptions {
    /// Most tokens of primary text per shard (estimated as bytes / 4).
    pub(crate) budget_tokens: usize,
}

impl Default for SliceOptions {
    fn default() -> Self {
        SliceOptions {
            budget_tokens: 1500,
        }
    }
}

/// Signatures of the definitions at one level of the tree, with the line each starts on.
type Siblings = Arc<[(usize, String)]>;

/// One shard before it becomes a [`Shard`]: 1-based inclusive line range and its context.
struct Piece {
    first: usize,
    last: usize,
    kind: ShardKind,
    symbols: Vec<String>,
    enclosing: Vec<String>,
    siblings: Siblings,
    overlap: Option<(usize, usize)>,
}

struct Slicer<'f> {
    file: &'f SourceFile,
    budget_bytes: usize,
    pieces: Vec<Piece>,
}

/// Cuts `file` into shards that together cover every line exactly once.
pub(crate) fn slice_file(file: &Arc<SourceFile>, options: &SliceOptions) -> Vec<Shard> {
    let lines = file.line_count();
    if lines == 0 {
        return Vec::new();
    }
    let mut slicer = Slicer {
        file,
        budget_bytes: options.budget_tokens.max(16) * 4,
        pieces: Vec::new(),
    };
    let imports: Arc<[String]> = match &file.tree {
        Some(tree) => {
            slicer.split(tree.root_node(), 1, lines, &[], 0);
            collect_imports(file, tree.root_node())
        }
        None => {
            slicer.windows(1, lines, &[], Arc::from([]), None);
            Arc::from([])
        }
    };
    slicer
        .pieces
        .into_iter()
        .map(|piece| {
            let byte_range = file.byte_range_of_lines(piece.first, piece.last);
            let header_bytes: usize = imports.iter().map(|s| s.len() + 1).sum::<usize>()
                + piece.enclosing.iter().map(|s| s.len() + 8).sum::<usize>()
                + piece
                    .siblings
                    .iter()
                    .map(|(_, s)| s.len() + 6)
                    .sum::<usize>()
                + file.rel_path.len()
                + 10;
            Shard {
                id: shard_id(&file.rel_path, &byte_range, &file.text[byte_range.clone()]),
                file: Arc::clone(file),
                kind: piece.kind,
                tokens: estimate_tokens(byte_range.len() + header_bytes),
                byte_range,
                start_line: piece.first,
                end_line: piece.last,
                overlap: piece.overlap,
                symbols: piece.symbols,
                context: ContextHeader {
                    imports: Arc::clone(&imports),
                    enclosing: piece.enclosing,
                    // The shard's own definitions are in its text, not among its siblings.
                    siblings: piece
                        .siblings
                        .iter()
                        .filter(|(line, _)| !(piece.first..=piece.last).contains(line))
                        .map(|(_, signature)| signature.clone())
                        .collect(),
                },
            }
        })
        .collect()
}

impl Slicer<'_> {
    fn bytes(&self, first: usize, last: usize) -> usize {
        self.file.byte_range_of_lines(first, last).len()
    }

    /// Cuts lines `first..=last`, which `node` spans, into pieces.
    fn split(
        &mut self,
        node: Node<'_>,
        first: usize,
        last: usize,
        enclosing: &[String],
        depth: usize,
    ) {
        let groups = self.groups(node, first, last);
        if groups.is_empty() {
            let siblings: Siblings = Arc::from([]);
            return self.windows(
                first,
                last,
                enclosing,
                siblings,
                (depth > 0).then_some(first),
            );
        }
        let siblings = self.sibling_signatures(&groups);
        let kind = if depth == 0 {
            ShardKind::Definitions
        } else {
            ShardKind::Members
        };
        let mut pending: Option<(Piece, usize)> = None;
        let count = groups.len();
        for (index, group) in groups.iter().enumerate() {
            let start = if index == 0 {
                first
            } else {
                groups[index - 1].last + 1
            };
            let end = if index + 1 == count { last } else { group.last };
            let size = self.bytes(start, end);
            if size <= self.budget_bytes {
                let symbols: Vec<String> = group
                    .nodes
                    .iter()
                    .filter(|n| self.is_definition(**n))
                    .filter_map(|n| node_name(self.file, *n))
                    .collect();
                if let Some((piece, piece_size)) = &mut pending {
                    if *piece_size + size <= self.budget_bytes {
                        piece.last = end;
                        piece.symbols.extend(symbols);
                        *piece_size += size;
                        continue;
                    }
                }
                self.flush(&mut pending);
                let overlap = (depth > 0 && start > first).then(|| overlap_before(first, start));
                pending = Some((
                    Piece {
                        first: start,
                        last: end,
                        kind,
                        symbols,
                        enclosing: enclosing.to_vec(),
                        siblings: Arc::clone(&siblings),
                        overlap,
                    },
                    size,
                ));
                continue;
            }
            self.flush(&mut pending);
            if group.nodes.len() == 1 && depth < MAX_DEPTH && group.nodes[0].named_child_count() > 0
            {
                let child = group.nodes[0];
                let inner = self.push_signature(enclosing, child);
                self.split(child, start, end, &inner, depth + 1);
            } else {
                let from = (start > first || depth > 0).then_some(first);
                self.windows(start, end, enclosing, Arc::clone(&siblings), from);
            }
        }
        self.flush(&mut pending);
    }

    fn flush(&mut self, pending: &mut Option<(Piece, usize)>) {
        if let Some((piece, _)) = pending.take() {
            self.pieces.push(piece);
        }
    }

    /// Line windows of at most the budget (at least one line each). `overlap_floor`, when set,
    /// lets windows repeat a few lines above them, but never above that line.
    fn windows(
        &mut self,
        first: usize,
        last: usize,
        enclosing: &[String],
        siblings: Siblings,
        overlap_floor: Option<usize>,
    ) {
        let mut start = first;
        while start <= last {
            let mut end = start;
            let mut size = self.bytes(start, start);
            while end < last {
                let next = self.bytes(end + 1, end + 1);
                if size + next > self.budget_bytes {
                    break;
                }
                size += next;
                end += 1;
            }
            let overlap = match overlap_floor {
                Some(floor) if start > floor => Some(overlap_before(floor, start)),
                None if start > first => Some(overlap_before(first, start)),
                _ => None,
            };
            self.pieces.push(Piece {
                first: start,
                last: end,
                kind: ShardKind::Lines,
                symbols: Vec::new(),
                enclosing: enclosing.to_vec(),
                siblings: Arc::clone(&siblings),
                overlap,
            });
            start = end + 1;
        }
    }

    /// Named children of `node` grouped so that children sharing a line are in one group, clipped
    /// to `first..=last`.
    fn groups<'t>(&self, node: Node<'t>, first: usize, last: usize) -> Vec<Group<'t>> {
        let mut groups: Vec<Group<'t>> = Vec::new();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            let (child_first, child_last) = self.file.lines_of(&child.byte_range());
            let child_first = child_first.max(first);
            let child_last = child_last.min(last);
            if child_first > child_last {
                continue;
            }
            match groups.last_mut() {
                Some(group) if child_first <= group.last => {
                    group.last = group.last.max(child_last);
                    group.nodes.push(child);
                }
                _ => groups.push(Group {
                    last: child_last,
                    nodes: vec![child],
                }),
            }
        }
        groups
    }

    fn is_definition(&self, node: Node<'_>) -> bool {
        self.file
            .language
            .spec()
            .definition_kinds
            .contains(&node.kind_name())
    }

    fn push_signature(&self, enclosing: &[String], node: Node<'_>) -> Vec<String> {
        let mut out = enclosing.to_vec();
        if self.is_definition(node) {
            out.push(signature(self.file, node));
        }
        out
    }

    fn sibling_signatures(&self, groups: &[Group<'_>]) -> Siblings {
        groups
            .iter()
            .flat_map(|g| g.nodes.iter())
            .filter(|n| self.is_definition(**n))
            .take(MAX_SIBLINGS)
            .map(|n| {
                (
                    self.file.line_of_byte(n.start_byte()),
                    signature(self.file, *n),
                )
            })
            .collect()
    }
}

struct Group<'t> {
    last: usize,
    nodes: Vec<Node<'t>>,
}

fn overlap_before(floor: usize, start: usize) -> (usize, usize) {
    (start.saturating_sub(OVERLAP_LINES).max(floor), start - 1)
}

/// First line of a definition, trimmed: what a reader needs to know what encloses a shard.
fn signature(file: &SourceFile, node: Node<'_>) -> String {
    let text = &file.text[node.byte_range()];
    let line = text.lines().next().unwrap_or_default().trim();
    let line = line.trim_end_matches('{').trim_end();
    truncate(line, MAX_SIGNATURE)
}

fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut cut = max;
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}...", &s[..cut])
}

/// Best-effort name of a definition node: its `name` field, or the name inside its declarator
/// (C), definition (Python decorators) or declaration (JS exports).
pub(crate) fn node_name(file: &SourceFile, node: Node<'_>) -> Option<String> {
    let mut current = node;
    for _ in 0..6 {
        if let Some(name) = current.field("name") {
            return Some(truncate(file.text[name.byte_range()].trim(), 80));
        }
        let kind = current.kind_name();
        if kind.ends_with("identifier") || kind == "name" || kind == "constant" {
            return Some(truncate(file.text[current.byte_range()].trim(), 80));
        }
        let next = ["declarator", "definition", "declaration"]
            .iter()
            .find_map(|field| current.field(field))
            .or_else(|| {
                let child = current.named_child(0)?;
                matches!(
                    child.kind_name(),
                    "type_spec"
                        | "variable_declarator"
                        | "const_spec"
                        | "var_spec"
                        | "function_declarator"
                )
                .then_some(child)
            });
        current = next?;
    }
    None
}

fn collect_imports(file: &SourceFile, root: Node<'_>) -> Arc<[String]> {
    let kinds = file.language.spec().import_kinds;
    let mut cursor = root.walk();
    root.named_children(&mut cursor)
        .filter(|n| kinds.contains(&n.kind_name()))
        .take(MAX_IMPORTS)
        .map(|n| truncate(file.text[n.byte_range()].trim(), 400))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::Language;

    fn parsed(language: Language, path: &str, text: &str) -> Arc<SourceFile> {
        let mut file = SourceFile::new(path.into(), path.into(), language, text.into());
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&language.grammar().unwrap()).unwrap();
        file.tree = parser.parse(text, None);
        Arc::new(file)
    }

    /// Every line in exactly one primary region, in order, with no gaps.
    fn assert_covers(file: &SourceFile, shards: &[Shard]) {
        let mut next = 1;
        for shard in shards {
            assert_eq!(
                shard.start_line, next,
                "gap or overlap before shard at {}",
                shard.start_line
            );
            assert!(shard.end_line >= shard.start_line);
            assert_eq!(
                shard.byte_range,
                file.byte_range_of_lines(shard.start_line, shard.end_line)
            );
            next = shard.end_line + 1;
        }
        assert_eq!(next, file.line_count() + 1, "last lines not covered");
    }

    fn python_sample() -> String {
        let mut text = String::from("import os\nfrom x import y\n\n");
        text.push_str("class Big:\n    \"\"\"doc\"\"\"\n");
        for i in 0..40 {
            text.push_str(&format!(
                "    def method_{i}(self, a):\n        b = a + {i}\n        # note\n        return os.path.join(b, 'x')\n\n"
            ));
        }
        text.push_str("def tail():\n    pass\n# trailing comment\n");
        text
    }

    #[test]
    fn covers_every_line_once_and_descends_into_big_classes() {
        let file = parsed(Language::Python, "a.py", &python_sample());
        let shards = slice_file(&file, &SliceOptions { budget_tokens: 120 });
        assert_covers(&file, &shards);
        assert!(shards.len() > 5, "{}", shards.len());
        let member = shards
            .iter()
            .find(|s| s.kind == ShardKind::Members)
            .unwrap();
        assert_eq!(member.context.enclosing, vec!["class Big:".to_string()]);
        assert_eq!(member.context.imports.len(), 2);
        assert!(shards
            .iter()
            .any(|s| s.symbols.contains(&"method_3".to_string())));
        for shard in &shards {
            assert!(
                shard.text().len() <= 120 * 4 || shard.kind == ShardKind::Lines,
                "{}",
                shard.text()
            );
        }
    }

    #[test]
    fn covers_every_line_of_every_rule_test_file_at_any_budget() {
        // The rule test files span every language with rules: real code in many shapes.
        let mut checked = 0;
        for (path, text) in crate::review::rules::EMBEDDED {
            let Some(language) = Language::from_extension(std::path::Path::new(path)) else {
                continue;
            };
            let file = parsed(language, path, text);
            for budget in [16, 64, 300, 1500] {
                let shards = slice_file(
                    &file,
                    &SliceOptions {
                        budget_tokens: budget,
                    },
                );
                assert_covers(&file, &shards);
                let ids: std::collections::HashSet<&str> =
                    shards.iter().map(|s| s.id.as_str()).collect();
                assert_eq!(ids.len(), shards.len(), "{path}: duplicate shard ids");
            }
            checked += 1;
        }
        assert!(checked > 0);
    }

    #[test]
    fn merges_small_neighbours() {
        let file = parsed(Language::Python, "a.py", &python_sample());
        let shards = slice_file(
            &file,
            &SliceOptions {
                budget_tokens: 100_000,
            },
        );
        assert_eq!(shards.len(), 1);
        assert_covers(&file, &shards);
    }

    #[test]
    fn ids_are_stable_and_distinct() {
        let file = parsed(Language::Python, "a.py", &python_sample());
        let a: Vec<String> = slice_file(&file, &SliceOptions { budget_tokens: 120 })
            .into_iter()
            .map(|s| s.id)
            .collect();
        let file2 = parsed(Language::Python, "a.py", &python_sample());
        let b: Vec<String> = slice_file(&file2, &SliceOptions { budget_tokens: 120 })
            .into_iter()
            .map(|s| s.id)
            .collect();
        assert_eq!(a, b);
        let mut unique = a.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), a.len());
    }

    #[test]
    fn splits_an_oversized_function_at_statements_with_overlap() {
        let mut text = String::from("fn main() {\n");
        for i in 0..200 {
            text.push_str(&format!(
                "    let v{i} = compute({i}) + other_thing({i});\n"
            ));
        }
        text.push_str("}\n");
        let file = parsed(Language::Rust, "m.rs", &text);
        let shards = slice_file(&file, &SliceOptions { budget_tokens: 200 });
        assert_covers(&file, &shards);
        assert!(shards.len() > 3);
        assert!(shards[1..].iter().all(|s| s.overlap.is_some()));
        assert!(shards
            .iter()
            .all(|s| s.context.enclosing == vec!["fn main()".to_string()]));
    }

    #[test]
    fn files_with_syntax_errors_and_no_grammar_still_shard() {
        let broken =
            "def ok():\n    return 1\n\ndef broken(:\n    x = = 2\n    )))\n\nclass C:\n    pass\n";
        let file = parsed(Language::Python, "b.py", broken);
        assert!(file.tree.as_ref().unwrap().root_node().has_error());
        let shards = slice_file(&file, &SliceOptions { budget_tokens: 8 });
        assert_covers(&file, &shards);

        let text: String = (0..500).map(|i| format!("val x{i} = {i}\n")).collect();
        let file = Arc::new(SourceFile::new(
            "k.kt".into(),
            "k.kt".into(),
            Language::Kotlin,
            text,
        ));
        let shards = slice_file(&file, &SliceOptions { budget_tokens: 100 });
        assert_covers(&file, &shards);
        assert!(shards.iter().all(|s| s.kind == ShardKind::Lines));
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let depth = 10_000;
        let text = format!("x = {}1{}\n", "[\n".repeat(depth), "]\n".repeat(depth));
        let file = parsed(Language::Python, "deep.py", &text);
        let shards = slice_file(&file, &SliceOptions { budget_tokens: 50 });
        assert_covers(&file, &shards);
    }

    #[test]
    fn names_definitions_across_languages() {
        let cases = [
            (
                Language::C,
                "c.c",
                "static int parse_header(char *p) {\n  return 0;\n}\n",
                "parse_header",
            ),
            (
                Language::Go,
                "g.go",
                "package m\n\nfunc (s *S) Handle(w int) {\n}\n",
                "Handle",
            ),
            (
                Language::JavaScript,
                "j.js",
                "export function route(req) {\n  return 1;\n}\n",
                "route",
            ),
            (
                Language::Python,
                "p.py",
                "@app.get('/')\ndef index():\n    pass\n",
                "index",
            ),
        ];
        for (language, path, text, want) in cases {
            let file = parsed(language, path, text);
            let shards = slice_file(&file, &SliceOptions::default());
            assert!(
                shards.iter().any(|s| s.symbols.iter().any(|n| n == want)),
                "{path}: {:?}",
                shards.iter().map(|s| &s.symbols).collect::<Vec<_>>()
            );
        }
    }
}
