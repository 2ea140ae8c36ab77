//! The CPU stage on rayon: a pool of `jobs` threads that both cut files and review shards, so
//! the machine is never oversubscribed.
//!
//! Files come from the walker through a bounded channel (`par_bridge`); each thread keeps one
//! tree-sitter `Parser`. Once a file is cut, the reviewers do their work on the whole file
//! ([`Reviewer::prepare`]: the rules' one query and each taint rule's walks, which run in
//! parallel), so a large file's work spreads over the whole pool and no shard waits for another's;
//! then its shards are reviewed where the file was cut, while its syntax tree is still in that
//! CPU's cache, except that threads with nothing to do steal them. While a language's rules compile
//! on a warm thread, its files are held back, cut, and their threads cut the next files (a few
//! megabytes' worth at most); the held files are reviewed as soon as the rules are ready, instead
//! of the threads waiting for the compile with a core idle. The join across files runs on the
//! same threads at the end, one rule per task. Backpressure is the bounded event channel: a
//! thread waits there when the aggregator is behind.

use std::cell::RefCell;
use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crossbeam_channel::{Receiver, Sender};
use rayon::iter::{IntoParallelIterator, ParallelBridge, ParallelIterator};

use super::{read_and_slice, PipelineSettings};
use crate::lang::Language;
use crate::model::{Event, Failure, Occupancy, ShardOutcome, SkipReason, StopSignal};
use crate::review::agents::AgentWork;
use crate::review::{panic_message, review_shard, Finished, Reviewer, Seen};
use crate::slice::Shard;
use crate::walk::Candidate;

/// What the workers share.
pub(super) struct Shared<'a> {
    pub(crate) settings: &'a PipelineSettings<'a>,
    pub(crate) reviewers: &'a [Arc<dyn Reviewer>],
    pub(crate) occupancy: Mutex<Occupancy>,
    /// Set once the deadline passes or the user presses Ctrl-C.
    pub(crate) stop: StopSignal,
    /// Set once the aggregator has gone away: the rest is skipped.
    pub(crate) closed: AtomicBool,
    /// The threads that do the reviewers' once-per-language work; `None` with one worker.
    pub(crate) warm: Option<Warm>,
    /// Files cut while their reviewers were not ready, waiting to be reviewed.
    pub(crate) held: Mutex<Held>,
}

/// Hands each language to the warm threads ([`Reviewer::warm`]) once: the walker when it meets
/// a language's first file, a worker when it holds a file of a language the walker could not
/// name (a script without an extension).
pub(crate) struct Warm {
    languages: Sender<Language>,
    started: Mutex<HashSet<Language>>,
}

impl Warm {
    pub(crate) fn new(languages: Sender<Language>) -> Warm {
        Warm {
            languages,
            started: Mutex::default(),
        }
    }

    /// Starts the once-per-language work of `language` if it is not started yet and `read`
    /// says a file of it will be read.
    pub(crate) fn start(&self, language: Language, read: impl FnOnce() -> bool) {
        let mut started = self.started.lock().unwrap_or_else(|e| e.into_inner());
        if !started.contains(&language) && read() {
            started.insert(language);
            let _ = self.languages.send(language);
        }
    }
}

/// Files cut while a reviewer of their language was still doing its once-per-language work
/// ([`Reviewer::ready`]), each as its shards.
pub(crate) struct Held {
    files: Vec<Vec<Shard>>,
    /// Bytes of source of the files held or being reviewed out of the hold (their trees take
    /// several times as much).
    bytes: usize,
    /// At most this many.
    limit: usize,
}

impl Held {
    /// What `jobs` workers may hold together: about what they parse while a language's rules
    /// compile (Java's, 0.4-0.6 s), which bounds the trees' memory (about 30 MiB of Java's on
    /// two workers). Only a run with warm threads holds: without, the workers compile the rules
    /// themselves.
    pub(crate) fn new(jobs: usize) -> Held {
        Held {
            files: Vec::new(),
            bytes: 0,
            limit: jobs * (2 << 20),
        }
    }
}

/// Bytes of source of a cut file, given as its shards.
fn source_bytes(shards: &[Shard]) -> usize {
    shards.first().map_or(0, |shard| shard.file.text.len())
}

/// The stack of each worker thread (address space, touched only as deep as a walk goes).
const WORKER_STACK: usize = 64 << 20;

/// Where a worker sends shards for the agents, when there are any.
type AgentTx = tokio::sync::mpsc::Sender<AgentWork>;

thread_local! {
    /// One parser per worker thread, reused for every file it reads.
    static PARSER: RefCell<tree_sitter::Parser> = RefCell::new(tree_sitter::Parser::new());
}

/// Runs the CPU stage on `jobs` threads until the walker's channel closes and every file taken is
/// cut and reviewed.
pub(super) fn run(
    shared: &Shared<'_>,
    candidates: Receiver<Candidate>,
    events: &Sender<Event>,
    agent_tx: Option<&AgentTx>,
    jobs: usize,
) -> anyhow::Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .thread_name(|index| format!("shardscan-worker-{index}"))
        // A worker waiting for the parts of one file's review runs other work meanwhile, so
        // its stack may hold more than one file's walk.
        .stack_size(WORKER_STACK)
        .build()
        .map_err(|e| anyhow::anyhow!("failed to start the worker threads: {e}"))?;
    pool.install(|| {
        candidates.into_iter().par_bridge().for_each(|candidate| {
            if !shared.closed.load(Ordering::Relaxed) {
                cut(shared, events, agent_tx, candidate);
                review_held(shared, events, agent_tx, false);
            }
        });
        // Every file is cut: what is still held waits for its reviewers here.
        review_held(shared, events, agent_tx, true);
        // On the same workers: the join spreads its rules over them.
        finish(shared, events);
    });
    Ok(())
}

/// Once every file is cut and its shards reviewed: what the reviewers' joins across functions
/// and files found. Closing what no caller passes needs every file: not after a stop, in diff
/// mode or in one partition of many.
fn finish(shared: &Shared<'_>, events: &Sender<Event>) {
    let settings = shared.settings;
    let stopped = shared.stop.borrow().is_some();
    let seen = Seen {
        whole: settings.select_file.is_none() && settings.select_shard.is_none() && !stopped,
        stopped,
    };
    for reviewer in shared.reviewers {
        if shared.closed.load(Ordering::Relaxed) {
            return;
        }
        let finished = catch_unwind(AssertUnwindSafe(|| reviewer.finish(seen)));
        match finished {
            Ok(Finished { joined, problems }) => {
                if !joined.is_empty() {
                    send(shared, events, Event::Joined(joined));
                }
                for problem in problems {
                    send(shared, events, Event::Problem(problem));
                }
            }
            Err(panic) => send(
                shared,
                events,
                Event::Skipped {
                    path: String::from("."),
                    reason: SkipReason::Error,
                    detail: Some(format!(
                        "internal error while joining summaries across files: {}",
                        panic_message(&*panic)
                    )),
                },
            ),
        }
    }
}

/// Reads, parses and cuts one file, then reviews its shards, or holds them while their reviewers
/// get ready.
fn cut(
    shared: &Shared<'_>,
    events: &Sender<Event>,
    agent_tx: Option<&AgentTx>,
    candidate: Candidate,
) {
    let settings = shared.settings;
    if let Some(select) = settings.select_file {
        if !select(&candidate.rel_path) {
            return;
        }
    }
    // Once the run has stopped, the rest of the tree is listed, not read and cut.
    if let Some(reason) = *shared.stop.borrow() {
        send(
            shared,
            events,
            Event::Skipped {
                path: candidate.rel_path,
                reason: SkipReason::Stopped,
                detail: Some(reason.file_message().to_string()),
            },
        );
        return;
    }
    let busy = Busy::new(&shared.occupancy, false);
    let path = candidate.rel_path.clone();
    // The parser is borrowed only while this file is read: reviewing its shards below may run
    // another file's work on this thread.
    let outcome = PARSER.with(|parser| {
        let mut parser = parser.borrow_mut();
        // A bug in reading or cutting one file must cost that file, not the run.
        catch_unwind(AssertUnwindSafe(|| {
            read_and_slice(
                candidate,
                &mut parser,
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
        })
    });
    drop(busy);
    let (mut info, mut shards) = match outcome {
        Err(event) => return send(shared, events, *event),
        Ok(cut) => cut,
    };
    if let Some(owns) = settings.owns_file {
        info.counted = owns(&info.path, &shards);
    }
    if let Some(select) = settings.select_shard {
        shards.retain(|shard| select(shard));
        if shards.is_empty() && info.shards > 0 && !info.counted {
            // Nothing of this file is in scope.
            return;
        }
        info.shards = shards.len();
    }
    send(shared, events, Event::File(info));
    if let Some(on_shard) = settings.on_shard {
        for shard in &shards {
            on_shard(shard);
        }
    }
    if shared.reviewers.is_empty() && agent_tx.is_none() {
        return;
    }
    if let (Some(warm), Some(first)) = (&shared.warm, shards.first()) {
        let language = first.file.language;
        if !ready(shared, language) {
            let bytes = source_bytes(&shards);
            let mut held = shared.held.lock().unwrap_or_else(|e| e.into_inner());
            if held.bytes + bytes <= held.limit {
                held.bytes += bytes;
                held.files.push(shards);
                drop(held);
                warm.start(language, || true);
                return;
            }
        }
    }
    review_file(shared, events, agent_tx, shards);
}

/// Whether every reviewer of `language` would start on a file at once.
fn ready(shared: &Shared<'_>, language: Language) -> bool {
    catch_unwind(AssertUnwindSafe(|| {
        shared
            .reviewers
            .iter()
            .filter(|r| r.supports(language))
            .all(|r| r.ready(language))
    }))
    // A reviewer that panics here panics again in the review, which reports it on the file.
    .unwrap_or(true)
}

/// Reviews the held files whose reviewers are ready, or, with `all`, every held file (waiting
/// for its reviewers), spread over the workers.
fn review_held(shared: &Shared<'_>, events: &Sender<Event>, agent_tx: Option<&AgentTx>, all: bool) {
    let taken: Vec<Vec<Shard>> = {
        let mut held = shared.held.lock().unwrap_or_else(|e| e.into_inner());
        if held.files.is_empty() {
            return;
        }
        // Asked once per language, not once per file.
        let mut asked: Vec<(Language, bool)> = Vec::new();
        let mut ready_now = |language: Language| match asked.iter().find(|a| a.0 == language) {
            Some(&(_, ready_now)) => ready_now,
            None => {
                let answer = ready(shared, language);
                asked.push((language, answer));
                answer
            }
        };
        let (taken, kept) = std::mem::take(&mut held.files)
            .into_iter()
            .partition(|shards| {
                all || shards
                    .first()
                    .is_none_or(|shard| ready_now(shard.file.language))
            });
        held.files = kept;
        taken
    };
    // Their bytes stay counted until they are reviewed.
    taken.into_par_iter().for_each(|shards| {
        let bytes = source_bytes(&shards);
        review_file(shared, events, agent_tx, shards);
        let mut held = shared.held.lock().unwrap_or_else(|e| e.into_inner());
        held.bytes = held.bytes.saturating_sub(bytes);
    });
}

/// The reviewers' work on one cut file: the whole file's, then each shard's.
fn review_file(
    shared: &Shared<'_>,
    events: &Sender<Event>,
    agent_tx: Option<&AgentTx>,
    shards: Vec<Shard>,
) {
    if let Some(first) = shards.first() {
        prepare(shared, &first.file);
    }
    if shards.len() == 1 {
        for shard in shards {
            review_and_send(shared, events, agent_tx, shard);
        }
    } else {
        shards
            .into_par_iter()
            .for_each(|shard| review_and_send(shared, events, agent_tx, shard));
    }
}

/// The reviewers' work on the whole file, before its shards are handed out: it may use every
/// worker (a large file's rules run in parallel), and no shard waits for another's. A panic
/// here is left for the review of each shard to meet and report.
fn prepare(shared: &Shared<'_>, file: &crate::slice::SourceFile) {
    if shared.closed.load(Ordering::Relaxed) || shared.stop.borrow().is_some() {
        return;
    }
    let busy = Busy::new(&shared.occupancy, false);
    for reviewer in shared.reviewers {
        if reviewer.supports(file.language) {
            let _ = catch_unwind(AssertUnwindSafe(|| reviewer.prepare(file)));
        }
    }
    drop(busy);
}

/// Sends an event to the aggregator; once it has gone away, the rest of the run is skipped.
fn send(shared: &Shared<'_>, events: &Sender<Event>, event: Event) {
    if events.send(event).is_err() {
        shared.closed.store(true, Ordering::Relaxed);
    }
}

/// Reviews a shard with the CPU reviewers, then hands it to the agents or reports it.
fn review_and_send(
    shared: &Shared<'_>,
    events: &Sender<Event>,
    agent_tx: Option<&AgentTx>,
    shard: Shard,
) {
    if shared.closed.load(Ordering::Relaxed) {
        return;
    }
    if let Some(reason) = *shared.stop.borrow() {
        let outcome = ShardOutcome::failed(&shard, "shardscan", reason.message());
        return send(shared, events, Event::shard(outcome));
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
        Some(tx) => {
            if let Err(tokio::sync::mpsc::error::SendError(mut work)) =
                tx.blocking_send(AgentWork { shard, outcome })
            {
                // The agent pool is gone (it could not start): report what the rules found.
                work.outcome.failures.push(Failure::new(
                    "agents",
                    "the agent pool stopped before this shard",
                ));
                send(shared, events, Event::shard(work.outcome));
            }
        }
        None => send(shared, events, Event::shard(outcome)),
    }
}

thread_local! {
    /// How many [`Busy`] marks this worker holds: one waiting for the parts of a file's review
    /// runs other work meanwhile, and is still one busy worker.
    static BUSY_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Marks a worker busy for as long as it lives (once, however many it holds at a time); a
/// `review` mark counts a shard dispatched either way.
struct Busy<'a> {
    occupancy: &'a Mutex<Occupancy>,
    outermost: bool,
}

impl<'a> Busy<'a> {
    fn new(occupancy: &'a Mutex<Occupancy>, review: bool) -> Busy<'a> {
        let depth = BUSY_DEPTH.with(|d| d.replace(d.get() + 1));
        let outermost = depth == 0;
        let mut occupancy_now = occupancy.lock().unwrap_or_else(|e| e.into_inner());
        if outermost {
            occupancy_now.enter(review);
        } else if review {
            occupancy_now.dispatched_within();
        }
        Busy {
            occupancy,
            outermost,
        }
    }
}

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        BUSY_DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
        if self.outermost {
            self.occupancy
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .leave();
        }
    }
}
