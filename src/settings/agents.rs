//! The agent plan of a scan: which reviewers run, how each agent is reached, and the limits of
//! their pool, from the command line, the configuration file and the environment (API keys, the
//! cache directory).

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Context};

use super::values::{known_price, parse_duration, split_command};
use super::Resolver;
use crate::cli::{AgentArgs, Fallback};
use crate::config::Endpoint;
use crate::error::Error;
use crate::io::Env;
use crate::review::agents::AgentSettings;
use crate::review::llm::{AgentConfig, Lens, Provider, Secret};

/// Defaults of the agent pool, in one place (the starter configuration shows the same).
pub(crate) const DEFAULT_AGENT_CAP: usize = 8;
pub(crate) const DEFAULT_MAX_AGENTS: u64 = 1000;
pub(crate) const DEFAULT_TIMEOUT: &str = "120s";
pub(crate) const DEFAULT_RETRIES: u32 = 4;
pub(crate) const DEFAULT_MAX_OUTPUT_TOKENS: u32 = 2048;
/// A server on this machine is a small model that pads its answer to the limit when it has
/// finished early: a lower limit costs it less time when it does.
pub(crate) const DEFAULT_LOCAL_MAX_OUTPUT_TOKENS: u32 = 1024;
pub(crate) const DEFAULT_CONTEXT_TOKENS: usize = 2000;
pub(crate) const DEFAULT_MAX_TURNS: u32 = 4;
/// Most reviews of one shard with `--consensus`: each is a request per lens.
pub(crate) const MAX_CONSENSUS: u32 = 16;
pub(crate) const DEFAULT_MAX_SHARD_TOKENS: u64 = 24_000;

/// The reviewers of a scan and the limits of their pool.
#[derive(Debug)]
pub(crate) struct AgentPlan {
    /// Run the offline rules reviewer on every shard.
    pub(crate) rules: bool,
    /// Review with the rules a shard whose agent finally failed.
    pub(crate) fallback_rules: bool,
    pub(crate) configs: Vec<AgentConfig>,
    pub(crate) settings: AgentSettings,
    pub(crate) estimate: bool,
    /// `None`: no cache.
    pub(crate) cache_dir: Option<PathBuf>,
    pub(crate) record: Option<PathBuf>,
    pub(crate) replay: Option<PathBuf>,
    pub(crate) timeline: Option<PathBuf>,
}

/// Resolves the agent plan; `jobs` is `-j` (the cap on agents at work, when there are agents).
pub(super) fn plan(
    args: &AgentArgs,
    jobs: Option<usize>,
    resolver: &mut Resolver<'_>,
    env: &Env,
) -> anyhow::Result<AgentPlan> {
    let file = resolver.file().map(|f| &f.config);
    let reviewers_section = file.map(|c| &c.reviewers);
    let pool = file.map(|c| &c.pool);
    let mut names: Vec<String> = resolver
        .list(
            "reviewers.use",
            &args.reviewers,
            reviewers_section.and_then(|r| r.use_.as_ref()),
        )
        .iter()
        .map(|r| r.trim().to_ascii_lowercase())
        .filter(|r| !r.is_empty())
        .collect();
    if names.is_empty() {
        names.push(String::from("rules"));
    }
    let lens_names = resolver.list(
        "reviewers.lenses",
        &args.lens,
        reviewers_section.and_then(|r| r.lenses.as_ref()),
    );
    let verify = resolver.switch(
        "reviewers.verify",
        args.verify,
        reviewers_section.and_then(|r| r.verify),
    );
    let context_tokens = resolver.value(
        "reviewers.context_tokens",
        args.context_tokens,
        reviewers_section.and_then(|r| r.context_tokens),
    );
    let tools = resolver.switch(
        "reviewers.tools",
        args.tools,
        reviewers_section.and_then(|r| r.tools),
    );
    let triage = resolver.switch(
        "reviewers.triage",
        args.triage,
        reviewers_section.and_then(|r| r.triage),
    );
    let consensus = resolver
        .value(
            "reviewers.consensus",
            args.consensus,
            reviewers_section.and_then(|r| r.consensus),
        )
        .unwrap_or(1);
    let consensus_min = resolver
        .value(
            "reviewers.consensus_min",
            args.consensus_min,
            reviewers_section.and_then(|r| r.consensus_min),
        )
        .unwrap_or(1);
    if consensus == 0 || consensus > MAX_CONSENSUS {
        bail!(
            "{} must be between 1 and {MAX_CONSENSUS} (got {consensus})",
            resolver.name("reviewers.consensus", "--consensus")
        );
    }
    if consensus_min > consensus {
        bail!(
            "{} {consensus_min} is more than the {consensus} reviews of each shard",
            resolver.name("reviewers.consensus_min", "--consensus-min")
        );
    }
    let max_turns = resolver.value(
        "reviewers.max_turns",
        args.max_turns,
        reviewers_section.and_then(|r| r.max_turns),
    );
    let max_shard_tokens = resolver.value(
        "reviewers.max_shard_tokens",
        args.max_shard_tokens,
        reviewers_section.and_then(|r| r.max_shard_tokens),
    );
    let stream = resolver.switch(
        "reviewers.stream",
        args.stream,
        reviewers_section.and_then(|r| r.stream),
    );
    let fallback = match args.fallback {
        Some(Fallback::Rules) => {
            resolver.note_flag("reviewers.fallback");
            true
        }
        None => match reviewers_section.and_then(|r| r.fallback.as_deref()) {
            None | Some("none") => false,
            Some("rules") => {
                resolver.note_file("reviewers.fallback");
                true
            }
            Some(other) => {
                return Err(resolver.invalid("reviewers.fallback", other, "\"rules\" or \"none\""))
            }
        },
    };
    let command = resolver.value(
        "reviewers.command.command",
        args.command.clone(),
        reviewers_section
            .and_then(|r| r.command.as_ref())
            .and_then(|c| c.command.clone()),
    );
    // Endpoint settings of the provider in use: the first HTTP one listed.
    let provider = names
        .iter()
        .find(|r| *r == "openai" || *r == "anthropic")
        .cloned()
        .unwrap_or_else(|| String::from("openai"));
    let endpoint: Option<&Endpoint> = match provider.as_str() {
        "anthropic" => reviewers_section.and_then(|r| r.anthropic.as_ref()),
        _ => reviewers_section.and_then(|r| r.openai.as_ref()),
    };
    let key = |name: &str| format!("reviewers.{provider}.{name}");
    let base_url_given = resolver.value(
        key("base_url"),
        args.base_url.clone(),
        endpoint.and_then(|e| e.base_url.clone()),
    );
    let model_given = resolver.value(
        key("model"),
        args.model.clone(),
        endpoint.and_then(|e| e.model.clone()),
    );
    let key_var_given = resolver.value(
        key("api_key_env"),
        args.api_key_env.clone(),
        endpoint.and_then(|e| e.api_key_env.clone()),
    );
    let price_in_given = resolver.value(
        key("price_in"),
        args.price_in,
        endpoint.and_then(|e| e.price_in),
    );
    let price_out_given = resolver.value(
        key("price_out"),
        args.price_out,
        endpoint.and_then(|e| e.price_out),
    );
    let max_output_tokens = resolver.value(
        key("max_output_tokens"),
        args.max_output_tokens,
        endpoint.and_then(|e| e.max_output_tokens),
    );
    let timeout = resolver.value(
        "pool.timeout",
        args.timeout.clone(),
        pool.and_then(|p| p.timeout.clone()),
    );
    let timeout = parse_duration(timeout.as_deref().unwrap_or(DEFAULT_TIMEOUT))
        .with_context(|| format!("invalid {}", resolver.name("pool.timeout", "--timeout")))?;
    if timeout.is_zero() {
        bail!(
            "{} must be more than zero",
            resolver.name("pool.timeout", "--timeout")
        );
    }
    let replay = args.replay.clone();
    let estimate = args.estimate;

    let mut rules = false;
    let mut configs = Vec::new();
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
        let base_url = base_url_given
            .clone()
            .unwrap_or_else(|| default_url.to_string());
        if provider != Provider::Command
            && !(base_url.starts_with("http://") || base_url.starts_with("https://"))
        {
            bail!(
                "{} `{base_url}` is not an http:// or https:// URL",
                resolver.name(&key("base_url"), "--base-url")
            );
        }
        let model = model_given
            .clone()
            .unwrap_or_else(|| default_model.to_string());
        let key_var = key_var_given
            .clone()
            .unwrap_or_else(|| default_key.to_string());
        let api_key = match provider {
            Provider::Command => None,
            _ => env
                .get(&key_var)
                .map(str::trim)
                .filter(|k| !k.is_empty())
                .map(|k| Secret::new(k.to_string())),
        };
        // A hosted API needs a key; a local server usually does not. Replays and estimates call
        // nothing.
        if api_key.is_none()
            && base_url_given.is_none()
            && provider != Provider::Command
            && replay.is_none()
            && !estimate
        {
            return Err(Error::new(format!("the {} reviewer needs an API key in the environment variable {key_var}", provider.name())).with_hint(format!("export {key_var}=..., name another variable with --api-key-env, or point --base-url at a local server")).into());
        }
        let command = match provider {
            Provider::Command => {
                let text = command.as_deref().ok_or_else(|| {
                    anyhow::anyhow!("the command reviewer needs `--command 'PROGRAM ARGS...'`")
                })?;
                let words = split_command(text)?;
                if words.is_empty() {
                    bail!(
                        "{} is empty",
                        resolver.name("reviewers.command.command", "--command")
                    );
                }
                words
            }
            _ => Vec::new(),
        };
        let (price_in, price_out) = match (price_in_given, price_out_given) {
            (None, None) => known_price(&model).unwrap_or((0.0, 0.0)),
            (input, output) => (input.unwrap_or(0.0), output.unwrap_or(0.0)),
        };
        if price_in < 0.0 || price_out < 0.0 {
            bail!("prices must not be negative");
        }
        let local = crate::review::llm::http::is_local(&base_url);
        configs.push(AgentConfig {
            provider,
            base_url,
            model,
            api_key,
            command,
            timeout,
            max_output_tokens: max_output_tokens
                .unwrap_or(if local {
                    DEFAULT_LOCAL_MAX_OUTPUT_TOKENS
                } else {
                    DEFAULT_MAX_OUTPUT_TOKENS
                })
                .max(64),
            stream,
            price_in,
            price_out,
        });
    }
    let mut lenses = Vec::new();
    for name in &lens_names {
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
    refuse_idle_flags(args, &configs)?;
    if triage && !rules && !configs.is_empty() {
        return Err(Error::new(format!(
            "{} has nothing to triage without the rules reviewer",
            resolver.name("reviewers.triage", "--triage")
        ))
        .with_hint("add it: `--reviewer rules,openai`")
        .into());
    }
    let max_cost = resolver.value(
        "pool.max_cost",
        args.max_cost,
        pool.and_then(|p| p.max_cost),
    );
    if let Some(cost) = max_cost {
        if cost < 0.0 {
            bail!(
                "{} must not be negative",
                resolver.name("pool.max_cost", "--max-cost")
            );
        }
        // A budget in dollars means nothing at a price of zero: refuse rather than overspend.
        if let Some(config) = configs
            .iter()
            .find(|c| c.provider != Provider::Command && c.price_in == 0.0 && c.price_out == 0.0)
        {
            return Err(Error::new(format!(
                "{} needs a price, and model `{}` has no known one",
                resolver.name("pool.max_cost", "--max-cost"),
                config.model
            ))
            .with_hint(
                "give --price-in \
                 and --price-out (US dollars per million tokens)",
            )
            .into());
        }
    }
    if args.record.is_some() && replay.is_some() {
        bail!("--record and --replay cannot be used together");
    }
    let no_cache = resolver.switch(
        "cache.enabled",
        args.no_cache,
        file.and_then(|c| c.cache.enabled.map(|enabled| !enabled)),
    );
    let cache_dir = if no_cache || replay.is_some() {
        None
    } else {
        let file_dir = resolver.file().and_then(|f| f.config.cache.dir.clone());
        resolver
            .value("cache.dir", args.cache_dir.clone(), file_dir)
            .or_else(|| default_cache_dir(env))
    };
    let max_agents = resolver.value(
        "pool.max_agents",
        args.max_agents,
        pool.and_then(|p| p.max_agents),
    );
    let max_tokens = resolver.value(
        "pool.max_tokens",
        args.max_tokens,
        pool.and_then(|p| p.max_tokens),
    );
    let retries = resolver.value("pool.retries", args.retries, pool.and_then(|p| p.retries));
    let rpm = resolver.value("pool.rpm", args.rpm, pool.and_then(|p| p.rpm));
    let tpm = resolver.value("pool.tpm", args.tpm, pool.and_then(|p| p.tpm));
    Ok(AgentPlan {
        rules,
        fallback_rules: fallback,
        settings: AgentSettings {
            cap: jobs.unwrap_or(DEFAULT_AGENT_CAP),
            lenses,
            max_agents: max_agents.unwrap_or(DEFAULT_MAX_AGENTS),
            max_tokens,
            max_cost,
            retries: retries.unwrap_or(DEFAULT_RETRIES),
            rpm: rpm.filter(|r| *r > 0),
            tpm: tpm.filter(|t| *t > 0),
            verify,
            context_tokens: context_tokens.unwrap_or(DEFAULT_CONTEXT_TOKENS),
            tools,
            triage,
            consensus,
            consensus_min,
            max_turns: max_turns.unwrap_or(DEFAULT_MAX_TURNS).max(1),
            shard_tokens: max_shard_tokens.unwrap_or(DEFAULT_MAX_SHARD_TOKENS),
            timeline: args.timeline.is_some(),
            backoff: Duration::from_millis(500),
        },
        configs,
        estimate,
        cache_dir,
        record: args.record.clone(),
        replay,
        timeline: args.timeline.clone(),
    })
}

/// `$SHARDSCAN_CACHE_DIR`, else `$XDG_CACHE_HOME/shardscan`, else `~/.cache/shardscan`.
fn default_cache_dir(env: &Env) -> Option<PathBuf> {
    if let Some(dir) = env.get_os("SHARDSCAN_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = env.get_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("shardscan"));
    }
    env.get_os("HOME")
        .map(|home| PathBuf::from(home).join(".cache").join("shardscan"))
}

/// Flags that tune a reviewer the run does not have are refused, naming the flag: accepted and
/// ignored, they would let a user believe a budget or a model was in force. (Their keys in a
/// configuration file are defaults for the runs that do use agents, and are not refused.)
fn refuse_idle_flags(args: &AgentArgs, configs: &[AgentConfig]) -> anyhow::Result<()> {
    let any_agent = !configs.is_empty();
    let http = configs.iter().any(|c| c.provider != Provider::Command);
    let command = configs.iter().any(|c| c.provider == Provider::Command);
    let flags = [
        // Every agent reviewer.
        (args.verify, "--verify", any_agent),
        (args.context_tokens.is_some(), "--context-tokens", any_agent),
        (args.tools, "--tools", http),
        (args.triage, "--triage", any_agent),
        (args.consensus.is_some(), "--consensus", any_agent),
        (args.consensus_min.is_some(), "--consensus-min", any_agent),
        (args.max_turns.is_some(), "--max-turns", http),
        (args.max_shard_tokens.is_some(), "--max-shard-tokens", http),
        (args.record.is_some(), "--record", any_agent),
        (args.replay.is_some(), "--replay", any_agent),
        (args.timeline.is_some(), "--timeline", any_agent),
        (args.fallback.is_some(), "--fallback", any_agent),
        (!args.lens.is_empty(), "--lens", any_agent),
        (args.max_agents.is_some(), "--max-agents", any_agent),
        (args.max_tokens.is_some(), "--max-tokens", any_agent),
        (args.max_cost.is_some(), "--max-cost", any_agent),
        (args.timeout.is_some(), "--timeout", any_agent),
        (args.retries.is_some(), "--retries", any_agent),
        (args.rpm.is_some(), "--rpm", any_agent),
        (args.tpm.is_some(), "--tpm", any_agent),
        (args.no_cache, "--no-cache", any_agent),
        (args.cache_dir.is_some(), "--cache-dir", any_agent),
        // The HTTP reviewers.
        (args.base_url.is_some(), "--base-url", http),
        (args.model.is_some(), "--model", http),
        (args.api_key_env.is_some(), "--api-key-env", http),
        (args.price_in.is_some(), "--price-in", http),
        (args.price_out.is_some(), "--price-out", http),
        (
            args.max_output_tokens.is_some(),
            "--max-output-tokens",
            http,
        ),
        (args.stream, "--stream", http),
        // The command reviewer.
        (args.command.is_some(), "--command", command),
    ];
    for (given, flag, served) in flags {
        if given && !served {
            let (needs, hint) = if flag == "--command" {
                ("the command reviewer", "add `--reviewer command`")
            } else if any_agent && !http {
                (
                    "an openai or anthropic reviewer",
                    "add `--reviewer openai` (or anthropic)",
                )
            } else {
                (
                    "an agent reviewer",
                    "add `--reviewer openai` (or anthropic, command)",
                )
            };
            return Err(Error::new(format!("{flag} needs {needs}"))
                .with_hint(hint)
                .into());
        }
    }
    Ok(())
}
