//! What a run covers: the lines changed since a revision (diff mode) and this machine's share of
//! the shards (partitions). The command works out both before the review starts; the pipeline
//! asks the [`Scope`] which files to read and which shards to review.

pub(crate) mod diff;
pub(crate) mod partition;

use crate::slice::Shard;
use diff::Changes;

/// The files and shards a run reviews.
#[derive(Debug, Default)]
pub(crate) struct Scope {
    /// Diff mode: what changed since the merge base.
    pub(crate) changes: Option<Changes>,
    /// This machine's partition (of more than one).
    pub(crate) partition: Option<partition::Share>,
    /// What the run was limited to, in words, for the summary.
    pub(crate) description: Vec<String>,
}

impl Scope {
    /// Whether the run reads the file at `path`: diff mode passes over unchanged files, and a
    /// partition over the files of the others.
    pub(crate) fn reads_file(&self, path: &str) -> bool {
        self.changes.as_ref().is_none_or(|c| c.touches(path))
            && self.partition.as_ref().is_none_or(|p| p.reads(path))
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
                .is_none_or(|p| p.holds(&shard.id, &shard.file.rel_path))
    }

    /// Whether this run counts the file at `path` (its lines, bytes, language), given all its
    /// shards: a partition counts the files dealt to it whole, and a file split across
    /// partitions is counted by the one holding its first shard in scope.
    pub(crate) fn counts_file(&self, path: &str, shards: &[Shard]) -> bool {
        let Some(share) = &self.partition else {
            return true;
        };
        share.owns(path)
            || shards
                .iter()
                .find(|shard| self.changed(shard))
                .is_some_and(|first| share.holds(&first.id, path))
    }

    /// Whether some files are left out unread.
    pub(crate) fn selects_files(&self) -> bool {
        self.changes.is_some() || self.partition.is_some()
    }

    /// Whether some shards are left out.
    pub(crate) fn selects_shards(&self) -> bool {
        self.changes.is_some() || self.partition.is_some()
    }
}
