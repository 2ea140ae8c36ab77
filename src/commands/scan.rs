//! `shardscan scan` and `shardscan baseline`: resolve, scope, pipeline, aggregate, report.

use std::io::{BufWriter, Write};
use std::path::Path;
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
use crate::pipeline::{self, PipelineSettings};
use crate::report::{self, summary, timeline};
use crate::review::agents::{Agent, AgentPool};
use crate::review::cache::{Cache, Recorder, Replay};
use crate::review::llm::prompt;
use crate::review::rules::{RuleSet, RulesReviewer};
use crate::review::Reviewer;
use crate::scope::{diff, partition, Scope};
use crate::settings::{self, AgentPlan, ScanSettings};
use crate::slice::Shard;

pub(super) fn run(args: ScanArgs, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    let file = settings::config_file(&args.ci.config, &settings::scan_root(&args.walk))?;
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
    let plan = &settings.agents;
    let rules = Arc::new(RuleSet::load(&settings.rules)?);
    let needs_rules = plan.rules || plan.fallback_rules;
    if needs_rules && rules.rules().is_empty() {
        return Err(Error::new("no rules are loaded")
            .with_hint("drop `--no-builtin-rules` or add `--rules DIR`")
            .into());
    }
    let rules_reviewer: Arc<dyn Reviewer> = Arc::new(RulesReviewer::new(Arc::clone(&rules)));
    let reviewers: Vec<Arc<dyn Reviewer>> = if plan.rules {
        vec![Arc::clone(&rules_reviewer)]
    } else {
        Vec::new()
    };
    let agents = if plan.configs.is_empty() || plan.estimate {
        None
    } else {
        Some(build_agents(settings, plan, &rules_reviewer)?)
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
    let counts_file = |shards: &[Shard]| scope.counts_file(shards);
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
                "{} files, {}/{} shards reviewed, {} findings",
                aggregator.files(),
                aggregator.shards_done(),
                aggregator.shards_total(),
                aggregator.finding_count()
            ));
        }
    })?;
    progress.finish_and_clear();

    if let (Some(path), Some(agents)) = (&plan.timeline, &agents) {
        let svg = timeline::render(&agents.spans(), agents.cap(), metrics.agents.as_ref());
        fs_err::write(path, svg).context("failed to write the timeline")?;
    }
    let descriptors: Vec<RuleDescriptor> = rules.rules().iter().map(|r| r.descriptor()).collect();
    let mut report = aggregator.finish(settings.walk.root.clone(), descriptors, metrics);
    report.add_agent_rules();
    report.category = settings.category.clone();
    report.scope = scope.description;
    report.configuration = settings.configuration();
    if let Some(baseline) = &baseline {
        baseline.apply(&mut report);
    }

    let write_error = write_reports(&report, settings, context);
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
    Ok(ExitStatus::of_report(&report, settings.fail_on))
}

/// Writes every requested report even if one fails, and returns the first failure.
fn write_reports(
    report: &crate::model::Report,
    settings: &ScanSettings,
    context: &mut Context<'_, '_>,
) -> Option<anyhow::Error> {
    let mut first_error = None;
    for target in &settings.outputs {
        let written = match &target.path {
            None => report::render(report, target.format, context.io.stdout, settings.color)
                .and_then(|()| context.io.stdout.flush()),
            Some(path) => fs_err::File::create(path).and_then(|file| {
                let mut out = BufWriter::new(file);
                report::render(report, target.format, &mut out, false)?;
                out.flush()
            }),
        };
        if let Err(e) = written {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                continue;
            }
            let name = target.path.as_ref().map_or_else(
                || String::from("standard output"),
                |p| format!("`{}`", p.display()),
            );
            first_error.get_or_insert(
                anyhow::Error::new(e).context(format!("failed to write the report to {name}")),
            );
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
    if let Some((index, count)) = settings.partition {
        // Every shard in scope is cut once, without review, and dealt.
        let shards = std::sync::Mutex::new(Vec::new());
        let collect = |shard: &Shard| {
            if scope.changed(shard) {
                shards
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push((shard.tokens, shard.id.clone()));
            }
        };
        let reads_file = |path: &str| scope.reads_file(path);
        pipeline::run(
            &PipelineSettings {
                accept,
                select_file: Some(&reads_file),
                on_shard: Some(&collect),
                ..PipelineSettings::new(&settings.walk, &settings.slice, settings.jobs)
            },
            &[],
            None,
            |_| {},
        )?;
        let shards = shards.into_inner().unwrap_or_else(|e| e.into_inner());
        scope.partition = Some(partition::share(shards, index, count));
    }
    if let (Some(changes), Some(rev)) = (&scope.changes, &settings.diff_base) {
        scope.description.push(format!(
            "diff mode: {} files changed since {} ({rev})",
            changes.file_count(),
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

/// The agent pool of a scan, with its cache, recorder or replay.
fn build_agents(
    settings: &ScanSettings,
    plan: &AgentPlan,
    rules_reviewer: &Arc<dyn Reviewer>,
) -> anyhow::Result<AgentPool> {
    let agents = plan
        .configs
        .iter()
        .map(|config| Agent::new(config.clone(), &plan.settings))
        .collect::<anyhow::Result<Vec<_>>>()?;
    // Checked before anything is created: a refused path must not be touched at all.
    for output in plan.record.iter().chain(&plan.timeline) {
        refuse_inside_root(output, &settings.walk.root)?;
    }
    let cache = plan
        .cache_dir
        .clone()
        .map(|dir| Cache::open(dir, &settings.walk.root))
        .transpose()?;
    let recorder = plan.record.as_deref().map(Recorder::create).transpose()?;
    let replay = plan.replay.as_deref().map(Replay::load).transpose()?;
    Ok(AgentPool::new(
        plan.settings.clone(),
        agents,
        plan.fallback_rules.then(|| Arc::clone(rules_reviewer)),
        cache,
        recorder,
        replay,
    ))
}

/// shardscan never writes into the tree it audits, recordings and timelines included.
fn refuse_inside_root(path: &Path, root: &Path) -> anyhow::Result<()> {
    if crate::paths::is_inside(path, root) {
        return Err(Error::new(format!(
            "`{}` is inside the scanned tree `{}`; shardscan never writes there",
            path.display(),
            root.display()
        ))
        .with_hint(
            "write it \
             elsewhere",
        )
        .into());
    }
    Ok(())
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
    // The pipeline shows only the shards in scope.
    let count = |shard: &Shard| {
        shards.fetch_add(1, Ordering::Relaxed);
        for lens in &lenses {
            let request = prompt::review_request(shard, *lens, max_out);
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
