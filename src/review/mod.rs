//! Reviewers: the agents that audit one shard each. Every backend implements [`Reviewer`]; the CPU
//! reviewers run on the pipeline's workers through [`review_shard`], the LLM and command agents in
//! the governed pool of [`agents`].

pub(crate) mod agents;
pub(crate) mod cache;
pub(crate) mod context;
pub(crate) mod llm;
pub(crate) mod rules;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use crate::lang::Language;
use crate::model::{Failure, Finding, Joined, Problem, ShardOutcome};
use crate::slice::Shard;

/// Why a review did not complete. Findings gathered before the failure are kept, never dropped.
/// (Network reviewers classify their failures as retryable or not in the agent pool, where the
/// retries happen: see `llm::CallError`.)
#[derive(Debug, thiserror::Error)]
pub(crate) enum ReviewError {
    /// Trying again will not help (4xx, output that cannot be repaired).
    #[error("{0}")]
    Permanent(String),
    /// The review ran but could not look at everything: keep `findings`, list the shard as
    /// unreviewed with `reason`.
    #[error("{reason}")]
    Incomplete {
        findings: Vec<Finding>,
        reason: String,
    },
}

/// An agent that audits shards.
pub(crate) trait Reviewer: Send + Sync {
    /// Short stable name (`rules`, `openai:gpt-4o`), recorded on every finding.
    fn name(&self) -> &str;
    /// Whether this reviewer can audit shards of `language`.
    fn supports(&self, language: Language) -> bool;
    fn review(&self, shard: &Shard) -> Result<Vec<Finding>, ReviewError>;
    /// The work this reviewer does once per file, done before the file's shards are handed
    /// out, so that it can spread over every worker while no shard of the file waits for it.
    /// Errors are left for [`Reviewer::review`] to report on each shard.
    fn prepare(&self, file: &crate::slice::SourceFile) {
        let _ = file;
    }
    /// The work this reviewer does once per language (compiling its rules), started on a
    /// thread of its own as soon as the walk meets the language's first file: it then runs
    /// beside the workers' parsing and other languages' work, instead of holding up the
    /// workers that meet the language first.
    fn warm(&self, language: Language) {
        let _ = language;
    }
    /// Whether [`Reviewer::prepare`] of a file in `language` would start at once, its
    /// once-per-language work done: a worker holds a file back while it is not and cuts the
    /// next one meanwhile.
    fn ready(&self, language: Language) -> bool {
        let _ = language;
        true
    }
    /// Findings that only the whole run shows, once every shard is reviewed: flows across
    /// functions and files.
    fn finish(&self, seen: Seen) -> Finished {
        let _ = seen;
        Finished::default()
    }
}

/// What [`Reviewer::finish`] gives: the findings of the whole run, and the files it could not
/// take into account as it should have (each with why, and what that leaves out).
#[derive(Debug, Default)]
pub(crate) struct Finished {
    pub(crate) joined: Vec<Joined>,
    pub(crate) problems: Vec<Problem>,
}

/// What a run saw of the scan, for [`Reviewer::finish`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Seen {
    /// Every file of the scan (no partition, no diff, not stopped early): what no caller in it
    /// passes can be judged.
    pub(crate) whole: bool,
    /// The run stopped early (deadline, interrupt): some files it was to read were not.
    pub(crate) stopped: bool,
}

/// A CPU reviewer whose parallel work stays on a pool of its own. The rules as the agents'
/// fallback run on the agents' threads, outside the workers' pool, where rayon would spread a
/// file's walks over its global pool (a thread per CPU), past `--jobs`.
pub(crate) struct OnPool {
    reviewer: Arc<dyn Reviewer>,
    pool: rayon::ThreadPool,
}

impl OnPool {
    /// `reviewer` on a pool of `jobs` threads.
    pub(crate) fn new(reviewer: Arc<dyn Reviewer>, jobs: usize) -> anyhow::Result<OnPool> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .thread_name(|index| format!("shardscan-fallback-{index}"))
            .build()
            .map_err(|e| anyhow::anyhow!("failed to start the fallback's threads: {e}"))?;
        Ok(OnPool { reviewer, pool })
    }
}

impl Reviewer for OnPool {
    fn name(&self) -> &str {
        self.reviewer.name()
    }

    fn supports(&self, language: Language) -> bool {
        self.reviewer.supports(language)
    }

    fn review(&self, shard: &Shard) -> Result<Vec<Finding>, ReviewError> {
        self.pool.install(|| self.reviewer.review(shard))
    }

    fn prepare(&self, file: &crate::slice::SourceFile) {
        self.pool.install(|| self.reviewer.prepare(file));
    }

    fn warm(&self, language: Language) {
        self.reviewer.warm(language);
    }

    fn ready(&self, language: Language) -> bool {
        self.reviewer.ready(language)
    }

    fn finish(&self, seen: Seen) -> Finished {
        self.pool.install(|| self.reviewer.finish(seen))
    }
}

/// Runs every reviewer that supports the shard's language; never panics, never drops findings.
/// `agents_follow` says agents will review the shard next, so no CPU reviewer is needed.
pub(crate) fn review_shard(
    shard: &Shard,
    reviewers: &[Arc<dyn Reviewer>],
    agents_follow: bool,
) -> ShardOutcome {
    let mut outcome = ShardOutcome::empty(shard);
    let mut reviewed_by_any = false;
    for reviewer in reviewers.iter().filter(|r| r.supports(shard.language())) {
        reviewed_by_any = true;
        let name = reviewer.name();
        match catch_unwind(AssertUnwindSafe(|| reviewer.review(shard))) {
            Ok(Ok(found)) => outcome.findings.extend(found),
            Ok(Err(ReviewError::Incomplete { findings, reason })) => {
                outcome.findings.extend(findings);
                outcome.failures.push(Failure::new(name, reason));
            }
            Ok(Err(e)) => outcome.failures.push(Failure::new(name, e.to_string())),
            Err(panic) => outcome.failures.push(Failure::new(
                name,
                format!("reviewer crashed: {}", panic_message(&*panic)),
            )),
        }
    }
    if !reviewed_by_any && !agents_follow {
        outcome.failures.push(Failure::new(
            "-",
            format!("no reviewer supports {}", shard.language()),
        ));
    }
    outcome
}

/// The message a panic carried, for the failure it becomes.
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| String::from("unknown panic"))
}
