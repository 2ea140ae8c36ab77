//! Baselines: an earlier shardscan report (SARIF or JSON) whose findings a scan no longer reports
//! as new. They stay in SARIF as suppressions of kind `external`, so code scanning shows them as
//! known rather than new, and they leave the text output and the exit status.

use std::collections::HashSet;
use std::path::Path;

use anyhow::Context;
use serde_json::Value;

use crate::model::{BaselineUse, Report};

/// The fingerprints (`shardscan/v1`) of a baseline.
#[derive(Debug)]
pub(crate) struct Baseline {
    pub name: String,
    fingerprints: HashSet<String>,
}

impl Baseline {
    /// Reads a shardscan SARIF log or JSON report; anything else is an error naming the file.
    pub fn load(path: &Path) -> anyhow::Result<Baseline> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the baseline `{}`", path.display()))?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| anyhow::anyhow!("baseline `{}` is not JSON: {e}", path.display()))?;
        let not_ours = || {
            anyhow::anyhow!(
                "baseline `{}` is not a shardscan SARIF log or JSON report\nhint: write one with \
                 `shardscan baseline PATH -o baseline.json`",
                path.display()
            )
        };
        let mut fingerprints = HashSet::new();
        if let Some(runs) = value.get("runs").and_then(Value::as_array) {
            for run in runs {
                if run.pointer("/tool/driver/name").and_then(Value::as_str) != Some("shardscan") {
                    return Err(not_ours());
                }
                for result in run
                    .get("results")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    if let Some(fp) = result
                        .pointer("/partialFingerprints/shardscan~1v1")
                        .and_then(Value::as_str)
                    {
                        fingerprints.insert(fp.to_string());
                    }
                }
            }
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
        Ok(Baseline {
            name: path.display().to_string(),
            fingerprints,
        })
    }

    /// Marks the findings of `report` that this baseline already holds as suppressed (kind
    /// external) and counts again.
    pub fn apply(&self, report: &mut Report) {
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

    pub fn contains(&self, fingerprint: &str) -> bool {
        self.fingerprints.contains(fingerprint)
    }
}
