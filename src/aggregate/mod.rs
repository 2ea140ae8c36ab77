//! The aggregator: the single owner of results. It receives each shard's findings as that shard
//! finishes, keeps the run's counts, and at the end merges duplicates, numbers fingerprints and
//! sorts everything into a [`Report`].

pub mod baseline;
pub mod fingerprint;
pub mod line_hash;
pub mod mask;
pub mod suppress;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::time::Instant;

use crate::finding::{Finding, Severity};
use crate::report::{Problem, Rejected, Report, RuleDescriptor, Summary, Unreviewed};
use crate::review::pool::{Event, PoolMetrics};
use crate::walk::SkipReason;

pub struct Aggregator {
    started: Instant,
    findings: Vec<Finding>,
    unreviewed: Vec<Unreviewed>,
    problems: Vec<Problem>,
    skipped: BTreeMap<SkipReason, usize>,
    files: usize,
    lines: usize,
    bytes: usize,
    lossy_files: usize,
    languages: BTreeMap<String, usize>,
    shards_total: usize,
    shards_done: usize,
    shards_reviewed: usize,
    shards_cached: usize,
    rejected: Vec<Rejected>,
    /// Display path -> URI, for the files a report mentions.
    uris: BTreeMap<String, String>,
}

impl Default for Aggregator {
    fn default() -> Self {
        Aggregator::new()
    }
}

impl Aggregator {
    pub fn new() -> Aggregator {
        Aggregator {
            started: Instant::now(),
            findings: Vec::new(),
            unreviewed: Vec::new(),
            problems: Vec::new(),
            skipped: BTreeMap::new(),
            files: 0,
            lines: 0,
            bytes: 0,
            lossy_files: 0,
            languages: BTreeMap::new(),
            shards_total: 0,
            shards_done: 0,
            shards_reviewed: 0,
            shards_cached: 0,
            rejected: Vec::new(),
            uris: BTreeMap::new(),
        }
    }

    pub fn handle(&mut self, event: Event) {
        match event {
            Event::Skipped {
                path,
                reason,
                detail,
            } => {
                *self.skipped.entry(reason).or_default() += 1;
                if reason == SkipReason::Stopped {
                    self.problems.push(Problem {
                        path,
                        message: detail.unwrap_or_else(|| {
                            String::from("not reviewed: the run stopped before this file was read")
                        }),
                    });
                } else if reason == SkipReason::Error {
                    self.problems.push(Problem {
                        path,
                        message: detail.unwrap_or_else(|| String::from("unreadable")),
                    });
                }
            }
            Event::File(info) => {
                self.shards_total += info.shards;
                if info.counted {
                    self.files += 1;
                    self.lines += info.lines;
                    self.bytes += info.bytes;
                    *self
                        .languages
                        .entry(info.language.name().to_string())
                        .or_default() += 1;
                    if info.lossy {
                        self.lossy_files += 1;
                    }
                }
                if let Some(failure) = info.parse_failure {
                    self.problems.push(Problem {
                        path: info.path,
                        message: format!("could not be parsed ({failure}); cut into line windows"),
                    });
                }
            }
            Event::Shard(result) => {
                self.shards_done += 1;
                if !result.findings.is_empty() || !result.failures.is_empty() {
                    self.uris.entry(result.path.clone()).or_insert(result.uri);
                }
                if result.failures.is_empty() {
                    self.shards_reviewed += 1;
                }
                if result.cached {
                    self.shards_cached += 1;
                }
                self.rejected.extend(
                    result
                        .rejected
                        .into_iter()
                        .map(|(finding, reason)| Rejected { finding, reason }),
                );
                for (reviewer, reason) in result.failures {
                    self.unreviewed.push(Unreviewed {
                        path: result.path.clone(),
                        start_line: result.start_line,
                        end_line: result.end_line,
                        shard_id: result.shard_id.clone(),
                        reviewer,
                        reason,
                    });
                }
                self.findings.extend(result.findings);
            }
        }
    }

    /// Findings so far, for the progress line.
    pub fn finding_count(&self) -> usize {
        self.findings.len()
    }

    pub fn shards_done(&self) -> usize {
        self.shards_done
    }

    pub fn shards_total(&self) -> usize {
        self.shards_total
    }

    pub fn files(&self) -> usize {
        self.files
    }

    /// Merges duplicates, numbers fingerprints, sorts, and builds the report.
    pub fn finish(self, root: PathBuf, rules: Vec<RuleDescriptor>, pool: PoolMetrics) -> Report {
        let mut findings = dedup(self.findings);
        fingerprint::number(&mut findings);
        let mut unreviewed = self.unreviewed;
        unreviewed.sort_by(|a, b| {
            (&a.path, a.start_line, &a.reviewer).cmp(&(&b.path, b.start_line, &b.reviewer))
        });
        let mut problems = self.problems;
        problems.sort_by(|a, b| a.path.cmp(&b.path));
        let mut by_severity: BTreeMap<Severity, usize> = BTreeMap::new();
        let mut suppressed = 0;
        for finding in &findings {
            if finding.suppressed.is_some() {
                suppressed += 1;
            } else {
                *by_severity.entry(finding.severity).or_default() += 1;
            }
        }
        Report {
            tool_version: env!("CARGO_PKG_VERSION").to_string(),
            root,
            uris: self.uris,
            rules,
            findings,
            unreviewed,
            problems,
            scope: Vec::new(),
            category: None,
            baseline: None,
            rejected: self.rejected,
            summary: Summary {
                files: self.files,
                lines: self.lines,
                bytes: self.bytes,
                lossy_files: self.lossy_files,
                languages: self.languages,
                shards_total: self.shards_total,
                shards_reviewed: self.shards_reviewed,
                shards_cached: self.shards_cached,
                by_severity,
                suppressed,
                skipped: self.skipped,
                duration_seconds: self.started.elapsed().as_secs_f64(),
                pool,
            },
        }
    }
}

/// Merges findings of one rule whose lines overlap in one file (from overlapping shards, two
/// patterns of a rule, or several reviewers), keeping every reviewer that reported them, then
/// sorts by file, line, column and rule.
pub fn dedup(mut findings: Vec<Finding>) -> Vec<Finding> {
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
        if let Some(last) = merged.last_mut() {
            // A suppressed finding never absorbs one that is not: the other would vanish.
            if last.rule_id == finding.rule_id
                && last.location.overlaps_lines(&finding.location)
                && last.suppressed.is_some() == finding.suppressed.is_some()
            {
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

/// An agent's finding (`llm/...`) that overlaps a finding of another rule with a CWE in common is
/// the same problem seen twice: it merges into that finding (whose rule is the more specific),
/// adding its reviewers.
fn merge_agent_findings_by_cwe(findings: Vec<Finding>) -> Vec<Finding> {
    absorb_by_cwe(
        findings,
        false,
        |f| f.rule_id.starts_with("llm/"),
        |_, _| {},
    )
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
    let mut joined: Vec<Vec<(String, crate::finding::Severity)>> = vec![Vec::new(); findings.len()];
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
/// shares a CWE (and its suppression state, unless `into_suppressed` lets a suppressed finding
/// absorb a live one), keeping every reviewer; `merge` takes what else the absorbed finding brings.
fn absorb_by_cwe(
    findings: Vec<Finding>,
    into_suppressed: bool,
    absorbed: impl Fn(&Finding) -> bool,
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
                other.location.overlaps_lines(&finding.location)
                    && (other.suppressed.is_some() == finding.suppressed.is_some()
                        || (into_suppressed && other.suppressed.is_some()))
                    && other.cwe.iter().any(|c| finding.cwe.contains(c))
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
    use crate::finding::Location;

    fn finding(rule: &str, path: &str, start: usize, end: usize, reviewer: &str) -> Finding {
        Finding {
            rule_id: rule.into(),
            reviewers: vec![reviewer.into()],
            severity: Severity::Warning,
            message: "m".into(),
            location: Location {
                path: path.into(),
                start_line: start,
                start_column: 1,
                end_line: end,
                end_column: 2,
            },
            cwe: vec![],
            confidence: 0.5,
            snippet: "eval(x)".into(),
            symbol: Some("f".into()),
            fingerprint: String::new(),
            line_hash: String::new(),
            suppressed: None,
            in_baseline: false,
            flow_rule: None,
            flow: Vec::new(),
            secrets: vec![],
        }
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
            .map(|line| crate::finding::FlowStep {
                location: finding("x", "A.java", *line, *line, "rules").location,
                message: String::from("step"),
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
        taint.flow = vec![crate::finding::FlowStep {
            location: taint.location.clone(),
            message: String::from("reaches the sink"),
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
    fn an_agent_finding_merges_into_a_rule_finding_of_the_same_cwe() {
        let mut rule = finding("python/eval-exec", "a.py", 5, 5, "rules");
        rule.cwe = vec![String::from("CWE-95")];
        let mut agent = finding("llm/cwe-95", "a.py", 4, 6, "openai:m/security");
        agent.cwe = vec![String::from("CWE-95")];
        let mut other = finding("llm/cwe-89", "a.py", 5, 5, "openai:m/security");
        other.cwe = vec![String::from("CWE-89")];
        let merged = dedup(vec![agent, rule, other]);
        assert_eq!(merged.len(), 2);
        let eval = merged
            .iter()
            .find(|f| f.rule_id == "python/eval-exec")
            .unwrap();
        assert_eq!(eval.reviewers, vec!["rules", "openai:m/security"]);
        assert!(merged.iter().any(|f| f.rule_id == "llm/cwe-89"));
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
        a.fingerprint = fingerprint::base(&a);
        b.fingerprint = fingerprint::base(&b);
        assert_eq!(
            a.fingerprint, b.fingerprint,
            "moved code keeps its fingerprint"
        );
        let mut c = finding("r", "a.py", 10, 10, "rules");
        c.snippet = "eval(y)".into();
        assert_ne!(
            fingerprint::base(&c),
            a.fingerprint,
            "different code, different fingerprint"
        );
        let mut list = vec![a, b];
        fingerprint::number(&mut list);
        assert!(list[0].fingerprint.ends_with(":1") && list[1].fingerprint.ends_with(":2"));
    }
}
