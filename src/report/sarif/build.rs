//! A [`Report`] as a SARIF log of one run, in the typed model: rules, results with their
//! fingerprints, code flows and suppressions, notifications for what was not reviewed, and the
//! run's metrics in `properties`. Only what no cut of [`super::limits`] can undo is capped here
//! (rules, tags, description lengths, notifications).

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::{json, Value};

use super::limits::{self, MAX_DESCRIPTION, MAX_NOTIFICATIONS, MAX_RULE_NAME, MAX_TAGS};
use super::{
    automation_id, message, notification, INFORMATION_URI, JOIN_LEFT_TO_MERGE, LINE_HASH,
    SCHEMA_URI, SRCROOT,
};
use crate::model::sarif::{
    ArtifactContent, ArtifactLocation, CodeFlow, Invocation, Location, Log,
    MultiformatMessageString, Notification, PhysicalLocation, PropertyBag, Region,
    ReportingConfiguration, ReportingDescriptor, ResultLevel, Run, RunAutomationDetails,
    SarifResult, Suppression, ThreadFlow, ThreadFlowLocation, Tool, ToolComponent, DRIVER,
    FINGERPRINT, VERSION,
};
use crate::model::{Finding, Report, RuleDescriptor, Severity, SkipReason};
use crate::paths::directory_uri;

/// The log of `report`, with a result for each finding up to GitHub's limit of results per run
/// (the most severe, unsuppressed first, in report order): a result costs some kilobytes in the
/// typed model, so the ones the limit would drop are never built. The rest of GitHub's limits,
/// and the notification of every cut, are [`limits::write_within_limits`]'s, which is told how
/// many findings there were.
pub(super) fn log(report: &Report) -> Log {
    let mut rules: Vec<&RuleDescriptor> = report.rules.iter().collect();
    rules.sort_by(|a, b| a.id.cmp(&b.id));
    rules.dedup_by(|a, b| a.id == b.id);
    let mut rules: Vec<ReportingDescriptor> = rules.into_iter().map(descriptor).collect();
    let used: HashSet<&str> = report.findings.iter().map(|f| f.rule_id.as_str()).collect();
    limits::cap_rules(&mut rules, &used);
    let index: HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, rule)| (rule.id.as_str(), i))
        .collect();
    let results: Vec<SarifResult> = kept(&report.findings, limits::MAX_RESULTS)
        .into_iter()
        .map(|finding| {
            let rule_index = index.get(finding.rule_id.as_str()).copied();
            result(finding, rule_index, &|path| report.uri(path))
        })
        .collect();

    let mut bases = BTreeMap::new();
    bases.insert(
        SRCROOT.to_string(),
        ArtifactLocation::builder()
            .uri(directory_uri(&report.root))
            .build(),
    );
    let driver = ToolComponent::builder()
        .name(DRIVER)
        .version(report.tool_version.clone())
        .semantic_version(report.tool_version.clone())
        .information_uri(INFORMATION_URI)
        .rules(rules)
        .build();
    let run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .original_uri_base_ids(bases)
        .invocations(vec![Invocation::builder()
            .execution_successful(report.is_complete())
            .tool_execution_notifications(notifications(report))
            .build()])
        // §3.14.23: always present, `[]` when empty (upload-sarif rejects a run without it).
        .results(results)
        .opt_automation_details(report.category.as_deref().map(|category| {
            RunAutomationDetails::builder()
                .id(automation_id(category))
                .build()
        }))
        .column_kind("utf16CodeUnits")
        .properties(bag(metrics(report)))
        .build();
    Log::builder()
        .schema(SCHEMA_URI)
        .version(VERSION)
        .runs(vec![run])
        .build()
}

/// The run's `properties`: `metrics`, the figures a merge combines.
fn metrics(report: &Report) -> Value {
    let summary = &report.summary;
    let mut properties = json!({
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
    });
    if report.join_left_to_merge {
        properties[JOIN_LEFT_TO_MERGE] = Value::Bool(true);
    }
    properties
}

/// A property bag of a JSON object's members.
fn bag(object: Value) -> PropertyBag {
    let Value::Object(members) = object else {
        unreachable!("built from `json!({{..}})`");
    };
    PropertyBag::builder()
        .additional_properties(members.into_iter().collect::<BTreeMap<_, _>>())
        .build()
}

fn level(severity: Severity) -> ResultLevel {
    match severity {
        Severity::Error => ResultLevel::Error,
        Severity::Warning => ResultLevel::Warning,
        Severity::Note => ResultLevel::Note,
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

/// A SARIF integer (§3.30 lines and columns, §3.27.6 ruleIndex) of a count.
fn integer(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// §3.49 reportingDescriptor, with what GitHub reads in `properties`: CWE tags, `precision`,
/// `problem.severity` and `security-severity`, a string holding a number in (0, 10].
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
    let text = |text: String| MultiformatMessageString::builder().text(text).build();
    let mut properties = bag(json!({
        "precision": rule.precision,
        "problem.severity": match rule.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "recommendation",
        },
        "security-severity": format!("{:.1}", rule.security_severity.clamp(0.1, 10.0)),
    }));
    properties.tags = Some(tags);
    ReportingDescriptor::builder()
        .id(rule.id.clone())
        .name(clip(&rule.name, MAX_RULE_NAME))
        .short_description(text(clip(&rule.name, MAX_DESCRIPTION)))
        .full_description(text(clip(&rule.description, MAX_DESCRIPTION)))
        .help(
            MultiformatMessageString::builder()
                .text(rule.help.clone())
                .markdown(markdown)
                .build(),
        )
        .default_configuration(
            ReportingConfiguration::builder()
                .level(rule.severity.as_str())
                .build(),
        )
        .properties(properties)
        .build()
}

/// §3.28 location in a file: under `%SRCROOT%` unless the URI is absolute.
pub(super) fn location(uri: &str, region: Option<Region>) -> Location {
    let absolute = uri.starts_with("file:");
    Location::builder()
        .physical_location(
            PhysicalLocation::builder()
                .artifact_location(
                    ArtifactLocation::builder()
                        .uri(uri)
                        .opt_uri_base_id((!absolute).then(|| SRCROOT.to_string()))
                        .build(),
                )
                .opt_region(region)
                .build(),
        )
        .build()
}

/// §3.30 region of lines, with columns where known.
fn region(
    start_line: usize,
    start_column: Option<usize>,
    end_line: usize,
    end_column: Option<usize>,
) -> Region {
    Region::builder()
        .start_line(integer(start_line))
        .opt_start_column(start_column.map(integer))
        .end_line(integer(end_line))
        .opt_end_column(end_column.map(integer))
        .build()
}

/// §3.27 result: both partial fingerprints, the taint flow as §3.36 codeFlows, §3.35
/// suppressions (inline, or `external` for a baseline's), and the finding's own properties.
/// The `max` findings a cut to `max` results keeps, in report order: unsuppressed before
/// suppressed, then the most severe, then report order (as [`limits`] cuts results).
fn kept(findings: &[Finding], max: usize) -> Vec<&Finding> {
    if findings.len() <= max {
        return findings.iter().collect();
    }
    let mut order: Vec<usize> = (0..findings.len()).collect();
    order.sort_by_key(|&i| {
        let finding = &findings[i];
        (
            finding.suppressed.is_some(),
            std::cmp::Reverse(finding.severity),
        )
    });
    let mut keep = vec![false; findings.len()];
    for &i in &order[..max] {
        keep[i] = true;
    }
    findings
        .iter()
        .zip(keep)
        .filter_map(|(finding, kept)| kept.then_some(finding))
        .collect()
}

/// `uri` gives a path's URI: the finding's own, and each step's (a flow across files has steps
/// in other files than the finding's).
pub(super) fn result(
    finding: &Finding,
    rule_index: Option<usize>,
    uri: &dyn Fn(&str) -> String,
) -> SarifResult {
    let at = &finding.location;
    let mut fingerprints = BTreeMap::new();
    if !finding.line_hash.is_empty() {
        fingerprints.insert(LINE_HASH.to_string(), finding.line_hash.clone());
    }
    fingerprints.insert(FINGERPRINT.to_string(), finding.fingerprint.clone());
    let mut primary = region(
        at.start_line,
        Some(at.start_column),
        at.end_line,
        Some(at.end_column),
    );
    if !finding.snippet.is_empty() {
        primary.snippet = Some(
            ArtifactContent::builder()
                .text(finding.snippet.clone())
                .build(),
        );
    }
    let code_flows = (!finding.flow.is_empty()).then(|| {
        let steps = finding.flow.iter().map(|step| {
            let at = &step.location;
            let mut place = location(
                &uri(&at.path),
                Some(region(
                    at.start_line,
                    Some(at.start_column),
                    at.end_line,
                    Some(at.end_column),
                )),
            );
            place.message = Some(message(step.message.clone()));
            ThreadFlowLocation::builder().location(place).build()
        });
        let flow = ThreadFlow::builder()
            .locations(steps.collect::<Vec<_>>())
            .build();
        vec![CodeFlow::builder().thread_flows(vec![flow]).build()]
    });
    let suppressions = finding.suppressed.as_ref().map(|reason| {
        let kind = if finding.in_baseline {
            "external"
        } else {
            "inSource"
        };
        vec![Suppression::builder()
            .kind(kind)
            .justification(reason.clone())
            .build()]
    });
    let mut properties = json!({
        "reviewers": finding.reviewers,
        "confidence": crate::model::finding::decimal(finding.confidence),
        "symbol": finding.symbol,
        "cwe": finding.cwe,
    });
    if let Some(rule) = &finding.flow_rule {
        properties["flowRule"] = Value::from(rule.as_str());
    }
    // §3.27.28 rank: how many of the independent reviews of the shard agreed, 0-100.
    let rank = finding.agreement.map(|agreement| {
        properties["agreement"] = json!({"k": agreement.k, "of": agreement.of});
        agreement.rank()
    });
    SarifResult::builder()
        .rule_id(finding.rule_id.clone())
        .opt_rule_index(rule_index.map(integer))
        .level(level(finding.severity))
        .message(message(finding.message.clone()))
        .locations(vec![location(&uri(&at.path), Some(primary))])
        .partial_fingerprints(fingerprints)
        .opt_code_flows(code_flows)
        .opt_suppressions(suppressions)
        .opt_rank(rank)
        .properties(bag(properties))
        .build()
}

/// §3.58 notifications: each unreviewed shard and file problem (at most [`MAX_NOTIFICATIONS`] of
/// each; the JSON report has them all).
fn notifications(report: &Report) -> Vec<Notification> {
    let mut notifications = Vec::new();
    for item in report.unreviewed.iter().take(MAX_NOTIFICATIONS) {
        let text = format!(
            "lines {}-{} of `{}` (shard {}) were not reviewed by `{}`: {}",
            item.start_line, item.end_line, item.path, item.shard_id, item.reviewer, item.reason
        );
        let mut unreviewed = notification("error", "unreviewed-shard", text);
        unreviewed.locations = Some(vec![location(
            &report.uri(&item.path),
            Some(region(item.start_line, None, item.end_line, None)),
        )]);
        notifications.push(unreviewed);
    }
    for problem in report.problems.iter().take(MAX_NOTIFICATIONS) {
        let text = format!("`{}`: {}", problem.path, problem.message);
        let mut file_problem = notification("error", "file-problem", text);
        if !problem.path.is_empty() {
            file_problem.locations = Some(vec![location(&report.uri(&problem.path), None)]);
        }
        notifications.push(file_problem);
    }
    let dropped = report.unreviewed.len().saturating_sub(MAX_NOTIFICATIONS)
        + report.problems.len().saturating_sub(MAX_NOTIFICATIONS);
    if dropped > 0 {
        notifications.push(notification(
            "error",
            "notifications-truncated",
            format!(
                "{dropped} more unreviewed shards and file problems are listed in the JSON report"
            ),
        ));
    }
    notifications.extend(skipped_notifications(report));
    notifications
}

/// A note per skipped file, at most [`MAX_NOTIFICATIONS`], then one saying how many more the
/// JSON report names. Files that could hold reviewable code (minified, too large, special, ...)
/// come before files that are not source at all; unreadable files and files the run stopped
/// before are file problems already, so they are not repeated here.
fn skipped_notifications(report: &Report) -> Vec<Notification> {
    let listed = |not_source: bool| {
        report.skipped_files.iter().filter(move |skipped| {
            !matches!(skipped.reason, SkipReason::Error | SkipReason::Stopped)
                && (skipped.reason == SkipReason::NotSource) == not_source
        })
    };
    let mut notes = Vec::new();
    let mut more = 0usize;
    for skipped in listed(false).chain(listed(true)) {
        if notes.len() == MAX_NOTIFICATIONS {
            more += 1;
            continue;
        }
        let detail = skipped
            .detail
            .as_deref()
            .map(|d| format!(" ({d})"))
            .unwrap_or_default();
        let what = if skipped.reason == SkipReason::VendoredDirectory {
            "directory"
        } else {
            "file"
        };
        let text = format!(
            "{what} `{}` was not scanned: {}{detail}",
            skipped.path,
            skipped.reason.describe()
        );
        let mut note = notification("note", "skipped-file", text);
        if !skipped.path.is_empty() {
            note.locations = Some(vec![location(&report.uri(&skipped.path), None)]);
        }
        notes.push(note);
    }
    if more > 0 {
        notes.push(notification(
            "note",
            "skipped-files-truncated",
            format!("{more} more skipped files are listed in the JSON report (`skipped_files`)"),
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::tests::{finding, report};
    use crate::model::{FlowStep, Location, Problem, Severity, Unreviewed};

    #[test]
    fn an_empty_report_still_has_results_and_notifications() {
        let log = serde_json::to_value(super::log(&report(vec![]))).unwrap();
        let run = &log["runs"][0];
        assert_eq!(log["version"], "2.1.0");
        assert_eq!(run["results"], json!([]));
        assert_eq!(
            run["invocations"][0]["toolExecutionNotifications"],
            json!([])
        );
        assert_eq!(run["invocations"][0]["executionSuccessful"], true);
        assert!(run.get("automationDetails").is_none());
        assert_eq!(
            run["originalUriBaseIds"]["%SRCROOT%"]["uri"],
            "file:///repo/"
        );
    }

    #[test]
    fn a_report_is_one_run_with_what_github_reads() {
        let mut flowing = finding(1, Severity::Error);
        flowing.flow_rule = Some(String::from("python/taint"));
        flowing.flow = vec![FlowStep {
            location: Location::line("f0.py", 1, 3, 9),
            message: String::from("source"),
            text: String::new(),
        }];
        let mut inline = finding(2, Severity::Note);
        inline.suppressed = Some(String::from("inline"));
        let mut known = finding(3, Severity::Warning);
        known.suppressed = Some(String::from("already in the baseline b.json"));
        known.in_baseline = true;
        let mut report = report(vec![flowing, inline, known]);
        report.category = Some(String::from("backend"));
        report.unreviewed.push(Unreviewed {
            path: String::from("f0.py"),
            start_line: 4,
            end_line: 9,
            shard_id: String::from("s1"),
            reviewer: String::from("llm"),
            reason: String::from("timeout"),
        });
        report.problems.push(Problem {
            path: String::new(),
            message: String::from("walk error"),
        });
        let log = serde_json::to_value(super::log(&report)).unwrap();
        let run = &log["runs"][0];
        assert_eq!(run["automationDetails"]["id"], "backend/");
        let rule = &run["tool"]["driver"]["rules"][0];
        assert_eq!(rule["properties"]["security-severity"], "5.0");
        assert_eq!(rule["properties"]["tags"][0], "security");
        assert_eq!(rule["defaultConfiguration"]["level"], "warning");
        let results = run["results"].as_array().unwrap();
        assert_eq!(results[0]["ruleIndex"], 0);
        assert_eq!(
            results[0]["partialFingerprints"],
            json!({ "primaryLocationLineHash": "abc:1", "shardscan/v1": "0000000000000001:1" })
        );
        let step = &results[0]["codeFlows"][0]["threadFlows"][0]["locations"][0]["location"];
        assert_eq!(step["message"]["text"], "source");
        assert_eq!(step["physicalLocation"]["region"]["startColumn"], 3);
        assert_eq!(results[0]["properties"]["flowRule"], "python/taint");
        assert_eq!(results[1]["suppressions"][0]["kind"], "inSource");
        assert_eq!(results[2]["suppressions"][0]["kind"], "external");
        assert!(results[0].get("suppressions").is_none());
        let notes = &run["invocations"][0]["toolExecutionNotifications"];
        assert_eq!(notes[0]["descriptor"]["id"], "unreviewed-shard");
        assert_eq!(
            notes[0]["locations"][0]["physicalLocation"]["region"],
            json!({ "startLine": 4, "endLine": 9 })
        );
        assert_eq!(notes[1]["descriptor"]["id"], "file-problem");
        assert!(notes[1].get("locations").is_none(), "no path, no location");
        assert_eq!(run["invocations"][0]["executionSuccessful"], false);
    }
}
