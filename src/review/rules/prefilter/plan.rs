//! The per-file plan: one Aho-Corasick pass finds every literal in the text; going down the tree
//! from the top, only the nodes whose literals give a pattern rooted at their kind one literal of
//! each of its sets are where matches start.

use tree_sitter::Node;

use super::literals::{bounded, NON_ASCII_FOLDS};
use super::{Plan, Prefilter};

impl Prefilter {
    /// Decides where matches may start in `root`'s tree over `text`, whose imports rename the
    /// names of `renamings` (see [`crate::review::rules::names::Aliases::renamings`]): each use
    /// of such a name holds the literals of the name it stands for. With `renamings` `None` (a
    /// macro that can stand for anything), the file's literals are weighed together and it is
    /// walked whole or skipped.
    pub(crate) fn plan<'tree>(
        &self,
        root: Node<'tree>,
        text: &str,
        renamings: Option<&[(&str, &str)]>,
    ) -> Plan<'tree> {
        let Some(automaton) = &self.automaton else {
            return Plan::Whole;
        };
        if self.unicode_folds && NON_ASCII_FOLDS.iter().any(|(c, _)| text.contains(*c)) {
            return Plan::Whole;
        }
        let mut hits = self.hits(automaton, text);
        let mut respelled_all = true;
        if let Some(renamings) = renamings.filter(|r| !r.is_empty()) {
            respelled_all = respelled(automaton, text, renamings, &mut hits);
        }
        hits.sort_unstable();
        if hits.is_empty() {
            return Plan::Skip;
        }
        let mut check = Satisfied::new(self);
        let whole_or_skip = |check: &mut Satisfied<'_>| {
            if check.any(hits.iter().map(|(_, literal)| *literal)) {
                Plan::Whole
            } else {
                Plan::Skip
            }
        };
        if !self.roots_sound || renamings.is_none() || !respelled_all {
            return whole_or_skip(&mut check);
        }
        // Each node on the way down weighs the literals inside it: a tree nested thousands
        // deep around thousands of literals would weigh them once per level.
        let budget = hits.len().saturating_mul(DESCENT_PER_HIT) + DESCENT_BASE;
        let Some(roots) = self.roots(root, &hits, &mut check, budget) else {
            return whole_or_skip(&mut check);
        };
        if roots.is_empty() {
            Plan::Skip
        } else {
            Plan::Roots(roots)
        }
    }
}

impl Prefilter {
    /// Every literal in `text`, `(start, literal)`, sorted; a literal that starts or ends a
    /// node's text only where it can.
    fn hits(&self, automaton: &aho_corasick::AhoCorasick, text: &str) -> Vec<(usize, usize)> {
        let mut hits: Vec<(usize, usize)> = automaton
            .find_overlapping_iter(text.as_bytes())
            .filter(|m| {
                let (starts, ends) = self.literal_bounds[m.pattern()];
                bounded(text, m.range(), starts, ends)
            })
            .map(|m| (m.start(), m.pattern().as_usize()))
            .collect();
        hits.sort_unstable();
        hits
    }
}

/// Adds to `hits` (`(start, literal)`) the literals of each `(local, qualified)` of
/// `renamings` at each use of `local`, the name `qualified` is imported as (`run` for
/// `subprocess.call`): a `#resolves-to?` sees the use as that name. A use is the name with no
/// letter, digit, `_` or `$` on either side. Names made of those alone are found in one pass
/// over the text's words, however many the imports rename; the others (a combining accent, a
/// middle dot: `ha\u{301}sh` is a Python name) are looked for one by one, up to
/// [`ODD_NAMES`]. `false` when there are more than that: then nothing tells where they are used.
fn respelled(
    automaton: &aho_corasick::AhoCorasick,
    text: &str,
    renamings: &[(&str, &str)],
    hits: &mut Vec<(usize, usize)>,
) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || matches!(c, '_' | '$');
    let mut literals_of: std::collections::HashMap<&str, Vec<usize>> = Default::default();
    let mut odd = Vec::new();
    for (local, qualified) in renamings {
        if local.is_empty() {
            continue;
        }
        let literals: Vec<usize> = automaton
            .find_overlapping_iter(qualified.as_bytes())
            .map(|m| m.pattern().as_usize())
            .collect();
        if literals.is_empty() {
            continue;
        }
        if local.chars().all(is_word) {
            literals_of.entry(local).or_default().extend(literals);
        } else {
            odd.push((*local, literals));
        }
    }
    if odd.len() > ODD_NAMES {
        return false;
    }
    for (local, literals) in odd {
        for (start, _) in text.match_indices(local) {
            let before = text[..start].chars().next_back();
            let after = text[start + local.len()..].chars().next();
            if !before.is_some_and(is_word) && !after.is_some_and(is_word) {
                hits.extend(literals.iter().map(|literal| (start, *literal)));
            }
        }
    }
    if literals_of.is_empty() {
        return true;
    }
    let mut start = None;
    for (at, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (start, is_word(c)) {
            (None, true) => start = Some(at),
            (Some(from), false) => {
                if let Some(literals) = literals_of.get(&text[from..at]) {
                    hits.extend(literals.iter().map(|literal| (from, *literal)));
                }
                start = None;
            }
            _ => {}
        }
    }
    true
}

/// How many renamed names with other characters than letters, digits, `_` and `$` a file's
/// uses are looked for (each is a pass over the text).
const ODD_NAMES: usize = 16;

/// How much weighing the descent may do, per literal of the file and once more for any file:
/// real code weighs each literal up to three times per level it is nested at, rarely 30 deep.
/// Past that, the file is weighed whole.
const DESCENT_PER_HIT: usize = 256;
const DESCENT_BASE: usize = 1 << 16;

impl Prefilter {
    /// The nodes a match may be rooted at, in order, an outer one before those inside it:
    /// going down from the root's children, a node whose literals (`hits`, `(start, literal)`
    /// sorted) give no pattern all it needs holds no match and is left with all under it; one
    /// whose literals give a pattern rooted at its kind all it needs is kept; and the children
    /// of any node not left are weighed in turn. A match rooted at a node not kept fails its
    /// predicates, so starting matches only at these finds every match there is, each once.
    /// `None` once the literals weighed pass `budget`.
    fn roots<'tree>(
        &self,
        root: Node<'tree>,
        hits: &[(usize, usize)],
        check: &mut Satisfied<'_>,
        mut budget: usize,
    ) -> Option<Vec<Node<'tree>>> {
        let mut roots = Vec::new();
        // A cursor, not recursion: trees can be thousands of levels deep.
        let mut cursor = root.walk();
        let mut more = cursor.goto_first_child();
        while more {
            let node = cursor.node();
            let range = node.byte_range();
            let first = hits.partition_point(|h| h.0 < range.start);
            let end = hits.partition_point(|h| h.0 < range.end);
            let inside = || hits[first..end].iter().map(|(_, literal)| *literal);
            // Weighed up to three times below: by any pattern, by its kind's, by any node's.
            budget = budget.checked_sub(3 * (end - first))?;
            if first != end && check.any(inside()) {
                let rooted = |patterns: &[usize], check: &mut Satisfied<'_>| {
                    !patterns.is_empty() && check.any_of(inside(), Some(patterns))
                };
                if rooted(self.rooted_at(node.kind_id()), check)
                    || rooted(&self.rooted_anywhere, check)
                {
                    roots.push(node);
                }
                if cursor.goto_first_child() {
                    continue;
                }
            }
            // On to the next node not under this one.
            more = loop {
                if cursor.goto_next_sibling() {
                    break true;
                }
                if !cursor.goto_parent() {
                    break false;
                }
            };
        }
        Some(roots)
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
        parse_in(crate::lang::Language::Python, code)
    }

    fn parse_in(language: crate::lang::Language, code: &str) -> tree_sitter::Tree {
        let mut parser = tree_sitter::Parser::new();
        let grammar = language.grammar().expect("the language has a grammar");
        parser.set_language(&grammar).expect("the grammar loads");
        parser.parse(code, None).expect("the parser has a language")
    }

    const EVAL: &str = r#"(call function: (identifier) @f (#eq? @f "eval")) @finding"#;
    const POPEN: &str = r#"(call function: (attribute object: (identifier) @o attribute: (identifier) @m)
        (#eq? @o "subprocess") (#eq? @m "popen")) @finding"#;
    const KELVIN: &str = r#"((identifier) @f (#match? @f "(?i)^token")) @finding"#;

    /// The plan a case expects; roots are given by their text, each once in the code.
    #[derive(Debug)]
    enum Expect {
        Skip,
        Whole,
        Roots(&'static [&'static str]),
    }

    /// A plan as a test sees it: its roots as their text.
    fn texts<'a>(plan: &Plan<'_>, code: &'a str) -> Option<Vec<&'a str>> {
        match plan {
            Plan::Roots(roots) => Some(roots.iter().map(|r| &code[r.byte_range()]).collect()),
            _ => None,
        }
    }

    /// Every match of `query` started at `starts`, matches starting no deeper than `depth`
    /// below each: its pattern and its captures' byte ranges, sorted.
    fn matches_from(
        query: &tree_sitter::Query,
        starts: &[Node<'_>],
        depth: Option<u32>,
        code: &str,
    ) -> Vec<(usize, Vec<(usize, usize)>)> {
        use tree_sitter::StreamingIterator;

        let mut cursor = tree_sitter::QueryCursor::new();
        cursor.set_max_start_depth(depth);
        let mut found = Vec::new();
        for start in starts {
            let mut matches = cursor.matches(query, *start, code.as_bytes());
            while let Some(m) = matches.next() {
                let captures = m.captures().iter();
                let captures = captures.map(|c| (c.node.start_byte(), c.node.end_byte()));
                found.push((m.pattern_index, captures.collect()));
            }
        }
        found.sort();
        found
    }

    #[test]
    fn plans_skip_roots_and_whole() {
        // `{quiet}` stands for items with no literal.
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
                "only inside longer names",
                EVAL,
                "def f():\n    medieval(x)\n    eval_(y)\n    _eval(z)\n{quiet}",
                Expect::Skip,
            ),
            (
                "a whole word among longer names",
                EVAL,
                "def f():\n    medieval(x)\n    eval(y)\n{quiet}",
                Expect::Roots(&["eval(y)"]),
            ),
            (
                "one item of three, in any case",
                EVAL,
                "def a():\n    pass\n\ndef b():\n    EVAL(x)\n\ndef c():\n    pass\n",
                Expect::Roots(&["EVAL(x)"]),
            ),
            (
                "both sets in one item",
                POPEN,
                "import subprocess\n\ndef f():\n    subprocess.Popen(x)\n{quiet}",
                Expect::Roots(&["subprocess.Popen(x)"]),
            ),
            (
                "each call its own root, however near",
                EVAL,
                "def a():\n    eval(x)\ndef b():\n    eval(y)\n{quiet}",
                Expect::Roots(&["eval(x)", "eval(y)"]),
            ),
            (
                "a call inside a root that holds what it needs is a root too",
                EVAL,
                "def f():\n    return eval(eval(x))\n{quiet}",
                Expect::Roots(&["eval(eval(x))", "eval(x)"]),
            ),
            (
                "a call inside a root that lacks what it needs is not",
                POPEN,
                "def f():\n    return subprocess.Popen(eval(x))\n{quiet}",
                Expect::Roots(&["subprocess.Popen(eval(x))"]),
            ),
            (
                "a file that is all one call",
                EVAL,
                "eval()\n",
                Expect::Roots(&["eval()"]),
            ),
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
            // Where roots are unsound, a file that passes is walked whole; one that fails is not.
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
                Expect::Roots(&["eval"]),
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
            // Siblings that are not in a list tree-sitter repeats: still rooted at no one node,
            // and the literal is in the second.
            (
                "two siblings inside one node",
                r#"((identifier) @f . (argument_list) @a (#eq? @f "run_it") (#match? @a "evil"))"#,
                "def f():\n    run_it(\"evil\")\n{quiet}",
                Expect::Whole,
            ),
            // A subtype's node has the subtype's kind, not the word written.
            (
                "rooted at a subtype",
                r#"((primary_expression/identifier) @x (#eq? @x "evil_name"))"#,
                "def f():\n    return evil_name\n{quiet}",
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
            let tree = parse(&code);
            let plan = python_prefilter(query).plan(tree.root_node(), &code, Some(&[]));
            match expect {
                Expect::Skip => assert_eq!(plan, Plan::Skip, "{what}"),
                Expect::Whole => assert_eq!(plan, Plan::Whole, "{what}"),
                Expect::Roots(roots) => {
                    assert_eq!(texts(&plan, &code).as_deref(), Some(*roots), "{what}")
                }
            }
        }
    }

    /// Where a node's text can start or end next to a word in the file, in the grammars we
    /// parse: after an escape that ends a string's previous part, and around numbers. Every
    /// match the query finds in the whole tree lies where the plan walks.
    #[test]
    fn a_match_next_to_an_escape_or_a_number_is_walked() {
        use crate::lang::Language;
        let eq = |kind: &str, literal: &str| {
            format!(r#"(({kind}) @finding (#eq? @finding "{literal}"))"#)
        };
        let cases: Vec<(Language, String, &str)> = vec![
            (
                Language::JavaScript,
                eq("string_fragment", "danger"),
                "const q = \"\\ndanger\";\n",
            ),
            (
                Language::JavaScript,
                r#"((string_fragment) @finding (#match? @finding "^(?i)select\\s"))"#.into(),
                "const q = \"\\tSELECT * FROM t WHERE id=\" + id;\n",
            ),
            (
                Language::JavaScript,
                r#"((string_fragment) @finding (#match? @finding "(?i)\\bfrom\\b"))"#.into(),
                "const q = \"SELECT *\\nFROM users WHERE id=\" + id;\n",
            ),
            (
                Language::Java,
                eq("string_fragment", "danger"),
                "class A { String q = \"\\ndanger\"; }\n",
            ),
            (
                Language::Rust,
                eq("string_content", "danger"),
                "fn g() { let q = \"\\ndanger\"; }\n",
            ),
            (
                Language::C,
                eq("string_content", "danger"),
                "void g() { char *q = \"\\ndanger\"; }\n",
            ),
            (
                Language::Go,
                eq("interpreted_string_literal_content", "danger"),
                "package a\nfunc g() string { return \"\\ndanger\" }\n",
            ),
            (
                Language::CSharp,
                eq("string_literal_content", "danger"),
                "class G { string q = \"\\ndanger\"; }\n",
            ),
            (
                Language::Php,
                eq("string_content", "danger"),
                "<?php\nfunction g() { return \"\\ndanger\"; }\n",
            ),
            (
                Language::Ruby,
                r#"((string_content) @finding (#match? @finding "^(?i:md5|sha1)$"))"#.into(),
                "d = OpenSSL::Digest.new(\"\\tMD5\")\n",
            ),
            (
                Language::Python,
                eq("integer", "100"),
                "def g(y):\n    return 100if y else 2\n",
            ),
            (
                Language::Ruby,
                eq("integer", "100"),
                "def g(y)\n  x = 100if y\nend\n",
            ),
            (
                Language::Cpp,
                eq("number_literal", "123"),
                "auto d = 123_km;\n",
            ),
            (
                Language::Cpp,
                eq("literal_suffix", "_kmh"),
                "auto d = 0xFF_kmh;\n",
            ),
        ];
        for (language, query_source, code) in &cases {
            let grammar = language.grammar().expect("the language has a grammar");
            let query = tree_sitter::Query::new(&grammar, query_source).expect("compiles");
            let prefilter = Prefilter::build(&query, query_source, &grammar);
            let tree = parse_in(*language, code);
            let whole = matches_from(&query, &[tree.root_node()], None, code);
            assert!(
                !whole.is_empty(),
                "{language:?} {code:?}: the query finds nothing"
            );
            let plan = prefilter.plan(tree.root_node(), code, Some(&[]));
            let planned = match &plan {
                Plan::Whole => whole.clone(),
                Plan::Skip => Vec::new(),
                Plan::Roots(roots) => matches_from(&query, roots, Some(0), code),
            };
            assert_eq!(planned, whole, "{language:?} {code:?}: {plan:?}");
        }
    }

    /// A name imported under another one holds, where it is used, the literals of the name it
    /// stands for; where a macro may stand for anything, the file is weighed whole.
    #[test]
    fn an_imported_name_used_under_another_holds_its_literals() {
        let query = r#"((call function: (identifier)) @c (#resolves-to? @c "subprocess.call"))"#;
        let code = format!(
            "from subprocess import call as run\n{}def f():\n    run(x)\n{}",
            "def quiet():\n    return 1\n\n".repeat(8),
            "def quiet():\n    return 1\n\n".repeat(8),
        );
        let tree = parse(&code);
        let prefilter = python_prefilter(query);
        let plan = |renamings| prefilter.plan(tree.root_node(), &code, renamings);
        assert_eq!(
            texts(&plan(Some(&[("run", "subprocess.call")])), &code),
            Some(vec!["run(x)"])
        );
        // Without the renaming, `call` is only in the import, where no pattern is rooted.
        assert_eq!(plan(Some(&[])), Plan::Skip);
        assert_eq!(plan(None), Plan::Whole);
    }

    /// A use of a renamed name is the whole word: not a longer name that holds it, in any
    /// script; however many names the imports rename.
    #[test]
    fn a_renamed_name_is_used_as_a_whole_word() {
        let query = r#"((call function: (identifier)) @c (#resolves-to? @c "subprocess.call"))"#;
        let prefilter = python_prefilter(query);
        let automaton = prefilter
            .automaton
            .as_ref()
            .expect("the query has literals");
        let code = "run(a); runner(b); _run(c); érun(d); run_(e); x.run(f); run; ha\u{301}sh(g); ha\u{301}shy(h)";
        let mut renamings: Vec<(String, String)> = (0..500)
            .map(|i| (format!("q{i}"), format!("os.q{i}")))
            .collect();
        renamings.push(("run".into(), "subprocess.call".into()));
        // A Python name with a combining accent: not one word for the pass over words.
        renamings.push(("ha\u{301}sh".into(), "subprocess.call".into()));
        renamings.push(("".into(), "subprocess.call".into()));
        let renamings: Vec<(&str, &str)> = renamings
            .iter()
            .map(|(l, q)| (l.as_str(), q.as_str()))
            .collect();
        let mut hits = Vec::new();
        assert!(respelled(automaton, code, &renamings, &mut hits));
        hits.sort_unstable();
        let mut uses: Vec<&str> = hits.iter().map(|(at, _)| &code[*at..]).collect();
        uses.dedup();
        assert_eq!(
            uses,
            [
                "run(a); runner(b)",
                "run(f); run",
                "run; ha",
                "ha\u{301}sh(g)"
            ]
            .map(|u| {
                let at = code.rfind(u).expect("the use is in the code");
                &code[at..]
            })
        );
        // Past ODD_NAMES such names, each a pass over the text, the file is weighed whole.
        let odd: Vec<String> = (0..=ODD_NAMES).map(|i| format!("h\u{301}{i}")).collect();
        let odd: Vec<(&str, &str)> = odd
            .iter()
            .map(|l| (l.as_str(), "subprocess.call"))
            .collect();
        assert!(!respelled(automaton, code, &odd, &mut Vec::new()));
        assert!(respelled(automaton, code, &odd[1..], &mut Vec::new()));
    }

    /// Trees nested thousands deep around many literals: the descent gives up and the file is
    /// weighed whole, rather than weighing every literal once per level.
    #[test]
    fn a_deep_tree_full_of_literals_is_weighed_whole() {
        let depth = 3000;
        let code = format!(
            "x = {}{}{}\n",
            "[".repeat(depth),
            "eval(y), ".repeat(200),
            "]".repeat(depth)
        );
        let tree = parse(&code);
        let prefilter = python_prefilter(EVAL);
        assert_eq!(
            prefilter.plan(tree.root_node(), &code, Some(&[])),
            Plan::Whole
        );
        // The same literals, not nested: the descent finds them.
        let flat = format!("x = 1\n{}", "eval(y)\n".repeat(200));
        let flat_tree = parse(&flat);
        let roots = prefilter.roots(
            flat_tree.root_node(),
            &prefilter.hits(prefilter.automaton.as_ref().expect("literals"), &flat),
            &mut Satisfied::new(&prefilter),
            usize::MAX,
        );
        assert_eq!(roots.map(|r| r.len()), Some(200));
    }

    /// A node as a test sees it: its first line and its number of lines.
    type Root<'a> = (&'a str, usize);

    #[test]
    fn roots_are_the_nodes_a_match_can_be_rooted_at() {
        let line = format!("x = 1  # {}", "-".repeat(60));
        let method = |name: &str, body: &str| {
            format!(
                "    def {name}(self):\n{}        {body}\n",
                format!("        {line}\n").repeat(18)
            )
        };
        let big = format!(
            "class Big:\n{}{}",
            method("a", "pass"),
            method("b", "return eval(self.x)")
        );
        let lambda = "x = 1\ny = lambda: eval(z)\n";
        // (query, code, the roots)
        let cases: &[(&str, &str, &[Root])] = &[
            // Down through the class and the method to the call.
            (EVAL, &big, &[("eval(self.x)", 1)]),
            // A pattern rooted at the class starts there; nothing inside it is a class.
            (
                r#"(class_definition name: (identifier) @n (#eq? @n "big"))"#,
                &big,
                &[("class Big:", 41)],
            ),
            // Blocks nest: each that holds `eval` is a root, the class's body and the method's.
            (
                r#"(block (expression_statement) @s (#eq? @s "eval"))"#,
                &big,
                &[("def a(self):", 40), (&line, 19)],
            ),
            // Each of two sets of literals in another call: the function holds both, no call
            // does.
            (
                POPEN,
                "def f():\n    subprocess.run(x)\n    popen(y)\n",
                &[],
            ),
            // A pattern rooted at an anonymous node could be rooted at any node: each that holds
            // what it needs is kept, down to the keyword itself.
            (
                r#"("lambda" @l (#eq? @l "lambda")) ((identifier) @f (#eq? @f "eval"))"#,
                lambda,
                &[
                    ("y = lambda: eval(z)", 1),
                    ("y = lambda: eval(z)", 1),
                    ("lambda: eval(z)", 1),
                    ("lambda", 1),
                    ("eval", 1),
                ],
            ),
            (EVAL, lambda, &[("eval(z)", 1)]),
        ];
        for &(query, code, expected) in cases {
            let tree = parse(code);
            let prefilter = python_prefilter(query);
            let automaton = prefilter
                .automaton
                .as_ref()
                .expect("the query has literals");
            let hits = prefilter.hits(automaton, code);
            let roots: Vec<Root> = prefilter
                .roots(
                    tree.root_node(),
                    &hits,
                    &mut Satisfied::new(&prefilter),
                    usize::MAX,
                )
                .expect("no limit")
                .into_iter()
                .map(|node| {
                    let text = &code[node.byte_range()];
                    (
                        text.lines().next().unwrap_or_default(),
                        text.lines().count(),
                    )
                })
                .collect();
            assert_eq!(roots, expected, "{query}");
        }
    }

    /// What the engine relies on: a query started at each root, with matches starting at
    /// that node only, finds every match the query finds in the whole tree, each once; nested
    /// roots and all.
    #[test]
    fn matches_started_at_the_roots_are_the_matches_of_the_whole_tree() {
        let source = format!(
            r#"{EVAL} {POPEN}
            (block (expression_statement) @s (#match? @s "eval"))
            ("lambda" @l (#eq? @l "lambda"))
            (call arguments: (argument_list (call function: (identifier) @i)) (#eq? @i "eval"))"#
        );
        let code = "def f():\n    eval(eval(subprocess.popen(eval(x))))\n    if x:\n        \
            y = lambda: eval(lambda: 1)\n        eval(y)\n    return 1\n";
        let tree = parse(code);
        let query = super::super::fixtures::python_query(&source);
        let prefilter = python_prefilter(&source);
        let whole = matches_from(&query, &[tree.root_node()], None, code);
        let Plan::Roots(roots) = prefilter.plan(tree.root_node(), code, Some(&[])) else {
            panic!("the code holds every literal");
        };
        assert_eq!(matches_from(&query, &roots, Some(0), code), whole);
        // Nested roots and matches: three calls of `eval` one inside another, blocks in blocks.
        assert!(whole.len() > 10, "{whole:?}");
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
