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
//! - the run's stop signal (a deadline or Ctrl-C, watched by the pipeline): nothing new is
//!   dispatched, in-flight requests are cancelled, every shard is still reported (reviewed, or
//!   unreviewed with the reason);
//! - retries with exponential backoff and jitter that keep the shard's finished work (each lens is
//!   its own job) and give their slot back while they wait;
//! - a shard whose agent finally fails is listed with the reason, or reviewed by the rules instead
//!   (`--fallback rules`).
//!
//! The pool lives here; [`job`] dispatches each shard's jobs and finishes them, [`call`] makes one
//! request with every guard, and [`governor`], [`rate_limit`] and [`budget`] are the guards.

mod budget;
mod call;
mod consensus;
mod conversation;
mod governor;
mod job;
mod rate_limit;
mod shard_job;
mod triage;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
use tokio::sync::mpsc;

use super::cache::{Cache, Recorder, Replay};
use super::context::SymbolIndex;
use super::llm::{AgentConfig, Backend, Lens};
use super::Reviewer;
use crate::model::{AgentMetrics, Event, Failure, ShardOutcome, Span, StopReason, StopSignal};
use crate::slice::Shard;
use budget::Budget;
use governor::Governor;
use rate_limit::RateLimiter;

/// How the pool is governed.
#[derive(Clone, Debug)]
pub(crate) struct AgentSettings {
    /// Most agents at work at once (requests in flight), verification included.
    pub(crate) cap: usize,
    pub(crate) lenses: Vec<Lens>,
    /// Most agents started over the whole run (each shard x lens, and each verification).
    pub(crate) max_agents: u64,
    pub(crate) max_tokens: Option<u64>,
    pub(crate) max_cost: Option<f64>,
    /// Retries of a failed request after the first attempt.
    pub(crate) retries: u32,
    pub(crate) rpm: Option<u32>,
    pub(crate) tpm: Option<u64>,
    pub(crate) verify: bool,
    /// Tokens of context packed into each review prompt from the symbol index and the rules'
    /// findings; 0 sends the shard alone.
    pub(crate) context_tokens: usize,
    /// Offer agents the read-only tools (definition, references, lines).
    pub(crate) tools: bool,
    /// Send each rules finding to an agent that confirms or rejects it.
    pub(crate) triage: bool,
    /// Reviews of each shard by each agent and lens (the first deterministic, the others
    /// sampled); each finding says how many reported it.
    pub(crate) consensus: u32,
    /// Findings fewer reviews than this reported go to the rejected list.
    pub(crate) consensus_min: u32,
    /// Most requests in one agent's conversation about a shard.
    pub(crate) max_turns: u32,
    /// Tokens (in and out) one conversation may spend before its next turn must answer.
    pub(crate) shard_tokens: u64,
    /// Keep every agent's span for `--timeline`.
    pub(crate) timeline: bool,
    /// Base delay of the exponential backoff.
    pub(crate) backoff: Duration,
}

/// A shard on its way to the agents, with what the CPU reviewers found.
pub(crate) struct AgentWork {
    pub(crate) shard: Shard,
    pub(crate) outcome: ShardOutcome,
}

/// A configured agent.
pub(crate) struct Agent {
    pub(crate) config: AgentConfig,
    pub(crate) name: String,
    backend: Box<dyn Backend>,
    limiter: RateLimiter,
}

impl Agent {
    pub(crate) fn new(config: AgentConfig, settings: &AgentSettings) -> anyhow::Result<Agent> {
        Ok(Agent {
            name: config.name(),
            backend: super::llm::backend(&config)?,
            limiter: RateLimiter::new(settings.rpm, settings.tpm),
            config,
        })
    }
}

/// The pool. Cheap to share: everything lives behind one `Arc`.
pub(crate) struct AgentPool {
    inner: Arc<Inner>,
}

struct Inner {
    settings: AgentSettings,
    agents: Vec<Agent>,
    fallback: Option<Arc<dyn Reviewer>>,
    cache: Option<Cache>,
    recorder: Option<Recorder>,
    replay: Option<Replay>,
    /// The repository's symbol index, when prompts are packed with context: set once it is
    /// built, before the first dispatch.
    index: OnceLock<Arc<SymbolIndex>>,
    /// Where the index comes from: it is built on a thread of its own while the pipeline walks,
    /// parses and runs the rules, and the pool waits for it before its first prompt.
    index_source: std::sync::Mutex<Option<IndexSource>>,
    governor: Arc<Governor>,
    budget: Budget,
    /// The run's stop signal, given when the pool starts running.
    stop: OnceLock<StopSignal>,
    /// How many requests the agents' servers take at once, where they say (`None`: unknown).
    server_slots: OnceLock<Option<usize>>,
    counters: Counters,
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
    dropped_quote: AtomicU64,
    relocated: AtomicU64,
    turns: AtomicU64,
    timed_out: AtomicU64,
    triage_confirmed: AtomicU64,
    triage_rejected: AtomicU64,
    triage_failed: AtomicU64,
    tool_calls: AtomicU64,
    turn_capped: AtomicU64,
    token_capped: AtomicU64,
    malformed: AtomicU64,
    confirmed: AtomicU64,
    rejected: AtomicU64,
    tokens_in: AtomicU64,
    tokens_out: AtomicU64,
}

impl Inner {
    /// A receiver of the run's stop signal. Before the pool runs there is none: a signal whose
    /// switch is already gone, which never reads as stopped.
    fn signal(&self) -> StopSignal {
        self.stop
            .get()
            .cloned()
            .unwrap_or_else(|| crate::model::Stop::new().signal())
    }

    fn stop_reason(&self) -> Option<StopReason> {
        self.stop.get().and_then(|signal| *signal.borrow())
    }
}

/// The symbol index on its way: `None` arrives when it could not be built (the agents then get
/// the rules' hints alone).
pub(crate) type IndexSource = std::sync::mpsc::Receiver<Option<SymbolIndex>>;

impl Inner {
    /// Waits for the symbol index (the stop signal ends the wait: the shards are then reported
    /// unreviewed by the dispatcher as usual).
    fn wait_for_index(&self) {
        let source = self
            .index_source
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        let Some(source) = source else { return };
        loop {
            match source.recv_timeout(Duration::from_millis(50)) {
                Ok(Some(index)) => {
                    let _ = self.index.set(Arc::new(index));
                    return;
                }
                Ok(None) | Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                    if self.stop_reason().is_some() {
                        return;
                    }
                }
            }
        }
    }

    /// Asks the agents' servers on this machine how many requests they work on at once, and
    /// keeps the pool's limit within their sum: more agents than slots only queue at the server.
    /// A remote API is not asked (it would not say, and its limits are its rate limits).
    async fn learn_slots(&self) {
        let mut total = 0;
        let mut asked: Vec<&str> = Vec::new();
        for agent in &self.agents {
            // Two agents of one server share its slots.
            if asked.contains(&agent.config.base_url.as_str()) {
                continue;
            }
            asked.push(&agent.config.base_url);
            let config = &agent.config;
            if config.provider == crate::review::llm::Provider::Command
                || !crate::review::llm::http::is_local(&config.base_url)
            {
                let _ = self.server_slots.set(None);
                return;
            }
            match crate::review::llm::http::server_slots(&config.base_url, config.api_key.as_ref())
                .await
            {
                Some(slots) => total += slots,
                None => {
                    let _ = self.server_slots.set(None);
                    return;
                }
            }
        }
        if total > 0 {
            self.governor.limit_to_slots(total);
        }
        let _ = self.server_slots.set((total > 0).then_some(total));
    }
}

fn bump(counter: &AtomicU64, by: u64) {
    counter.fetch_add(by, Ordering::Relaxed);
}

impl AgentPool {
    pub(crate) fn new(
        settings: AgentSettings,
        agents: Vec<Agent>,
        fallback: Option<Arc<dyn Reviewer>>,
        cache: Option<Cache>,
        recorder: Option<Recorder>,
        replay: Option<Replay>,
        index: Option<IndexSource>,
    ) -> AgentPool {
        let cap = settings.cap.max(1);
        AgentPool {
            inner: Arc::new(Inner {
                governor: Arc::new(Governor::new(cap, settings.timeline)),
                budget: Budget::new(settings.max_tokens, settings.max_cost),
                stop: OnceLock::new(),
                server_slots: OnceLock::new(),
                counters: Counters::default(),
                settings,
                agents,
                fallback,
                cache,
                recorder,
                replay,
                index: OnceLock::new(),
                index_source: std::sync::Mutex::new(index),
            }),
        }
    }

    /// Most agents at work at once.
    pub(crate) fn cap(&self) -> usize {
        self.inner.governor.max
    }

    /// [`AgentPool::run`], and should it crash, every shard still queued is reported unreviewed
    /// rather than lost with the run.
    pub(crate) fn run_guarded(
        &self,
        mut input: mpsc::Receiver<AgentWork>,
        events: Sender<Event>,
        started: Instant,
        stop: StopSignal,
    ) {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.run(&mut input, events.clone(), started, stop)
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
    /// (call it on a thread of its own). Each shard's outcome goes to `events` as soon as its last
    /// job finishes. Once `stop` is set nothing new is dispatched and requests in flight are
    /// cancelled; every shard is still reported.
    pub(crate) fn run(
        &self,
        input: &mut mpsc::Receiver<AgentWork>,
        events: Sender<Event>,
        started: Instant,
        stop: StopSignal,
    ) {
        // A pool runs once; should it run again, the first run's signal stands.
        let _ = self.inner.stop.set(stop);
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
        inner.wait_for_index();
        runtime.block_on(async {
            inner.learn_slots().await;
            job::dispatch(inner, input, events).await
        });
    }

    /// The figures of the run, after [`AgentPool::run`].
    pub(crate) fn metrics(&self) -> AgentMetrics {
        let inner = &self.inner;
        let c = &inner.counters;
        let load = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let occupancy = inner.governor.occupancy();
        AgentMetrics {
            cap: inner.governor.max,
            agents: inner.agents.iter().map(|a| a.name.clone()).collect(),
            lenses: inner
                .settings
                .lenses
                .iter()
                .map(|l| l.name().to_string())
                .collect(),
            agents_started: load(&c.agents_started),
            requests: load(&c.requests),
            retries: load(&c.retries),
            rate_limited: load(&c.rate_limited),
            jobs_reviewed: load(&c.jobs_reviewed),
            jobs_cached: load(&c.jobs_cached),
            jobs_failed: load(&c.jobs_failed),
            jobs_fallback: load(&c.jobs_fallback),
            findings_dropped_outside_shard: load(&c.dropped_outside),
            findings_dropped_quote_not_found: load(&c.dropped_quote),
            findings_relocated: load(&c.relocated),
            turns: load(&c.turns),
            timed_out: load(&c.timed_out),
            server_slots: inner.server_slots.get().copied().flatten(),
            triage_confirmed: load(&c.triage_confirmed),
            triage_rejected: load(&c.triage_rejected),
            triage_failed: load(&c.triage_failed),
            tool_calls: load(&c.tool_calls),
            conversations_turn_capped: load(&c.turn_capped),
            conversations_token_capped: load(&c.token_capped),
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
            stopped: inner.stop_reason().map(|r| r.name().to_string()),
            wall_seconds: occupancy.wall_seconds,
        }
    }

    /// Every agent's span, when the settings asked for a timeline.
    pub(crate) fn spans(&self) -> Vec<Span> {
        self.inner.governor.spans()
    }
}

fn fail_all(input: &mut mpsc::Receiver<AgentWork>, events: &Sender<Event>, reason: &str) {
    while let Some(mut work) = input.blocking_recv() {
        work.outcome.failures.push(Failure::new("agents", reason));
        if events.send(Event::shard(work.outcome)).is_err() {
            return;
        }
    }
}
