//! SARIF 2.1.0 for GitHub code scanning, written and merged over one typed model
//! ([`crate::model::sarif`], generated from the OASIS schema, which also reads logs back).
//!
//! What GitHub needs beyond the schema (`../shared/sarif/GITHUB.md`) is ours: repository-relative
//! percent-encoded URIs under `%SRCROOT%`, `results: []` when empty, `security-severity` as a
//! string, CWE tags, both partial fingerprints, the category in `automationDetails`, and every
//! size limit enforced before writing.
//!
//! - [`build`]: a report as a typed log of one run.
//! - [`limits`]: GitHub's limits, and the one loop that cuts a log (a scan's or a merge's) until
//!   it fits.
//! - [`merge`]: logs of partitions or categories merged into one, as one scan would write it.

mod build;
mod limits;
pub(crate) mod merge;

use std::io::{self, Write};

use crate::model::sarif::{Message, Notification, ReportingDescriptorReference};
use crate::model::Report;

const SCHEMA_URI: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
const INFORMATION_URI: &str = "https://github.com/shardscan/shardscan";
/// The base of every relative URI, declared in `originalUriBaseIds` as the scanned root.
const SRCROOT: &str = "%SRCROOT%";
/// The run property of a partition that left its flows across files to `shardscan merge
/// --summaries` (`--summaries-out`): a merge without the summaries would lose them.
const JOIN_LEFT_TO_MERGE: &str = "joinLeftToMerge";
/// GitHub's own partial fingerprint, beside [`crate::model::sarif::FINGERPRINT`].
const LINE_HASH: &str = "primaryLocationLineHash";

/// Writes the SARIF log of `report`, cut until it fits GitHub's limits: first without snippets,
/// then keeping fewer (the most severe) results; each cut is said in a notification.
pub(crate) fn render(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let totals = vec![report.findings.len()];
    limits::write_within_limits(build::log(report), Some(totals), limits::Origin::Scan, out)
}

/// §3.17 `automationDetails.id` of a run of `category`: code scanning's category is everything
/// before the last `/` of the id, so a trailing `/` makes the whole id the category.
fn automation_id(category: &str) -> String {
    if category.ends_with('/') {
        category.to_string()
    } else {
        format!("{category}/")
    }
}

/// The category code scanning reads from a run's `automationDetails.id`: what precedes its last
/// `/`; empty (the default category) without one.
fn category_of_id(id: &str) -> &str {
    id.rsplit_once('/').map_or("", |(category, _)| category)
}

/// The category a merge files the run of a scan with `--category` under (the default one
/// without).
pub(crate) fn category_of_scan(category: Option<&str>) -> String {
    let id = category.map(automation_id);
    id.as_deref()
        .map(category_of_id)
        .unwrap_or_default()
        .to_string()
}

/// The results of `report`'s findings as a scan writes them, without rule indexes: for a merge
/// to add to the runs it merges, which numbers the rules again.
pub(crate) fn results(report: &Report) -> Vec<crate::model::sarif::SarifResult> {
    let uri = |path: &str| report.uri(path);
    let results = report.findings.iter();
    results.map(|f| build::result(f, None, &uri)).collect()
}

/// §3.11 message of plain text.
fn message(text: String) -> Message {
    Message::builder().text(text).build()
}

/// §3.58 notification of the condition `id` (§3.52 descriptor reference) at `level`.
fn notification(level: &str, id: &str, text: String) -> Notification {
    Notification::builder()
        .level(level)
        .message(message(text))
        .descriptor(ReportingDescriptorReference::builder().id(id).build())
        .build()
}

#[cfg(test)]
mod tests {
    use super::limits::{gzip_size, MAX_GZIP_BYTES, MAX_RESULTS, MAX_TAGS};
    use super::*;
    use crate::model::sarif::ResultLevel;
    use crate::model::{Finding, Location, RuleDescriptor, Severity, Summary};

    pub(super) fn finding(i: usize, severity: Severity) -> Finding {
        Finding {
            rule_id: String::from("r/x"),
            reviewers: vec![String::from("rules")],
            severity,
            message: format!("m{i}"),
            location: Location {
                path: format!("f{}.py", i / 100),
                start_line: i % 100 + 1,
                start_column: 1,
                end_line: i % 100 + 1,
                end_column: 2,
            },
            cwe: vec![],
            confidence: 0.5,
            snippet: String::new(),
            symbol: None,
            fingerprint: format!("{i:016x}:1"),
            line_hash: String::from("abc:1"),
            suppressed: None,
            in_baseline: false,
            flow_rule: None,
            flow: Vec::new(),
            agreement: None,
            secrets: vec![],
        }
    }

    pub(super) fn report(findings: Vec<Finding>) -> Report {
        Report {
            tool_version: String::from("0.0.0"),
            root: std::path::PathBuf::from("/repo"),
            uris: Default::default(),
            rules: vec![RuleDescriptor {
                id: String::from("r/x"),
                name: String::from("x"),
                description: String::from("d"),
                help: String::from("h"),
                severity: Severity::Warning,
                cwe: (0..30).map(|i| format!("CWE-{i}")).collect(),
                tags: vec![],
                precision: String::from("high"),
                security_severity: 5.0,
            }],
            findings,
            unreviewed: vec![],
            problems: vec![],
            skipped_files: vec![],
            scope: Vec::new(),
            category: None,
            join_left_to_merge: false,
            configuration: Vec::new(),
            baseline: None,
            rejected: vec![],
            summary: Summary {
                files: 0,
                lines: 0,
                bytes: 0,
                lossy_files: 0,
                languages: Default::default(),
                shards_total: 0,
                shards_reviewed: 0,
                shards_cached: 0,
                by_severity: Default::default(),
                suppressed: 0,
                skipped: Default::default(),
                duration_seconds: 0.0,
                pool: Default::default(),
            },
        }
    }

    #[test]
    fn trims_to_githubs_compressed_size_limit() {
        // Incompressible snippets: 4,000 results x 4 KB of random-looking text.
        let mut state = 0x9e3779b97f4a7c15u64;
        let findings = (0..4000)
            .map(|i| {
                let mut f = finding(i, Severity::Warning);
                f.snippet = (0..4096)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        char::from(b'!' + (state % 90) as u8)
                    })
                    .collect();
                f
            })
            .collect();
        let report = report(findings);
        let mut out = Vec::new();
        render(&report, &mut out).unwrap();
        assert!(gzip_size(&out).unwrap() <= MAX_GZIP_BYTES);
        let log: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let notes = log["runs"][0]["invocations"][0]["toolExecutionNotifications"].to_string();
        assert!(notes.contains("snippets-dropped"), "{notes}");
        assert_eq!(
            log["runs"][0]["results"].as_array().unwrap().len(),
            4000,
            "dropping snippets was enough"
        );
    }

    #[test]
    fn keeps_the_most_severe_results_within_githubs_limit() {
        let total = MAX_RESULTS + 10;
        let findings = (0..total)
            .map(|i| {
                finding(
                    i,
                    if i % 1000 == 7 {
                        Severity::Error
                    } else {
                        Severity::Note
                    },
                )
            })
            .collect();
        let report = report(findings);
        // The results the limit drops are never built...
        let built = build::log(&report);
        assert_eq!(built.runs[0].results.as_ref().unwrap().len(), MAX_RESULTS);
        // ...and the log written says how many there were.
        let mut out = Vec::new();
        render(&report, &mut out).unwrap();
        let log: crate::model::sarif::Log = serde_json::from_slice(&out).unwrap();
        let run = &log.runs[0];
        let results = run.results.as_ref().unwrap();
        assert_eq!(results.len(), MAX_RESULTS);
        let errors = results
            .iter()
            .filter(|r| r.level == Some(ResultLevel::Error))
            .count();
        assert_eq!(errors, total.div_ceil(1000), "every error survives the cut");
        let notes = run.invocations.as_ref().unwrap()[0]
            .tool_execution_notifications
            .as_ref()
            .unwrap();
        let first = notes[0].descriptor.as_ref().unwrap().id.as_deref();
        assert_eq!(first, Some("results-truncated"));
        let said = notes[0].message.text.as_deref().unwrap();
        assert!(
            said.starts_with(&format!(
                "{total} results found; only the {MAX_RESULTS} most"
            )),
            "{said}"
        );
        // Tags are capped too: 30 CWEs on one rule.
        let rule = &run.tool.driver.rules.as_ref().unwrap()[0];
        let tags = rule.properties.as_ref().unwrap().tags.as_ref().unwrap();
        assert!(tags.len() <= MAX_TAGS);
    }
}
