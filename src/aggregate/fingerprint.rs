//! Our own stable fingerprint, `shardscan/v1`, emitted beside GitHub's line hash.
//!
//! It hashes what a finding *is*, not where it sits: the rule, the file, the enclosing definition
//! and the flagged code with all whitespace removed. Moving the code (lines inserted above it,
//! re-indentation) keeps the fingerprint; editing the flagged code or renaming its function changes
//! it. Identical findings in one definition are told apart by an ordinal added after sorting.

use sha2::{Digest, Sha256};

use crate::model::Finding;

/// The fingerprint before its ordinal: 16 hex digits.
pub(crate) fn base(finding: &Finding) -> String {
    let normalized: String = finding
        .snippet
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let mut hasher = Sha256::new();
    for part in [
        "shardscan/v1",
        &finding.rule_id,
        &finding.location.path,
        finding.symbol.as_deref().unwrap_or(""),
        &normalized,
    ] {
        hasher.update(part.as_bytes());
        hasher.update([0]);
    }
    hasher.finalize()[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Appends `:N` to each fingerprint, N counting equal bases in report order (1-based).
pub(crate) fn number(findings: &mut [Finding]) {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for finding in findings {
        let count = seen.entry(finding.fingerprint.clone()).or_default();
        *count += 1;
        finding.fingerprint = format!("{}:{}", finding.fingerprint, count);
    }
}
