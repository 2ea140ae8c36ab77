//! `shardscan merge`: reads the SARIF files of partitioned (or per-category) runs, joins them with
//! [`crate::report::sarif::merge`], and writes one log without ever leaving half a file behind.

use std::io::Write;
use std::path::Path;

use anyhow::Context as _;

use super::Context;
use crate::cli::MergeArgs;
use crate::exit::ExitStatus;
use crate::model::sarif;
use crate::report::sarif::merge;

pub(super) fn run(args: MergeArgs, context: &mut Context<'_, '_>) -> anyhow::Result<ExitStatus> {
    let mut inputs = Vec::with_capacity(args.inputs.len());
    for path in &args.inputs {
        inputs.push((path.display().to_string(), sarif::read(path)?));
    }
    let files = inputs.len();
    let merged = merge::merge(inputs)?;
    let mut bytes = Vec::new();
    merge::render(&merged, &mut bytes).context("failed to serialize the merged log")?;

    if args.output == Path::new("-") {
        context.io.stdout.write_all(&bytes)?;
        context.io.stdout.flush()?;
    } else {
        write_whole(&args.output, &bytes)?;
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

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`: readers (and a
/// merge that fails half way) never see a partial file.
fn write_whole(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".shardscan-merge-").suffix(".tmp");
    // What `File::create` gives (the umask applies), not the private 0600 of a temp file.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut file = builder
        .tempfile_in(dir)
        .with_context(|| format!("failed to create a temporary file in `{}`", dir.display()))?;
    file.write_all(bytes)
        .and_then(|()| file.as_file().sync_all())
        .with_context(|| format!("failed to write `{}`", file.path().display()))?;
    file.persist(path)
        .map_err(|e| e.error)
        .with_context(|| format!("failed to write `{}`", path.display()))?;
    Ok(())
}
