//! The pipeline: walk, read, parse, cut, review, hand off.
//!
//! ```text
//! walker ──candidates──► readers (parse + slice) ──shards──► reviewers ──events──► on_event
//!        (bounded)                               (bounded,                  (the caller's
//!                                                 2 x workers)               thread)
//! ```
//!
//! Every channel is bounded, so memory holds a fixed number of files however large the repository.
//! Reviewing starts as soon as the first shard exists, and each shard's outcome reaches the caller
//! as soon as it is finished: there is no batch barrier anywhere. A reviewer that fails or panics
//! costs only its shard, which is reported with the reason; findings it produced before failing
//! are kept.
//!
//! The pipeline owns the run's [`Stop`]: a deadline and Ctrl-C stop every run the same way,
//! whether agents take part or not (see [`watch`]).

mod ingest;
mod watch;
mod workers;

use std::panic::AssertUnwindSafe;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::Context;
use crossbeam_channel::bounded;

use crate::lang::Language;
use crate::model::{Event, Occupancy, PoolMetrics, Stop, StopReason};
use crate::review::agents::{AgentPool, AgentWork};
use crate::review::Reviewer;
use crate::slice::{Shard, SliceOptions};
use crate::walk::{self, Candidate, WalkEvent, WalkSettings};

pub(crate) use ingest::read_and_slice;

/// Whether a run counts a file, given its display path and all its shards.
pub(crate) type OwnsFile<'a> = dyn Fn(&str, &[Shard]) -> bool + Sync + 'a;

/// What a pipeline run does, beyond walking and cutting: built with [`PipelineSettings::new`],
/// then adjusted field by field.
pub(crate) struct PipelineSettings<'a> {
    pub(crate) walk: &'a WalkSettings,
    pub(crate) slice: &'a SliceOptions,
    /// Worker threads: each reads, parses and cuts files and reviews shards.
    pub(crate) jobs: usize,
    /// Read and parse files but do not cut them (the baseline of the speed benchmark).
    pub(crate) parse_only: bool,
    /// Languages some reviewer reads: files of other languages are skipped (counted under "no
    /// reviewer").
    pub(crate) accept: &'a (dyn Fn(Language) -> bool + Sync),
    /// Files (by display path) in scope: the others are passed over unread and uncounted (diff
    /// mode, partitions).
    pub(crate) select_file: Option<&'a (dyn Fn(&str) -> bool + Sync)>,
    /// Shards in scope: the others are neither reviewed nor counted (diff mode, partitions).
    pub(crate) select_shard: Option<&'a (dyn Fn(&Shard) -> bool + Sync)>,
    /// With `select_shard`: whether this run counts a file, given all its shards (so a file split
    /// across partitions is counted once); `None` counts every file with a shard in scope.
    pub(crate) owns_file: Option<&'a OwnsFile<'a>>,
    /// Sees every shard in scope as it is cut, before any review (`shardscan shards`, estimates,
    /// partitions).
    pub(crate) on_shard: Option<&'a (dyn Fn(&Shard) + Sync)>,
    /// When the run stops: nothing new starts after it, and work in flight is cancelled.
    pub(crate) deadline: Option<Instant>,
    /// Ctrl-C stops the run the same way (and a second one quits at once); otherwise Ctrl-C keeps
    /// its default meaning.
    pub(crate) interruptible: bool,
}

impl<'a> PipelineSettings<'a> {
    /// Every file of every language read and cut by `jobs` workers; nothing selected away, no
    /// deadline, no Ctrl-C handling.
    pub(crate) fn new(walk: &'a WalkSettings, slice: &'a SliceOptions, jobs: usize) -> Self {
        PipelineSettings {
            walk,
            slice,
            jobs,
            parse_only: false,
            accept: &|_| true,
            select_file: None,
            select_shard: None,
            owns_file: None,
            on_shard: None,
            deadline: None,
            interruptible: false,
        }
    }
}

/// Runs the whole pipeline, calling `on_event` on this thread for everything that happens. With
/// neither reviewers nor agents, files are read, parsed and cut but no shard is reviewed
/// (`shardscan shards`, estimates and the parse-only benchmark); `settings.on_shard` still sees
/// every shard.
///
/// The workers are one pool of `jobs` threads that both cut files and review shards (see
/// [`workers`]). With `agents`, each shard goes on to the agent pool after the CPU reviewers
/// (through a bounded queue of twice the agent cap), and its outcome reaches `on_event` when its
/// last agent finishes.
pub(crate) fn run(
    settings: &PipelineSettings<'_>,
    reviewers: &[Arc<dyn Reviewer>],
    agents: Option<&AgentPool>,
    mut on_event: impl FnMut(Event),
) -> anyhow::Result<PoolMetrics> {
    let started = Instant::now();
    let jobs = settings.jobs.max(1);
    let stop = Stop::new();
    if settings
        .deadline
        .is_some_and(|deadline| deadline <= started)
    {
        // Already past: not one file is read, deterministically.
        stop.stop(StopReason::Deadline);
    }
    let _watch = watch::start(&stop, settings.deadline, settings.interruptible);
    let (candidate_tx, candidate_rx) = bounded::<Candidate>(256);
    let (event_tx, event_rx) = bounded::<Event>(1024);
    // Each language's rules start compiling when the walk meets its first file, on one of
    // `jobs` threads of their own, so that languages compile side by side while the workers cut
    // the next files (with more than one worker: `--jobs 1` keeps to one core). The run does
    // not wait for them: a compile no file turned out to need (all of the language's files
    // generated, say) or one under way when the run stops ends on its own.
    let warm = (jobs > 1 && !reviewers.is_empty() && !settings.parse_only).then(|| {
        let (tx, rx) = crossbeam_channel::unbounded::<Language>();
        for _ in 0..jobs {
            let (rx, signal, reviewers) = (rx.clone(), stop.signal(), reviewers.to_vec());
            // Without the thread, each language compiles when a worker first needs it.
            let _ = std::thread::Builder::new()
                .name(String::from("shardscan-warm"))
                .spawn(move || warm(&reviewers, rx, signal));
        }
        workers::Warm::new(tx)
    });
    let shared = workers::Shared {
        settings,
        reviewers,
        occupancy: Mutex::new(Occupancy::new(started)),
        stop: stop.signal(),
        closed: AtomicBool::new(false),
        held: Mutex::new(workers::Held::new(jobs)),
        warm,
    };
    let (agent_tx, agent_rx) = match agents {
        Some(pool) => {
            let (tx, rx) = tokio::sync::mpsc::channel::<AgentWork>(pool.cap() * 2);
            (Some(tx), Some(rx))
        }
        None => (None, None),
    };
    let outcome = std::thread::scope(|scope| -> anyhow::Result<()> {
        let agent_thread = match (agents, agent_rx) {
            (Some(pool), Some(rx)) => {
                let events = event_tx.clone();
                let signal = stop.signal();
                Some(
                    std::thread::Builder::new()
                        .name(String::from("shardscan-agents"))
                        .spawn_scoped(scope, move || pool.run_guarded(rx, events, started, signal))
                        .context("failed to start the agent pool")?,
                )
            }
            _ => None,
        };
        let walker = {
            let events = event_tx.clone();
            let warm = shared.warm.as_ref();
            std::thread::Builder::new()
                .name(String::from("shardscan-walk"))
                .spawn_scoped(scope, move || {
                    walk::walk(settings.walk, |event| match event {
                        WalkEvent::File(candidate) => {
                            if let (Some(warm), Some(language)) = (warm, candidate.language) {
                                warm.start(language, || {
                                    // The caller's own code: a panic in it is the workers' to
                                    // report, on the file.
                                    std::panic::catch_unwind(AssertUnwindSafe(|| {
                                        (settings.accept)(language)
                                            && settings
                                                .select_file
                                                .is_none_or(|select| select(&candidate.rel_path))
                                    }))
                                    .unwrap_or(false)
                                });
                            }
                            candidate_tx.send(candidate).is_ok()
                        }
                        WalkEvent::Skipped {
                            path,
                            reason,
                            detail,
                        } => events
                            .send(Event::Skipped {
                                path,
                                reason,
                                detail,
                            })
                            .is_ok(),
                    })
                })
                .context("failed to start the file walker")?
        };
        let cpu = {
            let events = event_tx.clone();
            let agent_tx = agent_tx.clone();
            let shared = &shared;
            std::thread::Builder::new()
                .name(String::from("shardscan-cpu"))
                .spawn_scoped(scope, move || {
                    workers::run(shared, candidate_rx, &events, agent_tx.as_ref(), jobs)
                })
                .context("failed to start the worker threads")?
        };
        // Now only the walker, the workers and the agent pool hold senders: the loop ends when
        // all are done (the pool finishes once the workers drop their agent senders).
        drop(event_tx);
        drop(agent_tx);
        for event in event_rx.iter() {
            on_event(event);
        }
        let workers = cpu
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the worker threads crashed")));
        let crashed = agent_thread.is_some_and(|t| t.join().is_err());
        workers?;
        if crashed {
            anyhow::bail!("the agent pool crashed; the results would be incomplete");
        }
        walker
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the file walker crashed")))
    });
    outcome?;
    let mut occupancy = shared
        .occupancy
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let mut metrics = PoolMetrics::of_workers(jobs, occupancy.figures(jobs));
    metrics.agents = agents.map(AgentPool::metrics);
    Ok(metrics)
}

/// The reviewers' once-per-language work ([`Reviewer::warm`]) for each language `languages`
/// names, one after another, until the walk ends or the run stops. A panic is left for the
/// workers, which meet it again and report it on the files.
fn warm(
    reviewers: &[Arc<dyn Reviewer>],
    languages: crossbeam_channel::Receiver<Language>,
    stop: crate::model::StopSignal,
) {
    for language in languages {
        if stop.borrow().is_some() {
            return;
        }
        let _ = std::panic::catch_unwind(AssertUnwindSafe(|| {
            for reviewer in reviewers.iter().filter(|r| r.supports(language)) {
                reviewer.warm(language);
            }
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Finding, Location, Severity, SkipReason};
    use crate::review::ReviewError;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// Reports one finding per shard; panics on `panic.py`, fails on `fail.py`, and counts how many
    /// reviews run at once.
    struct FakeReviewer {
        running: AtomicUsize,
        peak: AtomicUsize,
    }

    impl FakeReviewer {
        fn new() -> FakeReviewer {
            FakeReviewer {
                running: AtomicUsize::new(0),
                peak: AtomicUsize::new(0),
            }
        }
    }

    impl Reviewer for FakeReviewer {
        fn name(&self) -> &str {
            "fake"
        }
        fn supports(&self, language: Language) -> bool {
            language == Language::Python
        }
        fn review(&self, shard: &Shard) -> Result<Vec<Finding>, ReviewError> {
            let now = self.running.fetch_add(1, Ordering::SeqCst) + 1;
            self.peak.fetch_max(now, Ordering::SeqCst);
            std::thread::sleep(Duration::from_millis(5));
            self.running.fetch_sub(1, Ordering::SeqCst);
            match shard.file.rel_path.as_str() {
                "panic.py" => panic!("boom"),
                "fail.py" => Err(ReviewError::Permanent(String::from("model refused"))),
                _ => {
                    let location = Location::line(&shard.file.rel_path, shard.start_line, 1, 2);
                    let mut finding =
                        Finding::new("fake/rule", "fake", Severity::Warning, "m", location);
                    finding.snippet = shard.file.line_text(shard.start_line).to_string();
                    Ok(vec![finding])
                }
            }
        }
    }

    /// Notes each language it is warmed for, and on which thread; panics warming JavaScript.
    #[derive(Default)]
    struct Warmed(Mutex<Vec<(Language, String)>>);

    impl Reviewer for Warmed {
        fn name(&self) -> &str {
            "warmed"
        }
        fn supports(&self, language: Language) -> bool {
            matches!(
                language,
                Language::Python | Language::JavaScript | Language::Go
            )
        }
        fn review(&self, _: &Shard) -> Result<Vec<Finding>, ReviewError> {
            Ok(Vec::new())
        }
        fn warm(&self, language: Language) {
            let thread = std::thread::current()
                .name()
                .unwrap_or_default()
                .to_string();
            self.0.lock().unwrap().push((language, thread));
            if language == Language::JavaScript {
                panic!("boom");
            }
        }
    }

    #[test]
    fn each_language_read_is_warmed_once_on_a_thread_of_its_own() {
        let dir = tempfile::tempdir().unwrap();
        python_files(dir.path(), 3);
        for (name, text) in [
            ("a.js", "x = 1;\n"),
            ("b.js", "y = 2;\n"),
            ("c.rb", "x = 1\n"),
            ("skipped.go", "package a\n"),
        ] {
            std::fs::write(dir.path().join(name), text).unwrap();
        }
        let walk = walk_settings(dir.path());
        let slice = SliceOptions::default();
        let select = |path: &str| path != "skipped.go";
        for jobs in [1, 2] {
            let warmed = Arc::new(Warmed::default());
            let reviewers: Vec<Arc<dyn Reviewer>> = vec![warmed.clone()];
            let settings = PipelineSettings {
                select_file: Some(&select),
                ..PipelineSettings::new(&walk, &slice, jobs)
            };
            let mut reviewed = 0;
            run(&settings, &reviewers, None, |event| {
                reviewed += matches!(event, Event::Shard(_)) as usize;
            })
            .unwrap();
            // Warming JavaScript panicked: its files are reviewed all the same.
            assert_eq!(reviewed, 6, "jobs {jobs}");
            // The run does not wait for the warm threads.
            let waited = Instant::now();
            while jobs > 1
                && warmed.0.lock().unwrap().len() < 2
                && waited.elapsed() < Duration::from_secs(30)
            {
                std::thread::sleep(Duration::from_millis(10));
            }
            std::thread::sleep(Duration::from_millis(50));
            let mut seen = warmed.0.lock().unwrap().clone();
            seen.sort();
            let expected: Vec<(Language, String)> = match jobs {
                // One worker keeps to one core.
                1 => vec![],
                // Not Ruby (no reviewer reads it), not Go (no file of it is read).
                _ => [Language::Python, Language::JavaScript]
                    .map(|l| (l, String::from("shardscan-warm")))
                    .into_iter()
                    .collect(),
            };
            assert_eq!(seen, expected, "jobs {jobs}");
        }
    }

    /// Ready only once released, as rules are once compiled; its `prepare` waits for that, as a
    /// worker waits for a compile, but gives up after `patience`. Notes for each review whether
    /// it came after the release.
    struct Compiling {
        released: AtomicBool,
        patience: Duration,
        reviews: Mutex<Vec<bool>>,
        /// Released once asked whether it is ready this many times, as a compile ends while
        /// the workers cut files.
        ready_after: Option<usize>,
        asked: AtomicUsize,
    }

    impl Compiling {
        fn new(patience: Duration) -> Compiling {
            Compiling {
                released: AtomicBool::new(false),
                patience,
                reviews: Mutex::default(),
                ready_after: None,
                asked: AtomicUsize::new(0),
            }
        }
    }

    impl Reviewer for Compiling {
        fn name(&self) -> &str {
            "compiling"
        }
        fn supports(&self, language: Language) -> bool {
            language == Language::Python
        }
        fn ready(&self, _: Language) -> bool {
            let asked = self.asked.fetch_add(1, Ordering::SeqCst) + 1;
            if self.ready_after.is_some_and(|after| asked >= after) {
                self.released.store(true, Ordering::SeqCst);
            }
            self.released.load(Ordering::SeqCst)
        }
        fn prepare(&self, _: &crate::slice::SourceFile) {
            let waited = Instant::now();
            while !self.released.load(Ordering::SeqCst) && waited.elapsed() < self.patience {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        fn review(&self, shard: &Shard) -> Result<Vec<Finding>, ReviewError> {
            let released = self.released.load(Ordering::SeqCst);
            self.reviews.lock().unwrap().push(released);
            let location = Location::line(&shard.file.rel_path, shard.start_line, 1, 2);
            Ok(vec![Finding::new(
                "fake/rule",
                "compiling",
                Severity::Warning,
                "m",
                location,
            )])
        }
    }

    #[test]
    fn files_are_cut_while_their_reviewers_get_ready_and_then_reviewed() {
        let dir = tempfile::tempdir().unwrap();
        python_files(dir.path(), 30);
        let walk = walk_settings(dir.path());
        let slice = SliceOptions::default();
        for jobs in [1, 2, 3] {
            // Were the workers to wait for it, as they did, they would cut `jobs` files and
            // wait out its patience with every core idle. One worker compiles the rules itself
            // (there is no warm thread to wait for), so it holds nothing.
            let patience = Duration::from_millis(if jobs == 1 { 20 } else { 20_000 });
            let compiling = Arc::new(Compiling::new(patience));
            let reviewers: Vec<Arc<dyn Reviewer>> = vec![compiling.clone()];
            let settings = PipelineSettings::new(&walk, &slice, jobs);
            let (mut cut, mut findings) = (0, 0);
            let started = Instant::now();
            run(&settings, &reviewers, None, |event| match event {
                Event::File(_) => {
                    cut += 1;
                    // Ready once every file is cut.
                    if cut == 30 {
                        compiling.released.store(true, Ordering::SeqCst);
                    }
                }
                Event::Shard(outcome) => findings += outcome.findings.len(),
                _ => {}
            })
            .unwrap();
            assert_eq!(findings, 30, "jobs {jobs}: every held file is reviewed");
            let reviews = compiling.reviews.lock().unwrap();
            assert_eq!(reviews.len(), 30);
            let waited = reviews.iter().filter(|&&released| !released).count();
            match jobs {
                1 => assert!(waited > 0, "one worker holds nothing"),
                _ => assert_eq!(waited, 0, "jobs {jobs}: no file waited for its reviewer"),
            }
            assert!(started.elapsed() < Duration::from_secs(20), "jobs {jobs}");
        }
    }

    #[test]
    fn held_files_are_reviewed_once_their_reviewers_are_ready_not_at_the_end_of_the_walk() {
        let dir = tempfile::tempdir().unwrap();
        python_files(dir.path(), 2000);
        let walk = walk_settings(dir.path());
        let slice = SliceOptions::default();
        let compiling = Arc::new(Compiling {
            ready_after: Some(10),
            ..Compiling::new(Duration::from_secs(20))
        });
        let reviewers: Vec<Arc<dyn Reviewer>> = vec![compiling.clone()];
        let settings = PipelineSettings::new(&walk, &slice, 2);
        // For each file, how many files were cut between its own cut and its review.
        let mut cut_at = std::collections::HashMap::new();
        let mut lags = Vec::new();
        run(&settings, &reviewers, None, |event| match event {
            Event::File(info) => {
                let at = cut_at.len();
                cut_at.insert(info.path, at);
            }
            Event::Shard(outcome) => lags.push(cut_at.len() - cut_at[&outcome.path] - 1),
            _ => {}
        })
        .unwrap();
        assert_eq!(lags.len(), 2000);
        // The files held before the reviewer was ready are reviewed after the next cuts, not
        // once the other files are cut (a worker descheduled on a loaded machine may see a few
        // hundred cut meanwhile).
        let longest = lags.iter().max().copied().unwrap_or_default();
        assert!(
            longest < 1000,
            "a held file waited for {longest} other files"
        );
        assert!(compiling.reviews.lock().unwrap().iter().all(|&r| r));
    }

    #[test]
    fn files_held_when_the_run_stops_are_reported_not_lost() {
        let dir = tempfile::tempdir().unwrap();
        python_files(dir.path(), 10);
        let walk = walk_settings(dir.path());
        let slice = SliceOptions::default();
        // Never ready: every file is held until the deadline passes, while the first two
        // reviewed at the end of the walk wait out their patience.
        let compiling = Arc::new(Compiling::new(Duration::from_secs(4)));
        let reviewers: Vec<Arc<dyn Reviewer>> = vec![compiling.clone()];
        let settings = PipelineSettings {
            deadline: Some(Instant::now() + Duration::from_secs(2)),
            ..PipelineSettings::new(&walk, &slice, 2)
        };
        let (mut stopped, mut unread) = (Vec::new(), 0);
        run(&settings, &reviewers, None, |event| match event {
            Event::Shard(outcome) => {
                assert!(outcome.findings.is_empty());
                stopped.extend(outcome.failures.into_iter().map(|f| f.reason));
            }
            // On a machine too slow to cut ten small files in two seconds.
            Event::Skipped {
                reason: SkipReason::Stopped,
                ..
            } => unread += 1,
            _ => {}
        })
        .unwrap();
        assert_eq!(stopped.len() + unread, 10, "{stopped:?}");
        assert!(stopped.iter().all(|r| r == StopReason::Deadline.message()));
        assert!(compiling.reviews.lock().unwrap().is_empty());
    }

    fn walk_settings(dir: &std::path::Path) -> WalkSettings {
        WalkSettings {
            paths: vec![dir.to_path_buf()],
            root: std::fs::canonicalize(dir).unwrap(),
            include: vec![],
            exclude: vec![],
            hidden: false,
            ignore_files: true,
            follow_links: false,
            include_vendored: false,
            max_file_size: 1 << 20,
        }
    }

    fn python_files(dir: &std::path::Path, n: usize) {
        for i in 0..n {
            std::fs::write(dir.join(format!("ok{i}.py")), "x = 1\n").unwrap();
        }
    }

    #[test]
    fn failures_cost_only_their_shard_and_workers_overlap() {
        let dir = tempfile::tempdir().unwrap();
        python_files(dir.path(), 12);
        std::fs::write(dir.path().join("panic.py"), "x = 1\n").unwrap();
        std::fs::write(dir.path().join("fail.py"), "x = 1\n").unwrap();
        let walk = walk_settings(dir.path());
        let fake = Arc::new(FakeReviewer::new());
        let reviewers: Vec<Arc<dyn Reviewer>> = vec![fake.clone()];
        let mut outcomes = Vec::new();
        let slice = SliceOptions::default();
        let settings = PipelineSettings {
            accept: &|l| l == Language::Python,
            ..PipelineSettings::new(&walk, &slice, 4)
        };
        let metrics = run(&settings, &reviewers, None, |event| {
            if let Event::Shard(outcome) = event {
                outcomes.push(outcome);
            }
        })
        .unwrap();
        assert_eq!(outcomes.len(), 14, "every shard ends reviewed or failed");
        let failed: Vec<(&str, &str)> = outcomes
            .iter()
            .flat_map(|o| {
                o.failures
                    .iter()
                    .map(move |f| (o.path.as_str(), f.reason.as_str()))
            })
            .collect();
        assert_eq!(failed.len(), 2);
        assert!(failed.contains(&("panic.py", "reviewer crashed: boom")));
        assert!(failed.contains(&("fail.py", "model refused")));
        assert_eq!(outcomes.iter().map(|o| o.findings.len()).sum::<usize>(), 12);
        assert_eq!(metrics.agents_started, 14);
        assert!(metrics.peak_concurrency <= 4);
        assert!(
            fake.peak.load(Ordering::SeqCst) >= 2,
            "reviews really ran in parallel"
        );
        assert!(metrics.utilization > 0.0 && metrics.utilization <= 1.0);
    }

    #[test]
    fn a_crash_while_reading_costs_only_that_file() {
        let dir = tempfile::tempdir().unwrap();
        python_files(dir.path(), 40);
        std::fs::write(dir.path().join("boom.rs"), "fn main() {}\n").unwrap();
        let walk = walk_settings(dir.path());
        let reviewers: Vec<Arc<dyn Reviewer>> = vec![Arc::new(FakeReviewer::new())];
        let slice = SliceOptions::default();
        for jobs in [1, 3] {
            let (mut reviewed, mut problems) = (0, Vec::new());
            let accept = |language| {
                assert!(language != Language::Rust, "injected crash");
                true
            };
            let settings = PipelineSettings {
                accept: &accept,
                ..PipelineSettings::new(&walk, &slice, jobs)
            };
            run(&settings, &reviewers, None, |event| match event {
                Event::Shard(_) => reviewed += 1,
                Event::Skipped {
                    path,
                    reason: SkipReason::Error,
                    detail,
                } => problems.push((path, detail)),
                _ => {}
            })
            .unwrap();
            assert_eq!(reviewed, 40, "jobs {jobs}: every other file still reviewed");
            assert_eq!(problems.len(), 1);
            assert_eq!(problems[0].0, "boom.rs");
            assert!(problems[0].1.as_deref().unwrap().contains("injected crash"));
        }
    }

    #[test]
    fn a_deadline_already_past_reads_no_file_and_lists_every_one() {
        let dir = tempfile::tempdir().unwrap();
        python_files(dir.path(), 5);
        let walk = walk_settings(dir.path());
        let reviewers: Vec<Arc<dyn Reviewer>> = vec![Arc::new(FakeReviewer::new())];
        let slice = SliceOptions::default();
        let settings = PipelineSettings {
            deadline: Some(Instant::now()),
            ..PipelineSettings::new(&walk, &slice, 2)
        };
        let mut stopped = 0;
        run(&settings, &reviewers, None, |event| match event {
            Event::Skipped {
                reason: SkipReason::Stopped,
                ..
            } => stopped += 1,
            Event::Shard(_) | Event::File(_) | Event::Joined(_) | Event::Problem(_) => {
                panic!("nothing is read after the deadline")
            }
            Event::Skipped { .. } => {}
        })
        .unwrap();
        assert_eq!(stopped, 5);
    }
}
