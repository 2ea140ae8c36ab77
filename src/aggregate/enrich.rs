//! What every finding of a shard goes through as the aggregator takes it in, whichever reviewer
//! reported it: secrets masked, GitHub's line hash, inline suppressions, the fingerprint.

use super::{fingerprint, suppress};
use crate::model::Finding;
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
