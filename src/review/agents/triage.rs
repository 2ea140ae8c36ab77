//! Agent triage of the rules' findings (`--triage`): each finding of the rules reviewer in a
//! shard goes to an agent with its flow, the packed context and the enclosing definition. A
//! confirmed finding keeps its identity (and fingerprint) and names the agent among its
//! reviewers; a rejected one moves to the report's rejected list with the agent's reason, as
//! `--verify` does for agents' findings. A triage that cannot be done keeps its finding.
//!
//! Each triage is a job of its shard, under the same cap, budget and stop signal as a review,
//! and cached like one. Findings the join reports once every file is read (flows across files)
//! are not triaged: they arrive after the shards have gone through the pool.

use std::sync::Arc;

use crossbeam_channel::Sender;
use tokio::task::JoinSet;

use super::governor::Slot;
use super::shard_job::{ShardJob, Verdict};
use super::{bump, Inner};
use crate::model::{Event, Finding, StopSignal};
use crate::review::cache::Entry;
use crate::review::context::pack::Packed;
use crate::review::llm::{parse, prompt, Request};

/// Finishes a triage job when dropped: at its end, or when its task panics (the finding then
/// stands untriaged, and the shard is still reported).
struct FinishOnDrop<'a> {
    inner: &'a Inner,
    job: &'a ShardJob,
    events: &'a Sender<Event>,
}

impl Drop for FinishOnDrop<'_> {
    fn drop(&mut self) {
        self.inner.finish_job(self.job, self.events);
    }
}

/// The agent that triages: the first one configured.
const TRIAGE_AGENT: usize = 0;

/// The findings to triage, the rules reviewer's, in groups of one problem: findings on
/// overlapping lines with a CWE in common (a pattern rule and a taint rule on one sink, which
/// the aggregator merges) are triaged once. The first of a group with a flow comes first.
pub(super) fn candidates(findings: &[Finding]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (index, finding) in findings.iter().enumerate() {
        if !finding.reviewers.iter().any(|r| r == "rules") {
            continue;
        }
        let same = groups.iter_mut().find(|group| {
            let first = &findings[group[0]];
            first.location.path == finding.location.path
                && first.location.overlaps_lines(&finding.location)
                && first.cwe.iter().any(|c| finding.cwe.contains(c))
        });
        match same {
            Some(group) => group.push(index),
            None => groups.push(vec![index]),
        }
    }
    for group in &mut groups {
        group.sort_by_key(|&i| (findings[i].flow.is_empty(), i));
    }
    groups
}

/// Applies the verdicts to a shard's findings: rejected findings move to `rejected`.
pub(super) fn apply(
    findings: &mut Vec<Finding>,
    rejected: &mut Vec<(Finding, String)>,
    mut verdicts: Vec<(usize, Verdict)>,
) {
    // From the last index down, so each removal leaves the others' indexes right.
    verdicts.sort_by_key(|v| std::cmp::Reverse(v.0));
    for (index, verdict) in verdicts {
        if index >= findings.len() {
            continue;
        }
        match verdict {
            Verdict::Confirmed(agent) => {
                let reviewer = format!("{agent}/triage");
                let finding = &mut findings[index];
                if !finding.reviewers.contains(&reviewer) {
                    finding.reviewers.push(reviewer);
                }
            }
            Verdict::Rejected(reason) => {
                let finding = findings.remove(index);
                rejected.push((finding, format!("triage: {reason}")));
            }
        }
    }
}

impl Inner {
    /// Starts the triage of the shard's findings `group` (one problem): from the cache, or
    /// under a slot.
    pub(super) async fn dispatch_triage(
        self: &Arc<Self>,
        job: &Arc<ShardJob>,
        group: Vec<usize>,
        packed: &Packed,
        stop: &mut StopSignal,
        tasks: &mut JoinSet<()>,
        events: &Sender<Event>,
    ) {
        let Some(finding) = group.first().and_then(|&index| job.finding(index)) else {
            self.finish_job(job, events);
            return;
        };
        let request = prompt::triage_request(&job.shard, &finding, packed);
        let key = self.key(TRIAGE_AGENT, &request);
        if let Some((confirmed, reason)) = self
            .cache
            .as_ref()
            .and_then(|c| c.get(&key))
            .and_then(|entry| entry.verdict)
        {
            self.record_verdict(job, &group, confirmed, reason);
            self.finish_job(job, events);
            return;
        }
        job.all_cached
            .store(false, std::sync::atomic::Ordering::Relaxed);
        let Some(slot) = self.governor.acquire(stop).await else {
            // Not triaged: the finding stands as the rules reported it.
            self.finish_job(job, events);
            return;
        };
        let inner = Arc::clone(self);
        let job = Arc::clone(job);
        let events = events.clone();
        tasks.spawn(async move {
            // Finished however the task ends, a panic included: the shard is still reported.
            let _finish = FinishOnDrop {
                inner: &inner,
                job: &job,
                events: &events,
            };
            inner.run_triage(&job, &group, request, key, slot).await;
        });
    }

    async fn run_triage(
        &self,
        job: &ShardJob,
        group: &[usize],
        request: Request,
        key: String,
        slot: Slot,
    ) {
        let label = format!(
            "{}:{} (triage)",
            job.shard.file.rel_path, job.shard.start_line
        );
        let mut slot = Some(slot);
        let answer = self
            .call(TRIAGE_AGENT, &request, &key, &mut slot, &label, true)
            .await;
        drop(slot);
        let verdict = answer.and_then(|completion| parse::parse_verdict(&completion.text));
        match verdict {
            Ok((confirmed, reason)) => {
                if let Some(cache) = &self.cache {
                    cache.put(
                        &key,
                        &Entry {
                            findings: Vec::new(),
                            rejected: Vec::new(),
                            verdict: Some((confirmed, reason.clone())),
                            tokens_in: 0,
                            tokens_out: 0,
                        },
                    );
                }
                self.record_verdict(job, group, confirmed, reason);
            }
            Err(_) => bump(&self.counters.triage_failed, 1),
        }
    }

    fn record_verdict(&self, job: &ShardJob, group: &[usize], confirmed: bool, reason: String) {
        let verdict = if confirmed {
            bump(&self.counters.triage_confirmed, 1);
            Verdict::Confirmed(self.agents[TRIAGE_AGENT].name.clone())
        } else {
            bump(&self.counters.triage_rejected, 1);
            Verdict::Rejected(reason)
        };
        job.verdicts
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(group.iter().map(|&index| (index, verdict.clone())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Location, Severity};

    fn finding(rule: &str, reviewer: &str, line: usize) -> Finding {
        let location = Location {
            path: String::from("a.py"),
            start_line: line,
            start_column: 1,
            end_line: line,
            end_column: 2,
        };
        Finding::new(rule, reviewer, Severity::Error, "m", location)
    }

    #[test]
    fn rejected_findings_move_to_the_rejected_list_and_confirmed_ones_stay() {
        let findings = vec![
            finding("python/eval", "rules", 3),
            finding("llm/cwe-95", "openai:m/security", 3),
            finding("python/sql", "rules", 7),
            finding("python/xss", "rules", 9),
        ];
        let mut taint = finding("python/taint-sql", "rules", 7);
        taint.cwe = vec![String::from("CWE-89")];
        taint.flow = vec![crate::model::FlowStep {
            location: taint.location.clone(),
            message: String::from("source"),
            text: String::new(),
        }];
        let mut grouped = findings.clone();
        grouped[2].cwe = vec![String::from("CWE-89")];
        grouped.push(taint);
        // The pattern and the taint finding on line 7 are one problem, the flow's first.
        assert_eq!(candidates(&grouped), vec![vec![0], vec![4, 2], vec![3]]);
        let (mut findings, mut rejected) = (findings, Vec::new());
        apply(
            &mut findings,
            &mut rejected,
            vec![
                (0, Verdict::Rejected(String::from("constant"))),
                (3, Verdict::Rejected(String::from("escaped"))),
                (2, Verdict::Confirmed(String::from("openai:m"))),
            ],
        );
        let rules: Vec<&str> = findings.iter().map(|f| f.rule_id.as_str()).collect();
        assert_eq!(rules, vec!["llm/cwe-95", "python/sql"]);
        assert_eq!(findings[1].reviewers, vec!["rules", "openai:m/triage"]);
        let rejected: Vec<(&str, &str)> = rejected
            .iter()
            .map(|(f, r)| (f.rule_id.as_str(), r.as_str()))
            .collect();
        assert_eq!(
            rejected,
            vec![
                ("python/xss", "triage: escaped"),
                ("python/eval", "triage: constant")
            ]
        );
    }
}
