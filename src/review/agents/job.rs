//! The jobs of a shard: one per agent and lens, dispatched in order under the cap, finished one
//! by one; the shard's outcome is sent when its last job finishes, whatever became of the others
//! (reviewed, cached, failed, reviewed by the rules instead, or cut short by the stop signal).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crossbeam_channel::Sender;
use tokio::sync::mpsc;

use super::governor::Slot;
use super::shard_job::ShardJob;
use super::triage;
use super::{bump, consensus, AgentWork, Inner};
use crate::model::{Event, Failure, ShardOutcome, StopReason, StopSignal};
use crate::review::cache::{self, Entry};
use crate::review::context::pack::{self, Packed};
use crate::review::context::tools;
use crate::review::llm::parse::{self, Dropped, Placed, RawFinding};
use crate::review::llm::{prompt, Lens, Provider, Request};
use crate::review::review_shard;
use crate::slice::Shard;

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
            .outcome
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .failures
            .push(Failure::new(
                self.inner.agents[self.agent].name.clone(),
                "internal error: the agent task crashed",
            ));
        self.inner.finish_job(self.job, self.events);
    }
}

/// Why the run stopped, for a job it cut short.
pub(super) fn stopped_because(stop: &StopSignal) -> String {
    stop.borrow()
        .map_or("stopped", StopReason::message)
        .to_string()
}

/// Takes each shard from `input`, starts one job per agent and lens (a cached review needs no
/// slot), and returns when `input` has closed and every job has finished.
pub(super) async fn dispatch(
    inner: Arc<Inner>,
    input: &mut mpsc::Receiver<AgentWork>,
    events: Sender<Event>,
) {
    let mut tasks = tokio::task::JoinSet::new();
    let mut stop = inner.signal();
    while let Some(work) = input.recv().await {
        while tasks.try_join_next().is_some() {}
        let AgentWork { shard, mut outcome } = work;
        let reviews = inner.settings.consensus.max(1);
        let jobs: Vec<(usize, Lens, u32)> =
            (0..inner.agents.len())
                .flat_map(|agent| {
                    inner.settings.lenses.iter().flat_map(move |lens| {
                        (0..reviews).map(move |review| (agent, *lens, review))
                    })
                })
                .collect();
        let triaged: Vec<Vec<usize>> = if inner.settings.triage && !jobs.is_empty() {
            triage::candidates(&outcome.findings)
        } else {
            Vec::new()
        };
        if jobs.is_empty() {
            outcome
                .failures
                .push(Failure::new("agents", "no agent is configured"));
            let _ = events.send(Event::shard(outcome));
            continue;
        }
        let job = Arc::new(ShardJob {
            shard,
            outcome: Mutex::new(outcome),
            agent_findings: Mutex::new(Vec::new()),
            rejected: Mutex::new(Vec::new()),
            verdicts: Mutex::new(Vec::new()),
            remaining: AtomicUsize::new(jobs.len() + triaged.len()),
            all_cached: AtomicBool::new(true),
            fallback_done: AtomicBool::new(false),
        });
        // CPU and file work, bounded by the budget: off the async threads.
        let packed = tokio::task::block_in_place(|| inner.packed_context(&job));
        for group in triaged {
            inner
                .dispatch_triage(&job, group, &packed, &mut stop, &mut tasks, &events)
                .await;
        }
        for (agent, lens, review) in jobs {
            let mut request = prompt::review_request(
                &job.shard,
                lens,
                inner.agents[agent].config.max_output_tokens,
                &packed,
            );
            request.sample = review;
            if inner.offers_tools(agent) {
                request.tools = tools::specs();
            }
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
                inner.keep(&job, &kept, &rejected, &name, lens, review);
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
                    .run_job(&job, (agent, lens, review), request, key, slot, &events)
                    .await;
                std::mem::forget(guard);
            });
        }
    }
    while tasks.join_next().await.is_some() {}
}

impl Inner {
    /// The context packed into the shard's prompts: the rules' findings in it, and what the
    /// symbol index knows of the code it calls, uses and is called from.
    fn packed_context(&self, job: &ShardJob) -> Packed {
        let budget = self.settings.context_tokens;
        if budget == 0 {
            return Packed::default();
        }
        let outcome = job.outcome.lock().unwrap_or_else(|e| e.into_inner());
        // CPU work on the dispatcher: bounded by the budget and the shard's size.
        pack::pack(
            &job.shard,
            self.index.get().map(|i| &**i),
            &outcome.findings,
            budget,
        )
    }

    /// Whether `agent` is offered the read-only tools: asked for, an index to answer from, and
    /// a protocol with tool calls (an agent command has none).
    fn offers_tools(&self, agent: usize) -> bool {
        self.settings.tools
            && self.index.get().is_some()
            && self.agents[agent].config.provider != Provider::Command
    }

    pub(super) fn key(&self, agent: usize, request: &Request) -> String {
        let agent = &self.agents[agent];
        // A verified review is another result than an unverified one.
        let salt = if self.settings.verify { "verified" } else { "" };
        cache::key(&agent.name, &agent.config.base_url, request, salt)
    }

    /// Marks one job done; the last one sends the shard's result.
    pub(super) fn finish_job(&self, job: &ShardJob, events: &Sender<Event>) {
        if job.remaining.fetch_sub(1, Ordering::AcqRel) != 1 {
            return;
        }
        let mut outcome = std::mem::replace(
            &mut *job.outcome.lock().unwrap_or_else(|e| e.into_inner()),
            ShardOutcome::empty(&job.shard),
        );
        outcome.rejected =
            std::mem::take(&mut *job.rejected.lock().unwrap_or_else(|e| e.into_inner()));
        let verdicts = std::mem::take(&mut *job.verdicts.lock().unwrap_or_else(|e| e.into_inner()));
        triage::apply(&mut outcome.findings, &mut outcome.rejected, verdicts);
        let found =
            std::mem::take(&mut *job.agent_findings.lock().unwrap_or_else(|e| e.into_inner()));
        let (kept, disagreed) = consensus::agree(
            found,
            self.settings.consensus.max(1),
            self.settings.consensus_min,
        );
        outcome.findings.extend(kept);
        outcome.rejected.extend(disagreed);
        outcome.cached = job.all_cached.load(Ordering::Relaxed);
        let _ = events.send(Event::shard(outcome));
    }

    /// A job that could not be done: the rules review the shard instead when asked to, else the
    /// shard is listed as unreviewed with the reason.
    async fn fail_job(&self, job: &ShardJob, agent: usize, reason: String, events: &Sender<Event>) {
        bump(&self.counters.jobs_failed, 1);
        let name = self.agents[agent].name.clone();
        let stopped = self.stop_reason().is_some();
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
                    let fallback_outcome =
                        tokio::task::block_in_place(|| review_shard(&job.shard, &reviewers, false));
                    let mut found = fallback_outcome.findings;
                    for finding in &mut found {
                        finding.reviewers = vec![format!("rules (fallback for {name})")];
                    }
                    job.agent_findings
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .extend(
                            found
                                .into_iter()
                                .map(|finding| (consensus::NOT_A_REVIEW, finding)),
                        );
                    job.outcome
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .failures
                        .extend(fallback_outcome.failures.into_iter().map(|failure| {
                            Failure::new(
                                failure.reviewer,
                                format!("{reason}; the rules fallback: {}", failure.reason),
                            )
                        }));
                }
            }
            _ => job
                .outcome
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .failures
                .push(Failure::new(name, reason)),
        }
        self.finish_job(job, events);
    }

    async fn run_job(
        self: &Arc<Self>,
        job: &ShardJob,
        (agent, lens, review): (usize, Lens, u32),
        request: Request,
        key: String,
        slot: Slot,
        events: &Sender<Event>,
    ) {
        let label = format!(
            "{}:{}-{}",
            job.shard.file.rel_path, job.shard.start_line, job.shard.end_line
        );
        let path = job.shard.file.rel_path.clone();
        let completion = match self
            .converse(agent, request, &key, slot, &label, &path)
            .await
        {
            Ok(completion) => completion,
            Err(reason) => return self.fail_job(job, agent, reason, events).await,
        };
        // A small model pads a finished answer to the limit: its complete JSON is the answer.
        if completion.cut && !parse::usable_despite_cut(&completion.text) {
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
                r.start_line = r.start_line.saturating_sub(job.shard.start_line);
                r.end_line = r.end_line.saturating_sub(job.shard.start_line);
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
                    verdict: None,
                    tokens_in: completion.tokens_in,
                    tokens_out: completion.tokens_out,
                },
            );
        }
        let name = self.agents[agent].name.clone();
        self.keep(job, &kept, &rejected, &name, lens, review);
        self.finish_job(job, events);
    }

    /// Keeps the findings an agent reported whose quote is in the shard, placed where it is.
    fn check_all(&self, shard: &Shard, raw: Vec<RawFinding>) -> Vec<RawFinding> {
        raw.into_iter()
            .filter_map(|r| match parse::check(r, shard) {
                Ok((r, placed)) => {
                    if placed == Placed::Relocated {
                        bump(&self.counters.relocated, 1);
                    }
                    Some(r)
                }
                Err(Dropped::OutsideShard) => {
                    bump(&self.counters.dropped_outside, 1);
                    None
                }
                Err(Dropped::QuoteNotFound) => {
                    bump(&self.counters.dropped_quote, 1);
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
        review: u32,
    ) {
        job.agent_findings
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(
                kept.iter()
                    .map(|r| (review, parse::to_finding(r, &job.shard, agent, lens))),
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
        let mut stop = self.signal();
        for raw in findings {
            // Nothing to verify on lines that hold no code: the claim is wrong on its face.
            let blank = (raw.start_line..=raw.end_line)
                .all(|line| job.shard.file.line_text(line).trim().is_empty());
            if blank {
                bump(&self.counters.rejected, 1);
                rejected.push((raw, String::from("the cited lines hold no code")));
                continue;
            }
            let request = prompt::verify_request(&job.shard, &raw);
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
}
