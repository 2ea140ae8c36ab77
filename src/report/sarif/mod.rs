//! SARIF 2.1.0 for GitHub code scanning.
//!
//! Hand-written serde types, each naming its section of the OASIS spec, so every field we emit is a
//! deliberate choice. What GitHub needs beyond the schema (`../shared/sarif/GITHUB.md`) is done
//! here: repository-relative percent-encoded URIs under `%SRCROOT%`, `results: []` when empty,
//! `security-severity` as a string, CWE tags, both partial fingerprints, and every size limit
//! enforced before writing.

pub mod merge;

use std::collections::BTreeMap;
use std::io::{self, Write};

use serde::Serialize;

use crate::model::{Finding, Report, RuleDescriptor, Severity};
use crate::paths::directory_uri;

pub const SCHEMA_URI: &str =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
pub const INFORMATION_URI: &str = "https://github.com/shardscan/shardscan";

/// GitHub's limits (one over rejects the whole upload).
pub const MAX_RESULTS: usize = 25_000;
pub const MAX_RULES: usize = 25_000;
pub const MAX_TAGS: usize = 20;
/// GitHub's limit on the gzip-compressed upload.
pub const MAX_GZIP_BYTES: usize = 10 * 1024 * 1024;
/// Notifications are not limited by GitHub, but thousands of them help nobody.
pub const MAX_NOTIFICATIONS: usize = 1_000;
const MAX_DESCRIPTION: usize = 1_024;

/// §3.13 sarifLog.
#[derive(Serialize)]
pub struct SarifLog {
    #[serde(rename = "$schema")]
    pub schema: &'static str,
    pub version: &'static str,
    pub runs: Vec<Run>,
}

/// §3.14 run.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    pub tool: Tool,
    pub original_uri_base_ids: BTreeMap<String, ArtifactLocation>,
    pub invocations: Vec<Invocation>,
    /// §3.14.23: always present, `[]` when empty (upload-sarif rejects a run without it).
    pub results: Vec<SarifResult>,
    /// §3.14.28: code scanning's category (everything before the last `/` of the id).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub automation_details: Option<AutomationDetails>,
    pub column_kind: &'static str,
    pub properties: serde_json::Value,
}

/// §3.17 runAutomationDetails.
#[derive(Serialize)]
pub struct AutomationDetails {
    pub id: String,
}

/// §3.18 tool, §3.19 toolComponent.
#[derive(Serialize)]
pub struct Tool {
    pub driver: Driver,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Driver {
    pub name: &'static str,
    pub version: String,
    pub semantic_version: String,
    pub information_uri: &'static str,
    pub rules: Vec<ReportingDescriptor>,
}

/// §3.49 reportingDescriptor.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportingDescriptor {
    pub id: String,
    pub name: String,
    pub short_description: Message,
    pub full_description: Message,
    pub help: MultiformatMessage,
    pub default_configuration: Configuration,
    pub properties: RuleProperties,
}

/// §3.12 multiformatMessageString.
#[derive(Serialize)]
pub struct MultiformatMessage {
    pub text: String,
    pub markdown: String,
}

/// §3.50 reportingConfiguration.
#[derive(Serialize)]
pub struct Configuration {
    pub level: &'static str,
}

#[derive(Serialize)]
pub struct RuleProperties {
    pub tags: Vec<String>,
    pub precision: String,
    #[serde(rename = "problem.severity")]
    pub problem_severity: &'static str,
    /// A string holding a number in (0, 10]: GitHub rejects anything else.
    #[serde(rename = "security-severity")]
    pub security_severity: String,
}

/// §3.11 message.
#[derive(Serialize)]
pub struct Message {
    pub text: String,
}

/// §3.20 invocation.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Invocation {
    pub execution_successful: bool,
    pub tool_execution_notifications: Vec<Notification>,
}

/// §3.58 notification.
#[derive(Serialize)]
pub struct Notification {
    pub level: &'static str,
    pub message: Message,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub locations: Vec<Location>,
    pub descriptor: DescriptorReference,
}

/// §3.52 reportingDescriptorReference.
#[derive(Serialize)]
pub struct DescriptorReference {
    pub id: &'static str,
}

/// §3.27 result.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifResult {
    pub rule_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule_index: Option<usize>,
    pub level: &'static str,
    pub message: Message,
    pub locations: Vec<Location>,
    pub partial_fingerprints: BTreeMap<&'static str, String>,
    /// §3.36 codeFlows: a taint finding's way from the source to the sink.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub code_flows: Vec<CodeFlow>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suppressions: Vec<Suppression>,
    pub properties: serde_json::Value,
}

/// §3.36 codeFlow.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeFlow {
    pub thread_flows: Vec<ThreadFlow>,
}

/// §3.37 threadFlow.
#[derive(Serialize)]
pub struct ThreadFlow {
    pub locations: Vec<ThreadFlowLocation>,
}

/// §3.38 threadFlowLocation, §3.28 location with its message.
#[derive(Serialize)]
pub struct ThreadFlowLocation {
    pub location: FlowLocation,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowLocation {
    pub physical_location: PhysicalLocation,
    pub message: Message,
}

/// §3.35 suppression.
#[derive(Serialize)]
pub struct Suppression {
    pub kind: &'static str,
    pub justification: String,
}

/// §3.28 location.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    pub physical_location: PhysicalLocation,
}

/// §3.29 physicalLocation.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhysicalLocation {
    pub artifact_location: ArtifactLocation,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<Region>,
}

/// §3.4 artifactLocation.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactLocation {
    pub uri: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri_base_id: Option<&'static str>,
}

/// §3.30 region.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    pub start_line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_column: Option<usize>,
    pub end_line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub snippet: Option<Message>,
}

const SRCROOT: &str = "%SRCROOT%";

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

fn clip(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut cut = max.saturating_sub(3);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}...", &text[..cut])
}

fn descriptor(rule: &RuleDescriptor) -> ReportingDescriptor {
    let mut tags: Vec<String> = Vec::new();
    for tag in rule.tags.iter().cloned().chain(
        rule.cwe
            .iter()
            .map(|cwe| format!("external/cwe/{}", cwe.to_ascii_lowercase())),
    ) {
        if !tags.contains(&tag) {
            tags.push(tag);
        }
    }
    if !tags.iter().any(|t| t == "security") && (!rule.cwe.is_empty()) {
        tags.insert(0, String::from("security"));
    }
    tags.truncate(MAX_TAGS);
    let description = clip(&rule.description, MAX_DESCRIPTION);
    let mut markdown = rule.help.clone();
    if !rule.cwe.is_empty() {
        let links: Vec<String> = rule
            .cwe
            .iter()
            .map(|cwe| {
                let number = cwe.trim_start_matches("CWE-");
                format!("[{cwe}](https://cwe.mitre.org/data/definitions/{number}.html)")
            })
            .collect();
        markdown.push_str(&format!("\n\nReferences: {}", links.join(", ")));
    }
    ReportingDescriptor {
        id: rule.id.clone(),
        name: clip(&rule.name, 255),
        short_description: Message {
            text: clip(&rule.name, MAX_DESCRIPTION),
        },
        full_description: Message { text: description },
        help: MultiformatMessage {
            text: rule.help.clone(),
            markdown,
        },
        default_configuration: Configuration {
            level: level(rule.severity),
        },
        properties: RuleProperties {
            tags,
            precision: rule.precision.clone(),
            problem_severity: match rule.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Note => "recommendation",
            },
            security_severity: format!("{:.1}", rule.security_severity.clamp(0.1, 10.0)),
        },
    }
}

fn physical(uri: &str, region: Option<Region>) -> Location {
    let absolute = uri.starts_with("file:");
    Location {
        physical_location: PhysicalLocation {
            artifact_location: ArtifactLocation {
                uri: uri.to_string(),
                uri_base_id: (!absolute).then_some(SRCROOT),
            },
            region,
        },
    }
}

fn result(finding: &Finding, rule_index: Option<usize>, uri: &str) -> SarifResult {
    let location = &finding.location;
    let mut fingerprints = BTreeMap::new();
    if !finding.line_hash.is_empty() {
        fingerprints.insert("primaryLocationLineHash", finding.line_hash.clone());
    }
    fingerprints.insert("shardscan/v1", finding.fingerprint.clone());
    SarifResult {
        rule_id: finding.rule_id.clone(),
        rule_index,
        level: level(finding.severity),
        message: Message {
            text: finding.message.clone(),
        },
        locations: vec![physical(
            uri,
            Some(Region {
                start_line: location.start_line,
                start_column: Some(location.start_column),
                end_line: location.end_line,
                end_column: Some(location.end_column),
                snippet: (!finding.snippet.is_empty()).then(|| Message {
                    text: finding.snippet.clone(),
                }),
            }),
        )],
        partial_fingerprints: fingerprints,
        code_flows: if finding.flow.is_empty() {
            Vec::new()
        } else {
            vec![CodeFlow {
                thread_flows: vec![ThreadFlow {
                    locations: finding
                        .flow
                        .iter()
                        .map(|step| ThreadFlowLocation {
                            location: FlowLocation {
                                physical_location: physical(
                                    uri,
                                    Some(Region {
                                        start_line: step.location.start_line,
                                        start_column: Some(step.location.start_column),
                                        end_line: step.location.end_line,
                                        end_column: Some(step.location.end_column),
                                        snippet: None,
                                    }),
                                )
                                .physical_location,
                                message: Message {
                                    text: step.message.clone(),
                                },
                            },
                        })
                        .collect(),
                }],
            }]
        },
        suppressions: finding
            .suppressed
            .iter()
            .map(|reason| Suppression {
                kind: if finding.in_baseline {
                    "external"
                } else {
                    "inSource"
                },
                justification: reason.clone(),
            })
            .collect(),
        properties: {
            let mut properties = serde_json::json!({
                "reviewers": finding.reviewers,
                "confidence": finding.confidence,
                "symbol": finding.symbol,
                "cwe": finding.cwe,
            });
            if let Some(rule) = &finding.flow_rule {
                properties["flowRule"] = serde_json::Value::from(rule.as_str());
            }
            properties
        },
    }
}

/// How much of a report to keep when the whole would be too big for code scanning.
#[derive(Clone, Copy, Debug)]
pub struct Trim {
    pub snippets: bool,
    pub max_results: usize,
}

impl Default for Trim {
    fn default() -> Self {
        Trim {
            snippets: true,
            max_results: MAX_RESULTS,
        }
    }
}

/// Builds the SARIF log of `report`, enforcing GitHub's limits.
#[cfg(test)]
pub fn build(report: &Report) -> SarifLog {
    build_trimmed(report, Trim::default())
}

/// Builds the SARIF log of `report` keeping at most what `trim` allows.
pub fn build_trimmed(report: &Report, trim: Trim) -> SarifLog {
    let uri_of = |path: &str| report.uri(path);
    let mut rules: Vec<&RuleDescriptor> = report.rules.iter().collect();
    rules.sort_by(|a, b| a.id.cmp(&b.id));
    rules.dedup_by(|a, b| a.id == b.id);
    let mut notifications = Vec::new();
    if rules.len() > MAX_RULES {
        // Keep the rules that have results first.
        rules.sort_by_key(|r| !report.findings.iter().any(|f| f.rule_id == r.id));
        rules.truncate(MAX_RULES);
        rules.sort_by(|a, b| a.id.cmp(&b.id));
    }
    let index: BTreeMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, r)| (r.id.as_str(), i))
        .collect();

    let mut findings: Vec<&Finding> = report.findings.iter().collect();
    let max_results = trim.max_results.min(MAX_RESULTS);
    if findings.len() > max_results {
        let total = findings.len();
        // Keep the most severe (unsuppressed first), in report order within a severity.
        findings.sort_by_key(|f| (f.suppressed.is_some(), std::cmp::Reverse(f.severity)));
        findings.truncate(max_results);
        findings.sort_by(|a, b| {
            (&a.location.path, a.location.start_line, &a.rule_id).cmp(&(
                &b.location.path,
                b.location.start_line,
                &b.rule_id,
            ))
        });
        notifications.push(Notification {
            level: "warning",
            message: Message {
                text: format!(
                    "{total} results found; only the {max_results} most severe are in this file (GitHub's limits on results per run and on file size). Use the JSON report for all of them."
                ),
            },
            locations: Vec::new(),
            descriptor: DescriptorReference { id: "results-truncated" },
        });
    }
    if !trim.snippets {
        notifications.push(Notification {
            level: "warning",
            message: Message {
                text: String::from("code snippets were left out to keep this file under GitHub's 10 MB (compressed) limit"),
            },
            locations: Vec::new(),
            descriptor: DescriptorReference { id: "snippets-dropped" },
        });
    }
    let results = findings
        .iter()
        .map(|f| {
            let mut result = result(
                f,
                index.get(f.rule_id.as_str()).copied(),
                &uri_of(&f.location.path),
            );
            if !trim.snippets {
                for location in &mut result.locations {
                    if let Some(region) = &mut location.physical_location.region {
                        region.snippet = None;
                    }
                }
            }
            result
        })
        .collect();

    for item in report.unreviewed.iter().take(MAX_NOTIFICATIONS) {
        notifications.push(Notification {
            level: "error",
            message: Message {
                text: format!(
                    "lines {}-{} of `{}` (shard {}) were not reviewed by `{}`: {}",
                    item.start_line,
                    item.end_line,
                    item.path,
                    item.shard_id,
                    item.reviewer,
                    item.reason
                ),
            },
            locations: vec![physical(
                &uri_of(&item.path),
                Some(Region {
                    start_line: item.start_line,
                    start_column: None,
                    end_line: item.end_line,
                    end_column: None,
                    snippet: None,
                }),
            )],
            descriptor: DescriptorReference {
                id: "unreviewed-shard",
            },
        });
    }
    for problem in report.problems.iter().take(MAX_NOTIFICATIONS) {
        notifications.push(Notification {
            level: "error",
            message: Message {
                text: format!("`{}`: {}", problem.path, problem.message),
            },
            locations: if problem.path.is_empty() {
                Vec::new()
            } else {
                vec![physical(&uri_of(&problem.path), None)]
            },
            descriptor: DescriptorReference { id: "file-problem" },
        });
    }
    let dropped = report.unreviewed.len().saturating_sub(MAX_NOTIFICATIONS)
        + report.problems.len().saturating_sub(MAX_NOTIFICATIONS);
    if dropped > 0 {
        notifications.push(Notification {
            level: "error",
            message: Message {
                text: format!("{dropped} more unreviewed shards and file problems are listed in the JSON report"),
            },
            locations: Vec::new(),
            descriptor: DescriptorReference { id: "notifications-truncated" },
        });
    }

    let mut bases = BTreeMap::new();
    bases.insert(
        SRCROOT.to_string(),
        ArtifactLocation {
            uri: directory_uri(&report.root),
            uri_base_id: None,
        },
    );
    let summary = &report.summary;
    SarifLog {
        schema: SCHEMA_URI,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "shardscan",
                    version: report.tool_version.clone(),
                    semantic_version: report.tool_version.clone(),
                    information_uri: INFORMATION_URI,
                    rules: rules.into_iter().map(descriptor).collect(),
                },
            },
            original_uri_base_ids: bases,
            invocations: vec![Invocation {
                execution_successful: report.is_complete(),
                tool_execution_notifications: notifications,
            }],
            results,
            automation_details: report.category.as_ref().map(|category| AutomationDetails {
                // A trailing `/` makes the whole id the category.
                id: if category.ends_with('/') {
                    category.clone()
                } else {
                    format!("{category}/")
                },
            }),
            column_kind: "utf16CodeUnits",
            properties: serde_json::json!({
                "metrics": {
                    "files": summary.files,
                    "lines": summary.lines,
                    "shardsTotal": summary.shards_total,
                    "shardsReviewed": summary.shards_reviewed,
                    "shardsUnreviewed": summary.shards_total.saturating_sub(summary.shards_reviewed),
                    "suppressed": summary.suppressed,
                    "skipped": summary.skipped,
                    "pool": summary.pool,
                    "durationSeconds": summary.duration_seconds,
                }
            }),
        }],
    }
}

/// Writes the SARIF log, trimmed until it fits GitHub's 10 MB compressed limit: first without
/// snippets, then keeping fewer (the most severe) results; each cut is said in a notification.
pub fn render(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut trim = Trim::default();
    loop {
        let mut bytes =
            serde_json::to_vec_pretty(&build_trimmed(report, trim)).map_err(io::Error::from)?;
        bytes.push(b'\n');
        if bytes.len() <= MAX_GZIP_BYTES
            || gzip_size(&bytes)? <= MAX_GZIP_BYTES
            || trim.max_results == 0
        {
            return out.write_all(&bytes);
        }
        if trim.snippets {
            trim.snippets = false;
        } else {
            trim.max_results = report.findings.len().min(trim.max_results) / 2;
        }
    }
}

fn gzip_size(bytes: &[u8]) -> io::Result<usize> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Location, Summary};

    fn finding(i: usize, severity: Severity) -> Finding {
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
            secrets: vec![],
        }
    }

    fn report(findings: Vec<Finding>) -> Report {
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
            scope: Vec::new(),
            category: None,
            configuration: None,
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
        let log = build(&report(findings));
        let run = &log.runs[0];
        assert_eq!(run.results.len(), MAX_RESULTS);
        let errors = run.results.iter().filter(|r| r.level == "error").count();
        assert_eq!(errors, total.div_ceil(1000), "every error survives the cut");
        let notes = &run.invocations[0].tool_execution_notifications;
        assert!(notes.iter().any(|n| n.descriptor.id == "results-truncated"));
        // Tags are capped too: 30 CWEs on one rule.
        assert!(run.tool.driver.rules[0].properties.tags.len() <= MAX_TAGS);
    }

    /// Times the render of a report at GitHub's limit of 25,000 results, each with a snippet and
    /// one in four with a three-step taint flow (about 40 MB of JSON, so the size check runs too).
    /// `cargo test --release --lib sarif_render_time -- --ignored --nocapture`
    #[test]
    #[ignore = "a measurement, run by hand in release"]
    fn sarif_render_time_of_25000_results() {
        use crate::model::FlowStep;
        let findings = (0..MAX_RESULTS)
            .map(|i| {
                let mut f = finding(i, Severity::Warning);
                f.location.path = format!("src/module_{}/file_{}.py", i / 1000, i / 100);
                f.snippet = format!("    result = subprocess.call(request.args.get('cmd_{i}'))");
                f.symbol = Some(format!("def handler_{}", i % 97));
                if i % 4 == 0 {
                    f.flow_rule = Some(String::from("python/taint-command"));
                    f.flow = (0..3)
                        .map(|step| FlowStep {
                            location: Location::line(f.location.path.clone(), step + 1, 5, 20),
                            message: format!("step {step}: the value flows on"),
                            text: String::new(),
                        })
                        .collect();
                }
                f
            })
            .collect();
        let report = report(findings);
        let mut times = Vec::new();
        let mut size = 0;
        for _ in 0..5 {
            let start = std::time::Instant::now();
            let mut out = Vec::new();
            render(&report, &mut out).unwrap();
            times.push(start.elapsed().as_secs_f64());
            size = out.len();
        }
        times.sort_by(f64::total_cmp);
        println!(
            "render of {} results: median {:.3} s (min {:.3}, max {:.3}), {size} bytes",
            MAX_RESULTS, times[2], times[0], times[4]
        );
    }
}
