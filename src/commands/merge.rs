//! `shardscan merge`: reads the SARIF files of partitioned (or per-category) runs, joins them with
//! [`crate::report::sarif::merge`], and writes one log without ever leaving half a file behind.

use std::path::Path;

use anyhow::Context as _;

use super::Context;
use crate::cli::MergeArgs;
use crate::exit::ExitStatus;
use crate::model::sarif;
use crate::output::PendingFile;
use crate::report::sarif::merge;

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
    let merged = merge::merge(inputs)?;
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
