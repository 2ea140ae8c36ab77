//! The workers: one pool of threads that both cut files and review shards, so the machine is
//! never oversubscribed.
//!
//! A worker reviews the shards it cut itself, while the file's syntax tree is still in its CPU's
//! cache, except that it hands shards through the bounded queue to workers that are waiting for
//! work (a large file's shards spread over the whole pool). Waiting workers take queued shards
//! before new files, so started work finishes first; a full queue just means the cutter reviews
//! the shard itself, so workers never wait on one another.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender};

use super::{read_and_slice, PipelineSettings};
use crate::model::{Event, Failure, Occupancy, ShardOutcome, SkipReason, StopSignal};
use crate::review::agents::AgentWork;
use crate::review::{panic_message, review_shard, Reviewer};
use crate::slice::Shard;
use crate::walk::Candidate;

/// What the workers share.
pub(super) struct Shared<'a> {
    pub(crate) settings: &'a PipelineSettings<'a>,
    pub(crate) reviewers: &'a [Arc<dyn Reviewer>],
    pub(crate) candidates: Receiver<Candidate>,
    pub(crate) shards: (Sender<Shard>, Receiver<Shard>),
    /// Workers between taking a file and having queued or reviewed all its shards.
    pub(crate) cutting: AtomicUsize,
    /// Workers waiting for work: shards are handed to them only then.
    pub(crate) idle: AtomicUsize,
    pub(crate) occupancy: Mutex<Occupancy>,
    /// Set once the deadline passes or the user presses Ctrl-C.
    pub(crate) stop: StopSignal,
}

/// Where a worker sends shards for the agents, when there are any.
type AgentTx = tokio::sync::mpsc::Sender<AgentWork>;

/// What a waiting worker was given.
enum Work {
    Shard(Shard),
    File(Candidate),
}

pub(super) fn worker(shared: &Shared<'_>, events: &Sender<Event>, agent_tx: Option<&AgentTx>) {
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
    if let Some(reason) = *shared.stop.borrow() {
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
            settings.accept,
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
                if let Some(on_shard) = settings.on_shard {
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
    if let Some(reason) = *shared.stop.borrow() {
        let outcome = ShardOutcome::failed(&shard, "shardscan", reason.message());
        return events.send(Event::shard(outcome)).is_ok();
    }
    let busy = Busy::new(&shared.occupancy, true);
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        review_shard(&shard, shared.reviewers, agent_tx.is_some())
    }))
    .unwrap_or_else(|panic| {
        ShardOutcome::failed(
            &shard,
            "shardscan",
            format!("internal error while reviewing: {}", panic_message(&*panic)),
        )
    });
    drop(busy);
    match agent_tx {
        Some(tx) => match tx.blocking_send(AgentWork { shard, outcome }) {
            Ok(()) => true,
            // The agent pool is gone (it could not start): report what the rules found.
            Err(tokio::sync::mpsc::error::SendError(mut work)) => {
                work.outcome.failures.push(Failure::new(
                    "agents",
                    "the agent pool stopped before this shard",
                ));
                events.send(Event::shard(work.outcome)).is_ok()
            }
        },
        None => events.send(Event::shard(outcome)).is_ok(),
    }
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
