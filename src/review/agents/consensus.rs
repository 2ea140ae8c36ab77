//! Consensus of independent reviews (`--consensus K`): each shard is reviewed K times (the
//! first at temperature 0, the others sampled with their own seed), and each finding says how
//! many of the K reported it. Two reports are the same finding when they name the same rule (the
//! same CWE) on overlapping lines of the same file. Below `--consensus-min`, a finding moves to
//! the rejected list with its count.

use crate::model::finding::Agreement;
use crate::model::Finding;

/// What the findings of the rules fallback carry instead of a review: they are not votes.
pub(super) const NOT_A_REVIEW: u32 = u32::MAX;

/// The findings of the K reviews of one shard (`(review, finding)`), each group of the same
/// finding merged into its first report with its agreement: the most reviews of one agent and
/// lens that reported it (two agents' single reports are not two votes of either). Those fewer
/// than `min` reviews reported are returned apart with the reason; the rules fallback's
/// findings (`NOT_A_REVIEW`) pass as they are.
pub(super) fn agree(
    found: Vec<(u32, Finding)>,
    of: u32,
    min: u32,
) -> (Vec<Finding>, Vec<(Finding, String)>) {
    let mut kept = Vec::new();
    // Each group: its first report, and the (reviewer, review) pairs that reported it.
    let mut groups: Vec<(Finding, Vec<(String, u32)>)> = Vec::new();
    for (review, finding) in found {
        if review == NOT_A_REVIEW {
            kept.push(finding);
            continue;
        }
        let voter = finding.reviewers.first().cloned().unwrap_or_default();
        let same = groups.iter_mut().find(|(first, _)| {
            first.rule_id == finding.rule_id
                && first.location.path == finding.location.path
                && first.location.overlaps_lines(&finding.location)
        });
        match same {
            Some((first, votes)) => {
                if !votes.contains(&(voter.clone(), review)) {
                    votes.push((voter, review));
                }
                first.confidence = first.confidence.max(finding.confidence);
                first.severity = first.severity.max(finding.severity);
                for reviewer in finding.reviewers {
                    if !first.reviewers.contains(&reviewer) {
                        first.reviewers.push(reviewer);
                    }
                }
            }
            None => groups.push((finding, vec![(voter, review)])),
        }
    }
    let mut rejected = Vec::new();
    for (mut finding, votes) in groups {
        let k = votes
            .iter()
            .map(|(voter, _)| votes.iter().filter(|(v, _)| v == voter).count())
            .max()
            .unwrap_or(0) as u32;
        if of > 1 {
            finding.agreement = Some(Agreement { k, of });
        }
        if k < min {
            rejected.push((
                finding,
                format!("only {k} of {of} reviews reported it (--consensus-min {min})"),
            ));
        } else {
            kept.push(finding);
        }
    }
    (kept, rejected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Location, Severity};

    fn report(rule: &str, line: usize) -> Finding {
        let location = Location {
            path: String::from("a.py"),
            start_line: line,
            start_column: 1,
            end_line: line,
            end_column: 2,
        };
        Finding::new(rule, "openai:m/security", Severity::Warning, "m", location)
    }

    #[test]
    fn each_finding_says_how_many_reviews_reported_it() {
        let found = vec![
            (0, report("llm/cwe-78", 4)),
            (1, report("llm/cwe-78", 4)),
            (2, report("llm/cwe-78", 4)),
            // The same review twice is one vote.
            (0, report("llm/cwe-89", 9)),
            (0, report("llm/cwe-89", 9)),
            (2, report("llm/cwe-22", 12)),
        ];
        let (kept, rejected) = agree(found, 3, 2);
        let agreement: Vec<(String, u32)> = kept
            .iter()
            .map(|f| (f.rule_id.clone(), f.agreement.unwrap().k))
            .collect();
        assert_eq!(agreement, vec![(String::from("llm/cwe-78"), 3)]);
        assert_eq!(kept[0].agreement.unwrap().rank(), 100.0);
        assert_eq!(rejected.len(), 2);
        assert!(
            rejected[0].1.starts_with("only 1 of 3 reviews"),
            "{}",
            rejected[0].1
        );
        // Two agents' single reports are one vote each, not two; the fallback's are no votes.
        let mut other = report("llm/cwe-78", 4);
        other.reviewers = vec![String::from("anthropic:m/security")];
        let (kept, rejected) = agree(
            vec![
                (0, report("llm/cwe-78", 4)),
                (1, other),
                (NOT_A_REVIEW, report("python/eval", 9)),
            ],
            3,
            2,
        );
        assert_eq!(rejected.len(), 1);
        assert_eq!(rejected[0].0.agreement, Some(Agreement { k: 1, of: 3 }));
        assert_eq!((kept.len(), kept[0].agreement), (1, None));
        // One review: no agreement to speak of, nothing rejected.
        let (kept, rejected) = agree(vec![(0, report("llm/cwe-78", 4))], 1, 1);
        assert_eq!((kept[0].agreement, rejected.len()), (None, 0));
    }
}
