//! The literals a pattern's matches must contain, derived from its predicates: the string of an
//! `#eq?`, the words of an `#any-of?`, and the prefixes and suffixes every match of a `#match?`
//! regex starts and ends with, after folding `(?i)` letter classes to one lower-case letter.

use regex_syntax::hir::literal::{ExtractKind, Extractor};
use regex_syntax::hir::{Capture, Class, Hir, HirKind, Repetition};
use tree_sitter::Query;

use super::syntax::{predicates, Arg};

/// Most literals kept in one set; a bigger set is dropped (the pattern just needs less).
const MAX_SET_LITERALS: usize = 512;

/// Characters that fold to an ASCII letter under Unicode case folding.
pub(super) const NON_ASCII_FOLDS: [(char, char); 2] = [('\u{212A}', 'k'), ('\u{17F}', 's')];

/// The sets of literals that any match of `pattern` contains one of each.
pub(super) fn pattern_sets_of(
    query: &Query,
    pattern: usize,
    text: &str,
    unicode_folds: &mut bool,
) -> Vec<Vec<String>> {
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
        match (predicate.name.as_str(), strings.as_slice()) {
            ("eq?" | "any-eq?", [_]) | ("any-of?", [_, ..]) => sets.extend(normalize(strings)),
            ("match?" | "any-match?", [regex]) => sets.extend(regex_literals(regex, unicode_folds)),
            _ => {}
        }
    }
    sets.sort();
    sets.dedup();
    // A set of very short literals (a quote, a `$`) hits all over a file and costs more to track
    // than it saves; a pattern needs less without it, so dropping it is sound.
    let weak = |set: &Vec<String>| set.iter().any(|l| l.len() < 3);
    if sets.iter().any(|set| !weak(set)) {
        sets.retain(|set| !weak(set));
    }
    sets
}

/// Lower-cases (ASCII) and deduplicates; `None` if any literal is empty (it would be in every
/// file) or there are too many.
fn normalize(literals: Vec<String>) -> Option<Vec<String>> {
    let mut out: Vec<String> = literals.iter().map(|l| l.to_ascii_lowercase()).collect();
    out.sort_unstable();
    out.dedup();
    if out.is_empty() || out.len() > MAX_SET_LITERALS || out.iter().any(String::is_empty) {
        return None;
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
            normalize(strings)
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
    use super::*;

    fn literals(regex: &str) -> Vec<Vec<String>> {
        let mut unicode = false;
        regex_literals(regex, &mut unicode)
    }

    #[test]
    fn regex_literals_are_necessary_and_case_folded() {
        // No prefix set (`(^|::)` may be empty), one suffix set.
        assert_eq!(
            literals("(^|::)Command$"),
            vec![vec!["command".to_string()]]
        );
        let sets = literals("(?i:(^|_)(passw(or)?d|secret|api_?key)$)");
        assert_eq!(sets.len(), 1, "{sets:?}");
        assert_eq!(
            sets[0],
            ["api_key", "apikey", "passwd", "password", "secret"]
                .map(String::from)
                .to_vec()
        );
        let mut unicode = false;
        regex_literals("(?i)key", &mut unicode);
        assert!(unicode, "(?i)k also matches the Kelvin sign");
        // Anything may match: no literal.
        assert_eq!(literals("^\"x"), vec![vec!["\"x".to_string()]]);
        assert!(literals(".*").is_empty());
    }
}
