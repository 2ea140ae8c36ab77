//! Settings: the command line, the configuration file and the environment merged into plain,
//! validated values. The engine never sees clap or the file; every command (`scan`, `shards`,
//! `rules`) resolves its settings here from the same inputs, so all of them honour the same
//! `shardscan.toml`.
//!
//! Each value knows where it came from ([`Source`]): a flag wins over the file, a list given on
//! the command line replaces the file's, and what neither sets takes its default. The sources of
//! the values that were not defaults are kept in [`Origins`], for messages and for the policy on
//! what a file found in the scanned tree may set.

mod agents;
mod files;
mod resolver;
mod values;

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context};

use crate::cli::{ColorChoice, FailOn, RuleArgs, ScanArgs, ShardsArgs, WalkArgs};
use crate::config::{ConfigFile, Trust};
use crate::error::Error;
use crate::io::Env;
use crate::model::{Format, Severity};
use crate::review::rules::RuleSources;
use crate::slice::SliceOptions;
use crate::walk::WalkSettings;

pub(crate) use agents::AgentPlan;
pub(crate) use files::{config_file, walk_config};
pub(crate) use resolver::{Origins, Resolver, Source};
pub(crate) use values::{parse_duration, parse_partition, parse_size, OutputTarget};

/// Defaults that more than one place shows (flags' help, the starter file).
pub(crate) const DEFAULT_SHARD_TOKENS: usize = 1500;
pub(crate) const DEFAULT_MAX_FILE_SIZE: &str = "1M";

/// Whether to colour output for a stream: `--color`, then `NO_COLOR`, then whether the stream
/// is a terminal.
pub(crate) fn color_enabled(choice: ColorChoice, env: &Env, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => env.get("NO_COLOR").is_none() && terminal,
    }
}

/// The directory a command's paths are reported relative to, before any configuration is read:
/// `--root`, else the git work tree holding the first path, else that path (its directory for a
/// file). Configuration discovery starts there.
pub(crate) fn scan_root(args: &WalkArgs) -> PathBuf {
    let first = args
        .paths
        .first()
        .cloned()
        .unwrap_or_else(|| PathBuf::from("."));
    match &args.root {
        Some(root) => root.clone(),
        None => default_root(&first),
    }
}

/// The git work tree holding `path`, so that SARIF URIs are repository-relative as code scanning
/// needs; without one, the path itself (or its directory for a file).
pub(crate) fn default_root(path: &Path) -> PathBuf {
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

/// Which files to look at and how to cut them, for `scan` and `shards`.
pub(crate) fn walk_settings(
    args: &WalkArgs,
    resolver: &mut Resolver<'_>,
) -> anyhow::Result<(WalkSettings, SliceOptions)> {
    for path in &args.paths {
        if std::fs::symlink_metadata(path).is_err() {
            return Err(
                Error::new(format!("path `{}` does not exist", path.display()))
                    .with_hint("pass a file or directory to scan")
                    .into(),
            );
        }
        if !args.follow {
            refuse_linked_path(path)?;
        }
    }
    let scan = resolver.file().map(|f| &f.config.scan);
    let shard_tokens = resolver
        .value(
            "scan.shard_tokens",
            args.shard_tokens,
            scan.and_then(|s| s.shard_tokens),
        )
        .unwrap_or(DEFAULT_SHARD_TOKENS);
    if shard_tokens < 64 {
        bail!(
            "{} must be at least 64 (got {shard_tokens})",
            resolver.name("scan.shard_tokens", "--shard-tokens")
        );
    }
    let max_file_size = resolver.value(
        "scan.max_file_size",
        args.max_file_size.clone(),
        scan.and_then(|s| s.max_file_size.clone()),
    );
    let root = scan_root(args);
    let root = std::fs::canonicalize(&root)
        .with_context(|| format!("scan root `{}` does not exist", root.display()))?;
    Ok((
        WalkSettings {
            paths: args.paths.clone(),
            root,
            include: resolver.list(
                "scan.include",
                &args.include,
                scan.and_then(|s| s.include.as_ref()),
            ),
            exclude: resolver.list(
                "scan.exclude",
                &args.exclude,
                scan.and_then(|s| s.exclude.as_ref()),
            ),
            hidden: resolver.switch("scan.hidden", args.hidden, scan.and_then(|s| s.hidden)),
            ignore_files: !resolver.switch(
                "scan.no_ignore",
                args.no_ignore,
                scan.and_then(|s| s.no_ignore),
            ),
            follow_links: resolver.switch("scan.follow", args.follow, scan.and_then(|s| s.follow)),
            include_vendored: resolver.switch(
                "scan.include_vendored",
                args.include_vendored,
                scan.and_then(|s| s.include_vendored),
            ),
            max_file_size: parse_size(max_file_size.as_deref().unwrap_or(DEFAULT_MAX_FILE_SIZE))
                .with_context(|| {
                    format!(
                        "invalid {}",
                        resolver.name("scan.max_file_size", "--max-file-size")
                    )
                })?,
        },
        SliceOptions {
            budget_tokens: shard_tokens,
        },
    ))
}

/// Refuses a scan path that goes through a symbolic link inside a repository: `scan src` in a
/// repository whose `src` links to `/` or the home directory would audit (and send to agents)
/// what lies there. The parts of the path below the innermost work tree holding it (a `.git`)
/// are checked; outside any work tree, only the path itself. Links above the repository (the
/// user's own, or `/tmp` on macOS) are the machine's business.
fn refuse_linked_path(path: &Path) -> anyhow::Result<()> {
    let absolute = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()
            .and_then(std::fs::canonicalize)
            .map(|cwd| cwd.join(path))
            .unwrap_or_else(|_| path.to_path_buf())
    };
    let prefixes: Vec<&Path> = absolute.ancestors().collect();
    let is_link = |p: &Path| std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
    let holds_git = |p: &Path| std::fs::symlink_metadata(p.join(".git")).is_ok();
    // The innermost work tree, except one reached through a link inside an enclosing work tree
    // (`repo/src` linking to another repository is still `repo`'s link).
    let below_work_tree = (0..prefixes.len())
        .find(|&i| {
            holds_git(prefixes[i])
                && !(is_link(prefixes[i]) && prefixes[i + 1..].iter().any(|p| holds_git(p)))
        })
        .unwrap_or(1);
    for prefix in &prefixes[..below_work_tree] {
        if is_link(prefix) {
            let target = std::fs::canonicalize(prefix)
                .map_or_else(|_| String::from("nowhere"), |t| t.display().to_string());
            return Err(Error::new(format!(
                "scan path `{}` goes through the symbolic link `{}` (to `{target}`)",
                path.display(),
                prefix.display()
            ))
            .with_hint(
                "pass the link's target itself, or --follow to follow links (a scanned \
                 repository can point a link anywhere)",
            )
            .into());
        }
    }
    Ok(())
}

/// Which rules are in force, for `scan` and `rules`.
pub(crate) fn rule_sources(args: &RuleArgs, resolver: &mut Resolver<'_>) -> RuleSources {
    let file = resolver.file();
    let section = file.map(|f| &f.config.rules);
    let file_dirs = file.and_then(|f| f.config.rules.dirs.clone());
    let dirs = if args.rule_dirs.is_empty() {
        if file_dirs.is_some() {
            resolver.note_file("rules.dirs");
        }
        file_dirs.unwrap_or_default()
    } else {
        resolver.note_flag("rules.dirs");
        args.rule_dirs.clone()
    };
    let no_builtin = resolver.switch(
        "rules.builtin",
        args.no_builtin_rules,
        section.and_then(|r| r.builtin.map(|builtin| !builtin)),
    );
    RuleSources {
        builtin: !no_builtin,
        dirs,
        disabled: resolver.list(
            "rules.disable",
            &args.disabled,
            section.and_then(|r| r.disable.as_ref()),
        ),
        enabled: resolver.list(
            "rules.enable",
            &args.enabled,
            section.and_then(|r| r.enable.as_ref()),
        ),
        every_optional: false,
        threads: 0,
    }
}

/// Everything `scan` needs, resolved.
#[derive(Debug)]
pub(crate) struct ScanSettings {
    pub(crate) walk: WalkSettings,
    pub(crate) slice: SliceOptions,
    pub(crate) rules: RuleSources,
    pub(crate) outputs: Vec<OutputTarget>,
    /// Findings at or above this fail the run; `None` never fails on findings.
    pub(crate) fail_on: Option<Severity>,
    /// CPU workers (read, parse, cut, rules).
    pub(crate) jobs: usize,
    pub(crate) quiet: bool,
    /// Name every skipped file after the summary.
    pub(crate) verbose: bool,
    pub(crate) progress: bool,
    /// Colour on standard output (text) and on standard error (the summary).
    pub(crate) color: bool,
    pub(crate) stderr_color: bool,
    pub(crate) agents: AgentPlan,
    pub(crate) category: Option<String>,
    pub(crate) baseline: Option<PathBuf>,
    pub(crate) diff_base: Option<String>,
    /// `(i, n)`: partition i of n, 1-based.
    pub(crate) partition: Option<(usize, usize)>,
    /// `--summaries-out`: where a partition writes its summaries for the merge (the command
    /// line only: it is a write).
    pub(crate) summaries_out: Option<PathBuf>,
    /// When the run stops, counted from the start of the command.
    pub(crate) deadline: Option<Instant>,
    pub(crate) parse_only: bool,
    /// The configuration files read, in the order they were merged.
    pub(crate) config_files: Vec<(PathBuf, Trust)>,
    pub(crate) origins: Origins,
}

/// What a run may see of its surroundings when settings are resolved.
pub(crate) struct Surroundings<'a> {
    pub(crate) env: &'a Env,
    pub(crate) color: ColorChoice,
    pub(crate) stdout_is_terminal: bool,
    pub(crate) stderr_is_terminal: bool,
    /// When the command started (deadlines count from here).
    pub(crate) started: Instant,
}

impl ScanSettings {
    pub(crate) fn resolve(
        args: &ScanArgs,
        file: Option<&ConfigFile>,
        around: &Surroundings<'_>,
    ) -> anyhow::Result<ScanSettings> {
        let mut resolver = Resolver::new(file);
        let (walk, slice) = walk_settings(&args.walk, &mut resolver)?;
        let scan = file.map(|f| &f.config.scan);
        let format = match resolver.value(
            "scan.format",
            args.format.map(|f| f.name().to_string()),
            scan.and_then(|s| s.format.clone()),
        ) {
            None => Format::Text,
            Some(name) => Format::from_name(&name)
                .ok_or_else(|| resolver.invalid("scan.format", &name, &Format::names()))?,
        };
        let mut outputs = Vec::new();
        if !args.quiet {
            outputs.push(OutputTarget { format, path: None });
        }
        let file_outputs = scan.and_then(|s| s.outputs.as_ref());
        let outputs_file = file
            .and_then(|f| f.origin("scan.outputs"))
            .filter(|_| args.output.is_empty());
        for spec in resolver.list("scan.outputs", &args.output, file_outputs) {
            let parsed = values::parse_output(&spec);
            outputs.push(match outputs_file {
                Some(layer) => parsed.with_context(|| {
                    format!("invalid `scan.outputs` in `{}`", layer.path.display())
                })?,
                None => parsed?,
            });
        }
        let fail_on = match args.fail_on {
            Some(fail_on) => {
                resolver.note_flag("scan.fail_on");
                fail_on
            }
            None => match scan.and_then(|s| s.fail_on.as_deref()) {
                None => FailOn::Error,
                Some(name) => {
                    resolver.note_file("scan.fail_on");
                    match name {
                        "none" => FailOn::None,
                        "note" => FailOn::Note,
                        "warning" => FailOn::Warning,
                        "error" => FailOn::Error,
                        other => {
                            return Err(resolver.invalid(
                                "scan.fail_on",
                                other,
                                "none, note, warning or error",
                            ))
                        }
                    }
                }
            },
        };
        let pool = file.map(|f| &f.config.pool);
        let jobs = resolver.value("pool.jobs", args.jobs, pool.and_then(|p| p.jobs));
        if let Some(n) = jobs {
            let name = resolver.name("pool.jobs", "--jobs");
            if n == 0 {
                bail!("{name} must be at least 1");
            }
            if n > 1024 {
                bail!("{name} must be at most 1024 (got {n})");
            }
        }
        let cpus = std::thread::available_parallelism().map_or(2, |n| n.get());
        let agents = agents::plan(&args.agents, jobs, &mut resolver, around.env)?;
        // With agents, -j caps the agents; the CPU work keeps one worker per CPU.
        let workers = match (agents.configs.is_empty(), jobs) {
            (true, Some(n)) => n,
            _ => cpus,
        };
        let deadline = resolver.value(
            "pool.deadline",
            args.deadline.clone(),
            pool.and_then(|p| p.deadline.clone()),
        );
        let deadline = deadline
            .as_deref()
            .map(parse_duration)
            .transpose()
            .with_context(|| format!("invalid {}", resolver.name("pool.deadline", "--deadline")))?
            .map(|after| around.started + after);
        let category = resolver.value(
            "scan.category",
            args.ci.category.clone(),
            scan.and_then(|s| s.category.clone()),
        );
        let category = match category.as_deref().map(str::trim) {
            Some("") => bail!(
                "{} must not be empty",
                resolver.name("scan.category", "--category")
            ),
            other => other.map(str::to_string),
        };
        let baseline = resolver.value(
            "scan.baseline",
            args.ci.baseline.clone(),
            scan.and_then(|s| s.baseline.clone()),
        );
        let diff_base = resolver.value(
            "scan.diff_base",
            args.ci.diff_base.clone(),
            scan.and_then(|s| s.diff_base.clone()),
        );
        let mut rules = rule_sources(&args.rules, &mut resolver);
        rules.threads = workers;
        let color = color_enabled(around.color, around.env, around.stdout_is_terminal);
        Ok(ScanSettings {
            walk,
            slice,
            rules,
            outputs,
            fail_on: match fail_on {
                FailOn::None => None,
                FailOn::Note => Some(Severity::Note),
                FailOn::Warning => Some(Severity::Warning),
                FailOn::Error => Some(Severity::Error),
            },
            jobs: workers,
            quiet: args.quiet,
            verbose: args.verbose,
            progress: !args.no_progress && !args.quiet && around.stderr_is_terminal,
            color,
            stderr_color: color_enabled(around.color, around.env, around.stderr_is_terminal),
            agents,
            category,
            baseline,
            diff_base,
            partition: args
                .ci
                .partition
                .as_deref()
                .map(parse_partition)
                .transpose()?,
            summaries_out: args.ci.summaries_out.clone(),
            deadline,
            parse_only: args.parse_only,
            config_files: file
                .map(|f| f.layers.iter().map(|l| (l.path.clone(), l.trust)).collect())
                .unwrap_or_default(),
            origins: resolver.into_origins(),
        })
    }
}

impl ScanSettings {
    /// The configuration files read, each with the settings taken from it.
    pub(crate) fn configuration(&self) -> Vec<crate::model::ConfigurationUse> {
        self.config_files
            .iter()
            .map(|(path, trust)| crate::model::ConfigurationUse {
                path: path.display().to_string(),
                trust: *trust,
                settings: self
                    .origins
                    .iter()
                    .filter(|(_, source)| **source == Source::File(path.clone()))
                    .map(|(key, _)| key.clone())
                    .collect(),
            })
            .collect()
    }
}

/// Everything `shards` needs, resolved.
pub(crate) struct ShardsSettings {
    pub(crate) walk: WalkSettings,
    pub(crate) slice: SliceOptions,
    pub(crate) jobs: usize,
}

impl ShardsSettings {
    pub(crate) fn resolve(args: &ShardsArgs, file: Option<&ConfigFile>) -> anyhow::Result<Self> {
        let mut resolver = Resolver::new(file);
        let (walk, slice) = walk_settings(&args.walk, &mut resolver)?;
        Ok(ShardsSettings {
            walk,
            slice,
            jobs: std::thread::available_parallelism().map_or(2, |n| n.get()),
        })
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn scan_args(args: &[&str]) -> ScanArgs {
        let mut all = vec!["shardscan", "scan"];
        all.extend_from_slice(args);
        match Cli::try_parse_from(all).expect("valid arguments").command {
            Command::Scan(args) => *args,
            _ => unreachable!("a scan"),
        }
    }

    /// A repository holding `shardscan.toml` with `text`, and the file read.
    fn with_config(text: &str) -> (tempfile::TempDir, ConfigFile) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("src")).unwrap();
        let path = dir.path().join(crate::config::FILE_NAME);
        std::fs::write(&path, text).unwrap();
        let layer = crate::config::load(&path, Trust::Named, &Env::default()).unwrap();
        (dir, ConfigFile::merge(vec![layer]).unwrap().unwrap())
    }

    /// A run off any terminal, started now.
    fn around(env: &Env) -> Surroundings<'_> {
        Surroundings {
            env,
            color: ColorChoice::Auto,
            stdout_is_terminal: false,
            stderr_is_terminal: false,
            started: Instant::now(),
        }
    }

    fn resolve(args: &ScanArgs, file: Option<&ConfigFile>, env: &Env) -> ScanSettings {
        ScanSettings::resolve(args, file, &around(env)).unwrap()
    }

    /// The message of the error that resolving `args` with `file` gives, in an empty environment.
    fn resolve_error(args: &ScanArgs, file: Option<&ConfigFile>) -> String {
        let empty = Env::default();
        ScanSettings::resolve(args, file, &around(&empty))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn the_file_fills_what_the_command_line_leaves_unset_and_says_so() {
        let (dir, file) = with_config(
            "[scan]\ninclude = [\"src/**\"]\nfail_on = \"warning\"\nbaseline = \"base.json\"\n\
             [pool]\ndeadline = \"2m\"\n[rules]\ndisable = [\"python/eval-exec\"]\n\
             enable = [\"java/cipher-default-mode\"]\n",
        );
        let root = dir.path().to_str().unwrap();
        let settings = resolve(&scan_args(&[root]), Some(&file), &Env::default());
        assert_eq!(settings.walk.include, vec!["src/**"]);
        assert_eq!(settings.fail_on, Some(Severity::Warning));
        assert_eq!(settings.rules.disabled, vec!["python/eval-exec"]);
        assert_eq!(settings.rules.enabled, vec!["java/cipher-default-mode"]);
        // Paths in the file are relative to the file.
        assert_eq!(
            settings.baseline.as_deref(),
            Some(
                file.layers[0]
                    .path
                    .parent()
                    .unwrap()
                    .join("base.json")
                    .as_path()
            )
        );
        let deadline = settings.deadline.expect("a deadline from the file");
        assert!(deadline > Instant::now() + Duration::from_secs(100));
        let taken = settings.configuration().remove(0).settings;
        assert_eq!(
            taken,
            vec![
                "pool.deadline",
                "rules.disable",
                "rules.enable",
                "scan.baseline",
                "scan.fail_on",
                "scan.include"
            ]
        );
    }

    #[test]
    fn a_flag_wins_and_a_list_on_the_command_line_replaces_the_files() {
        let (dir, file) = with_config("[scan]\ninclude = [\"src/**\"]\nfail_on = \"warning\"\n");
        let root = dir.path().to_str().unwrap();
        let args = scan_args(&[root, "--include", "lib/**", "--fail-on", "none"]);
        let settings = resolve(&args, Some(&file), &Env::default());
        assert_eq!(settings.walk.include, vec!["lib/**"]);
        assert_eq!(settings.fail_on, None);
        assert_eq!(settings.origins.get("scan.include"), Some(&Source::Flag));
        assert!(settings.configuration()[0].settings.is_empty());
    }

    #[test]
    fn a_bad_value_in_the_file_names_the_file_and_the_key() {
        let (dir, file) = with_config("[scan]\nfail_on = \"loud\"\n");
        let root = dir.path().to_str().unwrap();
        let error = resolve_error(&scan_args(&[root]), Some(&file));
        assert!(error.contains("shardscan.toml"), "{error}");
        assert!(error.contains("scan.fail_on = \"loud\""), "{error}");
    }

    #[test]
    fn a_bad_value_names_the_key_and_file_it_came_from_not_a_flag() {
        let (dir, file) = with_config("[scan]\nshard_tokens = 10\n[pool]\njobs = 0\n");
        let root = dir.path().to_str().unwrap();
        let error = resolve_error(&scan_args(&[root]), Some(&file));
        assert!(error.starts_with("`scan.shard_tokens` in `"), "{error}");
        assert!(
            error.contains("shardscan.toml` must be at least 64"),
            "{error}"
        );
        let error = resolve_error(&scan_args(&[root, "--shard-tokens", "2000"]), Some(&file));
        assert!(error.starts_with("`pool.jobs` in `"), "{error}");
        // From the command line, the flag is named.
        let error = resolve_error(&scan_args(&[root, "--shard-tokens", "10"]), Some(&file));
        assert!(error.starts_with("--shard-tokens must"), "{error}");
    }

    #[test]
    fn agents_read_their_key_and_cache_from_the_given_environment() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_str().unwrap();
        let args = scan_args(&[root, "--reviewer", "openai", "--api-key-env", "MY_KEY"]);
        let env = Env::from_pairs([("MY_KEY", "sk-abc"), ("SHARDSCAN_CACHE_DIR", "/tmp/c")]);
        let settings = resolve(&args, None, &env);
        let config = &settings.agents.configs[0];
        assert_eq!(config.api_key.as_ref().map(|k| k.expose()), Some("sk-abc"));
        assert_eq!(
            settings.agents.cache_dir.as_deref(),
            Some(Path::new("/tmp/c"))
        );
        // Without the key in that environment, the hosted API is refused before any request.
        let empty = Env::default();
        let error = ScanSettings::resolve(&args, None, &around(&empty)).unwrap_err();
        assert!(crate::error::Error::from(error).hint().is_some());
    }

    #[test]
    fn the_starter_file_shows_the_defaults_the_settings_use() {
        let starter = crate::config::uncommented_starter();
        assert_eq!(starter.scan.shard_tokens, Some(DEFAULT_SHARD_TOKENS));
        assert_eq!(
            starter.scan.max_file_size.as_deref(),
            Some(DEFAULT_MAX_FILE_SIZE)
        );
        assert_eq!(starter.pool.jobs, Some(agents::DEFAULT_AGENT_CAP));
        assert_eq!(starter.pool.max_agents, Some(agents::DEFAULT_MAX_AGENTS));
        assert_eq!(
            starter.pool.timeout.as_deref(),
            Some(agents::DEFAULT_TIMEOUT)
        );
        assert_eq!(starter.pool.retries, Some(agents::DEFAULT_RETRIES));
        assert_eq!(
            starter.reviewers.openai.and_then(|e| e.max_output_tokens),
            Some(agents::DEFAULT_MAX_OUTPUT_TOKENS)
        );
    }

    #[test]
    fn colour_follows_the_choice_then_no_color_then_the_terminal() {
        let plain = Env::default();
        let no_color = Env::from_pairs([("NO_COLOR", "1")]);
        assert!(color_enabled(ColorChoice::Auto, &plain, true));
        assert!(!color_enabled(ColorChoice::Auto, &plain, false));
        assert!(!color_enabled(ColorChoice::Auto, &no_color, true));
        assert!(color_enabled(ColorChoice::Always, &no_color, false));
        assert!(!color_enabled(ColorChoice::Never, &plain, true));
    }
}
