//! The one shared model of a finding: what every reviewer produces, what the aggregator merges and
//! what every report prints.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How bad a finding is. Ordered so that `Error > Warning > Note`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// The numeric `security-severity` GitHub uses to bucket alerts when a rule does not set its own:
    /// error is high, warning medium, note low.
    pub(crate) fn default_security_severity(self) -> f32 {
        match self {
            Severity::Error => 8.0,
            Severity::Warning => 5.5,
            Severity::Note => 2.0,
        }
    }
}

/// An `f32` as the `f64` of its shortest decimal form (`0.85`, not `0.8500000238418579`), for
/// JSON built through `serde_json::Value`, which holds numbers as `f64`.
pub(crate) fn decimal(value: f32) -> f64 {
    value.to_string().parse().unwrap_or(f64::from(value))
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Severity {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "error" | "high" | "critical" => Ok(Severity::Error),
            "warning" | "medium" => Ok(Severity::Warning),
            "note" | "low" | "info" => Ok(Severity::Note),
            other => Err(format!(
                "unknown severity `{other}` (expected error, warning or note)"
            )),
        }
    }
}

/// A place in a real file (never in shard text). Lines and columns are 1-based; `end_column` is
/// exclusive, as in SARIF.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub(crate) struct Location {
    /// Path relative to the scan root, with `/` separators.
    pub(crate) path: String,
    pub(crate) start_line: usize,
    pub(crate) start_column: usize,
    pub(crate) end_line: usize,
    pub(crate) end_column: usize,
}

impl Location {
    /// One line, from `start_column` to `end_column`.
    #[cfg(test)]
    pub(crate) fn line(
        path: impl Into<String>,
        line: usize,
        start_column: usize,
        end_column: usize,
    ) -> Location {
        Location {
            path: path.into(),
            start_line: line,
            start_column,
            end_line: line,
            end_column,
        }
    }

    pub(crate) fn overlaps_lines(&self, other: &Location) -> bool {
        self.path == other.path
            && self.start_line <= other.end_line
            && other.start_line <= self.end_line
    }
}

/// One step of a data flow: a place and what happened to the value there.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct FlowStep {
    pub(crate) location: Location,
    pub(crate) message: String,
    /// The text of the step's first line and of the line after it (clipped and masked like a
    /// snippet, joined by `\n`), so the text report can label the step in the code and show a
    /// line between two steps as it is; the JSON and SARIF reports locate steps by line instead.
    #[serde(skip)]
    pub(crate) text: String,
}

/// One problem reported by a reviewer.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Finding {
    pub(crate) rule_id: String,
    /// Every reviewer that reported this finding (more than one after dedup).
    pub(crate) reviewers: Vec<String>,
    pub(crate) severity: Severity,
    pub(crate) message: String,
    pub(crate) location: Location,
    /// CWE identifiers such as `CWE-78`.
    pub(crate) cwe: Vec<String>,
    /// Confidence in [0, 1]; rules derive it from their precision.
    pub(crate) confidence: f32,
    /// The flagged source lines, verbatim (secrets masked by the reporter).
    pub(crate) snippet: String,
    /// Name of the enclosing definition (`class Foo > def bar`), part of the fingerprint.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) symbol: Option<String>,
    /// Stable identity across runs: see `aggregate::fingerprint`.
    #[serde(default)]
    pub(crate) fingerprint: String,
    /// GitHub's `primaryLocationLineHash` for the primary line.
    #[serde(default)]
    pub(crate) line_hash: String,
    /// Set when an inline `shardscan-ignore` comment, or a baseline, suppresses the finding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) suppressed: Option<String>,
    /// The suppression comes from a baseline (SARIF kind `external`), not from the source.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub(crate) in_baseline: bool,
    /// For taint findings: the way from the source to the sink, one step per place.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) flow: Vec<FlowStep>,
    /// The taint rule whose flow a pattern rule's finding carries, when the two met on the same
    /// sink (the finding keeps the pattern rule's id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) flow_rule: Option<String>,
    /// With `--consensus K`: how many of the K reviews of the shard reported it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) agreement: Option<Agreement>,
    /// Secret values this finding is about, to be masked in every finding that quotes them; never
    /// written anywhere.
    #[serde(skip)]
    pub(crate) secrets: Vec<String>,
}

/// How many of the independent reviews of a shard reported a finding (`k` of `of`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Agreement {
    pub(crate) k: u32,
    pub(crate) of: u32,
}

impl Agreement {
    /// SARIF's `rank` (0-100): the share of reviews that agreed.
    pub(crate) fn rank(self) -> f64 {
        if self.of == 0 {
            return 0.0;
        }
        (100.0 * f64::from(self.k) / f64::from(self.of)).round()
    }
}

impl Finding {
    /// A finding of `rule_id` by `reviewer` at `location`; the rest starts empty (no CWE, no
    /// snippet, confidence 0.5) and is filled in by the reviewer, then by the aggregator
    /// (fingerprint, line hash, suppression).
    pub(crate) fn new(
        rule_id: impl Into<String>,
        reviewer: impl Into<String>,
        severity: Severity,
        message: impl Into<String>,
        location: Location,
    ) -> Finding {
        Finding {
            rule_id: rule_id.into(),
            reviewers: vec![reviewer.into()],
            severity,
            message: message.into(),
            location,
            cwe: Vec::new(),
            confidence: 0.5,
            snippet: String::new(),
            symbol: None,
            fingerprint: String::new(),
            line_hash: String::new(),
            suppressed: None,
            in_baseline: false,
            flow: Vec::new(),
            flow_rule: None,
            agreement: None,
            secrets: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decimal_keeps_the_digits_it_was_written_with() {
        assert_eq!(decimal(0.85), 0.85);
        assert_eq!(decimal(9.8), 9.8);
        assert_eq!(serde_json::json!(decimal(0.6)).to_string(), "0.6");
    }
}
