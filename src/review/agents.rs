//! The governed pool of agents: LLM and command reviewers run here, under one set of limits.
//!
//! ```text
//! workers ──(shard, rules' result)──► dispatcher ──slot──► agent task ──► finished shard ──► aggregator
//!           (bounded: 2 x cap)          (in order)          (retries,      (one event per
//!                                                            budget, ...)   shard, streamed)
//! ```
//!
//! Guards, each against a failure seen in parallel agent runs:
//! - one global cap on agents at work (`-j`), verification included, with adaptive concurrency
//!   that halves on 429 / Retry-After and grows back by one per `limit` successes;
//! - per-agent request and token rate limits (token buckets);
//! - a lifetime cap on agents started, and a token and cost budget reserved before each request
//!   and settled after it, so it is never overshot by more than what is in flight;
//! - a deadline and Ctrl-C: nothing new is dispatched, in-flight requests are cancelled, every
//!   shard is still reported (reviewed, or unreviewed with the reason);
//! - retries with exponential backoff and jitter that keep the shard's finished work (each lens is
//!   its own job) and give their slot back while they wait;
//! - a shard whose agent finally fails is listed with the reason, or reviewed by the rules instead
//!   (`--fallback rules`).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
use tokio::sync::{mpsc, watch, Notify};

use super::cache::{self, Cache, Entry, Exchange, Recorder, Replay};
use super::llm::parse::{self, Dropped, RawFinding};
use super::llm::{prompt, AgentConfig, Backend, CallError, Completion, Lens, Request};
use super::pool::{finish_findings, review_shard, Event, ShardResult};
use super::Reviewer;
use crate::finding::Finding;
use crate::slice::Shard;

/// How the pool is governed.
#[derive(Clone, Debug)]
pub struct AgentSettings {
    /// Most agents at work at once (requests in flight), verification included.
    pub cap: usize,
    pub lenses: Vec<Lens>,
    /// Most agents started over the whole run (each shard x lens, and each verification).
    pub max_agents: u64,
    pub max_tokens: Option<u64>,
    pub max_cost: Option<f64>,
    /// From the start of the run.
    pub deadline: Option<Duration>,
    /// Retries of a failed request after the first attempt.
    pub retries: u32,
    pub rpm: Option<u32>,
    pub tpm: Option<u64>,
    pub verify: bool,
    /// Keep every agent's span for `--timeline`.
    pub timeline: bool,
    /// Base delay of the exponential backoff.
    pub backoff: Duration,
}

/// Why dispatching stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    Deadline,
    Interrupted,
}

impl StopReason {
    /// Why a file was not even read.
    pub fn file_message(self) -> &'static str {
        match self {
            StopReason::Deadline => "not reviewed: the deadline passed before this file was read",
            StopReason::Interrupted => {
                "not reviewed: the run was interrupted (Ctrl-C) before this file was read"
            }
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            StopReason::Deadline => "the deadline passed before this shard was reviewed",
            StopReason::Interrupted => {
                "the run was interrupted (Ctrl-C) before this shard was reviewed"
            }
        }
    }
}

/// The stop signal, shared with the CPU workers.
pub type StopSignal = watch::Receiver<Option<StopReason>>;

/// A shard on its way to the agents, with what the CPU reviewers found.
pub struct AgentWork {
    pub shard: Shard,
    pub result: ShardResult,
}

/// One agent's activity, for the timeline.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Span {
    pub slot: usize,
    pub start: f64,
    pub end: f64,
    pub ok: bool,
    pub verify: bool,
}

/// What the agents did: the figures that show whether the fan-out really was parallel.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct AgentMetrics {
    pub cap: usize,
    pub agents: Vec<String>,
    pub lenses: Vec<Lens>,
    pub agents_started: u64,
    pub requests: u64,
    pub retries: u64,
    pub rate_limited: u64,
    pub jobs_reviewed: u64,
    pub jobs_cached: u64,
    pub jobs_failed: u64,
    pub jobs_fallback: u64,
    pub findings_dropped_outside_shard: u64,
    pub findings_dropped_no_evidence: u64,
    pub findings_malformed: u64,
    pub verified_confirmed: u64,
    pub verified_rejected: u64,
    pub peak_concurrency: usize,
    /// Mean agents at work over the run, divided by the cap.
    pub utilization: f64,
    /// Time from the start of the run to the first request, as a share of the run.
    pub first_dispatch_share: f64,
    /// Share of the run with at least two agents at work.
    pub overlap_share: f64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub cost_usd: f64,
    /// The adaptive concurrency limit at the end of the run.
    pub final_limit: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    pub wall_seconds: f64,
}

/// A configured agent.
pub struct Agent {
    pub config: AgentConfig,
    pub name: String,
    backend: Box<dyn Backend>,
    limiter: RateLimiter,
}

impl Agent {
    pub fn new(config: AgentConfig, settings: &AgentSettings) -> anyhow::Result<Agent> {
        Ok(Agent {
            name: config.name(),
            backend: super::llm::backend(&config)?,
            limiter: RateLimiter::new(settings.rpm, settings.tpm),
            config,
        })
    }
}

/// The pool. Cheap to share: everything lives behind one `Arc`.
pub struct AgentPool {
    inner: Arc<Inner>,
}

struct Inner {
    settings: AgentSettings,
    agents: Vec<Agent>,
    fallback: Option<Arc<dyn Reviewer>>,
    cache: Option<Cache>,
    recorder: Option<Recorder>,
    replay: Option<Replay>,
    governor: Arc<Governor>,
    budget: Budget,
    stop_tx: watch::Sender<Option<StopReason>>,
    counters: Counters,
    started: Mutex<Instant>,
}

#[derive(Default)]
struct Counters {
    agents_started: AtomicU64,
    requests: AtomicU64,
    retries: AtomicU64,
    rate_limited: AtomicU64,
    jobs_reviewed: AtomicU64,
    jobs_cached: AtomicU64,
    jobs_failed: AtomicU64,
    jobs_fallback: AtomicU64,
    dropped_outside: AtomicU64,
    dropped_evidence: AtomicU64,
    malformed: AtomicU64,
    confirmed: AtomicU64,
    rejected: AtomicU64,
    tokens_in: AtomicU64,
    tokens_out: AtomicU64,
}

fn bump(counter: &AtomicU64, by: u64) {
    counter.fetch_add(by, Ordering::Relaxed);
}

impl AgentPool {
    pub fn new(
        settings: AgentSettings,
        agents: Vec<Agent>,
        fallback: Option<Arc<dyn Reviewer>>,
        cache: Option<Cache>,
        recorder: Option<Recorder>,
        replay: Option<Replay>,
    ) -> AgentPool {
        let cap = settings.cap.max(1);
        AgentPool {
            inner: Arc::new(Inner {
                governor: Arc::new(Governor::new(cap, settings.timeline)),
                budget: Budget::new(settings.max_tokens, settings.max_cost),
                stop_tx: watch::channel(None).0,
                counters: Counters::default(),
                started: Mutex::new(Instant::now()),
                settings,
                agents,
                fallback,
                cache,
                recorder,
                replay,
            }),
        }
    }

    /// The stop signal, for the CPU workers to honour too.
    pub fn stop_signal(&self) -> StopSignal {
        self.inner.stop_tx.subscribe()
    }

    pub fn is_empty(&self) -> bool {
        self.inner.agents.is_empty()
    }

    /// Most agents at work at once.
    pub fn cap(&self) -> usize {
        self.inner.governor.max
    }

    /// [`AgentPool::run`], and should it crash, every shard still queued is reported unreviewed
    /// rather than lost with the run.
    pub fn run_guarded(
        &self,
        mut input: mpsc::Receiver<AgentWork>,
        events: Sender<Event>,
        started: Instant,
    ) {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.run(&mut input, events.clone(), started)
        }));
        if outcome.is_err() {
            fail_all(
                &mut input,
                &events,
                "internal error: the agent pool crashed",
            );
        }
    }

    /// Runs the pool until `input` closes and every job has finished, on a runtime of its own
    /// (call it on a thread of its own). Each shard's result goes to `events` as soon as its last
    /// job finishes.
    pub fn run(
        &self,
        input: &mut mpsc::Receiver<AgentWork>,
        events: Sender<Event>,
        started: Instant,
    ) {
        *self.inner.started.lock().unwrap_or_else(|e| e.into_inner()) = started;
        self.inner.governor.start(started);
        let runtime = match tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("shardscan-agents")
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(e) => {
                // Without a runtime no agent can run: every shard is reported unreviewed.
                fail_all(
                    input,
                    &events,
                    &format!("cannot start the agent runtime: {e}"),
                );
                return;
            }
        };
        let inner = Arc::clone(&self.inner);
        runtime.block_on(dispatch(inner, input, events, started));
    }

    /// The figures of the run, after [`AgentPool::run`].
    pub fn metrics(&self) -> AgentMetrics {
        let inner = &self.inner;
        let c = &inner.counters;
        let load = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let occupancy = inner.governor.occupancy();
        AgentMetrics {
            cap: inner.governor.max,
            agents: inner.agents.iter().map(|a| a.name.clone()).collect(),
            lenses: inner.settings.lenses.clone(),
            agents_started: load(&c.agents_started),
            requests: load(&c.requests),
            retries: load(&c.retries),
            rate_limited: load(&c.rate_limited),
            jobs_reviewed: load(&c.jobs_reviewed),
            jobs_cached: load(&c.jobs_cached),
            jobs_failed: load(&c.jobs_failed),
            jobs_fallback: load(&c.jobs_fallback),
            findings_dropped_outside_shard: load(&c.dropped_outside),
            findings_dropped_no_evidence: load(&c.dropped_evidence),
            findings_malformed: load(&c.malformed),
            verified_confirmed: load(&c.confirmed),
            verified_rejected: load(&c.rejected),
            peak_concurrency: occupancy.peak,
            utilization: occupancy.utilization,
            first_dispatch_share: occupancy.first_dispatch_share,
            overlap_share: occupancy.overlap_share,
            tokens_in: load(&c.tokens_in),
            tokens_out: load(&c.tokens_out),
            cost_usd: inner.budget.spent_cost(),
            final_limit: inner.governor.limit(),
            stopped: (*inner.stop_tx.borrow()).map(|r| {
                match r {
                    StopReason::Deadline => "deadline",
                    StopReason::Interrupted => "interrupted",
                }
                .to_string()
            }),
            wall_seconds: occupancy.wall,
        }
    }

    /// Every agent's span, when the settings asked for a timeline.
    pub fn spans(&self) -> Vec<Span> {
        self.inner.governor.spans()
    }
}

fn fail_all(input: &mut mpsc::Receiver<AgentWork>, events: &Sender<Event>, reason: &str) {
    while let Some(mut work) = input.blocking_recv() {
        work.result
            .failures
            .push((String::from("agents"), reason.to_string()));
        if events.send(Event::Shard(work.result)).is_err() {
            return;
        }
    }
}

/// Reports a job whose task ended without finishing it (a panic), so its shard is not lost.
struct Unfinished<'a> {
    inner: &'a Inner,
    job: &'a ShardJob,
    agent: usize,
    events: &'a Sender<Event>,
}

impl Drop for Unfinished<'_> {
    fn drop(&mut self) {
        bump(&self.inner.counters.jobs_failed, 1);
        self.job
            .result
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .failures
            .push((
                self.inner.agents[self.agent].name.clone(),
                String::from("internal error: the agent task crashed"),
            ));
        self.inner.finish_job(self.job, self.events);
    }
}

/// Why the run stopped, for a job it cut short.
fn stopped_because(stop: &StopSignal) -> String {
    stop.borrow()
        .map_or("stopped", StopReason::message)
        .to_string()
}

/// Stops the run for `reason` unless it is already stopped.
fn stop_once(stop: &watch::Sender<Option<StopReason>>, reason: StopReason) {
    stop.send_if_modified(|state| {
        if state.is_some() {
            return false;
        }
        *state = Some(reason);
        true
    });
}

/// A shard with jobs in flight; it is reported when the last one finishes.
struct ShardJob {
    shard: Shard,
    result: Mutex<ShardResult>,
    /// Findings of agents, post-processed when the shard is finished.
    agent_findings: Mutex<Vec<Finding>>,
    rejected: Mutex<Vec<(Finding, String)>>,
    remaining: AtomicUsize,
    all_cached: std::sync::atomic::AtomicBool,
    fallback_done: std::sync::atomic::AtomicBool,
}

async fn dispatch(
    inner: Arc<Inner>,
    input: &mut mpsc::Receiver<AgentWork>,
    events: Sender<Event>,
    started: Instant,
) {
    // The deadline and Ctrl-C both stop dispatch and cancel what is in flight.
    if let Some(deadline) = inner.settings.deadline {
        let stop = inner.stop_tx.clone();
        tokio::spawn(async move {
            tokio::time::sleep_until((started + deadline).into()).await;
            stop_once(&stop, StopReason::Deadline);
        });
    }
    {
        let stop = inner.stop_tx.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                stop_once(&stop, StopReason::Interrupted);
                // A second Ctrl-C gives up on the report and quits at once.
                if tokio::signal::ctrl_c().await.is_ok() {
                    eprintln!("interrupted twice: quitting without a report");
                    std::process::exit(130);
                }
            }
        });
    }
    let mut tasks = tokio::task::JoinSet::new();
    let mut stop = inner.stop_tx.subscribe();
    while let Some(work) = input.recv().await {
        while tasks.try_join_next().is_some() {}
        let AgentWork { shard, mut result } = work;
        let jobs: Vec<(usize, Lens)> = (0..inner.agents.len())
            .flat_map(|agent| inner.settings.lenses.iter().map(move |lens| (agent, *lens)))
            .collect();
        if jobs.is_empty() {
            result.failures.push((
                String::from("agents"),
                String::from("no agent is configured"),
            ));
            let _ = events.send(Event::Shard(result));
            continue;
        }
        let job = Arc::new(ShardJob {
            shard,
            result: Mutex::new(result),
            agent_findings: Mutex::new(Vec::new()),
            rejected: Mutex::new(Vec::new()),
            remaining: AtomicUsize::new(jobs.len()),
            all_cached: std::sync::atomic::AtomicBool::new(true),
            fallback_done: std::sync::atomic::AtomicBool::new(false),
        });
        for (agent, lens) in jobs {
            let request = prompt::review_request(
                &job.shard,
                lens,
                inner.agents[agent].config.max_output_tokens,
            );
            let key = inner.key(agent, &request);
            // A cached review needs no slot.
            if let Some(entry) = inner.cache.as_ref().and_then(|c| c.get(&key)) {
                bump(&inner.counters.jobs_cached, 1);
                let start = job.shard.start_line;
                let absolute = |raw: &RawFinding| {
                    let mut raw = raw.clone();
                    raw.start_line += start;
                    raw.end_line += start;
                    raw
                };
                let kept: Vec<RawFinding> = entry.findings.iter().map(absolute).collect();
                let rejected: Vec<(RawFinding, String)> = entry
                    .rejected
                    .iter()
                    .map(|(raw, reason)| (absolute(raw), reason.clone()))
                    .collect();
                let name = inner.agents[agent].name.clone();
                inner.keep(&job, &kept, &rejected, &name, lens);
                inner.finish_job(&job, &events);
                continue;
            }
            job.all_cached.store(false, Ordering::Relaxed);
            if let Some(reason) = *stop.borrow() {
                inner
                    .fail_job(&job, agent, reason.message().to_string(), &events)
                    .await;
                continue;
            }
            let slot = inner.governor.acquire(&mut stop).await;
            let Some(slot) = slot else {
                let reason = stopped_because(&stop);
                inner.fail_job(&job, agent, reason, &events).await;
                continue;
            };
            let inner = Arc::clone(&inner);
            let job = Arc::clone(&job);
            let events = events.clone();
            tasks.spawn(async move {
                // Should the task panic, its shard is still reported, with the reason.
                let guard = Unfinished {
                    inner: &inner,
                    job: &job,
                    agent,
                    events: &events,
                };
                inner
                    .run_job(&job, agent, lens, request, key, slot, &events)
                    .await;
                std::mem::forget(guard);
            });
        }
    }
    while tasks.join_next().await.is_some() {}
}

impl Inner {
    fn key(&self, agent: usize, request: &Request) -> String {
        let agent = &self.agents[agent];
        // A verified review is another result than an unverified one.
        let salt = if self.settings.verify { "verified" } else { "" };
        cache::key(&agent.name, &agent.config.base_url, request, salt)
    }

    /// Marks one job done; the last one sends the shard's result.
    fn finish_job(&self, job: &ShardJob, events: &Sender<Event>) {
        if job.remaining.fetch_sub(1, Ordering::AcqRel) != 1 {
            return;
        }
        let mut result = std::mem::replace(
            &mut *job.result.lock().unwrap_or_else(|e| e.into_inner()),
            ShardResult::empty(&job.shard),
        );
        let mut findings =
            std::mem::take(&mut *job.agent_findings.lock().unwrap_or_else(|e| e.into_inner()));
        finish_findings(&job.shard, &mut findings);
        result.findings.extend(findings);
        result.rejected =
            std::mem::take(&mut *job.rejected.lock().unwrap_or_else(|e| e.into_inner()));
        result.cached = job.all_cached.load(Ordering::Relaxed);
        let _ = events.send(Event::Shard(result));
    }

    /// A job that could not be done: the rules review the shard instead when asked to, else the
    /// shard is listed as unreviewed with the reason.
    async fn fail_job(&self, job: &ShardJob, agent: usize, reason: String, events: &Sender<Event>) {
        bump(&self.counters.jobs_failed, 1);
        let name = self.agents[agent].name.clone();
        let stopped = self.stop_tx.borrow().is_some();
        let fallback = self
            .fallback
            .as_ref()
            .filter(|f| f.supports(job.shard.language()));
        match fallback {
            Some(fallback) if !stopped => {
                if !job.fallback_done.swap(true, Ordering::AcqRel) {
                    bump(&self.counters.jobs_fallback, 1);
                    // CPU work: off the async threads; a crash costs only this shard's fallback.
                    let reviewers = [Arc::clone(fallback)];
                    let result =
                        tokio::task::block_in_place(|| review_shard(&job.shard, &reviewers, false));
                    let mut found = result.findings;
                    for finding in &mut found {
                        finding.reviewers = vec![format!("rules (fallback for {name})")];
                    }
                    job.agent_findings
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .extend(found);
                    job.result
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .failures
                        .extend(result.failures.into_iter().map(|(reviewer, why)| {
                            (reviewer, format!("{reason}; the rules fallback: {why}"))
                        }));
                }
            }
            _ => job
                .result
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .failures
                .push((name, reason)),
        }
        self.finish_job(job, events);
    }

    #[allow(clippy::too_many_arguments)]
    async fn run_job(
        self: &Arc<Self>,
        job: &ShardJob,
        agent: usize,
        lens: Lens,
        request: Request,
        key: String,
        slot: Slot,
        events: &Sender<Event>,
    ) {
        let label = format!(
            "{}:{}-{}",
            job.shard.file.rel_path, job.shard.start_line, job.shard.end_line
        );
        let mut slot = Some(slot);
        let completion = match self
            .call(agent, &request, &key, &mut slot, &label, false)
            .await
        {
            Ok(completion) => completion,
            Err(reason) => {
                drop(slot);
                return self.fail_job(job, agent, reason, events).await;
            }
        };
        drop(slot);
        if completion.cut {
            let limit = self.agents[agent].config.max_output_tokens;
            let reason =
                format!("the answer was cut at {limit} output tokens (raise --max-output-tokens)");
            return self.fail_job(job, agent, reason, events).await;
        }
        let (raw, malformed) = match parse::parse_findings(&completion.text) {
            Ok(parsed) => parsed,
            Err(e) => {
                return self
                    .fail_job(job, agent, format!("unusable answer: {e}"), events)
                    .await
            }
        };
        bump(&self.counters.malformed, malformed as u64);
        bump(&self.counters.jobs_reviewed, 1);
        let checked = self.check_all(&job.shard, raw);
        let (kept, rejected) = if self.settings.verify {
            self.verify(job, agent, checked, &label).await
        } else {
            (checked, Vec::new())
        };
        if let Some(cache) = &self.cache {
            let relative = |r: &RawFinding| {
                let mut r = r.clone();
                r.start_line -= job.shard.start_line;
                r.end_line -= job.shard.start_line;
                r
            };
            cache.put(
                &key,
                &Entry {
                    findings: kept.iter().map(relative).collect(),
                    rejected: rejected
                        .iter()
                        .map(|(r, reason)| (relative(r), reason.clone()))
                        .collect(),
                    tokens_in: completion.tokens_in,
                    tokens_out: completion.tokens_out,
                },
            );
        }
        let name = self.agents[agent].name.clone();
        self.keep(job, &kept, &rejected, &name, lens);
        self.finish_job(job, events);
    }

    /// Keeps the findings an agent reported that point into the shard and quote the file.
    fn check_all(&self, shard: &Shard, raw: Vec<RawFinding>) -> Vec<RawFinding> {
        raw.into_iter()
            .filter_map(|r| match parse::check(r, shard) {
                Ok(r) => Some(r),
                Err(Dropped::OutsideShard) => {
                    bump(&self.counters.dropped_outside, 1);
                    None
                }
                Err(Dropped::NoEvidence) => {
                    bump(&self.counters.dropped_evidence, 1);
                    None
                }
                Err(Dropped::Malformed) => {
                    bump(&self.counters.malformed, 1);
                    None
                }
            })
            .collect()
    }

    /// Turns checked reports into the job's findings, and rejected ones into its rejected list.
    fn keep(
        &self,
        job: &ShardJob,
        kept: &[RawFinding],
        rejected: &[(RawFinding, String)],
        agent: &str,
        lens: Lens,
    ) {
        job.agent_findings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(
                kept.iter()
                    .map(|r| parse::to_finding(r, &job.shard, agent, lens)),
            );
        job.rejected
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(rejected.iter().map(|(r, reason)| {
                (
                    parse::to_finding(r, &job.shard, agent, lens),
                    reason.clone(),
                )
            }));
    }

    /// Sends each finding to an independent verifier under the same limits. Returns the kept
    /// findings and the rejected ones with the verifier's reason; a verification that cannot be
    /// done keeps its finding.
    async fn verify(
        self: &Arc<Self>,
        job: &ShardJob,
        agent: usize,
        findings: Vec<RawFinding>,
        label: &str,
    ) -> (Vec<RawFinding>, Vec<(RawFinding, String)>) {
        let mut kept = Vec::new();
        let mut rejected = Vec::new();
        let mut stop = self.stop_tx.subscribe();
        let name = self.agents[agent].name.clone();
        for raw in findings {
            let finding = parse::to_finding(&raw, &job.shard, &name, Lens::Security);
            let request = prompt::verify_request(&job.shard, &finding);
            let key = self.key(agent, &request);
            let mut slot = self.governor.acquire(&mut stop).await;
            if slot.is_none() {
                kept.push(raw);
                continue;
            }
            let verdict = match self
                .call(agent, &request, &key, &mut slot, label, true)
                .await
            {
                Ok(completion) => parse::parse_verdict(&completion.text),
                Err(e) => Err(e),
            };
            drop(slot);
            match verdict {
                Ok((false, reason)) => {
                    bump(&self.counters.rejected, 1);
                    rejected.push((raw, reason));
                }
                Ok((true, _)) => {
                    bump(&self.counters.confirmed, 1);
                    kept.push(raw);
                }
                Err(_) => kept.push(raw),
            }
        }
        (kept, rejected)
    }

    /// One request, with every guard: agent cap, budget, rate limits, timeout, cancellation,
    /// retries with backoff (the slot is given back while waiting), recording and replay.
    async fn call(
        &self,
        agent: usize,
        request: &Request,
        key: &str,
        slot: &mut Option<Slot>,
        label: &str,
        verify: bool,
    ) -> Result<Completion, String> {
        let agent_ref = &self.agents[agent];
        let config = &agent_ref.config;
        let mut stop = self.stop_tx.subscribe();
        let started = self.counters.agents_started.fetch_add(1, Ordering::AcqRel);
        if started >= self.settings.max_agents {
            self.counters.agents_started.fetch_sub(1, Ordering::AcqRel);
            return Err(format!(
                "the agent cap was reached (--max-agents {})",
                self.settings.max_agents
            ));
        }
        if let Some(replay) = &self.replay {
            return match replay.get(key) {
                Some(Ok(completion)) => {
                    self.account(completion.tokens_in, completion.tokens_out, config);
                    Ok(completion.clone())
                }
                Some(Err(e)) => Err(format!("failed in the recording: {e}")),
                None => Err(String::from(
                    "this request is not in the recording (--replay)",
                )),
            };
        }
        let estimate_in = request.estimated_tokens();
        let estimate_out = u64::from(request.max_output_tokens);
        let mut attempt = 0u32;
        loop {
            if let Some(reason) = *stop.borrow() {
                return Err(reason.message().to_string());
            }
            if slot.is_none() {
                *slot = self.governor.acquire(&mut stop).await;
                if slot.is_none() {
                    let reason = stopped_because(&stop);
                    return Err(reason);
                }
            }
            if !agent_ref
                .limiter
                .wait(estimate_in + estimate_out, &mut stop)
                .await
            {
                let reason = stopped_because(&stop);
                return Err(reason);
            }
            let reservation = loop {
                match self.budget.reserve(
                    estimate_in + estimate_out,
                    config.cost(estimate_in, estimate_out),
                ) {
                    Reserve::Granted(reservation) => break reservation,
                    Reserve::Spent(reason) => return Err(reason),
                    // Only requests in flight stand in the way: wait for them to settle.
                    Reserve::Busy => {
                        tokio::select! {
                            _ = tokio::time::sleep(Duration::from_millis(20)) => {}
                            _ = stop.wait_for(Option::is_some) => {}
                        }
                        if let Some(reason) = *stop.borrow() {
                            return Err(reason.message().to_string());
                        }
                    }
                }
            };
            bump(&self.counters.requests, 1);
            let slot_id = slot.as_ref().map_or(0, |s| s.id);
            let mut timed_out = false;
            let span_start = self.governor.now();
            let outcome = tokio::select! {
                outcome = tokio::time::timeout(config.timeout, agent_ref.backend.call(request)) => {
                    match outcome {
                        Ok(result) => result,
                        Err(_) => {
                            // The server may have read (and billed) the prompt.
                            timed_out = true;
                            Err(CallError::Retryable {
                                message: format!("no complete answer within {:?}", config.timeout),
                                retry_after: None,
                                rate_limited: false,
                            })
                        }
                    }
                }
                stopped = stop.wait_for(Option::is_some) => {
                    let reason = stopped.ok().and_then(|r| *r).map_or("stopped", StopReason::message);
                    self.budget.settle(reservation, estimate_in, config.cost(estimate_in, 0));
                    self.governor.span(slot_id, span_start, false, verify);
                    return Err(format!("{reason} (cancelled in flight)"));
                }
            };
            self.governor
                .span(slot_id, span_start, outcome.is_ok(), verify);
            if let Some(recorder) = &self.recorder {
                recorder.record(&Exchange {
                    key: key.to_string(),
                    agent: agent_ref.name.clone(),
                    kind: request.kind,
                    shard: label.to_string(),
                    system: request.system.clone(),
                    user: request.user.clone(),
                    response: outcome.as_ref().ok().cloned(),
                    error: outcome.as_ref().err().map(ToString::to_string),
                });
            }
            match outcome {
                Ok(completion) => {
                    self.budget.settle(
                        reservation,
                        completion.tokens_in + completion.tokens_out,
                        config.cost(completion.tokens_in, completion.tokens_out),
                    );
                    self.account_tokens(completion.tokens_in, completion.tokens_out);
                    self.governor.on_success();
                    return Ok(completion);
                }
                Err(CallError::Permanent(message)) => {
                    self.budget.settle(reservation, 0, 0.0);
                    return Err(message);
                }
                Err(CallError::Retryable {
                    message,
                    retry_after,
                    rate_limited,
                }) => {
                    let (tokens, cost) = if timed_out {
                        (estimate_in, config.cost(estimate_in, 0))
                    } else {
                        (0, 0.0)
                    };
                    self.budget.settle(reservation, tokens, cost);
                    if rate_limited {
                        bump(&self.counters.rate_limited, 1);
                        self.governor.on_rate_limited(retry_after);
                    }
                    if attempt >= self.settings.retries {
                        return Err(format!(
                            "{message} (gave up after {} attempts)",
                            attempt + 1
                        ));
                    }
                    attempt += 1;
                    bump(&self.counters.retries, 1);
                    // Give the slot back while waiting, so others can work.
                    *slot = None;
                    let wait = backoff(self.settings.backoff, attempt, retry_after);
                    tokio::select! {
                        _ = tokio::time::sleep(wait) => {}
                        _ = stop.wait_for(Option::is_some) => {}
                    }
                }
            }
        }
    }

    fn account(&self, tokens_in: u64, tokens_out: u64, config: &AgentConfig) {
        self.account_tokens(tokens_in, tokens_out);
        self.budget
            .add_spent(tokens_in + tokens_out, config.cost(tokens_in, tokens_out));
    }

    fn account_tokens(&self, tokens_in: u64, tokens_out: u64) {
        bump(&self.counters.tokens_in, tokens_in);
        bump(&self.counters.tokens_out, tokens_out);
    }
}

/// Exponential backoff with full jitter, at least what the server asked for.
fn backoff(base: Duration, attempt: u32, retry_after: Option<Duration>) -> Duration {
    let ceiling = base
        .saturating_mul(1 << attempt.min(10))
        .min(Duration::from_secs(60));
    let jittered = ceiling.mul_f64(0.5 + 0.5 * jitter());
    retry_after.map_or(jittered, |asked| asked.max(jittered.min(asked * 2)))
}

/// A number in [0, 1) that differs between calls and threads (no need for a real RNG).
fn jitter() -> f64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    (hasher.finish() >> 11) as f64 / (1u64 << 53) as f64
}

/// A place in the pool, held while an agent works; given back when dropped.
pub struct Slot {
    id: usize,
    governor: Arc<Governor>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.governor.release(self.id);
    }
}

/// The global cap, adaptive concurrency and occupancy figures.
struct Governor {
    max: usize,
    state: Mutex<GovernorState>,
    notify: Notify,
    keep_spans: bool,
}

struct GovernorState {
    limit: usize,
    in_use: usize,
    successes: usize,
    paused_until: Option<Instant>,
    last_halved: Option<Instant>,
    free: Vec<usize>,
    // Occupancy, integrated over time.
    started: Instant,
    last_change: Instant,
    busy_integral: f64,
    at_least_two: f64,
    peak: usize,
    first_dispatch: Option<f64>,
    spans: Vec<Span>,
}

struct Occupancy {
    peak: usize,
    utilization: f64,
    first_dispatch_share: f64,
    overlap_share: f64,
    wall: f64,
}

impl Governor {
    fn new(max: usize, keep_spans: bool) -> Governor {
        let now = Instant::now();
        Governor {
            max,
            state: Mutex::new(GovernorState {
                limit: max,
                in_use: 0,
                successes: 0,
                paused_until: None,
                last_halved: None,
                free: (0..max).rev().collect(),
                started: now,
                last_change: now,
                busy_integral: 0.0,
                at_least_two: 0.0,
                peak: 0,
                first_dispatch: None,
                spans: Vec::new(),
            }),
            notify: Notify::new(),
            keep_spans,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GovernorState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn start(&self, started: Instant) {
        let mut state = self.lock();
        state.started = started;
        state.last_change = Instant::now();
    }

    fn now(&self) -> f64 {
        self.lock().started.elapsed().as_secs_f64()
    }

    /// Waits for a free slot under the current limit; `None` once the run is stopped.
    async fn acquire(self: &Arc<Self>, stop: &mut StopSignal) -> Option<Slot> {
        loop {
            if stop.borrow().is_some() {
                return None;
            }
            // Registered before the state is read, so a release in between still wakes us.
            let notified = self.notify.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let wait = {
                let mut state = self.lock();
                let now = Instant::now();
                match state.paused_until {
                    Some(until) if until > now => Some(until - now),
                    _ if state.in_use < state.limit => {
                        state.paused_until = None;
                        advance(&mut state, now);
                        state.in_use += 1;
                        state.peak = state.peak.max(state.in_use);
                        let since = (now - state.started).as_secs_f64();
                        state.first_dispatch.get_or_insert(since);
                        let id = state.free.pop().unwrap_or(0);
                        return Some(Slot {
                            id,
                            governor: Arc::clone(self),
                        });
                    }
                    _ => None,
                }
            };
            let nap = wait.unwrap_or(Duration::from_millis(50));
            tokio::select! {
                _ = &mut notified, if wait.is_none() => {}
                _ = tokio::time::sleep(nap) => {}
                _ = stop.changed() => {}
            }
        }
    }

    fn release(&self, id: usize) {
        {
            let mut state = self.lock();
            advance(&mut state, Instant::now());
            state.in_use = state.in_use.saturating_sub(1);
            state.free.push(id);
        }
        self.notify.notify_waiters();
    }

    /// One more success: the limit grows by one per `limit` successes, back up to the cap.
    fn on_success(&self) {
        let mut state = self.lock();
        state.successes += 1;
        if state.limit < self.max && state.successes >= state.limit {
            state.limit += 1;
            state.successes = 0;
        }
    }

    /// A 429: halve the limit (once per second, not once per request in flight) and pause new
    /// requests for as long as the server asked.
    fn on_rate_limited(&self, retry_after: Option<Duration>) {
        let mut state = self.lock();
        let now = Instant::now();
        if state
            .last_halved
            .is_none_or(|t| now - t > Duration::from_secs(1))
        {
            state.limit = (state.limit / 2).max(1);
            state.successes = 0;
            state.last_halved = Some(now);
        }
        let until = now + retry_after.unwrap_or(Duration::from_secs(1));
        state.paused_until = Some(state.paused_until.map_or(until, |p| p.max(until)));
    }

    fn limit(&self) -> usize {
        self.lock().limit
    }

    fn span(&self, slot: usize, start: f64, ok: bool, verify: bool) {
        if !self.keep_spans {
            return;
        }
        let mut state = self.lock();
        let end = state.started.elapsed().as_secs_f64();
        state.spans.push(Span {
            slot,
            start,
            end,
            ok,
            verify,
        });
    }

    fn spans(&self) -> Vec<Span> {
        self.lock().spans.clone()
    }

    fn occupancy(&self) -> Occupancy {
        let mut state = self.lock();
        advance(&mut state, Instant::now());
        let wall = state.started.elapsed().as_secs_f64().max(1e-9);
        Occupancy {
            peak: state.peak,
            utilization: state.busy_integral / wall / self.max as f64,
            first_dispatch_share: state.first_dispatch.map_or(1.0, |t| t / wall),
            overlap_share: state.at_least_two / wall,
            wall,
        }
    }
}

fn advance(state: &mut GovernorState, now: Instant) {
    let elapsed = now
        .saturating_duration_since(state.last_change)
        .as_secs_f64();
    state.busy_integral += elapsed * state.in_use as f64;
    if state.in_use >= 2 {
        state.at_least_two += elapsed;
    }
    state.last_change = now;
}

/// Request and token rate limits of one agent: token buckets holding ten seconds' worth.
struct RateLimiter {
    rpm: Option<f64>,
    tpm: Option<f64>,
    state: Mutex<(f64, f64, Instant)>,
}

impl RateLimiter {
    fn new(rpm: Option<u32>, tpm: Option<u64>) -> RateLimiter {
        let rpm = rpm.map(f64::from);
        let tpm = tpm.map(|t| t as f64);
        RateLimiter {
            state: Mutex::new((
                rpm.map_or(0.0, capacity),
                tpm.map_or(0.0, capacity),
                Instant::now(),
            )),
            rpm,
            tpm,
        }
    }

    /// Waits until one request of `tokens` may go; false if the run stopped meanwhile.
    async fn wait(&self, tokens: u64, stop: &mut StopSignal) -> bool {
        if self.rpm.is_none() && self.tpm.is_none() {
            return true;
        }
        loop {
            let wait = {
                let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
                let now = Instant::now();
                let elapsed = (now - state.2).as_secs_f64();
                state.2 = now;
                let mut wait: f64 = 0.0;
                if let Some(rpm) = self.rpm {
                    state.0 = (state.0 + elapsed * rpm / 60.0).min(capacity(rpm));
                    if state.0 < 1.0 {
                        wait = wait.max((1.0 - state.0) * 60.0 / rpm);
                    }
                }
                if let Some(tpm) = self.tpm {
                    state.1 = (state.1 + elapsed * tpm / 60.0).min(capacity(tpm));
                    // A request bigger than the bucket goes once the bucket is full.
                    let need = (tokens as f64).min(capacity(tpm));
                    if state.1 < need {
                        wait = wait.max((need - state.1) * 60.0 / tpm);
                    }
                }
                if wait <= 0.0 {
                    if self.rpm.is_some() {
                        state.0 -= 1.0;
                    }
                    if self.tpm.is_some() {
                        state.1 -= tokens as f64;
                    }
                    return true;
                }
                wait
            };
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs_f64(wait.min(5.0))) => {}
                _ = stop.wait_for(Option::is_some) => return false,
            }
        }
    }
}

fn capacity(per_minute: f64) -> f64 {
    (per_minute / 6.0).max(1.0)
}

/// The token and cost budget: each request reserves its worst case before it is sent.
struct Budget {
    max_tokens: Option<u64>,
    max_cost: Option<f64>,
    state: Mutex<Spend>,
}

#[derive(Default)]
struct Spend {
    tokens: u64,
    cost: f64,
    reserved_tokens: u64,
    reserved_cost: f64,
}

struct Reservation {
    tokens: u64,
    cost: f64,
}

enum Reserve {
    Granted(Reservation),
    Busy,
    Spent(String),
}

impl Budget {
    fn new(max_tokens: Option<u64>, max_cost: Option<f64>) -> Budget {
        Budget {
            max_tokens,
            max_cost,
            state: Mutex::new(Spend::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Spend> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reserves a request's worst case. `Busy` when it would fit once the requests in flight
    /// settle (they usually use less than they reserved); `Spent` when it cannot fit at all.
    fn reserve(&self, tokens: u64, cost: f64) -> Reserve {
        let mut spend = self.lock();
        if let Some(max) = self.max_tokens {
            if spend.tokens + tokens > max {
                return Reserve::Spent(format!(
                    "the token budget is spent (--max-tokens {max}: {} used)",
                    spend.tokens
                ));
            }
            if spend.tokens + spend.reserved_tokens + tokens > max {
                return Reserve::Busy;
            }
        }
        if let Some(max) = self.max_cost {
            if spend.cost + cost > max {
                return Reserve::Spent(format!(
                    "the cost budget is spent (--max-cost {max}: ${:.4} used)",
                    spend.cost
                ));
            }
            if spend.cost + spend.reserved_cost + cost > max {
                return Reserve::Busy;
            }
        }
        spend.reserved_tokens += tokens;
        spend.reserved_cost += cost;
        Reserve::Granted(Reservation { tokens, cost })
    }

    fn settle(&self, reservation: Reservation, tokens: u64, cost: f64) {
        let mut spend = self.lock();
        spend.reserved_tokens = spend.reserved_tokens.saturating_sub(reservation.tokens);
        spend.reserved_cost = (spend.reserved_cost - reservation.cost).max(0.0);
        spend.tokens += tokens;
        spend.cost += cost;
    }

    fn add_spent(&self, tokens: u64, cost: f64) {
        let mut spend = self.lock();
        spend.tokens += tokens;
        spend.cost += cost;
    }

    fn spent_cost(&self) -> f64 {
        self.lock().cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_jitters_and_honours_retry_after() {
        let base = Duration::from_millis(100);
        for attempt in 1..6 {
            let wait = backoff(base, attempt, None);
            let ceiling = base * (1 << attempt);
            assert!(
                wait >= ceiling / 2 && wait <= ceiling,
                "{attempt}: {wait:?}"
            );
        }
        assert!(backoff(base, 1, Some(Duration::from_secs(3))) >= Duration::from_secs(3));
    }

    #[test]
    fn budget_reserves_before_and_settles_after() {
        let budget = Budget::new(Some(1000), None);
        let Reserve::Granted(a) = budget.reserve(600, 0.0) else {
            panic!("the first request fits")
        };
        // It would fit once the first settles: wait, do not give up.
        assert!(matches!(budget.reserve(600, 0.0), Reserve::Busy));
        budget.settle(a, 300, 0.0);
        let Reserve::Granted(b) = budget.reserve(600, 0.0) else {
            panic!("300 + 600 fits")
        };
        budget.settle(b, 600, 0.0);
        assert!(matches!(budget.reserve(200, 0.0), Reserve::Spent(_)));
    }

    #[tokio::test]
    async fn governor_halves_on_429_and_grows_back() {
        let governor = Arc::new(Governor::new(8, false));
        governor.on_rate_limited(Some(Duration::ZERO));
        assert_eq!(governor.limit(), 4);
        // A burst of 429s from requests already in flight halves once.
        governor.on_rate_limited(Some(Duration::ZERO));
        assert_eq!(governor.limit(), 4);
        for _ in 0..4 {
            governor.on_success();
        }
        assert_eq!(governor.limit(), 5);
        let (_tx, mut stop) = watch::channel(None);
        let slots: Vec<Slot> = futures_lite_take(&governor, &mut stop, 5).await;
        assert_eq!(governor.lock().in_use, 5);
        drop(slots);
        assert_eq!(governor.lock().in_use, 0);
    }

    async fn futures_lite_take(
        governor: &Arc<Governor>,
        stop: &mut StopSignal,
        n: usize,
    ) -> Vec<Slot> {
        let mut out = Vec::new();
        for _ in 0..n {
            out.push(governor.acquire(stop).await.unwrap());
        }
        out
    }
}
