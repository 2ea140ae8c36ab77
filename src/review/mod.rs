//! Reviewers: the agents that audit one shard each. Every backend implements [`Reviewer`]; the pool
//! in [`pool`] runs them under one set of limits.

pub mod agents;
pub mod cache;
pub mod llm;
pub mod pool;
pub mod rules;

use crate::finding::Finding;
use crate::lang::Language;
use crate::slice::Shard;

/// Why a review did not complete. Findings gathered before the failure are kept, never dropped.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// Worth trying again (timeouts, rate limits, 5xx, connection errors).
    #[error("{0}")]
    Retryable(String),
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
pub trait Reviewer: Send + Sync {
    /// Short stable name (`rules`, `openai:gpt-4o`), recorded on every finding.
    fn name(&self) -> &str;
    /// Whether this reviewer can audit shards of `language`.
    fn supports(&self, language: Language) -> bool;
    fn review(&self, shard: &Shard) -> Result<Vec<Finding>, ReviewError>;
}
