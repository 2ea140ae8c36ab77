//! How busy a run was: the figures that show whether "parallel" really was parallel, for the CPU
//! workers ([`PoolMetrics`]) and the agent pool ([`AgentMetrics`]), both measured by one
//! [`Occupancy`] meter.

use std::time::Instant;

use serde::Serialize;

/// A running count of busy slots (workers or agents), integrated over time in O(1) memory.
#[derive(Debug, Clone)]
pub(crate) struct Occupancy {
    started: Instant,
    last_change: Instant,
    busy: usize,
    peak: usize,
    dispatched: u64,
    busy_seconds: f64,
    at_least_two: f64,
    first_dispatch: Option<f64>,
}

/// What an [`Occupancy`] measured.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct OccupancyFigures {
    pub(crate) peak: usize,
    /// Entries that were dispatches (a shard handed to a reviewer), not other work.
    pub(crate) dispatched: u64,
    /// Mean busy slots over the run, divided by the number of slots.
    pub(crate) utilization: f64,
    /// Time from the start to the first dispatch, as a share of the run (1 without one).
    pub(crate) first_dispatch_share: f64,
    /// Share of the run with at least two slots busy.
    pub(crate) overlap_share: f64,
    pub(crate) wall_seconds: f64,
}

impl Occupancy {
    pub(crate) fn new(started: Instant) -> Occupancy {
        Occupancy {
            started,
            last_change: started,
            busy: 0,
            peak: 0,
            dispatched: 0,
            busy_seconds: 0.0,
            at_least_two: 0.0,
            first_dispatch: None,
        }
    }

    /// Seconds since the start.
    pub(crate) fn elapsed(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    pub(crate) fn busy(&self) -> usize {
        self.busy
    }

    fn advance(&mut self, now: Instant) {
        let elapsed = now
            .saturating_duration_since(self.last_change)
            .as_secs_f64();
        self.busy_seconds += elapsed * self.busy as f64;
        if self.busy >= 2 {
            self.at_least_two += elapsed;
        }
        self.last_change = self.last_change.max(now);
    }

    /// A slot starts work; `dispatch` when that work is a shard handed to a reviewer (it counts
    /// towards the time of the first dispatch), not other work such as cutting a file.
    pub(crate) fn enter(&mut self, dispatch: bool) {
        self.enter_at(Instant::now(), dispatch);
    }

    /// A shard dispatched on a slot already busy (a worker that waits for the parts of a file's
    /// review runs a shard meanwhile).
    pub(crate) fn dispatched_within(&mut self) {
        let now = Instant::now();
        let since = now.saturating_duration_since(self.started).as_secs_f64();
        self.first_dispatch.get_or_insert(since);
        self.dispatched += 1;
    }

    /// A slot is free again.
    pub(crate) fn leave(&mut self) {
        self.leave_at(Instant::now());
    }

    /// The figures so far, for `slots` slots.
    pub(crate) fn figures(&mut self, slots: usize) -> OccupancyFigures {
        self.figures_at(Instant::now(), slots)
    }

    fn enter_at(&mut self, now: Instant, dispatch: bool) {
        self.advance(now);
        if dispatch {
            let since = now.saturating_duration_since(self.started).as_secs_f64();
            self.first_dispatch.get_or_insert(since);
            self.dispatched += 1;
        }
        self.busy += 1;
        self.peak = self.peak.max(self.busy);
    }

    fn leave_at(&mut self, now: Instant) {
        self.advance(now);
        self.busy = self.busy.saturating_sub(1);
    }

    fn figures_at(&mut self, now: Instant, slots: usize) -> OccupancyFigures {
        self.advance(now);
        let wall = now
            .saturating_duration_since(self.started)
            .as_secs_f64()
            .max(1e-9);
        OccupancyFigures {
            peak: self.peak,
            dispatched: self.dispatched,
            utilization: self.busy_seconds / (wall * slots.max(1) as f64),
            first_dispatch_share: self.first_dispatch.map_or(1.0, |t| t / wall),
            overlap_share: self.at_least_two / wall,
            wall_seconds: wall,
        }
    }
}

/// How busy the CPU workers were.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct PoolMetrics {
    pub(crate) workers: usize,
    pub(crate) agents_started: u64,
    pub(crate) peak_concurrency: usize,
    /// Mean busy workers (cutting files or reviewing shards) over the run, divided by the number
    /// of workers.
    pub(crate) utilization: f64,
    /// Time from start to the first shard handed to a reviewer, as a share of the run.
    pub(crate) first_dispatch_share: f64,
    /// Share of the run with at least two reviewers busy.
    pub(crate) overlap_share: f64,
    pub(crate) wall_seconds: f64,
    /// The agent pool's own figures, when LLM or command reviewers ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) agents: Option<AgentMetrics>,
}

impl PoolMetrics {
    /// The figures of `workers` CPU workers.
    pub(crate) fn of_workers(workers: usize, figures: OccupancyFigures) -> PoolMetrics {
        PoolMetrics {
            workers,
            agents_started: figures.dispatched,
            peak_concurrency: figures.peak,
            utilization: figures.utilization,
            first_dispatch_share: figures.first_dispatch_share,
            overlap_share: figures.overlap_share,
            wall_seconds: figures.wall_seconds,
            agents: None,
        }
    }
}

/// What the agents did.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct AgentMetrics {
    pub(crate) cap: usize,
    pub(crate) agents: Vec<String>,
    /// The lenses each shard was reviewed through (`security`, `memory`, ...).
    pub(crate) lenses: Vec<String>,
    pub(crate) agents_started: u64,
    pub(crate) requests: u64,
    pub(crate) retries: u64,
    pub(crate) rate_limited: u64,
    pub(crate) jobs_reviewed: u64,
    pub(crate) jobs_cached: u64,
    pub(crate) jobs_failed: u64,
    pub(crate) jobs_fallback: u64,
    /// Findings whose quote is in the file but not in the shard they were asked about.
    pub(crate) findings_dropped_outside_shard: u64,
    /// Findings whose quote is nowhere in the file (or that quoted nothing).
    pub(crate) findings_dropped_quote_not_found: u64,
    /// Findings kept, moved from the lines they cited to where their quote is.
    pub(crate) findings_relocated: u64,
    /// Review requests, one per turn of each conversation (verification not included).
    pub(crate) turns: u64,
    /// Rules findings an agent confirmed, rejected, or could not triage (kept) with `--triage`.
    pub(crate) triage_confirmed: u64,
    pub(crate) triage_rejected: u64,
    pub(crate) triage_failed: u64,
    /// Requests that got no complete answer within `--timeout`.
    pub(crate) timed_out: u64,
    /// Requests the agents' servers work on at once, where they say (llama-server's slots): the
    /// pool's limit stays within it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) server_slots: Option<usize>,
    /// Read-only tool calls answered.
    pub(crate) tool_calls: u64,
    /// Conversations whose last turn was forced by the turn cap, or by the shard's token cap.
    pub(crate) conversations_turn_capped: u64,
    pub(crate) conversations_token_capped: u64,
    pub(crate) findings_malformed: u64,
    pub(crate) verified_confirmed: u64,
    pub(crate) verified_rejected: u64,
    pub(crate) peak_concurrency: usize,
    /// Mean agents at work over the run, divided by the cap.
    pub(crate) utilization: f64,
    /// Time from the start of the run to the first request, as a share of the run.
    pub(crate) first_dispatch_share: f64,
    /// Share of the run with at least two agents at work.
    pub(crate) overlap_share: f64,
    pub(crate) tokens_in: u64,
    pub(crate) tokens_out: u64,
    pub(crate) cost_usd: f64,
    /// The adaptive concurrency limit at the end of the run.
    pub(crate) final_limit: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) stopped: Option<String>,
    pub(crate) wall_seconds: f64,
}

/// One agent's activity, for the timeline.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Span {
    pub(crate) slot: usize,
    pub(crate) start: f64,
    pub(crate) end: f64,
    pub(crate) ok: bool,
    pub(crate) verify: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn occupancy_integrates_busy_slots_over_time() {
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        let mut meter = Occupancy::new(start);
        meter.enter_at(at(0), false);
        meter.enter_at(at(10), true);
        meter.leave_at(at(50));
        meter.enter_at(at(60), true);
        meter.leave_at(at(80));
        meter.leave_at(at(90));
        let figures = meter.figures_at(at(100), 2);
        assert_eq!(figures.peak, 2);
        assert_eq!(figures.dispatched, 2);
        // Busy slot-milliseconds: 90 (first) + 40 + 20 = 150 of 2 x 100.
        assert!((figures.utilization - 0.75).abs() < 1e-9, "{figures:?}");
        // Two at once from 10 to 50 and from 60 to 80.
        assert!((figures.overlap_share - 0.6).abs() < 1e-9);
        assert!((figures.first_dispatch_share - 0.1).abs() < 1e-9);
        assert!((figures.wall_seconds - 0.1).abs() < 1e-9);
    }

    #[test]
    fn no_dispatch_means_the_first_came_at_the_end() {
        let start = Instant::now();
        let mut meter = Occupancy::new(start);
        let figures = meter.figures_at(start + Duration::from_millis(5), 4);
        assert_eq!(figures.first_dispatch_share, 1.0);
        assert_eq!(figures.utilization, 0.0);
    }
}
