//! `shardscan.toml`: found by walking up from the scan root (or named with `--config`) and read
//! with unknown keys rejected. This module only reads the file; `settings` decides what each value
//! means and how it meets the command line (a flag wins, a list given there replaces the file's,
//! and paths in the file are relative to the file).

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;

use crate::model::Format;

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

/// A configuration file, read.
#[derive(Debug)]
pub(crate) struct ConfigFile {
    /// Canonical, when it could be resolved.
    pub(crate) path: PathBuf,
    pub(crate) config: FileConfig,
}

/// `shardscan.toml` in `start` or the nearest directory above it.
pub(crate) fn discover(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// Reads and validates `path`; every error names the file.
pub(crate) fn load(path: &Path) -> anyhow::Result<ConfigFile> {
    let text = crate::files::read_to_string(path).context("cannot read the configuration")?;
    let config: FileConfig = toml::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "invalid configuration `{}`: {}",
            path.display(),
            e.to_string().trim_end()
        )
    })?;
    let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    Ok(ConfigFile { path, config })
}

impl ConfigFile {
    fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// A path written in the file, resolved against the file's directory.
    pub(crate) fn resolve(&self, path: &Path) -> PathBuf {
        if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.dir().join(path)
        }
    }

    /// An `-o` spec with its path resolved against the file's directory.
    pub(crate) fn resolve_output(&self, spec: &str) -> String {
        let (prefix, path) = match spec.split_once(':') {
            Some((prefix, path)) if Format::from_name(prefix).is_some() => {
                (format!("{prefix}:"), path)
            }
            _ => (String::new(), spec),
        };
        if path == "-" {
            return spec.to_string();
        }
        format!("{prefix}{}", self.resolve(Path::new(path)).display())
    }

    /// An error naming this file, the key and its value, and what was expected.
    pub(crate) fn invalid(&self, key: &str, value: &str, expected: &str) -> anyhow::Error {
        anyhow::anyhow!(
            "invalid configuration `{}`: `{key} = \"{value}\"` (expected {expected})",
            self.path.display()
        )
    }
}

/// What `shardscan init` writes: every key, commented, with its default.
pub(crate) const STARTER: &str = r#"# shardscan configuration. shardscan finds this file by walking up from the scan root; pass
# --config FILE to use another, --no-config to use none. A flag on the command line wins over the
# file, and a list given on the command line replaces the file's. Paths are relative to this file.

[scan]
# include = ["src/**"]                 # only these files (gitignore-style globs)
# exclude = ["**/tests/**"]
# hidden = false
# no_ignore = false                    # true: ignore .gitignore and .ignore
# include_vendored = false             # vendor/, node_modules/, third_party/ ...
# max_file_size = "1M"
# shard_tokens = 1500
# format = "text"                      # standard output: text, json, sarif or github
# outputs = ["shardscan.sarif"]        # more reports, as -o takes them ("github:notes.txt")
# fail_on = "error"                    # none, note, warning or error
# category = "shardscan"               # SARIF runAutomationDetails, for code scanning
# baseline = "shardscan-baseline.json" # report only findings not in this earlier report
# diff_base = "origin/main"            # review only what changed since the merge base

[rules]
# dirs = ["rules"]                     # your own rules: <dir>/<language>/<rule>.scm
# builtin = true
# disable = ["python/flask-debug-enabled"]

[reviewers]
# use = ["rules"]                      # rules, openai, anthropic, command
# lenses = ["security"]                # security, memory, concurrency, logic
# verify = false
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
    let uncommented: String = STARTER
        .lines()
        .map(|line| line.strip_prefix("# ").unwrap_or(line))
        .filter(|line| !line.starts_with("shardscan ") && !line.contains("--config"))
        .filter(|line| !line.starts_with("file, and") && !line.starts_with("# "))
        .map(|line| line.split("  #").next().unwrap_or(line))
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
    fn unknown_keys_are_named() {
        let error = toml::from_str::<FileConfig>("[scan]\nfail_onn = \"error\"\n").unwrap_err();
        assert!(error.to_string().contains("fail_onn"), "{error}");
    }
}
