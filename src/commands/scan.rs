//! `shardscan scan`: walk, cut, review, aggregate, report.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::aggregate::Aggregator;
use crate::cli::{ColorChoice, ScanArgs};
use std::collections::HashSet;

use crate::aggregate::baseline::Baseline;
use crate::report::timeline;
use crate::report::{self, summary, RuleDescriptor};
use crate::review::agents::{Agent, AgentPool};
use crate::review::cache::{Cache, Recorder, Replay};
use crate::review::llm::prompt;
use crate::review::pool::{self, PipelineSettings};
use crate::review::rules::{RuleSet, RulesReviewer};
use crate::review::Reviewer;
use crate::settings::{AgentPlan, ScanSettings};
use crate::slice::Shard;

pub fn run(mut args: ScanArgs, color: ColorChoice) -> anyhow::Result<u8> {
    crate::settings::apply_config(&mut args)?;
    let settings = ScanSettings::resolve(&args, color)?;
    let plan = &settings.agents;
    let rules = Arc::new(RuleSet::load(&settings.rules)?);
    let needs_rules = plan.rules || plan.fallback_rules;
    if needs_rules && rules.rules().is_empty() {
        bail!("no rules are loaded\nhint: drop `--no-builtin-rules` or add `--rules DIR`");
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
        Some(build_agents(&settings, plan, &rules_reviewer)?)
    };
    // Agents read every language, grammar or not; the rules only those they cover.
    let accept =
        |language| !plan.configs.is_empty() || reviewers.iter().any(|r| r.supports(language));
    let progress = if settings.progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
        bar.set_style(
            ProgressStyle::with_template("{spinner:.cyan} {elapsed:>4} {wide_msg}")
                .expect("the progress template is valid"),
        );
        bar.enable_steady_tick(Duration::from_millis(120));
        bar
    } else {
        ProgressBar::hidden()
    };

    if args.parse_only {
        return parse_only(&settings, &accept);
    }

    // What is in scope: the lines changed since --diff-base, then this machine's --partition.
    let baseline = settings
        .baseline
        .as_deref()
        .map(Baseline::load)
        .transpose()?;
    let changes = settings
        .diff_base
        .as_deref()
        .map(|rev| crate::diff::changes(&settings.walk.root, rev))
        .transpose()?;
    if let Some(note) = changes.as_ref().and_then(|c| c.note.as_ref()) {
        eprintln!("warning: {note}");
    }
    let changed_file = |path: &str| changes.as_ref().is_none_or(|c| c.touches(path));
    let changed_shard = |shard: &Shard| {
        changes
            .as_ref()
            .is_none_or(|c| c.overlaps(&shard.file.rel_path, shard.start_line, shard.end_line))
    };
    let partition = match settings.partition {
        Some((index, count)) => Some(partition_shards(
            &settings,
            &accept,
            &changed_file,
            &changed_shard,
            index,
            count,
        )?),
        None => None,
    };
    let in_scope = |shard: &Shard| {
        changed_shard(shard) && partition.as_ref().is_none_or(|p| p.contains(&shard.id))
    };
    let select_file: Option<&(dyn Fn(&str) -> bool + Sync)> =
        changes.is_some().then_some(&changed_file);
    let select_shard: Option<&(dyn Fn(&Shard) -> bool + Sync)> =
        (changes.is_some() || partition.is_some()).then_some(&in_scope);
    // A file split across partitions is counted by the one holding its first shard in scope.
    let owns = |shards: &[Shard]| {
        shards
            .iter()
            .find(|shard| changed_shard(shard))
            .is_some_and(|first| partition.as_ref().is_none_or(|p| p.contains(&first.id)))
    };
    let owns_file: Option<&pool::OwnsFile<'_>> = partition.is_some().then_some(&owns);
    let mut scope = Vec::new();
    if let (Some(changes), Some(rev)) = (&changes, &settings.diff_base) {
        scope.push(format!(
            "diff mode: {} files changed since {} ({rev})",
            changes.file_count(),
            &changes.base[..changes.base.len().min(12)]
        ));
    }
    if let Some((index, count)) = settings.partition {
        scope.push(format!("partition {index} of {count}"));
    }

    if plan.estimate {
        return estimate(&settings, &accept, select_file, select_shard);
    }

    let mut aggregator = Aggregator::new();
    let mut events = 0u64;
    let metrics = pool::run(
        &PipelineSettings {
            walk: &settings.walk,
            slice: &settings.slice,
            jobs: settings.jobs,
            parse_only: false,
            select_file,
            select_shard,
            owns_file,
        },
        &reviewers,
        agents.as_ref(),
        &accept,
        |event| {
            aggregator.handle(event);
            events += 1;
            if events % 32 == 0 && !progress.is_hidden() {
                progress.set_message(format!(
                    "{} files, {}/{} shards reviewed, {} findings",
                    aggregator.files(),
                    aggregator.shards_done(),
                    aggregator.shards_total(),
                    aggregator.finding_count()
                ));
            }
        },
        None,
    )?;
    progress.finish_and_clear();

    if let (Some(path), Some(agents)) = (&plan.timeline, &agents) {
        let svg = timeline::render(&agents.spans(), agents.cap(), metrics.agents.as_ref());
        std::fs::write(path, svg)
            .with_context(|| format!("failed to write the timeline to `{}`", path.display()))?;
    }
    let descriptors = rules
        .rules()
        .iter()
        .map(RuleDescriptor::from_rule)
        .collect();
    let mut report = aggregator.finish(settings.walk.root.clone(), descriptors, metrics);
    report.add_agent_rules();
    report.category = settings.category.clone();
    report.scope = scope;
    if let Some(baseline) = &baseline {
        report.apply_baseline(baseline);
    }

    // Write every requested output even if one fails, then report the failures.
    let mut write_errors = Vec::new();
    for target in &settings.outputs {
        let written = match &target.path {
            None => {
                let mut stdout = std::io::stdout().lock();
                report::render(&report, target.format, &mut stdout, settings.color)
                    .and_then(|_| stdout.flush())
            }
            Some(path) => File::create(path).and_then(|file| {
                let mut out = BufWriter::new(file);
                report::render(&report, target.format, &mut out, false)?;
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
            write_errors.push(
                anyhow::Error::new(e).context(format!("failed to write the report to {name}")),
            );
        }
    }
    if !settings.quiet {
        let mut stderr = std::io::stderr().lock();
        let stderr_color = settings.color && std::io::IsTerminal::is_terminal(&std::io::stderr());
        summary::render(&report, &mut stderr, stderr_color)
            .context("failed to write the summary")?;
    }
    if let Some(error) = write_errors.into_iter().next() {
        return Err(error);
    }
    Ok(report::exit_status(&report, settings.fail_on))
}

/// `shardscan baseline`: a scan whose JSON report is the baseline; never fails on findings.
pub fn baseline(mut args: ScanArgs, color: ColorChoice) -> anyhow::Result<u8> {
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
    args.format = Some(crate::cli::OutputFormat::Json);
    args.quiet = true;
    let status = run(args, color)?;
    // Findings are what a baseline is for; only an incomplete scan is worth a non-zero status.
    Ok(if status == crate::exit::FINDINGS {
        crate::exit::CLEAN
    } else {
        status
    })
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
fn refuse_inside_root(path: &std::path::Path, root: &std::path::Path) -> anyhow::Result<()> {
    if crate::walk::is_inside(path, root) {
        bail!(
            "`{}` is inside the scanned tree `{}`; shardscan never writes there\nhint: write it \
             elsewhere",
            path.display(),
            root.display()
        );
    }
    Ok(())
}

/// `--estimate`: cut the tree as a scan would and print what the agents would cost; call nothing.
fn estimate(
    settings: &ScanSettings,
    accept: &(dyn Fn(crate::lang::Language) -> bool + Sync),
    select_file: Option<&(dyn Fn(&str) -> bool + Sync)>,
    select_shard: Option<&(dyn Fn(&Shard) -> bool + Sync)>,
) -> anyhow::Result<u8> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let plan = &settings.agents;
    let shards = AtomicU64::new(0);
    let tokens = AtomicU64::new(0);
    let lenses = plan.settings.lenses.clone();
    let max_out = plan.configs.first().map_or(0, |c| c.max_output_tokens);
    let count = |shard: &crate::slice::Shard| {
        shards.fetch_add(1, Ordering::Relaxed);
        for lens in &lenses {
            let request = prompt::review_request(shard, *lens, max_out);
            tokens.fetch_add(request.estimated_tokens(), Ordering::Relaxed);
        }
    };
    let mut files = 0usize;
    pool::run(
        &PipelineSettings {
            walk: &settings.walk,
            slice: &settings.slice,
            jobs: settings.jobs,
            parse_only: false,
            select_file,
            select_shard,
            owns_file: None,
        },
        &[],
        None,
        accept,
        |event| {
            if let pool::Event::File(_) = event {
                files += 1;
            }
        },
        Some(&count),
    )?;
    let shards = shards.into_inner();
    let tokens_in = tokens.into_inner();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{files} files, {shards} shards, {} lens(es): {}",
        lenses.len(),
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
    Ok(crate::exit::CLEAN)
}

/// The shard ids of partition `index` of `count`: every shard in scope is cut once, without
/// review, and the shards are dealt largest first to the least loaded partition (ties to the
/// lowest), so the partitions are balanced by tokens, together cover every shard exactly once, and
/// are the same on every machine that sees the same tree.
fn partition_shards(
    settings: &ScanSettings,
    accept: &(dyn Fn(crate::lang::Language) -> bool + Sync),
    select_file: &(dyn Fn(&str) -> bool + Sync),
    select_shard: &(dyn Fn(&Shard) -> bool + Sync),
    index: usize,
    count: usize,
) -> anyhow::Result<HashSet<String>> {
    let shards: std::sync::Mutex<Vec<(usize, String)>> = std::sync::Mutex::new(Vec::new());
    let collect = |shard: &Shard| {
        if select_shard(shard) {
            shards
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((shard.tokens, shard.id.clone()));
        }
    };
    pool::run(
        &PipelineSettings {
            walk: &settings.walk,
            slice: &settings.slice,
            jobs: settings.jobs,
            parse_only: false,
            select_file: Some(select_file),
            select_shard: None,
            owns_file: None,
        },
        &[],
        None,
        accept,
        |_| {},
        Some(&collect),
    )?;
    let mut shards = shards.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(deal(&mut shards, count)
        .into_iter()
        .nth(index - 1)
        .unwrap_or_default())
}

/// Deals `(tokens, id)` items into `count` bins, largest first, each to the least loaded bin.
fn deal(items: &mut [(usize, String)], count: usize) -> Vec<HashSet<String>> {
    items.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let mut bins: Vec<(usize, HashSet<String>)> = vec![(0, HashSet::new()); count.max(1)];
    for (tokens, id) in items.iter() {
        let (_, lightest) = bins
            .iter()
            .enumerate()
            .map(|(i, bin)| (bin.0, i))
            .min()
            .expect("at least one bin");
        bins[lightest].0 += tokens;
        bins[lightest].1.insert(id.clone());
    }
    bins.into_iter().map(|(_, ids)| ids).collect()
}

/// The speed benchmark's baseline: the same walk, reads and parses as a scan, on the same threads,
/// with no slicing and no review.
fn parse_only(
    settings: &ScanSettings,
    accept: &(dyn Fn(crate::lang::Language) -> bool + Sync),
) -> anyhow::Result<u8> {
    let started = std::time::Instant::now();
    let (mut files, mut lines) = (0usize, 0usize);
    pool::run(
        &PipelineSettings {
            walk: &settings.walk,
            slice: &settings.slice,
            jobs: settings.jobs,
            parse_only: true,
            select_file: None,
            select_shard: None,
            owns_file: None,
        },
        &[],
        None,
        accept,
        |event| {
            if let pool::Event::File(info) = event {
                files += 1;
                lines += info.lines;
            }
        },
        None,
    )?;
    eprintln!(
        "parsed {files} files ({lines} lines) in {:.2}s",
        started.elapsed().as_secs_f64()
    );
    Ok(crate::exit::CLEAN)
}
