//! Request and token rate limits of one agent: token buckets holding ten seconds' worth.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::model::StopSignal;

/// Request and token rate limits of one agent: token buckets holding ten seconds' worth.
pub(super) struct RateLimiter {
    rpm: Option<f64>,
    tpm: Option<f64>,
    state: Mutex<(f64, f64, Instant)>,
}

impl RateLimiter {
    pub(crate) fn new(rpm: Option<u32>, tpm: Option<u64>) -> RateLimiter {
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
    pub(crate) async fn wait(&self, tokens: u64, stop: &mut StopSignal) -> bool {
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
