//! Stopping a run early: the deadline passed or the user pressed Ctrl-C. The pipeline owns the
//! [`Stop`] of every run (rules-only runs included); the CPU workers and the agent pool hold its
//! [`StopSignal`], so nothing new starts once it is set and work in flight is cancelled, while
//! everything already finished is still reported.

use std::sync::Arc;

use tokio::sync::watch;

/// Why a run stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StopReason {
    Deadline,
    Interrupted,
}

impl StopReason {
    /// The short name stored in metrics (`stopped: "deadline"`).
    pub(crate) fn name(self) -> &'static str {
        match self {
            StopReason::Deadline => "deadline",
            StopReason::Interrupted => "interrupted",
        }
    }

    /// Why a file was not even read.
    pub(crate) fn file_message(self) -> &'static str {
        match self {
            StopReason::Deadline => "not reviewed: the deadline passed before this file was read",
            StopReason::Interrupted => {
                "not reviewed: the run was interrupted (Ctrl-C) before this file was read"
            }
        }
    }

    /// Why a shard was not reviewed.
    pub(crate) fn message(self) -> &'static str {
        match self {
            StopReason::Deadline => "the deadline passed before this shard was reviewed",
            StopReason::Interrupted => {
                "the run was interrupted (Ctrl-C) before this shard was reviewed"
            }
        }
    }
}

/// What workers and agents watch: `*signal.borrow()` is the reason once the run has stopped, and
/// `signal.wait_for(Option::is_some)` wakes an async task when it does.
pub(crate) type StopSignal = watch::Receiver<Option<StopReason>>;

/// The switch that stops a run; the first reason given stands. Clones share one switch.
#[derive(Debug, Clone)]
pub(crate) struct Stop {
    tx: Arc<watch::Sender<Option<StopReason>>>,
}

impl Default for Stop {
    fn default() -> Self {
        Stop::new()
    }
}

impl Stop {
    pub(crate) fn new() -> Stop {
        Stop {
            tx: Arc::new(watch::channel(None).0),
        }
    }

    /// A signal that sees this stop.
    pub(crate) fn signal(&self) -> StopSignal {
        self.tx.subscribe()
    }

    /// Stops the run for `reason`, unless it is already stopped.
    pub(crate) fn stop(&self, reason: StopReason) {
        self.tx.send_if_modified(|state| {
            if state.is_some() {
                return false;
            }
            *state = Some(reason);
            true
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_reason_stands_and_every_signal_sees_it() {
        let stop = Stop::new();
        let signal = stop.signal();
        assert_eq!(*signal.borrow(), None);
        stop.stop(StopReason::Deadline);
        stop.stop(StopReason::Interrupted);
        assert_eq!(*signal.borrow(), Some(StopReason::Deadline));
        assert_eq!(*stop.signal().borrow(), Some(StopReason::Deadline));
        assert_eq!(signal.borrow().map(StopReason::name), Some("deadline"));
    }
}
