//! `shardscan merge`: reads the SARIF files of partitioned (or per-category) runs, joins them with
//! [`crate::report::sarif::merge`], and writes one log without ever leaving half a file behind.

use std::path::Path;

use anyhow::Context as _;

use super::Context;
use crate::aggregate::baseline::Baseline;
use crate::aggregate::Aggregator;
use crate::cli::MergeArgs;
use crate::exit::ExitStatus;
use crate::model::sarif;
use crate::model::sarif::SarifResult;
use crate::model::{Event, Joined};
use crate::output::PendingFile;
use crate::report::sarif::{self as sarif_report, merge};
use crate::review::rules::join::saved;

pub(super) fn run(args: MergeArgs, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    // Checked before the inputs are read; a merge scans no tree, so none is off limits.
    let output = (args.output != Path::new("-"))
        .then(|| PendingFile::prepare("--output", &args.output, &[]))
        .transpose()?;
    let mut inputs = Vec::with_capacity(args.inputs.len());
    for path in &args.inputs {
        inputs.push((path.display().to_string(), sarif::read(path)?));
    }
    let files = inputs.len();
    let baseline = args.baseline.as_deref().map(Baseline::load).transpose()?;
    let mut joined = saved::join(&args.summaries)?;
    if joined.baseline && baseline.is_none() {
        joined.warnings.push(String::from(
            "the partitions compared their findings with a baseline, and what the merge's join finds is not: pass it with --baseline",
        ));
    }
    let added = if args.summaries.is_empty() {
        Vec::new()
    } else {
        let results = joined_results(joined.found, baseline.as_ref());
        vec![(
            sarif_report::category_of_scan(joined.category.as_deref()),
            results,
        )]
    };
    let mut merged = merge::merge(inputs, added)?;
    merged.warnings.extend(joined.warnings);
    let mut bytes = Vec::new();
    merge::render(&merged, &mut bytes).context("failed to serialize the merged log")?;

    match output {
        None => {
            context.io.stdout.write_all(&bytes)?;
            context.io.stdout.flush()?;
        }
        Some(mut file) => {
            file.write_all(&bytes)?;
            file.persist()?;
        }
    }
    for warning in &merged.warnings {
        context.warn(warning)?;
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    writeln!(
        context.io.stderr,
        "merged {} into {} with {}",
        plural(files, "file"),
        plural(merged.runs(), "run"),
        plural(merged.results(), "result"),
    )?;
    Ok(ExitStatus::Clean)
}

/// The findings of the join as a scan reports them: through the scan's own aggregator (masked,
/// fingerprinted, duplicates merged), compared with the `baseline`, then as SARIF results.
fn joined_results(found: Vec<Joined>, baseline: Option<&Baseline>) -> Vec<SarifResult> {
    let mut aggregator = Aggregator::new();
    aggregator.handle(Event::Joined(found));
    let mut report = aggregator.finish(Default::default(), Vec::new(), Default::default());
    if let Some(baseline) = baseline {
        baseline.apply(&mut report);
    }
    sarif_report::results(&report)
}
