//! The per-file plan: one Aho-Corasick pass finds every literal in the text, and each hit is
//! given to the item (a top-level node, or a child of a large node no pattern is rooted at) it lies
//! in; only the items where some pattern has one literal of each of its sets are walked.

use std::ops::Range;

use tree_sitter::Node;

use super::literals::NON_ASCII_FOLDS;
use super::{Plan, Prefilter};

impl Prefilter {
    /// Decides what to walk in `root`'s tree over `text`; with `by_item` false, the file's
    /// literals are weighed together and it is walked whole or skipped (its names are spelled
    /// otherwise where they are used, see [`crate::review::rules::names::Aliases::renames`]).
    pub(crate) fn plan(&self, root: Node<'_>, text: &str, by_item: bool) -> Plan {
        let Some(automaton) = &self.automaton else {
            return Plan::Whole;
        };
        if self.unicode_folds && NON_ASCII_FOLDS.iter().any(|(c, _)| text.contains(*c)) {
            return Plan::Whole;
        }
        let hits = self.hits(automaton, text);
        if hits.is_empty() {
            return Plan::Skip;
        }
        let mut check = Satisfied::new(self);
        if !self.ranges_sound || !by_item {
            return if check.any(hits.iter().map(|(_, literal)| *literal)) {
                Plan::Whole
            } else {
                Plan::Skip
            };
        }
        let items = self.items(root, &hits, &mut check);
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

impl Prefilter {
    /// Every literal in `text`, `(start, literal)`, sorted.
    fn hits(&self, automaton: &aho_corasick::AhoCorasick, text: &str) -> Vec<(usize, usize)> {
        let mut hits: Vec<(usize, usize)> = automaton
            .find_overlapping_iter(text.as_bytes())
            .map(|m| (m.start(), m.pattern().as_usize()))
            .collect();
        hits.sort_unstable();
        hits
    }
}

/// A node at least this large that no pattern can be rooted at is weighed by its children (a
/// class by its methods) rather than whole.
const SPLIT_BYTES: usize = 2048;

impl Prefilter {
    /// The items whose literals are weighed, in order: the root's children, each large one that
    /// no match can be rooted at replaced by its children, and so on down. `hits` are the file's
    /// literals, `(start, literal)` sorted.
    fn items(
        &self,
        root: Node<'_>,
        hits: &[(usize, usize)],
        check: &mut Satisfied<'_>,
    ) -> Vec<Range<usize>> {
        let mut items = Vec::new();
        let mut walker = root.walk();
        let mut pending: Vec<Node<'_>> = root.children(&mut walker).collect();
        pending.reverse();
        // A stack, not recursion: trees can be thousands of levels deep.
        while let Some(node) = pending.pop() {
            // A pattern rooted at an anonymous node (`"unsafe"`) could be rooted anywhere.
            let large = node.byte_range().len() >= SPLIT_BYTES
                && node.child_count() > 0
                && !self.root_kinds.contains_key("");
            let split = large
                && match self.root_kinds.get(node.kind()) {
                    None => true,
                    // A match is rooted at the node itself only where one of the patterns
                    // rooted at its kind has all it needs inside it.
                    Some(patterns) => {
                        let range = node.byte_range();
                        let first = hits.partition_point(|h| h.0 < range.start);
                        let end = hits.partition_point(|h| h.0 < range.end);
                        let inside = hits[first..end].iter().map(|(_, literal)| *literal);
                        !check.any_of(inside, Some(patterns))
                    }
                };
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
        self.any_of(found, None)
    }

    /// [`Satisfied::any`], of the `patterns` given (sorted) only.
    fn any_of(&mut self, found: impl Iterator<Item = usize>, patterns: Option<&[usize]>) -> bool {
        for literal in found {
            for &set in &self.prefilter.literal_sets[literal] {
                if !self.set_seen[set] {
                    self.set_seen[set] = true;
                    self.touched.push(set);
                }
            }
        }
        let satisfied = self.touched.iter().any(|&set| {
            let pattern = self.prefilter.set_pattern[set];
            patterns.is_none_or(|wanted| wanted.binary_search(&pattern).is_ok())
                && self.prefilter.pattern_sets[pattern]
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
    use super::super::fixtures::python_prefilter;
    use super::*;

    fn parse(code: &str) -> tree_sitter::Tree {
        let mut parser = tree_sitter::Parser::new();
        let grammar = crate::lang::Language::Python
            .grammar()
            .expect("Python has a grammar");
        parser.set_language(&grammar).expect("the grammar loads");
        parser.parse(code, None).expect("the parser has a language")
    }

    fn python_plan(query_source: &str, code: &str) -> Plan {
        python_prefilter(query_source).plan(parse(code).root_node(), code, true)
    }

    const EVAL: &str = r#"(call function: (identifier) @f (#eq? @f "eval")) @finding"#;
    const POPEN: &str = r#"(call function: (attribute object: (identifier) @o attribute: (identifier) @m)
        (#eq? @o "subprocess") (#eq? @m "popen")) @finding"#;
    const KELVIN: &str = r#"((identifier) @f (#match? @f "(?i)^token")) @finding"#;

    /// The plan a case expects; ranges are given by the text they span, each once in the code.
    #[derive(Debug)]
    enum Expect {
        Skip,
        Whole,
        Ranges(&'static [&'static str]),
    }

    #[test]
    fn plans_skip_ranges_and_whole() {
        // `{quiet}` stands for items with no literal, so that what is kept is under 3/4 of a file.
        let cases: &[(&str, &str, &str, Expect)] = &[
            ("no literal", EVAL, "def f():\n    return 1\n", Expect::Skip),
            (
                "one set of two",
                POPEN,
                "import subprocess\n{quiet}",
                Expect::Skip,
            ),
            (
                "each set in another item",
                POPEN,
                "import subprocess\n\ndef f():\n    popen(x)\n{quiet}",
                Expect::Skip,
            ),
            (
                "one item of three, in any case",
                EVAL,
                "def a():\n    pass\n\ndef b():\n    EVAL(x)\n\ndef c():\n    pass\n",
                Expect::Ranges(&["def b():\n    EVAL(x)"]),
            ),
            (
                "both sets in one item",
                POPEN,
                "import subprocess\n\ndef f():\n    subprocess.Popen(x)\n{quiet}",
                Expect::Ranges(&["def f():\n    subprocess.Popen(x)"]),
            ),
            (
                "adjacent items are one range",
                EVAL,
                "def a():\n    eval(x)\ndef b():\n    eval(y)\n{quiet}",
                Expect::Ranges(&["def a():\n    eval(x)\ndef b():\n    eval(y)"]),
            ),
            (
                "items apart stay apart",
                EVAL,
                "def a():\n    eval(x)\n{quiet}def b():\n    eval(y)\n{quiet}",
                Expect::Ranges(&["def a():\n    eval(x)", "def b():\n    eval(y)"]),
            ),
            // 6 bytes of 9 are kept, under 3/4; of 8, exactly 3/4.
            (
                "under 3/4",
                EVAL,
                "eval()\n\n\n",
                Expect::Ranges(&["eval()"]),
            ),
            ("3/4", EVAL, "eval()\n\n", Expect::Whole),
            (
                "a pattern without literals",
                r#"((identifier) @f (#eq? @f "eval")) (lambda) @l"#,
                "x = 1\n",
                Expect::Whole,
            ),
            (
                "a capture that may be unbound gives no literal",
                r#"(call function: [(identifier) @f (attribute)] (#eq? @f "eval")) @finding"#,
                "x = 1\n",
                Expect::Whole,
            ),
            // Where ranges are unsound, a file that passes is walked whole; one that fails is not.
            (
                "rooted at the file's root node",
                r#"(module (expression_statement (call function: (identifier) @f)) (#eq? @f "eval"))"#,
                "eval(1)\n{quiet}",
                Expect::Whole,
            ),
            (
                "rooted at the file's root node, no literal",
                r#"(module (expression_statement (call function: (identifier) @f)) (#eq? @f "eval"))"#,
                "{quiet}",
                Expect::Skip,
            ),
            (
                "rooted at any node",
                r#"((_) @x (#eq? @x "eval"))"#,
                "eval(1)\n{quiet}",
                Expect::Whole,
            ),
            // An alternation is rooted at one of its alternatives, each a node below the file's.
            (
                "rooted at an alternation",
                r#"([(identifier) (string)] @x (#eq? @x "eval"))"#,
                "eval(1)\n{quiet}",
                Expect::Ranges(&["eval(1)"]),
            ),
            (
                "rooted at an alternation that holds the file's root node",
                r#"([(identifier) (module)] @x (#eq? @x "eval"))"#,
                "eval(1)\n{quiet}",
                Expect::Whole,
            ),
            (
                "a sequence of siblings",
                r#"((expression_statement) @e . (function_definition) @f (#match? @e "eval"))"#,
                "eval(1)\ndef f():\n    pass\n{quiet}",
                Expect::Whole,
            ),
            // `(?i)k` also matches the Kelvin sign, which the automaton does not fold.
            (
                "a Kelvin sign",
                KELVIN,
                "x = '\u{212A}'\n{quiet}",
                Expect::Whole,
            ),
            ("no Kelvin sign", KELVIN, "x = 'K'\n{quiet}", Expect::Skip),
            (
                "a Kelvin sign, no k to fold",
                r#"((identifier) @f (#match? @f "(?i)^door")) @finding"#,
                "x = '\u{212A}'\n{quiet}",
                Expect::Skip,
            ),
        ];
        let quiet = "def quiet():\n    return 1\n\n".repeat(8);
        for (what, query, code, expect) in cases {
            let code = code.replace("{quiet}", &quiet);
            let expected = match expect {
                Expect::Skip => Plan::Skip,
                Expect::Whole => Plan::Whole,
                Expect::Ranges(spans) => Plan::Ranges(
                    spans
                        .iter()
                        .map(|span| {
                            let start = code.find(span).expect("the span is in the code");
                            assert_eq!(code.rfind(span), Some(start), "{what}: {span:?} twice");
                            start..start + span.len()
                        })
                        .collect(),
                ),
            };
            assert_eq!(python_plan(query, &code), expected, "{what}");
        }
    }

    #[test]
    fn a_large_class_is_weighed_method_by_method() {
        let filler = format!("        x = 1  # {}\n", "-".repeat(60)).repeat(40);
        let code = format!(
            "class Big:\n    def quiet(self):\n{filler}\n    def loud(self):\n        \
             return eval(self.x)\n"
        );
        assert!(code.len() > SPLIT_BYTES);
        let loud = code.find("def loud").unwrap();
        assert_eq!(
            python_plan(EVAL, &code),
            Plan::Ranges(std::iter::once(loud..code.len() - 1).collect())
        );
        // A pattern rooted at the class keeps it whole.
        let rooted = r#"(class_definition body: (block (function_definition name: (identifier) @n)) (#eq? @n "loud")) @finding"#;
        assert_eq!(python_plan(rooted, &code), Plan::Whole);
    }

    /// An item as a test sees it: its first line and its number of lines.
    type Item<'a> = (&'a str, usize);

    #[test]
    fn items_split_large_nodes_no_pattern_is_rooted_at() {
        let method = |name: &str| {
            let line = format!("        x = 1  # {}\n", "-".repeat(60));
            format!("    def {name}(self):\n{}", line.repeat(18))
        };
        let big = format!("class Big:\n{}{}", method("a"), method("b"));
        let big_eval = big.replace("def b(self):", "def b(self, f=eval):");
        assert!(big.len() >= SPLIT_BYTES && method("a").len() < SPLIT_BYTES);
        let small = "class Small:\n    def a(self):\n        return 1\n";
        // (query, code, the items)
        let cases: &[(&str, &str, &[Item])] = &[
            (
                EVAL,
                &big,
                &[
                    ("class", 1),
                    ("Big", 1),
                    (":", 1),
                    ("def a(self):", 19),
                    ("def b(self):", 19),
                ],
            ),
            (EVAL, small, &[("class Small:", 3)]),
            // A pattern rooted at a kind keeps nodes of that kind whole.
            (
                r#"(class_definition name: (identifier) @n (#eq? @n "big"))"#,
                &big,
                &[("class Big:", 39)],
            ),
            // ... where one of those patterns finds all it needs inside: a block without
            // `eval` is weighed statement by statement, one with it whole.
            (
                r#"(block (expression_statement) @s (#eq? @s "eval"))"#,
                &big,
                &[
                    ("class", 1),
                    ("Big", 1),
                    (":", 1),
                    ("def a(self):", 19),
                    ("def b(self):", 19),
                ],
            ),
            (
                r#"(block (expression_statement) @s (#eq? @s "eval"))"#,
                &big_eval,
                &[("class", 1), ("Big", 1), (":", 1), ("def a(self):", 38)],
            ),
            // A pattern rooted at an anonymous node could be rooted at any child.
            (
                r#"("lambda" @l) ((identifier) @f (#eq? @f "eval"))"#,
                &big,
                &[("class Big:", 39)],
            ),
        ];
        for &(query, code, expected) in cases {
            let tree = parse(code);
            let prefilter = python_prefilter(query);
            let hits = match &prefilter.automaton {
                Some(automaton) => prefilter.hits(automaton, code),
                None => Vec::new(),
            };
            let items: Vec<Item> = prefilter
                .items(tree.root_node(), &hits, &mut Satisfied::new(&prefilter))
                .into_iter()
                .map(|range| {
                    let text = &code[range];
                    (
                        text.lines().next().unwrap_or_default(),
                        text.lines().count(),
                    )
                })
                .collect();
            assert_eq!(items, expected, "{query}");
        }
    }

    #[test]
    fn satisfied_needs_one_literal_of_each_set_of_one_pattern() {
        let prefilter = python_prefilter(
            r#"(call function: (attribute object: (identifier) @o attribute: (identifier) @m)
                (#eq? @o "subprocess") (#any-of? @m "popen" "run"))
            ((identifier) @f (#eq? @f "eval"))"#,
        );
        let automaton = prefilter
            .automaton
            .as_ref()
            .expect("every pattern has literals");
        let id = |literal: &str| {
            let found = automaton.find(literal).expect("a literal of the query");
            found.pattern().as_usize()
        };
        // One scratch space for every case, in this order: what one call saw is forgotten by the
        // next, so `popen` alone is not satisfied after `subprocess` alone.
        let mut check = Satisfied::new(&prefilter);
        let cases: &[(&[&str], bool)] = &[
            (&[], false),
            (&["subprocess"], false),
            (&["popen"], false),
            (&["popen", "run"], false),
            (&["subprocess", "popen"], true),
            (&["run", "subprocess"], true),
            (&["eval"], true),
            (&["popen", "eval", "popen"], true),
            (&["subprocess", "subprocess"], false),
        ];
        for &(found, expected) in cases {
            assert_eq!(
                check.any(found.iter().map(|l| id(l))),
                expected,
                "{found:?}"
            );
        }
    }
}
