//! The watch over a run: it stops the run when the deadline passes or the user presses Ctrl-C,
//! for every run, rules-only ones included. A second Ctrl-C gives up on the report and quits.
//!
//! It is a thread of its own with a small runtime, so it works whether or not the agent pool's
//! runtime exists, and it ends with the run.

use std::time::Instant;

use tokio::sync::oneshot;

use crate::model::{Stop, StopReason};

/// The watch while it runs; dropping it ends it.
pub(super) struct Watch {
    done: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(done) = self.done.take() {
            let _ = done.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts watching for `deadline` and, when `interruptible`, for Ctrl-C. Without either there is
/// nothing to watch and no thread. Should the thread not start, the run goes on unwatched (a
/// deadline then only holds where the pipeline checks it at the start).
pub(super) fn start(stop: &Stop, deadline: Option<Instant>, interruptible: bool) -> Option<Watch> {
    if deadline.is_none() && !interruptible {
        return None;
    }
    let (done_tx, mut done_rx) = oneshot::channel::<()>();
    let stopper = stop.clone();
    let thread = std::thread::Builder::new()
        .name(String::from("shardscan-watch"))
        .spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async move {
                let sleep = tokio::time::sleep_until(
                    deadline
                        .unwrap_or_else(|| {
                            Instant::now() + std::time::Duration::from_secs(86_400 * 365)
                        })
                        .into(),
                );
                let interrupt = async {
                    if !interruptible || tokio::signal::ctrl_c().await.is_err() {
                        std::future::pending::<()>().await;
                    }
                };
                tokio::pin!(sleep);
                tokio::pin!(interrupt);
                let mut armed = deadline.is_some();
                loop {
                    tokio::select! {
                        _ = &mut done_rx => return,
                        () = &mut sleep, if armed => {
                            stopper.stop(StopReason::Deadline);
                            // Ctrl-C may still come: keep watching for it.
                            armed = false;
                        }
                        () = &mut interrupt => {
                            stopper.stop(StopReason::Interrupted);
                            break;
                        }
                    }
                }
                // A second Ctrl-C gives up on the report and quits at once.
                tokio::select! {
                    _ = &mut done_rx => {}
                    second = tokio::signal::ctrl_c() => {
                        if second.is_ok() {
                            eprintln!("interrupted twice: quitting without a report");
                            std::process::exit(130);
                        }
                    }
                }
            });
        })
        .ok()?;
    Some(Watch {
        done: Some(done_tx),
        thread: Some(thread),
    })
}
