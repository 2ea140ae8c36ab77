//! The merge over the typed model: inputs are written as JSON, read by the one reader, merged.

use serde_json::{json, Value};

use super::super::limits::{cut, Origin, Trim, MAX_RESULTS};
use super::*;
use crate::model::sarif::{self, ResultLevel};

/// The merge of `inputs` with no summaries joined.
pub(super) fn merge_logs(inputs: Vec<(String, Log)>) -> Result<MergedLog, MergeError> {
    merge(inputs, Vec::new())
}

pub(super) fn result(fingerprint: &str, line: u64, level: &str) -> Value {
    json!({
        "ruleId": "python/eval-exec",
        "ruleIndex": 7,
        "level": level,
        "message": { "text": "m" },
        "locations": [{ "physicalLocation": {
            "artifactLocation": { "uri": "a.py", "uriBaseId": "%SRCROOT%" },
            "region": { "startLine": line, "startColumn": 5, "endLine": line, "endColumn": 9,
                        "snippet": { "text": "eval(x)" } }
        }}],
        "partialFingerprints": { "shardscan/v1": fingerprint, "primaryLocationLineHash": "1:1" },
        "properties": { "reviewers": ["rules"] }
    })
}

pub(super) fn run(results: Vec<Value>, metrics: Value) -> Value {
    json!({
        "tool": { "driver": { "name": "shardscan", "version": "0.1.0", "rules": [
            { "id": "python/eval-exec" }, { "id": "python/weak-hash" }
        ]}},
        "originalUriBaseIds": { "%SRCROOT%": { "uri": "file:///repo/" } },
        "invocations": [{ "executionSuccessful": true, "toolExecutionNotifications": [] }],
        "results": results,
        "columnKind": "utf16CodeUnits",
        "properties": { "metrics": metrics },
    })
}

/// A log of `runs`, read as `shardscan merge` reads its inputs.
pub(super) fn log(runs: Vec<Value>) -> (String, Log) {
    let log = json!({ "$schema": SCHEMA_URI, "version": "2.1.0", "runs": runs });
    let text = log.to_string();
    let log = sarif::parse("in.sarif", text.as_bytes()).unwrap();
    (String::from("in.sarif"), log)
}

fn notes(run: &Run) -> Vec<&str> {
    let listed = run.invocations.as_ref().unwrap()[0]
        .tool_execution_notifications
        .iter()
        .flatten();
    listed
        .map(|n| n.descriptor.as_ref().unwrap().id.as_deref().unwrap())
        .collect()
}

#[test]
fn over_githubs_limit_the_most_severe_results_stay() {
    let total = MAX_RESULTS + 5;
    let results = (0..total)
        .map(|i| {
            result(
                &format!("{i:x}:1"),
                i as u64 + 1,
                if i % 1000 == 3 { "error" } else { "note" },
            )
        })
        .collect();
    let merged = merge_logs(vec![log(vec![run(results, json!({}))])]).unwrap();
    let written = cut(&merged.log, Trim::default(), Origin::Merge);
    let run = &written.runs[0];
    let results = run.results.as_ref().unwrap();
    assert_eq!(results.len(), MAX_RESULTS);
    let errors = results
        .iter()
        .filter(|r| r.level == Some(ResultLevel::Error))
        .count();
    assert_eq!(errors, total.div_ceil(1000));
    assert_eq!(notes(run), ["results-truncated"]);
    let text = &run.invocations.as_ref().unwrap()[0]
        .tool_execution_notifications
        .as_ref()
        .unwrap()[0]
        .message
        .text;
    assert!(
        text.as_deref().unwrap().contains("after merging"),
        "{text:?}"
    );
    assert!(
        results
            .windows(2)
            .all(|w| results::order(&w[0]) <= results::order(&w[1])),
        "still in file order"
    );
}

#[test]
fn more_categories_than_github_takes_is_an_error() {
    let inputs = || -> Vec<_> {
        (0..=MAX_RUNS)
            .map(|i| {
                let mut one = run(vec![], json!({}));
                one["automationDetails"] = json!({ "id": format!("part-{i}/") });
                log(vec![one])
            })
            .collect()
    };
    let error = merge_logs(inputs()).unwrap_err().to_string();
    assert!(error.contains("21 runs"), "{error}");
    let fewer = inputs().into_iter().skip(1).collect();
    assert_eq!(merge_logs(fewer).unwrap().runs(), MAX_RUNS);
}

#[test]
fn categories_are_read_as_github_reads_them() {
    for (id, expected) in [
        (json!({ "id": "backend/" }), "backend"),
        (json!({ "id": "a/b/2024-01-01" }), "a/b"),
        (json!({ "id": "no-slash" }), ""),
        (json!({}), ""),
        (Value::Null, ""),
    ] {
        let mut one = run(vec![], json!({}));
        one["automationDetails"] = id.clone();
        let one: Run = serde_json::from_value(one).unwrap();
        assert_eq!(category(&one), expected, "{id}");
    }
}

#[test]
fn runs_of_one_category_with_different_ids_keep_the_category() {
    let with_id = |id: &str| {
        let mut one = run(vec![], json!({}));
        one["automationDetails"] = json!({ "id": id });
        log(vec![one])
    };
    let merged = merge_logs(vec![with_id("backend/1"), with_id("backend/2")]).unwrap();
    let details = merged.log.runs[0].automation_details.as_ref().unwrap();
    assert_eq!(details.id.as_deref(), Some("backend/"));
    let merged = merge_logs(vec![with_id("no-slash-1"), with_id("no-slash-2")]).unwrap();
    assert!(
        merged.log.runs[0].automation_details.is_none(),
        "the default category"
    );
}

#[test]
fn notifications_are_merged_once_and_success_needs_every_input() {
    let with_notes = |successful: bool, ids: &[&str]| {
        let mut one = run(vec![], json!({}));
        one["invocations"] = json!([{
            "executionSuccessful": successful,
            "toolExecutionNotifications": ids.iter().map(|id| json!({
                "level": "error", "message": { "text": format!("about {id}") },
                "descriptor": { "id": id }
            })).collect::<Vec<_>>()
        }]);
        log(vec![one])
    };
    let merged = merge_logs(vec![
        with_notes(true, &["unreviewed-shard", "file-problem"]),
        with_notes(false, &["file-problem", "unreviewed-shard", "other"]),
    ])
    .unwrap();
    let run = &merged.log.runs[0];
    assert_eq!(notes(run), ["unreviewed-shard", "file-problem", "other"]);
    assert!(!run.invocations.as_ref().unwrap()[0].execution_successful);
}

/// Each partition names the same skipped files: a thousand notes from the first input must not
/// push out an unreviewed shard of the second.
#[test]
fn notes_of_skipped_files_come_after_what_left_a_run_incomplete() {
    let with = |level: &str, ids: Vec<String>| {
        let mut one = run(vec![], json!({}));
        one["invocations"] = json!([{
            "executionSuccessful": true,
            "toolExecutionNotifications": ids.iter().map(|id| json!({
                "level": level, "message": { "text": format!("about {id}") },
                "descriptor": { "id": id }
            })).collect::<Vec<_>>()
        }]);
        log(vec![one])
    };
    let skipped: Vec<String> = (0..MAX_NOTIFICATIONS)
        .map(|i| format!("skipped-{i}"))
        .collect();
    let merged = merge_logs(vec![
        with("note", skipped),
        with("error", vec![String::from("unreviewed-shard")]),
    ])
    .unwrap();
    let listed = notes(&merged.log.runs[0]);
    assert_eq!(listed[0], "unreviewed-shard");
    assert_eq!(listed.len(), MAX_NOTIFICATIONS + 1);
    assert_eq!(listed[MAX_NOTIFICATIONS], "notifications-truncated");
}

#[test]
fn rules_are_united_and_indexes_point_into_them() {
    let mut first = run(vec![result("a:1", 1, "error")], json!({}));
    first["tool"]["driver"]["rules"] = json!([{ "id": "z/last", "name": "first's" }]);
    let mut second = run(vec![result("b:1", 2, "error")], json!({}));
    second["tool"]["driver"]["rules"][0]["name"] = json!("second's");
    second["results"][0]["ruleId"] = json!("z/last");
    let merged = merge_logs(vec![log(vec![first]), log(vec![second])]).unwrap();
    let run = &merged.log.runs[0];
    let rules = run.tool.driver.rules.as_ref().unwrap();
    let ids: Vec<&str> = rules.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["python/eval-exec", "python/weak-hash", "z/last"]);
    assert_eq!(rules[2].name.as_deref(), Some("first's"), "the first wins");
    let indexes: Vec<_> = run.results.iter().flatten().map(|r| r.rule_index).collect();
    assert_eq!(indexes, [Some(0), Some(2)]);
}

/// A scan's log merged alone comes back as it was: the typed model carries every field shardscan
/// writes, `properties` of runs and results, code flows and suppressions included.
#[test]
fn a_scan_log_merged_alone_keeps_everything_it_holds() {
    use super::super::tests::{finding, report};
    use crate::model::{FlowStep, Location, Problem, Severity, Unreviewed};

    let mut flowing = finding(1, Severity::Error);
    flowing.snippet = String::from("eval(x)");
    flowing.symbol = Some(String::from("def f"));
    flowing.flow_rule = Some(String::from("python/taint"));
    flowing.flow = vec![FlowStep {
        location: Location::line("f0.py", 1, 3, 9),
        message: String::from("source"),
        text: String::new(),
    }];
    let mut known = finding(2, Severity::Warning);
    known.suppressed = Some(String::from("already in the baseline b.json"));
    known.in_baseline = true;
    let mut scanned = report(vec![flowing, known]);
    scanned.category = Some(String::from("backend"));
    scanned.summary.files = 3;
    scanned.summary.duration_seconds = 1.5;
    scanned.unreviewed.push(Unreviewed {
        path: String::from("f0.py"),
        start_line: 4,
        end_line: 9,
        shard_id: String::from("s1"),
        reviewer: String::from("llm"),
        reason: String::from("timeout"),
    });
    scanned.problems.push(Problem {
        path: String::from("bad.py"),
        message: String::from("unreadable"),
    });
    let mut out = Vec::new();
    super::super::render(&scanned, &mut out).unwrap();
    let written: Value = serde_json::from_slice(&out).unwrap();

    let input = sarif::parse("scan.sarif", &out).unwrap();
    let merged = merge_logs(vec![(String::from("scan.sarif"), input)]).unwrap();
    let mut again = Vec::new();
    render(&merged, &mut again).unwrap();
    let mut merged: Value = serde_json::from_slice(&again).unwrap();
    let properties = merged["runs"][0]["properties"].as_object_mut().unwrap();
    assert_eq!(properties.remove("mergedFrom"), Some(json!(1)));
    assert_eq!(merged, written);
}

/// Runs that left their flows across files to the merge need their category's summaries: the
/// summaries of another category do not stand in for them, and the mark is gone once merged.
#[test]
fn a_category_that_left_its_join_to_the_merge_needs_its_own_summaries() {
    let left = |id: &str| {
        let mut one = run(vec![], json!({}));
        one["automationDetails"] = json!({ "id": id });
        one["properties"]["joinLeftToMerge"] = json!(true);
        log(vec![one])
    };
    let inputs = || vec![left("backend/"), left("frontend/")];
    let error = merge(inputs(), Vec::new()).unwrap_err().to_string();
    assert!(error.contains("left its flows across files"), "{error}");
    let one = vec![(String::from("backend"), Vec::new())];
    let error = merge(inputs(), one).unwrap_err().to_string();
    assert!(error.contains("left its flows across files"), "{error}");
    let both = vec![
        (String::from("backend"), Vec::new()),
        (String::from("frontend"), Vec::new()),
    ];
    let merged = merge(inputs(), both).unwrap();
    for run in &merged.log.runs {
        let properties = run.properties.as_ref().unwrap();
        assert!(!properties
            .additional_properties
            .contains_key("joinLeftToMerge"));
    }
}
