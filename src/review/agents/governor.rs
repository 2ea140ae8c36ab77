//! The global cap on agents at work, with adaptive concurrency (halved on 429 / Retry-After,
//! grown back slowly), the slots agents hold while they work, and the pool's occupancy figures.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::Notify;

use crate::model::metrics::OccupancyFigures;
use crate::model::{Occupancy, Span, StopSignal};

/// A place in the pool, held while an agent works; given back when dropped.
pub(super) struct Slot {
    pub(crate) id: usize,
    governor: Arc<Governor>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.governor.release(self.id);
    }
}

/// The global cap, adaptive concurrency and occupancy figures.
pub(super) struct Governor {
    pub(crate) max: usize,
    state: Mutex<GovernorState>,
    notify: Notify,
    keep_spans: bool,
}

struct GovernorState {
    limit: usize,
    /// What the limit grows back to: the cap, or fewer when the server has fewer slots.
    ceiling: usize,
    successes: usize,
    paused_until: Option<Instant>,
    last_halved: Option<Instant>,
    free: Vec<usize>,
    /// Agents at work, integrated over time; its busy count is the slots in use.
    occupancy: Occupancy,
    spans: Vec<Span>,
}

impl Governor {
    pub(crate) fn new(max: usize, keep_spans: bool) -> Governor {
        Governor {
            max,
            state: Mutex::new(GovernorState {
                limit: max,
                ceiling: max,
                successes: 0,
                paused_until: None,
                last_halved: None,
                free: (0..max).rev().collect(),
                occupancy: Occupancy::new(Instant::now()),
                spans: Vec::new(),
            }),
            notify: Notify::new(),
            keep_spans,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, GovernorState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Measures from `started`, the start of the run, on.
    pub(crate) fn start(&self, started: Instant) {
        let mut state = self.lock();
        state.occupancy = Occupancy::new(started);
    }

    /// Seconds since the start of the run.
    pub(crate) fn now(&self) -> f64 {
        self.lock().occupancy.elapsed()
    }

    /// Waits for a free slot under the current limit; `None` once the run is stopped.
    pub(crate) async fn acquire(self: &Arc<Self>, stop: &mut StopSignal) -> Option<Slot> {
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
                    _ if state.occupancy.busy() < state.limit => {
                        state.paused_until = None;
                        state.occupancy.enter(true);
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

    pub(crate) fn release(&self, id: usize) {
        {
            let mut state = self.lock();
            state.occupancy.leave();
            state.free.push(id);
        }
        self.notify.notify_waiters();
    }

    /// The server works on at most `slots` requests at once: more would only queue there.
    pub(crate) fn limit_to_slots(&self, slots: usize) {
        let mut state = self.lock();
        state.ceiling = slots.clamp(1, self.max);
        state.limit = state.limit.min(state.ceiling);
    }

    /// One more success: the limit grows by one per `limit` successes, back up to the ceiling.
    pub(crate) fn on_success(&self) {
        let mut state = self.lock();
        state.successes += 1;
        if state.limit < state.ceiling && state.successes >= state.limit {
            state.limit += 1;
            state.successes = 0;
        }
    }

    /// A 429: halve the limit (once per second, not once per request in flight) and pause new
    /// requests for as long as the server asked.
    pub(crate) fn on_rate_limited(&self, retry_after: Option<Duration>) {
        let mut state = self.lock();
        let now = Instant::now();
        halve(&mut state, now);
        let until = now + retry_after.unwrap_or(Duration::from_secs(1));
        state.paused_until = Some(state.paused_until.map_or(until, |p| p.max(until)));
    }

    /// A request timed out: the server is likely overloaded (requests queue behind its slots),
    /// so the limit halves as for a 429, without a pause.
    pub(crate) fn on_timeout(&self) {
        halve(&mut self.lock(), Instant::now());
    }

    pub(crate) fn limit(&self) -> usize {
        self.lock().limit
    }

    pub(crate) fn span(&self, slot: usize, start: f64, ok: bool, verify: bool) {
        if !self.keep_spans {
            return;
        }
        let mut state = self.lock();
        let end = state.occupancy.elapsed();
        state.spans.push(Span {
            slot,
            start,
            end,
            ok,
            verify,
        });
    }

    pub(crate) fn spans(&self) -> Vec<Span> {
        self.lock().spans.clone()
    }

    /// The pool's occupancy so far, against its cap.
    pub(crate) fn occupancy(&self) -> OccupancyFigures {
        self.lock().occupancy.figures(self.max)
    }

    /// Agents at work now.
    #[cfg(test)]
    fn in_use(&self) -> usize {
        self.lock().occupancy.busy()
    }
}

/// Halves the limit, once per second however many requests in flight report trouble.
fn halve(state: &mut GovernorState, now: Instant) {
    if state
        .last_halved
        .is_none_or(|t| now - t > Duration::from_secs(1))
    {
        state.limit = (state.limit / 2).max(1);
        state.successes = 0;
        state.last_halved = Some(now);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::watch;

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
        assert_eq!(governor.in_use(), 5);
        drop(slots);
        assert_eq!(governor.in_use(), 0);
    }

    #[test]
    fn the_limit_stays_within_the_servers_slots_and_halves_on_timeouts() {
        let governor = Governor::new(8, false);
        governor.limit_to_slots(2);
        assert_eq!(governor.limit(), 2);
        for _ in 0..20 {
            governor.on_success();
        }
        assert_eq!(governor.limit(), 2, "never above the slots");
        let governor = Governor::new(8, false);
        governor.on_timeout();
        assert_eq!(governor.limit(), 4);
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
