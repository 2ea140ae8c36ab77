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
pub(crate) struct Report {
    pub(crate) tool_version: String,
    /// Serialized lossily: a root that is not valid UTF-8 must not make the JSON report fail.
    #[serde(serialize_with = "lossy_path")]
    pub(crate) root: PathBuf,
    /// Display path -> percent-encoded URI for the files the report mentions.
    #[serde(skip)]
    pub(crate) uris: BTreeMap<String, String>,
    pub(crate) rules: Vec<RuleDescriptor>,
    /// Deduplicated and sorted; suppressed findings included (marked).
    pub(crate) findings: Vec<Finding>,
    pub(crate) unreviewed: Vec<Unreviewed>,
    pub(crate) problems: Vec<Problem>,
    /// Every file (or vendored directory) the run did not scan, with the reason, sorted by path:
    /// the summary counts them, this names them.
    pub(crate) skipped_files: Vec<SkippedFile>,
    /// What the run was limited to (diff mode, partition), for the summary.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) scope: Vec<String>,
    /// SARIF `runAutomationDetails` category (`--category`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) category: Option<String>,
    /// A partition that wrote its summaries (`--summaries-out`) left the flows across files,
    /// and the matches they decide, to `shardscan merge --summaries`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) join_left_to_merge: bool,
    /// The configuration files the run read, and what each set.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) configuration: Vec<ConfigurationUse>,
    /// The baseline findings were compared with, and how many of them it holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) baseline: Option<BaselineUse>,
    /// Findings a verifier agent rejected, with its reason (JSON only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) rejected: Vec<Rejected>,
    pub(crate) summary: Summary,
}

/// The configuration file a run read.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ConfigurationUse {
    pub(crate) path: String,
    /// Whose file it is: `named` (`--config`), `user`, `repository`, `trusted-repository`.
    pub(crate) trust: Trust,
    /// The settings taken from it (`scan.fail_on`), not overridden on the command line.
    pub(crate) settings: Vec<String>,
}

/// How far a configuration file is trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Trust {
    /// Named by the user with `--config`.
    Named,
    /// The user's own file in the platform configuration directory.
    User,
    /// Found in the scanned repository: part of the input, so it may set only
    /// the keys `config` lists.
    Repository,
    /// Found in the scanned repository and trusted with `--trust-repo-config`.
    TrustedRepository,
}

impl Trust {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Trust::Named => "named with --config",
            Trust::User => "your configuration",
            Trust::Repository => "the repository's",
            Trust::TrustedRepository => "the repository's, trusted",
        }
    }
}

/// How a baseline was used.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct BaselineUse {
    pub(crate) path: String,
    /// Findings of this run that the baseline already held.
    pub(crate) known: usize,
}

/// A finding dropped by `--verify`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Rejected {
    pub(crate) finding: Finding,
    pub(crate) reason: String,
}

impl Report {
    /// Adds a rule descriptor for every rule id of an agent's findings (`llm/cwe-89`), so every
    /// result's rule is described in SARIF.
    pub(crate) fn add_agent_rules(&mut self) {
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
    pub(crate) fn recount(&mut self) {
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
    pub(crate) fn active_findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.suppressed.is_none())
    }

    /// Whether every source file was read and every shard fully reviewed.
    pub(crate) fn is_complete(&self) -> bool {
        self.unreviewed.is_empty() && self.problems.is_empty()
    }

    /// A report of `findings` and nothing else, for the printers' tests.
    #[cfg(test)]
    pub(crate) fn for_tests(findings: Vec<Finding>) -> Report {
        let mut report = Report {
            tool_version: String::from("0.0.0"),
            root: PathBuf::from("/repo"),
            uris: BTreeMap::new(),
            rules: Vec::new(),
            findings,
            unreviewed: Vec::new(),
            problems: Vec::new(),
            skipped_files: Vec::new(),
            scope: Vec::new(),
            category: None,
            join_left_to_merge: false,
            configuration: Vec::new(),
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
    pub(crate) fn uri(&self, path: &str) -> String {
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
pub(crate) struct RuleDescriptor {
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) description: String,
    pub(crate) help: String,
    pub(crate) severity: Severity,
    pub(crate) cwe: Vec<String>,
    pub(crate) tags: Vec<String>,
    pub(crate) precision: String,
    pub(crate) security_severity: f32,
}

/// A shard some reviewer could not finish, and why.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Unreviewed {
    pub(crate) path: String,
    pub(crate) start_line: usize,
    pub(crate) end_line: usize,
    pub(crate) shard_id: String,
    pub(crate) reviewer: String,
    pub(crate) reason: String,
}

/// A file the run did not scan, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct SkippedFile {
    /// Repository-relative; for [`SkipReason::VendoredDirectory`], the directory.
    pub(crate) path: String,
    pub(crate) reason: SkipReason,
    /// More about it when there is more to say (a size, the kind of special file, an error).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) detail: Option<String>,
}

/// A file-level problem: unreadable, unparsable, or a walk error.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Problem {
    pub(crate) path: String,
    pub(crate) message: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct Summary {
    pub(crate) files: usize,
    pub(crate) lines: usize,
    pub(crate) bytes: usize,
    /// Files that were not valid UTF-8 and were read with replacement characters.
    pub(crate) lossy_files: usize,
    pub(crate) languages: BTreeMap<String, usize>,
    pub(crate) shards_total: usize,
    pub(crate) shards_reviewed: usize,
    /// Shards whose agent reviews all came from the cache.
    pub(crate) shards_cached: usize,
    pub(crate) by_severity: BTreeMap<Severity, usize>,
    pub(crate) suppressed: usize,
    pub(crate) skipped: BTreeMap<SkipReason, usize>,
    pub(crate) duration_seconds: f64,
    pub(crate) pool: PoolMetrics,
}
