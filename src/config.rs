//! `shardscan.toml`: found by walking up from the scan root (or named with `--config`) and read
//! with unknown keys rejected. This module only reads the file; `settings` decides what each value
//! means and how it meets the command line (a flag wins, a list given there replaces the file's,
//! and paths in the file are relative to the file).

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use serde::Deserialize;
use toml::Table;

use crate::io::Env;
use crate::model::Format;
pub(crate) use crate::model::Trust;

pub(crate) const FILE_NAME: &str = "shardscan.toml";

/// The whole file, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileConfig {
    #[serde(default)]
    pub(crate) scan: ScanSection,
    #[serde(default)]
    pub(crate) rules: RulesSection,
    #[serde(default)]
    pub(crate) reviewers: ReviewersSection,
    #[serde(default)]
    pub(crate) pool: PoolSection,
    #[serde(default)]
    pub(crate) cache: CacheSection,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScanSection {
    pub(crate) include: Option<Vec<String>>,
    pub(crate) exclude: Option<Vec<String>>,
    pub(crate) hidden: Option<bool>,
    pub(crate) no_ignore: Option<bool>,
    pub(crate) follow: Option<bool>,
    pub(crate) include_vendored: Option<bool>,
    pub(crate) max_file_size: Option<String>,
    pub(crate) shard_tokens: Option<usize>,
    pub(crate) format: Option<String>,
    /// Report files, as `-o` takes them (`results.sarif`, `github:annotations.txt`).
    pub(crate) outputs: Option<Vec<String>>,
    pub(crate) fail_on: Option<String>,
    pub(crate) category: Option<String>,
    pub(crate) baseline: Option<PathBuf>,
    pub(crate) diff_base: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RulesSection {
    /// Directories of your own rules.
    pub(crate) dirs: Option<Vec<PathBuf>>,
    pub(crate) builtin: Option<bool>,
    pub(crate) disable: Option<Vec<String>>,
    pub(crate) enable: Option<Vec<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReviewersSection {
    /// Which reviewers run: rules, openai, anthropic, command.
    #[serde(rename = "use")]
    pub(crate) use_: Option<Vec<String>>,
    pub(crate) lenses: Option<Vec<String>>,
    pub(crate) verify: Option<bool>,
    pub(crate) fallback: Option<String>,
    pub(crate) stream: Option<bool>,
    pub(crate) context_tokens: Option<usize>,
    pub(crate) tools: Option<bool>,
    pub(crate) triage: Option<bool>,
    pub(crate) consensus: Option<u32>,
    pub(crate) consensus_min: Option<u32>,
    pub(crate) max_turns: Option<u32>,
    pub(crate) max_shard_tokens: Option<u64>,
    pub(crate) openai: Option<Endpoint>,
    pub(crate) anthropic: Option<Endpoint>,
    pub(crate) command: Option<CommandSection>,
}

/// One provider's endpoint and prices.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Endpoint {
    pub(crate) base_url: Option<String>,
    pub(crate) model: Option<String>,
    pub(crate) api_key_env: Option<String>,
    pub(crate) price_in: Option<f64>,
    pub(crate) price_out: Option<f64>,
    pub(crate) max_output_tokens: Option<u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CommandSection {
    pub(crate) command: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PoolSection {
    pub(crate) jobs: Option<usize>,
    pub(crate) max_agents: Option<u64>,
    pub(crate) max_tokens: Option<u64>,
    pub(crate) max_cost: Option<f64>,
    pub(crate) deadline: Option<String>,
    pub(crate) timeout: Option<String>,
    pub(crate) retries: Option<u32>,
    pub(crate) rpm: Option<u32>,
    pub(crate) tpm: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CacheSection {
    pub(crate) enabled: Option<bool>,
    pub(crate) dir: Option<PathBuf>,
}

/// What a `shardscan.toml` found in the scanned repository may set: the repository's own
/// business (what is its code, which rules apply, when a finding fails the run). Anything else
/// could run a program, reach the network, read the environment or files outside the repository,
/// write somewhere or spend money on the scanning machine, so it is refused there. A key added
/// to the file format is refused in a repository until it is added here.
pub(crate) const REPOSITORY_KEYS: &[&str] = &[
    "scan.include",
    "scan.exclude",
    "scan.hidden",
    "scan.no_ignore",
    "scan.include_vendored",
    "scan.max_file_size",
    "scan.shard_tokens",
    "scan.format",
    "scan.fail_on",
    "scan.category",
    "scan.baseline",
    "scan.diff_base",
    "rules.dirs",
    "rules.builtin",
    "rules.disable",
    "rules.enable",
];

/// Keys whose values are paths, relative to the file that holds them.
const PATH_KEYS: &[&str] = &["scan.baseline", "rules.dirs", "cache.dir"];

/// Larger than any configuration a person writes; a larger file is refused unread.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// One configuration file read: where it is, how far it is trusted, the keys it sets.
#[derive(Debug, Clone)]
pub(crate) struct Layer {
    /// Canonical, when it could be resolved.
    pub(crate) path: PathBuf,
    pub(crate) trust: Trust,
    /// Every key it sets, dotted (`reviewers.openai.base_url`), sorted.
    pub(crate) keys: Vec<String>,
    /// The file's values, paths already resolved against its directory.
    table: Table,
}

/// The configuration of a run: its files, most trusted last, merged so that a key set in a later
/// file wins (the repository's file over the user's).
#[derive(Debug)]
pub(crate) struct ConfigFile {
    pub(crate) config: FileConfig,
    pub(crate) layers: Vec<Layer>,
}

/// `shardscan.toml` in `start` or the nearest directory above it, up to `root` (the
/// repository's root): a file above the repository is not the repository's. The file must be a
/// regular file, or a symbolic link to one inside `root`: a repository's `shardscan.toml` that
/// links to a file elsewhere (`/proc/self/environ`) would have its lines echoed in the parse
/// error.
pub(crate) fn discover(start: &Path, root: &Path) -> anyhow::Result<Option<PathBuf>> {
    for dir in start.ancestors().take_while(|dir| dir.starts_with(root)) {
        let candidate = dir.join(FILE_NAME);
        let Ok(meta) = std::fs::symlink_metadata(&candidate) else {
            continue;
        };
        if meta.file_type().is_symlink() {
            let target = candidate.canonicalize().ok();
            match target {
                Some(target) if target.starts_with(root) && target.is_file() => {}
                Some(target) if !target.starts_with(root) => bail!(
                    "the scanned repository's configuration `{}` is a symbolic link to `{}`, \
                     outside the repository\nhint: pass a configuration you trust with --config \
                     FILE, or --no-config",
                    candidate.display(),
                    target.display()
                ),
                _ => continue,
            }
        } else if !meta.is_file() {
            continue; // A directory or a FIFO of that name is not a configuration.
        }
        return Ok(Some(candidate));
    }
    Ok(None)
}

/// Reads and validates `path`; every error names the file.
pub(crate) fn load(path: &Path, trust: Trust, env: &Env) -> anyhow::Result<Layer> {
    // Through the reader of untrusted files: a regular file only, and a limit rather than the
    // size the file reports.
    let bytes = crate::files::read_at_most(path, MAX_FILE_BYTES)
        .with_context(|| format!("cannot read the configuration `{}`", path.display()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        bail!(
            "configuration `{}` is larger than a configuration holds (at most {MAX_FILE_BYTES} \
             bytes)",
            path.display()
        );
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| anyhow::anyhow!("configuration `{}` is not UTF-8 text", path.display()))?;
    let invalid = |e: toml::de::Error| {
        anyhow::anyhow!(
            "invalid configuration `{}`: {}",
            path.display(),
            e.to_string().trim_end()
        )
    };
    // Parsed typed first for its messages (unknown keys, wrong types, with the line), then as a
    // table to know which keys it sets and to merge it with other files.
    toml::from_str::<FileConfig>(&text).map_err(invalid)?;
    let mut table: Table = toml::from_str(&text).map_err(invalid)?;
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let expand = trust != Trust::Repository;
    for key in PATH_KEYS {
        if let Some(value) = lookup_mut(&mut table, key) {
            map_strings(value, &mut |p| resolve_path(&dir, p, expand, env));
        }
    }
    if let Some(value) = lookup_mut(&mut table, "scan.outputs") {
        map_strings(value, &mut |spec| resolve_output(&dir, spec, expand, env));
    }
    let mut keys = Vec::new();
    leaf_keys(&table, "", &mut keys);
    keys.sort();
    Ok(Layer {
        path,
        trust,
        keys,
        table,
    })
}

impl ConfigFile {
    /// The files merged in the order given: a later file's key wins.
    pub(crate) fn merge(layers: Vec<Layer>) -> anyhow::Result<Option<ConfigFile>> {
        if layers.is_empty() {
            return Ok(None);
        }
        let mut merged = Table::new();
        for layer in &layers {
            overlay(&mut merged, &layer.table);
        }
        let config: FileConfig = toml::Value::Table(merged)
            .try_into()
            .map_err(|e| anyhow::anyhow!("invalid configuration: {}", e.to_string().trim_end()))?;
        Ok(Some(ConfigFile { config, layers }))
    }

    /// The file a key's value came from: the last that sets it.
    pub(crate) fn origin(&self, key: &str) -> Option<&Layer> {
        self.layers
            .iter()
            .rev()
            .find(|layer| layer.keys.iter().any(|k| k == key))
    }

    /// An error naming the file the key came from, the key and its value, and what was expected.
    pub(crate) fn invalid(&self, key: &str, value: &str, expected: &str) -> anyhow::Error {
        let path = self
            .origin(key)
            .or(self.layers.last())
            .map(|layer| layer.path.display().to_string())
            .unwrap_or_default();
        anyhow::anyhow!(
            "invalid configuration `{path}`: `{key} = \"{value}\"` (expected {expected})"
        )
    }
}

impl Layer {
    /// The keys this file sets that a repository's file may not.
    pub(crate) fn refused_keys(&self) -> Vec<&str> {
        if self.trust != Trust::Repository {
            return Vec::new();
        }
        self.keys
            .iter()
            .map(String::as_str)
            .filter(|key| !REPOSITORY_KEYS.contains(key))
            .collect()
    }

    /// The values of a path key (one path, or a list), as resolved.
    pub(crate) fn paths(&self, key: &str) -> Vec<PathBuf> {
        let mut value = None;
        let mut table = Some(&self.table);
        for part in key.split('.') {
            value = table.and_then(|t| t.get(part));
            table = value.and_then(toml::Value::as_table);
        }
        match value {
            Some(toml::Value::String(p)) => vec![PathBuf::from(p)],
            Some(toml::Value::Array(items)) => items
                .iter()
                .filter_map(toml::Value::as_str)
                .map(PathBuf::from)
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Copies every key of `upper` over `lower`, table by table: a list replaces a list whole.
fn overlay(lower: &mut Table, upper: &Table) {
    for (key, value) in upper {
        match (lower.get_mut(key), value) {
            (Some(toml::Value::Table(below)), toml::Value::Table(above)) => overlay(below, above),
            _ => {
                lower.insert(key.clone(), value.clone());
            }
        }
    }
}

/// The dotted names of the values (not tables) in `table`.
fn leaf_keys(table: &Table, prefix: &str, keys: &mut Vec<String>) {
    for (key, value) in table {
        let name = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            toml::Value::Table(inner) => leaf_keys(inner, &name, keys),
            _ => keys.push(name),
        }
    }
}

fn lookup_mut<'t>(table: &'t mut Table, key: &str) -> Option<&'t mut toml::Value> {
    let (first, rest) = match key.split_once('.') {
        Some((first, rest)) => (first, Some(rest)),
        None => (key, None),
    };
    let value = table.get_mut(first)?;
    match rest {
        None => Some(value),
        Some(rest) => match value {
            toml::Value::Table(inner) => lookup_mut(inner, rest),
            _ => None,
        },
    }
}

/// Rewrites a string, or each string of a list.
fn map_strings(value: &mut toml::Value, f: &mut dyn FnMut(&str) -> String) {
    match value {
        toml::Value::String(s) => *s = f(s),
        toml::Value::Array(items) => items.iter_mut().for_each(|item| map_strings(item, f)),
        _ => {}
    }
}

/// A path written in a file in `dir`: `~/` is the user's home (in a file the user trusts), and a
/// relative path is relative to the file.
fn resolve_path(dir: &Path, path: &str, expand_home: bool, env: &Env) -> String {
    let home = env.get_os("HOME").filter(|home| !home.is_empty());
    let path = match (path.strip_prefix("~/"), home) {
        (Some(rest), Some(home)) if expand_home => PathBuf::from(home).join(rest),
        _ => PathBuf::from(path),
    };
    if path.is_absolute() {
        path.display().to_string()
    } else {
        dir.join(path).display().to_string()
    }
}

/// An `-o` spec with its path resolved as [`resolve_path`] does.
fn resolve_output(dir: &Path, spec: &str, expand_home: bool, env: &Env) -> String {
    let (prefix, path) = match Format::split_spec(spec) {
        Some((prefix, path)) => (format!("{prefix}:"), path),
        None => (String::new(), spec),
    };
    if path == "-" {
        return spec.to_string();
    }
    format!("{prefix}{}", resolve_path(dir, path, expand_home, env))
}

/// What `shardscan init` writes: every key, commented, with its default.
pub(crate) const STARTER: &str = r#"# shardscan configuration. A flag on the command line wins over this file, and a list given
# on the command line replaces the file's. Paths are relative to this file.
#
# In a repository, shardscan reads the shardscan.toml between the scanned path and the
# repository's root. That file is part of what is scanned, so it may set only the repository's
# own business: the [scan] settings not marked (yours) and [rules]. Settings marked (yours) act
# on the machine that scans (they run programs, reach the network, read the environment, write
# files or spend money); in a repository's file they are refused unless you pass
# --trust-repo-config or name the file with --config FILE. Your own defaults for them go in
# ~/.config/shardscan/config.toml ($XDG_CONFIG_HOME/shardscan/config.toml), which is always
# yours. --no-config reads no file at all.

[scan]
# include = ["src/**"]                 # only these files (gitignore-style globs)
# exclude = ["**/tests/**"]
# hidden = false
# no_ignore = false                    # true: ignore .gitignore and .ignore
# include_vendored = false             # vendor/, node_modules/, third_party/ ...
# follow = false                       # (yours) follow symbolic links
# max_file_size = "1M"
# shard_tokens = 1500
# format = "text"                      # standard output: text, json, sarif or github
# outputs = ["shardscan.sarif"]        # (yours) more reports, as -o takes them, outside the tree
# fail_on = "error"                    # none, note, warning or error
# category = "shardscan"               # SARIF runAutomationDetails, for code scanning
# baseline = "shardscan-baseline.json" # report only findings not in this earlier report
# diff_base = "origin/main"            # review only what changed since the merge base

[rules]
# dirs = ["rules"]                     # your own rules: <dir>/<language>/<rule>.scm
# builtin = true
# disable = ["python/flask-debug-enabled"]
# enable = ["java/cipher-default-mode"]  # rules off by default (`shardscan rules list` marks them)

# Everything below is (yours).

[reviewers]
# use = ["rules"]                      # rules, openai, anthropic, command
# lenses = ["security"]                # security, memory, concurrency, logic
# verify = false
# context_tokens = 2000               # context packed from the rest of the repository
# tools = false                       # read-only tools for agents (definition, references, lines)
# triage = false                      # an agent confirms or rejects each rules finding
# consensus = 1                       # reviews of each shard; findings say how many agreed
# consensus_min = 1                   # findings fewer reviews reported are rejected
# max_turns = 4                       # requests per conversation about a shard, with tools
# max_shard_tokens = 24000            # tokens per conversation before it must answer
# fallback = "none"                    # "rules": review offline a shard whose agent failed
# stream = false

# [reviewers.openai]
# base_url = "https://api.openai.com/v1"
# model = "gpt-4o-mini"
# api_key_env = "OPENAI_API_KEY"       # the name of the variable, never the key itself
# price_in = 0.15                      # US dollars per million tokens
# price_out = 0.60
# max_output_tokens = 2048

# [reviewers.anthropic]
# base_url = "https://api.anthropic.com"
# model = "claude-haiku-4-5"
# api_key_env = "ANTHROPIC_API_KEY"

# [reviewers.command]
# command = "my-agent --json"

[pool]
# jobs = 8                             # agents at work at once
# max_agents = 1000
# max_tokens = 2000000
# max_cost = 5.0
# deadline = "40m"                     # every run, with agents or not
# timeout = "120s"
# retries = 4
# rpm = 500
# tpm = 200000

[cache]
# enabled = true
# dir = "~/.cache/shardscan"
"#;

/// The starter with every setting uncommented, as a user who takes all its defaults writes it.
#[cfg(test)]
pub(crate) fn uncommented_starter() -> FileConfig {
    let is_setting = |rest: &str| {
        let key = rest.split(" = ").next().unwrap_or("");
        (rest.starts_with('[') && rest.ends_with(']'))
            || (rest.contains(" = ") && key.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
    };
    let uncommented: String = STARTER
        .lines()
        .map(|line| match line.strip_prefix("# ") {
            Some(rest) if is_setting(rest) => rest,
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n");
    toml::from_str(&uncommented).unwrap_or_else(|e| panic!("{e}\n{uncommented}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_file_is_valid_and_every_key_is_known() {
        let parsed: FileConfig = toml::from_str(STARTER).unwrap();
        assert!(parsed.scan.include.is_none());
        // Uncommented, every key still parses: the starter documents only real keys.
        let full = uncommented_starter();
        assert_eq!(full.pool.jobs, Some(8));
        assert_eq!(
            full.reviewers.openai.unwrap().model.as_deref(),
            Some("gpt-4o-mini")
        );
    }

    #[test]
    fn a_configuration_is_read_only_if_it_is_a_regular_file_of_sensible_size() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.toml");
        let line = "# padding\n".repeat(110_000);
        std::fs::write(&big, format!("[scan]\n{line}")).unwrap();
        let error = load(&big, Trust::Named, &Env::default()).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("larger than a configuration holds"),
            "{error}"
        );
        #[cfg(unix)]
        {
            let fifo = dir.path().join("fifo.toml");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            assert!(made.is_ok_and(|s| s.success()));
            // Refused at once, never waited on.
            let error = format!(
                "{:#}",
                load(&fifo, Trust::Named, &Env::default()).unwrap_err()
            );
            assert!(error.contains("is a FIFO"), "{error}");
        }
    }

    #[test]
    fn unknown_keys_are_named() {
        let error = toml::from_str::<FileConfig>("[scan]\nfail_onn = \"error\"\n").unwrap_err();
        assert!(error.to_string().contains("fail_onn"), "{error}");
    }
}
