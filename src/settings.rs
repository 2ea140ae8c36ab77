//! Turns parsed arguments into plain, validated settings. The engine never sees clap.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context};

use crate::cli::{
    AgentArgs, ColorChoice, FailOn, Fallback, OutputFormat, RuleArgs, ScanArgs, WalkArgs,
};
use crate::finding::Severity;
use crate::review::agents::AgentSettings;
use crate::review::cache::Cache;
use crate::review::llm::{AgentConfig, Lens, Provider, Secret};
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
    let shard_tokens = args.shard_tokens.unwrap_or(1500);
    if shard_tokens < 64 {
        bail!("--shard-tokens must be at least 64 (got {shard_tokens})");
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
            max_file_size: parse_size(args.max_file_size.as_deref().unwrap_or("1M"))?,
        },
        SliceOptions {
            budget_tokens: shard_tokens,
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
    /// CPU workers (read, parse, cut, rules).
    pub jobs: usize,
    pub quiet: bool,
    pub progress: bool,
    pub color: bool,
    pub agents: AgentPlan,
    pub category: Option<String>,
    pub baseline: Option<PathBuf>,
    pub diff_base: Option<String>,
    /// `(i, n)`: partition i of n, 1-based.
    pub partition: Option<(usize, usize)>,
}

/// The reviewers of a scan and the limits of their pool.
#[derive(Debug)]
pub struct AgentPlan {
    /// Run the offline rules reviewer on every shard.
    pub rules: bool,
    /// Review with the rules a shard whose agent finally failed.
    pub fallback_rules: bool,
    pub configs: Vec<AgentConfig>,
    pub settings: AgentSettings,
    pub estimate: bool,
    /// `None`: no cache.
    pub cache_dir: Option<PathBuf>,
    pub record: Option<PathBuf>,
    pub replay: Option<PathBuf>,
    pub timeline: Option<PathBuf>,
}

impl ScanSettings {
    pub fn resolve(args: &ScanArgs, color: ColorChoice) -> anyhow::Result<ScanSettings> {
        let (walk, slice) = walk_settings(&args.walk)?;
        let mut outputs = Vec::new();
        if !args.quiet {
            outputs.push(OutputTarget {
                format: args.format.unwrap_or(OutputFormat::Text),
                path: None,
            });
        }
        for spec in &args.output {
            outputs.push(parse_output(spec)?);
        }
        if let Some(n) = args.jobs {
            if n == 0 {
                bail!("--jobs must be at least 1");
            }
            if n > 1024 {
                bail!("--jobs must be at most 1024 (got {n})");
            }
        }
        let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
        let agents = agent_plan(&args.agents, args.jobs)?;
        // With agents, -j caps the agents; the CPU work keeps one worker per CPU.
        let jobs = match (agents.configs.is_empty(), args.jobs) {
            (true, Some(n)) => n,
            _ => cpus,
        };
        Ok(ScanSettings {
            walk,
            slice,
            rules: rule_sources(&args.rules),
            outputs,
            fail_on: match args.fail_on.unwrap_or(FailOn::Error) {
                FailOn::None => None,
                FailOn::Note => Some(Severity::Note),
                FailOn::Warning => Some(Severity::Warning),
                FailOn::Error => Some(Severity::Error),
            },
            jobs,
            quiet: args.quiet,
            progress: !args.no_progress && !args.quiet && std::io::stderr().is_terminal(),
            color: color_enabled(color),
            agents,
            category: match args.ci.category.as_deref().map(str::trim) {
                Some("") => bail!("--category must not be empty"),
                other => other.map(str::to_string),
            },
            baseline: args.ci.baseline.clone(),
            diff_base: args.ci.diff_base.clone(),
            partition: args
                .ci
                .partition
                .as_deref()
                .map(parse_partition)
                .transpose()?,
        })
    }
}

/// Finds and reads the configuration for a scan (`--config`, else `shardscan.toml` found by
/// walking up from the scan root, unless `--no-config`) and folds it into `args`. Returns the
/// file read, if any.
pub fn apply_config(args: &mut ScanArgs) -> anyhow::Result<Option<PathBuf>> {
    if args.ci.no_config {
        return Ok(None);
    }
    let path = match &args.ci.config {
        Some(path) => {
            if !path.is_file() {
                bail!("configuration file `{}` does not exist", path.display());
            }
            path.clone()
        }
        None => {
            let first = args
                .walk
                .paths
                .first()
                .cloned()
                .unwrap_or_else(|| PathBuf::from("."));
            let root = match &args.walk.root {
                Some(root) => root.clone(),
                None => default_root(&first),
            };
            let root = std::fs::canonicalize(&root).unwrap_or(root);
            match crate::config::discover(&root) {
                Some(path) => path,
                None => return Ok(None),
            }
        }
    };
    let loaded = crate::config::load(&path)?;
    loaded.apply(args)?;
    Ok(Some(loaded.path))
}

/// `2/4`: partition 2 of 4.
pub fn parse_partition(text: &str) -> anyhow::Result<(usize, usize)> {
    let invalid = || {
        anyhow::anyhow!("invalid --partition `{text}` (expected I/N, e.g. 2/4, with 1 <= I <= N)")
    };
    let (i, n) = text.split_once('/').ok_or_else(invalid)?;
    let i: usize = i.trim().parse().map_err(|_| invalid())?;
    let n: usize = n.trim().parse().map_err(|_| invalid())?;
    if i == 0 || n == 0 || i > n {
        return Err(invalid());
    }
    Ok((i, n))
}

/// `90`, `90s`, `1500ms`, `5m`, `1h`, `1h30m`.
pub fn parse_duration(text: &str) -> anyhow::Result<Duration> {
    let invalid =
        || anyhow::anyhow!("invalid duration `{text}` (expected e.g. 90s, 1500ms, 5m, 1h30m)");
    let text = text.trim();
    if let Ok(seconds) = text.parse::<f64>() {
        if seconds >= 0.0 && seconds.is_finite() {
            return Ok(Duration::from_secs_f64(seconds));
        }
        return Err(invalid());
    }
    let mut total = 0.0;
    let mut rest = text;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .ok_or_else(invalid)?;
        if digits == 0 {
            return Err(invalid());
        }
        let number: f64 = rest[..digits].parse().map_err(|_| invalid())?;
        rest = &rest[digits..];
        let unit_len = rest
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(rest.len());
        let factor = match &rest[..unit_len] {
            "ms" => 0.001,
            "s" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => return Err(invalid()),
        };
        total += number * factor;
        rest = &rest[unit_len..];
    }
    Ok(Duration::from_secs_f64(total))
}

/// List prices (US dollars per million input and output tokens) of a few common models, for
/// `--max-cost` and `--estimate` when no price is given.
fn known_price(model: &str) -> Option<(f64, f64)> {
    let table: [(&str, f64, f64); 8] = [
        ("gpt-4o-mini", 0.15, 0.60),
        ("gpt-4o", 2.50, 10.0),
        ("gpt-4.1-mini", 0.40, 1.60),
        ("gpt-4.1", 2.0, 8.0),
        ("claude-haiku-4-5", 1.0, 5.0),
        ("claude-3-5-haiku", 0.80, 4.0),
        ("claude-sonnet-4", 3.0, 15.0),
        ("claude-opus-4", 15.0, 75.0),
    ];
    table
        .iter()
        .find(|(prefix, _, _)| model.starts_with(prefix))
        .map(|(_, input, output)| (*input, *output))
}

/// Splits a command line on whitespace, honouring single and double quotes.
fn split_command(text: &str) -> anyhow::Result<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        bail!("unclosed quote in `--command {text}`");
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

fn agent_plan(args: &AgentArgs, jobs: Option<usize>) -> anyhow::Result<AgentPlan> {
    let mut names: Vec<String> = args
        .reviewers
        .iter()
        .map(|r| r.trim().to_ascii_lowercase())
        .filter(|r| !r.is_empty())
        .collect();
    if names.is_empty() {
        names.push(String::from("rules"));
    }
    let mut rules = false;
    let mut configs = Vec::new();
    let timeout = parse_duration(args.timeout.as_deref().unwrap_or("120s"))?;
    if timeout.is_zero() {
        bail!("--timeout must be more than zero");
    }
    for name in &names {
        let provider = match name.as_str() {
            "rules" => {
                rules = true;
                continue;
            }
            "openai" => Provider::OpenAi,
            "anthropic" => Provider::Anthropic,
            "command" => Provider::Command,
            other => bail!(
                "unknown reviewer `{other}`\nhint: the reviewers are rules, openai, anthropic and command"
            ),
        };
        if configs.iter().any(|c: &AgentConfig| c.provider == provider) {
            continue;
        }
        let (default_url, default_model, default_key) = match provider {
            Provider::OpenAi => ("https://api.openai.com/v1", "gpt-4o-mini", "OPENAI_API_KEY"),
            Provider::Anthropic => (
                "https://api.anthropic.com",
                "claude-haiku-4-5",
                "ANTHROPIC_API_KEY",
            ),
            Provider::Command => ("", "", ""),
        };
        let base_url = args
            .base_url
            .clone()
            .unwrap_or_else(|| default_url.to_string());
        if provider != Provider::Command
            && !(base_url.starts_with("http://") || base_url.starts_with("https://"))
        {
            bail!("--base-url `{base_url}` is not an http:// or https:// URL");
        }
        let model = args
            .model
            .clone()
            .unwrap_or_else(|| default_model.to_string());
        let key_var = args
            .api_key_env
            .clone()
            .unwrap_or_else(|| default_key.to_string());
        let api_key = match provider {
            Provider::Command => None,
            _ => std::env::var(&key_var)
                .ok()
                .filter(|k| !k.trim().is_empty())
                .map(|k| Secret::new(k.trim().to_string())),
        };
        // A hosted API needs a key; a local server usually does not. Replays and estimates call
        // nothing.
        if api_key.is_none()
            && args.base_url.is_none()
            && provider != Provider::Command
            && args.replay.is_none()
            && !args.estimate
        {
            bail!(
                "the {} reviewer needs an API key in the environment variable {key_var}\nhint: export {key_var}=..., name another variable with --api-key-env, or point --base-url at a local server",
                provider.name()
            );
        }
        let command = match provider {
            Provider::Command => {
                let text = args.command.as_deref().ok_or_else(|| {
                    anyhow::anyhow!("the command reviewer needs `--command 'PROGRAM ARGS...'`")
                })?;
                let words = split_command(text)?;
                if words.is_empty() {
                    bail!("--command is empty");
                }
                words
            }
            _ => Vec::new(),
        };
        let (price_in, price_out) = match (args.price_in, args.price_out) {
            (None, None) => known_price(&model).unwrap_or((0.0, 0.0)),
            (input, output) => (input.unwrap_or(0.0), output.unwrap_or(0.0)),
        };
        if price_in < 0.0 || price_out < 0.0 {
            bail!("prices must not be negative");
        }
        configs.push(AgentConfig {
            provider,
            base_url,
            model,
            api_key,
            command,
            timeout,
            max_output_tokens: args.max_output_tokens.unwrap_or(2048).max(64),
            stream: args.stream,
            price_in,
            price_out,
        });
    }
    let mut lenses = Vec::new();
    for name in &args.lens {
        let lens = Lens::parse(name).ok_or_else(|| {
            anyhow::anyhow!(
                "unknown lens `{name}`\nhint: the lenses are security, memory, concurrency and logic"
            )
        })?;
        if !lenses.contains(&lens) {
            lenses.push(lens);
        }
    }
    if lenses.is_empty() {
        lenses.push(Lens::Security);
    }
    if configs.is_empty() {
        for (set, flag) in [
            (args.verify, "--verify"),
            (args.record.is_some(), "--record"),
            (args.replay.is_some(), "--replay"),
            (args.timeline.is_some(), "--timeline"),
            (args.fallback.is_some(), "--fallback"),
            (!args.lens.is_empty(), "--lens"),
        ] {
            if set {
                bail!("{flag} needs an agent reviewer\nhint: add `--reviewer openai` (or anthropic, command)");
            }
        }
    }
    if let Some(cost) = args.max_cost {
        if cost < 0.0 {
            bail!("--max-cost must not be negative");
        }
        // A budget in dollars means nothing at a price of zero: refuse rather than overspend.
        if let Some(config) = configs
            .iter()
            .find(|c| c.provider != Provider::Command && c.price_in == 0.0 && c.price_out == 0.0)
        {
            bail!(
                "--max-cost needs a price, and model `{}` has no known one\nhint: give --price-in \
                 and --price-out (US dollars per million tokens)",
                config.model
            );
        }
    }
    if args.record.is_some() && args.replay.is_some() {
        bail!("--record and --replay cannot be used together");
    }
    let cache_dir = if args.no_cache || args.replay.is_some() {
        None
    } else {
        args.cache_dir.clone().or_else(Cache::default_dir)
    };
    Ok(AgentPlan {
        rules,
        fallback_rules: args.fallback == Some(Fallback::Rules),
        settings: AgentSettings {
            cap: jobs.unwrap_or(8),
            lenses,
            max_agents: args.max_agents.unwrap_or(1000),
            max_tokens: args.max_tokens,
            max_cost: args.max_cost,
            deadline: args.deadline.as_deref().map(parse_duration).transpose()?,
            retries: args.retries.unwrap_or(4),
            rpm: args.rpm.filter(|r| *r > 0),
            tpm: args.tpm.filter(|t| *t > 0),
            verify: args.verify,
            timeline: args.timeline.is_some(),
            backoff: Duration::from_millis(500),
        },
        configs,
        estimate: args.estimate,
        cache_dir,
        record: args.record.clone(),
        replay: args.replay.clone(),
        timeline: args.timeline.clone(),
    })
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
