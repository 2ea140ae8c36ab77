//! A text prefilter in front of the query: most of a scan's rule time is tree-sitter visiting nodes,
//! so the cheapest node is the one never visited.
//!
//! From each pattern's predicates we derive sets of literals that any match must contain: the
//! string of an `#eq?`, the words of an `#any-of?`, the prefixes and the suffixes every match of a
//! `#match?` regex starts and ends with. Only predicates on captures the pattern always binds count.
//! The first two, like the names of a `#resolves-to?`, are a node's whole text, so only a whole
//! word counts for them: `int` in `print` is no literal `int` (`danger` in `"\ndanger"` and `100`
//! in `100if` are, see [`literals::bounded`]).
//! A pattern needs one literal of each of its sets. Every node of a match lies under the pattern's
//! root node, so a match can be rooted only at a node of a kind some pattern is rooted at whose
//! text holds all that pattern needs. Going down from the top, a node whose text gives no pattern
//! all it needs is left with everything under it, a node that can be a match's root is kept, and
//! the children of any node not left are weighed in turn. The query then starts matches at the
//! nodes kept only, each going as deep as the patterns rooted at its kind reach: so in a file
//! where `execute` is called twice, only those two calls are walked (and the statements, blocks
//! and functions around them that some pattern is rooted at and finds all it needs in, as deep as
//! those patterns go), and a file with nothing is not walked at all.
//!
//! The shortcuts are only taken when every pattern of the language allows them: one pattern without
//! literals means every file is walked whole, and one that could be rooted at the file's root node
//! (or that matches a sequence of siblings) means a file that passes is walked whole, every
//! pattern starting at every node.
//!
//! Matching is ASCII case-insensitive, so a literal is looked for in every case; a regex whose case
//! folding reaches beyond ASCII (the Kelvin sign for `k`, the long s for `s`) makes files that
//! contain those characters walked whole.
//!
//! This file owns the interface ([`Prefilter`], [`Plan`]) and the tables built once per language;
//! `syntax` reads a pattern's source text, `literals` derives what a pattern needs, and `plan`
//! decides per file what to walk.

mod literals;
mod plan;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use tree_sitter::Query;

pub(crate) use literals::Set;

use super::syntax::outermost_kinds;
use literals::pattern_sets_of;

use crate::lang::GrammarNames;

/// What the query of one language needs to see in a file before it can match anything there.
pub(crate) struct Prefilter {
    /// Every literal of every pattern; `None` when some pattern has no literal, so every file is
    /// walked whole.
    automaton: Option<AhoCorasick>,
    /// Per literal (automaton pattern id): the sets it belongs to.
    literal_sets: Vec<Vec<usize>>,
    /// Per literal: whether it starts a node's text, and whether it ends one (see [`Set`]).
    literal_bounds: Vec<(bool, bool)>,
    /// Per set: the pattern it belongs to.
    set_pattern: Vec<usize>,
    /// Per pattern: its sets (indexes into `set_pattern`), one literal of each needed.
    pattern_sets: Vec<Vec<usize>>,
    /// Per pattern: its sets as literals, for `rules profile`.
    pattern_literals: Vec<Vec<Set>>,
    /// Whether starting matches only at the nodes that can be a match's root is sound.
    roots_sound: bool,
    /// The node kinds some pattern is rooted at, with those patterns: a node of another kind,
    /// or of one whose patterns lack a literal inside it, is no match's root.
    #[cfg(test)]
    root_kinds: std::collections::HashMap<String, Vec<usize>>,
    /// The patterns rooted at each node kind, by the kind's id: the descent asks it of every
    /// node.
    by_kind_id: Vec<Vec<usize>>,
    /// The patterns rooted at an anonymous node (`"unsafe"`): they could be rooted at any node.
    rooted_anywhere: Vec<usize>,
    /// Whether some literal stands for a non-ASCII character too (see the module docs).
    unicode_folds: bool,
}

/// One pattern as the prefilter reads it.
pub(crate) struct PatternText<'a> {
    /// Its source text, predicates included.
    pub(crate) text: &'a str,
    /// The pattern of the compiled query that matches for it: its own, or one compiled once for
    /// several patterns of the same structure (see `structures`).
    pub(crate) compiled: usize,
    /// Its captures that every match binds, by the names `text` gives them.
    pub(crate) always_bound: Vec<String>,
}

/// The captures of `query`'s `pattern` that every match binds.
pub(crate) fn always_bound(query: &Query, pattern: usize) -> Vec<String> {
    let quantifiers = query.capture_quantifiers(pattern);
    query
        .capture_names()
        .iter()
        .zip(quantifiers)
        .filter(|(_, q)| {
            matches!(
                q,
                tree_sitter::CaptureQuantifier::One | tree_sitter::CaptureQuantifier::OneOrMore
            )
        })
        .map(|(name, _)| name.to_string())
        .collect()
}

/// Where the query must look for matches in a file.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Plan<'tree> {
    /// Nothing can match: skip the query.
    Skip,
    /// Walk the whole tree, a match starting at any node.
    Whole,
    /// Start matches only at these nodes (in order, an outer one before those inside it): from
    /// each, the query goes only as deep as its patterns reach.
    Roots(Vec<tree_sitter::Node<'tree>>),
}

impl Prefilter {
    /// Builds the prefilter of `query`, compiled from `source` for `grammar`, each of its
    /// patterns its own.
    #[cfg(test)]
    pub(crate) fn build(query: &Query, source: &str, grammar: &tree_sitter::Language) -> Prefilter {
        let patterns: Vec<PatternText<'_>> = (0..query.pattern_count())
            .map(|pattern| PatternText {
                text: source
                    .get(query.start_byte_for_pattern(pattern)..query.end_byte_for_pattern(pattern))
                    .unwrap_or_default(),
                compiled: pattern,
                always_bound: always_bound(query, pattern),
            })
            .collect();
        Prefilter::build_for(query, &patterns, grammar)
    }

    /// Builds the prefilter of `patterns`, which `query` matches for `grammar`: the plan's
    /// pattern numbers are their indexes in `patterns`.
    pub(crate) fn build_for(
        query: &Query,
        patterns: &[PatternText<'_>],
        grammar: &tree_sitter::Language,
    ) -> Prefilter {
        let root_kind = root_kind(grammar);
        // A pattern rooted at a supertype (`(expression)`) is rooted at nodes of other kinds; one
        // rooted at a kind the grammar does not name as written (`(expression/identifier)`, a
        // subtype) at nodes whose kind is another word. An anonymous root is `""`: any node.
        let sound_kind = |kind: &str| {
            let id = grammar.id_for_node_kind(kind, true);
            kind.is_empty() || (id != 0 && !grammar.node_kind_is_supertype(id))
        };
        let mut roots_sound = true;
        let mut unicode_folds = false;
        let mut root_kinds: std::collections::HashMap<String, Vec<usize>> = Default::default();
        let mut pattern_literals = Vec::with_capacity(patterns.len());
        for (pattern, seen) in patterns.iter().enumerate() {
            let text = seen.text;
            let bound = |capture: &str| seen.always_bound.iter().any(|b| b == capture);
            pattern_literals.push(pattern_sets_of(bound, text, &mut unicode_folds));
            let outermost = outermost_kinds(text);
            // Siblings with no node around them (`(a) . (b)`) are rooted at no one node.
            roots_sound &= query.is_pattern_rooted(seen.compiled)
                && !query.is_pattern_non_local(seen.compiled)
                && outermost.as_ref().is_some_and(|kinds| {
                    !kinds.is_empty()
                        && kinds.iter().all(|kind| {
                            *kind != root_kind && kind != "_" && kind != "ERROR" && sound_kind(kind)
                        })
                });
            for kind in outermost.into_iter().flatten() {
                root_kinds.entry(kind).or_default().push(pattern);
            }
        }
        let mut literals: Vec<String> = Vec::new();
        let mut literal_sets: Vec<Vec<usize>> = Vec::new();
        let mut literal_bounds = Vec::new();
        let mut set_pattern = Vec::new();
        let mut pattern_sets = Vec::new();
        // A literal looked for as a whole word and anywhere is two literals of the automaton.
        let mut index: std::collections::HashMap<(&str, (bool, bool)), usize> = Default::default();
        for (pattern, sets) in pattern_literals.iter().enumerate() {
            let mut ids = Vec::new();
            for set in sets {
                let id = set_pattern.len();
                set_pattern.push(pattern);
                ids.push(id);
                for literal in &set.literals {
                    let bounds = (set.starts, set.ends);
                    let key = (literal.as_str(), bounds);
                    let literal_id = *index.entry(key).or_insert_with(|| {
                        literals.push(literal.clone());
                        literal_sets.push(Vec::new());
                        literal_bounds.push(bounds);
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
        let by_kind_id = (0..grammar.node_kind_count())
            .map(|id| {
                let kind = u16::try_from(id)
                    .ok()
                    .and_then(|id| grammar.node_kind_for_id(id));
                kind.and_then(|kind| root_kinds.get(kind))
                    .cloned()
                    .unwrap_or_default()
            })
            .collect();
        Prefilter {
            by_kind_id,
            rooted_anywhere: root_kinds.get("").cloned().unwrap_or_default(),
            automaton,
            literal_sets,
            literal_bounds,
            set_pattern,
            pattern_sets,
            pattern_literals,
            roots_sound,
            unicode_folds,
            #[cfg(test)]
            root_kinds,
        }
    }

    /// The patterns rooted at nodes of the kind `id` (sorted).
    fn rooted_at(&self, id: u16) -> &[usize] {
        self.by_kind_id
            .get(usize::from(id))
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// The sets of literals of one pattern (one of each needed; empty when it has none), for
    /// `rules profile` and tests.
    pub(crate) fn literals(&self, pattern: usize) -> &[Set] {
        self.pattern_literals
            .get(pattern)
            .map(Vec::as_slice)
            .unwrap_or_default()
    }
}

/// The kind of `grammar`'s root node (`module`, `translation_unit`): a pattern rooted there
/// can span every top-level node.
fn root_kind(grammar: &tree_sitter::Language) -> String {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(grammar)
        .ok()
        .and_then(|_| parser.parse("", None))
        .map(|tree| tree.root_node().kind_name().to_string())
        .unwrap_or_default()
}

/// What the tests of every part build their cases from: Python, whose root node kind is `module`.
#[cfg(test)]
mod fixtures {
    use super::*;

    /// The query of `source`.
    pub(super) fn python_query(source: &str) -> Query {
        let grammar = crate::lang::Language::Python
            .grammar()
            .expect("Python has a grammar");
        Query::new(&grammar, source).expect("a test query compiles")
    }

    /// The prefilter of `source`, built as the engine builds it.
    pub(super) fn python_prefilter(source: &str) -> Prefilter {
        let grammar = crate::lang::Language::Python
            .grammar()
            .expect("Python has a grammar");
        Prefilter::build(&python_query(source), source, &grammar)
    }

    /// Literal sets as the prefilter holds them, from a table's string slices.
    pub(super) fn owned(sets: &[&[&str]]) -> Vec<Vec<String>> {
        sets.iter()
            .map(|set| set.iter().map(|l| l.to_string()).collect())
            .collect()
    }

    /// The literals of `sets`, whether looked for as words or anywhere.
    pub(super) fn texts(sets: &[Set]) -> Vec<Vec<String>> {
        sets.iter().map(|set| set.literals.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{owned, python_prefilter, texts};

    #[test]
    fn a_literal_two_patterns_need_is_one_automaton_literal() {
        let prefilter = python_prefilter(
            r#"((identifier) @f (#eq? @f "eval"))
            (call function: (attribute object: (identifier) @o attribute: (identifier) @m)
                (#eq? @o "subprocess") (#eq? @m "eval"))"#,
        );
        assert_eq!(texts(prefilter.literals(0)), owned(&[&["eval"]]));
        assert_eq!(
            texts(prefilter.literals(1)),
            owned(&[&["eval"], &["subprocess"]])
        );
        assert!(prefilter.literals(2).is_empty(), "no third pattern");
        // Literal 0 (`eval`) is in set 0 (pattern 0) and set 1 (pattern 1); literal 1
        // (`subprocess`) in set 2 (pattern 1).
        assert_eq!(prefilter.literal_sets, [vec![0, 1], vec![2]]);
        assert_eq!(prefilter.set_pattern, [0, 1, 1]);
        assert_eq!(prefilter.pattern_sets, [vec![0], vec![1, 2]]);
        let automaton = prefilter
            .automaton
            .as_ref()
            .expect("every pattern has literals");
        assert_eq!(automaton.patterns_len(), 2);
    }

    #[test]
    fn one_pattern_without_literals_turns_the_automaton_off() {
        let prefilter = python_prefilter(r#"((identifier) @f (#eq? @f "eval")) (lambda) @l"#);
        assert!(prefilter.automaton.is_none());
        // The others' literals are still reported, for `rules profile`.
        assert_eq!(texts(prefilter.literals(0)), owned(&[&["eval"]]));
        assert!(prefilter.literals(1).is_empty());
    }

    #[test]
    fn roots_are_sound_only_under_a_named_root_below_the_file() {
        // (query, whether starting matches only at some nodes is sound, the kinds patterns are
        // rooted at)
        let cases: &[(&str, bool, &[&str])] = &[
            ("(call) @c ((identifier) @i)", true, &["call", "identifier"]),
            // An anonymous node lies inside an item too, but could be the root under any node.
            (r#""lambda" @l"#, true, &[""]),
            ("(module (expression_statement)) @m", false, &["module"]),
            ("(_) @x", false, &["_"]),
            ("(ERROR) @e", false, &["ERROR"]),
            // An alternation is rooted at one of its alternatives.
            ("[(call) (identifier)] @x", true, &["call", "identifier"]),
            ("[(call) (module)] @x", false, &["call", "module"]),
            ("[(call) (_)] @x", false, &["_", "call"]),
            // Siblings in sequence: the match is no one node's.
            (
                "((expression_statement) @e . (function_definition) @f)",
                false,
                &["expression_statement"],
            ),
            // One pattern that is not sound is enough.
            ("(call) @c (module) @m", false, &["call", "module"]),
        ];
        for &(source, sound, kinds) in cases {
            let prefilter = python_prefilter(source);
            let mut root_kinds: Vec<&str> =
                prefilter.root_kinds.keys().map(String::as_str).collect();
            root_kinds.sort_unstable();
            assert_eq!(
                (prefilter.roots_sound, root_kinds.as_slice()),
                (sound, kinds),
                "{source}"
            );
        }
    }
}

#[cfg(test)]
mod differential {
    use crate::review::rules::{each_source_file, RuleSet};

    /// The prefilter only saves work: over every rule test file, the corpus and our own sources,
    /// the matches with it are exactly the matches without it.
    #[test]
    fn prefilter_never_changes_the_matches() {
        let set = RuleSet::builtin().unwrap();
        let (mut files, mut matches, mut skipped) = (0, 0, 0);
        // More trees to compare on, e.g. the dependency sources the speed benchmark scans.
        each_source_file(
            &set,
            "SHARDSCAN_PREFILTER_TREES",
            |path, compiled, tree, text| {
                let key = |m: &crate::review::rules::engine::RuleMatch| {
                    (m.rule, m.node_bytes.clone(), m.captures.clone())
                };
                let with: Vec<_> = compiled.run(tree, text).matches.iter().map(key).collect();
                let without: Vec<_> = compiled
                    .run_unfiltered(tree, text)
                    .matches
                    .iter()
                    .map(key)
                    .collect();
                assert_eq!(with, without, "{}", path.display());
                files += 1;
                matches += with.len();
                skipped += usize::from(compiled.plan(tree, text) == super::Plan::Skip);
            },
        );
        assert!(
            files > 150 && matches > 400,
            "{files} files, {matches} matches"
        );
        assert!(skipped > 0, "the prefilter skipped no file at all");
    }
}
