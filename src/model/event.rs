//! What the pipeline tells the aggregator, in the order things happen: files skipped, files read
//! and cut, and each shard's outcome as soon as it is finished.

use std::fmt;
use std::sync::Arc;

use super::finding::Finding;
use super::report::Problem;
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
    /// One shard finished: reviewed, or failed with reasons. Built with [`Event::shard`].
    Shard(ShardOutcome),
    /// Findings that only the whole run shows (flows across functions and files), once every
    /// shard is reviewed.
    Joined(Vec<Joined>),
    /// A file that was scanned, but that what the whole run shows could not take into account
    /// as it should have.
    Problem(Problem),
}

/// A finding made once every file was read, with the URI of its file. Its line hash and
/// suppression were taken from the file when the file was reviewed (the file is not kept).
#[derive(Debug)]
pub(crate) struct Joined {
    pub(crate) finding: Finding,
    pub(crate) uri: String,
}

impl Event {
    /// The event of a finished shard. It keeps the shard's file only when findings need it (the
    /// aggregator enriches them from it): otherwise the file is released here, on the thread that
    /// read it, rather than kept alive in the queue and freed by the aggregator.
    pub(crate) fn shard(mut outcome: ShardOutcome) -> Event {
        if outcome.findings.is_empty() {
            outcome.file = None;
        }
        Event::Shard(outcome)
    }
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
    /// Path relative to the scan root, for reports.
    pub(crate) path: String,
    /// Percent-encoded URI of the file (exact even for file names that are not UTF-8).
    pub(crate) uri: String,
    /// The shard's file, for the aggregator's enrichment of the findings; `None` once no finding
    /// needs it.
    pub(crate) file: Option<Arc<SourceFile>>,
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
            path: shard.file.rel_path.clone(),
            uri: shard.file.uri.clone(),
            file: Some(Arc::clone(&shard.file)),
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
}

impl fmt::Debug for ShardOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ShardOutcome")
            .field("shard_id", &self.shard_id)
            .field("path", &self.path)
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
    /// A FIFO, socket or device: never opened (reading a FIFO would wait forever).
    SpecialFile,
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
            SkipReason::SpecialFile => "special files (FIFOs, sockets, devices)",
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
