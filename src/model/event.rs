//! What the pipeline tells the aggregator, in the order things happen: files skipped, files read
//! and cut, and each shard's outcome as soon as it is finished.

use std::fmt;
use std::sync::Arc;

use super::finding::Finding;
use crate::lang::Language;
use crate::slice::{Shard, SourceFile};

/// One thing that happened in the pipeline.
pub(crate) enum Event {
    /// A file was not scanned, and why.
    Skipped {
        path: String,
        reason: SkipReason,
        detail: Option<String>,
    },
    /// A file was read, parsed and cut.
    File(FileInfo),
    /// One shard finished: reviewed, or failed with reasons.
    Shard(ShardOutcome),
}

/// A file that was read, parsed and cut.
#[derive(Debug, Clone)]
pub(crate) struct FileInfo {
    pub(crate) path: String,
    pub(crate) language: Language,
    pub(crate) lines: usize,
    pub(crate) bytes: usize,
    pub(crate) shards: usize,
    /// Decoded with replacement characters: not valid UTF-8.
    pub(crate) lossy: bool,
    pub(crate) parse_failure: Option<String>,
    /// Whether this run counts the file (its lines, bytes, language) in its totals: a file whose
    /// shards are split across partitions is counted by one of them only.
    pub(crate) counted: bool,
}

/// A reviewer that could not finish a shard, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) reviewer: String,
    pub(crate) reason: String,
}

impl Failure {
    pub(crate) fn new(reviewer: impl Into<String>, reason: impl Into<String>) -> Failure {
        Failure {
            reviewer: reviewer.into(),
            reason: reason.into(),
        }
    }
}

/// The outcome of one shard, as its reviewers left it. The aggregator enriches the findings
/// (masks secrets, adds line hashes, suppressions and fingerprints) from the file it carries.
pub(crate) struct ShardOutcome {
    pub(crate) shard_id: String,
    /// The shard's file: its text for the aggregator's enrichment, its path and URI for reports.
    pub(crate) file: Arc<SourceFile>,
    pub(crate) start_line: usize,
    pub(crate) end_line: usize,
    pub(crate) findings: Vec<Finding>,
    /// Every reviewer that could not finish this shard.
    pub(crate) failures: Vec<Failure>,
    /// Findings a verifier rejected, with its reason (kept for the JSON report).
    pub(crate) rejected: Vec<(Finding, String)>,
    /// Every agent's review of this shard came from the cache.
    pub(crate) cached: bool,
}

impl ShardOutcome {
    /// An outcome with nothing in it yet.
    pub(crate) fn empty(shard: &Shard) -> ShardOutcome {
        ShardOutcome {
            shard_id: shard.id.clone(),
            file: Arc::clone(&shard.file),
            start_line: shard.start_line,
            end_line: shard.end_line,
            findings: Vec::new(),
            failures: Vec::new(),
            rejected: Vec::new(),
            cached: false,
        }
    }

    /// A shard no reviewer looked at, for `reason` (a deadline, a crash).
    pub(crate) fn failed(shard: &Shard, reviewer: &str, reason: impl Into<String>) -> ShardOutcome {
        let mut outcome = ShardOutcome::empty(shard);
        outcome.failures.push(Failure::new(reviewer, reason));
        outcome
    }

    /// The shard's path, relative to the scan root.
    pub(crate) fn path(&self) -> &str {
        &self.file.rel_path
    }
}

impl fmt::Debug for ShardOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ShardOutcome")
            .field("shard_id", &self.shard_id)
            .field("path", &self.file.rel_path)
            .field("lines", &(self.start_line..=self.end_line))
            .field("findings", &self.findings.len())
            .field("failures", &self.failures)
            .field("cached", &self.cached)
            .finish()
    }
}

/// Why a file was not scanned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum SkipReason {
    /// Not a language shardscan knows (images, docs, data files).
    NotSource,
    /// A known language that no configured reviewer audits.
    NoReviewer,
    Binary,
    Generated,
    Minified,
    /// Files under a vendored directory (counted per directory: its files are never listed).
    VendoredDirectory,
    TooLarge,
    /// A symbolic link, not followed without `--follow`.
    Symlink,
    /// Could not be read, or the walk itself failed there (a symlink loop, a permission error).
    Error,
    /// Not read: the run stopped (deadline or Ctrl-C) before it got there.
    Stopped,
}

impl SkipReason {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            SkipReason::NotSource => "not source code",
            SkipReason::NoReviewer => "no reviewer for the language",
            SkipReason::Binary => "binary",
            SkipReason::Generated => "generated",
            SkipReason::Minified => "minified",
            SkipReason::VendoredDirectory => "vendored directories",
            SkipReason::TooLarge => "larger than --max-file-size",
            SkipReason::Symlink => "symbolic links (use --follow)",
            SkipReason::Error => "unreadable",
            SkipReason::Stopped => "not read: the run stopped first",
        }
    }
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}
