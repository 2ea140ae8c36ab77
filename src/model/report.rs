//! The report of a run: everything it found and did, ready for the printers. The aggregator
//! builds it; the printers only read it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;

use super::event::SkipReason;
use super::finding::{Finding, Severity};
use super::metrics::PoolMetrics;

/// Everything a run found and did, ready for printing.
#[derive(Debug, Serialize)]
pub struct Report {
    pub tool_version: String,
    /// Serialized lossily: a root that is not valid UTF-8 must not make the JSON report fail.
    #[serde(serialize_with = "lossy_path")]
    pub root: PathBuf,
    /// Display path -> percent-encoded URI for the files the report mentions.
    #[serde(skip)]
    pub uris: BTreeMap<String, String>,
    pub rules: Vec<RuleDescriptor>,
    /// Deduplicated and sorted; suppressed findings included (marked).
    pub findings: Vec<Finding>,
    pub unreviewed: Vec<Unreviewed>,
    pub problems: Vec<Problem>,
    /// What the run was limited to (diff mode, partition), for the summary.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scope: Vec<String>,
    /// SARIF `runAutomationDetails` category (`--category`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// The configuration file the run read, and what it set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub configuration: Option<ConfigurationUse>,
    /// The baseline findings were compared with, and how many of them it holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline: Option<BaselineUse>,
    /// Findings a verifier agent rejected, with its reason (JSON only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rejected: Vec<Rejected>,
    pub summary: Summary,
}

/// The configuration file a run read.
#[derive(Debug, Clone, Serialize)]
pub struct ConfigurationUse {
    pub path: String,
    /// The settings taken from it (`scan.fail_on`), not overridden on the command line.
    pub settings: Vec<String>,
}

/// How a baseline was used.
#[derive(Debug, Clone, Serialize)]
pub struct BaselineUse {
    pub path: String,
    /// Findings of this run that the baseline already held.
    pub known: usize,
}

/// A finding dropped by `--verify`.
#[derive(Debug, Clone, Serialize)]
pub struct Rejected {
    pub finding: Finding,
    pub reason: String,
}

impl Report {
    /// Adds a rule descriptor for every rule id of an agent's findings (`llm/cwe-89`), so every
    /// result's rule is described in SARIF.
    pub fn add_agent_rules(&mut self) {
        let known: std::collections::BTreeSet<String> =
            self.rules.iter().map(|r| r.id.clone()).collect();
        let mut added: BTreeMap<String, RuleDescriptor> = BTreeMap::new();
        for finding in self
            .findings
            .iter()
            .chain(self.rejected.iter().map(|r| &r.finding))
        {
            if known.contains(&finding.rule_id) {
                continue;
            }
            let entry = added.entry(finding.rule_id.clone()).or_insert_with(|| {
                let subject = finding
                    .cwe
                    .first()
                    .cloned()
                    .unwrap_or_else(|| finding.rule_id.trim_start_matches("llm/").to_string());
                RuleDescriptor {
                    id: finding.rule_id.clone(),
                    name: finding.rule_id.replace('/', "-"),
                    description: format!("Reported by a reviewer agent: {subject}"),
                    help: String::from(
                        "Reported by an LLM or command reviewer agent. The message explains the \
                         problem; the confidence is the agent's own. Check the cited lines \
                         before acting on it.",
                    ),
                    severity: finding.severity,
                    cwe: finding.cwe.clone(),
                    tags: vec![String::from("security"), String::from("agent")],
                    precision: String::from("medium"),
                    security_severity: finding.severity.default_security_severity(),
                }
            });
            if finding.severity > entry.severity {
                entry.severity = finding.severity;
                entry.security_severity = finding.severity.default_security_severity();
            }
        }
        self.rules.extend(added.into_values());
    }

    /// Recomputes the summary's counts of active and suppressed findings.
    pub fn recount(&mut self) {
        let mut by_severity: BTreeMap<Severity, usize> = BTreeMap::new();
        let mut suppressed = 0;
        for finding in &self.findings {
            if finding.suppressed.is_some() {
                suppressed += 1;
            } else {
                *by_severity.entry(finding.severity).or_default() += 1;
            }
        }
        self.summary.by_severity = by_severity;
        self.summary.suppressed = suppressed;
    }

    /// Findings that count: not suppressed.
    pub fn active_findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.suppressed.is_none())
    }

    /// Whether every source file was read and every shard fully reviewed.
    pub fn is_complete(&self) -> bool {
        self.unreviewed.is_empty() && self.problems.is_empty()
    }

    /// A report of `findings` and nothing else, for the printers' tests.
    #[cfg(test)]
    pub fn for_tests(findings: Vec<Finding>) -> Report {
        let mut report = Report {
            tool_version: String::from("0.0.0"),
            root: PathBuf::from("/repo"),
            uris: BTreeMap::new(),
            rules: Vec::new(),
            findings,
            unreviewed: Vec::new(),
            problems: Vec::new(),
            scope: Vec::new(),
            category: None,
            configuration: None,
            baseline: None,
            rejected: Vec::new(),
            summary: Summary {
                files: 0,
                lines: 0,
                bytes: 0,
                lossy_files: 0,
                languages: BTreeMap::new(),
                shards_total: 0,
                shards_reviewed: 0,
                shards_cached: 0,
                by_severity: BTreeMap::new(),
                suppressed: 0,
                skipped: BTreeMap::new(),
                duration_seconds: 0.0,
                pool: PoolMetrics::default(),
            },
        };
        report.recount();
        report
    }

    /// The SARIF URI of a display path.
    pub fn uri(&self, path: &str) -> String {
        self.uris
            .get(path)
            .cloned()
            .unwrap_or_else(|| crate::paths::encode_path(path))
    }
}

fn lossy_path<S: serde::Serializer>(
    path: &std::path::Path,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&path.to_string_lossy())
}

/// What a report says about a rule (from a rule file, or from an LLM reviewer's categories).
#[derive(Debug, Clone, Serialize)]
pub struct RuleDescriptor {
    pub id: String,
    pub name: String,
    pub description: String,
    pub help: String,
    pub severity: Severity,
    pub cwe: Vec<String>,
    pub tags: Vec<String>,
    pub precision: String,
    pub security_severity: f32,
}

/// A shard some reviewer could not finish, and why.
#[derive(Debug, Clone, Serialize)]
pub struct Unreviewed {
    pub path: String,
    pub start_line: usize,
    pub end_line: usize,
    pub shard_id: String,
    pub reviewer: String,
    pub reason: String,
}

/// A file-level problem: unreadable, unparsable, or a walk error.
#[derive(Debug, Clone, Serialize)]
pub struct Problem {
    pub path: String,
    pub message: String,
}

#[derive(Debug, Serialize)]
pub struct Summary {
    pub files: usize,
    pub lines: usize,
    pub bytes: usize,
    /// Files that were not valid UTF-8 and were read with replacement characters.
    pub lossy_files: usize,
    pub languages: BTreeMap<String, usize>,
    pub shards_total: usize,
    pub shards_reviewed: usize,
    /// Shards whose agent reviews all came from the cache.
    pub shards_cached: usize,
    pub by_severity: BTreeMap<Severity, usize>,
    pub suppressed: usize,
    pub skipped: BTreeMap<SkipReason, usize>,
    pub duration_seconds: f64,
    pub pool: PoolMetrics,
}
