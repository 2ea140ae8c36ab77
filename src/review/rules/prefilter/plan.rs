//! The per-file plan: one Aho-Corasick pass finds every literal in the text, and each hit is
//! given to the item (a top-level node, or a child of a large node no pattern is rooted at) it lies
//! in; only the items where some pattern has one literal of each of its sets are walked.

use std::ops::Range;

use tree_sitter::Node;

use super::literals::NON_ASCII_FOLDS;
use super::{Plan, Prefilter};

impl Prefilter {
    /// Decides what to walk in `root`'s tree over `text`.
    pub(crate) fn plan(&self, root: Node<'_>, text: &str) -> Plan {
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
    use tree_sitter::Query;

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
