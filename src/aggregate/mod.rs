//! The aggregator: the single owner of results. It receives each shard's findings as that shard
//! finishes, keeps the run's counts, and at the end merges duplicates, numbers fingerprints and
//! sorts everything into a [`Report`].

pub(crate) mod baseline;
mod dedup;
mod enrich;
pub(crate) mod fingerprint;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

use crate::model::{
    Event, Finding, PoolMetrics, Problem, Rejected, Report, RuleDescriptor, SkipReason,
    SkippedFile, Summary, Unreviewed,
};
pub(crate) use dedup::dedup;

pub(crate) struct Aggregator {
    started: Instant,
    findings: Vec<Finding>,
    unreviewed: Vec<Unreviewed>,
    problems: Vec<Problem>,
    skipped: BTreeMap<SkipReason, usize>,
    skipped_files: Vec<SkippedFile>,
    files: usize,
    lines: usize,
    bytes: usize,
    lossy_files: usize,
    languages: BTreeMap<String, usize>,
    shards_total: usize,
    shards_done: usize,
    shards_reviewed: usize,
    shards_cached: usize,
    rejected: Vec<Rejected>,
    /// Display path -> URI, for the files a report mentions.
    uris: BTreeMap<String, String>,
}

impl Default for Aggregator {
    fn default() -> Self {
        Aggregator::new()
    }
}

impl Aggregator {
    pub(crate) fn new() -> Aggregator {
        Aggregator {
            started: Instant::now(),
            findings: Vec::new(),
            unreviewed: Vec::new(),
            problems: Vec::new(),
            skipped: BTreeMap::new(),
            skipped_files: Vec::new(),
            files: 0,
            lines: 0,
            bytes: 0,
            lossy_files: 0,
            languages: BTreeMap::new(),
            shards_total: 0,
            shards_done: 0,
            shards_reviewed: 0,
            shards_cached: 0,
            rejected: Vec::new(),
            uris: BTreeMap::new(),
        }
    }

    pub(crate) fn handle(&mut self, event: Event) {
        match event {
            Event::Skipped {
                path,
                reason,
                detail,
            } => {
                *self.skipped.entry(reason).or_default() += 1;
                if reason == SkipReason::Stopped {
                    self.problems.push(Problem {
                        path: path.clone(),
                        message: detail.clone().unwrap_or_else(|| {
                            String::from("not reviewed: the run stopped before this file was read")
                        }),
                    });
                } else if reason == SkipReason::Error {
                    self.problems.push(Problem {
                        path: path.clone(),
                        message: detail.clone().unwrap_or_else(|| String::from("unreadable")),
                    });
                }
                self.skipped_files.push(SkippedFile {
                    path,
                    reason,
                    detail,
                });
            }
            Event::File(info) => {
                self.shards_total += info.shards;
                if info.counted {
                    self.files += 1;
                    self.lines += info.lines;
                    self.bytes += info.bytes;
                    *self
                        .languages
                        .entry(info.language.name().to_string())
                        .or_default() += 1;
                    if info.lossy {
                        self.lossy_files += 1;
                    }
                }
                if let Some(failure) = info.parse_failure {
                    self.problems.push(Problem {
                        path: info.path,
                        message: format!("could not be parsed ({failure}); cut into line windows"),
                    });
                }
            }
            Event::Shard(mut outcome) => {
                self.shards_done += 1;
                let path = std::mem::take(&mut outcome.path);
                if !outcome.findings.is_empty() || !outcome.failures.is_empty() {
                    self.uris
                        .entry(path.clone())
                        .or_insert_with(|| std::mem::take(&mut outcome.uri));
                }
                if outcome.failures.is_empty() {
                    self.shards_reviewed += 1;
                }
                if outcome.cached {
                    self.shards_cached += 1;
                }
                if let Some(file) = &outcome.file {
                    enrich::enrich(file, &mut outcome.findings);
                }
                self.rejected.extend(
                    outcome
                        .rejected
                        .into_iter()
                        .map(|(finding, reason)| Rejected { finding, reason }),
                );
                for failure in outcome.failures {
                    self.unreviewed.push(Unreviewed {
                        path: path.clone(),
                        start_line: outcome.start_line,
                        end_line: outcome.end_line,
                        shard_id: outcome.shard_id.clone(),
                        reviewer: failure.reviewer,
                        reason: failure.reason,
                    });
                }
                self.findings.extend(outcome.findings);
            }
            Event::Problem(problem) => self.problems.push(problem),
            Event::Joined(joined) => {
                let mut findings = Vec::with_capacity(joined.len());
                for crate::model::Joined { finding, uri } in joined {
                    self.uris
                        .entry(finding.location.path.clone())
                        .or_insert(uri);
                    findings.push(finding);
                }
                enrich::enrich_joined(&mut findings);
                self.findings.extend(findings);
            }
        }
    }

    /// Findings so far, for the progress line.
    pub(crate) fn finding_count(&self) -> usize {
        self.findings.len()
    }

    pub(crate) fn shards_done(&self) -> usize {
        self.shards_done
    }

    pub(crate) fn shards_total(&self) -> usize {
        self.shards_total
    }

    pub(crate) fn files(&self) -> usize {
        self.files
    }

    /// Merges duplicates, numbers fingerprints, sorts, and builds the report.
    pub(crate) fn finish(
        self,
        root: PathBuf,
        rules: Vec<RuleDescriptor>,
        pool: PoolMetrics,
    ) -> Report {
        let mut findings = dedup(self.findings);
        fingerprint::number(&mut findings);
        let mut unreviewed = self.unreviewed;
        unreviewed.sort_by(|a, b| {
            (&a.path, a.start_line, &a.reviewer).cmp(&(&b.path, b.start_line, &b.reviewer))
        });
        let mut problems = self.problems;
        problems.sort_by(|a, b| a.path.cmp(&b.path));
        // Readers finish in any order: sorted, the list is the same from run to run.
        let mut skipped_files = self.skipped_files;
        skipped_files.sort_by(|a, b| (&a.path, a.reason).cmp(&(&b.path, b.reason)));
        let mut report = Report {
            tool_version: env!("CARGO_PKG_VERSION").to_string(),
            root,
            uris: self.uris,
            rules,
            findings,
            unreviewed,
            problems,
            skipped_files,
            scope: Vec::new(),
            category: None,
            join_left_to_merge: false,
            configuration: Vec::new(),
            baseline: None,
            rejected: self.rejected,
            summary: Summary {
                files: self.files,
                lines: self.lines,
                bytes: self.bytes,
                lossy_files: self.lossy_files,
                languages: self.languages,
                shards_total: self.shards_total,
                shards_reviewed: self.shards_reviewed,
                shards_cached: self.shards_cached,
                by_severity: BTreeMap::new(),
                suppressed: 0,
                skipped: self.skipped,
                duration_seconds: self.started.elapsed().as_secs_f64(),
                pool,
            },
        };
        report.recount();
        report
    }
}
