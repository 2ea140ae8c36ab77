//! A text prefilter in front of the query: most of a scan's rule time is tree-sitter visiting nodes,
//! so the cheapest node is the one never visited.
//!
//! From each pattern's predicates we derive sets of literals that any match must contain: the
//! string of an `#eq?`, the words of an `#any-of?`, the prefixes and the suffixes every match of a
//! `#match?` regex starts and ends with. Only predicates on captures the pattern always binds count.
//! A pattern needs one literal of each of its sets. Every node of a match lies under the pattern's
//! root node, and unless that root is the file's root node it lies inside one top-level item (a
//! child of the root node), so only the items that hold what some pattern needs are walked, and a
//! file with none is not walked at all. The same holds one level down for a large item of a kind
//! no pattern is rooted at (a class, its body): each match in it lies under one of its children,
//! so a class is weighed method by method.
//!
//! The shortcuts are only taken when every pattern of the language allows them: one pattern without
//! literals means every file is walked whole, and one that could be rooted at the file's root node
//! (or that matches a sequence of siblings) means a file that passes is walked whole.
//!
//! Matching is ASCII case-insensitive, so a literal is looked for in every case; a regex whose case
//! folding reaches beyond ASCII (the Kelvin sign for `k`, the long s for `s`) makes files that
//! contain those characters walked whole.

mod literals;
mod syntax;

use std::ops::Range;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use tree_sitter::{Node, Query};

use literals::{pattern_sets_of, NON_ASCII_FOLDS};
use syntax::outermost_kind;

/// What the query of one language needs to see in a file before it can match anything there.
pub struct Prefilter {
    /// Every literal of every pattern; `None` when some pattern has no literal, so every file is
    /// walked whole.
    automaton: Option<AhoCorasick>,
    /// Per literal (automaton pattern id): the sets it belongs to.
    literal_sets: Vec<Vec<usize>>,
    /// Per set: the pattern it belongs to.
    set_pattern: Vec<usize>,
    /// Per pattern: its sets (indexes into `set_pattern`), one literal of each needed.
    pattern_sets: Vec<Vec<usize>>,
    /// Per pattern: its sets as literals, for `rules profile`.
    pattern_literals: Vec<Vec<Vec<String>>>,
    /// Whether restricting the walk to the top-level items that hold literals is sound.
    ranges_sound: bool,
    /// The node kinds some pattern is rooted at: a large node of another kind is no match's root,
    /// so each match under it lies under one of its children, and those are the items to weigh.
    root_kinds: std::collections::HashSet<String>,
    /// Whether some literal stands for a non-ASCII character too (see the module docs).
    unicode_folds: bool,
}

/// Which parts of a file the query must walk.
#[derive(Debug, PartialEq, Eq)]
pub enum Plan {
    /// Nothing can match: skip the query.
    Skip,
    /// Walk the whole tree.
    Whole,
    /// Walk only these byte ranges (disjoint, sorted), each a run of items.
    Ranges(Vec<Range<usize>>),
}

impl Prefilter {
    /// Builds the prefilter of `query`, compiled from `source`, whose root node kind is `root_kind`.
    pub fn build(query: &Query, source: &str, root_kind: &str) -> Prefilter {
        let mut ranges_sound = true;
        let mut unicode_folds = false;
        let mut root_kinds = std::collections::HashSet::new();
        let mut pattern_literals = Vec::with_capacity(query.pattern_count());
        for pattern in 0..query.pattern_count() {
            let text = source
                .get(query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern))
                .unwrap_or_default();
            pattern_literals.push(pattern_sets_of(query, pattern, text, &mut unicode_folds));
            let outermost = outermost_kind(text);
            ranges_sound &= !query.is_pattern_non_local(pattern)
                && match &outermost {
                    Some(kind) => kind != root_kind && kind != "_" && kind != "ERROR",
                    None => false,
                };
            root_kinds.extend(outermost);
        }
        let mut literals: Vec<String> = Vec::new();
        let mut literal_sets: Vec<Vec<usize>> = Vec::new();
        let mut set_pattern = Vec::new();
        let mut pattern_sets = Vec::new();
        let mut index: std::collections::HashMap<&str, usize> = Default::default();
        for (pattern, sets) in pattern_literals.iter().enumerate() {
            let mut ids = Vec::new();
            for set in sets {
                let id = set_pattern.len();
                set_pattern.push(pattern);
                ids.push(id);
                for literal in set {
                    let literal_id = *index.entry(literal.as_str()).or_insert_with(|| {
                        literals.push(literal.clone());
                        literal_sets.push(Vec::new());
                        literals.len() - 1
                    });
                    literal_sets[literal_id].push(id);
                }
            }
            pattern_sets.push(ids);
        }
        let automaton = if pattern_sets.iter().all(|sets| !sets.is_empty()) {
            AhoCorasickBuilder::new()
                .ascii_case_insensitive(true)
                .match_kind(MatchKind::Standard)
                .kind(Some(AhoCorasickKind::DFA))
                .build(&literals)
                .ok()
        } else {
            None
        };
        Prefilter {
            automaton,
            literal_sets,
            set_pattern,
            pattern_sets,
            pattern_literals,
            ranges_sound,
            root_kinds,
            unicode_folds,
        }
    }

    /// The sets of literals of one pattern (one of each needed; empty when it has none), for
    /// `rules profile` and tests.
    pub fn literals(&self, pattern: usize) -> &[Vec<String>] {
        self.pattern_literals
            .get(pattern)
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// Decides what to walk in `root`'s tree over `text`.
    pub fn plan(&self, root: Node<'_>, text: &str) -> Plan {
        let Some(automaton) = &self.automaton else {
            return Plan::Whole;
        };
        if self.unicode_folds && NON_ASCII_FOLDS.iter().any(|(c, _)| text.contains(*c)) {
            return Plan::Whole;
        }
        let hits: Vec<(usize, usize)> = automaton
            .find_overlapping_iter(text.as_bytes())
            .map(|m| (m.start(), m.pattern().as_usize()))
            .collect();
        if hits.is_empty() {
            return Plan::Skip;
        }
        let mut check = Satisfied::new(self);
        if !self.ranges_sound {
            return if check.any(hits.iter().map(|(_, literal)| *literal)) {
                Plan::Whole
            } else {
                Plan::Skip
            };
        }
        let items = self.items(root);
        // Each hit's item; a hit outside every item (in the root's own text, or between the
        // children of a node that was split) cannot be under any pattern's root.
        let mut by_item: Vec<(usize, usize)> = hits
            .iter()
            .filter_map(|&(start, literal)| {
                let index = items.partition_point(|item| item.end <= start);
                let item = items.get(index)?;
                (item.start <= start).then_some((index, literal))
            })
            .collect();
        by_item.sort_unstable();
        let mut ranges: Vec<Range<usize>> = Vec::new();
        let mut last_kept: Option<usize> = None;
        for group in by_item.chunk_by(|a, b| a.0 == b.0) {
            let index = group[0].0;
            if !check.any(group.iter().map(|(_, literal)| *literal)) {
                continue;
            }
            let item = &items[index];
            match (ranges.last_mut(), last_kept) {
                (Some(range), Some(previous)) if previous + 1 == index => range.end = item.end,
                _ => ranges.push(item.clone()),
            }
            last_kept = Some(index);
        }
        let covered: usize = ranges.iter().map(|r| r.len()).sum();
        if ranges.is_empty() {
            Plan::Skip
        } else if covered * 4 >= text.len() * 3 {
            // Nearly everything: one walk costs less than restarting the cursor per range.
            Plan::Whole
        } else {
            Plan::Ranges(ranges)
        }
    }
}

/// A node at least this large that no pattern can be rooted at is weighed by its children (a
/// class by its methods) rather than whole.
const SPLIT_BYTES: usize = 2048;

impl Prefilter {
    /// The items whose literals are weighed, in order: the root's children, each large one that
    /// no pattern can be rooted at replaced by its children, and so on down.
    fn items(&self, root: Node<'_>) -> Vec<Range<usize>> {
        let mut items = Vec::new();
        let mut walker = root.walk();
        let mut pending: Vec<Node<'_>> = root.children(&mut walker).collect();
        pending.reverse();
        // A stack, not recursion: trees can be thousands of levels deep.
        while let Some(node) = pending.pop() {
            // A pattern rooted at an anonymous node (`"unsafe"`) could be rooted anywhere.
            let split = node.byte_range().len() >= SPLIT_BYTES
                && node.child_count() > 0
                && !self.root_kinds.contains("")
                && !self.root_kinds.contains(node.kind());
            if split {
                let mut walker = node.walk();
                let children: Vec<Node<'_>> = node.children(&mut walker).collect();
                pending.extend(children.into_iter().rev());
            } else {
                items.push(node.byte_range());
            }
        }
        items
    }
}

/// Scratch space to tell whether some pattern has all it needs among a group of literals.
struct Satisfied<'a> {
    prefilter: &'a Prefilter,
    set_seen: Vec<bool>,
    touched: Vec<usize>,
}

impl<'a> Satisfied<'a> {
    fn new(prefilter: &'a Prefilter) -> Satisfied<'a> {
        Satisfied {
            prefilter,
            set_seen: vec![false; prefilter.set_pattern.len()],
            touched: Vec::new(),
        }
    }

    /// Whether the literals found (automaton ids) give some pattern one literal of each set.
    fn any(&mut self, found: impl Iterator<Item = usize>) -> bool {
        for literal in found {
            for &set in &self.prefilter.literal_sets[literal] {
                if !self.set_seen[set] {
                    self.set_seen[set] = true;
                    self.touched.push(set);
                }
            }
        }
        let satisfied = self.touched.iter().any(|&set| {
            self.prefilter.pattern_sets[self.prefilter.set_pattern[set]]
                .iter()
                .all(|&other| self.set_seen[other])
        });
        for set in self.touched.drain(..) {
            self.set_seen[set] = false;
        }
        satisfied
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn python_plan(query_source: &str, code: &str) -> Plan {
        let language = crate::lang::Language::Python;
        let grammar = language.grammar().unwrap();
        let query = Query::new(&grammar, query_source).unwrap();
        let prefilter = Prefilter::build(&query, query_source, "module");
        let mut parser = tree_sitter::Parser::new();
        parser.set_language(&grammar).unwrap();
        let tree = parser.parse(code, None).unwrap();
        prefilter.plan(tree.root_node(), code)
    }

    #[test]
    fn a_large_class_is_weighed_method_by_method() {
        let eval = r#"(call function: (identifier) @f (#eq? @f "eval")) @finding"#;
        let filler = format!("        x = 1  # {}\n", "-".repeat(60)).repeat(40);
        let code = format!(
            "class Big:\n    def quiet(self):\n{filler}\n    def loud(self):\n        \
             return eval(self.x)\n"
        );
        assert!(code.len() > SPLIT_BYTES);
        let loud = code.find("def loud").unwrap();
        assert_eq!(
            python_plan(eval, &code),
            Plan::Ranges(std::iter::once(loud..code.len() - 1).collect())
        );
        // A pattern rooted at the class keeps it whole.
        let rooted = r#"(class_definition body: (block (function_definition name: (identifier) @n)) (#eq? @n "loud")) @finding"#;
        assert_eq!(python_plan(rooted, &code), Plan::Whole);
    }

    #[test]
    fn plans_skip_ranges_and_whole() {
        let eval = r#"(call function: (identifier) @f (#eq? @f "eval")) @finding"#;
        assert_eq!(python_plan(eval, "def f():\n    return 1\n"), Plan::Skip);
        let code = "def a():\n    pass\n\ndef b():\n    EVAL(x)\n\ndef c():\n    pass\n";
        let b = code.find("def b").unwrap();
        let c = code.find("def c").unwrap();
        assert_eq!(
            python_plan(eval, code),
            Plan::Ranges(std::iter::once(b..c - 2).collect())
        );
        // A capture in only one branch of an alternation may be unbound: no literal from it.
        let optional =
            r#"(call function: [(identifier) @f (attribute)] (#eq? @f "eval")) @finding"#;
        assert_eq!(python_plan(optional, "x = 1\n"), Plan::Whole);
        // A pattern rooted at the file's root node needs the whole tree.
        let rooted =
            r#"(module (expression_statement (call function: (identifier) @f)) (#eq? @f "eval"))"#;
        assert_eq!(python_plan(rooted, "eval(1)\n"), Plan::Whole);
    }
}
#[cfg(test)]
mod differential {
    use std::path::Path;

    use crate::lang::Language;
    use crate::review::rules::RuleSet;

    /// The prefilter only saves work: over every rule test file, the corpus and our own sources,
    /// the matches with it are exactly the matches without it.
    #[test]
    fn prefilter_never_changes_the_matches() {
        let set = RuleSet::builtin().unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut parser = tree_sitter::Parser::new();
        let (mut files, mut matches, mut skipped) = (0, 0, 0);
        // More trees to compare on, e.g. the dependency sources the speed benchmark scans.
        let extra = std::env::var_os("SHARDSCAN_PREFILTER_TREES").unwrap_or_default();
        let dirs = ["queries", "corpus", "src"]
            .map(|dir| root.join(dir))
            .into_iter()
            .chain(std::env::split_paths(&extra));
        for dir in dirs {
            for entry in ignore::WalkBuilder::new(dir).build().flatten() {
                let path = entry.path();
                let Some(language) = Language::from_extension(path) else {
                    continue;
                };
                let Ok(Some(compiled)) = set.compiled(language) else {
                    continue;
                };
                let Ok(text) = std::fs::read_to_string(path) else {
                    continue;
                };
                parser.set_language(&language.grammar().unwrap()).unwrap();
                let tree = parser.parse(&text, None).unwrap();
                let key = |m: &crate::review::rules::engine::RuleMatch| {
                    (m.rule, m.node_bytes.clone(), m.captures.clone())
                };
                let with: Vec<_> = compiled.run(&tree, &text).matches.iter().map(key).collect();
                let without: Vec<_> = compiled
                    .run_unfiltered(&tree, &text)
                    .matches
                    .iter()
                    .map(key)
                    .collect();
                assert_eq!(with, without, "{}", path.display());
                files += 1;
                matches += with.len();
                skipped += usize::from(compiled.plan(&tree, &text) == super::Plan::Skip);
            }
        }
        assert!(
            files > 150 && matches > 400,
            "{files} files, {matches} matches"
        );
        assert!(skipped > 0, "the prefilter skipped no file at all");
    }
}
