//! What every finding of a shard goes through as the aggregator takes it in, whichever reviewer
//! reported it: secrets masked, GitHub's line hash, inline suppressions, the fingerprint.

use super::fingerprint;
use crate::model::Finding;
use crate::slice::suppress;
use crate::slice::SourceFile;

/// Enriches the findings of one shard of `file`. They are masked together, so a secret one rule
/// found is masked in every finding of the shard that quotes it (an agent's included).
pub(super) fn enrich(file: &SourceFile, findings: &mut [Finding]) {
    crate::secrets::mask_findings(findings);
    for finding in findings.iter_mut() {
        finding.line_hash = file.line_hash(finding.location.start_line);
        finding.suppressed =
            suppress::suppression(file, finding.location.start_line, &finding.rule_id);
        finding.fingerprint = fingerprint::base(finding);
    }
}

/// Enriches findings that the join of summaries made once every file was read: their line
/// hashes and suppressions were taken from their files when those were reviewed (the files are
/// not kept), so only what needs no file is left.
pub(super) fn enrich_joined(findings: &mut [Finding]) {
    crate::secrets::mask_findings(findings);
    for finding in findings.iter_mut() {
        finding.fingerprint = fingerprint::base(finding);
    }
}
