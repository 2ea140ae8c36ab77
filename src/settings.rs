//! Turns parsed arguments into plain, validated settings. The engine never sees clap.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

use crate::cli::{ColorChoice, FailOn, OutputFormat, RuleArgs, ScanArgs, WalkArgs};
use crate::finding::Severity;
use crate::review::rules::RuleSources;
use crate::slice::SliceOptions;
use crate::walk::WalkSettings;

/// Whether to colour terminal output: `--color`, then `NO_COLOR`, then whether stdout is a terminal.
pub fn color_enabled(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        }
    }
}

pub fn rule_sources(args: &RuleArgs) -> RuleSources {
    RuleSources {
        builtin: !args.no_builtin_rules,
        dirs: args.rule_dirs.clone(),
        disabled: args.disabled.clone(),
    }
}

/// Parses `10M`, `512k`, `2G` or a plain byte count.
pub fn parse_size(text: &str) -> anyhow::Result<u64> {
    let text = text.trim();
    let (number, multiplier) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let multiplier = match c.to_ascii_uppercase() {
                'K' => 1 << 10,
                'M' => 1 << 20,
                'G' => 1 << 30,
                'B' => 1,
                _ => bail!(
                    "invalid size `{text}` (expected a number with an optional K, M or G suffix)"
                ),
            };
            (&text[..i], multiplier)
        }
        _ => (text, 1),
    };
    let number: f64 = number.trim().parse().with_context(|| {
        format!("invalid size `{text}` (expected a number with an optional K, M or G suffix)")
    })?;
    if number < 0.0 {
        bail!("invalid size `{text}`: must not be negative");
    }
    Ok((number * multiplier as f64) as u64)
}

pub fn walk_settings(args: &WalkArgs) -> anyhow::Result<(WalkSettings, SliceOptions)> {
    for path in &args.paths {
        if std::fs::symlink_metadata(path).is_err() {
            bail!(
                "path `{}` does not exist\nhint: pass a file or directory to scan",
                path.display()
            );
        }
    }
    if args.shard_tokens < 64 {
        bail!(
            "--shard-tokens must be at least 64 (got {})",
            args.shard_tokens
        );
    }
    let first = args
        .paths
        .first()
        .cloned()
        .unwrap_or_else(|| PathBuf::from("."));
    let root = match &args.root {
        Some(root) => root.clone(),
        None => default_root(&first),
    };
    let root = std::fs::canonicalize(&root)
        .with_context(|| format!("scan root `{}` does not exist", root.display()))?;
    Ok((
        WalkSettings {
            paths: args.paths.clone(),
            root,
            include: args.include.clone(),
            exclude: args.exclude.clone(),
            hidden: args.hidden,
            ignore_files: !args.no_ignore,
            follow_links: args.follow,
            include_vendored: args.include_vendored,
            max_file_size: parse_size(&args.max_file_size)?,
        },
        SliceOptions {
            budget_tokens: args.shard_tokens,
        },
    ))
}

/// The git work tree holding `path`, so that SARIF URIs are repository-relative as code scanning
/// needs; without one, the path itself (or its directory for a file).
fn default_root(path: &Path) -> PathBuf {
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let dir = if absolute.is_dir() {
        absolute.clone()
    } else {
        absolute
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or(absolute.clone())
    };
    dir.ancestors()
        .find(|d| d.join(".git").exists())
        .map(Path::to_path_buf)
        .unwrap_or(dir)
}

/// One report destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputTarget {
    pub format: OutputFormat,
    /// `None` is standard output.
    pub path: Option<PathBuf>,
}

/// Everything `scan` needs, resolved.
#[derive(Debug)]
pub struct ScanSettings {
    pub walk: WalkSettings,
    pub slice: SliceOptions,
    pub rules: RuleSources,
    pub outputs: Vec<OutputTarget>,
    /// Findings at or above this fail the run; `None` never fails on findings.
    pub fail_on: Option<Severity>,
    pub jobs: usize,
    pub quiet: bool,
    pub progress: bool,
    pub color: bool,
}

impl ScanSettings {
    pub fn resolve(args: &ScanArgs, color: ColorChoice) -> anyhow::Result<ScanSettings> {
        let (walk, slice) = walk_settings(&args.walk)?;
        let mut outputs = Vec::new();
        if !args.quiet {
            outputs.push(OutputTarget {
                format: args.format,
                path: None,
            });
        }
        for spec in &args.output {
            outputs.push(parse_output(spec)?);
        }
        let jobs = match args.jobs {
            Some(0) => bail!("--jobs must be at least 1"),
            Some(n) if n > 1024 => bail!("--jobs must be at most 1024 (got {n})"),
            Some(n) => n,
            None => std::thread::available_parallelism().map_or(2, |n| n.get()),
        };
        Ok(ScanSettings {
            walk,
            slice,
            rules: rule_sources(&args.rules),
            outputs,
            fail_on: match args.fail_on {
                FailOn::None => None,
                FailOn::Note => Some(Severity::Note),
                FailOn::Warning => Some(Severity::Warning),
                FailOn::Error => Some(Severity::Error),
            },
            jobs,
            quiet: args.quiet,
            progress: !args.no_progress && !args.quiet && std::io::stderr().is_terminal(),
            color: color_enabled(color),
        })
    }
}

/// `out.sarif`, `report.json`, `github:annotations.txt`, `text:-`.
fn parse_output(spec: &str) -> anyhow::Result<OutputTarget> {
    let named = |name: &str| match name {
        "text" | "txt" => Some(OutputFormat::Text),
        "json" => Some(OutputFormat::Json),
        "sarif" => Some(OutputFormat::Sarif),
        "github" => Some(OutputFormat::Github),
        _ => None,
    };
    if let Some((prefix, path)) = spec.split_once(':') {
        if let Some(format) = named(prefix) {
            if path.is_empty() {
                bail!("output `{spec}` names no file");
            }
            let path = (path != "-").then(|| PathBuf::from(path));
            return Ok(OutputTarget { format, path });
        }
    }
    let path = PathBuf::from(spec);
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    let format = named(&extension).with_context(|| {
        format!(
            "cannot tell the format of output `{spec}` from its extension\nhint: use `sarif:{spec}`, `json:{spec}`, `text:{spec}` or `github:{spec}`"
        )
    })?;
    Ok(OutputTarget {
        format,
        path: Some(path),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1M").unwrap(), 1 << 20);
        assert_eq!(parse_size("512k").unwrap(), 512 << 10);
        assert_eq!(parse_size("1000").unwrap(), 1000);
        assert!(parse_size("12X").is_err());
        assert!(parse_size("lots").is_err());
    }

    #[test]
    fn outputs() {
        assert_eq!(
            parse_output("out.sarif").unwrap().format,
            OutputFormat::Sarif
        );
        assert_eq!(
            parse_output("github:a.txt").unwrap().format,
            OutputFormat::Github
        );
        assert_eq!(parse_output("json:-").unwrap().path, None);
        let err = parse_output("out.xml").unwrap_err().to_string();
        assert!(err.contains("out.xml"), "{err}");
        // A Windows-looking path with a drive letter is not a format prefix.
        assert!(parse_output("C:out.sarif").is_ok());
    }
}
