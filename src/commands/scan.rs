//! `shardscan scan`: walk, cut, review, aggregate, report.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::aggregate::Aggregator;
use crate::cli::{ColorChoice, ScanArgs};
use crate::report::{self, summary, RuleDescriptor};
use crate::review::pool::{self, PipelineSettings};
use crate::review::rules::{RuleSet, RulesReviewer};
use crate::review::Reviewer;
use crate::settings::ScanSettings;

pub fn run(args: ScanArgs, color: ColorChoice) -> anyhow::Result<u8> {
    let settings = ScanSettings::resolve(&args, color)?;
    let rules = Arc::new(RuleSet::load(&settings.rules)?);
    if rules.rules().is_empty() {
        bail!("no rules are loaded\nhint: drop `--no-builtin-rules` or add `--rules DIR`");
    }
    let reviewers: Vec<Arc<dyn Reviewer>> = vec![Arc::new(RulesReviewer::new(Arc::clone(&rules)))];
    let accept = |language| reviewers.iter().any(|r| r.supports(language));

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

    let mut aggregator = Aggregator::new();
    let mut events = 0u64;
    let metrics = pool::run(
        &PipelineSettings {
            walk: &settings.walk,
            slice: &settings.slice,
            jobs: settings.jobs,
            parse_only: false,
        },
        &reviewers,
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

    let descriptors = rules
        .rules()
        .iter()
        .map(RuleDescriptor::from_rule)
        .collect();
    let report = aggregator.finish(settings.walk.root.clone(), descriptors, metrics);

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
        },
        &[],
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
