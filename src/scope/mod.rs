//! What a run covers: the lines changed since a revision (diff mode) and this machine's share of
//! the shards (partitions). The command works out both before the review starts; the pipeline
//! asks the [`Scope`] which files to read and which shards to review.

pub(crate) mod diff;
pub(crate) mod partition;

use std::collections::HashSet;

use crate::slice::Shard;
use diff::Changes;

/// The files and shards a run reviews.
#[derive(Debug, Default)]
pub(crate) struct Scope {
    /// Diff mode: what changed since the merge base.
    pub(crate) changes: Option<Changes>,
    /// The shard ids of this machine's partition.
    pub(crate) partition: Option<HashSet<String>>,
    /// What the run was limited to, in words, for the summary.
    pub(crate) description: Vec<String>,
}

impl Scope {
    /// Whether the run reads the file at `path` (diff mode passes over unchanged files).
    pub(crate) fn reads_file(&self, path: &str) -> bool {
        self.changes.as_ref().is_none_or(|c| c.touches(path))
    }

    /// Whether a shard overlaps what changed.
    pub(crate) fn changed(&self, shard: &Shard) -> bool {
        self.changes
            .as_ref()
            .is_none_or(|c| c.overlaps(&shard.file.rel_path, shard.start_line, shard.end_line))
    }

    /// Whether the run reviews `shard`.
    pub(crate) fn reviews(&self, shard: &Shard) -> bool {
        self.changed(shard)
            && self
                .partition
                .as_ref()
                .is_none_or(|p| p.contains(&shard.id))
    }

    /// Whether this run counts a file (its lines, bytes, language), given all its shards: a file
    /// split across partitions is counted by the one holding its first shard in scope.
    pub(crate) fn counts_file(&self, shards: &[Shard]) -> bool {
        shards
            .iter()
            .find(|shard| self.changed(shard))
            .is_some_and(|first| {
                self.partition
                    .as_ref()
                    .is_none_or(|p| p.contains(&first.id))
            })
    }

    /// Whether some files are left out unread.
    pub(crate) fn selects_files(&self) -> bool {
        self.changes.is_some()
    }

    /// Whether some shards are left out.
    pub(crate) fn selects_shards(&self) -> bool {
        self.changes.is_some() || self.partition.is_some()
    }
}
