//! Baselines: an earlier shardscan report (SARIF or JSON) whose findings a scan no longer reports
//! as new. They stay in SARIF as suppressions of kind `external`, so code scanning shows them as
//! known rather than new, and they leave the text output and the exit status.

use std::collections::HashSet;
use std::path::Path;

use anyhow::Context;
use serde_json::Value;

use crate::model::sarif;
use crate::model::{BaselineUse, Report};

const HINT: &str = "hint: write one with `shardscan baseline PATH -o baseline.json`";

/// The fingerprints (`shardscan/v1`) of a baseline.
#[derive(Debug)]
pub(crate) struct Baseline {
    pub(crate) name: String,
    fingerprints: HashSet<String>,
}

impl Baseline {
    /// Reads a shardscan SARIF log or JSON report; anything else is an error naming the file.
    pub(crate) fn load(path: &Path) -> anyhow::Result<Baseline> {
        let name = path.display().to_string();
        let text = crate::files::read_to_string(path).context("cannot read the baseline")?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| anyhow::anyhow!("baseline `{name}` is not JSON: {e}"))?;
        let not_ours = || {
            anyhow::anyhow!("baseline `{name}` is not a shardscan SARIF log or JSON report\n{HINT}")
        };
        let mut fingerprints = HashSet::new();
        if value.get("runs").is_some() {
            // SARIF: the one reader `shardscan merge` uses, so both accept the same logs.
            let log = sarif::parse(&name, text.as_bytes())
                .map_err(|e| anyhow::anyhow!("baseline {e}\n{HINT}"))?;
            let results = log.runs.iter().flat_map(|run| run.results.iter().flatten());
            fingerprints.extend(results.filter_map(sarif::fingerprint).map(String::from));
        } else if value.get("schema_version").is_some()
            && value.pointer("/tool/name").and_then(Value::as_str) == Some("shardscan")
        {
            let findings = value
                .get("findings")
                .and_then(Value::as_array)
                .ok_or_else(not_ours)?;
            for finding in findings {
                if let Some(fp) = finding.get("fingerprint").and_then(Value::as_str) {
                    fingerprints.insert(fp.to_string());
                }
            }
        } else {
            return Err(not_ours());
        }
        Ok(Baseline { name, fingerprints })
    }

    /// Marks the findings of `report` that this baseline already holds as suppressed (kind
    /// external) and counts again.
    pub(crate) fn apply(&self, report: &mut Report) {
        let mut known = 0;
        for finding in &mut report.findings {
            if finding.suppressed.is_none() && self.contains(&finding.fingerprint) {
                finding.suppressed = Some(format!("already in the baseline {}", self.name));
                finding.in_baseline = true;
                known += 1;
            }
        }
        report.baseline = Some(BaselineUse {
            path: self.name.clone(),
            known,
        });
        report.recount();
    }

    pub(crate) fn contains(&self, fingerprint: &str) -> bool {
        self.fingerprints.contains(fingerprint)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> anyhow::Result<Baseline> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sarif");
        std::fs::write(&path, text).unwrap();
        Baseline::load(&path)
    }

    const SARIF: &str = r#"{"version": "2.1.0", "runs": [{
        "tool": {"driver": {"name": "shardscan", "rules": []}},
        "invocations": [{"executionSuccessful": true}],
        "results": [
            {"ruleId": "r", "message": {"text": "m"},
             "partialFingerprints": {"shardscan/v1": "abc:1", "primaryLocationLineHash": "9:1"}},
            {"ruleId": "r", "message": {"text": "m"}}
        ]}]}"#;

    #[test]
    fn a_sarif_baseline_holds_the_fingerprints_of_its_results() {
        let baseline = load(SARIF).unwrap();
        assert!(baseline.contains("abc:1"));
        assert!(!baseline.contains("9:1"), "GitHub's line hash is not ours");
        assert_eq!(baseline.fingerprints.len(), 1);
    }

    #[test]
    fn a_sarif_baseline_of_another_tool_is_refused_naming_the_file() {
        let error = load(&SARIF.replace("\"shardscan\"", "\"CodeQL\"")).unwrap_err();
        let message = format!("{error:#}");
        assert!(message.contains("old.sarif"), "{message}");
        assert!(message.contains("written by `CodeQL`"), "{message}");
        assert!(message.contains("hint: write one with"), "{message}");
    }

    #[test]
    fn a_json_report_baseline_holds_its_findings_fingerprints() {
        let report = r#"{"schema_version": 1, "tool": {"name": "shardscan"},
                         "findings": [{"fingerprint": "def:2"}]}"#;
        assert!(load(report).unwrap().contains("def:2"));
        let error = load(r#"{"tool": {"name": "other"}}"#).unwrap_err();
        assert!(error
            .to_string()
            .contains("not a shardscan SARIF log or JSON report"));
    }
}
