//! Merging shardscan SARIF logs (one per partition, machine or category) into one log with one run
//! per category: rules united, results deduplicated, notifications and metrics combined, and
//! GitHub's limits enforced again on the whole.
//!
//! This works on `serde_json::Value` rather than the typed structs of [`super`]: those are
//! only ever written. Inputs are read and checked once, at the edge
//! ([`crate::model::sarif::read`]), so the merge itself may rely on the shape it checked.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};
use std::io::{self, Write};

use serde_json::{json, Map, Value};

mod properties;
mod results;

use super::limits::{Trim, MAX_GZIP_BYTES, MAX_NOTIFICATIONS, MAX_RESULTS, MAX_RULES, MAX_RUNS};
use super::SCHEMA_URI;
use properties::merge_properties;
use results::merge_results;

const FINGERPRINT: &str = "shardscan/v1";

#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    #[error("the merged log would have {count} runs (one per category) and GitHub accepts at most {MAX_RUNS}\nhint: merge and upload the categories in several files")]
    TooManyRuns { count: usize },
}

/// The merged log, ready for [`render`].
#[derive(Debug)]
pub struct MergedLog {
    runs: Vec<MergedRun>,
    /// Things the user should know that do not belong in the log (inputs merged once).
    pub warnings: Vec<String>,
}

#[derive(Debug)]
struct MergedRun {
    /// Every field of the run but `results` and `invocations`, rules and properties merged.
    base: Map<String, Value>,
    /// Deduplicated, sorted by location, fingerprints renumbered, `ruleIndex` pointing into `base`.
    results: Vec<Value>,
    notifications: Vec<Value>,
    successful: bool,
}

impl MergedLog {
    pub fn runs(&self) -> usize {
        self.runs.len()
    }

    /// Results in all runs, before any cut for GitHub's limits.
    pub fn results(&self) -> usize {
        self.runs.iter().map(|run| run.results.len()).sum()
    }
}

/// The category of a run: what precedes the last `/` of `automationDetails.id`, as GitHub reads
/// it; empty (the default category) without one.
fn category(run: &Value) -> &str {
    run.pointer("/automationDetails/id")
        .and_then(Value::as_str)
        .and_then(|id| id.rsplit_once('/'))
        .map_or("", |(category, _)| category)
}

/// Merges `inputs` (a name for messages, and a log from [`parse`]) into one run per category, in
/// the order the categories first appear. A run equal to one already taken is merged once, with a
/// warning: merging a file with itself must not double its metrics.
pub fn merge(inputs: &[(String, Value)]) -> Result<MergedLog, MergeError> {
    struct Group<'a> {
        category: &'a str,
        runs: Vec<&'a Value>,
        sources: Vec<String>,
    }
    let mut groups: Vec<Group> = Vec::new();
    let mut warnings = Vec::new();
    for (name, log) in inputs {
        let runs = log["runs"].as_array().map_or(&[][..], Vec::as_slice);
        for (i, run) in runs.iter().enumerate() {
            let source = if runs.len() == 1 {
                format!("`{name}`")
            } else {
                format!("run {} of `{name}`", i + 1)
            };
            let category = category(run);
            let position = match groups.iter().position(|g| g.category == category) {
                Some(position) => position,
                None => {
                    groups.push(Group {
                        category,
                        runs: Vec::new(),
                        sources: Vec::new(),
                    });
                    groups.len() - 1
                }
            };
            let group = &mut groups[position];
            if let Some(same) = group.runs.iter().position(|taken| *taken == run) {
                warnings.push(format!(
                    "{source} is identical to {}: merged once",
                    group.sources[same]
                ));
                continue;
            }
            group.runs.push(run);
            group.sources.push(source);
        }
    }
    if groups.len() > MAX_RUNS {
        return Err(MergeError::TooManyRuns {
            count: groups.len(),
        });
    }
    let runs = groups
        .iter()
        .map(|group| merge_category(group.category, &group.runs, &mut warnings))
        .collect();
    Ok(MergedLog { runs, warnings })
}

fn merge_category(category: &str, runs: &[&Value], warnings: &mut Vec<String>) -> MergedRun {
    let mut base = runs[0].as_object().cloned().unwrap_or_default();
    base.remove("results");
    base.remove("invocations");

    let mut versions: Vec<&str> = Vec::new();
    for run in runs {
        let version = run
            .pointer("/tool/driver/version")
            .and_then(Value::as_str)
            .unwrap_or("?");
        if !versions.contains(&version) {
            versions.push(version);
        }
    }
    if versions.len() > 1 {
        warnings.push(format!(
            "the inputs{} come from different shardscan versions ({}): rules are described as the first has them",
            if category.is_empty() { String::new() } else { format!(" of category `{category}`") },
            versions.join(", ")
        ));
    }

    let results = merge_results(runs);
    let rules = merge_rules(runs, &results);
    let positions: HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .filter_map(|(i, rule)| Some((rule["id"].as_str()?, i)))
        .collect();
    let results = results
        .into_iter()
        .map(|mut result| {
            let index = positions
                .get(result["ruleId"].as_str().unwrap_or(""))
                .copied();
            if let Some(object) = result.as_object_mut() {
                match index {
                    Some(index) => object.insert("ruleIndex".into(), json!(index)),
                    None => object.remove("ruleIndex"),
                };
            }
            result
        })
        .collect();
    if let Some(driver) = base
        .get_mut("tool")
        .and_then(|tool| tool.get_mut("driver"))
        .and_then(Value::as_object_mut)
    {
        driver.insert("rules".into(), Value::Array(rules));
    }

    // Relative URIs resolve against `%SRCROOT%`; each machine's own root is as good as another,
    // so the first input's stands and bases only the others declare are kept.
    let mut bases = Map::new();
    for run in runs {
        for (id, location) in run["originalUriBaseIds"].as_object().into_iter().flatten() {
            bases.entry(id.clone()).or_insert_with(|| location.clone());
        }
    }
    if !bases.is_empty() {
        base.insert("originalUriBaseIds".into(), Value::Object(bases));
    }

    let details: Vec<&Value> = runs.iter().map(|run| &run["automationDetails"]).collect();
    if details.iter().any(|d| *d != details[0]) {
        if category.is_empty() {
            base.remove("automationDetails");
        } else {
            base.insert(
                "automationDetails".into(),
                json!({ "id": format!("{category}/") }),
            );
        }
    }

    base.insert("properties".into(), merge_properties(runs));

    let mut successful = true;
    let mut notifications = Vec::new();
    let mut seen = HashSet::new();
    let mut dropped = 0usize;
    for run in runs {
        for invocation in run["invocations"].as_array().into_iter().flatten() {
            successful &= invocation["executionSuccessful"].as_bool().unwrap_or(false);
            let listed = invocation["toolExecutionNotifications"].as_array();
            for notification in listed.into_iter().flatten() {
                if !seen.insert(notification.to_string()) {
                    continue;
                }
                if notifications.len() < MAX_NOTIFICATIONS {
                    notifications.push(notification.clone());
                } else {
                    dropped += 1;
                }
            }
        }
    }
    if dropped > 0 {
        notifications.push(notification(
            "error",
            "notifications-truncated",
            format!("{dropped} more notifications (unreviewed shards, file problems) are in the input files"),
        ));
    }
    MergedRun {
        base,
        results,
        notifications,
        successful,
    }
}

/// Rules of every run, the first description of an id winning, sorted by id as a scan sorts them.
/// Over GitHub's limit, rules that results use are kept first.
fn merge_rules(runs: &[&Value], results: &[Value]) -> Vec<Value> {
    let mut rules: Vec<Value> = Vec::new();
    let mut ids = HashSet::new();
    for run in runs {
        for rule in run
            .pointer("/tool/driver/rules")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if ids.insert(rule["id"].as_str().unwrap_or("").to_string()) {
                rules.push(rule.clone());
            }
        }
    }
    if rules.len() > MAX_RULES {
        let used: HashSet<&str> = results
            .iter()
            .filter_map(|r| r["ruleId"].as_str())
            .collect();
        rules.sort_by_key(|rule| !used.contains(rule["id"].as_str().unwrap_or("")));
        rules.truncate(MAX_RULES);
    }
    rules.sort_by(|a, b| a["id"].as_str().cmp(&b["id"].as_str()));
    rules
}

fn notification(level: &str, id: &str, text: String) -> Value {
    json!({ "level": level, "message": { "text": text }, "descriptor": { "id": id } })
}

fn level_rank(result: &Value) -> u8 {
    match result["level"].as_str() {
        Some("error") => 3,
        Some("note") => 1,
        Some("none") => 0,
        // SARIF's default level.
        _ => 2,
    }
}

fn build_run(run: &MergedRun, trim: Trim) -> Value {
    let mut notifications = run.notifications.clone();
    let mut kept: Vec<usize> = (0..run.results.len()).collect();
    let max_results = trim.max_results.min(MAX_RESULTS);
    if kept.len() > max_results {
        // The most severe, unsuppressed first; the sort is stable, so file order within a level.
        kept.sort_by_key(|&i| {
            let result = &run.results[i];
            let suppressed = result["suppressions"]
                .as_array()
                .is_some_and(|s| !s.is_empty());
            (suppressed, Reverse(level_rank(result)))
        });
        kept.truncate(max_results);
        kept.sort_unstable();
        notifications.push(notification(
            "warning",
            "results-truncated",
            format!(
                "{} results after merging; only the {max_results} most severe are in this file (GitHub's limits on results per run and on file size). The merged input files hold all of them.",
                run.results.len()
            ),
        ));
    }
    if !trim.snippets {
        let dropped = notification(
            "warning",
            "snippets-dropped",
            String::from("code snippets were left out to keep this file under GitHub's 10 MB (compressed) limit"),
        );
        if !notifications.contains(&dropped) {
            notifications.push(dropped);
        }
    }
    let results: Vec<Value> = kept
        .into_iter()
        .map(|i| {
            let mut result = run.results[i].clone();
            if !trim.snippets {
                for location in result["locations"].as_array_mut().into_iter().flatten() {
                    if let Some(region) = location
                        .pointer_mut("/physicalLocation/region")
                        .and_then(Value::as_object_mut)
                    {
                        region.remove("snippet");
                    }
                }
            }
            result
        })
        .collect();
    let mut out = run.base.clone();
    out.insert(
        "invocations".into(),
        json!([{
            "executionSuccessful": run.successful,
            "toolExecutionNotifications": notifications,
        }]),
    );
    out.insert("results".into(), Value::Array(results));
    Value::Object(out)
}

fn build(log: &MergedLog, trim: Trim) -> Value {
    let runs: Vec<Value> = log.runs.iter().map(|run| build_run(run, trim)).collect();
    json!({ "$schema": SCHEMA_URI, "version": "2.1.0", "runs": runs })
}

/// Writes the merged log as pretty JSON with a trailing newline, trimmed as a scan trims its own
/// until it fits GitHub's 10 MB compressed limit: first without snippets, then keeping fewer (the
/// most severe) results; each cut is said in a notification.
pub fn render(log: &MergedLog, out: &mut dyn Write) -> io::Result<()> {
    let mut trim = Trim::default();
    let most = log.runs.iter().map(|r| r.results.len()).max().unwrap_or(0);
    loop {
        let mut bytes = serde_json::to_vec_pretty(&build(log, trim)).map_err(io::Error::from)?;
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
            trim.max_results = most.min(trim.max_results) / 2;
        }
    }
}

fn gzip_size(bytes: &[u8]) -> io::Result<usize> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?.len())
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

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

    pub(super) fn log(runs: Vec<Value>) -> (String, Value) {
        let log = json!({ "$schema": SCHEMA_URI, "version": "2.1.0", "runs": runs });
        let text = log.to_string();
        let log = crate::model::sarif::parse("in.sarif", text.as_bytes()).unwrap();
        (String::from("in.sarif"), serde_json::to_value(log).unwrap())
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
        let merged = merge(&[log(vec![run(results, json!({}))])]).unwrap();
        let built = build(&merged, Trim::default());
        let run = &built["runs"][0];
        let results = run["results"].as_array().unwrap();
        assert_eq!(results.len(), MAX_RESULTS);
        let errors = results.iter().filter(|r| r["level"] == "error").count();
        assert_eq!(errors, total.div_ceil(1000));
        let notes = run["invocations"][0]["toolExecutionNotifications"].to_string();
        assert!(notes.contains("results-truncated"), "{notes}");
        assert!(
            results
                .windows(2)
                .all(|w| super::results::order(&w[0]) <= super::results::order(&w[1])),
            "still in file order"
        );
    }

    #[test]
    fn more_categories_than_github_takes_is_an_error() {
        let inputs: Vec<_> = (0..=MAX_RUNS)
            .map(|i| {
                let mut one = run(vec![], json!({}));
                one["automationDetails"] = json!({ "id": format!("part-{i}/") });
                log(vec![one])
            })
            .collect();
        let error = merge(&inputs).unwrap_err().to_string();
        assert!(error.contains("21 runs"), "{error}");
        assert_eq!(merge(&inputs[1..]).unwrap().runs(), MAX_RUNS);
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
            let run = json!({ "automationDetails": id });
            assert_eq!(category(&run), expected, "{id}");
        }
    }
}
