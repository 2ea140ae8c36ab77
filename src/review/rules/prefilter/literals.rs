//! The literals a pattern's matches must contain, derived from its predicates: the string of an
//! `#eq?`, the words of an `#any-of?`, the last segments of a `#resolves-to?`'s names, and the
//! prefixes and suffixes every match of a `#match?` regex starts and ends with, after folding
//! `(?i)` letter classes to one lower-case letter.
//!
//! The first three are a node's whole text, so they stand in the file as whole words: `int` as
//! the callee of `int(x)`, never inside `print` or `point`. A regex's prefix starts a node's text
//! only when the regex is anchored there (`^load`), and its suffix ends it only when anchored at
//! the end (`_key$`); otherwise each may be in the middle of a longer name (`(?i)token` matches
//! `csrf_token`).

use regex_syntax::hir::literal::{ExtractKind, Extractor};
use regex_syntax::hir::{Capture, Class, Hir, HirKind, Look, Repetition};

use crate::review::rules::syntax::{predicates, Arg};

/// Most literals kept in one set; a bigger set is dropped (the pattern just needs less).
const MAX_SET_LITERALS: usize = 512;

/// Characters that fold to an ASCII letter under Unicode case folding.
pub(super) const NON_ASCII_FOLDS: [(char, char); 2] = [('\u{212A}', 'k'), ('\u{17F}', 's')];

/// Literals of which every match of a pattern holds one.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Set {
    /// Lower-cased (ASCII), sorted.
    pub(crate) literals: Vec<String>,
    /// Each literal starts a node's text, so no word goes on before it in the file (see
    /// [`bounded`]).
    pub(crate) starts: bool,
    /// Each literal ends a node's text, so no word goes on after it.
    pub(crate) ends: bool,
}

impl Set {
    /// A set of literals that are each a node's whole text.
    fn words(literals: Vec<String>) -> Set {
        Set {
            literals,
            starts: true,
            ends: true,
        }
    }

    /// A set with a literal so short (a quote, a `$`) that it hits all over a file.
    fn weak(&self) -> bool {
        self.literals.iter().any(|l| l.len() < 3)
    }

    /// Whether a match holding one of `other`'s literals holds one of this set's: the same
    /// literals, bound at least where these are.
    fn implied_by(&self, other: &Set) -> bool {
        self.literals == other.literals
            && (other.starts || !self.starts)
            && (other.ends || !self.ends)
    }
}

/// The sets of literals that any match of a pattern contains one of each, from its `text`;
/// `always_bound` says which of its captures (by the names in `text`) every match binds.
pub(super) fn pattern_sets_of(
    always_bound: impl Fn(&str) -> bool,
    text: &str,
    unicode_folds: &mut bool,
) -> Vec<Set> {
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
        let words = |strings| normalize(strings, true, true).map(Set::words);
        match (predicate.name.as_str(), strings.as_slice()) {
            ("eq?" | "any-eq?", [_]) | ("any-of?", [_, ..]) => sets.extend(words(strings)),
            ("match?" | "any-match?", [regex]) => {
                sets.extend(regex_literals(regex, unicode_folds));
            }
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
    keep_strongest(&mut sets);
    // A set of very short literals (a quote, a `$`) hits all over a file and costs more to track
    // than it saves; a pattern needs less without it, so dropping it is sound.
    if sets.iter().any(|set| !set.weak()) {
        sets.retain(|set| !set.weak());
    }
    sets
}

/// Sorts `sets` and leaves out each that another says more than: the same literals, bound at
/// more ends.
fn keep_strongest(sets: &mut Vec<Set>) {
    sets.sort();
    sets.dedup();
    let all = sets.clone();
    sets.retain(|set| {
        !all.iter()
            .any(|other| other != set && set.implied_by(other))
    });
}

/// Whether the literal found at `range` of `text` can start a node's text there (`starts`) and
/// end one (`ends`). A node's text that starts with a letter, digit or `_` has none of them
/// right before it in the file, except where the word before it is a number (`100if` is
/// Python's `100 if`; `0xFF_kmh` is C++'s `0xFF` with the suffix `_kmh`) or an escape that
/// ends a string's previous part (`"\nFROM"`: the `FROM` of JavaScript, Java, C, Go and more
/// starts after the `n` of `\n`). One that ends with a letter, digit or `_` has none of them
/// right after it, unless it is a number or an escape itself. Digits are ASCII ones: every
/// character this counts as a word's is one in a regex's `\b` too.
pub(super) fn bounded(text: &str, range: std::ops::Range<usize>, starts: bool, ends: bool) -> bool {
    if !starts && !ends {
        return true;
    }
    let (Some(before), Some(literal), Some(after)) = (
        text.get(..range.start),
        text.get(range.clone()),
        text.get(range.end..),
    ) else {
        // Not on character boundaries: not what a node's text can be, but kept to be safe.
        return true;
    };
    let open_start = !starts || !literal.chars().next().is_some_and(word) || !glued_after(before);
    let number_or_escape = literal.starts_with(|c: char| c.is_ascii_digit() || c == '\\');
    let open_end = !ends
        || !literal.chars().next_back().is_some_and(word)
        || number_or_escape
        || !after.chars().next().is_some_and(word);
    open_start && open_end
}

/// A character of a word, for [`bounded`].
fn word(c: char) -> bool {
    c.is_alphabetic() || c.is_ascii_digit() || c == '_'
}

/// How far back [`glued_after`] reads a word; a longer one (a blob of base64) is taken for
/// anything, so that the hits in it cost no more than their number.
const GLUE_REACH: usize = 64;

/// Whether the text `before` a literal ends with a word that no node's text can start after:
/// letters, digits or `_` that are no number (they do not start with a digit) and end no escape
/// (no `\` before them).
fn glued_after(before: &str) -> bool {
    let mut start = before.len();
    for (at, c) in before.char_indices().rev().take(GLUE_REACH + 1) {
        if !word(c) {
            break;
        }
        start = at;
    }
    let run = &before[start..];
    !run.is_empty()
        && run.chars().count() <= GLUE_REACH
        && !run.starts_with(|c: char| c.is_ascii_digit())
        && !before[..start].ends_with('\\')
}

/// Lower-cases (ASCII) and deduplicates; `None` if any literal is empty (it would be in every
/// file) or there are too many. `starts` and `ends` say where each must be bound (see
/// [`Set`]).
fn normalize(literals: Vec<String>, starts: bool, ends: bool) -> Option<Vec<String>> {
    let mut out: Vec<String> = literals.iter().map(|l| l.to_ascii_lowercase()).collect();
    out.sort_unstable();
    out.dedup();
    if out.is_empty() || out.len() > MAX_SET_LITERALS || out.iter().any(String::is_empty) {
        return None;
    }
    // A literal that holds another of the set adds nothing: the shorter one is found anyway,
    // where it holds it at the ends the set is bound at.
    let holds = |long: &str, short: &str| match (starts, ends) {
        (false, false) => long.contains(short),
        (true, false) => long.starts_with(short),
        (false, true) => long.ends_with(short),
        (true, true) => false,
    };
    let shortest_first = {
        let mut by_len = out.clone();
        by_len.sort_by_key(String::len);
        by_len
    };
    out.retain(|l| {
        !shortest_first
            .iter()
            .take_while(|s| s.len() < l.len())
            .any(|s| holds(l, s))
    });
    Some(out)
}

/// The prefixes and the suffixes that every match of `regex` starts and ends with: up to two sets,
/// none when they are infinite, too big, or hold the empty string. The prefixes start the text
/// where the regex is anchored at its start, the suffixes end it where anchored at its end, and
/// literals that are whole matches of a regex anchored at both do both.
fn regex_literals(regex: &str, unicode_folds: &mut bool) -> Vec<Set> {
    let Ok(hir) = regex_syntax::Parser::new().parse(regex) else {
        return Vec::new();
    };
    let hir = fold_case(&hir, unicode_folds);
    let hir_starts = hir.properties().look_set_prefix().contains(Look::Start);
    let hir_ends = hir.properties().look_set_suffix().contains(Look::End);
    let mut sets: Vec<Set> = [
        (ExtractKind::Prefix, hir_starts, false),
        (ExtractKind::Suffix, false, hir_ends),
    ]
    .into_iter()
    .filter_map(|(kind, starts, ends)| {
        let seq = extract(kind, &hir);
        // Every match whole, from one anchor to the other: each is bound at both ends.
        let (starts, ends) = if seq.is_exact() && hir_starts && hir_ends {
            (true, true)
        } else {
            (starts, ends)
        };
        let literals = normalize(strings_of(&seq)?, starts, ends)?;
        Some(Set {
            literals,
            starts,
            ends,
        })
    })
    .collect();
    // Words further in, where the ends say little: all weak, or none bound.
    if let Some(inner) = inner_literals(&hir) {
        let loose = |set: &Set| set.weak() || !(set.starts || set.ends);
        if sets.iter().all(Set::weak) || (sets.iter().all(loose) && (inner.starts || inner.ends)) {
            sets.push(inner);
        }
    }
    keep_strongest(&mut sets);
    sets
}

/// The literals `kind` (prefixes or suffixes) of every match of `hir` are among.
fn extract(kind: ExtractKind, hir: &Hir) -> regex_syntax::hir::literal::Seq {
    let mut extractor = Extractor::new();
    extractor
        .kind(kind)
        .limit_class(16)
        .limit_total(MAX_SET_LITERALS)
        .limit_literal_len(32);
    extractor.extract(hir)
}

/// The literals of `seq` as strings; `None` when they are infinite.
fn strings_of(seq: &regex_syntax::hir::literal::Seq) -> Option<Vec<String>> {
    let literals = seq.literals()?.iter();
    Some(
        literals
            .map(|l| String::from_utf8_lossy(l.as_bytes()).into_owned())
            .collect(),
    )
}

/// `hir` inside the groups around it.
fn without_captures(mut hir: &Hir) -> &Hir {
    while let HirKind::Capture(capture) = hir.kind() {
        hir = &capture.sub;
    }
    hir
}

/// A set of literals from inside the regex, for one whose prefixes and suffixes say little: every
/// match holds a match of each part of a concatenation, so it holds one of that part's prefixes
/// somewhere. Of the parts, the one whose shortest prefix is longest (`select`, `insert` of
/// `^["']\s*(select|insert)\b`), if it is not weak. Its literals start a node's text or a
/// word where what comes before them in the regex ends with no word character (a quote, a
/// space), and end one where they are whole matches of the part and what comes after starts
/// with none (`\b`, a space).
fn inner_literals(hir: &Hir) -> Option<Set> {
    let HirKind::Concat(parts) = without_captures(hir).kind() else {
        return None;
    };
    parts
        .iter()
        .enumerate()
        .filter_map(|(at, part)| {
            let seq = extract(ExtractKind::Prefix, part);
            let strings = strings_of(&seq)?;
            let starts = edge_without_word(parts[..at].iter().rev());
            let ends = seq.is_exact() && edge_without_word(parts[at + 1..].iter());
            let literals = normalize(strings, starts, ends)?;
            let shortest = literals.iter().map(String::len).min()?;
            (shortest >= 3).then_some((
                shortest,
                Set {
                    literals,
                    starts,
                    ends,
                },
            ))
        })
        .max_by_key(|(shortest, _)| *shortest)
        .map(|(_, set)| set)
}

/// Whether the side of a part of a concatenation that `parts` go away from (the parts before
/// it, nearest first, or the parts after it) is no word character: an anchor, a Unicode word
/// boundary, or a character of no word, past parts that may be empty and hold no word
/// character either.
fn edge_without_word<'a>(parts: impl Iterator<Item = &'a Hir>) -> bool {
    for part in parts.map(without_captures) {
        match part.kind() {
            HirKind::Look(look) => {
                return matches!(
                    look,
                    Look::Start
                        | Look::End
                        | Look::WordUnicode
                        | Look::WordStartUnicode
                        | Look::WordEndUnicode
                )
            }
            HirKind::Empty => {}
            HirKind::Repetition(repetition) if no_word_characters(&repetition.sub) => {
                if repetition.min > 0 {
                    return true;
                }
            }
            _ => return no_word_characters(part),
        }
    }
    false
}

/// Whether every character `hir` can match is of no word (see [`bounded`]); false when that is
/// not known.
fn no_word_characters(hir: &Hir) -> bool {
    // Wider than [`word`]: every letter and number.
    let word = |c: char| c.is_alphanumeric() || c == '_';
    match hir.kind() {
        HirKind::Literal(literal) => std::str::from_utf8(&literal.0)
            .is_ok_and(|text| !text.is_empty() && !text.chars().any(word)),
        HirKind::Class(Class::Unicode(class)) => {
            let mut count = 0u32;
            class.ranges().iter().all(|range| {
                count += u32::from(range.end()) - u32::from(range.start()) + 1;
                count <= 4096 && !(range.start()..=range.end()).any(word)
            })
        }
        HirKind::Capture(capture) => no_word_characters(&capture.sub),
        HirKind::Alternation(alternatives) => alternatives.iter().all(no_word_characters),
        HirKind::Concat(parts) => !parts.is_empty() && parts.iter().all(no_word_characters),
        _ => false,
    }
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
    use super::super::fixtures::{owned, python_query, texts};
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
            // A prefix set and a suffix set, sorted.
            ("^exec_.*_raw$", &[&["_raw"], &["exec_"]], false),
            ("^(get|post)_data$", &[&["get_data", "post_data"]], false),
            // A class too big to expand ends the prefix; the suffix is still known.
            ("^[a-z]+_id$", &[&["_id"]], false),
            // Prefixes of one quote only: the words every match holds further in as well.
            (
                r#"(?i)^["']\s*(select|insert\s+into)\s"#,
                &[&["\"", "'"], &["insert", "select"]],
                true,
            ),
            (
                r#"(?i)^["']\s*(select|insert)\s"#,
                &[&["\"", "'"], &["insert", "select"]],
                true,
            ),
            (
                "^[a-z]+(token|key)_[0-9]+$",
                &[
                    &["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
                    &["key", "token"],
                ],
                false,
            ),
            // Anything may match, or only the empty string, or the regex is not one: no literal.
            (".*", &[], false),
            ("^$", &[], false),
            ("(", &[], false),
        ];
        for &(regex, sets, folds) in cases {
            let mut unicode = false;
            assert_eq!(
                texts(&regex_literals(regex, &mut unicode)),
                owned(sets),
                "{regex}"
            );
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
                normalize(strings(literals), false, false),
                expected.map(strings),
                "{literals:?}"
            );
        }
        // Bound at an end, a longer literal is found through a shorter one only where it holds
        // it at that end; as a whole word, never.
        let set = || strings(&["exec", "Execute", "os.exec", "run"]);
        assert_eq!(
            normalize(set(), true, false),
            Some(strings(&["exec", "os.exec", "run"]))
        );
        assert_eq!(
            normalize(set(), false, true),
            Some(strings(&["exec", "execute", "run"]))
        );
        assert_eq!(
            normalize(set(), true, true),
            Some(strings(&["exec", "execute", "os.exec", "run"]))
        );
        assert_eq!(normalize(strings(&["ab", ""]), true, true), None);
        let words = |n: usize| (0..n).map(|i| format!("w{i:04}")).collect::<Vec<_>>();
        assert_eq!(
            normalize(words(MAX_SET_LITERALS), false, false).map(|set| set.len()),
            Some(MAX_SET_LITERALS)
        );
        assert_eq!(normalize(words(MAX_SET_LITERALS + 1), false, false), None);
    }

    /// The literal sets and the non-ASCII folding flag of a one-pattern Python query.
    fn sets_of(source: &str) -> (Vec<Vec<String>>, bool) {
        let query = python_query(source);
        assert_eq!(query.pattern_count(), 1, "{source}");
        let mut unicode = false;
        let bound = super::super::always_bound(&query, 0);
        let sets = pattern_sets_of(|c| bound.iter().any(|b| b == c), source, &mut unicode);
        (texts(&sets), unicode)
    }

    /// The sets of a one-pattern Python query, each with where its literals are bound.
    fn bounds_of(source: &str) -> Vec<(Vec<String>, bool, bool)> {
        let query = python_query(source);
        let bound = super::super::always_bound(&query, 0);
        let sets = pattern_sets_of(|c| bound.iter().any(|b| b == c), source, &mut false);
        sets.into_iter()
            .map(|s| (s.literals, s.starts, s.ends))
            .collect()
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
    fn a_nodes_whole_text_is_bound_at_both_ends_an_anchored_regex_at_its_anchors() {
        // (pattern, its sets: literals, whether they start a node's text, whether they end it)
        type Sets = &'static [(&'static [&'static str], bool, bool)];
        let cases: &[(&str, Sets)] = &[
            (
                r#"((identifier) @f (#eq? @f "int"))"#,
                &[(&["int"], true, true)],
            ),
            (
                r#"((identifier) @f (#any-of? @f "int" "print"))"#,
                &[(&["int", "print"], true, true)],
            ),
            (
                r#"((call) @c (#resolves-to? @c "os.system"))"#,
                &[(&["system"], true, true)],
            ),
            // A regex's prefix may be the end of a longer name, unless anchored.
            (
                r#"((identifier) @f (#match? @f "token"))"#,
                &[(&["token"], false, false)],
            ),
            (
                r#"((identifier) @f (#match? @f "^(load|find)"))"#,
                &[(&["find", "load"], true, false)],
            ),
            (
                r#"((identifier) @f (#match? @f "(?i)_key$"))"#,
                &[(&["_key"], false, true)],
            ),
            (
                r#"((identifier) @f (#match? @f "^exec_.*_raw$"))"#,
                &[(&["_raw"], false, true), (&["exec_"], true, false)],
            ),
            // Words further in, bound where what is around them in the regex is no word.
            (
                r#"((string) @s (#match? @s "^[\"']\\s*(select|insert)\\b"))"#,
                &[(&["insert", "select"], true, true)],
            ),
            (
                r#"((string) @s (#match? @s "^[\"']\\s*(select|insert)"))"#,
                &[(&["insert", "select"], true, false)],
            ),
            (
                r#"((string) @s (#match? @s "^[\"']\\s*(select|insert\\s+into)\\s+"))"#,
                &[(&["insert", "select"], true, false)],
            ),
            (
                r#"((string) @s (#match? @s "^[\"'][a-z]+x(select|insert)\\s+"))"#,
                &[(&["insert", "select"], false, true)],
            ),
            (
                r#"((string) @s (#match? @s "^[\"']\\s*(?-u:\\b)(select|insert)(?-u:\\b)"))"#,
                &[(&["insert", "select"], false, false)],
            ),
            // Whole matches between the two anchors: bound at both ends.
            (
                r#"((identifier) @f (#match? @f "^(get|post)_data$"))"#,
                &[(&["get_data", "post_data"], true, true)],
            ),
            // An alternative without the anchor: not anchored.
            (
                r#"((identifier) @f (#match? @f "(^|_)key$"))"#,
                &[(&["key"], false, true)],
            ),
            // Multi-line `^` is the start of any line.
            (
                r#"((string) @s (#match? @s "(?m)^load"))"#,
                &[(&["load"], false, false)],
            ),
            // The same literals bound at fewer ends add nothing; others do.
            (
                r#"((identifier) @f (#eq? @f "eval") (#match? @f "^eval$"))"#,
                &[(&["eval"], true, true)],
            ),
            (
                r#"((identifier) @f (#eq? @f "eval") (#match? @f "eval"))"#,
                &[(&["eval"], true, true)],
            ),
            (
                r#"((identifier) @f (#eq? @f "eval_x") (#match? @f "eval"))"#,
                &[(&["eval"], false, false), (&["eval_x"], true, true)],
            ),
        ];
        for &(source, sets) in cases {
            let expected: Vec<(Vec<String>, bool, bool)> = sets
                .iter()
                .map(|&(set, starts, ends)| {
                    let set = set.iter().map(|l| l.to_string()).collect();
                    (set, starts, ends)
                })
                .collect();
            assert_eq!(bounds_of(source), expected, "{source}");
        }
    }

    #[test]
    fn a_bound_end_has_no_word_going_on_past_it() {
        // (text with the literal between `[` and `]`, whether it can be a node's whole text,
        // its text's start, its text's end)
        let cases = [
            ("[int](x)", true, true, true),
            ("x = [int]", true, true, true),
            ("p[int](x)", false, false, true),
            ("[int]o", false, true, false),
            ("_[int]", false, false, true),
            ("[int]_", false, true, false),
            ("[int]8", false, true, false),
            ("é[int]", false, false, true),
            ("[int]é", false, true, false),
            // A digit of another script, or any other number, counts as no word: more is found.
            ("[int]²", true, true, true),
            ("[int]٣", true, true, true),
            // A keyword or a suffix may follow a number: `1if x else y`, `0xFF_kmh`, `123_km`.
            ("1[if] x else y", true, true, true),
            ("0xFF[_kmh]", true, true, true),
            ("[123]_km", true, true, true),
            ("[100]if", true, true, true),
            ("x1[if]", false, false, true),
            // A string's part may start right after an escape, and an escape end before a word.
            ("\\n[danger]", true, true, true),
            ("\\u00EA[danger]", true, true, true),
            ("[\\n]danger", true, true, true),
            ("n[danger]", false, false, true),
            ("$[eval]", true, true, true),
            ("a.[eval]()", true, true, true),
            // Ends that are no word characters need nothing around them.
            ("x[==]y", true, true, true),
            ("a[.b]c", false, true, false),
            ("a[b.]c", false, false, true),
            ("=[.b.]=", true, true, true),
        ];
        for (marked, whole, start, end) in cases {
            let from = marked.find('[').expect("marked");
            let to = marked.find(']').expect("marked") - 1;
            let text = marked.replace(['[', ']'], "");
            let at = |starts, ends| bounded(&text, from..to, starts, ends);
            assert_eq!(
                (at(true, true), at(true, false), at(false, true)),
                (whole, start, end),
                "{marked}"
            );
            assert!(at(false, false), "{marked}: unbound, found anywhere");
        }
        // Not on character boundaries: kept.
        assert!(bounded("é", 1..2, true, true));
        // A word longer than the reach before a hit (a blob) is not read to its start.
        let blob = format!("{}int", "a".repeat(GLUE_REACH + 1));
        assert!(bounded(&blob, blob.len() - 3..blob.len(), true, true));
        let short = format!("{}int", "a".repeat(GLUE_REACH - 3));
        assert!(!bounded(&short, short.len() - 3..short.len(), true, true));
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
