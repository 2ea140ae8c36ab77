//! A shard on its way through the pool: its jobs (one per agent, lens and review, and one per
//! triage) share it, each adds what it found, and the last to finish sends the shard's outcome.

use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::Mutex;

use crate::model::{Finding, ShardOutcome};
use crate::slice::Shard;

/// A shard with jobs in flight; it is reported when the last one finishes.
pub(super) struct ShardJob {
    pub(super) shard: Shard,
    pub(super) outcome: Mutex<ShardOutcome>,
    /// Findings of agents with the review (of `--consensus`) that reported them,
    /// post-processed when the shard is finished.
    pub(super) agent_findings: Mutex<Vec<(u32, Finding)>>,
    pub(super) rejected: Mutex<Vec<(Finding, String)>>,
    /// Verdicts of `--triage` on the rules' findings, by their index in the outcome.
    pub(super) verdicts: Mutex<Vec<(usize, Verdict)>>,
    pub(super) remaining: AtomicUsize,
    pub(super) all_cached: AtomicBool,
    pub(super) fallback_done: AtomicBool,
}

impl ShardJob {
    /// A copy of the rules' finding `index` of the shard's outcome.
    pub(super) fn finding(&self, index: usize) -> Option<Finding> {
        self.outcome
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .findings
            .get(index)
            .cloned()
    }
}

/// What an agent made of a rules finding.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Verdict {
    /// Confirmed, by this agent.
    Confirmed(String),
    /// Rejected, for this reason.
    Rejected(String),
}
