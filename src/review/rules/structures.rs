//! Patterns of the same structure, compiled once. Compiling a language's query, tree-sitter
//! analyses each pattern's nodes from every parse state where they can start, and that analysis
//! is most of what compiling costs. A quarter to two fifths of the built-in patterns repeat
//! another's structure with other predicates or other names for its captures: a call whose
//! argument is a sink, of one rule's functions or of another's. Such patterns match the same
//! nodes and bind their captures at the same places, so one compiled pattern, written without
//! predicates, stands for them all; each of its matches is then a match of each of them whose
//! text predicates hold.
//!
//! Those predicates (`#eq?`, `#match?`, `#any-of?` and the like) are then evaluated here as
//! tree-sitter's binding evaluates them on a match of the pattern written whole (see
//! [`TextPredicate`]), on the same text. A pattern of a structure no other has is compiled as
//! written, so its predicates are still tree-sitter's.
//!
//! The predicates of a pattern that shares its structure are read by tree-sitter itself, from a
//! second query: one pattern per such pattern, a wildcard that declares its captures and holds its
//! predicates, the text ones renamed so that tree-sitter hands them over as written instead of
//! keeping them. A wildcard with no children costs nothing to analyse.

use std::collections::HashMap;
use std::ops::Range;

use tree_sitter::{Node, Query, QueryCapture, QueryPredicateArg};

use super::syntax;

/// What a text predicate is renamed to in the query of predicates, in front of its name.
pub(super) const RENAMED: &str = "shardscan-text-";

/// The predicates tree-sitter's binding evaluates itself on each match.
const TEXT: [&str; 10] = [
    "eq?",
    "not-eq?",
    "any-eq?",
    "any-not-eq?",
    "match?",
    "not-match?",
    "any-match?",
    "any-not-match?",
    "any-of?",
    "not-any-of?",
];

/// The rules' patterns read apart and grouped by structure.
pub(super) struct Grouped {
    /// Each pattern of the rules' source, where it stands there.
    pub(super) patterns: Vec<Range<usize>>,
    /// The query to compile: one pattern per group, in order, each on its own line.
    pub(super) source: String,
    /// Where each group's pattern starts in `source`.
    pub(super) starts: Vec<usize>,
    /// Per group: its patterns (indexes into `patterns`), in order.
    pub(super) members: Vec<Vec<usize>>,
    /// The query of predicates: one pattern per pattern of a group of several that has any.
    pub(super) predicates: String,
    /// Per pattern: its pattern in `predicates`, if it has one.
    pub(super) predicates_of: Vec<Option<usize>>,
    /// Per pattern: how many predicates it has.
    pub(super) predicate_count: Vec<usize>,
    /// Per pattern of a group of several: each of the group's capture names (as its first
    /// pattern writes them) with this pattern's own name for it.
    pub(super) names: Vec<Vec<(String, String)>>,
}

impl Grouped {
    /// The index in `query` (compiled from `source`) of the capture `pattern` calls `own`.
    pub(super) fn capture_index(&self, query: &Query, pattern: usize, own: &str) -> Option<u32> {
        let pairs = &self.names[pattern];
        if pairs.is_empty() {
            return query.capture_index_for_name(own);
        }
        let (first, _) = pairs.iter().find(|(_, o)| o == own)?;
        query.capture_index_for_name(first)
    }
}

/// Reads the patterns of the rules' `source` and groups those of the same structure whose
/// capture names stand one for one; `None` for text that cannot be read that way.
pub(super) fn group(source: &str) -> Option<Grouped> {
    let patterns = syntax::patterns(source)?;
    let skeletons: Vec<syntax::Skeleton<'_>> = patterns
        .iter()
        .map(|range| syntax::skeleton(&source[range.clone()]))
        .collect::<Option<_>>()?;
    let mut members: Vec<Vec<usize>> = Vec::new();
    let mut names: Vec<Vec<(String, String)>> = vec![Vec::new(); patterns.len()];
    let mut by_structure: HashMap<&str, Vec<usize>> = HashMap::new();
    for (index, skeleton) in skeletons.iter().enumerate() {
        let groups = by_structure.entry(&skeleton.structure).or_default();
        let joined = groups.iter().find_map(|&group| {
            let first = &skeletons[members[group][0]];
            Some((group, one_for_one(&first.captures, &skeleton.captures)?))
        });
        match joined {
            Some((group, pairs)) => {
                members[group].push(index);
                names[index] = pairs;
            }
            None => {
                groups.push(members.len());
                members.push(vec![index]);
            }
        }
    }
    let mut out = Grouped {
        patterns,
        source: String::new(),
        starts: Vec::with_capacity(members.len()),
        members,
        predicates: String::new(),
        predicates_of: vec![None; skeletons.len()],
        predicate_count: skeletons.iter().map(|s| s.predicates.len()).collect(),
        names,
    };
    let mut carried = 0;
    for group in &out.members {
        out.starts.push(out.source.len());
        match group.as_slice() {
            [alone] => out.source.push_str(&source[out.patterns[*alone].clone()]),
            [first, ..] => {
                out.source.push_str(&skeletons[*first].bare);
                for &member in group {
                    let skeleton = &skeletons[member];
                    if skeleton.predicates.is_empty() {
                        continue;
                    }
                    out.predicates.push_str("((_)");
                    let mut declared: Vec<&str> = Vec::new();
                    for name in &skeleton.captures {
                        if !declared.contains(name) {
                            declared.push(name);
                            out.predicates.push_str(" @");
                            out.predicates.push_str(name);
                        }
                    }
                    for predicate in &skeleton.predicates {
                        out.predicates.push(' ');
                        out.predicates.push_str(&renamed(predicate));
                    }
                    out.predicates.push_str(")\n");
                    out.predicates_of[member] = Some(carried);
                    carried += 1;
                }
            }
            [] => unreachable!("a group has a pattern"),
        }
        out.source.push('\n');
    }
    Some(out)
}

/// The pairs (`first`'s name, `other`'s name) when each capture name of `first` stands for one
/// of `other`'s, place by place, and each of `other`'s for one of `first`'s.
fn one_for_one(first: &[&str], other: &[&str]) -> Option<Vec<(String, String)>> {
    if first.len() != other.len() {
        return None;
    }
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (a, b) in first.iter().zip(other) {
        match pairs.iter().find(|(x, y)| x == a || y == b) {
            Some((x, y)) if x == a && y == b => {}
            Some(_) => return None,
            None => pairs.push((a.to_string(), b.to_string())),
        }
    }
    Some(pairs)
}

/// `predicate`'s text with a text predicate's name renamed (see the module docs).
fn renamed(predicate: &str) -> String {
    let Some(hash) = predicate.find('#') else {
        return predicate.to_string();
    };
    let name_end = predicate[hash..]
        .find(|c: char| c.is_whitespace() || c == ')')
        .map_or(predicate.len(), |end| hash + end);
    let name = &predicate[hash + 1..name_end];
    if TEXT.contains(&name) {
        format!("{}#{RENAMED}{}", &predicate[..hash], &predicate[hash + 1..])
    } else {
        predicate.to_string()
    }
}

/// A text predicate of one pattern, over the captures of the compiled query, evaluated as
/// tree-sitter's binding (0.27) evaluates it: `match_all` for `#eq?` and `#match?` (every node
/// of the capture), not for their `any-` forms; a capture that binds no node passes.
#[derive(Debug)]
pub(super) enum TextPredicate {
    EqString {
        capture: u32,
        text: Box<str>,
        positive: bool,
        all: bool,
    },
    EqCapture {
        left: u32,
        right: u32,
        positive: bool,
        all: bool,
    },
    Match {
        capture: u32,
        regex: regex::bytes::Regex,
        positive: bool,
        all: bool,
    },
    AnyOf {
        capture: u32,
        texts: Vec<Box<str>>,
        positive: bool,
    },
}

impl TextPredicate {
    /// The text predicates of pattern `pattern` of `query` (a query of predicates, see the
    /// module docs), each capture taken to the compiled query's index by `capture`; `None`
    /// for one tree-sitter would have refused.
    pub(super) fn of(
        query: &Query,
        pattern: usize,
        capture: impl Fn(u32) -> Option<u32>,
    ) -> Option<Vec<TextPredicate>> {
        let mut out = Vec::new();
        for predicate in query.general_predicates(pattern) {
            let Some(name) = predicate.operator.strip_prefix(RENAMED) else {
                continue;
            };
            let args = &predicate.args[..];
            let positive = !name.contains("not-");
            let all = !name.starts_with("any-") || name == "any-of?";
            out.push(match (name, args) {
                (
                    "eq?" | "not-eq?" | "any-eq?" | "any-not-eq?",
                    [QueryPredicateArg::Capture(left), right],
                ) => match right {
                    QueryPredicateArg::Capture(right) => TextPredicate::EqCapture {
                        left: capture(*left)?,
                        right: capture(*right)?,
                        positive,
                        all,
                    },
                    QueryPredicateArg::String(text) => TextPredicate::EqString {
                        capture: capture(*left)?,
                        text: text.clone(),
                        positive,
                        all,
                    },
                },
                (
                    "match?" | "not-match?" | "any-match?" | "any-not-match?",
                    [QueryPredicateArg::Capture(left), QueryPredicateArg::String(regex)],
                ) => TextPredicate::Match {
                    capture: capture(*left)?,
                    regex: regex::bytes::Regex::new(regex).ok()?,
                    positive,
                    all,
                },
                ("any-of?" | "not-any-of?", [QueryPredicateArg::Capture(left), rest @ ..]) => {
                    let texts = rest
                        .iter()
                        .map(|arg| match arg {
                            QueryPredicateArg::String(text) => Some(text.clone()),
                            QueryPredicateArg::Capture(_) => None,
                        })
                        .collect::<Option<Vec<_>>>()?;
                    TextPredicate::AnyOf {
                        capture: capture(*left)?,
                        texts,
                        positive,
                    }
                }
                _ => return None,
            });
        }
        Some(out)
    }

    /// Whether a match with `captures` passes, each node's text as `text` gives it.
    pub(super) fn holds<'t>(
        &self,
        captures: &[QueryCapture<'_>],
        text: impl Fn(Node<'_>) -> &'t [u8],
    ) -> bool {
        let nodes = |index: u32| {
            captures
                .iter()
                .filter(move |c| c.index == index)
                .map(|c| c.node)
        };
        // One node's verdict: `Some` ends the predicate with it.
        let verdict = |matched: bool, positive: bool, all: bool| {
            if matched != positive && all {
                Some(false)
            } else if matched == positive && !all {
                Some(true)
            } else {
                None
            }
        };
        match self {
            TextPredicate::EqCapture {
                left,
                right,
                positive,
                all,
            } => {
                let mut lefts = nodes(*left).peekable();
                let mut rights = nodes(*right).peekable();
                while let (Some(l), Some(r)) = (lefts.peek(), rights.peek()) {
                    let matched = text(*l) == text(*r);
                    if let Some(answer) = verdict(matched, *positive, *all) {
                        return answer;
                    }
                    lefts.next();
                    rights.next();
                }
                lefts.next().is_none() && rights.next().is_none()
            }
            TextPredicate::EqString {
                capture,
                text: wanted,
                positive,
                all,
            } => nodes(*capture)
                .find_map(|node| verdict(text(node) == wanted.as_bytes(), *positive, *all))
                .unwrap_or(true),
            TextPredicate::Match {
                capture,
                regex,
                positive,
                all,
            } => nodes(*capture)
                .find_map(|node| verdict(regex.is_match(text(node)), *positive, *all))
                .unwrap_or(true),
            TextPredicate::AnyOf {
                capture,
                texts,
                positive,
            } => nodes(*capture).all(|node| {
                let found = texts.iter().any(|t| text(node) == t.as_bytes());
                found == *positive
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use tree_sitter::{Parser, Query, QueryCursor, StreamingIterator};

    use super::*;
    use crate::lang::Language;

    const CODE: &str = "f()\nf(a)\nf(a, a)\nf(a, b)\na(a)\na(a, a)\ng(x, \"y\")\nrun(cmd)\n";

    /// Each match of `query` over [`CODE`] that `keep` lets through: its pattern and captures.
    fn matches(
        query: &Query,
        keep: impl Fn(usize, &tree_sitter::QueryMatch<'_, '_>) -> Vec<usize>,
    ) -> Vec<(usize, Vec<(u32, usize)>)> {
        let grammar = Language::Python.grammar().unwrap();
        let mut parser = Parser::new();
        parser.set_language(&grammar).unwrap();
        let tree = parser.parse(CODE, None).unwrap();
        let mut cursor = QueryCursor::new();
        let mut each = cursor.matches(query, tree.root_node(), CODE.as_bytes());
        let mut out = Vec::new();
        while let Some(m) = each.next() {
            let captures: Vec<(u32, usize)> = m
                .captures()
                .iter()
                .map(|c| (c.index, c.node.start_byte()))
                .collect();
            for pattern in keep(m.pattern_index, m) {
                out.push((pattern, captures.clone()));
            }
        }
        out.sort();
        out
    }

    /// Text predicates evaluated here pass the matches tree-sitter's binding passes, for
    /// every predicate it evaluates, over captures that bind no node, one node or several, and
    /// for a pattern that names its captures otherwise than the one compiled for it.
    #[test]
    fn text_predicates_hold_where_tree_sitter_holds_them() {
        let grammar = Language::Python.grammar().unwrap();
        let predicates = [
            r#"(#eq? @f "f")"#,
            r#"(#not-eq? @f "f")"#,
            r#"(#eq? @args "a")"#,
            r#"(#not-eq? @args "a")"#,
            r#"(#any-eq? @args "a")"#,
            r#"(#any-not-eq? @args "a")"#,
            r#"(#eq? @f @args)"#,
            r#"(#not-eq? @f @args)"#,
            r#"(#any-eq? @f @args)"#,
            r#"(#any-not-eq? @f @args)"#,
            r#"(#match? @args "^[ab]$")"#,
            r#"(#not-match? @args "a")"#,
            r#"(#any-match? @args "b")"#,
            r#"(#any-not-match? @args "a")"#,
            r#"(#any-of? @args "a" "x")"#,
            r#"(#not-any-of? @args "a" "\"y\"")"#,
            r#"(#any-of? @f "run" "g" "a")"#,
        ];
        // `P` stands for the predicate. An anchor before a predicate anchors nothing, and an
        // alternative that is a predicate may be taken instead of the others.
        let structures = [
            "((call function: (identifier) @f arguments: (argument_list (_)* @args)) P)",
            "(module (expression_statement (call function: (identifier) @f \
             arguments: (argument_list (_)* @args))) . P)",
            "(call function: (identifier) @f arguments: [(argument_list (_)* @args) P])",
        ];
        let mut checked = 0;
        for structure in structures {
            for (first, second) in predicates
                .iter()
                .flat_map(|first| predicates.iter().map(move |second| (first, second)))
            {
                let mine = structure.replace('P', first);
                let written = format!("{mine}\n{}\n", structure.replace('P', second));
                let other = structure.replace("@f", "@g").replace("@args", "@xs");
                let theirs = second.replace("@f", "@g").replace("@args", "@xs");
                let renamed = format!("{mine}\n{}\n", other.replace('P', &theirs));
                let whole = Query::new(&grammar, &written).unwrap();
                let expected = matches(&whole, |pattern, _| vec![pattern]);
                let grouped = group(&renamed).unwrap();
                assert_eq!(grouped.members, [vec![0, 1]], "{renamed}");
                let query = Query::new(&grammar, &grouped.source).unwrap();
                let carrier = Query::new(&grammar, &grouped.predicates).unwrap();
                let texts: Vec<Vec<TextPredicate>> = (0..2)
                    .map(|pattern| {
                        let own = |index: u32| {
                            let name = carrier.capture_names()[index as usize];
                            grouped.capture_index(&query, pattern, name)
                        };
                        let carried = grouped.predicates_of[pattern].unwrap();
                        TextPredicate::of(&carrier, carried, own).unwrap()
                    })
                    .collect();
                let found = matches(&query, |_, m| {
                    (0..2)
                        .filter(|&p| {
                            texts[p].iter().all(|t| {
                                t.holds(m.captures(), |n| &CODE.as_bytes()[n.byte_range()])
                            })
                        })
                        .collect()
                });
                // The two queries number captures alike: `f` and `args` come first in both.
                assert_eq!(found, expected, "{first} / {second}");
                checked += expected.len();
            }
        }
        assert!(checked > 1500, "{checked}");
    }

    #[test]
    fn patterns_group_only_when_their_names_stand_one_for_one() {
        let source = "((call (identifier) @a (identifier) @b) (#eq? @a \"x\"))\n\
                      ((call (identifier) @c (identifier) @d) (#eq? @d \"y\"))\n\
                      ((call (identifier) @e (identifier) @e))\n\
                      ((call (identifier) @s (identifier) @s))\n\
                      ((call (identifier) @p (identifier) @q) (#set! x))\n\
                      (call (identifier) @a)\n";
        let grouped = group(source).unwrap();
        // Two names for one, or one for two, keep patterns apart; a pattern alone is
        // compiled as written, predicates and all.
        assert_eq!(grouped.members, [vec![0, 1, 4], vec![2, 3], vec![5]]);
        assert_eq!(
            grouped.names[1],
            [("a".into(), "c".into()), ("b".into(), "d".into())]
        );
        assert!(grouped.source.ends_with("(call (identifier) @a)\n"));
        assert_eq!(grouped.predicate_count, [1, 1, 0, 0, 1, 0]);
        assert_eq!(
            grouped.predicates_of,
            [Some(0), Some(1), None, None, Some(2), None]
        );
        assert!(grouped
            .predicates
            .contains("(#shardscan-text-eq? @d \"y\")"));
        assert!(grouped.predicates.contains("(#set! x)"));
        assert_eq!(one_for_one(&["a", "a"], &["b", "c"]), None);
        assert_eq!(one_for_one(&["a", "b"], &["c", "c"]), None);
    }
}
