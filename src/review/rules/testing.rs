//! `shardscan rules test`: checks every rule against its annotated test files.
//!
//! A test file sits beside its rule with the same stem (`sql-format.scm` + `sql-format.py`). A
//! comment `ruleid: ID` marks the next line as one the rule must flag; `ok: ID` marks a look-alike
//! the rule must not flag. Every finding of any rule on any test file must be annotated, so a rule
//! that fires on another rule's look-alikes fails too.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use super::{RuleSet, RulesReviewer};
use crate::review::{ReviewError, Reviewer};
use crate::slice::{self, SliceOptions, SourceFile};

/// What one rule did on its test files.
#[derive(Debug, Default)]
pub(crate) struct RuleTestResult {
    pub(crate) rule_id: String,
    /// Test files that exercised the rule.
    pub(crate) files: Vec<String>,
    pub(crate) expected: usize,
    /// `(file, line)` the rule should have flagged and did not.
    pub(crate) missed: Vec<(String, usize)>,
    /// `(file, line)` the rule flagged without a `ruleid` annotation.
    pub(crate) unexpected: Vec<(String, usize)>,
    pub(crate) problems: Vec<String>,
}

impl RuleTestResult {
    pub(crate) fn passed(&self) -> bool {
        self.missed.is_empty() && self.unexpected.is_empty() && self.problems.is_empty()
    }
}

/// Runs every rule of `rules` over every test file and returns one result per rule, sorted by id.
/// `budget_tokens` is the shard budget used to cut test files: small budgets check that matches
/// straddling shard boundaries are still reported exactly once.
pub(crate) fn run(rules: &Arc<RuleSet>, budget_tokens: usize) -> Vec<RuleTestResult> {
    let reviewer = RulesReviewer::new(Arc::clone(rules));
    let mut results: BTreeMap<String, RuleTestResult> = rules
        .rules()
        .iter()
        .map(|r| {
            (
                r.meta.id.clone(),
                RuleTestResult {
                    rule_id: r.meta.id.clone(),
                    ..RuleTestResult::default()
                },
            )
        })
        .collect();
    let mut negatives: BTreeMap<String, usize> = BTreeMap::new();
    let mut parser = tree_sitter::Parser::new();
    for test in rules.tests() {
        let name = test.origin.to_string();
        let mut file =
            SourceFile::new(name.clone(), name.clone(), test.language, test.text.clone());
        slice::parse(&mut file, &mut parser);
        let file = Arc::new(file);
        let annotations = annotations(&file);
        let mut found: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
        for shard in slice::slice_file(&file, &SliceOptions { budget_tokens }) {
            let findings = match reviewer.review(&shard) {
                Ok(findings) => findings,
                Err(ReviewError::Incomplete { findings, reason }) => {
                    for rule in rules
                        .rules()
                        .iter()
                        .filter(|r| r.languages.contains(&test.language))
                    {
                        if let Some(result) = results.get_mut(&rule.meta.id) {
                            result.problems.push(format!("{name}: {reason}"));
                        }
                    }
                    findings
                }
                Err(e) => {
                    for result in results.values_mut() {
                        result.problems.push(format!("{name}: {e}"));
                    }
                    Vec::new()
                }
            };
            for finding in findings {
                found
                    .entry(finding.rule_id)
                    .or_default()
                    .insert(finding.location.start_line);
            }
        }
        // Each test file is a program of its own: its flows across functions are joined alone.
        let finished = reviewer.finish(crate::review::Seen {
            whole: true,
            stopped: false,
        });
        for joined in finished.joined {
            found
                .entry(joined.finding.rule_id)
                .or_default()
                .insert(joined.finding.location.start_line);
        }
        for (id, result) in results.iter_mut() {
            let expected = annotations.expect.get(id).cloned().unwrap_or_default();
            let actual = found.get(id).cloned().unwrap_or_default();
            if expected.is_empty() && actual.is_empty() && !annotations.ok.contains_key(id) {
                continue;
            }
            result.files.push(name.clone());
            result.expected += expected.len();
            *negatives.entry(id.clone()).or_default() +=
                annotations.ok.get(id).map_or(0, |s| s.len());
            result
                .missed
                .extend(expected.difference(&actual).map(|l| (name.clone(), *l)));
            result
                .unexpected
                .extend(actual.difference(&expected).map(|l| (name.clone(), *l)));
        }
        for id in annotations.expect.keys().chain(annotations.ok.keys()) {
            if !results.contains_key(id) && !rules.is_disabled(id) {
                if let Some(result) = results.values_mut().next() {
                    result
                        .problems
                        .push(format!("{name}: annotation names unknown rule `{id}`"));
                }
            }
        }
    }
    for result in results.values_mut() {
        if result.expected == 0 {
            result.problems.push(String::from(
                "no test file with a `ruleid:` line for this rule",
            ));
        }
        if negatives.get(&result.rule_id).copied().unwrap_or(0) == 0 {
            result.problems.push(String::from(
                "no test file with an `ok:` look-alike for this rule",
            ));
        }
    }
    results.into_values().collect()
}

#[derive(Default)]
struct Annotations {
    /// Rule id -> lines it must flag.
    expect: BTreeMap<String, BTreeSet<usize>>,
    /// Rule id -> lines it must not flag.
    ok: BTreeMap<String, BTreeSet<usize>>,
}

/// Reads `ruleid:` and `ok:` comments; each applies to the next line that is not an annotation.
fn annotations(file: &SourceFile) -> Annotations {
    let prefixes = file.language.spec().line_comments;
    let mut out = Annotations::default();
    let mut pending: Vec<(bool, String)> = Vec::new();
    for line in 1..=file.line_count() {
        let text = file.line_text(line).trim();
        let comment = prefixes
            .iter()
            .find_map(|p| text.strip_prefix(p))
            .or_else(|| text.strip_prefix("/*").map(|t| t.trim_end_matches("*/")))
            .or_else(|| text.strip_prefix("<!--").map(|t| t.trim_end_matches("-->")))
            .map(str::trim);
        let parsed = comment.and_then(|c| {
            if let Some(ids) = c.strip_prefix("ruleid:") {
                Some((true, ids))
            } else {
                c.strip_prefix("ok:").map(|ids| (false, ids))
            }
        });
        match parsed {
            Some((positive, ids)) => {
                for id in ids.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    pending.push((positive, id.to_string()));
                }
            }
            None => {
                for (positive, id) in pending.drain(..) {
                    let map = if positive {
                        &mut out.expect
                    } else {
                        &mut out.ok
                    };
                    map.entry(id).or_default().insert(line);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_rules_pass_their_tests() {
        let rules = Arc::new(RuleSet::builtin().expect("built-in rules load"));
        for language in crate::lang::Language::ALL
            .iter()
            .filter(|l| l.has_grammar())
        {
            if let Err(e) = rules.compiled(*language) {
                panic!("{language}: {e}");
            }
        }
        // A tiny budget cuts test files into many shards: findings must not depend on the cut.
        for budget in [1500, 24] {
            let failures: Vec<String> = run(&rules, budget)
                .into_iter()
                .filter(|r| !r.passed())
                .map(|r| {
                    format!(
                        "{}: missed {:?} unexpected {:?} {:?}",
                        r.rule_id, r.missed, r.unexpected, r.problems
                    )
                })
                .collect();
            assert!(
                failures.is_empty(),
                "budget {budget}:\n{}",
                failures.join("\n")
            );
        }
    }
}
