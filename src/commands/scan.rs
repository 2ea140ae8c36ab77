//! `shardscan scan` and `shardscan baseline`: resolve, scope, pipeline, aggregate, report.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context as _};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::Context;
use crate::aggregate::baseline::Baseline;
use crate::aggregate::Aggregator;
use crate::cli::ScanArgs;
use crate::error::Error;
use crate::exit::ExitStatus;
use crate::lang::Language;
use crate::model::{Event, Format, RuleDescriptor};
use crate::output::{PendingFile, PendingSet};
use crate::pipeline::{self, PipelineSettings};
use crate::report::{self, summary, timeline};
use crate::review::agents::{Agent, AgentPool, IndexSource};
use crate::review::cache::{Cache, Recorder, Replay};
use crate::review::context::{self, Limits, SymbolIndex};
use crate::review::llm::prompt;
use crate::review::rules::{RuleSet, RulesReviewer};
use crate::review::{OnPool, Reviewer};
use crate::scope::{diff, partition, Scope};
use crate::settings::{self, AgentPlan, ScanSettings, Source};
use crate::slice::Shard;
use crate::walk::{self, WalkEvent};

pub(super) fn run(args: ScanArgs, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    let file = settings::walk_config(&args.walk, &args.ci.config, context.io.env)?;
    let settings = ScanSettings::resolve(&args, file.as_ref(), &context.surroundings())?;
    scan(&settings, context)
}

/// `shardscan baseline`: a scan whose JSON report is the baseline; never fails on findings.
pub(super) fn baseline(
    mut args: ScanArgs,
    context: &mut Context<'_, '_>,
) -> anyhow::Result<ExitStatus> {
    if args.output.is_empty() {
        bail!("shardscan baseline needs the file to write: `-o baseline.json`");
    }
    if args.ci.baseline.is_some() || args.ci.diff_base.is_some() || args.ci.partition.is_some() {
        bail!("a baseline is a full scan: drop --baseline, --diff-base and --partition");
    }
    // The baseline is the JSON report (or SARIF, by extension) of a full scan; stdout stays quiet.
    for output in &mut args.output {
        if !output.contains(':') && !output.ends_with(".sarif") && !output.ends_with(".json") {
            *output = format!("json:{output}");
        }
    }
    args.format = Some(Format::Json);
    args.quiet = true;
    let status = run(args, context)?;
    // Findings are what a baseline is for; only an incomplete scan is worth a non-zero status.
    Ok(if status == ExitStatus::Findings {
        ExitStatus::Clean
    } else {
        status
    })
}

fn scan(settings: &ScanSettings, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    // Before anything is read: a run that cannot write what it was asked to must not scan first.
    let mut writes = Writes::prepare(settings)?;
    let plan = &settings.agents;
    let rules = Arc::new(RuleSet::load(&settings.rules)?);
    let needs_rules = plan.rules || plan.fallback_rules;
    if needs_rules && rules.rules().is_empty() {
        return Err(Error::new("no rules are loaded")
            .with_hint("drop `--no-builtin-rules` or add `--rules DIR`")
            .into());
    }
    let rules_only = match (writes.summaries.as_mut(), settings.partition) {
        (None, _) => Arc::new(RulesReviewer::new(Arc::clone(&rules))),
        (Some(file), Some(partition)) => {
            if settings.diff_base.is_some() {
                bail!("--summaries-out is for the partitions of a whole scan: drop --diff-base");
            }
            if !plan.rules {
                bail!("--summaries-out holds what the rules find: add `--reviewer rules`");
            }
            let out = file
                .file()
                .try_clone()
                .with_context(|| cannot_write(file))?;
            let category = settings.category.clone();
            let baseline = settings.baseline.is_some();
            let saving =
                RulesReviewer::saving(Arc::clone(&rules), out, partition, category, baseline);
            Arc::new(saving.with_context(|| cannot_write(file))?)
        }
        (Some(_), None) => bail!("--summaries-out needs --partition I/N"),
    };
    let rules_reviewer: Arc<dyn Reviewer> = Arc::clone(&rules_only) as _;
    let reviewers: Vec<Arc<dyn Reviewer>> = if plan.rules {
        vec![Arc::clone(&rules_reviewer)]
    } else {
        Vec::new()
    };
    let agents = if plan.configs.is_empty() || plan.estimate {
        None
    } else {
        Some(build_agents(
            settings,
            plan,
            &rules_reviewer,
            &writes.roots,
        )?)
    };
    // Agents read every language, grammar or not; the rules only those they cover.
    let accept =
        |language| !plan.configs.is_empty() || reviewers.iter().any(|r| r.supports(language));
    if settings.parse_only {
        return parse_only(settings, &accept, context);
    }

    let baseline = settings
        .baseline
        .as_deref()
        .map(Baseline::load)
        .transpose()?;
    let scope = resolve_scope(settings, &accept, context)?;
    let reads_file = |path: &str| scope.reads_file(path);
    let reviews = |shard: &Shard| scope.reviews(shard);
    let counts_file = |path: &str, shards: &[Shard]| scope.counts_file(path, shards);
    let pipeline_settings = PipelineSettings {
        accept: &accept,
        select_file: scope.selects_files().then_some(&reads_file as _),
        select_shard: scope.selects_shards().then_some(&reviews as _),
        owns_file: scope.partition.is_some().then_some(&counts_file as _),
        deadline: settings.deadline,
        interruptible: true,
        ..PipelineSettings::new(&settings.walk, &settings.slice, settings.jobs)
    };
    if plan.estimate {
        return estimate(settings, &pipeline_settings, context);
    }

    let progress = progress_bar(settings.progress);
    let mut aggregator = Aggregator::new();
    let mut events = 0u64;
    let metrics = pipeline::run(&pipeline_settings, &reviewers, agents.as_ref(), |event| {
        aggregator.handle(event);
        events += 1;
        if events.is_multiple_of(32) && !progress.is_hidden() {
            progress.set_message(format!(
                "{}, {}/{} reviewed, {}",
                report::counted(aggregator.files(), "file"),
                aggregator.shards_done(),
                report::counted(aggregator.shards_total(), "shard"),
                report::counted(aggregator.finding_count(), "finding")
            ));
        }
    })?;
    progress.finish_and_clear();
    if let Some(file) = writes.summaries.take() {
        rules_only.saved().with_context(|| cannot_write(&file))?;
        file.persist()?;
    }

    if let (Some(file), Some(agents)) = (&mut writes.timeline, &agents) {
        let svg = timeline::render(&agents.spans(), agents.cap(), metrics.agents.as_ref());
        file.write_all(svg.as_bytes())?;
    }
    let descriptors: Vec<RuleDescriptor> = rules.rules().iter().map(|r| r.descriptor()).collect();
    let mut report = aggregator.finish(settings.walk.root.clone(), descriptors, metrics);
    report.add_agent_rules();
    report.category = settings.category.clone();
    let limited = scope.selects_files() || scope.selects_shards();
    report.scope = scope.description;
    if settings.summaries_out.is_some() {
        report.join_left_to_merge = true;
        report.scope.push(String::from(
            "flows across files left to `shardscan merge --summaries`",
        ));
    }
    report.configuration = settings.configuration();
    // Nothing to review is not a clean pass: a typo in --include, a tree of ignored files. (In
    // diff mode or a partition, an empty share is an answer.)
    let empty = report.summary.files == 0 && report.summary.shards_total == 0;
    if empty && !limited && report.is_complete() {
        return Err(nothing_scanned(&report, settings));
    }
    if let Some(baseline) = &baseline {
        baseline.apply(&mut report);
    }

    let write_error = write_reports(&report, settings, writes, context);
    if !settings.quiet {
        summary::render(&report, context.io.stderr, settings.stderr_color)
            .context("failed to write the summary")?;
        if settings.verbose {
            summary::render_skipped(&report, context.io.stderr)
                .context("failed to write the summary")?;
        }
    }
    if let Some(error) = write_error {
        return Err(error);
    }
    if settings.quiet && !report.is_complete() {
        // -q silences the summary, not the news that the report is partial.
        writeln!(context.io.stderr, "{}", summary::incomplete_line(&report))
            .context("failed to write to standard error")?;
    }
    Ok(ExitStatus::of_report(&report, settings.fail_on))
}

/// The error of a run that found no source file to read, with what the walk passed over.
fn nothing_scanned(report: &crate::model::Report, settings: &ScanSettings) -> anyhow::Error {
    let paths: Vec<String> = settings
        .walk
        .paths
        .iter()
        .map(|p| format!("`{}`", p.display()))
        .collect();
    let skipped: Vec<String> = report
        .summary
        .skipped
        .iter()
        .map(|(reason, n)| format!("{reason}: {n}"))
        .collect();
    let mut error = Error::new(format!(
        "no source file to scan in {}{}",
        paths.join(", "),
        if skipped.is_empty() {
            String::new()
        } else {
            format!(" (skipped: {})", skipped.join(", "))
        }
    ));
    let filters = !settings.walk.include.is_empty() || !settings.walk.exclude.is_empty();
    error = if filters {
        error.with_hint(
            "check --include and --exclude (or scan.include and scan.exclude in the \
             configuration): no file passed them",
        )
    } else {
        error.with_hint(
            "point shardscan at a directory of source code; --hidden, --no-ignore and \
             --include-vendored widen the walk",
        )
    };
    error.into()
}

/// What a failed write of `--summaries-out` says.
fn cannot_write(file: &PendingFile) -> String {
    format!("cannot write `{}` (--summaries-out)", file.path().display())
}

/// Every file a scan writes, checked and opened (as temporary files) before the scan starts.
struct Writes {
    /// What the scan reads: its paths and its root. Nothing is written under them.
    roots: Vec<PathBuf>,
    /// The reports in the order asked for; `None` is standard output.
    reports: Vec<(Format, Option<PendingFile>)>,
    timeline: Option<PendingFile>,
    /// `--summaries-out`.
    summaries: Option<PendingFile>,
}

impl Writes {
    /// Refuses, before any source file is read, every write path that lies in the scanned tree
    /// or cannot be written: the reports (`-o`, `scan.outputs`), `--timeline` and `--record`
    /// (the cache directory is checked as it opens, also before the scan).
    fn prepare(settings: &ScanSettings) -> anyhow::Result<Writes> {
        let mut roots = settings.walk.paths.clone();
        roots.push(settings.walk.root.clone());
        let outputs = match settings.origins.get("scan.outputs") {
            Some(Source::File(file)) => format!("`scan.outputs` in `{}`", file.display()),
            _ => String::from("--output"),
        };
        let mut reports = Vec::with_capacity(settings.outputs.len());
        for target in &settings.outputs {
            let file = target
                .path
                .as_deref()
                .map(|path| PendingFile::prepare(&outputs, path, &roots))
                .transpose()?;
            reports.push((target.format, file));
        }
        let plan = &settings.agents;
        let timeline = plan
            .timeline
            .as_deref()
            .map(|path| PendingFile::prepare("--timeline", path, &roots))
            .transpose()?;
        if let Some(path) = &plan.record {
            crate::output::refuse_inside_roots("--record", path, &roots)?;
        }
        let summaries = settings
            .summaries_out
            .as_deref()
            .map(|path| PendingFile::prepare("--summaries-out", path, &roots))
            .transpose()?;
        Ok(Writes {
            roots,
            reports,
            timeline,
            summaries,
        })
    }
}

/// Renders every report (standard output as it goes, files into their temporary files), then,
/// only if all of them succeeded, puts the files in place together with the timeline: a failed
/// run writes no file. Returns the first failure.
fn write_reports(
    report: &crate::model::Report,
    settings: &ScanSettings,
    writes: Writes,
    context: &mut Context<'_, '_>,
) -> Option<anyhow::Error> {
    let mut first_error = None;
    let mut files = PendingSet::default();
    if let Some(timeline) = writes.timeline {
        files.push(timeline);
    }
    for (format, file) in writes.reports {
        let written = match file {
            None => report::render(report, format, context.io.stdout, settings.color)
                .and_then(|()| context.io.stdout.flush())
                .map_err(|e| (e, String::from("standard output"))),
            Some(mut file) => {
                let mut out = BufWriter::new(file.file());
                let written =
                    report::render(report, format, &mut out, false).and_then(|()| out.flush());
                drop(out);
                let name = format!("`{}`", file.path().display());
                files.push(file);
                written.map_err(|e| (e, name))
            }
        };
        if let Err((e, name)) = written {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                continue;
            }
            first_error.get_or_insert(
                anyhow::Error::new(e).context(format!("failed to write the report to {name}")),
            );
        }
    }
    if first_error.is_none() {
        if let Err(e) = files.commit() {
            first_error = Some(e);
        }
    }
    first_error
}

fn progress_bar(enabled: bool) -> ProgressBar {
    if !enabled {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
    bar.set_style(
        ProgressStyle::with_template("{spinner:.cyan} {elapsed:>4} {wide_msg}")
            .expect("the progress template is valid"),
    );
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// What is in scope: the lines changed since `--diff-base`, then this machine's `--partition`.
fn resolve_scope(
    settings: &ScanSettings,
    accept: &(dyn Fn(Language) -> bool + Sync),
    context: &mut Context<'_, '_>,
) -> anyhow::Result<Scope> {
    let mut scope = Scope {
        changes: settings
            .diff_base
            .as_deref()
            .map(|rev| diff::changes(&settings.walk.root, rev))
            .transpose()?,
        ..Scope::default()
    };
    if let Some(note) = scope.changes.as_ref().and_then(|c| c.note.as_ref()) {
        context.warn(note)?;
    }
    // One partition of one is the whole scan.
    if let Some((index, count)) = settings.partition.filter(|&(_, count)| count > 1) {
        scope.partition = Some(deal_share(settings, accept, &scope, index, count)?);
    }
    if let (Some(changes), Some(rev)) = (&scope.changes, &settings.diff_base) {
        scope.description.push(format!(
            "diff mode: {} changed since {} ({rev})",
            crate::report::counted(changes.file_count(), "file"),
            &changes.base[..changes.base.len().min(12)]
        ));
    }
    if let Some((index, count)) = settings.partition {
        scope
            .description
            .push(format!("partition {index} of {count}"));
    }
    Ok(scope)
}

/// Partition `index` of `count`. The tree is walked, not read, and its files dealt by size: a
/// partition reads none of the others' files. Where agents review (each shard costs its own
/// request), the files larger than a fair share are read and cut here, so that their shards in
/// scope can be dealt apart. The rules alone review a file whole whichever of its shards a
/// partition holds: a file cut over partitions would cost each of them the whole file, so each
/// is dealt whole.
fn deal_share(
    settings: &ScanSettings,
    accept: &(dyn Fn(Language) -> bool + Sync),
    scope: &Scope,
    index: usize,
    count: usize,
) -> anyhow::Result<partition::Share> {
    let mut files = Vec::new();
    walk::walk(&settings.walk, |event| {
        if let WalkEvent::File(candidate) = event {
            if scope.reads_file(&candidate.rel_path) {
                // A file no reviewer reads costs its partition nothing but the look.
                let bytes = match candidate.language {
                    Some(language) if !accept(language) => 0,
                    _ => std::fs::metadata(&candidate.path).map_or(0, |m| m.len()),
                };
                files.push(partition::File {
                    bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
                    path: candidate.rel_path,
                    language: candidate.language.filter(|l| accept(*l)),
                });
            }
        }
        true
    })?;
    let oversized = if settings.agents.configs.is_empty() {
        Default::default()
    } else {
        partition::oversized(&files, count)
    };
    let shards = std::sync::Mutex::new(Vec::new());
    if !oversized.is_empty() {
        let collect = |shard: &Shard| {
            if scope.changed(shard) {
                shards.lock().unwrap_or_else(|e| e.into_inner()).push((
                    shard.byte_range.len(),
                    shard.id.clone(),
                    shard.file.rel_path.clone(),
                ));
            }
        };
        let cuts = |path: &str| oversized.contains(path);
        pipeline::run(
            &PipelineSettings {
                accept,
                select_file: Some(&cuts),
                on_shard: Some(&collect),
                ..PipelineSettings::new(&settings.walk, &settings.slice, settings.jobs)
            },
            &[],
            None,
            |_| {},
        )?;
    }
    let shards = shards.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(partition::share_by_file(files, shards, index, count))
}

/// The agent pool of a scan, with its cache, recorder or replay.
fn build_agents(
    settings: &ScanSettings,
    plan: &AgentPlan,
    rules_reviewer: &Arc<dyn Reviewer>,
    roots: &[PathBuf],
) -> anyhow::Result<AgentPool> {
    let agents = plan
        .configs
        .iter()
        .map(|config| Agent::new(config.clone(), &plan.settings))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let cache_flag = match settings.origins.get("cache.dir") {
        Some(Source::Flag) => String::from("--cache-dir"),
        Some(Source::File(file)) => format!("`cache.dir` in `{}`", file.display()),
        None => String::from("the cache directory"),
    };
    let cache = plan
        .cache_dir
        .clone()
        .map(|dir| Cache::open(dir, &cache_flag, roots))
        .transpose()?;
    let recorder = plan.record.as_deref().map(Recorder::create).transpose()?;
    let replay = plan.replay.as_deref().map(Replay::load).transpose()?;
    let fallback = match plan.fallback_rules {
        true => {
            let rules = OnPool::new(Arc::clone(rules_reviewer), settings.jobs)?;
            Some(Arc::new(rules) as Arc<dyn Reviewer>)
        }
        false => None,
    };
    Ok(AgentPool::new(
        plan.settings.clone(),
        agents,
        fallback,
        cache,
        recorder,
        replay,
        index_in_background(settings),
    ))
}

/// The symbol index built on a thread of its own, while the pipeline walks, parses and runs the
/// rules; the agent pool waits for it before its first prompt. `None` when no agent needs it.
fn index_in_background(settings: &ScanSettings) -> Option<IndexSource> {
    let agents = &settings.agents.settings;
    if agents.context_tokens == 0 && !agents.tools {
        return None;
    }
    let walk = settings.walk.clone();
    let (send, receive) = std::sync::mpsc::sync_channel(1);
    let spawned = std::thread::Builder::new()
        .name(String::from("shardscan-index"))
        .spawn(move || {
            // A tree that cannot be indexed still gets its agents, with the rules' hints alone.
            let index = context::build_index(&walk, index_threads(), Limits::default()).ok();
            let _ = send.send(index);
        });
    spawned.ok().map(|_| receive)
}

/// Threads for the index: the machine's (`-j` is the cap on agents when agents run).
fn index_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// The repository's symbol index, when agents' prompts are packed with context from it.
fn symbol_index(settings: &ScanSettings) -> anyhow::Result<Option<SymbolIndex>> {
    let agents = &settings.agents.settings;
    if agents.context_tokens == 0 && !agents.tools {
        return Ok(None);
    }
    context::build_index(&settings.walk, index_threads(), Limits::default()).map(Some)
}

/// `--estimate`: cut the tree as a scan would and print what the agents would cost; call nothing.
fn estimate(
    settings: &ScanSettings,
    pipeline_settings: &PipelineSettings<'_>,
    context: &mut Context<'_, '_>,
) -> anyhow::Result<ExitStatus> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let plan = &settings.agents;
    let shards = AtomicU64::new(0);
    let tokens = AtomicU64::new(0);
    let lenses = plan.settings.lenses.clone();
    let max_out = plan.configs.first().map_or(0, |c| c.max_output_tokens);
    let index = symbol_index(settings)?;
    let budget = plan.settings.context_tokens;
    // The pipeline shows only the shards in scope. The rules do not run here, so their
    // findings, the first part of the packed context, are not counted.
    let count = |shard: &Shard| {
        shards.fetch_add(1, Ordering::Relaxed);
        let packed = context::pack::pack(shard, index.as_ref(), &[], budget);
        for lens in &lenses {
            let request = prompt::review_request(shard, *lens, max_out, &packed);
            tokens.fetch_add(request.estimated_tokens(), Ordering::Relaxed);
        }
    };
    let mut files = 0usize;
    pipeline::run(
        &PipelineSettings {
            on_shard: Some(&count),
            owns_file: None,
            deadline: None,
            interruptible: false,
            ..*pipeline_settings
        },
        &[],
        None,
        |event| {
            if let Event::File(_) = event {
                files += 1;
            }
        },
    )?;
    let shards = shards.into_inner();
    let tokens_in = tokens.into_inner();
    let out = &mut *context.io.stdout;
    writeln!(
        out,
        "{}, {}, {}: {}",
        report::counted(files, "file"),
        report::counted(shards as usize, "shard"),
        report::counted(lenses.len(), "lens"),
        lenses
            .iter()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    for config in &plan.configs {
        let requests = shards * lenses.len() as u64;
        let tokens_out = requests * u64::from(config.max_output_tokens);
        writeln!(
            out,
            "{}: {requests} requests, ~{tokens_in} input tokens, at most {tokens_out} output \
             tokens, at most ${:.2} (at ${}/${} per million tokens){}",
            config.name(),
            config.cost(tokens_in, tokens_out),
            config.price_in,
            config.price_out,
            if plan.settings.verify {
                "; --verify adds one request per finding"
            } else {
                ""
            }
        )?;
        if requests > plan.settings.max_agents {
            writeln!(
                out,
                "  note: more than --max-agents {}; the rest would be listed unreviewed",
                plan.settings.max_agents
            )?;
        }
    }
    Ok(ExitStatus::Clean)
}

/// The speed benchmark's baseline: the same walk, reads and parses as a scan, on the same threads,
/// with no slicing and no review.
fn parse_only(
    settings: &ScanSettings,
    accept: &(dyn Fn(Language) -> bool + Sync),
    context: &mut Context<'_, '_>,
) -> anyhow::Result<ExitStatus> {
    let started = std::time::Instant::now();
    let (mut files, mut lines) = (0usize, 0usize);
    pipeline::run(
        &PipelineSettings {
            accept,
            parse_only: true,
            ..PipelineSettings::new(&settings.walk, &settings.slice, settings.jobs)
        },
        &[],
        None,
        |event| {
            if let Event::File(info) = event {
                files += 1;
                lines += info.lines;
            }
        },
    )?;
    writeln!(
        context.io.stderr,
        "parsed {files} files ({lines} lines) in {:.2}s",
        started.elapsed().as_secs_f64()
    )?;
    Ok(ExitStatus::Clean)
}
