//! Duplicates merged: the same problem reported by two shards, two patterns of one rule, a
//! pattern and a taint rule, or a rule and an agent becomes one finding that keeps every reviewer
//! that reported it.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{Finding, Severity};

/// How many findings back a finding looks for one to merge into: those of one place that
/// stay apart (flows from different files) sit together.
const MERGE_WINDOW: usize = 16;

/// Merges findings of one rule whose lines overlap in one file (from overlapping shards, two
/// patterns of a rule, or several reviewers), keeping every reviewer that reported them, then
/// sorts by file, line, column and rule.
pub(crate) fn dedup(mut findings: Vec<Finding>) -> Vec<Finding> {
    findings.sort_by(|a, b| {
        (
            &a.location.path,
            &a.rule_id,
            a.location.start_line,
            a.location.start_column,
        )
            .cmp(&(
                &b.location.path,
                &b.rule_id,
                b.location.start_line,
                b.location.start_column,
            ))
    });
    let mut merged: Vec<Finding> = Vec::with_capacity(findings.len());
    for finding in findings {
        // The finding just before, or (when flows from other files sit between) one a little
        // further back that is still on these lines.
        let target = merged
            .iter()
            .rev()
            .take(MERGE_WINDOW)
            .take_while(|m| {
                m.rule_id == finding.rule_id
                    && m.location.path == finding.location.path
                    && m.location.overlaps_lines(&finding.location)
            })
            .position(|m| {
                // A suppressed finding never absorbs one that is not: the other would vanish.
                m.suppressed.is_some() == finding.suppressed.is_some() && same_origin(m, &finding)
            });
        if let Some(back) = target {
            let at = merged.len() - 1 - back;
            let last = &mut merged[at];
            for reviewer in finding.reviewers {
                if !last.reviewers.contains(&reviewer) {
                    last.reviewers.push(reviewer);
                }
            }
            last.severity = last.severity.max(finding.severity);
            last.confidence = last.confidence.max(finding.confidence);
            let end = (finding.location.end_line, finding.location.end_column);
            if end > (last.location.end_line, last.location.end_column) {
                last.location.end_line = end.0;
                last.location.end_column = end.1;
            }
            continue;
        }
        merged.push(finding);
    }
    let merged = merge_taint_into_pattern_findings(merged);
    let merged = merge_pattern_findings_on_flows(merged);
    let mut merged = merge_agent_findings_by_cwe(merged);
    merged.sort_by(|a, b| {
        (
            &a.location.path,
            a.location.start_line,
            a.location.start_column,
            &a.rule_id,
        )
            .cmp(&(
                &b.location.path,
                b.location.start_line,
                b.location.start_column,
                &b.rule_id,
            ))
    });
    merged
}

/// Whether two findings of one place may be one: not when their flows start in different files
/// (a helper that runs what it is given, reached from the sources of two files, is two
/// problems, one for each caller to fix).
fn same_origin(a: &Finding, b: &Finding) -> bool {
    let origin = |f: &Finding| f.flow.first().map(|step| step.location.path.clone());
    match (origin(a), origin(b)) {
        (Some(a), Some(b)) => a == b,
        _ => true,
    }
}

/// An agent's finding (`llm/...`) that overlaps a finding of another rule with a CWE in common,
/// or starts on the very line a rule's finding starts on whatever CWE it gave (a small model's
/// CWE labels are often wrong, its lines less so), is the same problem seen twice: it merges
/// into that finding (whose rule is the more specific), adding its reviewers.
fn merge_agent_findings_by_cwe(findings: Vec<Finding>) -> Vec<Finding> {
    let is_agent = |f: &Finding| f.rule_id.starts_with("llm/");
    let findings = absorb(findings, false, is_agent, shares_cwe, |_, _| {});
    absorb(
        findings,
        false,
        is_agent,
        |rule, agent| {
            !is_agent(rule)
                && rule.location.start_line == agent.location.start_line
                && rule.location.end_line >= agent.location.start_line
        },
        |_, _| {},
    )
}

/// Two findings on overlapping lines with a CWE in common.
fn shares_cwe(other: &Finding, finding: &Finding) -> bool {
    other.location.overlaps_lines(&finding.location)
        && other.cwe.iter().any(|c| finding.cwe.contains(c))
}

/// A taint finding that overlaps a pattern rule's finding with a CWE in common reports the same
/// bug: the pattern finding keeps its identity (so fingerprints and baselines do not change when
/// taint rules are added) and gains the flow from source to sink.
fn merge_taint_into_pattern_findings(findings: Vec<Finding>) -> Vec<Finding> {
    // A suppression of the pattern finding covers the flow too: it is the very same sink.
    absorb_by_cwe(
        findings,
        true,
        |f| !f.flow.is_empty(),
        |target, absorbed| {
            if target.flow.is_empty() {
                target.flow = absorbed.flow;
                target.flow_rule = Some(absorbed.rule_id);
            }
            target.severity = target.severity.max(absorbed.severity);
        },
    )
}

/// A pattern rule's finding on a line a taint flow passes through, for a CWE the flow's finding
/// has (the SQL text built two lines before the `execute` it reaches), is the same bug reported
/// where it starts: it joins the flow's finding, which reports it at the sink, with the whole way
/// there. A suppressed one stays apart, as suppressed.
fn merge_pattern_findings_on_flows(findings: Vec<Finding>) -> Vec<Finding> {
    let steps: Vec<(usize, String, BTreeSet<usize>)> = findings
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.flow.is_empty() && f.suppressed.is_none())
        .map(|(index, f)| {
            let lines = f
                .flow
                .iter()
                .filter(|s| s.location.path == f.location.path)
                .map(|s| s.location.start_line)
                .collect();
            (index, f.location.path.clone(), lines)
        })
        .collect();
    if steps.is_empty() {
        return findings;
    }
    let mut into: Vec<Option<usize>> = vec![None; findings.len()];
    for (index, finding) in findings.iter().enumerate() {
        if !finding.flow.is_empty() || finding.suppressed.is_some() {
            continue;
        }
        into[index] = steps
            .iter()
            .find(|(target, path, lines)| {
                *target != index
                    && *path == finding.location.path
                    && lines.contains(&finding.location.start_line)
                    && findings[*target]
                        .cwe
                        .iter()
                        .any(|c| finding.cwe.contains(c))
            })
            .map(|(target, _, _)| *target);
    }
    let mut joined: Vec<Vec<(String, Severity)>> = vec![Vec::new(); findings.len()];
    for (index, target) in into.iter().enumerate() {
        if let Some(target) = target {
            let absorbed = &findings[index];
            joined[*target].extend(
                absorbed
                    .reviewers
                    .iter()
                    .map(|r| (r.clone(), absorbed.severity)),
            );
        }
    }
    findings
        .into_iter()
        .enumerate()
        .filter(|(index, _)| into[*index].is_none())
        .map(|(index, mut finding)| {
            for (reviewer, severity) in std::mem::take(&mut joined[index]) {
                finding.severity = finding.severity.max(severity);
                if !finding.reviewers.contains(&reviewer) {
                    finding.reviewers.push(reviewer);
                }
            }
            finding
        })
        .collect()
}

/// Merges each finding that `absorbed` selects into an overlapping finding of the others that
/// shares a CWE: see [`absorb`].
fn absorb_by_cwe(
    findings: Vec<Finding>,
    into_suppressed: bool,
    absorbed: impl Fn(&Finding) -> bool,
    merge: impl Fn(&mut Finding, Finding),
) -> Vec<Finding> {
    absorb(findings, into_suppressed, absorbed, shares_cwe, merge)
}

/// Merges each finding that `absorbed` selects into the first of the others in its file that
/// `matches(other, finding)` accepts (and that shares its suppression state, unless
/// `into_suppressed` lets a suppressed finding absorb a live one), keeping every reviewer;
/// `merge` takes what else the absorbed finding brings.
fn absorb(
    findings: Vec<Finding>,
    into_suppressed: bool,
    absorbed: impl Fn(&Finding) -> bool,
    matches: impl Fn(&Finding, &Finding) -> bool,
    merge: impl Fn(&mut Finding, Finding),
) -> Vec<Finding> {
    let (candidates, mut others): (Vec<Finding>, Vec<Finding>) =
        findings.into_iter().partition(|f| absorbed(f));
    let mut by_path: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (index, finding) in others.iter().enumerate() {
        by_path
            .entry(finding.location.path.clone())
            .or_default()
            .push(index);
    }
    let mut kept = Vec::new();
    for finding in candidates {
        let target = by_path.get(&finding.location.path).and_then(|indexes| {
            indexes.iter().copied().find(|&i| {
                let other = &others[i];
                matches(other, &finding)
                    && (other.suppressed.is_some() == finding.suppressed.is_some()
                        || (into_suppressed && other.suppressed.is_some()))
                    && same_origin(other, &finding)
            })
        });
        match target {
            Some(i) => {
                let other = &mut others[i];
                for reviewer in &finding.reviewers {
                    if !other.reviewers.contains(reviewer) {
                        other.reviewers.push(reviewer.clone());
                    }
                }
                other.confidence = other.confidence.max(finding.confidence);
                merge(other, finding);
            }
            None => kept.push(finding),
        }
    }
    others.extend(kept);
    others
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FlowStep, Location};

    fn finding(rule: &str, path: &str, start: usize, end: usize, reviewer: &str) -> Finding {
        let location = Location {
            path: path.into(),
            start_line: start,
            start_column: 1,
            end_line: end,
            end_column: 2,
        };
        let mut finding = Finding::new(rule, reviewer, Severity::Warning, "m", location);
        finding.snippet = "eval(x)".into();
        finding.symbol = Some("f".into());
        finding
    }

    #[test]
    fn a_pattern_finding_on_a_flow_joins_the_flow() {
        let mut built = finding("java/sql-injection", "A.java", 3, 3, "rules");
        built.cwe = vec![String::from("CWE-89")];
        let mut other = finding("java/weak-hash", "A.java", 3, 3, "rules");
        other.cwe = vec![String::from("CWE-328")];
        let mut taint = finding("java/taint-sql-injection", "A.java", 5, 5, "rules");
        taint.cwe = vec![String::from("CWE-89")];
        taint.flow = [2, 3, 5]
            .iter()
            .map(|line| FlowStep {
                location: finding("x", "A.java", *line, *line, "rules").location,
                message: String::from("step"),
                text: String::new(),
            })
            .collect();
        let merged = dedup(vec![built.clone(), other.clone(), taint.clone()]);
        let ids: Vec<&str> = merged.iter().map(|f| f.rule_id.as_str()).collect();
        assert_eq!(ids, vec!["java/weak-hash", "java/taint-sql-injection"]);
        // Off the flow, or suppressed, it stays.
        built.location.start_line = 4;
        built.location.end_line = 4;
        assert_eq!(dedup(vec![built.clone(), taint.clone()]).len(), 2);
        built.location.start_line = 3;
        built.suppressed = Some(String::from("inline"));
        assert_eq!(dedup(vec![built, taint]).len(), 2);
    }

    #[test]
    fn a_taint_flow_joins_the_pattern_finding_of_its_sink() {
        let mut pattern = finding("python/eval-exec", "a.py", 5, 5, "rules");
        pattern.cwe = vec![String::from("CWE-95")];
        let mut taint = finding("python/taint-code-injection", "a.py", 5, 5, "rules");
        taint.cwe = vec![String::from("CWE-95")];
        taint.flow = vec![FlowStep {
            location: taint.location.clone(),
            message: String::from("reaches the sink"),
            text: String::new(),
        }];
        let merged = dedup(vec![taint.clone(), pattern.clone()]);
        assert_eq!(merged.len(), 1);
        assert_eq!(merged[0].rule_id, "python/eval-exec");
        assert_eq!(merged[0].flow.len(), 1);
        assert_eq!(
            merged[0].flow_rule.as_deref(),
            Some("python/taint-code-injection")
        );
        // Suppressing the pattern finding covers the flow of the same sink.
        pattern.suppressed = Some(String::from("inline"));
        let merged = dedup(vec![taint, pattern]);
        assert_eq!(merged.len(), 1);
        assert!(merged[0].suppressed.is_some());
    }

    #[test]
    fn flows_from_two_files_into_one_sink_stay_two_findings() {
        let flow_from = |path: &str, line: usize| {
            let mut taint = finding("java/taint-command-injection", "Run.java", 3, 3, "rules");
            taint.cwe = vec![String::from("CWE-78")];
            taint.flow = vec![FlowStep {
                location: finding("x", path, line, line, "rules").location,
                message: String::from("untrusted value"),
                text: String::new(),
            }];
            taint
        };
        let mut pattern = finding("java/command-injection", "Run.java", 3, 3, "rules");
        pattern.cwe = vec![String::from("CWE-78")];
        let (a, b, a_again) = (
            flow_from("A.java", 5),
            flow_from("B.java", 9),
            flow_from("A.java", 7),
        );
        // Alone, and into the pattern finding of the sink: one per file the flows start in.
        assert_eq!(dedup(vec![a.clone(), b.clone(), a_again.clone()]).len(), 2);
        let merged = dedup(vec![pattern, a, b, a_again]);
        let starts: Vec<(&str, &str)> = merged
            .iter()
            .map(|f| (f.rule_id.as_str(), f.flow[0].location.path.as_str()))
            .collect();
        assert_eq!(
            starts,
            [
                ("java/command-injection", "A.java"),
                ("java/taint-command-injection", "B.java")
            ]
        );
    }

    #[test]
    fn an_agent_finding_merges_into_a_rule_finding_of_the_same_cwe() {
        let mut rule = finding("python/eval-exec", "a.py", 5, 5, "rules");
        rule.cwe = vec![String::from("CWE-95")];
        let mut agent = finding("llm/cwe-95", "a.py", 4, 6, "openai:m/security");
        agent.cwe = vec![String::from("CWE-95")];
        // Another agent's label for the same line: a wrong CWE, the same problem.
        let mut mislabelled = finding("llm/cwe-89", "a.py", 5, 5, "anthropic:m/security");
        mislabelled.cwe = vec![String::from("CWE-89")];
        // Overlapping lines but another start and another CWE: another problem.
        let mut other = finding("llm/cwe-798", "a.py", 4, 5, "openai:m/security");
        other.cwe = vec![String::from("CWE-798")];
        let merged = dedup(vec![agent, rule, mislabelled, other]);
        assert_eq!(merged.len(), 2, "{merged:?}");
        let eval = merged
            .iter()
            .find(|f| f.rule_id == "python/eval-exec")
            .unwrap();
        assert_eq!(
            eval.reviewers,
            vec!["rules", "openai:m/security", "anthropic:m/security"]
        );
        assert!(merged.iter().any(|f| f.rule_id == "llm/cwe-798"));
    }

    #[test]
    fn merges_overlapping_findings_of_one_rule() {
        let merged = dedup(vec![
            finding("r", "a.py", 10, 12, "rules"),
            finding("r", "a.py", 12, 12, "llm"),
            finding("r", "a.py", 20, 20, "rules"),
            finding("other", "a.py", 10, 10, "rules"),
            finding("r", "b.py", 10, 10, "rules"),
        ]);
        assert_eq!(merged.len(), 4);
        let first = merged.iter().find(|f| f.rule_id == "r").unwrap();
        assert_eq!(first.reviewers, vec!["rules", "llm"]);
        assert_eq!(
            (first.location.start_line, first.location.end_line),
            (10, 12)
        );
        assert_eq!(merged[0].rule_id, "other", "sorted by line, then rule");
    }

    #[test]
    fn suppressed_findings_do_not_swallow_live_ones() {
        let mut quiet = finding("r", "a.py", 3, 4, "rules");
        quiet.suppressed = Some(String::from("inline"));
        let merged = dedup(vec![quiet, finding("r", "a.py", 4, 4, "rules")]);
        assert_eq!(merged.len(), 2);
        assert!(merged
            .iter()
            .any(|f| f.suppressed.is_none() && f.location.start_line == 4));
    }

    #[test]
    fn fingerprints_survive_line_shifts_and_number_duplicates() {
        let mut a = finding("r", "a.py", 10, 10, "rules");
        let mut b = finding("r", "a.py", 50, 50, "rules");
        a.fingerprint = crate::aggregate::fingerprint::base(&a);
        b.fingerprint = crate::aggregate::fingerprint::base(&b);
        assert_eq!(
            a.fingerprint, b.fingerprint,
            "moved code keeps its fingerprint"
        );
        let mut c = finding("r", "a.py", 10, 10, "rules");
        c.snippet = "eval(y)".into();
        assert_ne!(
            crate::aggregate::fingerprint::base(&c),
            a.fingerprint,
            "different code, different fingerprint"
        );
        let mut list = vec![a, b];
        crate::aggregate::fingerprint::number(&mut list);
        assert!(list[0].fingerprint.ends_with(":1") && list[1].fingerprint.ends_with(":2"));
    }
}
