//! SARIF 2.1.0 as shardscan reads it: the typed model (`serde-sarif`, generated from the OASIS
//! schema), the names a shardscan log uses, and the one reader of a shardscan SARIF file.
//!
//! It sits in `model` because two layers read SARIF: `shardscan merge` (the printers,
//! `report::sarif`) and `--baseline` (`aggregate`, which must not import the printers). The writer
//! and the merge use the same types, so what is read is what is written.
//!
//! The schema sets `additionalProperties: false` on nearly every object, so a conforming log has
//! no field the typed model lacks except inside `properties` bags, which it keeps as JSON maps.
//! The typed model ignores any other unknown field, so the reader looks at a log's outline first:
//! a log of another tool or SARIF version is named as such, and a misnamed `runAutomationDetails`
//! (which would merge two categories into one) is refused rather than silently dropped.

use std::path::Path;

use serde::de::IgnoredAny;
use serde::Deserialize;
use serde_json::Value;

pub(crate) use serde_sarif::sarif::{
    ArtifactContent, ArtifactLocation, CodeFlow, Invocation, Location, Message,
    MultiformatMessageString, Notification, PhysicalLocation, PropertyBag, Region,
    ReportingConfiguration, ReportingDescriptor, ReportingDescriptorReference,
    Result as SarifResult, ResultLevel, Run, RunAutomationDetails, Sarif as Log, Suppression,
    ThreadFlow, ThreadFlowLocation, Tool, ToolComponent,
};

/// The only SARIF version shardscan writes and reads.
pub(crate) const VERSION: &str = "2.1.0";
/// `tool.driver.name` of every run shardscan writes.
pub(crate) const DRIVER: &str = "shardscan";
/// shardscan's own stable key in `partialFingerprints`, beside GitHub's
/// `primaryLocationLineHash`: `hash:N`, N telling equal findings in one definition apart.
pub(crate) const FINGERPRINT: &str = "shardscan/v1";

/// A result's `shardscan/v1` fingerprint.
pub(crate) fn fingerprint(result: &SarifResult) -> Option<&str> {
    result
        .partial_fingerprints
        .as_ref()?
        .get(FINGERPRINT)
        .map(String::as_str)
}

/// Why a file is not a SARIF log shardscan can read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ReadError {
    /// From `fs_err`, so it names the file.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(
        "`{path}` is empty\nhint: pass the SARIF files written by `shardscan scan -o FILE.sarif`"
    )]
    Empty { path: String },
    #[error("`{path}` is not JSON, so not a SARIF log\nhint: pass the SARIF files written by `shardscan scan -o FILE.sarif`")]
    NotJson {
        path: String,
        #[source]
        source: serde_json::Error,
    },
    #[error("`{path}` is not a SARIF 2.1.0 log written by shardscan: {what}")]
    NotShardscanSarif { path: String, what: String },
}

/// Reads the SARIF file at `path` (see [`parse`]).
pub(crate) fn read(path: &Path) -> Result<Log, ReadError> {
    let bytes = crate::files::read(path)?;
    parse(&path.display().to_string(), &bytes)
}

/// Reads `bytes` (the file `path`, for messages) into the typed model, checking that it is a
/// SARIF 2.1.0 log whose every run shardscan wrote, with the parts of a run a merge and a baseline
/// rely on: rules, results (each with a `ruleId`) and invocations.
pub(crate) fn parse(path: &str, bytes: &[u8]) -> Result<Log, ReadError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(ReadError::Empty { path: path.into() });
    }
    let not_ours = |what: String| ReadError::NotShardscanSarif {
        path: path.into(),
        what,
    };
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        // Checked apart: serde would read an array as the fields of the outline, in order.
        return Err(match serde_json::from_slice::<IgnoredAny>(bytes) {
            Ok(_) => not_ours("the top level is not a JSON object".into()),
            Err(source) => ReadError::NotJson {
                path: path.into(),
                source,
            },
        });
    }
    let outline: Outline = serde_json::from_slice(bytes).map_err(|source| {
        if source.is_data() {
            not_ours(source.to_string())
        } else {
            ReadError::NotJson {
                path: path.into(),
                source,
            }
        }
    })?;
    check_outline(&outline).map_err(not_ours)?;
    let log: Log = serde_json::from_slice(bytes).map_err(|e| not_ours(e.to_string()))?;
    for (i, run) in log.runs.iter().enumerate() {
        check_run(run).map_err(|what| not_ours(format!("run {}: {what}", i + 1)))?;
    }
    Ok(log)
}

/// The few fields read before the typed model; everything else is skipped unread.
#[derive(Deserialize)]
struct Outline {
    version: Option<Value>,
    runs: Option<Vec<RunOutline>>,
}

#[derive(Deserialize)]
#[serde(expecting = "a run (a JSON object)")]
struct RunOutline {
    tool: Option<ToolOutline>,
    #[serde(rename = "runAutomationDetails")]
    misnamed_automation_details: Option<IgnoredAny>,
}

#[derive(Deserialize)]
struct ToolOutline {
    driver: Option<DriverOutline>,
}

#[derive(Deserialize)]
struct DriverOutline {
    name: Option<Value>,
}

fn check_outline(log: &Outline) -> Result<(), String> {
    match &log.version {
        Some(Value::String(version)) if version == VERSION => {}
        Some(other) => return Err(format!("`version` is {other}, not \"{VERSION}\"")),
        None => return Err("no `version`".into()),
    }
    let runs = log.runs.as_ref().ok_or("no `runs` array")?;
    if runs.is_empty() {
        return Err("`runs` is empty".into());
    }
    for (i, run) in runs.iter().enumerate() {
        let name = run
            .tool
            .as_ref()
            .and_then(|tool| tool.driver.as_ref())
            .and_then(|driver| driver.name.as_ref());
        let what = match name {
            Some(Value::String(name)) if name == DRIVER => {
                if run.misnamed_automation_details.is_none() {
                    continue;
                }
                String::from(
                    "`runAutomationDetails` is the type's name; the property is `automationDetails`",
                )
            }
            Some(Value::String(other)) => format!("written by `{other}`, not shardscan"),
            _ => String::from("no `tool.driver.name`"),
        };
        return Err(format!("run {}: {what}", i + 1));
    }
    Ok(())
}

fn check_run(run: &Run) -> Result<(), String> {
    if run.tool.driver.rules.is_none() {
        return Err("no `tool.driver.rules` array".into());
    }
    let results = run.results.as_ref().ok_or("no `results` array")?;
    if results.iter().any(|result| result.rule_id.is_none()) {
        return Err("a result without a `ruleId`".into());
    }
    match &run.invocations {
        None => Err("no `invocations` array".into()),
        Some(invocations) if invocations.is_empty() => Err("`invocations` is empty".into()),
        Some(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUN: &str = r#""tool": {"driver": {"name": "shardscan", "rules": [{"id": "r"}]}},
        "invocations": [{"executionSuccessful": true}]"#;

    fn log_with(run: &str) -> String {
        format!(r#"{{"version": "2.1.0", "runs": [{{{run}}}]}}"#)
    }

    #[test]
    fn a_shardscan_log_reads_into_the_typed_model() {
        let text = log_with(&format!(
            r#"{RUN}, "results": [{{"ruleId": "r", "message": {{"text": "m"}},
                "partialFingerprints": {{"shardscan/v1": "abc:1"}},
                "properties": {{"reviewers": ["rules"], "tags": ["t"]}}}}],
               "automationDetails": {{"id": "backend/"}}"#
        ));
        let log = parse("in.sarif", text.as_bytes()).unwrap();
        let run = &log.runs[0];
        let result = &run.results.as_ref().unwrap()[0];
        assert_eq!(fingerprint(result), Some("abc:1"));
        let properties = result.properties.as_ref().unwrap();
        assert_eq!(properties.additional_properties["reviewers"][0], "rules");
        assert_eq!(properties.tags.as_deref(), Some(&[String::from("t")][..]));
        assert_eq!(
            run.automation_details.as_ref().unwrap().id.as_deref(),
            Some("backend/")
        );
    }

    #[test]
    fn files_that_are_not_shardscan_sarif_say_what_is_wrong() {
        let codeql = r#"{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "CodeQL"}}}]}"#;
        let cases = [
            (String::new(), "is empty"),
            (String::from(" \n\t"), "is empty"),
            (String::from("[1, 2"), "is not JSON"),
            (String::from("{\"version\": \"2.1.0\""), "is not JSON"),
            (String::from("[1, 2]"), "the top level is not a JSON object"),
            (
                String::from(r#"{"version": "2.0.0", "runs": []}"#),
                r#"`version` is "2.0.0", not "2.1.0""#,
            ),
            (String::from(r#"{"runs": []}"#), "no `version`"),
            (String::from(r#"{"version": "2.1.0"}"#), "no `runs` array"),
            (
                String::from(r#"{"version": "2.1.0", "runs": []}"#),
                "`runs` is empty",
            ),
            (
                String::from(r#"{"version": "2.1.0", "runs": [7]}"#),
                "expected a run (a JSON object)",
            ),
            (
                String::from(codeql),
                "run 1: written by `CodeQL`, not shardscan",
            ),
            (log_with(r#""tool": {}"#), "run 1: no `tool.driver.name`"),
            (
                log_with(&format!(
                    r#"{RUN}, "results": [], "runAutomationDetails": {{"id": "a/"}}"#
                )),
                "run 1: `runAutomationDetails` is the type's name",
            ),
            (
                log_with(r#""tool": {"driver": {"name": "shardscan"}}, "results": []"#),
                "run 1: no `tool.driver.rules` array",
            ),
            (log_with(RUN), "run 1: no `results` array"),
            (
                log_with(&format!(
                    r#"{RUN}, "results": [{{"message": {{"text": "m"}}}}]"#
                )),
                "run 1: a result without a `ruleId`",
            ),
            (
                log_with(
                    r#""tool": {"driver": {"name": "shardscan", "rules": []}}, "results": []"#,
                ),
                "run 1: no `invocations` array",
            ),
            (
                log_with(
                    r#""tool": {"driver": {"name": "shardscan", "rules": []}}, "results": [],
                    "invocations": [{}]"#,
                ),
                "missing field `executionSuccessful` at line 2",
            ),
            (
                log_with(&format!(
                    r#"{RUN}, "results": [], "automationDetails": {{"id": 5}}"#
                )),
                "invalid type: integer `5`, expected a string",
            ),
            (
                log_with(&format!(r#"{RUN}, "results": [{{"ruleId": "r"}}]"#)),
                "missing field `message`",
            ),
        ];
        for (text, why) in cases {
            let error = parse("x.sarif", text.as_bytes()).unwrap_err().to_string();
            assert!(
                error.starts_with("`x.sarif` ") && error.contains(why),
                "{text}: {error}"
            );
        }
    }

    #[test]
    fn a_missing_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.sarif");
        let error = read(&missing).unwrap_err().to_string();
        assert!(error.contains("missing.sarif"), "{error}");
    }
}
