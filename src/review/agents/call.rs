//! One request with every guard: the lifetime cap on agents, the budget, the rate limits, the
//! timeout, cancellation by the stop signal, retries with backoff and jitter (the slot is given
//! back while waiting), recording and replay.

use std::sync::atomic::Ordering;
use std::time::Duration;

use super::budget::Reserve;
use super::governor::Slot;
use super::job::stopped_because;
use super::{bump, Inner};
use crate::model::StopReason;
use crate::review::cache::Exchange;
use crate::review::llm::{AgentConfig, CallError, Completion, Request};

impl Inner {
    /// One request, with every guard: agent cap, budget, rate limits, timeout, cancellation,
    /// retries with backoff (the slot is given back while waiting), recording and replay.
    pub(super) async fn call(
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
        let mut stop = self.signal();
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
                    turn: request.turns.len() + 1,
                    tool_results: request
                        .turns
                        .last()
                        .map(|turn| turn.results.clone())
                        .unwrap_or_default(),
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
                    if timed_out {
                        bump(&self.counters.timed_out, 1);
                        self.governor.on_timeout();
                    }
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
}
