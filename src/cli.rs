//! Command-line arguments. The only module that knows about clap; everything else works on the
//! validated settings that `settings` builds from these and the configuration files.

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::model::Format;

#[derive(Debug, Parser)]
#[command(
    name = "shardscan",
    version,
    about = "Audit a codebase for bugs and vulnerabilities with a pool of reviewer agents; reports in SARIF",
    propagate_version = true
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// When to use colour: auto (a terminal without NO_COLOR), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub(crate) color: ColorChoice,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Scan files and directories and report findings.
    #[command(after_help = EXIT_STATUSES)]
    Scan(Box<ScanArgs>),
    /// Scan and write a baseline (a JSON report) whose findings later scans with `--baseline`
    /// no longer report as new.
    Baseline(Box<ScanArgs>),
    /// Join SARIF files from partitioned runs into one log: one run per category, deduplicated.
    Merge(MergeArgs),
    /// Write a commented starter `shardscan.toml` to the path you name (`-` for standard output).
    Init(InitArgs),
    /// Show how the files would be cut into shards, without reviewing them.
    Shards(ShardsArgs),
    /// List, test and explore rules.
    #[command(subcommand)]
    Rules(RulesCommand),
}

/// The exit statuses of `scan`, as `scan --help` shows them (the README has the same table).
const EXIT_STATUSES: &str = "\
Exit status:
  0  complete, and no finding at or above --fail-on
  1  a finding at or above --fail-on (also when the run is incomplete: what was found stands)
  2  usage or configuration error, or nothing to scan; no report was written
  3  incomplete (deadline, Ctrl-C, a shard or file not reviewed) with no finding at or above
     --fail-on; the report lists what was not reviewed, and stderr says so even with -q";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// `--format`: the names of [`Format::TABLE`], nothing else.
fn format_parser() -> impl TypedValueParser<Value = Format> {
    let names = Format::TABLE
        .iter()
        .map(|(_, name, _, help)| clap::builder::PossibleValue::new(*name).help(*help));
    PossibleValuesParser::new(names)
        .map(|name| Format::from_name(&name).expect("a possible value names a format"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, ValueEnum)]
pub(crate) enum FailOn {
    None,
    Note,
    Warning,
    Error,
}

/// Which files to look at; shared by `scan` and `shards`.
#[derive(Debug, Args)]
pub(crate) struct WalkArgs {
    /// Files or directories to scan.
    #[arg(default_value = ".")]
    pub(crate) paths: Vec<PathBuf>,
    /// Directory that reported paths are relative to (default: the git work tree holding the first
    /// path, else the first path itself).
    #[arg(long, value_name = "DIR")]
    pub(crate) root: Option<PathBuf>,
    /// Only scan files matching this glob (repeatable; gitignore syntax, `!` to negate).
    #[arg(long, value_name = "GLOB")]
    pub(crate) include: Vec<String>,
    /// Skip files matching this glob (repeatable).
    #[arg(long, value_name = "GLOB")]
    pub(crate) exclude: Vec<String>,
    /// Also scan hidden files and directories.
    #[arg(long)]
    pub(crate) hidden: bool,
    /// Do not honour .gitignore, .ignore and git exclude files.
    #[arg(long)]
    pub(crate) no_ignore: bool,
    /// Follow symbolic links (loops are detected and reported).
    #[arg(long)]
    pub(crate) follow: bool,
    /// Also scan vendored directories (vendor/, node_modules/, third_party/ ...).
    #[arg(long)]
    pub(crate) include_vendored: bool,
    /// Skip files larger than this (bytes, or with K/M/G suffix) [default: 1M].
    #[arg(long, value_name = "SIZE")]
    pub(crate) max_file_size: Option<String>,
    /// Most estimated tokens of code per shard [default: 1500].
    #[arg(long, value_name = "N")]
    pub(crate) shard_tokens: Option<usize>,
}

/// Which rules to use; shared by `scan` and `rules`.
#[derive(Debug, Args, Clone)]
pub(crate) struct RuleArgs {
    /// Load rules from this directory as well (repeatable): `<dir>/<language>/<rule>.scm`.
    #[arg(long = "rules", value_name = "DIR")]
    pub(crate) rule_dirs: Vec<PathBuf>,
    /// Do not load the built-in rule pack.
    #[arg(long)]
    pub(crate) no_builtin_rules: bool,
    /// Turn off a rule by id (repeatable).
    #[arg(long = "disable", value_name = "RULE")]
    pub(crate) disabled: Vec<String>,
    /// Turn on a rule that is off by default, by id (repeatable; `rules list` marks them).
    #[arg(long = "enable", value_name = "RULE")]
    pub(crate) enabled: Vec<String>,
}

#[derive(Debug, Args)]
pub(crate) struct ScanArgs {
    #[command(flatten)]
    pub(crate) walk: WalkArgs,
    #[command(flatten)]
    pub(crate) rules: RuleArgs,
    /// Format written to standard output [default: text].
    #[arg(long, short = 'f', value_parser = format_parser())]
    pub(crate) format: Option<Format>,
    /// Also write a report to a file (repeatable): `out.sarif`, `out.json`, `out.txt`, or
    /// `FORMAT:PATH` such as `github:annotations.txt`.
    #[arg(long, short = 'o', value_name = "[FORMAT:]PATH")]
    pub(crate) output: Vec<String>,
    /// Exit with status 1 when a finding at or above this severity is reported [default: error].
    #[arg(long, value_enum)]
    pub(crate) fail_on: Option<FailOn>,
    /// Concurrency: the cap on agents at work with LLM or command reviewers (default 8),
    /// otherwise the number of workers (default: number of CPUs).
    #[arg(long, short = 'j', value_name = "N")]
    pub(crate) jobs: Option<usize>,
    /// Print nothing on standard output, and only errors on standard error.
    #[arg(long, short = 'q')]
    pub(crate) quiet: bool,
    /// After the summary, name every file that was not scanned, with the reason (one a line, on
    /// standard error).
    #[arg(long, short = 'v')]
    pub(crate) verbose: bool,
    /// Never draw a progress bar.
    #[arg(long)]
    pub(crate) no_progress: bool,
    /// Stop after this long (e.g. 40m): nothing new starts, work in flight is cancelled, and
    /// everything finished is reported (the run then exits 3, incomplete).
    #[arg(long, value_name = "DURATION")]
    pub(crate) deadline: Option<String>,
    /// Benchmark baseline: walk, read and parse the files a scan would review, nothing more.
    #[arg(long, hide = true)]
    pub(crate) parse_only: bool,
    #[command(flatten)]
    pub(crate) agents: AgentArgs,
    #[command(flatten)]
    pub(crate) ci: CiArgs,
}

/// Configuration and the options that CI pipelines use.
#[derive(Debug, Args)]
#[command(next_help_heading = "Configuration and CI")]
pub(crate) struct CiArgs {
    #[command(flatten)]
    pub(crate) config: ConfigArgs,
    /// Review only the shards that overlap lines changed since the merge base with REV (and new
    /// files), e.g. `origin/main`.
    #[arg(long, value_name = "REV")]
    pub(crate) diff_base: Option<String>,
    /// Report only findings whose fingerprints are not in this earlier shardscan SARIF or JSON
    /// report; the others are kept as suppressed (kind external).
    #[arg(long, value_name = "FILE")]
    pub(crate) baseline: Option<PathBuf>,
    /// Review only partition I of N (1-based): a stable share of the files, balanced by size (with
    /// agents, a file larger than a fair share is split by shards), for splitting one audit across
    /// machines. The others' files are not read.
    #[arg(long, value_name = "I/N")]
    pub(crate) partition: Option<String>,
    /// With --partition: write this partition's summaries of its files to FILE, for `shardscan
    /// merge --summaries`, which then follows values across every partition's files as one
    /// scan of everything would. The partition's own reports leave those flows to the merge.
    #[arg(long, value_name = "FILE", requires = "partition")]
    pub(crate) summaries_out: Option<PathBuf>,
    /// SARIF `runAutomationDetails` category, to keep several analyses of one repository apart in
    /// code scanning.
    #[arg(long, value_name = "NAME")]
    pub(crate) category: Option<String>,
}

/// Which configuration files to read; shared by `scan`, `shards` and `rules`.
#[derive(Debug, Args, Clone, Default)]
pub(crate) struct ConfigArgs {
    /// Read settings from this file alone, trusted: not your own configuration, not the
    /// repository's `shardscan.toml`.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub(crate) config: Option<PathBuf>,
    /// Read no configuration file at all.
    #[arg(long)]
    pub(crate) no_config: bool,
    /// Let the scanned repository's `shardscan.toml` set everything, reviewers, outputs and
    /// budgets included (for code you trust: by default it may set only its scope, its rules and
    /// when findings fail the run).
    #[arg(long, conflicts_with_all = ["no_config", "config"])]
    pub(crate) trust_repo_config: bool,
}

#[derive(Debug, Args)]
pub(crate) struct MergeArgs {
    /// SARIF files written by shardscan (for example one per partition).
    #[arg(required = true, value_name = "FILE")]
    pub(crate) inputs: Vec<PathBuf>,
    /// The partitions' summaries (`scan --partition I/N --summaries-out FILE`; repeatable): the
    /// merge follows values across all of their files and adds what it finds, as one scan of
    /// everything would have reported it.
    #[arg(long = "summaries", value_name = "FILE", num_args = 1..)]
    pub(crate) summaries: Vec<PathBuf>,
    /// Compare what the join of the summaries finds with this baseline, as the partitions
    /// compared theirs (`scan --baseline`): known findings are kept as suppressed.
    #[arg(long, value_name = "FILE", requires = "summaries")]
    pub(crate) baseline: Option<PathBuf>,
    /// Where to write the merged SARIF (`-` for standard output).
    #[arg(long, short = 'o', value_name = "FILE", default_value = "-")]
    pub(crate) output: PathBuf,
}

#[derive(Debug, Args)]
pub(crate) struct InitArgs {
    /// Where to write the file: a file that does not exist yet (one is never overwritten), a
    /// directory to hold `shardscan.toml`, or `-` for standard output.
    #[arg(value_name = "PATH")]
    pub(crate) path: PathBuf,
}

/// Reviewer agents and the limits of their pool.
#[derive(Debug, Args)]
#[command(next_help_heading = "Reviewers and their pool")]
pub(crate) struct AgentArgs {
    /// Reviewers to run (repeatable or comma-separated): rules (the default), openai, anthropic,
    /// command. Name `rules` too to mix the offline rules with agents.
    #[arg(long = "reviewer", value_name = "NAME", value_delimiter = ',')]
    pub(crate) reviewers: Vec<String>,
    /// API base URL of the openai or anthropic reviewer (e.g. http://127.0.0.1:8080/v1 for a local
    /// OpenAI-compatible server; http://127.0.0.1:8080 for its Anthropic endpoint).
    #[arg(long, value_name = "URL")]
    pub(crate) base_url: Option<String>,
    /// Model name sent to the API.
    #[arg(long, value_name = "NAME")]
    pub(crate) model: Option<String>,
    /// Environment variable that holds the API key (default OPENAI_API_KEY / ANTHROPIC_API_KEY).
    #[arg(long, value_name = "VAR")]
    pub(crate) api_key_env: Option<String>,
    /// Program the command reviewer runs per shard, with its arguments: prompt on standard input,
    /// JSON findings on standard output.
    #[arg(long, value_name = "COMMAND")]
    pub(crate) command: Option<String>,
    /// Lenses each shard is reviewed through, one agent each: security, memory, concurrency,
    /// logic.
    #[arg(long, value_name = "LENS", value_delimiter = ',')]
    pub(crate) lens: Vec<String>,
    /// Send every LLM finding to an independent verifier agent; rejected findings are dropped.
    #[arg(long)]
    pub(crate) verify: bool,
    /// Most agents started over the whole run [default: 1000].
    #[arg(long, value_name = "N")]
    pub(crate) max_agents: Option<u64>,
    /// Token budget (input plus output), checked before every request.
    #[arg(long, value_name = "N")]
    pub(crate) max_tokens: Option<u64>,
    /// Cost budget in US dollars, checked before every request.
    #[arg(long, value_name = "USD")]
    pub(crate) max_cost: Option<f64>,
    /// US dollars per million input tokens (default: known models' list price, else 0).
    #[arg(long, value_name = "USD")]
    pub(crate) price_in: Option<f64>,
    /// US dollars per million output tokens.
    #[arg(long, value_name = "USD")]
    pub(crate) price_out: Option<f64>,
    /// Tokens of context packed into each shard's prompt from the rest of the repository: static
    /// findings in the shard, definitions of the functions it calls, the constants it uses,
    /// its callers' signatures; 0 sends the shard alone [default: 2000].
    #[arg(long, value_name = "N")]
    pub(crate) context_tokens: Option<usize>,
    /// Send each finding of the rules to an agent that confirms it or rejects it with a reason
    /// (rejected findings move to the JSON report's rejected list).
    #[arg(long)]
    pub(crate) triage: bool,
    /// Review each shard K times (the first at temperature 0, the others sampled); each finding
    /// says how many of the K reported it (SARIF `rank`).
    #[arg(long, value_name = "K")]
    pub(crate) consensus: Option<u32>,
    /// With --consensus: findings fewer than M reviews reported move to the rejected list
    /// [default: 1].
    #[arg(long, value_name = "M")]
    pub(crate) consensus_min: Option<u32>,
    /// Let agents call read-only tools (a definition, the references to a name, a range of
    /// lines of the scanned tree); each turn is a request under every limit.
    #[arg(long)]
    pub(crate) tools: bool,
    /// Most requests in one agent's conversation about a shard, with --tools [default: 4].
    #[arg(long, value_name = "N")]
    pub(crate) max_turns: Option<u32>,
    /// Tokens one conversation about a shard may spend before it must answer, with --tools
    /// [default: 24000].
    #[arg(long, value_name = "N")]
    pub(crate) max_shard_tokens: Option<u64>,
    /// Most output tokens per request [default: 2048; 1024 for a server on this machine].
    #[arg(long, value_name = "N")]
    pub(crate) max_output_tokens: Option<u32>,
    /// Print the shards, requests, tokens and cost the run would take, and call nothing.
    #[arg(long)]
    pub(crate) estimate: bool,
    /// Longest one request may take [default: 120s].
    #[arg(long, value_name = "DURATION")]
    pub(crate) timeout: Option<String>,
    /// Retries of a failed request, with exponential backoff and jitter [default: 4].
    #[arg(long, value_name = "N")]
    pub(crate) retries: Option<u32>,
    /// Requests per minute per reviewer.
    #[arg(long, value_name = "N")]
    pub(crate) rpm: Option<u32>,
    /// Tokens per minute per reviewer.
    #[arg(long, value_name = "N")]
    pub(crate) tpm: Option<u64>,
    /// Review a shard whose agent finally failed with the offline rules instead.
    #[arg(long, value_enum)]
    pub(crate) fallback: Option<Fallback>,
    /// Stream answers (server-sent events).
    #[arg(long)]
    pub(crate) stream: bool,
    /// Neither read nor write the result cache.
    #[arg(long)]
    pub(crate) no_cache: bool,
    /// Cache directory (default $SHARDSCAN_CACHE_DIR, $XDG_CACHE_HOME/shardscan or
    /// ~/.cache/shardscan; never inside the scanned tree).
    #[arg(long, value_name = "DIR")]
    pub(crate) cache_dir: Option<PathBuf>,
    /// Write every exchange with the agents to this JSONL file.
    #[arg(long, value_name = "FILE")]
    pub(crate) record: Option<PathBuf>,
    /// Answer every request from a recording, without a network.
    #[arg(long, value_name = "FILE")]
    pub(crate) replay: Option<PathBuf>,
    /// Draw each agent slot's activity over time to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    pub(crate) timeline: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Fallback {
    Rules,
}

#[derive(Debug, Args)]
pub(crate) struct ShardsArgs {
    #[command(flatten)]
    pub(crate) walk: WalkArgs,
    #[command(flatten)]
    pub(crate) config: ConfigArgs,
    /// Output format: text (one line per shard) or json.
    #[arg(long, short = 'f', value_enum, default_value_t = ShardsFormat::Text)]
    pub(crate) format: ShardsFormat,
    /// Also print each shard's context header and code (text format).
    #[arg(long)]
    pub(crate) verbose: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ShardsFormat {
    Text,
    Json,
}

#[derive(Debug, Subcommand)]
pub(crate) enum RulesCommand {
    /// List the rules in force.
    List {
        #[command(flatten)]
        rules: RuleArgs,
        #[command(flatten)]
        config: ConfigArgs,
        /// Output format: text (a table) or json.
        #[arg(long, short = 'f', value_enum, default_value_t = ShardsFormat::Text)]
        format: ShardsFormat,
    },
    /// Check every rule against its annotated test files (`ruleid:` / `ok:` comments).
    Test {
        #[command(flatten)]
        rules: RuleArgs,
        #[command(flatten)]
        config: ConfigArgs,
    },
    /// Time every rule: how long it takes to compile and, given a directory, to run over it.
    Profile {
        #[command(flatten)]
        rules: RuleArgs,
        #[command(flatten)]
        config: ConfigArgs,
        /// Files to run the rules over.
        path: Option<PathBuf>,
        /// Rows to show.
        #[arg(long, default_value_t = 20)]
        top: usize,
    },
    /// Print the syntax tree of a file, to help write queries.
    Tree {
        /// The file to parse.
        file: PathBuf,
    },
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    /// Every argument of every subcommand, with the path of subcommands that leads to it.
    fn arguments(command: &clap::Command, path: &str, out: &mut Vec<(String, clap::Arg)>) {
        for arg in command.get_arguments() {
            out.push((path.to_string(), arg.clone()));
        }
        for sub in command.get_subcommands() {
            arguments(sub, &format!("{path} {}", sub.get_name()), out);
        }
    }

    #[test]
    fn every_flag_and_command_has_help_text() {
        let command = Cli::command();
        command.clone().debug_assert();
        let mut all = Vec::new();
        arguments(&command, "shardscan", &mut all);
        let missing: Vec<String> = all
            .iter()
            .filter(|(_, arg)| !arg.is_hide_set() && arg.get_help().is_none())
            .map(|(path, arg)| format!("{path} {}", arg.get_id()))
            .collect();
        assert!(missing.is_empty(), "arguments without help: {missing:?}");
        fn subcommands(command: &clap::Command, missing: &mut Vec<String>) {
            for sub in command.get_subcommands() {
                if sub.get_about().is_none() {
                    missing.push(sub.get_name().to_string());
                }
                subcommands(sub, missing);
            }
        }
        let mut missing = Vec::new();
        subcommands(&command, &mut missing);
        assert!(missing.is_empty(), "subcommands without help: {missing:?}");
    }

    #[test]
    fn scan_help_ends_with_the_exit_statuses() {
        let mut command = Cli::command();
        let help = command
            .find_subcommand_mut("scan")
            .expect("a scan command")
            .render_long_help()
            .to_string();
        let statuses = &help[help.find("Exit status:").expect("the statuses")..];
        for code in ["0  complete", "1  a finding", "2  usage", "3  incomplete"] {
            assert!(statuses.contains(code), "{code}: {statuses}");
        }
    }
}
