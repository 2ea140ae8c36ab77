//! The pipeline and its pool of reviewers.
//!
//! ```text
//! walker ──candidates──► readers (parse + slice) ──shards──► reviewers ──results──► aggregator
//!        (bounded)                               (bounded,                  (caller's thread)
//!                                                 2 x workers)
//! ```
//!
//! Every channel is bounded, so memory holds a fixed number of files however large the repository.
//! Reviewing starts as soon as the first shard exists, and each shard's result reaches the
//! aggregator as soon as it is finished: there is no batch barrier anywhere. A reviewer that fails
//! or panics costs only its shard, which is reported with the reason; findings it produced before
//! failing are kept.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use crossbeam_channel::{bounded, Receiver, Sender};

use super::agents::{AgentPool, AgentWork, StopSignal};
use super::{ReviewError, Reviewer};
use crate::aggregate::{fingerprint, mask, suppress};
use crate::finding::Finding;
use crate::lang::Language;
use crate::slice::{self, Shard, SliceOptions, SourceFile};
use crate::walk::{self, Candidate, Classified, SkipReason, WalkEvent, WalkSettings};

/// What the pipeline tells the aggregator, in the order things happen.
pub enum Event {
    Skipped {
        path: String,
        reason: SkipReason,
        detail: Option<String>,
    },
    /// A file was read, parsed and cut.
    File(FileInfo),
    /// One shard finished (reviewed, or failed with reasons).
    Shard(ShardResult),
}

#[derive(Debug, Clone)]
pub struct FileInfo {
    pub path: String,
    pub language: Language,
    pub lines: usize,
    pub bytes: usize,
    pub shards: usize,
    /// Decoded with replacement characters: not valid UTF-8.
    pub lossy: bool,
    pub parse_failure: Option<String>,
    /// Whether this run counts the file (its lines, bytes, language) in its totals: a file whose
    /// shards are split across partitions is counted by one of them only.
    pub counted: bool,
}

/// The outcome of one shard.
#[derive(Debug)]
pub struct ShardResult {
    pub shard_id: String,
    pub path: String,
    /// Percent-encoded URI of the file (exact even for file names that are not UTF-8).
    pub uri: String,
    pub start_line: usize,
    pub end_line: usize,
    pub findings: Vec<Finding>,
    /// `(reviewer, reason)` for every reviewer that could not finish this shard.
    pub failures: Vec<(String, String)>,
    /// Findings a verifier rejected, with its reason (kept for the JSON report).
    pub rejected: Vec<(Finding, String)>,
    /// Every agent's review of this shard came from the cache.
    pub cached: bool,
}

impl ShardResult {
    /// A result with nothing in it yet.
    pub fn empty(shard: &Shard) -> ShardResult {
        ShardResult {
            shard_id: shard.id.clone(),
            path: shard.file.rel_path.clone(),
            uri: shard.file.uri.clone(),
            start_line: shard.start_line,
            end_line: shard.end_line,
            findings: Vec::new(),
            failures: Vec::new(),
            rejected: Vec::new(),
            cached: false,
        }
    }
}

/// How busy the pool was: the figures that show whether "parallel" really was parallel.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct PoolMetrics {
    pub workers: usize,
    pub agents_started: u64,
    pub peak_concurrency: usize,
    /// Mean busy workers (cutting files or reviewing shards) over the run, divided by the number
    /// of workers.
    pub utilization: f64,
    /// Time from start to the first shard handed to a reviewer, as a share of the run.
    pub first_dispatch_share: f64,
    /// Share of the run with at least two reviewers busy.
    pub overlap_share: f64,
    pub wall_seconds: f64,
    /// The agent pool's own figures, when LLM or command reviewers ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agents: Option<super::agents::AgentMetrics>,
}

/// Running count of busy workers, integrated over time in O(1) memory.
struct Occupancy {
    started: Instant,
    last_change: Instant,
    busy: usize,
    peak: usize,
    agents: u64,
    busy_integral: Duration,
    at_least_two: Duration,
    first_dispatch: Option<Duration>,
}

impl Occupancy {
    fn new() -> Occupancy {
        let now = Instant::now();
        Occupancy {
            started: now,
            last_change: now,
            busy: 0,
            peak: 0,
            agents: 0,
            busy_integral: Duration::ZERO,
            at_least_two: Duration::ZERO,
            first_dispatch: None,
        }
    }

    fn advance(&mut self) {
        let now = Instant::now();
        let elapsed = now - self.last_change;
        self.busy_integral += elapsed * self.busy as u32;
        if self.busy >= 2 {
            self.at_least_two += elapsed;
        }
        self.last_change = now;
    }

    /// A worker starts work; `review` when it is a shard review (an agent), not cutting a file.
    fn enter(&mut self, review: bool) {
        self.advance();
        if review {
            self.first_dispatch
                .get_or_insert(self.last_change - self.started);
            self.agents += 1;
        }
        self.busy += 1;
        self.peak = self.peak.max(self.busy);
    }

    fn leave(&mut self) {
        self.advance();
        self.busy -= 1;
    }

    fn metrics(&mut self, workers: usize) -> PoolMetrics {
        self.advance();
        let wall = (self.last_change - self.started).as_secs_f64().max(1e-9);
        PoolMetrics {
            workers,
            agents_started: self.agents,
            peak_concurrency: self.peak,
            utilization: self.busy_integral.as_secs_f64() / (wall * workers as f64),
            first_dispatch_share: self.first_dispatch.map_or(1.0, |d| d.as_secs_f64() / wall),
            overlap_share: self.at_least_two.as_secs_f64() / wall,
            wall_seconds: wall,
            agents: None,
        }
    }
}

/// Whether a run counts a file, given all its shards.
pub type OwnsFile<'a> = dyn Fn(&[Shard]) -> bool + Sync + 'a;

/// Pipeline options.
pub struct PipelineSettings<'a> {
    pub walk: &'a WalkSettings,
    pub slice: &'a SliceOptions,
    /// Worker threads: each reads, parses and cuts files and reviews shards.
    pub jobs: usize,
    /// Read and parse files but do not cut them (the baseline of the speed benchmark).
    pub parse_only: bool,
    /// Files (by display path) in scope: the others are passed over unread and uncounted (diff
    /// mode).
    pub select_file: Option<&'a (dyn Fn(&str) -> bool + Sync)>,
    /// Shards in scope: the others are neither reviewed nor counted (diff mode, partitions).
    pub select_shard: Option<&'a (dyn Fn(&Shard) -> bool + Sync)>,
    /// With `select_shard`: whether this run counts a file, given all its shards (so a file split
    /// across partitions is counted once); `None` counts every file with a shard in scope.
    pub owns_file: Option<&'a OwnsFile<'a>>,
}

/// What the workers share.
struct Shared<'a> {
    settings: &'a PipelineSettings<'a>,
    reviewers: &'a [Arc<dyn Reviewer>],
    accept: &'a (dyn Fn(Language) -> bool + Sync),
    on_shard: Option<&'a (dyn Fn(&Shard) + Sync)>,
    candidates: Receiver<Candidate>,
    shards: (Sender<Shard>, Receiver<Shard>),
    /// Workers between taking a file and having queued or reviewed all its shards.
    cutting: AtomicUsize,
    /// Workers waiting for work: shards are handed to them only then.
    idle: AtomicUsize,
    occupancy: Mutex<Occupancy>,
    /// Set once the deadline passes or the user presses Ctrl-C.
    stop: Option<StopSignal>,
}

/// Where a worker sends shards for the agents, when there are any.
type AgentTx = tokio::sync::mpsc::Sender<AgentWork>;

/// Runs the whole pipeline, calling `on_event` on this thread for everything that happens. With no
/// reviewers, files are read, parsed and cut but no shard is reviewed (`shardscan shards`, and the
/// parse-only benchmark); `on_shard` then sees every shard.
///
/// The workers are one pool of `jobs` threads that both cut files and review shards, so the
/// machine is never oversubscribed. A worker reviews the shards it cut itself, while the file's
/// syntax tree is still in its CPU's cache, except that it hands shards through the bounded queue
/// to workers that are waiting for work (a large file's shards spread over the whole pool).
/// Waiting workers take queued shards before new files, so started work finishes first; a full
/// queue just means the cutter reviews the shard itself, so workers never wait on one another.
///
/// With `agents`, each shard goes on to the agent pool after the CPU reviewers (through a bounded
/// queue of twice the agent cap), and its result reaches `on_event` when its last agent finishes.
pub fn run(
    settings: &PipelineSettings<'_>,
    reviewers: &[Arc<dyn Reviewer>],
    agents: Option<&AgentPool>,
    accept: &(dyn Fn(Language) -> bool + Sync),
    mut on_event: impl FnMut(Event),
    on_shard: Option<&(dyn Fn(&Shard) + Sync)>,
) -> anyhow::Result<PoolMetrics> {
    let started = Instant::now();
    let jobs = settings.jobs.max(1);
    let (candidate_tx, candidate_rx) = bounded::<Candidate>(256);
    let (event_tx, event_rx) = bounded::<Event>(1024);
    let shared = Shared {
        settings,
        reviewers,
        accept,
        on_shard,
        candidates: candidate_rx,
        shards: bounded::<Shard>(jobs * 2),
        cutting: AtomicUsize::new(0),
        idle: AtomicUsize::new(0),
        occupancy: Mutex::new(Occupancy::new()),
        stop: agents.map(AgentPool::stop_signal),
    };
    let (agent_tx, agent_rx) = match agents {
        Some(pool) => {
            let (tx, rx) = tokio::sync::mpsc::channel::<AgentWork>(pool.cap() * 2);
            (Some(tx), Some(rx))
        }
        None => (None, None),
    };
    let outcome = std::thread::scope(|scope| -> anyhow::Result<()> {
        let agent_thread = match (agents, agent_rx) {
            (Some(pool), Some(rx)) => {
                let events = event_tx.clone();
                Some(
                    std::thread::Builder::new()
                        .name(String::from("shardscan-agents"))
                        .spawn_scoped(scope, move || pool.run_guarded(rx, events, started))
                        .context("failed to start the agent pool")?,
                )
            }
            _ => None,
        };
        let walker = {
            let events = event_tx.clone();
            std::thread::Builder::new()
                .name(String::from("shardscan-walk"))
                .spawn_scoped(scope, move || {
                    walk::walk(settings.walk, |event| match event {
                        WalkEvent::File(candidate) => candidate_tx.send(candidate).is_ok(),
                        WalkEvent::Skipped {
                            path,
                            reason,
                            detail,
                        } => events
                            .send(Event::Skipped {
                                path,
                                reason,
                                detail,
                            })
                            .is_ok(),
                    })
                })
                .context("failed to start the file walker")?
        };
        let mut workers = Vec::with_capacity(jobs);
        for index in 0..jobs {
            let events = event_tx.clone();
            let agent_tx = agent_tx.clone();
            let shared = &shared;
            let spawned = std::thread::Builder::new()
                .name(format!("shardscan-worker-{index}"))
                .spawn_scoped(scope, move || worker(shared, &events, agent_tx.as_ref()));
            match spawned {
                Ok(handle) => workers.push(handle),
                // Fewer workers than asked is still a complete run; none is not.
                Err(e) if workers.is_empty() => {
                    return Err(anyhow::Error::new(e).context("failed to start a worker thread"))
                }
                Err(_) => break,
            }
        }
        // Now only the walker, the workers and the agent pool hold senders: the loop ends when
        // all are done (the pool finishes once the workers drop their agent senders).
        drop(event_tx);
        drop(agent_tx);
        for event in event_rx.iter() {
            on_event(event);
        }
        let crashed = workers.into_iter().filter_map(|w| w.join().err()).count()
            + agent_thread.map_or(0, |t| usize::from(t.join().is_err()));
        if crashed > 0 {
            anyhow::bail!("{crashed} worker threads crashed; the results would be incomplete");
        }
        walker
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the file walker crashed")))
    });
    outcome?;
    let mut occupancy = shared
        .occupancy
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let mut metrics = occupancy.metrics(jobs);
    metrics.agents = agents.map(AgentPool::metrics);
    Ok(metrics)
}

/// What a waiting worker was given.
enum Work {
    Shard(Shard),
    File(Candidate),
}

fn worker(shared: &Shared<'_>, events: &Sender<Event>, agent_tx: Option<&AgentTx>) {
    let mut parser = tree_sitter::Parser::new();
    let (shard_tx, shard_rx) = &shared.shards;
    let mut files_left = true;
    loop {
        // Shards first: finish what is started before opening more files.
        if let Ok(shard) = shard_rx.try_recv() {
            if !review_and_send(shared, events, agent_tx, shard) {
                return;
            }
            continue;
        }
        if files_left {
            match shared.candidates.try_recv() {
                Ok(candidate) => {
                    if !cut(shared, events, agent_tx, &mut parser, candidate, shard_tx) {
                        return;
                    }
                    continue;
                }
                Err(crossbeam_channel::TryRecvError::Disconnected) => files_left = false,
                Err(crossbeam_channel::TryRecvError::Empty) => {
                    // Nothing to do yet: wait for either kind of work, counted as idle only while
                    // waiting, so cutters hand shards over only to workers that can take them.
                    let work = {
                        let _idle = Counted::new(&shared.idle);
                        crossbeam_channel::select! {
                            recv(shard_rx) -> shard => shard.map(Work::Shard),
                            recv(shared.candidates) -> candidate => candidate.map(Work::File),
                        }
                    };
                    let alive = match work {
                        Ok(Work::Shard(shard)) => review_and_send(shared, events, agent_tx, shard),
                        Ok(Work::File(candidate)) => {
                            cut(shared, events, agent_tx, &mut parser, candidate, shard_tx)
                        }
                        // Only the candidate channel can close while a worker waits.
                        Err(_) => {
                            files_left = false;
                            true
                        }
                    };
                    if !alive {
                        return;
                    }
                    continue;
                }
            }
        }
        // No files left: help with the shards other workers are still cutting, then stop.
        if shared.cutting.load(Ordering::SeqCst) == 0 && shard_rx.is_empty() {
            return;
        }
        let waited = {
            let _idle = Counted::new(&shared.idle);
            shard_rx.recv_timeout(Duration::from_millis(5))
        };
        if let Ok(shard) = waited {
            if !review_and_send(shared, events, agent_tx, shard) {
                return;
            }
        }
    }
}

/// Reads, parses and cuts one file, and queues its shards (or reviews them here when the queue is
/// full). Returns false when the aggregator has gone away.
fn cut(
    shared: &Shared<'_>,
    events: &Sender<Event>,
    agent_tx: Option<&AgentTx>,
    parser: &mut tree_sitter::Parser,
    candidate: Candidate,
    shard_tx: &Sender<Shard>,
) -> bool {
    let settings = shared.settings;
    if let Some(select) = settings.select_file {
        if !select(&candidate.rel_path) {
            return true;
        }
    }
    // Once the run has stopped, the rest of the tree is listed, not read and cut.
    if let Some(reason) = shared.stop.as_ref().and_then(|stop| *stop.borrow()) {
        return events
            .send(Event::Skipped {
                path: candidate.rel_path,
                reason: SkipReason::Stopped,
                detail: Some(reason.file_message().to_string()),
            })
            .is_ok();
    }
    let _cutting = Counted::new(&shared.cutting);
    let busy = Busy::new(&shared.occupancy, false);
    let path = candidate.rel_path.clone();
    // A bug in reading or cutting one file must cost that file, not the run.
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        read_and_slice(
            candidate,
            parser,
            settings.slice,
            shared.accept,
            settings.parse_only,
        )
    }))
    .unwrap_or_else(|panic| {
        *parser = tree_sitter::Parser::new();
        Err(Box::new(Event::Skipped {
            path,
            reason: SkipReason::Error,
            detail: Some(format!(
                "internal error while reading it: {}",
                panic_message(&*panic)
            )),
        }))
    });
    drop(busy);
    match outcome {
        Err(event) => events.send(*event).is_ok(),
        Ok((mut info, mut shards)) => {
            if let Some(owns) = settings.owns_file {
                info.counted = owns(&shards);
            }
            if let Some(select) = settings.select_shard {
                shards.retain(|shard| select(shard));
                if shards.is_empty() && info.shards > 0 && !info.counted {
                    // Nothing of this file is in scope.
                    return true;
                }
                info.shards = shards.len();
            }
            let mut alive = events.send(Event::File(info)).is_ok();
            for shard in shards {
                if !alive {
                    break;
                }
                if let Some(on_shard) = shared.on_shard {
                    on_shard(&shard);
                }
                if shared.reviewers.is_empty() && agent_tx.is_none() {
                    continue;
                }
                let shard = if shared.idle.load(Ordering::SeqCst) > 0 {
                    match shard_tx.try_send(shard) {
                        Ok(()) => continue,
                        Err(crossbeam_channel::TrySendError::Full(shard)) => shard,
                        Err(crossbeam_channel::TrySendError::Disconnected(_)) => break,
                    }
                } else {
                    shard
                };
                alive = review_and_send(shared, events, agent_tx, shard);
            }
            alive
        }
    }
}

/// Reviews a shard with the CPU reviewers, then hands it to the agents or reports it. Returns
/// false when the aggregator has gone away.
fn review_and_send(
    shared: &Shared<'_>,
    events: &Sender<Event>,
    agent_tx: Option<&AgentTx>,
    shard: Shard,
) -> bool {
    if let Some(reason) = shared.stop.as_ref().and_then(|stop| *stop.borrow()) {
        let mut result = ShardResult::empty(&shard);
        result
            .failures
            .push((String::from("shardscan"), reason.message().to_string()));
        return events.send(Event::Shard(result)).is_ok();
    }
    let busy = Busy::new(&shared.occupancy, true);
    let result = catch_unwind(AssertUnwindSafe(|| {
        review_shard(&shard, shared.reviewers, agent_tx.is_some())
    }))
    .unwrap_or_else(|panic| {
        let mut result = ShardResult::empty(&shard);
        result.failures.push((
            String::from("shardscan"),
            format!("internal error while reviewing: {}", panic_message(&*panic)),
        ));
        result
    });
    drop(busy);
    match agent_tx {
        Some(tx) => match tx.blocking_send(AgentWork { shard, result }) {
            Ok(()) => true,
            // The agent pool is gone (it could not start): report what the rules found.
            Err(tokio::sync::mpsc::error::SendError(mut work)) => {
                work.result.failures.push((
                    String::from("agents"),
                    String::from("the agent pool stopped before this shard"),
                ));
                events.send(Event::Shard(work.result)).is_ok()
            }
        },
        None => events.send(Event::Shard(result)).is_ok(),
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| String::from("unknown panic"))
}

/// Counts a worker in `counter` for as long as it lives, even if it unwinds.
struct Counted<'a>(&'a AtomicUsize);

impl<'a> Counted<'a> {
    fn new(counter: &'a AtomicUsize) -> Counted<'a> {
        counter.fetch_add(1, Ordering::SeqCst);
        Counted(counter)
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Marks a worker busy for as long as it lives.
struct Busy<'a> {
    occupancy: &'a Mutex<Occupancy>,
}

impl<'a> Busy<'a> {
    fn new(occupancy: &'a Mutex<Occupancy>, review: bool) -> Busy<'a> {
        occupancy
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .enter(review);
        Busy { occupancy }
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.occupancy
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .leave();
    }
}

/// Reads, classifies, parses and cuts one file. `Err` carries the skip event to report instead.
pub fn read_and_slice(
    candidate: Candidate,
    parser: &mut tree_sitter::Parser,
    options: &SliceOptions,
    accept: &(dyn Fn(Language) -> bool + Sync),
    parse_only: bool,
) -> Result<(FileInfo, Vec<Shard>), Box<Event>> {
    let skipped = |reason, detail| {
        Box::new(Event::Skipped {
            path: candidate.rel_path.clone(),
            reason,
            detail,
        })
    };
    let bytes = match std::fs::read(&candidate.path) {
        Ok(bytes) => bytes,
        Err(e) => {
            return Err(skipped(
                SkipReason::Error,
                Some(format!("failed to read: {e}")),
            ))
        }
    };
    let (language, text, lossy) = match walk::classify(&candidate.path, candidate.language, bytes) {
        Classified::Skip(reason) => return Err(skipped(reason, None)),
        Classified::Source {
            language,
            text,
            lossy,
        } => (language, text, lossy),
    };
    if !accept(language) {
        return Err(skipped(
            SkipReason::NoReviewer,
            Some(language.name().to_string()),
        ));
    }
    let mut file = SourceFile::new(
        candidate.path,
        candidate.rel_path,
        candidate.uri,
        language,
        text,
    );
    slice::parse(&mut file, parser);
    let file = Arc::new(file);
    let cut = if parse_only {
        Vec::new()
    } else {
        slice::slice_file(&file, options)
    };
    let info = FileInfo {
        path: file.rel_path.clone(),
        language,
        lines: file.line_count(),
        bytes: file.text.len(),
        shards: cut.len(),
        lossy,
        parse_failure: file.parse_failure.clone(),
        counted: true,
    };
    Ok((info, cut))
}

/// Runs every reviewer that supports the shard's language; never panics, never drops findings.
/// `agents_follow` says agents will review the shard next, so no CPU reviewer is needed.
pub fn review_shard(
    shard: &Shard,
    reviewers: &[Arc<dyn Reviewer>],
    agents_follow: bool,
) -> ShardResult {
    let mut findings = Vec::new();
    let mut failures = Vec::new();
    let mut reviewed_by_any = false;
    for reviewer in reviewers.iter().filter(|r| r.supports(shard.language())) {
        reviewed_by_any = true;
        let outcome = catch_unwind(AssertUnwindSafe(|| reviewer.review(shard)));
        match outcome {
            Ok(Ok(found)) => findings.extend(found),
            Ok(Err(ReviewError::Incomplete {
                findings: found,
                reason,
            })) => {
                findings.extend(found);
                failures.push((reviewer.name().to_string(), reason));
            }
            Ok(Err(e)) => failures.push((reviewer.name().to_string(), e.to_string())),
            Err(panic) => failures.push((
                reviewer.name().to_string(),
                format!("reviewer crashed: {}", panic_message(&*panic)),
            )),
        }
    }
    if !reviewed_by_any && !agents_follow {
        failures.push((
            String::from("-"),
            format!("no reviewer supports {}", shard.language()),
        ));
    }
    finish_findings(shard, &mut findings);
    let mut result = ShardResult::empty(shard);
    result.findings = findings;
    result.failures = failures;
    result
}

/// What every finding of a shard goes through before it leaves the pool: secrets masked, GitHub's
/// line hash, inline suppressions, the fingerprint.
pub fn finish_findings(shard: &Shard, findings: &mut [Finding]) {
    mask::mask_findings(findings);
    for finding in findings.iter_mut() {
        finding.line_hash = shard.file.line_hash(finding.location.start_line);
        finding.suppressed =
            suppress::suppression(&shard.file, finding.location.start_line, &finding.rule_id);
        finding.fingerprint = fingerprint::base(finding);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::{Location, Severity};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Reports one finding per shard; panics on `panic.py`, fails on `fail.py`, and counts how many
    /// reviews run at once.
    struct FakeReviewer {
        running: AtomicUsize,
        peak: AtomicUsize,
    }

    impl Reviewer for FakeReviewer {
        fn name(&self) -> &str {
            "fake"
        }
        fn supports(&self, language: Language) -> bool {
            language == Language::Python
        }
        fn review(&self, shard: &Shard) -> Result<Vec<Finding>, ReviewError> {
            let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
            self.peak.fetch_max(now, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(5));
            self.running.fetch_sub(1, Ordering::SeqCst);
            match shard.file.rel_path.as_str() {
                "panic.py" => panic!("boom"),
                "fail.py" => Err(ReviewError::Permanent(String::from("model refused"))),
                _ => Ok(vec![Finding {
                    rule_id: String::from("fake/rule"),
                    reviewers: vec![String::from("fake")],
                    severity: Severity::Warning,
                    message: String::from("m"),
                    location: Location {
                        path: shard.file.rel_path.clone(),
                        start_line: shard.start_line,
                        start_column: 1,
                        end_line: shard.start_line,
                        end_column: 2,
                    },
                    cwe: vec![],
                    confidence: 0.5,
                    snippet: shard.file.line_text(shard.start_line).to_string(),
                    symbol: None,
                    fingerprint: String::new(),
                    line_hash: String::new(),
                    suppressed: None,
                    in_baseline: false,
                    flow_rule: None,
                    flow: Vec::new(),
                    secrets: vec![],
                }]),
            }
        }
    }

    fn walk_settings(dir: &std::path::Path) -> WalkSettings {
        WalkSettings {
            paths: vec![dir.to_path_buf()],
            root: std::fs::canonicalize(dir).unwrap(),
            include: vec![],
            exclude: vec![],
            hidden: false,
            ignore_files: true,
            follow_links: false,
            include_vendored: false,
            max_file_size: 1 << 20,
        }
    }

    #[test]
    fn failures_cost_only_their_shard_and_workers_overlap() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..12 {
            std::fs::write(dir.path().join(format!("ok{i}.py")), "x = 1\n").unwrap();
        }
        std::fs::write(dir.path().join("panic.py"), "x = 1\n").unwrap();
        std::fs::write(dir.path().join("fail.py"), "x = 1\n").unwrap();
        let walk = walk_settings(dir.path());
        let fake = Arc::new(FakeReviewer {
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        });
        let reviewers: Vec<Arc<dyn Reviewer>> = vec![fake.clone()];
        let mut results = Vec::new();
        let metrics = run(
            &PipelineSettings {
                walk: &walk,
                slice: &SliceOptions::default(),
                jobs: 4,
                parse_only: false,
                select_file: None,
                select_shard: None,
                owns_file: None,
            },
            &reviewers,
            None,
            &|l| l == Language::Python,
            |event| {
                if let Event::Shard(result) = event {
                    results.push(result);
                }
            },
            None,
        )
        .unwrap();
        assert_eq!(results.len(), 14, "every shard ends reviewed or failed");
        let failed: Vec<(&str, &str)> = results
            .iter()
            .flat_map(|r| {
                r.failures
                    .iter()
                    .map(move |(_, why)| (r.path.as_str(), why.as_str()))
            })
            .collect();
        assert_eq!(failed.len(), 2);
        assert!(failed.contains(&("panic.py", "reviewer crashed: boom")));
        assert!(failed.contains(&("fail.py", "model refused")));
        assert_eq!(results.iter().map(|r| r.findings.len()).sum::<usize>(), 12);
        assert_eq!(metrics.agents_started, 14);
        assert!(metrics.peak_concurrency <= 4);
        assert!(
            fake.peak.load(Ordering::SeqCst) >= 2,
            "reviews really ran in parallel"
        );
        assert!(metrics.utilization > 0.0 && metrics.utilization <= 1.0);
    }

    #[test]
    fn a_crash_while_reading_costs_only_that_file() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..40 {
            std::fs::write(dir.path().join(format!("ok{i}.py")), "x = 1\n").unwrap();
        }
        std::fs::write(dir.path().join("boom.rs"), "fn main() {}\n").unwrap();
        let walk = walk_settings(dir.path());
        let reviewers: Vec<Arc<dyn Reviewer>> = vec![Arc::new(FakeReviewer {
            running: AtomicUsize::new(0),
            peak: AtomicUsize::new(0),
        })];
        for jobs in [1, 3] {
            let (mut reviewed, mut problems) = (0, Vec::new());
            run(
                &PipelineSettings {
                    walk: &walk,
                    slice: &SliceOptions::default(),
                    jobs,
                    parse_only: false,
                    select_file: None,
                    select_shard: None,
                    owns_file: None,
                },
                &reviewers,
                None,
                &|language| {
                    assert!(language != Language::Rust, "injected crash");
                    true
                },
                |event| match event {
                    Event::Shard(_) => reviewed += 1,
                    Event::Skipped {
                        path,
                        reason: SkipReason::Error,
                        detail,
                    } => problems.push((path, detail)),
                    _ => {}
                },
                None,
            )
            .unwrap();
            assert_eq!(reviewed, 40, "jobs {jobs}: every other file still reviewed");
            assert_eq!(problems.len(), 1);
            assert_eq!(problems[0].0, "boom.rs");
            assert!(problems[0].1.as_deref().unwrap().contains("injected crash"));
        }
    }
}
