//! The literals a pattern's matches must contain, derived from its predicates: the string of an
//! `#eq?`, the words of an `#any-of?`, the last segments of a `#resolves-to?`'s names, and the
//! prefixes and suffixes every match of a `#match?` regex starts and ends with, after folding
//! `(?i)` letter classes to one lower-case letter.
//!
//! The first three are a node's whole text, so they stand in the file as whole words: `int` as
//! the callee of `int(x)`, never inside `print` or `point`. A regex's prefix or suffix may be the
//! middle of a longer name (`(?i)token` matches `csrf_token`), so it is looked for anywhere.

use regex_syntax::hir::literal::{ExtractKind, Extractor};
use regex_syntax::hir::{Capture, Class, Hir, HirKind, Repetition};
use tree_sitter::Query;

use super::syntax::{predicates, Arg};

/// Most literals kept in one set; a bigger set is dropped (the pattern just needs less).
const MAX_SET_LITERALS: usize = 512;

/// Characters that fold to an ASCII letter under Unicode case folding.
pub(super) const NON_ASCII_FOLDS: [(char, char); 2] = [('\u{212A}', 'k'), ('\u{17F}', 's')];

/// Literals of which every match of a pattern holds one.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Set {
    /// Lower-cased (ASCII), sorted.
    pub(crate) literals: Vec<String>,
    /// Each literal is a node's whole text, so it is not a part of a longer word in the file
    /// (see [`stands_alone`]).
    pub(crate) words: bool,
}

/// The sets of literals that any match of `pattern` contains one of each.
pub(super) fn pattern_sets_of(
    query: &Query,
    pattern: usize,
    text: &str,
    unicode_folds: &mut bool,
) -> Vec<Set> {
    let quantifiers = query.capture_quantifiers(pattern);
    let always_bound = |capture: &str| {
        query
            .capture_index_for_name(capture)
            .and_then(|index| quantifiers.get(index as usize))
            .is_some_and(|q| {
                matches!(
                    q,
                    tree_sitter::CaptureQuantifier::One | tree_sitter::CaptureQuantifier::OneOrMore
                )
            })
    };
    let mut sets = Vec::new();
    for predicate in predicates(text) {
        let [Arg::Capture(capture), rest @ ..] = predicate.args.as_slice() else {
            continue;
        };
        if !always_bound(capture) {
            continue;
        }
        let Some(strings) = rest
            .iter()
            .map(|arg| match arg {
                Arg::Str(s) => Some(s.clone()),
                Arg::Capture(_) => None,
            })
            .collect::<Option<Vec<String>>>()
        else {
            continue;
        };
        let words = |strings| {
            normalize(strings, true).map(|literals| Set {
                literals,
                words: true,
            })
        };
        match (predicate.name.as_str(), strings.as_slice()) {
            ("eq?" | "any-eq?", [_]) | ("any-of?", [_, ..]) => sets.extend(words(strings)),
            ("match?" | "any-match?", [regex]) => sets.extend(
                regex_literals(regex, unicode_folds)
                    .into_iter()
                    .map(|literals| Set {
                        literals,
                        words: false,
                    }),
            ),
            // The last segment of a qualified name is spelled in the file however the rest is:
            // at the use, in the import that renames it, or in the `#define`; each a name.
            ("resolves-to?", [_, ..]) => sets.extend(words(
                strings
                    .iter()
                    .map(|name| crate::review::rules::names::spelled(name).to_string())
                    .collect(),
            )),
            _ => {}
        }
    }
    sets.sort();
    sets.dedup();
    // The same literals as whole words say more than anywhere.
    let as_words: Vec<Vec<String>> = sets
        .iter()
        .filter(|set| set.words)
        .map(|set| set.literals.clone())
        .collect();
    sets.retain(|set| set.words || !as_words.contains(&set.literals));
    // A set of very short literals (a quote, a `$`) hits all over a file and costs more to track
    // than it saves; a pattern needs less without it, so dropping it is sound.
    let weak = |set: &Set| set.literals.iter().any(|l| l.len() < 3);
    if sets.iter().any(|set| !weak(set)) {
        sets.retain(|set| !weak(set));
    }
    sets
}

/// Whether the literal found at `range` of `text` stands as a whole word there, as the whole
/// text of a node does: no letter or `_` right before it if it starts with a letter, digit or
/// `_`, and no letter, digit or `_` right after it if it ends with one. A digit before is
/// allowed: some grammars let a keyword follow a number (`1if x else y` is Python).
pub(super) fn stands_alone(text: &str, range: std::ops::Range<usize>) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let (Some(before), Some(literal), Some(after)) = (
        text.get(..range.start),
        text.get(range.clone()),
        text.get(range.end..),
    ) else {
        // Not on character boundaries: not what a node's text can be, but kept to be safe.
        return true;
    };
    let open_start = !literal.chars().next().is_some_and(word)
        || !before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphabetic() || c == '_');
    let open_end =
        !literal.chars().next_back().is_some_and(word) || !after.chars().next().is_some_and(word);
    open_start && open_end
}

/// Lower-cases (ASCII) and deduplicates; `None` if any literal is empty (it would be in every
/// file) or there are too many. `words` says each is looked for as a whole word, so a literal
/// holding a shorter one is not found through it.
fn normalize(literals: Vec<String>, words: bool) -> Option<Vec<String>> {
    let mut out: Vec<String> = literals.iter().map(|l| l.to_ascii_lowercase()).collect();
    out.sort_unstable();
    out.dedup();
    if out.is_empty() || out.len() > MAX_SET_LITERALS || out.iter().any(String::is_empty) {
        return None;
    }
    if words {
        return Some(out);
    }
    // A literal that holds another of the set adds nothing: the shorter one is found anyway.
    let shortest_first = {
        let mut by_len = out.clone();
        by_len.sort_by_key(String::len);
        by_len
    };
    out.retain(|l| {
        !shortest_first
            .iter()
            .take_while(|s| s.len() < l.len())
            .any(|s| l.contains(s.as_str()))
    });
    Some(out)
}

/// The prefixes and the suffixes that every match of `regex` starts and ends with: up to two sets,
/// none when they are infinite, too big, or hold the empty string.
fn regex_literals(regex: &str, unicode_folds: &mut bool) -> Vec<Vec<String>> {
    let Ok(hir) = regex_syntax::Parser::new().parse(regex) else {
        return Vec::new();
    };
    let hir = fold_case(&hir, unicode_folds);
    [ExtractKind::Prefix, ExtractKind::Suffix]
        .into_iter()
        .filter_map(|kind| {
            let mut extractor = Extractor::new();
            extractor
                .kind(kind)
                .limit_class(16)
                .limit_total(MAX_SET_LITERALS)
                .limit_literal_len(32);
            let seq = extractor.extract(&hir);
            let strings = seq
                .literals()?
                .iter()
                .map(|l| String::from_utf8_lossy(l.as_bytes()).into_owned())
                .collect();
            normalize(strings, false)
        })
        .fold(Vec::new(), |mut sets, set| {
            if !sets.contains(&set) {
                sets.push(set);
            }
            sets
        })
}

/// Replaces each class that holds only the case variants of one ASCII letter (what `(?i)` makes
/// of a letter) by the lower-case letter: we match ASCII case-insensitively anyway, and `(?i)word`
/// would otherwise expand to every mix of cases.
fn fold_case(hir: &Hir, unicode_folds: &mut bool) -> Hir {
    match hir.kind() {
        HirKind::Class(Class::Unicode(class)) => {
            let mut chars = Vec::new();
            for range in class.ranges() {
                if chars.len() > 4 {
                    return hir.clone();
                }
                chars.extend(range.start()..=range.end());
            }
            let fold = |c: char| -> Option<char> {
                if c.is_ascii_alphabetic() {
                    return Some(c.to_ascii_lowercase());
                }
                NON_ASCII_FOLDS
                    .iter()
                    .find(|(from, _)| *from == c)
                    .map(|(_, to)| *to)
            };
            let folded: Option<Vec<char>> = chars.iter().map(|c| fold(*c)).collect();
            match folded.as_deref() {
                Some([first, rest @ ..]) if chars.len() <= 4 && rest.iter().all(|c| c == first) => {
                    *unicode_folds |= chars.iter().any(|c| !c.is_ascii());
                    Hir::literal(first.to_string().into_bytes())
                }
                _ => hir.clone(),
            }
        }
        HirKind::Repetition(repetition) => Hir::repetition(Repetition {
            sub: Box::new(fold_case(&repetition.sub, unicode_folds)),
            ..repetition.clone()
        }),
        HirKind::Capture(capture) => Hir::capture(Capture {
            sub: Box::new(fold_case(&capture.sub, unicode_folds)),
            ..capture.clone()
        }),
        HirKind::Concat(subs) => {
            Hir::concat(subs.iter().map(|s| fold_case(s, unicode_folds)).collect())
        }
        HirKind::Alternation(subs) => {
            Hir::alternation(subs.iter().map(|s| fold_case(s, unicode_folds)).collect())
        }
        _ => hir.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{owned, python_query};
    use super::*;

    #[test]
    fn regex_literals_are_necessary_and_case_folded() {
        // (regex, the sets it yields, whether a literal also stands for a non-ASCII character)
        let cases: &[(&str, &[&[&str]], bool)] = &[
            // No prefix set (`(^|::)` may be empty), one suffix set.
            ("(^|::)Command$", &[&["command"]], false),
            // `(?i)` letters fold to one lower-case letter instead of every mix of cases.
            (
                "(?i:(^|_)(passw(or)?d|secret|api_?key)$)",
                &[&["api_key", "apikey", "passwd", "password", "secret"]],
                true,
            ),
            // The same literal as prefix and suffix is one set.
            ("(?i)key", &[&["key"]], true),
            ("key", &[&["key"]], false),
            ("(?i)door", &[&["door"]], false),
            ("^\"x", &[&["\"x"]], false),
            // A prefix set and a suffix set, prefix first.
            ("^exec_.*_raw$", &[&["exec_"], &["_raw"]], false),
            ("^(get|post)_data$", &[&["get_data", "post_data"]], false),
            // A class too big to expand ends the prefix; the suffix is still known.
            ("^[a-z]+_id$", &[&["_id"]], false),
            // Anything may match, or only the empty string, or the regex is not one: no literal.
            (".*", &[], false),
            ("^$", &[], false),
            ("(", &[], false),
        ];
        for &(regex, sets, folds) in cases {
            let mut unicode = false;
            assert_eq!(regex_literals(regex, &mut unicode), owned(sets), "{regex}");
            assert_eq!(unicode, folds, "non-ASCII folds of {regex}");
        }
    }

    #[test]
    fn fold_case_reduces_letter_classes_only() {
        // (regex, the regex it must fold to)
        let cases = [
            ("(?i)ab", "ab"),
            ("[Aa][Bb]", "ab"),
            ("(?i)(ab)+c?", "(ab)+c?"),
            ("(?i)ab|Cd", "ab|cd"),
            // Two different letters, or a range wider than one letter's cases, stay classes.
            ("[ab]", "[ab]"),
            ("(?i)[a-c]", "(?i)[a-c]"),
            ("(?i)1", "1"),
        ];
        for (regex, expected) in cases {
            let parse = |r: &str| regex_syntax::Parser::new().parse(r).expect("valid regex");
            let mut unicode = false;
            assert_eq!(
                fold_case(&parse(regex), &mut unicode),
                parse(expected),
                "{regex}"
            );
        }
    }

    #[test]
    fn normalize_lowercases_and_drops_what_adds_nothing() {
        let cases: &[(&[&str], Option<&[&str]>)] = &[
            (&["B", "a", "b"], Some(&["a", "b"])),
            // A literal holding a shorter one of the set is found through it.
            (
                &["exec", "Execute", "os.exec", "run"],
                Some(&["exec", "run"]),
            ),
            // The empty literal is in every file; an empty set cannot be satisfied.
            (&["ab", ""], None),
            (&[], None),
        ];
        let strings = |set: &[&str]| set.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        for &(literals, expected) in cases {
            assert_eq!(
                normalize(strings(literals), false),
                expected.map(strings),
                "{literals:?}"
            );
        }
        // Each looked for as a whole word, a longer literal is not found through a shorter one.
        assert_eq!(
            normalize(strings(&["exec", "Execute", "os.exec", "run"]), true),
            Some(strings(&["exec", "execute", "os.exec", "run"]))
        );
        assert_eq!(normalize(strings(&["ab", ""]), true), None);
        let words = |n: usize| (0..n).map(|i| format!("w{i:04}")).collect::<Vec<_>>();
        assert_eq!(
            normalize(words(MAX_SET_LITERALS), false).map(|set| set.len()),
            Some(MAX_SET_LITERALS)
        );
        assert_eq!(normalize(words(MAX_SET_LITERALS + 1), false), None);
    }

    /// The literal sets and the non-ASCII folding flag of a one-pattern Python query.
    fn sets_of(source: &str) -> (Vec<Vec<String>>, bool) {
        let (sets, unicode) = words_of(source);
        (sets.into_iter().map(|(set, _)| set).collect(), unicode)
    }

    /// [`sets_of`], each set with whether it is looked for as whole words.
    fn words_of(source: &str) -> (Vec<(Vec<String>, bool)>, bool) {
        let query = python_query(source);
        assert_eq!(query.pattern_count(), 1, "{source}");
        let mut unicode = false;
        let sets = pattern_sets_of(&query, 0, source, &mut unicode);
        let sets = sets.into_iter().map(|s| (s.literals, s.words)).collect();
        (sets, unicode)
    }

    #[test]
    fn pattern_sets_come_from_predicates_on_captures_always_bound() {
        // (pattern, its sets, whether a literal also stands for a non-ASCII character)
        let cases: &[(&str, &[&[&str]], bool)] = &[
            (r#"((identifier) @f (#eq? @f "Eval"))"#, &[&["eval"]], false),
            (
                r#"((identifier) @f (#any-eq? @f "eval"))"#,
                &[&["eval"]],
                false,
            ),
            (
                r#"((identifier) @f (#any-of? @f "system" "Popen" "popen" "os_system"))"#,
                &[&["os_system", "popen", "system"]],
                false,
            ),
            // Prefix and suffix sets, sorted with the pattern's other sets.
            (
                r#"((identifier) @f (#match? @f "^exec_.*_raw$"))"#,
                &[&["_raw"], &["exec_"]],
                false,
            ),
            (
                r#"((identifier) @f (#any-match? @f "(?i)^PassWord"))"#,
                &[&["password"]],
                true,
            ),
            // One set per predicate; the same set twice is one.
            (
                r#"(call function: (attribute object: (identifier) @o attribute: (identifier) @m)
                    (#eq? @o "subprocess") (#any-of? @m "run" "Popen"))"#,
                &[&["popen", "run"], &["subprocess"]],
                false,
            ),
            (
                r#"((identifier) @f (#eq? @f "eval") (#match? @f "^eval$"))"#,
                &[&["eval"]],
                false,
            ),
            // A set of short literals is dropped when the pattern has a better one, kept if not.
            (
                r#"(call function: (attribute object: (identifier) @o attribute: (identifier) @m)
                    (#eq? @o "os") (#eq? @m "system"))"#,
                &[&["system"]],
                false,
            ),
            (r#"((identifier) @f (#eq? @f "os"))"#, &[&["os"]], false),
            // One or more nodes: the capture is always bound.
            (
                r#"(argument_list (identifier)+ @a (#eq? @a "eval"))"#,
                &[&["eval"]],
                false,
            ),
        ];
        for &(source, sets, folds) in cases {
            assert_eq!(sets_of(source), (owned(sets), folds), "{source}");
        }
    }

    #[test]
    fn a_nodes_whole_text_is_looked_for_as_words() {
        // (pattern, its sets with whether each is of whole words)
        type Sets = &'static [(&'static [&'static str], bool)];
        let cases: &[(&str, Sets)] = &[
            (r#"((identifier) @f (#eq? @f "int"))"#, &[(&["int"], true)]),
            (
                r#"((identifier) @f (#any-of? @f "int" "print"))"#,
                &[(&["int", "print"], true)],
            ),
            (
                r#"((call) @c (#resolves-to? @c "os.system"))"#,
                &[(&["system"], true)],
            ),
            // A regex's prefix may be the end of a longer name.
            (
                r#"((identifier) @f (#match? @f "token"))"#,
                &[(&["token"], false)],
            ),
            // The same literal anywhere adds nothing to it as a word; another one does.
            (
                r#"((identifier) @f (#eq? @f "eval") (#match? @f "^eval$"))"#,
                &[(&["eval"], true)],
            ),
            (
                r#"((identifier) @f (#eq? @f "eval_x") (#match? @f "^eval"))"#,
                &[(&["eval"], false), (&["eval_x"], true)],
            ),
        ];
        for &(source, sets) in cases {
            let expected: Vec<(Vec<String>, bool)> = sets
                .iter()
                .map(|(set, words)| (set.iter().map(|l| l.to_string()).collect(), *words))
                .collect();
            assert_eq!(words_of(source), (expected, false), "{source}");
        }
    }

    #[test]
    fn a_whole_word_has_no_letter_or_underscore_around_it() {
        // (text with the literal between `[` and `]`, whether it stands alone there)
        let cases = [
            ("[int](x)", true),
            ("x = [int]", true),
            ("p[int](x)", false),
            ("[int]o", false),
            ("_[int]", false),
            ("[int]_", false),
            ("[int]8", false),
            ("é[int]", false),
            ("[int]é", false),
            // A keyword may follow a number: `1if x else y`.
            ("1[if] x else y", true),
            ("$[eval]", true),
            ("a.[eval]()", true),
            // Ends that are no word characters need nothing around them.
            ("x[==]y", true),
            ("a[.b]c", false),
            ("a[b.]c", false),
            ("=[.b.]=", true),
        ];
        for (marked, alone) in cases {
            let start = marked.find('[').expect("marked");
            let end = marked.find(']').expect("marked") - 1;
            let text = marked.replace(['[', ']'], "");
            assert_eq!(stands_alone(&text, start..end), alone, "{marked}");
        }
        // Not on character boundaries: kept.
        assert!(stands_alone("é", 1..2));
    }

    #[test]
    fn patterns_without_a_necessary_literal_have_no_sets() {
        let cases = [
            "(call) @c",
            // A capture that may be unbound: the predicate need not hold for a match.
            r#"(call function: [(identifier) @f (attribute)] (#eq? @f "eval"))"#,
            r#"(argument_list (identifier)* @a (#eq? @a "eval"))"#,
            r#"(argument_list (identifier)? @a (#eq? @a "eval"))"#,
            // Negated predicates say what a match does not contain.
            r#"((identifier) @f (#not-eq? @f "eval"))"#,
            r#"((identifier) @f (#not-match? @f "^eval"))"#,
            r#"((identifier) @f (#not-any-of? @f "eval" "exec"))"#,
            // Two captures compared with each other: no string to look for.
            r#"(assignment left: (identifier) @a right: (identifier) @b (#eq? @a @b))"#,
            // The empty string, and a regex every text matches.
            r#"((identifier) @f (#eq? @f ""))"#,
            r#"((identifier) @f (#match? @f "^[a-z_]+$"))"#,
        ];
        for source in cases {
            assert_eq!(sets_of(source), (Vec::new(), false), "{source}");
        }
        let too_many = (0..=MAX_SET_LITERALS)
            .map(|i| format!("\"w{i:04}\""))
            .collect::<Vec<_>>()
            .join(" ");
        let source = format!("((identifier) @f (#any-of? @f {too_many}))");
        assert_eq!(sets_of(&source), (Vec::new(), false));
    }
}
